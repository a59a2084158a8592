"""Diversity-determined temperature (MicroCoder-GRPO, change 2).

* :class:`TemperatureSchedule` -- discrete stages ``[(start_step, temperature), ...]``,
  low to high. Continuous ramps destabilise training, so the temperature only changes
  at stage boundaries.
* ``temperature=auto`` (the probe, the choice and the switches) is in
  :mod:`.auto_temperature`.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Sequence

__all__ = ["TemperatureSchedule"]


class TemperatureSchedule:
    """Piecewise-constant temperature over training steps.

    ``stages``: ``(start_step, temperature)`` pairs; start steps strictly increasing,
    the first one 0 (steps before the first start would have no temperature), and
    temperatures non-decreasing (the schedule moves low to high). Steps are the
    trainer's global step (verl counts from 1; a stage starting at 0 covers step 1 too).
    """

    def __init__(self, stages: Iterable[Sequence[float]]) -> None:
        parsed: list[tuple[int, float]] = []
        for st in stages:
            if len(st) != 2:
                raise ValueError(f"each stage is (start_step, temperature), got {st!r}")
            step, temp = st
            if float(step) != int(step):
                raise ValueError(f"stage start step must be an integer, got {step!r}")
            parsed.append((int(step), float(temp)))
        if not parsed:
            raise ValueError("temperature schedule needs at least one stage")
        if parsed[0][0] != 0:
            raise ValueError(f"the first stage must start at step 0, got {parsed[0][0]}")
        for (s0, t0), (s1, t1) in itertools.pairwise(parsed):
            if s1 <= s0:
                raise ValueError(f"stage start steps must be strictly increasing: {s0} then {s1}")
            if t1 < t0:
                raise ValueError(
                    f"temperatures must be non-decreasing (low to high): {t0} at step {s0} then {t1} at step {s1}"
                )
        for _, t in parsed:
            if not (t > 0 and math.isfinite(t)):
                raise ValueError(f"temperature must be positive and finite, got {t}")
        self.stages: list[tuple[int, float]] = parsed
        self._starts = [s for s, _ in parsed]

    @property
    def boundaries(self) -> list[int]:
        """Steps at which the temperature changes (every stage start after the first)."""
        return self._starts[1:]

    def temperature_at(self, step: int) -> float:
        idx = bisect.bisect_right(self._starts, int(step)) - 1
        return self.stages[max(idx, 0)][1]

    def stage_index(self, step: int) -> int:
        return max(bisect.bisect_right(self._starts, int(step)) - 1, 0)

    def __len__(self) -> int:
        return len(self.stages)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TemperatureSchedule) and other.stages == self.stages

    def __repr__(self) -> str:
        return f"TemperatureSchedule({self.stages!r})"
