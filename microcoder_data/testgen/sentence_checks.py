"""Checks of strings written by a small grammar (issue 37), functions of the spec language
(``spec_expr.FUNCTIONS``): words joined by single spaces, a clock time ``HH:MM``.  Each takes a
string or a list of them (nested: each string) and says whether every string holds it.
"""

from __future__ import annotations

from typing import Any


def _strings(value: Any) -> list[str]:
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def spaced_words(value: Any, single: bool, ends: bool) -> bool:
    """No two spaces side by side (``single``: words separated by a single space) and, with
    ``ends``, no space first or last (no leading or trailing spaces)."""
    return all(
        not (single and "  " in s) and not (ends and s[:1] == " " or ends and s[-1:] == " ") for s in _strings(value)
    )


def sum_all(value: Any) -> Any:
    """Every number of ``value`` and the lists nested in it, added up (``Sum of grid``: sums.py)."""
    return sum(sum_all(v) for v in value) if isinstance(value, list) else value


def column_distinct(rows: list[Any], *ks: int) -> bool:
    """No two rows hold the same values at positions ``ks`` (``All the values of starti are unique``,
    ``All pairs (ai, bi) are distinct`` of ``[ai, bi, weighti]``)."""
    seen = [repr([r[k] for k in ks]) for r in rows]
    return len(set(seen)) == len(seen)


def valid_date(year: Any, month: Any, day: Any) -> bool:
    """A day of the Gregorian calendar (``The given dates are valid dates``)."""
    if not all(isinstance(x, int) for x in (year, month, day)) or not 1 <= month <= 12 or day < 1:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return day <= (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[month - 1]


def _fits(text: str, hi: int) -> bool:
    """Two digits (a ``?`` any digit) that can be read as a number between 0 and ``hi``."""
    if len(text) != 2 or any(c != "?" and not c.isdigit() for c in text):
        return False
    return any(
        all(a == b or a == "?" for a, b in zip(text, f"{x:02d}")) for x in range(hi + 1)
    )  # fmt: skip


def clock_time(value: Any) -> bool:
    """``HH:MM`` of a 24-hour clock (00:00 to 23:59); a ``?`` stands for a digit that makes it one."""
    return all(len(s) == 5 and s[2] == ":" and _fits(s[:2], 23) and _fits(s[3:], 59) for s in _strings(value))
