"""Compose verl 0.9.1's ``ppo_trainer`` Hydra config for MicroCoder-GRPO.

Order of precedence (last wins): verl's own defaults < our mapping of
:class:`MicroCoderGRPOConfig` < ``cfg.backend_overrides["verl"]`` < ``extra_overrides``
(the CLI's dotted ``key=value`` arguments).

Facts this relies on (checked against the installed verl 0.9.1):

* ``trainer.use_v1`` defaults to True: ``main_ppo`` runs the TransferQueue trainer
  ``verl.trainer.ppo.v1`` selected by ``trainer.v1.trainer_mode`` (``sync``).
* only ``reward.custom_reward_function.*`` is read by the reward loop; the legacy
  top-level ``custom_reward_function.*`` group still composes but ``main_ppo`` never
  migrates it (``migrate_legacy_reward_impl`` is only called by the fully-async
  entry point), so it is silently ignored. We refuse it loudly instead.
* ``actor_rollout_ref.rollout.agent.agent_loop_manager_class`` is not in the YAML (it is
  a field of ``AgentLoopConfig``), so it is added with Hydra's ``+`` prefix.
* a reference model is created only when ``actor.use_kl_loss`` or
  ``algorithm.use_kl_in_reward`` is set; both stay False, except ``actor.use_kl_loss`` for
  the GRPO baseline (``--preset grpo`` / ``use_kl_loss=true``).
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from trainer_adapters.core import MicroCoderGRPOConfig

from .constants import (
    AGENT_LOOP_MANAGER_FQN,
    CONFIG_SECTION,
    REWARD_FUNCTION_NAME,
    REWARD_FUNCTION_PATH,
    REWARD_MANAGER_NAME,
    REWARD_MANAGER_PATH,
)

__all__ = [
    "MicroCoderVerlConfigError",
    "compose_verl_config",
    "dataset_files",
    "describe_plan",
    "microcoder_overrides",
    "validate_verl_config",
    "verl_config_dir",
]


class MicroCoderVerlConfigError(ValueError):
    """The composed verl config contradicts MicroCoder-GRPO."""


def verl_config_dir() -> str:
    spec = importlib.util.find_spec("verl")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("verl is not installed: pip install 'microcoder[verl]'")
    return os.path.join(next(iter(spec.submodule_search_locations)), "trainer", "config")


def dataset_files(dataset: str | os.PathLike) -> tuple[str, str | None]:
    """(train parquet, test parquet or None) from a dataset directory or a parquet file."""
    path = Path(dataset).expanduser()
    if path.is_dir():
        train = path / "train.parquet"
        test = path / "test.parquet"
        return str(train), (str(test) if test.exists() else None)
    return str(path), None


def _q(value: Any) -> str:
    """Render a value for a Hydra override (quote strings that need it)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    if text and all(c.isalnum() or c in "_-./" for c in text):
        return text
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def microcoder_overrides(
    cfg: MicroCoderGRPOConfig,
    model: str | None = None,
    dataset: str | None = None,
    output_dir: str | None = None,
    reward_function_path: str = REWARD_FUNCTION_PATH,
    device: str = "gpu",
) -> list[str]:
    """Hydra overrides mapping our config onto verl's ``ppo_trainer`` keys (``device``:
    ``gpu`` for verl's own GPU settings, ``cpu`` for :func:`cpu_overrides`)."""
    model_path = model or cfg.model_name_or_path
    # Rollouts are generated up to the larger of the two lengths so validation can use
    # eval_max_response_length (8K); training requests are capped at max_response_length
    # (4K) by the agent-loop worker through sampling_params["max_tokens"].
    gen_len = max(cfg.max_response_length, cfg.eval_max_response_length)
    token_budget = max(16384, cfg.max_prompt_length + cfg.max_response_length)
    o: dict[str, Any] = {
        # --- algorithm: stock GRPO advantages, no KL anywhere
        "algorithm.adv_estimator": "grpo",
        "algorithm.norm_adv_by_std_in_grpo": True,
        "algorithm.use_kl_in_reward": False,
        # --- data
        "data.train_batch_size": cfg.train_batch_size,
        "data.max_prompt_length": cfg.max_prompt_length,
        "data.max_response_length": gen_len,
        "data.filter_overlong_prompts": True,
        "data.truncation": "error",
        "data.seed": cfg.seed,
        # --- model
        "actor_rollout_ref.model.path": model_path,
        **_actor_rollout_overrides(cfg, token_budget),
        # --- reward: microcoder_eval's compute_score through verl's reward loop
        "reward.custom_reward_function.path": reward_function_path,
        "reward.custom_reward_function.name": REWARD_FUNCTION_NAME,
        # --- trainer
        "trainer.use_v1": True,
        "trainer.v1.trainer_mode": "sync",
        # verl stops at whichever comes first, epochs or steps: the step count the user asked
        # for must win, and an epoch is at least one step, so that many epochs always suffice
        "trainer.total_epochs": (
            max(cfg.total_epochs, cfg.total_training_steps) if cfg.total_training_steps else cfg.total_epochs
        ),
        "trainer.total_training_steps": cfg.total_training_steps,
        "trainer.test_freq": cfg.test_freq,
        "trainer.save_freq": cfg.save_freq,
        "trainer.val_before_train": cfg.val_before_train,
        "trainer.project_name": cfg.project_name,
        "trainer.experiment_name": cfg.experiment_name,
    }
    o.update(_baseline_overrides(cfg))
    if cfg.reward != "binary":  # compute_score(..., reward="fraction")
        o["+reward.custom_reward_function.reward_kwargs.reward"] = cfg.reward
    if dataset is not None:
        train, test = dataset_files(dataset)
        o["data.train_files"] = train
        if test is None:  # verl always builds a val set; without test.parquet, skip validation (said in the plan)
            o["data.val_files"] = train
            o["trainer.test_freq"] = -1
            o["trainer.val_before_train"] = False
        else:
            o["data.val_files"] = test
    if output_dir or cfg.output_dir:
        o["trainer.default_local_dir"] = str(output_dir or cfg.output_dir)
    o.update(attention_overrides(_flash_attn_available()))
    if device == "cpu":
        o.update(cpu_overrides())
    # verl defaults to [console, wandb]; wandb needs a login, so default to the console
    return [f"{k}={_q(v)}" for k, v in o.items()] + ["trainer.logger=[console]"]


