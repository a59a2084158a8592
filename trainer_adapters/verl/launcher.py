"""Launch MicroCoder-GRPO on verl 0.9.1 (or print the plan with ``dry_run``).

``run_verl`` composes the Hydra config (:mod:`.config_builder`), runs verl's own
validation, and calls ``verl.trainer.main_ppo.run_ppo`` with
:data:`MicroCoderTaskRunner` -- verl's ``TaskRunnerV1`` whose ``run`` builds
:class:`.trainer.MicroCoderPPOTrainer` instead of looking the trainer up by
``trainer.v1.trainer_mode`` (which must stay ``sync``: verl branches on that name).

Device (:mod:`.device`): with a Ray cluster, its resources decide; else, where verl detects
no accelerator (its platform registry, with our ``cpu`` platform from :mod:`.cpu`), the run
is a CPU run: :func:`.config_builder.cpu_overrides`.
Otherwise it is verl's GPU setup, and the launcher checks before starting Ray that the
GPUs and the rollout engine it needs are there -- a missing one is an error naming it,
never a wait.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TextIO

from microcoder_eval.model_ref import describe_model
from trainer_adapters.core import MicroCoderGRPOConfig
from trainer_adapters.core.plan import check_dataset, plan_lines

from .config_builder import (
    compose_verl_config,
    default_judge_workers,
    describe_plan,
    set_judge_keywords,
    validate_verl_config,
)
from .constants import REWARD_FUNCTION_PATH
from .override_keys import override_error_line
from .device import detect_device

__all__ = ["detect_device", "make_task_runner", "run_verl"]


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
                    close_data_loaders(getattr(self, "trainer", None))
                    tq.close()

    _MicroCoderTaskRunner.__name__ = "MicroCoderTaskRunner"
    return ray.remote(_MicroCoderTaskRunner)


def close_data_loaders(trainer) -> None:
    """Stop the trainer's data loader workers while the run ends normally.

    verl keeps the training iterator (``train_dataloader_it``) alive after ``fit``; its worker processes
    (``data.dataloader_num_workers``, 8 by default on a GPU) are children of the task runner actor. When the
    driver exits, Ray kills the actor's processes with SIGKILL, torch's SIGCHLD handler in the still-running
    actor sees its workers die, and prints ``RuntimeError: DataLoader worker (pid …) is killed by signal:
    Killed`` after a run that succeeded."""
    if trainer is None:
        return
    iterators = [getattr(trainer, "train_dataloader_it", None)]
    iterators += [
        getattr(getattr(trainer, name, None), "_iterator", None) for name in ("train_dataloader", "val_dataloader")
    ]
    for iterator in iterators:
        shutdown = getattr(iterator, "_shutdown_workers", None)  # torch's multiprocessing iterator
        if shutdown is not None:
            shutdown()
    if hasattr(trainer, "train_dataloader_it"):
        trainer.train_dataloader_it = None


def run_verl(
    cfg: MicroCoderGRPOConfig,
    model: str | None = None,
    dataset: str | None = None,
    output_dir: str | None = None,
    overrides: Sequence[str] = (),
    dry_run: bool = False,
    reward_function_path: str = REWARD_FUNCTION_PATH,
    out: TextIO | None = None,
    show_config: bool = False,
    preset: str = "microcoder",
):
    """Check the model and data, compose + validate the verl config; print the plan (dry run,
    with the resolved config after it when ``show_config``) or train.  Bad input is a one-line
    ``ValueError``.

    Returns the composed config.
    """
    from hydra.errors import HydraException
    from omegaconf import OmegaConf

    out = out or sys.stdout
    model = model or cfg.model_name_or_path
    model_description = describe_model(model)
    files = check_dataset(dataset) if dataset is not None else None
    if not dry_run and files is None:
        raise ValueError("--dataset is required to train (a directory with train.parquet [+ test.parquet])")
    device = detect_device([*cfg.backend_overrides.get("verl", []), *overrides])  # the config file's, then ours
    try:
        config = compose_verl_config(cfg, model, dataset, output_dir, overrides, reward_function_path, device=device)
    except HydraException as exc:
        raise ValueError(override_error_line(exc, [*cfg.backend_overrides.get("verl", []), *overrides])) from None
    validate_verl_config(config)
    if dry_run:
        out.write(dry_run_plan(cfg, config, preset, model_description, files) + "\n")
        if show_config:
            out.write("\n# resolved verl config (verl.trainer.main_ppo / ppo_trainer)\n")
            out.write(OmegaConf.to_yaml(config, resolve=True))
        return config

    check_inputs(config)
    check_machine(config)
    export_plugin()
    from verl.trainer.main_ppo import run_ppo

    set_judge_keywords(config, {"judge_workers": default_judge_workers(config)})  # where the config sets none
    out.write(describe_plan(cfg, config) + "\n")
    run_ppo(config, task_runner_class=make_task_runner())
    return config


def dry_run_plan(cfg: MicroCoderGRPOConfig, config, preset: str, model: str, files) -> str:
    """The short plan: model, data, validation, steps, devices and outputs as verl will use them,
    then the algorithm's settings."""
    trainer = config.trainer
    unit = "CPU slot(s)" if trainer.device == "cpu" else "GPU(s)"
    rollout = config.actor_rollout_ref.rollout
    devices = (
        f"{trainer.device}, {trainer.n_gpus_per_node} {unit} x {trainer.nnodes} node(s); rollout {rollout.name}, "
        f"strategy {config.actor_rollout_ref.actor.strategy}"
    )
    out_dir = trainer.default_local_dir
    saves = (
        f"global_step_N/ checkpoints every {trainer.save_freq} steps and at the last"
        if int(trainer.save_freq) > 0
        else "no checkpoints (save_freq <= 0)"
    )
    writes = f"{out_dir}/ ({saves}; metrics.jsonl)"
    head = plan_lines(cfg, backend="verl", preset=preset, model=model, files=files, devices=devices, writes=writes)
    return "\n".join([*head, describe_plan(cfg, config, algorithm_only=True)])


