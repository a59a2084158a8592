"""Graph lines over adjacency lists and edges picked from a tree, and permission sentences
(issue 37), registered in ``line_readings.READINGS`` by :data:`ENTRIES`:

* "If graph[u] contains v, then graph[v] contains u." (``graph[u]``: the vertices u reaches): an
  undirected graph's adjacency lists -- drawn a random simple graph written as its lists
  (``graph_shapes.draw_adjacency``), checked (every id a position of the list, each edge listed at
  both ends: ``graph_is('adjacency', ...)``); a line making the graph connected then draws and
  checks it connected.  The ids' range is the list's own positions; a stated one is checked too.
* "guesses[j] is an edge of the tree.": each element's ends one of the tree's edges (either way
  round) -- chosen from the drawn edges (``Node.edges_of``), checked (``edges_among``).
* "The graph may contain self-loops", "nums may contain duplicates", "s may be empty": a
  permission constrains nothing, so nothing is drawn for it; but a reading that forbids what it
  permits contradicts it, and the line is refused (:func:`check_permits`).
* A promise of two clauses ("... and that there is at most one road ..."): each read
  (:func:`said_in_clauses`, read last).

Each reading returns True (read), False (its phrasing on something it cannot hold: refused) or
None (not its phrasing); what it records is tied once every line is read (``finish_graphs``).
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_expr import _NOT_CONSTANT, constant_value
from microcoder_data.testgen.spec_model import Node, _Unsupported

_NAME = r"[A-Za-z_]\w*"
_SYMMETRIC = (  # (pattern, the group of the list's name)
    (re.compile(rf"if ({_NAME})\[(\w+)\] contains (\w+),? then \1\[\3\] contains \2", re.I), 1),
    (
        re.compile(
            rf"if (\w+) is in ({_NAME})\[(\w+)\],? then \3 is in \2\[\1\](?: \(the graph is undirected\))?", re.I
        ),
        2,
    ),
)
# words saying a graph's edges go both ways (graph_readings' too)
TWO_WAY = re.compile(r"\bundirected\b|\bbi-?directional(?:ly)?\b|\btwo-way\b|\bin both directions\b", re.I)
_EDGE_OF = re.compile(rf"({_NAME})\[\w+\] is an edge of the (?:given )?tree", re.I)
_GRAPH = r"(?:the )?(?:given |input )?(?:graph|tree|G)"
# what a permission permits -> the words for it
_PERMITTED = {
    "loops": r"self[- ]?loops?|self[- ]?edges?",
    "repeats": r"(?:multiple|repeated|parallel|duplicate)[- ](?:edges|roads|connections)|multi-?edges",
    "duplicates": r"duplicates?(?: values| elements| numbers)?|repeated (?:values|elements|numbers)",
    "empty": r"empty",
}
_PAIR = r"(?: between (?:two|the same two|a pair of|any pair of|some pairs? of) (?:nodes|vertices|cities))?"
_PERMITS = (
    re.compile(rf"{_GRAPH} may (?:contain|have) (.+?){_PAIR}", re.I),  # of the graph
    re.compile(rf"there may be (.+?){_PAIR}", re.I),
    re.compile(rf"({_NAME}) may (?:contain|have) (.+)", re.I),  # of one input
    re.compile(rf"({_NAME}) may be (empty)", re.I),
)


_EDGE_COUNT = re.compile(
    r"the number of edges in the (?:given )?graph (?:will be|is) in the range \[([^,\]]+), ?([^,\]]+)\]", re.I
)


def _adjacency_shaped(node: Node | None) -> bool:
    """A list of lists of integers (node ids)."""
    inner = node.elem if node is not None and node.kind == "list" else None
    return bool(inner and inner.kind == "list" and inner.elem and inner.elem.kind == "int")


def symmetric_lists(reader: Any, text: str) -> bool | None:
    """ "If graph[u] contains v, then graph[v] contains u": recorded, tied by :func:`tie_adjacency`."""
    found = next(((m, g) for pattern, g in _SYMMETRIC for m in [pattern.fullmatch(text)] if m), None)
    if found is None:
        return None
    name = found[0].group(found[1])
    if not _adjacency_shaped(reader.nodes.get(name)):
        return False
    reader.graphs.append(("adjacency", text, name))
    return True


def edge_of_tree(reader: Any, text: str) -> bool | None:
    """ "guesses[j] is an edge of the tree": recorded, tied to the tree by :func:`tie_adjacency`."""
    m = _EDGE_OF.fullmatch(text)
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if not _adjacency_shaped(node):
        return False
    reader.graphs.append(("edge_of", text, m.group(1)))
    return True


def edge_count(reader: Any, text: str) -> bool | None:
    """ "The number of edges in the graph will be in the range [1, 4 * 10^4]" of adjacency lists:
    recorded, checked on their lengths added up by :func:`tie_adjacency` (halved where each edge is
    listed at both ends)."""
    m = _EDGE_COUNT.fullmatch(text)
    if not m:
        return None
    lo, hi = reader.expr(m.group(1)), reader.expr(m.group(2))
    reader.graphs.append(("edge_count", text, f"{lo}|{hi}"))
    return True


def _permitted(words: str) -> list[str]:
    """What ``words`` ("self-loops or multi-edges") permit, each of :data:`_PERMITTED`; [] if any
    part is none of them."""
    parts = re.split(r",? (?:or|and|and/or) |, ", words.strip())
    out = [next((k for k, w in _PERMITTED.items() if re.fullmatch(w, p.strip(), re.I)), "") for p in parts]
    return out if all(out) else []


def permission(reader: Any, text: str) -> bool | None:
    """ "The graph may contain self-loops", "There may be multiple edges between two nodes", "nums
    may contain duplicates", "s may be empty": nothing drawn; recorded for :func:`check_permits`."""
    for k, pattern in enumerate(_PERMITS):
        m = pattern.fullmatch(text)
        if not m:
            continue
        subject = m.group(1) if k >= 2 else None
        if subject is not None and subject not in reader.nodes:
            return None  # "you may choose ...": no input's permission
        things = _permitted(m.group(2 if k >= 2 else 1))
        if not things or (subject is None) != all(t in ("loops", "repeats") for t in things):
            return None  # loops and edges of a graph; duplicates, emptiness of an input
        reader.graphs.extend((f"permits_{t}", text, subject) for t in things)
        return True
    return None


