"""Low-level converters from upstream test formats to ``TestCase`` tuples.

Pure standard library (no pandas / datasets): the reward function imports this module
inside RL workers.  Nothing here executes dataset code: assert-style tests are read with
``ast`` and only literal values are accepted; LiveCodeBench's pickled private tests are
loaded with an unpickler that refuses every global, so a hostile file cannot run code.

Encoding produced (see ``microcoder_eval.types``):

* stdin: ``TestCase(input=<stdin text>, output=<expected stdout text>)``
* functional: ``input`` is JSON text of a list (positional arguments) or an object
  (keyword arguments); ``output`` is JSON text of the expected return value.
"""
from __future__ import annotations

import ast
import base64
import binascii
import builtins
import io
import json
import math
import pickle
import re
import textwrap
import warnings
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from .types import Mode, TestCase

__all__ = [
    "FormatError",
    "NotConvertible",
    "AssertConversion",
    "tests_from_apps_io",
    "lcb_tests",
    "decode_lcb_private_tests",
    "lcb_metadata",
    "functional_input_from_lcb_lines",
    "to_json_value",
    "dump_json_value",
    "functional_test",
    "parse_asserts",
    "convert_asserts",
    "parse_leetcode_value",
    "parse_python_literal",
    "parse_leetcode_args",
    "fn_name_from_entry_point",
    "method_names",
]

# Upper bound on a decompressed LCB private-test blob (the largest real ones are a few
# hundred MB); guards against decompression bombs.
MAX_PRIVATE_TESTS_BYTES = 2 * 1024**3


class FormatError(ValueError):
    """The upstream data does not have the documented shape."""


class NotConvertible(ValueError):
    """A value or assert cannot be expressed in the JSON test encoding."""


# --------------------------------------------------------------------------- JSON values


def to_json_value(value: Any, _depth: int = 0) -> Any:
    """Return ``value`` as plain JSON data (tuples become lists).

    Raises ``NotConvertible`` for what JSON cannot hold faithfully: sets, bytes, complex
    numbers, non-finite floats and dicts with non-string keys.
    """
    if _depth > 200:
        raise NotConvertible("value nested too deeply")
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise NotConvertible(f"non-finite float {value!r} is not JSON")
        return value
    if isinstance(value, (list, tuple)):
        if all(type(v) is int or type(v) is str for v in value):  # fast path: flat lists
            return list(value)
        return [to_json_value(v, _depth + 1) for v in value]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise NotConvertible(f"dict key {k!r} is not a string (JSON objects need string keys)")
            out[k] = to_json_value(v, _depth + 1)
        return out
    if isinstance(value, (set, frozenset)):
        raise NotConvertible("set value is not JSON (order and type would be lost)")
    raise NotConvertible(f"{type(value).__name__} value is not JSON")


def dump_json_value(value: Any) -> str:
    """Canonical JSON text of an already-JSON-compatible value."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def functional_test(args: Sequence[Any] | Mapping[str, Any], expected: Any) -> TestCase:
    """A functional ``TestCase`` from Python arguments (list or kwargs) and a return value."""
    if isinstance(args, Mapping):
        enc_args: Any = to_json_value(dict(args))
    elif isinstance(args, (list, tuple)):
        enc_args = to_json_value(list(args))
    else:
        raise NotConvertible(f"arguments must be a list or a mapping, got {type(args).__name__}")
    return TestCase(dump_json_value(enc_args), dump_json_value(to_json_value(expected)))


def _canonical_json_text(text: str, what: str) -> str:
    try:
        value = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise FormatError(f"{what} is not JSON: {str(text)[:80]!r} ({exc})") from None
    try:
        return dump_json_value(value)
    except ValueError as exc:  # NaN/Infinity
        raise FormatError(f"{what}: {exc}") from None


# --------------------------------------------------------------------------- APPS / TACO


def _stdin_text(value: Any, *, is_input: bool) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            return "\n".join(str(v) for v in value) + ("\n" if is_input and value else "")
        return "\n".join(value) + ("\n" if is_input and value and not value[-1].endswith("\n") else "")
    if value is None or isinstance(value, (dict, bool)):
        raise FormatError(f"stdin {'input' if is_input else 'output'} has type {type(value).__name__}")
    return str(value)


def tests_from_apps_io(data: Mapping[str, Any]) -> tuple[Mode, tuple[TestCase, ...]]:
    """Tests from an APPS/TACO ``input_output`` dict (``inputs``, ``outputs``, optional ``fn_name``).

    Accepts the dict or its JSON text.  Call-based problems (``fn_name`` set): each input
    is the argument list; APPS wraps every expected return value in a one-element list
    (``[[false], [true]]``), so when *every* output is a one-element list they are
    unwrapped, otherwise outputs are taken as they are (APPS also has ``[9]``-style
    plain outputs, e.g. train/2404).  Stdin problems: inputs/outputs are texts; a list of
    lines is joined with "\\n" (input gets a final newline).
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError as exc:
            raise FormatError(f"input_output is not JSON: {exc}") from None
    if not isinstance(data, Mapping):
        raise FormatError(f"input_output must be an object, got {type(data).__name__}")
    inputs, outputs = data.get("inputs"), data.get("outputs")
    if not isinstance(inputs, list) or not isinstance(outputs, list):
        raise FormatError("input_output needs list fields 'inputs' and 'outputs'")
    if len(inputs) != len(outputs):
        raise FormatError(f"input_output has {len(inputs)} inputs but {len(outputs)} outputs")
    fn_name = data.get("fn_name")
    if fn_name:
        if not isinstance(fn_name, str):
            raise FormatError(f"fn_name must be a string, got {type(fn_name).__name__}")
        wrapped = bool(outputs) and all(isinstance(o, list) and len(o) == 1 for o in outputs)
        tests = []
        for i, (inp, out) in enumerate(zip(inputs, outputs)):
            args = inp if isinstance(inp, list) else [inp]
            expected = out[0] if wrapped else out
            try:
                tests.append(functional_test(args, expected))
            except NotConvertible as exc:
                raise FormatError(f"test {i}: {exc}") from None
        return "functional", tuple(tests)
    tests = [
        TestCase(_stdin_text(i, is_input=True), _stdin_text(o, is_input=False))
        for i, o in zip(inputs, outputs)
    ]
    return "stdin", tuple(tests)


