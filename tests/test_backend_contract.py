"""The trainer backend contract (``trainer_adapters.core.backend``) and the step metrics both backends log.

* a new backend is one class and one registry line: a minimal backend defined here runs
  ``microcoder train --backend <it> --dry-run`` through the real CLI;
* ``microcoder train --help`` imports no backend (no torch, verl or trl);
* verl's and TRL's metric writers, given one step plan, write the same ``metrics.jsonl`` record
  (``microcoder/temperature_switch`` included);
* the TRL reward hands its judgements over as a value, holding none after the call.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import TextIO

import numpy as np
import pytest
from click.testing import CliRunner

from cli.train_cmd import train
from microcoder_eval.reward import MicroCoderReward
from microcoder_eval.reward_result import decode_reward
from trainer_adapters import backends
from trainer_adapters.core import MaskRng, MicroCoderGRPOConfig
from trainer_adapters.core import metrics as M
from trainer_adapters.core.auto_temperature import DiversityTemperatureController
from trainer_adapters.core.backend import Backend, TrainRequest, UsageError
from trainer_adapters.core.run_files import MetricsFile
from trainer_adapters.core.step import MaskRules, StepTemperature, plan_step, step_metrics, switch_metrics


class EchoBackend(Backend):
    """The smallest backend: its plan is what it was asked; launching needs a dataset."""

    name = "echo"
    unsupported = ("dynamic_sampling",)

    def dry_run(self, request: TrainRequest, out: TextIO) -> None:
        cfg = request.cfg
        out.write(f"echo plan: model {cfg.model_name_or_path}, preset {request.preset}, rho {cfg.mask_probability}\n")
        out.write(f"overrides: {list(request.overrides)}; ignored: {self.not_supported(cfg)}\n")

    def launch(self, request: TrainRequest, out: TextIO) -> None:
        if request.dataset is None:
            raise UsageError("--dataset is required to train")
        out.write(f"echo trained on {request.dataset}\n")


@pytest.fixture
def echo_registered(monkeypatch):
    monkeypatch.setitem(backends.BACKENDS, "echo", f"{__name__}:EchoBackend")


def test_a_new_backend_is_one_class_and_one_registry_line(echo_registered):
    runner = CliRunner()
    result = runner.invoke(
        train,
        ["--backend", "echo", "--preset", "dapo", "--model", "m", "--dry-run", "mask_probability=0.5", "x.y=1"],
    )
    assert result.exit_code == 0, result.output
    # the preset and the command line reached the backend; the dapo preset's dynamic sampling is reported
    assert "echo plan: model m, preset dapo, rho 0.5" in result.output
    assert "overrides: ['x.y=1']; ignored: ['dynamic_sampling']" in result.output
    assert "echo" in runner.invoke(train, ["--help"]).output
    # the backend's errors come out as the CLI's: a usage error (exit 2) naming the option
    result = runner.invoke(train, ["--backend", "echo", "--model", "m"])
    assert result.exit_code == 2 and "--dataset is required to train" in result.output
    # a plain key that is neither ours nor (for this backend) its own is an error naming it
    result = runner.invoke(train, ["--backend", "echo", "--dry-run", "lr=1"])
    assert result.exit_code == 2 and "lr" in result.output


def test_an_unregistered_backend_is_a_usage_error_listing_the_registered():
    result = CliRunner().invoke(train, ["--backend", "echo", "--dry-run"])
    assert result.exit_code == 2
    assert "'echo' is not one of 'verl', 'trl'" in result.output


def test_a_registry_line_must_name_a_backend_class(monkeypatch):
    monkeypatch.setitem(backends.BACKENDS, "bad", f"{__name__}:echo_registered")
    with pytest.raises(TypeError, match="bad.*not a trainer_adapters.core.backend.Backend subclass"):
        backends.load("bad")
    with pytest.raises(ValueError, match="module:Class"):
        backends.register("bad", "no_colon")


def test_help_imports_no_backend():
    code = (
        "import sys; from click.testing import CliRunner; from cli.train_cmd import train; "
        "r = CliRunner().invoke(train, ['--help']); assert r.exit_code == 0, r.output; "
        "print(sorted(m for m in ('torch', 'verl', 'trl', 'transformers') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stderr


# ---------------------------------------------------------------------------- one step's metrics
def _reward(verdict: str, acc: float, incomplete: bool = False) -> dict:
    return {"score": acc, "acc": acc, "incomplete": incomplete, "verdict": verdict}


# two groups of three: truncated-correct (a mask candidate), truncated-incomplete, short-wrong, ...
MAX_LEN = 12
LONG = [list(range(10 + k, 10 + k + MAX_LEN)) for k in range(4)]
ROWS = [LONG[0], LONG[1], [1, 2, 3, 4, 5], LONG[2], [7, 8, 9, 7, 8, 6], LONG[3]]
REWARDS = [
    _reward("accepted", 1.0),
    _reward("incomplete", 0.0, incomplete=True),
    _reward("wrong_answer", 0.0),
    _reward("wrong_answer", 0.0),
    _reward("accepted", 1.0),
    _reward("no_code", 0.0),
]
GROUPS = [0, 0, 0, 1, 1, 1]


def _switching_temperatures() -> StepTemperature:
    """temperature=auto at 1.0 whose controller moves to 1.2 on a diversity below 1 (after a 1)."""
    temperatures = StepTemperature(MicroCoderGRPOConfig())
    temperatures.controller = DiversityTemperatureController(
        stages=(1.0, 1.2), temperature=1.0, convergence_diversity=1.01, window=2, recent=[1.0]
    )
    return temperatures


def _verl_record(rows, rewards, rules, temperature, temperatures, tmp_path) -> dict:
    """What verl's trainer logs for a step: the advantage pass's plan (``plan_truncation_mask`` on
    its rows, keys ``{uid}_{session}_{index}``) plus the switch, through verl's Tracking backend."""
    from trainer_adapters.verl.advantage import plan_truncation_mask

    keys = [f"u{g}_{i}_0" for i, g in enumerate(GROUPS)]
    prompts = [[100 + g] for g in GROUPS]
    extra = [{"reward_extra_info": r} for r in rewards]
    plan = plan_truncation_mask(
        keys,
        prompts,
        rows,
        [r["score"] for r in rewards],
        extra,
        [False] * len(rows),
        rules=rules,
        rng=MaskRng(3).for_step(1),
        temperature=temperature,
    )
    new = temperatures.observe(1, plan.metrics[M.DIVERSITY])
    metrics = {**plan.metrics, **switch_metrics(temperatures, new)}
    MetricsFile(tmp_path / "verl").log(metrics, step=1)
    return json.loads((tmp_path / "verl" / "metrics.jsonl").read_text())