def attention_overrides(flash_attn_installed: bool) -> dict[str, Any]:
    """verl's defaults (flash-attention 2, padding removed) where ``flash_attn`` is installed;
    else sdpa, with padding kept: verl packs a batch's sequences into one row when it removes
    padding, and only flash-attention's varlen kernels keep packed sequences apart -- sdpa
    would let each sequence attend to the others."""
    if flash_attn_installed:
        return {}
    return {
        "+actor_rollout_ref.model.override_config.attn_implementation": "sdpa",
        "+critic.model.override_config.attn_implementation": "sdpa",
        "actor_rollout_ref.model.use_remove_padding": False,
        "critic.model.use_remove_padding": False,
    }


def _flash_attn_available() -> bool:
    return importlib.util.find_spec("flash_attn") is not None


def cpu_slots() -> int:
    """Ray CPU slots for a CPU run: logical, so the handful of small actors verl starts
    (task runner, agent-loop and reward workers, TransferQueue) all get placed on a
    2-core machine; the OS shares the real cores between them."""
    return max(16, 4 * (os.cpu_count() or 1))


def cpu_overrides() -> dict[str, Any]:
    """verl settings for a machine without an accelerator (see ``trainer_adapters/verl/cpu``)."""
    return {
        "trainer.device": "cpu",
        "trainer.n_gpus_per_node": 1,
        "trainer.nnodes": 1,
        # transformers generation behind verl's rollout-replica contract
        "actor_rollout_ref.rollout.name": "hf",
        "actor_rollout_ref.rollout.tensor_model_parallel_size": 1,
        # FSDP2 (fully_shard) runs on CPU tensors over gloo; FSDP1 insists on an accelerator
        "actor_rollout_ref.actor.strategy": "fsdp2",
        "actor_rollout_ref.ref.strategy": "fsdp2",
        "actor_rollout_ref.actor.fsdp_config.dtype": "float32",
        "actor_rollout_ref.ref.fsdp_config.dtype": "float32",
        "actor_rollout_ref.actor.fsdp_config.use_torch_compile": False,
        "actor_rollout_ref.ref.fsdp_config.use_torch_compile": False,
        # offloading to the host is moot on the host, and its pinned memory needs an accelerator
        "actor_rollout_ref.actor.fsdp_config.param_offload": False,
        "actor_rollout_ref.actor.fsdp_config.optimizer_offload": False,
        "actor_rollout_ref.ref.fsdp_config.param_offload": False,
        "ray_kwargs.ray_init.num_cpus": cpu_slots(),
        "reward.num_workers": 1,
        "actor_rollout_ref.rollout.agent.num_workers": 1,
        "data.dataloader_num_workers": 0,
        "transfer_queue.backend.SimpleStorage.num_data_storage_units": 1,
    }


