"""The one small step contract every stage is built from.

A step takes Problems and yields Problems (kept, possibly changed) or Rejects (dropped,
with the stage, the step and a reason).  Executors decide where steps run; steps know
nothing about processes, Ray or files.

* :class:`Step` -- row-local (``run`` over any shard gives the same rows as over the whole
  set); executors may run it on shards in parallel.  Subclasses usually implement
  ``apply(problem) -> Problem | Reject | None`` (``None`` = keep unchanged); an exception
  in ``apply`` rejects that row with the error as the reason and the build goes on.
* :class:`GlobalStep` -- needs every row at once (dedup, rebalancing).  ``map_shard``
  (optional, parallel per shard, e.g. MinHash signatures) computes one value per problem;
  ``reduce`` sees all problems with their values, in a deterministic order, on the driver.
* ``prepare()`` runs once on the driver before a step is shipped to workers (build a
  reference index, load a file); the prepared step must pickle.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Sequence

from microcoder_data.schema import Problem, Reject, make_reject

StepOutput = Problem | Reject


class Step:
    stage: str = ""
    name: str = ""

    def prepare(self) -> None:
        """Driver-side setup, called once before the step runs anywhere."""

    def apply(self, problem: Problem) -> Problem | Reject | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def run(self, problems: Iterable[Problem]) -> Iterator[StepOutput]:
        for p in problems:
            try:
                out = self.apply(p)
            except Exception as exc:  # one bad row never stops the build
                yield self.reject(p, f"error in {self.name}: {type(exc).__name__}: {exc}")
                continue
            yield p if out is None else out

    def reject(self, problem: Any, reason: str) -> Reject:
        return make_reject(self.stage, self.name, reason, problem)

    def describe(self) -> dict[str, Any]:
        """Parameters shown in the dataset card."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.stage}/{self.name}>"


class GlobalStep(Step):
    #: Columnar fast path (optional): when set, executors call ``map_values`` on shards
    #: holding only these columns, and the driver calls ``decide`` with the columns
    #: ``id``, ``num_tests``, ``num_refs`` (+ these) -- no Problem objects are built.
    map_columns: tuple[str, ...] | None = None

    def map_values(self, columns: Mapping[str, list]) -> Any:  # pragma: no cover - optional
        raise NotImplementedError

    def decide(self, columns: Mapping[str, Sequence], values: Any) -> dict[int, str]:  # pragma: no cover
        """{row index: reject reason} for the rows to drop."""
        raise NotImplementedError

    def map_shard(self, problems: list[Problem]) -> list[Any] | None:
        """Per-problem values computed in parallel (None = nothing to precompute)."""
        return None

    def reduce(self, problems: list[Problem], values: list[Any] | None) -> Iterator[StepOutput]:  # pragma: no cover
        raise NotImplementedError

    def run(self, problems: Iterable[Problem]) -> Iterator[StepOutput]:
        problems = list(problems)
        values = self.map_shard(problems)
        yield from self.reduce(problems, values)


def run_steps(steps: list[Step], problems: Iterable[Problem]) -> tuple[list[Problem], list[Reject]]:
    """Chain row-local steps over one shard (datatrove-style: a generator pipeline)."""
    rejects: list[Reject] = []
    stream: Iterable[StepOutput] = problems
    for step in steps:
        stream = step.run(_split(stream, rejects))
    kept = list(_split(stream, rejects))
    return kept, rejects


def _split(stream: Iterable[StepOutput], rejects: list[Reject]) -> Iterator[Problem]:
    for item in stream:
        if isinstance(item, Reject):
            rejects.append(item)
        else:
            yield item
