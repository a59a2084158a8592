"""``microcoder train``: MicroCoder-GRPO on a registered backend (:mod:`trainer_adapters.backends`).

    microcoder train --backend verl|trl|... [--preset microcoder|grpo|dapo] [--config FILE] [--model PATH]
                     [--dataset DIR] [--output-dir DIR] [--dry-run] [key=value ...]

``--preset`` picks MicroCoder-GRPO (default) or one of the paper's baselines
(:mod:`trainer_adapters.core.presets`); precedence: defaults < config file < preset < key=value.

``key=value`` arguments whose key is a MicroCoderGRPOConfig field override that field
(``mask_probability=1.0``, ``temperature_stages=0:1.0,100:1.2``). For verl, dotted keys
(and keys starting with ``+``/``~``) are Hydra overrides of ``ppo_trainer``
(``trainer.n_gpus_per_node=1``). For trl, the other keys are ``trl.GRPOConfig`` fields
(``use_vllm=true report_to=wandb``), appended to the config's ``backend_overrides.trl``.
Any other key is an error naming it. The command calls only the backend contract
(:class:`trainer_adapters.core.backend.Backend`): it never names a backend.
"""

from __future__ import annotations

import dataclasses
import sys

import click

from microcoder_eval.config_keys import fields_help
from trainer_adapters import backends
from trainer_adapters.core import MicroCoderGRPOConfig
from trainer_adapters.core.backend import TrainRequest, UsageError
from trainer_adapters.core.config import UnknownConfigKeyError
from trainer_adapters.core.presets import PRESETS, apply_preset


class BackendChoice(click.Choice):
    """``--backend``'s choices, read from the registry when the command runs (a backend registered
    after this module was imported is one too)."""

    def __init__(self) -> None:
        super().__init__([])

    @property
    def choices(self):
        return tuple(backends.names())

    @choices.setter
    def choices(self, value) -> None:  # click sets it in __init__; the registry is the source
        pass


def split_overrides(
    items: tuple[str, ...] | list[str], plain_backend_keys: bool = False
) -> tuple[list[str], list[str]]:
    """(MicroCoderGRPOConfig overrides, backend overrides); raises on unknown plain keys
    unless ``plain_backend_keys`` (:attr:`~trainer_adapters.core.backend.Backend.plain_override_keys`:
    the backend validates them)."""
    fields = set(MicroCoderGRPOConfig.field_names())
    ours, backend = [], []
    for item in items:
        if "=" not in item:
            raise click.UsageError(f"override {item!r} is not of the form key=value")
        key = item.split("=", 1)[0].strip()
        if key in fields:
            ours.append(item)
        elif plain_backend_keys or "." in key or key[:1] in "+~":
            backend.append(item)
        else:
            try:
                MicroCoderGRPOConfig().with_overrides([item])
            except UnknownConfigKeyError as exc:
                raise click.UsageError(str(exc)) from None
    return ours, backend


@click.command(
    "train",
    epilog="\b\nMicroCoderGRPOConfig keys (key=value, or in the --config file), with their defaults:\n"
    + fields_help(MicroCoderGRPOConfig),
)
@click.option("--backend", type=BackendChoice(), default=backends.names()[0], show_default=True)
@click.option(
    "--config",
    "config_path",
    type=click.Path(exists=True, dir_okay=False),
    help="YAML/JSON file of MicroCoderGRPOConfig keys (paper defaults when omitted).",
)
@click.option(
    "--preset",
    type=click.Choice(list(PRESETS)),
    default="microcoder",
    show_default=True,
    help="MicroCoder-GRPO, or the paper's baselines: grpo (KL + reference model, clip 0.2/0.2, no mask), "
    "dapo (no KL, clip-higher, dynamic sampling, overlong shaping, no mask).",
)
@click.option("--model", help="Model path or name (default: the config's model_name_or_path).")
@click.option("--dataset", help="Directory with train.parquet (+ test.parquet) in verl RL format.")
@click.option("--output-dir", help="Checkpoints / outputs directory.")
@click.option(
    "--dry-run",
    is_flag=True,
    help="Check the model and dataset, print the plan (model, data, steps, validation, devices, outputs); "
    "start nothing.",
)
@click.option(
    "--show-config", is_flag=True, help="With --dry-run: also the whole resolved config, and the upstream warnings."
)
@click.argument("overrides", nargs=-1)
def train(backend, preset, config_path, model, dataset, output_dir, dry_run, show_config, overrides):
    """Train with MicroCoder-GRPO (conditional truncation masking, staged temperature, no KL)."""
    chosen = backends.load(backend)
    ours, backend_overrides = split_overrides(overrides, plain_backend_keys=chosen.plain_override_keys)
    try:
        cfg = MicroCoderGRPOConfig.from_file(config_path) if config_path else MicroCoderGRPOConfig()
        # the preset sees the final lengths (dapo's overlong buffer is a fifth of max_response_length),
        # then the command line's keys win over it
        cfg = apply_preset(cfg.with_overrides(ours), preset).with_overrides(ours)
    except UnknownConfigKeyError as exc:
        raise click.UsageError(str(exc)) from None
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None

    # the values the run uses, in the plan and in the config it records
    cfg = dataclasses.replace(
        cfg, model_name_or_path=model or cfg.model_name_or_path, output_dir=output_dir or cfg.output_dir
    )
    request = TrainRequest(cfg, preset, dataset, tuple(backend_overrides), show_config)
    try:
        request = chosen.check_overrides(request)
        (chosen.dry_run if dry_run else chosen.launch)(request, sys.stdout)
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    except ValueError as exc:  # e.g. a missing model, temperature=auto found no temperature to train at
        raise click.ClickException(str(exc)) from None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(train())
