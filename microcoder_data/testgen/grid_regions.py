"""Islands of a grid (issue 37): "There is exactly one island in grid", "There are exactly two islands in
grid" -- the cells holding the land value form that many 4-connected regions; "The island doesn't have
lakes" in the statement's body -- no region of other cells is enclosed (cut off from the grid's edge).

``Node.islands``: ``[(value, count, lakes)]`` (``lakes`` ``"0"``: none allowed, ``""``: any).  Drawn so
(:func:`place_islands`: every cell made water, then ``count`` islands grown from seeds no other island
touches, lakes filled) and checked on every input (:func:`islands_broken`).
"""

from __future__ import annotations

import random
from typing import Any

from microcoder_data.testgen.spec_expr import evaluate

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _regions(grid: list[list[Any]], inside: Any) -> list[list[tuple[int, int]]]:
    """The 4-connected regions of the cells for which ``inside(cell)`` holds."""
    seen: set[tuple[int, int]] = set()
    out = []
    for i, row in enumerate(grid):
        for j, cell in enumerate(row):
            if (i, j) in seen or not inside(cell):
                continue
            seen.add((i, j))
            stack, region = [(i, j)], []
            while stack:
                a, b = stack.pop()
                region.append((a, b))
                for da, db in _STEPS:
                    x, y = a + da, b + db
                    if 0 <= x < len(grid) and 0 <= y < len(grid[x]) and (x, y) not in seen and inside(grid[x][y]):
                        seen.add((x, y))
                        stack.append((x, y))
            out.append(region)
    return out


def _lakes(grid: list[list[Any]], land: Any) -> list[list[tuple[int, int]]]:
    """The regions of other cells that touch no edge of the grid."""
    h = len(grid)

    def enclosed(region: list[tuple[int, int]]) -> bool:
        return all(0 < a < h - 1 and 0 < b < len(grid[a]) - 1 for a, b in region)

    return [r for r in _regions(grid, lambda c: c != land) if enclosed(r)]


def islands_broken(islands: list[tuple[str, str, str]], value: Any, env: dict[str, Any]) -> str | None:
    """Why ``value`` (a grid) breaks ``islands``, or None."""
    if not isinstance(value, list) or not all(isinstance(row, (list, str)) for row in value):
        return "is not a grid"
    for land, count, lakes in islands:
        v, k = evaluate(land, env), evaluate(count, env)
        got = len(_regions(value, lambda c: c == v))
        if got != k:
            return f"has {got} islands of {v!r}, not {k}"
        if lakes and len(_lakes(value, v)) > evaluate(lakes, env):
            return f"has a lake inside an island of {v!r}"
    return None


def _grow(grid: list[list[Any]], land: Any, owner: dict, k: int, size: int, rng: random.Random) -> None:
    """Island ``k`` grown from a free seed to about ``size`` cells, never touching another island."""

    def free(a: int, b: int) -> bool:
        near = [owner.get((a + da, b + db)) for da, db in _STEPS]
        return (a, b) not in owner and all(o in (None, k) for o in near)

    cells = [(a, b) for a in range(len(grid)) for b in range(len(grid[a])) if free(a, b)]
    if not cells:
        raise ValueError("no room for another island")
    frontier, grown = [rng.choice(cells)], 0
    while frontier and grown < size:
        a, b = frontier.pop(rng.randrange(len(frontier)))
        if not free(a, b):
            continue
        owner[(a, b)], grid[a][b], grown = k, land, grown + 1
        frontier += [
            (x, y) for x, y in ((a + da, b + db) for da, db in _STEPS) if 0 <= x < len(grid) and 0 <= y < len(grid[x])
        ]


def place_islands(node: Any, value: Any, env: dict[str, Any], rng: random.Random, water: Any) -> Any:
    """``value`` (a grid of numbers) made water (``water(v)``: a cell value other than ``v``) with each
    stated number of islands grown in it, lakes filled where none are allowed (ValueError: no room; a
    draw whose count this breaks is dropped by the validator)."""
    for land, count, lakes in node.islands:
        v, k = evaluate(land, env), evaluate(count, env)
        grid = [[c if c != v else water(v) for c in row] for row in value]
        cells = sum(len(row) for row in grid)
        owner: dict[tuple[int, int], int] = {}
        for n in range(k):
            _grow(grid, v, owner, n, rng.randint(1, max(1, cells // (2 * k))), rng)
        for lake in _lakes(grid, v) if lakes else []:
            for a, b in lake:
                grid[a][b] = v
        value = grid
    return value
