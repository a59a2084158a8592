"""Agent-loop manager/worker that carry the staged temperature to sampling.

verl's agent-loop workers are Ray actors created with their own copy of the config;
``AgentLoopWorkerTQ.generate_sequences`` builds the sampling parameters from
``self.config.actor_rollout_ref.rollout.temperature``, so changing the trainer's
config does not reach them. The trainer therefore attaches the step's temperature to
each training batch (:data:`.constants.TEMPERATURE_KEY`) and this worker pops it and
updates its config copy before sampling. Validation batches carry no temperature and
keep ``val_kwargs``.

The worker also caps TRAINING requests at ``max_response_length`` (``max_tokens`` in the
sampling parameters) while the rollout engine is configured for the longer
``eval_max_response_length`` used in validation, and marks each validation row
(:data:`.constants.VALIDATE_KEY`) before it is scored, so preset ``dapo``'s reward manager
(:mod:`.reward_manager`) can leave validation unshaped.

Selected through ``actor_rollout_ref.rollout.agent.agent_loop_manager_class``.
"""

from __future__ import annotations

import logging
import os

import ray
from omegaconf import open_dict
from verl.trainer.ppo.v1.agent_loop_tq import AgentLoopManagerTQ, AgentLoopWorkerTQ

from .constants import CONFIG_SECTION, TEMPERATURE_KEY, VALIDATE_KEY

logger = logging.getLogger(__name__)
logger.setLevel(os.getenv("VERL_LOGGING_LEVEL", "WARN"))

__all__ = ["MicroCoderAgentLoopManager", "MicroCoderAgentLoopWorker"]

# AgentLoopWorkerTQ is declared with @ray.remote; subclass the class it wraps.
_WorkerBase = AgentLoopWorkerTQ.__ray_actor_class__


class MicroCoderAgentLoopWorker(_WorkerBase):
    def __init__(self, *args, **kwargs):
        # An explicit __init__ is needed: with the inherited one, the Ray actor built from
        # this class fails in AgentLoopWorkerTQ.__init__'s zero-argument super() (seen with
        # ray 2.60); delegating from our own __init__ works.
        super().__init__(*args, **kwargs)

    def apply_batch_temperature(self, batch) -> float | None:
        """Pop the trainer's temperature from ``batch`` and set it on this worker's config."""
        if TEMPERATURE_KEY not in batch:
            return None
        value = batch.pop(TEMPERATURE_KEY)
        temp = float(getattr(value, "data", value))
        rollout = self.config.actor_rollout_ref.rollout
        if float(rollout.temperature) != temp:
            with open_dict(self.config):
                rollout.temperature = temp
        return temp

    def current_temperature(self) -> float:
        return float(self.config.actor_rollout_ref.rollout.temperature)

    def train_max_tokens(self) -> int | None:
        section = self.config.get(CONFIG_SECTION)
        if section is None:
            return None
        cap = int(section.get("max_response_length"))
        return cap if cap < int(self.config.actor_rollout_ref.rollout.response_length) else None

    async def generate_sequences(self, batch) -> None:
        self.apply_batch_temperature(batch)
        await super().generate_sequences(batch)

    async def _run_prompt(self, prompt: dict, sampling_params: dict, trajectory: dict, trace: bool = False) -> None:
        cap = None if trajectory.get("validate") else self.train_max_tokens()
        if cap is not None and "max_tokens" not in sampling_params:
            sampling_params = {**sampling_params, "max_tokens": cap}
        await super()._run_prompt(prompt, sampling_params, trajectory, trace)

    async def _agent_loop_postprocess(self, output, validate, **kwargs):
        # kwargs become the non-tensor fields of the row the reward loop scores
        return await super()._agent_loop_postprocess(output, validate, **{**kwargs, VALIDATE_KEY: bool(validate)})


class MicroCoderAgentLoopManager(AgentLoopManagerTQ):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.agent_loop_workers_class = ray.remote(MicroCoderAgentLoopWorker)
