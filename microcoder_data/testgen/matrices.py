"""Constraint lines about a square matrix's cells by position rather than every element:
``A[i][j] == A[j][i]`` (symmetric), ``A[i][i] == 0`` / ``For all i grid[i][i] is 0`` (its
diagonal), enforced by the drawer (the upper triangle mirrored, the diagonal set) and the
validator (``spec_model.matrix_violation``).

And the rule that keeps the range reading honest: a reference's index names are dropped when it
becomes a bound (``A[i][j]`` bounds every element), so a line that names one list at a repeated
position (``A[i][i]``) or at two different ones (``A[i][j]`` and ``A[j][i]``) is no bound of every
element; :func:`names_cells_by_position` says so, and such a line is read here or not at all.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_model import Node

_CELL = r"([A-Za-z_]\w*)\[\s*([a-z])\s*\]\[\s*([a-z])\s*\]"
_SYMMETRIC = re.compile(rf"{_CELL} == {_CELL}")
_DIAGONAL = re.compile(rf"(?:for (?:all|every|each) ([a-z]),? )?{_CELL} (?:==|is|=) (-?\d+)", re.I)
_INDEXED = re.compile(r"\b([A-Za-z_]\w*)((?:\[\s*\w+\s*\])+)")


def _matrix(reader: Any, name: str) -> Node | None:
    """``name``'s node when it is a list of lists of integers (a matrix the drawer can square)."""
    node = reader.nodes.get(name)
    if node is None or node.kind != "list" or node.elem is None or node.elem.kind != "list":
        return None
    return node if node.elem.elem is not None and node.elem.elem.kind == "int" else None


def read_matrix(reader: Any, text: str) -> bool | None:
    """True: a symmetric-matrix or diagonal line read; False: one of those phrasings on
    something that is not a matrix of integers; None: not such a line."""
    m = _SYMMETRIC.fullmatch(text)
    if m and m.group(1) == m.group(4) and m.group(2, 3) == m.group(6, 5) and m.group(2) != m.group(3):
        node = _matrix(reader, m.group(1))
        if node is None:
            return False
        node.symmetric = True
        return True
    m = _DIAGONAL.fullmatch(text)
    if m and m.group(3) == m.group(4) and m.group(1) in (None, m.group(3)):
        node = _matrix(reader, m.group(2))
        if node is None or node.diagonal not in (None, int(m.group(5))):
            return False
        node.diagonal = int(m.group(5))
        return True
    return None


def names_cells_by_position(reader: Any, text: str) -> bool:
    """Does ``text`` name a list of the input at a repeated index (``A[i][i]``) or at two
    different index patterns (``A[i][j]``, ``A[j][i]``)?  Fixed positions (``edges[i][0]``)
    count as one pattern: they name a tuple's parts, not cells."""
    seen: dict[tuple[str, int], tuple[str, ...]] = {}
    for m in _INDEXED.finditer(text):
        if m.group(1) not in reader.nodes:
            continue
        idx = tuple("#" if i.isdigit() else i for i in re.findall(r"\[\s*(\w+)\s*\]", m.group(2)))
        letters = [i for i in idx if i != "#"]
        if len(set(letters)) < len(letters):
            return True
        if seen.setdefault((m.group(1), len(idx)), idx) != idx:
            return True
    return False
