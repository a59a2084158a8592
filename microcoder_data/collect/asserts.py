"""Assert-style tests (HumanEval, MBPP, KodCode, rLLM ...) read as functional tests, never executed.

Nothing here executes dataset code: asserts are read with ``ast`` and only literal values
are accepted (see ``literals``).  Also the code helpers the readers share: the method
names of a ``Solution`` class and the function name of an entry point.
"""

from __future__ import annotations

import ast
import builtins
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple

from microcoder_eval.ground_truth import FormatError, NotConvertible, functional_test
from microcoder_eval.types import TestCase

from .literals import (
    _is_num,
    _literal,
    _NotLiteral,
    _parse_quietly,
)

__all__ = ["AssertConversion", "parse_asserts", "convert_asserts", "fn_name_from_entry_point", "method_names"]


# --------------------------------------------------------------------------- code helpers


def fn_name_from_entry_point(entry_point: str) -> str:
    """``Solution().twoSum`` / ``Solution.twoSum`` / ``twoSum`` -> ``twoSum``."""
    name = (entry_point or "").strip().rsplit(".", 1)[-1].strip()
    if not name.isidentifier():
        raise FormatError(f"cannot read a function name from entry point {entry_point!r}")
    return name


def method_names(code: str, class_name: str = "Solution") -> list[str]:
    """Public method names of ``class <class_name>`` in ``code`` (starter code may end in
    an empty body, so a ``pass`` is added where parsing fails)."""
    if not code.strip():
        return []
    tree = None
    for attempt in (code, code.rstrip() + "\n        pass\n", code.rstrip() + "\n    pass\n"):
        try:
            tree = _parse_quietly(textwrap.dedent(attempt))
            break
        except SyntaxError:
            continue
    if tree is None:
        return []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return [
                n.name
                for n in node.body
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and not n.name.startswith("_")
            ]
    return []


# --------------------------------------------------------------------------- asserts

_BUILTIN_NAMES = frozenset(dir(builtins)) | {"math", "isclose", "np", "numpy"}
_CANDIDATE_PARAM = "candidate"


class AssertConversion(NamedTuple):
    tests: tuple[TestCase, ...]
    unconverted: list[str]  # one reason per assert that could not be converted
    fn_name: str | None  # the function the asserts call (given or inferred)
    tolerance: float | None  # largest tolerance an assert asked for (abs()/isclose forms)


@dataclass
class _Scope:
    env: dict[str, Any] = field(default_factory=dict)  # names bound to literal values
    candidates: set[str] = field(default_factory=lambda: {_CANDIDATE_PARAM})  # names standing for the function
    objects: set[str] = field(default_factory=set)  # names bound to Solution()-like objects

    def child(self) -> "_Scope":
        return _Scope(dict(self.env), set(self.candidates), set(self.objects))


def _snippet(node: ast.AST, limit: int = 100) -> str:
    try:
        text = ast.unparse(node)
    except Exception:  # pragma: no cover - unparse handles every parsed node
        text = type(node).__name__
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _called_name(call: ast.Call) -> str | None:
    f = call.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


