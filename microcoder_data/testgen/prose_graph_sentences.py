"""The sentences of a Codeforces / CodeContests Input section that say what graph the edges make (issue 37):
"There are no self-loops or multiple edges", "It is guaranteed that the given edges form a connected simple
graph" -- each read as the constraint lines ``graph_readings`` reads over the edges the block of lines gives
(drawn so, checked on every input); and the story's words those readings account for, lifted before the
story's promises are judged (``prose_promises.story_promise``): the phrase introducing the graph, "in the
graph" of a gloss, a parity or distinctness already read."""

from __future__ import annotations

import re

_LOOPS = r"self[- ]?loops?"
_MULTI = r"(?:multiple|duplicate|repeated|parallel)[- ]edges?"
_GRAPH_SENTENCES = [  # (a sentence of the Input section, the constraint lines it is read as: graph_readings')
    (
        rf"(?:it is guaranteed that |it's guaranteed that )?there (?:are|is) no {_LOOPS} (?:or|and|nor) (?:no )?{_MULTI}"
        r"(?: in the (?:given |input )?graph)?",
        ["There are no self-loops or multiple edges"],
    ),
    (
        rf"the input will not contain {_LOOPS} or {_MULTI}, and the (?:provided|given) graph will be connected",
        ["There are no self-loops or multiple edges", "The graph is connected"],
    ),
    (
        rf"(?:it is guaranteed that |it's guaranteed that )?the (?:given )?graph is connected and (?:has no|without) {_MULTI}",
        ["The graph is connected", "There are no multiple edges"],
    ),
    (
        r"(?:it is guaranteed that |it's guaranteed that )?the (?:given )?(?:edges form|graph is) a connected simple graph"
        r"|(?:it is guaranteed that |it's guaranteed that )?the (?:given )?graph is (?:simple and )?connected",
        ["The graph is simple and connected"],
    ),
]
# the phrase introducing the graph ("You are given a connected graph with", "can be represented as a connected
# simple graph with"), the only words of the story a graph sentence of the Input section lifts:
# "graph" and "undirected" (its edges read either way), "connected" / "simple" where read so
_GRAPH_INTRO = re.compile(
    r"\b(?:(?:you are|you're|we are|we're)? ?given|represented as) (?:an?|the) ((?:(?:connected|simple|undirected|unweighted|weighted)"
    r",? (?:and )?)*graph)(?= with| of| consisting| that| on| containing|[,.]| \()",
    re.I,
)


def graph_said(s: str) -> list[str] | None:
    """ "It is guaranteed that the given edges form a connected simple graph", "There are no self loops or
    multiple edges", "The input will not contain self-loops or duplicate edges, and the provided graph will be
    connected": the constraint lines graph_readings reads over the edges the block of lines gives (drawn so,
    checked on every input; edges it cannot tell refuse there); None for any other sentence."""
    s = s.strip().rstrip(".")
    return next((list(lines) for pattern, lines in _GRAPH_SENTENCES if re.fullmatch(pattern, s, re.I)), None)


_SUB_I = r"_\{?i\}?"


def told_without_graph(told: str, constraints: list[str]) -> str:
    """The story less the phrase introducing the graph ("You are given a connected undirected graph with ...")
    and a gloss's "in the graph" where a sentence of the Input section read the edges as a (connected) graph
    (any other sentence of the graph, its vertices or degrees still refuses), less "w_i are even" where read,
    and less "distinct points" where the block of two columns was read distinct ("x are distinct" stays)."""
    read = {line for _, lines in _GRAPH_SENTENCES for line in lines} & set(constraints)
    lifted = {"graph", "undirected", "unweighted", "weighted", "and", ""}
    lifted |= {"connected"} if any("connected" in x for x in read) else set()
    lifted |= {"simple"} if any("simple" in x or "self-loops or" in x for x in read) else set()
    other = re.search(
        r"\b(?:cycles?|acyclic|bipartite|planar|complete|regular|forest|dag|cactus|tournament)\b", told, re.I
    )
    if read and not other:  # a kind not read: kept
        told = _GRAPH_INTRO.sub(
            lambda m: m[0][: m.start(1) - m.start(0)] if set(re.split(r"[\s,]+", m[1].lower())) <= lifted else m[0],
            told,
        )
        told = "\n\n".join(where_graph(x) if x.startswith("the number of ") else x for x in told.split("\n\n"))
    if any(
        re.fullmatch(r"\(\w+_i, \w+_i\) != \(\w+_j, \w+_j\) (?:if|for) i != j", c) for c in constraints
    ):  # points read distinct
        told = re.sub(r"\b(?:pairwise )?distinct (points|pairs|coordinates)\b", r"\1", told, flags=re.I)
        told = re.sub(r"\b(points|pairs|coordinates) are (?:pairwise |all )?distinct\b", r"\1", told, flags=re.I)
    for line in constraints:  # "w_i is even", "n is odd", "M is prime" read: the story saying so again is what was read
        m = re.fullmatch(r"([A-Za-z][A-Za-z0-9]*)(_i)? is (?:an? )?(even|odd|prime)(?: number| integer)?", line.strip())
        said = rf"\b{m[1]}{_SUB_I if m[2] else ''} (?:is|are) (?:all |always )?(?:an? )?{m[3]}\b" if m else ""
        told = re.sub(said, "", told) if m else told
    return told


def where_graph(gloss: str) -> str:
    """A gloss less where its count lives ("the number of vertices in the graph", "in each graph"): the story's
    check (a graph read, or refused) judges the word, not the gloss's."""
    return re.sub(r"\b(?:in|of|on) (?:the|each|a) (?:given )?graphs?\b", "", gloss, flags=re.I)
