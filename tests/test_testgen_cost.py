"""A reference's cost counted in steps (microcoder_data/testgen/cost.py), run in the real
sandboxed judge: the counting code answers as the plain code does, counts the same on
every run, and a run past its budget stops there whatever the program catches."""

from __future__ import annotations

import copy
import json
from dataclasses import replace

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.verify import VerifyStep
from microcoder_data.testgen.cost import counting_code, counting_run, counting_task, read_run
from microcoder_eval.judge import Judge
from microcoder_eval.types import JudgeTask, TestCase, Verdict

FUNCTIONAL = '''"""A docstring first, then a future import: both must stay first."""
from __future__ import annotations
from functools import lru_cache

LIMIT = sum(i for i in range(1000))  # the module's top level: a budget of its own, no test's cost


class Solution:
    """Every construct that counts a step."""

    def mix(self, n: int, words: list[str]) -> list:
        total = 0
        for i in range(n):  # n steps
            total += i
        j = 0
        while j < n:  # n steps
            j += 1
        squares = [k * k for k in range(n) if k % 2 == 0]  # n steps
        by_len = sorted(words, key=lambda w: (len(w), w))  # one step per word

        @lru_cache(maxsize=None)
        def fib(m: int) -> int:  # m + 1 calls (m >= 2; one for 0)
            return m if m < 2 else fib(m - 1) + fib(m - 2)

        def gen():  # one call (`yield from` is no loop of its own)
            yield from range(n)
        return [total, j, squares, by_len, fib(n), sum(gen()), LIMIT]
'''
# the steps of mix(n, words): the call, then each counted construct above
MIX_STEPS = lambda n, words: 1 + n + n + n + len(words) + (n + 1) + 1  # noqa: E731

CATCH_ALL = """class Solution:
    def spin(self, n: int) -> int:
        done = 0
        while done < n:
            try:
                done += 1
            except BaseException:  # a spent budget is not an exception it can swallow
                pass
        return done
"""

STDIN = """import sys
def main():
    n = int(sys.stdin.readline())
    out = [str(i * i) for i in range(n)]
    sys.stdout.write(" ".join(out))  # no final newline: the answer must come back as written
    if n == 3:
        sys.exit(0)
main()
"""


@pytest.fixture(scope="module")
def judge():
    with Judge(workers=2) as j:
        yield j


def counted(judge, task: JudgeTask, code: str, budget: int):
    counting = counting_code(code, task.mode, task.fn_name, budget)
    assert counting is not None
    result = list(judge.judge_many([(counting_task(task), counting)], stop_on_failure=False, keep_outputs=True))[0]
    return [read_run(t, task.tests[n].output, task) for n, t in enumerate(result.tests)]


def test_counting_code_answers_as_the_plain_code_and_counts_every_step(judge):
    cases = [(0, []), (2, ["bb", "a"]), (5, []), (12, ["bb", "a", "ccc"])]
    tests = []
    for n, words in cases:
        want = [
            sum(range(n)),
            n,
            [k * k for k in range(0, n, 2)],
            sorted(words, key=lambda w: (len(w), w)),
            _fib(n),
            sum(range(n)),
            sum(range(1000)),
        ]
        tests.append(TestCase(json.dumps([n, words]), json.dumps(want)))
    tests.append(TestCase(json.dumps([2, []]), "[0]"))  # a wrong expected output stays wrong
    task = JudgeTask("functional", tuple(tests), fn_name="mix")
    plain = judge.judge(task, FUNCTIONAL, keep_outputs=True).tests
    first, again = counted(judge, task, FUNCTIONAL, 10**6), counted(judge, task, FUNCTIONAL, 10**6)
    for n, (p, c) in enumerate(zip(plain, first)):
        assert (c.result.verdict, c.result.actual) == (p.verdict, p.actual)
    assert [c.result.verdict for c in first] == [Verdict.ACCEPTED] * 4 + [Verdict.WRONG_ANSWER]
    assert [c.steps for c in first] == [MIX_STEPS(n, w) for n, w in cases] + [MIX_STEPS(2, [])]
    assert [c.steps for c in again] == [c.steps for c in first]  # counted, not timed


