"""Pure, fast tests of the backend-neutral MicroCoder-GRPO core."""
from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pytest

from trainer_adapters.core import (
    MaskRng,
    MicroCoderGRPOConfig,
    TemperatureSchedule,
    batch_diversity,
    choose_initial_temperature,
    conditional_truncation_mask,
    is_repetition_loop,
    masking_seed,
    metrics,
    ngram_diversity,
    non_incorrect_from_result,
    probe_diversity,
    truncation_mask_rows,
)
from trainer_adapters.core.config import UnknownConfigKeyError


def test_core_imports_no_backend():
    code = (
        "import sys, trainer_adapters.core as c, trainer_adapters.core.metrics;"
        "bad=[m for m in ('torch','verl','trl','ray','transformers') if m in sys.modules];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


# ------------------------------------------------------------------ repetition
def test_repetition_loop():
    block = list(range(128))
    assert is_repetition_loop([7] * 10 + block + block)
    assert not is_repetition_loop(block + block[:-1] + [999])
    assert not is_repetition_loop(block + block[:127])  # fewer than 2*window tokens
    assert is_repetition_loop([1, 2, 1, 2], window=2)
    assert not is_repetition_loop([1, 2, 1, 3], window=2)
    assert is_repetition_loop([5] * 256)
    with pytest.raises(ValueError):
        is_repetition_loop([1, 2], window=0)


# ------------------------------------------------------------------ masking
def test_mask_requires_all_conditions():
    truncated = [True, True, True, True, False]
    non_incorrect = [True, False, True, True, True]
    repetitive = [False, False, True, False, False]
    always = truncation_mask_rows(truncated, non_incorrect, repetitive, 1.0, np.random.default_rng(0))
    assert always.tolist() == [True, False, False, True, False]
    never = truncation_mask_rows(truncated, non_incorrect, repetitive, 0.0, np.random.default_rng(0))
    assert not never.any()


def test_mask_one_draw_per_row_in_order():
    n = 64
    rng_draws = np.random.default_rng(123).random(n)
    truncated = np.ones(n, bool)
    ok = np.ones(n, bool)
    rep = np.zeros(n, bool)
    # flip conditions on other rows: the draws for remaining rows must not shift
    ok2 = ok.copy()
    ok2[::3] = False
    m = truncation_mask_rows(truncated, ok2, rep, 0.5, np.random.default_rng(123))
    expected = ok2 & (rng_draws < 0.5)
    assert (m == expected).all()


def test_mask_rate_and_reproducibility():
    n = 20000
    t = np.ones(n, bool)
    rng = MaskRng(7)
    a = truncation_mask_rows(t, t, ~t, 0.3, rng.for_step(5))
    b = truncation_mask_rows(t, t, ~t, 0.3, MaskRng(7).for_step(5))
    c = truncation_mask_rows(t, t, ~t, 0.3, rng.for_step(6))
    assert (a == b).all()
    assert not (a == c).all()
    assert abs(a.mean() - 0.3) < 0.02
    assert masking_seed(7, 5) == masking_seed(7, 5) != masking_seed(8, 5)


def test_mask_validation():
    with pytest.raises(ValueError):
        truncation_mask_rows([True], [True, False], [False], 0.5, np.random.default_rng(0))
    with pytest.raises(ValueError):
        truncation_mask_rows([True], [True], [False], 1.5, np.random.default_rng(0))


def test_conditional_truncation_mask_end_to_end():
    loop = list(range(4)) * 4  # 16 tokens, window 4 -> loop
    fresh = list(range(16))
    short = [1, 2, 3]
    responses = [fresh, loop, fresh, short]
    mask, stats = conditional_truncation_mask(
        responses, max_response_length=16, non_incorrect=[True, True, False, True],
        probability=1.0, rng=np.random.default_rng(0), window=4,
    )
    assert mask.tolist() == [True, False, False, False]
    assert stats["truncation_fraction"] == 0.75
    assert stats["mask_fraction"] == 0.25
    assert math.isclose(stats["repetition_fraction"], 1 / 3)


def test_non_incorrect():
    assert non_incorrect_from_result(1.0)
    assert not non_incorrect_from_result(0.0, "wrong_answer")
    assert non_incorrect_from_result(0.0, "incomplete")
    assert non_incorrect_from_result(0.0, None, incomplete=True)
    assert not non_incorrect_from_result(0.0, None, incomplete=False)


# ------------------------------------------------------------------ diversity
def test_ngram_diversity():
    assert ngram_diversity([[1, 2, 3, 4, 5]]) == 1.0  # 2 distinct 4-grams
    assert ngram_diversity([[1, 2, 3, 4], [1, 2, 3, 4]]) == 0.5
    assert ngram_diversity([[1, 1, 1, 1, 1, 1]]) == 1 / 3  # repeats inside a sample count
    assert math.isnan(ngram_diversity([[1, 2, 3], []]))
    assert ngram_diversity([[1, 2, 3], [1, 2, 3, 4]]) == 1.0  # short samples contribute nothing
    assert ngram_diversity([[1, 2], [1, 2], [3, 4]], n=2) == 2 / 3


def test_batch_diversity():
    g1 = [[1, 2, 3, 4], [1, 2, 3, 4]]  # 0.5
    g2 = [[1, 2, 3, 4, 5]]  # 1.0
    assert batch_diversity([g1, g2]) == 0.75
    assert batch_diversity([g1, [[1]]]) == 0.5  # undefined group skipped
    assert math.isnan(batch_diversity([[[1]]]))


# ------------------------------------------------------------------ temperature
def test_schedule():
    s = TemperatureSchedule([(0, 0.8), (100, 1.0), (200, 1.2)])
    assert s.boundaries == [100, 200]
    assert [s.temperature_at(x) for x in (0, 1, 99, 100, 199, 200, 10_000)] == [0.8, 0.8, 0.8, 1.0, 1.0, 1.2, 1.2]
    assert s.stage_index(150) == 1
    assert TemperatureSchedule([(0, 1.2)]).boundaries == []


@pytest.mark.parametrize(
    "stages,msg",
    [
        ([(0, 1.2), (100, 1.0)], "non-decreasing"),
        ([(0, 1.0), (100, 1.1), (50, 1.2)], "strictly increasing"),
        ([(10, 1.0)], "step 0"),
        ([], "at least one"),
        ([(0, -1.0)], "positive"),
    ],
)
def test_schedule_validation(stages, msg):
    with pytest.raises(ValueError, match=msg):
        TemperatureSchedule(stages)


def test_choose_initial_temperature():
    probe = {0.6: 0.2, 0.8: 0.3, 1.0: 0.4, 1.2: 0.5, 1.4: 0.7, 1.6: 0.85, 1.8: 0.95}
    assert choose_initial_temperature(probe, 0.35, 0.75) == 1.0
    assert choose_initial_temperature(probe, 0.45, 0.75) == 1.2
    # variance rule: 1.2 fluctuates across repeats -> next candidate
    assert choose_initial_temperature(probe, 0.45, 0.75, {1.2: 0.1}, max_std=0.05) == 1.4
    with pytest.raises(ValueError, match="no candidate"):
        choose_initial_temperature(probe, 0.9, 0.92)
    with pytest.raises(ValueError):
        choose_initial_temperature(probe, 0.8, 0.5)


def test_probe_diversity():
    def generate(t):
        # higher temperature -> more distinct tokens
        k = int(t * 10)
        return [[list(range(k)) + [0] * 4, list(range(k, 2 * k)) + [0] * 4]]

    probe = probe_diversity(generate, [0.6, 1.2])
    assert set(probe) == {0.6, 1.2}
    assert probe[1.2] > probe[0.6]


# ------------------------------------------------------------------ config
def test_config_defaults_match_paper():
    c = MicroCoderGRPOConfig()
    assert c.model_name_or_path == "Qwen/Qwen3-4B-Instruct-2507"
    assert (c.max_response_length, c.eval_max_response_length) == (4096, 8192)
    assert (c.train_batch_size, c.num_generations, c.val_num_samples) == (64, 8, 4)
    assert c.learning_rate == 1e-6 and c.temperature == 1.2 and c.temperature_stages == [(0, 1.2)]
    assert (c.clip_ratio_low, c.clip_ratio_high, c.loss_agg_mode) == (0.2, 0.28, "token-mean")
    assert not c.use_kl_loss and c.kl_coef == 0.0 and c.reward == "binary"
    assert c.repetition_window == 128 and c.seed == 42 and 0 < c.mask_probability <= 1
    assert c.ppo_mini_batch_size < c.train_batch_size
    assert c.probe_temperatures == (0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8)


def test_config_overrides_and_coercion():
    c = MicroCoderGRPOConfig().with_overrides(
        ["learning_rate=2e-6", "use_kl_loss=false", "total_training_steps=300", "temperature_stages=0:1.0,50:1.2",
         "probe_temperatures=[0.8, 1.0]", "output_dir=null", "model_name_or_path=/m/x"]
    )
    assert c.learning_rate == 2e-6 and c.use_kl_loss is False and c.total_training_steps == 300
    assert c.temperature_stages == [(0, 1.0), (50, 1.2)] and c.temperature == 1.0
    assert c.probe_temperatures == (0.8, 1.0) and c.output_dir is None and c.model_name_or_path == "/m/x"
    c2 = MicroCoderGRPOConfig().with_overrides(["temperature=1.4"])
    assert c2.temperature_stages == [(0, 1.4)]
    assert MicroCoderGRPOConfig(temperature=0.9).temperature_stages == [(0, 0.9)]
    with pytest.raises(ValueError, match="multi-stage"):
        c.with_overrides(["temperature=1.4"])
    with pytest.raises(ValueError, match="train_batch_size"):
        MicroCoderGRPOConfig().with_overrides(["train_batch_size=abc"])
    with pytest.raises(ValueError, match="non-decreasing"):
        MicroCoderGRPOConfig().with_overrides(["temperature_stages=0:1.2,10:1.0"])
    with pytest.raises(ValueError, match="mask_probability"):
        MicroCoderGRPOConfig().with_overrides(["mask_probability=2"])


def test_config_unknown_key():
    with pytest.raises(UnknownConfigKeyError, match="mask_prob") as exc:
        MicroCoderGRPOConfig().with_overrides(["mask_prob=0.5"])
    assert "mask_probability" in str(exc.value)  # suggestion
    assert isinstance(exc.value, KeyError)
    with pytest.raises(ValueError):
        MicroCoderGRPOConfig().with_overrides(["no_equals_sign"])


def test_config_file_roundtrip(tmp_path):
    c = MicroCoderGRPOConfig().with_overrides(["temperature_stages=0:1.0,100:1.2", "mask_probability=1.0"])
    p = tmp_path / "c.json"
    p.write_text(json.dumps(c.to_dict()))
    assert MicroCoderGRPOConfig.from_file(p) == c
    y = tmp_path / "c.yaml"
    y.write_text(
        "microcoder:\n  temperature_stages: [[0, 0.8], [20, 1.2]]\n  train_batch_size: 8\n  ppo_mini_batch_size: 4\n"
        "backend_overrides:\n  verl:\n    trainer.n_gpus_per_node: 1\n"
    )
    c2 = MicroCoderGRPOConfig.from_file(y)
    assert c2.temperature == 0.8 and c2.train_batch_size == 8
    assert c2.backend_overrides == {"verl": ["trainer.n_gpus_per_node=1"]}
    bad = tmp_path / "bad.yaml"
    bad.write_text("tempreature: 1.0\n")
    with pytest.raises(UnknownConfigKeyError, match="tempreature"):
        MicroCoderGRPOConfig.from_file(bad)


def test_metric_names():
    assert metrics.DIVERSITY == "microcoder/diversity"
    assert metrics.MASK_FRACTION == "microcoder/mask_fraction"
    assert metrics.TRUNCATION_FRACTION == "microcoder/truncation_fraction"
    assert metrics.TEMPERATURE == "microcoder/temperature"
    assert metrics.INCOMPLETE_FRACTION == "microcoder/incomplete_fraction"
    assert len(set(metrics.ALL)) == len(metrics.ALL)