def tie_adjacency(reader: Any) -> list[tuple[str, str, str | None]]:
    """Tie the adjacency lists and edges picked from a tree to their lists (see the module's doc),
    taking them and the shape lines naming an adjacency list out of ``reader.graphs``; the
    permissions are taken out too and returned (for :func:`check_permits`).  Raises
    ``_Unsupported`` naming a line it cannot enforce."""
    lists = {named for shape, _, named in reader.graphs if shape == "adjacency"}
    for name in set() if lists else _two_way_lists(reader):
        lists.add(name)
        _tie_lists(reader, name, "adjacency")
    permits, rest = [], []
    for entry in reader.graphs:
        shape, line, named = entry
        if shape.startswith("permits_"):
            permits.append(entry)
        elif shape == "edge_of":
            _tie_edge_of(reader, line, named)
        elif shape == "edge_count":
            _tie_edge_count(reader, line, named, lists)
        elif named in lists and shape in ("adjacency", "connected"):
            _tie_lists(reader, named, "adjacency_connected" if shape == "connected" else "adjacency")
        elif named in lists:
            raise _Unsupported(f"graph line not enforced on adjacency lists: {line!r}", "unsupported_constraint", line)
        else:
            rest.append(entry)
    reader.graphs[:] = rest
    return permits


def _tie_lists(reader: Any, name: str, shape: str) -> None:
    """``name`` drawn as adjacency lists of ``shape`` (the stronger of two lines) and checked; node
    ids are the list's positions (bounds stated are checked as well)."""
    node = reader.nodes[name]
    if node.graph and node.graph["shape"] == "adjacency_connected":
        shape = "adjacency_connected"
    ids = node.elem.elem
    ids.lo = ids.lo if ids.lo is not None else "0"
    ids.hi = ids.hi if ids.hi is not None else f"len({name}) - 1"
    node.graph = {"shape": shape, "ends": "", "lo": "0", "hi": f"len({name}) - 1"}
    check = f"graph_is({shape!r}, 0, len({name}) - 1, {name})"
    if check not in reader.checks:
        reader.checks.append(check)


