"""Checks of promised clauses (promise_clauses.py) that the expression language calls by name
(``spec_expr.FUNCTIONS``): plain functions of an input's value, no reading here."""

from __future__ import annotations

from decimal import Decimal
from typing import Any


def adjacent_differ_but(values: Any, free: str) -> bool:
    """No two neighbours equal, but where both are ``free`` (``no consecutive repeating characters
    except for '?'``)."""
    return all(a != b or a == free for a, b in zip(values, values[1:]))


def _running_within(values: list[int], lo: int, hi: int) -> bool:
    """Every product of a first run of ``values`` (``values[:1]``, ``values[:2]``, ...) within [lo, hi]."""
    product = 1
    for v in values:
        product *= v
        if not lo <= product <= hi:
            return False  # out already: the next products are this one's multiples (or 0 after a 0, still out here)
    return True


def products_within(values: list[int], runs: str, lo: int, hi: int) -> bool:
    """Every product of a prefix, suffix or subarray (``runs``: the words, e.g. ``"prefix suffix"``) of
    ``values`` within [lo, hi].  A subarray's product is at most, in size, that of the zero-free stretch
    holding it (itself a subarray), so each stretch's size is checked against the narrower side of the
    range: linear in the length, and strict only where a stretch's product is exactly ``lo`` (refused)."""
    if "prefix" in runs and not _running_within(values, lo, hi):
        return False
    if "suffix" in runs and not _running_within(values[::-1], lo, hi):
        return False
    if "subarray" in runs:
        stretch: list[int] = []
        for v in [*values, 0]:
            if v != 0:
                stretch.append(v)
                continue
            size = 1
            for x in stretch:
                size *= abs(x)
                if size > min(-lo, hi):  # a subarray of this size: its sign decides, so be strict
                    return False
            stretch = []
    return True


def decimals_at_most(value: Any, places: int) -> bool:
    """Every number of ``value`` (a number or a list of them) written with at most ``places`` digits after
    the decimal point (as its shortest form, ``repr``, writes it: ``2.7``, ``1e-05``)."""
    if isinstance(value, list):
        return all(decimals_at_most(v, places) for v in value)
    exponent = Decimal(repr(value)).normalize().as_tuple().exponent
    return isinstance(exponent, int) and -exponent <= places
