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
    assess_rows,
    batch_diversity,
    draw_mask,
    is_repetition_loop,
    mask_candidate,
    masking_metrics,
    masking_seed,
    metrics,
    ngram_diversity,
)
from trainer_adapters.core.config import UnknownConfigKeyError
from trainer_adapters.core.step import MaskRules


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
    for check in ("period", "window"):  # cases both readings agree on
        assert is_repetition_loop([7] * 10 + block + block, check=check)
        assert not is_repetition_loop(block + block[:-1] + [999], check=check)
        assert not is_repetition_loop(block + block[:127], check=check)  # period 128 needs 2*window tokens
        assert is_repetition_loop([1, 2, 1, 2], window=2, check=check)
        assert not is_repetition_loop([1, 2, 1, 3], window=2, check=check)
        assert is_repetition_loop([5] * 256, check=check)
    with pytest.raises(ValueError):
        is_repetition_loop([1, 2], window=0)
    with pytest.raises(ValueError, match="repetition check"):
        is_repetition_loop([1, 2], check="exact")


def test_seven_token_loop_is_a_loop_only_for_the_period_check():
    """A response looping on a 7-token line: 128 % 7 != 0, so the two 128-token windows differ."""
    line = [11, 12, 13, 14, 15, 16, 17]
    response = list(range(100, 400)) + line * 60  # 300 tokens of code, then 420 tokens of loop
    assert response[-128:] != response[-256:-128]
    assert not is_repetition_loop(response, 128, check="window")
    assert is_repetition_loop(response, 128, check="period")
    # the loop must cover the whole span of 2*window tokens: a short loop at the end is not enough
    assert not is_repetition_loop(list(range(1000, 1200)) + line * 5, 128)
    # period above the window is not a loop of "any period up to window"
    wide = list(range(130))
    assert not is_repetition_loop(wide * 3, 128)
    # short responses: the whole response is the span, the unit must occur twice
    assert is_repetition_loop(line * 3, 128) and not is_repetition_loop(line + [1], 128)


# ------------------------------------------------------------------ mask rule
def test_mask_candidate_rule():
    text = list(range(1000))  # no loop
    loop = list(range(100)) + [1, 2, 3, 4, 5, 6, 7] * 50
    # truncated + accepted / incomplete / no_code (prose cut off) -> candidate
    assert mask_candidate("accepted", True, text)
    assert mask_candidate("incomplete", True, text)
    assert mask_candidate("no_code", True, text)
    # a wrong answer (or any other failing verdict) is never a candidate
    for verdict in ("wrong_answer", "runtime_error", "time_limit", "memory_limit", "compile_error", "output_limit"):
        assert not mask_candidate(verdict, True, text), verdict
    # not truncated -> never
    for verdict in ("accepted", "incomplete", "no_code"):
        assert not mask_candidate(verdict, False, text)
    # a repetition loop (7-token period) -> never, under the default check
    assert not mask_candidate("no_code", True, loop) and not mask_candidate("accepted", True, loop)
    assert mask_candidate("accepted", True, loop, check="window")  # what the literal reading does
    from microcoder_eval.types import Verdict

    assert mask_candidate(Verdict.NO_CODE, True, text)  # enum or string


def test_draw_mask_one_draw_per_row_in_order():
    n = 64
    draws = np.random.default_rng(123).random(n)
    cand = np.ones(n, bool)
    cand[::3] = False  # flipping candidacy of some rows must not shift the other rows' draws
    m = draw_mask(cand, 0.5, np.random.default_rng(123))
    assert (m == (cand & (draws < 0.5))).all()
    assert draw_mask(cand, 1.0, np.random.default_rng(0)).tolist() == cand.tolist()
    assert not draw_mask(cand, 0.0, np.random.default_rng(0)).any()
    with pytest.raises(ValueError):
        draw_mask([True], 1.5, np.random.default_rng(0))


def test_mask_rate_and_reproducibility():
    n = 20000
    t = np.ones(n, bool)
    rng = MaskRng(7)
    a = draw_mask(t, 0.3, rng.for_step(5))
    b = draw_mask(t, 0.3, MaskRng(7).for_step(5))
    c = draw_mask(t, 0.3, rng.for_step(6))
    assert (a == b).all()
    assert not (a == c).all()
    assert abs(a.mean() - 0.3) < 0.02
    assert masking_seed(7, 5) == masking_seed(7, 5) != masking_seed(8, 5)


