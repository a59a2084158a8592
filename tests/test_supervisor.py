"""The supervisor's child start when the kernel refuses part of it: no child outlives a
failed start, and the /proc files kept open for sampling are optional."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

_SCRIPT = textwrap.dedent("""
    import errno, json, os, resource, sys, tempfile
    from microcoder_eval.sandbox.job import Job
    from microcoder_eval.sandbox.spawn import Child as _Child

    free = int(sys.argv[1])
    if sys.argv[2] == "no-pidfd":  # as on kernels before 5.3
        def pidfd_open(pid, flags=0):
            raise OSError(errno.ENOSYS, "Function not implemented")
        os.pidfd_open = pidfd_open
    work = tempfile.mkdtemp()
    resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
    held = []
    while True:
        try:
            held.append(os.open("/dev/null", os.O_RDONLY))
        except OSError:
            break
    for fd in held[len(held) - free:]:
        os.close(fd)
    job = Job(code=compile("pass", "s", "exec"), mode="stdin", fn_name=None, time_limit_s=1.0,
              wall_limit_s=2.0, memory_limit_mb=256, output_limit_mb=1, use_pid_ns=False,
              use_nproc_limit=False, work_dir=work)
    report = {}
    try:
        child = _Child(job)
    except OSError as exc:
        report["started"], report["errno"] = False, exc.errno
    else:
        report["started"], report["proc_fds"] = True, [child.stat_fd, child.sched_fd]
        for fd in held[: 8]:
            os.close(fd)
        report["sample"] = list(child.sample())
        report["run_delay"] = child.run_delay()
        child.close()
    try:
        os.waitpid(-1, os.WNOHANG)
        report["child_left"] = True
    except ChildProcessError:
        report["child_left"] = False
    print(json.dumps(report))
""")


def _run(free: int, kernel: str = "") -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(free), kernel or "normal"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_child_whose_pidfd_cannot_be_opened_is_killed_and_reaped():
    report = _run(16, "no-pidfd")
    assert report == {"started": False, "errno": 38, "child_left": False}


def test_a_child_starts_without_its_kept_open_proc_files():
    # Four free fds: the two pipes take them all, the parent's two pipe ends left after
    # the fork take the pidfd and /proc/<pid>/stat, and schedstat cannot be kept open.
    # Sampling the run-queue delay then reads /proc by path.
    report = _run(4)
    assert report["started"] and report["proc_fds"][0] >= 0 and report["proc_fds"][1] == -1
    assert report["child_left"] is False
    assert len(report["sample"]) == 2 and report["sample"][0] >= 0.0
    assert isinstance(report["run_delay"], float) and report["run_delay"] >= 0.0


class _RealProcess:
    """What procfs.Clock reads of a child (spawn.Child), over any real process."""

    def __init__(self, pid: int) -> None:
        self.pid, self.tid = pid, str(pid).encode()

    def run_delay(self) -> float:
        from microcoder_eval.sandbox.procfs import run_delays

        return run_delays(self.pid).get(self.tid, 0.0)


def test_a_test_that_never_waited_for_a_cpu_has_a_waited_share_of_zero():
    # The near-limit grace with a gate of 0 must always be given; a share read from two
    # readings of the wall clock came out a hair below 0 and refused it (a flaky CI failure).
    import time

    from microcoder_eval.sandbox.procfs import Clock

    sleeper = subprocess.Popen(["sleep", "5"])
    try:
        time.sleep(0.2)  # asleep: its run-queue wait no longer moves
        clock = Clock(_RealProcess(sleeper.pid), 1)
        time.sleep(0.05)
        assert clock.waited_share() == 0.0
        assert clock.effective() <= clock.wall()
    finally:
        sleeper.kill()
        sleeper.wait()
