"""Valid or none for the graph readings (issue 37; a review of graph_properties): the direction
read from the sentences naming the edges (graph_direction.py), reachability lines that say more
than connectivity, "an X-vertex tree" of another size, edges told from other vertex pairs, and
the directed pairs' check bounded.  Each case is a statement the readings once got wrong."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.testgen.graph_checks import MAX_WALK_STEPS, graph_reaches, pairs_unreached
from microcoder_data.testgen.graph_shapes import graph_is
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, stdin_spec
from test_testgen_stdin_phrasings import _problem


def _read(fmt: str, lines: list[str], inputs: list[str], story: str):
    return stdin_spec(_problem(fmt, lines, inputs, story=story))


def _refused(fmt: str, lines: list[str], inputs: list[str], story: str, kind: str = "unsupported_constraint"):
    read = _read(fmt, lines, inputs, story)
    assert not isinstance(read, StdinSpec) or read.refusal is not None, read.spec.checks
    assert read.refusal.kind == kind
    return read.refusal


ISLANDS = "N M\nU_1 V_1\n\\vdots\nU_M V_M"
BRIDGES = "There are N islands and M bidirectional bridges. Bridge i connects islands U_i and V_i."


@pytest.mark.parametrize(
    "line",
    [
        "It is possible to travel between any two islands using at most 2 bridges.",
        "It is possible to travel between any two islands using some bridges without passing through island 1.",
        "It is possible to travel between any two islands by crossing exactly one bridge.",
        "Any pair of islands can be reached from each other by crossing at most 3 bridges.",
    ],
)
def test_reachability_that_says_more_than_connected_refuses_the_line(line):
    lines = ["3 \\leq N \\leq 8", "N-1 \\leq M \\leq 20", "1 \\leq U_i < V_i \\leq N", line]
    why = _refused(ISLANDS, lines, ["3 2\n1 2\n2 3\n"], BRIDGES)
    assert why.line == line.rstrip(".")


@pytest.mark.parametrize(
    "line",
    [
        "It is possible to travel between any two islands using some bridges.",
        "Any pair of islands can be reached from each other by traveling through some bridges.",
    ],
)
def test_plain_reachability_is_still_connected_and_drawn_so(line):
    lines = ["3 \\leq N \\leq 8", "N-1 \\leq M \\leq 20", "1 \\leq U_i < V_i \\leq N", line]
    spec = _read(ISLANDS, lines, ["3 2\n1 2\n2 3\n"], BRIDGES)
    assert "graph_is('connected', 1, N, U, V)" in spec.spec.checks
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/reach", 12)]
    assert drawn and all(graph_is("connected", 1, v["N"], v["U"], v["V"]) for v in drawn)


PATH = "N M\nu_1 v_1\n\\vdots\nu_M v_M"
PATH_LINES = [
    "2 \\leq N \\leq 10",
    "1 \\leq M \\leq 20",
    "1 \\leq u_i, v_i \\leq N",
    "There is a path from vertex 1 to vertex N.",
]


def test_a_path_along_edges_said_to_go_from_the_second_end_swaps_the_lists():
    story = "There is a directed graph with N vertices and M edges. The i-th edge goes from vertex v_i to vertex u_i."
    spec = _read(PATH, PATH_LINES, ["3 2\n2 1\n3 2\n"], story)  # 1 -> 2 -> 3 written as (to, from)
    assert "graph_reaches('directed', 1, N, 1, N, v, u)" in spec.spec.checks
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/rev", 20)]
    assert drawn and all(graph_reaches("directed", 1, d["N"], 1, d["N"], d["v"], d["u"]) for d in drawn)
    why = _refused(PATH, PATH_LINES, ["3 2\n1 2\n2 3\n"], story, "examples_break_reading")  # 3 -> 2 -> 1
    assert "graph_reaches" in why.line


def test_a_directed_path_whose_edges_leaving_end_is_unsaid_refuses():
    story = "There is a directed graph with N vertices and M edges. Edge i joins u_i and v_i."
    assert "path" in _refused(PATH, PATH_LINES, ["3 2\n1 2\n2 3\n"], story).line


def test_an_undirected_word_of_another_graph_leaves_the_edges_one_way():
    story = (
        "There is a graph G with N vertices and M edges; the i-th edge goes from vertex u_i to vertex v_i. "
        "Let H be the undirected graph obtained by forgetting the edges' orientation."
    )
    spec = _read(PATH, PATH_LINES, ["4 3\n1 2\n2 4\n3 1\n"], story)
    assert "graph_reaches('directed', 1, N, 1, N, u, v)" in spec.spec.checks
    tests = [args_json(spec, "4 3\n1 2\n2 4\n3 1\n")]
    edited = [json.loads(x) for x in neighbour_inputs(spec.spec, tests, random.Random(1), 40)]
    assert edited and all(graph_reaches("directed", 1, e["N"], 1, e["N"], e["u"], e["v"]) for e in edited)


NEG = "N M\nU_1 V_1 W_1\n\\vdots\nU_M V_M W_M"
NEG_LINES = [
    "2 \\leq N \\leq 6",
    "1 \\leq M \\leq 8",
    "1 \\leq U_i, V_i \\leq N",
    "U_i \\neq V_i",
    "-10 \\leq W_i \\leq 10",
    "The given graph does not contain negative cycles.",
]


@pytest.mark.parametrize(
    "story",
    [
        "There is a weighted graph; it is not directed. The i-th edge connects vertex U_i and vertex V_i.",
        "There is a directed graph with N vertices and M edges. The i-th edge is an undirected edge joining U_i, V_i.",
    ],
)
def test_a_negated_or_conflicting_direction_refuses_the_negative_cycle(story):
    assert "negative cycles" in _refused(NEG, NEG_LINES, ["2 1\n1 2 5\n"], story).line


APART = "N M\nu_1 v_1\n\\vdots\nu_M v_M\nK\nx_1 y_1\n\\vdots\nx_K y_K"
APART_LINES = [
    "2 \\leq N \\leq 8",
    "0 \\leq M \\leq 10",
    "1 \\leq u_i, v_i \\leq N",
    "1 \\leq K \\leq 3",
    "1 \\leq x_i, y_i \\leq N",
    "x_i \\neq y_i",
    "For all i = 1, 2, \\ldots, K, there is no path connecting vertices x_i and y_i.",
]
ONE_WAY = "There is a directed graph with N vertices and M edges. The i-th edge goes from vertex v_i to vertex u_i."


def test_pairs_apart_in_a_directed_graph_have_no_path_either_way():
    spec = _read(APART, APART_LINES, ["4 1\n1 2\n1\n3 1\n"], ONE_WAY)
    assert "pairs_unreached('directed', 1, N, x, y, u, v)" in spec.spec.checks
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/apart", 40)]
    assert drawn
    for d in drawn:  # along the story's edges v_i -> u_i, neither x_i to y_i nor y_i to x_i
        for a, b in zip(d["x"], d["y"]):
            assert not graph_reaches("directed", 1, d["N"], a, b, d["v"], d["u"]), d
            assert not graph_reaches("directed", 1, d["N"], b, a, d["v"], d["u"]), d
    # the row "2 1" is the edge 1 -> 2 (v -> u): it joins the pair (1, 2) whichever way is asked
    why = _refused(APART, APART_LINES, ["3 1\n2 1\n1\n1 2\n"], ONE_WAY, "examples_break_reading")
    assert "pairs_unreached" in why.line


def test_the_directed_pairs_check_is_bounded():
    n = 2 * int(MAX_WALK_STEPS**0.5) + 4  # a chain walked from each of its vertices: over the bound
    h = n // 2
    chain = (list(range(1, h)), list(range(2, h + 1)))
    assert not pairs_unreached("directed", 1, n, list(range(1, h + 1)), [h + 1] * h, *chain)
    assert pairs_unreached("directed", 1, 40, list(range(1, 20)), [21] * 19, list(range(1, 19)), list(range(2, 20)))


TREE = "N M\nu_1 v_1\n\\vdots\nu_{N-1} v_{N-1}"


@pytest.mark.parametrize(
    "bound, line, fits",
    [
        ("1 \\leq u_i, v_i \\leq N", "The given graph is an M-vertex tree.", False),
        ("0 \\leq u_i, v_i \\leq N", "The given graph is an N-vertex tree.", False),
        ("1 \\leq u_i, v_i \\leq N", "The given graph is an N-vertex tree.", True),
    ],
)
def test_an_x_vertex_tree_is_read_only_where_x_counts_the_vertices(bound, line, fits):
    lines = ["3 \\leq N \\leq 10", "2 \\leq M \\leq 10", bound, line]
    story = "T has N-1 edges, the i-th of which connects u_i and v_i."
    if not fits:
        assert _refused(TREE, lines, ["3 3\n1 2\n2 3\n"], story).line == line.rstrip(".")
        return
    spec = _read(TREE, lines, ["3 3\n1 2\n2 3\n"], story)
    assert all(graph_is("tree", 1, d["N"], d["u"], d["v"]) for d in map(json.loads, generate_inputs(spec.spec, "t", 9)))


COUNTED = "N M K\nu_1 v_1\n\\vdots\nu_M v_M\nx_1 y_1\n\\vdots\nx_K y_K"


@pytest.mark.parametrize(
    "line",
    [
        "It is possible to travel between any two cities using some railways.",
        "There is a path from vertex 1 to vertex N.",
    ],
)
def test_edges_not_counted_with_the_vertices_are_not_guessed(line):
    story = (
        "There are N cities and M bidirectional railways. Railway i connects cities u_i and v_i. "
        "There are also K planned roads; road j would connect cities x_j and y_j."
    )
    base = [
        "2 \\leq N \\leq 8",
        "N-1 \\leq M \\leq 10",
        "1 \\leq K \\leq 5",
        "1 \\leq u_i, v_i \\leq N",
        "1 \\leq x_i, y_i \\leq N",
    ]
    assert _refused(COUNTED, [*base, line], ["3 2 2\n1 2\n2 3\n1 2\n2 3\n"], story).line == line.rstrip(".")


def test_rows_of_one_length_beside_the_edge_rows_are_not_guessed():
    fmt = "N M K\nU_1 V_1\n\\vdots\nU_M V_M\nC_{1,1} C_{1,2} C_{1,3}\n\\vdots\nC_{K,1} C_{K,2} C_{K,3}"
    line = "It is possible to travel between any two islands using some bridges."
    lines = ["3 \\leq N \\leq 8", "N-1 \\leq M \\leq 12", "1 \\leq K \\leq 4", "1 \\leq U_i < V_i \\leq N"]
    lines += ["1 \\leq C_{i,j} \\leq N", line]
    story = BRIDGES + " Each of K tours visits three islands C_{i,1}, C_{i,2}, C_{i,3}."
    assert _refused(fmt, lines, ["3 2 2\n1 2\n2 3\n1 2 3\n2 3 1\n"], story).line == line.rstrip(".")


def test_a_directed_word_of_another_graph_leaves_repeats_unordered():
    # the roads' sentences say no direction: (1, 2) and (2, 1) are one road twice, the stronger reading
    story = (
        "There are N cities and M roads. Road i connects cities u_i and v_i. "
        "Let D be the directed graph obtained by orienting each road towards its larger end."
    )
    lines = ["2 \\leq N \\leq 8", "1 \\leq M \\leq 10", "1 \\leq u_i, v_i \\leq N", "There are no repeated roads."]
    spec = _read(PATH, lines, ["3 2\n1 2\n2 3\n"], story)
    assert "unordered_distinct_pairs(u, v)" in spec.spec.checks
    assert _refused(PATH, lines, ["3 2\n1 2\n2 1\n"], story, "examples_break_reading")
