"""Adjacency lists of a graph the statement calls undirected (or whose rows are the nodes "connected to"
a node) with no "If graph[u] contains v ..." line: drawn and checked symmetric
(adjacency_readings._two_way_lists); and a range of all but a list's first element read as a parent list
only of a tree's parents (length_relations.parent_list)."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.testgen.graph_shapes import adjacency_is
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from microcoder_data.testgen.neighbours import neighbour_inputs
from test_testgen_geometry import _problem  # a functional problem from body and Constraints

LINES = (
    "n == graph.length\n1 <= n <= 100\n0 <= graph[u].length < n\n0 <= graph[u][i] <= n - 1\n"
    "graph[u] does not contain u.\nAll the values of graph[u] are unique."
)
SQUARE = '{"graph": [[1, 3], [0, 2], [1, 3], [0, 2]]}'


def test_an_edge_listed_twice_at_one_end_once_at_the_other_is_not_two_way():
    assert not adjacency_is("adjacency", [[2, 2], [], [0]])
    assert adjacency_is("adjacency", [[2, 2], [], [0, 0]]) and adjacency_is("adjacency", [[0], []])


def _simple_two_way(g: list[list[int]]) -> bool:
    return adjacency_is("adjacency", g) and all(u not in r and len(set(r)) == len(r) for u, r in enumerate(g))


@pytest.mark.parametrize(
    "body, lines",
    [
        ("There is an undirected graph with n nodes. graph[u] is an array of nodes that node u is adjacent to.", LINES),
        ("The graph is bidirectional. graph[i] is a list of all nodes connected to node i.", LINES),
        ("You are given graph, where graph[i] is a list of all nodes connected to node i.", LINES),
        ("Given graph, where graph[i] is a list of all nodes j for which the edge (i, j) exists. The graph is undirected.",
         "1 <= graph.length <= 12\n0 <= graph[i].length < graph.length\n0 <= graph[i][j] < graph.length"),
    ],
)  # fmt: skip
def test_two_way_lists_with_no_contains_line_are_drawn_symmetric_small_large_and_edited(body, lines):
    # before: "[[1], [0], [1]]" was drawn for the first (2 lists 1, 1 lists neither back), 9 of 20 draws
    spec = input_spec(_problem(body, lines, "graph: List[List[int]]", [SQUARE]))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x)["graph"] for x in generate_inputs(spec, "fx/solve", 30)]
    assert len(got) >= 10 and all(_simple_two_way(g) for g in got)
    assert any(sum(map(len, g)) >= 6 for g in got)
    for x in generate_large_inputs(spec, "fx/solve", 2, budget=20_000, max_chars=10**7):
        assert _simple_two_way(json.loads(x)["graph"])
    edited = [json.loads(x)["graph"] for x in neighbour_inputs(spec, [SQUARE], random.Random(1), 20)]
    assert all(_simple_two_way(g) if "unique" in lines else adjacency_is("adjacency", g) for g in edited)
    one_way = '{"graph": [[1], [], [1]]}'  # 0 -> 1 listed at 0 only
    broken = input_spec(_problem(body, lines, "graph: List[List[int]]", [SQUARE, one_way]))
    assert isinstance(broken, NoSpec) and "breaks" in broken.reason


def test_directed_lists_of_nodes_adjacent_to_a_node_stay_one_way():
    body = "There is a directed graph. graph[i] is an integer array of nodes adjacent to node i."
    spec = input_spec(_problem(body, LINES, "graph: List[List[int]]", ['{"graph": [[1], [], [1]]}']))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x)["graph"] for x in generate_inputs(spec, "fx/solve", 30)]
    assert any(not adjacency_is("adjacency", g) for g in got)


@pytest.mark.parametrize(
    "lines, test",
    [
        ("1 <= nums.length <= 50\n0 <= nums[i] <= 100 for i >= 1", "[5, 0, 0]"),
        ("2 <= nums.length <= 50\n0 <= nums[i] <= 3 for i >= 1\nnums[0] == -1", "[-1, 2, 1]"),
        ("2 <= nums.length <= 50\n0 <= nums[i] <= 100 for 1 <= i < nums.length\nnums[0] == 0", "[0, 5, 1]"),
    ],
)
def test_a_range_of_all_but_the_first_element_of_a_list_of_no_tree_refuses_naming_it(lines, test):
    # before: read as a tree's parent list (nums[0] drawn -1, the rest a tree) though no line says so
    spec = input_spec(_problem("Solve it.", lines, "nums: List[int]", ['{"nums": %s}' % test]))
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "unsupported_constraint"
    assert "for " in spec.refusal.line and "nums[i]" in spec.refusal.line


def test_a_range_of_all_but_the_root_of_a_trees_parents_is_still_a_parent_list():
    body = "You are given a tree rooted at node 0, where par[i] is the parent of node i."
    lines = "n == par.length\n2 <= n <= 50\n0 <= par[i] <= n - 1 for i >= 1\npar[0] == -1"
    spec = input_spec(_problem(body, lines, "par: List[int]", ['{"par": [-1, 0, 0, 1]}']))
    assert isinstance(spec, InputSpec), spec.reason
    for x in generate_inputs(spec, "fx/solve", 20):
        par = json.loads(x)["par"]
        assert par[0] == -1 and all(0 <= p < len(par) for p in par[1:])
        for v in range(len(par)):  # every node's parents lead to the root
            seen = set()
            while v != 0:
                assert v not in seen
                seen.add(v)
                v = par[v]
