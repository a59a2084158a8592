"""Large tests (microcoder_data/verify/large.py): inputs at the largest sizes the statement
allows, so that a right answer of the wrong complexity fails on time, with the real judge."""

from __future__ import annotations

import json

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.verify import VerifyStep
from microcoder_data.testgen.inputgen import MAX_INPUT_CHARS, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.spec_model import failed_check, violation
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.judge import Judge
from microcoder_eval.types import TestCase, Verdict

STATEMENT = r"""You are given N integers A_1, \ldots, A_N. Print the sum of the maximum of every prefix.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the answer.

Constraints


- 1 \leq N \leq 2 \times 10^5
- 1 \leq A_i \leq 10^9
- All input values are integers.

Sample Input 1

3
2 1 3

Sample Output 1

7
"""
FAST = "n = int(input())\na = list(map(int, input().split()))\nm = s = 0\nfor x in a:\n    m = max(m, x)\n    s += m\nprint(s)\n"
# right on every input, but O(N^2): what small tests cannot tell from FAST
SLOW = (
    "n = int(input())\na = list(map(int, input().split()))\ns = 0\nfor i in range(n):\n    m = 0\n"
    "    for j in range(i + 1):\n        if a[j] > m:\n            m = a[j]\n    s += m\nprint(s)\n"
)


FUNCTIONAL = Problem(
    id="fx/count-good",
    source="fx",
    title="Count good windows",
    mode="functional",
    fn_name="countGood",
    statement="Return the number of subarrays of length k whose sum is at least 0.\n\nConstraints:\n\n"
    "n == nums.length\n1 <= n <= 10^5\n-104 <= nums[i] <= 104\n1 <= k <= n\n",
    tests=[TestCase('{"nums": [3, -2, -5], "k": 2}', "1"), TestCase('{"nums": [5], "k": 1}', "1")],
    starter_code="class Solution:\n    def countGood(self, nums: List[int], k: int) -> int:\n",
)


def problem(**kw) -> Problem:
    p = Problem(
        id="fx/prefix-max",
        source="fx",
        title="Prefix maxima",
        statement=STATEMENT,
        mode="stdin",
        tests=[TestCase("3\n2 1 3\n", "7\n"), TestCase("1\n5\n", "5\n")],
        reference_solutions=[FAST],
    )
    for k, v in kw.items():
        setattr(p, k, v)
    return p


@pytest.fixture(scope="module")
def judge():
    with Judge(workers=2) as j:
        yield j


def test_large_inputs_fill_the_budget_within_the_constraints_and_repeat():
    spec = input_spec(FUNCTIONAL)
    assert isinstance(spec, InputSpec), spec.reason
    xs = generate_large_inputs(spec, "fx/count-good", 2, budget=30_000, max_chars=1_000_000)
    assert len(xs) == 2 and xs == generate_large_inputs(spec, "fx/count-good", 2, budget=30_000, max_chars=1_000_000)
    for x in xs:
        args = json.loads(x)
        assert len(x) > MAX_INPUT_CHARS and len(args["nums"]) == 30_000  # the budget, not the 10^5 allowed
        env = {**args, "n": len(args["nums"])}
        assert not any(violation(spec.nodes[n], env[n], env, n) for n in spec.order) and not failed_check(
            spec.checks, env
        )
    # a budget too small for an input larger than the ordinary tests': none
    assert generate_large_inputs(spec, "fx/count-good", 2, budget=100, max_chars=1_000_000) == []


def test_a_right_answer_of_the_wrong_complexity_fails_the_large_tests_on_time(judge):
    cfg = VerifyConfig(augment_tests_to=6, strength_mutants=0, large_tests=2, large_input_values=30_000)
    got = list(VerifyStep(cfg).run_with([problem()], judge))[0]
    assert isinstance(got, Problem), getattr(got, "reason", "")
    assert got.provenance["verify"]["large"] == {"added": 2}
    spec = stdin_spec(problem())
    assert isinstance(spec, StdinSpec)
    for case in got.tests[-2:]:  # valid under the statement's own reading, at the budget's size
        values = parse(spec.rows, case.input)
        assert int(values["N"]) == len(values["A"]) >= 10_000
    assert got.time_limit_s is not None and got.time_limit_s >= cfg.time_limit_floor_s
    # each test's own limit: the generous floor on the large tests, the small one on the 3-number sample
    assert all(t.time_limit_s is not None and t.time_limit_s >= cfg.time_limit_floor_s for t in got.tests[-2:])
    assert got.tests[0].time_limit_s == cfg.time_limit_small_floor_s
    assert max(t.time_limit_s for t in got.tests) <= got.time_limit_s
    assert judge.judge(got.judge_task(), FAST).passed
    without_large = got.judge_task()
    without_large = type(without_large)(**{**without_large.__dict__, "tests": tuple(got.tests[:-2])})
    assert judge.judge(without_large, SLOW).passed  # the ordinary tests cannot tell
    slow = judge.judge(got.judge_task(), SLOW)
    for _ in range(2):  # an overloaded host reads as infra_error (no verdict on the program): judged again
        if slow.verdict is not Verdict.INFRA_ERROR:
            break
        slow = judge.judge(got.judge_task(), SLOW)
    assert not slow.passed and slow.verdict is Verdict.TIME_LIMIT
    again = list(VerifyStep(cfg).run_with([problem()], judge))[0]
    assert again.tests == got.tests and again.time_limit_s == got.time_limit_s


def test_references_that_disagree_on_a_large_input_add_none(judge):
    # right on every input the ordinary tests hold, wrong from N > 1000 on: a second opinion
    # the large inputs must agree with
    wrong_when_large = FAST.replace("print(s)", "print(s if n <= 1000 else s + 1)")
    p = problem(reference_solutions=[FAST, wrong_when_large])
    got = list(VerifyStep(VerifyConfig(augment_tests_to=6, strength_mutants=0, large_tests=2)).run_with([p], judge))[0]
    assert isinstance(got, Problem) and len(got.reference_solutions) == 2
    large = got.provenance["verify"]["large"]
    assert large["added"] == 0 and "disagree" in large["why"]
    assert all(len(t.input) < MAX_INPUT_CHARS for t in got.tests)


def test_a_reference_over_the_step_budget_adds_none(judge):
    p = problem(reference_solutions=[SLOW])
    got = list(VerifyStep(VerifyConfig(augment_tests_to=6, strength_mutants=0)).run_with([p], judge))[0]
    assert isinstance(got, Problem)
    large = got.provenance["verify"]["large"]
    assert large["added"] == 0 and Verdict.TIME_LIMIT.value in large["why"]


def test_the_default_adds_one_large_test(judge):
    got = list(VerifyStep(VerifyConfig(augment_tests_to=6, strength_mutants=0)).run_with([problem()], judge))[0]
    assert got.provenance["verify"]["large"] == {"added": 1} and len(got.tests[-1].input) > MAX_INPUT_CHARS
    assert not judge.judge(got.judge_task(), SLOW).passed


def test_large_tests_off():
    with Judge(workers=1) as judge:
        got = list(
            VerifyStep(VerifyConfig(augment_tests_to=6, strength_mutants=0, large_tests=0)).run_with([problem()], judge)
        )[0]
    assert "large" not in got.provenance["verify"] and all(len(t.input) < MAX_INPUT_CHARS for t in got.tests)
