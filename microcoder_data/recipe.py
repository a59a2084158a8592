"""The build recipe: which stages, in which order, with what checkpoint keys.

Collect -> Process -> Filter -> Verify -> Export, each run by
:func:`microcoder_data.pipeline.stages.run_stage`: the first four resumed from their checkpoints
under ``<out>/_work`` when their keys match; Export writes the outputs
(:func:`microcoder_data.export.outputs.export_all`) on every build.  Invariant, checked by Export
before it writes: rows in (everything Collect produced, Problems and Rejects) = rows kept + rows
rejected.
"""
from __future__ import annotations

import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Callable

import pyarrow as pa
from tqdm import tqdm

from microcoder_data.config import VERIFY_SCHEDULING_KEYS, FilterConfig, PipelineConfig, ProcessConfig, VerifyConfig
from microcoder_data.export.outputs import EXPORT_STAGE, export_all
from microcoder_data.filter.decontam import Decontaminate
from microcoder_data.filter.dedup import ExactDedup, MinHashDedup
from microcoder_data.filter.difficulty import DifficultyStep
from microcoder_data.filter.quality import QualityFilter
from microcoder_data.filter.relevance import RelevanceFilter
from microcoder_data.pipeline.checkpoint import Checkpoints
from microcoder_data.pipeline.executors import Executor, make_executor
from microcoder_data.pipeline.interrupt import check_stop, stop_requested
from microcoder_data.pipeline.report import BuildResult
from microcoder_data.pipeline.rows import (
    PROBLEM_SCHEMA,
    REJECT_SCHEMA,
    concat,
    problem_to_row,
    problems_table,
    reject_row,
    rejects_table,
    rows_to_problems,
    sort_table,
    split_table,
)
from microcoder_data.pipeline.stages import BuildContext, Stage, _split_output, run_stage, run_steps_stage
from microcoder_data.pipeline.step import Step
from microcoder_data.process.clean import CleanText
from microcoder_data.process.language import LanguageStep
from microcoder_data.process.normalize import Normalize
from microcoder_data.process.translate import Translator
from microcoder_data.process.validate import Completeness, SchemaCheck
from microcoder_data.schema import Problem, Reject, duplicate_id, make_reject

PIPELINE_VERSION = "1"


# --------------------------------------------------------------------------- the steps of each stage


def process_steps(cfg: ProcessConfig | None = None, translator: "Translator | None" = None) -> list[Step]:
    """The Process stage, in order.  ``translator`` overrides ``cfg.translator``."""
    cfg = cfg or ProcessConfig()
    return [
        SchemaCheck(
            max_statement_chars=cfg.max_statement_chars,
            max_test_bytes=cfg.max_test_bytes,
            max_total_test_bytes=cfg.max_total_test_bytes,
            max_solution_chars=cfg.max_solution_chars,
        ),
        CleanText(),
        LanguageStep(
            cfg.allowed_languages,
            min_chars=cfg.min_detect_chars,
            max_chars=cfg.detect_max_chars,
            min_prob=cfg.min_language_prob,
            translator=translator if translator is not None else cfg.translator,
            fast_english=cfg.fast_english,
        ),
        Normalize(),
        Completeness(min_statement_chars=cfg.min_statement_chars),
    ]


def filter_steps(cfg: FilterConfig | None = None, *, reference: list[Problem] | None = None,
                 pass_rates: dict[str, float] | None = None) -> list[Step]:
    cfg = cfg or FilterConfig()
    steps: list[Step] = [QualityFilter(cfg.quality), RelevanceFilter(cfg.relevance)]
    if cfg.decontam.enabled:
        steps.append(Decontaminate(cfg.decontam, cfg.dedup, reference=reference))
    if cfg.dedup.exact:
        steps.append(ExactDedup())
    if cfg.dedup.minhash:
        steps.append(MinHashDedup(cfg.dedup))
    steps.append(DifficultyStep(cfg.difficulty, pass_rates=pass_rates))
    return steps


# --------------------------------------------------------------------------- collect
# module-level so executors can ship them to workers


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
            dup = duplicate_id(row, seen)
            if dup is not None:
                dup_rows.append(reject_row(dup))
                continue
            rows.append(row)
    rejects.append(rejects_table(dup_rows))
    return sort_table(problems_table(rows), ["id"]), concat(rejects, REJECT_SCHEMA)


class Collect(Stage):
    """Every source spec, one spec per worker; ids made unique across specs."""

    name = "collect"

    def key(self, cfg: PipelineConfig, in_sha: str | None) -> tuple:
        return (cfg.sources, cfg.limit)

    def message(self, cfg: PipelineConfig, table: pa.Table | None) -> str:
        return f"collect: {', '.join(cfg.sources)}"

    def compute(self, ctx: BuildContext, table: pa.Table | None, key: str) -> tuple[pa.Table, pa.Table, None]:
        return (*collect_stage(ctx.config.sources, ctx.config.limit, ctx.executor), None)


