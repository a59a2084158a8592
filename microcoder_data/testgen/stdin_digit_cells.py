"""Cells of a grid written joined (``A_{1,1}A_{1,2}... A_{1,N}``): each row is one string, each cell one
character, so a numeric statement of a cell (``0 <= A[i][j] <= 1``, ``A[i][j] is either 0 or 1``) is a
statement of which digit characters the rows hold (``A[i][j] is either '0' or '1'``): drawn as the rows'
alphabet and checked on every input like any alphabet.  Only one-digit constants are read so; anything
else is left as it was (and refused by the reader: a range on a string)."""

from __future__ import annotations

import re

__all__ = ["digit_cells"]

_CELL = r"([A-Za-z]\w*)\[i\]\[j\]"
_DIGIT = r"(\d)"


def digit_cells(line: str, joined: set[str]) -> str:
    """``line`` with a digit range or choice of a joined grid's cell written as the characters it allows."""
    m = re.fullmatch(rf"{_DIGIT} (<=|<) {_CELL} (<=|<) {_DIGIT}", line)
    if m and m.group(3) in joined:
        lo = int(m.group(1)) + (m.group(2) == "<")
        hi = int(m.group(5)) - (m.group(4) == "<")
        digits = [str(d) for d in range(lo, hi + 1)]
        return _choice(m.group(3), digits) if digits else line
    m = re.fullmatch(rf"{_CELL} is (?:either )?(\d(?:(?:,|,? or) \d)*)", line)
    if m and m.group(1) in joined and " or " in m.group(2):
        return _choice(m.group(1), re.findall(r"\d", m.group(2)))
    return line


def _choice(name: str, digits: list[str]) -> str:
    if len(digits) == 1:
        return f"{name}[i][j] is either '{digits[0]}'"
    return f"{name}[i][j] is either " + " or ".join(f"'{d}'" for d in digits)
