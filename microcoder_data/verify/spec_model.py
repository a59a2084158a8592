"""The data of an input reading: :class:`Node` trees, :class:`InputSpec`, :class:`NoSpec`,
and the check that a value fits a node (:func:`violation`)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass
class Node:
    kind: str  # int | float | bool | str | list
    elem: "Node | None" = None  # list element
    lo: str | None = None  # value bounds (python expressions over the other arguments)
    hi: str | None = None
    len_lo: str | None = None  # str/list length bounds
    len_hi: str | None = None
    alphabet: str | None = None  # str characters
    choices: list[Any] | None = None  # value is one of these
    distinct: bool = False
    order: str | None = None  # asc | strict | desc
    size_like: bool = False  # an int other lengths depend on: drawn small


@dataclass
class InputSpec:
    args: list[str]  # argument names, call order
    nodes: dict[str, Node]  # args and virtual sizes (``n`` of ``n == nums.length``)
    order: list[str]  # generation order (dependencies first)
    keyword: bool  # tests pass keyword arguments (JSON object) or positional (array)
    source: str  # "constraints" | "examples"


@dataclass
class NoSpec:
    reason: str


class _Unsupported(Exception):
    pass


def evaluate(expr: str, env: dict[str, Any]) -> Any:
    return eval(compile(expr, "<bound>", "eval"), {"__builtins__": {}, "len": len}, env)  # checked by _expr


def violation(node: Node, value: Any, env: dict[str, Any], where: str) -> str | None:
    """Why ``value`` breaks ``node`` (None = it fits)."""
    k = node.kind
    if k == "bool":
        return None if isinstance(value, bool) else f"{where} is not a bool"
    if k in ("int", "float"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (k == "int" and not isinstance(value, int)):
            return f"{where} is not an {k}"
        if node.choices is not None:
            return None if value in node.choices else f"{where}={value} not in {node.choices}"
        lo, hi = evaluate(node.lo, env), evaluate(node.hi, env)
        return None if lo <= value <= hi else f"{where}={value} outside [{lo}, {hi}]"
    if k == "str":
        if not isinstance(value, str):
            return f"{where} is not a str"
        if node.choices is not None:
            return None if value in node.choices else f"{where}={value!r} not in {node.choices}"
        if node.alphabet is not None and not set(value) <= set(node.alphabet):
            return f"{where} has characters outside {node.alphabet!r}"
    if k == "list":
        if not isinstance(value, list):
            return f"{where} is not a list"
        for i, x in enumerate(value):
            why = violation(node.elem, x, env, f"{where}[{i}]") if node.elem else None
            if why:
                return why
        if node.distinct and len({json.dumps(x, sort_keys=True) for x in value}) != len(value):
            return f"{where} has duplicates"
        if node.order in ("asc", "strict") and any(a > b or (node.order == "strict" and a == b) for a, b in zip(value, value[1:])):
            return f"{where} is not sorted"
        if node.order == "desc" and any(a < b for a, b in zip(value, value[1:])):
            return f"{where} is not sorted descending"
    if node.len_lo is not None and node.choices is None:
        lo, hi = evaluate(node.len_lo, env), evaluate(node.len_hi, env)
        if not lo <= len(value) <= hi:
            return f"len({where})={len(value)} outside [{lo}, {hi}]"
    return None