_UNREADABLE_SHOWN = 10


def _warn_unreadable(rejects: pa.Table, log: Callable[[str], None]) -> None:
    """Rows that are not even JSON are bad input: each named on the console (file:line), not
    only in rejects.jsonl; the rest of the build goes on."""
    from microcoder_data.collect.rows import UNREADABLE_STEP

    if not rejects.num_rows:
        return
    reasons = [r for r, step in zip(rejects.column("reason").to_pylist(), rejects.column("step").to_pylist())
               if step == UNREADABLE_STEP]
    for reason in reasons[:_UNREADABLE_SHOWN]:
        log(f"warning: {reason}; row skipped")
    if len(reasons) > _UNREADABLE_SHOWN:
        log(f"warning: {len(reasons) - _UNREADABLE_SHOWN} more rows are not valid JSON (all in rejects.jsonl)")


# --------------------------------------------------------------------------- process, filter


class Steps(Stage):
    """A stage made of row steps (``stages.run_steps_stage``): Process and Filter."""

    params_in_checkpoint = True

    def __init__(self, name: str, make_steps: Callable[[PipelineConfig], list[Step]], extra: Any) -> None:
        self.name = name
        self.make_steps = make_steps
        self.extra = extra  # what the build was handed besides the config (in the key)

    def key(self, cfg: PipelineConfig, in_sha: str | None) -> tuple:
        return (in_sha, cfg.to_dict()[self.name], self.extra)

    def compute(self, ctx: BuildContext, table: pa.Table | None, key: str) -> tuple[pa.Table, pa.Table, dict]:
        cfg = ctx.config
        steps = self.make_steps(cfg)
        kept, rejects = run_steps_stage(steps, table, ctx.executor, shard_size=cfg.shard_size, stage=self.name,
                                        progress=cfg.progress)
        return kept, rejects, {s.name: s.describe() for s in steps}


# --------------------------------------------------------------------------- verify


def _verify_shard(step: Any, shard: pa.Table, judge: Any = None) -> tuple[pa.Table, list[dict[str, Any]]]:
    """One Verify shard; in-process the runner passes its open ``judge`` (kept across
    shards), a distributed worker starts its own."""
    problems, rejects = rows_to_problems(shard.to_pylist(), "verify")
    items = step.run(problems) if judge is None else step.run_with(problems, judge)
    return _split_output(items, "verify", rejects)


def _verify_local(step: Any, vcfg: VerifyConfig, shards: list[pa.Table], pending: list[int], d: Path,
                  progress: bool) -> None:
    """The pending shards on one judge, ``shards_in_flight`` at a time: while one shard waits
    for its slowest reference or ends a phase, the next one's candidates keep the workers busy.
    Each shard is saved as soon as it is done.  On an error or a stop request (a first Ctrl-C)
    no further shard starts and the ones in flight finish and are saved -- unless the judge had
    to be closed under them: their results are then not trusted, and not saved."""
    from microcoder_data.verify import make_limits
    from microcoder_eval.judge import Judge

    stopping, judge_closed = threading.Event(), threading.Event()

    def verify_and_save(i: int) -> int | None:
        if stopping.is_set() or stop_requested():
            return None
        try:
            kept, rejs = _verify_shard(step, shards[i], judge)
        except BaseException:
            stopping.set()  # before this thread can take another shard
            raise
        if judge_closed.is_set():
            return None
        Checkpoints.save_shard(d, i, kept, rejects_table(rejs))
        return i

    bar = tqdm(total=sum(shards[i].num_rows for i in pending), desc="verify", unit="problem",
               disable=not progress, leave=False, file=sys.stderr)
    bar_lock = threading.Lock()

    def judged() -> None:  # per problem, from the shards' threads: the bar moves within a shard
        with bar_lock:
            bar.update(1)

    step.on_judged = judged
    judge = Judge(workers=step.workers, limits=make_limits(vcfg))
    pool = ThreadPoolExecutor(max_workers=max(1, vcfg.shards_in_flight), thread_name_prefix="verify-shard")
    try:
        for done in as_completed([pool.submit(verify_and_save, i) for i in pending]):
            done.result()
    finally:
        stopping.set()
        try:
            pool.shutdown(wait=True, cancel_futures=True)
        finally:
            judge_closed.set()
            judge.close()
            bar.close()


def verify_stage(
    table: pa.Table, cfg: PipelineConfig, executor: Executor, ckpt: Checkpoints, key: str, *, progress: bool = True
) -> tuple[pa.Table, pa.Table, int]:
    """Verify in checkpointed shards.  Local: one judge over all cores, ``shards_in_flight``
    shards at a time (``_verify_local``).  Ray: one task per shard, each with a one-worker judge."""
    from microcoder_data.verify import VerifyStep

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
                if stop_requested():
                    break
        else:
            _verify_local(VerifyStep(vcfg, workers=vcfg.workers or executor.workers), vcfg, shards, pending, d,
                          progress)
        check_stop()  # the shards done so far are saved; a resumed build does the rest
    kept_parts, rej_parts = [], []
    for i in range(len(shards)):
        k, r = Checkpoints.load_shard(d, i)
        kept_parts.append(k)
        rej_parts.append(r)
    return concat(kept_parts, PROBLEM_SCHEMA), concat(rej_parts, REJECT_SCHEMA), resumed


