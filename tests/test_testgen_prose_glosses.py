"""Glosses of prose input lines (microcoder_data/testgen/prose_format.py's ``_without_gloss``): a gloss
after a comma ("two integers n and m, the number of rows and columns (...)"), one naming a permutation's
length among other things, "the values of permutation b"; and totals of ``n^2``."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase
from test_testgen_prose_format import problem

TWO_PERMUTATIONS = """Make a equal to b.

### Input

The first line contains a single integer t (1 <= t <= 100) — the number of test cases.

The first line of each test case contains two integers n and q, the length of the permutations and the number of queries (1 <= n <= 20, 1 <= q <= 5).

The second line of each test case contains n integers a_1, a_2, ..., a_n (1 <= a_i <= n) — the values of permutation a.

The third line of each test case contains n integers b_1, b_2, ..., b_n (1 <= b_i <= n) — the values of permutation b.

It is guaranteed that the sum of n^2 over all test cases does not exceed 400.
"""
TEST = [TestCase("2\n3 1\n2 3 1\n1 2 3\n1 2\n1\n1\n", "1\n0\n")]


def test_two_lists_glossed_permutations_and_a_comma_gloss_are_read_and_drawn_so():
    s = stdin_spec(problem(TWO_PERMUTATIONS, TEST))
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/two", 30)]
    assert len(got) >= 10 and any(n > 3 for v in got for n, *_ in v["cases"])
    for v in got:
        assert sum(n * n for n, *_ in v["cases"]) <= 400
        for n, q, a, b in v["cases"]:
            assert sorted(a) == sorted(b) == list(range(1, n + 1)) and 1 <= q <= 5


@pytest.mark.parametrize(
    "test, why",
    [
        ("1\n3 1\n2 2 1\n1 2 3\n", "breaks the constraints"),  # a: not a permutation
        ("1\n21 1\n" + " ".join(map(str, range(1, 22))) + "\n" + " ".join(map(str, range(1, 22))) + "\n", "breaks"),
        ("1\n3 9\n2 3 1\n1 2 3\n", "breaks the constraints"),  # q = 9 > 5: the comma gloss's bounds read
    ],
)
def test_an_existing_input_breaking_a_permutation_or_the_comma_glossed_bounds_refuses(test, why):
    s = stdin_spec(problem(TWO_PERMUTATIONS, [TestCase(test, "1\n")]))
    assert isinstance(s, NoSpec) and why in s.reason, s


def test_a_total_of_n_squared_is_enforced_on_existing_inputs():
    big = "1\n20 1\n" + " ".join(map(str, range(1, 21))) + "\n" + " ".join(map(str, range(20, 0, -1))) + "\n"
    s = stdin_spec(
        problem(TWO_PERMUTATIONS.replace("does not exceed 400", "does not exceed 399"), [TestCase(big, "1\n")])
    )
    assert isinstance(s, NoSpec) and "breaks" in s.reason, s
    fits = stdin_spec(problem(TWO_PERMUTATIONS, [TestCase(big, "1\n")]))
    assert isinstance(fits, StdinSpec), fits.reason
