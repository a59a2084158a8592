"""Adjacency lists, edges picked from a tree, one cycle, permissions and more words for no
repeated edges (microcoder_data/testgen/adjacency_readings.py, graph_readings.py,
graph_shapes.py): drawn so, checked on every drawn, large and edited input, and an existing test
that breaks the reading -- or a reading that forbids what a line permits -- refuses generation."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.testgen.graph_shapes import adjacency_is, draw_adjacency, draw_edges, edges_among, graph_is
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.promises import stated_clause
from test_testgen_conditions import fn_problem, why_not_read

BIPARTITE = (
    "graph.length == n\n1 <= n <= 100\n0 <= graph[u].length < n\n0 <= graph[u][i] <= n - 1\n"
    "graph[u] does not contain u.\nAll the values of graph[u] are unique.\n"
    "If graph[u] contains v, then graph[v] contains u."
)
SQUARE = '{"graph": [[1, 3], [0, 2], [1, 3], [0, 2]]}'


def _spec(constraints: str, sig: str, tests: list[str]) -> InputSpec:
    spec = input_spec(fn_problem(constraints, sig, tests))
    assert isinstance(spec, InputSpec), spec.reason
    return spec


def _drawn(spec: InputSpec, n: int = 30) -> list[dict]:
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", n)]
    assert len(got) >= n // 3
    return got


def test_adjacency_is_tells_symmetric_lists_apart():
    assert adjacency_is("adjacency", [[1, 2], [0], [0]]) and adjacency_is("adjacency", [[], []])
    assert not adjacency_is("adjacency", [[1], []])  # 0 -> 1 listed at one end only
    assert not adjacency_is("adjacency", [[1, 2], [0]])  # 2 is no position of the list
    assert adjacency_is("adjacency_connected", [[1], [0, 2], [1]])
    assert not adjacency_is("adjacency_connected", [[], []])
    assert graph_is("adjacency", 0, 2, [[1, 2], [0], [0]]) and not graph_is("adjacency", 0, 1, [[True], []])


@pytest.mark.parametrize("shape", ["adjacency", "adjacency_connected"])
def test_drawn_adjacency_lists_are_simple_symmetric_graphs(shape):
    rng = random.Random(3)
    for n in range(0, 12):
        for _ in range(5):
            rows = draw_adjacency(shape, n, None, rng)
            assert len(rows) == n and adjacency_is(shape if n else "adjacency", rows)
            assert all(u not in row and len(set(row)) == len(row) for u, row in enumerate(rows))
    rows = draw_adjacency("adjacency", 9, "asc", rng)
    assert all(r == sorted(r) for r in rows)


def test_undirected_adjacency_lists_are_drawn_so_small_large_and_edited():
    spec = _spec(BIPARTITE, "graph: List[List[int]]", [SQUARE])
    got = _drawn(spec)
    for x in got:
        g = x["graph"]
        assert adjacency_is("adjacency", g) and all(u not in r and len(set(r)) == len(r) for u, r in enumerate(g))
    assert any(sum(map(len, x["graph"])) >= 6 for x in got) and len({json.dumps(x) for x in got}) >= 10
    for x in generate_large_inputs(spec, "fx/solve", 2, budget=20_000, max_chars=10**7):
        assert adjacency_is("adjacency", json.loads(x)["graph"])
    edited = neighbour_inputs(spec, [SQUARE], random.Random(1), 20)
    assert all(adjacency_is("adjacency", json.loads(x)["graph"]) for x in edited)


def test_lists_an_existing_test_breaks_refuse_generation():
    one_way = '{"graph": [[1], [], [1]]}'  # 0 -> 1 listed at 0 only
    assert "breaks the constraints" in why_not_read(fn_problem(BIPARTITE, "graph: List[List[int]]", [one_way]))
    outside = '{"friends": [[1, 2], [0]]}'  # 2 is no person
    lines = "n == friends.length\n2 <= n <= 100\n0 <= friends[i].length < n\nif friends[i] contains j, then friends[j] contains i"
    assert "breaks the constraints" in why_not_read(fn_problem(lines, "friends: List[List[int]]", [outside]))


def test_ids_unbounded_by_a_line_are_the_lists_positions_and_connected_is_drawn():
    lines = (
        "n == graph.length\n1 <= n <= 12\n0 <= graph[i].length < n\ngraph[i] does not contain i.\n"
        "If graph[a] contains b, then graph[b] contains a.\nThe input graph is always connected."
    )
    got = _drawn(_spec(lines, "graph: List[List[int]]", ['{"graph": [[1, 2, 3], [0], [0], [0]]}']))
    assert all(adjacency_is("adjacency_connected", x["graph"]) for x in got)
    assert any(len(x["graph"]) >= 5 for x in got)
    apart = '{"graph": [[1], [0], []]}'
    assert "breaks the constraints" in why_not_read(fn_problem(lines, "graph: List[List[int]]", [apart]))


def test_a_dag_line_on_undirected_lists_refuses():
    lines = BIPARTITE + "\nThe graph is directed and acyclic."
    assert "not enforced" in why_not_read(fn_problem(lines, "graph: List[List[int]]", [SQUARE]))


ROOTS = (
    "edges[i] = [ai, bi]\nguesses[j] = [uj, vj]\nedges.length == n - 1\n2 <= n <= 10^5\n1 <= guesses.length <= 10^5\n0 <= ai, bi, uj, vj <= n - 1\n"
    "ai != bi\nuj != vj\nedges represents a valid tree.\nguesses[j] is an edge of the tree.\nguesses is unique.\n"
    "0 <= k <= guesses.length"
)
ROOTS_SIG = "edges: List[List[int]], guesses: List[List[int]], k: int"


def test_edges_of_the_tree_are_chosen_from_the_drawn_edges():
    test = '{"edges": [[0, 1], [1, 2], [1, 3], [4, 2]], "guesses": [[1, 3], [0, 1], [1, 0], [2, 4]], "k": 3}'
    got = _drawn(_spec(ROOTS, ROOTS_SIG, [test]))
    assert all(edges_among(x["guesses"], x["edges"]) for x in got)
    assert all(len({tuple(g) for g in x["guesses"]}) == len(x["guesses"]) for x in got)
    assert any(g[0] > g[1] for x in got for g in x["guesses"]) and any(g[0] < g[1] for x in got for g in x["guesses"])
    off = '{"edges": [[0, 1], [1, 2]], "guesses": [[0, 2]], "k": 1}'
    assert "breaks the constraints" in why_not_read(fn_problem(ROOTS, ROOTS_SIG, [off]))
    no_tree = ROOTS.replace("edges represents a valid tree.\n", "")
    assert "no one tree" in why_not_read(fn_problem(no_tree, ROOTS_SIG, [test]))


CYCLE = (
    "edges[i] = [node1i, node2i]\n3 <= n <= 10^5\nedges.length == n\nedges[i].length == 2\n0 <= node1i, node2i <= n - 1\nnode1i != node2i\n"
    "The graph is connected.\nThe graph has exactly one cycle.\nThere is at most one edge between any pair of vertices."
)


def test_one_cycle_is_drawn_a_tree_plus_one_edge_and_checked():
    rng = random.Random(5)
    for n in range(3, 10):
        edges = draw_edges("unicyclic", n, 0, n - 1, rng)
        assert graph_is("unicyclic", 0, n - 1, [list(e) for e in edges]) and graph_is(
            "connected", 0, n - 1, [list(e) for e in edges]
        )
    with pytest.raises(ValueError):
        draw_edges("unicyclic", 4, 0, 5, rng)  # 6 vertices, one cycle, connected: 6 edges
    assert not graph_is("unicyclic", 0, 3, [[0, 1], [1, 2], [2, 0], [0, 3], [3, 1]])  # two cycles
    sig = "n: int, edges: List[List[int]]"
    test = '{"n": 4, "edges": [[0, 1], [1, 2], [2, 0], [2, 3]]}'
    got = _drawn(_spec(CYCLE, sig, [test]))
    assert all(graph_is("unicyclic", 0, x["n"] - 1, x["edges"]) and len(x["edges"]) == x["n"] for x in got)
    assert any(x["n"] > 4 for x in got)
    two = '{"n": 4, "edges": [[0, 1], [1, 2], [2, 0], [0, 3]]}'  # one cycle, but vertex 3 a leaf: fine
    assert isinstance(input_spec(fn_problem(CYCLE, sig, [two])), InputSpec)
    bad = '{"n": 4, "edges": [[0, 1], [1, 2], [2, 0], [0, 2]]}'  # two cycles (one of a repeated edge), 3 alone
    assert "breaks the constraints" in why_not_read(fn_problem(CYCLE, sig, [bad]))
    loose = CYCLE.replace("The graph is connected.\n", "")
    two_cycles = '{"n": 5, "edges": [[0, 1], [1, 2], [2, 0], [0, 3], [1, 3]]}'  # simple, 4 alone: two cycles
    assert "breaks the constraints" in why_not_read(fn_problem(loose, sig, [two_cycles]))
    assert all(graph_is("unicyclic", 0, x["n"] - 1, x["edges"]) for x in _drawn(_spec(loose, sig, [test])))


@pytest.mark.parametrize(
    "line, args",
    [
        ("There are no duplicate corridors.", ("corridors", "room1i", "room2i")),
        ("There will not be any multiple flights between two cities.", ("flights", "fromi", "toi")),
    ],
)
def test_no_repeated_edges_in_more_words_are_drawn_and_checked(line, args):
    name, a, b = args
    lines = f"{name}[i] = [{a}, {b}]\n2 <= n <= 1000\n1 <= {name}.length <= 5 * 10^4\n{name}[i].length == 2\n1 <= {a}, {b} <= n\n{a} != {b}\n{line}"
    sig = f"n: int, {name}: List[List[int]]"
    got = _drawn(_spec(lines, sig, [f'{{"n": 3, "{name}": [[1, 2], [2, 3]]}}']))
    assert all(len({frozenset(e) for e in x[name]}) == len(x[name]) for x in got)
    twice = f'{{"n": 3, "{name}": [[1, 2], [2, 1]]}}'
    assert "breaks the constraints" in why_not_read(fn_problem(lines, sig, [twice]))


DIRECTED = (
    "n == graph.length\n1 <= n <= 10^4\n0 <= graph[i].length <= n\n0 <= graph[i][j] <= n - 1\n"
    "graph[i] is sorted in a strictly increasing order.\nThe graph may contain self-loops."
)


def test_a_permission_nothing_forbids_constrains_nothing():
    got = _drawn(_spec(DIRECTED, "graph: List[List[int]]", ['{"graph": [[1, 2], [2, 3], [5], [0], [5], [], []]}']))
    assert all(all(r == sorted(set(r)) and all(0 <= v < len(x["graph"]) for v in r) for r in x["graph"]) for x in got)
    empty = "0 <= nums.length <= 10\n0 <= nums[i] <= 9\nnums may be empty.\nnums may contain duplicates."
    assert _drawn(_spec(empty, "nums: List[int]", ['{"nums": [1, 1]}']))


@pytest.mark.parametrize(
    "constraints, sig, test",
    [
        (DIRECTED + "\ngraph[i] does not contain i.", "graph: List[List[int]]", '{"graph": [[1], []]}'),
        (BIPARTITE + "\nThe graph may contain self-loops.", "graph: List[List[int]]", SQUARE),
        (
            CYCLE + "\nThere may be multiple edges between two nodes.",
            "n: int, edges: List[List[int]]",
            '{"n": 3, "edges": [[0, 1], [1, 2], [2, 0]]}',
        ),
        ("1 <= nums.length <= 10\n0 <= nums[i] <= 9\nnums may be empty.", "nums: List[int]", '{"nums": [1]}'),
        (
            "1 <= nums.length <= 10\n0 <= nums[i] <= 9\nAll the values of nums are unique.\nnums may contain duplicates.",
            "nums: List[int]",
            '{"nums": [1]}',
        ),
        (  # strictly decreasing repeats no value, as strictly increasing does not
            "1 <= nums.length <= 10\n0 <= nums[i] <= 9\nnums is strictly decreasing.\nnums may contain duplicates.",
            "nums: List[int]",
            '{"nums": [3, 1]}',
        ),
    ],
)
def test_a_permission_the_reading_forbids_refuses_naming_it(constraints, sig, test):
    why = why_not_read(fn_problem(constraints, sig, [test]))
    assert "forbids what this line permits" in why and " may " in why


ROADS = (
    "roads[i] = [ui, vi, timei]\n1 <= n <= 200\nn - 1 <= roads.length <= n * (n - 1) / 2\nroads[i].length == 3\n"
    "0 <= ui, vi <= n - 1\n1 <= timei <= 10^9\nui != vi\nThere is at most one road connecting any two intersections.\n"
    "You can reach any intersection from any other intersection."
)


def test_a_promise_of_two_graph_clauses_is_read_clause_by_clause():
    said = (
        "The inputs are generated such that you can reach any intersection from any other intersection and that "
        "there is at most one road between any two intersections."
    )
    assert stated_clause(said) is not None
    assert stated_clause("The test cases are generated such that you can reach nums[n - 1] and that k <= n.") is None
    p = fn_problem(ROADS, "n: int, roads: List[List[int]]", ['{"n": 3, "roads": [[0, 1, 2], [1, 2, 3]]}'])
    p.statement = f"There are bi-directional roads. {said}\n\n" + p.statement
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    for x in _drawn(spec):
        edges = [e[:2] for e in x["roads"]]
        assert graph_is("connected", 0, x["n"] - 1, edges) and graph_is("simple", 0, x["n"] - 1, edges)
    for roads in ("[[0, 1, 2], [2, 3, 3], [1, 2, 4], [2, 1, 5]]", "[[0, 1, 2], [2, 3, 3]]"):  # a road twice; apart
        broken = fn_problem(ROADS, "n: int, roads: List[List[int]]", [f'{{"n": 4, "roads": {roads}}}'])
        broken.statement = p.statement
        assert "breaks the constraints" in why_not_read(broken)


def test_a_promise_restated_after_i_e_is_what_it_restates():
    said = "Note: The test cases are generated such that it is possible to complete every course (i.e., the graph is a directed acyclic graph)."
    assert stated_clause(said) == "the graph is a directed acyclic graph"
    assert stated_clause("It is guaranteed that it is possible to finish (i.e., you can win).") is None


def test_the_number_of_edges_of_adjacency_lists_is_checked():
    lines = DIRECTED + "\nThe number of edges in the graph will be in the range [2, 4 * 10^4]."
    got = _drawn(_spec(lines, "graph: List[List[int]]", ['{"graph": [[1, 2], [2, 3], [5], [0], [5], [], []]}']))
    assert all(sum(map(len, x["graph"])) >= 2 for x in got)
    one = '{"graph": [[1], []]}'
    assert "breaks the constraints" in why_not_read(fn_problem(lines, "graph: List[List[int]]", [one]))
    undirected = BIPARTITE.replace("1 <= n <= 100", "1 <= n <= 5")
    undirected += "\nThe number of edges in the graph will be in the range [1, 3]."
    spec = _spec(undirected, "graph: List[List[int]]", ['{"graph": [[1], [0]]}'])
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30)]  # a narrow count: few draws keep it
    assert all(2 <= sum(map(len, x["graph"])) <= 6 for x in got)  # each edge listed twice
    assert any(sum(map(len, x["graph"])) == 6 for x in got)
    pairs = "1 <= n <= 10\nedges.length <= 10\nedges[i].length == 2\n0 <= edges[i][j] <= n - 1"
    pairs += "\nThe number of edges in the graph will be in the range [1, 10]."
    test = '{"n": 2, "edges": [[0, 1]]}'
    assert "no one list of adjacency lists" in why_not_read(fn_problem(pairs, "n: int, edges: List[List[int]]", [test]))


UNDIRECTED = (
    "There is an undirected graph with n nodes, where each node is numbered between 0 and n - 1. You are given a "
    "2D array graph, where graph[u] is an array of nodes that node u is adjacent to.\n\n"
)
_COUNTED = (
    "graph.length == n\n1 <= n <= 8\n0 <= graph[u].length < n\n0 <= graph[u][i] <= n - 1\ngraph[u] does not contain u.\n"
    "All the values of graph[u] are unique.\nThe number of edges in the graph will be in the range [2, 6]"
)


def _undirected(test: str):
    p = fn_problem(_COUNTED, "graph: List[List[int]]", [test])
    p.statement = UNDIRECTED + p.statement
    return p


def test_an_undirected_graphs_lists_are_drawn_symmetric_and_each_edge_counted_once():
    spec = input_spec(_undirected('{"graph": [[1, 2], [0, 2], [0, 1]]}'))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x)["graph"] for x in generate_inputs(spec, "fx/solve", 40)]
    got += [
        json.loads(x)["graph"]
        for x in neighbour_inputs(spec, ['{"graph": [[1, 2], [0, 2], [0, 1]]}'], random.Random(1), 8)
    ]
    assert len(got) >= 3
    assert all(adjacency_is("adjacency", g) and 2 <= sum(map(len, g)) // 2 <= 6 for g in got)
    for one_way in ('{"graph": [[1], [0], [1]]}', '{"graph": [[1], [0]]}'):  # listed at one end; one edge only
        assert "breaks the constraints" in why_not_read(_undirected(one_way))
