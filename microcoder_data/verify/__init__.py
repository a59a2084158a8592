"""Verify stage: reference solutions through microcoder_eval's judge."""
from microcoder_data.verify.verify import VerifyStep, expected_ok, make_limits

__all__ = ["VerifyStep", "expected_ok", "make_limits"]
