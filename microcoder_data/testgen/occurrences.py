"""How often values occur in an input, drawn so and checked (issue 37): one idea, a count of occurrences
with bounds, over the scalars of a value (a list's elements, a grid's cells, a string's characters).

* ``Node.counts``: ``(relation, value, lo, hi)`` -- how many scalars hold ``relation value`` (witnesses.py's
  relations: ``==``, ``multiple``, ...) lies in ``[lo, hi]`` (``hi`` ``""``: no upper bound).  "There is
  exactly one cell with board[i][j] == 'R'", "The number of 1's in the grid is in the range [1, 6000]",
  "Half of the integers in nums are even" (``multiple 2``, ``len(nums) / 2`` times).  A draw outside the
  bounds gets that many holders placed at random positions (:func:`place_counts`).
* ``Node.profile``: ``(times, values)`` -- ``values`` distinct values each occur exactly ``times`` times,
  ``values`` ``""`` for every other value.  "Each element appears twice except for one element which appears
  once": ``[("1", "1"), ("2", "")]``.  Drawn whole (:func:`draw_profile`): the length the nearest one the
  profile admits, distinct values, the multiset shuffled.

Bounds are expressions of spec_expr's language; they may name the value itself (``len(nums) / 2``).  Both
are checked on every input (:func:`count_broken`, :func:`profile_broken`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Callable

from microcoder_data.testgen.spec_expr import evaluate
from microcoder_data.testgen.witnesses import _paths, _put, _scalars, _witness_value, holds

_OPPOSITE = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}


def count_range(count: tuple[str, str, str, str], env: dict[str, Any]) -> tuple[int, float]:
    """The whole numbers of holders ``count`` allows, as ``(lo, hi)`` (``hi`` may be ``inf``)."""
    lo, hi = evaluate(count[2], env), evaluate(count[3], env) if count[3] else math.inf
    return math.ceil(lo), (math.floor(hi) if hi != math.inf else hi)


def count_broken(counts: list[tuple[str, str, str, str]], value: Any, env: dict[str, Any]) -> str | None:
    """The first count ``value`` breaks, said in words, or None."""
    scalars = _scalars(value)
    for count in counts:
        relation, expr = count[0], count[1]
        v = evaluate(expr, env) if expr else None
        lo, hi = count_range(count, env)
        got = sum(holds(relation, x, v) for x in scalars)
        if not lo <= got <= hi:
            return f"holds {relation} {expr} {got} times, not within [{lo}, {hi}]"
    return None


def other_value(relation: str, v: Any, leaf: Any, env: dict[str, Any], rng: random.Random) -> Any:
    """A scalar of ``leaf`` that does not hold ``relation v`` (ValueError: none found)."""
    if leaf.kind == "str" or leaf.choices is not None:  # a character, or one of the values listed
        pool = [c for c in leaf.choices or sorted(set(leaf.alphabet or "ab")) if not holds(relation, c, v)]
        if not pool:
            raise ValueError("every value allowed holds the relation")
        return rng.choice(pool)
    if relation in _OPPOSITE:
        return _witness_value(_OPPOSITE[relation], v, leaf, env, rng)
    lo, hi = evaluate(leaf.lo, env), evaluate(leaf.hi, env)
    for x in [rng.randint(lo, hi) for _ in range(20)]:
        if not holds(relation, x, v):
            return x
    raise ValueError("no value found that does not hold the relation")


def place_counts(node: Any, value: Any, env: dict[str, Any], rng: random.Random) -> Any:
    """``value`` with each count it breaks mended: a number of holders drawn within the bounds, put at
    random positions (the others made non-holders); the validator drops a draw this breaks."""
    leaf = node
    while leaf.kind == "list" and leaf.elem is not None:
        leaf = leaf.elem
    for count in node.counts:
        relation, expr = count[0], count[1]
        v = evaluate(expr, env) if expr else None
        lo, hi = count_range(count, env)
        paths = _paths(value)
        now = [p for p, x in zip(paths, _scalars(value)) if holds(relation, x, v)]
        if lo <= len(now) <= hi:
            continue
        want = rng.randint(max(lo, 0), int(min(hi, len(paths))))  # ValueError: too few positions
        holding = set(now)
        others = [p for p in paths if p not in holding]
        for p in rng.sample(now, len(now) - want) if len(now) > want else []:
            value = _put(value, p, other_value(relation, v, leaf, env, rng))
        for p in rng.sample(others, want - len(now)) if len(now) < want else []:
            value = _put(value, p, _witness_value(relation, v, leaf, env, rng))
    return value


def _profile_counts(profile: list[tuple[str, str]], env: dict[str, Any]) -> tuple[dict[int, int], int | None]:
    """``{times: how many values}`` of the stated values, and the rest's times (None: no rest)."""
    fixed: dict[int, int] = {}
    rest = None
    for times, values in profile:
        t = int(evaluate(times, env))
        if values:
            fixed[t] = fixed.get(t, 0) + int(evaluate(values, env))
        else:
            rest = t
    return fixed, rest


