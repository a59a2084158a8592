"""The per-candidate supervisor: forks the child, feeds it tests, enforces the limits.

Limits are enforced from outside the child, which cannot catch or ignore them: CPU
time is read from /proc and the child is SIGKILLed past the limit; the wall clock
backs it up; memory is held per process by RLIMIT_AS and for all the candidate's
processes together by their summed proportional set size.

The worker is PID 1 of its own PID namespace (see isolation.enter_pid_namespace):
the child cannot signal it, sees no process outside it, and after the candidate
``kill(-1, SIGKILL)`` ends every process the child started, daemons included.

The rooms around it: ``job`` (what a run is), ``spawn`` (the child's start and limits),
``procfs`` (CPU, memory and run-queue readings), ``workfiles`` (the test's files) and
``protocol`` (the lines exchanged with the child).
"""

from __future__ import annotations

import os
import select
import signal
import time
from collections import deque
from dataclasses import replace
from typing import Any

from . import protocol
from .job import Job
from .procfs import Clock, sandbox_cpu_seconds, sandbox_memory_bytes
from .spawn import Child
from .workfiles import FAILED_OUTPUT_KEEP, read_text, size, tail, write_input

_POLL_SLICE_S = 0.25
_JUDGE_QUIET_S = 0.02
_ANSWERS_HELD = 4
# Answers held back together stay this small: the write that sends them never blocks for
# long (it may come while a test runs) nor holds a large output in the worker's memory.
_ANSWERS_HELD_BYTES = 16 * 1024
_MULTI_PROCESS_SLICE_S = 0.05

__all__ = ["Job", "Supervisor"]


def _ended_for_memory(status: dict | None, raw_status: int | None) -> bool:
    """Whether a run that ended on its own ended for memory: a ``MemoryError`` (RLIMIT_AS
    refused an allocation) or a SIGKILL that we did not send (the kernel's OOM killer).

    Such a run is ``memory_limit`` even when its CPU also passed the time limit: the memory
    limit is crossed at the same point of the program on any host, while the CPU it took to
    get there is not -- first-touch page faults cost up to 5x more beside other processes'
    memory traffic (a 450 MB fill: 0.36 s quiet, up to 1.9 s so loaded, BENCHMARKS.md).  Only a
    run the time limit stopped before its memory ran out is ``time_limit``.
    """
    if status is not None:
        return status.get("exc") == "MemoryError"
    return raw_status is not None and os.WIFSIGNALED(raw_status) and os.WTERMSIG(raw_status) == signal.SIGKILL


class _Budget:
    """A running test's limits as its wait goes on: the time limit (raised once by the
    near-limit grace), the wall-clock backstop, and when the next reading is due."""

    __slots__ = ("limit", "wall_limit", "extended", "check_at")

    def __init__(self, limit: float, wall_limit: float) -> None:
        self.limit, self.wall_limit = limit, wall_limit
        self.extended = False
        # Most tests answer within the first wait.
        self.check_at = time.monotonic() + min(limit, wall_limit, _JUDGE_QUIET_S)


