"""The pipeline runner: Collect -> Process -> Filter -> Verify -> Export.

``build(config)`` runs every stage through an executor, checkpoints each stage under
``<out>/_work`` (Verify per shard), then writes the outputs (see
:mod:`microcoder_data.export`).  Invariant, checked at the end: rows in (everything
Collect produced, Problems and Rejects) = rows kept + rows rejected.
"""
from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterable

import pyarrow as pa
from tqdm import tqdm

from microcoder_data.config import PipelineConfig
from microcoder_data.pipeline.checkpoint import Checkpoints
from microcoder_data.pipeline.executors import Executor, make_executor
from microcoder_data.pipeline.report import BuildResult, StageReport
from microcoder_data.pipeline.rows import (
    PROBLEM_SCHEMA,
    REJECT_SCHEMA,
    STAGES,
    concat,
    make_reject,
    problem_to_row,
    problems_table,
    reject_row,
    rejects_table,
    rows_to_problems,
    sort_table,
    split_table,
)
from microcoder_data.pipeline.step import GlobalStep, Step, run_steps
from microcoder_data.schema import Problem, Reject

PIPELINE_VERSION = "1"


# --------------------------------------------------------------------------- shard work
# module-level so executors can ship them to workers


def _split_output(items: Iterable[Problem | Reject], stage: str, rejects: list[Reject]) -> tuple[pa.Table, list[dict[str, Any]]]:
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
    return _split_output(kept, stage, rejects + step_rejects)


def _map_global(step: GlobalStep, shard: pa.Table) -> list[Any]:
    """A global step's per-problem values for one shard, aligned with the rows that parse
    (the driver parses the same rows in the same order, so the lists line up)."""
    problems, _ = rows_to_problems(shard.to_pylist(), step.stage)
    values = step.map_shard(problems)
    return list(values) if values is not None else [None] * len(problems)


def _map_columns(step: GlobalStep, shard: pa.Table) -> Any:
    return step.map_values({c: shard.column(c).to_pylist() for c in shard.column_names})


def _run_columnar(step: GlobalStep, table: pa.Table, executor: Executor, shard_size: int, stage: str) -> tuple[pa.Table, pa.Table]:
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


def _verify_shard(step: Any, shard: pa.Table, judge: Any = None) -> tuple[pa.Table, list[dict[str, Any]]]:
    """One Verify shard; in-process the runner passes its open ``judge`` (kept across
    shards), a distributed worker starts its own."""
    problems, rejects = rows_to_problems(shard.to_pylist(), "verify")
    items = step.run(problems) if judge is None else step.run_with(problems, judge)
    return _split_output(items, "verify", rejects)


# --------------------------------------------------------------------------- stages


def _collect_one(limit: int | None, spec: str) -> tuple[pa.Table, pa.Table]:
    """One source spec: Problems (as rows, in reader order) and Rejects."""
    from microcoder_data.collect import collect  # the readers

    rows: list[dict[str, Any]] = []
    rejects: list[dict[str, Any]] = []
    n = 0
    for rec in collect([spec]):
        if isinstance(rec, Reject):
            rejects.append(reject_row(rec))
            continue
        if not isinstance(rec, Problem):
            rejects.append(reject_row(make_reject("collect", "type", f"reader yielded a {type(rec).__name__}", {"id": "?", "source": spec})))
            continue
        if limit is not None and n >= limit:
            break
        n += 1
        row, rej = problem_to_row(rec, "collect")
        if rej is not None:
            rejects.append(reject_row(rej))
        else:
            rows.append(row)
    return problems_table(rows), rejects_table(rejects)


