"""Readings of lines that say some value exists in an input (``There is at least one element i where
nums[i] == 0``, ``A has at least one multiple of K``, ``For each x in {1, 2, 3}, there exists some i
with A[i] == x``), registered in ``line_readings.READINGS`` with their examples (issue 37).  A random
draw seldom holds one, so each is a witness (witnesses.py): placed at a random position after the
draw, and checked on every input.  ``at least two houses have different colors``: not all values
equal, a check.  Each returns True (read), False (the phrasing, on something it cannot hold) or None.
"""

from __future__ import annotations

import re
from typing import Any

_CELL = re.compile(r"([A-Za-z_]\w*)((?:\[[a-z]\])*)")
_SOME = (
    r"(?:there (?:is|exists) (?:at least one|some|an?) (?:element |index |position |cell |pair )?"
    r"(?:\(?[a-z](?:, ?[a-z])?\)? )?(?:where|such that|with|for which)|for some (?:\(?[a-z](?:, ?[a-z])?\)?,?))"
)


def _witness_of(reader: Any, cell: str, relation: str, value: str) -> bool:
    """Add the witness ``some scalar of cell's list relation value`` (False: not one it can hold);
    ``cell`` indexed to its scalars (``S[i][j]``), or bare (``A``: any of them)."""
    m = _CELL.fullmatch(cell)
    node = reader.nodes.get(m.group(1)) if m else None
    if node is None or node.kind not in ("list", "str"):
        return False
    leaf, depth = node, 0
    while leaf.kind == "list" and leaf.elem is not None:
        leaf, depth = leaf.elem, depth + 1
    indexes = m.group(2).count("[")
    if leaf.kind == "str":
        depth += 1  # a string's characters
        one = re.fullmatch(r"'(.)'|\"(.)\"|([^\w\s'\"])", value)
        named = reader.nodes.get(value)  # ``c occurs in s``: a character that is an input, drawn first
        if relation != "==" or not (one or (named is not None and named.kind == "str")):
            return False
        value = repr(one.group(1) or one.group(2) or one.group(3)) if one else value
    elif leaf.kind != "int" or relation not in ("==", "!=", "<", "<=", ">", ">=", "multiple", "prime"):
        return False
    else:
        try:
            value = reader.expr(value) if value else ""
        except Exception:  # noqa: BLE001 -- a value the reader cannot name: not this phrasing
            return False
    if indexes not in (0, depth):
        return False
    if (relation, value) not in (node.witness or []):  # a promise that repeats a Constraints line
        node.witness = [*(node.witness or []), (relation, value)]
    return True


def some_value(reader: Any, text: str) -> bool | None:
    """``There is at least one element i where nums[i] == 0``, ``there is at least one index i such
    that nums[i] >= k``, ``There is at least one (i,j) such that S[i][j] = .``: a witness."""
    m = re.fullmatch(rf"{_SOME} ([A-Za-z_]\w*(?:\[[a-z]\])+) ?(==|=|!=|>=|<=|>|<) ?(.*)", text, re.I)
    if not m:
        return None
    relation = "==" if m.group(2) == "=" else m.group(2)
    # ``S[i][j] = .``: the reader strips a line's closing dot; a wrong guess breaks the examples
    return _witness_of(reader, m.group(1), relation, m.group(3).strip() or ".")


def each_value_present(reader: Any, text: str) -> bool | None:
    """``For each x in {1, 2, 3}, there exists some i with A[i] == x``: a witness of each value."""
    m = re.fullmatch(
        r"for (?:each|every|all) ([a-z]) (?:in|\\in) (?:\\lbrace|\{) ?(.+?) ?(?:\\rbrace|\}),? there (?:exists|is) "
        r"(?:some|an?|at least one) [a-z] (?:with|such that|where) ([A-Za-z_]\w*(?:\[[a-z]\])+) ?={1,2} ?\1",
        text,
        re.I,
    )
    if not m:
        return None
    values = [v.strip() for v in m.group(2).split(",")]
    return all(_witness_of(reader, m.group(3), "==", v) for v in values)


def some_kind_of_value(reader: Any, text: str) -> bool | None:
    """``A has at least one multiple of K``, ``the number of prime numbers in the nums is at least
    one``, ``nums contains at least one prime number``: a witness."""
    m = re.fullmatch(
        r"([A-Za-z_]\w*) (?:has|contains) at least one (multiple of .+|prime(?: number)?|even|odd)"
        r"(?: (?:number|integer|element))?"
        r"|the number of prime (?:numbers|integers|elements) in (?:the )?([A-Za-z_]\w*) is at least (?:one|1)",
        text,
        re.I,
    )
    if not m:
        return None
    name, what = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), "prime")
    if what.startswith("multiple of "):
        return _witness_of(reader, name, "multiple", what[len("multiple of ") :])
    if what in ("even", "odd"):
        return None  # a remainder is not a relation here
    return _witness_of(reader, name, "prime", "")


def not_all_equal(reader: Any, text: str) -> bool | None:
    """``at least two houses have different colors``: the named list's values are not all equal (a check)."""
    m = re.fullmatch(r"at least two \w+ (?:have|has) (?:different|distinct) ([A-Za-z_]\w*)", text, re.I)
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if node is None or node.kind != "list" or node.elem is None or node.elem.kind not in ("int", "str"):
        return False
    reader.checks.append(f"min({m.group(1)}) != max({m.group(1)})")
    return True


def some_word(reader: Any, text: str) -> bool | None:
    """``There will be at least one word in s``, ``text contains at least one word``: some character of
    the string is no space (a check)."""
    m = re.fullmatch(
        r"there (?:is|will be) at least one word in ([A-Za-z_]\w*)|([A-Za-z_]\w*) (?:contains|has) at least one word",
        text,
        re.I,
    )
    if not m:
        return None
    name = m.group(1) or m.group(2)
    node = reader.nodes.get(name)
    if node is None or node.kind != "str":
        return False
    check = f"chars_other_than({name}, ' ') >= 1"
    reader.checks += [check] if check not in reader.checks else []  # a promise that repeats the line
    return True
