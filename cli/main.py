"""Entry point of the ``microcoder`` console script.

Sub-command groups live in their own modules and are imported lazily, so that
``microcoder eval`` does not pay for importing torch/verl and a missing optional
backend only breaks the command that needs it.
"""

from __future__ import annotations

import importlib

import click

_SUBCOMMANDS = {
    "data": ("cli.data_cmd", "data"),
    "eval": ("cli.eval_cmd", "eval_group"),
    "train": ("cli.train_cmd", "train"),
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_SUBCOMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in _SUBCOMMANDS:
            return None
        module_name, attr = _SUBCOMMANDS[name]
        return getattr(importlib.import_module(module_name), attr)


@click.group(cls=_LazyGroup)
@click.version_option(package_name="microcoder")
def main() -> None:
    """microcoder: build verified code-RL data, judge model code, train with MicroCoder-GRPO."""


if __name__ == "__main__":
    main()
