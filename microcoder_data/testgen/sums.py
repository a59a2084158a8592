"""A sum over every number of a list or grid (issue 37): ``Sum of values is divisible by k``,
``Sum of grid is equal to 9``, ``Sum of nums does not exceed 2 * 10^4``.  A random draw seldom
holds one, so the node's ``total`` (relation, expression) is drawn so -- the draw's numbers moved,
each within its bounds, until the sum holds (:func:`fix_total`) -- and the reading adds the check
``sum_all(x) ...`` every input must pass (a draw that cannot be moved so is dropped).
"""

from __future__ import annotations

import random
import re
from typing import Any

from microcoder_data.testgen.sentence_checks import sum_all
from microcoder_data.testgen.spec_expr import evaluate

TOTALS = ("==", "<=", "multiple")  # the sum equals, is at most, or is a multiple of the expression


def _cells(value: Any) -> list[tuple[list[Any], int]]:
    """Every number's place (its list and position), so it can be set."""
    out: list[tuple[list[Any], int]] = []
    for k, v in enumerate(value):
        out.extend(_cells(v) if isinstance(v, list) else [(value, k)])
    return out


def _move(cells: list[tuple[list[Any], int]], diff: int, lo: int, hi: int, rng: random.Random) -> None:
    """Add ``diff`` to the numbers' sum, spread at random, each within ``[lo, hi]`` (ValueError: no room)."""
    rng.shuffle(cells)
    room = [(hi - c[k]) if diff > 0 else (c[k] - lo) for c, k in cells]
    left, rest = abs(diff), sum(room)
    if left > rest:
        raise ValueError("no room to move the sum")
    for (c, k), r in zip(cells, room):
        rest -= r
        step = rng.randint(max(0, left - rest), min(r, left))
        c[k] += step if diff > 0 else -step
        left -= step


def fix_total(node: Any, value: Any, env: dict[str, Any], rng: random.Random) -> Any:
    """``value`` with its numbers moved so that their sum holds ``node.total``."""
    relation, expr = node.total
    target, leaf = evaluate(expr, env), node
    while leaf.kind == "list" and leaf.elem is not None:
        leaf = leaf.elem
    lo, hi = int(evaluate(leaf.lo, env)), int(evaluate(leaf.hi, env))
    cells, total = _cells(value), sum_all(value)
    if relation == "multiple":
        if target <= 0:
            raise ValueError("a multiple of a number below 1")
        r = total % target
        fits = [(c, k) for c, k in cells if c[k] - r >= lo or c[k] + target - r <= hi]
        if r and not fits:
            raise ValueError("no number can take the sum to a multiple")
        if r:
            c, k = rng.choice(fits)
            c[k] += -r if c[k] - r >= lo else target - r
        return value
    if relation == "<=":
        if total <= target:
            return value
        target = rng.randint(min(len(cells) * lo, target), target)  # some sum at most the bound
    _move(cells, target - total, lo, hi, rng)
    return value


def read_total(reader: Any, text: str) -> bool | None:
    """``Sum of values is divisible by k``, ``Sum of grid is equal to 9``, ``The sum of nums does
    not exceed 2 * 10^4``: over a list (or grid) of integers, drawn so and checked."""
    m = re.fullmatch(
        r"(?:the )?sum of (?:all )?(?:the )?(?:elements |values |numbers )?(?:of |in )?([A-Za-z_]\w*)((?:\[[a-z]\])*) "
        r"(is divisible by|is a multiple of|is equal to|equals|==|does not exceed|will not exceed|is at most|<=) (.+)",
        text,
        re.I,
    )
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    leaf = node
    while leaf is not None and leaf.kind == "list" and leaf.elem is not None and leaf.items is None:
        leaf = leaf.elem
    if node is None or node.kind != "list" or leaf is None or leaf.kind != "int":
        return None  # a total of strings' lengths: structures.py's
    if m.group(2) and (m.group(2).count("[") != 1 or node.elem.kind != "int"):
        return False  # "the sum of grid[i]": each row's sum, not the grid's
    if node.total is not None:
        return False  # one sum per list
    words = m.group(3).lower()
    relation = (
        "multiple"
        if "divisible" in words or "multiple" in words
        else "=="
        if words in ("is equal to", "equals", "==")
        else "<="
    )
    try:
        expr = reader.expr(m.group(4))
    except Exception:  # noqa: BLE001 -- a total the reader cannot name: refused
        return False
    node.total = (relation, expr)
    check = {"multiple": f"sum_all({m.group(1)}) % ({expr}) == 0", "==": f"sum_all({m.group(1)}) == {expr}"}
    reader.checks.append(check.get(relation, f"sum_all({m.group(1)}) <= {expr}"))
    return True
