"""The data of an input reading: :class:`Node` trees, :class:`InputSpec`, :class:`NoSpec`,
and the check that a value fits a node (:func:`violation`)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from microcoder_data.testgen.answer_checks import AnswerCheck
from microcoder_data.testgen.graph_shapes import components
from microcoder_data.testgen.orders import order_violation
from microcoder_data.testgen.grid_regions import islands_broken
from microcoder_data.testgen.occurrences import count_broken, profile_broken
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.testgen.templates import fits_template
from microcoder_data.testgen.range_breaks import Break, bound_break
from microcoder_data.testgen.witnesses import chars_at_missing, is_prime, uncovered, witness_missing

# bounds and checks are expressions of spec_expr's language (FUNCTIONS: what they may call)
from microcoder_data.testgen.spec_expr import _NOT_CONSTANT, FUNCTIONS, constant_value, evaluate  # noqa: F401


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
    order: str | None = None  # asc | strict | desc | strict_desc | mountain (orders.py)
    order_key: int | None = None  # a list of tuples in ``order`` of this position
    rotated: bool = False  # some rotation of the list is in ``order``
    column_order: str | None = None  # a grid's columns in this order
    size_like: bool = False  # an int other lengths depend on: drawn small
    # fixed-length lists whose positions differ (``edges[i] = [ui, vi, wi]``): one node per
    # position, each named in the bounds of the others by ``item_names`` (``edges__0``)
    items: "list[Node] | None" = None
    item_names: list[str] | None = None
    item_order: list[int] | None = None  # positions drawn first that others' bounds name
    item_ne: list[tuple[int, int]] | None = None  # ``ui != vi``
    exclude: list[Any] | None = None  # ``nums[i] != 0``
    len_mod: int | None = None  # ``nums.length % 2 == 0``
    perm: tuple[str, str] | None = None  # a permutation of [lo, hi]
    repeats: int | None = None  # with perm: each value of [lo, hi] exactly this many times (multiset_readings)
    covers: tuple[str, str] | None = None  # every value of [lo, hi] appears at least once (multiset_readings)
    odd_one_out: bool = False  # a string whose characters but one are the same (drawn so; a check reads it)
    tree: bool = False  # edges (positions 0, 1) of a tree on nodes 0..len
    parents: bool = False  # a tree's parent list rooted at 0 (element 0 is -1), labels at random
    pair_distinct: bool = False  # no repeated edges: positions 0, 1 as an unordered pair
    perm_of: str | None = None  # t is a permutation of s (another argument)
    total_len_hi: str | None = None  # the sum of the elements' lengths is at most this
    rows_equal: bool = False  # a grid: every element (a list or string) has the same length
    mod: tuple[int, int] | None = None  # (m, r): the value % m == r (``A_i is a multiple of 100``)
    mod_not: tuple[int, int] | None = None  # (m, r): the value % m != r (``nums[i] % 10 != 0``)
    palindrome: bool = False  # a string that reads the same backwards (``num is a palindrome``)
    rows_by_index: bool = False  # a triangle: element k (a list or string) has k + 1 items
    rows_down: bool = False  # an upper triangle: element k of n has n - k items (D_{1,2} ... D_{1,N} / ...)
    symmetric: bool = False  # a square matrix equal to its transpose (``A[i][j] == A[j][i]``)
    diagonal: Any = None  # the value every diagonal cell holds (``A[i][i] == 0``); None: no rule
    char_count: tuple[str, int] | None = None  # (c, k): a string holds c exactly k times
    prime: bool = False  # an int that is prime (drawn as the prime nearest a draw: witnesses.py)
    char_at: list[tuple[int, str]] | None = None  # (k, chars): a string's k-th character (-1: last) is one of chars
    witness: list[tuple[str, str]] | None = None  # (relation, expr): some scalar of the value holds it
    # how often values occur (occurrences.py): (relation, expr, lo, hi) scalars holding it within [lo, hi];
    # (times, values) ``values`` distinct values each exactly ``times`` times (``""``: every other value)
    counts: list[tuple[str, str, str, str]] | None = None
    profile: list[tuple[str, str]] | None = None
    islands: list[tuple[str, str, str]] | None = None  # (value, count, lakes): a grid's islands (grid_regions.py)
    brackets: bool = False  # a string whose brackets are balanced (drawn so: structured_readings; a check reads it)
    lead_nonzero: bool = False  # digits (a string, a list) drawn with no leading 0 (a check reads it)
    # (relation, expr): the sum of its numbers is ==, <= or a multiple of expr (sums.py)
    total: tuple[str, str] | None = None
    template: str | None = None  # a string's form with typed fields (``{name},{int:0:1000}``: templates.py)
    # a graph drawn on this edge list (graph_readings): {"shape", "ends" (the flat list of second
    # ends, "" for tuples' positions 0, 1), "lo", "hi" (the vertices)}; checked by ``graph_is``
    graph: dict[str, str] | None = None
    # rows that must not overlap (geometry_readings): {"lows": [k...], "highs": [k...]} the positions of
    # two opposite corners, one per axis; drawn apart along one axis, a check reads the promise
    apart: dict[str, list[int]] | None = None
    anagrams: bool = False  # a list of strings, each a permutation of the first (drawn so: word_checks.py)
    capitalized: bool = False  # a capital letter first, lowercase after it (drawn so: word_checks.py)
    edges_of: str | None = None  # each element's positions 0, 1: an edge of this list, either way (adjacency_readings)


@dataclass
class InputSpec:
    args: list[str]  # argument names, call order
    nodes: dict[str, Node]  # args and virtual sizes (``n`` of ``n == nums.length``)
    order: list[str]  # generation order (dependencies first)
    keyword: bool  # tests pass keyword arguments (JSON object) or positional (array)
    source: str  # "constraints" | "examples"
    # conditions on the whole input a draw must pass (``len(word) % k == 0``), see conditions.py
    checks: list[str] = field(default_factory=list)
    # promises about the answer (answer_checks.py): enforced on the references' answers, not on inputs
    answer: list[AnswerCheck] = field(default_factory=list)
    # a validator program an override file states (validator.py): run in the sandbox on every input, never read here
    validator: str | None = None


@dataclass
class NoSpec:
    reason: str  # what users see
    refusal: Refusal | None = None  # the same, typed (a construct not held, unless said otherwise)
    breaks: tuple[Break, ...] = ()  # examples_break_reading: every existing test that breaks the reading

    def __post_init__(self) -> None:
        if self.refusal is None:
            self.refusal = Refusal("unsupported_construct", "", self.reason)


class _Unsupported(Exception):
    """Generation refused: the message users see, its kind (``refusal.KINDS``) and the line,
    test or construct it concerns."""

    def __init__(self, message: str, kind: str = "unsupported_construct", line: str = "") -> None:
        super().__init__(message)
        self.refusal = Refusal(kind, line, message)
        self.breaks: tuple[Break, ...] = ()  # examples_break_reading: every existing test that breaks the reading


def read_or_say_why(read: Callable[[Any], Any], p: Any, what: str) -> Any:
    """``read(p)``, or a :class:`NoSpec` saying why not: an unsupported construct by name,
    any other failure of the reading as ``<what> not understood (...)``."""
    try:
        return read(p)
    except _Unsupported as exc:
        return NoSpec(str(exc), exc.refusal, exc.breaks)
    except (
        ValueError,
        TypeError,
        KeyError,
        IndexError,
        ZeroDivisionError,
        NameError,
        SyntaxError,
        RecursionError,
        OverflowError,
        MemoryError,
    ) as exc:
        why = f"{what} not understood ({type(exc).__name__}: {exc})"
        return NoSpec(why, Refusal("reading_error", "", why))


def plain_number_bounds(node: Node | None) -> tuple[Any, Any] | None:
    """(lo, hi) of a number with constant bounds and nothing else to check (no choices, no
    excluded values, not a size), or None."""
    if (
        node is None
        or node.kind not in ("int", "float")
        or node.choices is not None
        or node.exclude
        or node.size_like
        or node.mod
        or node.mod_not
        or node.prime
        or node.lo is None  # a permutation's elements: the other list's values, no bounds of their own
        or node.hi is None
    ):
        return None
    lo, hi = constant_value(node.lo), constant_value(node.hi)
    return None if lo is _NOT_CONSTANT or hi is _NOT_CONSTANT else (lo, hi)


def failed_check(checks: list[str], env: dict[str, Any]) -> str | None:
    """The first of ``checks`` the values in ``env`` fail (None = all pass)."""
    return next((c for c in checks if not evaluate(c, env)), None)


def why_invalid(nodes: dict[str, Node], order: list[str], checks: list[str], env: dict[str, Any]) -> str | None:
    """Why the input ``env`` breaks the reading: the first variable (in ``order``) outside its
    node, else the first check it fails (``not <check>``); None = it fits."""
    for name in order:
        why = violation(nodes[name], env[name], env, name)
        if why:
            return why
    broken = failed_check(checks, env)
    return f"not {broken}" if broken else None


def check_existing(
    nodes: dict[str, Node],
    order: list[str],
    checks: list[str],
    envs: list[dict[str, Any]],
    labels: list[str] | None = None,
) -> None:
    """Every existing test fits the reading, checked before anything is generated: the first
    that does not refuses generation, naming it (``labels``, a case of a test, whose test is then
    not known; else "test k", 1-based in the problem's order) and the rule it breaks -- the reading
    is wrong, or the test is (every test that breaks it goes with the refusal: ``upstream_tests``
    says which side, where the problem is known)."""
    breaks = []
    for k, env in enumerate(envs):
        why = why_invalid(nodes, order, checks, env)
        if why:
            bound = next((b for name in order if (b := bound_break(nodes[name], env[name], name))), None)
            breaks.append(Break(None if labels else k, labels[k] if labels else f"test {k + 1}", why, bound))
    if breaks:
        which, why = breaks[0].label, breaks[0].why
        exc = _Unsupported(
            f"an existing test breaks the constraints as read ({which}): {why}",
            kind="examples_break_reading",
            line=f"{which}: {why}",
        )
        exc.breaks = tuple(breaks)
        raise exc


# How a list element's bound names its own position, so it can name the element at the same
# position of another list (``l_i < r_i``: ``l``'s upper bound is ``r[_i] - 1``).
ELEMENT_INDEX = "_i"


def is_number_list(node: Node | None) -> bool:
    """A flat list of numbers: the lists whose elements can be tied by position (``l_i < r_i``)."""
    return node is not None and node.kind == "list" and node.elem is not None and node.elem.kind in ("int", "float")


def is_int_list(node: Node | None) -> bool:
    """A flat list of integers (what a count, a parity or a product of its elements is said of)."""
    return node is not None and node.kind == "list" and node.elem is not None and node.elem.kind == "int"


def indexed(node: Node | None) -> bool:
    """Do ``node``'s value bounds name the position of the element being drawn?"""
    return node is not None and any(e and ELEMENT_INDEX in _IDENT.findall(e) for e in (node.lo, node.hi))


def item_env(node: Node, value: list[Any], env: dict[str, Any]) -> dict[str, Any]:
    """``env`` with a tuple's positions named (``edges__0``) for the bounds of the others."""
    if not node.item_names:
        return env
    return {**env, **{n: v for n, v in zip(node.item_names, value)}}


def is_tree(edges: list[Any]) -> bool:
    """``edges`` (positions 0, 1) connect nodes 0..len(edges) into one tree."""
    n = len(edges) + 1
    ends = [(e[0], e[1]) for e in edges]
    if not all(isinstance(x, int) and 0 <= x < n for e in ends for x in e):
        return False
    return components(n, ends) == 1  # n - 1 edges joining all n nodes: no cycle


def distinct_key(node: Node, x: Any) -> str:
    if node.pair_distinct:
        return json.dumps(sorted(x[:2]))
    return json.dumps(x, sort_keys=True)


def violation(node: Node, value: Any, env: dict[str, Any], where: str) -> str | None:
    """Why ``value`` breaks ``node`` (None = it fits)."""
    k = node.kind
    if k == "bool":
        return None if isinstance(value, bool) else f"{where} is not a bool"
    if k in ("int", "float"):
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or (k == "int" and not isinstance(value, int))
        ):
            return f"{where} is not an {k}"
        if node.choices is not None and value not in node.choices:
            return f"{where}={value} not in {node.choices}"
        if node.exclude and value in node.exclude:
            return f"{where}={value} is excluded"
        if node.mod and value % node.mod[0] != node.mod[1]:
            return f"{where}={value} is not {node.mod[1]} modulo {node.mod[0]}"
        if node.mod_not and value % node.mod_not[0] == node.mod_not[1]:
            return f"{where}={value} is {node.mod_not[1]} modulo {node.mod_not[0]}"
        if node.prime and not is_prime(value):
            return f"{where}={value} is not prime"
        # a range stated beside the choices holds too (``A_{i,i} = 0`` of an element in {0, 1})
        lo = evaluate(node.lo, env) if node.lo is not None else value
        hi = evaluate(node.hi, env) if node.hi is not None else value
        return None if lo <= value <= hi else f"{where}={value} outside [{lo}, {hi}]"
    if k == "str":
        if not isinstance(value, str):
            return f"{where} is not a str"
        if node.choices is not None:
            return None if value in node.choices else f"{where}={value!r} not in {node.choices}"
        if node.alphabet is not None and not set(value) <= set(node.alphabet):
            return f"{where} has characters outside {node.alphabet!r}"
        if node.distinct and len(set(value)) != len(value):
            return f"{where} repeats a character"
        if node.palindrome and value != value[::-1]:
            return f"{where}={value!r} is not a palindrome"
        if node.char_count and value.count(node.char_count[0]) != node.char_count[1]:
            return f"{where} does not hold {node.char_count[0]!r} exactly {node.char_count[1]} times"
        if node.template and not fits_template(value, node.template):
            return f"{where}={value!r} is not of the form {node.template!r}"
        at = chars_at_missing(node.char_at, value) if node.char_at else None
        if at is not None:
            return f"{where}[{at}] is not one of the characters stated there"
    if k == "list":
        why = _list_violation(node, value, env, where)
        if why:
            return why
    missing = witness_missing(node.witness, value, env) if node.witness else None
    if missing:
        return f"no value of {where} is {missing}"
    often = (
        (node.counts and count_broken(node.counts, value, env))
        or (node.profile and profile_broken(node.profile, value, env))
        or (node.islands and islands_broken(node.islands, value, env))
    )
    if often:
        return f"{where} {often}"
    lacking = uncovered(node.covers, value, env) if node.covers else None
    if lacking is not None:
        return f"no value of {where} is {lacking}"
    if node.perm_of is not None and sorted(value) != sorted(env[node.perm_of]):
        return f"{where} is not a permutation of {node.perm_of}"
    if node.len_lo is not None and node.choices is None:
        lo, hi = evaluate(node.len_lo, env), evaluate(node.len_hi, env)
        if not lo <= len(value) <= hi:
            return f"len({where})={len(value)} outside [{lo}, {hi}]"
        if node.len_mod and len(value) % node.len_mod:
            return f"len({where})={len(value)} is not a multiple of {node.len_mod}"
    return None


