"""The judge's end of one warm sandbox worker process: start it, send it a candidate and
its tests (the next one queued while the current one runs), grade its answers, end it.

The worker's side is ``worker.py`` beside it; this side holds the expected outputs.
"""

from __future__ import annotations

import fcntl
import logging
import math
import os
import shutil
import subprocess
import sys
import threading
from dataclasses import replace
from typing import Callable, Sequence

from ..feed import Feed
from ..grading import grade
from . import protocol
from ..types import JudgeTask, Limits, TestCase

log = logging.getLogger(__name__)

_HELLO_TIMEOUT_S = 60.0
# Test messages queued at a worker behind the one it runs, all together (see
# SandboxWorker.run).  They and an "end" must fit the judge-to-worker pipe buffer: 64 KiB
# normally, but as small as one or two pages once the user is over
# /proc/sys/fs/pipe-user-pages-soft, so the bound is also scaled to the pipe actually created.
_QUEUED_MAX_BYTES = 32 * 1024
_END_ROOM_BYTES = 256
_PAGE_BYTES = 4096
_FULL_PIPE_BYTES = 64 * 1024  # Linux's default: room for several partly filled pages
# Queued deep, inputs come in up to 7 writes, each of which may start a page of its own:
# 16 KiB of them take at most 4 + 7 pages, with the page being read and the "end" 13 of 16.
_DEEP_QUEUED_MAX_BYTES = 16 * 1024
# Tests queued at a worker: two (the next one ready when the current one ends), or more
# when tests are short (their answers then come several to a write).  Long tests keep
# the queue short so that idle workers can take over the rest (Judge._recruit); after a
# run of short tests, up to 7 queued ones stay with this worker.
_QUEUE_DEPTH = 2
_QUEUE_DEPTH_SHORT = 8
_SHORT_TEST_S = 0.005


class SandboxError(RuntimeError):
    pass


def test_limits(test: TestCase, effective: Limits) -> Limits:
    """The limits one test runs under: the candidate's (``effective``: the task's time limit,
    else the judge's), with the test's own time limit where that is tighter.  A test's own
    limit only tightens: Verify's are never above the problem's, and a caller that caps a
    task's limit (mutants, generation) caps its tests' too."""
    if test.time_limit_s is None or test.time_limit_s >= effective.time_limit_s:
        return effective
    return replace(effective, time_limit_s=test.time_limit_s)


test_limits.__test__ = False  # type: ignore[attr-defined]  # not a pytest test when imported


def cheap_first(tests: Sequence[TestCase]) -> list[int]:
    """Test indices, those with the smallest own time limit first (a small input's), those
    without one last, each kind in its original order: a wrong or looping program is stopped
    on a cheap test before it reaches the large ones.  Tests without limits: in order."""
    return sorted(range(len(tests)), key=lambda i: math.inf if tests[i].time_limit_s is None else tests[i].time_limit_s)


def _worker_env() -> dict[str, str]:
    """The worker's whole environment: nothing of the judge's (no secrets, no tokens)."""
    # this file is <root>/microcoder_eval/sandbox/client.py; the worker imports from <root>
    package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONPATH": package_root,
        "PYTHONHASHSEED": "0",  # set iteration order, hence verdicts, reproducible
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONNOUSERSITE": "1",
    }


