"""``temperature=auto``: diversity-determined temperature (MicroCoder-GRPO, change 2).

Backend-neutral: a backend supplies generation (token ids per prompt) and per-step
diversity; everything it decides is here.

1. **Probe** (before step 1, :func:`run_probe`): sample ``num_generations`` (G) responses
   for each of ``probe_prompts`` training prompts (a seeded draw,
   :func:`select_probe_prompts`) at every temperature of ``probe_temperatures``; per
   temperature, the 4-gram diversity of each prompt's G samples
   (:func:`~trainer_adapters.core.diversity.ngram_diversity`, as in training), their mean
   (``diversity``) and their standard deviation across prompts (``spread``).
2. **Choice** (:func:`choose_initial_temperature`): the LOWEST probe temperature whose
   diversity is at or above ``convergence_diversity`` and whose spread is below
   ``fluctuation_threshold``. The paper: a run whose initial diversity is below the value
   diversity converges to keeps losing diversity and fails; too high a temperature makes
   the samples fluctuate (some prompts degenerate into noise, others do not). No
   candidate qualifying is an error that shows the probe.
3. **Switches** (:class:`DiversityTemperatureController`): after each step the trainer
   reports the step's diversity. When the last ``diversity_window`` values since the
   last change are ALL below ``convergence_diversity`` AND still falling (least-squares
   slope below zero beyond float noise and significantly, :func:`is_falling`: a flat or
   noisy-flat series is not falling), the temperature moves to the next probe temperature up -- one discrete
   stage, never a continuous ramp (the paper found continuous changes destabilise
   training) -- and the window starts afresh. At the highest probe temperature it stays.
   Each switch is recorded (step, from, to); the state round-trips through
   :meth:`~DiversityTemperatureController.state_dict` for resuming.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import metrics as M
from .diversity import ngram_diversity

__all__ = [
    "DiversityTemperatureController",
    "ProbeStats",
    "choose_initial_temperature",
    "controller_from_probe",
    "is_falling",
    "probe_metrics",
    "probe_stats",
    "run_probe",
    "select_probe_prompts",
]

Groups = Sequence[Sequence[Sequence[int]]]  # one list of G token-id sequences per prompt


@dataclass(frozen=True)
class ProbeStats:
    temperature: float
    diversity: float  # mean over prompts (prompts without any n-gram skipped); nan if none
    spread: float  # population standard deviation across prompts; nan if none
    per_prompt: tuple[float, ...]


def select_probe_prompts(num_prompts: int, k: int, seed: int) -> list[int]:
    """``min(k, num_prompts)`` distinct prompt indices, a seeded draw (same seed, same prompts)."""
    if num_prompts <= 0:
        raise ValueError("the probe needs at least one training prompt")
    k = min(int(k), int(num_prompts))
    rng = np.random.default_rng(np.random.SeedSequence([int(seed) & 0xFFFFFFFF, 0x50524F42]))
    return [int(i) for i in rng.choice(num_prompts, size=k, replace=False)]


def probe_stats(temperature: float, groups: Groups, n: int = 4) -> ProbeStats:
    values = [ngram_diversity(g, n) for g in groups]
    kept = [v for v in values if not math.isnan(v)]
    if not kept:
        return ProbeStats(float(temperature), math.nan, math.nan, tuple(values))
    arr = np.asarray(kept, dtype=float)
    return ProbeStats(float(temperature), float(arr.mean()), float(arr.std()), tuple(values))


def run_probe(
    generate: Callable[[float], Groups], temperatures: Iterable[float], n: int = 4
) -> dict[float, ProbeStats]:
    """``{temperature: ProbeStats}``; ``generate(t)`` samples the probe prompts at ``t``."""
    return {float(t): probe_stats(float(t), generate(float(t)), n) for t in sorted(float(x) for x in temperatures)}


def choose_initial_temperature(
    probe: Mapping[float, ProbeStats], convergence_diversity: float, fluctuation_threshold: float
) -> float:
    """Lowest temperature with ``diversity >= convergence_diversity`` and ``spread < fluctuation_threshold``."""
    if not probe:
        raise ValueError("empty diversity probe")
    for t in sorted(probe):
        s = probe[t]
        if math.isnan(s.diversity) or math.isnan(s.spread):
            continue
        if s.diversity >= convergence_diversity and s.spread < fluctuation_threshold:
            return float(t)
    table = ", ".join(
        f"T={t:g}: diversity {probe[t].diversity:.4f} spread {probe[t].spread:.4f}" for t in sorted(probe)
    )
    raise ValueError(
        f"temperature=auto: no probe temperature has diversity >= convergence_diversity ({convergence_diversity}) "
        f"with spread < fluctuation_threshold ({fluctuation_threshold}); probe: {table}. "
        "Add probe temperatures or recalibrate the two values (docs/train.md, 'Diversity and temperature')."
    )


def probe_metrics(probe: Mapping[float, ProbeStats], chosen: float | None) -> dict[str, float]:
    """What to log once before step 1 (names under ``microcoder/probe/``)."""
    out: dict[str, float] = {}
    for t in sorted(probe):
        out[M.probe_diversity_name(t)] = probe[t].diversity
        out[M.probe_spread_name(t)] = probe[t].spread
    if chosen is not None:
        out[M.PROBE_CHOSEN] = float(chosen)
    return out


# "Still falling" must be a trend, not rounding or noise.  Float noise: a flat window's
# fitted slope comes out as +-1e-17, whose sign is the platform's (numpy's polyfit gave
# -6e-17 on one machine for [0.3] * 4); a fall below _MIN_DECLINE over the whole window
# (diversity lies in [0, 1]) is none.  Noise: the slope must lie _MIN_T standard errors
# below zero (a one-sided t-test at about 97.5%), so a flat series that wobbles does not
# switch, while a steady fall (no scatter about its line) always does.
_MIN_DECLINE = 1e-9
_MIN_T = 2.0


def is_falling(values: Sequence[float]) -> bool:
    """Whether ``values`` (in order) fall: least-squares slope below zero beyond float and sample noise."""
    n = len(values)
    y = np.asarray(values, dtype=float)
    x = np.arange(n, dtype=float) - (n - 1) / 2.0  # centred: the slope is sum(x*y) / sum(x*x)
    sxx = float(np.dot(x, x))
    slope = math.fsum(x * y) / sxx
    if -slope * (n - 1) <= _MIN_DECLINE:
        return False
    if n < 3:
        return True  # two points: no scatter to test against
    residuals = y - (math.fsum(y) / n + slope * x)
    standard_error = math.sqrt(math.fsum(residuals * residuals) / (n - 2) / sxx)
    return slope <= -_MIN_T * standard_error


@dataclass
class DiversityTemperatureController:
    """Discrete temperature stages driven by the training diversity (rule in the module docstring).

    ``stages``: the ladder (the probe temperatures, ascending); ``temperature``: the
    current one (the probe's choice at the start).
    """

    stages: tuple[float, ...]
    temperature: float
    convergence_diversity: float
    window: int = 10
    recent: list[float] = field(default_factory=list)  # diversities since the last change
    switches: list[dict[str, float]] = field(default_factory=list)  # {"step", "from", "to"}
    probe: dict[str, float] = field(default_factory=dict)  # the probe's logged metrics

    def __post_init__(self) -> None:
        self.stages = tuple(sorted(float(t) for t in self.stages))
        self.temperature = float(self.temperature)
        if self.temperature not in self.stages:
            raise ValueError(f"temperature {self.temperature} is not one of the stages {self.stages}")
        if int(self.window) < 2:
            raise ValueError(f"diversity_window must be at least 2 (a trend needs two points), got {self.window}")

    def observe(self, step: int, diversity: float) -> float | None:
        """Record step ``step``'s diversity; returns the new temperature on a switch, else None.

        A ``nan`` diversity (no 4-gram in any group) carries no information and is skipped.
        """
        if diversity is None or math.isnan(float(diversity)):
            return None
        self.recent.append(float(diversity))
        self.recent = self.recent[-self.window :]
        if len(self.recent) < self.window:
            return None
        if not all(d < self.convergence_diversity for d in self.recent) or not is_falling(self.recent):
            return None
        higher = [t for t in self.stages if t > self.temperature]
        if not higher:
            return None  # already at the top stage
        old, self.temperature = self.temperature, higher[0]
        self.switches.append({"step": int(step), "from": old, "to": self.temperature})
        self.recent = []
        return self.temperature

    # ------------------------------------------------------------------ resume
    def state_dict(self) -> dict[str, Any]:
        return {
            "stages": list(self.stages),
            "temperature": self.temperature,
            "convergence_diversity": self.convergence_diversity,
            "window": self.window,
            "recent": list(self.recent),
            "switches": [dict(s) for s in self.switches],
            "probe": dict(self.probe),
        }

    @classmethod
    def from_state_dict(cls, state: Mapping[str, Any]) -> DiversityTemperatureController:
        return cls(
            stages=tuple(state["stages"]),
            temperature=state["temperature"],
            convergence_diversity=float(state["convergence_diversity"]),
            window=int(state["window"]),
            recent=[float(x) for x in state.get("recent", [])],
            switches=[dict(s) for s in state.get("switches", [])],
            probe=dict(state.get("probe", {})),
        )


def controller_from_probe(config: Any, probe: Mapping[float, ProbeStats]) -> DiversityTemperatureController:
    """The controller for a :class:`~trainer_adapters.core.config.MicroCoderGRPOConfig` after its probe.

    Raises ``ValueError`` (showing the probe) when no temperature qualifies.
    """
    chosen = choose_initial_temperature(probe, config.convergence_diversity, config.fluctuation_threshold)
    return DiversityTemperatureController(
        stages=tuple(config.probe_temperatures),
        temperature=chosen,
        convergence_diversity=config.convergence_diversity,
        window=config.diversity_window,
        probe=probe_metrics(probe, chosen),
    )
