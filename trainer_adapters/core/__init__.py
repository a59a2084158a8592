"""Backend-neutral core of MicroCoder-GRPO.

Nothing in this package imports torch, verl or trl; numpy is the only numeric
dependency, so every backend (verl, TRL, ...) shares exactly the same rules:

* :mod:`.config`      -- :class:`MicroCoderGRPOConfig`, the paper defaults + overrides
* :mod:`.masking`     -- conditional truncation masking (which rows get A_i = 0)
* :mod:`.diversity`   -- 4-gram diversity of a group of samples
* :mod:`.temperature` -- staged temperature schedule + initial-temperature probe
* :mod:`.metrics`     -- metric names every backend logs
"""
from .config import MicroCoderGRPOConfig
from .diversity import batch_diversity, ngram_diversity
from .masking import (
    MaskRng,
    conditional_truncation_mask,
    is_repetition_loop,
    is_truncated,
    masking_seed,
    non_incorrect_from_result,
    truncation_mask_rows,
)
from .temperature import (
    TemperatureSchedule,
    choose_initial_temperature,
    probe_diversity,
)

__all__ = [
    "MaskRng",
    "MicroCoderGRPOConfig",
    "TemperatureSchedule",
    "batch_diversity",
    "choose_initial_temperature",
    "conditional_truncation_mask",
    "is_repetition_loop",
    "is_truncated",
    "masking_seed",
    "ngram_diversity",
    "non_incorrect_from_result",
    "probe_diversity",
    "truncation_mask_rows",
]