tests_from_apps_io.__test__ = False  # type: ignore[attr-defined]  # not a pytest test when imported


# --------------------------------------------------------------------------- LiveCodeBench


def functional_input_from_lcb_lines(text: str) -> str:
    """LCB functional input (one JSON value per line, positional args) -> JSON list text.

    Values are decoded one after another, so a value spanning several lines also works.
    """
    if not isinstance(text, str):
        raise FormatError(f"functional input must be text, got {type(text).__name__}")
    decoder = json.JSONDecoder()
    args: list[Any] = []
    pos, end = 0, len(text)
    while True:
        while pos < end and text[pos] in " \t\r\n":
            pos += 1
        if pos >= end:
            break
        try:
            value, pos = decoder.raw_decode(text, pos)
        except ValueError as exc:
            raise FormatError(f"functional input is not JSON values: {text[:80]!r} ({exc})") from None
        args.append(value)
    try:
        return dump_json_value(args)
    except ValueError as exc:
        raise FormatError(f"functional input: {exc}") from None


class _StringsOnlyUnpickler(pickle.Unpickler):
    """Unpickler that refuses every global/persistent reference (no code can run)."""

    def find_class(self, module: str, name: str) -> Any:  # noqa: D401
        raise pickle.UnpicklingError(f"refused global {module}.{name} in private test data")

    def persistent_load(self, pid: Any) -> Any:
        raise pickle.UnpicklingError("refused persistent id in private test data")


def _safe_unpickle_text(blob: bytes) -> str:
    try:
        value = _StringsOnlyUnpickler(io.BytesIO(blob)).load()
    except pickle.UnpicklingError as exc:
        raise FormatError(f"private tests: unsafe or corrupt pickle ({exc})") from None
    except Exception as exc:  # truncated or garbage streams raise assorted errors
        raise FormatError(f"private tests: corrupt pickle ({type(exc).__name__}: {exc})") from None
    if isinstance(value, bytes):
        value = value.decode("utf-8")
    if not isinstance(value, str):
        raise FormatError(f"private tests: pickle holds {type(value).__name__}, expected a JSON string")
    return value


def decode_lcb_private_tests(value: Any, *, max_bytes: int = MAX_PRIVATE_TESTS_BYTES) -> list[dict]:
    """Decode LCB ``private_test_cases``: "" / a JSON list / a JSON string of a list /
    base64(zlib(pickle(JSON string))) as in ``code_generation_lite``."""
    if value is None or value == "" or value == b"":
        return []
    if isinstance(value, list):
        cases = value
    else:
        if isinstance(value, bytes):
            value = value.decode("ascii", errors="replace")
        if not isinstance(value, str):
            raise FormatError(f"private_test_cases has type {type(value).__name__}")
        text = value.strip()
        cases = None
        if text[:1] == "[":
            try:
                cases = json.loads(text)
            except ValueError:
                cases = None
        if cases is None:
            try:
                raw = base64.b64decode("".join(text.split()), validate=True)
            except (binascii.Error, ValueError) as exc:
                raise FormatError(f"private_test_cases is neither JSON nor base64 ({exc})") from None
            try:
                dec = zlib.decompressobj()
                blob = dec.decompress(raw, max_bytes)
                if dec.unconsumed_tail:
                    raise FormatError(f"private_test_cases decompress to more than {max_bytes} bytes")
                blob += dec.flush()
            except zlib.error as exc:
                raise FormatError(f"private_test_cases is neither JSON nor zlib data ({exc})") from None
            try:
                cases = json.loads(_safe_unpickle_text(blob))
            except ValueError as exc:
                if isinstance(exc, FormatError):
                    raise
                raise FormatError(f"private tests: unpickled text is not JSON ({exc})") from None
    if not isinstance(cases, list):
        raise FormatError(f"private tests must be a list, got {type(cases).__name__}")
    return cases


