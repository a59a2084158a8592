"""Bounds and checks of an input spec as typed expressions, evaluated without ``eval``.

A spec states its bounds (``1 <= k <= len(nums) // 2``), the counts of its stdin rows and
its whole-input checks (``len(word) % k == 0``) as expression text; :func:`parse_expr`
reads that text into a small typed tree (:data:`Expr`) and refuses anything else, so a
hand-written spec (an override file) can state bounds but never run code.  The language:

* integers, floats, strings, ``True``/``False``/``None``, and names (the spec's variables);
* ``+ - * / // % **``, unary ``-``/``+``/``not``, comparisons (chained), ``and``/``or``;
* indexing (``case[0]``, ``r[_i]``);
* calls of the functions in :data:`FUNCTIONS` only (``len``, ``min``, ``max``, ``floor``, ...);
* ``all(<check> for a, b in cases)`` and ``sum(<term> for case in cases)``: a check or a
  total over a list (several test cases), its items' positions named; ``for i in range(len(nums))``
  ranges over a list's positions (a relation of its elements, ``nums[i] + nums[i + 1] <= 150``).

The readers write the text (``constraints._expr``), :class:`~.spec_model.Node` keeps it,
and every evaluation goes through :func:`evaluate` here: the reading and an override are
evaluated alike (the same inputs drawn).
"""

from __future__ import annotations

import ast
import functools
import math
import operator
import re
from dataclasses import dataclass
from typing import Any, Callable, Union

from microcoder_data.testgen.clause_checks import adjacent_differ_but, decimals_at_most, products_within
from microcoder_data.testgen.graph_shapes import edges_among, graph_is, rooted
from microcoder_data.testgen.graph_checks import graph_reaches, no_negative_cycle, pairs_unreached
from microcoder_data.testgen.range_checks import number_in, word_count, word_lengths_within
from microcoder_data.testgen.structure_checks import brackets_balanced
from microcoder_data.testgen.word_checks import all_anagrams, capitalized, word_lengths_each, words_within
from microcoder_data.testgen.sentence_checks import clock_time, column_distinct, spaced_words, sum_all, valid_date
from microcoder_data.testgen.geometry_checks import boxes_apart, collinear_free, distinct_points  # geometry
from microcoder_data.testgen.geometry_checks import flat_points, intervals_apart, picked, zipped


def occurrences(value: Any, x: Any) -> int:
    """How often ``x`` occurs in ``value`` and the lists nested in it."""
    if isinstance(value, list):
        return sum(occurrences(v, x) for v in value)
    return int(value == x and type(value) is type(x))


def total_length(value: list[Any]) -> int:
    """The elements' lengths added up (``sum(words[i].length)``)."""
    return sum(len(x) for x in value)


def distinct_pairs(first: list[Any], second: list[Any]) -> bool:
    """No two positions hold the same pair (``(X_i, Y_i) != (X_j, Y_j)``)."""
    return len(set(zip(first, second))) == len(first)


def all_distinct(*lists: list[Any]) -> bool:
    """No value twice in the lists taken together (``A_1, ..., A_N, B_1, ..., B_M are distinct``)."""
    values = [repr(x) for values in lists for x in values]  # repr: lists of points too
    return len(set(values)) == len(values)


def cells_distinct(rows: list[list[Any]]) -> bool:
    """No value twice in a matrix (``grid consists of distinct integers``)."""
    return all_distinct(*rows)


def distinct_as_sets(values: list[list[Any]]) -> bool:
    """No two lists hold the same values once each is sorted (``If we sort ... each list then
    favoriteCompanies[i] != favoriteCompanies[j]``)."""
    keys = [repr(sorted(x)) for x in values]
    return len(set(keys)) == len(keys)


def unordered_distinct_pairs(first: list[Any], second: list[Any]) -> bool:
    """No two positions join the same two ends, in either order (no repeated undirected edge)."""
    return len({frozenset((a, b)) for a, b in zip(first, second)}) == len(first)


