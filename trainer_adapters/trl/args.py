"""Map a :class:`MicroCoderGRPOConfig` onto ``trl.GRPOConfig`` (TRL 1.16).

Step semantics
--------------
A MicroCoder *step* is one rollout round, as in verl: ``train_batch_size`` prompts x
``num_generations`` samples are generated, judged and turned into advantages, then the
batch is consumed in ``train_batch_size / ppo_mini_batch_size`` policy updates (times
``ppo_epochs``).  In TRL terms:

* ``generation_batch_size`` = ``train_batch_size * num_generations`` completions
  (global), obtained by setting ``steps_per_generation`` = generation batch / (per-device
  micro batch x world size);
* one TRL optimizer step = one verl mini-batch update:
  ``gradient_accumulation_steps`` = ``ppo_mini_batch_size * num_generations /
  (per_device_train_batch_size * world_size)``;
* ``num_iterations`` = ``ppo_epochs``;
* so ``updates_per_step`` = ``train_batch_size / ppo_mini_batch_size * ppo_epochs`` TRL
  global steps make one MicroCoder step, and MicroCoder step ``k`` (1-based, like verl's
  ``global_steps``) starts at TRL ``global_step == (k - 1) * updates_per_step``.

The algorithm settings are fixed by the shared config: ``beta`` = ``kl_coef`` only when
``use_kl_loss`` (else 0: no reference model), ``epsilon``/``epsilon_high`` =
``clip_ratio_low``/``clip_ratio_high``, ``loss_type`` from ``loss_agg_mode``
(``token-mean`` -> ``"dapo"``, TRL's token-mean over the accumulated batch),
``scale_rewards="group"`` (GRPO's per-group std), ``mask_truncated_completions=False``
(the conditional mask zeroes advantages instead; see :mod:`.trainer`); with
``overlong_buffer_length`` > 0 (preset ``dapo``), ``reward_weights`` = [1, ``overlong_penalty_factor``]
for the judge's reward and TRL's soft overlong punishment. TRL has no dynamic sampling:
``dynamic_sampling=true`` is reported and ignored on this backend.

Backend-native settings (micro batch, precision, vLLM, reporting, ...) come from
``config.backend_overrides["trl"]``, a list of ``"GRPOConfig_field=value"`` strings,
applied last (they may not override the algorithm settings listed in
:data:`PROTECTED_FIELDS`).
"""

from __future__ import annotations

import dataclasses
import json
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from microcoder_eval.config_keys import check_keys
from trainer_adapters.core.config import MicroCoderGRPOConfig

__all__ = [
    "LOSS_TYPES",
    "PROTECTED_FIELDS",
    "TrlLayout",
    "build_grpo_config",
    "compute_layout",
    "default_output_dir",
    "parse_trl_overrides",
]

#: verl ``loss_agg_mode`` -> TRL ``loss_type`` (same aggregation of the per-token loss)
LOSS_TYPES = {
    "token-mean": "dapo",  # sum over all tokens of the (accumulated) batch / number of tokens
    "seq-mean-token-mean": "grpo",  # per-sequence token mean, then mean over sequences
    "seq-mean-token-sum-norm": "dr_grpo",  # token sum / (batch * max_response_length)
}

#: GRPOConfig fields set from the shared config; a "trl" backend override may not change them
PROTECTED_FIELDS = frozenset(
    {
        "num_generations",
        "generation_batch_size",
        "steps_per_generation",
        "gradient_accumulation_steps",
        "num_iterations",
        "max_completion_length",
        "temperature",
        "top_p",
        "top_k",
        "beta",
        "epsilon",
        "epsilon_high",
        "loss_type",
        "scale_rewards",
        "mask_truncated_completions",
        "learning_rate",
        "seed",
        "max_steps",
        "num_train_epochs",
        "num_generations_eval",
        "reward_weights",
    }
)

#: default per-device micro batch (completions) when no "trl" override sets it
DEFAULT_MICRO_BATCH = 8


@dataclass(frozen=True)
class TrlLayout:
    """How one MicroCoder step maps onto TRL's batching."""

    world_size: int
    per_device_train_batch_size: int  # completions per forward/backward micro batch
    steps_per_generation: int  # micro batches per rollout round, per process
    gradient_accumulation_steps: int  # micro batches per optimizer step
    updates_per_step: int  # TRL optimizer steps (global_step increments) per MicroCoder step
    generation_batch_size: int  # completions per rollout round, all processes

    def microcoder_step(self, global_step: int) -> int:
        """1-based MicroCoder step whose rollouts are generated at TRL ``global_step``."""
        return int(global_step) // self.updates_per_step + 1


