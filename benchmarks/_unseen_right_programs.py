"""Right programs for problems whose real programs we do not have: LeetCodeDataset's accepted
``class Solution`` for the LiveCodeBench LeetCode problems it also holds (joined by slug: the
title in lower case with dashes).  programs_dev.jsonl covers half of LiveCodeBench's problems;
these cover the other half too, so a build's TPR can be measured on problems nobody tuned the
test generation on.  Each program runs with the dataset's own import header before it (how
LeetCodeDataset runs them), rows shaped like programs_dev's, graded right."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def leetcodedataset_programs(data_dir: Path, lcb_rows: list[dict]) -> list[dict]:
    """``lcb_rows``: LiveCodeBench's problem rows (``question_id``, ``question_title``,
    ``platform``).  One row per problem LeetCodeDataset also holds (its newest file first)."""
    by_slug = {_slug(r["question_title"]): r["question_id"] for r in lcb_rows if r.get("platform") == "leetcode"}
    out: dict[str, dict] = {}
    for path in sorted((data_dir / "leetcodedataset").glob("LeetCodeDataset-*.jsonl.gz"), reverse=True):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                qid = by_slug.get(row["task_id"])
                if qid and qid not in out and row.get("completion"):
                    out[qid] = {
                        "problem_id": qid,
                        "model": "leetcodedataset",
                        "code": f"{row['prompt']}\n{row['completion']}",
                        "lcb_graded": True,
                    }
    return [out[q] for q in sorted(out)]
