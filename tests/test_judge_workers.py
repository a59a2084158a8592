"""The judge's sandbox workers: a lost, stuck or unstartable worker is replaced, nothing a candidate started
outlives it, degraded isolation still judges and says so."""

from __future__ import annotations

import os
import sys

import pytest

from microcoder_eval.judge import Judge, SandboxError
from microcoder_eval.types import JudgeTask, Limits, TestCase, Verdict

ADD_TESTS = (TestCase("1 2\n", "3\n"), TestCase("10 20\n", "30\n"), TestCase("-5 5\n", "0\n"))
ADD = JudgeTask("stdin", ADD_TESTS)


def test_a_worker_lost_mid_judgment_is_replaced_and_the_candidate_judged_again():
    import signal
    import threading
    import time

    code = "import time\ntime.sleep(0.5)\na,b=map(int,input().split())\nprint(a+b)"
    with Judge(workers=1, limits=Limits(time_limit_s=5, memory_limit_mb=512, output_limit_mb=4)) as judge:
        assert judge.judge(ADD, "print(0)").verdict is Verdict.WRONG_ANSWER  # the worker is up
        victim = judge._all[0].proc

        def kill_worker():
            time.sleep(0.2)
            os.kill(victim.pid, signal.SIGKILL)

        killer = threading.Thread(target=kill_worker)
        killer.start()
        result = judge.judge(ADD, code)
        killer.join()
        assert victim.poll() is not None  # the lost worker was reaped
        assert result.verdict is Verdict.ACCEPTED and result.tests_passed == 3, result.to_dict()
        assert len(judge._all) == 1 and judge._all[0].proc.pid != victim.pid
        assert judge.judge(ADD, "print(0)").verdict is Verdict.WRONG_ANSWER


def _children_of(pid: int) -> list[tuple[int, str]]:
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append((int(entry), fields[0]))
    return out


def test_no_leaks_over_many_judgments():
    preexisting = {pid for pid, _ in _children_of(os.getpid())}
    with Judge(workers=2, limits=Limits(time_limit_s=1, memory_limit_mb=512, output_limit_mb=4)) as judge:
        warm = "a,b=map(int,input().split())\nprint(a+b)"
        list(judge.judge_many([(ADD, warm)] * 4))
        fds_before = len(os.listdir("/proc/self/fd"))
        codes = [warm, "print(1)", "import os\nos._exit(0)", "raise SystemExit(2)", "def f(:"]
        results = list(judge.judge_many([(ADD, codes[i % len(codes)]) for i in range(300)]))
        assert sum(r.passed for r in results) == 60
        fds_after = len(os.listdir("/proc/self/fd"))
        children = [(pid, st) for pid, st in _children_of(os.getpid()) if pid not in preexisting]
        assert fds_after == fds_before
        assert len(children) == 2 and all(state != "Z" for _, state in children)
        worker_pids = [pid for pid, _ in children]
    # After close: workers are gone and reaped.
    assert not [pid for pid, _ in _children_of(os.getpid()) if pid in worker_pids]


@pytest.mark.parametrize(
    "disable", [("pid_ns",), ("user_ns", "mount_ns", "net_ns", "ipc_ns", "pid_ns")], ids=["no-pid-ns", "no-namespaces"]
)
def test_degraded_isolation_still_judges_and_says_so(disable, capsys):
    with Judge(
        workers=1, limits=Limits(time_limit_s=1, memory_limit_mb=512, output_limit_mb=4), disable_isolation=disable
    ) as judge:
        assert judge.isolation["level"] in ("partial", "none")
        assert judge.isolation["level"] == ("none" if len(disable) > 1 else "partial")
        assert any("disabled by configuration" in w for w in judge.isolation["warnings"])
        assert judge.judge(ADD, "a,b=map(int,input().split())\nprint(a+b)").verdict is Verdict.ACCEPTED
        assert judge.judge(ADD, "while True: pass").verdict is Verdict.TIME_LIMIT
        assert judge.judge(ADD, "import os\nos._exit(0)").verdict is Verdict.WRONG_ANSWER
        daemon = "import os,time\nif os.fork()==0:\n    time.sleep(30)\nprint(3)"
        assert judge.judge(ADD, daemon).verdict is Verdict.WRONG_ANSWER
    assert "sandbox isolation is" in capsys.readouterr().err


def test_unknown_isolation_feature_is_rejected():
    with pytest.raises(ValueError, match="unknown isolation features"):
        Judge(workers=1, disable_isolation=("seccomp",))


