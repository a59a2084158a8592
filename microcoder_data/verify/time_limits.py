"""Time limits in Verify: the limits the references run under, and each problem's own
``time_limit_s`` derived from its correct references' per-test CPU times."""

from __future__ import annotations

import math
from typing import Iterable

from microcoder_data.config import VerifyConfig
from microcoder_eval.types import Limits, TestResult


def make_limits(cfg: VerifyConfig) -> Limits:
    base = Limits()
    return Limits(
        time_limit_s=cfg.time_limit_s or base.time_limit_s,
        memory_limit_mb=cfg.memory_limit_mb or base.memory_limit_mb,
        output_limit_mb=base.output_limit_mb,
    )


def derive_time_limit(cfg: VerifyConfig, runs: Iterable[TestResult | None]) -> float:
    """A problem's time limit from its correct references' per-test CPU times.

    factor x the slowest test, clamped to [floor, ceiling], rounded up to the step grid
    (see VerifyConfig).  An explicit limit in the problem's metadata is never replaced.
    """
    slowest = max((t.time_s for t in runs if t is not None), default=0.0)
    limit = min(cfg.time_limit_ceiling_s, max(cfg.time_limit_floor_s, cfg.time_limit_factor * slowest))
    if cfg.time_limit_step_s > 0:
        # round() first: 2.5000000001 from float noise must not become 3.0
        limit = math.ceil(round(limit / cfg.time_limit_step_s, 6)) * cfg.time_limit_step_s
    return float(min(limit, max(cfg.time_limit_ceiling_s, cfg.time_limit_floor_s)))
