"""Bounds stated for each type of a row (AtCoder's notation)::

    T_i \\in \\lbrace 1, 2 \\rbrace
    1 \\leq A_i \\leq H for each i such that T_i = 1,
    1 \\leq A_i \\leq W for each i such that T_i = 2.
    If t_i = 1, then 1 \\leq x_i \\leq N.

The bounds of one subject over the types are one range whose ends depend on the type at the
same position (``by_value(T[i], 1, H, 2, W, 0)``: drawn so, and every existing input checked).  A
type no line speaks of gets an empty range (1 to 0): no input holding it is drawn, and an existing
one refuses generation, so nothing is drawn outside what the statement says.  Any other
condition ("If t_i != 1, then ...") is left as it is: the reader does not understand it.
"""

from __future__ import annotations

import re
from typing import Callable

from microcoder_eval.statement_text import plain_latex

_TYPE = r"([A-Za-z][A-Za-z0-9]*)_\{?i\}?\s*=+\s*(-?\d+)"
_FOR_EACH = re.compile(rf"(.+?),?\s+(?:for (?:each|all|every) i such that|if|when) {_TYPE}\s*[,.]?", re.I)
_IF_THEN = re.compile(rf"if {_TYPE},? then (.+?)\.?", re.I)
_RANGE = re.compile(r"(.+?) (<=|<) ([A-Za-z]\w*)\[i\] (<=|<) (.+)")


def _conditional(line: str) -> tuple[str, str, str] | None:
    """(the type's name, its value, the bound) of a bound stated for one type of a row, or None."""
    t = re.sub(r"\s*_\s*", "_", plain_latex(line.replace("\\ ", " ")).strip())  # t _ i: AtCoder's spacing
    m = _IF_THEN.fullmatch(t)
    if m:
        return m.group(1), m.group(2), m.group(3)
    m = _FOR_EACH.fullmatch(t)
    return (m.group(2), m.group(3), m.group(1)) if m else None


def conditional_bounds(
    lines: list[str], names: set[str], translate: Callable[[str], list[str]]
) -> tuple[list[str], list[str]]:
    """(the lines that are not bounds by type, the bounds read: one range per subject, in the
    reader's notation)."""
    rest: list[str] = []
    by_subject: dict[tuple[str, str], dict[str, tuple[str, str]]] = {}
    for line in lines:
        found = _conditional(line)
        said = translate(found[2]) if found and found[0] in names else []
        m = _RANGE.fullmatch(said[0]) if len(said) == 1 else None
        if (
            found is None
            or m is None
            or m.group(3) not in names
            or found[1] in by_subject.get((m.group(3), found[0]), {})
        ):
            rest.append(line)
            continue
        lo = m.group(1) if m.group(2) == "<=" else f"{m.group(1)} + 1"
        hi = m.group(5) if m.group(4) == "<=" else f"{m.group(5)} - 1"
        by_subject.setdefault((m.group(3), found[0]), {})[found[1]] = (lo, hi)
    out = []
    for (subject, kind), bounds in by_subject.items():
        lo = ", ".join(f"{k}, {b[0]}" for k, b in bounds.items())
        hi = ", ".join(f"{k}, {b[1]}" for k, b in bounds.items())
        out.append(f"by_value({kind}[i], {lo}, 1) <= {subject}[i] <= by_value({kind}[i], {hi}, 0)")
    return rest, out