def _list_violation(node: Node, value: Any, env: dict[str, Any], where: str) -> str | None:
    """Why ``value`` breaks the list ``node`` as a list (its elements, order, shape); None = it fits."""
    if not isinstance(value, list):
        return f"{where} is not a list"
    if node.items is not None:
        if len(value) != len(node.items):
            return f"len({where})={len(value)}, not {len(node.items)}"
        inner = item_env(node, value, env)
        for i, (n, x) in enumerate(zip(node.items, value)):
            why = violation(n, x, inner, f"{where}[{i}]")
            if why:
                return why
        if any(value[a] == value[b] for a, b in node.item_ne or []):
            return f"{where} has equal positions that must differ"
    bounds = plain_number_bounds(node.elem) if node.items is None else None
    by_position = indexed(node.elem)
    for i, x in enumerate(value if node.items is None else []):
        if (
            bounds is not None
            and type(x) in (int, float)
            and bounds[0] <= x <= bounds[1]
            and (node.elem.kind == "float" or type(x) is int)
        ):
            continue  # a large input's plain numbers, checked without a call each
        at = {**env, ELEMENT_INDEX: i} if by_position else env
        why = violation(node.elem, x, at, f"{where}[{i}]") if node.elem else None
        if why:
            return why
    if (node.distinct or node.pair_distinct) and len({distinct_key(node, x) for x in value}) != len(value):
        return f"{where} has duplicates"
    if node.perm is not None:
        lo, hi = evaluate(node.perm[0], env), evaluate(node.perm[1], env)
        if sorted(value) != sorted(list(range(lo, hi + 1)) * (node.repeats or 1)):
            return f"{where} is not a permutation of [{lo}, {hi}]" + (
                f" each {node.repeats} times" if node.repeats else ""
            )
    if node.symmetric or node.diagonal is not None:
        why = matrix_violation(node, value, where)
        if why:
            return why
    if node.tree and not is_tree(value):
        return f"{where} is not a tree"
    if node.rows_equal and len({len(x) for x in value if isinstance(x, (list, str))}) > 1:
        return f"{where}'s rows differ in length"
    if node.rows_by_index and any(len(x) != k + 1 for k, x in enumerate(value)):
        return f"{where}'s row k does not hold k + 1 items"
    if node.rows_down and any(len(x) != len(value) - k for k, x in enumerate(value)):
        return f"{where}'s row k of n does not hold n - k items"
    if node.total_len_hi is not None and sum(len(x) for x in value) > evaluate(node.total_len_hi, env):
        return f"{where}'s total length is over {node.total_len_hi}"
    return order_violation(node, value, where)