# ---------------------------------------------------------------- presets
def _baseline_overrides(cfg: MicroCoderGRPOConfig) -> dict[str, Any]:
    """verl 0.9.1 keys for the DAPO baseline's choices (preset ``dapo``); empty for MicroCoder/GRPO.

    The KL loss of preset ``grpo`` needs nothing here: ``actor.use_kl_loss``/``kl_loss_coef``
    follow the config, and verl then builds the reference model itself.
    """
    o: dict[str, Any] = {}
    if cfg.dynamic_sampling:
        # DAPO's dynamic sampling: groups whose samples all have the same acc are evicted and
        # refilled (verl v1 replay buffer).  verl 0.9.1's buffer ignores max_num_gen_batches
        # (it only warns), so refills are unbounded: not set here, and docs/train.md says so.
        o["algorithm.filter_groups.enable"] = True
        o["algorithm.filter_groups.metric"] = "acc"
    if cfg.overlong_buffer_length:
        # DAPO's overlong reward shaping: verl's "dapo" reward manager around our compute_score,
        # subclassed so that validation keeps the plain reward
        o["reward.reward_manager.source"] = "importlib"
        o["reward.reward_manager.name"] = REWARD_MANAGER_NAME
        o["reward.reward_manager.module.path"] = REWARD_MANAGER_PATH
        o["+reward.reward_kwargs.max_resp_len"] = cfg.max_response_length
        o["+reward.reward_kwargs.overlong_buffer_cfg.enable"] = True
        o["+reward.reward_kwargs.overlong_buffer_cfg.len"] = cfg.overlong_buffer_length
        o["+reward.reward_kwargs.overlong_buffer_cfg.penalty_factor"] = cfg.overlong_penalty_factor
        o["+reward.reward_kwargs.overlong_buffer_cfg.log"] = True
    return o


def _actor_rollout_overrides(cfg: MicroCoderGRPOConfig, token_budget: int) -> dict[str, Any]:
    """The actor's and the rollout's keys."""
    stage0 = cfg.schedule.temperature_at(0)
    return {
        # --- actor: no KL loss, clip-higher, token-mean
        "actor_rollout_ref.actor.use_kl_loss": cfg.use_kl_loss,
        "actor_rollout_ref.actor.kl_loss_coef": cfg.kl_coef,
        "actor_rollout_ref.actor.clip_ratio_low": cfg.clip_ratio_low,
        "actor_rollout_ref.actor.clip_ratio_high": cfg.clip_ratio_high,
        "actor_rollout_ref.actor.loss_agg_mode": cfg.loss_agg_mode,
        "actor_rollout_ref.actor.entropy_coeff": cfg.entropy_coeff,
        "actor_rollout_ref.actor.ppo_mini_batch_size": cfg.ppo_mini_batch_size,
        "actor_rollout_ref.actor.ppo_epochs": cfg.ppo_epochs,
        "actor_rollout_ref.actor.use_dynamic_bsz": True,
        "actor_rollout_ref.actor.ppo_max_token_len_per_gpu": token_budget,
        # the 0.9.1 FSDP engine clips with optim.clip_grad; actor.grad_clip is read by nothing
        "actor_rollout_ref.actor.optim.clip_grad": cfg.grad_clip,
        "actor_rollout_ref.actor.data_loader_seed": cfg.seed,
        "actor_rollout_ref.actor.optim.lr": cfg.learning_rate,
        "actor_rollout_ref.actor.optim.weight_decay": cfg.weight_decay,
        # --- rollout
        "actor_rollout_ref.rollout.name": "vllm",
        "actor_rollout_ref.rollout.n": cfg.num_generations,
        "actor_rollout_ref.rollout.temperature": stage0,
        "actor_rollout_ref.rollout.top_p": cfg.top_p,
        "actor_rollout_ref.rollout.top_k": cfg.top_k,
        "actor_rollout_ref.rollout.seed": cfg.seed,
        "actor_rollout_ref.rollout.log_prob_use_dynamic_bsz": True,
        "actor_rollout_ref.rollout.log_prob_max_token_len_per_gpu": token_budget,
        "actor_rollout_ref.rollout.val_kwargs.n": cfg.val_num_samples,
        "actor_rollout_ref.rollout.val_kwargs.do_sample": True,
        "actor_rollout_ref.rollout.val_kwargs.temperature": cfg.val_temperature,
        "actor_rollout_ref.rollout.val_kwargs.top_p": cfg.val_top_p,
        "+actor_rollout_ref.rollout.agent.agent_loop_manager_class": AGENT_LOOP_MANAGER_FQN,
    }