def _lcb_case_list(value: Any, what: str) -> list[dict]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError as exc:
            raise FormatError(f"{what} is not JSON ({exc})") from None
    if not isinstance(value, list):
        raise FormatError(f"{what} must be a list, got {type(value).__name__}")
    return value


def lcb_metadata(value: Any) -> dict:
    """LCB `metadata` (JSON text or dict) as a dict."""
    if value is None or value == "":
        return {}
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError as exc:
            raise FormatError(f"metadata is not JSON ({exc})") from None
    if not isinstance(value, Mapping):
        raise FormatError(f"metadata must be an object, got {type(value).__name__}")
    return dict(value)


def lcb_tests(row: Mapping[str, Any]) -> tuple[Mode, tuple[TestCase, ...], str | None]:
    """Tests of a LiveCodeBench ``code_generation_lite`` row: public + private tests.

    Returns ``(mode, tests, fn_name)``; functional inputs are converted from LCB's
    one-JSON-value-per-line form to a JSON argument list, outputs to canonical JSON.
    """
    public = _lcb_case_list(row.get("public_test_cases"), "public_test_cases")
    private = decode_lcb_private_tests(row.get("private_test_cases"))
    metadata = lcb_metadata(row.get("metadata"))
    fn_name = metadata.get("func_name") or None
    cases = public + private
    if not cases:
        raise FormatError("no test cases (public and private tests are empty)")
    kinds = set()
    for i, case in enumerate(cases):
        if not isinstance(case, Mapping):
            raise FormatError(f"test {i} is {type(case).__name__}, not an object")
        kinds.add(case.get("testtype") or ("functional" if fn_name else "stdin"))
    if len(kinds) > 1:
        raise FormatError(f"mixed test types {sorted(kinds)}")
    mode = kinds.pop()
    if mode not in ("stdin", "functional"):
        raise FormatError(f"unknown testtype {mode!r}")
    tests = []
    for i, case in enumerate(cases):
        inp, out = case.get("input"), case.get("output")
        if not isinstance(inp, str) or not isinstance(out, str):
            raise FormatError(f"test {i}: input/output must be strings")
        if mode == "functional":
            try:
                tests.append(
                    TestCase(functional_input_from_lcb_lines(inp), _canonical_json_text(out, "expected output"))
                )
            except FormatError as exc:
                raise FormatError(f"test {i}: {exc}") from None
        else:
            tests.append(TestCase(inp, out))
    if mode == "functional" and not fn_name:
        names = method_names(row.get("starter_code") or "")
        if len(names) == 1:
            fn_name = names[0]
        else:
            raise FormatError("functional tests but no metadata.func_name (and no single method in starter_code)")
    return mode, tuple(tests), fn_name


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
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("tuple", "list")
        and node.func.id not in env and len(node.args) == 1 and not node.keywords
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
            t is ast.UnaryOp and type(e.op) is ast.USub and type(e.operand) is ast.Constant
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
                self.fn_name is not None and f.attr == self.fn_name
                and isinstance(owner, ast.Name) and owner.id not in scope.env and owner.id not in _BUILTIN_NAMES
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
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("tuple", "list")
            and len(node.args) == 1 and not node.keywords and self._is_target(node.args[0], scope)
        ):
            return node.args[0]
        return node

    def _rounded(self, node: ast.expr, scope: _Scope) -> tuple[ast.Call, int] | None:
        """``round(f(x), n)`` -> (call, n)."""
        if (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "round"
            and len(node.args) == 2 and not node.keywords and self._is_target(node.args[0], scope)
        ):
            digits = _literal(node.args[1], scope.env)
            if isinstance(digits, int) and not isinstance(digits, bool) and 0 <= digits <= 15:
                return node.args[0], digits
        return None

    def _abs_diff(self, node: ast.expr, scope: _Scope) -> tuple[ast.Call, Any] | None:
        if not (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "abs"
            and len(node.args) == 1 and isinstance(node.args[0], ast.BinOp) and isinstance(node.args[0].op, ast.Sub)
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
                    n for n in ast.walk(e)
                    if isinstance(n, ast.Call) and n is not sub and sub in list(ast.walk(n))
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


def _parse_quietly(text: str, mode: str = "exec") -> ast.AST:
    """``ast.parse`` without SyntaxWarnings for dataset code (invalid string escapes etc.)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return ast.parse(text, mode=mode)


def _has_candidate_or_object_calls(tree: ast.AST) -> bool:
    """True when the tests call the function through ``check(candidate)`` or an object
    (``Solution().f`` / ``obj.f`` with ``obj = Solution()``) rather than by plain name."""
    objects = {
        t.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Name)
        and not n.value.args
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.args.args and any(
            isinstance(a, ast.Assert) for a in ast.walk(n)
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
            return json.loads(_PY_WORD_RE.sub(lambda m: _PY_WORDS.get(m.group(1), m.group(0)) if m.group(1) else m.group(0), s),
                              parse_constant=_reject_constant)
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
        args[name] = parse_leetcode_value(piece[m.end():])
    return args