def _fib(m: int) -> int:
    a, b = 0, 1
    for _ in range(m):
        a, b = b, a + b
    return a


def test_a_run_past_its_budget_stops_there_and_the_next_test_still_runs(judge):
    task = JudgeTask("functional", tuple(TestCase(json.dumps([n]), str(n)) for n in (10, 10**9, 20)), fn_name="spin")
    runs = counted(judge, task, CATCH_ALL, budget=1000)
    assert [r.over_budget for r in runs] == [False, True, False]
    assert [r.result.verdict for r in runs] == [Verdict.ACCEPTED, Verdict.TIME_LIMIT, Verdict.ACCEPTED]
    assert runs[1].result.time_s < 1.0  # 10^9 iterations, stopped after a thousand
    assert [r.steps for r in runs] == [11, None, 21]
    # at exactly the budget it still answers
    assert (
        counted(judge, JudgeTask("functional", (TestCase("[999]", "999"),), fn_name="spin"), CATCH_ALL, budget=1000)[
            0
        ].steps
        == 1000
    )


def test_a_stdin_program_keeps_its_exact_output_and_its_count(judge):
    task = JudgeTask("stdin", (TestCase("4\n", "0 1 4 9"), TestCase("3\n", "0 1 4"), TestCase("100000\n", "")))
    runs = counted(judge, task, STDIN, budget=1000)
    assert [r.result.actual for r in runs[:2]] == ["0 1 4 9", "0 1 4"]  # sys.exit too: its count is written
    assert [r.result.verdict for r in runs] == [Verdict.ACCEPTED, Verdict.ACCEPTED, Verdict.TIME_LIMIT]
    assert [r.steps for r in runs] == [1 + 4, 1 + 3, None] and runs[2].over_budget  # main(), then n


def test_generation_drops_an_input_by_its_steps_whatever_the_time_limit():
    # The reference loops 10^4 times per unit of x: which inputs pass a step budget of
    # 10^5 (x <= 9) is one answer on any host; a time limit of 10 s lets through all.
    ref = """class Solution:
    def slow(self, x: int) -> int:
        t = 0
        for _ in range(x * 10000):
            t += 1
        return t // 10000
"""
    p = Problem(
        id="fx/slow",
        source="fx",
        title="Slow",
        mode="functional",
        fn_name="slow",
        statement="Return x.\n\nConstraints:\n\n1 <= x <= 30\n",
        starter_code="class Solution:\n    def slow(self, x: int) -> int:\n",
        tests=[TestCase('{"x": 1}', "1"), TestCase('{"x": 2}', "2")],
        reference_solutions=[ref],
    )
    cfg = VerifyConfig(augment_tests_to=16, strength_mutants=0, augment_step_budget=10**5, augment_time_limit_s=10.0)
    with Judge(workers=2) as judge:
        got = [list(VerifyStep(cfg).run_with([p], judge))[0] for _ in range(2)]
    xs = [json.loads(t.input)["x"] for t in got[0].tests]
    assert len(xs) > 2 and max(xs) <= 9 and got[0].tests == got[1].tests
    assert got[0].provenance["verify"]["generation"]["inputs_dropped"] > 0  # the x >= 10 ones


