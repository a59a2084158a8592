"""A story's sentence that lists read are in order ("Initially, both a_1, ..., a_n and b_1, ..., b_n are sorted in
non-decreasing order.", "The array a is strictly increasing."): read as the constraint reader's order line (drawn so,
every existing test checked), or refused; a story's order word of one list the Input section read in order (a chain
``1 <= x_1 < x_2 < ... < x_n <= 10^9``) is what was read."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.stdin_format import NoSpec, StdinSpec, stdin_spec
from microcoder_eval.types import TestCase

TWO = """Dana has two arrays. {said} Find the number of equal pairs.

### Input

The first line contains a single integer n (1 <= n <= 8) — the length of the arrays.

The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9).

The third line contains n integers b_1, b_2, ..., b_n (1 <= b_i <= 9).

### Output

Print the answer.
"""


def _spec(statement: str, test: str):
    problem = Problem(
        id="cf/order", source="cf", title="O", statement=statement, mode="stdin", tests=[TestCase(test, "0\n")]
    )
    return stdin_spec(problem)


def _drawn(statement: str, test: str) -> list[dict]:
    s = _spec(statement, test)
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/order", 25)]
    assert len(got) >= 5
    return got


@pytest.mark.parametrize(
    ("said", "strict"),
    [
        ("Initially, both a_1, a_2, ..., a_n and b_1, b_2, ..., b_n are sorted in non-decreasing order.", False),
        ("It is guaranteed that a and b are sorted in non-decreasing order.", False),
        ("Both a and b are strictly increasing.", True),
    ],
)
def test_lists_the_story_says_are_in_order_are_drawn_so(said, strict):
    for v in _drawn(TWO.format(said=said), "3\n1 2 3\n1 3 4\n"):
        for xs in (v["a"], v["b"]):
            assert all(x < y if strict else x <= y for x, y in zip(xs, xs[1:])), v


def test_an_existing_test_out_of_the_order_said_refuses():
    s = _spec(TWO.format(said="Initially, a and b are sorted in non-decreasing order."), "3\n2 1 2\n1 3 4\n")
    assert isinstance(s, NoSpec) and s.refusal.kind == "examples_break_reading", s


@pytest.mark.parametrize(
    "said",
    [
        "Initially, a and b are sorted in some order.",  # no order the reader reads
        "Initially, a and c are sorted in non-decreasing order.",  # c is no list read
        "Initially, a and b are sorted lexicographically by their digit sums.",
        "Initially, a is sorted and b is a palindrome.",
    ],
)
def test_an_order_not_read_refuses(said):
    assert not isinstance(_spec(TWO.format(said=said), "3\n1 2 2\n1 3 4\n"), StdinSpec), said


CHAIN = """You are given n points on the x axis, at increasing coordinates x_1 < x_2 < ... < x_n. Find the answer.

### Input

The first line contains a single integer n (2 <= n <= 8).

The second line contains n integers x_1, x_2, ..., x_n (1 <= x_1 < x_2 < ... < x_n <= 20) — the coordinates.

### Output

Print the answer.
"""


def test_a_chain_in_the_input_section_is_the_order_the_story_says_again():
    for v in _drawn(CHAIN.replace("You are given n points", "There are points"), "3\n1 4 9\n"):
        assert all(x < y for x, y in zip(v["x"], v["x"][1:])), v
