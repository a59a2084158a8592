"""verl RL parquet: ``data_source``, ``prompt``, ``ability``, ``reward_model``, ``extra_info``.

``reward_model.ground_truth`` is ``microcoder_eval.ground_truth.to_ground_truth``: exactly what
``microcoder_eval.reward.compute_score`` reads.  ``prompt`` is
``microcoder_data.export.prompt.prompt_messages``: the same messages ``microcoder eval
generate`` sends to a model.
"""

from __future__ import annotations

import hashlib
from typing import Any, Iterable

import pyarrow as pa

from microcoder_data.export.prompt import prompt_messages
from microcoder_data.schema import Problem
from microcoder_data.settings.export import ExportConfig
from microcoder_eval.ground_truth import to_ground_truth

VERL_SCHEMA = pa.schema(
    [
        ("data_source", pa.string()),
        ("prompt", pa.list_(pa.struct([("role", pa.string()), ("content", pa.string())]))),
        ("ability", pa.string()),
        ("reward_model", pa.struct([("style", pa.string()), ("ground_truth", pa.large_string())])),
        (
            "extra_info",
            pa.struct(
                [
                    ("id", pa.string()),
                    ("index", pa.int64()),
                    ("split", pa.string()),
                    ("difficulty", pa.string()),
                    ("source", pa.string()),
                    ("title", pa.string()),
                    ("mode", pa.string()),
                    ("fn_name", pa.string()),
                    ("num_tests", pa.int64()),
                    ("platform", pa.string()),
                    ("contest_date", pa.string()),
                    ("license", pa.string()),
                    ("verified", pa.bool_()),
                    ("num_references", pa.int64()),
                ]
            ),
        ),
    ]
)


def split_of(p: Problem, cfg: ExportConfig) -> str:
    if cfg.test_after_date and p.contest_date and p.contest_date[:10] >= cfg.test_after_date:
        return "test"
    if cfg.test_fraction > 0:
        h = int(hashlib.sha256(f"{cfg.seed}:{p.id}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
        if h < cfg.test_fraction:
            return "test"
    return "train"


def verl_row(p: Problem, index: int, split: str, cfg: ExportConfig) -> dict[str, Any]:
    verify = p.provenance.get("verify") if isinstance(p.provenance, dict) else None
    messages = prompt_messages(p, cfg.system_prompt)
    return {
        "data_source": f"microcoder/{p.source}",
        "prompt": messages,
        "ability": "code",
        "reward_model": {"style": "rule", "ground_truth": to_ground_truth(p.judge_task())},
        "extra_info": {
            "id": p.id,
            "index": index,
            "split": split,
            "difficulty": p.difficulty or "unknown",
            "source": p.source,
            "title": p.title,
            "mode": p.mode,
            "fn_name": p.fn_name or "",
            "num_tests": len(p.tests),
            "platform": p.platform or "",
            "contest_date": p.contest_date or "",
            "license": p.license,
            "verified": bool(verify.get("verified")) if isinstance(verify, dict) else False,
            "num_references": len(p.reference_solutions),
        },
    }


def verl_tables(problems: Iterable[Problem], cfg: ExportConfig) -> dict[str, pa.Table]:
    """{"train": table, "test": table?}; rows sorted by id, ``index`` counts within a split."""
    rows: dict[str, list[dict[str, Any]]] = {"train": [], "test": []}
    for p in sorted(problems, key=lambda q: q.id):
        split = split_of(p, cfg)
        rows[split].append(verl_row(p, len(rows[split]), split, cfg))
    out = {"train": pa.Table.from_pylist(rows["train"], schema=VERL_SCHEMA)}
    if rows["test"] or cfg.test_fraction > 0 or cfg.test_after_date:
        out["test"] = pa.Table.from_pylist(rows["test"], schema=VERL_SCHEMA)
    return out
