"""Wrong programs made from a right one: small AST mutations of a reference solution.

Each mutant changes one place -- a comparison flipped or loosened (``<`` -> ``<=``,
``==`` -> ``!=``), an arithmetic operator swapped (``+`` <-> ``-``, ``*`` -> ``+``,
``//`` -> ``%``), an integer constant off by one, ``min`` <-> ``max``, ``and`` <-> ``or``,
a ``not`` dropped, a ``range`` end moved by one, ``True`` <-> ``False`` -- the boundary
mistakes a policy makes and weak tests let through.  The source is only parsed and
unparsed here, never run: mutants run in the judge's sandbox like any candidate.
"""

from __future__ import annotations

import ast
import hashlib
import random
from dataclasses import dataclass

_CMP_SWAP = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BIN_SWAP = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Add,
    ast.FloorDiv: ast.Mod,
    ast.Mod: ast.FloorDiv,
    ast.Div: ast.Mult,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
    ast.Pow: ast.Mult,
}
_NAME_SWAP = {"min": "max", "max": "min"}


@dataclass(frozen=True)
class Mutant:
    code: str
    what: str  # e.g. "line 4: < -> <="


def _sites(tree: ast.AST) -> list[tuple[int, str]]:
    """Every (node index in ast.walk order, mutation kind) the tree offers."""
    out: list[tuple[int, str]] = []
    annotations: set[int] = set()  # type hints are not behaviour
    for a in ast.walk(tree):
        hint = getattr(a, "annotation", None) if isinstance(a, (ast.arg, ast.AnnAssign)) else None
        if isinstance(a, (ast.FunctionDef, ast.AsyncFunctionDef)):
            hint = a.returns
        if hint is not None:
            annotations |= {id(n) for n in ast.walk(hint)}
    for i, node in enumerate(ast.walk(tree)):
        if id(node) in annotations:
            continue
        if isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                if type(op) in _CMP_SWAP:
                    out.append((i, f"cmp{k}"))
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in _BIN_SWAP:
            out.append((i, "binop"))
        elif isinstance(node, ast.BoolOp):
            out.append((i, "boolop"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append((i, "not"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            out.append((i, "const+1"))
            out.append((i, "const-1"))
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            out.append((i, "bool"))
        elif isinstance(node, ast.Name) and node.id in _NAME_SWAP and isinstance(node.ctx, ast.Load):
            out.append((i, "name"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range" and node.args:
            out.append((i, "range+1"))
            out.append((i, "range-1"))
    return out


def _apply(tree: ast.AST, index: int, kind: str) -> str | None:
    """Mutate the node at ``index`` (of ast.walk order) in place; a short description."""
    for i, node in enumerate(ast.walk(tree)):
        if i != index:
            continue
        line = getattr(node, "lineno", "?")
        if kind.startswith("cmp"):
            k = int(kind[3:])
            old = node.ops[k]
            node.ops[k] = _CMP_SWAP[type(old)]()
            return f"line {line}: {type(old).__name__} -> {type(node.ops[k]).__name__}"
        if kind == "binop":
            old = node.op
            node.op = _BIN_SWAP[type(old)]()
            return f"line {line}: {type(old).__name__} -> {type(node.op).__name__}"
        if kind == "boolop":
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            return f"line {line}: and <-> or"
        if kind == "not":
            node.op = ast.UAdd()  # +x of a bool is its int: truthiness kept, negation gone
            return f"line {line}: not dropped"
        if kind in ("const+1", "const-1"):
            node.value = node.value + (1 if kind == "const+1" else -1)
            return f"line {line}: constant {node.value - (1 if kind == 'const+1' else -1)} -> {node.value}"
        if kind == "bool":
            node.value = not node.value
            return f"line {line}: {not node.value} -> {node.value}"
        if kind == "name":
            old = node.id
            node.id = _NAME_SWAP[old]
            return f"line {line}: {old} -> {node.id}"
        if kind in ("range+1", "range-1"):
            k = 1 if len(node.args) >= 2 else 0
            delta = 1 if kind == "range+1" else -1
            node.args[k] = ast.BinOp(node.args[k], ast.Add() if delta > 0 else ast.Sub(), ast.Constant(1))
            return f"line {line}: range end {'+' if delta > 0 else '-'}1"
    return None


def make_mutants(code: str, max_mutants: int, *, seed: str = "") -> list[Mutant]:
    """Up to ``max_mutants`` distinct mutants of ``code`` (a deterministic sample when
    there are more sites; seeded by ``seed``, e.g. the problem id)."""
    try:
        original = ast.unparse(ast.parse(code))
    except (SyntaxError, ValueError, RecursionError):
        return []
    sites = _sites(ast.parse(code))
    rng = random.Random(int.from_bytes(hashlib.sha256(f"mutants:{seed}".encode()).digest()[:8], "big"))
    rng.shuffle(sites)
    out: list[Mutant] = []
    seen = {original}
    for index, kind in sites:
        if len(out) >= max_mutants:
            break
        tree = ast.parse(code)
        what = _apply(tree, index, kind)
        if what is None:
            continue
        try:
            text = ast.unparse(ast.fix_missing_locations(tree))
            compile(text, "<mutant>", "exec")
        except (SyntaxError, ValueError, RecursionError):
            continue
        if text in seen:
            continue
        seen.add(text)
        out.append(Mutant(text, what))
    return out
