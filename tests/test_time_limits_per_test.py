"""Time limits per test (issue 39): Verify stores one with each test (small input, small limit;
a large input keeps the generous floor), the judge runs the cheap tests first and honours
each test's own limit, readers of a single per-problem limit work as before.  Real judge,
real sandbox."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from cli.main import main
from microcoder_data.collect import collect
from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.testgen.input_size import is_large_input, read_input_spec
from microcoder_data.verify import VerifyStep
from microcoder_data.verify.time_limits import derive_time_limit, test_time_limit
from microcoder_eval import reward
from microcoder_eval.ground_truth import FormatError, from_ground_truth, to_ground_truth
from microcoder_eval.judge import Judge
from microcoder_eval.types import JudgeTask, TestCase, TestResult, Verdict

# ~1 s of CPU per test, then the answer
BURN = "import time\nt = time.process_time()\nwhile time.process_time() - t < 1.0:\n    pass\nprint(int(input()) * 2)\n"
LOOP = "while True:\n    pass\n"
WRONG = "print(-1)\n"

# abc330_c's shape: one number up to 2 * 10^12 (an O(sqrt D) right program took 3.1 s at the top)
D_STATEMENT = r"""You are given a positive integer D. Print D modulo 7.

Input

The input is given from Standard Input in the following format:
D

Output

Print the answer.

Constraints


- 1 \leq D \leq 2 \times 10^{12}
- D is an integer.

Sample Input 1

21

Sample Output 1

