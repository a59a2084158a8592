"""Running stages: the stage contract, its checkpointed driver, and a stage's steps over shards.

A :class:`Stage` turns the table before it into (kept, rejects) and says what its checkpoint
depends on; :func:`run_stage` runs one through the build's executor, resumes it from its
checkpoint under ``<out>/_work`` when the key matches, and reports it.  A stage whose output is
files rather than a table (Export) is not checkpointed: it runs on every build.  Which stages a
build has, in which order, is the recipe's business (:mod:`microcoder_data.recipe`), not this
module's.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import pyarrow as pa

from microcoder_data.config import PipelineConfig
from microcoder_data.pipeline.checkpoint import Checkpoints
from microcoder_data.pipeline.executors import Executor
from microcoder_data.pipeline.report import BuildResult, StageReport
from microcoder_data.pipeline.rows import (
    PROBLEM_SCHEMA,
    REJECT_SCHEMA,
    concat,
    problem_to_row,
    problems_table,
    reject_row,
    rejects_table,
    rows_to_problems,
    split_table,
)
from microcoder_data.pipeline.step import GlobalStep, Step, run_steps
from microcoder_data.schema import Problem, Reject, make_reject


# --------------------------------------------------------------------------- shard work
# module-level so executors can ship them to workers


def split_output(
    items: Iterable[Problem | Reject], stage: str, rejects: list[Reject]
) -> tuple[pa.Table, list[dict[str, Any]]]:
    """A step's output as (kept table, reject rows); reject rows start with ``rejects``
    (those found before the step, e.g. rows that did not parse), then follow output order."""
    rows: list[dict[str, Any]] = []
    rejects = list(rejects)
    for item in items:
        if isinstance(item, Reject):
            rejects.append(item)
            continue
        row, rej = problem_to_row(item, stage)  # a Problem that does not fit the schema is a reject
        if rej is not None:
            rejects.append(rej)
        else:
            rows.append(row)
    return problems_table(rows), [reject_row(r) for r in rejects]


def _run_segment(steps: list[Step], shard: pa.Table) -> tuple[pa.Table, list[dict[str, Any]]]:
    stage = steps[0].stage
    problems, rejects = rows_to_problems(shard.to_pylist(), stage)
    kept, step_rejects = run_steps(steps, problems)
    return split_output(kept, stage, rejects + step_rejects)


def _map_global(step: GlobalStep, shard: pa.Table) -> list[Any]:
    """A global step's per-problem values for one shard, aligned with the rows that parse
    (the driver parses the same rows in the same order, so the lists line up)."""
    problems, _ = rows_to_problems(shard.to_pylist(), step.stage)
    values = step.map_shard(problems)
    return list(values) if values is not None else [None] * len(problems)


def _map_columns(step: GlobalStep, shard: pa.Table) -> Any:
    return step.map_values({c: shard.column(c).to_pylist() for c in shard.column_names})


def _run_columnar(
    step: GlobalStep, table: pa.Table, executor: Executor, shard_size: int, stage: str
) -> tuple[pa.Table, pa.Table]:
    """A global step's columnar path: values from the executor, decision on the driver."""
    import numpy as np
    import pyarrow.compute as pc

    sub = table.select(list(step.map_columns or ()))
    parts = list(executor.map(_map_columns, split_table(sub, shard_size), context=step, desc=f"{stage}/{step.name}"))
    if parts and all(isinstance(x, np.ndarray) for x in parts):
        values: Any = np.concatenate(parts)
    else:
        values = [v for part in parts for v in part]
    cols: dict[str, Any] = {
        "id": table.column("id").to_pylist(),
        "num_tests": table.column("num_tests").to_pylist(),
        "num_refs": pc.fill_null(pc.list_value_length(table.column("reference_solutions")), 0).to_pylist(),
    }
    for c in step.map_columns or ():
        cols.setdefault(c, sub.column(c))
    rejected = step.decide(cols, values)
    if not rejected:
        return table, REJECT_SCHEMA.empty_table()
    mask = pa.array([i not in rejected for i in range(table.num_rows)])
    idx = sorted(rejected)
    rows = table.take(pa.array(idx, type=pa.int64())).to_pylist()
    rej_rows = [reject_row(make_reject(stage, step.name, rejected[i], row)) for i, row in zip(idx, rows)]
    return table.filter(mask), rejects_table(rej_rows)


# --------------------------------------------------------------------------- a stage's steps


