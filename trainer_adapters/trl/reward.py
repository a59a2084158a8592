"""The TRL reward function: microcoder_eval's published one, judged in parallel.

:class:`~microcoder_eval.reward.MicroCoderReward` (one implementation for the trainer here and for
users' own ``GRPOTrainer(reward_funcs=[microcoder_eval.reward.trl_reward_function])``) returns the
binary score and keeps the full judgement of each row in ``last_results``, in row order, so the
trainer can apply the conditional truncation mask to the same rows.
"""

from __future__ import annotations

from microcoder_eval.reward import MicroCoderReward, completion_text

__all__ = ["MicroCoderReward", "completion_text"]
