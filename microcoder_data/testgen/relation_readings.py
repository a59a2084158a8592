"""Readings of relation lines in LeetCode's notation that the range reader does not take as
written (issue 37: the most frequent refused shapes of the dev statements), registered in
``line_readings.READINGS`` with their example phrasings.  Each returns True (read), False (the
phrasing, on something it cannot hold: the line is refused) or None (not its phrasing).
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.index_base import numbers_from_one

_IDENT = re.compile(r"[A-Za-z_]\w*")
_CELL = re.compile(r"([A-Za-z_]\w*)((?:\[[^\[\]]+\])+)")
_CONSTANT = re.compile(r"-?\d+|'.'|\".\"")


def single_equals(reader: Any, text: str) -> bool | None:
    """``n = board[i].length``, ``nums1.length = nums2.length``: ``=`` written for ``==``; read
    as the equality (drawn so, as every equality of sizes and values)."""
    if not re.search(r"(?<![<>=!])=(?!=)", text) or re.search(r"==|!=|<|>", text):
        return None
    if len(re.findall(r"(?<![<>=!])=(?!=)", text)) != 1 or re.search(r"['\"]|= ?\[", text):
        return None  # ``edges[i] = [ui, vi]`` names positions (scan_aliases), no equality
    return reader.range_or_condition(re.sub(r"\s*=\s*", " == ", text))


_OWN_POSITION = (  # (phrasing, whether it speaks of each row's elements)
    (re.compile(r"([A-Za-z_]\w*)\[i\] != i(?: for (?:all|every|each) (?:valid )?i)?"), False),
    (re.compile(r"i != ([A-Za-z_]\w*)\[i\]"), False),
    (re.compile(r"([A-Za-z_]\w*)\[i\]\[j\] != i"), True),
    (re.compile(r"([A-Za-z_]\w*)\[([a-z])\] (?:does not|doesn't) contain \2"), True),
)


def differs_from_position(reader: Any, text: str) -> bool | None:
    """``edges[i] != i``, ``graph[i][j] != i``, ``graph[u] does not contain u``: no element equals
    its own position (LeetCode's from 0, AtCoder's ``A_i != i`` from 1: ``reader.first_index``),
    of a list or of each row of a list of lists (the row's position): a check."""
    found = next(((m, rows) for pattern, rows in _OWN_POSITION for m in [pattern.fullmatch(text)] if m), None)
    if found is None:
        return None
    name, depth = found[0].group(1), 2 if found[1] else 1
    node = reader.nodes.get(name)
    for _ in range(depth):
        node = node.elem if node is not None and node.kind == "list" else None
    if node is None or node.kind != "int" or (numbers_from_one(reader.statement) and not reader.first_index):
        return False  # (a statement numbering lists from 1 in LeetCode's notation: which position, unsure)
    reader.checks.append(f"differs_from_position({name}, {depth}, {reader.first_index})")
    return True


def fixed_cells(reader: Any, text: str) -> bool | None:
    """``grid[0][0] == grid[m - 1][n - 1] == 0``, ``obstacles[0] == obstacles[n] == 0``, ``s[0] != 'i'``: numbers
    at stated positions hold a constant; checked (a draw that breaks it is dropped).  Every name
    in a position is an input or a size; a character too (``s[0] == '0'``, once read as a bound
    of the whole string, which no draw kept)."""
    pairs = _cell_equalities(text)
    if pairs is None or reader.first_index:
        return None  # positions written from 0 only (LeetCode's ``grid[0][0]``)
    if numbers_from_one(reader.statement):
        return False  # "a 1-indexed array nums": ``nums[1]`` the first element or the second, unsure
    parts = []
    for cell, op, value in pairs:
        m = _CELL.fullmatch(cell)
        node = reader.nodes.get(m.group(1))
        positions = re.findall(r"\[([^\[\]]+)\]", m.group(2))
        if any(re.fullmatch(r"[a-z]", p.strip()) and p.strip() not in reader.nodes for p in positions):
            return None  # ``nums[i] == 1``: every element, no stated position
        names = {w for p in positions for w in _IDENT.findall(p) if w != "length"}
        if node is None or not names <= set(reader.nodes) or not _deep_enough(node, len(positions), value):
            return False
        index = "".join(f"[{reader.expr(p)}]" for p in positions)
        parts.append(f"{m.group(1)}{index} {op} {value}")
    reader.checks.append(" and ".join(parts))
    return True


def _cell_equalities(text: str) -> list[tuple[str, str, str]] | None:
    """(cell, ``==`` or ``!=``, constant) of ``A[..] == B[..] == c``, ``A[..] == c and B[..] == d``
    or ``s[0] != 'a'``."""
    cell = r"[A-Za-z_]\w*(?:\[[^\[\]]+\])+"
    chain = re.fullmatch(rf"((?:{cell} == )+)({_CONSTANT.pattern})", text)
    if chain:
        return [(c, "==", chain.group(2)) for c in re.findall(cell, chain.group(1))]
    pieces = re.split(r",? and ", text)
    found = [re.fullmatch(rf"({cell}) (==|!=) ({_CONSTANT.pattern})", p.strip()) for p in pieces]
    if not all(found):
        return None
    return [(f.group(1), f.group(2), f.group(3)) for f in found if f]


def _deep_enough(node: Any, depth: int, value: str) -> bool:
    """Whether ``depth`` indexes into ``node`` reach an element of the constant's kind."""
    for k in range(depth):
        if node.kind == "str":
            return k == depth - 1 and value[0] in "'\""
        if node.kind != "list" or node.elem is None:
            return False
        node = node.elem
    return node.kind == "int" and value[0] not in "'\""


def size_multiple(reader: Any, text: str) -> bool | None:
    """``2 * n == costs.length``, ``2n == row.length``: a length fixed by an expression written
    first; read as ``costs.length == 2 * n`` (drawn so)."""
    m = re.fullmatch(r"(\d+) ?\*? ?([A-Za-z_]\w*) == ([A-Za-z_]\w*(?:\[\w+\])*\.length)", text)
    if not m or reader.ref(m.group(3)) is None or m.group(2) in reader.args:
        return None
    return reader.range_or_condition(f"{m.group(3)} == {m.group(1)} * {m.group(2)}")


def length_of_no_input(reader: Any, text: str) -> bool | None:
    """``n == grid.length`` where ``grid`` is no input and every input is a number: the statement
    names the size of something the program builds, which constrains no input (nothing to enforce)."""
    m = re.fullmatch(r"([A-Za-z_]\w*) == ([A-Za-z_]\w*)(?:\[\w+\])*\.length", text)
    if not m or m.group(1) not in reader.args or m.group(2) in reader.nodes:
        return None
    if any(reader.nodes[a].kind not in ("int", "float") for a in reader.args):
        return None  # a list or string the statement may name otherwise: not this reading
    return True
