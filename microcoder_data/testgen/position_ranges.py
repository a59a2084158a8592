"""A bound that holds at a range of positions only: ``1 <= patience[i] <= 10^5 for 1 <= i < n``
(``patience[0] == 0`` stated on its own line), AtCoder's ``A_i >= 1 (2 <= i <= N)``.  The range must
run to the list's end; the positions before it are bounded by other lines only, so each needs a
value stated already: one constant every such position holds (``patience[0] == 0``, read before as
a check: lines with ``==`` are read first), or a bound of every element read before.  Read so, the
element's bounds differ by position (``where(1 <= _i, 1, 0)``: drawn at every position, and checked
on every existing input, as any element bound); a range other than a head cut off, or positions
before it with no stated value, refuse the line.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from microcoder_data.testgen.spec_expr import evaluate
from microcoder_data.testgen.spec_model import ELEMENT_INDEX, is_number_list

_RANGE = r"(?P<lo>\S+) (?P<lop><=|<) (?P<v>[a-z]) (?P<hip><=|<) (?P<hi>[^()]+?)"
_QUALIFIED = (  # "B for 1 <= i < n", "B where ...", "B (2 <= i <= N)"
    re.compile(rf"(?P<body>.+?),? (?:for|where|when|if) (?:all |every |each |any )?{_RANGE}"),
    re.compile(rf"(?P<body>.+?) \({_RANGE}\)"),
)
_FLIP = {">": "<", ">=": "<="}


def _qualified(text: str) -> re.Match | None:
    return next((m for p in _QUALIFIED if (m := p.fullmatch(text))), None)


def _chain(reader: Any, body: str, var: str) -> tuple[str, list[str], list[str]] | None:
    """(the list, the chain's terms, its ops ``<`` / ``<=``) of a chain bounding one element
    ``X[var]`` of a flat number list by terms naming no element; else None."""
    parts = re.split(r"\s*(<=|>=|<|>)\s*", body)
    terms, ops = parts[0::2], parts[1::2]
    if all(o in _FLIP for o in ops):
        terms, ops = terms[::-1], [_FLIP[o] for o in reversed(ops)]
    if not 2 <= len(terms) <= 3 or any(o not in ("<", "<=") for o in ops):
        return None
    element = re.compile(rf"([A-Za-z_]\w*)\[\s*{var}\s*\]")
    found = [m for t in terms if (m := element.fullmatch(t.strip()))]
    if len(found) != 1 or not is_number_list(reader.nodes.get(found[0].group(1))):
        return None
    if sum("[" in t for t in terms) != 1:
        return None  # another element named: a relation, not a bound (relation_grammar's)
    return found[0].group(1), terms, ops


def _head(reader: Any, name: str, m: re.Match) -> int | None:
    """How many positions (from 0) before the range, where the range runs to the list's end; else None."""
    if not re.fullmatch(r"\d+", m.group("lo")):
        return None
    head = int(m.group("lo")) + (m.group("lop") == "<") - reader.first_index
    end = f"({reader.expr(m.group('hi'))}) + {int(m.group('hip') == '<=')} - {reader.first_index}"
    node = reader.nodes[name]
    size = reader.bounds.get((name, 0, "len"), {}).get("eq") or (node.len_lo if node.len_lo == node.len_hi else None)
    for v in (5, 9):  # the end evaluates to the list's length, whatever the length
        env = {name: [0] * v, **({size: v} if size and re.fullmatch(r"[A-Za-z_]\w*", size) else {})}
        try:
            if evaluate(end, env) != v:
                return None
        except Exception:  # names something other than the list's length
            return None
    return head if head >= 1 else None


def _stated(reader: Any, name: str, head: int) -> tuple[str, str] | None:
    """(lo, hi) every position before the range holds: one constant stated for each (a check read
    before, ``patience[0] == 0``), else the bounds of every element read before; else None."""
    fixed = {k: v for check in reader.checks for k, v in _fixed_cells(check, name)}
    values = {fixed.get(k) for k in range(head)}
    if len(values) == 1 and None not in values:
        v = str(values.pop())
        return v, v
    every = reader.bounds.get((name, 1, "val"), {})
    return (every["lo"], every["hi"]) if "lo" in every and "hi" in every else None


def _fixed_cells(check: str, name: str) -> list[tuple[int, int]]:
    """(position, constant) of each ``name[k] == c`` the check requires (one of its top-level ``and``s)."""
    tree = ast.parse(check, mode="eval").body
    out = []
    for part in tree.values if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And) else [tree]:
        if not isinstance(part, ast.Compare) or [type(o) for o in part.ops] != [ast.Eq]:
            continue
        cell, value = part.left, _number(part.comparators[0])
        if isinstance(cell, ast.Subscript) and isinstance(cell.value, ast.Name) and cell.value.id == name:
            position = _number(cell.slice)
            if position is not None and value is not None:
                out.append((position, value))
    return out


def _number(node: ast.expr) -> int | None:
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return None
    return value if type(value) is int else None


def read_position_range(reader: Any, text: str) -> bool | None:
    """A bound of one element over a range of positions (module doc); None where the line is not one."""
    m = _qualified(text)
    chain = _chain(reader, m.group("body"), m.group("v")) if m else None
    if chain is None:
        return None
    name, terms, ops = chain
    head = _head(reader, name, m)
    outside = _stated(reader, name, head) if head is not None else None
    if outside is None:
        return False  # positions no line bounds, or a range not read: refused
    integer = reader.nodes[name].elem.kind == "int"
    inside = f"{head} <= {ELEMENT_INDEX}"
    at = next(k for k, t in enumerate(terms) if "[" in t)
    if at > 0:  # a lower end
        lo = reader.expr(terms[at - 1]) + (" + 1" if ops[at - 1] == "<" and integer else "")
        reader.set_bound((name, 1, "val"), "lo", f"where({inside}, {lo}, {outside[0]})")
    if at < len(terms) - 1:  # an upper end
        hi = reader.expr(terms[at + 1]) + (" - 1" if ops[at] == "<" and integer else "")
        reader.set_bound((name, 1, "val"), "hi", f"where({inside}, {hi}, {outside[1]})")
    return True


ENTRIES = (
    (
        "a bound over a range of positions, the positions before it stated",
        (  # each after its positions' own line (tests/test_testgen_line_readings.py: _READ_BEFORE)
            "1 <= nums[i] <= 100 for 1 <= i < nums.length",
            "vals[i] >= 1 for 1 <= i < vals.length",
            "1 <= arr[i] <= 10 (2 <= i < arr.length)",
        ),
        "drawn and checked",
        read_position_range,
    ),
)
