"""Values a random draw would almost never hold, drawn so and checked: a prime, a character at a
stated position of a string (``s[2] is ':'``), and a witness -- at least one value of a list,
grid or string that satisfies a relation (``there is at least one i such that nums[i] >= k``,
``A has at least one multiple of K``).  A witness is placed at a random position after the draw
(:func:`place_witnesses`); the validator (:func:`witness_missing`) checks it on every input.

A witness is ``(relation, expression)``: ``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=`` against the
expression's value, ``multiple`` (a non-zero multiple of it), ``prime`` (the expression unused) or
``each`` (every value of the expression's list, each held by some scalar).
It holds of the scalars of the value: a list's elements (a list of lists': every cell), a string's
characters (a list of strings': every character).
"""

from __future__ import annotations

import operator
import random
from typing import Any

from microcoder_data.testgen.orders import arrange
from microcoder_data.testgen.spec_expr import evaluate

_RELATIONS = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
# ``each``: every value of the expression's list is one of the scalars (``Each arr2[i] is in arr1``)
RELATIONS = (*_RELATIONS, "multiple", "prime", "each")


def is_prime(x: Any) -> bool:
    """Whether the integer ``x`` is prime (deterministic Miller-Rabin, exact below 3.3 * 10^24)."""
    if not isinstance(x, int) or isinstance(x, bool) or x < 2:
        return False
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    if x in small:
        return True
    if any(x % p == 0 for p in small):
        return False
    d, s = x - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in small:
        y = pow(a, d, x)
        if y in (1, x - 1):
            continue
        for _ in range(s - 1):
            y = y * y % x
            if y == x - 1:
                break
        else:
            return False
    return True


def prime_near(x: int, lo: int, hi: int) -> int:
    """The first prime at or above ``x`` within ``[lo, hi]``, else the last below it (ValueError: none)."""
    x = min(max(x, lo), hi)
    for step in (1, -1):
        y = x
        while lo <= y <= hi and (step < 0 or y - x < 10_000):
            if is_prime(y):
                return y
            y += step
    raise ValueError("no prime in range")


def holds(relation: str, x: Any, v: Any) -> bool:
    """Whether the scalar ``x`` satisfies ``relation`` against ``v``."""
    if relation == "prime":
        return is_prime(x)
    if relation == "multiple":
        return isinstance(x, int) and isinstance(v, int) and v != 0 and x % v == 0
    try:
        return bool(_RELATIONS[relation](x, v))
    except TypeError:  # a character against a number: not this value
        return False


def _scalars(value: Any) -> list[Any]:
    if isinstance(value, list):
        return [x for v in value for x in _scalars(v)]
    return list(value) if isinstance(value, str) else [value]


def witness_missing(witness: list[tuple[str, str]], value: Any, env: dict[str, Any]) -> str | None:
    """The first witness no scalar of ``value`` satisfies (as ``relation expression``), or None."""
    scalars = _scalars(value)
    for relation, expr in witness:
        v = evaluate(expr, env) if expr else None
        if not all(
            any(holds("==" if relation == "each" else relation, x, y) for x in scalars) for y in _wanted(relation, v)
        ):
            return f"{relation} {expr}".strip()
    return None


def _wanted(relation: str, v: Any) -> list[Any]:
    """The values a witness asks for, each held by some scalar: every one of the list ``v`` (``each``), else ``v``."""
    return list(v) if relation == "each" else [v]


def chars_at_missing(char_at: list[tuple[int, str]], text: str) -> int | None:
    """The first stated position of ``text`` whose character is none of those stated (or which
    ``text`` is too short to have), or None."""
    return next((k for k, chars in char_at if not -len(text) <= k < len(text) or text[k] not in chars), None)


def put_chars_at(char_at: list[tuple[int, str]], alphabet: str | None, text: str, rng: random.Random) -> str:
    """``text`` with each stated position (from the end where negative) given one of its characters (those
    in ``alphabet`` too, where one is stated); a text too short is left to the validator."""
    chars = list(text)
    for k, allowed in char_at:
        pool = [c for c in allowed if alphabet is None or c in alphabet] or list(allowed)
        if -len(chars) <= k < len(chars):
            chars[k] = rng.choice(sorted(pool))
    return "".join(chars)


