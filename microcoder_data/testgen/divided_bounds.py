"""Bounds that divide (issue 37).  The bounds' language divides in integers: the statement's ``n / 2`` is read
``n // 2`` (constraints._expr), the floor.  That is exact, or narrower, for an upper bound of an integer (``k <= n /
2``); elsewhere it would let an input break its statement:

* a lower bound (``n / 2 <= k``) is read as its ceiling, ``(n + 2 - 1) // 2``, where it is one integer over a
  constant; any other lower bound that divides is a check with true division (of a number or a length), else refused;
* an equality (``k == n / 2``, ``nums.length == n / 2``) keeps the floor to draw from and a check that the division is
  exact (an odd ``n`` is never drawn), of a number or a length, else refused;
* a division of a real (``x / 2 <= k``) is refused: a ceiling is of integers only.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_model import _IDENT, _Unsupported


def ceiling_of(expr: str) -> str:
    """``n // 2`` as its ceiling, ``(n + 2 - 1) // 2``; any other expression as it is."""
    m = re.fullmatch(r"([\w.]+(?:\([\w.]*\))?) // (\d+)", expr.strip())
    return f"({m.group(1)} + {m.group(2)} - 1) // {m.group(2)}" if m and int(m.group(2)) > 0 else expr


def divided_bound(reader: Any, ref: tuple[str, int, str], which: str, expr: str) -> str:
    """The bound to keep as ``which`` ("lo", non-strict, or "eq") of ``ref`` where ``expr`` divides (see above); a check
    it needs is added to the reader's."""
    if "//" not in expr:
        return expr
    reals = [n for n in _IDENT.findall(expr) if reader.nodes.get(n) is not None and reader.nodes[n].kind == "float"]
    if reals or re.search(r"\d\.\d", expr):
        raise _Unsupported(f"a bound {expr!r} of {ref[0]} that divides a real number")
    if which == "lo" and ceiling_of(expr) != expr:
        return ceiling_of(expr)
    if ref[1] or ref[2] not in ("val", "len"):
        raise _Unsupported(f"a bound {expr!r} of {ref[0]} that divides")
    target = ref[0] if ref[2] == "val" else f"len({ref[0]})"
    reader.checks.append(f"{expr.replace('//', '/')} {'<=' if which == 'lo' else '=='} {target}")
    return expr
