"""Comparing a program's answer with the expected one, without false positives.

Two entry points, both returning a :class:`Comparison`:

``compare_stdout(expected, actual, rule)`` -- standard-output problems.  A fallback
chain, cheapest first; the first comparator that accepts names the method:

1. ``exact``: identical after ``\\r\\n`` -> ``\\n`` and stripping trailing whitespace at
   the very end of the text.
2. ``tokens``: identical sequences of whitespace-separated tokens (line layout and
   runs of spaces do not matter, as with the usual token checkers).  Whitespace is
   ASCII whitespace only (space, ``\\t``, ``\\n``, ``\\r``, ``\\v``, ``\\f``), as on
   Codeforces/AtCoder checkers; a no-break space is part of a token.
3. ``numeric``: same number of tokens and each pair equal, where

   * a non-numeric expected token must be identical (``No`` != ``Yes``);
   * an *integer* expected token (``[+-]?digits``) needs an integer actual token of the
     same value: the digits must be identical, only the sign spelling is normalised
     (``-0`` == ``+0`` == ``0``, ``+5`` == ``5``).  Leading zeros are *not* normalised
     (``007`` != ``7``: a zero-padded expected answer is a format requirement, and
     token checkers reject it too).  Never a tolerance, never a float form (``3.0``
     != ``3``), and exact for any length (no ``int()`` digit limit involved);
   * a *non-integer* expected token (a decimal number with ``.`` or an exponent:
     ``0.333333``, ``2.50``, ``1e-3``) accepts any actual decimal number within
     ``rule.float_tolerance``, abs-or-rel: ``|a-e| <= tol * max(1, |e|)`` (plus a 1e-9
     relative slack on the bound, for binary rounding of values printed exactly at
     the limit).  ``inf``/``nan``/``Infinity`` written as words are words (must match
     as text); an actual ``nan``/``inf`` never matches a finite number; ``1_000``-style
     tokens are not numbers.  ``float_tolerance=None`` disables the tolerance: such
     tokens must then match as text.
4. ``case_insensitive`` (only with ``rule.any_case``): as ``numeric`` with letters
   compared case-insensitively.
5. ``any_order`` (only with ``rule.any_order``): the answer's non-blank lines, each as
   its token list, form the same *multiset* as the expected lines (multiplicity
   counts); or, the lines being in the same order, each line's tokens form the same
   multiset (``print the k indices in any order``); or, when every expected line is a
   single token, the tokens form the same multiset in any layout.  Tokens compare as
   in ``numeric`` (and case-insensitively with ``any_case``).

``compare_functional(expected_json, actual_json, rule)`` -- return values, both given
as JSON text (the child serialised the actual value; Python's ``NaN``/``Infinity``
tokens are understood, big integers too):

1. ``exact``: equal with types (``true`` != ``1``, ``1`` != ``"1"``, ``1`` != ``1.0``).
2. ``structured``: lists elementwise (tuples arrive as lists), dict keys must match,
   ``bool`` never equals a number, strings never equal numbers, ``None`` only
   ``None``; an int expected value accepts an equal int or an exactly equal float;
   a float expected value accepts an int or float within the tolerance.
3. ``case_insensitive`` (``rule.any_case``): strings compare case-insensitively.
4. ``any_order`` (``rule.any_order``): the top-level list as a multiset; elements
   compare structurally (inner lists keep their order).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .types import JudgingRule

__all__ = [
    "Comparison",
    "compare_functional",
    "compare_stdout",
    "parse_json_value",
    "tokens_equal",
]

_DIFF_LIMIT = 300
_TOKEN_SHOW = 40
_SLACK = 1.0 + 1e-9  # relative slack on the tolerance bound (binary rounding at the limit)
_MATCHING_LIMIT = 60  # multiset fallback: exact bipartite matching up to this many items


@dataclass(frozen=True)
class Comparison:
    ok: bool
    method: str | None  # comparator that accepted: exact/tokens/numeric/case_insensitive/any_order/structured
    diff: str | None  # short explanation on failure

    def __bool__(self) -> bool:  # so ``if compare_stdout(...)`` reads naturally
        return self.ok


# ---------------------------------------------------------------------------------
# token level (bytes: splitting and comparing bytes is fast and ASCII-whitespace exact)

_DIGITS = frozenset(b"0123456789")
_ASCII_WS = " \t\n\r\x0b\x0c"  # what bytes.split() splits on


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _is_int(tok: bytes) -> bool:
    """``[+-]?[0-9]+`` (bytes.isdigit is ASCII-only)."""
    return tok.isdigit() or (len(tok) > 1 and tok[0] in b"+-" and tok[1:].isdigit())


def _as_float(tok: bytes) -> float | None:
    """Value of a decimal number token (``1.5``, ``-2``, ``.5``, ``1e-7``); None for words,
    ``inf``/``nan`` spelt out, ``1_000`` and anything else ``float()`` would stretch to."""
    try:
        v = float(tok)
    except ValueError:
        return None
    # inf or nan: only from digits that overflow ("1e999"), never from words
    if v - v != 0.0 and (math.isnan(v) or not _DIGITS.intersection(tok)):
        return None
    if b"_" in tok:
        return None
    return v


def _int_canon(tok: bytes) -> bytes:
    """Integer token -> canonical sign+digits (sign spelling only; leading zeros kept)."""
    if tok[:1] == b"+":
        tok = tok[1:]
    return b"0" if tok == b"-0" else tok


def _float_close(e: float, a: float, tol: float | None) -> bool:
    if math.isnan(e) or math.isnan(a):  # NaN never equals
        return False
    if e == a:
        return True
    if tol is None or math.isinf(e) or math.isinf(a):
        return False
    return abs(a - e) <= tol * max(1.0, abs(e)) * _SLACK


def _tok_eq(e: bytes, a: bytes, tol: float | None, fold: bool) -> bool:
    """Token comparator of the ``numeric``/``case_insensitive`` steps (e: expected).

    Hot loop for float outputs: the float path is inlined (one call per differing pair)."""
    if e == a:
        return True
    if e.isdigit() or (e[:1] in (b"-", b"+") and e[1:].isdigit()):  # integer expected
        return _is_int(a) and _int_canon(e) == _int_canon(a)
    try:
        ev = float(e)
    except ValueError:
        ev = None
    if ev is not None and (ev - ev == 0.0 or _as_float(e) is not None) and b"_" not in e:
        # non-integer number expected
        if tol is None:
            return fold and e.lower() == a.lower()
        try:
            av = float(a)
        except ValueError:
            return False
        if b"_" in a or math.isnan(av):
            return False
        d = av - ev
        if d == 0.0:
            return True
        if d - d != 0.0:  # an infinity involved (and not equal)
            return False
        if ev < 0.0:
            ev = -ev
        return abs(d) <= tol * (max(1.0, ev)) * _SLACK
    if fold:
        if e.lower() == a.lower():
            return True
        if not (e.isascii() and a.isascii()):
            try:
                return e.decode("utf-8").casefold() == a.decode("utf-8").casefold()
            except UnicodeDecodeError:
                return False
    return False


def tokens_equal(expected: str, actual: str, rule: JudgingRule | None = None) -> bool:
    """One token pair under ``rule`` (numeric tolerance, any_case); a public helper."""
    rule = rule or JudgingRule()
    return _tok_eq(_encode(expected), _encode(actual), rule.float_tolerance, rule.any_case)


def _first_token_mismatch(et: list[bytes], at: list[bytes], tol: float | None, fold: bool) -> int:
    """Index of the first unequal pair (len of the shorter list if one is a prefix); -1 if equal."""
    n = min(len(et), len(at))
    # Fast path: most pairs are byte-identical; only differing ones need the comparator.
    for i in range(n):
        e = et[i]
        a = at[i]
        if e != a and not _tok_eq(e, a, tol, fold):
            return i
    return -1 if len(et) == len(at) else n


def _tok_key(t: bytes, fold: bool) -> tuple:
    """Sort key such that tokens equal under ``_tok_eq`` sort next to each other."""
    if _is_int(t):
        return (0, float(t), 0, _int_canon(t))
    v = _as_float(t)
    if v is not None:
        return (0, v, 1, b"")
    if fold:
        return (1, t.lower() if t.isascii() else _casefold_bytes(t))
    return (1, t)


def _casefold_bytes(t: bytes) -> bytes:
    try:
        return t.decode("utf-8").casefold().encode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return t.lower()


def _multiset_equal(
    exp: Sequence[Any],
    act: Sequence[Any],
    key: Callable[[Any], Any],
    eq: Callable[[Any, Any], bool],
    fast: Callable[[Any], Any] | None = None,
) -> bool:
    """Multiset equality under ``eq`` (expected first): sort by key, compare pairwise;
    small inputs fall back to an exact bipartite matching (tolerance can reorder keys).
    ``fast`` (optional): a canonical form whose sorted equality proves the multisets equal
    (None where an item has none)."""
    if len(exp) != len(act):
        return False
    if fast is not None:
        ce = [fast(x) for x in exp]
        if None not in ce:
            ca = [fast(x) for x in act]
            if None not in ca and sorted(ce) == sorted(ca):
                return True
    try:
        se = sorted(exp, key=key)
        sa = sorted(act, key=key)
    except TypeError:  # defensive: incomparable keys
        se, sa = list(exp), list(act)
    if all(eq(x, y) for x, y in zip(se, sa)):
        return True
    if len(exp) > _MATCHING_LIMIT:
        return False
    return _bipartite_perfect(se, sa, eq)


def _bipartite_perfect(exp: Sequence[Any], act: Sequence[Any], eq: Callable[[Any, Any], bool]) -> bool:
    n = len(exp)
    adj = [[j for j in range(n) if eq(exp[i], act[j])] for i in range(n)]
    if any(not row for row in adj):
        return False
    match_of_act = [-1] * n

    def augment(i: int, seen: list[bool]) -> bool:
        for j in adj[i]:
            if not seen[j]:
                seen[j] = True
                if match_of_act[j] < 0 or augment(match_of_act[j], seen):
                    match_of_act[j] = i
                    return True
        return False

    return all(augment(i, [False] * n) for i in range(n))


# ---------------------------------------------------------------------------------
# diffs


def _show(tok: bytes | str) -> str:
    s = tok.decode("utf-8", "replace") if isinstance(tok, bytes) else tok
    if len(s) > _TOKEN_SHOW:
        s = f"{s[:30]}…(+{len(s) - 30} chars)"
    return repr(s)


def _clip(msg: str) -> str:
    return msg if len(msg) <= _DIFF_LIMIT else msg[: _DIFF_LIMIT - 1] + "…"


def _line_of_token(text: bytes, index: int) -> int:
    """1-based line of the expected text holding token ``index``."""
    seen = 0
    for lineno, line in enumerate(text.split(b"\n"), 1):
        seen += len(line.split())
        if seen > index:
            return lineno
    return lineno if text else 1


def _token_diff(e_text: bytes, et: list[bytes], at: list[bytes], idx: int) -> str:
    if idx < len(et) and idx < len(at):
        line = _line_of_token(e_text, idx)
        msg = f"token {idx + 1} (expected line {line}): expected {_show(et[idx])}, got {_show(at[idx])}"
        if len(et) != len(at):
            msg += f"; expected {len(et)} tokens, got {len(at)}"
        return msg
    if len(at) < len(et):
        return f"output ended early: expected {len(et)} tokens, got {len(at)}; next expected {_show(et[idx])}"
    return f"extra output: expected {len(et)} tokens, got {len(at)}; first extra {_show(at[idx])}"


# ---------------------------------------------------------------------------------
# stdin


def _normalise(text: str) -> str:
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    return text.rstrip(_ASCII_WS)


def _nonblank_lines(text: bytes) -> list[list[bytes]]:
    out = []
    for line in text.split(b"\n"):
        toks = line.split()
        if toks:
            out.append(toks)
    return out


def _exact_canon(t: bytes) -> bytes:
    return _int_canon(t) if t[:1] in (b"+", b"-") else t


def _any_order_stdout(
    e_text: bytes, a_text: bytes, et: list[bytes], at: list[bytes], tol: float | None, fold: bool
) -> bool:
    if len(et) != len(at):
        return False
    e_lines = _nonblank_lines(e_text)
    a_lines = _nonblank_lines(a_text)
    same_count = len(e_lines) == len(a_lines)
    single_column = all(len(line) == 1 for line in e_lines)

    fuzzy = fold or (tol is not None and any(not _is_int(t) and _as_float(t) is not None for t in et))
    if not fuzzy:
        # Token equality is then byte equality of canonical forms: exact multiset checks.
        ce = [tuple(map(_exact_canon, line)) for line in e_lines]
        ca = [tuple(map(_exact_canon, line)) for line in a_lines]
        if same_count and Counter(ce) == Counter(ca):  # (a) lines as a multiset
            return True
        if same_count and all(x == y or sorted(x) == sorted(y) for x, y in zip(ce, ca)):  # (b)
            return True
        if single_column:  # (c)
            return Counter(t for line in ce for t in line) == Counter(t for line in ca for t in line)
        return False

    def tok_key(t: bytes) -> tuple:
        return _tok_key(t, fold)

    def tok_eq(x: bytes, y: bytes) -> bool:
        return _tok_eq(x, y, tol, fold)

    def line_key(line: list[bytes]) -> tuple:
        return tuple(tok_key(t) for t in line)

    def line_eq(x: list[bytes], y: list[bytes]) -> bool:
        return len(x) == len(y) and all(a == b or tok_eq(a, b) for a, b in zip(x, y))

    # (a) the lines form the same multiset
    if same_count and _multiset_equal(e_lines, a_lines, line_key, line_eq, tuple):
        return True
    # (b) lines in order, the tokens of each line form the same multiset
    if same_count and all(line_eq(x, y) or _multiset_equal(x, y, tok_key, tok_eq) for x, y in zip(e_lines, a_lines)):
        return True
    # (c) a single column of expected tokens: any layout of the same multiset
    if single_column:
        return _multiset_equal(et, at, tok_key, tok_eq, bytes)
    return False


def compare_stdout(expected: str, actual: str, rule: JudgingRule) -> Comparison:
    """Judge a program's standard output against the expected output (see module doc)."""
    if expected == actual:
        return Comparison(True, "exact", None)
    e_norm = _normalise(expected)
    a_norm = _normalise(actual)
    if e_norm == a_norm:
        return Comparison(True, "exact", None)

    e_text = _encode(e_norm)
    a_text = _encode(a_norm)
    et = e_text.split()
    at = a_text.split()
    if et == at:
        return Comparison(True, "tokens", None)

    tol = rule.float_tolerance
    idx = _first_token_mismatch(et, at, tol, False)
    if idx < 0:
        return Comparison(True, "numeric", None)
    if rule.any_case and _first_token_mismatch(et, at, tol, True) < 0:
        return Comparison(True, "case_insensitive", None)
    if rule.any_order and _any_order_stdout(e_text, a_text, et, at, tol, rule.any_case):
        return Comparison(True, "any_order", None)

    diff = _token_diff(e_text, et, at, idx)
    if rule.any_order:
        diff += " (lines also differ as a multiset)"
    return Comparison(False, None, _clip(diff))


