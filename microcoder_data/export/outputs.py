"""Every output of a build (``export_all``): the kept problems in microcoder's schema, their
input specs (``specs/``), the verl parquet splits, rejects, a ``datasets`` copy, stats and the card."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from microcoder_data.export.card import write_card
from microcoder_data.export.hf import save_hf
from microcoder_data.export.rejects import write_rejects
from microcoder_data.export.specs import write_specs
from microcoder_data.export.verl import split_of, verl_tables
from microcoder_data.pipeline.report import StageReport
from microcoder_data.pipeline.rows import sort_table, write_parquet
from microcoder_data.pipeline.shortfall import shortfalls
from microcoder_data.schema import Problem
from microcoder_data.settings.verify import VERIFY_RUNTIME_KEYS

if TYPE_CHECKING:
    from microcoder_data.pipeline.report import BuildResult

EXPORT_STAGE = "export"  # the recipe's name for this stage: its row in stats.json

# config keys that say how a build ran, not what it produced (left out of the card)
_RUNTIME_KEYS = ("out_dir", "executor", "workers", "ray_address", "progress", "shard_size")


def data_config(config: dict[str, Any]) -> dict[str, Any]:
    d = {k: v for k, v in config.items() if k not in _RUNTIME_KEYS}
    if isinstance(d.get("verify"), dict):
        d["verify"] = {k: v for k, v in d["verify"].items() if k not in VERIFY_RUNTIME_KEYS}
    return d


def _rejects_by_step(result: "BuildResult") -> list[tuple[str, str, int, str]]:
    """(stage, step, rejects, the most frequent reason) per step that rejected rows, in the recipe's order."""
    by_step: Counter[tuple[str, str]] = Counter()
    reasons: dict[tuple[str, str], Counter[str]] = {}
    for row in result.rejects.select(["stage", "step", "reason"]).to_pylist():
        k = (row["stage"], row["step"])
        by_step[k] += 1
        reasons.setdefault(k, Counter())[row["reason"]] += 1
    # the most frequent reason of each step (ties: the smallest text)
    example = {k: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0] for k, c in reasons.items()}
    order = {s.name: i for i, s in enumerate(result.stages)}  # the recipe's order
    return [
        (a, b, n, example[(a, b)])
        for (a, b), n in sorted(by_step.items(), key=lambda kv: (order.get(kv[0][0], 9), -kv[1], kv[0][1]))
    ]


def export_all(result: "BuildResult") -> dict[str, str]:
    """Write every output of ``result``, whose ``stages`` are the stages before Export; stats.json
    adds Export's own row (every kept problem written, none rejected)."""
    cfg = result.config
    ex = cfg.export
    out = Path(result.out_dir)
    files: dict[str, str] = {}
    kept = sort_table(result.kept, ["id"])  # sorted: same rows -> same bytes
    problems = [Problem.from_row(r) for r in kept.to_pylist()]
    # problems.parquet: kept problems in our schema
    # per-problem test generation and strength as columns of their own (also in provenance)
    import pyarrow as pa

    from microcoder_data.verify.report import known_wrong_rejected, strength, tests_generated

    kept = kept.append_column("tests_generated", pa.array([tests_generated(p) for p in problems], pa.int64()))
    kept = kept.append_column("test_strength", pa.array([strength(p) for p in problems], pa.float64()))
    kept = kept.append_column(
        "known_wrong_rejected", pa.array([known_wrong_rejected(p) for p in problems], pa.float64())
    )
    write_parquet(kept, out / "problems.parquet", compression=ex.compression, row_group_size=ex.row_group_size)
    files["problems"] = str(out / "problems.parquet")
    specs = write_specs(problems, out)  # each problem's input model (or refusal), one file each
    if specs is not None:
        files["specs"] = str(specs)
    # verl splits
    tables = verl_tables(problems, ex)
    for old in ("train.parquet", "test.parquet"):
        if (out / old).exists() and old.split(".")[0] not in tables:
            (out / old).unlink()
    shas = {}
    for split, table in tables.items():
        path = out / f"{split}.parquet"
        shas[split] = write_parquet(table, path, compression=ex.compression, row_group_size=ex.row_group_size)
        files[split] = str(path)
    # rejects
    for p in write_rejects(
        result.rejects, out, jsonl=ex.rejects_jsonl, compression=ex.compression, row_group_size=ex.row_group_size
    ):
        files[p.name] = str(p)
    if not ex.rejects_jsonl and (out / "rejects.jsonl").exists():
        (out / "rejects.jsonl").unlink()
    # datasets copy
    if ex.hf:
        save_hf(tables, out / "hf", {k: v[:16] for k, v in shas.items()})
        files["hf"] = str(out / "hf")
    # card
    stages = [s.to_dict() for s in result.stages]
    splits = {p.id: split_of(p, ex) for p in problems}
    rejects_by_step = _rejects_by_step(result)
    (out / "stats.json").write_text(
        json.dumps(
            {
                "stages": stages + [StageReport(EXPORT_STAGE, len(problems), len(problems), 0).to_dict()],
                "kept": len(problems),
                "rejected": result.rejects.num_rows,
                "splits": {k: t.num_rows for k, t in tables.items()},
            },
            indent=1,
            sort_keys=True,
        )
    )
    files["stats"] = str(out / "stats.json")
    if ex.card:
        step_params = {s.name: s.params for s in result.stages if s.params}
        for p in write_card(
            out,
            name=ex.name,
            problems=problems,
            splits=splits,
            split_sizes={k: t.num_rows for k, t in tables.items()},
            stages=stages,
            rejects_by_step=rejects_by_step,
            config=data_config(cfg.to_dict()),
            step_params=step_params,
            sources=list(cfg.sources),
            kept_nothing=[s.message() for s in shortfalls(result.kept, result.rejects)],
        ):
            files[p.name] = str(p)
    return files
