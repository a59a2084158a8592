"""Two integers with no common factor but 1 (issue 37): "a and b are coprime", "num1 and num2 are
coprime integers", "A and B are relatively prime", "gcd(a, b) == 1" -- a check (``gcd``) that every
drawn, large and edited input and every existing test must pass; about 6 in 10 random pairs have it,
so draws meet it by rejection.  Said of anything but two integer inputs the line is refused.
"""

from __future__ import annotations

import re
from typing import Any

_NAME = r"[A-Za-z_]\w*"
_COPRIME = re.compile(
    rf"({_NAME}) and ({_NAME}) are (?:co-?prime|relatively prime)(?: (?:to each other|integers|numbers))?"
    rf"|gcd\(\s*({_NAME})\s*,\s*({_NAME})\s*\) == 1",
    re.I,
)


def coprime(reader: Any, text: str) -> bool | None:
    """The check ``gcd(a, b) == 1`` of two integer inputs (see the module's doc)."""
    m = _COPRIME.fullmatch(text.strip().rstrip("."))
    if not m:
        return None
    a, b = (m[1], m[2]) if m[1] else (m[3], m[4])
    if any((node := reader.nodes.get(x)) is None or node.kind != "int" for x in (a, b)):
        return False
    reader.checks.append(f"gcd({a}, {b}) == 1")
    return True


ENTRIES = (
    (
        "two integers coprime",
        (
            "a and b are coprime",
            "N and M are coprime integers",
            "primeOne and primeTwo are relatively prime",
            "gcd(a, b) == 1",
        ),
        "checked",
        coprime,
    ),
)
