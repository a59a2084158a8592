"""Reward latency at scale: near-limit re-runs, infra errors, group fail-fast, no tail."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from microcoder_eval.judge import Judge
from microcoder_eval.types import JudgeTask, Limits, TestCase, Verdict

DOUBLE = JudgeTask("stdin", (TestCase("2\n", "4\n"),))


def _burn(seconds: float, then: str = "print(int(input()) * 2)") -> str:
    return f"import time\nt = time.process_time()\nwhile time.process_time() - t < {seconds}:\n    pass\n{then}\n"


@pytest.fixture(scope="module")
def judge():
    with Judge(workers=2, limits=Limits(time_limit_s=0.5, memory_limit_mb=1024, output_limit_mb=8)) as j:
        yield j


@pytest.fixture(scope="module")
def judge_always_grace():
    # near_limit_min_wait=0: the grace whether or not the host is busy (the re-run mechanics)
    limits = Limits(time_limit_s=0.5, memory_limit_mb=1024, output_limit_mb=8, near_limit_min_wait=0.0)
    with Judge(workers=2, limits=limits) as j:
        yield j


def test_a_time_out_near_the_limit_is_run_again_once(judge_always_grace):
    judge = judge_always_grace
    # 10% over the 0.5 s limit: stopped only at +20%, run a second time, still over: final
    result = judge.judge(DOUBLE, _burn(0.55))
    assert result.verdict is Verdict.TIME_LIMIT and result.tests[0].rerun, result.to_dict()
    # the first run was slow (a busy host), the second is not: accepted
    flaky = (
        "import os, time\nif not os.path.exists('ran'):\n    open('ran', 'w').close()\n"
        "    t = time.process_time()\n    while time.process_time() - t < 0.55:\n        pass\n"
        "print(int(input()) * 2)\n"
    )
    result = judge.judge(DOUBLE, flaky)
    assert result.verdict is Verdict.ACCEPTED and result.tests[0].rerun, result.to_dict()


def test_a_time_out_far_over_the_limit_is_final_at_once(judge):
    started = time.monotonic()
    result = judge.judge(DOUBLE, "while True:\n    pass\n")
    assert result.verdict is Verdict.TIME_LIMIT and not result.tests[0].rerun
    assert result.tests[0].time_s <= 0.5 * 1.2 + 0.1
    assert time.monotonic() - started < 3.0  # killed at 0.6 s of CPU, not run twice


def test_on_a_quiet_host_the_limit_is_final_as_it_stands():
    # A gate no test can pass (waiting for a CPU all of its time): the host counts as quiet
    # whatever the load, so the candidate is stopped at the limit itself, once.
    limits = Limits(time_limit_s=0.5, near_limit_min_wait=1.0)
    with Judge(workers=1, limits=limits) as judge:
        result = judge.judge(DOUBLE, _burn(0.55))
        assert result.verdict is Verdict.TIME_LIMIT and not result.tests[0].rerun, result.to_dict()
        assert result.tests[0].time_s < 0.5 * 1.2, result.to_dict()  # not run on to the grace
        looping = judge.judge(DOUBLE, "while True:\n    pass\n")
        assert looping.verdict is Verdict.TIME_LIMIT and looping.tests[0].time_s < 0.5 * 1.2


def _hogs_on(cpu: int, count: int) -> list:
    import subprocess
    import sys

    code = f"import os\nos.sched_setaffinity(0, {{{cpu}}})\nwhile True:\n    pass\n"
    return [subprocess.Popen([sys.executable, "-c", code]) for _ in range(count)]


def test_on_a_busy_host_a_time_out_near_the_limit_gets_the_grace_and_a_rerun():
    # The judge, its workers and so the candidate share one CPU with two busy processes:
    # the candidate waits for that CPU most of its time (default gate: 10%).
    cpu = min(os.sched_getaffinity(0))
    saved = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {cpu})
    hogs = _hogs_on(cpu, 2)
    try:
        with Judge(workers=1, limits=Limits(time_limit_s=0.5)) as judge:
            result = judge.judge(DOUBLE, _burn(0.55))
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
        os.sched_setaffinity(0, saved)
    assert result.verdict is Verdict.TIME_LIMIT and result.tests[0].rerun, result.to_dict()


def test_no_rerun_when_the_margin_is_zero():
    with Judge(workers=1, limits=Limits(time_limit_s=0.5, near_limit_margin=0.0)) as judge:
        result = judge.judge(DOUBLE, _burn(0.55))
    assert result.verdict is Verdict.TIME_LIMIT and not result.tests[0].rerun


def test_a_worker_lost_twice_is_an_infra_error_not_the_candidates():
    code = "import time\ntime.sleep(1.0)\nprint(int(input()) * 2)"
    with Judge(workers=1, limits=Limits(time_limit_s=5)) as judge:
        assert judge.judge(DOUBLE, "print(4)").verdict is Verdict.ACCEPTED
        killed: list[int] = []

        def kill_each_worker_once():
            deadline = time.monotonic() + 20
            while len(killed) < 2 and time.monotonic() < deadline:
                time.sleep(0.3)
                workers = list(judge._all)
                if workers and workers[0].proc.pid not in killed and workers[0].broken:  # busy on the candidate
                    killed.append(workers[0].proc.pid)
                    os.kill(workers[0].proc.pid, signal.SIGKILL)

        killer = threading.Thread(target=kill_each_worker_once)
        killer.start()
        result = judge.judge(DOUBLE, code)
        killer.join()
        assert len(killed) == 2
        assert result.verdict is Verdict.INFRA_ERROR and "failed twice" in result.detail, result.to_dict()
        assert judge.judge(DOUBLE, "print(4)").verdict is Verdict.ACCEPTED  # the pool recovered


def test_the_wall_clock_backstop_is_an_infra_error():
    """Past the wall backstop with its own CPU and net elapsed time within the limit, the
    test waited for a CPU: the host's overload, reported as such (here the backstop is set
    below the limit to stand in for a host overloaded past it)."""
    from microcoder_testing.supervised import run_one_test

    result = run_one_test("import time\ntime.sleep(2)\nprint(1)", time_limit_s=5.0, wall_limit_s=0.5)
    assert result["status"] == "infra_error" and "overloaded" in result["detail"]


# ---- fail fast inside a group ---------------------------------------------------------
SQUARES = JudgeTask("stdin", tuple(TestCase(f"{i}\n", f"{i * i}\n") for i in range(20)))
WRONG_AT_15 = "n = int(input())\nprint(n * n if n != 15 else -1)"
RIGHT = "n = int(input())\nprint(n * n)"


def test_siblings_try_the_tests_others_failed_first():
    with Judge(workers=1, share_failures=True) as judge:
        first = judge.judge(SQUARES, WRONG_AT_15)
        assert first.verdict is Verdict.WRONG_ANSWER and len(first.tests) == 16 and first.tests[-1].index == 15
        second = judge.judge(SQUARES, WRONG_AT_15)
        assert second.verdict is Verdict.WRONG_ANSWER and [t.index for t in second.tests] == [15]
        assert second.tests_passed == 0  # counts the tests passed among those run
        right = judge.judge(SQUARES, RIGHT)  # binary verdicts do not change
        assert right.verdict is Verdict.ACCEPTED and sorted(t.index for t in right.tests) == list(range(20))
        assert right.tests[0].index == 15
        # a group's failures are its own: another problem keeps its natural order
        other = JudgeTask("stdin", SQUARES.tests[:18])
        assert [t.index for t in judge.judge(other, WRONG_AT_15).tests] == list(range(16))
    with Judge(workers=1) as judge:  # off by default
        judge.judge(SQUARES, WRONG_AT_15)
        assert len(judge.judge(SQUARES, WRONG_AT_15).tests) == 16


# ---- no tail: a long candidate's remaining tests go to idle workers ----------------------
# Prints how many tests this child has run so far (modules stay imported between tests):
# every child's first test prints 1, so the tests passed = the children used.
_COUNTING = (
    "import json, time\njson._runs = getattr(json, '_runs', 0) + 1\n"
    "t = time.process_time()\nwhile time.process_time() - t < 0.15:\n    pass\nprint(json._runs)\n"
)
COUNTED = JudgeTask("stdin", tuple(TestCase(f"{i}\n", "1\n") for i in range(8)))


def test_idle_workers_take_a_long_candidates_remaining_tests():
    with Judge(workers=2) as judge:
        judge.judge(DOUBLE, "print(4)")
        judge.judge_many([(DOUBLE, "print(4)")] * 2)  # both workers up
        split = judge.judge(COUNTED, _COUNTING, stop_on_failure=False)
        assert sorted(t.index for t in split.tests) == list(range(8))
        assert split.tests_passed == 2, split.to_dict()  # one child on each worker
    with Judge(workers=2, split_long=False) as judge:
        judge.judge_many([(DOUBLE, "print(4)")] * 2)
        assert judge.judge(COUNTED, _COUNTING, stop_on_failure=False).tests_passed == 1


def test_split_candidates_keep_every_verdict_and_result():
    always = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.05:\n    pass\n" + RIGHT
    wrong_late = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.05:\n    pass\n" + WRONG_AT_15
    items = [(SQUARES, always), (SQUARES, wrong_late), (DOUBLE, "print(4)"), (SQUARES, always)]
    with Judge(workers=2) as judge:
        for _ in range(2):
            results = list(judge.judge_many(items, stop_on_failure=False))
            assert [r.verdict for r in results] == [
                Verdict.ACCEPTED,
                Verdict.WRONG_ANSWER,
                Verdict.ACCEPTED,
                Verdict.ACCEPTED,
            ]
            for r in (results[0], results[1], results[3]):
                assert sorted(t.index for t in r.tests) == list(range(20))
            assert results[1].tests_passed == 19
            stopped = judge.judge(SQUARES, wrong_late)
            assert stopped.verdict is Verdict.WRONG_ANSWER and any(t.index == 15 for t in stopped.tests)


# ---- functional return values LeetCode's serializer would reject ----------------------
PAIR = JudgeTask("functional", (TestCase("[2]", "[2, 4]"),), fn_name="pair")


@pytest.mark.parametrize(
    "ret, ok",
    [
        ("[n, 2 * n]", True),
        ("(n, 2 * n)", True),
        ("[np.int64(n), np.int64(2 * n)]", True),  # numpy scalars hold plain values
        ("np.array([n, 2 * n])", False),  # an array is not a list to LeetCode
        ("Box()", False),  # an arbitrary object, however it compares
    ],
)
def test_functional_return_values_leetcode_would_reject(judge, ret, ok):
    code = (
        "import numpy as np\nclass Box:\n    def __eq__(self, other):\n        return True\n"
        "    def __iter__(self):\n        return iter([2, 4])\n"
        f"class Solution:\n    def pair(self, n):\n        return {ret}\n"
    )
    result = judge.judge(PAIR, code)
    assert result.passed is ok, result.to_dict()
    if not ok:
        assert result.verdict is Verdict.RUNTIME_ERROR and "serializer" in (result.detail or ""), result.to_dict()


def test_a_failing_slice_stops_the_candidates_other_slices_at_once():
    # test 1 loops forever, test 5 is answered wrong: the candidate's own worker is stuck
    # on test 1 while a helper reaches test 5; the helper's failure must end test 1 now,
    # not at the 10 s limit.
    tests = tuple(TestCase(f"{i}\n", "1\n") for i in range(8))
    code = (
        "import time\nn = int(input())\nt = time.process_time()\nwhile time.process_time() - t < 0.15:\n"
        "    pass\nwhile n == 1:\n    pass\nprint(0 if n == 5 else 1)\n"
    )
    with Judge(workers=2, limits=Limits(time_limit_s=10)) as judge:
        judge.judge_many([(DOUBLE, "print(4)")] * 2)
        time.sleep(0.1)
        started = time.monotonic()
        result = judge.judge(JudgeTask("stdin", tests), code)
        elapsed = time.monotonic() - started
        assert result.verdict is Verdict.WRONG_ANSWER and any(t.index == 5 for t in result.tests), result.to_dict()
        assert not any(t.index == 1 for t in result.tests)
        assert elapsed < 5, elapsed
        # both workers are clean and reusable afterwards
        assert [r.verdict for r in judge.judge_many([(DOUBLE, "print(4)")] * 4)] == [Verdict.ACCEPTED] * 4
        assert len(judge._all) == 2