def _trl_record(rows, rewards, rules, temperature, temperatures, tmp_path) -> dict:
    """What TRL's trainer logs for a step: ``step_metrics`` of ``plan_step`` (one value a key:
    TRL's log averages the step's one value), through :class:`MetricsFileCallback`."""
    pytest.importorskip("trl")
    from transformers import TrainerState

    from trainer_adapters.trl.args import TrlLayout
    from trainer_adapters.trl.trainer import MetricsFileCallback

    plan = plan_step(rows, [decode_reward(r) for r in rewards], GROUPS, MaskRng(3).for_step(1), rules, temperature)
    new = temperatures.observe(1, plan.diversity)
    logs = {k: float(np.mean([v])) for k, v in step_metrics(plan, temperatures, new).items()}
    layout = TrlLayout(1, 2, 1, 1, 1, 6)
    path = tmp_path / "trl" / "metrics.jsonl"
    MetricsFileCallback(layout, path).on_log(None, TrainerState(global_step=1), None, logs=logs)
    record = json.loads(path.read_text())
    assert record.pop("global_step") == 1
    return record


@pytest.mark.parametrize("short", [False, True], ids=["diversity", "no-4-gram"])
def test_verl_and_trl_write_the_same_step_record(short, tmp_path):
    rows = [r[:3] for r in ROWS] if short else ROWS  # no 4-gram anywhere: the diversity is undefined
    rules = MaskRules(max_response_length=3 if short else MAX_LEN, probability=1.0, window=4)
    verl = _verl_record(rows, REWARDS, rules, 1.0, _switching_temperatures(), tmp_path)
    trl = _trl_record(rows, REWARDS, rules, 1.0, _switching_temperatures(), tmp_path)
    assert sorted(verl) == sorted(trl)
    for key in verl:
        assert verl[key] == pytest.approx(trl[key]), key
    assert set(verl) == {"step", *M.ALL, M.TEMPERATURE_SWITCH}
    assert verl[M.TEMPERATURE] == 1.0
    assert verl[M.ACCURACY] == pytest.approx(2 / 6)
    if short:
        assert verl[M.DIVERSITY] is None and verl[M.TEMPERATURE_SWITCH] == 0.0  # nan: no switch, null
    else:
        assert 0 < verl[M.DIVERSITY] < 1 and verl[M.TEMPERATURE_SWITCH] == 1.0
        assert verl[M.MASK_FRACTION] == pytest.approx(3 / 6)  # truncated: accepted, incomplete, no_code


def test_the_switch_is_logged_only_with_temperature_auto():
    staged = StepTemperature(MicroCoderGRPOConfig())
    assert switch_metrics(staged, None) == {}
    auto = _switching_temperatures()
    assert switch_metrics(auto, None) == {M.TEMPERATURE_SWITCH: 0.0}
    assert switch_metrics(auto, 1.2) == {M.TEMPERATURE_SWITCH: 1.0}


# ---------------------------------------------------------------------------- the TRL reward's hand-over
def test_the_reward_hands_its_judgements_over_as_a_value():
    def scorer(solutions, ground_truths, **kw):
        return [_reward("accepted" if s == "ok" else "wrong_answer", float(s == "ok")) for s in solutions]

    reward = MicroCoderReward(scorer=scorer)
    completions = [[{"role": "assistant", "content": t}] for t in ("ok", "no")]
    with reward.collecting() as judged:
        scores = reward(completions=completions, ground_truth=["gt", "gt"])
    assert scores == [1.0, 0.0]
    assert [r["verdict"] for r in judged] == ["accepted", "wrong_answer"]
    reward(completions=completions, ground_truth=["gt", "gt"])  # outside the block: nothing collects
    assert len(judged) == 2  # the block's value is the block's calls only
