"""Graph shapes (microcoder_data/testgen/graph_readings.py, graph_shapes.py): "The given graph is a
tree", "The graph is connected", "directed and acyclic", no repeated edges -- drawn so, checked on
every drawn, large and edited input, and an existing test that breaks the shape refuses generation."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.testgen.graph_shapes import draw_edges, graph_is
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, parse, stdin_spec
from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_stdin_phrasings import _problem


def test_graph_is_tells_each_shape_apart():
    assert graph_is("tree", 1, 4, [1, 2, 2], [2, 3, 4])
    assert not graph_is("tree", 1, 4, [1, 2, 3], [2, 1, 3])  # a loop, vertex 4 alone
    assert not graph_is("tree", 1, 5, [1, 2, 2], [2, 3, 4])  # vertex 5 alone
    assert not graph_is("tree", 1, 4, [1, 2, 2], [2, 3, 5])  # an end outside 1..4
    assert graph_is("connected", 0, 2, [[0, 1, 7], [1, 2, 7], [2, 0, 7]])
    assert not graph_is("connected", 0, 3, [[0, 1], [2, 3]])
    assert graph_is("dag", 0, 3, [[0, 1], [1, 2], [0, 2]]) and not graph_is("dag", 0, 2, [[0, 1], [1, 2], [2, 0]])
    assert not graph_is("simple", 1, 3, [1, 2], [2, 1]) and not graph_is("simple", 1, 3, [1], [1])


@pytest.mark.parametrize("shape", ["tree", "connected", "dag", "simple"])
def test_drawn_edges_have_their_shape_or_none_is_drawn(shape):
    rng = random.Random(7)
    for n in range(1, 9):
        for m in range(0, n * (n - 1) // 2 + 2):
            try:
                edges = draw_edges(shape, m, 1, n, rng)
            except ValueError:
                possible = m <= n * (n - 1) // 2 and (
                    shape in ("dag", "simple") or m == n - 1 or (m >= n - 1 and shape == "connected")
                )
                assert not possible, (shape, n, m)
                continue
            assert len(edges) == m and graph_is(shape, 1, n, edges_as_lists(edges)), (shape, n, m, edges)
            assert graph_is("simple", 1, n, edges_as_lists(edges))  # always simple: allowed by every shape


def edges_as_lists(edges: list) -> list:
    return [list(e) for e in edges]


TREE_FMT = "N\nu_1 v_1\nu_2 v_2\n\\vdots\nu_{N-1} v_{N-1}"
TREE_LINES = [
    "2 \\leq N \\leq 2 \\times 10^5",
    "1 \\leq u_i < v_i \\leq N",
    "The given graph is a tree.",
    "All input values are integers.",
]


def _stdin(fmt: str, lines: list[str], inputs: list[str], story: str = "Answer the question.") -> StdinSpec:
    spec = stdin_spec(_problem(fmt, lines, inputs, story=story))
    assert isinstance(spec, StdinSpec), spec.reason
    return spec


def test_an_atcoder_tree_is_drawn_a_tree_small_large_and_edited():
    spec = _stdin(TREE_FMT, TREE_LINES, ["4\n1 2\n2 3\n2 4\n"])
    drawn = [parse(spec.rows, spec.render(json.loads(x))) for x in generate_inputs(spec.spec, "atc/tree", 30)]
    assert len(drawn) >= 20 and len({json.dumps(v) for v in drawn}) >= 20
    for v in drawn:
        n, u, w = int(v["N"]), [int(x) for x in v["u"]], [int(x) for x in v["v"]]
        assert graph_is("tree", 1, n, u, w) and all(a < b for a, b in zip(u, w)), v
    assert any(int(v["N"]) >= 6 for v in drawn)
    large = generate_large_inputs(spec.spec, "atc/tree", 2, budget=20_000, max_chars=10**7)
    assert large
    for x in large:
        env = json.loads(x)
        assert env["N"] > 5000 and graph_is("tree", 1, env["N"], env["u"], env["v"])
    seeds = [args_json(spec, "5\n1 2\n2 3\n3 4\n4 5\n")]
    edited = neighbour_inputs(spec.spec, seeds, random.Random(3), 20)
    assert all(graph_is("tree", 1, e["N"], e["u"], e["v"]) for e in map(json.loads, edited))


def test_an_existing_test_that_is_no_tree_refuses_generation():
    why = stdin_spec(_problem(TREE_FMT, TREE_LINES, ["4\n1 2\n2 3\n1 3\n"])).refusal
    assert why.kind == "examples_break_reading" and "graph_is('tree'" in why.line


CONNECTED_FMT = "N M\nA_1 B_1 C_1\n\\vdots\nA_M B_M C_M"


@pytest.mark.parametrize(
    "line",
    [
        "The given graph is simple and connected.",
        "Any pair of cities can be reached from each other by traveling through some roads.",
    ],
)
def test_a_connected_graph_keeps_its_edge_count_bounds_and_simplicity(line):
    lines = [
        "2 \\leq N \\leq 2 \\times 10^5",
        "N-1 \\leq M \\leq \\min(N(N-1)/2, 2 \\times 10^5)",
        "1 \\leq A_i, B_i \\leq N",
        "1 \\leq C_i \\leq 10^9",
        line,
        "All input values are integers.",
    ]
    story = "Road i connects city A_i and city B_i bidirectionally."  # reachability of two-way roads: connected
    spec = _stdin(CONNECTED_FMT, lines, ["3 3\n1 2 5\n2 3 1\n3 1 4\n"], story)
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/conn", 30)]
    assert len(drawn) >= 15 and any(v["M"] > v["N"] - 1 for v in drawn)  # more than a tree
    for v in drawn:
        assert graph_is("connected", 1, v["N"], v["A"], v["B"]) and len(v["A"]) == v["M"] and len(v["C"]) == v["M"]
        if "simple" in line:
            assert graph_is("simple", 1, v["N"], v["A"], v["B"]), v
    for x in generate_large_inputs(spec.spec, "atc/conn", 2, budget=20_000, max_chars=10**7):
        v = json.loads(x)
        assert v["M"] > 1000 and graph_is("connected", 1, v["N"], v["A"], v["B"])
    broken = _problem(CONNECTED_FMT, lines, ["4 2\n1 2 5\n3 4 1\n"], story=story)
    assert stdin_spec(broken).refusal.kind == "examples_break_reading"


REACH_LINES = ["2 \\leq N \\leq 10", "N-1 \\leq M \\leq 20", "1 \\leq A_i, B_i \\leq N"]
ONE_WAY = "There are N cities and M one-way roads. Road i goes from city A_i to city B_i."


@pytest.mark.parametrize("story", [ONE_WAY, "Road i goes from city A_i to city B_i.", "Answer the question."])
def test_reachability_of_roads_not_said_two_way_refuses(story):
    # one-way roads all reachable from each other are strongly connected, which is not drawn
    line = "Any pair of cities can be reached from each other by traveling through some roads."
    problem = _problem("N M\nA_1 B_1\n\\vdots\nA_M B_M", [*REACH_LINES, line], ["2 2\n1 2\n2 1\n"], story=story)
    why = stdin_spec(problem).refusal
    assert why.kind == "unsupported_constraint" and "two-way" in why.message and "reached" in why.line


def test_a_connected_graph_of_one_way_roads_refuses():
    lines = [*REACH_LINES, "The given graph is connected."]
    problem = _problem("N M\nA_1 B_1\n\\vdots\nA_M B_M", lines, ["2 2\n1 2\n2 1\n"], story=ONE_WAY)
    why = stdin_spec(problem).refusal
    assert why.kind == "unsupported_constraint" and "directed" in why.message


@pytest.mark.parametrize(
    "line",
    [
        "There may be multiple edges but no self-loops.",
        "Any pair of cities can be reached from each other, and no road connects a city to itself.",
        "All cities are reachable from each other; no road connects a city to itself.",
    ],
)
def test_a_graph_line_with_a_further_clause_is_not_read_as_its_first_part(line):
    fmt = "N M\nA_1 B_1 C_1\n\\vdots\nA_M B_M C_M"
    lines = [*REACH_LINES, "1 \\leq C_i \\leq 10^9", "The given graph is connected.", line]
    problem = _problem(fmt, lines, ["3 3\n1 2 5\n2 3 1\n3 1 4\n"], story="Roads are bidirectional.")
    why = stdin_spec(problem).refusal
    assert why.kind == "unsupported_constraint" and why.line.rstrip(".") == line.rstrip(".")


DAG = (
    "1 <= n <= 1000\n0 <= edges.length <= min(2000, n * (n - 1) / 2)\nedges[i].length == 2\n"
    "0 <= fromi, toi <= n - 1\nfromi != toi\nThere are no duplicate edges.\nThe graph is directed and acyclic."
)


def test_a_leetcode_dag_is_drawn_acyclic_and_a_cycle_in_a_test_refuses():
    story = "Each edges[i] = [fromi, toi] denotes a directed edge from fromi to toi.\n\n"
    p = fn_problem(DAG, "n: int, edges: List[List[int]]", ['{"n": 3, "edges": [[0, 1], [1, 2]]}'])
    p.statement = story + p.statement
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    drawn = [json.loads(x) for x in generate_inputs(spec, "fx/dag", 30)]
    assert len(drawn) >= 15 and any(len(v["edges"]) >= 3 for v in drawn)
    for v in drawn:
        assert graph_is("dag", 0, v["n"] - 1, v["edges"]) and graph_is("simple", 0, v["n"] - 1, v["edges"]), v
    cyclic = fn_problem(DAG, "n: int, edges: List[List[int]]", ['{"n": 3, "edges": [[0, 1], [1, 2], [2, 0]]}'])
    cyclic.statement = story + cyclic.statement
    assert "graph_is('dag'" in why_not_read(cyclic)


def _with_ends(p):
    p.statement = "Each edges[i] = [ui, vi] is an edge between ui and vi.\n\n" + p.statement
    return p


def test_no_self_edges_and_no_repeated_connections_of_an_edges_list_are_drawn_so():
    lines = "1 <= n <= 10\n0 <= edges.length <= 20\nedges[i].length == 2\n0 <= ui, vi <= n - 1\n"
    sig = "n: int, edges: List[List[int]]"
    for line in (
        "There are no self edges.",
        "There are no repeated connections.",
        "There are no self-loops or repeated edges.",
    ):
        spec = input_spec(_with_ends(fn_problem(lines + line, sig, ['{"n": 3, "edges": [[0, 1], [1, 2]]}'])))
        assert isinstance(spec, InputSpec), spec.reason
        for v in map(json.loads, generate_inputs(spec, "fx/simple", 20)):
            pairs = [frozenset(e) for e in v["edges"]]
            assert "self" not in line or all(len(p) == 2 for p in pairs)
            assert "repeated" not in line or len(set(pairs)) == len(pairs)
    broken = _with_ends(fn_problem(lines + "There are no self edges.", sig, ['{"n": 3, "edges": [[1, 1]]}']))
    assert "breaks" in why_not_read(broken)


def test_a_shape_whose_edges_cannot_be_told_refuses_the_line():
    fmt = "N\nA_1 A_2 \\ldots A_N"
    why = stdin_spec(
        _problem(fmt, ["2 \\leq N \\leq 9", "1 \\leq A_i \\leq N", "The given graph is a tree."], ["2\n1 2\n"])
    )
    assert why.refusal.kind == "unsupported_constraint" and why.refusal.line == "The given graph is a tree"
    promised = stdin_spec(
        _problem(
            TREE_FMT,
            TREE_LINES[:3]
            + ["The given graph is an N-vertex tree obtained by the procedure in the problem statement."],
            ["2\n1 2\n"],
        )
    )
    assert promised.refusal.kind == "unsupported_constraint"


PROSE_TREE = """You are given a tree with n vertices. Print the number of leaves.

