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

import contextlib
import dataclasses
import io
import sys
import warnings

import click

from microcoder_eval.config_keys import close_keys, fields_help
from microcoder_eval.model_ref import describe_model
from trainer_adapters.core import MicroCoderGRPOConfig
from trainer_adapters.core.config import UnknownConfigKeyError
from trainer_adapters.core.plan import check_dataset
from trainer_adapters.core.presets import PRESETS, apply_preset


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


@click.command(
    "train",
    epilog="\b\nMicroCoderGRPOConfig keys (key=value, or in the --config file), with their defaults:\n"
    + fields_help(MicroCoderGRPOConfig),
)
@click.option("--backend", type=click.Choice(["verl", "trl"]), default="verl", show_default=True)
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

    # the values the run uses, in the plan and in the config it records
    cfg = dataclasses.replace(
        cfg, model_name_or_path=model or cfg.model_name_or_path, output_dir=output_dir or cfg.output_dir
    )
    model, output_dir = cfg.model_name_or_path, cfg.output_dir
    if backend == "verl":
        with _upstream_noise(hidden=dry_run and not show_config) as out:
            from trainer_adapters.verl.launcher import run_verl

            try:
                run_verl(
                    cfg,
                    model=model,
                    dataset=dataset,
                    output_dir=output_dir,
                    overrides=backend_overrides,
                    dry_run=dry_run,
                    out=out,
                    show_config=show_config,
                    preset=preset,
                )
            except ValueError as exc:
                raise click.ClickException(str(exc)) from None
        return

    # --- TRL: CLI overrides go after the config file's, so they win
    if backend_overrides:
        trl_items = [*cfg.backend_overrides.get("trl", []), *backend_overrides]
        cfg = dataclasses.replace(cfg, backend_overrides={**cfg.backend_overrides, "trl": trl_items})
    trl_overrides = _check_trl_overrides(cfg.backend_overrides.get("trl", []), cli_items=backend_overrides)
    try:
        model_description = describe_model(cfg.model_name_or_path)
        files = check_dataset(dataset) if dataset is not None else None
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if dry_run:
        from trainer_adapters.trl.launcher import dry_run_plan

        try:
            click.echo(
                dry_run_plan(
                    cfg,
                    preset=preset,
                    model=model_description,
                    files=files,
                    trl_overrides=list(trl_overrides),
                    show_config=show_config,
                )
            )
        except ValueError as exc:
            raise click.ClickException(str(exc)) from None
        return
    if dataset is None:
        raise click.UsageError("--dataset is required to train")
    from trainer_adapters.trl import run_trl

    try:
        final = run_trl(cfg, cfg.model_name_or_path, dataset, cfg.output_dir)
    except ValueError as exc:  # e.g. temperature=auto found no temperature to train at
        raise click.ClickException(str(exc)) from None
    from transformers.trainer_utils import get_last_checkpoint

    last = get_last_checkpoint(str(final.parent))
    click.echo(
        f"trained model: {final}/"
        + (f"; last checkpoint: {last}/ (the same --output-dir resumes from it)" if last else "")
    )


@contextlib.contextmanager
def _upstream_noise(hidden: bool):
    """Yield the stream the plan goes to; with ``hidden``, swallow what the backend's imports and
    checks print meanwhile (verl's engine warnings, "[validate_config] ... passed") so that the plan
    is what a dry run shows; --show-config keeps them."""
    out = sys.stdout
    if not hidden:
        yield out
        return
    with (
        warnings.catch_warnings(),
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        warnings.simplefilter("ignore")
        yield out


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
