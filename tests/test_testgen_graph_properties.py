"""Graph properties stated as sentences (microcoder_data/testgen/graph_properties.py, checks in
graph_checks.py): a path between two named vertices (drawn and checked), no path between pairs
and no negative cycle (checked), along the edges' direction; AtCoder's other phrasings of a
connected graph or a tree, and edges told apart from other rows (graph_readings.py)."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.testgen.graph_checks import (
    MAX_RELAXATIONS,
    draw_path_graph,
    graph_reaches,
    no_negative_cycle,
    pairs_unreached,
)
from microcoder_data.testgen.graph_shapes import graph_is
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, stdin_spec
from test_testgen_stdin_phrasings import _problem


def _stdin(fmt: str, lines: list[str], inputs: list[str], story: str) -> StdinSpec:
    spec = stdin_spec(_problem(fmt, lines, inputs, story=story))
    assert isinstance(spec, StdinSpec), spec.reason
    return spec


def _refusal(fmt: str, lines: list[str], inputs: list[str], story: str):
    return stdin_spec(_problem(fmt, lines, inputs, story=story)).refusal


def test_reachability_follows_the_edges_direction():
    u, v = [1, 2], [2, 3]  # 1 -> 2 -> 3
    assert graph_reaches("directed", 1, 3, 1, 3, u, v)
    assert not graph_reaches("directed", 1, 3, 3, 1, u, v)
    assert graph_reaches("undirected", 1, 3, 3, 1, u, v)
    assert graph_reaches("undirected", 0, 3, 0, 2, [[0, 1, 5], [1, 2, 7]])  # LeetCode's edges, a weight at 2
    assert not graph_reaches("undirected", 1, 4, 1, 4, u, v) and not graph_reaches("directed", 1, 3, 1, 5, u, v)
    assert not graph_reaches("directed", 1, 3, 1, 3, [1, 2], [2, 4])  # an end outside the vertices


def test_pairs_unreached_and_negative_cycles_are_told_apart():
    u, v = [1, 3], [2, 4]
    assert pairs_unreached("undirected", 1, 4, [1, 2], [3, 4], u, v)
    assert not pairs_unreached("undirected", 1, 4, [1, 4], [3, 3], u, v)
    fork = ([2], [3], [1, 1], [2, 3])  # the pair (2, 3) over the edges 1 -> 2, 1 -> 3: no path either way
    assert pairs_unreached("directed", 1, 3, *fork) and not pairs_unreached("undirected", 1, 3, *fork)
    against = ([2], [1], [1], [2])  # the pair (2, 1) over the edge 1 -> 2: "connecting" says no order
    assert not pairs_unreached("directed", 1, 2, *against)
    assert no_negative_cycle("directed", 1, 3, [1, 2, 3], [2, 3, 1], [5, -3, -2])  # the cycle weighs 0
    assert not no_negative_cycle("directed", 1, 3, [1, 2, 3], [2, 3, 1], [5, -3, -3])
    assert no_negative_cycle("directed", 1, 2, [1], [2], [-7])  # a negative edge, no cycle
    assert not no_negative_cycle("undirected", 1, 2, [1], [2], [-7])  # undirected: not checked, never passed
    assert no_negative_cycle("directed", 0, 1, [[0, 1, -4], [1, 0, 4]])
    big = 2 * MAX_RELAXATIONS // 10**3
    assert not no_negative_cycle("directed", 1, big, list(range(1, 1001)), list(range(2, 1002)), [1] * 1000)


@pytest.mark.parametrize("directed", [True, False])
def test_a_drawn_path_graph_has_its_path_and_is_simple(directed):
    rng = random.Random(5)
    for _ in range(200):
        n, m = rng.randint(2, 9), rng.randint(1, 12)
        s, t = rng.sample(range(1, n + 1), 2)
        try:
            edges = draw_path_graph(m, 1, n, s, t, rng, directed)
        except ValueError:
            assert m > n * (n - 1) // (1 if directed else 2)
            continue
        u, v = [a for a, _ in edges], [b for _, b in edges]
        assert len(edges) == m and graph_reaches("directed" if directed else "undirected", 1, n, s, t, u, v)
        assert graph_is("simple", 1, n, u, v) or directed


PATH_FMT = "N M\nu_1 v_1 b_1\n\\vdots\nu_M v_M b_M"
PATH_LINES = [
    "2 \\leq N \\leq 2 \\times 10^5",
    "1 \\leq M \\leq 2 \\times 10^5",
    "1 \\leq u_i \\lt v_i \\leq N",
    "1 \\leq b_i \\leq 10^4",
    "There is a path from vertex 1 to vertex N.",
    "All input values are integers.",
]
UNDIRECTED_PATH = "There is an undirected graph with N vertices and M edges."
DIRECTED = "There is a directed graph with N vertices and M edges. The i-th edge goes from vertex u_i to vertex v_i."


def test_a_path_from_vertex_1_to_n_is_drawn_small_large_and_edited():
    spec = _stdin(PATH_FMT, PATH_LINES, ["3 2\n1 2 4\n2 3 5\n"], DIRECTED)
    assert "graph_reaches('directed', 1, N, 1, N, u, v)" in spec.spec.checks
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/path", 30)]
    assert len(drawn) >= 20 and any(v["N"] > 100 for v in drawn)
    for v in drawn:
        assert graph_reaches("directed", 1, v["N"], 1, v["N"], v["u"], v["v"]) and len(v["b"]) == v["M"]
        assert all(a < b for a, b in zip(v["u"], v["v"]))
    large = [json.loads(x) for x in generate_large_inputs(spec.spec, "atc/path", 2, budget=20_000, max_chars=10**7)]
    assert large and all(graph_reaches("directed", 1, v["N"], 1, v["N"], v["u"], v["v"]) for v in large)
    edited = neighbour_inputs(spec.spec, [args_json(spec, "4 3\n1 2 1\n2 4 1\n1 3 1\n")], random.Random(1), 20)
    assert all(graph_reaches("directed", 1, e["N"], 1, e["N"], e["u"], e["v"]) for e in map(json.loads, edited))


def test_an_existing_test_without_the_path_refuses_along_the_direction():
    # the one edge 2 -> 3: no path from 1 to 3
    why = _refusal(PATH_FMT, PATH_LINES, ["3 1\n2 3 4\n"], DIRECTED)
    assert why.kind == "examples_break_reading" and "graph_reaches" in why.line


@pytest.mark.parametrize(
    "story, way",
    [(DIRECTED, "directed"), ("Edge i connects u_i and v_i.", "directed"), (UNDIRECTED_PATH, "undirected")],
)
def test_a_path_is_checked_along_the_edges_unless_they_are_said_two_way(story, way):
    # no word on the direction: the path along the edges as written (the stronger reading)
    spec = _stdin(PATH_FMT, PATH_LINES, ["3 2\n1 2 4\n2 3 5\n"], story)
    assert f"graph_reaches('{way}', 1, N, 1, N, u, v)" in spec.spec.checks


APART_FMT = "N M\nu_1 v_1\n\\vdots\nu_M v_M\nK\nx_1 y_1\n\\vdots\nx_K y_K"
APART_LINES = [
    "2 \\leq N \\leq 2 \\times 10^5",
    "0 \\leq M \\leq 2 \\times 10^5",
    "1 \\leq u_i, v_i \\leq N",
    "1 \\leq K \\leq 2 \\times 10^5",
    "1 \\leq x_i, y_i \\leq N",
    "x_i \\neq y_i",
    "For all i = 1, 2, \\ldots, K, there is no path connecting vertices x_i and y_i.",
    "All input values are integers.",
]
UNDIRECTED = "You are given an undirected graph G with N vertices and M edges."


def test_pairs_with_no_path_between_are_checked_on_every_input():
    spec = _stdin(APART_FMT, APART_LINES, ["4 1\n1 2\n1\n1 3\n"], UNDIRECTED)
    assert "pairs_unreached('undirected', 1, N, x, y, u, v)" in spec.spec.checks
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/apart", 20)]
    assert drawn
    for v in drawn:
        assert pairs_unreached("undirected", 1, v["N"], v["x"], v["y"], v["u"], v["v"]), v
    why = _refusal(APART_FMT, APART_LINES, ["4 2\n1 2\n2 3\n1\n3 1\n"], UNDIRECTED)  # 3 - 2 - 1: a path
    assert why.kind == "examples_break_reading" and "pairs_unreached" in why.line


NEG_FMT = "N M\nU_1 V_1 W_1\n\\vdots\nU_M V_M W_M"
NEG_LINES = [
    "2 \\leq N \\leq 20",
    "1 \\leq M \\leq N(N-1)",
    "1 \\leq U_i, V_i \\leq N",
    "U_i \\neq V_i",
    "-10^6 \\leq W_i \\leq 10^6",
    "The given graph does not contain negative cycles.",
]
WEIGHTED = "There is a weighted simple directed graph. The i-th edge extends from vertex U_i to vertex V_i."


@pytest.mark.parametrize(
    "story, way",
    [
        (UNDIRECTED, "undirected"),
        ("There are N vertices and M edges; edge i joins u_i and v_i.", "undirected"),
        (DIRECTED, "directed"),
    ],
)
def test_pairs_are_apart_even_against_the_edges_unless_the_graph_is_said_directed(story, way):
    spec = _stdin(APART_FMT, APART_LINES, ["4 1\n1 2\n1\n1 3\n"], story)
    assert f"pairs_unreached('{way}', 1, N, x, y, u, v)" in spec.spec.checks


def test_no_negative_cycle_is_checked_along_the_edges():
    spec = _stdin(NEG_FMT, NEG_LINES, ["3 3\n1 2 5\n2 1 -3\n2 3 -4\n"], WEIGHTED)
    assert "no_negative_cycle('directed', 1, N, U, V, W)" in spec.spec.checks
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/neg", 20)]
    assert drawn and all(no_negative_cycle("directed", 1, v["N"], v["U"], v["V"], v["W"]) for v in drawn)
    why = _refusal(NEG_FMT, NEG_LINES, ["2 2\n1 2 5\n2 1 -6\n"], WEIGHTED)
    assert why.kind == "examples_break_reading" and "no_negative_cycle" in why.line


def test_a_negative_cycle_of_an_undirected_graph_refuses_the_line():
    story = "There is a weighted undirected graph. The i-th edge connects vertices U_i and V_i."
    why = _refusal(NEG_FMT, NEG_LINES, ["2 1\n1 2 5\n"], story)
    assert why.kind == "unsupported_constraint" and "negative cycles" in why.line


CONN_FMT = "N M\nU_1 V_1 T_1\n\\vdots\nU_M V_M T_M\nK\nA_1 \\ldots A_K\nB_1 \\ldots B_K"


@pytest.mark.parametrize(
    "line",
    [
        "It is possible to travel between any two islands using some bridges.",
        "The given graph is simple and connected.",
    ],
)
def test_a_connected_graph_whose_edges_sit_beside_other_pairs_of_vertices(line):
    # u_i v_i rows beside two lists of vertices A, B of another length: the edges are the M rows
    lines = [
        "2 \\leq N \\leq 400",
        "N-1 \\leq M \\leq 2 \\times 10^5",
        "1 \\leq U_i < V_i \\leq N",
        "1 \\leq T_i \\leq 10^9",
        "1 \\leq K \\leq N",
        "1 \\leq A_i, B_i \\leq N",
        line,
    ]
    story = "There are N islands and M bidirectional bridges. Bridge i connects islands U_i and V_i."
    spec = _stdin(CONN_FMT, lines, ["3 2\n1 2 5\n2 3 1\n1\n1\n3\n"], story)
    assert "graph_is('connected', 1, N, U, V)" in spec.spec.checks
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/conn2", 20)]
    assert len(drawn) >= 10 and all(graph_is("connected", 1, v["N"], v["U"], v["V"]) for v in drawn)
    why = _refusal(CONN_FMT, lines, ["4 3\n1 2 5\n2 3 1\n1 3 1\n1\n1\n3\n"], story)
    assert why.kind == "examples_break_reading"


def test_an_n_vertex_tree_is_a_tree_and_a_tree_of_a_procedure_still_refuses():
    fmt, story = "N\nu_1 v_1\n\\vdots\nu_{N-1} v_{N-1}", "T has N-1 edges, the i-th of which connects u_i and v_i."
    lines = ["3 \\leq N \\leq 2 \\times 10^5", "1 \\leq u_i, v_i \\leq N", "The given graph is an N-vertex tree."]
    spec = _stdin(fmt, lines, ["3\n1 2\n2 3\n"], story)
    assert all(graph_is("tree", 1, v["N"], v["u"], v["v"]) for v in map(json.loads, generate_inputs(spec.spec, "t", 9)))
    lines[-1] = "The given graph is an N-vertex tree obtained by the procedure in the problem statement."
    assert _refusal(fmt, lines, ["3\n1 2\n2 3\n"], story).kind == "unsupported_constraint"


RAGGED_FMT = (
    "N M\nU_1 V_1 T_1\n\\vdots\nU_M V_M T_M\nQ\nK_1\nB_{1,1} \\ldots B_{1,K_1}\n\\vdots\nK_Q\nB_{Q,1} \\ldots B_{Q,K_Q}"
)


def test_a_graph_line_beside_rows_of_no_one_length_reads_the_edge_rows():
    # B's rows (bridges picked per query) are no edges: the line speaks of the U_i V_i rows
    lines = [
        "2 \\leq N \\leq 400",
        "N-1 \\leq M \\leq 2 \\times 10^5",
        "1 \\leq U_i < V_i \\leq N",
        "1 \\leq T_i \\leq 10^9",
        "1 \\leq Q \\leq 3000",
        "1 \\leq K_i \\leq 5",
        "1 \\leq B_{i,1} < B_{i,2} < \\cdots < B_{i,K_i} \\leq M",
        "It is possible to travel between any two islands using some bridges.",
    ]
    story = "There are N islands and M bidirectional bridges. Bridge i connects islands U_i and V_i."
    spec = _stdin(RAGGED_FMT, lines, ["3 2\n1 2 5\n2 3 1\n1\n2\n1 2\n"], story)
    assert "graph_is('connected', 1, N, U, V)" in spec.spec.checks
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/ragged", 12)]
    assert len(drawn) >= 6 and all(graph_is("connected", 1, v["N"], v["U"], v["V"]) for v in drawn)
