"""Several test cases in one input: the spec of one case (read like a whole input) made
the spec of the input -- a count ``t`` and a list of ``t`` cases, each a fixed-length list
whose positions are the case's variables (``Node.items``), their bounds naming one
another by position -- with the totals over all cases ("the sum of n over all test cases
does not exceed 2*10^5") and the case's own checks as checks on the whole input."""

from __future__ import annotations

import copy
import re
from typing import Any

from microcoder_data.testgen.spec_model import InputSpec, Node, _Unsupported, check_existing, item_name


def cases_spec(
    case: InputSpec,
    count: str,
    count_bounds: tuple[str, str],
    name: str,
    totals: list[tuple[list[list[str]], str]],
) -> InputSpec:
    """The whole input's spec: ``count`` (within ``count_bounds``, python expressions) cases
    of ``case`` as the list ``name``; ``totals``: (terms added, each a product of the case's
    variables; the bound their sum over the cases keeps within)."""
    if set(case.nodes) - set(case.args):
        raise _Unsupported(f"a size of a test case is not in its input: {sorted(set(case.nodes) - set(case.args))}")
    position = {a: k for k, a in enumerate(case.args)}
    renamed = {a: item_name(name, k) for a, k in position.items()}
    items = [_renamed(case.nodes[a], renamed) for a in case.args]
    one = Node(
        "list",
        elem=Node("int"),  # unused: every position has its node
        items=items,
        item_names=[renamed[a] for a in case.args],
        item_order=[position[a] for a in case.order],
    )
    nodes = {
        count: Node("int", lo=count_bounds[0], hi=count_bounds[1], size_like=True),
        name: Node("list", elem=one, len_lo=count, len_hi=count),
    }
    params = ", ".join(case.args)
    checks = [f"all({c} for ({params},) in {name})" for c in case.checks]  # each case's positions by name
    for terms, bound in totals:
        names = {n for product in terms for n in product}
        if any(n not in position or case.nodes[n].kind not in ("int", "str", "list") for n in names):
            raise _Unsupported(f"a total over the test cases names {sorted(names)}, not a number or length of a case")
        added = " + ".join(" * ".join(_term(case, position[n], n) for n in product) for product in terms)
        checks.append(f"sum({added} for case in {name}) <= {bound}")
    return InputSpec([count, name], nodes, [count, name], True, case.source, checks)


def _term(case: InputSpec, k: int, name: str) -> str:
    """A case's variable in a total: an integer as it is, a string or a list by its length."""
    return f"case[{k}]" if case.nodes[name].kind == "int" else f"len(case[{k}])"


def _renamed(node: Node, renamed: dict[str, str]) -> Node:
    """``node`` with the case's variables in its bounds named by their positions."""
    out = copy.deepcopy(node)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, renamed)) + r")\b")

    def sub(expr: str | None) -> str | None:
        return pattern.sub(lambda m: renamed[m.group(1)], expr) if expr else expr

    def walk(n: Node) -> None:
        n.lo, n.hi, n.len_lo, n.len_hi, n.total_len_hi = map(sub, (n.lo, n.hi, n.len_lo, n.len_hi, n.total_len_hi))
        if n.perm is not None:
            n.perm = (sub(n.perm[0]) or "", sub(n.perm[1]) or "")
        if n.perm_of is not None:
            n.perm_of = renamed.get(n.perm_of, n.perm_of)
        if n.graph is not None:  # its vertex range and its other ends' list
            ends = n.graph.get("ends", "")
            n.graph = {**n.graph, "lo": sub(n.graph["lo"]), "hi": sub(n.graph["hi"]), "ends": renamed.get(ends, ends)}
        for child in [n.elem, *(n.items or [])]:
            if child is not None:
                walk(child)

    walk(out)
    return out


def check_examples(spec: InputSpec, examples: list[dict[str, Any]]) -> None:
    """Every existing input fits the whole-input spec (else the reading is wrong: refused)."""
    check_existing(spec.nodes, spec.order, spec.checks, examples)
