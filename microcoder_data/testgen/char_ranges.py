"""A range of characters written as a range of values (issue 37: ``'0' <= s[i] <= '9'``,
``'a' <= suits[i] <= 'd'``): the characters of a string, or a list's strings each one character,
between two quoted characters (drawn from that span; the existing tests are checked against it).
Registered in ``line_readings.READINGS`` through ``value_registry.ENTRIES``."""

from __future__ import annotations

import re
from typing import Any

_RANGE = re.compile(r"'(.)' (<=|<) ([A-Za-z_]\w*(?:\[[a-z]\])+) (<=|<) '(.)'")


def char_range(reader: Any, text: str) -> bool | None:
    """``'a' <= s[i] <= 'z'``: ``s``'s characters (an indexed string), or each string of a list one
    character of the span (``suits[i]`` of a list of strings).  Another alphabet stated for it
    keeps only the characters both allow."""
    m = _RANGE.fullmatch(text.strip().rstrip("."))
    if not m:
        return None
    ref = reader.ref(m.group(3))
    if ref is None or ref[2] != "val" or ref[1] != 1:
        return None  # a string's characters, or a list's strings: deeper ones are not read
    node = reader.node_at(ref[0], ref[1])
    if node.kind != "str":
        return False  # a range of characters on something not a string
    lo = ord(m.group(1)) + (m.group(2) == "<")
    hi = ord(m.group(5)) - (m.group(4) == "<")
    chars = "".join(chr(c) for c in range(lo, hi + 1))
    if node.alphabet is not None:
        chars = "".join(c for c in chars if c in node.alphabet)
    if not chars:
        return False
    name = ref[0]
    # drawn from the span; checked too, as another line may state a wider alphabet after this one
    if reader.nodes[name].kind == "str":
        reader.checks.append(f"chars_other_than({name}, {chars!r}) == 0")
    else:  # suits[i] of a list of strings: one character each
        node.len_lo = node.len_hi = "1"
        reader.checks.append(f"all(len(x) == 1 and chars_other_than(x, {chars!r}) == 0 for x in {name})")
    node.alphabet = chars
    return True
