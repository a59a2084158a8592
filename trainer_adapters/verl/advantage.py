"""Row-level MicroCoder-GRPO decisions for a verl v1 batch (pure Python + numpy).

The trainer (:mod:`.trainer`) reads the rows of one advantage step from TransferQueue
and hands them to :func:`plan_truncation_mask`; this module decides which rows get
their advantage zeroed and computes the step's metrics. It has no torch/verl imports so
it can be tested without a cluster.

Rows and sessions. verl's v1 keys are ``{uid}_{session_id}_{index}``: ``uid`` is the
prompt (GRPO group), ``session_id`` one of its ``n`` samples, ``index`` the output
number inside a multi-output agent loop. Stock GRPO computes one advantage per session
from its final output and broadcasts it to the session's other outputs, so masking
works per session too: the conditions are evaluated on the session's final output and
the decision applies to all of its rows.

Reproducibility. The uniform draws (one per session) are consumed in a canonical order
-- sessions sorted by (sha1 of the prompt token ids, session_id, uid) -- not in the
batch's row order, which verl changes (sequence-length balancing, rollout completion
order). For a fixed seed, step and set of rollouts the mask is therefore the same
whatever the row order or the random uids.
"""
from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from trainer_adapters.core import metrics as M
from trainer_adapters.core.diversity import batch_diversity
from trainer_adapters.core.masking import (
    is_repetition_loop,
    is_truncated,
    non_incorrect_from_result,
    truncation_mask_rows,
)

__all__ = ["MaskPlan", "parse_key", "plan_truncation_mask"]


def parse_key(key: str) -> tuple[str, str, int]:
    """``{uid}_{session_id}_{index}`` -> (uid, session_id, index)."""
    parts = key.rsplit("_", 2)
    if len(parts) != 3:
        return key, "0", 0
    try:
        return parts[0], parts[1], int(parts[2])
    except ValueError:
        return key, "0", 0


def _reward_info(extra: Any) -> Mapping[str, Any]:
    if isinstance(extra, Mapping):
        info = extra.get("reward_extra_info")
        if isinstance(info, Mapping):
            return info
    return {}


@dataclass
class MaskPlan:
    mask: np.ndarray  # per row, True = zero the advantage
    metrics: dict[str, float]


def plan_truncation_mask(
    keys: Sequence[str],
    prompts: Sequence[Sequence[int]],
    responses: Sequence[Sequence[int]],
    scores: Sequence[float],
    extra_fields: Sequence[Any],
    is_padding: Sequence[bool],
    *,
    max_response_length: int,
    probability: float,
    rng: np.random.Generator,
    window: int = 128,
    ngram: int = 4,
) -> MaskPlan:
    n = len(keys)
    if not (len(prompts) == len(responses) == len(scores) == len(extra_fields) == len(is_padding) == n):
        raise ValueError("all per-row inputs must have the same length")

    # final output of each real session
    sessions: dict[tuple[str, str], tuple[int, int]] = {}  # (uid, sid) -> (index, row)
    row_session: list[tuple[str, str] | None] = []
    for row, key in enumerate(keys):
        if is_padding[row]:
            row_session.append(None)
            continue
        uid, sid, idx = parse_key(key)
        row_session.append((uid, sid))
        if (uid, sid) not in sessions or sessions[(uid, sid)][0] < idx:
            sessions[(uid, sid)] = (idx, row)

    def order_key(item):
        (uid, sid), (_, row) = item
        digest = hashlib.sha1(np.asarray(list(prompts[row]), dtype=np.int64).tobytes()).hexdigest()
        try:
            sid_key: Any = (0, int(sid))
        except ValueError:
            sid_key = (1, sid)
        return (digest, sid_key, uid)

    ordered = sorted(sessions.items(), key=order_key)
    truncated, non_incorrect, repetitive, incomplete, accuracy = [], [], [], [], []
    for _, (_, row) in ordered:
        resp = list(responses[row])
        info = _reward_info(extra_fields[row])
        t = is_truncated(len(resp), max_response_length)
        truncated.append(t)
        inc = bool(info.get("incomplete", False)) or str(info.get("verdict", "")) == "incomplete"
        incomplete.append(inc)
        # "correct" is the reward's acc when it reports one (a fractional reward can be > 0
        # for a wrong answer), else score > 0
        acc = info.get("acc", None)
        correct = float(acc) if acc is not None else float(float(scores[row]) > 0)
        non_incorrect.append(non_incorrect_from_result(correct, info.get("verdict"), info.get("incomplete")))
        repetitive.append(t and is_repetition_loop(resp, window))
        accuracy.append(correct)

    session_mask = truncation_mask_rows(truncated, non_incorrect, repetitive, probability, rng)
    masked_sessions = {s for (s, _), m in zip(ordered, session_mask) if m}
    mask = np.array([s is not None and s in masked_sessions for s in row_session], dtype=bool)

    # diversity over each prompt's samples (final outputs), averaged over prompts
    groups: dict[str, list[list[int]]] = {}
    for (uid, _), (_, row) in ordered:
        groups.setdefault(uid, []).append(list(responses[row]))
    n_s = len(ordered)
    t_arr = np.asarray(truncated, bool)
    r_arr = np.asarray(repetitive, bool)
    c_arr = np.asarray(non_incorrect, bool)
    div = batch_diversity(list(groups.values()), ngram)
    metrics = {
        M.DIVERSITY: div if not math.isnan(div) else 0.0,
        M.MASK_FRACTION: float(session_mask.mean()) if n_s else 0.0,
        M.TRUNCATION_FRACTION: float(t_arr.mean()) if n_s else 0.0,
        M.INCOMPLETE_FRACTION: float(np.mean(incomplete)) if n_s else 0.0,
        M.REPETITION_FRACTION: float(r_arr.sum() / t_arr.sum()) if t_arr.any() else 0.0,
        M.MASK_CANDIDATE_FRACTION: float((t_arr & c_arr & ~r_arr).mean()) if n_s else 0.0,
        M.ACCURACY: float(np.mean(accuracy)) if n_s else 0.0,
    }
    return MaskPlan(mask=mask, metrics=metrics)
