"""Checks of geometric promises (issue 37), called by name from a spec's checks (spec_expr's
``FUNCTIONS``), and the draw that makes boxes apart (``Node.apart``: inputgen).

Points and corners are tuples of numbers; the helpers gather them from the input's own shapes:
``zipped(X1, Y1)`` (AtCoder's columns), ``picked(points, 0, 1)`` (the positions of each row),
``flat_points(2, x_A, y_A, x_B, y_B)`` (scalars, ``dim`` at a time).

Touching is not overlapping here: boxes overlap when their intersection has a positive measure
(open boxes meet), intervals of integers written ``[l, r]`` inclusive overlap when they share an
integer, half-open ``[s, e)`` ones when ``max(s) < min(e)``.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from fractions import Fraction
from typing import Any


def zipped(*columns: list[Any]) -> list[tuple[Any, ...]]:
    """Columns read at one index (AtCoder's ``X_{i,1} Y_{i,1}``) as tuples."""
    return list(zip(*columns))


def picked(rows: list[Any], *ks: int) -> list[tuple[Any, ...]]:
    """The positions ``ks`` of each row (``rectangles[i] = [x1, y1, x2, y2]``) as tuples."""
    return [tuple(r[k] for k in ks) for r in rows]


def flat_points(dim: int, *coords: Any) -> list[tuple[Any, ...]]:
    """Scalars ``x_A, y_A, x_B, y_B, ...`` as points of ``dim`` coordinates."""
    return [tuple(coords[i : i + dim]) for i in range(0, len(coords), dim)]


def distinct_points(points: list[tuple[Any, ...]]) -> bool:
    """No point given twice (``No two pieces are on the same square``)."""
    return len({tuple(p) for p in points}) == len(points)


def _direction(dx: Any, dy: Any) -> tuple[Any, Any]:
    """A line's direction, the same for both senses: an exact slope (``Fraction``), or vertical."""
    if dx == dy == 0:
        return (0, 0)
    # one form for ints and other numbers alike (review: ints reduced by gcd, floats as a slope, never equal)
    return (1, Fraction(dy) / Fraction(dx)) if dx != 0 else (0, 1)


def collinear_free(points: list[tuple[Any, ...]]) -> bool:
    """No three of ``points`` (by index: a point given twice and any third) lie on one straight line."""
    pts = [tuple(p) for p in points]
    for i, (x, y) in enumerate(pts):
        seen: set[tuple[Any, Any]] = set()
        for x2, y2 in pts[i + 1 :]:
            d = _direction(x2 - x, y2 - y)
            if d == (0, 0) and len(pts) > 2 or d in seen:
                return False
            seen.add(d)
    return True


def boxes_apart(corners_a: list[tuple[Any, ...]], corners_b: list[tuple[Any, ...]]) -> bool:
    """No two boxes, each given by two opposite corners (one from each list), share a positive
    area / volume: touching faces, edges or corners is allowed.  Boxes are laid cell by cell on the
    grid their own sides draw (where that grid's cells they cover are few in all); others swept along the axis where fewer sides overlap, only
    those whose sides overlap there compared."""
    boxes = [(tuple(map(min, a, b)), tuple(map(max, a, b))) for a, b in zip(corners_a, corners_b, strict=True)]
    if len(boxes) < 2:
        return True
    cells = _compressed(boxes)
    if sum(math.prod(b - a for a, b in zip(*box)) for box in cells) <= CELLS:
        return _cells_apart(cells)
    axis = min(range(len(boxes[0][0])), key=lambda k: _pairs_along(boxes, k))
    boxes.sort(key=lambda box: box[0][axis])
    for i, (lo, hi) in enumerate(boxes):
        for lo2, hi2 in boxes[i + 1 :]:
            if lo2[axis] >= hi[axis]:
                break
            if all(max(p, q) < min(r, s) for p, q, r, s in zip(lo, lo2, hi, hi2)):
                return False
    return True


CELLS = 2_000_000  # boxes covering at most this many cells of their own grid in all are laid cell by cell


def _compressed(boxes: list[tuple[tuple[Any, ...], tuple[Any, ...]]]) -> list[tuple[tuple[int, ...], ...]]:
    """Each box's sides as indices of the sorted sides along each axis (two boxes share a positive
    measure exactly when their boxes there share a cell)."""
    sides = [sorted({v for box in boxes for v in (box[0][k], box[1][k])}) for k in range(len(boxes[0][0]))]
    return [
        tuple(tuple(bisect.bisect_left(sides[k], corner[k]) for k in range(len(sides))) for corner in box)
        for box in boxes
    ]


def _cells_apart(boxes: list[tuple[tuple[int, ...], ...]]) -> bool:
    """No cell in two integer boxes (a box of a positive measure holds its cells, no other)."""
    seen: set[tuple[int, ...]] = set()
    for lo, hi in boxes:
        for cell in itertools.product(*(range(a, b) for a, b in zip(lo, hi))):
            if cell in seen:
                return False
            seen.add(cell)
    return True


def _pairs_along(boxes: list[tuple[tuple[Any, ...], tuple[Any, ...]]], axis: int) -> int:
    """How many pairs of boxes have sides overlapping (more than touching) along ``axis``."""
    los = sorted(lo[axis] for lo, _ in boxes)
    return sum(bisect.bisect_left(los, hi[axis]) - bisect.bisect_right(los, lo[axis]) for lo, hi in boxes)


def intervals_apart(starts: list[Any], ends: list[Any], closed: bool) -> bool:
    """No two intervals ``[start, end]`` (closed: sharing an end overlaps) or ``[start, end)`` overlap."""
    spans = sorted(zip(starts, ends, strict=True))
    return all(nxt[0] > prev[1] if closed else nxt[0] >= prev[1] for prev, nxt in zip(spans, spans[1:]))


def spread_apart(
    apart: dict[str, Any], items: list[list[Any]], ranges: list[tuple[int, int]], rng: random.Random
) -> None:
    """Drawn rows made apart in place: along one axis (chosen at random; ``ranges`` its values)
    their sides get distinct values, consecutive once sorted, so no two rows share a point of that
    axis; each row keeps which of its two positions held the smaller value (its bounds' direction)."""
    axis = rng.randrange(len(apart["lows"]))
    a, b = apart["lows"][axis], apart["highs"][axis]
    lo, hi = ranges[axis]
    if 2 * len(items) > hi - lo + 1:
        raise ValueError("too few values for rows apart")
    ends = sorted(rng.sample(range(lo, hi + 1), 2 * len(items)))
    for k, row in enumerate(rng.sample(items, len(items))):
        small, large = ends[2 * k], ends[2 * k + 1]
        row[a], row[b] = (small, large) if row[a] <= row[b] else (large, small)
