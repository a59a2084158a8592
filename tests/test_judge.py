"""The judge on real programs: fidelity to a real interpreter, verdicts, comparisons, hygiene."""

from __future__ import annotations

import json

import pytest

from microcoder_eval.judge import Judge
from microcoder_eval.sandbox import protocol
from microcoder_eval.types import JudgeTask, JudgingRule, Limits, TestCase, Verdict

ADD_TESTS = (TestCase("1 2\n", "3\n"), TestCase("10 20\n", "30\n"), TestCase("-5 5\n", "0\n"))
ADD = JudgeTask("stdin", ADD_TESTS)


@pytest.fixture(scope="module")
def judge():
    with Judge(workers=2, limits=Limits(time_limit_s=2, memory_limit_mb=1024, output_limit_mb=8)) as j:
        yield j


def verdict(judge, task, code, **kw):
    return judge.judge(task, code, **kw).verdict


def test_isolation_is_reported(judge):
    assert judge.isolation["level"] in ("full", "partial", "none")
    assert set(judge.isolation["features"]) >= {"net_ns", "pid_ns", "mount_ns"}


@pytest.mark.parametrize(
    "code",
    [
        "a,b=map(int,input().split())\nprint(a+b)",
        "import sys\na,b=map(int,sys.stdin.buffer.read().split())\nsys.stdout.buffer.write(b'%d\\n'%(a+b))",
        "a,b=map(int,open(0).read().split())\nprint(a+b)\nquit()",
        "import os\na,b=map(int,input().split())\nos.write(1,(str(a+b)+'\\n').encode())",
        "from __future__ import annotations\nimport sys\nfor line in sys.stdin:\n    a,b=map(int,line.split())\n    print(a+b)",
        "total=0\ndef f(x):\n    global total\n    total += x\nfor v in map(int,input().split()):\n    f(v)\nprint(total)",
        "import sys\ninput=sys.stdin.readline\na,b=map(int,input().split())\nprint(a+b)\nsys.exit(0)",
        "import threading,sys\nthreading.stack_size(1<<26)\nsys.setrecursionlimit(10**6)\n"
        "def main():\n    a,b=map(int,input().split())\n    print(a+b)\nthreading.Thread(target=main).start()",
        "import atexit,io,sys\nbuf=io.StringIO()\natexit.register(lambda: sys.__stdout__.write(buf.getvalue()))\n"
        "a,b=map(int,input().split())\nbuf.write(f'{a+b}\\n')",
        "import os\na,b=map(int,input().split())\nprint(a+b, flush=True)\nos._exit(0)",
        "def main():\n    a,b=map(int,input().split())\n    print(a+b)\nif __name__ == '__main__':\n    main()",
    ],
    ids=[
        "input",
        "buffer",
        "open0-quit",
        "os.write",
        "future-stdin-loop",
        "global",
        "readline-exit0",
        "big-stack-thread",
        "atexit-flush",
        "os._exit-after-flush",
        "main-guard",
    ],
)
def test_correct_programs_that_in_process_graders_reject_are_accepted(judge, code):
    result = judge.judge(ADD, code)
    assert result.verdict is Verdict.ACCEPTED, result.to_dict()
    assert result.tests_passed == 3


def test_multiline_stdin_buffer_reads_every_line(judge):
    task = JudgeTask("stdin", (TestCase("3\n1\n2\n3\n", "6\n"),))
    code = (
        "import sys\nn=int(sys.stdin.buffer.readline())\nprint(sum(int(sys.stdin.buffer.readline()) for _ in range(n)))"
    )
    assert verdict(judge, task, code) is Verdict.ACCEPTED


def test_prelude_names_and_builtin_pow(judge):
    task = JudgeTask("stdin", (TestCase("", "8 [1, 2] 1\n"),))
    # pow must stay the builtin (three-argument) pow; prelude names are available.
    code = "print(pow(2, 3, 1000), SortedList([2, 1]).__repr__()[11:17], gcd(3, 4))"
    assert verdict(judge, task, code) is Verdict.ACCEPTED


def test_wrong_answer_has_diff(judge):
    result = judge.judge(ADD, "a,b=map(int,input().split())\nprint(a+b+1)")
    assert result.verdict is Verdict.WRONG_ANSWER
    assert result.tests_passed == 0 and len(result.tests) == 1  # stops at the first failure
    assert result.detail


