"""The judge: a pool of warm sandbox workers and the comparison of their outputs.

The judge is the only process that holds expected outputs.  It sends a worker the
code and the tests' inputs (the next one queued while the current one runs); the worker
answers each with the raw output (stdout, or the JSON of a functional return value) and
the judge compares it here, stopping at the first failing test unless asked to run them
all.  A worker lost mid-candidate is replaced and the candidate judged again once;
lost twice, the verdict is ``infra_error`` (the host's fault, not the candidate's).

Reward latency: candidates of one problem may share which tests failed
(``share_failures``: siblings run those first), and idle workers take a long
candidate's remaining tests (``split_long``; see ``Feed`` and ``Judge._recruit``).
"""

from __future__ import annotations

import logging
import os
import queue
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from collections import OrderedDict
from typing import Iterable, Iterator

from .extract import extract_code
from .sandbox import protocol
from .sandbox.linux import set_non_dumpable
from .types import CandidateResult, JudgeTask, Limits, Verdict

from .feed import Feed
from .sandbox.client import SandboxError, SandboxWorker, cheap_first

__all__ = ["Judge", "SandboxError"]

log = logging.getLogger(__name__)


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

    def __init__(
        self,
        workers: int | None = None,
        limits: Limits | None = None,
        hide: Iterable[str] = (),
        work_size_mb: int | None = None,
        protect_judge_memory: bool = True,
        disable_isolation: Iterable[str] = (),
        share_failures: bool = False,
        split_long: bool = True,
    ) -> None:
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
        self._idle: queue.Queue[SandboxWorker] = queue.Queue()
        self._all: list[SandboxWorker] = []
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

    def _spawn(self) -> SandboxWorker:
        worker = SandboxWorker(self._hide, self._work_size_mb, self._disable)
        with self._lock:
            self._all.append(worker)
        return worker

    def _warn_isolation(self) -> None:
        level = self.isolation.get("level")
        if level != "full":
            warnings = "; ".join(self.isolation.get("warnings", []))
            log.warning("sandbox isolation is %s: %s", level, warnings)
            print(f"microcoder: sandbox isolation is {level}: {warnings}", file=sys.stderr)

    def _acquire(self) -> SandboxWorker:
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
                while True:  # a judge closed meanwhile has no workers left to hand out: never wait forever
                    if self._closed:
                        raise SandboxError("judge is closed")
                    try:
                        return self._idle.get(timeout=0.5)
                    except queue.Empty:
                        pass
            finally:
                with self._lock:
                    self._waiting -= 1
        try:
            return self._spawn()
        except BaseException:
            with self._lock:
                self._pending_spawns += 1  # the slot stays open for a later try
            raise

    def _release(self, worker: SandboxWorker) -> None:
        if worker.broken or not worker.alive():
            self._discard(worker)
        else:
            self._idle_since[id(worker)] = time.monotonic()
            self._idle.put(worker)

    def _demand(self) -> bool:
        """Candidates waiting for a worker (helpers must not hold workers back from them)."""
        return self._waiting > 0 or self._backlog > 0

    def _discard(self, worker: SandboxWorker) -> None:
        """Close a worker that must not be reused and start its replacement at once, so the
        pool keeps its size (the next candidate pays no start-up); a replacement that cannot
        start leaves the slot to be refilled on demand (where the error then surfaces)."""
        worker.close()
        self._idle_since.pop(id(worker), None)
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
        if self._closed:
            return
        try:
            replacement = self._spawn()
        except (SandboxError, OSError, TimeoutError, ValueError):
            with self._lock:
                self._pending_spawns += 1
            return
        self._idle_since[id(replacement)] = time.monotonic()
        self._idle.put(replacement)

    def judge(
        self,
        task: JudgeTask,
        code: str,
        *,
        stop_on_failure: bool = True,
        keep_outputs: bool = False,
        split: bool = True,
    ) -> CandidateResult:
        """Judge already-extracted code.

        ``split=False`` keeps the candidate in one child, its tests in order, so the first
        failing test is the first one that fails (a split stops at whichever slice fails
        first; the verdict is the same either way).
        Raises SandboxError only when no sandbox worker can be started at all.
        """
        if self._closed:
            raise RuntimeError("judge is closed")
        if not task.tests:
            raise ValueError("a task needs at least one test")
        if not code.strip():
            return CandidateResult(Verdict.NO_CODE, [], len(task.tests), "empty program")
        order = self._test_order(task, stop_on_failure, split)
        failure: BaseException | None = None
        for attempt in (1, 2):
            feed = Feed(order, stop_on_failure)
            recruit = None
            if self.split_long and split and not keep_outputs:
                # (Verify keeps outputs and wants each reference in one child: no split.)
                def recruit(feed: Feed = feed) -> bool:
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
            if self._closed:  # closed under it: no worker to judge it again on
                break
            log.warning("sandbox worker failed (%s) on attempt %d; replacing it", failure, attempt)
        return CandidateResult(Verdict.INFRA_ERROR, [], len(task.tests), f"sandbox worker failed twice: {failure}")

    # -- fail fast inside a group, no tail -----------------------------------------------
    def _test_order(self, task: JudgeTask, stop_on_failure: bool, split: bool) -> list[int]:
        """Tests in the order to run them: those the problem's other candidates failed first;
        then, stopping at the first failure with ``split``, the cheap ones (the smallest own
        time limits: the verdict is the same, a wrong program is stopped sooner); the rest in
        order (``split=False``: in order, as its caller wants them)."""
        order = cheap_first(task.tests) if stop_on_failure and split else list(range(len(task.tests)))
        if not (self.share_failures and stop_on_failure):
            return order
        with self._lock:
            counts = self._failures.get(task)
            if counts:
                self._failures.move_to_end(task)
                counts = dict(counts)
        if counts:
            order.sort(key=lambda i: -counts.get(i, 0))  # stable: cheap first among equals
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

    def _recruit(self, task: JudgeTask, code: str, feed: Feed) -> None:
        """Put idle workers on a long candidate's remaining tests, while nobody waits for one."""
        while feed.remaining() >= _SPLIT_MIN_TESTS and not self._demand() and not self._closed:
            helper: SandboxWorker | None = None
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
            thread = threading.Thread(
                target=self._help, args=(helper, task, code, feed), name="microcoder-judge-helper", daemon=True
            )
            feed.helpers.append(thread)
            thread.start()

    def _help(self, worker: SandboxWorker | None, task: JudgeTask, code: str, feed: Feed) -> None:
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
    def _assemble(task: JudgeTask, order: list[int], feed: Feed) -> CandidateResult:
        total = len(task.tests)
        if feed.compile_error is not Feed._NO_COMPILE_ERROR:
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

    def judge_many(
        self,
        items: Iterable[tuple[JudgeTask, str]],
        *,
        stop_on_failure: bool = True,
        keep_outputs: bool = False,
        completions: bool = False,
        split: bool = True,
    ) -> Iterator[CandidateResult]:
        """Judge in parallel across the workers; results come back in input order.

        Each item is submitted as soon as ``items`` yields it, so a lazy ``items`` (tests
        generated, mutants made) is produced while the workers judge the earlier ones."""
        run = self.judge_completion if completions else self.judge

        def start(task: JudgeTask, code: str) -> CandidateResult:
            with self._lock:
                self._backlog -= 1
            return run(task, code, stop_on_failure=stop_on_failure, keep_outputs=keep_outputs, split=split)

        with ThreadPoolExecutor(max_workers=self.num_workers) as pool:
            futures = []
            for task, code in items:
                with self._lock:
                    self._backlog += 1
                futures.append(pool.submit(start, task, code))
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
