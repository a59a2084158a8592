"""Bounds stated for each type of a tuple (issue 37), LeetCode's notation of typed queries::

    queries[i][0] == 1 or queries[i][0] == 2
    queries[i][0] == 1: 0 <= queries[i][1] <= queries[i][2] <= nums.length - 1
    queries[i][0] == 2: 0 <= queries[i][1] <= nums.length - 1, 1 <= queries[i][2] <= 10^5

The part after the colon is read as any line is (chains, ranges), and each bound it sets on a position
of the same tuples becomes one side of a range whose ends depend on the type position
(``by_value(queries__0, 1, <type 1's>, 2, <type 2's>, <empty>)``, as stdin_conditional's rows): drawn
so and checked on every input.  A type no line speaks of gets an empty range (1 to 0), so no tuple of
it is drawn and an existing one refuses.  A part that sets anything else (a check, a bound of another
input), or a position bounded also without a type, refuses the line.
"""

from __future__ import annotations

import copy
import re
from typing import Any

_TYPED = re.compile(r"([A-Za-z_]\w*)\[i\]\[(\d)\] == (-?\d+): (.+)")
_PART = re.compile(r",\s*(?=[^,]*(?:<=|<|==))")  # "a <= x <= b, c <= y <= d": one part a chain
_EMPTY = {"lo": "1", "hi": "0"}  # the range a type no line speaks of gets


def typed_header(reader: Any, text: str) -> bool | None:
    """``For all i that:`` heading the typed lines (each of which is read, or refused, on its own)."""
    return True if re.fullmatch(r"for (?:all|each|every) i(?: that| such that)?:", text.strip(), re.I) else None


def typed_bounds(reader: Any, text: str) -> bool | None:
    m = _TYPED.fullmatch(text.strip())
    if not m:
        return None
    name, at, value, rest = m.group(1), int(m.group(2)), m.group(3), m.group(4)
    ref = reader.ref(f"{name}[i][{at}]")
    if ref is None or ref[1] != 2 or name not in reader.args:
        return False
    found = _bounds_of(reader, rest, (name, 2))
    if found is None:
        return False
    tup, widths = reader.node_at(name, 1), reader.__dict__.setdefault("typed_widths", {})
    stated = tup.len_lo is not None or tup.len_hi is not None or (name, 1, "len") in reader.bounds
    if not stated or name in widths:
        # no length stated: as long as the positions the typed lines name (checked on every input)
        widths[name] = max([widths.get(name, 0), at + 1] + [int(pos[2][1:]) + 1 for pos, _ in found])
        tup.len_lo = tup.len_hi = str(widths[name])
    typed = reader.__dict__.setdefault("typed_positions", {})  # (ref, side) -> ({type: bound}, what was written)
    for (pos, side), bound in found.items():
        if pos[2] == f"@{at}":
            return False  # the type's own position bounded by its type
        cases, written = typed.setdefault((pos, side), ({}, None))
        if reader.bounds.get(pos, {}).get(side) != written:
            return False  # the position bounded without a type too: not both held here
        cases[value] = bound
        key = f"{name}__{at}"
        expr = f"by_value({key}, {', '.join(f'{v}, {b}' for v, b in cases.items())}, {_EMPTY[side]})"
        reader.bounds.setdefault(pos, {})[side] = expr
        typed[(pos, side)] = (cases, expr)
    return True


def _bounds_of(reader: Any, rest: str, tuples: tuple[str, int]) -> dict | None:
    """The bounds ``rest`` sets on positions of ``tuples`` (name, depth), read apart from what is read
    already (which is left as it was); None where it sets anything else or is not understood."""
    kept = {k: copy.deepcopy(getattr(reader, k)) for k in ("bounds", "checks", "nodes")}
    for pos, side in reader.__dict__.get("typed_positions", {}):  # other types' bounds: not this type's
        reader.bounds.get(pos, {}).pop(side, None)
    before = copy.deepcopy(reader.bounds)
    try:
        done = all(reader.read(part, False) for part in _PART.split(rest))
        after = reader.bounds
        same = reader.checks == kept["checks"] and set(reader.nodes) == set(kept["nodes"])
    except Exception:  # the reader's refusal of the part: the line refused as a whole
        done, after, same = False, {}, False
    finally:
        for k, v in kept.items():
            setattr(reader, k, v)
    if not done or not same:
        return None
    found = {}
    for pos, b in after.items():
        for side, bound in b.items():
            if before.get(pos, {}).get(side) == bound:
                continue
            if pos[:2] != tuples or not re.fullmatch(r"@\d", pos[2]) or side not in _EMPTY:
                return None
            found[(pos, side)] = bound
    return found or None


ENTRIES = (
    (
        "bounds for each type of a tuple",
        ("queries[i][0] == 1: 0 <= queries[i][1] <= queries[i][2] <= nums.length - 1",),
        "drawn and checked",
        typed_bounds,
    ),
)