# ---------------------------------------------------------------------------------
# functional


def _parse_int(s: str) -> int:
    if len(s) <= 4000:
        return int(s)
    # Past CPython's int<->str digit limit (3.11+): build the value in chunks.
    neg = s[0] == "-"
    digits = s[1:] if s[0] in "+-" else s
    value = 0
    step = 4000
    for i in range(0, len(digits), step):
        chunk = digits[i : i + step]
        value = value * 10 ** len(chunk) + int(chunk)
    return -value if neg else value


def parse_json_value(text: str | bytes) -> Any:
    """Parse JSON text of a value; accepts ``NaN``/``Infinity``/``-Infinity`` (Python's
    ``json.dumps`` spelling of non-finite floats) and integers of any length.
    Raises ``ValueError`` on anything else that is not JSON."""
    try:
        return json.loads(text, parse_int=_parse_int)
    except RecursionError as exc:
        raise ValueError("JSON nested too deeply") from exc


def _canon(v: Any) -> str | None:
    """Canonical JSON text (sorted keys) or None where it cannot stand for the value
    (NaN, which never equals; ints past the int->str digit limit)."""
    try:
        s = json.dumps(v, sort_keys=True, separators=(",", ":"))
    except (ValueError, TypeError, RecursionError):
        return None
    return None if "NaN" in s else s


