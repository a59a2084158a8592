"""A range stated of a multiple of an integer argument (issue 37: ``1 < 2 * k <= nums.length``):
the argument's own range, the bounds divided (rounded inwards: every value drawn keeps the line),
and the line kept as a check on every drawn input and existing test.  Registered in
``line_readings.READINGS`` through ``value_registry.ENTRIES``."""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.conditions import read_condition

_SCALED = re.compile(r"(?:(.+?) (<=|<) )?(\d+) ?\* ?([A-Za-z_]\w*)(?: (<=|<) (.+))?")


def scaled_range(reader: Any, text: str) -> bool | None:
    """``1 < 2 * k <= nums.length``, ``3 * k <= n``: ``k`` within the bounds over the factor."""
    m = _SCALED.fullmatch(text.strip().rstrip("."))
    if not m or not (m.group(1) or m.group(6)) or re.search(r"[<>=*/%]", (m.group(1) or "") + (m.group(6) or "")):
        return None
    factor, name = int(m.group(3)), m.group(4)
    node = reader.nodes.get(name)
    if factor < 1 or node is None or node.kind != "int" or node.choices is not None:
        return None
    if not read_condition(reader, text.strip().rstrip(".")):  # the line itself: a check
        return False
    ref = (name, 0, "val")
    if m.group(1):  # a < c * k: k > a / c;  a <= c * k: k >= ceil(a / c)
        lo = reader.expr(m.group(1))
        reader.set_bound(ref, "lo", f"({lo}) // {factor} + 1" if m.group(2) == "<" else f"-(-({lo}) // {factor})")
    if m.group(6):  # c * k < b: k <= (b - 1) // c;  c * k <= b: k <= b // c
        hi = reader.expr(m.group(6))
        reader.set_bound(ref, "hi", f"(({hi}) - 1) // {factor}" if m.group(5) == "<" else f"({hi}) // {factor}")
    return True
