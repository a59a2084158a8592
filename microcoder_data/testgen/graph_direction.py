"""Which way a graph's edges go, read from the sentences that speak of those edges (issue 37's
graph properties, ``graph_properties.tie_property``; ``graph_readings.finish_graphs``).

A sentence speaks of the edges when it gives the graph ("There is a directed graph ..."), names
an end list as written in the story (``u_i``, ``U_{i}``, ``edges[i]``) or the edge count (``M`` of
"N vertices and M edges"): "Let H be the
undirected graph obtained by forgetting the edges' orientation" says nothing of G's edges.  Of
those sentences: one-way words (directed, one-way) or two-way words (undirected, bidirectional)
say the direction, both at once or any negated direction word in the statement ("it is not
directed") refuse; "from vertex v_i to vertex u_i" says which end an edge leaves.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.adjacency_readings import TWO_WAY
from microcoder_data.testgen.spec_model import _IDENT, _Unsupported

_SENTENCES = re.compile(r"(?<=[.;])\s+|\n+")
_ONE_WAY = re.compile(r"(?<!un)(?<!un-)(?<!bi)\bdirected\b|\bone-way\b|\bunidirectional\b", re.I)
# the sentence that gives the graph ("There is a weighted simple directed graph."), not one that
# defines another from it ("Let H be the undirected graph obtained by ...")
_GIVEN = re.compile(r"\s*(?:there is|you are given|we have|given) (?:an? |the )?(?:[\w-]+,? ){0,4}graph\b", re.I)
_NEGATED = re.compile(
    r"(?:\bnot|n't|\bnever|\bneither|\bnor)\s+(?:\w+\s+){0,2}?"
    r"(?:(?:un|bi-?)?directed|(?:bi-?|uni)?directional|one-way|two-way)\b",
    re.I,
)


def _named(name: str, bare: bool = False) -> str:
    """``name`` as the story writes an element of it: ``u_i``, ``u_{i}``, ``u[i]`` (or, ``bare``,
    as LeetCode's ``[ai, bi]`` does)."""
    sub = r"(?:_\{?\w+\}?|\[\w+\])" + (r"?(?!\w)" if bare else "")
    return rf"(?<![\w\\]){re.escape(name)}{sub}"


def _speaking(statement: str, ends: tuple[str, ...], count: str | None) -> list[str]:
    """The sentences that give the graph, name an end list or the edge count (``count``; of a list
    of tuples its name as a word: "There are bi-directional roads")."""
    names = [_named(e) for e in ends] + ([rf"(?<![\w\\]){re.escape(count)}(?![\w{{}}])"] if count else [])
    said = re.compile("|".join(names))
    return [s for s in _SENTENCES.split(statement) if said.search(s) or _GIVEN.match(s)]


def _count(reader: Any, first: str) -> str | None:
    """The edge count: the one name the edge list's length is (``M``)."""
    names = _IDENT.findall(str(reader.nodes[first].len_hi or ""))
    return names[0] if len(names) == 1 and reader.nodes.get(names[0]) is not None else None


def _end_names(reader: Any, first: str, second: str | None) -> tuple[str, str] | None:
    """The two ends' names: the flat lists, or a list of pairs' ``edges[i] = [a_i, b_i]``."""
    if second is not None:
        return first, second
    m = re.search(
        rf"(?<![\w\\]){re.escape(first)}\[\w+\] = \[\s*([A-Za-z]+)_?\{{?\w*\}}?\s*,\s*([A-Za-z]+)",
        reader.statement or "",
    )
    return (m.group(1), m.group(2)) if m else None


def edge_direction(reader: Any, first: str, second: str | None) -> tuple[str | None, bool | None]:
    """(``'directed'``, ``'undirected'`` or None where unsaid; True where an edge leaves its first
    end, False its second, None where no sentence says "from ... to ...").  Raises
    ``_Unsupported`` where the direction words conflict or are negated."""
    statement = reader.statement or ""
    if _NEGATED.search(statement):
        raise _Unsupported("a negated direction word: which way the edges go is not told", "unsupported_constraint")
    names = _end_names(reader, first, second)
    ends = (first,) + ((second,) if second else ()) + (names or ())
    sentences = _speaking(statement, ends, _count(reader, first) if second else first)
    one = any(_ONE_WAY.search(s) for s in sentences)
    two = any(TWO_WAY.search(s) for s in sentences)
    if one and two:
        raise _Unsupported("the edges are said both directed and undirected", "unsupported_constraint")
    way = "directed" if one else "undirected" if two else None
    if names is None:
        return way, None
    place, bare = r"(?:vertex |node |city |town |island |point )?", second is None
    a, b = (_named(n, bare) for n in names)
    forward = re.compile(rf"\b[Ff]rom {place}{a},? to {place}{b}")
    backward = re.compile(rf"\b[Ff]rom {place}{b},? to {place}{a}")
    fwd, back = (any(p.search(s) for s in sentences) for p in (forward, backward))
    if fwd and back:
        raise _Unsupported("edges said to go both ways round", "unsupported_constraint")
    return way, True if fwd else False if back else None
