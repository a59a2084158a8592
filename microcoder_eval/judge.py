"""The judge: a pool of warm sandbox workers and the comparison of their outputs.

The judge is the only process that holds expected outputs.  It sends a worker the
code and the tests' inputs (the next one queued while the current one runs); the worker
answers each with the raw output (stdout, or the JSON of a functional return value) and
the judge compares it here, stopping at the first failing test unless asked to run them
all.  A worker lost mid-candidate is replaced and the candidate judged again once;
lost twice, the verdict is ``infra_error`` (the host's fault, not the candidate's).

Reward latency (issue 13): candidates of one problem may share which tests failed
(``share_failures``: siblings run those first), and idle workers take a long
candidate's remaining tests (``split_long``; see ``_Feed`` and ``Judge._recruit``).
"""
from __future__ import annotations

import fcntl
import logging
import os
import queue
import select
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from collections import OrderedDict, deque
from typing import Callable, Iterable, Iterator

from .compare import compare_functional, compare_stdout
from .extract import extract_code
from .sandbox import protocol
from .sandbox.linux import set_non_dumpable
from .types import CandidateResult, JudgeTask, Limits, TestResult, Verdict

log = logging.getLogger(__name__)

_STATUS_TO_VERDICT = {
    "time_limit": Verdict.TIME_LIMIT,
    "memory_limit": Verdict.MEMORY_LIMIT,
    "output_limit": Verdict.OUTPUT_LIMIT,
    "runtime_error": Verdict.RUNTIME_ERROR,
    "infra_error": Verdict.INFRA_ERROR,
}
_HELLO_TIMEOUT_S = 60.0
# Largest test message queued at a worker ahead of need (see _Worker.run).  Two of them
# and an "end" must fit the judge-to-worker pipe buffer: 64 KiB normally, but as small
# as one or two pages once the user is over /proc/sys/fs/pipe-user-pages-soft, so the
# bound is also scaled to the pipe actually created.
_AHEAD_MAX_BYTES = 16 * 1024
_END_ROOM_BYTES = 256


class SandboxError(RuntimeError):
    pass


def _worker_env() -> dict[str, str]:
    """The worker's whole environment: nothing of the judge's (no secrets, no tokens)."""
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONPATH": package_root,
        "PYTHONHASHSEED": "0",  # set iteration order, hence verdicts, reproducible
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONNOUSERSITE": "1",
    }


