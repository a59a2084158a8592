"""Verify stage, with the real sandboxed judge (no mocks)."""

from __future__ import annotations

import copy

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_testing.problems import sample_problems
from microcoder_data.schema import Problem, Reject
from microcoder_data.verify import VerifyStep, expected_ok
from microcoder_eval.judge import Judge
from microcoder_eval.types import JudgeTask, JudgingRule, TestCase
from microcoder_eval.ground_truth import from_ground_truth, to_ground_truth


@pytest.fixture(scope="module")
def judge():
    with Judge(workers=2) as j:
        yield j


def run(problems, judge, **cfg) -> dict[str, Problem | Reject]:
    # these tests check Verify's rules on the given tests; generated tests and mutants have
    # their own (tests/test_testgen.py)
    cfg.setdefault("augment_tests_to", 0)
    cfg.setdefault("strength_mutants", 0)
    step = VerifyStep(VerifyConfig(**cfg))
    return {o.id: o for o in step.run_with(copy.deepcopy(problems), judge)}


def test_all_fixture_problems_verify(judge):
    problems = sample_problems()
    out = run(problems, judge)
    assert all(isinstance(o, Problem) for o in out.values()), [o.reason for o in out.values() if isinstance(o, Reject)]
    for p in problems:
        got = out[p.id]
        assert len(got.tests) == len(p.tests)
        v = got.provenance["verify"]
        assert v["verified"] and v["references_correct"] == 1 and v["dropped_disagree"] == 0
        assert v["nondeterministic"] == 0


def test_broken_test_dropped(judge):
    p = copy.deepcopy(sample_problems()[0])  # a + b
    p.tests.append(TestCase("2 2\n", "5\n"))  # broken expected output
    got = run([p], judge)[p.id]
    assert isinstance(got, Problem)
    assert TestCase("2 2\n", "5\n") not in got.tests and len(got.tests) == 4
    assert got.provenance["verify"]["dropped_disagree"] == 1


def test_problem_with_only_wrong_references_dropped(judge):
    p = copy.deepcopy(sample_problems()[0])
    p.reference_solutions = ["a, b = map(int, input().split())\nprint(a - b)\n", "print(("]
    got = run([p], judge)[p.id]
    assert isinstance(got, Reject) and got.stage == "verify" and "all 2 reference solution(s) fail" in got.reason


def test_wrong_reference_removed_correct_kept(judge):
    p = copy.deepcopy(sample_problems()[0])
    good = p.reference_solutions[0]
    p.reference_solutions = ["print(0)\n", good]
    got = run([p], judge)[p.id]
    assert isinstance(got, Problem) and got.reference_solutions == [good]
    assert got.provenance["verify"]["references_tested"] == 2


def test_no_reference(judge):
    p = copy.deepcopy(sample_problems()[1])
    p.reference_solutions = []
    assert isinstance(run([p], judge)[p.id], Reject)
    kept = run([p], judge, require_reference=False)[p.id]
    assert isinstance(kept, Problem) and kept.provenance["verify"]["verified"] is False


NONDET_REF = "import random\nx = int(input())\nprint(x + random.random() / 10)\n"


@pytest.mark.parametrize("mode", ["same_child", "separate"])
def test_nondeterministic_tests_flagged(judge, mode):
    p = Problem(
        id="fx/noisy",
        source="fx",
        title="Noisy",
        mode="stdin",
        statement="Print x plus a tiny amount; answers within one tenth are accepted by the checker.",
        tests=[TestCase("1\n", "1.05\n"), TestCase("2\n", "2.05\n")],
        reference_solutions=[NONDET_REF],
        rule=JudgingRule(float_tolerance=0.1),
    )
    stable = copy.deepcopy(p)
    stable.id = "fx/stable"
    stable.reference_solutions = ["x = int(input())\nprint(x + 0.05)\n"]
    out = run([p, stable], judge, determinism=mode, min_tests=1)
    assert isinstance(out["fx/noisy"], Reject) and "nondeterministic=2" in out["fx/noisy"].reason
    assert isinstance(out["fx/stable"], Problem) and out["fx/stable"].provenance["verify"]["nondeterministic"] == 0
    flagged_only = run([p], judge, determinism=mode, drop_nondeterministic=False)["fx/noisy"]
    assert flagged_only.provenance["verify"]["nondeterministic_tests"] == [0, 1]


