"""The seam between the judge and the trainers: the typed reward result, its one decoder, the
step plan both backends call, the run files, and the judge settings from the trainer config."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from microcoder_eval import reward
from microcoder_eval.ground_truth import to_ground_truth
from microcoder_eval.reward_result import RewardResult, decode_reward
from microcoder_eval.types import JudgeTask, TestCase
from trainer_adapters.core import MaskRng, MicroCoderGRPOConfig
from trainer_adapters.core import metrics as M
from trainer_adapters.core.auto_temperature import DiversityTemperatureController
from trainer_adapters.core.run_files import (
    METRICS_FILE,
    TEMPERATURE_STATE_FILE,
    MetricsFile,
    load_temperature_state,
    save_temperature_state,
)
from trainer_adapters.core.step import MaskRules, StepTemperature, plan_step

ADD = to_ground_truth(JudgeTask("stdin", (TestCase("1 2\n", "3\n"), TestCase("5 7\n", "12\n"))))
# about a second of CPU before it answers: within the judge's default limit, not within 0.3 s
SLOW = "```python\nn = 0\nfor i in range(30_000_000):\n    n += i\na, b = map(int, input().split())\nprint(a + b)\n```"


def fence(code: str) -> str:
    return f"```python\n{code}\n```"


def test_the_reward_dict_is_the_typed_result_and_reads_back_the_same():
    right = reward.compute_score("x", fence("a,b=map(int,input().split())\nprint(a+b)"), ADD)
    wrong = reward.compute_score("x", fence("print(3)"), ADD, reward="fraction")
    cut = reward.compute_score("x", "```python\na,b=map(int,input(", ADD)
    assert list(right) == ["score", "acc", "incomplete", "infra_error", "verdict", "tests_passed", "tests_total"]
    assert decode_reward(right) == RewardResult(1.0, 1.0, "accepted", False, False, 2, 2)
    assert decode_reward(wrong) == RewardResult(0.5, 0.0, "wrong_answer", False, False, 1, 2)  # partial: still wrong
    assert decode_reward(cut).incomplete and decode_reward(cut).verdict == "incomplete"
    for d in (right, wrong, cut):
        assert decode_reward(d).to_dict() == d  # one shape out, read back unchanged


def test_the_decoder_reads_older_reward_dicts():
    assert decode_reward({"score": 1.0}) == RewardResult(1.0, 1.0, "accepted", False, False, 0, 0)
    assert decode_reward({"score": 0.5, "acc": 0.0}).verdict == "wrong_answer"  # acc, not a partial score
    assert decode_reward({"incomplete": True}).verdict == "incomplete"
    assert decode_reward({"infra_error": True}).infra_error
    assert decode_reward({"verdict": "infra_error"}).infra_error
    assert decode_reward({}, score=1.0).correct  # the trainer's own score for a bare result
    assert decode_reward({"score": 0.0}, score=1.0).score == 1.0  # ... which wins


def test_the_step_plan_zeroes_draws_infra_errors_and_lonely_groups_and_logs_every_metric():
    rules = MaskRules(max_response_length=4, probability=1.0, window=2)
    rows = [[1, 2, 3, 4], [5, 6], [1, 1, 2, 3], [7, 8], [9, 9, 9, 9]]
    results = [
        decode_reward(d)
        for d in (
            {"verdict": "incomplete", "acc": 0.0},  # truncated, non-incorrect
            {"verdict": "wrong_answer", "acc": 0.0},
            {"verdict": "infra_error", "infra_error": True, "acc": 0.0},
            {"verdict": "accepted", "acc": 1.0},  # alone in its group now
            {"verdict": "accepted", "acc": 1.0},
        )
    ]  # truncated but a loop
    plan = plan_step(rows, results, [0, 0, 1, 1, 2], MaskRng(1).for_step(1), rules, temperature=1.2)
    assert plan.drawn.tolist() == [True, False, False, False, False]
    assert plan.zeroed.tolist() == [True, False, True, True, False]
    assert set(plan.metrics) == set(M.ALL)
    assert plan.metrics[M.TEMPERATURE] == 1.2 and plan.metrics[M.INFRA_ERROR_FRACTION] == 0.2
    assert plan.metrics[M.REPETITION_FRACTION] == pytest.approx(1 / 3)
    with pytest.raises(ValueError, match="length mismatch"):
        plan_step(rows, results[:2], [0] * 5, MaskRng(1).for_step(1), rules)


def test_step_temperature_follows_the_schedule_or_the_controller():
    cfg = MicroCoderGRPOConfig(temperature_stages=[(0, 0.8), (3, 1.0)])
    fixed = StepTemperature(cfg)
    assert [fixed.at(s) for s in (1, 3)] == [0.8, 1.0] and fixed.observe(1, 0.1) is None
    auto = StepTemperature(MicroCoderGRPOConfig(temperature="auto"))
    with pytest.raises(RuntimeError, match="probe has not run"):
        auto.at(1)
    auto.controller = DiversityTemperatureController(
        stages=(1.0, 1.2), temperature=1.0, convergence_diversity=0.5, window=2
    )
    assert auto.at(1) == 1.0 and auto.observe(1, 0.4) is None and auto.observe(2, 0.3) == 1.2 and auto.at(3) == 1.2


def test_metrics_file_drops_the_steps_a_resume_redoes(tmp_path: Path):
    first = MetricsFile(tmp_path)
    for step in (1, 2, 3):
        first.log({"a": np.float32(step), "skip": [1, 2], "nan": float("nan")}, step)
    with (tmp_path / METRICS_FILE).open("a") as fh:
        fh.write('{"step": 4, "a"')  # cut short by an interruption
    MetricsFile(tmp_path, resumed_step=2).append({"step": 3, "b": float("inf")})
    records = [json.loads(x) for x in (tmp_path / METRICS_FILE).read_text().splitlines()]
    # a value that is no scalar is left out; nan is null (as in TRL's records)
    assert records == [{"a": 1.0, "nan": None, "step": 1}, {"a": 2.0, "nan": None, "step": 2}, {"step": 3, "b": None}]


def test_temperature_state_round_trips_and_a_missing_one_is_named(tmp_path: Path):
    controller = DiversityTemperatureController(stages=(1.0, 1.2), temperature=1.0, convergence_diversity=0.5, window=2)
    controller.observe(1, 0.4)
    save_temperature_state(tmp_path / "checkpoint-1", controller)
    assert load_temperature_state(tmp_path / "checkpoint-1").state_dict() == controller.state_dict()
    with pytest.raises(FileNotFoundError, match=TEMPERATURE_STATE_FILE):
        load_temperature_state(tmp_path / "checkpoint-2")


def test_judge_settings_come_from_the_config_and_the_environment_overrides(monkeypatch):
    monkeypatch.delenv(reward.WORKERS_ENV, raising=False)
    monkeypatch.delenv(reward.TIME_LIMIT_ENV, raising=False)
    assert reward.judge_settings()[1:] == (None, reward.Limits())  # all cores, 6 s
    assert reward.judge_settings(judge_workers=2, judge_time_limit_s=0.3)[1:] == (2, reward.Limits(time_limit_s=0.3))
    monkeypatch.setenv(reward.WORKERS_ENV, "1")
    monkeypatch.setenv(reward.TIME_LIMIT_ENV, "4")
    assert reward.judge_settings(judge_workers=2, judge_time_limit_s=0.3)[1:] == (1, reward.Limits(time_limit_s=4.0))


def test_the_trl_reward_judges_with_the_configs_time_limit(monkeypatch):
    monkeypatch.delenv(reward.WORKERS_ENV, raising=False)
    monkeypatch.delenv(reward.TIME_LIMIT_ENV, raising=False)
    cfg = MicroCoderGRPOConfig(reward_workers=1, reward_time_limit=0.3)
    assert cfg.judge_keywords() == {"judge_workers": 1, "judge_time_limit_s": 0.3}
    strict = reward.MicroCoderReward(judge=cfg.judge_keywords())
    with strict.collecting() as judged:
        assert strict(completions=[SLOW], ground_truth=[ADD]) == [0.0]
    assert reward.decode_reward(judged[0]).verdict == "time_limit"
    assert reward._judge.num_workers == 1
    monkeypatch.setenv(reward.TIME_LIMIT_ENV, "6")  # the environment overrides the config
    assert strict(completions=[SLOW], ground_truth=[ADD]) == [1.0]
    with pytest.raises(ValueError, match="reward_workers and reward_time_limit"):
        MicroCoderGRPOConfig(reward_time_limit=-1)


def test_the_step_plan_takes_the_infra_error_flag_from_the_decoded_reward():
    # an older reward function flags the row but reports no verdict: it is still no judgment
    results = [
        decode_reward({"infra_error": True, "score": 0.0}),
        decode_reward({"score": 1.0}),
        decode_reward({"score": 0.0}),
    ]
    plan = plan_step([[1], [2], [3]], results, [0, 0, 0], MaskRng(1).for_step(1), MaskRules(8, 0.0))
    assert plan.rows.infra_error.tolist() == [True, False, False]
    assert plan.zeroed.tolist() == [True, False, False]
