"""One candidate's tests, shared out among the sandbox workers judging it."""

from __future__ import annotations

import threading
from collections import deque
from typing import Iterable, Protocol

from .types import TestResult, Verdict


class SandboxWorker(Protocol):
    """What a feed needs of a worker (``sandbox.client.SandboxWorker``): to stop it."""

    def interrupt(self) -> None: ...


class Feed:
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
        self._active: list[SandboxWorker] = []  # workers running a slice of this candidate now

    def join(self, worker: "SandboxWorker") -> None:
        with self._lock:
            self._active.append(worker)

    def leave(self, worker: "SandboxWorker") -> None:
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

    def record(self, index: int, result: TestResult, worker: "SandboxWorker | None" = None) -> bool:
        """Keep a test's result; False when this candidate needs no more tests.

        The first failure (when stopping at failures) stops the candidate's other slices
        at once: their workers are told to end, a test running there is killed.
        """
        with self._lock:
            self.results[index] = result
            others: list[SandboxWorker] = []
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