def matrix_violation(node: Node, value: list[Any], where: str) -> str | None:
    """Why the list of rows ``value`` breaks ``node``'s symmetry or diagonal (None = it fits)."""
    n = len(value)
    if any(not isinstance(row, list) or len(row) != n for row in value):
        return f"{where} is not a square matrix"
    if node.diagonal is not None and any(value[i][i] != node.diagonal for i in range(n)):
        return f"{where}'s diagonal is not all {node.diagonal!r}"
    if node.symmetric and any(value[i][j] != value[j][i] for i in range(n) for j in range(i)):
        return f"{where} is not symmetric"
    return None


# Names in a bound: one that names nothing is a constant.
_IDENT = re.compile(r"[A-Za-z_]\w*")


def evaluate_const(expr: str | None) -> int | None:
    """The value of a bound that names nothing (``2``, ``10**5``), else None."""
    if not expr or _IDENT.search(expr):
        return None
    try:
        v = evaluate(expr, {})
    except Exception:  # any text outside the language, or a value that cannot be worked out: no constant
        return None
    return v if isinstance(v, int) else None


def narrowed_alphabet(node: Node, chars: str) -> bool:
    """A string's characters as a line states them: where another line stated them already, both hold (the
    characters in both); False where none is left."""
    both = chars if node.alphabet is None else "".join(c for c in node.alphabet if c in chars)
    node.alphabet = both or node.alphabet
    return bool(both)


def exclude_strict_end(node: Node, expr: str) -> bool:
    """A real's strict bound (``0 < x``): its end value excluded (a draw at the end is drawn again, an existing
    test there breaks the reading); False where the end is no constant (unsure: the caller refuses)."""
    try:
        value = None if _IDENT.search(expr) else evaluate(expr, {})
    except Exception:  # text outside the language: no constant
        value = None
    if not isinstance(value, (int, float)):
        return False
    node.exclude = sorted({*(node.exclude or []), value})
    return True


def item_name(name: str, k: int | str) -> str:
    """How a bound names position ``k`` of ``name``'s tuples (``edges__1``)."""
    return f"{name}__{k}"