class SandboxWorker:
    """One sandbox worker process and the judge-side end of its pipes."""

    def __init__(self, hide: list[str], work_size_mb: int, disable: tuple[str, ...] = ()) -> None:
        # The configuration goes down the pipe, not on the command line, where every
        # process (candidates included) could read the paths it hides.
        config = {"op": "config", "hide": hide, "work_size_mb": work_size_mb, "disable": list(disable)}
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "microcoder_eval.sandbox.worker"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=_worker_env(),
                cwd="/",
                close_fds=True,
                start_new_session=True,
            )
        except OSError as exc:
            raise SandboxError(f"could not start a sandbox worker: {exc}") from exc
        self.to_worker = self.proc.stdin.fileno()
        self.from_worker = self.proc.stdout.fileno()
        self._reader = protocol.Reader(self.from_worker)
        self.isolation: dict = {}
        # Writes during a candidate may come from two threads: its own, and another
        # worker's stopping it ("end") when a sibling slice of the candidate failed.
        self._write_lock = threading.Lock()
        self._in_candidate = False
        self._end_sent = False
        # Set when the worker may still be busy with or talking about an old candidate:
        # such a worker is never reused (the pool replaces it).
        self.broken = False
        try:
            protocol.send(self.to_worker, config)
            hello = self._recv(timeout=_HELLO_TIMEOUT_S)
            if hello is None or hello.get("op") != "hello":
                raise SandboxError("sandbox worker failed to start")
        except BaseException:
            self.broken = True
            self.close()
            raise
        self.isolation = hello["isolation"]

    def _send(self, message: dict | bytes) -> None:
        with self._write_lock:
            protocol.send(self.to_worker, message)

    def interrupt(self) -> None:
        """Stop this worker's current candidate now (another slice of it already failed)."""
        with self._write_lock:
            if self._in_candidate and not self._end_sent and self.to_worker >= 0:
                # Set before the write: the worker's "ended" may reach the candidate's own
                # thread before the write returns here, and must be read as the answer to it.
                self._end_sent = True
                try:
                    protocol.send(self.to_worker, {"op": "end"})
                except OSError:
                    pass  # its own thread sees the worker gone

    def _recv(self, timeout: float | None) -> dict | None:
        try:
            return self._reader.recv(timeout)
        except TimeoutError:
            raise TimeoutError("sandbox worker did not answer in time") from None

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        # A broken worker may not be reading: asking it politely could block; kill it.
        if self.proc.poll() is None and not self.broken:
            try:
                protocol.send(self.to_worker, {"op": "exit"})
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        # The numbers may be reused by other files now: nothing may write to them again.
        self.to_worker = self.from_worker = -1
        self.broken = True
        work_root = self.isolation.get("work_root", "")
        if work_root and self.isolation.get("host_visible_work_root"):
            shutil.rmtree(work_root, ignore_errors=True)

    def run(
        self,
        task: JudgeTask,
        code: str,
        limits: Limits,
        feed: "Feed",
        keep_outputs: bool,
        after_each: Callable[[], bool] | None = None,
    ) -> None:
        """Judge one candidate's tests, taken from ``feed``, on this worker.

        The feed may be shared with helper workers judging other tests of the same
        candidate (see Judge._recruit); each worker runs its own child.  Pipelined: the
        next test's input is queued at the worker while the current test runs and this
        process compares its output, so neither side waits for the other (see ``fill``).
        At the end the judge sends "end" (which also stops a queued test mid-run) and
        reads up to the worker's "ended", so the worker is idle, and the candidate's
        processes gone, before it is reused.  A worker that cannot be brought to that
        point is ``broken``.
        ``after_each`` runs after every graded test; False stops this worker taking more.
        """
        if self.broken:
            raise SandboxError("sandbox worker is not reusable")
        effective = Limits(
            task.time_limit_s or limits.time_limit_s,
            task.memory_limit_mb or limits.memory_limit_mb,
            limits.output_limit_mb,
        )
        # Generous bound on any single answer: compiling, or one test at its wall limit
        # (twice, when a time-out near the limit is re-run).
        answer_timeout = 2 * effective.wall_limit_s + 30.0
        queue = _TestQueue(self, feed, task.tests, effective)
        first = feed.take()
        if first is None:
            return  # nothing left for this worker: it never starts the candidate
        queue.held.append(first)
        self.broken = True  # until the worker says "ended"
        completed = ended = False
        with self._write_lock:
            self._in_candidate, self._end_sent = True, False
        feed.join(self)
        try:
            self._send(_candidate_message(task, code, limits, effective, feed.stop_on_failure))
            queue.fill()  # right behind the code: no round trip for "ready"
            ended = self._grade_answers(queue, task, keep_outputs, answer_timeout, after_each)
            completed = True
        finally:
            feed.leave(self)
            feed.give_back(queue.held)
            queue.held.clear()
            # After a failure the worker is replaced anyway: no point waiting on it.
            if ended:
                self.broken = False
            elif completed:
                self._end_candidate(answer_timeout)
            with self._write_lock:
                self._in_candidate = False
        # Taken but never judged (this worker stopped early): other workers may take them.
        feed.give_back(queue.sent[queue.done :] if not feed.stopped else [])

    def _grade_answers(
        self,
        queue: "_TestQueue",
        task: JudgeTask,
        keep_outputs: bool,
        answer_timeout: float,
        after_each: Callable[[], bool] | None,
    ) -> bool:
        """Grade the worker's answers as they come, topping its queue up; True when the worker
        said "ended" (stopped by ``interrupt``), False when the candidate is done or stopped."""
        feed, tests = queue.feed, task.tests
        while queue.done < len(queue.sent):
            answer = self._recv(answer_timeout)
            if answer is None:
                raise SandboxError("sandbox worker exited")
            if answer["op"] == "ended" and self._end_sent:  # stopped by interrupt()
                return True
            if answer["op"] == "compile_error":  # only ever the answer to the first test
                feed.compile_failed(answer.get("detail"))
                break
            if answer["op"] != "result":
                raise protocol.ProtocolError(f"unexpected {answer['op']!r} from the worker")
            index = queue.sent[queue.done]
            result = grade(answer, tests[index].output, task, keep_outputs)
            result.index = index
            queue.done += 1
            if not feed.record(index, result, self):
                break
            if after_each is not None and not after_each():
                break
            # Short tests: more of them queued, topped up in batches -- the worker then
            # answers several in one write, and each side wakes once for them.
            queue.depth = _QUEUE_DEPTH_SHORT if queue.deep and result.wall_s < _SHORT_TEST_S else _QUEUE_DEPTH
            if len(queue.sent) - queue.done <= queue.depth // 2:
                queue.fill()
        return False

    def _end_candidate(self, timeout: float) -> None:
        """Send "end" and skip the worker's answers up to "ended"; unreusable on failure."""
        try:
            with self._write_lock:
                if not self._end_sent:  # (interrupt() may have sent it already)
                    self._end_sent = True
                    protocol.send(self.to_worker, {"op": "end"})
            while True:
                message = self._recv(timeout)
                if message is None:
                    return
                if message["op"] == "ended":
                    self.broken = False
                    return
        except (OSError, TimeoutError, ValueError, protocol.ProtocolError) as exc:
            log.warning("sandbox worker did not end a candidate cleanly (%s); replacing it", exc)


