"""Python and LeetCode literal values, read with ``ast`` and never executed.

Used by the assert reader (``asserts``) and by the readers of LeetCode-style examples
(``parse_leetcode_value`` / ``parse_leetcode_args``: ``nums = [2,7], target = 9``).
"""

from __future__ import annotations

import ast
import json
import re
import warnings
from typing import Any, Mapping

from microcoder_eval.ground_truth import NotConvertible

__all__ = ["parse_python_literal", "parse_leetcode_value", "parse_leetcode_args"]

# --------------------------------------------------------------------------- literals


class _NotLiteral(Exception):
    pass


_MAX_LITERAL_LEN = 1_000_000
_MAX_INT_BITS = 100_000


def _check_size(value: Any) -> Any:
    if isinstance(value, (str, list, tuple)) and len(value) > _MAX_LITERAL_LEN:
        raise _NotLiteral("literal too large")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > _MAX_INT_BITS:
        raise _NotLiteral("integer too large")
    return value


def _literal(node: ast.AST, env: Mapping[str, Any]) -> Any:
    """Evaluate a literal expression: constants, containers, names bound to literals,
    unary +/- and arithmetic on numbers (``2.0/3.0``, ``10**9 + 7``), and sequence
    concatenation / repetition (``[0] * 5``).  Anything else raises ``_NotLiteral``."""
    if isinstance(node, ast.Constant):
        if isinstance(node.value, (bytes, complex)) or node.value is Ellipsis:
            raise _NotLiteral(f"{type(node.value).__name__} constant")
        return node.value
    if isinstance(node, ast.Name):
        if node.id in env:
            return _copy_literal(env[node.id])
        raise _NotLiteral(f"name {node.id!r} is not bound to a literal")
    if isinstance(node, (ast.List, ast.Tuple)):
        values = _simple_elts(node.elts)
        if values is None:
            values = [_literal(e, env) for e in _starred_elts(node.elts, env)]
        return values if isinstance(node, ast.List) else tuple(values)
    if isinstance(node, ast.Set):
        return {_hashable(_literal(e, env)) for e in node.elts}
    if isinstance(node, ast.Dict):
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:  # {**other}
                inner = _literal(v, env)
                if not isinstance(inner, dict):
                    raise _NotLiteral("** of a non-dict")
                out.update(inner)
            else:
                out[_hashable(_literal(k, env))] = _literal(v, env)
        return out
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _literal(node.operand, env)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise _NotLiteral("unary sign on a non-number")
        return -v if isinstance(node.op, ast.USub) else +v
    if isinstance(node, ast.BinOp):
        left, right = _literal(node.left, env), _literal(node.right, env)
        return _check_size(_binop(node.op, left, right))
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("tuple", "list")
        and node.func.id not in env
        and len(node.args) == 1
        and not node.keywords
    ):
        inner = _literal(node.args[0], env)  # tuple([1, 2]): a conversion of a literal, nothing runs
        if isinstance(inner, (list, tuple, str)):
            return tuple(inner) if node.func.id == "tuple" else list(inner)
    raise _NotLiteral(f"{type(node).__name__} expression")


_SIMPLE_CONST = (int, float, str, bool, type(None))


def _simple_elts(elts: list[ast.expr]) -> list[Any] | None:
    """Fast path for flat sequences of constants / negative numbers (big test inputs)."""
    out = []
    append = out.append
    for e in elts:
        t = type(e)
        if t is ast.Constant and isinstance(e.value, _SIMPLE_CONST):
            append(e.value)
        elif (
            t is ast.UnaryOp
            and type(e.op) is ast.USub
            and type(e.operand) is ast.Constant
            and type(e.operand.value) in (int, float)
        ):
            append(-e.operand.value)
        else:
            return None
    return out


def _starred_elts(elts: list[ast.expr], env: Mapping[str, Any]) -> list[ast.expr]:
    for e in elts:
        if isinstance(e, ast.Starred):
            raise _NotLiteral("starred element")
    return elts