class _AssertReader:
    def __init__(self, fn_name: str | None) -> None:
        self.fn_name = fn_name
        self.tests: list[TestCase] = []
        self.unconverted: list[str] = []
        self.tolerance: float | None = None

    # ---- target calls
    def _is_target(self, node: ast.AST, scope: _Scope) -> bool:
        if not isinstance(node, ast.Call):
            return False
        f = node.func
        if isinstance(f, ast.Name):
            if f.id in scope.candidates:
                return True
            return self.fn_name is not None and f.id == self.fn_name
        if isinstance(f, ast.Attribute):
            owner = f.value
            on_object = (isinstance(owner, ast.Name) and owner.id in scope.objects) or (
                isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and not owner.args
            )
            if on_object:
                return self.fn_name is None or f.attr == self.fn_name
            # obj.f(...) on an untracked name: only when it names the known function
            return (
                self.fn_name is not None
                and f.attr == self.fn_name
                and isinstance(owner, ast.Name)
                and owner.id not in scope.env
                and owner.id not in _BUILTIN_NAMES
            )
        return False

    def _args(self, call: ast.Call, scope: _Scope) -> list[Any] | dict[str, Any]:
        positional: list[Any] = []
        keywords: dict[str, Any] = {}
        for a in call.args:
            if isinstance(a, ast.Starred):
                v = _literal(a.value, scope.env)
                if not isinstance(v, (list, tuple)):
                    raise _NotLiteral("*args of a non-sequence")
                positional.extend(v)
            else:
                positional.append(_literal(a, scope.env))
        for kw in call.keywords:
            v = _literal(kw.value, scope.env)
            if kw.arg is None:
                if not isinstance(v, dict) or not all(isinstance(k, str) for k in v):
                    raise _NotLiteral("**kwargs of a non-dict")
                keywords.update(v)
            else:
                keywords[kw.arg] = v
        if positional and keywords:
            raise NotConvertible("mixes positional and keyword arguments")
        return keywords if keywords else positional

    # ---- one assert
    def _convert(self, node: ast.Assert, scope: _Scope) -> None:
        where = f"line {node.lineno}"
        try:
            call, expected, tol = self._match(node.test, scope)
            if call is None:
                return  # `assert True`-style no-op
            name = _called_name(call)
            if self.fn_name is None and name and not (isinstance(call.func, ast.Name) and name in scope.candidates):
                self.fn_name = name
            args = self._args(call, scope)
            self.tests.append(functional_test(args, expected))
            if tol is not None:
                self.tolerance = tol if self.tolerance is None else max(self.tolerance, tol)
        except _NotLiteral as exc:
            self.unconverted.append(f"{where}: not a literal ({exc}): {_snippet(node.test)}")
        except NotConvertible as exc:
            self.unconverted.append(f"{where}: {exc}: {_snippet(node.test)}")

    def _match(self, e: ast.expr, scope: _Scope) -> tuple[ast.Call | None, Any, float | None]:
        """Return (target call, expected value, tolerance) or raise NotConvertible."""
        if isinstance(e, ast.Constant) and e.value is True:
            return None, None, None
        if self._is_target(e, scope):
            return e, True, None  # assert f(x)  -> truthy; judged as == True
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not) and self._is_target(e.operand, scope):
            return e.operand, False, None
        if isinstance(e, ast.Compare) and len(e.ops) == 1:
            op, left, right = e.ops[0], e.left, e.comparators[0]
            if isinstance(op, ast.Eq):  # tuple(f(x)) == (1, 2): tuples and lists are the same JSON
                left, right = self._unwrap_sequence(left, scope), self._unwrap_sequence(right, scope)
            if isinstance(op, (ast.Eq, ast.Is)):
                if self._is_target(right, scope) and not self._is_target(left, scope):
                    left, right = right, left
                rounded = self._rounded(left, scope) or self._rounded(right, scope)
                if rounded is not None and isinstance(op, ast.Eq):
                    call, digits = rounded
                    other = right if self._rounded(left, scope) else left
                    expected = _literal(other, scope.env)
                    if not _is_num(expected):
                        raise NotConvertible("round() compared with a non-number")
                    return call, expected, 0.5 * 10.0 ** (-digits) * (1 + 1e-9)
                if self._is_target(left, scope):
                    if isinstance(op, ast.Is) and not (
                        isinstance(right, ast.Constant) and (right.value is None or isinstance(right.value, bool))
                    ):
                        raise NotConvertible("identity comparison with a non-singleton")
                    return left, _literal(right, scope.env), None
                raise NotConvertible(self._why_no_target(e, scope))
            if isinstance(op, (ast.Lt, ast.LtE)):
                diff = self._abs_diff(left, scope)
                if diff is not None:
                    call, expected = diff
                    tol = _literal(right, scope.env)
                    if not _is_num(tol):
                        raise NotConvertible("tolerance is not a number")
                    return call, expected, float(tol)
            raise NotConvertible(self._why_no_target(e, scope))
        if isinstance(e, ast.Call) and _called_name(e) == "isclose":
            pair = [a for a in e.args[:2]]
            if len(pair) == 2:
                a, b = pair
                if self._is_target(b, scope) and not self._is_target(a, scope):
                    a, b = b, a
                if self._is_target(a, scope):
                    expected = _literal(b, scope.env)
                    if not _is_num(expected):
                        raise NotConvertible("isclose with a non-number")
                    tol = None
                    for kw in e.keywords:
                        if kw.arg in ("rel_tol", "abs_tol"):
                            t = _literal(kw.value, scope.env)
                            if _is_num(t):
                                tol = float(t) if tol is None else max(tol, float(t))
                    return a, expected, tol
        raise NotConvertible(self._why_no_target(e, scope))

    def _unwrap_sequence(self, node: ast.expr, scope: _Scope) -> ast.expr:
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("tuple", "list")
            and len(node.args) == 1
            and not node.keywords
            and self._is_target(node.args[0], scope)
        ):
            return node.args[0]
        return node

    def _rounded(self, node: ast.expr, scope: _Scope) -> tuple[ast.Call, int] | None:
        """``round(f(x), n)`` -> (call, n)."""
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "round"
            and len(node.args) == 2
            and not node.keywords
            and self._is_target(node.args[0], scope)
        ):
            digits = _literal(node.args[1], scope.env)
            if isinstance(digits, int) and not isinstance(digits, bool) and 0 <= digits <= 15:
                return node.args[0], digits
        return None

    def _abs_diff(self, node: ast.expr, scope: _Scope) -> tuple[ast.Call, Any] | None:
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "abs"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.BinOp)
            and isinstance(node.args[0].op, ast.Sub)
        ):
            return None
        a, b = node.args[0].left, node.args[0].right
        if self._is_target(b, scope) and not self._is_target(a, scope):
            a, b = b, a
        if not self._is_target(a, scope):
            return None
        expected = _literal(b, scope.env)
        if not _is_num(expected):
            raise NotConvertible("abs() difference with a non-number")
        return a, expected

    def _why_no_target(self, e: ast.expr, scope: _Scope) -> str:
        if isinstance(e, ast.Compare) and any(self._is_target(x, scope) for x in [e.left, *e.comparators]):
            ops = ", ".join(type(op).__name__ for op in e.ops)
            return f"unsupported comparison ({ops})"
        for sub in ast.walk(e):
            if sub is not e and self._is_target(sub, scope):
                outer = [
                    n for n in ast.walk(e) if isinstance(n, ast.Call) and n is not sub and sub in list(ast.walk(n))
                ]
                if outer:
                    return f"result passes through {_called_name(outer[-1]) or 'an expression'}()"
                return "result is used inside an expression"
        if self.fn_name:
            return f"no call of {self.fn_name}() compared with a literal"
        return "no function call compared with a literal"

    # ---- statements
    def run(self, body: list[ast.stmt], scope: _Scope) -> None:
        for stmt in body:
            self._stmt(stmt, scope)

    def _stmt(self, stmt: ast.stmt, scope: _Scope) -> None:
        if isinstance(stmt, ast.Assert):
            self._convert(stmt, scope)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            value = stmt.value
            for t in targets:
                if not isinstance(t, ast.Name):
                    continue  # root.left = Node(2): only affects non-literal objects
                scope.env.pop(t.id, None)
                scope.objects.discard(t.id)
                if value is None:
                    continue
                try:
                    scope.env[t.id] = _literal(value, scope.env)
                except _NotLiteral:
                    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and not value.args:
                        scope.objects.add(t.id)  # my_solution = Solution()
                    elif isinstance(value, (ast.Name, ast.Attribute)) and (
                        isinstance(value, ast.Attribute) or value.id in scope.candidates
                    ):
                        scope.candidates.add(t.id)  # f = candidate / f = Solution().twoSum
                        if isinstance(value, ast.Attribute) and self.fn_name is None:
                            self.fn_name = value.attr
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if not any(isinstance(n, ast.Assert) for n in ast.walk(stmt)):
                return
            inner = scope.child()
            params = [a.arg for a in stmt.args.posonlyargs + stmt.args.args]
            if params:
                inner.candidates.add(params[0])
            for p in params[1:]:
                inner.env.pop(p, None)
            self.run(stmt.body, inner)
        elif isinstance(stmt, ast.Expr):
            v = stmt.value
            if isinstance(v, ast.Call) and _called_name(v) == "check" and len(v.args) == 1:
                target = v.args[0]
                if isinstance(target, ast.Attribute) and self.fn_name is None:
                    self.fn_name = target.attr
                elif isinstance(target, ast.Name) and self.fn_name is None and target.id not in scope.candidates:
                    self.fn_name = target.id
        elif isinstance(stmt, (ast.Import, ast.ImportFrom, ast.Pass)):
            return
        else:
            asserts = [n for n in ast.walk(stmt) if isinstance(n, ast.Assert)]
            for a in asserts:
                self.unconverted.append(
                    f"line {a.lineno}: assert inside a {type(stmt).__name__} statement: {_snippet(a.test)}"
                )