def run_steps_stage(
    steps: list[Step], table: pa.Table, executor: Executor, *, shard_size: int, stage: str, progress: bool = True
) -> tuple[pa.Table, pa.Table]:
    """Run a stage's steps over a table: consecutive row-local steps as one segment over
    shards in parallel; a global step sees every row (its ``map_shard`` in parallel)."""
    for step in steps:
        step.prepare()
    segments: list[list[Step]] = []
    for step in steps:
        if not isinstance(step, GlobalStep) and segments and not isinstance(segments[-1][0], GlobalStep):
            segments[-1].append(step)
        else:
            segments.append([step])
    current = table
    all_rejects: list[pa.Table] = []
    for seg in segments:
        if current.num_rows == 0:
            break
        shards = split_table(current, shard_size)
        if isinstance(seg[0], GlobalStep) and seg[0].map_columns is not None:
            current, rej_t = _run_columnar(seg[0], current, executor, shard_size, stage)
            all_rejects.append(rej_t)
        elif isinstance(seg[0], GlobalStep):
            step = seg[0]
            values: list[Any] | None = None
            if type(step).map_shard is not GlobalStep.map_shard:
                values = []
                for part in executor.map(_map_global, shards, context=step, desc=f"{stage}/{step.name}"):
                    values.extend(part)
            problems, bad = rows_to_problems(current.to_pylist(), stage)
            current, rej = split_output(step.reduce(problems, values), stage, bad)
            all_rejects.append(rejects_table(rej))
        else:
            kept_parts: list[pa.Table] = []
            rej_rows: list[dict[str, Any]] = []
            desc = f"{stage}/" + "+".join(s.name for s in seg)
            for kept, rejs in executor.map(_run_segment, shards, context=seg, desc=desc):
                kept_parts.append(kept)
                rej_rows.extend(rejs)
            current = concat(kept_parts, PROBLEM_SCHEMA)
            all_rejects.append(rejects_table(rej_rows))
    return current, concat(all_rejects, REJECT_SCHEMA)


# --------------------------------------------------------------------------- the stage contract


@dataclass
class BuildContext:
    """What every stage of one build sees."""

    config: PipelineConfig
    executor: Executor
    checkpoints: Checkpoints
    log: Callable[[str], None]
    version: str  # part of every checkpoint key: a new recipe invalidates old checkpoints
    #: the stages run so far, in order, and their rejects (what Export writes)
    reports: list[StageReport] = field(default_factory=list)
    rejects: list[pa.Table] = field(default_factory=list)
    result: BuildResult | None = None  # the build's outputs, once Export has written them


class Stage:
    """One checkpointed stage of a build: the table before it -> (kept, rejects).

    The first stage (Collect) gets ``table=None``: it reads its rows from the sources, and
    its rows in are what it kept plus what it rejected.
    """

    name: str = ""
    #: the card's parameters are saved with the checkpoint and read back on resume
    params_in_checkpoint: bool = False
    #: False: no checkpoint (no ``key``); the stage runs on every build, resumed or not
    checkpointed: bool = True

    def enabled(self, cfg: PipelineConfig) -> bool:
        return True

    def prepare(self, table: pa.Table | None) -> pa.Table | None:
        """The input as the stage (and its checkpoint key) sees it."""
        return table

    def key(self, cfg: PipelineConfig, in_sha: str | None) -> tuple:  # pragma: no cover - abstract
        """What the stage's output depends on, besides the recipe version."""
        raise NotImplementedError

    def message(self, cfg: PipelineConfig, table: pa.Table | None) -> str:
        return f"{self.name}: {table.num_rows if table is not None else 0} problems"

    def compute(self, ctx: BuildContext, table: pa.Table | None, key: str) -> tuple[pa.Table, pa.Table, dict | None]:
        """(kept, rejects, the card's parameters or None) when there is no checkpoint."""
        raise NotImplementedError  # pragma: no cover - abstract

    def params(self, cfg: PipelineConfig, found: dict | None) -> dict[str, Any]:
        """The card's parameters; ``found``: those the run computed or the checkpoint kept."""
        return found or {}


def checkpoint_key(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:24]


def rejects_by_step(rejects: pa.Table) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in rejects.column("step").to_pylist() if rejects.num_rows else []:
        out[s] = out.get(s, 0) + 1
    return out


def run_stage(
    stage: Stage, ctx: BuildContext, table: pa.Table | None, in_sha: str | None
) -> tuple[pa.Table, pa.Table, StageReport, str | None]:
    """Run (or resume) one stage; returns (kept, rejects, its report, the kept table's sha256)."""
    t0 = time.perf_counter()
    rows_in = table.num_rows if table is not None else None
    found: dict | None = None
    resumed = False
    if not stage.enabled(ctx.config):
        rejects = REJECT_SCHEMA.empty_table()
    else:
        table = stage.prepare(table)
        key = checkpoint_key(ctx.version, *stage.key(ctx.config, in_sha)) if stage.checkpointed else ""
        hit = ctx.checkpoints.load(stage.name, key) if stage.checkpointed else None
        if hit is not None:
            table, rejects, meta = hit
            resumed = True
            in_sha = meta["kept_sha256"]
            if stage.params_in_checkpoint:
                found = meta.get("params", {})
        else:
            ctx.log(stage.message(ctx.config, table))
            table, rejects, found = stage.compute(ctx, table, key)
            if stage.checkpointed:
                meta = {"params": found} if stage.params_in_checkpoint else None
                in_sha = ctx.checkpoints.save(stage.name, key, table, rejects, meta)
    assert table is not None
    if rows_in is None:
        rows_in = table.num_rows + rejects.num_rows
    report = StageReport(
        stage.name,
        rows_in,
        table.num_rows,
        rejects.num_rows,
        time.perf_counter() - t0,
        resumed,
        rejects_by_step(rejects),
        stage.params(ctx.config, found),
    )
    return table, rejects, report, in_sha