### Input

The first line contains a single integer t (1 <= t <= 100) — the number of test cases.

The first line of each test case contains a single integer n (2 <= n <= 2 * 10^5) — the number of vertices in the tree.

Each of the next n-1 lines contains two integers u, v (1 <= u, v <= n, u != v), describing an edge that connects u and v. {tree}

It is guaranteed that the sum of n over all test cases does not exceed 2 * 10^5.

### Output

For each test case, print the number of leaves.
"""


def _prose(tree: str, inputs: list[str]):
    p = _problem("", [], inputs)
    p.statement = PROSE_TREE.format(tree=tree)
    return stdin_spec(p)


@pytest.mark.parametrize(
    "tree",
    [
        "It is guaranteed that the given edges form a tree.",
        "These edges form a tree.",
        "It is guaranteed that there exists a unique simple path through the channels between any two nodes.",
    ],
)
def test_a_codeforces_tree_in_each_test_case_is_drawn_a_tree(tree):
    spec = _prose(tree, ["2\n3\n1 2\n2 3\n2\n2 1\n"])
    assert isinstance(spec, StdinSpec), spec.reason
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "cf/tree", 30)]
    assert len(drawn) >= 20
    cases = [case for v in drawn for case in v["cases"]]
    assert any(n >= 6 for n, _, _ in cases)
    assert all(graph_is("tree", 1, n, u, v) for n, u, v in cases)
    large = [
        json.loads(x)["cases"] for x in generate_large_inputs(spec.spec, "cf/tree", 2, budget=20_000, max_chars=10**7)
    ]
    assert len(large) == 2 and max(n for big in large for n, _, _ in big) > 5000  # many cases, then one large
    for big in large:
        assert sum(n for n, _, _ in big) > 5000 and all(graph_is("tree", 1, n, u, v) for n, u, v in big)
    broken = _prose(tree, ["1\n4\n1 2\n2 1\n3 4\n"])  # not a tree: refused, named
    assert broken.refusal.kind == "examples_break_reading"


def test_a_codeforces_story_of_a_tree_whose_edges_no_sentence_names_still_refuses():
    spec = _prose("", ["1\n3\n1 2\n2 3\n"])
    assert (
        spec.refusal.kind == "promise" and spec.refusal.line == "You are given a tree with n vertices."
    )  # the sentence


@pytest.mark.parametrize(
    "line",
    [
        "The given graph has no self-loops or multi-edges.",
        "The given graph does not contain self-loops or multi-edges.",
    ],
)
def test_no_loop_and_no_edge_twice_said_of_the_given_graph(line):
    lines = [
        "2 \\leq N \\leq 6",
        "0 \\leq M \\leq \\min(N(N-1)/2, 10)",
        "1 \\leq A_i, B_i \\leq N",
        "1 \\leq C_i \\leq 10^9",
        line,
        "All input values are integers.",
    ]
    story = "Road i connects city A_i and city B_i bidirectionally."
    spec = _stdin(CONNECTED_FMT, lines, ["3 2\n1 2 5\n2 3 1\n"], story)
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "atc/simple", 30)]
    assert len(drawn) >= 15 and any(v["M"] >= 3 for v in drawn)
    assert all(graph_is("simple", 1, v["N"], v["A"], v["B"]) for v in drawn)
    for broken in ("3 2\n1 2 5\n2 1 1\n", "3 1\n2 2 5\n"):  # an edge twice, a loop
        assert (
            stdin_spec(_problem(CONNECTED_FMT, lines, [broken], story=story)).refusal.kind == "examples_break_reading"
        )
