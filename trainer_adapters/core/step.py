"""One training step's MicroCoder-GRPO plan, the same for every backend.

A backend hands over its rows (response token ids without padding, one decoded
:class:`~microcoder_eval.reward_result.RewardResult` each, the row's GRPO group) in the
order it draws in, and a generator for the step (:class:`.masking.MaskRng`); it gets
back which rows to zero and the step's metrics:

verdicts -> rows (:func:`.masking.assess_rows`) -> the rho draw (:func:`.masking.draw_mask`)
-> zeroed rows (the draw, infra errors, groups left too small: :func:`.masking.zeroed_rows`)
-> metrics (:func:`.masking.masking_metrics`) -> diversity per group (:func:`.diversity.batch_diversity`)
-> the sampling temperature of the step (:class:`StepTemperature`, which also feeds
``temperature=auto``'s controller).

What stays with the backend: reading its rows, writing the zeros into its advantages,
and when it feeds the step's diversity to the controller.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from microcoder_eval.reward_result import RewardResult

from . import metrics as M
from .auto_temperature import DiversityTemperatureController
from .config import MicroCoderGRPOConfig
from .diversity import batch_diversity
from .masking import RowAssessment, assess_rows, draw_mask, masking_metrics, zeroed_rows
from .temperature import TemperatureSchedule

__all__ = ["MaskRules", "StepPlan", "StepTemperature", "plan_step", "step_metrics", "switch_metrics"]


@dataclass(frozen=True)
class MaskRules:
    """The settings of the mask and the diversity metric (from :class:`MicroCoderGRPOConfig`)."""

    max_response_length: int
    probability: float
    window: int = 128
    check: str = "period"
    ngram: int = 4

    @classmethod
    def of(cls, cfg: MicroCoderGRPOConfig) -> MaskRules:
        return cls(
            max_response_length=cfg.max_response_length,
            probability=cfg.mask_probability,
            window=cfg.repetition_window,
            check=cfg.repetition_check,
            ngram=cfg.diversity_ngram,
        )


@dataclass(frozen=True)
class StepPlan:
    rows: RowAssessment
    drawn: np.ndarray  # the truncation mask's draw (candidate & U < rho)
    zeroed: np.ndarray  # rows whose advantage is set to 0: drawn, infra errors, groups left too small
    diversity: float  # mean over groups of the 4-gram diversity; nan when no group has a 4-gram
    metrics: dict[str, float]  # masking_metrics + diversity (+ the temperature when given)


def plan_step(
    token_ids: Sequence[Sequence[int]],
    results: Sequence[RewardResult],
    group_ids: Sequence[Any],
    rng: np.random.Generator,
    rules: MaskRules,
    temperature: float | None = None,
) -> StepPlan:
    """The step's plan for rows in draw order (one uniform per row, in this order)."""
    if len(results) != len(token_ids) or len(group_ids) != len(token_ids):
        raise ValueError(
            f"length mismatch: token_ids={len(token_ids)}, results={len(results)}, group_ids={len(group_ids)}"
        )
    rows = assess_rows(
        token_ids,
        [r.verdict for r in results],
        [float(r.correct) for r in results],
        max_response_length=rules.max_response_length,
        window=rules.window,
        check=rules.check,
        infra_errors=[r.infra_error for r in results],
    )
    drawn = draw_mask(rows.candidate, rules.probability, rng)
    zeroed = zeroed_rows(rows, drawn, group_ids)
    groups: dict[Any, list[Sequence[int]]] = {}
    for g, ids in zip(group_ids, token_ids):
        groups.setdefault(g, []).append(ids)
    diversity = batch_diversity(list(groups.values()), rules.ngram)
    metrics = masking_metrics(rows, drawn)
    metrics[M.DIVERSITY] = diversity
    if temperature is not None:
        metrics[M.TEMPERATURE] = float(temperature)
    return StepPlan(rows=rows, drawn=drawn, zeroed=zeroed, diversity=diversity, metrics=metrics)


class StepTemperature:
    """The sampling temperature of each step: the staged schedule, or with ``temperature=auto``
    the diversity-driven controller (set by the probe, or restored from a checkpoint)."""

    def __init__(self, cfg: MicroCoderGRPOConfig) -> None:
        self.auto = bool(cfg.auto_temperature)
        self.schedule: TemperatureSchedule = cfg.schedule
        self.controller: DiversityTemperatureController | None = None

    def at(self, step: int) -> float:
        if not self.auto:
            return self.schedule.temperature_at(step)
        if self.controller is None:
            raise RuntimeError(
                "temperature=auto: the probe has not run (it runs in train(), at the first rollout round)"
            )
        return self.controller.temperature

    def observe(self, step: int, diversity: float | None) -> float | None:
        """Feed a step's diversity to the controller; the new temperature on a switch, else None."""
        if self.controller is None or diversity is None:
            return None
        return self.controller.observe(step, diversity)


def switch_metrics(temperatures: StepTemperature, new_temperature: float | None) -> dict[str, float]:
    """``microcoder/temperature_switch`` of a step, given what :meth:`StepTemperature.observe`
    returned for it: with ``temperature=auto``, 1.0 on the step after which the temperature moved
    up a stage and 0.0 on every other step (the new temperature is the next step's
    ``microcoder/temperature``); nothing with staged temperatures."""
    if temperatures.controller is None:
        return {}
    return {M.TEMPERATURE_SWITCH: 1.0 if new_temperature is not None else 0.0}


def step_metrics(plan: StepPlan, temperatures: StepTemperature, new_temperature: float | None) -> dict[str, float]:
    """The ``microcoder/*`` record of one training step, as every backend logs it: the plan's
    (:data:`.metrics.ALL`; the diversity ``nan`` when no group has a 4-gram, written as null)
    and :func:`switch_metrics`. verl logs the two parts at two points of its step (the plan's
    per advantage pass, which verl averages over the passes); TRL logs them together."""
    return {**plan.metrics, **switch_metrics(temperatures, new_temperature)}