def test_assess_rows_and_metrics():
    fresh = list(range(16))
    loop = [1, 2, 3] * 6  # truncated loop (period 3, window 4)
    prose = list(range(50, 66))
    short = [1, 2, 3]
    rows = [fresh, loop[:16], prose, fresh, short]
    verdicts = ["accepted", "accepted", "no_code", "wrong_answer", "accepted"]
    accuracy = [1, 1, 0, 0, 1]
    a = assess_rows(rows, verdicts, accuracy, max_response_length=16, window=4)
    assert a.truncated.tolist() == [True, True, True, True, False]
    assert a.repetitive.tolist() == [False, True, False, False, False]
    assert a.candidate.tolist() == [True, False, True, False, False]
    for row, v, c in zip(rows, verdicts, a.candidate):  # one rule: the batch path agrees with mask_candidate
        assert c == mask_candidate(v, len(row) >= 16, row, 4)
    mask = draw_mask(a.candidate, 1.0, np.random.default_rng(0))
    m = masking_metrics(a, mask)
    assert set(m) == set(metrics.MASK_METRICS)
    assert m[metrics.MASK_FRACTION] == m[metrics.MASK_CANDIDATE_FRACTION] == pytest.approx(2 / 5)
    assert m[metrics.TRUNCATION_FRACTION] == pytest.approx(4 / 5)
    assert m[metrics.REPETITION_FRACTION] == pytest.approx(1 / 4)  # of the truncated rows
    assert m[metrics.TRUNCATED_NO_CODE_FRACTION] == pytest.approx(1 / 5)
    assert m[metrics.INCOMPLETE_FRACTION] == 0.0 and m[metrics.ACCURACY] == pytest.approx(3 / 5)
    empty = assess_rows([], [], [], max_response_length=16)
    assert masking_metrics(empty, []) == {k: 0.0 for k in metrics.MASK_METRICS}
    with pytest.raises(ValueError, match="length mismatch"):
        assess_rows([fresh], [], [], max_response_length=16)


def test_verdict_of_results_without_a_verdict():
    from trainer_adapters.core import verdict_of

    assert verdict_of({"verdict": "no_code", "acc": 0.0}) == "no_code"
    assert verdict_of({"incomplete": True}) == "incomplete"
    assert verdict_of({"acc": 1.0}) == "accepted"
    assert verdict_of({"score": 0.5, "acc": 0.0}) == "wrong_answer"  # acc, not a fractional score
    assert verdict_of({}, correct=0.0) == "wrong_answer"


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
        [
            "learning_rate=2e-6",
            "use_kl_loss=false",
            "total_training_steps=300",
            "temperature_stages=0:1.0,50:1.2",
            "probe_temperatures=[0.8, 1.0]",
            "output_dir=null",
            "model_name_or_path=/m/x",
        ]
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
    assert str(exc.value) == "unknown MicroCoderGRPOConfig key 'mask_prob'; did you mean mask_probability?"
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
    assert metrics.probe_diversity_name(1.2) == "microcoder/probe/diversity@T=1.2"
    assert metrics.probe_spread_name(0.6) == "microcoder/probe/diversity_std@T=0.6"
    assert len(set(metrics.ALL)) == len(metrics.ALL)


def test_infra_error_rows_get_zero_advantage_whatever_the_draw():
    import numpy as np

    from trainer_adapters.core import metrics as M
    from trainer_adapters.core.masking import assess_rows, draw_mask, masking_metrics, zeroed_rows
    from trainer_adapters.verl.advantage import plan_truncation_mask

    rows = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 2]]
    verdicts = ["accepted", "infra_error", "wrong_answer", "infra_error"]
    assessed = assess_rows(rows, verdicts, [1.0, 0.0, 0.0, 0.0], max_response_length=100)
    drawn = draw_mask(assessed.candidate, 1.0, np.random.default_rng(0))
    assert not drawn.any()  # none truncated: the truncation mask takes nothing
    assert zeroed_rows(assessed, drawn).tolist() == [False, True, False, True]
    metrics = masking_metrics(assessed, drawn)
    assert metrics[M.INFRA_ERROR_FRACTION] == 0.5 and metrics[M.MASK_FRACTION] == 0.0

    # verl: the row reported by compute_score as infra_error is zeroed, the wrong answer is not
    extra = [
        {"reward_extra_info": {"verdict": v, "acc": a, "infra_error": v == "infra_error"}}
        for v, a in zip(verdicts, [1.0, 0.0, 0.0, 0.0])
    ]
    plan = plan_truncation_mask(
        [f"u{i}_0_0" for i in range(4)],
        [[9]] * 4,
        rows,
        [1.0, 0.0, 0.0, 0.0],
        extra,
        [False] * 4,
        rules=MaskRules(max_response_length=100, probability=0.0),
        rng=np.random.default_rng(0),
    )
    assert plan.mask.tolist() == [False, True, False, True]
    assert plan.metrics[M.INFRA_ERROR_FRACTION] == 0.5


