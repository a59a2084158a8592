"""Argument names and types of a functional problem: the entry point's signature and
type hints, else the values of the existing tests."""

from __future__ import annotations

import ast
import json
from typing import Any

from microcoder_data.schema import Problem
from microcoder_data.testgen.spec_model import Node, _Unsupported


def signature_with_defaults(p: Problem) -> tuple[list[str], dict[str, ast.expr | None], int]:
    """Argument names and annotations of the entry point in the starter code (or the
    reference, when there is no starter code), and how many of the last have a default (``R = True``)."""
    for src in (p.starter_code, *(p.reference_solutions[:1])):
        if not src or not src.strip():
            continue
        try:
            tree = ast.parse(src if src.rstrip().endswith(("pass", "...")) else src.rstrip() + "\n        pass\n")
        except SyntaxError:
            try:
                tree = ast.parse(src)
            except SyntaxError:
                continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == p.fn_name:
                args = [a for a in node.args.posonlyargs + node.args.args]
                if args and args[0].arg in ("self", "cls"):
                    args = args[1:]
                if node.args.vararg or node.args.kwarg:
                    raise _Unsupported("entry point takes *args/**kwargs", kind="unsupported_type")
                defaults = min(len(node.args.defaults), len(args))
                return [a.arg for a in args], {a.arg: a.annotation for a in args}, defaults
    raise _Unsupported(f"entry point {p.fn_name!r} not found in the starter code", kind="unsupported_type")


def _from_hint(ann: ast.expr | None) -> Node | None:
    if ann is None:
        return None
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        try:
            ann = ast.parse(ann.value, mode="eval").body
        except SyntaxError:
            raise _Unsupported(f"type hint {ann.value!r}", kind="unsupported_type")
    if isinstance(ann, ast.Name) and ann.id in ("int", "float", "str", "bool"):
        return Node(ann.id)
    if isinstance(ann, ast.Subscript):
        base = ann.value.id if isinstance(ann.value, ast.Name) else getattr(ann.value, "attr", "")
        if base in ("List", "list"):
            inner = _from_hint(ann.slice)
            if inner is None:
                raise _Unsupported("untyped list", kind="unsupported_type")
            return Node("list", elem=inner)
    raise _Unsupported(f"type hint {ast.unparse(ann)!r}", kind="unsupported_type")


def _from_value(v: Any) -> Node | None:
    if isinstance(v, bool):
        return Node("bool")
    if isinstance(v, int):
        return Node("int")
    if isinstance(v, float):
        return Node("float")
    if isinstance(v, str):
        return Node("str")
    if isinstance(v, list):
        elem: Node | None = None
        for x in v:  # [[1, 2], []]: an empty list's element type is its neighbours'; ints with floats: floats
            try:
                elem = _merge(elem, _from_value(x))
            except _Unsupported:
                raise _Unsupported("list of mixed types", kind="unsupported_type") from None
        return Node("list", elem=elem)
    raise _Unsupported(f"argument of type {type(v).__name__}", kind="unsupported_type")


def _shape(n: Node | None) -> str:
    if n is None:
        return "?"
    return n.kind if n.kind != "list" else f"list[{_shape(n.elem)}]"


def _merge(a: Node | None, b: Node | None) -> Node | None:
    """Types seen in two examples (an empty list's element type is learnt elsewhere)."""
    if a is None:
        return b
    if b is None:
        return a
    if {a.kind, b.kind} == {"int", "float"}:
        return Node("float")
    if a.kind != b.kind:
        raise _Unsupported(f"argument is {a.kind} in one test and {b.kind} in another", kind="unsupported_type")
    if a.kind == "list":
        return Node("list", elem=_merge(a.elem, b.elem))
    return a


def test_args(p: Problem, args: list[str]) -> tuple[list[dict[str, Any]], bool]:
    """The existing tests' arguments by name, and whether they are passed by keyword (as
    the first test passes them; the judge takes either form)."""
    out, keyword = [], None
    for t in p.tests:
        v = json.loads(t.input)
        if isinstance(v, dict):
            if set(v) != set(args):
                raise _Unsupported(
                    f"a test's arguments {sorted(v)} are not the signature's {args}", kind="unsupported_type"
                )
            kw = True
        elif isinstance(v, list) and len(v) == len(args):
            v, kw = dict(zip(args, v)), False
        else:
            raise _Unsupported("a test's arguments do not match the signature", kind="unsupported_type")
        keyword = kw if keyword is None else keyword  # mixed forms: generated tests take the first's
        out.append(v)
    return out, bool(keyword)