def test_run_all_tests_when_asked(judge):
    code = "a,b=map(int,input().split())\nprint(3)"
    result = judge.judge(ADD, code, stop_on_failure=False, keep_outputs=True)
    assert [t.verdict for t in result.tests] == [Verdict.ACCEPTED, Verdict.WRONG_ANSWER, Verdict.WRONG_ANSWER]
    assert [t.actual for t in result.tests] == ["3\n", "3\n", "3\n"]


def test_right_output_then_failure_exit_is_runtime_error(judge):
    for tail in ("import sys; sys.exit(1)", "raise ValueError('x')", "import os; os._exit(3)"):
        code = "import sys\na,b=map(int,input().split())\nprint(a+b)\nsys.stdout.flush()\n" + tail
        assert verdict(judge, ADD, code) is Verdict.RUNTIME_ERROR, tail


def test_compile_error_no_code_incomplete(judge):
    assert verdict(judge, ADD, "def f(:\n  pass") is Verdict.COMPILE_ERROR
    assert judge.judge_completion(ADD, "I cannot solve this.").verdict is Verdict.NO_CODE
    assert judge.judge_completion(ADD, "Here:\n```python\nprint(1)\n").verdict is Verdict.INCOMPLETE
    done = "Sure.\n```python\na,b=map(int,input().split())\nprint(a+b)\n```\n"
    assert judge.judge_completion(ADD, done).verdict is Verdict.ACCEPTED


def test_time_limit_from_outside(judge):
    assert verdict(judge, ADD, "while True: pass") is Verdict.TIME_LIMIT
    assert verdict(judge, ADD, "import time\ntime.sleep(60)") is Verdict.TIME_LIMIT


def test_memory_and_output_limits(judge):
    assert verdict(judge, ADD, "x = bytearray(8 * 1024**3)") is Verdict.MEMORY_LIMIT
    code = "import sys\nchunk='x'*(1<<20)\nfor _ in range(64): sys.stdout.write(chunk)"
    assert verdict(judge, ADD, code) is Verdict.OUTPUT_LIMIT


def test_a_tasks_own_memory_limit_replaces_the_judges(judge):
    # 300 MB of address space: within the judge's 1024 MB, not within a task's 128 MB
    code = "x = bytearray(300 * 1024**2)\na,b=map(int,input().split())\nprint(a+b)"
    assert verdict(judge, ADD, code) is Verdict.ACCEPTED
    tight = JudgeTask("stdin", ADD_TESTS, memory_limit_mb=128)
    assert verdict(judge, tight, code) is Verdict.MEMORY_LIMIT
    assert verdict(judge, tight, "a,b=map(int,input().split())\nprint(a+b)") is Verdict.ACCEPTED
    assert verdict(judge, ADD, code) is Verdict.ACCEPTED  # the next candidate is back at the judge's


def test_float_tolerance_from_rule(judge):
    task = JudgeTask("stdin", (TestCase("1 3\n", "0.333333333333\n"),), rule=JudgingRule(float_tolerance=1e-6))
    assert verdict(judge, task, "a,b=map(int,input().split())\nprint('%.6f' % (a/b))") is Verdict.ACCEPTED
    assert verdict(judge, task, "a,b=map(int,input().split())\nprint('%.3f' % (a/b))") is Verdict.WRONG_ANSWER


def test_functional_leetcode_style(judge):
    task = JudgeTask(
        "functional",
        (TestCase("[[2,7,11,15], 9]", "[0, 1]"), TestCase('{"nums": [3,2,4], "target": 6}', "[1, 2]")),
        fn_name="twoSum",
    )
    code = (
        "class Solution:\n"
        "    def twoSum(self, nums: List[int], target: int) -> List[int]:\n"
        "        seen = {}\n"
        "        for i, x in enumerate(nums):\n"
        "            if target - x in seen:\n"
        "                return [seen[target - x], i]\n"
        "            seen[x] = i\n"
    )
    result = judge.judge(task, code)
    assert result.verdict is Verdict.ACCEPTED, result.to_dict()
    assert all(t.comparison for t in result.tests)


def test_functional_fresh_solution_per_test(judge):
    task = JudgeTask("functional", (TestCase("[1]", "1"), TestCase("[1]", "1")), fn_name="f")
    code = "class Solution:\n    def __init__(self):\n        self.calls = 0\n    def f(self, x):\n        self.calls += 1\n        return self.calls * x"
    assert verdict(judge, task, code) is Verdict.ACCEPTED


