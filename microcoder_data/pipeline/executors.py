"""Executors: where step work runs.  Steps never know which one they are under.

Both executors expose one primitive, ``map(fn, items, context=...)``: call
``fn(context, item)`` for every item and yield the results **in input order** (so outputs
do not depend on scheduling).  ``context`` is shipped to each worker once (a prepared
step, a reference index); ``items`` are shards (Arrow tables or lists).

* :class:`LocalExecutor` -- a ``multiprocessing`` pool over all local cores (fork start
  method on Linux, so a big context is inherited rather than pickled); runs inline when
  there is one worker or one item.
* :class:`RayExecutor` -- Ray tasks, one per shard; the context is ``ray.put`` once.
  Attaches to a running Ray (``ray.init`` already called, or ``address``) or starts a
  local one on CPU.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
from typing import Any, Callable, Iterator, Sequence

from tqdm import tqdm

from microcoder_data.pipeline.interrupt import ignore_ctrl_c

_CONTEXT: Any = None


def _set_context(ctx: Any) -> None:
    global _CONTEXT
    _CONTEXT = ctx
    ignore_ctrl_c()  # the parent decides what a Ctrl-C (sent to the whole process group) means


def _call_with_context(args: tuple[Callable[[Any, Any], Any], Any]) -> Any:
    fn, item = args
    return fn(_CONTEXT, item)


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - non-Linux
        return max(1, os.cpu_count() or 1)


class Executor:
    name = "base"
    #: True when map() spreads work over machines/processes that should each use a
    #: single core (Ray); False when the caller may parallelise inside one process.
    distributes = False

    def __init__(self, workers: int | None = None, progress: bool = True) -> None:
        self.workers = workers or default_workers()
        self.progress = progress

    def map(
        self,
        fn: Callable[[Any, Any], Any],
        items: Sequence[Any],
        *,
        context: Any = None,
        desc: str = "",
        inline: bool = False,
        cpus_per_task: float = 1,
    ) -> Iterator[Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _bar(self, total: int, desc: str) -> tqdm:
        return tqdm(
            total=total, desc=desc, unit="shard", disable=not self.progress or total <= 1, leave=False, file=sys.stderr
        )

    def close(self) -> None:
        pass

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def describe(self) -> dict[str, Any]:
        return {"executor": self.name, "workers": self.workers}


def _ray_connected() -> bool:
    ray = sys.modules.get("ray")
    return ray is not None and ray.is_initialized()


class LocalExecutor(Executor):
    name = "local"

    def map(self, fn, items, *, context=None, desc="", inline=False, cpus_per_task=1):
        items = list(items)
        bar = self._bar(len(items), desc)
        try:
            # Never fork a process that holds Ray's gRPC threads (a driver with ray.init done):
            # the parent's channels can hang afterwards.  Such a caller gets the work inline.
            if inline or self.workers <= 1 or len(items) <= 1 or _ray_connected():
                for item in items:
                    yield fn(context, item)
                    bar.update(1)
                return
            method = "fork" if sys.platform.startswith("linux") else "spawn"
            ctx = mp.get_context(method)
            nproc = min(self.workers, len(items))
            with ctx.Pool(nproc, initializer=_set_context, initargs=(context,)) as pool:
                for result in pool.imap(_call_with_context, [(fn, item) for item in items], chunksize=1):
                    yield result
                    bar.update(1)
        finally:
            bar.close()


def _ray_call(fn: Callable[[Any, Any], Any], context: Any, item: Any) -> Any:
    return fn(context, item)


class RayExecutor(Executor):
    name = "ray"
    distributes = True

    def __init__(self, workers: int | None = None, progress: bool = True, address: str | None = None) -> None:
        import ray

        self._started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "ignore_reinit_error": True, "log_to_driver": False}
            if address:
                kwargs["address"] = address
            else:
                kwargs["num_cpus"] = workers or default_workers()
            ray.init(**kwargs)
            self._started = True
        total = int(ray.cluster_resources().get("CPU", 1))
        super().__init__(workers or total, progress)
        self._remote_cache: dict[float, Any] = {}

    def _remote(self, cpus: float) -> Any:
        import ray

        if cpus not in self._remote_cache:
            self._remote_cache[cpus] = ray.remote(num_cpus=cpus, max_retries=1)(_ray_call)
        return self._remote_cache[cpus]

    def map(self, fn, items, *, context=None, desc="", inline=False, cpus_per_task=1):
        import ray

        items = list(items)
        if not items:
            return
        bar = self._bar(len(items), desc)
        try:
            ctx_ref = ray.put(context)
            remote = self._remote(cpus_per_task)
            # bounded in-flight window keeps object-store use flat on big inputs
            window = max(2, self.workers * 2)
            refs: list[Any] = []
            nxt = 0
            for i in range(len(items)):
                while nxt < len(items) and nxt < i + window:
                    refs.append(remote.remote(fn, ctx_ref, items[nxt]))
                    nxt += 1
                result = ray.get(refs[i])
                refs[i] = None
                yield result
                bar.update(1)
        finally:
            bar.close()

    def close(self) -> None:
        if self._started:
            import ray

            ray.shutdown()
            self._started = False

    def describe(self) -> dict[str, Any]:
        return {"executor": self.name, "workers": self.workers}


def make_executor(
    kind: str = "local", workers: int | None = None, *, progress: bool = True, address: str | None = None
) -> Executor:
    if kind == "local":
        return LocalExecutor(workers, progress)
    if kind == "ray":
        return RayExecutor(workers, progress, address)
    raise ValueError(f"unknown executor {kind!r} (local | ray)")