def compose_verl_config(
    cfg: MicroCoderGRPOConfig,
    model: str | None = None,
    dataset: str | None = None,
    output_dir: str | None = None,
    extra_overrides: Sequence[str] = (),
    reward_function_path: str = REWARD_FUNCTION_PATH,
    device: str = "gpu",
):
    """Compose the full verl config (an OmegaConf ``DictConfig``) and attach our section."""
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from omegaconf import OmegaConf, open_dict

    overrides = microcoder_overrides(cfg, model, dataset, output_dir, reward_function_path, device)
    overrides += list(cfg.backend_overrides.get("verl", []))
    overrides += list(extra_overrides)
    overrides = _dedupe_plus(overrides)
    if GlobalHydra.instance().is_initialized():
        GlobalHydra.instance().clear()
    with initialize_config_dir(config_dir=verl_config_dir(), version_base=None):
        config = compose(config_name="ppo_trainer", overrides=overrides)
    with open_dict(config):
        config[CONFIG_SECTION] = OmegaConf.create(cfg.to_dict())
    set_judge_keywords(config, cfg.judge_keywords())
    return config


def set_judge_keywords(config, keywords: dict[str, Any]) -> None:
    """Add the reward's judge settings (``compute_score`` keywords) to the composed config,
    under ``reward.custom_reward_function.reward_kwargs``; a key already there (an explicit
    override) wins. ``MICROCODER_REWARD_*`` still override them (``judge_settings``)."""
    if not keywords:  # binary with the defaults: compute_score's own
        return
    from omegaconf import open_dict

    with open_dict(config):
        section = config.reward.custom_reward_function
        if section.get("reward_kwargs") is None:
            section.reward_kwargs = {}
        for key, value in keywords.items():
            section.reward_kwargs.setdefault(key, value)


