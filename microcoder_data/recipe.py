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
from pathlib import Path
from typing import Any, Callable

import pyarrow as pa

from microcoder_data.config import PipelineConfig
from microcoder_data.export.outputs import EXPORT_STAGE, export_all
from microcoder_data.filter.decontam import Decontaminate
from microcoder_data.filter.dedup import ExactDedup, MinHashDedup
from microcoder_data.filter.difficulty import DifficultyStep
from microcoder_data.filter.quality import QualityFilter
from microcoder_data.filter.relevance import RelevanceFilter
from microcoder_data.pipeline.checkpoint import Checkpoints
from microcoder_data.pipeline.executors import Executor, make_executor
from microcoder_data.pipeline.interrupt import check_stop
from microcoder_data.pipeline.report import BuildResult
from microcoder_data.pipeline.rows import (
    REJECT_SCHEMA,
    concat,
    problem_to_row,
    problems_table,
    reject_row,
    rejects_table,
    sort_table,
)
from microcoder_data.pipeline.stages import BuildContext, Stage, run_stage, run_steps_stage
from microcoder_data.pipeline.step import Step
from microcoder_data.process.clean import CleanText
from microcoder_data.process.language import LanguageStep
from microcoder_data.process.normalize import Normalize
from microcoder_data.process.translate import Translator
from microcoder_data.process.validate import Completeness, SchemaCheck
from microcoder_data.schema import Problem, Reject, duplicate_id, make_reject
from microcoder_data.settings.filter import FilterConfig
from microcoder_data.settings.process import ProcessConfig
from microcoder_data.settings.verify import VERIFY_SCHEDULING_KEYS

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


def filter_steps(
    cfg: FilterConfig | None = None,
    *,
    reference: list[Problem] | None = None,
    pass_rates: dict[str, float] | None = None,
) -> list[Step]:
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
            rejects.append(
                reject_row(
                    make_reject(
                        "collect", "type", f"reader yielded a {type(rec).__name__}", {"id": "?", "source": spec}
                    )
                )
            )
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


def collect_stage(
    sources: list[str], limit: int | None = None, executor: Executor | None = None
) -> tuple[pa.Table, pa.Table]:
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
    reasons = [
        r
        for r, step in zip(rejects.column("reason").to_pylist(), rejects.column("step").to_pylist())
        if step == UNREADABLE_STEP
    ]
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
        kept, rejects = run_steps_stage(
            steps, table, ctx.executor, shard_size=cfg.shard_size, stage=self.name, progress=cfg.progress
        )
        return kept, rejects, {s.name: s.describe() for s in steps}


# --------------------------------------------------------------------------- verify


class Verify(Stage):
    """Checkpointed per shard too (``verify/schedule.py``): a resumed build redoes only the
    unfinished shards."""

    name = "verify"

    def enabled(self, cfg: PipelineConfig) -> bool:
        return cfg.verify.enabled

    def prepare(self, table: pa.Table | None) -> pa.Table | None:
        return sort_table(table, ["id"])

    def key(self, cfg: PipelineConfig, in_sha: str | None) -> tuple:
        from microcoder_data.testgen.spec_file import overrides_digest

        verify = cfg.to_dict()["verify"]
        # the override files' contents, not only their folder's name: an edited spec is a new build
        return (
            in_sha,
            {k: v for k, v in verify.items() if k not in VERIFY_SCHEDULING_KEYS},
            overrides_digest(cfg.verify.spec_overrides),
        )

    def compute(self, ctx: BuildContext, table: pa.Table | None, key: str) -> tuple[pa.Table, pa.Table, None]:
        from microcoder_data.verify.schedule import verify_stage

        kept, rejects, n_resumed = verify_stage(
            table, ctx.config, ctx.executor, ctx.checkpoints, key, progress=ctx.config.progress
        )
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
            rows = sorted(
                all_rejects.to_pylist(),
                key=lambda r: (order.get(r["stage"], 99), r["step"], r["id"], r["reason"], r["source"]),
            )
            all_rejects = rejects_table(rows)
        rows_in = ctx.reports[0].rows_in
        if rows_in != table.num_rows + all_rejects.num_rows:
            raise RuntimeError(
                f"row accounting broken: {rows_in} in != {table.num_rows} kept + {all_rejects.num_rows} rejected"
            )
        ctx.result = BuildResult(
            Path(ctx.config.out_dir), ctx.config, list(ctx.reports), table, all_rejects, footer=_testgen_summary
        )
        ctx.result.files = export_all(ctx.result)
        return table, REJECT_SCHEMA.empty_table(), None


def _testgen_summary(kept: pa.Table) -> str:
    """The build summary's last line: generated tests and test strength over the kept problems."""
    from microcoder_data.verify.report import summary_line

    return summary_line([Problem.from_row(r) for r in kept.to_pylist()])


# --------------------------------------------------------------------------- the recipe


def stages(
    translator: Any = None, reference: list[Problem] | None = None, pass_rates: dict[str, float] | None = None
) -> list[Stage]:
    """The stages of a build, in order."""
    return [
        Collect(),
        Steps(
            "process",
            lambda cfg: process_steps(cfg.process, translator),
            str(translator) if translator is not None else None,
        ),
        Steps(
            "filter",
            lambda cfg: filter_steps(cfg.filter, reference=reference, pass_rates=pass_rates),
            (len(reference) if reference is not None else None, sorted(pass_rates.items()) if pass_rates else None),
        ),
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
    (out / "_work" / "timings.json").write_text(
        json.dumps({s.name: round(s.seconds, 3) for s in ctx.reports}, indent=1)
    )
    return result
