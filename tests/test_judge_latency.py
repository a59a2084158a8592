"""Reward latency at scale (issue 13): near-limit re-runs, infra errors, group fail-fast, no tail."""
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
    return (f"import time\nt = time.process_time()\nwhile time.process_time() - t < {seconds}:\n    pass\n{then}\n")


@pytest.fixture(scope="module")
def judge():
    with Judge(workers=2, limits=Limits(time_limit_s=0.5, memory_limit_mb=1024, output_limit_mb=8)) as j:
        yield j


def test_a_time_out_near_the_limit_is_run_again_once(judge):
    # 10% over the 0.5 s limit: stopped only at +20%, run a second time, still over: final
    result = judge.judge(DOUBLE, _burn(0.55))
    assert result.verdict is Verdict.TIME_LIMIT and result.tests[0].rerun, result.to_dict()
    # the first run was slow (a busy host), the second is not: accepted
    flaky = ("import os, time\nif not os.path.exists('ran'):\n    open('ran', 'w').close()\n"
             "    t = time.process_time()\n    while time.process_time() - t < 0.55:\n        pass\n"
             "print(int(input()) * 2)\n")
    result = judge.judge(DOUBLE, flaky)
    assert result.verdict is Verdict.ACCEPTED and result.tests[0].rerun, result.to_dict()


def test_a_time_out_far_over_the_limit_is_final_at_once(judge):
    started = time.monotonic()
    result = judge.judge(DOUBLE, "while True:\n    pass\n")
    assert result.verdict is Verdict.TIME_LIMIT and not result.tests[0].rerun
    assert result.tests[0].time_s <= 0.5 * 1.2 + 0.1
    assert time.monotonic() - started < 3.0  # killed at 0.6 s of CPU, not run twice


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
    import json
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent("""
        import json, os, tempfile
        from microcoder_eval.sandbox.supervisor import Job, Supervisor
        work = tempfile.mkdtemp()
        job = Job(code=compile("import time\\ntime.sleep(2)\\nprint(1)", "s", "exec"), mode="stdin", fn_name=None,
                  time_limit_s=5.0, wall_limit_s=0.5, memory_limit_mb=256, output_limit_mb=1, use_pid_ns=False,
                  use_nproc_limit=False, work_dir=work)
        r, w = os.pipe()  # the judge side: never written, so the test is not ended
        sup = Supervisor(job, r, w)
        result, _ = sup._run_test("")
        sup.child.close()
        print(json.dumps(result))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["status"] == "infra_error" and "overloaded" in result["detail"]