def default_judge_workers(config) -> int:
    """Each of verl's reward-loop workers (``reward.num_workers`` processes) keeps one judge
    pool: by default they share the launching machine's cores."""
    return max(1, (os.cpu_count() or 1) // max(1, int(config.reward.num_workers)))


def _dedupe_plus(overrides: Iterable[str]) -> list[str]:
    """Hydra rejects ``+key=`` twice; keep the last ``+`` override of a key."""
    out: list[str] = []
    seen_plus: dict[str, int] = {}
    for item in overrides:
        key = item.split("=", 1)[0]
        if key.startswith("+"):
            if key in seen_plus:
                out[seen_plus[key]] = None  # type: ignore[call-overload]
            seen_plus[key] = len(out)
        out.append(item)
    return [x for x in out if x is not None]


def validate_verl_config(config) -> None:
    """verl's own validation (as ``main_ppo`` runs it) plus MicroCoder-GRPO invariants."""
    from verl.trainer.ppo.utils import need_critic, need_reference_policy
    from verl.utils.config import validate_config
    from verl.utils.device import auto_set_device

    auto_set_device(config)
    validate_config(config=config, use_reference_policy=need_reference_policy(config), use_critic=need_critic(config))

    problems = []
    mc = config.get(CONFIG_SECTION)
    kl_wanted = bool(mc is not None and mc.get("use_kl_loss", False))
    if need_reference_policy(config) and not kl_wanted:
        problems.append(
            "a reference model would be created (use_kl_loss / use_kl_in_reward must stay False; "
            "for the GRPO baseline with KL use --preset grpo or use_kl_loss=true)"
        )
    if config.algorithm.use_kl_in_reward:
        problems.append("algorithm.use_kl_in_reward must stay False (the GRPO baseline uses the KL loss)")
    if need_critic(config):
        problems.append("a critic would be created (adv_estimator must be grpo)")
    if not config.trainer.use_v1 or config.trainer.v1.trainer_mode != "sync":
        problems.append(
            "MicroCoderPPOTrainer extends the v1 'sync' trainer: keep trainer.use_v1=true, trainer.v1.trainer_mode=sync"
        )
    if config.data.val_files == config.data.train_files and (
        int(config.trainer.test_freq) > 0 or bool(config.trainer.val_before_train)
    ):
        problems.append(
            "validation would run on the training set (no test.parquet beside train.parquet): "
            "add a test split, or keep trainer.test_freq=-1 and val_before_train=false"
        )
    legacy = config.get("custom_reward_function") or {}
    if legacy.get("path"):
        problems.append(
            "top-level custom_reward_function.path is ignored by verl 0.9.1's main_ppo; "
            "set reward.custom_reward_function.path instead"
        )
    if not config.reward.custom_reward_function.path:
        problems.append("reward.custom_reward_function.path is empty")
    problems += _rollout_width_problems(config)
    mc = config.get(CONFIG_SECTION)
    if mc is not None:
        stage0 = MicroCoderGRPOConfig.from_dict(mc).schedule.temperature_at(0)
        if float(config.actor_rollout_ref.rollout.temperature) != stage0:
            problems.append(
                f"actor_rollout_ref.rollout.temperature={config.actor_rollout_ref.rollout.temperature} differs from the "
                f"schedule's first stage ({stage0}); set temperature / temperature_stages instead"
            )
        if int(config.actor_rollout_ref.rollout.n) != int(mc.num_generations):
            problems.append("actor_rollout_ref.rollout.n differs from num_generations; set num_generations instead")
        # the mask fires at max_response_length; the engine generates up to data.max_response_length
        gen_len = max(int(mc.max_response_length), int(mc.eval_max_response_length))
        for key, value in (
            ("data.max_response_length", config.data.max_response_length),
            ("actor_rollout_ref.rollout.response_length", config.actor_rollout_ref.rollout.response_length),
        ):
            if value is not None and int(value) != gen_len:
                problems.append(
                    f"{key}={value} disagrees with max_response_length={mc.max_response_length} / "
                    f"eval_max_response_length={mc.eval_max_response_length} (the truncation mask's length): "
                    "set max_response_length and eval_max_response_length instead"
                )
    if problems:
        raise MicroCoderVerlConfigError("; ".join(problems))


def _rollout_width_problems(config) -> list[str]:
    """verl asserts this only once the workers hold the model (minutes in, deep in Ray): say it at plan time.
    Its default tensor_model_parallel_size is 2, so a one-GPU run must set it to 1."""
    rollout = config.actor_rollout_ref.rollout
    width = (
        int(rollout.tensor_model_parallel_size)
        * int(rollout.get("data_parallel_size", 1) or 1)
        * int(rollout.get("pipeline_model_parallel_size", 1) or 1)
    )
    devices = int(config.trainer.n_gpus_per_node) * int(config.trainer.nnodes)
    if devices % width == 0:
        return []
    return [
        f"the rollout spans {width} device(s) (tensor_model_parallel_size={rollout.tensor_model_parallel_size} x "
        f"data_parallel_size x pipeline_model_parallel_size), which does not divide the {devices} of "
        "trainer.n_gpus_per_node x trainer.nnodes: set actor_rollout_ref.rollout.tensor_model_parallel_size "
        "(1 on one GPU; verl's default is 2)"
    ]


def describe_plan(cfg: MicroCoderGRPOConfig, config=None, algorithm_only: bool = False) -> str:
    """Human-readable plan: stages, temperatures, mask rate, batch geometry.  ``algorithm_only``:
    only those lines, for a dry run whose first lines already said model, data and devices
    (:func:`trainer_adapters.core.plan.plan_lines`)."""
    lines = [] if algorithm_only else ["MicroCoder-GRPO plan (verl backend)"]
    sched = cfg.schedule
    if cfg.auto_temperature:
        lines.append(
            f"  temperature=auto: before step 1 probe {cfg.probe_prompts} prompts x {cfg.num_generations} samples at"
            f" T in {list(cfg.probe_temperatures)}; start at the lowest with diversity >= {cfg.convergence_diversity}"
            f" and spread < {cfg.fluctuation_threshold}; one stage up after {cfg.diversity_window} falling steps below it"
        )
    for i, (start, temp) in enumerate([] if cfg.auto_temperature else sched.stages):
        end = sched.stages[i + 1][0] - 1 if i + 1 < len(sched.stages) else None
        span = f"steps {max(start, 1)}-{end}" if end is not None else f"steps {max(start, 1)}-end"
        lines.append(f"  temperature stage {i}: {span}: T={temp}")
    lines.append(
        f"  conditional truncation masking: rho={cfg.mask_probability} on truncated (len >= {cfg.max_response_length}),"
        f" non-incorrect (accepted, or truncated and incomplete/no_code), non-repetitive ({cfg.repetition_check} check,"
        f" window {cfg.repetition_window}) rows; seed {cfg.seed}"
    )
    if cfg.dynamic_sampling or cfg.overlong_buffer_length:
        lines.append(
            f"  DAPO: dynamic sampling {'on (filter_groups on acc)' if cfg.dynamic_sampling else 'off'}; overlong "
            f"shaping buffer {cfg.overlong_buffer_length} tokens x {cfg.overlong_penalty_factor}"
        )
    updates = cfg.train_batch_size // cfg.ppo_mini_batch_size
    lines.append(
        f"  batch: {cfg.train_batch_size} prompts x {cfg.num_generations} samples; {updates} policy update(s) per step;"
        f" clip eps low/high {cfg.clip_ratio_low}/{cfg.clip_ratio_high}; loss {cfg.loss_agg_mode}; "
        + (
            f"KL loss on (coef {cfg.kl_coef}), reference model"
            if cfg.use_kl_loss
            else "KL loss off, no reference model"
        )
    )
    if updates <= 1 and cfg.ppo_epochs <= 1:
        lines.append("  note: one update per batch -> clip ratios (clip-higher) have no effect")
    lines.append(
        f"  lengths: prompt {cfg.max_prompt_length}, train response {cfg.max_response_length}, "
        f"validation response {cfg.eval_max_response_length}; validation mean@{cfg.val_num_samples} at T={cfg.val_temperature}"
    )
    if algorithm_only:
        return "\n".join(lines)
    validation_off = config is not None and config.data.val_files == config.data.train_files
    if validation_off:
        lines.append(
            "  WARNING: no test.parquet beside train.parquet -> validation is OFF (no val-core/* accuracy);"
            " add a test split to measure mean@k"
        )
    if config is not None:
        lines.append(
            f"  verl: model={config.actor_rollout_ref.model.path} train_files={config.data.train_files} "
            f"val_files={'(validation off)' if validation_off else config.data.val_files} "
            f"steps={config.trainer.total_training_steps or 'one pass per epoch'} "
            f"epochs={config.trainer.total_epochs} device={config.trainer.device} "
            f"{'slots' if config.trainer.device == 'cpu' else 'gpus'}={config.trainer.n_gpus_per_node}x{config.trainer.nnodes}"
            f" rollout={config.actor_rollout_ref.rollout.name} strategy={config.actor_rollout_ref.actor.strategy}"
        )
    return "\n".join(lines)