0
"""
FUNCTIONAL_STATEMENT = (
    "Return the number of subarrays of length k whose sum is at least 0.\n\nConstraints:\n\n"
    "n == nums.length\n1 <= n <= 10^5\n-104 <= nums[i] <= 104\n1 <= k <= n\n"
)


def d_problem(tests: list[TestCase], **kw) -> Problem:
    return Problem(
        id="fx/d-mod-7",
        source="fx",
        title="D mod 7",
        statement=D_STATEMENT,
        mode="stdin",
        tests=tests,
        reference_solutions=["print(int(input()) % 7)\n"],
        **kw,
    )


def functional_problem() -> Problem:
    return Problem(
        id="fx/count-good",
        source="fx",
        title="Count good windows",
        mode="functional",
        fn_name="countGood",
        statement=FUNCTIONAL_STATEMENT,
        tests=[TestCase('{"nums": [3, -2, -5], "k": 2}', "1"), TestCase('{"nums": [5], "k": 1}', "1")],
        starter_code="class Solution:\n    def countGood(self, nums: List[int], k: int) -> int:\n",
    )


def doubling(*limits: float | None, task_limit: float | None = None) -> JudgeTask:
    """Tests "k" -> 2k, test k with its own limit ``limits[k]``."""
    tests = tuple(TestCase(f"{k + 1}\n", f"{2 * (k + 1)}\n", limit) for k, limit in enumerate(limits))
    return JudgeTask("stdin", tests, time_limit_s=task_limit)


@pytest.fixture(scope="module")
def judge():
    with Judge(workers=2) as j:
        yield j


# --------------------------------------------------------------------------- the judge


def test_a_tests_own_limit_applies_where_it_is_tighter_and_never_loosens(judge):
    # test 0: its own 0.5 s (under the task's 3 s): out of time; test 1: the task's 3 s; test 2:
    # its own 10 s is no looser than the task's 3 s
    result = judge.judge(doubling(0.5, None, 10.0, task_limit=3.0), BURN, stop_on_failure=False)
    by_test = {t.index: t.verdict for t in result.tests}
    assert by_test == {0: Verdict.TIME_LIMIT, 1: Verdict.ACCEPTED, 2: Verdict.ACCEPTED}
    # a task whose limit a caller capped (mutants, generation): the test's own cannot lift it
    capped = judge.judge(doubling(10.0, task_limit=0.5), BURN, stop_on_failure=False)
    assert capped.verdict is Verdict.TIME_LIMIT


def test_cheap_tests_run_first_and_results_keep_their_indices(judge):
    task = doubling(3.0, 3.0, 0.5, task_limit=3.0)
    looping = judge.judge(task, LOOP)
    assert looping.verdict is Verdict.TIME_LIMIT
    assert [t.index for t in looping.tests] == [2]  # stopped on the cheap test, not after 3 s on test 0
    assert looping.tests[0].time_s < 1.5
    wrong = judge.judge(task, WRONG)
    assert [t.index for t in wrong.tests] == [2] and wrong.verdict is Verdict.WRONG_ANSWER
    # the same verdict in order (split=False: the caller wants its tests in order)
    assert [t.index for t in judge.judge(task, WRONG, split=False).tests] == [0]
    # every test run: all of them, each under its own index
    everything = judge.judge(task, WRONG, stop_on_failure=False)
    assert sorted(t.index for t in everything.tests) == [0, 1, 2]


def test_tasks_without_own_limits_run_in_order_as_before(judge):
    result = judge.judge(doubling(None, None, None), WRONG)
    assert [t.index for t in result.tests] == [0]


# --------------------------------------------------------------------------- stored with the test


def test_ground_truth_carries_each_tests_limit_and_reads_the_older_form():
    task = doubling(1.0, None, 4.0, task_limit=4.0)
    text = to_ground_truth(task)
    assert from_ground_truth(text) == task
    entries = json.loads(text)["tests"]
    assert entries[0]["time_limit_s"] == 1.0 and "time_limit_s" not in entries[1]
    # the older form: no test has a key of its own, the problem's single limit is read as before
    older = to_ground_truth(doubling(None, None, task_limit=4.0))
    assert all(set(t) == {"input", "output"} for t in json.loads(older)["tests"])
    assert from_ground_truth(older).time_limit_s == 4.0
    assert all(t.time_limit_s is None for t in from_ground_truth(older).tests)
    bad = json.loads(text)
    bad["tests"][0]["time_limit_s"] = "fast"
    with pytest.raises(FormatError, match="time_limit_s"):
        from_ground_truth(bad)


def test_problem_rows_carry_each_tests_limit_and_read_the_older_form(tmp_path: Path):
    p = d_problem([TestCase("21\n", "0\n", 1.0), TestCase("22\n", "1\n")], time_limit_s=4.0)
    row = p.to_row()
    assert json.loads(row["tests"]) == [["21\n", "0\n", 1.0], ["22\n", "1\n"]]
    assert Problem.from_row(row).tests == p.tests
    older = {**row, "tests": json.dumps([["21\n", "0\n"]])}
    assert Problem.from_row(older).tests == [TestCase("21\n", "0\n")]
    # problems.parquet read back by the project's own row format (what `eval run` reads)
    path = tmp_path / "problems.jsonl"
    bad = {**row, "id": "fx/bad", "tests": json.dumps([["1\n", "2\n", -1]])}
    path.write_text(json.dumps(row) + "\n" + json.dumps(bad) + "\n")
    got = list(collect([f"microcoder:{path}"]))
    assert got[0].tests == p.tests
    assert "test 0" in got[1].reason and "time_limit_s" in got[1].reason


def test_eval_run_honours_per_test_limits_and_time_limit_still_sets_the_rest(tmp_path: Path):
    rows = [
        d_problem([TestCase("2\n", "4\n", 0.5)], time_limit_s=4.0),  # its own 0.5 s: out of time
        replace(d_problem([TestCase("2\n", "4\n")], time_limit_s=4.0), id="fx/older"),  # older form: 4 s
        replace(d_problem([TestCase("2\n", "4\n")]), id="fx/no-limit"),  # --time-limit 0.5 applies
    ]
    problems = tmp_path / "problems.parquet"
    pq.write_table(pa.Table.from_pylist([p.to_row() for p in rows]), problems)
    solutions = tmp_path / "solutions.jsonl"
    solutions.write_text("".join(json.dumps({"problem_id": p.id, "completion": BURN}) + "\n" for p in rows))
    out = tmp_path / "results.jsonl"
    args = ["eval", "run", "--dataset", str(problems), "--solutions", str(solutions), "--out", str(out)]
    result = CliRunner().invoke(main, args + ["--workers", "2", "--no-progress", "--time-limit", "0.5"])
    assert result.exit_code == 0, result.output
    verdicts = {r["problem_id"]: r["verdict"] for r in map(json.loads, out.read_text().splitlines())}
    assert verdicts == {"fx/d-mod-7": "time_limit", "fx/older": "accepted", "fx/no-limit": "time_limit"}


def test_compute_score_honours_per_test_limits():
    fence = f"```python\n{BURN}```"
    tight = to_ground_truth(doubling(None, 0.5, task_limit=4.0))
    assert reward.compute_score("fx", fence, tight)["verdict"] == "time_limit"
    assert reward.compute_score("fx", fence, to_ground_truth(doubling(None, None, task_limit=4.0)))["score"] == 1.0


# --------------------------------------------------------------------------- which tests are large


def test_a_large_input_is_told_by_the_constraints_not_by_its_length():
    read = read_input_spec(d_problem([TestCase("21\n", "0\n")]))
    assert isinstance(read, tuple), read
    # D <= 2 * 10^12: a 13-digit D is near the maximum; 5, 21 and 10^9 are not (bound^0.8 ~ 6.9 * 10^9)
    assert is_large_input("1999999999999\n", read, 0.8)
    assert not any(is_large_input(d, read, 0.8) for d in ("5\n", "21\n", "1000000000\n"))
    fread = read_input_spec(functional_problem())
    assert isinstance(fread, tuple), fread
    # nums.length <= n <= 10^5, k <= n; at share 0.5 the bound is ~316
    assert is_large_input(json.dumps({"nums": [1] * 400, "k": 1}), fread, 0.5)
    assert is_large_input(json.dumps({"nums": [1] * 3, "k": 400}), fread, 0.5)  # a single number: a size
    assert not is_large_input(json.dumps({"nums": [104] * 200, "k": 2}), fread, 0.5)  # element values: not sizes
    assert is_large_input("[1]" + " " * 20_001, fread, 0.5)  # over any ordinary generated input
    # no reading of the constraints: nothing can be told, every test keeps the generous floor
    from microcoder_data.testgen.refusal import Refusal

    assert is_large_input("5\n", Refusal("no_format", "", "stdin: no format block"), 0.8)


def test_a_size_under_the_minimum_is_small_whatever_its_bound():
    from microcoder_data.testgen.spec_model import InputSpec, Node

    # nums.length <= 50: 50 elements are at the bound, and cost any program nothing
    nums = Node("list", elem=Node("int", lo="1", hi="50"), len_lo="1", len_hi="50")
    spec = InputSpec(["nums"], {"nums": nums}, ["nums"], True, "constraints")
    at_bound = json.dumps({"nums": [1] * 50})
    assert is_large_input(at_bound, (spec, None), 0.8)  # by the share alone (no minimum): large
    assert not is_large_input(at_bound, (spec, None), 0.8, min_size=1000)
    # where sizes reach it, the minimum changes nothing: n >= (10^5)^0.8 is large either way
    big = Node("list", elem=Node("int", lo="1", hi="50"), len_lo="1", len_hi="10**5")
    bspec = InputSpec(["nums"], {"nums": big}, ["nums"], True, "constraints")
    assert is_large_input(json.dumps({"nums": [1] * 20_000}), (bspec, None), 0.8, min_size=1000)
    assert not is_large_input(json.dumps({"nums": [1] * 900}), (bspec, None), 0.0, min_size=1000)


def test_sizes_are_told_where_one_line_of_the_statement_cannot_be_read():
    import dataclasses

    from microcoder_data.testgen.input_size import read_sizes
    from microcoder_data.testgen.refusal import Refusal

    # a promise no reading enforces: no tests are generated, yet nums.length <= 10^5 still tells sizes
    promised = dataclasses.replace(
        functional_problem(),
        statement=FUNCTIONAL_STATEMENT + "The input is generated such that some window sums to 0.\n",
    )
    refused = read_input_spec(promised)
    assert isinstance(refused, Refusal), refused
    assert is_large_input(json.dumps({"nums": [1] * 3, "k": 1}), refused, 0.8, 1000)  # a refusal alone: all large
    sizes = read_sizes(promised, refused)
    assert isinstance(sizes, tuple), sizes
    assert not is_large_input(json.dumps({"nums": [1] * 3, "k": 1}), sizes, 0.8, 1000)
    assert is_large_input(json.dumps({"nums": [1] * 20_000, "k": 1}), sizes, 0.8, 1000)
    # a reading that generation has is used as it is
    whole = read_input_spec(functional_problem())
    assert read_sizes(functional_problem(), whole) is whole


def test_a_tuple_is_no_size_but_the_list_of_them_is():
    from microcoder_data.testgen.spec_model import InputSpec, Node

    end = Node("int", lo="0", hi="n - 1")
    edges = Node("list", elem=Node("list", items=[end, end]), len_lo="n - 1", len_hi="n - 1")
    spec = InputSpec(
        ["n", "edges"], {"n": Node("int", lo="2", hi="10**5"), "edges": edges}, ["n", "edges"], True, "constraints"
    )
    path = {"n": 5, "edges": [[k, k + 1] for k in range(4)]}
    assert not is_large_input(json.dumps(path), (spec, None), 0.8)  # each edge's 2 ends: not near a bound of 2
    assert is_large_input(json.dumps({"n": 20_000, "edges": []}), (spec, None), 0.8)  # n >= (10^5)^0.8
    # at share 0.5 (bound^0.5 ~ 316): 400 edges are near n - 1's bound, whatever n says; 5 ends are not
    assert is_large_input(json.dumps({"n": 5, "edges": [[0, 1]] * 400}), (spec, None), 0.5)
    assert not is_large_input(json.dumps(path), (spec, None), 0.5)
    assert not is_large_input(json.dumps({"n": 9_000, "edges": []}), (spec, None), 0.8)


def test_per_test_limit_rule():
    cfg = VerifyConfig()  # factor 3, floors 4 s (large) and 1 s, ceiling 6 s, step 0.5 s
    runs = [TestResult(Verdict.ACCEPTED, time_s=0.02)]
    assert test_time_limit(cfg, runs, large=False) == 1.0
    assert test_time_limit(cfg, runs, large=True) == 4.0
    slow = [TestResult(Verdict.ACCEPTED, time_s=0.6), None]
    assert test_time_limit(cfg, slow, large=False) == 2.0  # 3 x 0.6 = 1.8, rounded up
    assert test_time_limit(cfg, [TestResult(Verdict.ACCEPTED, time_s=5.0)], large=False) == 6.0  # the ceiling
    assert derive_time_limit(cfg, runs + slow) == 4.0  # the problem's: as before


def test_verify_stores_a_small_limit_on_small_inputs_and_the_generous_one_near_the_maximum(judge):
    cfg = VerifyConfig(augment_tests_to=0, strength_mutants=0, large_tests=0)
    tests = [TestCase("21\n", "0\n"), TestCase("5\n", "5\n"), TestCase("1999999999999\n", "1\n")]
    got = list(VerifyStep(cfg).run_with([d_problem(tests)], judge))[0]
    assert isinstance(got, Problem), getattr(got, "reason", "")
    assert [t.time_limit_s for t in got.tests] == [1.0, 1.0, 4.0]  # the large floor on the 13-digit D only
    assert got.time_limit_s == 4.0  # the problem's single limit, as readers of the older form use it
    # a limit from metadata is kept, and no test gets one of its own
    kept = list(VerifyStep(cfg).run_with([d_problem(tests, time_limit_s=2.0)], judge))[0]
    assert kept.time_limit_s == 2.0 and all(t.time_limit_s is None for t in kept.tests)


def test_card_shows_the_per_test_limits():
    from microcoder_data.export.card import _time_limit_text

    tests = [TestCase("21\n", "0\n", 1.0), TestCase("5\n", "5\n", 1.0), TestCase("1999999999999\n", "1\n", 4.0)]
    text = _time_limit_text([d_problem(tests, time_limit_s=4.0)])
    assert "| 4 s | 1 |" in text  # the problem's
    assert "| 1 s | 2 |" in text and "| test time limit | tests |" in text
    assert "test time limit" not in _time_limit_text([d_problem([TestCase("21\n", "0\n")], time_limit_s=4.0)])