def _strict_eq(e: Any, a: Any) -> bool:
    te = type(e)
    if te is not type(a):
        return False
    if te is list:
        return len(e) == len(a) and all(_strict_eq(x, y) for x, y in zip(e, a))
    if te is dict:
        return e.keys() == a.keys() and all(_strict_eq(v, a[k]) for k, v in e.items())
    return e == a  # float NaN != NaN


def _struct_eq(e: Any, a: Any, tol: float | None, fold: bool) -> bool:
    te = type(e)
    ta = type(a)
    if te is list:
        return ta is list and len(e) == len(a) and all(_struct_eq(x, y, tol, fold) for x, y in zip(e, a))
    if te is str:
        return ta is str and (e == a or (fold and e.casefold() == a.casefold()))
    if te is int:
        if ta is int:
            return e == a
        return ta is float and e == a  # exact (Python compares int and float exactly)
    if te is float:
        if ta is float:
            return _float_close(e, a, tol)
        if ta is int:
            try:
                return _float_close(e, float(a), tol)
            except OverflowError:
                return False
        return False
    if te is bool:
        return ta is bool and e == a
    if e is None:
        return a is None
    if te is dict:
        return ta is dict and e.keys() == a.keys() and all(_struct_eq(v, a[k], tol, fold) for k, v in e.items())
    return False


