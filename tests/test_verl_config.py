"""MicroCoder-GRPO's verl config on the real verl 0.9.1 (no GPU, no Ray): composing it through verl's
Hydra config and validation, user overrides and the conflicts we reject, the trainer class we extend,
the CLI's dry run, and the launcher's checks of the machine and inputs before Ray starts.

The Ray training harness is in ``test_verl_adapter.py``; the shared config and fixtures in
``verl_fixtures.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("verl")
pytest.importorskip("transfer_queue")

from trainer_adapters.verl.config_builder import (
    MicroCoderVerlConfigError,
    _rollout_width_problems,
    compose_verl_config,
    describe_plan,
    validate_verl_config,
)
from verl_fixtures import CPU_OVERRIDES, EVAL_RESP, STAGES, _small_cfg

pytest_plugins = ("verl_fixtures",)  # the fixtures workdir, tiny_model, dataset


# ---------------------------------------------------------------------------- config
def test_config_composes_and_passes_verl_validation(tiny_model, dataset):
    cfg = _small_cfg()
    config = compose_verl_config(cfg, model=tiny_model, dataset=dataset, extra_overrides=CPU_OVERRIDES)
    validate_verl_config(config)  # verl's validate_config + our invariants

    assert config.trainer.use_v1 is True and config.trainer.v1.trainer_mode == "sync"
    assert config.algorithm.adv_estimator == "grpo" and config.algorithm.use_kl_in_reward is False
    actor = config.actor_rollout_ref.actor
    assert actor.use_kl_loss is False and actor.clip_ratio_low == 0.2 and actor.clip_ratio_high == 0.28
    assert actor.loss_agg_mode == "token-mean" and actor.optim.lr == 1e-6
    assert actor.ppo_mini_batch_size == 1  # < train_batch_size: several updates, so clip-higher matters
    rollout = config.actor_rollout_ref.rollout
    assert rollout.n == 8 and rollout.temperature == 0.6 and rollout.val_kwargs.n == 4
    assert rollout.val_kwargs.do_sample is True and rollout.response_length == EVAL_RESP
    assert rollout.agent.agent_loop_manager_class.endswith("MicroCoderAgentLoopManager")
    assert config.reward.custom_reward_function.path == "pkg://microcoder_eval.reward"
    assert config.reward.custom_reward_function.name == "compute_score"
    assert config.data.train_files.endswith("train.parquet") and config.data.val_files.endswith("test.parquet")
    assert config.microcoder.mask_probability == 1.0 and config.microcoder.temperature_stages[1] == [3, 1.0]

    from verl.trainer.ppo.utils import need_critic, need_reference_policy
    from verl.utils.config import omega_conf_to_dataclass

    assert not need_reference_policy(config) and not need_critic(config)
    # the dataclasses verl's workers build from these sections accept them
    assert omega_conf_to_dataclass(config.actor_rollout_ref.rollout).temperature == 0.6
    assert omega_conf_to_dataclass(config.actor_rollout_ref.actor).clip_ratio_high == 0.28


def test_user_overrides_win_and_conflicts_are_rejected(tiny_model, dataset):
    cfg = _small_cfg()
    config = compose_verl_config(
        cfg,
        model=tiny_model,
        dataset=dataset,
        extra_overrides=CPU_OVERRIDES + ["actor_rollout_ref.actor.optim.lr=3e-6"],
    )
    assert config.actor_rollout_ref.actor.optim.lr == 3e-6
    frac = compose_verl_config(
        _small_cfg(reward="fraction"), model=tiny_model, dataset=dataset, extra_overrides=CPU_OVERRIDES
    )
    assert frac.reward.custom_reward_function.reward_kwargs.reward == "fraction"  # -> compute_score(reward=...)
    assert "reward_kwargs" not in config.reward.custom_reward_function  # binary: compute_score's default
    bad = compose_verl_config(
        cfg,
        model=tiny_model,
        dataset=dataset,
        extra_overrides=CPU_OVERRIDES + ["actor_rollout_ref.rollout.temperature=0.9"],
    )
    with pytest.raises(MicroCoderVerlConfigError, match="temperature"):
        validate_verl_config(bad)
    kl = compose_verl_config(
        cfg,
        model=tiny_model,
        dataset=dataset,
        extra_overrides=CPU_OVERRIDES + ["actor_rollout_ref.actor.use_kl_loss=true"],
    )
    with pytest.raises(MicroCoderVerlConfigError, match="reference model"):
        validate_verl_config(kl)


def test_legacy_top_level_reward_keys_are_ignored_by_main_ppo(tiny_model, dataset):
    import inspect

    from verl.trainer import main_ppo

    cfg = _small_cfg()
    config = compose_verl_config(
        cfg,
        model=tiny_model,
        dataset=dataset,
        extra_overrides=CPU_OVERRIDES + ["custom_reward_function.path=/elsewhere.py"],
    )
    # the legacy group composes, but nothing in main_ppo migrates it to reward.*
    assert config.custom_reward_function.path == "/elsewhere.py"
    assert config.reward.custom_reward_function.path == "pkg://microcoder_eval.reward"
    assert "migrate_legacy_reward_impl" not in inspect.getsource(main_ppo)
    with pytest.raises(MicroCoderVerlConfigError, match="ignored"):
        validate_verl_config(config)


def test_default_trainer_is_v1_sync_and_we_extend_it():
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from verl.trainer.ppo.v1 import PPOTrainerSync, get_trainer_cls

    from trainer_adapters.verl.config_builder import verl_config_dir
    from trainer_adapters.verl.trainer import MicroCoderPPOTrainer

    GlobalHydra.instance().clear()
    with initialize_config_dir(config_dir=verl_config_dir(), version_base=None):
        stock = compose(config_name="ppo_trainer")
    assert stock.trainer.use_v1 is True and stock.trainer.v1.trainer_mode == "sync"
    assert get_trainer_cls("sync") is PPOTrainerSync
    assert issubclass(MicroCoderPPOTrainer, PPOTrainerSync)
    assert "_compute_advantage" in MicroCoderPPOTrainer.__dict__

    # what TaskRunnerV1.init_agent_loop_manager loads from our config, and our task runner
    from trainer_adapters.verl.agent_loop import MicroCoderAgentLoopManager
    from trainer_adapters.verl.constants import AGENT_LOOP_MANAGER_FQN
    from trainer_adapters.verl.launcher import make_task_runner
    from verl.trainer.main_ppo import TaskRunnerV1
    from verl.utils.import_utils import load_class_from_fqn

    assert load_class_from_fqn(AGENT_LOOP_MANAGER_FQN, "AgentLoopManager") is MicroCoderAgentLoopManager
    runner_cls = make_task_runner().__ray_metadata__.modified_class
    assert issubclass(runner_cls, TaskRunnerV1.__ray_actor_class__) and "run" in runner_cls.__mro__[1].__dict__


def test_cli_dry_run_prints_config_and_plan(tiny_model, dataset):
    from click.testing import CliRunner

    from cli.train_cmd import train

    result = CliRunner().invoke(
        train,
        [
            "--backend",
            "verl",
            "--dry-run",
            "--show-config",
            "--model",
            tiny_model,
            "--dataset",
            dataset,
            f"temperature_stages={STAGES}",
            "mask_probability=0.3",
            *CPU_OVERRIDES,
        ],
    )
    assert result.exit_code == 0, result.output
    assert "agent_loop_manager_class: trainer_adapters.verl.agent_loop.MicroCoderAgentLoopManager" in result.output
    assert "temperature stage 1: steps 3-4: T=1.0" in result.output
    assert "rho=0.3" in result.output
    bad = CliRunner().invoke(train, ["--backend", "verl", "--dry-run", "mask_prob=0.5"])
    assert bad.exit_code != 0 and "mask_prob" in bad.output


# ---------------------------------------------------------------------------- review fixes
def test_grad_clip_reaches_the_key_the_fsdp_engine_reads(tiny_model, dataset):
    config = compose_verl_config(_small_cfg(grad_clip=0.37), model=tiny_model, dataset=dataset)
    assert config.actor_rollout_ref.actor.optim.clip_grad == pytest.approx(0.37)
    from verl.utils.config import omega_conf_to_dataclass

    assert omega_conf_to_dataclass(config.actor_rollout_ref.actor).optim.clip_grad == pytest.approx(0.37)


def test_requested_step_count_wins_over_one_epoch(tiny_model, dataset):
    # 4 training rows / batch 2 = 2 steps per epoch; 6 steps asked for
    config = compose_verl_config(_small_cfg(total_epochs=1, total_training_steps=6), model=tiny_model, dataset=dataset)
    assert config.trainer.total_training_steps == 6
    assert config.trainer.total_epochs * 2 >= 6  # verl stops at whichever limit comes first


def test_response_length_set_through_verl_must_agree_with_the_mask(tiny_model, dataset):
    bad = compose_verl_config(
        _small_cfg(), model=tiny_model, dataset=dataset, extra_overrides=["data.max_response_length=4096"]
    )
    with pytest.raises(MicroCoderVerlConfigError, match="data.max_response_length=4096.*max_response_length=48"):
        validate_verl_config(bad)


def test_no_test_split_turns_validation_off_loudly(tiny_model, dataset, tmp_path):
    import shutil

    only_train = tmp_path / "only_train"
    only_train.mkdir()
    shutil.copy(Path(dataset) / "train.parquet", only_train / "train.parquet")
    cfg = _small_cfg()
    config = compose_verl_config(cfg, model=tiny_model, dataset=str(only_train))
    validate_verl_config(config)
    assert config.trainer.test_freq == -1 and config.trainer.val_before_train is False
    assert "no test.parquet" in describe_plan(cfg, config)
    forced = compose_verl_config(
        cfg, model=tiny_model, dataset=str(only_train), extra_overrides=["trainer.test_freq=5"]
    )
    with pytest.raises(MicroCoderVerlConfigError, match="validation would run on the training set"):
        validate_verl_config(forced)


def test_cpu_machine_gets_the_cpu_setup_and_gpu_setup_fails_fast(tiny_model, dataset):
    from trainer_adapters.verl.launcher import check_machine, detect_device

    assert detect_device() == "cpu"  # this machine has no accelerator
    cpu = compose_verl_config(_small_cfg(), model=tiny_model, dataset=dataset, device="cpu")
    validate_verl_config(cpu)
    check_machine(cpu)
    assert cpu.trainer.device == "cpu" and cpu.actor_rollout_ref.rollout.name == "hf"
    assert cpu.actor_rollout_ref.actor.strategy == "fsdp2"
    assert cpu.actor_rollout_ref.model.override_config.attn_implementation == "sdpa"  # no flash-attn here
    gpu = compose_verl_config(_small_cfg(), model=tiny_model, dataset=dataset, device="gpu")
    assert gpu.actor_rollout_ref.model.override_config.attn_implementation == "sdpa"
    assert gpu.actor_rollout_ref.model.use_remove_padding is False  # sdpa cannot keep packed rows apart
    with pytest.raises(ValueError, match="'vllm'.*needs the Python package 'vllm', which is not installed"):
        check_machine(gpu)
    from omegaconf import open_dict

    with open_dict(gpu):
        gpu.actor_rollout_ref.rollout.name = "hf"  # ours: no package to look for, the GPU count is checked next
    with pytest.raises(ValueError, match=r"torch sees 0 GPU\(s\); torch.version.cuda=.*nvidia-smi"):
        check_machine(gpu)


def test_the_engine_check_knows_verls_registry_and_asks_for_a_package_only_where_there_is_one():
    from trainer_adapters.verl.launcher import ENGINE_PACKAGES, check_engine, known_engines

    engines = known_engines()
    assert {"hf", "vllm", "sglang", "trtllm"} <= set(engines)  # verl's own, and ours through the plugin
    check_engine("hf", "gpu")  # no module named 'hf' is looked for (there is none)
    check_engine("hf", "cpu")
    for name, package in ENGINE_PACKAGES.items():
        assert name in engines
        with pytest.raises(ValueError, match=f"needs the Python package '{package}'"):
            check_engine(name, "gpu")  # none of them is installed on this CPU machine
        with pytest.raises(ValueError, match=f"rollout.name={name} needs a GPU"):
            check_engine(name, "cpu")
    with pytest.raises(ValueError, match=r"verl knows no such rollout engine \(known: .*hf.*vllm"):
        check_engine("torch", "gpu")


def test_the_plugin_reaches_ray_workers_from_a_checkout_that_is_not_installed(monkeypatch):
    """Without the ``verl.plugins`` entry point (a repository copy on PYTHONPATH) the launcher names our
    plugin in ``VERL_USE_EXTERNAL_MODULES``, which verl imports in every process; installed, it adds nothing."""
    import importlib.metadata

    from trainer_adapters.verl import launcher

    monkeypatch.setenv("VERL_USE_EXTERNAL_MODULES", "other.module")
    installed = any(
        ep.value == "trainer_adapters.verl.cpu" for ep in importlib.metadata.entry_points(group="verl.plugins")
    )
    launcher.export_plugin()
    assert os.environ["VERL_USE_EXTERNAL_MODULES"] == (
        "other.module" if installed else "other.module,trainer_adapters.verl.cpu"
    )
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [])  # as in a bare checkout
    launcher.export_plugin()
    launcher.export_plugin()  # named once
    assert os.environ["VERL_USE_EXTERNAL_MODULES"] == "other.module,trainer_adapters.verl.cpu"


def test_flash_attention_keeps_verls_packed_rows_and_sdpa_does_not():
    from trainer_adapters.verl.config_builder import attention_overrides

    assert attention_overrides(True) == {}  # verl's defaults: flash-attention 2, padding removed
    fallback = attention_overrides(False)
    assert fallback["actor_rollout_ref.model.use_remove_padding"] is False
    assert fallback["+actor_rollout_ref.model.override_config.attn_implementation"] == "sdpa"


def test_missing_model_or_data_fails_before_ray_starts(tiny_model, dataset, tmp_path):
    from trainer_adapters.verl.launcher import check_inputs

    check_inputs(compose_verl_config(_small_cfg(), model=tiny_model, dataset=dataset))
    with pytest.raises(ValueError, match="--model /nonexistent/model: no such directory"):
        check_inputs(compose_verl_config(_small_cfg(), model="/nonexistent/model", dataset=dataset))
    with pytest.raises(ValueError, match="data.train_files: .*train.parquet does not exist"):
        check_inputs(compose_verl_config(_small_cfg(), model=tiny_model, dataset=str(tmp_path)))


def test_temperature_state_is_read_from_the_checkpoint_verl_resumed(tmp_path, monkeypatch):
    from omegaconf import OmegaConf

    from trainer_adapters.verl.trainer import resumed_checkpoint_dir

    elsewhere = tmp_path / "another_run" / "global_step_7"
    path_mode = OmegaConf.create(
        {
            "resume_mode": "resume_path",
            "resume_from_path": str(elsewhere),
            "default_local_dir": str(tmp_path / "this_run"),
        }
    )
    assert resumed_checkpoint_dir(path_mode, 7) == str(elsewhere)  # not this run's own folder
    auto = OmegaConf.create({"resume_mode": "auto", "resume_from_path": None, "default_local_dir": "ckpts"})
    monkeypatch.chdir(tmp_path)
    assert resumed_checkpoint_dir(auto, 3) == str(tmp_path / "ckpts" / "global_step_3")  # relative: from the cwd


# ---------------------------------------------------------------------------- the judge's settings (issue 30)
def test_the_judge_settings_reach_compute_score_as_reward_kwargs(tiny_model, dataset):
    import os

    from click.testing import CliRunner

    from cli.train_cmd import train
    from trainer_adapters.verl.config_builder import (
        default_judge_workers,
        set_judge_keywords,
    )

    config = compose_verl_config(
        _small_cfg(reward_workers=3, reward_time_limit=2.5),
        model=tiny_model,
        dataset=dataset,
        extra_overrides=CPU_OVERRIDES,
    )
    assert dict(config.reward.custom_reward_function.reward_kwargs) == {"judge_workers": 3, "judge_time_limit_s": 2.5}
    set_judge_keywords(config, {"judge_workers": default_judge_workers(config)})  # what the launcher adds
    assert config.reward.custom_reward_function.reward_kwargs.judge_workers == 3  # the config's wins
    plain = compose_verl_config(_small_cfg(), model=tiny_model, dataset=dataset, extra_overrides=CPU_OVERRIDES)
    set_judge_keywords(plain, {"judge_workers": default_judge_workers(plain)})
    assert plain.reward.custom_reward_function.reward_kwargs.judge_workers == max(
        1, (os.cpu_count() or 1) // int(plain.reward.num_workers)
    )  # today's default: the cores shared out
    shown = CliRunner().invoke(
        train,
        [
            "--backend",
            "verl",
            "--dry-run",
            "--show-config",
            "--model",
            tiny_model,
            "--dataset",
            dataset,
            "reward_time_limit=2.5",
            *CPU_OVERRIDES,
        ],
    )
    assert shown.exit_code == 0, shown.output
    assert "judge_time_limit_s: 2.5" in shown.output


def test_a_rollout_wider_than_the_gpus_is_refused_at_plan_time(tiny_model, dataset):
    # verl's default tensor_model_parallel_size is 2: on one GPU its workers assert only after loading the model
    gpu = ["trainer.n_gpus_per_node=1", "trainer.nnodes=1"]
    wide = compose_verl_config(_small_cfg(), model=tiny_model, dataset=dataset, extra_overrides=gpu)
    assert int(wide.actor_rollout_ref.rollout.tensor_model_parallel_size) == 2
    with pytest.raises(MicroCoderVerlConfigError, match="tensor_model_parallel_size.*1 on one GPU"):
        validate_verl_config(wide)
    narrow = compose_verl_config(
        _small_cfg(),
        model=tiny_model,
        dataset=dataset,
        extra_overrides=gpu + ["actor_rollout_ref.rollout.tensor_model_parallel_size=1"],
    )
    assert _rollout_width_problems(narrow) == []