def profile_broken(profile: list[tuple[str, str]], value: Any, env: dict[str, Any]) -> str | None:
    """Why the occurrences of ``value``'s scalars break ``profile``, or None."""
    fixed, rest = _profile_counts(profile, env)
    seen = Counter(Counter(repr(x) for x in _scalars(value)).values())  # times -> how many values
    for t, k in fixed.items():
        if seen.get(t, 0) < k or (t != rest and seen.get(t, 0) != k):
            return f"{seen.get(t, 0)} values occur {t} times, not {k}"
    extra = [t for t in seen if t not in fixed and t != rest]
    return f"some value occurs {extra[0]} times" if extra else None


def admissible_length(
    profile: list[tuple[str, str]], env: dict[str, Any], n: int, lo: int, hi: int, pool: float
) -> int | None:
    """The length nearest ``n`` (down first) within ``[lo, hi]`` that ``profile`` admits with at most
    ``pool`` distinct values, or None."""
    fixed, rest = _profile_counts(profile, env)
    least, values = sum(t * k for t, k in fixed.items()), sum(fixed.values())
    if values > pool:
        return None
    if rest is None:
        return least if lo <= least <= hi else None
    cap = least + (pool - values) * rest  # the longest the values allow
    top = min(n, hi, cap)
    if top >= max(lo, least):
        down = int(top - (top - least) % rest)
        if down >= max(lo, least):
            return down
    up = max(n, lo, least)
    up += (least - up) % rest
    return up if up <= min(hi, cap) else None


def draw_profile(
    node: Any, n: int, env: dict[str, Any], rng: random.Random, fits: Callable[[Any], bool]
) -> list[Any] | str:
    """A value of ``node`` (a list of ints or a string) whose occurrences are ``node.profile``, of the
    length nearest ``n`` it admits: distinct values (``fits``: those the element's own rules allow), each
    repeated as the profile says, shuffled (ValueError: no such length or too few values)."""
    lo, hi = int(evaluate(node.len_lo, env)), int(evaluate(node.len_hi, env))
    if node.kind == "str":
        pool: Any = sorted(set(node.alphabet or "a"))
    else:
        leaf = node.elem
        pool = leaf.choices if leaf.choices is not None else range(evaluate(leaf.lo, env), evaluate(leaf.hi, env) + 1)
    m = admissible_length(node.profile, env, n, lo, hi, len(pool))
    if m is None:
        raise ValueError("no length the occurrences admit")
    fixed, rest = _profile_counts(node.profile, env)
    wanted = [t for t, k in sorted(fixed.items()) for _ in range(k)]
    wanted += [rest] * ((m - sum(t * k for t, k in fixed.items())) // rest if rest else 0)
    picks = [x for x in rng.sample(pool, min(len(pool), 2 * len(wanted) + 10)) if fits(x)][: len(wanted)]
    if len(picks) < len(wanted):
        raise ValueError("too few distinct values")
    items = [x for x, t in zip(picks, wanted) for _ in range(t)]
    rng.shuffle(items)
    if node.order in ("asc", "strict", "desc"):
        items.sort(reverse=node.order == "desc")
    return "".join(items) if node.kind == "str" else items
