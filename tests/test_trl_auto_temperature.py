"""TRL backend, on CPU with the tiny local model: ``temperature=auto`` end to end, and one training
step of each preset (``microcoder``, ``grpo``, ``dapo``).

The probe is the production path (the model's own ``generate`` on a seeded sample of training
prompts). To make the in-training switch happen on cue, the test subclass replaces what TRL's
generation returned with completions of known diversity (step 1: two distinct completions per
group of 4, diversity 0.5; step 2 onward: four identical ones, 0.25); everything after --
judging, the diversity, the controller, the next step's temperature -- is the production code.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import ClassVar

import pytest

from trainer_adapters.core import MicroCoderGRPOConfig, apply_preset, choose_initial_temperature
from trainer_adapters.core import metrics as M
from trainer_adapters.core.auto_temperature import ProbeStats
from microcoder_eval.ground_truth import to_ground_truth

torch = pytest.importorskip("torch")
pytest.importorskip("trl")
pd = pytest.importorskip("pandas")

G = 4
MAX_LEN = 16
PROBE_TEMPERATURES = (0.7, 1.0, 1.3)


pytestmark = pytest.mark.usefixtures("one_torch_thread")


@pytest.fixture(scope="module")
def dataset_dir(tmp_path_factory) -> Path:
    from microcoder_eval.types import JudgeTask, TestCase

    gt = to_ground_truth(JudgeTask(mode="stdin", tests=(TestCase("1 2\n", "3\n"), TestCase("5 7\n", "12\n"))))
    rows = [
        {
            "data_source": "microcoder",
            "prompt": [{"role": "user", "content": f"Problem {i}: read two integers and print their sum."}],
            "ability": "code",
            "reward_model": {"style": "rule", "ground_truth": gt},
            "extra_info": {"index": i},
        }
        for i in range(4)
    ]
    out = tmp_path_factory.mktemp("auto-data")
    pd.DataFrame(rows).to_parquet(out / "train.parquet")
    return out


def _config(model_dir, **extra) -> MicroCoderGRPOConfig:
    base = dict(
        model_name_or_path=str(model_dir),
        max_prompt_length=256,
        max_response_length=MAX_LEN,
        train_batch_size=2,
        ppo_mini_batch_size=2,
        num_generations=G,
        total_training_steps=3,
        learning_rate=1e-4,
        save_freq=1,
        seed=11,
        repetition_window=4,
        backend_overrides={},
    )
    base.update(extra)
    return MicroCoderGRPOConfig(**base)


def _auto_config(model_dir, **extra) -> MicroCoderGRPOConfig:
    return _config(
        model_dir,
        temperature="auto",
        probe_temperatures=PROBE_TEMPERATURES,
        probe_prompts=3,
        convergence_diversity=0.6,  # the random tiny model samples near-uniform tokens: diversity ~1
        fluctuation_threshold=0.5,
        diversity_window=2,
        **extra,
    )


def _planting_trainer_cls():
    from trainer_adapters.trl.trainer import MicroCoderGRPOTrainer

    class PlantingTrainer(MicroCoderGRPOTrainer):
        sampled_at: ClassVar[list[float]] = []  # temperatures sampled at, across instances (a resume)

        def _generate_single_turn(self, prompt_ids, *args, **kwargs):
            completion_ids, logprobs = super()._generate_single_turn(prompt_ids, *args, **kwargs)
            type(self).sampled_at.append(float(self.generation_config.temperature))
            step = self.microcoder_step()
            eos = self.processing_class.eos_token_id
            a = [100 + i for i in range(MAX_LEN - 1)] + [eos]
            b = [300 + i for i in range(MAX_LEN - 1)] + [eos]
            variants = [a, b, a, b] if step == 1 else [a, a, a, a]  # diversity 0.5, then 0.25
            for i in range(len(completion_ids)):
                completion_ids[i] = list(variants[i % G])
            return completion_ids, logprobs

    return PlantingTrainer


def _records(out: Path) -> list[dict]:
    return [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]


@pytest.mark.slow
def test_auto_temperature_probe_choice_switch_and_resume(tiny_qwen2_dir, dataset_dir, tmp_path):
    from trainer_adapters.trl import build_trainer
    from trainer_adapters.trl.trainer import TEMPERATURE_STATE_FILE

    cls = _planting_trainer_cls()
    out = tmp_path / "run"
    trainer = build_trainer(
        _auto_config(tiny_qwen2_dir, total_training_steps=2),
        str(tiny_qwen2_dir),
        str(dataset_dir),
        str(out),
        trainer_cls=cls,
    )
    trainer.train()

    # the probe, logged before step 1 under microcoder/probe/..., one value per probe temperature
    records = _records(out)
    probe = {k: v for r in records if r["step"] == 0 for k, v in r.items() if k.startswith(M.PROBE_PREFIX)}
    for t in PROBE_TEMPERATURES:
        assert 0 < probe[M.probe_diversity_name(t)] <= 1 and probe[M.probe_spread_name(t)] >= 0
    assert probe["microcoder/probe/prompts"] == 3
    stats = {
        t: ProbeStats(t, probe[M.probe_diversity_name(t)], probe[M.probe_spread_name(t)], ())
        for t in PROBE_TEMPERATURES
    }
    chosen = probe[M.PROBE_CHOSEN]
    assert chosen == choose_initial_temperature(stats, 0.6, 0.5)
    assert chosen < PROBE_TEMPERATURES[-1], probe  # room for one switch (the model is near-uniform)
    next_stage = min(t for t in PROBE_TEMPERATURES if t > chosen)

    # trained at the chosen temperature; diversity 0.5 then 0.25 (< 0.6, falling) -> one switch after step 2
    steps = [r for r in records if "loss" in r]
    assert [r["step"] for r in steps] == [1, 2]
    assert [r[M.TEMPERATURE] for r in steps] == [chosen, chosen]
    assert [r[M.DIVERSITY] for r in steps] == [pytest.approx(0.5), pytest.approx(0.25)]
    assert [r[M.TEMPERATURE_SWITCH] for r in steps] == [0.0, 1.0]
    assert cls.sampled_at == [chosen, chosen]
    state = json.loads((out / "checkpoint-2" / TEMPERATURE_STATE_FILE).read_text())
    assert state["temperature"] == next_stage and state["switches"] == [{"step": 2, "from": chosen, "to": next_stage}]

    # resume for a third step: no second probe, the restored controller's temperature is used
    cls.sampled_at = []
    resumed = build_trainer(
        _auto_config(tiny_qwen2_dir, total_training_steps=3),
        str(tiny_qwen2_dir),
        str(dataset_dir),
        str(out),
        trainer_cls=cls,
    )
    resumed.train(resume_from_checkpoint=True)
    records = _records(out)
    assert sum(1 for r in records if M.PROBE_CHOSEN in r) == 1
    step3 = [r for r in records if "loss" in r and r["step"] == 3]
    assert len(step3) == 1 and step3[0][M.TEMPERATURE] == next_stage
    assert cls.sampled_at == [next_stage]


def test_auto_temperature_refuses_a_probe_with_no_qualifying_temperature(tiny_qwen2_dir, dataset_dir, tmp_path):
    from trainer_adapters.trl import build_trainer

    cfg = _config(
        tiny_qwen2_dir,
        temperature="auto",
        probe_temperatures=(0.7, 1.0),
        probe_prompts=2,
        convergence_diversity=1.01,
        total_training_steps=1,
    )  # diversity never reaches 1.01
    out = tmp_path / "refused"
    trainer = build_trainer(cfg, str(tiny_qwen2_dir), str(dataset_dir), str(out))
    with pytest.raises(ValueError, match="no probe temperature has diversity"):
        trainer.train()
    # the probe is on record even though no temperature qualified; training never started
    records = _records(out)
    assert any(M.probe_diversity_name(0.7) in r for r in records)
    assert not any("loss" in r for r in records) and trainer.state.global_step == 0


@pytest.mark.parametrize("preset", ["microcoder", "grpo", "dapo"])
def test_each_preset_runs_a_step_on_cpu(preset, tiny_qwen2_dir, dataset_dir, tmp_path):
    from trainer_adapters.trl import build_trainer

    cfg = apply_preset(_config(tiny_qwen2_dir, total_training_steps=1, temperature=1.0, save_freq=0), preset)
    out = tmp_path / preset
    trainer = build_trainer(cfg, str(tiny_qwen2_dir), str(dataset_dir), str(out))
    trainer.train()
    (step,) = [r for r in _records(out) if "loss" in r]
    assert math.isfinite(step["loss"]) and step[M.TEMPERATURE] == 1.0
    assert (trainer.ref_model is not None) == (preset == "grpo")  # KL loss against a reference model
    assert ("kl" in step) == (preset == "grpo")
    assert (trainer.args.epsilon, trainer.args.epsilon_high) == ((0.2, 0.2) if preset == "grpo" else (0.2, 0.28))
    overlong = [k for k in step if k.startswith("rewards/") and "overlong" in k]
    assert bool(overlong) == (preset == "dapo")  # DAPO's soft overlong punishment is a second reward
    if preset != "microcoder":
        assert step[M.MASK_FRACTION] == 0.0  # the baselines have no mask


def test_dapo_overlong_punishment_shapes_training_not_validation(tiny_qwen2_dir, dataset_dir, tmp_path):
    """Preset dapo on TRL: the random tiny model mostly runs to max_response_length, deep in the overlong
    buffer, so training rewards carry the punishment; validation's completions do not."""
    import shutil

    from trainer_adapters.trl import build_trainer

    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(dataset_dir / "train.parquet", data / "train.parquet")
    shutil.copy(dataset_dir / "train.parquet", data / "test.parquet")  # a validation split
    cfg = apply_preset(
        _config(
            tiny_qwen2_dir,
            total_training_steps=1,
            temperature=1.0,
            save_freq=0,
            eval_max_response_length=MAX_LEN,
            val_num_samples=2,
            test_freq=1,
        ),
        "dapo",
    )
    out = tmp_path / "dapo"
    trainer = build_trainer(cfg, str(tiny_qwen2_dir), str(data), str(out))
    trainer.evaluate()
    trainer.train()
    name = "soft_overlong_punishment_reward"
    (val,) = [r for r in _records(out) if r["step"] == 0 and f"eval_rewards/{name}/mean" in r]
    (step,) = [r for r in _records(out) if "loss" in r]
    # a clipped completion is max_response_length long: punished by -1 when shaped
    assert step[M.TRUNCATION_FRACTION] > 0 and step[f"rewards/{name}/mean"] < 0  # shaped in training
    assert val["eval_completions/clipped_ratio"] > 0  # validation's completions ran into the buffer too,
    assert val[f"eval_rewards/{name}/mean"] == 0.0  # yet validation keeps the judge's reward
    assert trainer.overlong_reward.active  # switched back on after validating