def _leaf(node: Any) -> Any:
    while node.kind == "list" and node.elem is not None:
        node = node.elem
    return node


def _paths(value: Any) -> list[tuple[int, ...]]:
    """Every scalar's position in ``value`` (a string's characters count)."""
    if isinstance(value, str):
        return [(k,) for k in range(len(value))]
    if isinstance(value, list):
        return [(k, *p) for k, v in enumerate(value) for p in _paths(v)]
    return [()]


def _put(value: Any, path: tuple[int, ...], x: Any) -> Any:
    if not path:
        return x
    k, rest = path[0], path[1:]
    if isinstance(value, str):
        return value[:k] + str(x) + value[k + 1 :]
    value[k] = _put(value[k], rest, x)
    return value


def _witness_value(relation: str, v: Any, leaf: Any, env: dict[str, Any], rng: random.Random) -> Any:
    """A scalar of ``leaf``'s kind that satisfies ``relation`` against ``v`` within its bounds."""
    if leaf.kind == "str":
        if relation != "==":
            raise ValueError("only a character equal to one stated is a string's witness")
        return v
    if relation == "==":
        return v
    lo, hi = evaluate(leaf.lo, env), evaluate(leaf.hi, env)
    if relation == "prime":
        return prime_near(rng.randint(lo, hi), lo, hi)
    if relation == "multiple":
        first, last = -(-lo // abs(v)), hi // abs(v)
        return rng.randint(first, last) * abs(v)
    low = {">=": v, ">": v + 1}.get(relation, lo)
    high = {"<=": v, "<": v - 1}.get(relation, hi)
    x = rng.randint(max(lo, low), min(hi, high))
    return x if relation != "!=" or x != v else (x + 1 if x < hi else x - 1)


def uncovered(covers: tuple[str, str], value: list[Any], env: dict[str, Any]) -> int | None:
    """The first value of ``[lo, hi]`` (``covers``) that ``value`` lacks, or None."""
    lo, hi = (evaluate(e, env) for e in covers)
    present = set(value)
    return next((v for v in range(lo, hi + 1) if v not in present), None)


def place_covering(
    covers: tuple[str, str], value: list[Any], env: dict[str, Any], rng: random.Random, order: str | None = None
) -> list[Any]:
    """``value`` with every value of ``[lo, hi]`` put at its own random position (a list too short for them
    all is left to the validator), sorted again where it is sorted (``order``)."""
    lo, hi = (evaluate(e, env) for e in covers)
    if hi - lo + 1 > len(value):
        return value
    value = list(value)
    for position, v in zip(rng.sample(range(len(value)), hi - lo + 1), range(lo, hi + 1)):
        value[position] = v
    return (
        sorted(value, reverse=order in ("desc", "strict_desc"))
        if order in ("asc", "strict", "desc", "strict_desc")
        else value
    )


def odd_one_out(alphabet: str | None, text: str, rng: random.Random) -> str:
    """A text of ``text``'s length, one character of ``alphabet`` everywhere but at one random position, which
    holds another (a text shorter than 2, or an alphabet of one character, is left to the validator)."""
    letters = sorted(set(alphabet or text))
    if len(text) < 2 or len(letters) < 2:
        return text
    same, other = rng.sample(letters, 2)
    at = rng.randrange(len(text))
    return same * at + other + same * (len(text) - at - 1)


def place_witnesses(node: Any, value: Any, env: dict[str, Any], rng: random.Random) -> Any:
    """``value`` with each witness it lacks placed at a random position no other witness took
    (a sorted list sorted again); the validator drops a draw this breaks (distinct values, say)."""
    if not node.witness:
        return value
    paths = _paths(value)
    rng.shuffle(paths)
    scalars = _scalars(value)
    for relation, expr in node.witness:
        v = evaluate(expr, env) if expr else None
        for y in _wanted(relation, v):
            if any(holds("==" if relation == "each" else relation, x, y) for x in scalars) or not paths:
                continue
            x = y if relation == "each" else _witness_value(relation, y, _leaf(node), env, rng)
            value = _put(value, paths.pop(), x)
            scalars.append(x)
    if node.kind == "list" and node.order and all(not isinstance(x, list) for x in value):
        value = arrange(node, value, rng) or value  # its stated order again (orders.py)
    return value