def test_generation_drops_an_input_needing_more_memory_than_its_limit():
    # x * 10 MB of address space: within the judge's 4 GB for every x, within the labelling
    # runs' 512 MB only up to x = 50 or so -- and an input past it ends at once, deterministically
    ref = """class Solution:
    def alloc(self, x: int) -> int:
        return len(bytearray(x * 10 * 2**20)) // 2**20
"""
    p = Problem(
        id="fx/alloc",
        source="fx",
        title="Alloc",
        mode="functional",
        fn_name="alloc",
        statement="Return 10 x.\n\nConstraints:\n\n1 <= x <= 100\n",
        starter_code="class Solution:\n    def alloc(self, x: int) -> int:\n",
        tests=[TestCase('{"x": 1}', "10"), TestCase('{"x": 2}', "20")],
        reference_solutions=[ref],
    )
    cfg = VerifyConfig(augment_tests_to=16, strength_mutants=0)
    assert cfg.augment_memory_limit_mb == 512
    with Judge(workers=2) as judge:
        got = [list(VerifyStep(cfg).run_with([copy.deepcopy(p)], judge))[0] for _ in range(2)]
        unlimited = list(VerifyStep(replace(cfg, augment_memory_limit_mb=0)).run_with([copy.deepcopy(p)], judge))[0]
    xs = [json.loads(t.input)["x"] for t in got[0].tests]
    assert len(xs) > 2 and max(xs) <= 51 and got[0].tests == got[1].tests
    assert got[0].provenance["verify"]["generation"]["inputs_dropped"] > 0  # x = 100 is drawn: an extreme
    assert max(json.loads(t.input)["x"] for t in unlimited.tests) > 51  # the judge's own limit keeps them


def test_a_mutant_runs_under_the_mutant_limits(judge):
    from microcoder_data.verify.strength import mutant_run

    alloc = "def f(x: int) -> int:\n    return len(bytearray(x * 2**20)) // 2**20\n"
    task = JudgeTask("functional", (TestCase("[1]", "1"), TestCase("[600]", "600")), fn_name="f", time_limit_s=0.8)
    limited = mutant_run(task, alloc, time_limit_s=1.5, memory_limit_mb=512, step_budget=1000)
    assert (limited[0].time_limit_s, limited[0].memory_limit_mb) == (0.8, 512)  # never past the problem's own
    assert [t.verdict for t in judge.judge(*limited, stop_on_failure=True).tests] == [
        Verdict.ACCEPTED,
        Verdict.MEMORY_LIMIT,
    ]
    # Without a memory limit of its own the 600 MB fit.  Time to spare: filling 600 MB costs
    # 0.4 s of CPU on a quiet host and several times that beside other processes' memory traffic.
    roomy = JudgeTask("functional", task.tests, fn_name="f", time_limit_s=10.0)
    free = mutant_run(roomy, alloc, time_limit_s=10.0, memory_limit_mb=None, step_budget=1000)
    assert judge.judge(*free, stop_on_failure=True).verdict is Verdict.ACCEPTED


def test_a_module_top_level_past_its_budget_spends_every_test(judge):
    # a precomputed table too big for the budget: the reference cannot label any input
    heavy = "TABLE = [i * i for i in range(5000)]\n\ndef square(x: int) -> int:\n    return TABLE[x]\n"
    task = JudgeTask("functional", (TestCase("[3]", "9"), TestCase("[4]", "16")), fn_name="square")
    assert [r.over_budget for r in counted(judge, task, heavy, budget=1000)] == [True, True]
    # within it, the top level's 5,000 steps are no test's: each test is its one call
    assert [r.steps for r in counted(judge, task, heavy, budget=6000)] == [1, 1]


def test_a_mutant_counting_its_steps_is_judged_as_usual_and_stopped_by_its_budget(judge):
    # strength runs mutants through the judge's own grading, stopping at the first failure:
    # a correct answer is accepted, a spent budget fails the test (not the backstop's 10 s)
    task = JudgeTask(
        "functional",
        (TestCase("[50]", "50"), TestCase("[1000000000]", "1000000000")),
        fn_name="spin",
        time_limit_s=10.0,
    )
    result = judge.judge(*counting_run(task, CATCH_ALL, 1000, report=False), stop_on_failure=True)
    assert [t.verdict for t in result.tests] == [Verdict.ACCEPTED, Verdict.RUNTIME_ERROR]
    assert result.tests[1].time_s < 1.0
    stdin = JudgeTask("stdin", (TestCase("4\n", "0 1 4 9"), TestCase("100000\n", "0")))
    result = judge.judge(*counting_run(stdin, STDIN, 1000, report=False))
    assert [t.verdict for t in result.tests] == [Verdict.ACCEPTED, Verdict.WRONG_ANSWER]
    assert counting_run(task, CATCH_ALL, 0) == (task, CATCH_ALL)  # no budget: the plain run