def _tie_edge_of(reader: Any, line: str, name: str) -> None:
    """``name``'s elements chosen from the one tree's edges (``Node.tree``: "edges represents a
    valid tree") and checked; refused where there is no one tree."""
    trees = [a for a in reader.args if a != name and reader.nodes[a].tree]
    if len(trees) != 1:
        raise _Unsupported(f"no one tree whose edges these are: {line!r}", "unsupported_constraint", line)
    reader.nodes[name].edges_of = trees[0]
    reader.checks.append(f"edges_among({name}, {trees[0]})")


def _tie_edge_count(reader: Any, line: str, bounds: str, undirected: set[str]) -> None:
    """The edges of the one list of adjacency lists -- rows of no fixed length, ids bounded by the
    list's own length (a list of edges has rows of a fixed length) -- counted between the bounds:
    a check; refused where there is no one such list.  Lists of a graph the statement calls two-way
    ("There is an undirected graph ...") are its adjacency lists: drawn and checked symmetric, each
    edge counted once."""
    lists = [a for a in reader.args if a in undirected or _rows_of_ids(reader, a)]
    if len(lists) != 1:
        raise _Unsupported(f"no one list of adjacency lists for {line!r}", "unsupported_constraint", line)
    if lists[0] not in undirected and TWO_WAY.search(reader.statement or ""):
        _tie_lists(reader, lists[0], "adjacency")
        undirected = {lists[0]}
    lo, hi = bounds.split("|")
    count = f"total_length({lists[0]})" + (" // 2" if lists[0] in undirected else "")
    reader.checks.append(f"({lo}) <= {count} <= ({hi})")


def _rows_of_ids(reader: Any, name: str) -> bool:
    """``graph[i]`` lists of ids ``0 <= graph[i][j] <= n - 1`` with ``n == graph.length`` (or ``<
    graph.length``), rows of varying length (``0 <= graph[i].length <= n``)."""
    node = reader.nodes[name]
    if not _adjacency_shaped(node) or node.elem.items or node.elem.len_lo == node.elem.len_hi:
        return False
    ids, size = node.elem.elem, node.len_hi
    own = ids.hi == f"len({name}) - 1" or (size is not None and node.len_lo == size and ids.hi == f"{size} - 1")
    return ids.lo == "0" and own


# rows that list a node's neighbours: "graph[i] is a list of all nodes connected to node i"
_NEIGHBOURS = re.compile(rf"{_NAME}\[\w+\][^.;]*?\b(?:connected (?:to|with)|adjacent to|neighbou?rs of)\b", re.I)


def _two_way_lists(reader: Any) -> list[str]:
    """The one list of adjacency lists (:func:`_rows_of_ids`) of a graph the statement calls two-way
    (:data:`TWO_WAY`), or whose rows are the nodes "connected to" a node where no edge is said directed:
    drawn and checked symmetric even with no "If graph[u] contains v ..." line (valid or none: an
    asymmetric draw breaks the statement)."""
    statement = reader.statement or ""
    directed = re.search(r"(?<!un)directed|\bone-way\b", statement, re.I)
    if not (TWO_WAY.search(statement) or (_NEIGHBOURS.search(statement) and not directed)):
        return []
    lists = [a for a in reader.args if _rows_of_ids(reader, a)]
    said = _NEIGHBOURS.search(statement)
    untied = said and not directed and re.match(_NAME, said[0])[0]
    if untied in reader.args and _adjacency_shaped(reader.nodes[untied]) and lists != [untied]:
        # "graph[u] is an array of nodes that node u is adjacent to" with rows of one length or ids from 1:
        # drawn one-way, an asymmetric draw breaks the statement (valid or none)
        raise _Unsupported(f"neighbour lists not read as a two-way graph: {said[0]!r}", line=said[0])
    return lists if len(lists) == 1 else []


