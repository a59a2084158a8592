"""Counts of generated tests and test strength over kept problems (card, build summary,
problems.parquet columns), read from ``provenance["verify"]``."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from typing import Any

from microcoder_data.schema import Problem
from microcoder_data.testgen.refusal import refusal_kind

# strength histogram edges: buckets [lo, hi) between them ("0%-50%", ..., "95%-100%"), then "100%" exactly
BUCKETS = (0.0, 0.5, 0.8, 0.9, 0.95, 1.0)


def tests_generated(p: Problem) -> int:
    return int(p.provenance.get("verify", {}).get("tests_generated", 0))


def strength(p: Problem) -> float | None:
    """Share of the counted mutants the problem's tests reject (None: not measured, or no
    mutant was rejected by any test)."""
    return p.provenance.get("verify", {}).get("strength", {}).get("share")


def known_wrong_rejected(p: Problem) -> float | None:
    """Share of the source's known-wrong programs the kept tests reject (None: it ships none)."""
    return p.provenance.get("verify", {}).get("known_wrong", {}).get("rejected")


def not_generated_reason(p: Problem) -> str | None:
    """Why a problem got no generated tests, as the kind of its refusal (``testgen.refusal.KINDS``,
    so reasons count together), or None when it got some or needed none."""
    if tests_generated(p):
        return None
    return refusal_kind(p.provenance.get("verify", {}).get("generation", {}))


def testgen_stats(problems: list[Problem]) -> dict[str, Any]:
    per: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"problems": 0, "augmented": 0, "tests_generated": 0, "tests": 0}
    )
    shares: list[float] = []
    reasons: Counter[str] = Counter()
    for p in problems:
        why = not_generated_reason(p)
        if why:
            reasons[why] += 1
        d = per[p.source]
        d["problems"] += 1
        d["tests"] += len(p.tests)
        g = tests_generated(p)
        d["tests_generated"] += g
        d["augmented"] += 1 if g else 0
        known = p.provenance.get("verify", {}).get("known_wrong")
        if known:
            d["known_wrong_problems"] = d.get("known_wrong_problems", 0) + 1
            d["known_wrong_programs"] = d.get("known_wrong_programs", 0) + known["programs"]
            d["known_wrong_rejected"] = d.get("known_wrong_rejected", 0) + round(known["rejected"] * known["programs"])
        s = strength(p)
        if s is not None:
            shares.append(s)
            d.setdefault("strength", []).append(s)
    by_source = {}
    for src, d in sorted(per.items()):
        ss = d.pop("strength", [])
        by_source[src] = {
            **d,
            "strength_measured": len(ss),
            "strength_mean": round(statistics.fmean(ss), 4) if ss else None,
        }
    hist = {f"{lo:.0%}-{hi:.0%}": sum(1 for s in shares if lo <= s < hi) for lo, hi in zip(BUCKETS, BUCKETS[1:])}
    hist["100%"] = sum(1 for s in shares if s >= 1.0)
    return {
        "by_source": by_source,
        "tests_generated": sum(d["tests_generated"] for d in by_source.values()),
        "problems_augmented": sum(d["augmented"] for d in by_source.values()),
        "strength_measured": len(shares),
        "strength_mean": round(statistics.fmean(shares), 4) if shares else None,
        "strength_median": round(statistics.median(shares), 4) if shares else None,
        "strength_histogram": hist,
        "not_generated_reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def summary_line(problems: list[Problem]) -> str:
    st = testgen_stats(problems)
    line = f"tests generated {st['tests_generated']} (in {st['problems_augmented']} problems)"
    if st["strength_measured"]:
        line += (
            f"; test strength (share of counted mutants rejected) mean {st['strength_mean']:.1%}, "
            f"median {st['strength_median']:.1%} over {st['strength_measured']} problems"
        )
    return line
