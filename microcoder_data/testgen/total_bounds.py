"""A number whose only upper bound is a total it is a term of.

* a variable (``1 <= N, M, L`` and ``N + M + L <= 12``): its upper bound is the total's less the other
  terms' lower bounds (``N <= 10``), stated lower bounds all constants;
* an element of a list of integers (``1 <= B_i`` and ``\\sum_{i=1}^N B_i <= 1500``, read ``sum(B) <= 1500``):
  with a constant lower bound of at least 0 no element is over the total, so the total bounds each; the list's
  ``total`` is set so the draw is moved under it (``sums.fix_total``) rather than drawn again and again.

The total itself stays a check on every input.  Nothing else is inferred: a term with no constant lower bound
(or a negative one), or a total not a sum of names below a constant, bounds none."""

from __future__ import annotations

import re

from microcoder_data.testgen.spec_model import Node, evaluate_const

__all__ = ["bound_by_totals"]

_SUM = re.compile(r"(?:(\S+) <=? )?([A-Za-z_]\w*(?: \+ [A-Za-z_]\w*)+) <= (.+)")
_LIST_SUM = re.compile(r"(?:(\S+) <=? )?sum\(([A-Za-z_]\w*)\) <= (.+)")


def bound_by_totals(nodes: dict[str, Node], checks: list[str]) -> None:
    """Each int in ``nodes`` with a constant lower bound and no upper one, a term of a sum in ``checks``
    below a constant: its upper bound from that sum; each such element of a list whose sum is bounded."""
    for check in checks:
        _bound_list_elements(nodes, check)
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


def _bound_list_elements(nodes: dict[str, Node], check: str) -> None:
    """``sum(B) <= T`` over a flat list of ints whose elements have a constant lower bound >= 0 and no
    upper one: each element at most ``T``, and the list drawn under the total."""
    m = _LIST_SUM.fullmatch(check)
    node = nodes.get(m.group(2)) if m else None
    if node is None or node.kind != "list" or node.items is not None or not _int(node.elem):
        return
    low = evaluate_const(node.elem.lo) if node.elem.lo is not None else None
    if node.elem.hi is not None or low is None or low < 0:
        return
    node.elem.hi = m.group(3)
    if node.total is None:
        node.total = ("<=", m.group(3))


def _int(node: Node | None) -> bool:
    return node is not None and node.kind == "int" and node.choices is None