def default_output_dir(config: MicroCoderGRPOConfig) -> str:
    return config.output_dir or str(Path("outputs") / config.project_name / config.experiment_name)


def parse_trl_overrides(items: list[str] | None) -> dict[str, Any]:
    """``["per_device_train_batch_size=4", "bf16=true", ...]`` -> typed kwargs for GRPOConfig."""
    from trl import GRPOConfig

    fields = {f.name: f for f in dataclasses.fields(GRPOConfig)}
    hints = typing.get_type_hints(GRPOConfig)
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise ValueError(f"trl backend override {item!r} is not of the form key=value")
        key, raw = (part.strip() for part in item.split("=", 1))
        check_keys([key], fields, "trl.GRPOConfig field", "backend_overrides.trl")
        if key in PROTECTED_FIELDS:
            raise ValueError(
                f"backend_overrides.trl may not set {key!r}: it is derived from the MicroCoder config "
                "(set the MicroCoder key instead)"
            )
        if key == "report_to" and raw.lower() == "none":
            out[key] = "none"  # transformers' "no reporting"; None would become [None], which it rejects
            continue
        out[key] = _coerce_value(raw, hints.get(key, Any))
    return out


def _coerce_value(raw: str, hint: Any) -> Any:
    """Best-effort typing of an override value: YAML scalars/lists/dicts, then the field's type."""
    import yaml

    try:
        value = yaml.safe_load(raw) if raw != "" else None
    except yaml.YAMLError:
        value = raw
    args = typing.get_args(hint)
    base = [a for a in args if a is not type(None)] or [hint]
    if isinstance(value, str) and value.lower() in ("none", "null"):
        return None
    if float in base and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if str in base and not isinstance(value, (str, list, dict)) and value is not None and len(base) == 1:
        return str(value)
    return value