def char_counts_within(value: Any, ch: str, lo: int, hi: int | None) -> bool:
    """``ch`` occurs between ``lo`` and ``hi`` (None: no upper bound) times in the string
    ``value``, or in each string of the list ``value``."""
    texts = value if isinstance(value, list) else [value]
    return all(isinstance(t, str) and lo <= t.count(ch) and (hi is None or t.count(ch) <= hi) for t in texts)


def adjacent_differ(values: list[Any]) -> bool:
    """No two neighbours equal (``A_i != A_{i+1}``)."""
    return all(a != b for a, b in zip(values, values[1:]))


def parent_tree(parent: list[int]) -> bool:
    """``parent[0] == -1`` the root, and every node's parents lead to it (no cycle, none outside):
    graph_shapes' rooted tree, at 0."""
    return bool(parent) and parent[0] == -1 and rooted(0, len(parent) - 1, parent[1:])


def digit_count(value: int) -> int:
    """How many decimal digits ``value`` has (``num.length (taking num as a string)``)."""
    return len(str(abs(value)))


def chars_other_than(text: str, chars: str) -> int:
    """How many characters of ``text`` are none of ``chars``."""
    return sum(c not in chars for c in text)


def end_char_is_not(text: str, last: bool, ch: str) -> bool:
    """The last (``last``) or first character of ``text`` is not ``ch`` (an empty text has none)."""
    return not text or text[-1 if last else 0] != ch


def end_char_in(text: str, last: bool, chars: str) -> bool:
    """The last (``last``) or first character of ``text`` is one of ``chars`` (an empty text has none)."""
    return bool(text) and text[-1 if last else 0] in chars


def differ_everywhere(first: list[Any], second: list[Any], *more: list[Any]) -> bool:
    """``A_i != B_i`` at every position; of four lists ``(A_i, B_i) != (C_i, D_i)`` (lists of one length)."""
    if not more:
        return all(a != b for a, b in zip(first, second))
    lists = [first, second, *more]
    half = len(lists) // 2
    if len(lists) % 2 or len({len(x) for x in lists}) != 1:
        return False
    return all(row[:half] != row[half:] for row in zip(*lists))


def disjoint(*lists: list[Any]) -> bool:
    """No value of the first half of ``lists`` (as tuples, position by position) is one of the second half's:
    ``A_i != B_j (1 <= i, j <= K)``, ``(A_i, B_i) != (C_j, D_j)``."""
    half = len(lists) // 2
    if len(lists) % 2 or len({len(x) for x in lists[:half]}) > 1 or len({len(x) for x in lists[half:]}) > 1:
        return False
    return set(zip(*lists[:half])).isdisjoint(zip(*lists[half:]))


def differs_from_position(values: list[Any], depth: int, first: int) -> bool:
    """No element equals its position, the first being ``first`` (``edges[i] != i``: 0,
    ``A_i != i``: 1); ``depth`` 2: no element of row ``k`` equals ``k`` (``graph[i][j] != i``)."""
    rows = enumerate(values, first) if depth == 2 else [(k, [x]) for k, x in enumerate(values, first)]
    return all(x != k for k, row in rows for x in row)


def by_value(x: Any, *cases: Any) -> Any:
    """``by_value(T[_i], 1, H, 2, W, 0)``: ``H`` where ``x`` is 1, ``W`` where 2, else the last (a bound
    stated for each type of a row: "1 <= A_i <= H for each i such that T_i = 1")."""
    *pairs, otherwise = cases
    return next((v for k, v in zip(pairs[::2], pairs[1::2]) if x == k), otherwise)


def no_leading_zero(value: Any, zero_ok: bool) -> bool:
    """A number written as a string (or each string of a list), or as a list of digits, starts
    with no 0; ``zero_ok``: the number 0 itself (``"0"``, ``[0]``) may."""
    if isinstance(value, list) and value and isinstance(value[0], str):
        return all(no_leading_zero(v, zero_ok) for v in value)
    if not value:
        return True
    return value[0] not in (0, "0") or (zero_ok and len(value) == 1)


def distinct_count(values: Any) -> int:
    """How many different values (characters of a string) ``values`` holds."""
    return len({repr(v) for v in values})


