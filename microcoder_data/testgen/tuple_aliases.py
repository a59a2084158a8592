"""Names for the positions of a fixed-length input that the statement gives outside ``edges[i] = [ui,
vi]`` (structures.scan_aliases' form): a flat list named whole (``location = [posx, posy]``, ``target =
[x, y, z]``, ``startPos = [startrow, startcol]``), and a family of numbered inputs named at once (``The
coordinate of a point pi is represented as [xi, yi]`` of the arguments ``p1`` ... ``p4``: ``xi`` is
position 0 of each).  A bound on such a name bounds that position (structures.make_items draws each
position by its own bounds and checks them on every input).
"""

from __future__ import annotations

import re

from microcoder_data.testgen.spec_model import Node

_NAMES = r"([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)"
_WHOLE = re.compile(rf"(?<![\w\]])([A-Za-z_]\w*)\s*={{1,2}}\s*\[\s*{_NAMES}\s*\]")
_FAMILY = re.compile(rf"\b([A-Za-z_]\w*?)i\s+(?:=|==|is represented as|is|represents)\s+\[\s*{_NAMES}\s*\]")


def _flat(node: Node | None) -> bool:
    """A list of numbers or strings (not of lists): its positions are values."""
    return node is not None and node.kind == "list" and node.elem is not None and node.elem.kind != "list"


def whole_list_aliases(statement: str, nodes: dict[str, Node]) -> list[tuple[str, tuple[str, int, int]]]:
    """``location = [posx, posy]``: (``posy``, (``location``, 1, 1)) for each name not an input."""
    out = []
    for m in _WHOLE.finditer(statement):
        if _flat(nodes.get(m.group(1))):
            out += [(a, (m.group(1), 1, k)) for k, a in enumerate(re.split(r"\s*,\s*", m.group(2))) if a not in nodes]
    return out


def family_aliases(statement: str, nodes: dict[str, Node]) -> dict[str, list[tuple[str, int, str]]]:
    """``a point pi is represented as [xi, yi]`` with inputs ``p1``, ``p2``, ... (at least two, each a
    flat list, numbered from 1 without a gap): ``xi`` -> position 0 of each.  Only names that end in
    ``i`` as the family's does; a name two statements give differently is dropped (ambiguous)."""
    found: dict[str, set[tuple[tuple[str, int, str], ...]]] = {}
    for m in _FAMILY.finditer(statement):
        stem, names = m.group(1), re.split(r"\s*,\s*", m.group(2))
        members = []
        while _flat(nodes.get(f"{stem}{len(members) + 1}")):
            members.append(f"{stem}{len(members) + 1}")
        if len(members) < 2 or any(not a.endswith("i") or a in nodes for a in names):
            continue
        for k, a in enumerate(names):
            found.setdefault(a, set()).add(tuple((p, 1, f"@{k}") for p in members))
    return {a: list(next(iter(v))) for a, v in found.items() if len(v) == 1}