def check_inputs(config) -> None:
    """The model folder and the data files exist (checked here, not a minute later inside Ray)."""
    model = str(config.actor_rollout_ref.model.path)
    if model.startswith(("/", "./", "../", "~")) and not os.path.isdir(os.path.expanduser(model)):
        raise ValueError(f"--model {model}: no such directory (a local model folder, or a Hugging Face Hub id)")
    for key in ("train_files", "val_files"):
        for path in [config.data[key]] if isinstance(config.data[key], str) else list(config.data[key]):
            if not os.path.isfile(os.path.expanduser(str(path))):
                raise ValueError(f"data.{key}: {path} does not exist (--dataset takes a folder with train.parquet)")


# The rollout engines whose server is a separate Python package (verl imports it inside its replica); the
# others (ours, ``hf``) need nothing beyond verl and transformers.
ENGINE_PACKAGES = {"vllm": "vllm", "sglang": "sglang", "trtllm": "tensorrt_llm"}
CPU_ENGINES = ("hf",)  # the engines that run without an accelerator


def known_engines() -> list[str]:
    """The rollout engines verl's replica registry knows here (with ours, registered by our plugin)."""
    from verl.workers.rollout.replica import RolloutReplicaRegistry

    from . import cpu  # noqa: F401  (its import registers ``hf``; a no-op when verl loaded the plugin already)

    return sorted(RolloutReplicaRegistry._registry)


def check_engine(name: str, device: str) -> None:
    """The rollout engine ``name`` is one verl knows, runs on ``device``, and its package (if it has one) imports."""
    import importlib.util

    engines = known_engines()
    if name not in engines:
        raise ValueError(
            f"actor_rollout_ref.rollout.name={name}: verl knows no such rollout engine (known: {', '.join(engines)})"
        )
    if device == "cpu" and name not in CPU_ENGINES:
        raise ValueError(
            f"actor_rollout_ref.rollout.name={name} needs a GPU; on a CPU the rollout engine is 'hf' (transformers)"
        )
    package = ENGINE_PACKAGES.get(name)
    if package is not None and importlib.util.find_spec(package) is None:
        raise ValueError(
            f"the rollout engine {name!r} (actor_rollout_ref.rollout.name) needs the Python package {package!r}, "
            "which is not installed: on a GPU machine install microcoder with its GPU extra, pip install -e '.[gpu]' "
            "(or run actor_rollout_ref.rollout.name=hf, transformers generation: slower, no extra package)"
        )


def export_plugin() -> None:
    """Make every Ray worker import our verl plugin, also where microcoder runs from a checkout on
    ``PYTHONPATH`` without being installed (no ``verl.plugins`` entry point then): verl imports the modules
    named in ``VERL_USE_EXTERNAL_MODULES`` at ``import verl``, and local Ray workers inherit the environment."""
    from importlib.metadata import entry_points

    module = f"{__package__}.cpu"
    if any(ep.value == module for ep in entry_points(group="verl.plugins")):
        return
    named = [m for m in os.environ.get("VERL_USE_EXTERNAL_MODULES", "").split(",") if m]
    if module not in named:
        os.environ["VERL_USE_EXTERNAL_MODULES"] = ",".join([*named, module])


def check_machine(config) -> None:
    """Fail at once, naming what is missing, instead of letting Ray wait for it."""
    check_engine(str(config.actor_rollout_ref.rollout.name), str(config.trainer.device))
    if config.trainer.device == "cpu":
        return
    import torch

    wanted = int(config.trainer.n_gpus_per_node)
    # on a cluster the GPUs are the nodes', not necessarily this machine's
    address = config.get("ray_kwargs", {}).get("ray_init", {}).get("address") or os.environ.get("RAY_ADDRESS")
    if int(config.trainer.nnodes) == 1 and not address and torch.cuda.device_count() < wanted:
        raise ValueError(
            f"trainer.n_gpus_per_node={wanted} but torch sees {torch.cuda.device_count()} GPU(s); {gpu_diagnosis()}"
        )


def gpu_diagnosis() -> str:
    """What torch was built for and what the driver shows: the usual reason torch sees fewer
    GPUs than the machine has is a driver older than torch's CUDA needs."""
    import shutil
    import subprocess

    import torch

    built = torch.version.cuda
    seen = "nvidia-smi: not found (no NVIDIA driver installed?)"
    if shutil.which("nvidia-smi"):
        try:
            out = subprocess.run(
                ["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                capture_output=True,
                text=True,
                timeout=20,
            )
            rows = [r.strip() for r in out.stdout.splitlines() if r.strip()]
            seen = (
                f"nvidia-smi sees {len(rows)} GPU(s): {'; '.join(rows)}"
                if rows
                else f"nvidia-smi: {out.stderr.strip()[:200]}"
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            seen = f"nvidia-smi failed: {exc}"
    need = (
        "torch's CUDA 13 wheels need an NVIDIA driver 580 or newer"
        if built and built.startswith("13")
        else "the driver must support torch's CUDA version"
    )
    return (
        f"torch.version.cuda={built}, {seen}. {need}; with a GPU present, update the driver or install a torch "
        "built for it. Else lower trainer.n_gpus_per_node (and the rollout's tensor_model_parallel_size)."
    )