def most_repeated(values: list[Any]) -> int:
    """How often the most frequent value of ``values`` occurs (0 for none)."""
    counts: dict[str, int] = {}
    for v in values:
        key = repr(v)
        counts[key] = counts.get(key, 0) + 1
    return max(counts.values(), default=0)


def chars_other_than_but_at(text: str, k: int, chars: str) -> int:
    """How many characters of ``text``, but the one at position ``k``, are none of ``chars``."""
    return sum(c not in chars for i, c in enumerate(text) if i != k)


def decimal_value(text: Any) -> int | float | LongDecimal:
    """The number a string of digits writes (``int(low)``); past int()'s limit one that compares as that
    number (:class:`LongDecimal`); anything else NaN, which no comparison but ``!=`` holds of (a check
    over it fails)."""
    if not isinstance(text, str) or re.fullmatch(r"-?[0-9]+", text) is None:
        return math.nan
    return int(text) if len(text) < 4000 else LongDecimal(text)


class LongDecimal:
    """A number of 4000 digits or more, compared by its digits (int() refuses so many): sign, then
    length, then digit by digit.  No arithmetic: a check doing any fails (TypeError)."""

    def __init__(self, text: str) -> None:
        digits = text.lstrip("-").lstrip("0") or "0"
        negative = text.startswith("-") and digits != "0"
        # a larger magnitude orders a negative number lower: its length negated, its digits mirrored
        self.key = (0, -len(digits), digits.translate(_MIRROR)) if negative else (1, len(digits), digits)

    @staticmethod
    def _key(other: Any) -> Any:
        if isinstance(other, LongDecimal):
            return other.key
        if isinstance(other, int) and not isinstance(other, bool):
            return LongDecimal(str(other)).key  # int()'s own values are below its limit
        return None

    def _cmp(self, other: Any, op: Callable[[Any, Any], bool]) -> bool:
        key = self._key(other)
        return False if key is None else op(self.key, key)

    def __eq__(self, other: Any) -> bool:
        return self._cmp(other, lambda a, b: a == b)

    def __ne__(self, other: Any) -> bool:
        return self._cmp(other, lambda a, b: a != b)

    def __lt__(self, other: Any) -> bool:
        return self._cmp(other, lambda a, b: a < b)

    def __le__(self, other: Any) -> bool:
        return self._cmp(other, lambda a, b: a <= b)

    def __gt__(self, other: Any) -> bool:
        return self._cmp(other, lambda a, b: a > b)

    def __ge__(self, other: Any) -> bool:
        return self._cmp(other, lambda a, b: a >= b)

    __hash__ = None  # type: ignore[assignment]


_MIRROR = str.maketrans("0123456789", "9876543210")


def digits_within(value: int, lo: int, hi: int) -> bool:
    """Every decimal digit of ``value`` is between ``lo`` and ``hi``."""
    return all(lo <= int(c) <= hi for c in str(abs(value)))


