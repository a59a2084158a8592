"""Launch MicroCoder-GRPO on verl 0.9.1 (or print the plan with ``dry_run``).

``run_verl`` composes the Hydra config (:mod:`.config_builder`), runs verl's own
validation, and calls ``verl.trainer.main_ppo.run_ppo`` with
:data:`MicroCoderTaskRunner` -- verl's ``TaskRunnerV1`` whose ``run`` builds
:class:`.trainer.MicroCoderPPOTrainer` instead of looking the trainer up by
``trainer.v1.trainer_mode`` (which must stay ``sync``: verl branches on that name).
"""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TextIO

from trainer_adapters.core import MicroCoderGRPOConfig

from .config_builder import compose_verl_config, describe_plan, validate_verl_config
from .constants import REWARD_FUNCTION_PATH

__all__ = ["make_task_runner", "run_verl"]


def make_task_runner():
    """The Ray actor class that runs one training job (built lazily: imports verl + ray)."""
    import ray
    from omegaconf import DictConfig, OmegaConf
    from verl.trainer.main_ppo import TaskRunnerV1

    base = TaskRunnerV1.__ray_actor_class__

    class _MicroCoderTaskRunner(base):
        def run(self, config: DictConfig):
            import transfer_queue as tq
            from verl.utils.logging_utils import configure_verl_logging

            from .trainer import MicroCoderPPOTrainer

            configure_verl_logging()
            config.transfer_queue.enable = True
            OmegaConf.resolve(config)
            self.config = config
            tq.init(config.transfer_queue)
            succeeded = False
            try:
                self.trainer = MicroCoderPPOTrainer(config=config)
                self.trainer.init()
                self.init_agent_loop_manager()
                self.trainer.fit(self.agent_loop_manager)
                succeeded = True
            finally:
                try:
                    tracking = getattr(self.trainer, "logger", None)
                    if tracking is not None:
                        tracking.finish(exit_code=0 if succeeded else 1)
                finally:
                    tq.close()

    _MicroCoderTaskRunner.__name__ = "MicroCoderTaskRunner"
    return ray.remote(_MicroCoderTaskRunner)


def run_verl(
    cfg: MicroCoderGRPOConfig,
    model: str | None = None,
    dataset: str | None = None,
    output_dir: str | None = None,
    overrides: Sequence[str] = (),
    dry_run: bool = False,
    reward_function_path: str = REWARD_FUNCTION_PATH,
    out: TextIO | None = None,
):
    """Compose + validate the verl config; print it and the plan (dry run) or train.

    Returns the composed config.
    """
    from omegaconf import OmegaConf

    out = out or sys.stdout
    if not dry_run and dataset is None:
        raise ValueError("--dataset is required to train (a directory with train.parquet [+ test.parquet])")
    config = compose_verl_config(cfg, model, dataset, output_dir, overrides, reward_function_path)
    validate_verl_config(config)
    if dry_run:
        out.write("# resolved verl config (verl.trainer.main_ppo / ppo_trainer)\n")
        out.write(OmegaConf.to_yaml(config, resolve=True))
        out.write("\n" + describe_plan(cfg, config) + "\n")
        return config

    from verl.trainer.main_ppo import run_ppo

    # Each of verl's reward-loop workers (reward.num_workers processes) keeps one judge
    # pool, by default as large as the machine; share the cores out instead. Ray's local
    # workers inherit this environment.
    if "MICROCODER_REWARD_WORKERS" not in os.environ:
        per_worker = max(1, (os.cpu_count() or 1) // max(1, int(config.reward.num_workers)))
        os.environ["MICROCODER_REWARD_WORKERS"] = str(per_worker)
    out.write(describe_plan(cfg, config) + "\n")
    run_ppo(config, task_runner_class=make_task_runner())
    return config
