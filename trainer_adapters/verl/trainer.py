"""``MicroCoderPPOTrainer``: verl 0.9.1's v1 sync trainer + MicroCoder-GRPO.

Hooks (all on ``verl.trainer.ppo.v1.PPOTrainerSync``; no verl file is changed):

* ``_compute_advantage``: runs the stock implementation (GRPO advantages written to
  TransferQueue), then reads the batch's rows back, decides the conditional truncation
  mask (:func:`.advantage.plan_truncation_mask`), zeroes ``advantages`` (and
  ``returns``, which GRPO sets equal to them) of the selected rows in TransferQueue and
  logs the ``microcoder/*`` metrics. Zeroing keeps the rows' tokens in the token-mean
  denominator, unlike dropping them.
* ``on_step_begin`` / ``_next_train_batch``: set the schedule's temperature for the
  step on the trainer's config -- verl reads ``actor_rollout_ref.rollout.temperature``
  from there for old-log-prob, ref and actor-update passes -- and attach it to the
  batch submitted for rollout (key :data:`.constants.TEMPERATURE_KEY`); the agent-loop
  workers hold their own copy of the config, so
  :class:`.agent_loop.MicroCoderAgentLoopWorker` applies it there.

A registered advantage estimator (``core_algos.register_adv_est``) would not work here:
it only receives token-level rewards, the response mask and the uid index -- no
per-sample reward extras (``incomplete``) and no response token ids.
"""

from __future__ import annotations

import logging
import os

import numpy as np
import torch
import transfer_queue as tq
from omegaconf import OmegaConf, open_dict
from tensordict import TensorDict
from transfer_queue import KVBatchMeta
from verl.trainer.ppo.v1.trainer_sync import PPOTrainerSync
from verl.utils import tensordict_utils as tu

from trainer_adapters.core import MaskRng, MicroCoderGRPOConfig
from trainer_adapters.core import metrics as M
from trainer_adapters.core.auto_temperature import (
    controller_from_probe,
    probe_metrics,
    run_probe,
    select_probe_prompts,
)
from trainer_adapters.core.run_files import (
    MetricsFile,
    load_temperature_state,
    save_temperature_state,
)
from trainer_adapters.core.step import MaskRules, StepTemperature, switch_metrics

from .advantage import plan_truncation_mask
from .constants import CONFIG_SECTION, TEMPERATURE_KEY

logger = logging.getLogger(__name__)
logger.setLevel(os.getenv("VERL_LOGGING_LEVEL", "INFO"))

__all__ = ["MicroCoderPPOTrainer", "microcoder_config_of", "resumed_checkpoint_dir", "rows_of"]


def resumed_checkpoint_dir(trainer_config, step: int) -> str:
    """The checkpoint folder verl resumed step ``step`` from (as its ``_load_checkpoint``
    finds it): ``trainer.resume_from_path`` with ``resume_mode=resume_path`` -- a run's
    checkpoint anywhere -- else ``default_local_dir/global_step_<step>``."""
    if trainer_config.get("resume_mode") == "resume_path" and trainer_config.get("resume_from_path"):
        folder = str(trainer_config.resume_from_path)
    else:
        folder = os.path.join(str(trainer_config.default_local_dir), f"global_step_{step}")
    return folder if os.path.isabs(folder) else os.path.join(os.getcwd(), folder)


def microcoder_config_of(config) -> MicroCoderGRPOConfig:
    section = config.get(CONFIG_SECTION)
    if section is None:
        return MicroCoderGRPOConfig()
    data = OmegaConf.to_container(section, resolve=True) if OmegaConf.is_config(section) else dict(section)
    return MicroCoderGRPOConfig.from_dict(data)


def rows_of(value) -> list[torch.Tensor]:
    """Per-row 1-D tensors of a (jagged nested or regular) batched tensor."""
    if isinstance(value, torch.Tensor) and value.is_nested:
        return list(value.unbind())
    return [value[i] for i in range(value.shape[0])]