def _infer_fn_name(tree: ast.AST) -> str | None:
    """Most frequently called non-builtin function inside asserts (MBPP-style tests)."""
    counts: Counter[str] = Counter()
    order: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            for sub in ast.walk(node.test):
                if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
                    name = sub.func.id
                    if name in _BUILTIN_NAMES or name == _CANDIDATE_PARAM:
                        continue
                    if name not in counts:
                        order.append(name)
                    counts[name] += 1
    if not counts:
        return None
    best = max(counts.values())
    return next(n for n in order if counts[n] == best)


def _has_candidate_or_object_calls(tree: ast.AST) -> bool:
    """True when the tests call the function through ``check(candidate)`` or an object
    (``Solution().f`` / ``obj.f`` with ``obj = Solution()``) rather than by plain name."""
    objects = {
        t.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Call)
        and isinstance(n.value.func, ast.Name)
        and not n.value.args
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    for n in ast.walk(tree):
        if (
            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and n.args.args
            and any(isinstance(a, ast.Assert) for a in ast.walk(n))
        ):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            owner = n.func.value
            if (isinstance(owner, ast.Name) and owner.id in objects) or (
                isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and not owner.args
            ):
                return True
    return False


def parse_asserts(source: str | Iterable[str], fn_name: str | None = None) -> AssertConversion:
    """Convert assert-style tests to functional ``TestCase``s without executing them.

    ``source`` is Python text (or a list of assert lines, e.g. MBPP's ``test_list``).
    Understood forms: ``assert f(args) == literal`` (either side), ``is True/False/None``,
    ``assert f(x)`` / ``assert not f(x)`` (expected true / false),
    ``abs(f(x) - v) < tol`` and ``math.isclose(f(x), v, ...)`` (expected v), calls through
    ``candidate`` (inside ``def check(candidate)``), ``Solution().f``, ``obj.f`` where
    ``obj = Solution()``, and plain ``f``; arguments may be positional, keyword, ``*seq``
    or ``**dict``, and names bound earlier to literals (``test_input = {...}``) are
    resolved.  Only literal values convert; everything else is reported in
    ``unconverted`` with its line and reason.
    """
    if not isinstance(source, str):
        source = "\n".join(source)
    text = textwrap.dedent(source.replace("\r\n", "\n"))
    try:
        tree = _parse_quietly(text)
    except SyntaxError as exc:
        return AssertConversion((), [f"test code does not parse: {exc.msg} (line {exc.lineno})"], fn_name, None)
    reader = _AssertReader(fn_name)
    # a trailing `check(Solution().f)` names the function before the asserts are read
    if fn_name is None:
        for stmt in tree.body:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and _called_name(stmt.value) == "check":
                args = stmt.value.args
                if len(args) == 1 and isinstance(args[0], ast.Attribute):
                    reader.fn_name = args[0].attr
        if reader.fn_name is None and not _has_candidate_or_object_calls(tree):
            reader.fn_name = _infer_fn_name(tree)
    reader.run(tree.body, _Scope())
    return AssertConversion(tuple(reader.tests), reader.unconverted, reader.fn_name, reader.tolerance)


def convert_asserts(source: str | Iterable[str], fn_name: str | None = None) -> tuple[tuple[TestCase, ...], list[str]]:
    """``parse_asserts`` reduced to ``(tests, unconverted_reasons)``."""
    result = parse_asserts(source, fn_name)
    return result.tests, result.unconverted
