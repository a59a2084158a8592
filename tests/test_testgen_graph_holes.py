"""Valid or none for the graph readings (issue 37; a second review of graph_properties): edges of
another kind counted beside the vertices, a queries' pair taken for the edges, "non-directed" and
"bi-directed" read one-way, a direction the from/to pattern missed read as written, reachability
over some of the edges, and "at most one edge between a pair" of a directed graph checked ordered.
Each case is a statement the readings once got wrong."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.graph_checks import graph_reaches, pairs_unreached
from microcoder_data.testgen.graph_direction import ONE_WAY
from microcoder_data.testgen.graph_shapes import graph_is
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_graph_direction import APART, APART_LINES, PATH, PATH_LINES, _read, _refused


def _drawn(spec, pid: str, n: int = 40) -> list[dict]:
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, pid, n)]
    assert drawn
    return drawn


RAIL = "N K L\np_1 q_1\n\\vdots\np_K q_K\nr_1 s_1\n\\vdots\nr_L s_L"
RAIL_LINES = ["2 \\leq N \\leq 8", "1 \\leq K \\leq 10", "1 \\leq L \\leq 10", "1 \\leq p_i, q_i \\leq N"]


@pytest.mark.parametrize("roads, rails", [("K", "L"), ("L", "K")])
@pytest.mark.parametrize(
    "line",
    ["It is possible to travel between any two cities using some railways.", "There is a path from city 1 to city N."],
)
def test_a_sentence_counting_two_kinds_of_edges_refuses_the_line(roads, rails, line):
    first, second = ("Road", "Railway") if roads == "K" else ("Railway", "Road")
    story = (
        f"There are N cities, {roads} roads and {rails} railways. {first} i connects cities p_i and q_i "
        f"bidirectionally. {second} i connects cities r_i and s_i bidirectionally."
    )
    lines = RAIL_LINES + ["1 \\leq r_i, s_i \\leq N", line]
    assert _refused(RAIL, lines, ["3 2 2\n1 2\n2 3\n1 2\n2 3\n"], story).line == line.rstrip(".")


QUERIES = "N Q\nA_1 A_2 \\ldots A_{N-1}\nx_1 y_1\n\\vdots\nx_Q y_Q"
QUERY_STORY = (
    "There is a graph with N vertices. For each i = 1, ..., N-1 there is an undirected edge between vertex i+1 "
    "and vertex A_i. You are given Q queries; the j-th query asks for the distance between x_j and y_j."
)


@pytest.mark.parametrize("line", ["The given graph is a tree.", "The given graph is connected."])
def test_the_only_pair_of_vertex_lists_being_queries_is_not_taken_for_the_edges(line):
    lines = ["2 \\leq N \\leq 6", "1 \\leq Q \\leq 6", "1 \\leq A_i \\leq N", "1 \\leq x_j, y_j \\leq N", line]
    assert _refused(QUERIES, lines, ["3 2\n1 2\n1 2\n2 3\n"], QUERY_STORY).line == line.rstrip(".")


@pytest.mark.parametrize(
    "story", ["There is a tree with N vertices. Answer Q queries.", "There is a tree with N vertices and Q queries."]
)
def test_the_only_pair_counted_as_something_else_is_not_taken_for_the_edges(story):
    lines = ["2 \\leq N \\leq 6", "1 \\leq Q \\leq 6", "1 \\leq A_i \\leq N", "1 \\leq x_j, y_j \\leq N"]
    line = "The given graph is connected."
    assert _refused(QUERIES, lines + [line], ["3 2\n1 2\n1 2\n2 3\n"], story).line == line.rstrip(".")


def test_a_pair_named_by_an_edge_sentence_is_still_the_edges():
    story = "There is a graph with N vertices. The j-th edge connects vertex x_j and vertex y_j."
    lines = ["2 \\leq N \\leq 6", "1 \\leq Q \\leq 6", "1 \\leq A_i \\leq N", "1 \\leq x_j, y_j \\leq N"]
    spec = _read(QUERIES, lines + ["The given graph is connected."], ["3 2\n1 2\n1 2\n2 3\n"], story)
    assert "graph_is('connected', 1, N, x, y)" in spec.spec.checks


@pytest.mark.parametrize(
    "words, one_way",
    [
        ("non-directed", False),
        ("bi-directed", False),
        ("nondirected", False),
        ("undirected", False),
        ("directed", True),
    ],
)
def test_one_way_words(words, one_way):
    assert bool(ONE_WAY.search(f"You are given a {words} graph.")) is one_way


@pytest.mark.parametrize("words", ["non-directed", "bi-directed"])
def test_a_non_directed_graph_keeps_its_pairs_apart_both_ways(words):
    story = (
        f"You are given a {words} graph with N vertices and M edges. The i-th edge connects vertex u_i and vertex v_i."
    )
    spec = _read(APART, APART_LINES, ["4 1\n1 2\n1\n3 1\n"], story)
    assert "pairs_unreached('undirected', 1, N, x, y, u, v)" in spec.spec.checks
    for d in _drawn(spec, "atc/nondir", 60):
        assert pairs_unreached("undirected", 1, d["N"], d["x"], d["y"], d["u"], d["v"])


@pytest.mark.parametrize(
    "edge",
    [
        "Edge i goes from Vertex v_i to Vertex u_i.",
        "Edge i goes from vertex $v_i$ to vertex $u_i$.",
        "Edge i goes to vertex u_i from vertex v_i.",
        "Edge i is v_i \\to u_i.",
        "Edge i leads from v_i towards u_i.",
        "Edge i goes from the vertex v_i to the vertex u_i.",
        "Edge i is an arc from vertex v_i into vertex u_i.",
    ],
)
def test_a_direction_in_other_words_swaps_the_lists(edge):
    story = f"We have a graph with N vertices and M edges. {edge}"
    spec = _read(PATH, PATH_LINES, ["3 2\n1 3\n3 1\n"], story)  # v -> u: 1 -> 3
    assert "graph_reaches('directed', 1, N, 1, N, v, u)" in spec.spec.checks
    for d in _drawn(spec, "atc/dir"):
        assert graph_reaches("directed", 1, d["N"], 1, d["N"], d["v"], d["u"])
    why = _refused(PATH, PATH_LINES, ["3 2\n1 2\n2 3\n"], story, "examples_break_reading")  # 1 -> 2 -> 3 along u -> v
    assert "graph_reaches" in why.line


@pytest.mark.parametrize(
    "edge", ["Edge i leaves vertex v_i and enters vertex u_i.", "Edge i runs from v_i and ends at u_i."]
)
def test_a_direction_said_in_words_not_read_refuses_the_path(edge):
    story = f"We have a graph with N vertices and M edges. {edge}"
    assert "path" in _refused(PATH, PATH_LINES, ["3 2\n1 3\n3 1\n"], story).line


HIGHWAYS = "N M\nu_1 v_1 t_1\n\\vdots\nu_M v_M t_M"
HIGHWAY_STORY = (
    "There are N cities and M bidirectional roads. Road i connects cities u_i and v_i; "
    "it is a highway if t_i = 1 and a local road if t_i = 0."
)
HIGHWAY_LINES = ["2 \\leq N \\leq 6", "N-1 \\leq M \\leq 10", "1 \\leq u_i, v_i \\leq N", "0 \\leq t_i \\leq 1"]


@pytest.mark.parametrize(
    "line",
    [
        "It is possible to travel between any two cities by avoiding highways.",
        "Any two cities can be reached from each other by avoiding highways.",
        "It is possible to travel between any two cities using the highways.",
        "Any pair of cities can be reached from each other by crossing some highways.",
    ],
)
def test_reachability_over_some_of_the_edges_refuses_the_line(line):
    why = _refused(HIGHWAYS, HIGHWAY_LINES + [line], ["3 2\n1 2 0\n2 3 0\n"], HIGHWAY_STORY)
    assert why.line == line.rstrip(".")


def test_reachability_over_the_edges_the_story_counts_is_connected_and_drawn_so():
    line = "It is possible to travel between any two cities using some roads."
    spec = _read(HIGHWAYS, HIGHWAY_LINES + [line], ["3 2\n1 2 0\n2 3 0\n"], HIGHWAY_STORY)
    assert "graph_is('connected', 1, N, u, v)" in spec.spec.checks
    assert all(graph_is("connected", 1, d["N"], d["u"], d["v"]) for d in _drawn(spec, "atc/roads"))


DIRECTED = "There is a directed graph with N vertices and M edges. The i-th edge goes from vertex u_i to vertex v_i."


@pytest.mark.parametrize(
    "line",
    [
        "There is at most one edge between any pair of vertices.",
        "No two vertices are connected by more than one edge.",
        "The graph does not contain self-loops or multiple edges between a pair of vertices.",
    ],
)
def test_one_edge_between_a_pair_of_a_directed_graph_is_the_unordered_pair(line):
    fmt = "N M\nu_1 v_1\n\\vdots\nu_M v_M"
    lines = ["2 \\leq N \\leq 3", "1 \\leq M \\leq 6", "1 \\leq u_i, v_i \\leq N", "u_i \\neq v_i", line]
    spec = _read(fmt, lines, ["2 1\n1 2\n"], DIRECTED)
    assert "unordered_distinct_pairs(u, v)" in spec.spec.checks
    for d in _drawn(spec, "atc/pair", 60):
        assert len({frozenset(e) for e in zip(d["u"], d["v"])}) == len(d["u"])
    _refused(fmt, lines, ["2 2\n1 2\n2 1\n"], DIRECTED, "examples_break_reading")


def _leetcode_roads(line: str, tests: list[str]):
    lines = "1 <= n <= 8\n0 <= roads.length <= 12\nroads[i].length == 2\n0 <= ai, bi <= n - 1\n" + line
    p = fn_problem(lines, "n: int, roads: List[List[int]]", tests)
    p.statement = "Each roads[i] = [ai, bi] is a bidirectional road between ai and bi.\n\n" + p.statement
    return p


def test_reachability_over_a_leetcode_list_named_by_the_noun_is_connected():
    line = "All cities are reachable from each other by traveling some roads."
    spec = input_spec(_leetcode_roads(line, ['{"n": 3, "roads": [[0, 1], [1, 2]]}']))
    assert isinstance(spec, InputSpec), spec.reason
    drawn = [json.loads(x) for x in generate_inputs(spec, "fx/roads", 20)]
    assert drawn and all(graph_is("connected", 0, d["n"] - 1, *zip(*d["roads"])) for d in drawn if d["roads"])
    broken = _leetcode_roads(line, ['{"n": 3, "roads": [[0, 1]]}'])
    assert "breaks" in why_not_read(broken)


def test_reachability_over_another_noun_than_a_leetcode_list_refuses():
    line = "All cities are reachable from each other by traveling some highways."
    assert "reachable" in why_not_read(_leetcode_roads(line, ['{"n": 3, "roads": [[0, 1], [1, 2]]}']))