def _candidate_message(task: JudgeTask, code: str, limits: Limits, effective: Limits, stop_on_failure: bool) -> dict:
    """The "candidate" message: the code and the limits its tests run under (the problem's own
    time and memory limits in ``effective``)."""
    return {
        "op": "candidate",
        "code": code,
        "mode": task.mode,
        "fn_name": task.fn_name,
        "stop_on_failure": stop_on_failure,
        "limits": {
            "time_limit_s": effective.time_limit_s,
            "wall_limit_s": effective.wall_limit_s,
            "memory_limit_mb": effective.memory_limit_mb,
            "output_limit_mb": limits.output_limit_mb,
            "near_limit_margin": limits.near_limit_margin,
            "near_limit_min_wait": limits.near_limit_min_wait,
        },
    }


def _test_message(test: TestCase, effective: Limits) -> dict:
    """A "test" message; a test with a tighter time limit of its own carries it (and the wall
    backstop that goes with it), the others run under the candidate's."""
    limits = test_limits(test, effective)
    if limits is effective:
        return {"op": "test", "input": test.input}
    return {"op": "test", "input": test.input, "time_limit_s": limits.time_limit_s, "wall_limit_s": limits.wall_limit_s}


class _TestQueue:
    """One candidate's tests on their way through one worker: those sent (in order) and their
    messages' sizes, those taken from the feed but held back, how many are answered, and how
    deep to queue ahead."""

    def __init__(self, worker: SandboxWorker, feed: "Feed", tests, effective: Limits) -> None:
        self.worker, self.feed, self.tests, self.effective = worker, feed, tests, effective
        self.sent: list[int] = []  # test indices, in the order sent
        self.sizes: list[int] = []  # their messages' sizes
        self.held: list[int] = []  # taken from the feed, too big to queue ahead: sent when idle
        self.done = 0
        self.depth = _QUEUE_DEPTH
        self.queue_bytes, self.deep = _queue_budget(worker.to_worker)
        self.deep_bytes = min(self.queue_bytes, _DEEP_QUEUED_MAX_BYTES)

    def fill(self) -> None:
        """Queue tests at the worker up to ``depth``, in one write.  The inputs queued
        behind the one the worker is on fit its pipe together, with room for an "end",
        so a write here never blocks while the worker writes a large answer to us; one
        too big for that waits until the worker is idle."""
        frames = []
        sent, held = self.sent, self.held
        behind = sum(self.sizes[self.done + 1 :])
        while len(sent) - self.done < self.depth:
            index = held.pop() if held else self.feed.take()
            if index is None:
                break
            message = protocol.encode(_test_message(self.tests[index], self.effective))
            if len(sent) > self.done:
                if behind + len(message) > (self.queue_bytes if self.depth == _QUEUE_DEPTH else self.deep_bytes):
                    held.append(index)
                    break
                behind += len(message)
            frames.append(message)
            sent.append(index)
            self.sizes.append(len(message))
        if frames:
            self.worker._send(b"".join(frames))


def _queue_budget(pipe_fd: int) -> tuple[int, bool]:
    """Bytes of input that may be queued at the worker through ``pipe_fd`` (see above), and
    whether short tests may be queued deep there (a full-size pipe only)."""
    try:
        capacity = fcntl.fcntl(pipe_fd, fcntl.F_GETPIPE_SZ)
    except (OSError, AttributeError):
        capacity = _PAGE_BYTES  # unknown: assume the smallest pipe Linux hands out
    # A pipe holds whole pages: the page the worker is reading stays taken until it is read
    # to its end, and a write that does not fit the last page's room starts a new one.  One
    # queued input (the depth on a small pipe) then needs at most one page beside that one.
    budget = max(0, min(_QUEUED_MAX_BYTES, capacity - _PAGE_BYTES - _END_ROOM_BYTES))
    return budget, capacity >= _FULL_PIPE_BYTES