# the functions a bound or check may call (``len(nums)``, ``sum(nums)``), by name
FUNCTIONS: dict[str, Callable[..., Any]] = {
    "len": len,
    "range": range,  # all(... for i in range(len(nums))): a relation at every position (relation_grammar)
    "abs": abs,
    "decimal_value": decimal_value,
    "min": min,
    "max": max,
    "sum": sum,
    "total_length": total_length,
    "distinct_pairs": distinct_pairs,
    "differ_everywhere": differ_everywhere,
    "disjoint": disjoint,
    "differs_from_position": differs_from_position,
    "no_leading_zero": no_leading_zero,
    "brackets_balanced": brackets_balanced,
    "all_distinct": all_distinct,
    "distinct_as_sets": distinct_as_sets,
    "cells_distinct": cells_distinct,
    "adjacent_differ": adjacent_differ,
    "adjacent_differ_but": adjacent_differ_but,  # promise_clauses.py
    "products_within": products_within,
    "decimals_at_most": decimals_at_most,
    "parent_tree": parent_tree,
    "digit_count": digit_count,
    "chars_other_than": chars_other_than,
    "end_char_is_not": end_char_is_not,
    "end_char_in": end_char_in,
    "gcd": math.gcd,  # coprime_readings.py
    "floor": math.floor,  # floor(nums.length / m): the division is integer already (constraints._expr)
    "unordered_distinct_pairs": unordered_distinct_pairs,
    "char_counts_within": char_counts_within,
    "occurrences": occurrences,
    "most_repeated": most_repeated,
    "distinct_count": distinct_count,
    "digits_within": digits_within,
    "chars_other_than_but_at": chars_other_than_but_at,
    "graph_is": graph_is,
    "edges_among": edges_among,
    **{f.__name__: f for f in (graph_reaches, pairs_unreached, no_negative_cycle)},  # graph_properties
    "by_value": by_value,
    "spaced_words": spaced_words,
    "all_anagrams": all_anagrams,
    "capitalized": capitalized,
    "words_within": words_within,
    "word_lengths_each": word_lengths_each,
    "word_count": word_count,
    "number_in": number_in,
    "word_lengths_within": word_lengths_within,
    "clock_time": clock_time,
    "sum_all": sum_all,
    "valid_date": valid_date,
    "column_distinct": column_distinct,
    **{
        f.__name__: f
        for f in (boxes_apart, collinear_free, distinct_points, flat_points, intervals_apart, picked, zipped)
    },
}
# what a comprehension may fold its items with: ``all(... for case in cases)``
FOLDS = {"all": all, "sum": sum}
MAX_EXPONENT = 10_000  # ``10**9`` is a bound; ``10**10**10`` in a hand-written file is no bound

# --------------------------------------------------------------------------- the tree


@dataclass(frozen=True)
class Const:
    value: int | float | str | bool | None


@dataclass(frozen=True)
class Name:
    id: str


@dataclass(frozen=True)
class Call:
    fn: str  # a key of FUNCTIONS
    args: tuple["Expr", ...]


@dataclass(frozen=True)
class Binary:
    op: str  # + - * / // % **
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Unary:
    op: str  # - + not
    operand: "Expr"


@dataclass(frozen=True)
class Logic:
    op: str  # and | or
    values: tuple["Expr", ...]


@dataclass(frozen=True)
class Compare:
    left: "Expr"
    ops: tuple[str, ...]  # < <= > >= == !=
    rights: tuple["Expr", ...]


@dataclass(frozen=True)
class Index:
    value: "Expr"
    index: "Expr"


@dataclass(frozen=True)
class Fold:
    fn: str  # a key of FOLDS
    body: "Expr"
    targets: tuple[str, ...]  # one name: the item; several: its positions (``for a, b in cases``)
    unpack: bool  # the targets were written as a tuple (``for (a,) in cases`` unpacks one)
    source: "Expr"


Expr = Union[Const, Name, Call, Binary, Unary, Logic, Compare, Index, Fold]

_BINARY = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
}
_UNARY = {ast.USub: "-", ast.UAdd: "+", ast.Not: "not"}
_COMPARE = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}


class ExprError(ValueError):
    """Expression text outside the language (the message names the text and the construct)."""


@functools.lru_cache(maxsize=8192)
def parse_expr(text: str) -> Expr:
    """The typed tree of ``text`` (raises :class:`ExprError` for anything outside the language)."""
    if not isinstance(text, str):
        raise TypeError(f"testgen.spec_expr: an expression must be text, not {type(text).__name__}")
    try:
        tree = ast.parse(text.strip(), mode="eval")  # parsing runs nothing
    except SyntaxError as exc:
        raise ExprError(f"testgen.spec_expr: {text!r} is not an expression ({exc.msg})") from None
    return _typed(tree.body, text)


