"""Graph shapes over edge lists (issue 37's "tree / graph shapes"): the check every input must
pass (:func:`graph_is`, a function of the checks' language) and the drawer that builds the
shape (:func:`draw_edges`).  A graph's vertices are the integers ``lo..hi`` (its endpoints'
range: ``1 <= u_i, v_i <= N``); its edges are two flat lists (``u``, ``v``: AtCoder's rows
``u_i v_i``) or one list of tuples whose positions 0 and 1 are the ends (LeetCode's ``edges``).

Imports nothing of the package: ``spec_expr`` (the check) and ``inputgen`` (the drawer) both
call it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

# tree: N - 1 edges joining every vertex; connected: every vertex reaches every other (the
# edges undirected); dag: directed, no cycle (no self-loop either); simple: undirected, no
# self-loop, no edge twice; parents: one flat list, the parent of each vertex lo+1..hi in turn,
# every vertex reaching the root lo (a tree rooted at lo, no cycle); unicyclic: exactly one cycle
# (edges - vertices + components == 1; drawn connected: a tree plus one edge)
SHAPES = ("tree", "connected", "dag", "simple", "parents", "unicyclic")
# shapes of adjacency lists (``graph[u]``: the vertices u reaches, u from 0): adjacency: every id a
# position of the list and ``v in graph[u]`` iff ``u in graph[v]``; adjacency_connected: that, connected
ADJACENCY = ("adjacency", "adjacency_connected")


def edge_pairs(lists: tuple[list[Any], ...]) -> list[tuple[Any, Any]] | None:
    """The edges of one list of tuples (positions 0, 1) or of two flat lists; None when they
    are neither."""
    if len(lists) == 2 and len(lists[0]) == len(lists[1]):
        return list(zip(lists[0], lists[1]))
    if len(lists) == 1 and all(isinstance(e, list) and len(e) >= 2 for e in lists[0]):
        return [(e[0], e[1]) for e in lists[0]]
    return None


def components(n: int, edges: list[tuple[int, int]]) -> int:
    """How many connected components vertices 0..n-1 make under ``edges`` (undirected)."""
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    count = n
    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            count -= 1
    return count


def _acyclic(n: int, edges: list[tuple[int, int]]) -> bool:
    """No directed cycle (Kahn: every vertex leaves the queue once)."""
    out: list[list[int]] = [[] for _ in range(n)]
    indegree = [0] * n
    for a, b in edges:
        out[a].append(b)
        indegree[b] += 1
    ready = [v for v in range(n) if indegree[v] == 0]
    seen = 0
    while ready:
        v = ready.pop()
        seen += 1
        for w in out[v]:
            indegree[w] -= 1
            if indegree[w] == 0:
                ready.append(w)
    return seen == n


def graph_is(shape: str, lo: int, hi: int, *lists: list[Any]) -> bool:
    """Do the edges of ``lists`` (see :func:`edge_pairs`) over vertices ``lo..hi`` have ``shape``?
    An endpoint outside ``lo..hi`` or not an integer fails every shape."""
    if shape == "parents":
        return len(lists) == 1 and rooted(lo, hi, lists[0])
    if shape in ADJACENCY:
        return len(lists) == 1 and adjacency_is(shape, lists[0])
    pairs = edge_pairs(lists)
    n = hi - lo + 1
    if pairs is None or shape not in SHAPES or n < 1:
        return False
    if not all(type(x) is int and lo <= x <= hi for e in pairs for x in e):
        return False
    edges = [(a - lo, b - lo) for a, b in pairs]
    if shape == "dag":
        return _acyclic(n, edges)
    if shape == "simple":
        return all(a != b for a, b in edges) and len({frozenset(e) for e in edges}) == len(edges)
    if shape == "tree" and len(edges) != n - 1:
        return False
    if shape == "unicyclic":  # one independent cycle: a loop or a repeated edge counts as one
        return len(edges) - n + components(n, edges) == 1
    return components(n, edges) == 1


def adjacency_is(shape: str, rows: list[Any]) -> bool:
    """Whether ``rows`` are adjacency lists of an undirected graph (see :data:`ADJACENCY`): each a
    list of integer positions of ``rows``, ``v`` in row ``u`` exactly as often as ``u`` in row ``v``."""
    n = len(rows)
    if not all(isinstance(r, list) and all(type(v) is int and 0 <= v < n for v in r) for r in rows):
        return False
    # as often either way: "[[2, 2], [], [0]]" lists the edge 0-2 twice at 0, once at 2
    listed = Counter((u, v) for u, r in enumerate(rows) for v in r)
    if any(listed[(v, u)] != k for (u, v), k in listed.items()):
        return False
    return shape != "adjacency_connected" or components(n, list(listed)) == 1


def draw_adjacency(shape: str, n: int, order: str | None, rng: random.Random) -> list[list[int]]:
    """The adjacency lists of a random simple undirected graph on vertices 0..n-1 (of ``shape``),
    sparse or dense at random; each row sorted as ``order`` says (asc/strict, desc), else shuffled."""
    connected = shape == "adjacency_connected"
    least = n - 1 if connected else 0
    most = most_edges(n, False)
    dense = most if most <= 2000 else 2 * n  # a large graph stays sparse: its edges are listed twice
    m = rng.randint(least, max(least, min(most, rng.choice((n, 2 * n, dense)))))
    rows: list[list[int]] = [[] for _ in range(n)]
    for a, b in draw_edges("connected" if connected else "simple", m, 0, n - 1, rng) if n else []:
        rows[a].append(b)
        rows[b].append(a)
    for row in rows:
        if order in ("asc", "strict", "desc"):
            row.sort(reverse=order == "desc")
        else:
            rng.shuffle(row)
    return rows


def edges_among(picked: list[Any], edges: list[Any]) -> bool:
    """Whether positions 0, 1 of every element of ``picked`` are the ends of one of ``edges``
    (positions 0, 1; either way round): ``guesses[j] is an edge of the tree``."""
    have = {frozenset(e[:2]) for e in edges if isinstance(e, list) and len(e) >= 2}
    return all(isinstance(p, list) and len(p) >= 2 and frozenset(p[:2]) in have for p in picked)


def rooted(lo: int, hi: int, parents: list[Any]) -> bool:
    """Whether ``parents`` (of vertices lo+1..hi, in turn) is a tree rooted at ``lo``: each an
    integer vertex, every vertex reaching ``lo`` with no cycle on the way."""
    if len(parents) != hi - lo or not all(type(x) is int and lo <= x <= hi for x in parents):
        return False
    state = {lo: 2}  # 1: on the path being followed, 2: reaches the root
    for v in range(lo + 1, hi + 1):
        path = []
        while state.get(v) is None:
            state[v] = 1
            path.append(v)
            v = parents[v - lo - 1]
        if state[v] == 1:  # came back to the path: a cycle
            return False
        for u in path:
            state[u] = 2
    return True


def draw_parents(m: int, lo: int, hi: int, rng: random.Random) -> list[int]:
    """The parents of vertices lo+1..hi of a random tree rooted at ``lo`` (each vertex, in a
    shuffled order, joins one placed before it); ValueError unless ``m`` is their count."""
    if m != hi - lo or m < 0:
        raise ValueError(f"{m} parents for vertices {lo + 1}..{hi}")
    order = list(range(lo + 1, hi + 1))
    rng.shuffle(order)
    placed, parent = [lo], {}
    for v in order:
        parent[v] = rng.choice(placed)
        placed.append(v)
    return [parent[v] for v in range(lo + 1, hi + 1)]


def most_edges(n: int, directed: bool) -> int:
    """The most edges a simple graph on ``n`` vertices has."""
    return n * (n - 1) // (1 if directed else 2)


def _extra_edges(n: int, count: int, taken: set[tuple[int, int]], directed: bool, rng: random.Random) -> list:
    """``count`` more edges of a simple graph (no loop, none in ``taken``), picked at random;
    from the list of every free pair when the graph gets dense (rejection would stall)."""
    key = (lambda a, b: (a, b)) if directed else (lambda a, b: (min(a, b), max(a, b)))
    if 2 * (len(taken) + count) > most_edges(n, directed):
        free = [(a, b) for a in range(n) for b in range(n) if a != b and (directed or a < b) and key(a, b) not in taken]
        return rng.sample(free, count)
    out = []
    while len(out) < count:
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b and key(a, b) not in taken:
            taken.add(key(a, b))
            out.append((a, b))
    return out


def draw_edges(shape: str, m: int, lo: int, hi: int, rng: random.Random, directed: bool = False) -> list:
    """``m`` edges over vertices ``lo..hi`` of a random simple graph of ``shape``: a random tree
    (each vertex joins an earlier one, the labels shuffled), plus for ``connected`` random extra
    edges; for ``dag``, edges that go forward in a random order of the vertices.  A simple graph
    is one the shape allows whatever else the statement permits.  Raises ValueError when no
    such graph has ``m`` edges (the draw is then dropped: never an input breaking the shape)."""
    n = hi - lo + 1
    if n < 1 or m < 0 or m > most_edges(n, directed or shape == "dag"):
        raise ValueError(f"no simple {shape} on {n} vertices has {m} edges")
    label = list(range(n))
    rng.shuffle(label)
    if shape == "unicyclic" and (m != n or n < 3):
        raise ValueError(f"a connected graph of one cycle on {n} vertices has {n} edges, not {m}")
    if shape in ("dag", "simple"):  # a dag's edges go forward in the order ``label``
        edges = _extra_edges(n, m, set(), directed and shape == "simple", rng)
        rank = {v: k for k, v in enumerate(label)}
        edges = [(a, b) if rank[a] < rank[b] or shape == "simple" else (b, a) for a, b in edges]
    else:
        if m < n - 1 or (shape == "tree" and m != n - 1):  # unicyclic: a tree plus one edge
            raise ValueError(f"a {shape} on {n} vertices cannot have {m} edges")
        edges = [(label[child], label[rng.randrange(child)]) for child in range(1, n)]
        taken = {(min(a, b), max(a, b)) for a, b in edges}
        edges += _extra_edges(n, m - (n - 1), taken, False, rng)
        edges = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in edges]
    rng.shuffle(edges)
    return [(a + lo, b + lo) for a, b in edges]