def test_cap_keeps_most_demanding_in_order(judge):
    p = copy.deepcopy(sample_problems()[2])  # max of list
    p.tests = [
        TestCase(f"{n}\n" + " ".join(str(i) for i in range(n)) + "\n", f"{n - 1}\n") for n in (3, 50, 7, 200, 1, 90)
    ]
    got = run([p], judge, max_tests=3)[p.id]
    assert [t.output for t in got.tests] == ["49\n", "199\n", "89\n"]
    assert got.provenance["verify"]["capped"] == 3
    by_time = run([p], judge, max_tests=3, cap_by="time")[p.id]
    assert len(by_time.tests) == 3


def test_min_tests(judge):
    p = copy.deepcopy(sample_problems()[1])  # 3 tests
    got = run([p], judge, min_tests=5)[p.id]
    assert isinstance(got, Reject) and "min_tests=5" in got.reason


def test_functional_and_rule_check(judge):
    p = copy.deepcopy(next(q for q in sample_problems() if q.id.endswith("running-average")))
    p.tests.append(TestCase("[[1, 2, 3, 4]]", "2.5000001"))  # within the 1e-6 tolerance
    got = run([p], judge)[p.id]
    assert isinstance(got, Problem) and len(got.tests) == 4
    task = JudgeTask("functional", (TestCase("[1]", "x"),), fn_name="f")
    assert "not a JSON value" in expected_ok(task, "{oops")
    assert expected_ok(task, "[1, 2]") is None
    assert expected_ok(JudgeTask("stdin", (TestCase("", "1"),)), "1\n") is None


def test_verify_step_opens_its_own_judge():
    p = copy.deepcopy(sample_problems()[0])
    out = list(VerifyStep(VerifyConfig(), workers=1).run([p]))
    assert isinstance(out[0], Problem)


# ---- per-problem time limits ------------------------------------------------------
_SLOW_REF = "import sys\nx = int(sys.stdin.read())\ns = 0\nfor i in range(x):\n    s += i * i\nprint(s)\n"


def _slow_problem() -> Problem:
    p = copy.deepcopy(sample_problems()[0])
    p.id = "own/slow_sum"
    n = 3_000_000  # ~0.25 s of CPU in CPython: a reference with a measurable slowest test
    p.tests = [
        TestCase("10\n", f"{sum(i * i for i in range(10))}\n"),
        TestCase(f"{n}\n", f"{sum(i * i for i in range(n))}\n"),
    ]
    p.reference_solutions = [_SLOW_REF]
    p.time_limit_s = None
    return p


def test_time_limit_derived_from_slowest_reference(judge):
    fast = copy.deepcopy(sample_problems()[0])
    fast.time_limit_s = None
    out = run(
        [fast, _slow_problem()],
        judge,
        time_limit_factor=10.0,
        time_limit_floor_s=1.0,
        time_limit_ceiling_s=6.0,
        time_limit_step_s=0.5,
    )
    got_fast, got_slow = out[fast.id], out["own/slow_sum"]
    assert got_fast.time_limit_s == 1.0  # milliseconds of reference CPU: the floor
    # 10 x (0.15..0.6 s) rounded up to 0.5 s steps, above the floor, below the ceiling
    assert 1.0 < got_slow.time_limit_s <= 6.0 and (got_slow.time_limit_s / 0.5).is_integer()
    gt = from_ground_truth(to_ground_truth(got_slow.judge_task()))
    assert gt.time_limit_s == got_slow.time_limit_s
    assert Problem.from_row(got_slow.to_row()).time_limit_s == got_slow.time_limit_s


def test_time_limit_keeps_explicit_and_can_be_disabled(judge):
    p = copy.deepcopy(sample_problems()[0])
    p.time_limit_s = 2.5  # from metadata: kept
    q = copy.deepcopy(sample_problems()[1])
    q.time_limit_s = None
    assert run([p], judge)[p.id].time_limit_s == 2.5
    assert run([q], judge, derive_time_limit=False)[q.id].time_limit_s is None


def test_derive_time_limit_rounding():
    from microcoder_data.verify.time_limits import derive_time_limit
    from microcoder_eval.types import TestResult, Verdict

    cfg = VerifyConfig(time_limit_factor=3.0, time_limit_floor_s=1.0, time_limit_ceiling_s=6.0, time_limit_step_s=0.5)
    runs = lambda *ts: [TestResult(Verdict.ACCEPTED, t) for t in ts]  # noqa: E731
    assert derive_time_limit(cfg, runs(0.0, 0.01)) == 1.0
    assert derive_time_limit(cfg, runs(0.5)) == 1.5
    assert derive_time_limit(cfg, runs(0.51)) == 2.0
    assert derive_time_limit(cfg, runs(5.0)) == 6.0
    assert derive_time_limit(cfg, [None]) == 1.0