def _typed(n: ast.expr, text: str) -> Expr:
    def no(what: str) -> ExprError:
        return ExprError(f"testgen.spec_expr: {what} is not allowed in a bound or check ({text!r})")

    if isinstance(n, ast.Constant):
        if n.value is not None and not isinstance(n.value, (int, float, str, bool)):
            raise no(f"the constant {n.value!r}")
        return Const(n.value)
    if isinstance(n, ast.Name):
        return Name(n.id)
    if isinstance(n, ast.BinOp) and type(n.op) in _BINARY:
        return Binary(_BINARY[type(n.op)], _typed(n.left, text), _typed(n.right, text))
    if isinstance(n, ast.UnaryOp) and type(n.op) in _UNARY:
        return Unary(_UNARY[type(n.op)], _typed(n.operand, text))
    if isinstance(n, ast.BoolOp):
        return Logic("and" if isinstance(n.op, ast.And) else "or", tuple(_typed(v, text) for v in n.values))
    if isinstance(n, ast.Compare) and all(type(op) in _COMPARE for op in n.ops):
        rights = tuple(_typed(v, text) for v in n.comparators)
        return Compare(_typed(n.left, text), tuple(_COMPARE[type(op)] for op in n.ops), rights)
    if isinstance(n, ast.Subscript) and not isinstance(n.slice, (ast.Slice, ast.Tuple)):
        return Index(_typed(n.value, text), _typed(n.slice, text))
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and not n.keywords:
        if n.func.id in FOLDS and len(n.args) == 1 and isinstance(n.args[0], ast.GeneratorExp):
            return _fold(n.func.id, n.args[0], text)
        if n.func.id not in FUNCTIONS:
            raise no(f"calling {n.func.id!r}")
        if any(isinstance(a, ast.Starred) for a in n.args):
            raise no("a starred argument")
        return Call(n.func.id, tuple(_typed(a, text) for a in n.args))
    raise no(type(n).__name__)


def _fold(fn: str, gen: ast.GeneratorExp, text: str) -> Fold:
    """``all(<body> for a, b in source)``: one generator, no conditions, names as targets."""
    (comp,) = gen.generators if len(gen.generators) == 1 else (None,)
    if comp is None or comp.ifs or comp.is_async:
        raise ExprError(f"testgen.spec_expr: one plain 'for' in {fn}(...) ({text!r})")
    target = comp.target
    parts = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
    if not all(isinstance(t, ast.Name) for t in parts):
        raise ExprError(f"testgen.spec_expr: a 'for' names its items by plain names ({text!r})")
    names = tuple(t.id for t in parts)  # type: ignore[attr-defined]
    return Fold(fn, _typed(gen.elt, text), names, isinstance(target, (ast.Tuple, ast.List)), _typed(comp.iter, text))


# --------------------------------------------------------------------------- evaluation

Compiled = Callable[[dict[str, Any]], Any]


def _power(a: Any, b: Any) -> Any:
    if isinstance(b, (int, float)) and abs(b) > MAX_EXPONENT:
        raise OverflowError(f"testgen.spec_expr: exponent {b} over {MAX_EXPONENT}")
    return a**b


_OPS = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "**": _power,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}


def _name(name: str) -> Compiled:
    def value(env: dict[str, Any]) -> Any:
        try:
            return env[name]
        except KeyError:
            if name in FUNCTIONS:
                return FUNCTIONS[name]
            raise NameError(f"name {name!r} is not defined") from None

    return value


def _closure(e: Expr) -> Compiled:
    """``e`` as a function of the variables (closures, built once per expression text)."""
    if isinstance(e, Const):
        v = e.value
        return lambda env: v
    if isinstance(e, Name):
        return _name(e.id)
    if isinstance(e, Binary):
        op, left, right = _OPS[e.op], _closure(e.left), _closure(e.right)
        return lambda env: op(left(env), right(env))
    if isinstance(e, Unary):
        x = _closure(e.operand)
        if e.op == "not":
            return lambda env: not x(env)
        return (lambda env: -x(env)) if e.op == "-" else (lambda env: +x(env))
    if isinstance(e, Logic):
        return _logic(e.op == "and", [_closure(v) for v in e.values])
    if isinstance(e, Compare):
        return _compare(_closure(e.left), [_OPS[o] for o in e.ops], [_closure(r) for r in e.rights])
    if isinstance(e, Index):
        value, index = _closure(e.value), _closure(e.index)
        return lambda env: value(env)[index(env)]
    if isinstance(e, Call):
        fn, args = FUNCTIONS[e.fn], [_closure(a) for a in e.args]
        if len(args) == 1:
            (only,) = args
            return lambda env: fn(only(env))
        return lambda env: fn(*[a(env) for a in args])
    return _folded(e)