def test_functional_plain_function_and_types(judge):
    task = JudgeTask("functional", (TestCase("[2]", "true"),), fn_name="is_even")
    assert verdict(judge, task, "def is_even(n):\n    return n % 2 == 0") is Verdict.ACCEPTED
    assert verdict(judge, task, "def is_even(n):\n    return 1") is Verdict.WRONG_ANSWER  # bool is not int
    tup = JudgeTask("functional", (TestCase("[]", "[[1, 2], [3, 0.5]]"),), fn_name="f")
    assert verdict(judge, tup, "def f():\n    return ((1, 2), (3, 0.5000000001))") is Verdict.ACCEPTED


def test_eq_hijack_cannot_fake_equality(judge):
    task = JudgeTask("functional", (TestCase("[]", "12345"),), fn_name="f")
    always_equal = "class Any:\n    def __eq__(self, o): return True\ndef f():\n    return Any()"
    assert verdict(judge, task, always_equal) is Verdict.RUNTIME_ERROR
    int_liar = "class I(int):\n    def __eq__(self, o): return True\n    def __repr__(self): return '12345'\ndef f():\n    return I(7)"
    assert verdict(judge, task, int_liar) is Verdict.WRONG_ANSWER


def test_parallel_judge_many_keeps_order(judge):
    good = "a,b=map(int,input().split())\nprint(a+b)"
    bad = "print(0)"
    items = [(ADD, good if i % 3 else bad) for i in range(12)]
    verdicts = [r.verdict for r in judge.judge_many(items)]
    assert verdicts == [Verdict.WRONG_ANSWER if i % 3 == 0 else Verdict.ACCEPTED for i in range(12)]


def test_judge_many_starts_before_a_lazy_input_is_exhausted():
    # Verify draws the next problem's inputs while the workers judge the earlier ones.
    import threading

    class Noting(Judge):
        started = threading.Event()

        def judge(self, task, code, **kw):
            self.started.set()
            return super().judge(task, code, **kw)

    seen_while_producing: list[bool] = []
    with Noting(workers=1) as judge:

        def items():
            yield ADD, "a,b=map(int,input().split())\nprint(a+b)"
            seen_while_producing.append(judge.started.wait(timeout=20))
            yield ADD, "print(0)"

        verdicts = [r.verdict for r in judge.judge_many(items())]
    assert verdicts == [Verdict.ACCEPTED, Verdict.WRONG_ANSWER] and seen_while_producing == [True]


def test_unsplit_candidate_stops_at_its_first_failing_test():
    # Test strength needs a mutant's first killer: with a spare worker, a split could stop
    # at a later slice's failure while the slow first test still runs.
    import time

    slow_first = (
        "import time\ns=input()\nif s=='slow':\n    t=time.process_time()\n"
        "    while time.process_time()-t<0.4: pass\nprint('ok' if s=='fine' else 'x')"
    )
    task = JudgeTask(
        "stdin",
        (TestCase("fine\n", "ok\n"), TestCase("slow\n", "ok\n")) + tuple(TestCase(f"{i}\n", "ok\n") for i in range(12)),
    )
    with Judge(workers=2) as judge:
        judge.judge(task, "print('ok')")
        time.sleep(0.2)  # both workers warm, and the spare one idle long enough to help
        result = judge.judge(task, slow_first, split=False)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert [(t.index, t.verdict) for t in result.tests] == [(0, Verdict.ACCEPTED), (1, Verdict.WRONG_ANSWER)]


def test_queued_test_is_stopped_when_an_earlier_test_fails():
    # The judge queues test k+1 at the worker while test k runs.  When test k fails, the
    # queued test must be killed, not waited out: here it would run forever.
    import time

    task = JudgeTask("stdin", (TestCase("1\n", "1\n"), TestCase("2\n", "2\n"), TestCase("loop\n", "x\n")))
    code = "s=input()\nif s=='2':\n    print('wrong')\nelif s=='loop':\n    while True: pass\nelse:\n    print(s)"
    with Judge(workers=1, limits=Limits(time_limit_s=20, memory_limit_mb=512, output_limit_mb=4)) as judge:
        started = time.monotonic()
        result = judge.judge(task, code)
        assert result.verdict is Verdict.WRONG_ANSWER and len(result.tests) == 2
        # The same worker then judges the next candidates from a clean state.
        assert judge.judge(ADD, "a,b=map(int,input().split())\nprint(a+b)").verdict is Verdict.ACCEPTED
        elapsed = time.monotonic() - started
        assert elapsed < 10, f"the queued endless test was waited out ({elapsed:.1f} s)"
        assert judge.judge(ADD, "def f(:").verdict is Verdict.COMPILE_ERROR
        assert judge.judge(ADD, "print(0)").verdict is Verdict.WRONG_ANSWER
        assert judge.judge(ADD, "a,b=map(int,input().split())\nprint(a+b)").tests_passed == 3


