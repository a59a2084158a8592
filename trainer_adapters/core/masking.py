"""Conditional truncation masking (MicroCoder-GRPO, change 1).

The rule, written once here and used by every backend
-----------------------------------------------------
A response is a *mask candidate* (:func:`mask_candidate`) when ALL of these hold:

1. it is *truncated*: it reached the maximum response length (the trainer knows this,
   the judge does not);
2. it is *non-incorrect* (paper, Eq. 2: "correct or incomplete"): the judge said
   ``accepted``, or -- being truncated -- the judge said ``incomplete`` (an unclosed code
   fence) or ``no_code`` (cut off while still reasoning in prose, before any code). Any
   other verdict (wrong answer, runtime error, time limit, ...) is incorrect: a wrong
   answer is never masked;
3. its tail is *not a repetition loop* (:func:`is_repetition_loop`): a degenerate loop
   keeps its (negative) signal.

A candidate's advantage is then zeroed when a uniform draw ``U(0, 1) < rho``
(``mask_probability``, :func:`draw_mask`). The draw stays outside
:func:`mask_candidate`: exactly ONE uniform is consumed per row, in row order, whatever
the conditions say, so the same seed + step + batch gives the same draws.

Zeroing the advantage keeps the row's tokens in the loss denominator (token-mean),
which is not the same as dropping the tokens (verl's overlong filtering or TRL's
``mask_truncated_completions``).

The repetition check
--------------------
The paper's wording is "the final 128 tokens differ from the preceding 128 tokens".
Read literally (``repetition_check="window"``) it only catches loops whose period
divides 128: a response looping on a 7-token line passes as non-repetitive. The default
(``repetition_check="period"``) generalises it: the last ``2 * window`` tokens (the
whole response when shorter) are a loop when they repeat with some period
``p <= window`` (and ``p`` at most half the span, so the unit occurs at least twice),
i.e. ``tail[i] == tail[i - p]`` for every position of the span after the first ``p``.
The literal comparison is the ``p = window`` case of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from microcoder_eval.reward_result import decode_reward, is_infra_error, verdict_from
from microcoder_eval.types import Verdict

from . import metrics as M
from .groups import rows_without_advantage

__all__ = [
    "REPETITION_CHECKS",
    "MaskRng",
    "RowAssessment",
    "assess_rows",
    "draw_mask",
    "is_non_incorrect",
    "is_repetition_loop",
    "is_truncated",
    "mask_candidate",
    "masking_metrics",
    "masking_seed",
    "verdict_of",
]

#: "period": any period up to the window (default); "window": the paper's literal two-window comparison
REPETITION_CHECKS = ("period", "window")

#: verdicts that mean "not judged wrong" only because the response was cut off
_NON_INCORRECT_WHEN_TRUNCATED = frozenset({Verdict.INCOMPLETE.value, Verdict.NO_CODE.value})


def is_repetition_loop(token_ids: Sequence[int], window: int = 128, check: str = "period") -> bool:
    """True when the response's tail is a repetition loop (see the module docstring).

    ``check="window"``: the last ``window`` tokens equal the ``window`` tokens before
    them (False with fewer than ``2 * window`` tokens). ``check="period"``: the last
    ``min(len, 2 * window)`` tokens repeat with some period ``p <= window`` (and
    ``p <= span // 2``).
    """
    if window <= 0:
        raise ValueError(f"window must be positive, got {window}")
    if check not in REPETITION_CHECKS:
        raise ValueError(f"repetition check must be one of {REPETITION_CHECKS}, got {check!r}")
    ids = list(token_ids)
    if check == "window":
        if len(ids) < 2 * window:
            return False
        return ids[-window:] == ids[-2 * window : -window]
    tail = ids[-2 * window :]
    for p in range(1, min(window, len(tail) // 2) + 1):
        if tail[p:] == tail[:-p]:
            return True
    return False


def is_truncated(response_length: int, max_response_length: int) -> bool:
    """A response is truncated when it reached the maximum response length."""
    return int(response_length) >= int(max_response_length)


def is_non_incorrect(verdict: Any, truncated: bool) -> bool:
    """Correct (``accepted``), or truncated and judged ``incomplete`` / ``no_code``."""
    v = str(verdict)
    return v == Verdict.ACCEPTED.value or (bool(truncated) and v in _NON_INCORRECT_WHEN_TRUNCATED)


def verdict_of(result: Mapping[str, Any], correct: bool | None = None) -> str:
    """The judge's verdict from a reward result dict (``microcoder_eval.reward``).

    Results from older reward functions may lack ``verdict``: then ``incomplete=True``
    means ``incomplete``, a correct sample (:func:`.groups.is_correct`, or ``correct``
    when given) ``accepted``, anything else ``wrong_answer`` (conservative: never masked).
    """
    if correct is None:
        return decode_reward(result).verdict
    return verdict_from(result, bool(correct))


def _candidate(verdict: Any, truncated: bool, repetitive: bool) -> bool:
    return bool(truncated) and is_non_incorrect(verdict, truncated) and not repetitive


def mask_candidate(
    verdict: Any, truncated: bool, token_ids: Sequence[int], window: int = 128, check: str = "period"
) -> bool:
    """The three conditions of the mask (everything but the rho draw); see the module docstring."""
    if not truncated or not is_non_incorrect(verdict, truncated):
        return False
    return not is_repetition_loop(token_ids, window, check)


def draw_mask(candidates: Sequence[bool], probability: float, rng: np.random.Generator) -> np.ndarray:
    """Rows whose advantage must be zeroed: ``candidate & (U(0,1) < probability)``.

    Draws ``len(candidates)`` uniforms from ``rng`` in one call (one per row, in row
    order, regardless of the conditions).
    """
    c = np.asarray(candidates, dtype=bool).reshape(-1)
    if not 0.0 <= float(probability) <= 1.0:
        raise ValueError(f"probability must be in [0, 1], got {probability}")
    draws = rng.random(c.shape[0])
    return c & (draws < float(probability))


@dataclass(frozen=True)
class RowAssessment:
    """Per-row flags of one batch (numpy bool/float arrays of equal length)."""

    truncated: np.ndarray
    repetitive: np.ndarray  # only evaluated on truncated rows (False elsewhere)
    candidate: np.ndarray
    verdicts: tuple[str, ...]
    accuracy: np.ndarray
    infra_error: np.ndarray  # rows the judge could not judge: their score is no judgment

    def __len__(self) -> int:
        return int(self.truncated.shape[0])


def assess_rows(
    token_ids: Sequence[Sequence[int]],
    verdicts: Sequence[Any],
    accuracy: Sequence[float],
    *,
    max_response_length: int,
    window: int = 128,
    check: str = "period",
    infra_errors: Sequence[bool] | None = None,
) -> RowAssessment:
    """Truncation, repetition and candidacy of each row (``token_ids`` without padding).

    ``infra_errors``: the decoded rewards' flags (``RewardResult.infra_error``); without
    them, the ``infra_error`` verdicts."""
    n = len(token_ids)
    if not (len(verdicts) == len(accuracy) == n):
        raise ValueError(f"length mismatch: token_ids={n}, verdicts={len(verdicts)}, accuracy={len(accuracy)}")
    truncated = np.array([is_truncated(len(r), max_response_length) for r in token_ids], dtype=bool)
    repetitive = np.array(
        [bool(t) and is_repetition_loop(r, window, check) for r, t in zip(token_ids, truncated)], dtype=bool
    )
    verdict_strs = tuple(str(v) for v in verdicts)
    candidate = np.array([_candidate(v, t, r) for v, t, r in zip(verdict_strs, truncated, repetitive)], dtype=bool)
    return RowAssessment(
        truncated=truncated,
        repetitive=repetitive,
        candidate=candidate,
        verdicts=verdict_strs,
        accuracy=np.asarray(accuracy, dtype=float).reshape(-1),
        infra_error=np.array(
            [is_infra_error(v) for v in verdict_strs] if infra_errors is None else infra_errors, dtype=bool
        ).reshape(-1),
    )


def zeroed_rows(rows: RowAssessment, drawn: Sequence[bool], group_ids: Sequence[Any] | None = None) -> np.ndarray:
    """Rows whose advantage the trainer sets to 0: the truncation mask's ``drawn`` rows, every
    ``infra_error`` row (a lost sandbox or an overloaded host says nothing about the
    candidate, so its score 0 must not push the policy away from it) and, given the rows'
    groups, every row of a group left with fewer than two rows that count
    (:func:`.groups.rows_without_advantage`)."""
    none = rows.infra_error if group_ids is None else rows_without_advantage(group_ids, rows.infra_error)
    return np.asarray(drawn, dtype=bool).reshape(-1) | none


def masking_metrics(rows: RowAssessment, mask: Sequence[bool]) -> dict[str, float]:
    """The step's mask metrics (names from :mod:`.metrics`), fractions over the rows;
    ``mask`` is the truncation mask's draw (infra-error rows are counted apart).

    ``repetition_fraction`` is over the truncated rows; every other fraction is over all
    rows. An empty batch gives 0.0 everywhere.
    """
    n = len(rows)
    m = np.asarray(mask, dtype=bool).reshape(-1)
    if m.shape[0] != n:
        raise ValueError(f"mask has {m.shape[0]} rows, assessment {n}")
    if n == 0:
        return {name: 0.0 for name in M.MASK_METRICS}
    verdicts = np.asarray(rows.verdicts)
    n_trunc = int(rows.truncated.sum())
    return {
        M.ACCURACY: float(rows.accuracy.mean()),
        M.MASK_FRACTION: float(m.mean()),
        M.TRUNCATION_FRACTION: float(rows.truncated.mean()),
        M.INCOMPLETE_FRACTION: float((verdicts == Verdict.INCOMPLETE.value).mean()),
        M.TRUNCATED_NO_CODE_FRACTION: float((rows.truncated & (verdicts == Verdict.NO_CODE.value)).mean()),
        M.REPETITION_FRACTION: float(rows.repetitive.sum() / n_trunc) if n_trunc else 0.0,
        M.MASK_CANDIDATE_FRACTION: float(rows.candidate.mean()),
        M.INFRA_ERROR_FRACTION: float(rows.infra_error.mean()),
    }


def masking_seed(seed: int, step: int, substep: int = 0) -> int:
    """Deterministic 32-bit seed for the masking draws of training ``step``.

    ``substep`` distinguishes several advantage computations within one step (e.g.
    verl's ``parameter_sync_step`` > 1); 0 otherwise.
    """
    entropy = [int(seed) & 0xFFFFFFFF, int(step) & 0xFFFFFFFF, 0x4D43]
    if substep:
        entropy.append(int(substep) & 0xFFFFFFFF)
    return int(np.random.SeedSequence(entropy).generate_state(1)[0])


class MaskRng:
    """Per-step reproducible generators: ``MaskRng(seed).for_step(step)``.

    The generator for a step depends only on (seed, step), so resuming from a
    checkpoint at step k reproduces the masks of step k onward.
    """

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)

    def for_step(self, step: int, substep: int = 0) -> np.random.Generator:
        return np.random.default_rng(masking_seed(self.seed, step, substep))

    def __repr__(self) -> str:
        return f"MaskRng(seed={self.seed})"