def _descendants(pid: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    parents[int(entry)] = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [p for p, pp in parents.items() if pp == parent]
        found += children
        frontier += children
    return found


def test_no_process_of_a_candidate_outlives_its_judgment():
    # A candidate that leaves a daemon behind on every test, fails test 0 with a large
    # output and has test 1 queued: when judge() returns, its processes are gone and the
    # worker is idle, not still busy with the candidate in the background.
    daemon = (
        "import os,sys\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
        "        import time\n        time.sleep(60)\n    os._exit(0)\nos.wait()\n"
    )
    code = daemon + "print('x' * 200000)"
    task = JudgeTask("stdin", (TestCase("1\n", "1\n"), TestCase("2\n", "2\n"), TestCase("3\n", "3\n")))
    with Judge(workers=1, limits=Limits(time_limit_s=5, memory_limit_mb=512, output_limit_mb=4)) as judge:
        assert judge.judge(ADD, "print(0)").verdict is Verdict.WRONG_ANSWER
        worker_pid = judge._all[0].proc.pid
        idle = len(_descendants(worker_pid))
        for _ in range(5):
            assert judge.judge(task, code).verdict is Verdict.WRONG_ANSWER
            assert len(_descendants(worker_pid)) == idle
        assert [w.proc.pid for w in judge._all] == [worker_pid]


def test_inputs_queued_ahead_fit_a_small_pipe():
    # Under /proc/sys/fs/pipe-user-pages-soft pressure Linux hands out one-page pipes.
    # Inputs queued ahead must then fit it: otherwise the judge blocks writing an input
    # while the worker blocks writing a large answer, and the judgment stalls.
    import fcntl

    tests = tuple(TestCase(f"{i}\n" + "y" * 10_000 + "\n", f"{i}\n" + "z" * 300_000 + "\n") for i in range(6))
    code = "i = input()\ninput()\nprint(i)\nprint('z' * 300000)"
    with Judge(workers=1, limits=Limits(time_limit_s=2, memory_limit_mb=512, output_limit_mb=4)) as judge:
        assert judge.judge(ADD, "print(0)").verdict is Verdict.WRONG_ANSWER
        worker = judge._all[0]
        fcntl.fcntl(worker.to_worker, fcntl.F_SETPIPE_SZ, 4096)
        assert fcntl.fcntl(worker.to_worker, fcntl.F_GETPIPE_SZ) == 4096
        for _ in range(3):
            result = judge.judge(JudgeTask("stdin", tests), code, stop_on_failure=False)
            assert result.verdict is Verdict.ACCEPTED and result.tests_passed == 6, result.to_dict()
        assert judge._all == [worker], "the worker stalled and was replaced"


def test_a_worker_that_cannot_be_restarted_is_reported_and_the_pool_recovers(monkeypatch):
    good = "a,b=map(int,input().split())\nprint(a+b)"
    with Judge(workers=1, limits=Limits(time_limit_s=2, memory_limit_mb=512, output_limit_mb=4)) as judge:
        assert judge.judge(ADD, good).verdict is Verdict.ACCEPTED
        victim = judge._all[0]
        victim.proc.kill()
        victim.proc.wait()
        monkeypatch.setattr(sys, "executable", "/nonexistent/python")
        with pytest.raises(SandboxError, match="could not start a sandbox worker"):
            judge.judge(ADD, good)
        assert judge._all == [] and victim.to_worker == -1
        monkeypatch.undo()
        assert judge.judge(ADD, good).verdict is Verdict.ACCEPTED
        assert len(judge._all) == 1 and judge._all[0] is not victim


def test_a_worker_that_never_says_hello_is_not_left_running(monkeypatch, tmp_path):
    import microcoder_eval.sandbox.client as judge_module

    silent = tmp_path / "silent-python"
    silent.write_text("#!/bin/sh\nexec sleep 60\n")
    silent.chmod(0o755)
    before = set(_descendants(os.getpid()))
    monkeypatch.setattr(judge_module, "_HELLO_TIMEOUT_S", 0.5)
    monkeypatch.setattr(sys, "executable", str(silent))
    with pytest.raises(TimeoutError):
        Judge(workers=1)
    assert set(_descendants(os.getpid())) <= before


def test_a_discarded_worker_is_replaced_at_once():
    # The pool keeps its size: the next candidate pays no start-up, and a judge that lost a
    # worker at the end of a batch still holds as many as it was given.
    good = "a,b=map(int,input().split())\nprint(a+b)"
    with Judge(workers=1, limits=Limits(time_limit_s=2, memory_limit_mb=512, output_limit_mb=4)) as judge:
        victim = judge._acquire()  # as a judgment does, which then finds the worker unusable
        victim.broken = True
        judge._release(victim)
        assert len(judge._all) == 1 and judge._all[0] is not victim and judge._all[0].alive()
        assert victim.to_worker == -1
        assert judge.judge(ADD, good).verdict is Verdict.ACCEPTED
        assert len(judge._all) == 1
