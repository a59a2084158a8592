"""Inputs near the problem's own: its existing test inputs with one or two small edits.

Random inputs within the constraints rarely have the structure a statement is about (a
string where every letter occurs exactly twice, a grid holding the pattern searched for,
the one "Yes" among thousands of "No"s), and a wrong program that mishandles only such
inputs passes them all.  The examples have that structure; an input one edit away from
one keeps most of it and breaks it in one place -- the case a wrong program gets wrong.
Edits: swap two elements (or characters), copy one element over another, move a number
by one, reverse or sort a list.  Every edited input is checked like a drawn one (each
variable against the spec's nodes, the whole against its checks); those that break a
constraint are dropped, so the sizes an input states stay consistent with its lists.
Seeded by the problem id: the same problem always gets the same inputs.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from microcoder_data.testgen.spec_model import InputSpec, Node, why_invalid

EDITS_PER_INPUT = (1, 1, 2)  # one edit mostly: the nearer the input, the more of its structure it keeps


def neighbour_inputs(
    spec: InputSpec, seeds: list[str], rng: random.Random, count: int, exclude: set[str] | frozenset[str] = frozenset()
) -> list[str]:
    """Up to ``count`` distinct inputs (JSON text in the tests' argument form), each one or two
    edits from one of ``seeds`` (the existing tests' arguments, same form), none in ``exclude``,
    every one within the spec.  None when an input names sizes the spec keeps apart from
    its arguments (those could not be checked)."""
    if count <= 0 or not seeds or set(spec.order) - set(spec.args):
        return []
    bases = [_as_dict(spec, json.loads(s)) for s in seeds]
    seen = set(exclude) | {json.dumps(_in_form(spec, b)) for b in bases}
    out: list[str] = []
    for _ in range(20 * count):
        if len(out) >= count:
            break
        args = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.choice(EDITS_PER_INPUT)):
            _edit(args, spec, rng)
        text = json.dumps(_in_form(spec, args))
        if text in seen or not _valid(spec, args):
            continue
        seen.add(text)
        out.append(text)
    return out


def _as_dict(spec: InputSpec, value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else dict(zip(spec.args, value))


def _in_form(spec: InputSpec, args: dict[str, Any]) -> Any:
    return {a: args[a] for a in spec.args} if spec.keyword else [args[a] for a in spec.args]


def _valid(spec: InputSpec, args: dict[str, Any]) -> bool:
    try:
        return why_invalid(spec.nodes, spec.order, spec.checks, args) is None
    except (ValueError, TypeError, ZeroDivisionError, IndexError, OverflowError, NameError, KeyError):
        return False


def _edit(args: dict[str, Any], spec: InputSpec, rng: random.Random) -> None:
    """One edit of one variable, in place."""
    editable = [a for a in spec.args if _editable(spec.nodes[a], args[a])]
    if not editable:
        return
    name = rng.choice(editable)
    value = args[name]
    if isinstance(value, str):
        args[name] = "".join(_edit_sequence(list(value), rng, numbers=False))
    elif isinstance(value, list):
        if value and all(isinstance(x, (list, str)) for x in value) and rng.random() < 0.5:
            row = rng.randrange(len(value))  # a grid: one row edited as a sequence of its own
            inner = _edit_sequence(list(value[row]), rng, numbers=False)
            value[row] = "".join(inner) if isinstance(value[row], str) else inner
        else:
            args[name] = _edit_sequence(value, rng, numbers=all(type(x) is int for x in value))
    elif type(value) is int:
        args[name] = value + rng.choice((-1, 1))


def _editable(node: Node, value: Any) -> bool:
    if node.choices is not None or node.perm_of is not None:
        return False
    if isinstance(value, (str, list)):
        return len(value) >= 1 and not node.tree
    return type(value) is int and not node.size_like


def _edit_sequence(items: list[Any], rng: random.Random, numbers: bool) -> list[Any]:
    n = len(items)
    kinds = ["swap", "copy", "reverse", "sort"] + (["step"] * 2 if numbers else [])
    kind = rng.choice(kinds if n >= 2 else (["step"] if numbers else []) or ["none"])
    if kind == "swap":
        i, j = rng.sample(range(n), 2)
        items[i], items[j] = items[j], items[i]
    elif kind == "copy":
        i, j = rng.sample(range(n), 2)
        items[j] = copy.deepcopy(items[i])
    elif kind == "reverse":
        items.reverse()
    elif kind == "sort":
        try:
            items.sort()
        except TypeError:
            pass
    elif kind == "step":
        i = rng.randrange(n)
        items[i] = items[i] + rng.choice((-1, 1))
    return items