def _hashable(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        raise _NotLiteral("unhashable key") from None
    return value


def _copy_literal(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy_literal(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_literal(v) for k, v in value.items()}
    return value


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _binop(op: ast.operator, a: Any, b: Any) -> Any:
    if _is_num(a) and _is_num(b):
        if isinstance(op, ast.Add):
            return a + b
        if isinstance(op, ast.Sub):
            return a - b
        if isinstance(op, ast.Mult):
            return a * b
        if isinstance(op, (ast.Div, ast.FloorDiv, ast.Mod)):
            if b == 0:
                raise _NotLiteral("division by zero")
            return a / b if isinstance(op, ast.Div) else (a // b if isinstance(op, ast.FloorDiv) else a % b)
        if isinstance(op, ast.Pow):
            if isinstance(b, int) and isinstance(a, int) and b >= 0:
                if abs(a) > 1 and b * max(abs(a).bit_length(), 1) > _MAX_INT_BITS:
                    raise _NotLiteral("power too large")
                return a**b
            if isinstance(a, float) or isinstance(b, float) or b < 0:
                try:
                    return float(a) ** float(b)
                except (OverflowError, ZeroDivisionError, ValueError):
                    raise _NotLiteral("bad float power") from None
        raise _NotLiteral(f"operator {type(op).__name__} on numbers")
    if isinstance(op, ast.Add) and type(a) is type(b) and isinstance(a, (str, list, tuple)):
        if len(a) + len(b) > _MAX_LITERAL_LEN:
            raise _NotLiteral("literal too large")
        return a + b
    if isinstance(op, ast.Mult):
        seq, n = (a, b) if isinstance(a, (str, list, tuple)) else (b, a)
        if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and not isinstance(n, bool):
            if len(seq) * max(n, 0) > _MAX_LITERAL_LEN:
                raise _NotLiteral("literal too large")
            return seq * n
    raise _NotLiteral(f"operator {type(op).__name__} on {type(a).__name__}/{type(b).__name__}")


def _parse_quietly(text: str, mode: str = "exec") -> ast.AST:
    """``ast.parse`` without SyntaxWarnings for dataset code (invalid string escapes etc.)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return ast.parse(text, mode=mode)


def parse_python_literal(text: str) -> Any:
    """A Python literal expression (with the arithmetic ``_literal`` allows), not executed.
    Raises ``NotConvertible``."""
    try:
        tree = _parse_quietly(text.strip(), mode="eval")
        return _literal(tree.body, {})
    except (SyntaxError, _NotLiteral, ValueError, RecursionError) as exc:
        raise NotConvertible(f"not a literal: {text.strip()[:60]!r} ({exc})") from None


# --------------------------------------------------------------------------- LeetCode text

_JSONISH_WORDS = {"true": "True", "false": "False", "null": "None"}
_PY_WORDS = {"True": "true", "False": "false", "None": "null"}
_PY_WORD_RE = re.compile(r'"(?:[^"\\]|\\.)*"|\b(True|False|None)\b')


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-finite number {name} is not JSON")


_WORD_RE = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|\b(true|false|null)\b')


def parse_leetcode_value(text: str) -> Any:
    """A value as LeetCode prints it (JSON-ish: ``[1,2]``, ``"ab"``, ``true``, ``null``) or as
    a Python literal (``True``, ``'ab'``, ``(1, 2)``).  Raises ``NotConvertible``."""
    s = text.strip()
    if not s:
        raise NotConvertible("empty value")
    try:
        return json.loads(s, parse_constant=_reject_constant)
    except ValueError:
        pass
    if "'" not in s:  # Python words in otherwise JSON text: [True, False], None
        try:
            return json.loads(
                _PY_WORD_RE.sub(lambda m: _PY_WORDS.get(m.group(1), m.group(0)) if m.group(1) else m.group(0), s),
                parse_constant=_reject_constant,
            )
        except ValueError:
            pass
    py = _WORD_RE.sub(lambda m: _JSONISH_WORDS[m.group(1)] if m.group(1) else m.group(0), s)
    try:
        tree = _parse_quietly(py, mode="eval")
        return _literal(tree.body, {})
    except (SyntaxError, _NotLiteral, ValueError, RecursionError) as exc:
        raise NotConvertible(f"not a literal: {s[:60]!r} ({exc.__class__.__name__})") from None


_ARG_START_RE = re.compile(r"\s*([A-Za-z_]\w*)\s*=(?!=)\s*")


def parse_leetcode_args(text: str) -> dict[str, Any]:
    """``"nums = [2,7,11,15], target = 9"`` -> ``{"nums": [...], "target": 9}``.

    Splits at top-level commas (outside brackets and quotes) that are followed by
    ``name =``.  Raises ``NotConvertible`` when the text has another shape.
    """
    s = text.strip()
    if not s:
        return {}
    pieces: list[str] = []
    depth, quote, start, i, n = 0, "", 0, 0, len(s)
    while i < n:
        c = s[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0 and _ARG_START_RE.match(s, i + 1):
            pieces.append(s[start:i])
            start = i + 1
        i += 1
    pieces.append(s[start:])
    args: dict[str, Any] = {}
    for piece in pieces:
        m = _ARG_START_RE.match(piece)
        if not m:
            raise NotConvertible(f"argument is not 'name = value': {piece.strip()[:60]!r}")
        name = m.group(1)
        if name in args:
            raise NotConvertible(f"argument {name!r} given twice")
        args[name] = parse_leetcode_value(piece[m.end() :])
    return args
