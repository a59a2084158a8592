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
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from trainer_adapters.core import metrics as M
from trainer_adapters.core.diversity import batch_diversity
from trainer_adapters.core.groups import grpo_advantages, is_correct
from trainer_adapters.core.masking import assess_rows, draw_mask, masking_metrics, verdict_of, zeroed_rows

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
    # rows whose GRPO advantage is computed again without the infra_error rows of their
    # group: row -> the advantage (a scalar over the row's response tokens)
    regrouped: dict[int, float] = field(default_factory=dict)


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
    repetition_check: str = "period",
    regroup: str | None = None,
    epsilon: float = 1e-6,
) -> MaskPlan:
    """The rows to zero and the step's metrics; with ``regroup`` (``"group"``: verl's GRPO,
    ``"none"``: without the std) also the advantages of the groups holding an
    ``infra_error`` session, computed again without it (:func:`~trainer_adapters.core.groups.grpo_advantages`)."""
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
    final_responses, verdicts, accuracy = [], [], []
    for _, (_, row) in ordered:
        final_responses.append(list(responses[row]))
        info = _reward_info(extra_fields[row])
        correct = is_correct(info, float(scores[row]))
        accuracy.append(float(correct))
        verdicts.append(verdict_of(info, correct))
    assessed = assess_rows(final_responses, verdicts, accuracy, max_response_length=max_response_length,
                           window=window, check=repetition_check)
    session_mask = draw_mask(assessed.candidate, probability, rng)
    uids = [uid for (uid, _), _ in ordered]
    masked_sessions = {s for (s, _), m in zip(ordered, zeroed_rows(assessed, session_mask, uids)) if m}
    mask = np.array([s is not None and s in masked_sessions for s in row_session], dtype=bool)
    regrouped: dict[int, float] = {}
    if regroup is not None and assessed.infra_error.any():
        # verl's GRPO counted the infra_error sessions in their group's mean and std
        session_scores = [float(scores[row]) for _, (_, row) in ordered]
        advantage = grpo_advantages(session_scores, uids, assessed.infra_error, scale=regroup, epsilon=epsilon)
        hit = {uid for uid, bad in zip(uids, assessed.infra_error) if bad}
        by_session = {s: a for ((s, _), a) in zip(ordered, advantage) if s[0] in hit}
        regrouped = {row: by_session[s] for row, s in enumerate(row_session)
                     if s in by_session and s not in masked_sessions}

    # diversity over each prompt's samples (final outputs), averaged over prompts
    groups: dict[str, list[list[int]]] = {}
    for ((uid, _), _), resp in zip(ordered, final_responses):
        groups.setdefault(uid, []).append(resp)
    div = batch_diversity(list(groups.values()), ngram)
    metrics = masking_metrics(assessed, session_mask)
    metrics[M.DIVERSITY] = div if not math.isnan(div) else 0.0
    return MaskPlan(mask=mask, metrics=metrics, regrouped=regrouped)
