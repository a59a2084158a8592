"""What a judged sample says to its GRPO group: is it correct, does it count, its advantage.

Written once for every backend (the mask, the metrics, dynamic sampling and the
advantage all read a reward result through these; the decoding itself is
:func:`microcoder_eval.reward_result.decode_reward`):

* :func:`is_correct` -- the reward's ``acc`` when it reports one (with ``reward=fraction``
  a partial pass scores above 0 and is still wrong), else its ``verdict``, else (results
  of older reward functions) ``score > 0``.
* :func:`is_infra_error` -- an ``infra_error`` row (its sandbox worker lost twice, the
  host overloaded past the wall backstop) is no judgment of the sample: it takes no part
  in its group's mean and standard deviation, and gets no advantage itself.
* :func:`grpo_advantages` -- GRPO's advantage over the rows that count; a group that
  infra errors leave with fewer than two of them gets none (one sample has nothing to be
  compared with).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from microcoder_eval.reward_result import decode_reward, is_infra_error

__all__ = ["grpo_advantages", "is_correct", "is_infra_error", "rows_without_advantage"]


def is_correct(result: Mapping[str, Any], score: float | None = None) -> bool:
    """Whether the sample a reward result judges counts as correct (see the module docstring).

    ``score``: the backend's own copy of the score, for a result that lacks one."""
    return decode_reward(result, score).correct


def rows_without_advantage(group_ids: Sequence[Any], excluded: Sequence[bool]) -> np.ndarray:
    """The excluded rows, and every row of a group they leave with fewer than two rows that
    count.  (A group that never had two rows -- ``n = 1`` -- is the backend's business.)"""
    excluded = np.asarray(excluded, dtype=bool).reshape(-1)
    real: dict[Any, int] = {}
    hit: set[Any] = set()
    for g, out in zip(group_ids, excluded):
        real[g] = real.get(g, 0) + (not out)
        if out:
            hit.add(g)
    return excluded | np.array([g in hit and real[g] < 2 for g in group_ids], dtype=bool)


def grpo_advantages(
    scores: Sequence[float],
    group_ids: Sequence[Any],
    excluded: Sequence[bool],
    *,
    scale: str = "group",
    epsilon: float = 1e-6,
) -> np.ndarray:
    """Per row: ``(score - mean) / (std + epsilon)`` over the rows of its group that count
    (``scale="group"``), the same with the standard deviation of every counting row of the
    batch (``"batch"``), or ``score - mean`` (``"none"``); the sample standard deviation
    (``ddof=1``), as verl's GRPO and TRL compute it.  0 for :func:`rows_without_advantage`."""
    if scale not in ("group", "batch", "none"):
        raise ValueError(f"scale must be 'group', 'batch' or 'none', got {scale!r}")
    s = np.asarray(scores, dtype=float).reshape(-1)
    none = rows_without_advantage(group_ids, excluded)
    out = np.zeros_like(s)
    counting = ~np.asarray(excluded, dtype=bool).reshape(-1)
    batch_std = float(np.std(s[counting], ddof=1)) if counting.sum() > 1 else 0.0
    groups: dict[Any, list[int]] = {}
    for row, g in enumerate(group_ids):
        groups.setdefault(g, []).append(row)
    for rows in groups.values():
        real = [r for r in rows if counting[r] and not none[r]]
        if not real:
            continue
        values = s[real]
        centred = values - values.mean()
        if scale == "group":
            centred = centred / (float(np.std(values, ddof=1)) + epsilon)
        elif scale == "batch":
            centred = centred / (batch_std + epsilon)
        out[real] = centred
    return out
