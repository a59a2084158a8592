"""Valid or none for the graph readings (issue 37; a fourth review): another list of vertices beside
an unnamed pair may be the graph (refused); a pair an operation names is no edge sentence; an end
written as an expression ("vertex u_i + v_i") names no end; a doubt about the direction ("It is false
to assume ...", "Whether ... is unknown") refuses; LeetCode rows whose first two positions are not the
ends ("edges[i] = [wi, ui, vi]") are never drawn as a tree or checked as connected there."""

from __future__ import annotations

import pytest

from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.stdin_format import stdin_spec
from test_testgen_conditions import fn_problem
from test_testgen_graph_holes3 import QUERIES, QUERY_LINES
from test_testgen_stdin_phrasings import _problem

PIECES = QUERIES.replace("Q", "K")
PIECE_LINES = [x.replace("Q", "K") for x in QUERY_LINES]


@pytest.mark.parametrize("line", ["The given graph is a tree.", "The given graph is connected."])
@pytest.mark.parametrize(
    "story",
    [
        "There are N cities. For each i = 1, ..., N-1, you can travel between city i+1 and city A_i. "
        "Takahashi moves his pieces: piece j goes from city x_j to city y_j.",
        "There is a rooted graph with N vertices, the parent of vertex i+1 is vertex A_i. Takahashi performs K "
        "operations. In operation j, the edge between vertex x_j and vertex y_j is painted red.",
    ],
)
def test_another_list_of_vertices_or_an_operation_keeps_the_pair_from_being_the_edges(story, line):
    why = stdin_spec(_problem(PIECES, PIECE_LINES + [line], ["3 2\n1 2\n1 2\n2 3\n"], story=story)).refusal
    assert why is not None and why.kind == "unsupported_constraint"


EDGES = "N M\nu_1 v_1\n\\vdots\nu_M v_M"
EDGE_LINES = ["2 \\leq N \\leq 6", "1 \\leq M \\leq 8", "1 \\leq u_i, v_i \\leq N"]


@pytest.mark.parametrize("line", ["The given graph is a tree.", "The given graph is connected."])
def test_an_end_written_as_an_expression_names_no_end(line):
    story = "There is a graph with N vertices. Edge i connects vertex u_i and vertex u_i + v_i."
    spec = stdin_spec(_problem(EDGES, EDGE_LINES + [line], ["3 2\n1 2\n2 3\n"], story=story))
    assert spec.refusal is not None


@pytest.mark.parametrize(
    "doubt",
    [
        "It is false to assume that each of the M roads can be traveled in both directions.",
        "Whether the M roads are bidirectional is unknown.",
    ],
)
def test_a_doubt_about_the_direction_refuses(doubt):
    story = f"There are N cities and M roads. Road i connects city u_i and city v_i. {doubt}"
    line = "You can reach any city from any other city."
    why = stdin_spec(_problem(EDGES, EDGE_LINES + [line], ["3 2\n1 2\n2 3\n"], story=story)).refusal
    assert why is not None and why.kind == "unsupported_constraint"


@pytest.mark.parametrize(
    "constraints",
    [
        "2 <= n <= 6\nedges.length == n - 1\n1 <= wi <= 100\n0 <= ui, vi < n\nThe given graph is a tree.",
        "1 <= n <= 6\n1 <= edges.length <= 8\nedges[i].length == 3\n1 <= wi <= 100\n0 <= ui, vi < n\n"
        "The given graph is connected.",
    ],
)
def test_rows_whose_ends_are_not_first_are_not_drawn_as_a_graph_there(constraints):
    p = fn_problem(constraints, "n: int, edges: List[List[int]]", ['{"n": 2, "edges": [[1, 0, 1]]}'])
    p.statement = "Each edges[i] = [wi, ui, vi] is an edge of weight wi between ui and vi.\n\n" + p.statement
    assert not isinstance(input_spec(p), InputSpec)
    # ends first ("[ui, vi, wi]"): still read and drawn
    q = fn_problem(constraints, "n: int, edges: List[List[int]]", ['{"n": 2, "edges": [[0, 1, 1]]}'])
    q.statement = "Each edges[i] = [ui, vi, wi] is an edge of weight wi between ui and vi.\n\n" + q.statement
    assert isinstance(input_spec(q), InputSpec) or "tree" not in constraints
