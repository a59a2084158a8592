"""Difficulty labels (source labels or measured pass rates) and rebalancing to a target."""

from __future__ import annotations

import gzip
import hashlib
import json
import math
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterator

from microcoder_data.pipeline.step import GlobalStep, StepOutput
from microcoder_data.schema import DIFFICULTIES, Problem
from microcoder_data.settings.filter import DifficultyConfig

_ID_KEYS = ("id", "problem_id", "task_id", "question_id")
_PASS_KEYS = ("passed", "pass", "correct", "lcb_graded", "accepted")

_LABEL_ALIASES = {
    "easy": "easy",
    "introductory": "easy",
    "simple": "easy",
    "e": "easy",
    "1": "easy",
    "medium": "medium",
    "interview": "medium",
    "moderate": "medium",
    "normal": "medium",
    "m": "medium",
    "2": "medium",
    "hard": "hard",
    "competition": "hard",
    "difficult": "hard",
    "very hard": "hard",
    "expert": "hard",
    "h": "hard",
    "3": "hard",
}


def normalize_label(label: str | None) -> str | None:
    if not label:
        return None
    return _LABEL_ALIASES.get(str(label).strip().lower())


def _truthy(v: Any) -> bool:
    if isinstance(v, str):
        return v.strip().lower() in ("true", "1", "yes", "pass", "passed", "accepted")
    if isinstance(v, (list, tuple)):
        return bool(v) and all(_truthy(x) for x in v)
    return bool(v)


def load_pass_rates(path: str | Path) -> dict[str, float]:
    """Pass rate per problem id from a file of model samples (JSONL/JSON/parquet, .gz ok)."""
    path = Path(path)
    rows: list[dict[str, Any]]
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        rows = pq.read_table(path).to_pylist()
    else:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as f:  # type: ignore[operator]
            text = f.read()
        stripped = text.lstrip()
        if stripped.startswith("["):
            rows = json.loads(text)
        else:
            rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    passed: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        pid = next((str(r[k]) for k in _ID_KEYS if r.get(k) is not None), None)
        if pid is None:
            continue
        if r.get("pass_rate") is not None:
            passed[pid].append(float(r["pass_rate"]))
            continue
        key = next((k for k in _PASS_KEYS if k in r), None)
        if key is not None:
            passed[pid].append(1.0 if _truthy(r[key]) else 0.0)
    return {pid: sum(v) / len(v) for pid, v in passed.items() if v}


class DifficultyStep(GlobalStep):
    stage = "filter"
    name = "difficulty"

    def __init__(self, cfg: DifficultyConfig | None = None, pass_rates: dict[str, float] | None = None) -> None:
        self.cfg = cfg or DifficultyConfig()
        self.pass_rates = pass_rates
        self.last_stats: dict[str, Any] = {}

    def prepare(self) -> None:
        if self.pass_rates is None:
            self.pass_rates = load_pass_rates(self.cfg.samples_file) if self.cfg.samples_file else {}

    def rate_for(self, p: Problem) -> float | None:
        rates = self.pass_rates or {}
        for key in (
            p.id,
            p.id.split("/", 1)[-1],
            str(p.provenance.get("upstream_id", "")) if isinstance(p.provenance, dict) else "",
        ):
            if key and key in rates:
                return rates[key]
        return None

    def label(self, rate: float) -> str:
        if rate >= self.cfg.easy_min_pass_rate:
            return "easy"
        if rate < self.cfg.hard_max_pass_rate:
            return "hard"
        return "medium"

    def reduce(self, problems: list[Problem], values: list[Any] | None) -> Iterator[StepOutput]:
        if self.pass_rates is None:
            self.prepare()
        c = self.cfg
        labelled: list[tuple[Problem, str | None]] = []
        rejected: dict[int, str] = {}
        for i, p in enumerate(problems):
            src_label = normalize_label(p.difficulty)
            rate = self.rate_for(p)
            label = src_label
            if rate is not None:
                label = self.label(rate)
                p.provenance = {
                    **p.provenance,
                    "difficulty": {"pass_rate": round(rate, 4), "source_label": p.difficulty},
                }
                if c.min_pass_rate is not None and rate < c.min_pass_rate:
                    rejected[i] = f"difficulty: pass rate {rate:.2f} < {c.min_pass_rate}"
                elif c.max_pass_rate is not None and rate > c.max_pass_rate:
                    rejected[i] = f"difficulty: pass rate {rate:.2f} > {c.max_pass_rate}"
            if label is None:
                if c.unknown == "drop" and i not in rejected:
                    rejected[i] = "difficulty: no difficulty label or pass rate (unknown: drop)"
                elif c.unknown == "medium":
                    label = "medium"
            p.difficulty = label
            labelled.append((p, label))
        if c.target:
            target = {k: float(v) for k, v in c.target.items() if k in DIFFICULTIES}
            total = sum(target.values())
            if total > 0:
                target = {k: v / total for k, v in target.items()}
                buckets: dict[str, list[int]] = defaultdict(list)
                for i, (p, label) in enumerate(labelled):
                    if i not in rejected and label in DIFFICULTIES:
                        buckets[label].append(i)
                positive = [k for k, v in target.items() if v > 0]
                n_total = min((len(buckets[k]) / target[k] for k in positive), default=0.0)
                for label in DIFFICULTIES:
                    idx = buckets.get(label, [])
                    want = int(math.floor(n_total * target.get(label, 0.0) + 1e-9))
                    if len(idx) <= want:
                        continue
                    idx = sorted(idx, key=lambda i: hashlib.sha256(f"{c.seed}:{problems[i].id}".encode()).hexdigest())
                    for i in idx[want:]:
                        rejected[i] = f"difficulty: over the target share for {label} ({target.get(label, 0.0):.0%})"
        counts = Counter(label or "unknown" for i, (_, label) in enumerate(labelled) if i not in rejected)
        self.last_stats = {
            "kept": dict(sorted(counts.items())),
            "measured": sum(1 for p in problems if self.rate_for(p) is not None),
        }
        for i, (p, _) in enumerate(labelled):
            yield self.reject(p, rejected[i]) if i in rejected else p

    def describe(self) -> dict[str, Any]:
        d = vars(self.cfg).copy()
        d["problems_with_measured_pass_rate"] = self.last_stats.get("measured", 0)
        return d