# --------------------------------------------------------------------------- permissions


def _forbids(reader: Any, thing: str, subject: str | None) -> bool:
    """Whether the reading rules out what a permission permits (a graph's loops or repeated
    edges: anywhere in the reading; an input's duplicates or emptiness: of that input)."""
    checks = " ".join(reader.checks)
    nodes = [reader.nodes[a] for a in reader.args]
    if thing == "loops":
        ne = [p for n in nodes for p in _tuple_ne(n)] + [p for v in reader.item_ne.values() for p in v]
        said = re.search(r"differs_from_position\(|differ_everywhere\(|graph_is\('(?:simple|dag|tree)'", checks)
        return bool(said) or (0, 1) in ne or any(n.tree or n.parents for n in nodes)
    if thing == "repeats":
        said = re.search(r"distinct_pairs\(|graph_is\('(?:simple|tree)'", checks)
        lists = [n for n in nodes if _adjacency_shaped(n)]  # of edges, or adjacency lists (a row: no id twice)
        return bool(said) or any(n.pair_distinct or n.tree or n.distinct or n.elem.distinct for n in lists)
    node = reader.nodes[subject]
    if thing == "duplicates":
        # a strict order, either way (by a key too), repeats no value; a mountain may (one each side)
        strict = node.order in ("strict", "strict_desc")
        return node.distinct or node.pair_distinct or node.perm is not None or strict
    least = constant_value(node.len_lo) if node.len_lo is not None else 0
    return least is _NOT_CONSTANT or least > 0  # empty: a length that may not be 0


def _tuple_ne(node: Node) -> list[tuple[int, int]]:
    """``ui != vi`` of a list of tuples (its element's positions that differ)."""
    return list(node.elem.item_ne or []) if node.kind == "list" and node.elem is not None else []


def check_permits(reader: Any, permits: list[tuple[str, str, str | None]]) -> None:
    """Refuse a permission the reading contradicts (see :func:`_forbids`), naming its line."""
    for shape, line, subject in permits:
        thing = shape.removeprefix("permits_")
        if _forbids(reader, thing, subject):
            why = f"the reading forbids what this line permits ({thing})"
            raise _Unsupported(f"{why}: {line!r}", "unsupported_constraint", line)


# --------------------------------------------------------------------------- clauses

# a promise's clauses joined ("... and that ..."): promises.stated_clause splits there too
CLAUSES_JOINED = re.compile(r",? and that ", re.I)


def said_in_clauses(reader: Any, text: str) -> bool | None:
    """ "you can reach any intersection from any other intersection and that there is at most one
    road ..." (a promise of two clauses): each clause read."""
    parts = CLAUSES_JOINED.split(text)
    return all(reader.read(part, False) for part in parts) if len(parts) > 1 else None


ENTRIES = (
    (
        "adjacency lists of an undirected graph (adjacency_readings)",
        (
            "If graph[u] contains v, then graph[v] contains u",
            "If graph[a] contains b, then graph[b] contains a",
            "if friends[i] contains j, then friends[j] contains i",
            "If v is in graph[u], then u is in graph[v] (the graph is undirected)",
        ),
        "drawn and checked",
        symmetric_lists,
    ),
    (
        "the number of edges of adjacency lists (adjacency_readings)",
        ("The number of edges in the graph will be in the range [1, 40000]",),
        "checked",
        edge_count,
    ),
    (
        "elements that are edges of the tree (adjacency_readings)",
        ("guesses[j] is an edge of the tree", "queries[i] is an edge of the given tree"),
        "drawn and checked",
        edge_of_tree,
    ),
    (
        "a permission: loops, repeated edges, duplicates, empty (adjacency_readings)",
        (
            "The graph may contain self-loops",
            "There may be multiple edges between two nodes",
            "The graph may contain multiple edges between two nodes",
            "G may have self-loops or multi-edges",
            "nums may contain duplicates",
            "s may be empty",
        ),
        "checked",
        permission,
    ),
)
