"""The TRL reward function: microcoder_eval's published one, judged in parallel.

:class:`~microcoder_eval.reward.MicroCoderReward` (one implementation for the trainer here and for
users' own ``GRPOTrainer(reward_funcs=[microcoder_eval.reward.trl_reward_function])``) returns the
binary score; the trainer gets the full judgement of each row, in row order, as the value of
``MicroCoderReward.collecting()`` around TRL's generate-and-score call, to apply the conditional
truncation mask to the same rows.
"""

from __future__ import annotations

from microcoder_eval.reward import MicroCoderReward, completion_text

__all__ = ["MicroCoderReward", "completion_text"]