class MicroCoderPPOTrainer(PPOTrainerSync):
    def __init__(self, config):
        super().__init__(config)
        self.mc_config = microcoder_config_of(config)
        #: temperature=auto: its controller is set by the probe before step 1, or restored from the checkpoint
        self.temperatures = StepTemperature(self.mc_config)
        self.mask_rng = MaskRng(self.mc_config.seed)
        self._step_diversity: float | None = None

    # ------------------------------------------------------------------ resources
    def _init_resource_pool_mgr(self):
        super()._init_resource_pool_mgr()
        if self.config.trainer.device == "cpu":  # workers on CPU slots, not GPUs
            from .cpu.resources import CPUResourcePoolManager

            self.resource_pool_manager = CPUResourcePoolManager(
                resource_pool_spec=self.resource_pool_manager.resource_pool_spec, mapping=self.mapping
            )

    # ------------------------------------------------------------------ metrics.jsonl
    def _attach_metrics_file(self, resumed_step: int) -> None:
        """Add OUTPUT_DIR/metrics.jsonl to verl's Tracking (created in ``fit``) once."""
        tracking = getattr(self, "logger", None)
        if tracking is None or "microcoder_jsonl" in tracking.logger:
            return
        tracking.logger["microcoder_jsonl"] = MetricsFile(self.config.trainer.default_local_dir, resumed_step)

    def on_validate_begin(self):  # before training: global_steps is the step resumed from
        self._attach_metrics_file(self.global_steps)
        super().on_validate_begin()

    def on_train_begin(self):  # fit has already advanced global_steps to the first step to run
        self._attach_metrics_file(self.global_steps - 1)
        if self.mc_config.auto_temperature:
            self._start_auto_temperature(resumed_step=self.global_steps - 1)
        super().on_train_begin()

    # ------------------------------------------------------------------ temperature
    @property
    def temperature_controller(self):
        return self.temperatures.controller

    def current_temperature(self) -> float:
        return self.temperatures.at(self.global_steps)

    def _start_auto_temperature(self, resumed_step: int) -> None:
        """Restore the controller saved with the checkpoint resumed from, else probe the
        initial policy with the rollout replicas (awake with its weights at this point)."""
        cfg = self.mc_config
        if resumed_step > 0:
            self.temperatures.controller = load_temperature_state(
                resumed_checkpoint_dir(self.config.trainer, resumed_step)
            )
            return
        from .auto_temperature import probe_prompt_ids, sample_groups

        indices = select_probe_prompts(len(self.train_dataset), cfg.probe_prompts, cfg.seed)
        prompts = probe_prompt_ids(
            self.train_dataset,
            self.tokenizer,
            self.config.data.prompt_key,
            indices,
            self.config.data.get("apply_chat_template_kwargs", {}),
        )
        client = self.get_llm_client()
        probe = run_probe(
            lambda t: sample_groups(
                client, prompts, t, cfg.num_generations, cfg.max_response_length, cfg.top_p, cfg.top_k
            ),
            cfg.probe_temperatures,
            cfg.diversity_ngram,
        )
        # on record before the choice, so a failed choice still leaves the probe
        self.logger.log(data={"microcoder/probe/prompts": len(prompts), **probe_metrics(probe, None)}, step=0)
        controller = self.temperatures.controller = controller_from_probe(cfg, probe)
        self.logger.log(data={M.PROBE_CHOSEN: controller.temperature}, step=0)
        logger.info(f"[microcoder] temperature=auto: probe chose T={controller.temperature}")

    def step(self, metrics: dict, timing_raw: dict):
        batch = super().step(metrics, timing_raw)
        # observed here, before verl saves this step's checkpoint (and our controller state)
        new = self.temperatures.observe(self.global_steps, self._step_diversity)
        if new is not None:  # applies from the next step's rollouts
            logger.info(f"[microcoder] step {self.global_steps}: diversity keeps falling -> T={new}")
        metrics.update(switch_metrics(self.temperatures, new))  # the rest of step_metrics: per pass
        self._step_diversity = None
        return batch

    def _save_checkpoint(self):
        super()._save_checkpoint()
        if self.temperature_controller is not None:  # beside verl's own checkpoint of the step
            folder = os.path.join(self.config.trainer.default_local_dir, f"global_step_{self.global_steps}")
            save_temperature_state(folder, self.temperature_controller)

    def _sync_temperature(self) -> float:
        temp = self.current_temperature()
        rollout = self.config.actor_rollout_ref.rollout
        if float(rollout.temperature) != temp:
            logger.info(f"[microcoder] step {self.global_steps}: temperature {rollout.temperature} -> {temp}")
            with open_dict(self.config):
                rollout.temperature = temp
        return temp

    def on_step_begin(self):
        super().on_step_begin()
        self._sync_temperature()

    def _next_train_batch(self, num_prompts: int | None = None) -> TensorDict:
        batch = super()._next_train_batch(num_prompts)
        tu.assign_non_tensor_data(batch, TEMPERATURE_KEY, self._sync_temperature())
        return batch

    # ------------------------------------------------------------------ advantage
    def _compute_advantage(self, batch: KVBatchMeta, metrics: dict) -> KVBatchMeta:
        batch = super()._compute_advantage(batch, metrics)
        self._apply_truncation_mask(batch, metrics)
        return batch

    def _regroup_scale(self) -> str | None:
        """How verl's GRPO scaled the advantages, to compute a group's again without its
        infra_error rows; None where the estimator is not GRPO on the reward alone."""
        alg = self.config.algorithm
        if alg.adv_estimator != "grpo" or alg.get("use_kl_in_reward", False):
            return None
        return "group" if alg.get("norm_adv_by_std_in_grpo", True) else "none"

    def _apply_truncation_mask(self, batch: KVBatchMeta, metrics: dict) -> np.ndarray:
        fields = ["prompts", "responses", "rm_scores", "extra_fields", "advantages", "response_mask"]
        data = tq.kv_batch_get(keys=batch.keys, partition_id=batch.partition_id, select_fields=fields)
        prompts = [t.tolist() for t in rows_of(data["prompts"])]
        responses = [t.tolist() for t in rows_of(data["responses"])]
        scores = [float(t.sum()) for t in rows_of(data["rm_scores"])]
        extra_fields = list(data["extra_fields"])
        is_padding = [bool(tag.get("is_padding", False)) for tag in batch.tags]
        rng = self.mask_rng.for_step(self.global_steps, getattr(self, "local_trigger_step", 0))
        plan = plan_truncation_mask(
            batch.keys,
            prompts,
            responses,
            scores,
            extra_fields,
            is_padding,
            rules=MaskRules.of(self.mc_config),
            rng=rng,
            regroup=self._regroup_scale(),
            temperature=float(self.config.actor_rollout_ref.rollout.temperature),
        )
        metrics.update(plan.metrics)  # per pass: verl averages a step's passes
        self._step_diversity = plan.metrics[M.DIVERSITY]  # the step's last advantage pass
        if plan.metrics.get(M.INFRA_ERROR_FRACTION) and self._regroup_scale() is None:
            logger.warning(
                "[microcoder] infra_error rows are zeroed but still counted in their group's statistics: "
                "regrouping follows the grpo estimator without a KL reward only (adv_estimator=%s)",
                self.config.algorithm.adv_estimator,
            )
        rows = sorted(set(np.flatnonzero(plan.mask).tolist()) | set(plan.regrouped))
        if rows:
            advantages, masks = rows_of(data["advantages"]), rows_of(data["response_mask"])

            def new_value(i: int) -> torch.Tensor:
                if plan.mask[i]:
                    return torch.zeros_like(advantages[i])
                return masks[i].to(advantages[i].dtype) * float(plan.regrouped[i])

            values = [new_value(i) for i in rows]
            out = TensorDict(
                {
                    "advantages": torch.nested.as_nested_tensor(values, layout=torch.jagged),
                    "returns": torch.nested.as_nested_tensor([v.clone() for v in values], layout=torch.jagged),
                },
                batch_size=len(rows),
            )
            tq.kv_batch_put(keys=[batch.keys[i] for i in rows], partition_id=batch.partition_id, fields=out)
        return plan.mask
