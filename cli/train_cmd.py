"""``microcoder train``: MicroCoder-GRPO on verl or TRL.

    microcoder train --backend verl|trl [--preset microcoder|grpo|dapo] [--config FILE] [--model PATH]
                     [--dataset DIR] [--output-dir DIR] [--dry-run] [key=value ...]

``--preset`` picks MicroCoder-GRPO (default) or one of the paper's baselines
(:mod:`trainer_adapters.core.presets`); precedence: defaults < config file < preset < key=value.

``key=value`` arguments whose key is a MicroCoderGRPOConfig field override that field
(``mask_probability=1.0``, ``temperature_stages=0:1.0,100:1.2``). For verl, dotted keys
(and keys starting with ``+``/``~``) are Hydra overrides of ``ppo_trainer``
(``trainer.n_gpus_per_node=1``). For trl, the other keys are ``trl.GRPOConfig`` fields
(``use_vllm=true report_to=wandb``), appended to the config's ``backend_overrides.trl``.
Any other key is an error naming it.
"""
from __future__ import annotations

import dataclasses
import json
import sys

import click

from microcoder_eval.config_keys import close_keys, fields_help
from trainer_adapters.core import MicroCoderGRPOConfig
from trainer_adapters.core.config import UnknownConfigKeyError
from trainer_adapters.core.presets import PRESETS, apply_preset, unsupported_on


def split_overrides(
    items: tuple[str, ...] | list[str], plain_backend_keys: bool = False
) -> tuple[list[str], list[str]]:
    """(MicroCoderGRPOConfig overrides, backend overrides); raises on unknown plain keys
    unless ``plain_backend_keys`` (TRL's GRPOConfig fields are plain names; the backend
    validates them)."""
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


@click.command("train", epilog="\b\nMicroCoderGRPOConfig keys (key=value, or in the --config file), with their defaults:\n"
                               + fields_help(MicroCoderGRPOConfig))
@click.option("--backend", type=click.Choice(["verl", "trl"]), default="verl", show_default=True)
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False),
              help="YAML/JSON file of MicroCoderGRPOConfig keys (paper defaults when omitted).")
@click.option("--preset", type=click.Choice(list(PRESETS)), default="microcoder", show_default=True,
              help="MicroCoder-GRPO, or the paper's baselines: grpo (KL + reference model, clip 0.2/0.2, no mask), "
                   "dapo (no KL, clip-higher, dynamic sampling, overlong shaping, no mask).")
@click.option("--model", help="Model path or name (default: the config's model_name_or_path).")
@click.option("--dataset", help="Directory with train.parquet (+ test.parquet) in verl RL format.")
@click.option("--output-dir", help="Checkpoints / outputs directory.")
@click.option("--dry-run", is_flag=True, help="Print the resolved config and the plan; start nothing.")
@click.argument("overrides", nargs=-1)
def train(backend, preset, config_path, model, dataset, output_dir, dry_run, overrides):
    """Train with MicroCoder-GRPO (conditional truncation masking, staged temperature, no KL)."""
    ours, backend_overrides = split_overrides(overrides, plain_backend_keys=backend == "trl")
    try:
        cfg = MicroCoderGRPOConfig.from_file(config_path) if config_path else MicroCoderGRPOConfig()
        # the preset sees the final lengths (dapo's overlong buffer is a fifth of max_response_length),
        # then the command line's keys win over it
        cfg = apply_preset(cfg.with_overrides(ours), preset).with_overrides(ours)
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

    # --- TRL: CLI overrides go after the config file's, so they win
    if backend_overrides:
        trl_items = [*cfg.backend_overrides.get("trl", []), *backend_overrides]
        cfg = dataclasses.replace(cfg, backend_overrides={**cfg.backend_overrides, "trl": trl_items})
    trl_overrides = _check_trl_overrides(cfg.backend_overrides.get("trl", []), cli_items=backend_overrides)
    model = model or cfg.model_name_or_path
    if dry_run:
        from trainer_adapters.trl.args import build_grpo_config, describe
        from trainer_adapters.trl.data import validation_file

        try:
            args, layout = build_grpo_config(cfg, output_dir=output_dir,
                                             with_eval=bool(dataset and validation_file(dataset)))
        except ValueError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(json.dumps(cfg.to_dict(), indent=2))
        click.echo(f"plan: trainer_adapters.trl.run_trl(model={model!r}, dataset={dataset!r}, output_dir={output_dir!r})")
        click.echo(f"preset: {preset}")
        if cfg.auto_temperature:
            click.echo(f"temperature: auto (probe {list(cfg.probe_temperatures)} on {cfg.probe_prompts} prompts before "
                       f"step 1; convergence {cfg.convergence_diversity}, spread < {cfg.fluctuation_threshold}, "
                       f"window {cfg.diversity_window}); mask rate {cfg.mask_probability}")
        else:
            click.echo(f"temperature stages: {cfg.temperature_stages}; mask rate {cfg.mask_probability}")
        missing = unsupported_on(cfg, "trl")
        if missing:
            click.echo(f"not on the trl backend (ignored): {', '.join(missing)}")
        # read back from the built GRPOConfig, i.e. what the trainer will see
        resolved = {k: getattr(args, k) for k in trl_overrides}
        click.echo(f"trl overrides: {json.dumps(resolved, sort_keys=True, default=str)}")
        click.echo(f"trl args: {describe(args, layout)}")
        return
    if dataset is None:
        raise click.UsageError("--dataset is required to train")
    from trainer_adapters.trl import run_trl

    try:
        run_trl(cfg, model, dataset, output_dir)
    except ValueError as exc:  # e.g. temperature=auto found no temperature to train at
        raise click.ClickException(str(exc)) from None


def _check_trl_overrides(items: list[str], cli_items: tuple[str, ...] | list[str] = ()) -> dict:
    """Typed GRPOConfig overrides; a bad one is a usage error naming it (before any training)."""
    try:
        import trl  # noqa: F401  (the field names come from trl.GRPOConfig)
    except ImportError as exc:
        raise click.ClickException(f"the trl backend needs TRL: pip install -e '.[trl]' ({exc})") from None
    from trainer_adapters.trl.args import parse_trl_overrides

    # one at a time, so that the error is about the item the user wrote
    out: dict = {}
    for item in items:
        try:
            out.update(parse_trl_overrides([item]))
        except KeyError as exc:
            message = str(exc.args[0])
            key = item.split("=", 1)[0].strip()
            close = close_keys(key, MicroCoderGRPOConfig.field_names())
            if item in cli_items and close:  # a plain CLI key may be a misspelt MicroCoder key
                message += f" (or the MicroCoderGRPOConfig key {', '.join(close)}?)"
            raise click.UsageError(message) from None
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
    return out


if __name__ == "__main__":  # pragma: no cover
    sys.exit(train())
