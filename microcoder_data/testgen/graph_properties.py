"""Graph properties stated as sentences (issue 37), registered in ``line_readings.READINGS``: a
subject graph and a predicate -- "There is a path from vertex 1 to vertex N" (``path``), "For all
i = 1, ..., K, there is no path connecting vertices x_i and y_i" (``apart``), "The given graph does
not contain negative cycles" (``no_negative_cycle``).

Like ``graph_readings``' shapes, a line is recorded while the lines are read and tied to the edges
(the same edge lists and vertex range) by ``graph_readings.finish_graphs``, which hands it to
:func:`tie_property`.  Each is checked on every drawn, large, edited input and existing test
(``graph_checks``); a path is also drawn so.  Direction (``graph_direction``): where the
statement does not say which, the stronger reading -- a path along the edges as written unless
they are said two-way (undirected, bidirectional), no path even against them unless the graph
is said directed; a directed path needs the story's "from u_i to v_i" (reversed: the lists
swapped).  What
cannot be checked (pairs that are not two lists of vertices, a negative cycle of a graph not said
directed or with no one list of weights) refuses the line.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.graph_direction import UNREAD, edge_direction
from microcoder_data.testgen.spec_model import _Unsupported, is_number_list

_VERTEX = r"(?:vertex|node|city|town|island) "
_END = r"([A-Za-z_]\w*|\d+)"
_PATH = re.compile(
    rf"(?:there is|there exists|the (?:given )?graph has) (?:a|at least one) (?:path|route) from {_VERTEX}{_END} "
    rf"to {_VERTEX}{_END}"
    rf"|{_VERTEX}{_END} is reachable from {_VERTEX}{_END}",
    re.I,
)
_EVERY_I = r"for (?:all|each|every) i(?: == 1, (?:2, )?\.\.\. ?, \w+| \(1 <= i <= \w+\))?"  # "..." as normalised
_APART = re.compile(
    rf"(?:{_EVERY_I},? )?"
    r"there is no path (?:connecting|between) (?:vertices |nodes )?([A-Za-z_]\w*)\[i\] and ([A-Za-z_]\w*)\[i\]"
    rf"(?:,? {_EVERY_I})?",
    re.I,
)
_NEGATIVE = re.compile(
    r"(?:the (?:given |input )?graph (?:does not contain|doesn't contain|contains no|has no)"
    r"|there (?:is|are) no) (?:a )?negative(?:[- ]weight)? cycles?",
    re.I,
)
PROPERTIES = ("path", "apart", "no_negative_cycle")


def _recorder(shape: str, pattern: re.Pattern[str]) -> Any:
    """The reading of ``pattern``'s lines: recorded as ``shape`` (tied to the edges at the end,
    :func:`tie_property`)."""

    def read(reader: Any, text: str) -> bool | None:
        if not pattern.fullmatch(text):
            return None
        reader.graphs.append((shape, text, None))
        return True

    return read


def _ends_named(line: str) -> tuple[str, str]:
    """A path's (source, target) or the pair lists of a line :func:`property_line` read."""
    m = _PATH.fullmatch(line)
    if m:
        return (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    m = _APART.fullmatch(line)
    assert m is not None
    return m.group(1), m.group(2)


def _weights(reader: Any, first: str, second: str | None) -> str:
    """The one list of weights beside two flat lists of ends (an int list of their length);
    of a list of tuples, its position 2 (no argument: ``no_negative_cycle`` reads it)."""
    edge = reader.nodes[first]
    if second is None:
        if edge.elem is not None and edge.elem.items and len(edge.elem.items) >= 3:
            return ""
        raise _Unsupported("the edges carry no weight", "unsupported_constraint")
    found = [
        a
        for a in reader.args
        if a not in (first, second)
        and is_number_list(reader.nodes[a])
        and reader.nodes[a].elem.kind == "int"
        and (reader.nodes[a].len_lo, reader.nodes[a].len_hi) == (edge.len_lo, edge.len_hi)
    ]
    if len(found) != 1:
        raise _Unsupported("no one list of the edges' weights", "unsupported_constraint")
    return f", {found[0]}"


def _check(reader: Any, check: str) -> None:
    """One check the once (a line and a promise of the body may say the same)."""
    if check not in reader.checks:
        reader.checks.append(check)


def _way(reader: Any, shape: str, edges: tuple[str, str | None]) -> tuple[str, tuple[str, str | None]]:
    """The check's direction word and its edge lists, the end an edge leaves first.  Where the
    statement does not say which way, the stronger reading: a path along the edges as written
    unless they are said two-way, pairs apart even against them unless said one-way (then
    apart both ways round, so which end an edge leaves does not matter)."""
    way, leaves_first = edge_direction(reader, *edges)
    if shape == "no_negative_cycle":  # a cycle's weight is the same either way round
        if way != "directed":
            raise _Unsupported("a negative cycle of a graph not said directed", "unsupported_constraint")
        return "'directed'", edges
    if way == "undirected":
        return "'undirected'", edges
    # a directed path or apart check only where "from <a> to <b>" is read (issue 37: tighten)
    if leaves_first == UNREAD:  # a way said that is not read: not the edges as written
        raise _Unsupported("which end an edge leaves is said in words not read", "unsupported_constraint")
    if leaves_first is None and way == "directed":
        raise _Unsupported("which end a directed edge leaves is not said", "unsupported_constraint")
    if shape == "apart":
        return ("'directed'" if way == "directed" else "'undirected'"), edges
    if leaves_first is False:
        if edges[1] is None:
            raise _Unsupported("edges said to go from their second end", "unsupported_constraint")
        edges = (edges[1], edges[0])
    return "'directed'", edges


def tie_property(reader: Any, shape: str, line: str, edges: tuple[str, str | None], span: tuple) -> None:
    """A recorded property tied to the edges ``(first, second or None)`` over vertices ``span``:
    its check, and for a path its draw where no shape draws the list.  Raises ``_Unsupported``
    naming the line."""
    try:
        way, (first, second) = _way(reader, shape, edges)
        lists = f"{first}{', ' + second if second else ''}"
        if span is None:
            raise _Unsupported("no vertex range", "unsupported_constraint")
        lo, hi = span
        if shape == "no_negative_cycle":
            _check(reader, f"no_negative_cycle({way}, {lo}, {hi}, {lists}{_weights(reader, first, second)})")
            return
        a, b = _ends_named(line)
        if shape == "apart":
            if not all(is_number_list(reader.nodes.get(x)) for x in (a, b)) or a in (first, second):
                raise _Unsupported("the pairs are not two lists of vertices", "unsupported_constraint")
            _check(reader, f"pairs_unreached({way}, {lo}, {hi}, {a}, {b}, {lists})")
            return
        if not all(x.isdigit() or getattr(reader.nodes.get(x), "kind", "") == "int" for x in (a, b)):
            raise _Unsupported("a path's ends are not vertices", "unsupported_constraint")
        _check(reader, f"graph_reaches({way}, {lo}, {hi}, {a}, {b}, {lists})")
        if first != edges[0]:  # a path along v -> u is one from b to a along u -> v, as drawn
            a, b = b, a
        node = reader.nodes[edges[0]]
        if node.graph is None:  # a shape read with it draws the list (and its check keeps the path)
            node.graph = {"shape": "path", "ends": edges[1] or "", "lo": lo, "hi": hi, "from": a, "to": b}
            node.graph["directed"] = way == "'directed'"
    except _Unsupported as exc:
        raise _Unsupported(f"graph line not enforced ({exc}): {line!r}", "unsupported_constraint", line) from None


ENTRIES = (
    (
        "a path from one named vertex to another",
        (
            "There is a path from vertex 1 to vertex N",
            "The given graph has at least one path from vertex 1 to vertex N",
            "Vertex N is reachable from vertex 1",
        ),
        "drawn and checked",
        _recorder("path", _PATH),
    ),
    (
        "no path between the vertices of each pair",
        (
            "For all i == 1, 2, ..., K, there is no path connecting vertices x[i] and y[i]",
            "For all i == 1, 2, ... , K, there is no path connecting vertices x[i] and y[i]",
            "There is no path between vertices x[i] and y[i] for all i",
        ),
        "checked",
        _recorder("apart", _APART),
    ),
    (
        "no negative cycle",
        (
            "The given graph does not contain negative cycles",
            "There are no negative cycles",
            "The graph contains no negative-weight cycle",
        ),
        "checked",
        _recorder("no_negative_cycle", _NEGATIVE),
    ),
)
