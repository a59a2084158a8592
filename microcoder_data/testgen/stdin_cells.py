"""Cell and subscript notation in AtCoder format lines, made plain before the layout is read:
a subscript as one token (``A_{N - 1}``, ``P[0][N-1]``), and block rows of cells whose
second index is written (``X_{1,1} Y_{1,1} X_{1,2} Y_{1,2}``) as columns ``X1 Y1 X2 Y2``, with the
constraints' ``X_{i,1}`` named alike."""

from __future__ import annotations

import re


def subscripts(line: str) -> str:
    """A subscript as one token: ``A_{N - 1}`` -> ``A_{N-1}``, ``P[0][N-1]`` -> ``P_{0,N-1}`` (``B_{1,{K_1}}``:
    statement_text.plain_latex)."""
    line = re.sub(r"\b([A-Za-z][A-Za-z0-9]*)\[([^\[\]]+)\]\[([^\[\]]+)\]", r"\1_{\2,\3}", line)
    line = re.sub(r"\b([A-Za-z][A-Za-z0-9]*)\[([^\[\]]+)\]", r"\1_{\2}", line)
    return re.sub(r"_\{([^{}]*)\}", lambda m: "_{" + re.sub(r"\s+", "", m.group(1)) + "}", line)


_LITERAL_CELL = re.compile(r"([A-Za-z][A-Za-z0-9]*)_\{([A-Za-z0-9+\-]+),(\d)\}")


def numbered_columns(line: str) -> str:
    """A block row of cells with a written second index and several names (``X_{1,1} Y_{1,1} X_{1,2}
    Y_{1,2}``) as columns named by both (``X1_{1} Y1_{1} X2_{1} Y2_{1}``); any other line as it is."""
    cells = [_LITERAL_CELL.fullmatch(t) for t in line.split()]
    if len(cells) < 2 or not all(cells) or len({c.group(1) for c in cells}) < 2:  # type: ignore[union-attr]
        return line
    return " ".join(f"{c.group(1)}{c.group(3)}_{{{c.group(2)}}}" for c in cells)  # type: ignore[union-attr]


def numbered_cells(line: str, names: set[str]) -> str:
    """``X_{i,1}`` in a constraint -> ``X1_i`` where the block's column ``X1`` is that cell."""
    return re.sub(
        r"\b([A-Za-z][A-Za-z0-9]*)_\{\s*([a-z])\s*,\s*(\d)\s*\}",
        lambda m: (
            f"{m.group(1)}{m.group(3)}_{m.group(2)}"
            if m.group(1) + m.group(3) in names and m.group(1) not in names
            else m.group(0)
        ),
        line,
    )