def test_tests_queued_behind_a_failed_run_are_dropped_when_the_judge_stops_at_failures(judge):
    # A run that did not end "ok" fails whatever the expected output, and a judge stopping
    # at failures ends the candidate on that answer: the worker answers it and runs none of
    # the tests queued behind it (no new child after a killed one, no second endless loop).
    # Judging every test (Verify), it runs them all.
    import time

    from microcoder_eval.sandbox.client import SandboxWorker

    code = "x = int(input())\nif x == 1:\n    raise ValueError(x)\nprint(x)"
    limits = {"time_limit_s": 5.0, "wall_limit_s": 10.0, "memory_limit_mb": 256, "output_limit_mb": 4}
    worker = SandboxWorker(judge._hide, judge._work_size_mb)
    try:
        statuses = {}
        for stop in (True, False):
            worker._send(
                {
                    "op": "candidate",
                    "code": code,
                    "mode": "stdin",
                    "fn_name": None,
                    "stop_on_failure": stop,
                    "limits": limits,
                }
            )
            for i in (1, 2, 3):
                worker._send({"op": "test", "input": f"{i}\n"})
            answers = [worker._recv(30)]
            if not stop:
                answers += [worker._recv(30), worker._recv(30)]
            else:
                time.sleep(0.5)  # time enough to run the queued tests, were they run
            worker._send({"op": "end"})
            while (message := worker._recv(30))["op"] != "ended":
                answers.append(message)
            statuses[stop] = [a["status"] for a in answers]
        assert statuses == {True: ["runtime_error"], False: ["runtime_error", "ok", "ok"]}
    finally:
        worker.close()


def test_answers_held_back_for_one_write_are_not_kept_waiting_by_a_long_test(judge):
    # The worker holds a short test's answer while the judge has another test queued, to
    # send several in one write; a test that runs long releases them at its first check
    # (~20 ms), so the judge can grade them -- and stop at a failure -- meanwhile.
    import time

    from microcoder_eval.sandbox.client import SandboxWorker

    code = "import time\nx = int(input())\nif x == 3:\n    time.sleep(3)\nprint(x)"
    limits = {"time_limit_s": 10.0, "wall_limit_s": 20.0, "memory_limit_mb": 256, "output_limit_mb": 4}
    worker = SandboxWorker(judge._hide, judge._work_size_mb)
    try:
        worker._send(
            {
                "op": "candidate",
                "code": code,
                "mode": "stdin",
                "fn_name": None,
                "stop_on_failure": False,
                "limits": limits,
            }
        )
        started = time.monotonic()
        for i in (1, 2, 3, 4, 5):  # queued deep: the answers to 1 and 2 are held back
            worker._send({"op": "test", "input": f"{i}\n"})
        answers = [worker._recv(30) for _ in range(2)]
        waited = time.monotonic() - started
        assert [(a["status"], a["output"]) for a in answers] == [("ok", f"{i}\n") for i in (1, 2)]
        assert waited < 2.0, f"the answers waited for the long test ({waited:.1f} s)"
        assert [worker._recv(30)["output"] for _ in range(3)] == ["3\n", "4\n", "5\n"]
        worker._send({"op": "end"})
        assert worker._recv(30)["op"] == "ended"
    finally:
        worker.close()


def test_test_cpu_time_is_measured_below_a_clock_tick(judge):
    # A lone single-threaded child's CPU comes from its scheduler run time (nanoseconds),
    # not /proc/<pid>/stat's 10 ms ticks: a program burning ~25 ms of CPU per test is
    # charged at least that, and its times are not whole ticks.
    burn = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.025:\n    pass\nprint(input())"
    task = JudgeTask("stdin", tuple(TestCase(f"{i}\n", f"{i}\n") for i in range(6)))
    result = judge.judge(task, burn)
    assert result.verdict is Verdict.ACCEPTED
    times = [t.time_s for t in result.tests]
    assert all(0.025 <= s < 0.5 for s in times), times
    assert any(round(s * 100, 6) != round(s * 100) for s in times), times