def _json_key(v: Any, fold: bool) -> tuple:
    t = type(v)
    if v is None:
        return (0,)
    if t is bool:
        return (1, v)
    if t is int:
        return (2, v)
    if t is float:
        return (6,) if math.isnan(v) else (2, v)
    if t is str:
        return (3, v.casefold() if fold else v)
    if t is list:
        return (4, tuple(_json_key(x, fold) for x in v))
    if t is dict:
        return (5, tuple(sorted((k, _json_key(x, fold)) for k, x in v.items())))
    return (7, repr(v))


def _show_value(v: Any) -> str:
    if type(v) is int and v.bit_length() > 200:
        return f"<int of {v.bit_length()} bits>"
    try:
        s = json.dumps(v)
    except (ValueError, TypeError, RecursionError):
        s = repr(type(v))
    if len(s) > 60:
        s = s[:50] + f"…(+{len(s) - 50} chars)"
    return s


def _type_name(v: Any) -> str:
    return {bool: "bool", int: "int", float: "float", str: "str", list: "list", dict: "object"}.get(type(v), "null")


def _first_diff(e: Any, a: Any, tol: float | None, fold: bool, path: str = "") -> str:
    at = path or "top level"
    te, ta = type(e), type(a)
    if te is list and ta is list:
        if len(e) != len(a):
            return f"at {at}: expected a list of {len(e)} items, got {len(a)}"
        for i, (x, y) in enumerate(zip(e, a)):
            if not _struct_eq(x, y, tol, fold):
                return _first_diff(x, y, tol, fold, f"{path}[{i}]")
    if te is dict and ta is dict:
        if e.keys() != a.keys():
            missing = sorted(set(e) - set(a))[:3]
            extra = sorted(set(a) - set(e))[:3]
            return f"at {at}: keys differ (missing {missing}, unexpected {extra})"
        for k, v in e.items():
            if not _struct_eq(v, a[k], tol, fold):
                return _first_diff(v, a[k], tol, fold, f"{path}[{json.dumps(k)}]")
    kinds = "" if _type_name(e) == _type_name(a) else f" ({_type_name(e)} vs {_type_name(a)})"
    return f"at {at}: expected {_show_value(e)}, got {_show_value(a)}{kinds}"


