"""``run_trl``: the whole MicroCoder-GRPO loop on TRL (what ``microcoder train --backend trl`` calls)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from trainer_adapters.core.config import MicroCoderGRPOConfig
from trainer_adapters.core.plan import DatasetFiles, plan_lines

__all__ = ["build_trainer", "dry_run_plan", "run_trl"]

logger = logging.getLogger(__name__)


def build_trainer(
    config: MicroCoderGRPOConfig,
    model: str,
    dataset: str,
    output_dir: str | None = None,
    reward=None,
    trainer_cls=None,
    **trainer_kwargs: Any,
):
    """Construct (but do not run) the :class:`MicroCoderGRPOTrainer` for ``config``.

    ``model``: a local directory (or Hub id) loadable with ``from_pretrained``;
    ``dataset``: the directory ``microcoder data build`` wrote (``train.parquet``) or a
    parquet file.  ``reward`` / ``trainer_cls`` exist for tests (a different scorer, a
    subclass); leave them unset for real runs.
    """
    from transformers import AutoTokenizer

    from .args import build_grpo_config, default_output_dir, describe
    from .data import load_rl_dataset, validation_file
    from .trainer import MetricsFileCallback, MicroCoderGRPOTrainer

    out = Path(output_dir or default_output_dir(config))
    out.mkdir(parents=True, exist_ok=True)
    val_path = validation_file(dataset)
    args, layout = build_grpo_config(config, output_dir=str(out), with_eval=val_path is not None)
    tokenizer = AutoTokenizer.from_pretrained(model, padding_side="left", truncation_side="left")
    if tokenizer.chat_template is None:
        raise ValueError(f"{model}: the tokenizer has no chat template (the dataset's prompts are chat messages)")
    train_dataset = load_rl_dataset(dataset, tokenizer=tokenizer, max_prompt_length=config.max_prompt_length)
    eval_dataset = (
        load_rl_dataset(val_path, tokenizer=tokenizer, max_prompt_length=config.max_prompt_length)
        if val_path is not None
        else None
    )
    if len(train_dataset) < config.train_batch_size:
        logger.warning(
            "the dataset has %d prompts, fewer than train_batch_size=%d: prompts repeat within a step",
            len(train_dataset),
            config.train_batch_size,
        )

    resolved = {
        "microcoder": config.to_dict(),
        "model": model,
        "dataset": str(dataset),
        **json.loads(describe(args, layout)),
    }
    (out / "microcoder_config.json").write_text(json.dumps(resolved, indent=2, sort_keys=True, default=str) + "\n")

    cls = trainer_cls or MicroCoderGRPOTrainer
    return cls(
        model=model,
        mc_config=config,
        layout=layout,
        args=args,
        train_dataset=train_dataset,
        eval_dataset=eval_dataset,
        processing_class=tokenizer,
        reward=reward,
        callbacks=[MetricsFileCallback(layout)],
        **trainer_kwargs,
    )


def run_trl(
    config: MicroCoderGRPOConfig,
    model: str,
    dataset: str,
    output_dir: str | None = None,
) -> Path:
    """Train ``model`` on ``dataset`` with MicroCoder-GRPO on TRL; returns the final model's folder.

    Resumes from the newest ``checkpoint-*`` in ``output_dir`` when there is one (like
    verl's ``resume_mode=auto``); saves checkpoints every ``save_freq`` steps and the
    final model + tokenizer to ``<output_dir>/final``.  With a ``test.parquet`` next to
    ``train.parquet``, validates before training (``val_before_train``) and every
    ``test_freq`` steps.
    """
    from transformers.trainer_utils import get_last_checkpoint

    trainer = build_trainer(config, model, dataset, output_dir)
    out = Path(trainer.args.output_dir)
    last = get_last_checkpoint(str(out)) if out.is_dir() else None
    if last:
        logger.info("resuming from %s", last)
    elif trainer.eval_dataset is not None and config.val_before_train:
        trainer.evaluate()
    trainer.train(resume_from_checkpoint=last)
    final = out / "final"
    trainer.save_model(str(final))
    if trainer.accelerator.is_main_process:
        trainer.processing_class.save_pretrained(str(final))
    return final


def dry_run_plan(
    config: MicroCoderGRPOConfig,
    *,
    preset: str,
    model: str,
    files: DatasetFiles | None,
    trl_overrides: list[str],
    show_config: bool = False,
    not_supported: list[str] = (),
) -> str:
    """What ``microcoder train --backend trl --dry-run`` prints: the short plan (the values the
    run will use: ``config`` carries ``--model``/``--output-dir``), the TRL overrides as the
    built ``GRPOConfig`` reads them back, and with ``show_config`` the whole config and TRL args;
    ``not_supported``: the switched-on keys the backend ignores (:meth:`.backend.TrlBackend.not_supported`)."""
    from .args import build_grpo_config, describe

    args, layout = build_grpo_config(
        config, output_dir=config.output_dir, with_eval=files is not None and files.test is not None
    )
    devices = (
        f"{layout.world_size} process(es) (WORLD_SIZE); micro batch {layout.per_device_train_batch_size} "
        f"completions a device, {layout.updates_per_step} optimizer step(s) a MicroCoder step"
        + ("; vLLM generation" if getattr(args, "use_vllm", False) else "")
    )
    saves = f"checkpoint-*/ every {config.save_freq} steps, " if config.save_freq and config.save_freq > 0 else ""
    writes = f"{args.output_dir}/ ({saves}final/, microcoder_config.json, metrics.jsonl)"
    lines = plan_lines(config, backend="trl", preset=preset, model=model, files=files, devices=devices, writes=writes)
    if config.auto_temperature:
        lines.append(
            f"  temperature: auto (probe {list(config.probe_temperatures)} on {config.probe_prompts} prompts "
            f"before step 1; convergence {config.convergence_diversity}, spread < "
            f"{config.fluctuation_threshold}, window {config.diversity_window}); "
            f"mask rate {config.mask_probability}"
        )
    else:
        lines.append(f"  temperature stages: {config.temperature_stages}; mask rate {config.mask_probability}")
    if not_supported:
        lines.append(f"  not on the trl backend (ignored): {', '.join(not_supported)}")
    resolved = {k: getattr(args, k) for k in trl_overrides}  # read back: what the trainer will see
    lines.append(f"trl overrides: {json.dumps(resolved, sort_keys=True, default=str)}")
    if show_config:
        lines += [
            "",
            "# resolved MicroCoderGRPOConfig",
            json.dumps(config.to_dict(), indent=2),
            f"trl args: {describe(args, layout)}",
        ]
    return "\n".join(lines)
