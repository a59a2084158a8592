"""A list's order, as the input model holds it (``Node.order`` and its companions), drawn so and
checked: one place for both, so every drawn, large, edited input and existing test meets the same rule.

* ``order``: ``asc`` (non-decreasing), ``strict`` (increasing), ``desc`` (non-increasing),
  ``strict_desc`` (decreasing), ``mountain`` (strictly up to a peak not at either end, then
  strictly down);
* ``order_key``: a list of tuples in that order of one position (``intervals is sorted by starti``);
* ``rotated``: some rotation of the list is in that order (``nums is sorted and rotated ...``);
* ``column_order``: a grid's columns in that order (``the rows and columns of matrix are sorted``).

Nothing here imports the rest of testgen (the model and the drawer both import it).
"""

from __future__ import annotations

import json
import random
from typing import Any

ORDERS = ("asc", "strict", "desc", "strict_desc", "mountain")
_STRICT = ("strict", "strict_desc", "mountain")  # orders no value (no key) is twice in


def no_repeats(node: Any) -> bool:
    """Is ``node``'s order one that no drawn value (or key) may repeat in (its draws skip one seen)?"""
    return node.order in _STRICT


def repeat_key(node: Any, x: Any) -> str:
    """What may not repeat in a strictly ordered list: the value, or its key position's value."""
    return json.dumps(_key(node, x), sort_keys=True)


def _key(node: Any, x: Any) -> Any:
    k = node.order_key
    return x[k] if k is not None and isinstance(x, list) and len(x) > k else x


def _in_order(order: str, a: Any, b: Any) -> bool:
    """Do neighbours ``a`` then ``b`` keep ``order`` (one of asc, strict, desc, strict_desc)?"""
    if order == "asc":
        return a <= b
    if order == "strict":
        return a < b
    return a >= b if order == "desc" else a > b


def arrange(node: Any, items: list[Any], rng: random.Random) -> list[Any] | None:
    """``items`` (drawn values of the list ``node``) put in its order; None: ``node`` states none."""
    if node.order == "mountain":
        return _mountain(items, rng)
    if node.order in ORDERS:
        items.sort(key=lambda x: _key(node, x), reverse=node.order in ("desc", "strict_desc"))
        if node.rotated and items:
            k = rng.randrange(len(items))
            items = items[k:] + items[:k]
    if node.column_order:
        items = _sorted_columns(items, node.column_order)
    return items if node.order in ORDERS or node.column_order else None


def _mountain(items: list[Any], rng: random.Random) -> list[Any]:
    """Distinct values as a mountain: the largest the peak, each other on a random side (both
    sides kept non-empty), the left side rising, the right falling."""
    values = sorted(items)
    if len(values) < 3:
        return values  # no mountain has fewer than three values: the check drops it
    *rest, peak = values
    sides = [rng.random() < 0.5 for _ in rest]  # True: left of the peak
    if all(sides):
        sides[rng.randrange(len(rest))] = False
    if not any(sides):
        sides[rng.randrange(len(rest))] = True
    left = [x for x, is_left in zip(rest, sides) if is_left]
    return left + [peak] + [x for x, is_left in reversed(list(zip(rest, sides))) if not is_left]


def _sorted_columns(rows: list[Any], order: str) -> list[Any]:
    """A rectangular grid's columns each sorted (rows already sorted stay so: sorting the columns
    of a grid whose rows are sorted keeps them sorted); a ragged one is left to the check."""
    if not rows or any(not isinstance(r, list) or len(r) != len(rows[0]) for r in rows):
        return rows
    columns = [sorted(col, reverse=order in ("desc", "strict_desc")) for col in zip(*rows)]
    return [list(r) for r in zip(*columns)]


def order_violation(node: Any, value: list[Any], where: str) -> str | None:
    """Why the list ``value`` breaks ``node``'s order (None = it keeps it)."""
    if node.order == "mountain":
        return None if is_mountain(value) else f"{where} is not a mountain"
    if node.order in ORDERS:
        keys = [_key(node, x) for x in value]
        pairs = list(zip(keys, keys[1:] + keys[:1])) if node.rotated and len(keys) > 1 else list(zip(keys, keys[1:]))
        broken = sum(not _in_order(node.order, a, b) for a, b in pairs)
        if broken > (1 if node.rotated else 0):
            if node.rotated or node.order_key is not None:
                by = f" by position {node.order_key}" if node.order_key is not None else ""
                return f"{where} is not {'a rotation of a list ' if node.rotated else ''}sorted ({node.order}){by}"
            return f"{where} is not sorted" + (" descending" if node.order in ("desc", "strict_desc") else "")
    if node.column_order:
        for r, (a, b) in enumerate(zip(value, value[1:])):
            if any(not _in_order(node.column_order, x, y) for x, y in zip(a, b)):
                return f"{where}: its columns are not sorted ({node.column_order}) at rows {r}, {r + 1}"
    return None


def is_mountain(value: list[Any]) -> bool:
    """Strictly up to a peak that is neither end, then strictly down."""
    n = len(value)
    i = 0
    while i + 1 < n and value[i] < value[i + 1]:
        i += 1
    if i == 0 or i == n - 1:
        return False
    while i + 1 < n and value[i] > value[i + 1]:
        i += 1
    return i == n - 1