class Supervisor:
    """Serves one candidate inside the worker: a child per run, limits, cleanup."""

    def __init__(self, job: Job, judge_in: int, judge_out: int) -> None:
        self.candidate_job = job  # the candidate's limits
        self.job = job  # the running test's: the candidate's, or a test's own time limit (see _job_for)
        self.judge_in = judge_in
        self.judge_out = judge_out
        self.child: Child | None = None
        self.spawned: list[int] = []
        self.test_no = 0
        self.cpu_mark: float | None = None
        self.polls: tuple[Child, Any, Any] | None = None  # (child, without judge_in, with it)
        # Messages read while a test ran (the judge queues the next test ahead of need).
        self.pending: deque[dict | None] = deque()
        self.answers: list[bytes] = []  # encoded results not sent yet (see _next_message)
        self.ready_poll = select.poll()  # is a message from the judge waiting?
        self.ready_poll.register(judge_in, select.POLLIN)

    def serve(self) -> bool:
        """Answer "test" messages until "end"; then no process of the candidate survives.

        True when the judge ended the candidate, False when it went away.
        """
        try:
            while True:
                message = self._next_message()
                if message is None or message["op"] != "test":
                    return message is not None and message["op"] == "end"
                self.job = self._job_for(message)
                result, child_died = self._run_test(message["input"])
                if result is not None and result.pop("near_limit", False):
                    if child_died and self.child is not None:
                        self.child.close()
                        self.child = None
                    result, child_died = self._run_test(message["input"])
                    if result is not None:
                        result.pop("near_limit", None)
                        result["rerun"] = True
                if result is None:  # the judge ended the candidate during this test
                    message = self.pending.pop()
                    return message is not None and message["op"] == "end"
                self.answers.append(protocol.encode(result))
                if child_died and self.child is not None:
                    self.child.close()
                    self.child = None  # the next test starts a new one
                if result["status"] != "ok":
                    self._send_answers()
                    if self.job.stop_on_failure:
                        # The judge ends the candidate on this answer: the tests it queued
                        # meanwhile are dropped unrun (no new child for a killed one, no
                        # second endless loop), up to its "end".
                        return self._skip_to_end()
        finally:
            if self.child is not None:
                self.child.close()
            self._kill_leftovers()

    def _job_for(self, message: dict) -> Job:
        """The candidate's job, with the test's own time limit where its message has one."""
        if "time_limit_s" not in message:
            return self.candidate_job
        return replace(
            self.candidate_job,
            time_limit_s=float(message["time_limit_s"]),
            wall_limit_s=float(message["wall_limit_s"]),
        )

    def _next_message(self) -> dict | None:
        """The judge's next message.  Answers are held back (up to ``_ANSWERS_HELD``) while
        the judge has more tests queued than the one to run next -- it queues short tests
        deep, and tops the queue up as answers come: several go in one write, and the judge
        is woken once for them.  With only the next test queued, the answer goes at once
        (held, it would delay the judge's next input and leave us idle).  An "end" queued
        behind tests ends the candidate now: the judge needs none of them."""
        self._read_queued()
        if any(message is None or message["op"] != "test" for message in self.pending):
            if None not in self.pending:  # (None: the judge has gone, nobody reads them)
                self._send_answers()
            while self.pending[0] is not None and self.pending[0]["op"] == "test":
                self.pending.popleft()
            return self.pending.popleft()
        if (
            len(self.pending) < 2
            or len(self.answers) >= _ANSWERS_HELD
            or sum(map(len, self.answers)) > _ANSWERS_HELD_BYTES
        ):
            self._send_answers()
        return self.pending.popleft() if self.pending else protocol.recv(self.judge_in)

    def _read_queued(self) -> None:
        """Take every message the judge has queued, without waiting."""
        while self.ready_poll.poll(0):
            message = protocol.recv(self.judge_in)
            self.pending.append(message)
            if message is None or message["op"] != "test":
                return

    def _send_answers(self) -> None:
        if self.answers:
            protocol.send(self.judge_out, b"".join(self.answers))
            self.answers.clear()

    def _skip_to_end(self) -> bool:
        while True:
            message = self.pending.popleft() if self.pending else protocol.recv(self.judge_in)
            if message is None or message["op"] != "test":
                return message is not None and message["op"] == "end"

    def _kill_leftovers(self) -> None:
        if self.job.use_pid_ns:
            # We are PID 1 of our namespace: this reaches every process the candidate
            # started, daemons that called setsid() included, and nothing outside.
            try:
                os.kill(-1, signal.SIGKILL)
            except ProcessLookupError:
                pass
        else:
            for pgid in self.spawned:
                try:
                    os.killpg(pgid, signal.SIGKILL)
                except OSError:
                    pass
        while True:  # reap them all (re-parented orphans included)
            try:
                os.waitpid(-1, 0)
            except ChildProcessError:
                break
            except InterruptedError:
                continue

    def _paths(self) -> dict[str, str]:
        """The test's files.  A functional program has no ``in`` (its stdin reads
        nothing); its arguments come inline or from ``args``, its return value goes
        inline or to ``res``."""
        base = f"{self.job.work_dir}/t{self.test_no}"
        files = {"out": base + ".out", "err": base + ".err"}
        if self.job.mode == "stdin":
            return {"in": base + ".in", **files}
        return {**files, "args": base + ".args", "res": base + ".res"}

    def _run_test(self, test_input: str) -> tuple[dict | None, bool]:
        self.test_no += 1
        paths = self._paths()
        inline_args = None
        if self.job.mode == "stdin":
            write_input(paths["in"], test_input)
        elif len(test_input) <= protocol.INLINE_MAX_CHARS:
            inline_args = test_input  # rides on the request line: no file written or read
            del paths["args"]
        else:
            write_input(paths["args"], test_input)
        if self.child is None:
            self.child = Child(self.job)
            self.spawned.append(self.child.pid)
            self.cpu_mark = None
        child = self.child
        if self.cpu_mark is not None:
            # The last test's closing reading, when nothing could run since (the child
            # alone, one thread: see sandbox_cpu_seconds): no /proc reading needed here.
            own_before = cpu_before = self.cpu_mark
            clock = Clock(child, 1)
        else:
            reading = sandbox_cpu_seconds(child, self.job.use_pid_ns)
            cpu_before = reading.cpu
            own_before, threads = (reading.cpu, 1) if reading.alone else child.sample()
            clock = Clock(child, threads)
        try:
            os.write(child.to_child, protocol.request_line(paths, inline_args).encode())
        except BrokenPipeError:
            pass  # the child ended between tests: _wait sees it go and we report how
        status, killed_for, extended = self._wait(child, cpu_before, clock)
        self.cpu_mark = None
        if killed_for == "ended":
            return None, True
        wall = clock.wall()
        if status is None:  # the child is gone: collect how
            raw = child.reap()
            cpu = max(child.rusage_cpu - own_before, 0.0)
            effective = cpu
        else:
            raw = None
            reading = sandbox_cpu_seconds(child, self.job.use_pid_ns)
            cpu = max(reading.cpu - cpu_before, 0.0)
            self.cpu_mark = reading.cpu if reading.alone else None
            effective = clock.effective() if wall > self.job.time_limit_s else wall
        # Ended on its own, over the limit but under the kill limit: near the limit -- if
        # the host was busy; else the limit is final (the poll merely came late).
        near = (
            killed_for is None
            and max(cpu, effective) > self.job.time_limit_s
            and (extended or self.job.grace(clock.waited_share()))
        )
        if killed_for is None and effective > self.job.time_limit_s and not _ended_for_memory(status, raw):
            killed_for = "time_limit"
        # A small return value rides on the status line (then no ``res`` file was written).
        inline_result = status.get("res") if status is not None and self.job.mode == "functional" else None
        result = self._classify(status, raw, killed_for, cpu, wall, paths, inline_result)
        if near and result["status"] == "time_limit":
            result["near_limit"] = True
        if inline_result is not None:
            del paths["res"]
        for path in paths.values():
            try:
                os.unlink(path)
            except OSError:
                pass
        return result, status is None

    def _wait(self, child: Child, cpu_before: float, clock: Clock) -> tuple[dict | None, str | None, bool]:
        """Wait for the child's status line; kill it past a limit.

        (status, killed_for, extended): ``extended`` when the test passed the time limit on
        a busy host and was given the near-limit grace.
        """
        self._register_polls(child)
        # The judge queues the next test while this one runs: reading it at once would wake
        # us in the middle of nearly every test.  A short test's "end" waits until it ends;
        # from the first check on, an "end" stops the test at once.
        poller = self.polls[1]
        buffer = b""
        budget = _Budget(self.job.time_limit_s, self.job.wall_limit_s)
        while True:
            events = poller.poll(max(budget.check_at - time.monotonic(), 0.002) * 1000)
            ended, buffer = self._read_events(child, events, buffer)
            if ended is not None:
                return (*ended, budget.extended)
            if events and time.monotonic() < budget.check_at:
                continue  # woken by the judge's queued test only: no reading is due yet
            if poller is not self.polls[2]:
                # Past the first check: a test that is not short.  The answers held back
                # go now (the judge is not kept waiting on them for a long test), and an
                # "end" from the judge stops this test at once.
                self._send_answers()
                poller = self.polls[2]
            killed_for = self._check_limits(child, cpu_before, clock, budget)
            if killed_for is not None:
                return None, killed_for, budget.extended

    def _register_polls(self, child: Child) -> None:
        """Two pollers per child, kept across its tests: one without the judge's pipe (the
        first wait of a test), one with it."""
        if self.polls is None or self.polls[0] is not child:
            quiet, listening = select.poll(), select.poll()
            for poller in (quiet, listening):
                poller.register(child.from_child, select.POLLIN)
                poller.register(child.pidfd, select.POLLIN)
            listening.register(self.judge_in, select.POLLIN)
            self.polls = (child, quiet, listening)

    def _read_events(self, child: Child, events: list, buffer: bytes) -> tuple[tuple | None, bytes]:
        """Handle one poll's events: the judge's messages, the child's status bytes, its exit.

        Returns ((status, killed_for) when the wait is over, else None) and the status bytes
        read so far.
        """
        for fd, _ in events:
            if fd == self.judge_in:
                message = protocol.recv(self.judge_in)
                self.pending.append(message)
                if message is None or message["op"] != "test":
                    child.kill()  # the judge needs no more of this candidate
                    return (None, "ended"), buffer
                # Still listening: an "end" may follow the queued test (the judge
                # stops a candidate whose other slice failed) and must stop this test.
                continue
            if fd == child.from_child:
                chunk = os.read(child.from_child, 65536)
                if chunk:
                    buffer += chunk
                    if b"\n" in buffer:
                        return (protocol.parse_status(buffer.split(b"\n", 1)[0]), None), buffer
                    if len(buffer) > protocol.MAX_STATUS_LINE:
                        child.kill()
                        return (None, "protocol"), buffer
                    continue
                # Control pipe closed: the child is exiting -- or closed it and
                # runs on.  Either way only its exit ends the wait, the limits
                # still apply meanwhile.
                for each in self.polls[1:]:
                    each.unregister(child.from_child)
                continue
            if fd == child.pidfd:
                return (None, None), buffer
        return None, buffer

    def _check_limits(self, child: Child, cpu_before: float, clock: Clock, budget: _Budget) -> str | None:
        """Read the test's CPU, wall clock and memory; kill the child past a limit and say
        which.  None: it runs on, and ``budget.check_at`` says when to look again."""
        cpu, _, others = sandbox_cpu_seconds(child, self.job.use_pid_ns)
        cpu -= cpu_before
        wall = clock.wall()
        limit, wall_limit = budget.limit, budget.wall_limit
        effective = clock.effective() if wall > limit else wall
        if cpu > limit or effective > limit:
            if not budget.extended and self.job.grace(clock.waited_share()):
                limit = budget.limit = self.job.kill_limit_s  # the near-limit grace
                budget.extended = True
                effective = clock.effective()
            else:
                child.kill()
                return "time_limit"
        if wall > wall_limit:
            child.kill()
            return "wall_limit"
        slice_s = _POLL_SLICE_S
        if others:
            # RLIMIT_AS holds each process to the memory limit, not all of them
            # together (a fork would multiply it): the sum is checked here, and
            # more often while the candidate has more than one process.
            if sandbox_memory_bytes() > self.job.memory_limit_mb * 1024 * 1024:
                child.kill()
                return "memory_limit"
            slice_s = _MULTI_PROCESS_SLICE_S
        budget.check_at = time.monotonic() + min(limit - cpu, limit - effective, wall_limit - wall, slice_s)
        return None

    def _classify(self, status, raw_status, killed_for, cpu, wall, paths, inline_result) -> dict:
        job = self.job
        limit_bytes = job.output_limit_mb * 1024 * 1024
        result: dict[str, Any] = {
            "op": "result",
            "cpu_s": round(cpu, 4),
            "wall_s": round(wall, 4),
            "exit": None,
            "signal": None,
            "exc": None,
            "output": None,
            "stderr": "",
        }
        if inline_result is not None:
            output, overflow = inline_result, False
        else:
            output, overflow = read_text(paths["out"] if job.mode == "stdin" else paths["res"], limit_bytes)
        stdout_overflow = overflow if job.mode == "stdin" else size(paths["out"]) >= limit_bytes
        result["output"] = output
        result.update(self._status(status, raw_status, killed_for, cpu, overflow, stdout_overflow, output))
        if result["status"] != "ok":
            # Only a failed run's stderr is reported (the failure's detail): a passing
            # test's is never read.
            result["stderr"] = tail(paths["err"])
            if output is not None:
                result["output"] = output[:FAILED_OUTPUT_KEEP]  # enough for a diff, not megabytes
        return result

    def _status(self, status, raw_status, killed_for, cpu, overflow, stdout_overflow, output) -> dict:
        job = self.job
        result: dict[str, Any] = {}
        if killed_for == "wall_limit":
            # Its own CPU and elapsed time net of run-queue waits stayed within the limit
            # (else it would have been stopped for them first): the wall clock ran out
            # waiting for a CPU.  The host's fault, not the candidate's.
            result["status"] = "infra_error"
            result["detail"] = "host overloaded: the wall-clock backstop passed while the test waited for a CPU"
            return result
        if killed_for == "time_limit" or (cpu > job.time_limit_s and not _ended_for_memory(status, raw_status)):
            result["status"] = "time_limit"
            result["detail"] = "time limit exceeded"
            return result
        if killed_for == "memory_limit":
            result["status"] = "memory_limit"
            result["detail"] = "memory limit exceeded by the candidate's processes together"
            return result
        if killed_for == "protocol":
            result["status"], result["detail"] = "runtime_error", "child broke the control protocol"
            return result
        if status is not None:
            result["exit"], result["exc"] = status.get("exit"), status.get("exc")
            if overflow or stdout_overflow or status.get("output_limit"):
                result["status"] = "output_limit"
            elif status.get("exc") == "MemoryError":
                result["status"] = "memory_limit"
            elif status.get("exit") != 0:
                result["status"] = "runtime_error"
            elif job.mode == "functional" and output is None:
                result["status"], result["detail"] = "runtime_error", "no return value recorded"
            else:
                result["status"] = "ok"
            return result
        # The child died between tests' status lines: its own exit, a signal, or a crash.
        if raw_status is not None and os.WIFSIGNALED(raw_status):
            sig = os.WTERMSIG(raw_status)
            result["signal"] = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
            if sig == signal.SIGXFSZ or overflow:
                result["status"] = "output_limit"
            elif sig == signal.SIGKILL:
                result["status"] = "memory_limit"  # killed, not by us: the kernel's OOM killer
            else:
                result["status"] = "runtime_error"
            return result
        code = os.waitstatus_to_exitcode(raw_status) if raw_status is not None else 70
        result["exit"] = code
        if overflow:
            result["status"] = "output_limit"
        elif code == 0 and job.mode == "stdin":
            result["status"] = "ok"  # os._exit(0) after writing its answer
        else:
            result["status"] = "runtime_error"
        return result
