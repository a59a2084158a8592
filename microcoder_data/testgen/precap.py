"""The pre-cap: which of a problem's many tests Verify runs at all.

With ``cap_by`` input_size or strength, a problem with more than ``precap_factor x
max_tests`` tests runs only that many, its largest inputs: the cap would drop the rest
anyway.  Test generation and Verify's first run pick the same ones.
"""

from __future__ import annotations

from typing import Sequence

from microcoder_eval.types import TestCase


def precap_positions(tests: Sequence[TestCase], limit: int | None) -> list[int] | None:
    """The positions (in order) of the tests to run, or None when all of them run; ``limit``:
    Verify's ``VerifyConfig.precap_limit`` (None = no pre-cap)."""
    if limit is None or len(tests) <= limit:
        return None
    order = sorted(range(len(tests)), key=lambda t: (-len(tests[t].input), -len(tests[t].output), t))
    return sorted(order[:limit])
