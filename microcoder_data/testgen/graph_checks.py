"""Checks of graph properties stated as sentences (``graph_properties``): a path from one named
vertex to another, no path between each of a list of pairs, no negative cycle; and the drawer of
a graph with such a path.  Functions of the checks' language (``spec_expr``), like
``graph_shapes.graph_is``: the first argument says whether the edges are ``'directed'`` (each
from its first end to its second) or ``'undirected'``; the vertices are ``lo..hi``; the edges are
two flat lists (``u``, ``v``) or one list of tuples (positions 0, 1; a weight at 2).

Imports nothing of the package but ``graph_shapes`` (the checks' language and the drawer call it).
"""

from __future__ import annotations

import random
from typing import Any

from microcoder_data.testgen.graph_shapes import _extra_edges, edge_pairs, most_edges

# Bellman-Ford runs vertices x edges steps: beyond this a graph's lack of a negative cycle is not
# checked here, and the input fails the check (never an unchecked input: an existing test that
# large refuses generation)
MAX_RELAXATIONS = 2_000_000
# the directed pairs' walks: beyond this many steps in all, the pairs are not checked (False)
MAX_WALK_STEPS = 2_000_000


def _edges(lo: int, hi: int, lists: tuple[list[Any], ...]) -> list[tuple[int, int]] | None:
    """The edges over vertices 0..hi-lo, or None where an end is not an integer vertex."""
    pairs = edge_pairs(lists)
    if pairs is None or hi < lo or not all(type(x) is int and lo <= x <= hi for e in pairs for x in e):
        return None
    return [(a - lo, b - lo) for a, b in pairs]


def _adjacency(n: int, edges: list[tuple[int, int]], directed: bool) -> list[list[int]]:
    """Each vertex's neighbours (edges one way when ``directed``)."""
    out: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        out[a].append(b)
        if not directed:
            out[b].append(a)
    return out


def _reached(out: list[list[int]], start: int) -> set[int]:
    """The vertices a walk from ``start`` reaches."""
    seen, stack = {start}, [start]
    while stack:
        for w in out[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return seen


def graph_reaches(direction: str, lo: int, hi: int, source: Any, target: Any, *lists: list[Any]) -> bool:
    """ "There is a path from vertex ``source`` to vertex ``target``" over the edges of ``lists``."""
    edges = _edges(lo, hi, lists)
    if edges is None or not all(type(x) is int and lo <= x <= hi for x in (source, target)):
        return False
    return target - lo in _reached(_adjacency(hi - lo + 1, edges, direction == "directed"), source - lo)


def pairs_unreached(direction: str, lo: int, hi: int, firsts: list[Any], seconds: list[Any], *lists: list[Any]) -> bool:
    """ "For all i there is no path connecting vertices x_i and y_i": no path between ``firsts[i]``
    and ``seconds[i]`` either way round ("connecting" says no order; a vertex reaches itself: a
    pair of one vertex fails).  Directed, one walk per distinct start, up to
    :data:`MAX_WALK_STEPS` steps in all: beyond them False (never an unchecked input)."""
    edges = _edges(lo, hi, lists)
    if edges is None or len(firsts) != len(seconds):
        return False
    if not all(type(x) is int and lo <= x <= hi for x in [*firsts, *seconds]):
        return False
    n = hi - lo + 1
    if direction != "directed":  # one component each: a pair in one has a path
        part = _components(n, edges)
        return all(part[a - lo] != part[b - lo] for a, b in zip(firsts, seconds))
    targets: dict[int, set[int]] = {}
    for a, b in zip(firsts, seconds):
        targets.setdefault(a - lo, set()).add(b - lo)
        targets.setdefault(b - lo, set()).add(a - lo)
    out, steps = _adjacency(n, edges, True), 0
    for start, ends in targets.items():
        seen, stack = {start}, [start]
        while stack:
            nxt = out[stack.pop()]
            steps += len(nxt) + 1
            if steps > MAX_WALK_STEPS:
                return False
            for w in nxt:
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
        if not ends.isdisjoint(seen):
            return False
    return True


def _components(n: int, edges: list[tuple[int, int]]) -> list[int]:
    """Each vertex's component (a label it shares with every vertex it reaches, undirected)."""
    part = [-1] * n
    out = _adjacency(n, edges, False)
    for v in range(n):
        if part[v] < 0:
            for w in _reached(out, v):
                part[w] = v
    return part


def no_negative_cycle(direction: str, lo: int, hi: int, *lists: list[Any]) -> bool:
    """ "The given graph does not contain negative cycles": Bellman-Ford from a virtual source
    joined to every vertex.  ``lists``: the two ends' lists and the weights' (``u, v, w``), or
    one list of tuples whose position 2 is the weight.  Only of directed edges (an undirected
    negative edge walked both ways is a negative closed walk: which the statement means is not
    told), and only up to :data:`MAX_RELAXATIONS`: otherwise False."""
    if len(lists) == 3:
        ends, weights = lists[:2], lists[2]
    elif len(lists) == 1 and all(isinstance(e, list) and len(e) >= 3 for e in lists[0]):
        ends, weights = lists, [e[2] for e in lists[0]]
    else:
        return False
    edges = _edges(lo, hi, ends)
    n = hi - lo + 1
    if direction != "directed" or edges is None or len(weights) != len(edges) or n * len(edges) > MAX_RELAXATIONS:
        return False
    if not all(type(w) is int for w in weights):
        return False
    dist = [0] * n  # every vertex at 0: the virtual source's edges
    for _ in range(n):
        changed = False
        for (a, b), w in zip(edges, weights):
            if dist[a] + w < dist[b]:
                dist[b] = dist[a] + w
                changed = True
        if not changed:
            return True
    return False  # still relaxing after n rounds: a negative cycle


def draw_path_graph(m: int, lo: int, hi: int, source: int, target: int, rng: random.Random, directed: bool) -> list:
    """``m`` edges of a random simple graph on ``lo..hi`` with a path from ``source`` to ``target``:
    a path through random vertices listed in increasing (or, target below source, decreasing)
    order -- so ends ordered ``u_i < v_i`` keep it -- plus random edges.  ValueError where none
    has ``m`` edges (the draw is dropped)."""
    n = hi - lo + 1
    if not (lo <= source <= hi and lo <= target <= hi) or m < (source != target) or m > most_edges(n, directed):
        raise ValueError(f"no simple graph on {n} vertices of {m} edges has a path {source} -> {target}")
    s, t = source - lo, target - lo
    others = [x for x in range(n) if x not in (s, t)]
    inner = rng.sample(others, rng.randint(0, min(m - 1, len(others)))) if s != t else []
    inner.sort(reverse=t < s)
    walk = [s, *inner, t] if s != t else [s]
    path = list(zip(walk, walk[1:]))
    key = (lambda a, b: (a, b)) if directed else (lambda a, b: (min(a, b), max(a, b)))
    taken = {key(a, b) for a, b in path}
    edges = path + _extra_edges(n, m - len(path), taken, directed, rng)
    rng.shuffle(edges)
    return [(a + lo, b + lo) for a, b in edges]