def compute_layout(
    config: MicroCoderGRPOConfig, per_device_train_batch_size: int | None = None, world_size: int = 1
) -> TrlLayout:
    """Batch layout for ``config`` on ``world_size`` processes (raises on impossible splits)."""
    g = config.num_generations
    if config.train_batch_size % config.ppo_mini_batch_size:
        raise ValueError(
            f"train_batch_size ({config.train_batch_size}) must be a multiple of "
            f"ppo_mini_batch_size ({config.ppo_mini_batch_size})"
        )
    rows_per_update = config.ppo_mini_batch_size * g  # completions per optimizer step, all processes
    if rows_per_update % world_size:
        raise ValueError(
            f"ppo_mini_batch_size * num_generations ({rows_per_update}) must be divisible by the "
            f"number of processes ({world_size})"
        )
    local_rows_per_update = rows_per_update // world_size
    micro = per_device_train_batch_size or _largest_divisor_at_most(local_rows_per_update, DEFAULT_MICRO_BATCH)
    if local_rows_per_update % micro:
        raise ValueError(
            f"per_device_train_batch_size ({micro}) must divide ppo_mini_batch_size * num_generations / "
            f"world_size ({local_rows_per_update})"
        )
    grad_accum = local_rows_per_update // micro
    generation_batch = config.train_batch_size * g
    steps_per_generation = generation_batch // (micro * world_size)
    updates = (config.train_batch_size // config.ppo_mini_batch_size) * config.ppo_epochs
    return TrlLayout(
        world_size=world_size,
        per_device_train_batch_size=micro,
        steps_per_generation=steps_per_generation,
        gradient_accumulation_steps=grad_accum,
        updates_per_step=updates,
        generation_batch_size=generation_batch,
    )


def _largest_divisor_at_most(n: int, cap: int) -> int:
    for d in range(min(n, cap), 0, -1):
        if n % d == 0:
            return d
    return 1


def _world_size() -> int:
    import os

    return int(os.environ.get("WORLD_SIZE", "1"))


def _grpo_kwargs(
    config: MicroCoderGRPOConfig, layout: TrlLayout, output_dir: str, cuda: bool, bf16: bool, save_steps: int | None
) -> dict[str, Any]:
    """TRL GRPOConfig's fields from the MicroCoder-GRPO settings (before eval and overrides)."""
    return dict(
        output_dir=output_dir,
        run_name=config.experiment_name,
        seed=config.seed,
        # --- batching (see module docstring)
        per_device_train_batch_size=layout.per_device_train_batch_size,
        gradient_accumulation_steps=layout.gradient_accumulation_steps,
        steps_per_generation=layout.steps_per_generation,
        num_generations=config.num_generations,
        num_iterations=config.ppo_epochs,
        shuffle_dataset=True,
        # --- length & sampling (the temperature is switched per stage by the trainer)
        max_completion_length=config.max_response_length,
        temperature=config.schedule.temperature_at(1),
        top_p=config.top_p,
        top_k=0 if config.top_k is None or config.top_k < 0 else config.top_k,
        # --- the GRPO objective
        beta=float(config.kl_coef) if config.use_kl_loss else 0.0,
        epsilon=config.clip_ratio_low,
        epsilon_high=config.clip_ratio_high,
        loss_type=LOSS_TYPES[config.loss_agg_mode],
        scale_rewards="group",
        mask_truncated_completions=False,
        entropy_coef=config.entropy_coeff,
        # DAPO's overlong reward shaping (preset dapo): the trainer adds TRL's soft overlong
        # punishment as a second reward function, weighted by the penalty factor
        reward_weights=[1.0, float(config.overlong_penalty_factor)] if config.overlong_buffer_length else None,
        # --- optimisation (verl's actor defaults: constant lr, no warm-up)
        learning_rate=config.learning_rate,
        lr_scheduler_type="constant",
        warmup_steps=0,
        weight_decay=config.weight_decay,
        max_grad_norm=config.grad_clip,
        # --- length of the run
        max_steps=(config.total_training_steps * layout.updates_per_step) if config.total_training_steps else -1,
        num_train_epochs=float(config.total_epochs),
        # --- precision / memory: fp32 master weights, bf16 autocast on GPUs that have it
        bf16=bf16,
        fp16=False,
        gradient_checkpointing=cuda,
        model_init_kwargs={"dtype": "float32"},
        use_vllm=False,
        # --- bookkeeping
        logging_steps=layout.updates_per_step,
        save_strategy="steps" if save_steps else "no",
        save_steps=save_steps or 500,
        report_to="none",
        remove_unused_columns=False,
        log_completions=False,
        disable_dropout=True,
        dataloader_num_workers=0,
        dataloader_pin_memory=cuda,
    )


def build_grpo_config(
    config: MicroCoderGRPOConfig,
    output_dir: str | None = None,
    world_size: int | None = None,
    with_eval: bool = False,
):
    """Return ``(trl.GRPOConfig, TrlLayout)`` for ``config``.

    ``with_eval``: there is a validation set; every ``test_freq`` steps it is sampled
    ``val_num_samples`` times per prompt (mean@k accuracy; the eval-time sampling settings
    are applied by the trainer).
    """
    import torch
    from trl import GRPOConfig

    if config.loss_agg_mode not in LOSS_TYPES:
        raise ValueError(
            f"loss_agg_mode={config.loss_agg_mode!r} has no TRL equivalent; use one of {sorted(LOSS_TYPES)}"
        )
    overrides = parse_trl_overrides(config.backend_overrides.get("trl"))
    world = world_size or _world_size()
    layout = compute_layout(config, overrides.pop("per_device_train_batch_size", None), world)

    cuda = torch.cuda.is_available()
    bf16 = bool(cuda and torch.cuda.is_bf16_supported())
    save_steps = config.save_freq * layout.updates_per_step if config.save_freq and config.save_freq > 0 else None
    kwargs = _grpo_kwargs(config, layout, output_dir or default_output_dir(config), cuda, bf16, save_steps)
    if with_eval and config.test_freq and config.test_freq > 0:
        k = config.val_num_samples
        kwargs.update(
            eval_strategy="steps",
            eval_steps=config.test_freq * layout.updates_per_step,
            num_generations_eval=k,
            per_device_eval_batch_size=k * max(1, DEFAULT_MICRO_BATCH // k),
        )
    kwargs.update(overrides)
    return GRPOConfig(**kwargs), layout


def describe(args, layout: TrlLayout) -> str:
    """One JSON line with the resolved TRL settings that matter (for logs / run records)."""
    keys = sorted(PROTECTED_FIELDS | {"per_device_train_batch_size", "bf16", "gradient_checkpointing", "use_vllm"})
    return json.dumps(
        {"layout": dataclasses.asdict(layout), "trl": {k: getattr(args, k, None) for k in keys}},
        sort_keys=True,
        default=str,
    )