class _Worker:
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
                try:
                    protocol.send(self.to_worker, {"op": "end"})
                    self._end_sent = True
                except OSError:
                    pass  # its own thread sees the worker gone

    def _recv(self, timeout: float | None) -> dict | None:
        if timeout is not None:
            poller = select.poll()  # not select(): the judge may hold fds past 1024
            poller.register(self.from_worker, select.POLLIN)
            if not poller.poll(timeout * 1000):
                raise TimeoutError("sandbox worker did not answer in time")
        return protocol.recv(self.from_worker)

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

    def run(self, task: JudgeTask, code: str, limits: Limits, feed: "_Feed", keep_outputs: bool,
            after_each: Callable[[], bool] | None = None) -> None:
        """Judge one candidate's tests, taken from ``feed``, on this worker.

        The feed may be shared with helper workers judging other tests of the same
        candidate (see Judge._recruit); each worker runs its own child.  Pipelined: the
        next test's input is queued at the worker while the current test runs and this
        process compares its output, so neither side waits for the other.  At most two
        small inputs (see ``_ahead_limit``) are ever queued, so a write here never blocks
        while the worker is writing a large answer to us.  At the end the judge sends
        "end" (which also stops a queued test mid-run) and reads up to the worker's
        "ended", so the worker is idle, and the candidate's processes gone, before it is
        reused.  A worker that cannot be brought to that point is ``broken``.
        ``after_each`` runs after every graded test; False stops this worker taking more.
        """
        if self.broken:
            raise SandboxError("sandbox worker is not reusable")
        time_limit = task.time_limit_s or limits.time_limit_s
        effective = Limits(time_limit, limits.memory_limit_mb, limits.output_limit_mb)
        # Generous bound on any single answer: compiling, or one test at its wall limit
        # (twice, when a time-out near the limit is re-run).
        answer_timeout = 2 * effective.wall_limit_s + 30.0
        tests = task.tests
        sent: list[int] = []  # test indices, in the order sent
        held: list[int] = []  # taken from the feed, too big to queue ahead: sent when idle
        done = 0
        ahead_max_bytes = _ahead_limit(self.to_worker)

        def send_next(ahead: bool) -> bool:
            index = held.pop() if held else feed.take()
            if index is None:
                return False
            message = protocol.encode({"op": "test", "input": tests[index].input})
            if ahead and len(message) > ahead_max_bytes:
                held.append(index)
                return False  # too big to queue safely: sent when the worker is idle
            self._send(message)
            sent.append(index)
            return True

        first = feed.take()
        if first is None:
            return  # nothing left for this worker: it never starts the candidate
        held.append(first)
        self.broken = True  # until the worker says "ended"
        completed = ended = False
        with self._write_lock:
            self._in_candidate, self._end_sent = True, False
        feed.join(self)
        try:
            self._send({
                "op": "candidate",
                "code": code,
                "mode": task.mode,
                "fn_name": task.fn_name,
                "limits": {
                    "time_limit_s": time_limit,
                    "wall_limit_s": effective.wall_limit_s,
                    "memory_limit_mb": limits.memory_limit_mb,
                    "output_limit_mb": limits.output_limit_mb,
                    "near_limit_margin": limits.near_limit_margin,
                    "near_limit_min_wait": limits.near_limit_min_wait,
                },
            })
            send_next(ahead=False)  # right behind the code: no round trip for "ready"
            while len(sent) - done < 2 and send_next(ahead=True):
                pass
            while done < len(sent):
                answer = self._recv(answer_timeout)
                if answer is None:
                    raise SandboxError("sandbox worker exited")
                if answer["op"] == "ended" and self._end_sent:  # stopped by interrupt()
                    ended = True
                    break
                if answer["op"] == "compile_error":  # only ever the answer to the first test
                    feed.compile_failed(answer.get("detail"))
                    break
                if answer["op"] != "result":
                    raise protocol.ProtocolError(f"unexpected {answer['op']!r} from the worker")
                index = sent[done]
                result = _grade(answer, tests[index].output, task, keep_outputs)
                result.index = index
                done += 1
                if not feed.record(index, result, self):
                    break
                if after_each is not None and not after_each():
                    break
                # Keep up to two inputs queued; one too big to queue waits for an idle worker.
                while len(sent) - done < 2 and send_next(ahead=len(sent) > done):
                    pass
            completed = True
        finally:
            feed.leave(self)
            feed.give_back(held)
            held.clear()
            # After a failure the worker is replaced anyway: no point waiting on it.
            if ended:
                self.broken = False
            elif completed:
                self._end_candidate(answer_timeout)
            with self._write_lock:
                self._in_candidate = False
        # Taken but never judged (this worker stopped early): other workers may take them.
        feed.give_back(sent[done:] if not feed.stopped else [])

    def _end_candidate(self, timeout: float) -> None:
        """Send "end" and skip the worker's answers up to "ended"; unreusable on failure."""
        try:
            with self._write_lock:
                if not self._end_sent:  # (interrupt() may have sent it already)
                    protocol.send(self.to_worker, {"op": "end"})
                    self._end_sent = True
            while True:
                message = self._recv(timeout)
                if message is None:
                    return
                if message["op"] == "ended":
                    self.broken = False
                    return
        except (OSError, TimeoutError, ValueError, protocol.ProtocolError) as exc:
            log.warning("sandbox worker did not end a candidate cleanly (%s); replacing it", exc)


