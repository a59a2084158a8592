"""``microcoder train``: MicroCoder-GRPO on verl or TRL.

    microcoder train --backend verl|trl [--config FILE] [--model PATH] [--dataset DIR]
                     [--output-dir DIR] [--dry-run] [key=value ...]

``key=value`` arguments whose key is a MicroCoderGRPOConfig field override that field
(``mask_probability=1.0``, ``temperature_stages=0:1.0,100:1.2``); dotted keys (and keys
starting with ``+``/``~``) are passed to the backend unchanged -- for verl these are
Hydra overrides of ``ppo_trainer`` (``trainer.n_gpus_per_node=1``). Any other key is an
error naming it.
"""
from __future__ import annotations

import json
import sys

import click

from trainer_adapters.core import MicroCoderGRPOConfig
from trainer_adapters.core.config import UnknownConfigKeyError


def split_overrides(items: tuple[str, ...] | list[str]) -> tuple[list[str], list[str]]:
    """(MicroCoderGRPOConfig overrides, backend overrides); raises on unknown plain keys."""
    fields = set(MicroCoderGRPOConfig.field_names())
    ours, backend = [], []
    for item in items:
        if "=" not in item:
            raise click.UsageError(f"override {item!r} is not of the form key=value")
        key = item.split("=", 1)[0].strip()
        if key in fields:
            ours.append(item)
        elif "." in key or key[:1] in "+~":
            backend.append(item)
        else:
            try:
                MicroCoderGRPOConfig().with_overrides([item])
            except UnknownConfigKeyError as exc:
                raise click.UsageError(str(exc)) from None
    return ours, backend


@click.command("train")
@click.option("--backend", type=click.Choice(["verl", "trl"]), default="verl", show_default=True)
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False),
              help="YAML/JSON file of MicroCoderGRPOConfig keys (paper defaults when omitted).")
@click.option("--model", help="Model path or name (default: the config's model_name_or_path).")
@click.option("--dataset", help="Directory with train.parquet (+ test.parquet) in verl RL format.")
@click.option("--output-dir", help="Checkpoints / outputs directory.")
@click.option("--dry-run", is_flag=True, help="Print the resolved config and the plan; start nothing.")
@click.argument("overrides", nargs=-1)
def train(backend, config_path, model, dataset, output_dir, dry_run, overrides):
    """Train with MicroCoder-GRPO (conditional truncation masking, staged temperature, no KL)."""
    ours, backend_overrides = split_overrides(overrides)
    try:
        cfg = MicroCoderGRPOConfig.from_file(config_path) if config_path else MicroCoderGRPOConfig()
        cfg = cfg.with_overrides(ours)
    except UnknownConfigKeyError as exc:
        raise click.UsageError(str(exc)) from None
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None

    if backend == "verl":
        from trainer_adapters.verl.launcher import run_verl

        try:
            run_verl(cfg, model=model, dataset=dataset, output_dir=output_dir,
                     overrides=backend_overrides, dry_run=dry_run)
        except ValueError as exc:
            raise click.ClickException(str(exc)) from None
        return

    # --- TRL
    if backend_overrides or cfg.backend_overrides.get("trl"):
        extra = backend_overrides or cfg.backend_overrides.get("trl")
        raise click.UsageError(f"the trl backend takes no backend overrides: {extra}")
    model = model or cfg.model_name_or_path
    if dry_run:
        click.echo(json.dumps(cfg.to_dict(), indent=2))
        click.echo(f"plan: trainer_adapters.trl.run_trl(model={model!r}, dataset={dataset!r}, output_dir={output_dir!r})")
        click.echo(f"temperature stages: {cfg.temperature_stages}; mask rate {cfg.mask_probability}")
        return
    if dataset is None:
        raise click.UsageError("--dataset is required to train")
    from trainer_adapters.trl import run_trl

    run_trl(cfg, model, dataset, output_dir)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(train())
