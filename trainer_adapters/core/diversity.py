"""Output diversity (MicroCoder-GRPO, change 2).

diversity(query) = |unique n-grams| / |n-grams|, pooled over the query's G samples
(an n-gram repeated inside one sample or across samples counts once in the numerator);
the batch value is the mean over queries.

Edge case: a group with no n-gram at all (every sample shorter than ``n`` tokens) has
undefined diversity; :func:`ngram_diversity` returns ``nan`` and :func:`batch_diversity`
skips such groups (``nan`` if every group is skipped).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["batch_diversity", "ngram_diversity"]


def ngram_diversity(samples: Sequence[Sequence[int]], n: int = 4) -> float:
    if n <= 0:
        raise ValueError(f"n must be positive, got {n}")
    seen: set[tuple[int, ...]] = set()
    total = 0
    for sample in samples:
        ids = tuple(int(x) for x in sample)
        count = len(ids) - n + 1
        if count <= 0:
            continue
        total += count
        seen.update(ids[i : i + n] for i in range(count))
    if total == 0:
        return math.nan
    return len(seen) / total


def batch_diversity(groups: Sequence[Sequence[Sequence[int]]], n: int = 4) -> float:
    values = [ngram_diversity(g, n) for g in groups]
    values = [v for v in values if not math.isnan(v)]
    if not values:
        return math.nan
    return sum(values) / len(values)