def collect_stage(sources: list[str], limit: int | None = None, executor: Executor | None = None) -> tuple[pa.Table, pa.Table]:
    """Collect rows (Problems and Rejects) from every source spec -- one spec per worker --
    then make ids unique across specs (a later duplicate id is rejected)."""
    if executor is not None and len(sources) > 1:
        parts = list(executor.map(_collect_one, list(sources), context=limit, desc="collect"))
    else:
        parts = [_collect_one(limit, spec) for spec in sources]
    rows: list[dict[str, Any]] = []
    rejects: list[pa.Table] = []
    seen: set[str] = set()
    dup_rows: list[dict[str, Any]] = []
    for kept, rej in parts:
        rejects.append(rej)
        for row in kept.to_pylist():
            if row["id"] in seen:
                dup_rows.append(reject_row(make_reject("collect", "duplicate_id", f"duplicate problem id {row['id']!r}", row)))
                continue
            seen.add(row["id"])
            rows.append(row)
    rejects.append(rejects_table(dup_rows))
    return sort_table(problems_table(rows), ["id"]), concat(rejects, REJECT_SCHEMA)


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
            current, rej = _split_output(step.reduce(problems, values), stage, bad)
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


def verify_stage(
    table: pa.Table, cfg: PipelineConfig, executor: Executor, ckpt: Checkpoints, key: str, *, progress: bool = True
) -> tuple[pa.Table, pa.Table, int]:
    """Verify in checkpointed shards.  Local: one judge over all cores, shard after shard.
    Ray: one task per shard, each with a one-worker judge."""
    from microcoder_data.verify import VerifyStep, make_limits

    vcfg = cfg.verify
    shards = split_table(table, vcfg.shard_size)
    d = ckpt.shard_dir("verify", key)
    pending = [i for i in range(len(shards)) if not Checkpoints.shard_done(d, i)]
    resumed = len(shards) - len(pending)
    if pending:
        if executor.distributes:
            step = VerifyStep(vcfg, workers=1)
            results = executor.map(_verify_shard, [shards[i] for i in pending], context=step, desc="verify")
            for i, (kept, rejs) in zip(pending, results):
                Checkpoints.save_shard(d, i, kept, rejects_table(rejs))
        else:
            from microcoder_eval.judge import Judge

            step = VerifyStep(vcfg, workers=vcfg.workers or executor.workers)
            total = sum(shards[i].num_rows for i in pending)
            bar = tqdm(total=total, desc="verify", unit="problem", disable=not progress, leave=False, file=sys.stderr)
            with Judge(workers=step.workers, limits=make_limits(vcfg)) as judge:
                for i in pending:
                    kept, rejs = _verify_shard(step, shards[i], judge)
                    Checkpoints.save_shard(d, i, kept, rejects_table(rejs))
                    bar.update(shards[i].num_rows)
            bar.close()
    kept_parts, rej_parts = [], []
    for i in range(len(shards)):
        k, r = Checkpoints.load_shard(d, i)
        kept_parts.append(k)
        rej_parts.append(r)
    return concat(kept_parts, PROBLEM_SCHEMA), concat(rej_parts, REJECT_SCHEMA), resumed


# --------------------------------------------------------------------------- build


def _key(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:24]


def _by_step(rejects: pa.Table) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in rejects.column("step").to_pylist() if rejects.num_rows else []:
        out[s] = out.get(s, 0) + 1
    return out


