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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from microcoder_eval.reward_result import decode_reward
from trainer_adapters.core.groups import grpo_advantages
from trainer_adapters.core.step import MaskRules, plan_step

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
    rules: MaskRules,
    rng: np.random.Generator,
    regroup: str | None = None,
    epsilon: float = 1e-6,
    temperature: float | None = None,
) -> MaskPlan:
    """The rows to zero and the step's metrics (:func:`~trainer_adapters.core.step.plan_step`'s,
    ``temperature`` the step's sampling temperature); with ``regroup`` (``"group"``: verl's GRPO,
    ``"none"``: without the std) also the advantages of the groups holding an
    ``infra_error`` session, computed again without it (:func:`~trainer_adapters.core.groups.grpo_advantages`)."""
    n = len(keys)
    if not (len(prompts) == len(responses) == len(scores) == len(extra_fields) == len(is_padding) == n):
        raise ValueError("all per-row inputs must have the same length")
    row_session, ordered = _sessions(keys, prompts, is_padding)
    final_responses = [list(responses[row]) for _, row in ordered]
    results = [decode_reward(_reward_info(extra_fields[row]), float(scores[row])) for _, row in ordered]
    uids = [uid for (uid, _), _ in ordered]
    step = plan_step(final_responses, results, uids, rng, rules, temperature=temperature)
    masked_sessions = {s for (s, _), m in zip(ordered, step.zeroed) if m}
    mask = np.array([s is not None and s in masked_sessions for s in row_session], dtype=bool)
    regrouped: dict[int, float] = {}
    infra = step.rows.infra_error
    if regroup is not None and infra.any():
        # verl's GRPO counted the infra_error sessions in their group's mean and std
        advantage = grpo_advantages([r.score for r in results], uids, infra, scale=regroup, epsilon=epsilon)
        hit = {uid for uid, bad in zip(uids, infra) if bad}
        by_session = {s: a for ((s, _), a) in zip(ordered, advantage) if s[0] in hit}
        regrouped = {
            row: by_session[s] for row, s in enumerate(row_session) if s in by_session and s not in masked_sessions
        }
    return MaskPlan(mask=mask, metrics=dict(step.metrics), regrouped=regrouped)


def _sessions(keys: Sequence[str], prompts: Sequence[Sequence[int]], is_padding: Sequence[bool]):
    """Each row's session (None for padding), and each real session's final row in the
    canonical draw order: sessions sorted by (sha1 of the prompt ids, session id, uid)."""
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

    ordered = [(s, row) for s, (_, row) in sorted(sessions.items(), key=order_key)]
    return row_session, ordered
