"""Valid or none for the graph readings (issue 37; a third review): the edge pair is only one
counted with the vertices or named by a sentence whose subject is an edge, never a pair the
queries or the Output name; a directed path is drawn only where "from <a> to <b>" is read; a
negated direction phrase and a second kind of edges numbered anywhere refuse.  Each case is a
statement the readings once got wrong; where a reading stays, its draws keep the line."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.graph_checks import graph_reaches
from microcoder_data.testgen.graph_shapes import graph_is
from microcoder_data.testgen.graph_readings import _EDGE_SUBJECT, _OF_WHICH
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.stdin_format import stdin_spec
from test_testgen_graph_direction import _read, _refused
from test_testgen_stdin_phrasings import _problem

QUERIES = "N Q\nA_1 A_2 \\ldots A_{N-1}\nx_1 y_1\n\\vdots\nx_Q y_Q"
QUERY_LINES = ["2 \\leq N \\leq 6", "1 \\leq Q \\leq 6", "1 \\leq A_i \\leq N", "1 \\leq x_j, y_j \\leq N"]


@pytest.mark.parametrize("line", ["The given graph is a tree.", "The given graph is connected."])
@pytest.mark.parametrize(
    "story",
    [
        # a query sentence naming both ends and saying "connected" is no edge sentence
        "For each i = 1, ..., N-1 there is an undirected edge between vertex i+1 and vertex A_i. For each j = 1, "
        "..., Q, determine whether vertex x_j and vertex y_j remain connected after vertex 1 is removed.",
        # the story names neither x nor y; the edges are "adjacent" (no edge noun), the pair is the Output's
        "There is a graph with N vertices. For each i = 1, ..., N-1, vertex i+1 is adjacent to vertex A_i. "
        "Answer the queries.",
        "There is a graph with N vertices. For each i = 1, ..., N-1, vertex i+1 is adjacent to vertex A_i.",
    ],
)
def test_a_pair_the_queries_or_the_output_name_is_not_the_edges(story, line):
    problem = _problem(QUERIES, QUERY_LINES + [line], ["3 2\n1 2\n1 2\n2 3\n"], story=story)
    out = "For each j = 1, ..., Q, print the distance between vertex x_j and vertex y_j."
    problem.statement = problem.statement.replace("Print the answer.", out)
    why = stdin_spec(problem).refusal
    assert why is not None and why.kind == "unsupported_constraint" and why.line == line.rstrip(".")


PATH_FMT = "N M\nu_1 v_1\n\\vdots\nu_M v_M"
PATH_LINES = ["2 \\leq N \\leq 6", "1 \\leq M \\leq 8", "1 \\leq u_i, v_i \\leq N", "u_i \\neq v_i"]


@pytest.mark.parametrize(
    "story",
    [
        "There are N cities and M one-directional roads. Road i starts at city v_i and ends at city u_i.",
        "There are N cities and M roads. Road i has source v_i and destination u_i.",
        "There are N cities and M roads. Road i goes out of city v_i and reaches city u_i.",
        "There are N cities and M oriented roads. Road i joins city v_i and city u_i.",
        # negated two-way words: the roads are one-way, which way unread
        "There are N cities and M roads. Road i goes from city v_i to city u_i and cannot be used in both directions.",
        "There are N cities and M roads. Road i connects city u_i and city v_i; roads are not two-way.",
        "There are N cities and M roads. Road i connects city u_i and city v_i; no road is bidirectional.",
    ],
)
@pytest.mark.parametrize(
    "line", ["There is a path from city 1 to city N.", "You can reach any city from any other city."]
)
def test_direction_words_not_read_as_from_to_refuse_a_path(story, line):
    assert _refused(PATH_FMT, PATH_LINES + [line], ["2 2\n1 2\n2 1\n"], story).line == line.rstrip(".")


def test_a_path_read_from_to_is_drawn_along_the_edges():
    story = "There is a graph with N vertices and M edges. Edge i points from vertex v_i to vertex u_i."
    spec = _read(PATH_FMT, PATH_LINES + ["There is a path from city 1 to city N."], ["2 2\n1 2\n2 1\n"], story)
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "t", 30)]
    assert drawn and all(graph_reaches("directed", 1, d["N"], 1, d["N"], d["v"], d["u"]) for d in drawn)


RAILS = "N M K Q\nu_1 v_1\n\\vdots\nu_M v_M\np_1 q_1\n\\vdots\np_K q_K\nx_1 y_1\n\\vdots\nx_Q y_Q"
RAIL_STORY = (
    "There are N cities and M bidirectional roads. Road k connects city u_k and city v_k. There are also K "
    "bidirectional railways; railway j connects city p_j and city q_j. Answer Q queries: query i asks about "
    "cities x_i and y_i."
)


@pytest.mark.parametrize(
    "line",
    ["For all i = 1, 2, ..., Q, there is no path connecting vertices x_i and y_i.", "The given graph is a tree."],
)
def test_a_second_kind_of_edges_numbered_in_its_own_sentence_refuses(line):
    lines = ["2 \\leq N \\leq 6", "1 \\leq M \\leq 4", "1 \\leq K \\leq 4", "1 \\leq Q \\leq 3"]
    lines += ["1 \\leq u_k < v_k \\leq N", "1 \\leq p_j < q_j \\leq N", "1 \\leq x_i < y_i \\leq N", line]
    why = _refused(RAILS, lines, ["4 1 1 1\n1 2\n3 4\n1 3\n"], RAIL_STORY)
    assert "no path" in why.line if "no path" in line else why.line == line.rstrip(".")  # the line as read


@pytest.mark.parametrize(
    "sentence, edge",
    [
        ("Edge i connects u_i and v_i.", True),
        ("The $i$-th road connects city $u_i$ and city $v_i$.", True),
        ("For each i, the i-th bidirectional railway joins A_i and B_i.", True),
        ("The vertices are numbered 1 to N, and the i-th edge connects vertices A_i and B_i.", True),
        ("The j-th line should contain the distance between vertex x_j and vertex y_j.", False),
        ("Determine whether vertex x_j and vertex y_j are connected.", False),
    ],
)
def test_an_edge_sentence_has_an_edge_noun_for_subject(sentence, edge):
    assert bool(_EDGE_SUBJECT.search(sentence)) is edge


def test_an_edge_noun_with_of_which_is_the_clause_subject():
    assert _OF_WHICH.search("T has N-1 edges, the i-th of which connects u_i and v_i.")
    assert not _OF_WHICH.search("There are Q queries, the i-th of which asks about x_i and y_i.")


TREE_ROWS = "N\nA_1 A_2 \\ldots A_N\nu_1 v_1\n\\vdots\nu_{N-1} v_{N-1}"
TREE_LINES = ["2 \\leq N \\leq 8", "1 \\leq A_i \\leq 10^9", "1 \\leq u_i, v_i \\leq N", "The given graph is a tree."]


def test_a_tree_line_keeps_an_unnamed_pair_where_other_lists_are_not_about_the_graph():
    spec = _read(TREE_ROWS, TREE_LINES, ["3\n5 6 7\n1 2\n2 3\n"], "Monster i has strength A_i. Print the answer.")
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "t", 20)]
    assert drawn and all(graph_is("tree", 1, d["N"], d["u"], d["v"]) for d in drawn)
    story = "Monster i stands next to the tree's vertex A_i. Answer the queries."  # about the graph / queries
    assert _refused(TREE_ROWS, TREE_LINES, ["3\n5 6 7\n1 2\n2 3\n"], story).line == "The given graph is a tree"
