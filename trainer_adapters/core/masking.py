"""Conditional truncation masking (MicroCoder-GRPO, change 1).

A response's advantage ``A_i`` is set to 0 only when ALL of these hold:

1. it is *truncated*: it reached the maximum response length;
2. it is *non-incorrect*: judged correct, or judged ``incomplete`` by the evaluator
   (the answer was cut off, so we cannot call it wrong);
3. it is *not a repetition loop*: its last ``window`` tokens differ from the ``window``
   tokens before them (a degenerate loop keeps its negative signal);
4. a uniform draw ``U(0, 1) < probability`` (the masking rate rho).

Zeroing the advantage keeps the row's tokens in the loss denominator (token-mean),
which is not the same as dropping the tokens (verl's overlong filtering or TRL's
``mask_truncated_completions``).

Reproducibility: exactly ONE uniform draw is consumed per row, in row order, whatever
the other conditions say, so the same seed + step + batch size gives the same draws.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from microcoder_eval.types import Verdict

__all__ = [
    "MaskRng",
    "conditional_truncation_mask",
    "is_repetition_loop",
    "is_truncated",
    "masking_seed",
    "non_incorrect_from_result",
    "truncation_mask_rows",
]


def is_repetition_loop(token_ids: Sequence[int], window: int = 128) -> bool:
    """True when the last ``window`` tokens equal the ``window`` tokens before them.

    Returns False when there are fewer than ``2 * window`` tokens.
    """
    if window <= 0:
        raise ValueError(f"window must be positive, got {window}")
    ids = list(token_ids)
    if len(ids) < 2 * window:
        return False
    return ids[-window:] == ids[-2 * window : -window]


def is_truncated(response_length: int, max_response_length: int) -> bool:
    """A response is truncated when it reached the maximum response length."""
    return int(response_length) >= int(max_response_length)


def non_incorrect_from_result(score: float | None, verdict: Any = None, incomplete: Any = None) -> bool:
    """Non-incorrect = judged correct (score > 0) or judged ``incomplete``.

    ``verdict`` may be a :class:`Verdict` or its string value; ``incomplete`` is the
    boolean ``compute_score`` returns. Either signal suffices for "incomplete".
    """
    if incomplete is not None and bool(incomplete):
        return True
    if verdict is not None and str(verdict) == Verdict.INCOMPLETE.value:
        return True
    return score is not None and float(score) > 0.0


# --- issue 13 (judge infrastructure errors) -------------------------------------------
# A row the judge could not judge for reasons outside the candidate (its sandbox worker
# lost twice, the host overloaded past the wall backstop) carries ``infra_error: True``
# and verdict ``infra_error`` from compute_score.  Its score 0 is not a judgment: both
# trainers give such a row zero advantage (like a masked row) and count it in
# metrics.INFRA_ERROR_FRACTION.
def is_infra_error(verdict: Any = None, infra_error: Any = None) -> bool:
    """True when the reward function reports an infrastructure error for the row."""
    if infra_error is not None and bool(infra_error):
        return True
    return verdict is not None and str(verdict) == Verdict.INFRA_ERROR.value
# --- end issue 13 ------------------------------------------------------------------------


def truncation_mask_rows(
    truncated: Sequence[bool],
    non_incorrect: Sequence[bool],
    repetitive: Sequence[bool],
    probability: float,
    rng: np.random.Generator,
) -> np.ndarray:
    """Rows whose advantage must be zeroed (True = zero it).

    Draws ``len(truncated)`` uniforms from ``rng`` in one call (one per row, in row
    order, regardless of the other conditions).
    """
    t = np.asarray(truncated, dtype=bool).reshape(-1)
    c = np.asarray(non_incorrect, dtype=bool).reshape(-1)
    r = np.asarray(repetitive, dtype=bool).reshape(-1)
    if not (t.shape == c.shape == r.shape):
        raise ValueError(f"length mismatch: truncated={t.shape[0]}, non_incorrect={c.shape[0]}, repetitive={r.shape[0]}")
    if not 0.0 <= float(probability) <= 1.0:
        raise ValueError(f"probability must be in [0, 1], got {probability}")
    draws = rng.random(t.shape[0])
    return t & c & ~r & (draws < float(probability))


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


def conditional_truncation_mask(
    responses: Sequence[Sequence[int]],
    max_response_length: int,
    non_incorrect: Sequence[bool],
    probability: float,
    rng: np.random.Generator,
    window: int = 128,
    response_lengths: Sequence[int] | None = None,
) -> tuple[np.ndarray, dict[str, float]]:
    """All four conditions from raw rows: returns (mask, stats).

    ``responses``: each row's generated token ids WITHOUT padding (or pass
    ``response_lengths`` to say how many leading ids are real). ``stats`` holds the
    fractions named in :mod:`.metrics` (without prefix): ``truncation_fraction``,
    ``repetition_fraction`` (of truncated rows), ``mask_candidate_fraction``,
    ``mask_fraction``.
    """
    n = len(responses)
    lengths = [len(r) for r in responses] if response_lengths is None else [int(x) for x in response_lengths]
    truncated = np.array([is_truncated(l, max_response_length) for l in lengths], dtype=bool)
    repetitive = np.array(
        [bool(t) and is_repetition_loop(list(r)[:l], window) for r, l, t in zip(responses, lengths, truncated)],
        dtype=bool,
    )
    ni = np.asarray(non_incorrect, dtype=bool)
    mask = truncation_mask_rows(truncated, ni, repetitive, probability, rng)
    n_trunc = int(truncated.sum())
    stats = {
        "truncation_fraction": float(truncated.mean()) if n else 0.0,
        "repetition_fraction": float(repetitive.sum() / n_trunc) if n_trunc else 0.0,
        "mask_candidate_fraction": float((truncated & ni & ~repetitive).mean()) if n else 0.0,
        "mask_fraction": float(mask.mean()) if n else 0.0,
    }
    return mask, stats