def _logic(conjunction: bool, values: list[Compiled]) -> Compiled:
    def run(env: dict[str, Any]) -> Any:
        out = None
        for v in values:
            out = v(env)
            if bool(out) is not conjunction:  # ``and`` stops at a falsy value, ``or`` at a truthy one
                return out
        return out

    return run


def _compare(left: Compiled, ops: list[Callable[[Any, Any], Any]], rights: list[Compiled]) -> Compiled:
    def run(env: dict[str, Any]) -> Any:
        a = left(env)
        for op, right in zip(ops, rights):
            b = right(env)
            if not op(a, b):
                return False
            a = b
        return True

    return run


def _folded(e: Fold) -> Compiled:
    fold, body, source, targets = FOLDS[e.fn], _closure(e.body), _closure(e.source), e.targets

    def run(env: dict[str, Any]) -> Any:
        inner = dict(env)  # the items' names shadow the input's, in this fold only

        def each() -> Any:
            for item in source(env):
                if e.unpack:
                    values = tuple(item)
                    if len(values) != len(targets):
                        raise ValueError(f"testgen.spec_expr: {len(values)} values for {len(targets)} names")
                    inner.update(zip(targets, values))
                else:
                    inner[targets[0]] = item
                yield body(inner)

        return fold(each())

    return run


def _children(e: Expr) -> tuple[Expr, ...]:
    if isinstance(e, Binary):
        return (e.left, e.right)
    if isinstance(e, Unary):
        return (e.operand,)
    if isinstance(e, Logic):
        return e.values
    if isinstance(e, Compare):
        return (e.left, *e.rights)
    if isinstance(e, Index):
        return (e.value, e.index)
    if isinstance(e, Call):
        return e.args
    if isinstance(e, Fold):
        return (e.body, e.source)
    return ()


def walk(e: Expr) -> list[Expr]:
    """``e`` and every expression in it, breadth first (as ``ast.walk``)."""
    out, k = [e], 0
    while k < len(out):
        out.extend(_children(out[k]))
        k += 1
    return out


def parse_bound(text: str) -> Expr:
    """A bound (``len(nums) // 2``, ``10**9``): numbers, names, indexing, calls and arithmetic --
    no comparison, logic or fold, which only a check may hold."""
    tree = parse_expr(text)
    for e in walk(tree):
        if isinstance(e, (Compare, Logic, Fold)) or (isinstance(e, Unary) and e.op == "not"):
            raise ExprError(f"testgen.spec_expr: {type(e).__name__.lower()} in the bound {text!r}")
    return tree


def names_in(e: Expr) -> set[str]:
    """The names ``e`` reads from the variables (a fold's own item names left out)."""
    if isinstance(e, Name):
        return {e.id}
    if isinstance(e, Fold):
        return names_in(e.source) | (names_in(e.body) - set(e.targets))
    return set().union(*map(names_in, _children(e)))


def _calls(e: Expr) -> bool:
    return isinstance(e, (Call, Fold)) or any(map(_calls, _children(e)))


_NOT_CONSTANT = object()


@functools.lru_cache(maxsize=8192)
def _compiled(text: str) -> tuple[Compiled, Any]:
    """(the closure of ``text``, its value when it names nothing and calls nothing -- ``10**9``,
    worked out once -- else ``_NOT_CONSTANT``)."""
    tree = parse_expr(text)
    run = _closure(tree)
    constant = not names_in(tree) and not _calls(tree)
    return run, (run({}) if constant else _NOT_CONSTANT)


def constant_value(text: str) -> Any:
    """The value of a bound that names and calls nothing (``10**9``), else ``_NOT_CONSTANT``."""
    return _compiled(text)[1]


def evaluate(text: str, env: dict[str, Any]) -> Any:
    """The value of the expression ``text`` over the variables ``env``."""
    run, value = _compiled(text)
    return run(env) if value is _NOT_CONSTANT else value
