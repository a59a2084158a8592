"""Readings of graph lines (issue 37's "tree / graph shapes"), registered in
``line_readings.READINGS``: "The given graph is a tree", "The graph is connected", "The graph is
directed and acyclic", "There are no repeated connections", "(u_i, v_i) != (u_j, v_j) for i != j".

A shape (tree, connected, dag) is drawn so and checked (``graph_shapes``): the line is recorded
while the lines are read, and :func:`finish_graphs` ties it to the edges once every bound is
known -- one list of tuples (LeetCode's ``edges``, positions 0 and 1 its ends) or two flat lists
of vertices of one length (AtCoder's ``u_i v_i`` rows); the vertices are the range the ends are
bounded to (``1 <= u_i, v_i <= N``).  Edges that cannot be told, or a range that is not one,
refuse the line (``unsupported_constraint``): never a shape left unenforced.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.adjacency_readings import check_permits, tie_adjacency
from microcoder_data.testgen.graph_direction import ONE_WAY, edge_direction, speaks_of
from microcoder_data.testgen.graph_direction import named as named_in_story
from microcoder_data.testgen.graph_properties import PROPERTIES, tie_property
from microcoder_data.testgen.parent_trees import tie_parents
from microcoder_data.testgen.structures import ends_first
from microcoder_data.testgen.spec_model import _IDENT, ELEMENT_INDEX, Node, _Unsupported, is_number_list

# reachability said of the vertices: nothing after "each other" but how, and only plainly ("using some
# bridges", "by traveling through some roads"): "using at most 2 bridges", "by crossing exactly one
# bridge", "... without passing through island 1" say more and are not read.  Of one-way roads it
# would be strong connectivity, which is not drawn (finish_graphs)
_MOVE = r"(?:travell?ing|moving|passing|crossing|going)(?: along| through| via| over| across)?"
_BY = rf" (?:by )?using (?:some |the )?[a-z]+s| by {_MOVE} (?:some |the )?[a-z]+s"
_BY_NOUN = re.compile(rf"(?:using|{_MOVE}) (?:some |the )?([a-z]+)s", re.I)  # the things moved along
_HOW = rf"(?:{_BY})?"
_REACHED = (
    rf"any (?:pair|two) of (?:cities|vertices|nodes|islands) can be reached from each other{_HOW}"
    rf"|all (?:\w+ )?(?:cities|vertices|nodes|branches) are reachable from each other{_HOW}"
    r"|each (?:vertex|node|city) can be reached (?:directly or indirectly )?from every other (?:vertex|node|city)"
    r"|you can reach any (?:vertex|node|city|intersection) from any other (?:vertex|node|city|intersection)"
    rf"(?: through the road network|{_BY})?"
    r"|(?:it is possible to|one can|you can) travel between any (?:two|pair of) (?:cities|vertices|nodes|islands|towns)"
    rf"{_HOW}"
)
_TREE = re.compile(
    r"(?:the )?(?:given |input )?(?:graph|edges?) (?:is|forms?|represents?) (?:a|an ([A-Za-z]\w*)-vertex) tree", re.I
)
_CONNECTED = re.compile(
    r"(?:the )?(?:given |input )?graph is (?:always )?(simple and )?connected"
    rf"|{_REACHED}",
    re.I,
)
_DAG = re.compile(
    r"(?:the )?(?:given |input )?graph is (?:directed and acyclic|a directed acyclic graph|a dag)"
    r"|(?:the )?(?:given |input )?graph is a directed acyclic graph \(dag\)",
    re.I,
)
_ONE_CYCLE = re.compile(r"(?:the )?(?:given |input )?graph (?:has|contains) exactly one cycle", re.I)
_LOOP = r"(self[- ]?(?:loops?|edges?))"
_REPEAT = (
    r"((?:repeated|duplicate|multiple|parallel) (?:edges|connections|roads|corridors|highways|flights)|multi-?edges)"
)
_NO_REPEAT = re.compile(
    rf"(?:there (?:are|is) no|there (?:will not|won't) be|(?:the )?(?:given |input )?graph (?:does not contain|doesn't"
    rf" contain|contains no|has no)) (?:any )?"
    rf"(?:{_LOOP}(?:,? (?:or|and) (?:no )?{_REPEAT})?|{_REPEAT})(?: among the (\w+))?"
    r"(?: between (?:two|any two|a pair of|any pair of) (?:nodes|vertices|cities|rooms))?"
    r"|there is at most one (?:edge|road|connection) (?:between|connecting) any (?:pair of|two) "
    r"(?:vertices|nodes|cities|intersections)"
    r"|no two \w+ are connected by more than one \w+",
    re.I,
)
_NO_LOOP = re.compile(
    r"no (?:edge|road|connection) (?:connects|joins|goes from) an? (?:node|vertex|city) (?:to|with) itself", re.I
)
_PAIRS = re.compile(
    r"(\\lbrace|\(|\{) ?([A-Za-z_]\w*)\[(\w)\] ?, ?([A-Za-z_]\w*)\[\3\] ?(?:\\rbrace|\)|\}) != "
    r"(?:\\lbrace|\(|\{) ?\2\[(\w)\] ?, ?\4\[\5\] ?(?:\\rbrace|\)|\})(?:,? (?:for|if|when) \3 != \5)?"
)
_COUNTED = re.compile(
    r"\b\w+ (?:[a-z-]+ )?(?:vertices|nodes|cities|islands|towns)\b[^.;]*?\b(\w+) (?:[a-z-]+ )?(?:edges|roads|bridges)\b"
)
# what edges are called; a sentence counting two of them ("K roads and L railways") tells no one kind
_EDGE_NOUN = (
    r"(?:edge|road|bridge|railway|railroad|highway|flight|route|train|wire|cable|tunnel|corridor|connection|pipe"
    r"|arc|link|trail|street|teleporter|portal|canal|line)s?"
)
_KINDS = re.compile(rf"\b(\w+) (?:[a-z-]+ )?{_EDGE_NOUN}\b")
_STRENGTH = ("simple", "dag", "connected", "tree", "unicyclic")  # the shape drawn where several lines speak


def _edge_list(reader: Any, text: str) -> str | None:
    """The one argument that is a list of int tuples the line names, else the only one there is."""

    def tuples(a: str) -> bool:
        n = reader.nodes.get(a)
        return bool(n and n.kind == "list" and n.elem and n.elem.kind == "list" and n.elem.elem)

    found = [a for a in reader.args if tuples(a)]
    named = [a for a in found if a not in ("graph", "tree") and re.search(rf"\b{a}\b", text)]  # not the word
    return (named or found)[0] if len(named or found) == 1 else None


def shape_line(reader: Any, text: str) -> bool | None:
    """ "The given graph is a tree", "The graph is connected" (also "simple and connected", "any pair of
    cities can be reached from each other ..."), "The graph is directed and acyclic": recorded, tied to
    the edges by :func:`finish_graphs`.  A tree of LeetCode's ``edges`` is ``structures``' reading."""
    if _TREE.fullmatch(text):
        if _edge_list(reader, text) is not None:
            return None  # ``edges`` a list of pairs: structures.py's ``tree``
        shapes = ["tree"]
    elif _CONNECTED.fullmatch(text):
        simple = bool(re.match(r"(?:the )?(?:given |input )?graph is simple and", text, re.I))
        shapes = ["connected"] + (["simple"] if simple else [])
    elif _DAG.fullmatch(text):
        shapes = ["dag"]
    elif _ONE_CYCLE.fullmatch(text):
        shapes = ["unicyclic"]  # drawn a tree plus one edge: edges as many as vertices
    else:
        return None
    reader.graphs.extend((s, text, _edge_list(reader, text)) for s in shapes)
    return True


def reachability_said(text: str) -> bool:
    """ "You can reach any intersection from any other intersection": a graph's connectivity, said
    with the words (reach, can) a promise about the solution would use (promises.stated_clause)."""
    return re.fullmatch(_REACHED, text.strip().rstrip("."), re.I) is not None


def no_repeated_edges(reader: Any, text: str) -> bool | None:
    """ "There are no repeated connections / duplicate roads / self edges", "There are no self-loops or
    repeated edges", "There is at most one edge between any pair of vertices": no edge twice (the
    ends as an unordered pair) and, where said, no loop.  Of ``edges`` (a list of tuples) drawn so;
    of two flat lists, checked (:func:`finish_graphs`).  ("There may be ...": adjacency_readings.)"""
    m = _NO_REPEAT.fullmatch(text)
    alone = None if m else _NO_LOOP.fullmatch(text)  # "No edge connects a node to itself": loops only
    if not m and not alone:
        return None
    loops, repeats = (True, False) if alone else (bool(m.group(1)), not m.group(1) or bool(m.group(2)))
    edges = _edge_list(reader, (m.group(4) if m else None) or text)
    if edges is None:
        reader.graphs.extend((s, text, None) for s, on in (("no_loop", loops), ("no_repeat", repeats)) if on)
        return True
    node = reader.nodes[edges]
    node.pair_distinct = node.pair_distinct or repeats
    if loops:
        reader.item_ne.setdefault((edges, 2), []).append((0, 1))  # positions of edges[i]
    return True


def distinct_edges(reader: Any, text: str) -> bool | None:
    """``(u[i], v[i]) != (u[j], v[j]) for i != j`` (ordered pairs) and ``\\lbrace u[i], v[i] \\rbrace !=
    \\lbrace u[j], v[j] \\rbrace if i != j`` (unordered): no edge twice, a check."""
    m = _PAIRS.fullmatch(text)
    if not m or m.group(3) == m.group(5):
        return None
    u, v = m.group(2), m.group(4)
    if not (is_number_list(reader.nodes.get(u)) and is_number_list(reader.nodes.get(v))):
        return False
    kind = "distinct_pairs" if m.group(1) == "(" else "unordered_distinct_pairs"
    reader.checks.append(f"{kind}({u}, {v})")
    return True


# --------------------------------------------------------------------------- tying to the edges


def _ragged(node: Node) -> bool:
    """A list whose rows have no stated fixed length (``B_{i,1} ... B_{i,K_i}``), not edges."""
    row = node.elem
    return row is not None and not row.items and (row.len_lo is None or row.len_lo != row.len_hi)


def _free(expr: str | None, lists: set[str]) -> bool:
    """A vertex bound: it names no position and none of the edge lists."""
    return bool(expr) and not set(_IDENT.findall(expr)) & (lists | {ELEMENT_INDEX})


def _vertex_range(ends: list[Node], lists: set[str]) -> tuple[str, str] | None:
    """(lo, hi) the ends are bounded to: the one lower and one upper bound among them that name
    no position (``U_j < V_j`` bounds ``U`` by ``V``), else None."""
    los = {e.lo for e in ends if _free(e.lo, lists)}
    his = {e.hi for e in ends if _free(e.hi, lists)}
    return (los.pop(), his.pop()) if len(los) == 1 and len(his) == 1 else None


def _flat_ends(reader: Any, strict: bool = True) -> tuple[str, str] | None:
    """Two flat int lists of one length whose elements are bounded by a size or by each other
    (``1 <= u_i, v_i <= N``, ``1 <= U_j < V_j <= N``): the ends of the edges (weights are bounded
    by constants, other lists have other lengths); None unless exactly one such pair, and that
    one counted with the vertices or named in a sentence about edges (not queries' pairs)."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    for a in reader.args:
        node = reader.nodes[a]
        if is_number_list(node) and node.elem.kind == "int" and _IDENT.search(node.elem.hi or ""):
            groups.setdefault((node.len_lo, node.len_hi), []).append(a)
    pairs = [g for g in groups.values() if len(g) == 2]
    statement = reader.statement or ""
    counts = {reader.nodes[g[0]].len_hi for g in pairs}
    counted = set(_COUNTED.findall(statement))
    for sentence in re.split(r"[.;]", statement):  # "N cities, K roads and L railways": which are meant
        if _COUNTED.search(sentence) and len(set(_KINDS.findall(sentence)) & counts) > 1:
            return None
    if len(pairs) > 1:  # ``u_i v_i`` beside ``A_i B_i``: the pair as long as the edges counted with the
        # vertices ("N vertices and M edges"); "M railways ... K planned roads" tells none
        pairs = [g for g in pairs if reader.nodes[g[0]].len_hi in counted]
    if len(pairs) != 1:
        return None
    u, v = pairs[0]
    told = reader.nodes[u].len_hi in counted or _told_edges(statement, u, v)
    if not (told or (not strict and _unnamed(reader, statement, u, v))):
        return None
    # "railway j connects p_j and q_j" beside the roads: the graph is not the one pair alone (other
    # vertex lists only: "You are given K_i bridges: bridges B_{i,1} ..." numbers edges, no ends)
    others = [a for g in groups.values() for a in g if a not in (u, v)]
    return None if any(_edge_subject(statement, a, u, v) for a in others) else (u, v)


# a sentence whose subject is an edge ("Edge i connects", "The $i$-th road joins"), not a question about
# a pair ("determine whether x_j and y_j ...", "print the distance between"); "line" is the output's too
# a clause's subject too: "The vertices are numbered 1 to N, and the i-th edge connects A_i and B_i"
_EDGE_SUBJECT = re.compile(
    r"(?:^\s*|[,;:]\s*(?:and |while |where )?)(?:(?:for (?:each|every|all) [^,]*|also|here|then),\s*)?"
    r"(?:the |each |every |an? )?"
    rf"(?:\$?[\w{{}}]+\$?-th )?(?:[a-z-]+ )?{_EDGE_NOUN.replace('|line)', ')')}\b",
    re.I,
)
# "... has N-1 edges, the i-th of which connects u_i and v_i": the edge is the clause's subject
_OF_WHICH = re.compile(rf"\b{_EDGE_NOUN},? (?:the \S+ of which|each of which)\b", re.I)
_QUESTION = re.compile(  # or an operation on a pair ("In operation j, the edge between x_j and y_j is painted")
    r"\b(?:determine|whether|print|find|distance|quer(?:y|ies)|asks?|questions?|answer|operations?|performs?"
    r"|paint(?:s|ed)?|remove[sd]?|delete[sd]?|add(?:s|ed)?|cut|cuts|query|change[sd]?|update[sd]?)\b",
    re.I,
)


def _edge_subject(statement: str, name: str, *unless: str) -> bool:
    """Whether a sentence whose subject is an edge noun names ``name`` (and none of ``unless``)."""
    said, others = re.compile(named_in_story(name)), [re.compile(named_in_story(e)) for e in unless]
    return any(
        (_EDGE_SUBJECT.search(s) or _OF_WHICH.search(s)) and said.search(s) and not any(o.search(s) for o in others)
        for s in re.split(r"(?<=[.;])\s+|\n+", statement)
    )


# a sentence that may give the graph by another list ("vertex i+1 is adjacent to vertex A_i")
_GRAPHISH = re.compile(rf"\b{_EDGE_NOUN}\b|connect|join|adjacen|neighbo|parent|child|tree|graph", re.I)


def _unnamed(reader: Any, statement: str, u: str, v: str) -> bool:
    """A shape's (not a property's) last reading: the story and Output (not the format's rows or the
    constraints) name no list in a sentence about the graph, nor the pair's count, and ask no
    queries: the one pair is the edges."""
    parts = re.split(r"\n#*\s*(Input|Output|Constraints|Samples?|Examples?|Notes?)\b", statement)
    prose = parts[0] + "".join(parts[i + 1] for i in range(1, len(parts) - 1, 2) if parts[i] == "Output")
    size = str(reader.nodes[u].len_hi)
    lists = [a for a in reader.args if reader.nodes[a].kind == "list"]
    # another list of vertices ("A_i" parents, "p_i"): the graph may be that one, whatever the prose says
    vertex_lists = [
        a
        for a in lists
        if a not in (u, v) and is_number_list(reader.nodes[a]) and _IDENT.search(reader.nodes[a].elem.hi or "")
    ]
    return not (
        vertex_lists
        or re.search(r"\bquer(?:y|ies)\b|\basks?\b", prose, re.I)
        or any(re.search(named_in_story(a), c) and _GRAPHISH.search(c) for a in lists for c in re.split(r"[.;]", prose))
        or (re.fullmatch(r"[A-Za-z]\w*", size) and re.search(rf"(?<![\w\\]){size}(?![\w{{}}])", prose))
    )


def _told_edges(statement: str, u: str, v: str) -> bool:
    """The one pair of vertex lists not counted with the vertices is the edges only where a sentence
    whose subject is an edge noun names both and asks nothing (issue 37: a pair the story never
    names is refused, not guessed)."""
    return any(
        (_EDGE_SUBJECT.search(s) or _OF_WHICH.search(s))
        and not _QUESTION.search(s)
        and all(re.search(named_in_story(e), s) for e in (u, v))
        and not any(re.search(named_in_story(e) + r"\$?\s*[-+*/^]", s) for e in (u, v))  # "vertex u_i + v_i"
        for s in re.split(r"(?<=[.;])\s+|\n+", statement)
    )


def _ends(reader: Any, named: str | None, strict: bool = True) -> tuple[str, str | None, list[Node]]:
    """(the list the shape is drawn on, its partner list or None, the end nodes)."""
    if named is not None:
        if not ends_first(reader, named):
            raise _Unsupported("the edges' ends are not their first two positions", "unsupported_constraint")
        tup = reader.nodes[named].elem
        return named, None, (tup.items[:2] if tup.items else [tup.elem])
    flat = _flat_ends(reader, strict)
    if flat is None:
        raise _Unsupported("the graph's edges are not two lists of vertices", "unsupported_constraint")
    return flat[0], flat[1], [reader.nodes[flat[0]].elem, reader.nodes[flat[1]].elem]


def _edge_lists(reader: Any, line: str, named: str | None, strict: bool = False) -> tuple[str, str | None, list[Node]]:
    """:func:`_ends` of a line: a list of rows the line does not name beside AtCoder's ``u_i v_i``
    rows is not told from them (refused) unless its rows have no one length (then not edges)."""
    try:
        if named and not re.search(rf"\b{named}\b", line) and _flat_ends(reader, strict):
            if not _ragged(reader.nodes[named]):
                raise _Unsupported("rows and two lists of vertices: which are the edges", "unsupported_constraint")
            named = None
        return _ends(reader, named, strict)
    except _Unsupported as exc:
        raise _Unsupported(f"{exc}: {line!r}", "unsupported_constraint", line) from None


def _direction(reader: Any, line: str, edges: tuple[str, str | None]) -> str | None:
    """'directed' / 'undirected' as the sentences naming the edges say (``graph_direction``), or
    None.  Raises naming the line."""
    try:
        return edge_direction(reader, *edges)[0]
    except _Unsupported as exc:
        raise _Unsupported(f"graph line not enforced ({exc}): {line!r}", "unsupported_constraint", line) from None


def _other_edges(reader: Any, line: str, first: str, second: str | None) -> bool:
    """Reachability "using some railways" / "by crossing the highways" where the edges are not
    called so: not the list's name (LeetCode's ``roads``), not counted by it ("M roads"), not
    numbered by it in a sentence naming their ends ("Road i connects u_i and v_i"): some of the
    edges, or others, not the graph's connectivity."""
    m = _BY_NOUN.search(line)
    if m is None:
        return False
    noun, statement = m.group(1).lower(), reader.statement or ""
    if first.lower() in (noun, noun + "s"):
        return False
    count = re.escape(str(reader.nodes[first].len_hi))
    counted = re.search(rf"(?<![\w\\]){count} (?:[a-z-]+ )?{noun}s\b", statement, re.I)
    numbered = re.compile(rf"\b{noun} [a-z]\b|\b[a-z]-th {noun}\b", re.I)
    return not (counted or speaks_of(statement, (first, second or first), numbered, re.compile(r"(?!)")))


def _unenforced(shape: str, line: str, span: tuple | None, way: str | None) -> str | None:
    """Why a shape line is not drawn, or None: no vertex range, a shape of a directed graph,
    reachability of roads not said two-way, "an M-vertex tree" whose M is not the range's size."""
    if span is None:
        return "no vertex range"
    if shape == "connected" and re.fullmatch(_REACHED, line.rstrip(" ."), re.I) and way != "undirected":
        return "of roads not said two-way: strongly connected is not drawn"
    if shape in ("connected", "tree", "unicyclic") and way == "directed":  # a rooted tree's edges point
        return "of a directed graph: which way its edges point is not drawn"
    size = _TREE.fullmatch(line.rstrip(" .")) if shape == "tree" else None
    if size and size.group(1) and span not in (("1", size.group(1)), ("0", f"{size.group(1)} - 1")):
        return f"a tree of {size.group(1)} vertices over vertices {span[0]}..{span[1]}"
    return None


def finish_graphs(reader: Any, statement: str) -> None:
    """Tie every recorded graph line to its edges (see the module's doc): the shape drawn on the
    edge list (``Node.graph``) and checked (``graph_is``); "simple" of two flat lists a check.  A
    size the vertices count is drawn small.  Raises ``_Unsupported`` naming the line."""
    said = ONE_WAY.search(statement) is not None
    permits = tie_adjacency(reader)  # adjacency lists, edges of a tree, permissions: adjacency_readings
    chosen: dict[str, tuple[str, str]] = {}  # list -> (shape, line)
    for shape, line, named in reader.graphs:
        if shape == "parents":  # one flat list of parents: parent_trees
            tie_parents(reader, line)
            continue
        first, second, ends = _edge_lists(reader, line, named, strict=shape in PROPERTIES)
        # a shape refuses on any one-way word where the edges' sentences say none (the safe side); a
        # repeat is told ordered only where they say directed (unordered is the stronger reading)
        scoped = _direction(reader, line, (first, second))
        way, directed = scoped or ("directed" if said else None), scoped == "directed"
        if shape in ("no_loop", "no_repeat") or (shape == "simple" and directed and second):
            # "at most one edge between a pair", "connected by": the pair unordered, even directed
            _simple_checks(
                reader, first, second, shape, directed and not re.search(r"\bbetween\b|\bconnected by\b", line)
            )
            if shape != "simple":
                continue
        lists = {first} | ({second} if second else set())
        span = _vertex_range(ends, lists | {f"{first}__0", f"{first}__1"})
        if shape in PROPERTIES:  # a path, none between pairs, no negative cycle: graph_properties
            tie_property(reader, shape, line, (first, second), span)
            continue
        why = _unenforced(shape, line, span, way)
        if not why and shape == "connected" and _other_edges(reader, line, first, second):
            why = "reachability over things the story does not call its edges"
        if why:
            raise _Unsupported(f"graph line not enforced ({why}): {line!r}", "unsupported_constraint", line)
        old = chosen.get(first)
        if old and {old[0], shape} == {"dag", "connected"}:
            raise _Unsupported(f"graph lines not enforced together: {line!r}", "unsupported_constraint", line)
        if old is None or _STRENGTH.index(shape) > _STRENGTH.index(old[0]):
            chosen[first] = (shape, line)
        reader.nodes[first].graph = {"shape": chosen[first][0], "ends": second or "", "lo": span[0], "hi": span[1]}
        if shape != "simple" or not directed:
            reader.checks.append(f"graph_is({shape!r}, {span[0]}, {span[1]}, {first}{', ' + second if second else ''})")
        size = re.fullmatch(r"([A-Za-z_]\w*)(?: - 1)?", span[1])
        if (
            size
            and shape in ("tree", "connected", "unicyclic")
            and reader.nodes.get(size.group(1), Node("list")).kind == "int"
        ):
            reader.nodes[size.group(1)].size_like = True  # N vertices: drawn small like a length
    check_permits(reader, permits)


def _simple_checks(reader: Any, first: str, second: str | None, what: str, directed: bool) -> None:
    """No loop / no edge twice over two flat lists (checks; of ``edges`` the reading set them)."""
    if second is None:
        return
    if what in ("no_loop", "simple"):
        reader.checks.append(f"differ_everywhere({first}, {second})")
    if what in ("no_repeat", "simple"):
        reader.checks.append(f"{'' if directed else 'unordered_'}distinct_pairs({first}, {second})")


# --------------------------------------------------------------------------- Codeforces prose

TREE_LINE = "The given graph is a tree"  # what a prose sentence saying so is read as (a constraint line)
_PROSE_TREE = re.compile(
    r"(?:it is guaranteed that |it's guaranteed that )?(?:the |these )?(?:given )?(?:edges|graph) "
    r"(?:form|forms|make up|is|describe) a tree"
    r"|(?:it is guaranteed that )?there (?:exists|is) (?:a unique|exactly one) (?:simple )?path(?: through the \w+)? "
    r"between any (?:two|pair of) (?:nodes|vertices)",
    re.I,
)
_WHERE_TREE = re.compile(r"\b(?:in|of|on|within) the (?:given |original )?tree(?: [A-Z]\b)?\b", re.I)
# the tree the edges form (and "connected", as the story defines a tree), not a kind of tree the
# story could promise more of
_PLAIN_TREE = re.compile(r"(?<!binary )(?<!perfect )(?<!complete )(?<!full )(?<!rooted )\btrees?\b|\bconnected\b", re.I)
# a block of lines glossed as the tree's edges ("denoting an edge on the tree connecting x and y")
_EDGES_GLOSS = re.compile(
    r"(?:(?:denoting|describing) )?(?:an? |the )?(?:undirected )?edges? (?:on|of|in|within) the (?:original )?tree"
    r"(?: [A-Z])?(?: connecting (?:the )?(?:vertices |nodes |vertex |node )?[A-Za-z]\w* and [A-Za-z]\w*)?",  # a plain noun phrase:
    # no more ("where u_i is the parent of v_i", "directed away from the root" say an orientation, unread)
    re.I,
)


def prose_tree(sentence: str, gloss: str = "") -> str | None:
    """ "It is guaranteed that the given edges form a tree", or a block of lines glossed "— the edges
    of the tree": :data:`TREE_LINE`, else None."""
    said = _PROSE_TREE.fullmatch(sentence.rstrip(" .")) or _EDGES_GLOSS.fullmatch(gloss.strip())
    return TREE_LINE if said else None


def gloss_without_tree(gloss: str) -> str:
    """A gloss less where the count lives ("the number of vertices in the tree", "the edges of
    the tree"): the story's check (a tree read, or refused) judges the word, not the gloss's."""
    return _WHERE_TREE.sub("", gloss)


def told_without_tree(told: str, constraints: list[str]) -> str:
    """The story less the plain word tree where a sentence read the edges as one."""
    return _PLAIN_TREE.sub("", told) if TREE_LINE in constraints else told
