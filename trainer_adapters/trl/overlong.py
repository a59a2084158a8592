"""Preset ``dapo`` on TRL: DAPO's soft overlong punishment, on training rollouts only.

TRL's ``get_soft_overlong_punishment`` is a reward function like any other, so TRL would
also apply it to the completions it scores for validation, and validation's reward would be
shaped. :class:`TrainingOnlyReward` wraps it with a switch that the trainer turns off while
it validates (:meth:`~trainer_adapters.trl.trainer.MicroCoderGRPOTrainer.validation_sampling`):
validation rows then get 0 from it, i.e. the plain judge's reward.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["TrainingOnlyReward"]


class TrainingOnlyReward:
    """``reward`` while :attr:`active`; 0 for every completion otherwise (a class, so it pickles)."""

    def __init__(self, reward: Callable[..., list[float]]) -> None:
        self.reward = reward
        self.active = True
        # TRL names the reward's metrics (rewards/<name>/mean) after __name__: keep the wrapped one's
        self.__name__ = getattr(reward, "__name__", type(reward).__name__)

    def __call__(self, completion_ids: list[list[int]], **kwargs) -> list[float]:
        if not self.active:
            return [0.0] * len(completion_ids)
        return self.reward(completion_ids=completion_ids, **kwargs)
