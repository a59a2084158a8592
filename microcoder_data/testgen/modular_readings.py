"""A remainder stated of every element of a list (issue 37): ``nums[i] % 10 != 0``,
``nums[i] % 2 == 1``.  Drawn so (``==``: drawn as a multiple plus the remainder; ``!=``: a draw
with that remainder drawn again) and checked on every input, existing tests too (spec_model).
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_model import evaluate_const

_ELEMENT_REMAINDER = re.compile(r"([A-Za-z_]\w*)\[\s*[a-z]\s*\] % (\S+) (==|!=) (\d+)")


def element_remainder(reader: Any, text: str) -> bool | None:
    """``X[i] % m == r`` / ``!= r`` of a flat list of integers, ``m`` a constant above 1 and
    ``0 <= r < m``; else the line is refused.  ``!= r`` with ``m == 2`` is the other parity."""
    m = _ELEMENT_REMAINDER.fullmatch(text.strip())
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    elem = node.elem if node is not None and node.kind == "list" else None
    modulus = evaluate_const(reader.expr(m.group(2)))  # None: a divisor drawn with the input, not read here
    rest = int(m.group(4))
    if elem is None or elem.kind != "int" or not isinstance(modulus, int) or modulus < 2 or rest >= modulus:
        return False
    if m.group(3) == "!=" and modulus == 2:
        rest, op = 1 - rest, "=="
    else:
        op = m.group(3)
    if op == "==":
        if elem.mod not in (None, (modulus, rest)):
            return False  # two remainders stated: not both drawn
        elem.mod = (modulus, rest)
        return True
    if elem.mod_not not in (None, (modulus, rest)):
        return False  # one excluded remainder is held per element
    elem.mod_not = (modulus, rest)
    return True


ENTRIES = (
    (
        "a remainder of every element",
        ("nums[i] % 10 != 0", "nums[i] % 2 == 1", "nums[i] % 2 != 0", "arr[i] % 3 == 2"),
        "drawn and checked",
        element_remainder,
    ),
)