def compare_functional(expected_json: str, actual_json: str, rule: JudgingRule) -> Comparison:
    """Judge a returned value (JSON text) against the expected one (see module doc)."""
    if expected_json == actual_json and "NaN" not in expected_json:
        return Comparison(True, "exact", None)
    try:
        e = parse_json_value(expected_json)
    except ValueError as exc:
        return Comparison(False, None, _clip(f"expected output is not valid JSON: {exc}"))
    try:
        a = parse_json_value(actual_json)
    except (ValueError, TypeError) as exc:
        return Comparison(False, None, _clip(f"result is not valid JSON: {exc}"))

    tol = rule.float_tolerance
    try:
        if e == a and _strict_eq(e, a):  # C-speed filter first; then types (True == 1)
            return Comparison(True, "exact", None)
        if _struct_eq(e, a, tol, False):
            return Comparison(True, "structured", None)
        if rule.any_case and _struct_eq(e, a, tol, True):
            return Comparison(True, "case_insensitive", None)
        if (
            rule.any_order
            and type(e) is list
            and type(a) is list
            and _multiset_equal(
                e,
                a,
                lambda v: _json_key(v, rule.any_case),
                lambda x, y: _struct_eq(x, y, tol, rule.any_case),
                None if rule.any_case else _canon,
            )
        ):
            return Comparison(True, "any_order", None)
        diff = _first_diff(e, a, tol, rule.any_case)
    except RecursionError:
        return Comparison(False, None, "result nested too deeply to compare")
    if rule.any_order and type(e) is list:
        diff += " (also differs as a multiset)"
    return Comparison(False, None, _clip(diff))
