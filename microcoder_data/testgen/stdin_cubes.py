"""A three-index array in an AtCoder format block, one line per (layer, row)::

    A_{1,1,1} A_{1,1,2} ... A_{1,1,N}
    A_{1,2,1} A_{1,2,2} ... A_{1,2,N}
    ...
    A_{1,N,1} A_{1,N,2} ... A_{1,N,N}
    ...
    A_{N,N,1} A_{N,N,2} ... A_{N,N,N}

read as a grid of (layers x rows) lines of the last index's width: the same tokens in the same
order, so parsing and writing out need nothing new.  A constraint naming a cell by its three
indices is read only as a range of every cell (``0 <= A_{x,y,z} <= 999 (1 <= x, y, z <= N)``,
rewritten as the grid's ``A_{i,j}``); any other line about the cells is left as it is, which the
reader does not understand: generation stops.
"""

from __future__ import annotations

import re

_DOTS = (":", "...", "⋮")
_CELL3 = re.compile(
    r"([A-Za-z][A-Za-z0-9]*)_\{\s*([A-Za-z0-9+\-]+)\s*,\s*([A-Za-z0-9+\-]+)\s*,\s*([A-Za-z0-9+\-]+)\s*\}"
)


def _row(line: str) -> tuple[str, str, str, str] | None:
    """``A_{x,y,1} A_{x,y,2} ... A_{x,y,W}`` -> (A, x, y, W), or None."""
    line = re.sub(r"\\[lc]?dots|\.\.\.", " ... ", line)
    cells = list(_CELL3.finditer(line))
    if len(cells) < 2 or _CELL3.sub(" ", line).replace("...", " ").strip() or "..." not in line:
        return None
    heads = {(c.group(1), c.group(2), c.group(3)) for c in cells}
    if len(heads) != 1 or cells[0].group(4) != "1" or cells[1].group(4) != "2":
        return None
    return cells[0].group(1), cells[0].group(2), cells[0].group(3), cells[-1].group(4)


def read_cube(block: list[str], i: int) -> tuple[str, str, str, int] | None:
    """A three-index array from ``block[i]`` -> (its name, its lines as an expression, the width,
    lines used), or None."""
    first = _row(block[i])
    if first is None or first[1:3] != ("1", "1"):
        return None
    j, last = i + 1, first
    while j < len(block):
        row = _row(block[j])
        if row is not None and row[0] == first[0] and row[3] == first[3]:
            last = row
        elif block[j] not in _DOTS:
            break
        j += 1
    while block[j - 1] in _DOTS:
        j -= 1  # dots after the array belong to what follows
    layers, rows = last[1], last[2]
    if not (re.fullmatch(r"[A-Za-z]\w*", layers) and re.fullmatch(r"[A-Za-z]\w*", rows)) or j - i < 5:
        return None
    return first[0], f"{layers} * {rows}", first[3], j - i


def cube_range(line: str, grids: set[str]) -> str | None:
    """``0 <= A_{x,y,z} <= 999 (1 <= x, y, z <= N)`` -> ``0 <= A_{i,j} <= 999`` where ``A`` is a
    grid read from three indices; None for any other line."""
    m = re.fullmatch(
        r"\s*(\S+)\s*(<=|<)\s*([A-Za-z][A-Za-z0-9]*)_\{\s*[a-z]\s*,\s*[a-z]\s*,\s*[a-z]\s*\}\s*(<=|<)\s*([^()]+?)"
        r"\s*(?:\(\s*1\s*<=\s*[a-z]\s*,\s*[a-z]\s*,\s*[a-z]\s*<=\s*\w+\s*\))?\s*\.?\s*",
        line,
    )
    if not m or m.group(3) not in grids:
        return None
    return f"{m.group(1)} {m.group(2)} {m.group(3)}_{{i,j}} {m.group(4)} {m.group(5)}"
