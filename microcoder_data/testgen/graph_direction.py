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
# "undirected", "non-directed", "bi-directed" are two-way (a hyphen is a word boundary: look behind it)
ONE_WAY = re.compile(
    r"(?<!un)(?<!un-)(?<!non)(?<!non-)(?<!bi)(?<!bi-)\bdirected\b|\bone-way\b|\bunidirectional\b"
    r"|\bone-directional\b|\boriented\b",
    re.I,
)
# the sentence that gives the graph ("There is a weighted simple directed graph."), not one that
# defines another from it ("Let H be the undirected graph obtained by ...")
_GIVEN = re.compile(r"\s*(?:there is|you are given|we have|given) (?:an? |the )?(?:[\w-]+,? ){0,4}graph\b", re.I)
# a negation a few words either side of a direction phrase ("cannot be used in both directions",
# "roads are not two-way"): which way the edges go is not told (issue 37: tighten, not reword)
_WAY_PHRASE = r"(?:(?:un|bi-?)?directed|(?:bi-?|uni|one-)?directional(?:ly)?|one-way|two-way|in both directions)\b"
# a negation, or a doubt ("It is false to assume that ...", "Whether the roads are bidirectional is unknown")
_NEGATION = (
    r"(?:\bnot|n't|\bcannot|\bnever|\bno|\bneither|\bnor|\bfalse|\bunknown|\bwhether|\bassume[sd]?|\buncertain"
    r"|\bperhaps|\bunclear)\b"
)
# a doubt anywhere in a sentence with a direction phrase: which way is not told ("It is false to assume that
# each of the M roads can be traveled in both directions")
_DOUBT = re.compile(r"\b(?:false|unknown|assume[sd]?|uncertain|perhaps|unclear|not (?:known|told|said))\b", re.I)
_NEGATED = re.compile(
    rf"{_NEGATION}\s+(?:[^\s.;]+\s+){{0,4}}?{_WAY_PHRASE}|\b{_WAY_PHRASE}(?:\s+[^\s.;]+){{0,4}}?\s+{_NEGATION}", re.I
)
# words saying which end an edge leaves that "from <a> to <b>" does not: with no "from ... to" read,
# a path or pairs apart along the edges is not drawn
DIRECTION_WORDS = re.compile(
    r"\bone-directional\b|\boriented\b|\bstarts? (?:at|from|in)\b|\bends? (?:at|in)\b|\bsources?\b"
    r"|\bdestinations?\b|\bheads?\b|\btails?\b|\bout of\b|\breach(?:es)?\b|\barriv|\bleav|\benter"
    r"|\bopposite direction|\breverse direction",
    re.I,
)


def named(name: str, bare: bool = False) -> str:
    """``name`` as the story writes an element of it: ``u_i``, ``u_{i}``, ``u[i]`` (or, ``bare``,
    as LeetCode's ``[ai, bi]`` does)."""
    sub = r"(?:_\{?\w+\}?|\[\w+\])" + (r"?(?!\w)" if bare else "")
    return rf"(?<![\w\\]){re.escape(name)}{sub}"


def _speaking(statement: str, ends: tuple[str, ...], count: str | None) -> list[str]:
    """The sentences that give the graph, name an end list or the edge count (``count``; of a list
    of tuples its name as a word: "There are bi-directional roads")."""
    names = [named(e) for e in ends] + ([rf"(?<![\w\\]){re.escape(count)}(?![\w{{}}])"] if count else [])
    said = re.compile("|".join(names))
    return [s for s in _SENTENCES.split(statement) if said.search(s) or _GIVEN.match(s)]


def speaks_of(statement: str, ends: tuple[str, str], about: re.Pattern[str], unless: re.Pattern[str]) -> bool:
    """Whether a sentence names both ends and says ``about`` but not ``unless`` ("Edge i connects
    u_i and v_i", not "The j-th query asks for the distance between x_j and y_j")."""
    a, b = (re.compile(named(e)) for e in ends)
    return any(
        a.search(s) and b.search(s) and about.search(s) and not unless.search(s) for s in _SENTENCES.split(statement)
    )


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


def edge_direction(reader: Any, first: str, second: str | None) -> tuple[str | None, bool | str | None]:
    """(``'directed'``, ``'undirected'`` or None where unsaid; True where an edge leaves its first
    end, False its second, None where no sentence says "from ... to ...", :data:`UNREAD` where a
    sentence naming both ends says a way (from, into, towards, ->) that is not read).  Raises
    ``_Unsupported`` where the direction words conflict or are negated."""
    statement = reader.statement or ""
    doubted = any(_DOUBT.search(x) and re.search(_WAY_PHRASE, x, re.I) for x in re.split(r"[.;]", statement))
    if _NEGATED.search(statement) or doubted:
        raise _Unsupported("a negated direction word: which way the edges go is not told", "unsupported_constraint")
    names = _end_names(reader, first, second)
    ends = (first,) + ((second,) if second else ()) + (names or ())
    sentences = _speaking(statement, ends, _count(reader, first) if second else first)
    one = any(ONE_WAY.search(s) for s in sentences)
    two = any(TWO_WAY.search(s) for s in sentences)
    if one and two:
        raise _Unsupported("the edges are said both directed and undirected", "unsupported_constraint")
    way = "directed" if one else "undirected" if two else None
    if names is None:
        return way, None
    a, b = (named(n, second is None) for n in names)
    plain = [s.replace("$", "") for s in sentences]
    fwd, back = (any(p.search(s) for s in plain) for p in (_leaving(a, b), _leaving(b, a)))
    if fwd and back:
        raise _Unsupported("edges said to go both ways round", "unsupported_constraint")
    if not (fwd or back) and any(re.search(a, s) and re.search(b, s) and _WAYWARD.search(s) for s in plain):
        return way, UNREAD
    if not (fwd or back) and any(DIRECTION_WORDS.search(s) for s in plain):
        return (
            way,
            UNREAD,
        )  # "starts at v_i and ends at u_i", "source", "one-directional": not read  # a way the patterns miss ("leads v_i towards u_i"): not "as written"
    return way, True if fwd else False if back else None


# a sentence naming both ends with one of these says which end an edge leaves
_WAYWARD = re.compile(r"\bfrom\b|\binto\b|\btowards?\b|\\to\b|->|\\(?:long)?rightarrow\b|\bleaves?\b|\benters?\b", re.I)
_PLACE = r"(?:(?:the )?(?i:vertex|node|city|town|island|point) )?"
UNREAD = "unread"  # edge_direction's second item where a sentence says a way no pattern reads


def _leaving(a: str, b: str) -> re.Pattern[str]:
    """An edge leaving ``a`` for ``b``: "from vertex a to vertex b", "to b from a", "a \\to b"."""
    return re.compile(
        rf"\b(?i:from) {_PLACE}{a},? (?i:to|into|towards) {_PLACE}{b}"
        rf"|\b(?i:to|into|towards) {_PLACE}{b},? (?i:from) {_PLACE}{a}"
        rf"|{a} ?(?:\\(?:long)?(?:to|rightarrow)\b|->) ?{_PLACE}{b}"
    )
