"""Python signatures in upstream solutions and starter code: the function's parameters and
annotations, a starter stub taken from a solution, node types JSON cannot carry, and float-typed
arguments written as floats."""

from __future__ import annotations

import ast
import functools
import json
import re
import textwrap
import warnings
from typing import Any

from microcoder_eval.types import TestCase


_TREE_TYPES_RE = re.compile(r"\b(ListNode|TreeNode|Node|NestedInteger|ImmutableListNode|Employee|GraphNode)\b")


def structured_types(code: str) -> list[str]:
    """Linked-list / tree / graph node types a signature uses (the JSON encoding cannot
    express these arguments)."""
    return sorted(set(_TREE_TYPES_RE.findall(code or "")))


def parse_code(code: str) -> ast.Module | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            warnings.simplefilter("ignore", DeprecationWarning)
            return ast.parse(textwrap.dedent(code))
    except (SyntaxError, ValueError):
        return None


def find_function(tree: ast.AST, name: str) -> ast.FunctionDef | None:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node  # type: ignore[return-value]
    return None


def signature_stub(code: str, fn_name: str, *, class_name: str | None = "Solution") -> str:
    """Starter code (class + ``def`` line, LCB style) for ``fn_name`` taken from a solution."""
    tree = parse_code(code)
    if tree is None:
        return ""
    lines = textwrap.dedent(code).splitlines()
    owner: ast.ClassDef | None = None
    if class_name:
        owner = next((n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == class_name), None)
    fn = find_function(owner if owner is not None else tree, fn_name)
    if fn is None or not fn.body:
        return ""
    first = fn.decorator_list[0].lineno if fn.decorator_list else fn.lineno
    header = lines[first - 1 : fn.body[0].lineno - 1]
    # the body may start on the `def` line (`def f(x): return x`)
    if fn.body[0].lineno == fn.lineno:
        header = [lines[fn.lineno - 1][: fn.body[0].col_offset].rstrip()]
    # drop a docstring/comment line that belongs to the body
    while header and not header[-1].rstrip().endswith(":"):
        header.pop()
    if not header:
        return ""
    body_indent = " " * (fn.col_offset + 4)
    stub = "\n".join(header) + "\n" + body_indent
    if owner is not None and fn.col_offset > 0:
        stub = f"class {owner.name}:\n" + stub
    return stub


@functools.lru_cache(maxsize=256)
def signature_annotations(code: str, fn_name: str) -> tuple[tuple[tuple[str, str | None], ...], str | None] | None:
    """((param, annotation), ...), return annotation of ``fn_name`` in ``code`` (``self``
    dropped); starter code whose last ``def`` has no body yet is completed with ``pass``."""
    if not code or not fn_name:
        return None
    stripped = code.rstrip()
    tree = None
    if stripped.endswith(":"):
        tree = parse_code(stripped + "\n        pass\n")
    if tree is None:
        tree = parse_code(code) or parse_code(stripped + "\n        pass\n")
    if tree is None:
        return None
    fn = find_function(tree, fn_name)
    if fn is None:
        return None
    params = fn.args.posonlyargs + fn.args.args
    if params and params[0].arg in ("self", "cls"):
        params = params[1:]
    return (
        tuple((a.arg, ast.unparse(a.annotation) if a.annotation is not None else None) for a in params),
        ast.unparse(fn.returns) if fn.returns is not None else None,
    )


def return_annotation(code: str, fn_name: str) -> str | None:
    sig = signature_annotations(code, fn_name)
    return sig[1] if sig else None


def param_names(code: str, fn_name: str) -> list[str] | None:
    sig = signature_annotations(code, fn_name)
    return [name for name, _ in sig[0]] if sig else None


_FLOAT_RE = re.compile(r"^(?:float|Optional\[float\])$")
_FLOAT_LIST_RE = re.compile(r"^(?:List|list|Sequence)\[(?:float)\]$")
_FLOAT_LIST2_RE = re.compile(r"^(?:List|list)\[(?:List|list)\[float\]\]$")


def _float_kind(annotation: str | None) -> int:
    """0: not float-typed, 1: float, 2: list of floats, 3: list of lists of floats."""
    if not annotation:
        return 0
    ann = annotation.replace(" ", "")
    if _FLOAT_RE.match(ann):
        return 1
    if _FLOAT_LIST_RE.match(ann):
        return 2
    if _FLOAT_LIST2_RE.match(ann):
        return 3
    return 0


def _to_float(value: Any, kind: int) -> Any:
    if kind == 1:
        return float(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if kind in (2, 3) and isinstance(value, list):
        return [_to_float(v, kind - 1) for v in value]
    return value


def coerce_float_params(tests: list[TestCase], code: str, fn_name: str) -> list[TestCase]:
    """Write integer values of ``float``-annotated parameters / results as floats
    (LeetCode shows ``hour = 6`` for a float argument; solutions may call float methods)."""
    sig = signature_annotations(code, fn_name) if code and fn_name else None
    if sig is None:
        return tests
    params, ret = sig
    kinds = {name: _float_kind(ann) for name, ann in params}
    ret_kind = _float_kind(ret)
    if not any(kinds.values()) and not ret_kind:
        return tests
    out = []
    for t in tests:
        args = json.loads(t.input)
        if isinstance(args, dict):
            args = {k: _to_float(v, kinds.get(k, 0)) for k, v in args.items()}
        elif isinstance(args, list):
            args = [_to_float(v, kinds[params[i][0]]) if i < len(params) else v for i, v in enumerate(args)]
        expected = json.loads(t.output)
        if ret_kind:
            expected = _to_float(expected, ret_kind)
        out.append(TestCase(json.dumps(args, ensure_ascii=False), json.dumps(expected, ensure_ascii=False)))
    return out
