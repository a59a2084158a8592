"""A judge that spans machines: one judge actor per Ray node, sized to that node's cores.

Opt-in (the local ``Judge`` stays the default): ``MICROCODER_REWARD_EXECUTOR=ray`` (or
``compute_score(..., executor="ray")``) for the reward function, ``microcoder eval run
--executor ray`` for evaluation.

* **One actor per node, started once.**  Each is a named, detached actor
  (``microcoder-judge-<node id>-<settings hash>`` in namespace ``microcoder``) pinned to
  its node (``shutdown_actors()`` ends them before the cluster does); every
  process that asks for it (several reward workers on one node, the driver, ...) gets
  the same actor, so a node runs one set of sandbox workers: no oversubscription however
  many reward workers share it.  Its ``Judge`` has as many workers as the node has CPUs
  in Ray (``MICROCODER_REWARD_WORKERS`` overrides).  The actor itself reserves no Ray
  CPU by default (``MICROCODER_RAY_JUDGE_CPUS``): its workers use the cores Ray schedules
  rollout and training work on anyway, and reserving them all would starve those.
* **Bounded queue, backpressure.**  A client keeps at most ``in_flight_per_worker`` x
  workers candidates outstanding at each actor; further submissions block until one
  finishes, so a huge batch never piles up in an actor's queue.
* **Groups stay together.**  Candidates of the same problem go to the same actor (by the
  problem's hash) while it has room, so the actor's judge shares their failing tests
  (fail fast inside a group); a full actor's candidates spill to the least loaded one.

Without a running cluster (no ``RAY_ADDRESS``, ``ray.init`` not called) a local Ray is
started: on one machine that only adds overhead -- the local judge is the better choice.
"""

from __future__ import annotations

import dataclasses
import json
import os
import threading
import zlib
from typing import Any, Iterable, Iterator

from .types import CandidateResult, JudgeTask, Limits

NAMESPACE = "microcoder"
ACTOR_PREFIX = "microcoder-judge-"


class _JudgeActor:
    """Runs on one node: a warm ``Judge`` that serves every client on the cluster."""

    def __init__(self, workers: int, limits: dict, hide: list[str], share_failures: bool) -> None:
        from .judge import Judge

        self.judge = Judge(workers=workers, limits=Limits(**limits), hide=hide, share_failures=share_failures)

    def info(self) -> dict:
        return {"workers": self.judge.num_workers, "isolation": self.judge.isolation}

    def judge_one(self, task: JudgeTask, code: str, stop_on_failure: bool, completion: bool) -> CandidateResult:
        run = self.judge.judge_completion if completion else self.judge.judge
        return run(task, code, stop_on_failure=stop_on_failure)

    def close(self) -> None:
        self.judge.close()


def _group_key(task: JudgeTask) -> int:
    """The same number for the same problem in every process (``hash()`` of a str is not)."""
    first = task.tests[0] if task.tests else None
    text = f"{task.mode}\0{task.fn_name}\0{len(task.tests)}\0"
    if first is not None:
        text += f"{first.input[:4096]}\0{first.output[:4096]}"
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def _node_cpus(node: dict) -> int:
    return max(1, int(node.get("Resources", {}).get("CPU", 0) or 0))


