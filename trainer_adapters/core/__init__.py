"""Backend-neutral core of MicroCoder-GRPO.

Nothing in this package imports torch, verl or trl; numpy is the only numeric
dependency, so every backend (verl, TRL, ...) shares exactly the same rules:

* :mod:`.config`      -- :class:`MicroCoderGRPOConfig`, the paper defaults + overrides
* :mod:`.groups`      -- is a sample correct, does it count in its group, GRPO's advantage without it
* :mod:`.masking`     -- conditional truncation masking (which rows get A_i = 0) + its metrics
* :mod:`.diversity`   -- 4-gram diversity of a group of samples
* :mod:`.temperature` -- hand-written staged temperature schedule
* :mod:`.auto_temperature` -- ``temperature=auto``: probe, choice, switches
* :mod:`.presets`     -- ``--preset microcoder|grpo|dapo`` (the paper's baselines)
* :mod:`.metrics`     -- metric names every backend logs
* :mod:`.plan`        -- the model and dataset checked before a run, and a dry run's short plan
* :mod:`.step`        -- one training step's plan (mask, metrics, diversity, temperature), for every backend
* :mod:`.run_files`   -- the run's files: ``metrics.jsonl``, ``rollouts.jsonl``, the temperature state
"""

from .auto_temperature import (
    DiversityTemperatureController,
    ProbeStats,
    choose_initial_temperature,
    controller_from_probe,
    run_probe,
    select_probe_prompts,
)
from .config import MicroCoderGRPOConfig
from .diversity import batch_diversity, ngram_diversity
from .masking import (
    MaskRng,
    assess_rows,
    draw_mask,
    is_non_incorrect,
    is_repetition_loop,
    is_truncated,
    mask_candidate,
    masking_metrics,
    masking_seed,
    verdict_of,
)
from .presets import PRESETS, apply_preset
from .temperature import TemperatureSchedule

__all__ = [
    "PRESETS",
    "DiversityTemperatureController",
    "MaskRng",
    "MicroCoderGRPOConfig",
    "ProbeStats",
    "TemperatureSchedule",
    "apply_preset",
    "assess_rows",
    "batch_diversity",
    "choose_initial_temperature",
    "controller_from_probe",
    "draw_mask",
    "is_non_incorrect",
    "is_repetition_loop",
    "is_truncated",
    "mask_candidate",
    "masking_metrics",
    "masking_seed",
    "ngram_diversity",
    "run_probe",
    "select_probe_prompts",
    "verdict_of",
]
