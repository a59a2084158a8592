"""The ranges an existing test breaks (``spec_model.check_existing`` records each test that breaks
the reading, with the first range of constant side it is out of): what ``upstream_tests`` reads to
say whether the test or the reading is wrong."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from microcoder_data.testgen.spec_expr import _NOT_CONSTANT, constant_value


@dataclass(frozen=True)
class Break:
    """One existing test that breaks the reading, as ``check_existing`` found it."""

    test: int | None  # its index in the problem's tests; None where that is not known (one case of several)
    label: str  # how the refusal names it ("test 3")
    why: str  # the first rule it breaks
    bound: "OutOfRange | None"  # a range with a constant side it breaks on that side, if any (:func:`bound_break`)


@dataclass(frozen=True)
class OutOfRange:
    at: str  # what is out of its range: ``nums[9]``, ``len(s)``
    value: Any
    lo: str | None
    hi: str | None

    def __str__(self) -> str:
        return f"{self.at}={self.value} outside [{self.lo}, {self.hi}]"


def bound_break(node: Any, value: Any, where: str) -> OutOfRange | None:
    """The first range with a constant side that ``value`` breaks on that side (``node``: a
    ``spec_model.Node``, which imports this module) -- a number's value,
    a string's or list's length, at any depth -- or None.  Bounds naming other inputs do not count:
    which of them is wrong, the test or the reading of the relation, the test alone cannot say; nor
    does a value that a number read as a scraped power would allow (:func:`_widest`)."""
    if node.kind in ("int", "float") and isinstance(value, (int, float)) and not isinstance(value, bool):
        return None if node.choices is not None else _outside(value, node.lo, node.hi, where)
    if node.kind not in ("str", "list") or not isinstance(value, (str, list)):
        return None
    if node.choices is None:
        out = _outside(len(value), node.len_lo, node.len_hi, f"len({where})")
        if out:
            return out
    if not isinstance(value, list):
        return None
    if node.items is not None:
        parts = list(zip(node.items, value)) if len(node.items) == len(value) else []
    else:
        parts = [(node.elem, x) for x in value] if node.elem is not None else []
    return next((out for i, (n, x) in enumerate(parts) if (out := bound_break(n, x, f"{where}[{i}]"))), None)


def _outside(value: Any, lo: str | None, hi: str | None, where: str) -> OutOfRange | None:
    """``value`` beyond a constant side of ``[lo, hi]``, each read at its widest (None: within)."""
    low, high = _widest(lo, min), _widest(hi, max)
    if (low is not None and value < low) or (high is not None and value > high):
        return OutOfRange(where, value, lo, hi)
    return None


# A number that may be a power whose superscript a scrape lost (``2^30`` as ``230``, ``10^5`` as
# ``105``; constraints._fix_numbers reads the common ones so, never all): a value within the power
# may be the reading's mistake, not the test's.
_POWER_LOST = re.compile(r"(?<![\w.*])(10|2)([1-9]\d?)(?![\w.*])")


def _widest(bound: str | None, pick: Any) -> Any:
    """A constant side's value, or its value with every number that may be a scraped power read
    as one, whichever is wider (``pick``: min for a lower side, max for an upper); None when the
    side names an input or is not set."""
    value = constant_value(bound) if bound else _NOT_CONSTANT
    if value is _NOT_CONSTANT:
        return None
    powers = constant_value(_POWER_LOST.sub(lambda m: f"{m.group(1)}**{m.group(2)}", bound))  # type: ignore[arg-type]
    return value if powers is _NOT_CONSTANT else pick(value, powers)
