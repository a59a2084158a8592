"""A list of parents bounded by the vertex count (``1 <= p_i <= n``) that the Input section says is a
tree rooted at 1 (microcoder_data/testgen/parent_trees.py): drawn a tree, checked on every input."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.graph_shapes import draw_parents, graph_is
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase

STATEMENT = """Petya has a rooted tree with n vertices. Find the depth of the tree.

A tree is a connected graph without cycles.

### Input

The first line contains a single integer t (1 <= t <= 10^4) — the number of test cases.

The first line of each test case contains a single integer n (2 <= n <= 2 * 10^5) — the number of vertices in the tree.

The second line contains n-1 integers p_2, p_3, ..., p_n (1 <= p_i <= n), where p_i is the parent of the i-th vertex in the tree. {said}

It is guaranteed that the sum of n over all test cases does not exceed 2 * 10^5.

### Output

Print the depth.
"""
SAID = (
    "Vertex 1 is the root.",
    "It's guaranteed that the values p define a correct tree.",
    "It is guaranteed that the given parents form a tree.",
    "The tree is rooted at vertex 1.",
)


def _spec(said: str, test: str = "2\n3\n3 1\n4\n1 4 1\n") -> StdinSpec | NoSpec:
    statement = STATEMENT.format(said=said)
    p = Problem(id="cf/pt", source="cf", title="P", statement=statement, mode="stdin", tests=[TestCase(test, "2\n")])
    return stdin_spec(p)


def _rooted_at_one(n: int, parents: list[int]) -> bool:
    """Every vertex reaches 1 by its parents (a tree rooted at 1, no cycle): written apart from graph_is."""
    if len(parents) != n - 1:
        return False
    for v in range(2, n + 1):
        u, steps = v, 0
        while u != 1 and steps <= n:
            u, steps = parents[u - 2], steps + 1
        if u != 1:
            return False
    return True


def test_graph_is_parents_tells_a_rooted_tree_from_a_cycle_a_stray_vertex_or_a_wrong_count():
    assert graph_is("parents", 1, 4, [1, 4, 1])  # 2 -> 1, 3 -> 4 -> 1
    assert not graph_is("parents", 1, 4, [1, 4, 3])  # 3 -> 4 -> 3: a cycle
    assert not graph_is("parents", 1, 3, [1, 3])  # 3 its own parent
    assert not graph_is("parents", 1, 3, [1, 5])  # no vertex 5
    assert not graph_is("parents", 1, 3, [1])  # vertex 3 has no parent
    rng = random.Random(3)
    for n in (1, 2, 5, 40):
        drawn = draw_parents(n - 1, 1, n, rng)
        assert _rooted_at_one(n, drawn) and graph_is("parents", 1, n, drawn)
    with pytest.raises(ValueError):
        draw_parents(3, 1, 3, rng)


@pytest.mark.parametrize("said", SAID)
def test_a_list_of_parents_the_input_says_is_a_tree_is_drawn_one_small_large_and_edited(said):
    spec = _spec(said)
    assert isinstance(spec, StdinSpec), spec.reason
    drawn = [json.loads(x) for x in generate_inputs(spec.spec, "cf/pt", 40)]
    cases = [case for v in drawn for case in v["cases"]]
    assert len(drawn) >= 30 and all(_rooted_at_one(n, p) for n, p in cases)
    assert any(p[v - 2] > v for n, p in cases for v in range(2, n + 1))  # a parent after its vertex: not p_i < i
    large = [json.loads(x) for x in generate_large_inputs(spec.spec, "cf/pt", 2, budget=20_000, max_chars=10**7)]
    assert large and max(n for v in large for n, _ in v["cases"]) > 5000
    assert all(_rooted_at_one(n, p) for v in large for n, p in v["cases"])
    seeds = [json.dumps(v) for v in drawn[:5]]
    edited = [json.loads(x) for x in neighbour_inputs(spec.spec, seeds, random.Random(1), 20)]
    assert edited and all(_rooted_at_one(n, p) for v in edited for n, p in v["cases"])


def test_an_existing_test_whose_parents_make_a_cycle_refuses_generation():
    broken = _spec(SAID[0], "1\n4\n1 4 3\n")  # 3 -> 4 -> 3
    assert isinstance(broken, NoSpec) and broken.refusal.kind == "examples_break_reading", broken


def test_parents_no_sentence_says_are_a_tree_or_a_root_with_no_list_of_parents_refuse():
    unsaid = _spec("")  # the story's tree: a promise no line of the input states
    assert isinstance(unsaid, NoSpec) and unsaid.refusal.kind == "promise", unsaid
    p = Problem(
        id="cf/pt",
        source="cf",
        title="P",
        statement=STATEMENT.format(said="Vertex 1 is the root.").replace("(1 <= p_i <= n)", "(1 <= p_i <= 10^9)"),
        mode="stdin",
        tests=[TestCase("1\n3\n1 1\n", "2\n")],
    )
    unbounded = stdin_spec(p)  # no list of parents bounded by the vertices: the sentence refused, named
    assert isinstance(unbounded, NoSpec) and unbounded.refusal.line == "Vertex 1 is the root", unbounded
