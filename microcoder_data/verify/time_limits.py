"""Time limits in Verify: the limits the references run under, and the limits a verified
problem is stored with, all computed here from its correct references' per-test CPU times:

* each test's own: ``time_limit_factor`` x the references' slowest run *on that test*, at
  least ``time_limit_floor_s`` on a large test (:mod:`microcoder_data.testgen.input_size`)
  and ``time_limit_small_floor_s`` on any other;
* the problem's ``time_limit_s``: the same on its slowest test with the large floor -- what
  a reader of a single limit uses, and never below any test's own.

All clamped to ``time_limit_ceiling_s`` and rounded up to ``time_limit_step_s`` (see
VerifyConfig).  The judge reads a test's own limit in one place
(``microcoder_eval.sandbox.client.test_limits``)."""

from __future__ import annotations

import math
from typing import Iterable, Sequence

from microcoder_data.schema import Problem
from microcoder_data.settings.verify import VerifyConfig
from microcoder_data.testgen.input_size import Reading, is_large_input, read_sizes
from microcoder_eval.types import Limits, TestCase, TestResult


def make_limits(cfg: VerifyConfig) -> Limits:
    base = Limits()
    return Limits(
        time_limit_s=cfg.time_limit_s or base.time_limit_s,
        memory_limit_mb=cfg.memory_limit_mb or base.memory_limit_mb,
        output_limit_mb=base.output_limit_mb,
    )


def _limit(cfg: VerifyConfig, runs: Iterable[TestResult | None], floor: float) -> float:
    """factor x the slowest of ``runs``, clamped to [floor, ceiling], rounded up to the step grid."""
    slowest = max((t.time_s for t in runs if t is not None), default=0.0)
    limit = min(cfg.time_limit_ceiling_s, max(floor, cfg.time_limit_factor * slowest))
    if cfg.time_limit_step_s > 0:
        # round() first: 2.5000000001 from float noise must not become 3.0
        limit = math.ceil(round(limit / cfg.time_limit_step_s, 6)) * cfg.time_limit_step_s
    return float(min(limit, max(cfg.time_limit_ceiling_s, floor)))


def derive_time_limit(cfg: VerifyConfig, runs: Iterable[TestResult | None]) -> float:
    """A problem's time limit from its correct references' runs on all its tests (the large
    floor).  An explicit limit in the problem's metadata is never replaced (the caller's rule)."""
    return _limit(cfg, runs, cfg.time_limit_floor_s)


def test_time_limit(cfg: VerifyConfig, runs: Iterable[TestResult | None], large: bool) -> float:
    """One test's own limit from the correct references' runs on that test."""
    floor = cfg.time_limit_floor_s if large else min(cfg.time_limit_small_floor_s, cfg.time_limit_floor_s)
    return _limit(cfg, runs, floor)


test_time_limit.__test__ = False  # type: ignore[attr-defined]  # not a pytest test when imported


def with_test_limits(
    cfg: VerifyConfig, tests: Sequence[TestCase], runs: Sequence[Iterable[TestResult | None]], large: Sequence[bool]
) -> list[TestCase]:
    """``tests`` with their own limits (``runs[k]``: the references' runs on test k; ``large[k]``:
    whether its input is large)."""
    if not len(tests) == len(runs) == len(large):
        raise ValueError(f"time limits: {len(tests)} tests, {len(runs)} runs, {len(large)} sizes")
    return [
        TestCase(t.input, t.output, test_time_limit(cfg, r, big)) for t, r, big in zip(tests, runs, large, strict=True)
    ]


def large_flags(cfg: VerifyConfig, p: Problem, reading: Reading, tests: Sequence[TestCase]) -> list[bool]:
    """Which of ``tests`` get the large floor: their inputs' sizes against the constraints ``reading`` gives (or, where
    it refused, :func:`~microcoder_data.testgen.input_size.read_sizes`' lenient reading)."""
    sizes = read_sizes(p, reading)
    return [is_large_input(t.input, sizes, cfg.time_limit_large_share, cfg.time_limit_large_min_size) for t in tests]