class RayJudgePool:
    """The cluster's judge actors behind the local ``Judge``'s interface.

    ``judge_completion``/``judge`` (one candidate) and ``judge_many`` (in input order), plus
    ``num_workers`` (all nodes together), ``isolation`` (the first node's report) and
    ``close``.  Thread-safe: verl's reward loop calls it from many threads at once.
    """

    def __init__(
        self,
        *,
        address: str | None = None,
        workers_per_node: int | None = None,
        limits: Limits | None = None,
        hide: Iterable[str] = (),
        share_failures: bool = True,
        in_flight_per_worker: int = 2,
        actor_cpus: float | None = None,
    ) -> None:
        import ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        self._ray = ray
        self._started_ray = False
        if not ray.is_initialized():
            address = address or os.environ.get("RAY_ADDRESS") or None
            ray.init(
                address=address,
                namespace=NAMESPACE,
                include_dashboard=False,
                log_to_driver=False,
                ignore_reinit_error=True,
            )
            self._started_ray = address is None
        limits = limits or Limits()
        if actor_cpus is None:
            actor_cpus = float(os.environ.get("MICROCODER_RAY_JUDGE_CPUS", "0"))
        remote_cls = ray.remote(_JudgeActor)
        nodes = sorted(
            (n for n in ray.nodes() if n.get("Alive") and n.get("Resources", {}).get("CPU")), key=lambda n: n["NodeID"]
        )
        if not nodes:
            raise RuntimeError("ray_pool: the Ray cluster has no live node with CPUs")
        self._actors = []
        # Same settings, same actors: the name carries them (a job with other limits gets its own).
        settings = json.dumps(
            [dataclasses.asdict(limits), sorted(hide), share_failures, workers_per_node], sort_keys=True
        )
        tag = f"{zlib.crc32(settings.encode()):08x}"
        for node in nodes:
            workers = workers_per_node or _node_cpus(node)
            self._actors.append(
                remote_cls.options(
                    name=f"{ACTOR_PREFIX}{node['NodeID']}-{tag}",
                    namespace=NAMESPACE,
                    get_if_exists=True,
                    # Detached: started once, it outlives the client that happened to start it
                    # (reward workers come and go); it ends with the cluster or shutdown_actors().
                    lifetime="detached",
                    scheduling_strategy=NodeAffinitySchedulingStrategy(node["NodeID"], soft=False),
                    num_cpus=actor_cpus,
                    max_concurrency=max(4, workers * in_flight_per_worker + 2),
                ).remote(workers, dataclasses.asdict(limits), list(hide), share_failures)
            )
        infos = ray.get([a.info.remote() for a in self._actors])
        self.capacities = [int(i["workers"]) for i in infos]
        self.num_workers = sum(self.capacities)
        self.isolation = infos[0]["isolation"]
        self._limit = [c * max(1, in_flight_per_worker) for c in self.capacities]
        self._outstanding = [0] * len(self._actors)
        self._cond = threading.Condition()

    # -- routing with backpressure ------------------------------------------------------
    def _reserve(self, task: JudgeTask) -> int:
        preferred = _group_key(task) % len(self._actors)
        with self._cond:
            while True:
                if self._outstanding[preferred] < self._limit[preferred]:
                    chosen = preferred
                else:
                    free = [i for i in range(len(self._actors)) if self._outstanding[i] < self._limit[i]]
                    chosen = min(free, key=lambda i: self._outstanding[i] / self._limit[i]) if free else -1
                if chosen >= 0:
                    self._outstanding[chosen] += 1
                    return chosen
                self._cond.wait()

    def _release(self, index: int) -> None:
        with self._cond:
            self._outstanding[index] -= 1
            self._cond.notify_all()

    def _submit(self, task: JudgeTask, code: str, stop_on_failure: bool, completion: bool):
        index = self._reserve(task)
        try:
            ref = self._actors[index].judge_one.remote(task, code, stop_on_failure, completion)
        except BaseException:
            self._release(index)
            raise
        ref.future().add_done_callback(lambda _f: self._release(index))
        return ref

    # -- the Judge interface --------------------------------------------------------------
    def judge(self, task: JudgeTask, code: str, *, stop_on_failure: bool = True, **_: Any) -> CandidateResult:
        return self._ray.get(self._submit(task, code, stop_on_failure, False))

    def judge_completion(
        self, task: JudgeTask, completion: str, *, stop_on_failure: bool = True, **_: Any
    ) -> CandidateResult:
        return self._ray.get(self._submit(task, completion, stop_on_failure, True))

    def judge_many(
        self,
        items: Iterable[tuple[JudgeTask, str]],
        *,
        stop_on_failure: bool = True,
        keep_outputs: bool = False,
        completions: bool = False,
    ) -> Iterator[CandidateResult]:
        if keep_outputs:
            raise ValueError("ray_pool: keep_outputs is for the Verify stage's local judge")
        # Submission blocks while every actor is full (backpressure); results are read in
        # input order as they are needed.
        refs = [self._submit(task, code, stop_on_failure, completions) for task, code in items]
        for ref in refs:
            yield self._ray.get(ref)

    def close(self) -> None:
        """Forget the actors (other clients may still use them; they end with their owner)."""
        self._actors = []

    def __enter__(self) -> "RayJudgePool":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def shutdown_actors() -> int:
    """End every judge actor of this namespace on the cluster; how many were ended."""
    import ray

    ended = 0
    for entry in ray.util.list_named_actors(all_namespaces=True):
        name, namespace = (entry["name"], entry["namespace"]) if isinstance(entry, dict) else (entry, NAMESPACE)
        if namespace == NAMESPACE and name.startswith(ACTOR_PREFIX):
            try:
                actor = ray.get_actor(name, namespace=NAMESPACE)
                ray.get(actor.close.remote())
                ray.kill(actor)
                ended += 1
            except ValueError:
                pass  # gone meanwhile
    return ended


def make_judge(executor: str = "local", **kwargs: Any):
    """The judge to use: the local pool (default) or the Ray pool (``executor="ray"``)."""
    if executor == "local":
        from .judge import Judge

        kwargs.pop("address", None)
        return Judge(**kwargs)
    if executor == "ray":
        workers = kwargs.pop("workers", None)
        return RayJudgePool(workers_per_node=workers, **kwargs)
    raise ValueError(f"executor must be 'local' or 'ray', not {executor!r}")
