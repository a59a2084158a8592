"""Graph properties stated as sentences (issue 37), registered in ``line_readings.READINGS``: a
subject graph and a predicate -- "There is a path from vertex 1 to vertex N" (``path``), "For all
i = 1, ..., K, there is no path connecting vertices x_i and y_i" (``apart``), "The given graph does
not contain negative cycles" (``no_negative_cycle``).

Like ``graph_readings``' shapes, a line is recorded while the lines are read and tied to the edges
(the same edge lists and vertex range) by ``graph_readings.finish_graphs``, which hands it to
:func:`tie_property`.  Each is checked on every drawn, large, edited input and existing test
(``graph_checks``); a path is also drawn so.  Direction: where the statement does not say
which, the stronger reading -- a path along the edges as written unless they are said two-way
(undirected, bidirectional), no path even against them unless the graph is said directed.  What
cannot be checked (pairs that are not two lists of vertices, a negative cycle of a graph not said
directed or with no one list of weights) refuses the line.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.adjacency_readings import TWO_WAY
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


def tie_property(
    reader: Any, shape: str, line: str, edges: tuple[str, str | None], span: tuple, directed: bool
) -> None:
    """A recorded property tied to the edges ``(first, second or None)`` over vertices ``span``:
    its check, and for a path its draw where no shape draws the list.  Raises ``_Unsupported``
    naming the line."""
    first, second = edges
    lists = f"{first}{', ' + second if second else ''}"
    # the stronger reading where the statement does not say which: a path along the edges as
    # written unless they are said two-way, no path even against them unless they are said one-way
    two_way = TWO_WAY.search(reader.statement or "") is not None
    one_way = directed and not two_way if shape == "apart" else directed or not two_way
    way = "'directed'" if one_way else "'undirected'"
    try:
        if span is None:
            raise _Unsupported("no vertex range", "unsupported_constraint")
        lo, hi = span
        if shape == "no_negative_cycle":
            if not directed:
                raise _Unsupported("a negative cycle of a graph not said directed", "unsupported_constraint")
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
        node = reader.nodes[first]
        if node.graph is None:  # a shape read with it draws the list (and its check keeps the path)
            node.graph = {"shape": "path", "ends": second or "", "lo": lo, "hi": hi, "from": a, "to": b}
            node.graph["directed"] = one_way
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