def build(
    config: PipelineConfig | None = None,
    *,
    resume: bool = False,
    executor: Executor | None = None,
    translator: Any = None,
    reference: list[Problem] | None = None,
    pass_rates: dict[str, float] | None = None,
    log: Callable[[str], None] | None = None,
) -> BuildResult:
    """Run the whole pipeline and write the outputs to ``config.out_dir``.

    ``translator`` / ``reference`` / ``pass_rates`` override the config's translator,
    decontamination reference set and difficulty samples (handy in code and tests).
    """
    from microcoder_data.export.outputs import export_all
    from microcoder_data.filter import filter_steps
    from microcoder_data.process import process_steps

    cfg = config or PipelineConfig()
    log = log or (lambda msg: print(msg, file=sys.stderr))
    out = Path(cfg.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    ckpt = Checkpoints(out / "_work", resume=resume)
    own_executor = executor is None
    executor = executor or make_executor(cfg.executor, cfg.workers, progress=cfg.progress, address=cfg.ray_address)
    reports: list[StageReport] = []
    stage_rejects: list[pa.Table] = []
    step_params: dict[str, Any] = {}
    try:
        # ---- collect
        t0 = time.perf_counter()
        key = _key(PIPELINE_VERSION, cfg.sources, cfg.limit)
        hit = ckpt.load("collect", key)
        if hit is not None:
            table, rejects, _ = hit
        else:
            log(f"collect: {', '.join(cfg.sources)}")
            table, rejects = collect_stage(cfg.sources, cfg.limit, executor)
        in_sha = ckpt.save("collect", key, table, rejects) if hit is None else hit[2]["kept_sha256"]
        n_in = table.num_rows + rejects.num_rows
        reports.append(StageReport("collect", n_in, table.num_rows, rejects.num_rows, time.perf_counter() - t0, hit is not None, _by_step(rejects)))
        stage_rejects.append(rejects)

        # ---- process, filter
        for name in ("process", "filter"):
            t0 = time.perf_counter()
            if name == "process":
                steps = process_steps(cfg.process, translator)
                ext = str(translator) if translator is not None else None
            else:
                steps = filter_steps(cfg.filter, reference=reference, pass_rates=pass_rates)
                ext = (len(reference) if reference is not None else None, sorted(pass_rates.items()) if pass_rates else None)
            key = _key(PIPELINE_VERSION, in_sha, cfg.to_dict()[name], ext)
            hit = ckpt.load(name, key)
            rows_in = table.num_rows
            if hit is not None:
                table, rejects, meta = hit
                step_params[name] = meta.get("params", {})
            else:
                log(f"{name}: {rows_in} problems")
                table, rejects = run_steps_stage(steps, table, executor, shard_size=cfg.shard_size, stage=name, progress=cfg.progress)
                step_params[name] = {s.name: s.describe() for s in steps}
            if hit is None:
                in_sha = ckpt.save(name, key, table, rejects, {"params": step_params[name]})
            else:
                in_sha = hit[2]["kept_sha256"]
            reports.append(StageReport(name, rows_in, table.num_rows, rejects.num_rows, time.perf_counter() - t0, hit is not None, _by_step(rejects), step_params[name]))
            stage_rejects.append(rejects)

        # ---- verify
        t0 = time.perf_counter()
        rows_in = table.num_rows
        if cfg.verify.enabled:
            table = sort_table(table, ["id"])
            key = _key(PIPELINE_VERSION, in_sha, cfg.to_dict()["verify"])
            hit = ckpt.load("verify", key)
            if hit is not None:
                table, rejects, _ = hit
                resumed = True
            else:
                log(f"verify: {rows_in} problems")
                table, rejects, n_resumed = verify_stage(table, cfg, executor, ckpt, key, progress=cfg.progress)
                if n_resumed:
                    log(f"verify: resumed {n_resumed} finished shard(s)")
                ckpt.save("verify", key, table, rejects)
                resumed = False
        else:
            rejects = REJECT_SCHEMA.empty_table()
            resumed = False
        from microcoder_data.verify import VerifyStep

        step_params["verify"] = {"verify": VerifyStep(cfg.verify).describe()} if cfg.verify.enabled else {"verify": "disabled"}
        reports.append(StageReport("verify", rows_in, table.num_rows, rejects.num_rows, time.perf_counter() - t0, resumed, _by_step(rejects), step_params["verify"]))
        stage_rejects.append(rejects)
    finally:
        if own_executor:
            executor.close()

    kept = sort_table(table, ["id"])
    all_rejects = concat(stage_rejects, REJECT_SCHEMA)
    if all_rejects.num_rows:
        order = {s: i for i, s in enumerate(STAGES)}
        rows = sorted(all_rejects.to_pylist(), key=lambda r: (order.get(r["stage"], 99), r["step"], r["id"], r["reason"], r["source"]))
        all_rejects = rejects_table(rows)
    if reports[0].rows_in != kept.num_rows + all_rejects.num_rows:
        raise RuntimeError(
            f"row accounting broken: {reports[0].rows_in} in != {kept.num_rows} kept + {all_rejects.num_rows} rejected"
        )
    result = BuildResult(out, cfg, reports, kept, all_rejects)
    t0 = time.perf_counter()
    result.files = export_all(result)
    result.export_seconds = time.perf_counter() - t0
    (out / "_work" / "timings.json").write_text(
        json.dumps({s.name: round(s.seconds, 3) for s in reports} | {"export": round(result.export_seconds, 3)}, indent=1)
    )
    return result
