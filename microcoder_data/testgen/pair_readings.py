"""Readings of values compared across lists as tuples; registered in ``line_readings.READINGS`` by
:data:`ENTRIES` (name, examples, how enforced, reading).  Each is a check on every drawn, large and
edited input and on every existing test (a draw breaking it is drawn again):

* ``(A[i],B[i]) != (C[i],D[i])``: at each position the two pairs differ (``differ_everywhere``);
* ``(A[i], B[i]) != (C[j], D[j])`` / ``A[i] != B[j]`` (every ``i`` and ``j``): no value (pair) of the
  one is a value (pair) of the other (``disjoint``).
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.conditions import is_number_list

__all__ = ["ENTRIES"]

_NAME = r"([A-Za-z_]\w*)"
_PAIRS = re.compile(rf"\({_NAME}\[(\w)\],\s*{_NAME}\[\2\]\) != \({_NAME}\[(\w)\],\s*{_NAME}\[\5\]\)")
_ACROSS = re.compile(rf"{_NAME}\[(\w)\] != {_NAME}\[(\w)\]")


def pairs_compared(reader: Any, text: str) -> bool | None:
    """``(A[i],B[i]) != (C[i],D[i])`` (same index: each position), ``(A[i], B[i]) != (C[j], D[j])`` and
    ``A[i] != B[j]`` (two indices: every pair of positions)."""
    m, one = _PAIRS.fullmatch(text), _ACROSS.fullmatch(text)
    if m:
        names, same = [m.group(1), m.group(3), m.group(4), m.group(6)], m.group(2) == m.group(5)
    elif one and one.group(2) != one.group(4):
        names, same = [one.group(1), one.group(3)], False
    else:
        return None
    if len(set(names)) != len(names) or not all(is_number_list(reader.nodes.get(n)) for n in names):
        return False  # (A_i, B_i) != (A_j, B_j): distinct pairs, conditions.read_distinct_pairs's
    reader.checks.append(f"{'differ_everywhere' if same else 'disjoint'}({', '.join(names)})")
    return True


ENTRIES = (
    (
        "pairs of lists compared, at each position or across all",
        ("(nums[i],vals[i]) != (u[i],v[i])", "(nums[i], vals[i]) != (u[j], v[j])", "nums[i] != vals[j]"),
        "checked",
        pairs_compared,
    ),
)