def test_every_config_field_has_help_listed_by_train_help():
    """Each MicroCoderGRPOConfig field's help stands next to it (metadata) and `microcoder train --help` lists it."""
    import dataclasses

    from click.testing import CliRunner

    from cli.train_cmd import train

    assert all(f.metadata.get("help") for f in dataclasses.fields(MicroCoderGRPOConfig))
    out = CliRunner().invoke(train, ["--help"]).output
    assert "--dry-run" in out  # the options are still there
    for f in dataclasses.fields(MicroCoderGRPOConfig):
        assert f"  {f.name}=" in out and f.metadata["help"] in out
    assert "  mask_probability=0.3  Share (rho)" in out


def test_one_rule_says_whether_a_sample_is_correct():
    from trainer_adapters.core.groups import is_correct

    assert is_correct({"acc": 1.0, "score": 1.0, "verdict": "accepted"})
    assert not is_correct({"acc": 0.0, "score": 0.75, "verdict": "wrong_answer"})  # reward=fraction: partial is wrong
    assert not is_correct({"score": 0.75, "verdict": "wrong_answer"})  # no acc: the verdict decides
    assert is_correct({"verdict": "accepted", "score": 0.0})
    assert is_correct({"score": 1.0}) and not is_correct({"score": 0.0}) and not is_correct({})
    assert is_correct({}, score=1.0)  # the backend's own score for a bare result


def test_an_infra_error_row_takes_no_part_in_its_groups_statistics():
    import numpy as np

    from trainer_adapters.core.groups import grpo_advantages, rows_without_advantage

    scores = [1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0]
    groups = [0, 0, 0, 0, 1, 1, 1, 1]
    clean = grpo_advantages(scores, groups, [False] * 8)
    s = np.array(scores[:4])
    assert np.allclose(clean[:4], (s - s.mean()) / (s.std(ddof=1) + 1e-6))  # verl's GRPO, as it computes it
    infra = [False, True, False, False, False, False, False, False]  # row 1 scored 0 for a lost worker
    adv = grpo_advantages(scores, groups, infra)
    real = np.array([1.0, 0.0, 1.0])
    assert adv[1] == 0.0
    assert np.allclose(adv[[0, 2, 3]], (real - real.mean()) / (real.std(ddof=1) + 1e-6))
    assert not np.allclose(adv[[0, 2, 3]], clean[[0, 2, 3]])  # the failure had moved the others
    assert np.allclose(adv[4:], clean[4:])  # the other group is untouched
    # a group that infra errors leave with one real row gets no advantage at all
    starved = [True, True, True, False, False, False, False, False]
    assert rows_without_advantage(groups, starved).tolist() == [True] * 4 + [False] * 4
    assert not grpo_advantages(scores, groups, starved)[:4].any()
    # a group of one that lost nothing is the backend's business
    assert rows_without_advantage([0, 1], [False, False]).tolist() == [False, False]


def test_verl_regroups_the_groups_that_hold_an_infra_error_session():
    import numpy as np

    from trainer_adapters.core.groups import grpo_advantages
    from trainer_adapters.verl.advantage import plan_truncation_mask

    scores = [1.0, 0.0, 0.0, 1.0, 1.0, 0.0]
    verdicts = ["accepted", "infra_error", "wrong_answer", "accepted", "accepted", "wrong_answer"]
    extra = [
        {"reward_extra_info": {"verdict": v, "acc": s, "infra_error": v == "infra_error"}}
        for v, s in zip(verdicts, scores)
    ]
    keys = [f"{uid}_{sid}_0" for uid in ("a", "b") for sid in range(3)]
    rows = [[1, 2, k] for k in range(6)]
    prompts = [[7]] * 3 + [[8]] * 3
    plan = plan_truncation_mask(
        keys,
        prompts,
        rows,
        scores,
        extra,
        [False] * 6,
        rules=MaskRules(max_response_length=100, probability=0.0),
        rng=np.random.default_rng(0),
        regroup="group",
    )
    assert plan.mask.tolist() == [False, True, False, False, False, False]
    expected = grpo_advantages([1.0, 0.0], [0, 0], [False, False])
    assert set(plan.regrouped) == {0, 2}  # group a only; the infra row itself is zeroed
    assert np.isclose(plan.regrouped[0], expected[0]) and np.isclose(plan.regrouped[2], expected[1])
    unregrouped = plan_truncation_mask(
        keys,
        prompts,
        rows,
        scores,
        extra,
        [False] * 6,
        rules=MaskRules(max_response_length=100, probability=0.0),
        rng=np.random.default_rng(0),
    )
    assert unregrouped.regrouped == {} and unregrouped.mask.tolist() == plan.mask.tolist()
