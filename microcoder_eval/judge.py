"""The judge: a pool of warm sandbox workers and the comparison of their outputs.

The judge is the only process that holds expected outputs.  It sends a worker the
code and the tests' inputs (the next one queued while the current one runs); the worker
answers each with the raw output (stdout, or the JSON of a functional return value) and
the judge compares it here, stopping at the first failing test unless asked to run them
all.  A worker lost mid-candidate is replaced and the candidate judged again once.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import shutil
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Iterable, Iterator

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
}
_HELLO_TIMEOUT_S = 60.0
# Largest test message queued at a worker ahead of need (see _Worker.run): two of them
# and an "end" fit the smallest Linux pipe buffer (64 KiB) with room to spare.
_AHEAD_MAX_BYTES = 16 * 1024


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
        config = json.dumps({"hide": hide, "work_size_mb": work_size_mb, "disable": list(disable)})
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "microcoder_eval.sandbox.worker", config],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=_worker_env(),
            cwd="/",
            close_fds=True,
            start_new_session=True,
        )
        self.to_worker = self.proc.stdin.fileno()
        self.from_worker = self.proc.stdout.fileno()
        hello = self._recv(timeout=_HELLO_TIMEOUT_S)
        if hello is None or hello.get("op") != "hello":
            self.close()
            raise SandboxError("sandbox worker failed to start")
        self.isolation: dict = hello["isolation"]
        self._in_candidate = False
        self._unsynced = False

    def _recv(self, timeout: float | None) -> dict | None:
        if timeout is not None:
            import select

            ready, _, _ = select.select([self.from_worker], [], [], timeout)
            if not ready:
                raise TimeoutError("sandbox worker did not answer in time")
        return protocol.recv(self.from_worker)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        if self.proc.poll() is None:
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
        work_root = self.isolation.get("work_root", "") if hasattr(self, "isolation") else ""
        if work_root and self.isolation.get("host_visible_work_root"):
            shutil.rmtree(work_root, ignore_errors=True)

    def run(self, task: JudgeTask, code: str, limits: Limits, stop_on_failure: bool,
            keep_outputs: bool) -> CandidateResult:
        """Judge one candidate on this worker.

        Pipelined: the next test's input is queued at the worker while the current test
        runs and this process compares its output, so neither side waits for the other.
        A queued input must be small (``_AHEAD_MAX_BYTES``): two of them fit a pipe
        buffer, so a write here never blocks while the worker is writing to us.  Past a
        failure the judge sends "end", which also stops a queued test mid-run.
        """
        time_limit = task.time_limit_s or limits.time_limit_s
        effective = Limits(time_limit, limits.memory_limit_mb, limits.output_limit_mb)
        # Generous bound on any single answer: compiling, or one test at its wall limit.
        answer_timeout = effective.wall_limit_s + 30.0
        self._sync(answer_timeout)
        protocol.send(self.to_worker, {
            "op": "candidate",
            "code": code,
            "mode": task.mode,
            "fn_name": task.fn_name,
            "limits": {
                "time_limit_s": time_limit,
                "wall_limit_s": effective.wall_limit_s,
                "memory_limit_mb": limits.memory_limit_mb,
                "output_limit_mb": limits.output_limit_mb,
            },
        })
        self._in_candidate = True
        tests = task.tests
        total = len(tests)
        results: list[TestResult] = []
        verdict = Verdict.ACCEPTED
        detail = None
        sent = 0

        def send_next(ahead: bool) -> None:
            nonlocal sent
            message = protocol.encode({"op": "test", "input": tests[sent].input})
            if ahead and len(message) > _AHEAD_MAX_BYTES:
                return  # too big to queue safely: sent when the worker asks (lockstep)
            protocol.send(self.to_worker, message)
            sent += 1

        send_next(ahead=False)  # right behind the code: no round trip for "ready"
        if sent < total:
            send_next(ahead=True)
        try:
            while len(results) < sent:
                answer = self._recv(answer_timeout)
                if answer is None:
                    raise SandboxError("sandbox worker exited")
                if answer["op"] == "compile_error":  # only ever the answer to the first test
                    return CandidateResult(Verdict.COMPILE_ERROR, [], total, answer.get("detail"))
                if answer["op"] != "result":
                    raise protocol.ProtocolError(f"unexpected {answer['op']!r} from the worker")
                result = _grade(answer, tests[len(results)].output, task, keep_outputs)
                results.append(result)
                if result.verdict is not Verdict.ACCEPTED and verdict is Verdict.ACCEPTED:
                    verdict, detail = result.verdict, result.detail
                    if stop_on_failure:
                        break
                if sent < total:
                    send_next(ahead=sent > len(results))
        finally:
            if self._in_candidate:
                protocol.send(self.to_worker, {"op": "end"})
                self._in_candidate = False
                self._unsynced = True  # answers still in flight are dropped at the next use
        return CandidateResult(verdict, results, total, detail)

    def _sync(self, timeout: float) -> None:
        """Skip what the worker still says about the previous candidate, up to "ended"."""
        while self._unsynced:
            message = self._recv(timeout)
            if message is None:
                raise SandboxError("sandbox worker exited")
            if message["op"] == "ended":
                self._unsynced = False


def _grade(answer: dict, expected: str, task: JudgeTask, keep_outputs: bool) -> TestResult:
    status = answer.get("status")
    result = TestResult(Verdict.ACCEPTED, float(answer.get("cpu_s", 0.0)), float(answer.get("wall_s", 0.0)))
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


class Judge:
    """A pool of sandbox workers.  Thread-safe; use as a context manager.

    ``hide`` adds paths (files or directories) the untrusted code must not see, e.g.
    the problem file; the usual data locations are hidden anyway.  ``disable_isolation``
    switches sandbox features off (names in ``sandbox.isolation.FEATURES``), as a kernel
    that refuses them would; the judge then warns and runs at a lower isolation level.
    """

    def __init__(self, workers: int | None = None, limits: Limits | None = None,
                 hide: Iterable[str] = (), work_size_mb: int | None = None,
                 protect_judge_memory: bool = True, disable_isolation: Iterable[str] = ()) -> None:
        self.limits = limits or Limits()
        self.num_workers = max(1, workers or os.cpu_count() or 1)
        self._hide = [os.path.abspath(p) for p in hide]
        self._disable = tuple(disable_isolation)
        from .sandbox.isolation import FEATURES

        unknown = set(self._disable) - set(FEATURES)
        if unknown:
            raise ValueError(f"unknown isolation features {sorted(unknown)}; known: {list(FEATURES)}")
        # Room for one test's input, stdout, stderr and result at their limits.
        self._work_size_mb = work_size_mb or (3 * self.limits.output_limit_mb + 256)
        if protect_judge_memory:
            try:
                set_non_dumpable()  # expected outputs live in this process's memory
            except OSError:
                log.warning("could not protect the judge's memory from inspection")
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False
        first = self._spawn()
        self.isolation = first.isolation
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
        if spawn:
            return self._spawn()
        return self._idle.get()

    def _release(self, worker: _Worker) -> None:
        self._idle.put(worker)

    def _replace(self, worker: _Worker) -> _Worker:
        worker.close()
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
        return self._spawn()

    def judge(self, task: JudgeTask, code: str, *, stop_on_failure: bool = True,
              keep_outputs: bool = False) -> CandidateResult:
        """Judge already-extracted code."""
        if self._closed:
            raise RuntimeError("judge is closed")
        if not task.tests:
            raise ValueError("a task needs at least one test")
        if not code.strip():
            return CandidateResult(Verdict.NO_CODE, [], len(task.tests), "empty program")
        worker = self._acquire()
        try:
            for attempt in (1, 2):
                try:
                    return worker.run(task, code, self.limits, stop_on_failure, keep_outputs)
                except (SandboxError, protocol.ProtocolError, OSError, TimeoutError) as exc:
                    # A stalled or dead worker is usually the host's trouble (overload, OOM
                    # killer), not the candidate's: judge it again on a fresh worker once
                    # before the failure is charged to the candidate.
                    log.warning("sandbox worker failed (%s) on attempt %d; restarting it", exc, attempt)
                    worker = self._replace(worker)
                    failure = exc
            return CandidateResult(Verdict.RUNTIME_ERROR, [], len(task.tests),
                                   f"sandbox worker failed twice: {failure}")
        finally:
            self._release(worker)

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
        with ThreadPoolExecutor(max_workers=self.num_workers) as pool:
            futures = [pool.submit(run, task, code, stop_on_failure=stop_on_failure, keep_outputs=keep_outputs)
                       for task, code in items]
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
