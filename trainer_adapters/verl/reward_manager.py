"""Preset ``dapo`` on verl: DAPO's overlong reward shaping on training rollouts only.

verl 0.9.1's ``dapo`` reward manager adds the soft overlong penalty to every response it
scores, validation ones included, so validation's mean@k would report a shaped reward
rather than the judge's. This subclass leaves a row scored for validation at the plain
reward (what :func:`microcoder_eval.reward.compute_score` returned). A row is validation
when the agent-loop worker marked it (:data:`.constants.VALIDATE_KEY`, see
:mod:`.agent_loop`); verl itself does not tell the reward manager.

Selected with ``reward.reward_manager.source=importlib`` (:func:`.config_builder`).
"""

from __future__ import annotations

from verl.experimental.reward_loop.reward_manager.dapo import DAPORewardManager

from .constants import VALIDATE_KEY

__all__ = ["TrainingOnlyOverlongRewardManager", "is_validation_row"]


def is_validation_row(data) -> bool:
    """Whether the (last) row of ``data`` was generated for validation."""
    flags = data.non_tensor_batch.get(VALIDATE_KEY)
    return flags is not None and len(flags) > 0 and bool(flags[-1])


class TrainingOnlyOverlongRewardManager(DAPORewardManager):
    async def run_single(self, data) -> dict:
        out = await super().run_single(data)
        if not is_validation_row(data):
            return out
        info = out["reward_extra_info"]
        # the judge's reward as compute_score returned it, before the penalty was added
        plain = info["score"] if "score" in info else info["acc"]
        if "overlong_reward" in info:
            info["overlong_reward"] = 0.0
            info["overlong"] = False
        return {"reward_score": plain, "reward_extra_info": info}
