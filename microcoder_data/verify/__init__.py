"""Verify stage: reference solutions through microcoder_eval's judge."""

from microcoder_data.verify.step import VerifyStep, expected_ok
from microcoder_data.verify.time_limits import derive_time_limit, make_limits

__all__ = ["VerifyStep", "derive_time_limit", "expected_ok", "make_limits"]