def _ahead_limit(pipe_fd: int) -> int:
    """Largest input that may be queued at the worker through ``pipe_fd`` (see above)."""
    try:
        capacity = fcntl.fcntl(pipe_fd, fcntl.F_GETPIPE_SZ)
    except (OSError, AttributeError):
        capacity = 4096  # unknown: assume the smallest pipe Linux hands out
    return max(0, min(_AHEAD_MAX_BYTES, (capacity - _END_ROOM_BYTES) // 2))


def _grade(answer: dict, expected: str, task: JudgeTask, keep_outputs: bool) -> TestResult:
    status = answer.get("status")
    result = TestResult(Verdict.ACCEPTED, float(answer.get("cpu_s", 0.0)), float(answer.get("wall_s", 0.0)),
                        rerun=bool(answer.get("rerun")))
    if keep_outputs:
        result.actual = answer.get("output")
    if status != "ok":
        result.verdict = _STATUS_TO_VERDICT.get(status, Verdict.RUNTIME_ERROR)
        result.detail = _failure_detail(answer)
        return result
    output = answer.get("output") or ""
    if task.mode == "stdin":
        outcome = compare_stdout(expected, output, task.rule)
    else:
        outcome = compare_functional(expected, output, task.rule)
    if outcome.ok:
        result.comparison = outcome.method
    else:
        result.verdict = Verdict.WRONG_ANSWER
        result.detail = outcome.diff
    return result


def _failure_detail(answer: dict) -> str:
    parts = []
    if answer.get("detail"):
        parts.append(answer["detail"])
    if answer.get("exc"):
        parts.append(f"exception {answer['exc']}")
    if answer.get("signal"):
        parts.append(f"killed by {answer['signal']}")
    elif answer.get("exit") not in (None, 0):
        parts.append(f"exit status {answer['exit']}")
    stderr = (answer.get("stderr") or "").strip()
    if stderr:
        parts.append(stderr.splitlines()[-1][:300])
    return "; ".join(parts) or str(answer.get("status"))


class _Feed:
    """One candidate's tests, handed out to the workers judging it, and their results.

    Usually one worker takes every test; when workers sit idle with nothing else to do,
    helpers take some of a long candidate's remaining tests (Judge._recruit), each in a
    child of its own.  With ``stop_on_failure`` the first failing test stops everyone.
    """

    _NO_COMPILE_ERROR = object()

    def __init__(self, order: Iterable[int], stop_on_failure: bool) -> None:
        self._lock = threading.Lock()
        self._todo = deque(order)
        self.stop_on_failure = stop_on_failure
        self.results: dict[int, TestResult] = {}
        self.stopped = False
        self.compile_error = self._NO_COMPILE_ERROR
        self.error: BaseException | None = None
        self.helpers: list[threading.Thread] = []
        self._active: list[_Worker] = []  # workers running a slice of this candidate now

    def join(self, worker: "_Worker") -> None:
        with self._lock:
            self._active.append(worker)

    def leave(self, worker: "_Worker") -> None:
        with self._lock:
            if worker in self._active:
                self._active.remove(worker)

    def take(self) -> int | None:
        with self._lock:
            if self.stopped or not self._todo:
                return None
            return self._todo.popleft()

    def give_back(self, indices: list[int]) -> None:
        with self._lock:
            self._todo.extendleft(reversed(indices))

    def remaining(self) -> int:
        with self._lock:
            return 0 if self.stopped else len(self._todo)

    def record(self, index: int, result: TestResult, worker: "_Worker | None" = None) -> bool:
        """Keep a test's result; False when this candidate needs no more tests.

        The first failure (when stopping at failures) stops the candidate's other slices
        at once: their workers are told to end, a test running there is killed.
        """
        with self._lock:
            self.results[index] = result
            others: list[_Worker] = []
            if result.verdict is not Verdict.ACCEPTED and self.stop_on_failure and not self.stopped:
                self.stopped = True
                others = [w for w in self._active if w is not worker]
            stopped = self.stopped
        for other in others:
            other.interrupt()
        return not stopped

    def compile_failed(self, detail: str | None) -> None:
        with self._lock:
            self.compile_error = detail
            self.stopped = True

    def fail(self, exc: BaseException) -> None:
        with self._lock:
            self.error = self.error or exc
            self.stopped = True


# Split a candidate's remaining tests onto an idle worker only when this many are left:
# a helper costs a child start-up (a few ms) and a compile.
_SPLIT_MIN_TESTS = 4
# Failing-test counts kept for this many recent problems (fail fast inside a group).
_GROUPS_KEPT = 4096
# A worker counts as spare (may help another candidate) once idle this long.
_IDLE_BEFORE_HELPING_S = 0.02


class Judge:
    """A pool of sandbox workers.  Thread-safe; use as a context manager.

    ``hide`` adds paths (files or directories) the untrusted code must not see, e.g.
    the problem file; the usual data locations are hidden anyway.  ``disable_isolation``
    switches sandbox features off (names in ``sandbox.isolation.FEATURES``), as a kernel
    that refuses them would; the judge then warns and runs at a lower isolation level.
    """

    def __init__(self, workers: int | None = None, limits: Limits | None = None,
                 hide: Iterable[str] = (), work_size_mb: int | None = None,
                 protect_judge_memory: bool = True, disable_isolation: Iterable[str] = (),
                 share_failures: bool = False, split_long: bool = True) -> None:
        self.limits = limits or Limits()
        # share_failures: candidates of the same problem (a GRPO group) try the tests
        # their siblings failed first (only when stopping at the first failure).
        # split_long: idle workers take tests of a long candidate (no tail).
        self.share_failures = share_failures
        self.split_long = split_long
        self._failures: OrderedDict[JudgeTask, dict[int, int]] = OrderedDict()
        self._waiting = 0  # threads blocked waiting for a worker: helpers give way to them
        self._backlog = 0  # judge_many items not started yet: helpers give way to them too
        self._idle_since: dict[int, float] = {}  # id(worker) -> when it was last released
        self.num_workers = max(1, workers or os.cpu_count() or 1)
        # The judge's own working directory may hold the data being judged: hide it too.
        self._hide = [os.path.abspath(p) for p in hide]
        try:
            self._hide.append(os.getcwd())
        except OSError:
            pass  # the directory was removed: nothing left there to hide
        self._disable = tuple(disable_isolation)
        from .sandbox.isolation import FEATURES

        unknown = set(self._disable) - set(FEATURES)
        if unknown:
            raise ValueError(f"unknown isolation features {sorted(unknown)}; known: {list(FEATURES)}")
        # Room for one test's input, stdout, stderr and result at their limits.
        self._work_size_mb = work_size_mb or (3 * self.limits.output_limit_mb + 256)
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False
        first = self._spawn()
        self.isolation = first.isolation
        features = self.isolation.get("features", {})
        # Expected outputs live in this process's memory.  In a private PID namespace a
        # candidate cannot even see this process; only without one is it made
        # non-dumpable (which also stops core dumps and profilers attaching to the
        # trainer that hosts the judge).
        if protect_judge_memory and not (features.get("pid_ns") and features.get("private_proc")):
            try:
                set_non_dumpable()
            except OSError:
                log.warning("could not protect the judge's memory from inspection")
        self._idle.put(first)
        self._pending_spawns = self.num_workers - 1
        self._warn_isolation()

    def _spawn(self) -> _Worker:
        worker = _Worker(self._hide, self._work_size_mb, self._disable)
        with self._lock:
            self._all.append(worker)
        return worker

    def _warn_isolation(self) -> None:
        level = self.isolation.get("level")
        if level != "full":
            warnings = "; ".join(self.isolation.get("warnings", []))
            log.warning("sandbox isolation is %s: %s", level, warnings)
            print(f"microcoder: sandbox isolation is {level}: {warnings}", file=sys.stderr)

    def _acquire(self) -> _Worker:
        with self._lock:
            spawn = self._pending_spawns > 0 and self._idle.empty()
            if spawn:
                self._pending_spawns -= 1
        if not spawn:
            try:
                return self._idle.get_nowait()
            except queue.Empty:
                pass
            with self._lock:
                self._waiting += 1
            try:
                return self._idle.get()
            finally:
                with self._lock:
                    self._waiting -= 1
        try:
            return self._spawn()
        except BaseException:
            with self._lock:
                self._pending_spawns += 1  # the slot stays open for a later try
            raise

    def _release(self, worker: _Worker) -> None:
        if worker.broken or not worker.alive():
            self._discard(worker)
        else:
            self._idle_since[id(worker)] = time.monotonic()
            self._idle.put(worker)

    def _demand(self) -> bool:
        """Candidates waiting for a worker (helpers must not hold workers back from them)."""
        return self._waiting > 0 or self._backlog > 0

    def _discard(self, worker: _Worker) -> None:
        """Close a worker that must not be reused; its slot is refilled on demand."""
        worker.close()
        self._idle_since.pop(id(worker), None)
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
            self._pending_spawns += 1

    def judge(self, task: JudgeTask, code: str, *, stop_on_failure: bool = True,
              keep_outputs: bool = False) -> CandidateResult:
        """Judge already-extracted code.

        Raises SandboxError only when no sandbox worker can be started at all.
        """
        if self._closed:
            raise RuntimeError("judge is closed")
        if not task.tests:
            raise ValueError("a task needs at least one test")
        if not code.strip():
            return CandidateResult(Verdict.NO_CODE, [], len(task.tests), "empty program")
        order = self._test_order(task, stop_on_failure)
        failure: BaseException | None = None
        for attempt in (1, 2):
            feed = _Feed(order, stop_on_failure)
            recruit = None
            if self.split_long and not keep_outputs:
                # (Verify keeps outputs and wants each reference in one child: no split.)
                def recruit(feed: _Feed = feed) -> bool:
                    self._recruit(task, code, feed)
                    return True
            # Usually one round; another when a helper gave tests back after this
            # candidate's own worker had run out of tests to take.
            while True:
                worker = self._acquire()
                try:
                    worker.run(task, code, self.limits, feed, keep_outputs, recruit)
                except (SandboxError, protocol.ProtocolError, OSError, TimeoutError, ValueError) as exc:
                    feed.fail(exc)
                    worker.broken = True
                finally:
                    self._release(worker)
                for helper in list(feed.helpers):
                    helper.join()
                if feed.error is not None or not feed.remaining():
                    break
            if feed.error is None:
                result = self._assemble(task, order, feed)
                self._note_failure(task, result, stop_on_failure)
                return result
            # A stalled or dead worker is usually the host's trouble (overload, OOM
            # killer), not the candidate's: judge it again on a fresh worker once
            # before giving up, and then it is an infrastructure error, not a verdict.
            failure = feed.error
            log.warning("sandbox worker failed (%s) on attempt %d; replacing it", failure, attempt)
        return CandidateResult(Verdict.INFRA_ERROR, [], len(task.tests),
                               f"sandbox worker failed twice: {failure}")

    # -- fail fast inside a group, no tail -----------------------------------------------
    def _test_order(self, task: JudgeTask, stop_on_failure: bool) -> list[int]:
        """Tests in the order to run them: those the problem's other candidates failed first."""
        order = list(range(len(task.tests)))
        if not (self.share_failures and stop_on_failure):
            return order
        with self._lock:
            counts = self._failures.get(task)
            if counts:
                self._failures.move_to_end(task)
                counts = dict(counts)
        if counts:
            order.sort(key=lambda i: (-counts.get(i, 0), i))
        return order

    def _note_failure(self, task: JudgeTask, result: CandidateResult, stop_on_failure: bool) -> None:
        if not (self.share_failures and stop_on_failure):
            return
        failed = [t.index for t in result.tests if t.verdict is not Verdict.ACCEPTED and t.index is not None]
        if not failed:
            return
        with self._lock:
            counts = self._failures.setdefault(task, {})
            self._failures.move_to_end(task)
            for i in failed:
                counts[i] = counts.get(i, 0) + 1
            while len(self._failures) > _GROUPS_KEPT:
                self._failures.popitem(last=False)

    def _recruit(self, task: JudgeTask, code: str, feed: _Feed) -> None:
        """Put idle workers on a long candidate's remaining tests, while nobody waits for one."""
        while feed.remaining() >= _SPLIT_MIN_TESTS and not self._demand() and not self._closed:
            helper: _Worker | None = None
            try:
                helper = self._idle.get_nowait()
                # Just released: its thread may be about to take the next candidate
                # (a caller's own thread pool, invisible here).  Only a worker left idle
                # for a moment is spare.
                if time.monotonic() - self._idle_since.get(id(helper), 0.0) < _IDLE_BEFORE_HELPING_S:
                    self._idle.put(helper)
                    return
            except queue.Empty:
                with self._lock:  # a slot not started yet: the helper starts it (off this thread)
                    if self._pending_spawns <= 0:
                        return
                    self._pending_spawns -= 1
            thread = threading.Thread(target=self._help, args=(helper, task, code, feed),
                                      name="microcoder-judge-helper", daemon=True)
            feed.helpers.append(thread)
            thread.start()

    def _help(self, worker: _Worker | None, task: JudgeTask, code: str, feed: _Feed) -> None:
        if worker is None:
            try:
                worker = self._spawn()
            except BaseException:  # noqa: BLE001 - the candidate's own worker carries on
                with self._lock:
                    self._pending_spawns += 1
                return
        try:
            # A helper gives its worker back as soon as another candidate waits for one.
            worker.run(task, code, self.limits, feed, False, lambda: not self._demand())
        except (SandboxError, protocol.ProtocolError, OSError, TimeoutError, ValueError) as exc:
            feed.fail(exc)
            worker.broken = True
        except BaseException as exc:  # noqa: BLE001 - reported through the feed, never lost
            feed.fail(exc)
            worker.broken = True
        finally:
            self._release(worker)

    @staticmethod
    def _assemble(task: JudgeTask, order: list[int], feed: _Feed) -> CandidateResult:
        total = len(task.tests)
        if feed.compile_error is not _Feed._NO_COMPILE_ERROR:
            return CandidateResult(Verdict.COMPILE_ERROR, [], total, feed.compile_error)
        tests = [feed.results[i] for i in order if i in feed.results]
        failed = next((t for t in tests if t.verdict is not Verdict.ACCEPTED), None)
        if failed is None:
            return CandidateResult(Verdict.ACCEPTED, tests, total, None)
        return CandidateResult(failed.verdict, tests, total, failed.detail)

    def judge_completion(self, task: JudgeTask, completion: str, **kwargs) -> CandidateResult:
        """Judge raw model output: extract the code first (incomplete/no_code verdicts)."""
        extraction = extract_code(completion)
        if extraction.status == "incomplete":
            return CandidateResult(Verdict.INCOMPLETE, [], len(task.tests), "the answer was cut off")
        if extraction.status == "no_code":
            return CandidateResult(Verdict.NO_CODE, [], len(task.tests), "no code found")
        return self.judge(task, extraction.code, **kwargs)

    def judge_many(self, items: Iterable[tuple[JudgeTask, str]], *, stop_on_failure: bool = True,
                   keep_outputs: bool = False, completions: bool = False) -> Iterator[CandidateResult]:
        """Judge in parallel across the workers; results come back in input order."""
        run = self.judge_completion if completions else self.judge

        def start(task: JudgeTask, code: str) -> CandidateResult:
            with self._lock:
                self._backlog -= 1
            return run(task, code, stop_on_failure=stop_on_failure, keep_outputs=keep_outputs)

        items = list(items)
        with self._lock:
            self._backlog += len(items)
        with ThreadPoolExecutor(max_workers=self.num_workers) as pool:
            futures = [pool.submit(start, task, code) for task, code in items]
            for future in futures:
                yield future.result()

    def close(self) -> None:
        self._closed = True
        with self._lock:
            workers, self._all = list(self._all), []
        for worker in workers:
            worker.close()

    def __enter__(self) -> "Judge":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