def test_answers_the_host_could_not_parse_come_back_as_written(judge):
    # 5,001 digits (the host's int-to-str limit is 4,300; the child lifts it), a list nested
    # 1,500 deep (past the host's recursion limit): cut out of the count's line as written
    code = (
        "import sys\nsys.setrecursionlimit(10000)\n\ndef f(n: int, deep: int):\n"
        "    out = 10 ** n\n    for _ in range(deep):\n        out = [out]\n    return out\n"
    )
    nested = "[" * 1500 + "1" + "]" * 1500
    task = JudgeTask(
        "functional", (TestCase("[5000, 0]", "1" + "0" * 5000), TestCase("[0, 1500]", nested)), fn_name="f"
    )
    runs = counted(judge, task, code, budget=10**6)
    assert [r.result.verdict for r in runs] == [Verdict.ACCEPTED, Verdict.ACCEPTED]
    assert [r.result.actual for r in runs] == [t.output for t in task.tests] and [r.steps for r in runs] == [1, 1501]


def test_a_stdin_stream_flushed_after_the_count_keeps_its_output(judge):
    # the program's own file over fd 1 is flushed when its module is released, after the
    # count's line was written: the count is cut out wherever it lands
    code = "out = open(1, 'w')\nout.write('answer\\n')\n"
    task = JudgeTask("stdin", (TestCase("", "answer"),))
    run = counted(judge, task, code, budget=100)[0]
    assert (run.result.verdict, run.result.actual, run.steps) == (Verdict.ACCEPTED, "answer\n", 0)


def test_a_reference_that_cannot_be_rewritten_still_labels_plainly():
    # ast.unparse gives up on a 500-term chain (RecursionError): the reference runs as
    # written, its answers read as such -- not as a count it never wrote
    chain = " + ".join(["1"] * 500)
    ref = f"class Solution:\n    def plus(self, x: int) -> int:\n        return x + {chain}\n"
    assert counting_code(ref, "functional", "plus", 1000) is None
    p = Problem(
        id="fx/plus",
        source="fx",
        title="Plus",
        mode="functional",
        fn_name="plus",
        statement="Return x + 500.\n\nConstraints:\n\n1 <= x <= 1000\n",
        starter_code="class Solution:\n    def plus(self, x: int) -> int:\n",
        tests=[TestCase('{"x": 1}', "501"), TestCase('{"x": 2}', "502")],
        reference_solutions=[ref],
    )
    with Judge(workers=2) as judge:
        got = list(VerifyStep(VerifyConfig(augment_tests_to=8, strength_mutants=0)).run_with([p], judge))[0]
    assert isinstance(got, Problem) and len(got.tests) == 8
    assert all(int(t.output) == json.loads(t.input)["x"] + 500 for t in got.tests)


def test_time_limits_come_from_plain_runs_not_counting_ones():
    from microcoder_data.verify.state import ProblemState
    from microcoder_data.verify.state import timed_runs as _timed_runs
    from microcoder_eval.types import TestResult

    def run(s: float) -> TestResult:
        return TestResult(Verdict.ACCEPTED, s)

    st = ProblemState(
        correct=[0, 1],
        per_ref=[[run(0.9), run(0.1)], [run(0.2), run(0.3)]],
        counted={0},
        repeats=[[run(0.6), run(0.05)]],
    )  # ref 0's generation run counted; its repeat
    assert sorted(r.time_s for r in _timed_runs(st, [0, 1])) == [0.05, 0.2, 0.3, 0.6]
    st.counted = set()
    assert sorted(r.time_s for r in _timed_runs(st, [0])) == [0.2, 0.9]
    st.correct, st.counted, st.repeats = [0], {0}, []  # nothing plain: the counted ones, not none
    assert sorted(r.time_s for r in _timed_runs(st, [0, 1])) == [0.1, 0.9]
