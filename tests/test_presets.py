"""``microcoder train --preset microcoder|grpo|dapo``: what each preset sets, and that it resolves
(``--dry-run``) and validates on verl 0.9.1 and resolves on TRL. The CPU training step of each
preset on TRL is in ``tests/test_trl_auto_temperature.py`` (it shares that file's tiny model)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from trainer_adapters.core import MicroCoderGRPOConfig, apply_preset
from trainer_adapters.backends import load
from microcoder_eval.ground_truth import to_ground_truth
from microcoder_eval.types import JudgeTask, TestCase


def test_presets_set_the_baselines_and_nothing_else():
    base = MicroCoderGRPOConfig(max_response_length=1000, learning_rate=3e-6, temperature=1.0)
    assert apply_preset(base, "microcoder") == base
    grpo = apply_preset(base, "grpo")
    assert grpo.use_kl_loss and grpo.kl_coef == 0.001
    assert (grpo.clip_ratio_low, grpo.clip_ratio_high, grpo.mask_probability) == (0.2, 0.2, 0.0)
    assert not grpo.dynamic_sampling and grpo.overlong_buffer_length == 0
    dapo = apply_preset(base, "dapo")
    assert not dapo.use_kl_loss and (dapo.clip_ratio_low, dapo.clip_ratio_high) == (0.2, 0.28)
    assert dapo.mask_probability == 0.0 and dapo.dynamic_sampling
    assert dapo.overlong_buffer_length == 200 and dapo.overlong_penalty_factor == 1.0  # a fifth of 1000
    for cfg in (grpo, dapo):  # the rest of the run is the same
        assert (cfg.learning_rate, cfg.temperature, cfg.max_response_length, cfg.seed) == (3e-6, 1.0, 1000, 42)
    trl, verl = load("trl"), load("verl")
    assert trl.not_supported(dapo) == ["dynamic_sampling"] and verl.not_supported(dapo) == []
    assert trl.not_supported(grpo) == []
    with pytest.raises(ValueError, match="unknown preset"):
        apply_preset(base, "ppo")


# ------------------------------------------------------------------ TRL: --dry-run
@pytest.mark.parametrize("preset", ["microcoder", "grpo", "dapo"])
def test_trl_dry_run_resolves_each_preset(preset, monkeypatch):
    pytest.importorskip("trl")
    from cli.train_cmd import train

    monkeypatch.delenv("WORLD_SIZE", raising=False)
    result = CliRunner().invoke(train, ["--backend", "trl", "--preset", preset, "--dry-run", "--show-config"])
    assert result.exit_code == 0, result.output
    assert f"preset: {preset}" in result.output
    line = next(x for x in result.output.splitlines() if x.startswith("trl args: "))
    trl = json.loads(line[len("trl args: ") :])["trl"]
    expected = {
        "microcoder": (0.0, 0.2, 0.28, None),
        "grpo": (0.001, 0.2, 0.2, None),
        "dapo": (0.0, 0.2, 0.28, [1.0, 1.0]),
    }[preset]
    assert (trl["beta"], trl["epsilon"], trl["epsilon_high"], trl["reward_weights"]) == expected
    assert ("mask rate 0.0" in result.output) == (preset != "microcoder")
    assert ("not on the trl backend (ignored): dynamic_sampling" in result.output) == (preset == "dapo")


def test_cli_key_value_wins_over_the_preset(monkeypatch):
    pytest.importorskip("trl")
    from cli.train_cmd import train

    monkeypatch.delenv("WORLD_SIZE", raising=False)
    result = CliRunner().invoke(
        train, ["--backend", "trl", "--preset", "grpo", "--dry-run", "--show-config", "kl_coef=0.04"]
    )
    assert result.exit_code == 0, result.output
    assert '"kl_coef": 0.04' in result.output and '"beta": 0.04' in result.output


# ------------------------------------------------------------------ verl: compose + validate_config
@pytest.fixture(scope="module")
def verl_inputs(tmp_path_factory):
    pytest.importorskip("verl")
    import pandas as pd

    from microcoder_eval.types import JudgeTask, TestCase
    from microcoder_testing.tiny import write_tiny_config as build_tiny_model

    work = tmp_path_factory.mktemp("presets-verl")
    model = build_tiny_model(work / "model")
    gt = to_ground_truth(JudgeTask(mode="stdin", tests=(TestCase("1 2\n", "3\n"),)))
    rows = [
        {
            "data_source": "microcoder",
            "prompt": [{"role": "user", "content": f"Q{i} add two ints"}],
            "ability": "code",
            "reward_model": {"style": "rule", "ground_truth": gt},
            "extra_info": {"index": i},
        }
        for i in range(4)
    ]
    (work / "data").mkdir()
    pd.DataFrame(rows).to_parquet(work / "data" / "train.parquet")
    return model, str(work / "data")


VERL_CPU = [
    "trainer.n_gpus_per_node=1",
    "data.dataloader_num_workers=0",
    "reward.num_workers=1",
    "actor_rollout_ref.rollout.agent.num_workers=1",
]
SMALL = [
    "train_batch_size=2",
    "ppo_mini_batch_size=1",
    "max_prompt_length=256",
    "max_response_length=64",
    "eval_max_response_length=64",
]


@pytest.mark.parametrize("preset", ["microcoder", "grpo", "dapo"])
def test_verl_each_preset_composes_and_passes_validate_config(preset, verl_inputs):
    from verl.trainer.ppo.utils import need_reference_policy

    from trainer_adapters.verl.config_builder import compose_verl_config, validate_verl_config

    model, data = verl_inputs
    cfg = apply_preset(MicroCoderGRPOConfig().with_overrides(SMALL), preset)
    config = compose_verl_config(cfg, model=model, dataset=data, extra_overrides=VERL_CPU)
    validate_verl_config(config)  # verl's validate_config + ours
    actor = config.actor_rollout_ref.actor
    assert need_reference_policy(config) == (preset == "grpo")
    assert actor.use_kl_loss == (preset == "grpo")
    assert (actor.clip_ratio_low, actor.clip_ratio_high) == ((0.2, 0.2) if preset == "grpo" else (0.2, 0.28))
    assert config.microcoder.mask_probability == (0.3 if preset == "microcoder" else 0.0)
    assert config.algorithm.filter_groups.enable == (preset == "dapo")
    if preset == "dapo":
        assert config.algorithm.filter_groups.metric == "acc"
        from verl.trainer.ppo.reward import resolve_reward_manager_cls

        from trainer_adapters.verl.reward_manager import TrainingOnlyOverlongRewardManager

        # verl's DAPO manager (its overlong shaping), as a subclass that leaves validation unshaped
        assert resolve_reward_manager_cls(config) is TrainingOnlyOverlongRewardManager
        overlong = config.reward.reward_kwargs.overlong_buffer_cfg
        assert overlong.enable and overlong.len == 64 // 5 and overlong.penalty_factor == 1.0
        assert config.reward.reward_kwargs.max_resp_len == 64
    else:
        assert config.reward.reward_manager.name == "naive"


def test_verl_refuses_a_reference_model_unless_the_kl_loss_is_asked_for(verl_inputs):
    from trainer_adapters.verl.config_builder import (
        MicroCoderVerlConfigError,
        compose_verl_config,
        validate_verl_config,
    )

    model, data = verl_inputs
    cfg = MicroCoderGRPOConfig().with_overrides(SMALL)
    raw = compose_verl_config(
        cfg, model=model, dataset=data, extra_overrides=VERL_CPU + ["actor_rollout_ref.actor.use_kl_loss=true"]
    )
    with pytest.raises(MicroCoderVerlConfigError, match="reference model"):
        validate_verl_config(raw)
    # temperature=auto is wired on verl (probe through its rollout replicas): it validates, and the plan says so
    from trainer_adapters.verl.config_builder import describe_plan

    auto_cfg = cfg.with_overrides(["temperature=auto"])
    auto = compose_verl_config(auto_cfg, model=model, dataset=data, extra_overrides=VERL_CPU)
    validate_verl_config(auto)
    assert "temperature=auto: before step 1 probe" in describe_plan(auto_cfg, auto)


@pytest.mark.parametrize("preset", ["grpo", "dapo"])
def test_verl_cli_dry_run_each_preset(preset, verl_inputs):
    from cli.train_cmd import train

    model, data = verl_inputs
    result = CliRunner().invoke(
        train,
        ["--backend", "verl", "--preset", preset, "--dry-run", "--model", model, "--dataset", data, *SMALL, *VERL_CPU],
    )
    assert result.exit_code == 0, result.output
    if preset == "grpo":
        assert "KL loss on (coef 0.001), reference model" in result.output
    else:
        assert "DAPO: dynamic sampling on (filter_groups on acc)" in result.output


def test_compare_presets_script_draws_the_four_curves_from_metrics_files(tmp_path):
    pytest.importorskip("matplotlib")
    import importlib.util
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "scripts" / "compare_presets.py"
    spec = importlib.util.spec_from_file_location("compare_presets", script)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for i, preset in enumerate(("microcoder", "grpo")):
        run = tmp_path / preset
        run.mkdir()
        lines = [
            {"step": 0, "microcoder/probe/chosen_temperature": 1.0},  # not a training record
            {
                "step": 1,
                "loss": 0.1,
                "microcoder/accuracy": 0.1 * i,
                "completions/mean_length": 40.0,
                "microcoder/diversity": 0.5,
                "microcoder/mask_fraction": 0.2,
            },
            {
                "step": 2,
                "loss": 0.1,
                "microcoder/accuracy": 0.2,
                "completions/mean_length": 44.0,
                "microcoder/diversity": None,
                "microcoder/mask_fraction": 0.0,
            },
        ]
        (run / "metrics.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    curves = mod.read_curves(tmp_path / "grpo" / "metrics.jsonl")
    assert curves["microcoder/accuracy"] == [(1, 0.1), (2, 0.2)]
    assert curves["microcoder/diversity"] == [(1, 0.5)]  # a missing value is a gap, not a zero
    png = mod.plot(tmp_path)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    with pytest.raises(FileNotFoundError):
        mod.plot(tmp_path / "nothing")


def _scored_row(manager, tokenizer, text: str, validate: bool | None) -> dict:
    import asyncio

    import numpy as np
    import torch
    from verl import DataProto

    from trainer_adapters.verl.constants import VALIDATE_KEY

    gt = to_ground_truth(JudgeTask(mode="stdin", tests=(TestCase("1 2\n", "3\n"),)))
    prompt = torch.tensor([tokenizer.encode("add two ints")])
    response = torch.tensor([tokenizer.encode(text)])
    fields = {
        "data_source": np.array(["microcoder"]),
        "reward_model": np.array([{"ground_truth": gt}]),
        "extra_info": np.array([{}]),
    }
    if validate is not None:  # what the agent-loop worker adds to every row it scores
        fields[VALIDATE_KEY] = np.array([validate])
    data = DataProto.from_dict(
        tensors={
            "prompts": prompt,
            "responses": response,
            "attention_mask": torch.ones(1, prompt.size(1) + response.size(1), dtype=torch.long),
        },
        non_tensors=fields,
    )
    return asyncio.get_event_loop().run_until_complete(manager.run_single(data))


def test_verl_dapo_overlong_penalty_shapes_training_rewards_only(verl_inputs):
    """Preset dapo: a correct answer that runs into the overlong buffer is penalised in training; scored
    for validation it keeps the judge's reward (verl's own dapo manager would penalise both)."""
    from transformers import AutoTokenizer
    from verl.trainer.ppo.reward import load_reward_manager

    from trainer_adapters.verl.config_builder import compose_verl_config

    model, data = verl_inputs
    cfg = apply_preset(MicroCoderGRPOConfig().with_overrides(SMALL), "dapo")
    config = compose_verl_config(cfg, model=model, dataset=data, extra_overrides=VERL_CPU)
    tokenizer = AutoTokenizer.from_pretrained(model)
    manager = load_reward_manager(config, tokenizer)  # verl's loader: our class, our compute_score
    answer = "```python\nprint(sum(map(int, input().split())))\n```\n" + " ok" * 80
    assert len(tokenizer.encode(answer)) > 64 - 64 // 5  # past the expected length: in the buffer

    train, unmarked, val = (_scored_row(manager, tokenizer, answer, v) for v in (False, None, True))
    assert train["reward_extra_info"]["score"] == 1.0  # the judge accepts it
    assert train["reward_score"] < 1.0 and train["reward_extra_info"]["overlong"]
    assert unmarked["reward_score"] == train["reward_score"]  # no mark: a training row
    assert val["reward_score"] == 1.0
    assert val["reward_extra_info"]["overlong_reward"] == 0.0 and not val["reward_extra_info"]["overlong"]