class Verify(Stage):
    """Checkpointed per shard too: a resumed build redoes only the unfinished shards."""

    name = "verify"

    def enabled(self, cfg: PipelineConfig) -> bool:
        return cfg.verify.enabled

    def prepare(self, table: pa.Table | None) -> pa.Table | None:
        return sort_table(table, ["id"])

    def key(self, cfg: PipelineConfig, in_sha: str | None) -> tuple:
        verify = cfg.to_dict()["verify"]
        return (in_sha, {k: v for k, v in verify.items() if k not in VERIFY_SCHEDULING_KEYS})

    def compute(self, ctx: BuildContext, table: pa.Table | None, key: str) -> tuple[pa.Table, pa.Table, None]:
        kept, rejects, n_resumed = verify_stage(table, ctx.config, ctx.executor, ctx.checkpoints, key,
                                                progress=ctx.config.progress)
        if n_resumed:
            ctx.log(f"verify: resumed {n_resumed} finished shard(s)")
        return kept, rejects, None

    def params(self, cfg: PipelineConfig, found: dict | None) -> dict[str, Any]:
        from microcoder_data.verify import VerifyStep

        return {"verify": VerifyStep(cfg.verify).describe()} if cfg.verify.enabled else {"verify": "disabled"}


# --------------------------------------------------------------------------- export


class Export(Stage):
    """The build's outputs (``export_all``): its problems, every stage's rejects in recipe order,
    the counts.  Keeps every problem and rejects none; not checkpointed: the files are its
    output, written by every build, resumed or not."""

    name = EXPORT_STAGE
    checkpointed = False

    def prepare(self, table: pa.Table | None) -> pa.Table | None:
        return sort_table(table, ["id"])

    def compute(self, ctx: BuildContext, table: pa.Table | None, key: str) -> tuple[pa.Table, pa.Table, None]:
        assert table is not None
        all_rejects = concat(ctx.rejects, REJECT_SCHEMA)
        if all_rejects.num_rows:
            order = {s.name: i for i, s in enumerate(ctx.reports)}  # the recipe's order
            rows = sorted(all_rejects.to_pylist(), key=lambda r: (order.get(r["stage"], 99), r["step"], r["id"], r["reason"], r["source"]))
            all_rejects = rejects_table(rows)
        rows_in = ctx.reports[0].rows_in
        if rows_in != table.num_rows + all_rejects.num_rows:
            raise RuntimeError(
                f"row accounting broken: {rows_in} in != {table.num_rows} kept + {all_rejects.num_rows} rejected"
            )
        ctx.result = BuildResult(Path(ctx.config.out_dir), ctx.config, list(ctx.reports), table, all_rejects)
        ctx.result.files = export_all(ctx.result)
        return table, REJECT_SCHEMA.empty_table(), None


# --------------------------------------------------------------------------- the recipe


def stages(translator: Any = None, reference: list[Problem] | None = None,
           pass_rates: dict[str, float] | None = None) -> list[Stage]:
    """The stages of a build, in order."""
    return [
        Collect(),
        Steps("process", lambda cfg: process_steps(cfg.process, translator),
              str(translator) if translator is not None else None),
        Steps("filter", lambda cfg: filter_steps(cfg.filter, reference=reference, pass_rates=pass_rates),
              (len(reference) if reference is not None else None, sorted(pass_rates.items()) if pass_rates else None)),
        Verify(),
        Export(),
    ]


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
    cfg = config or PipelineConfig()
    log = log or (lambda msg: print(msg, file=sys.stderr))
    out = Path(cfg.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    ckpt = Checkpoints(out / "_work", resume=resume)
    own_executor = executor is None
    executor = executor or make_executor(cfg.executor, cfg.workers, progress=cfg.progress, address=cfg.ray_address)
    ctx = BuildContext(cfg, executor, ckpt, log, PIPELINE_VERSION)
    table: pa.Table | None = None
    in_sha: str | None = None
    try:
        for stage in stages(translator, reference, pass_rates):
            check_stop()  # between stages: everything finished so far is checkpointed
            table, rejects, report, in_sha = run_stage(stage, ctx, table, in_sha)
            if isinstance(stage, Collect):  # resumed or not: bad input is named on every build
                _warn_unreadable(rejects, log)
            ctx.reports.append(report)
            ctx.rejects.append(rejects)
    finally:
        if own_executor:
            executor.close()

    result = ctx.result  # written by Export
    assert result is not None
    result.stages = ctx.reports  # Export's own report included
    (out / "_work" / "timings.json").write_text(json.dumps({s.name: round(s.seconds, 3) for s in ctx.reports}, indent=1))
    return result
