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

The forms the body gives each type (``For a query of type 1, queries[i] = [1, l, r]``) name positions for
that type: a line over those names (``0 <= l <= r <= nums1.length - 1``) is that type's line, and a
number in a form (``queries[i] = [3, 0, 0]``) fixes its position for that type; the type position is
bounded by the smallest and largest type.
"""

from __future__ import annotations

import copy
import re
from typing import Any

_TYPED = re.compile(r"([A-Za-z_]\w*)\[i\]\[(\d)\] == (-?\d+): (.+)")
_PART = re.compile(r",\s*(?=[^,]*(?:<=|<|==))")  # "a <= x <= b, c <= y <= d": one part a chain
_EMPTY = {"lo": "1", "hi": "0"}  # the range a type no line speaks of gets
_FORM = re.compile(r"\b([A-Za-z_]\w*)\[\s*i\s*\]\s*={1,2}\s*\[\s*(-?\d+)((?:\s*,\s*(?:-?\d+|[A-Za-z_]\w*))+)\s*\]")
_NAME = re.compile(r"[A-Za-z_]\w*")


def _forms(reader: Any) -> dict[str, dict[str, list[str]]]:
    """Each list input's typed forms in the body: list -> type -> the other positions' names or numbers
    (a type given two different forms is dropped)."""
    out: dict[str, dict[str, list[str]]] = {}
    for m in _FORM.finditer(getattr(reader, "statement", "") or ""):
        if m.group(1) in reader.args and reader.nodes[m.group(1)].kind == "list":
            form = [x.strip() for x in m.group(3).split(",")[1:]]
            types = out.setdefault(m.group(1), {})
            types[m.group(2)] = form if types.get(m.group(2), form) == form else []
    return {n: {t: f for t, f in ts.items() if f} for n, ts in out.items()}


def typed_form_line(reader: Any, text: str) -> bool | None:
    """A line over the names of typed forms (module doc): read for each type whose form names one."""
    if not re.search(r"[<>]|==", text):
        return None  # a sentence, not a range: its words are no positions' names
    words = set(_NAME.findall(text)) - set(reader.nodes)
    hits = [(n, t, f) for n, ts in _forms(reader).items() for t, f in ts.items() if words & set(f)]
    if not hits:
        return None
    for name, kind, form in hits:
        if words - set(form) - {"min", "max", "length"}:
            return False  # a name of another type's form, or of nothing: not this type's line
        named = re.sub(
            r"[A-Za-z_]\w*",
            lambda w: f"{name}[i][{form.index(w.group(0)) + 1}]" if w.group(0) in form else w.group(0),
            text,
        )
        if not _fixed_positions(reader, name) or not typed_bounds(reader, f"{name}[i][0] == {kind}: {named}"):
            return False
    return True


def _fixed_positions(reader: Any, name: str) -> bool:
    """Once per list: each form's numbers fix their positions for its type; the type position within
    the smallest and largest type."""
    done = reader.__dict__.setdefault("typed_forms_read", set())
    if name in done:
        return True
    done.add(name)
    forms = _forms(reader)[name]
    for kind, form in forms.items():
        for k, x in enumerate(form, start=1):
            if re.fullmatch(r"-?\d+", x) and not typed_bounds(
                reader, f"{name}[i][0] == {kind}: {x} <= {name}[i][{k}] <= {x}"
            ):
                return False
    types = sorted(int(t) for t in forms)
    reader.set_bound((name, 2, "@0"), "lo", str(types[0]))
    reader.set_bound((name, 2, "@0"), "hi", str(types[-1]))
    return True


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
    (
        "a line over the names of one type's form",
        ("0 <= first <= last <= 10",),  # moves[i] = [1, first, last] in the body
        "drawn and checked",
        typed_form_line,
    ),
)
