"""Strings and digit lists with a structure a random draw seldom has, drawn so (the draw's value
reshaped) and checked (a function the spec's checks call): balanced brackets ("s is a valid
parentheses string") and a first digit that is no 0 ("num does not contain any leading zeros").
The readings that set them are structured_readings.py; this module imports nothing of testgen,
so spec_expr and inputgen may both call it.
"""

from __future__ import annotations

import random
from typing import Any

BRACKETS = {"(": ")", "[": "]", "{": "}"}
_CLOSING = {c: o for o, c in BRACKETS.items()}
# bracket-like characters this reading does not pair: a string holding one is never read balanced
UNPAIRED = frozenset("<>")


def brackets_balanced(value: Any) -> bool:
    """Every bracket of the string ``value`` (each string of a list) closed by its own kind in
    order, the other characters ignored (``"(a)[()]"``: yes; ``")("``, ``"(]"``: no) -- but ``<`` or
    ``>``, which a statement may pair too, never taken as balanced (``"(<>)"``: no)."""
    if isinstance(value, list):
        return all(brackets_balanced(v) for v in value)
    if not isinstance(value, str) or UNPAIRED & set(value):
        return False
    stack: list[str] = []
    for c in value:
        if c in BRACKETS:
            stack.append(c)
        elif c in _CLOSING and (not stack or stack.pop() != _CLOSING[c]):
            return False
    return not stack


def _dyck(pairs: int, kinds: list[str], rng: random.Random) -> list[str]:
    """A random balanced sequence of ``pairs`` bracket pairs, each opened of a random kind."""
    out: list[str] = []
    stack: list[str] = []
    opened = 0
    while len(out) < 2 * pairs:
        must_close = opened == pairs
        if stack and (must_close or rng.random() < 0.5):
            out.append(BRACKETS[stack.pop()])
        else:
            stack.append(rng.choice(kinds))
            out.append(stack[-1])
            opened += 1
    return out


def draw_balanced(alphabet: str | None, text: str, lo: int, hi: int, rng: random.Random) -> str:
    """``text`` (a draw over ``alphabet``) with its brackets (and some of its other characters)
    made one random balanced sequence, the rest where they are; an odd count of bracket positions gives one to a
    character of the alphabet that is no bracket, else the text is one shorter (or longer)
    within ``[lo, hi]``.  An alphabet with no whole pair of brackets: ``text`` as drawn."""
    chars = alphabet or text
    kinds = sorted(o for o, c in BRACKETS.items() if o in chars and c in chars)
    if not kinds:
        return text
    others = sorted(set(chars) - set(BRACKETS) - set(_CLOSING))
    out = list(text)
    # beside other characters, a third of theirs brackets too: an alphabet of many seldom draws one
    slots = [k for k, c in enumerate(out) if c in BRACKETS or c in _CLOSING or (others and rng.random() < 0.3)]
    if len(slots) % 2:
        if others:
            out[slots.pop(rng.randrange(len(slots)))] = rng.choice(others)
        elif len(out) - 1 >= lo:
            out.pop(slots.pop())
        elif len(out) + 1 <= hi:
            out.append(kinds[0])
            slots.append(len(out) - 1)
    for k, c in zip(slots, _dyck(len(slots) // 2, kinds, rng)):
        out[k] = c
    return "".join(out)


def lead_nonzero(value: Any, elem: Any, rng: random.Random) -> Any:
    """A number written as digits -- a string over ``elem`` (its alphabet) or a list of digits
    within ``elem`` (``(lo, hi)``) -- with a first digit 0 replaced by one that is not, where it has
    more than one digit (the number 0 alone: the checks say whether it may be)."""
    if not value or len(value) < 2 or value[0] not in (0, "0"):
        return value
    if isinstance(value, str):
        pool = sorted(set(elem or "123456789") - {"0"})
        return rng.choice(pool) + value[1:] if pool else value
    lo, hi = elem
    if hi < 1:
        return value
    return [rng.randint(max(lo, 1), hi), *value[1:]]
