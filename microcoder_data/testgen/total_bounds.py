"""A variable whose only upper bound is a total it is a term of (``1 <= N, M, L`` and ``N + M + L <= 12``):
its upper bound is the total's less the other terms' lower bounds (``N <= 10``), stated lower bounds all
constants; the total itself stays a check on every input (a draw past it is drawn again).  Nothing else is
inferred: a term with no constant lower bound, or a total not a sum of names below a constant, bounds none."""

from __future__ import annotations

import re

from microcoder_data.testgen.spec_model import Node, evaluate_const

__all__ = ["bound_by_totals"]

_SUM = re.compile(r"(?:(\S+) <=? )?([A-Za-z_]\w*(?: \+ [A-Za-z_]\w*)+) <= (.+)")


def bound_by_totals(nodes: dict[str, Node], checks: list[str]) -> None:
    """Each int in ``nodes`` with a constant lower bound and no upper one, a term of a sum in ``checks``
    below a constant: its upper bound from that sum."""
    for check in checks:
        m = _SUM.fullmatch(check)
        total = evaluate_const(m.group(3)) if m else None
        terms = m.group(2).split(" + ") if m else []
        if total is None or len(set(terms)) != len(terms) or not all(_int(nodes.get(t)) for t in terms):
            continue
        lows = {t: evaluate_const(nodes[t].lo) if nodes[t].lo is not None else None for t in terms}
        if any(v is None for v in lows.values()):
            continue
        for t in terms:
            if nodes[t].hi is None:
                nodes[t].hi = str(total - sum(v for u, v in lows.items() if u != t))


def _int(node: Node | None) -> bool:
    return node is not None and node.kind == "int" and node.choices is None