def test_large_and_small_inputs_mixed_keep_their_order(judge):
    # Inputs over the queue-ahead size go in lockstep; results must still pair with tests.
    sizes = [3, 200_000, 5, 70_000, 1, 1, 300_000, 2]
    tests = tuple(TestCase("x" * n + "\n", f"{n}\n") for n in sizes)
    task = JudgeTask("stdin", tests)
    result = judge.judge(task, "print(len(input()))", stop_on_failure=False, keep_outputs=True)
    assert result.verdict is Verdict.ACCEPTED, result.to_dict()
    assert [t.actual for t in result.tests] == [f"{n}\n" for n in sizes]
    functional = JudgeTask("functional", tuple(TestCase(json.dumps(["y" * n]), str(n)) for n in sizes), fn_name="f")
    assert judge.judge(functional, "def f(s):\n    return len(s)").verdict is Verdict.ACCEPTED


def test_functional_values_either_side_of_the_inline_size_come_back_whole(judge):
    # Small arguments and return values ride on the control lines, large ones go through
    # files: both must reach the program and come back intact (escapes, non-ASCII), in order.
    limit = protocol.INLINE_MAX_CHARS
    sizes = [3, limit // 4 - 3, limit // 2, limit - 10, limit + 10, 70_000, 1]
    texts = [('ab"\\é\n' * n)[:n] for n in sizes]
    task = JudgeTask("functional", tuple(TestCase(json.dumps([t]), json.dumps(t + t)) for t in texts), fn_name="f")
    result = judge.judge(task, "def f(s):\n    return s + s", stop_on_failure=False, keep_outputs=True)
    assert result.verdict is Verdict.ACCEPTED, result.to_dict()
    assert [json.loads(t.actual) for t in result.tests] == [t + t for t in texts]


def test_a_functional_programs_stdin_reads_nothing(judge):
    # As on LeetCode: the arguments are the call's, never the program's stdin.
    task = JudgeTask("functional", (TestCase("[1]", '""'), TestCase(json.dumps(["z" * 70_000]), '""')), fn_name="f")
    assert verdict(judge, task, "import sys\ndef f(x):\n    return sys.stdin.read()") is Verdict.ACCEPTED


def test_run_all_reports_every_test_in_order(judge):
    tests = tuple(TestCase(f"{i}\n", f"{i}\n") for i in range(40))
    code = "n=int(input())\nprint(n if n % 7 else -1)"
    result = judge.judge(JudgeTask("stdin", tests), code, stop_on_failure=False)
    assert [t.verdict is Verdict.ACCEPTED for t in result.tests] == [i % 7 != 0 for i in range(40)]


def test_each_test_starts_from_a_clean_interpreter_state():
    # What one test does to builtins, argv, cwd or the recursion limit is undone before
    # the next, as if every test were its own `python solution.py`.
    code = (
        "import builtins, os, sys\n"
        "print(sys.argv, getattr(builtins, 'counter', 0), os.path.basename(os.getcwd()) != 'sub',\n"
        "      sys.getrecursionlimit() < 10**6)\n"
        "builtins.counter = getattr(builtins, 'counter', 0) + 1\n"
        "builtins.print = lambda *a, **k: None\n"
        "os.makedirs('sub', exist_ok=True)\n"
        "os.chdir('sub')\n"
        "sys.setrecursionlimit(10**6)\n"
    )
    expected = "['solution.py'] 0 True True\n"
    task = JudgeTask("stdin", (TestCase("", expected),) * 3)
    with Judge(workers=1, limits=Limits(time_limit_s=2, memory_limit_mb=512, output_limit_mb=4)) as judge:
        result = judge.judge(task, code, stop_on_failure=False, keep_outputs=True)
        assert result.verdict is Verdict.ACCEPTED, [t.actual for t in result.tests]


def test_a_programs_namespace_is_new_for_each_stdin_test_and_each_candidate():
    # A child's first run takes a namespace the worker filled before forking; what a program
    # writes there reaches neither its own next test nor the next candidate of the worker.
    code = (
        "print('left' in globals(), deque.__name__, __name__, sorted(k for k in globals() if k.startswith('__')))\n"
        "left = 1\n"
        "deque = None\n"
        "globals().pop('heappush')\n"
    )
    expected = (
        "False deque __main__ ['__builtins__', '__doc__', '__file__', '__loader__', '__name__', "
        "'__package__', '__spec__']\n"
    )
    task = JudgeTask("stdin", (TestCase("", expected),) * 2)
    # a functional module runs once per candidate: its globals last over its tests, not beyond
    functional = JudgeTask("functional", (TestCase("[]", "1"), TestCase("[]", "2")), fn_name="f")
    counting = "def f():\n    global calls\n    calls = globals().get('calls', 0) + 1\n    return calls\n"
    with Judge(workers=1, limits=Limits(time_limit_s=2, memory_limit_mb=512, output_limit_mb=4)) as judge:
        for _ in range(2):
            result = judge.judge(task, code, stop_on_failure=False, keep_outputs=True)
            assert result.verdict is Verdict.ACCEPTED, [t.actual for t in result.tests]
            result = judge.judge(functional, counting, stop_on_failure=False, keep_outputs=True)
            assert result.verdict is Verdict.ACCEPTED, [t.actual for t in result.tests]


def test_what_a_stdin_test_kept_is_freed_before_the_next():
    # A function holds its module in a cycle: freed only by a collection, and never for the
    # first test's module (made in the worker, frozen in the child).  Twice 300 MB under a
    # 512 MB limit only fits if each test's globals are freed when it ends.
    code = "def f(n):\n    return n\nbig = bytearray(300 * 1024 * 1024)\nprint(f(len(big)) > 0)\n"
    task = JudgeTask("stdin", (TestCase("", "True\n"),) * 3)
    with Judge(workers=1, limits=Limits(time_limit_s=5, memory_limit_mb=512, output_limit_mb=4)) as judge:
        result = judge.judge(task, code, stop_on_failure=False)
        assert result.verdict is Verdict.ACCEPTED, result.to_dict()


def test_program_names_resolve_through_main_as_under_python():
    # pickle, dataclasses and typing.get_type_hints look a program's names up in
    # sys.modules['__main__']: it must be the program's own module.
    code = (
        "import pickle, typing\n"
        "from dataclasses import dataclass\n"
        "@dataclass\n"
        "class Node:\n"
        "    val: int\n"
        "    nxt: 'typing.Optional[Node]' = None\n"
        "def double(x):\n"
        "    return 2 * x\n"
        "n = int(input())\n"
        "print(pickle.loads(pickle.dumps(double))(n), typing.get_type_hints(Node)['nxt'], Node(n))\n"
    )
    task = JudgeTask(
        "stdin",
        (
            TestCase("3\n", "6 typing.Optional[__main__.Node] Node(val=3, nxt=None)\n"),
            TestCase("4\n", "8 typing.Optional[__main__.Node] Node(val=4, nxt=None)\n"),
        ),
    )
    with Judge(workers=1, limits=Limits(time_limit_s=2, memory_limit_mb=512, output_limit_mb=4)) as judge:
        result = judge.judge(task, code, stop_on_failure=False, keep_outputs=True)
        assert result.verdict is Verdict.ACCEPTED, result.to_dict()


def test_a_functional_programs_top_level_setup_holds_for_every_test():
    # The module runs once (as on LeetCode): a recursion limit or a builtin it sets at
    # top level must still be there on the second test, not reset to the defaults.
    code = (
        "import sys, builtins\n"
        "sys.setrecursionlimit(100000)\n"
        "builtins.MOD = 10**9 + 7\n"
        "class Solution:\n"
        "    def depth(self, n):\n"
        "        return 0 if n == 0 else 1 + self.depth(n - 1) + 0 * MOD\n"
    )
    tests = (TestCase("[5000]", "5000"), TestCase("[6000]", "6000"), TestCase("[7000]", "7000"))
    task = JudgeTask("functional", tests, fn_name="depth")
    with Judge(workers=1, limits=Limits(time_limit_s=2, memory_limit_mb=1024, output_limit_mb=4)) as judge:
        result = judge.judge(task, code, stop_on_failure=False)
        assert result.verdict is Verdict.ACCEPTED, result.to_dict()
