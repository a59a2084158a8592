"""Number-theoretic readings of issue 37's lines.  A remainder stated of every element of a list
(``nums[i] % 10 != 0``, ``nums[i] % 2 == 1``): drawn so (``==``: drawn as a multiple plus the
remainder; ``!=``: a draw with that remainder drawn again) and checked on every input, existing
tests too (spec_model).  A length that is a power (``nums.length is a power of 2``): the length a
size the powers are listed for (value_readings.power_of), as ``n == nums.length`` makes one.
No element equal to another input (``banned[i] != p``): a check.  A string that is a palindrome
(``num is a palindrome``): drawn as its first half mirrored, and checked.  As many positive as
negative elements: two counts of occurrences.py (``> 0`` and ``< 0``, each half the length).
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_model import is_int_list
from microcoder_data.testgen.spec_model import Node, evaluate_const
from microcoder_data.testgen.value_readings import power_of

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


def length_power(reader: Any, text: str) -> bool | None:
    """``nums.length is a power of 2``: the length of a list or string input equals a size (the
    one stated equal to it, else a new one) whose values are the powers within its bounds."""
    m = re.fullmatch(r"([A-Za-z_]\w*)\.length is a power of (\d+)", text.strip())
    if not m:
        return None
    name, node = m.group(1), reader.nodes.get(m.group(1))
    if name not in reader.args or node is None or node.kind not in ("list", "str"):
        return False
    size = reader.bounds.get((name, 0, "len"), {}).get("eq")
    if size is None:
        size = f"{name}_length"  # a size no input is: drawn, then the length drawn equal to it
        if size in reader.nodes:
            return False
        reader.nodes[size] = Node("int", size_like=True)
        reader.set_bound((name, 0, "len"), "eq", size)
    elif size not in reader.nodes or size in reader.args:
        return False  # a length fixed by an expression or an input: not drawn among powers
    for side, bound in reader.bounds.get((name, 0, "len"), {}).items():
        if side in ("lo", "hi"):  # the length's bounds stated so far list the powers within them
            reader.set_bound((size, 0, "val"), side, bound)
    return power_of(reader, f"{size} is a power of {m.group(2)}")


_ELEMENT = r"([A-Za-z_]\w*)\[\s*([a-z])\s*\]"


def element_differs_from_input(reader: Any, text: str) -> bool | None:
    """``banned[i] != p`` (``p != banned[i]``): no element of a flat list is the value of another
    input of the elements' kind; checked on every input (``occurrences(banned, p) == 0``)."""
    m = re.fullmatch(rf"{_ELEMENT} != ([A-Za-z_]\w*)", text.strip())
    flip = re.fullmatch(rf"([A-Za-z_]\w*) != {_ELEMENT}", text.strip())
    if not m and not flip:
        return None
    name, index, other = m.groups() if m else (flip.group(2), flip.group(3), flip.group(1))  # type: ignore[union-attr]
    node, value = reader.nodes.get(name), reader.nodes.get(other)
    if other == index or name not in reader.args or other not in reader.args:
        return None  # ``edges[i] != i``, a name no input is: other readings'
    if node.kind != "list" or node.elem.kind not in ("int", "str") or value.kind != node.elem.kind:
        return False
    reader.checks.append(f"occurrences({name}, {other}) == 0")
    return True


def palindrome_string(reader: Any, text: str) -> bool | None:
    """``num is a palindrome`` (``s is a palindrome string``): a string input, its characters
    drawn freely (no count or distinctness stated of them, which mirroring would break)."""
    m = re.fullmatch(r"([A-Za-z_]\w*) is a palindrome(?: string)?", text.strip())
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if m.group(1) not in reader.args or node is None or node.kind != "str" or node.distinct or node.char_count:
        return False
    node.palindrome = True
    return True


def equal_signs(reader: Any, text: str) -> bool | None:
    """``nums consists of equal number of positive and negative integers``: half the elements above 0,
    half below (a list of odd length, or one holding a 0, holds it never: such a draw is dropped)."""
    m = re.fullmatch(
        r"([A-Za-z_]\w*) (?:consists of|contains|has) (?:an )?equal numbers? of (positive and negative|negative and "
        r"positive) (?:integers|numbers|elements)",
        text.strip(),
        re.I,
    )
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if not is_int_list(node):
        return False
    half = f"len({m.group(1)}) / 2"
    node.counts = [*(node.counts or []), (">", "0", half, half), ("<", "0", half, half)]
    return True


ENTRIES = (
    (
        "a remainder of every element",
        ("nums[i] % 10 != 0", "nums[i] % 2 == 1", "nums[i] % 2 != 0", "arr[i] % 3 == 2"),
        "drawn and checked",
        element_remainder,
    ),
    (
        "a length that is a power",
        ("nums.length is a power of 2", "s.length is a power of 3"),
        "drawn and checked",
        length_power,
    ),
    (
        "no element equal to another input",
        ("nums[i] != k", "x != arr[i]"),  # banned[i] != p
        "checked",
        element_differs_from_input,
    ),
    (
        "a string that is a palindrome",
        ("title is a palindrome", "text is a palindrome string"),
        "drawn and checked",
        palindrome_string,
    ),
    (
        "as many positive as negative elements",
        ("nums consists of equal number of positive and negative integers",),
        "drawn and checked",
        equal_signs,
    ),
)
