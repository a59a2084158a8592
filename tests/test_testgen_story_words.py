"""Story sentences whose shape words say nothing of the input, read by shape (prose_promises): a definition of an
indefinite thing written with "..." ("The LIS of a sequence b_1, b_2, ..., b_m is ..."), one opening "For an array
b ..., the X of this array is", the task after "For this purpose,", the distinct values of an input ("all distinct
letters of the string s"), the order of an iteration ("for each i from 1 to n (in increasing order)").  Each beside
a sentence that still promises, and refuses."""

from __future__ import annotations

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.stdin_format import NoSpec, StdinSpec, stdin_spec
from microcoder_eval.types import TestCase

STATEMENT = """Dana has an array a of n integers. {said} Find the answer.

### Input

The first line contains a single integer n (1 <= n <= 8) — the length of the array.

The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9) — the elements of the array.

### Output

Print the answer.
"""


def _spec(said: str):
    problem = Problem(
        id="cf/words",
        source="cf",
        title="W",
        statement=STATEMENT.format(said=said),
        mode="stdin",
        tests=[TestCase("3\n3 1 3\n", "0\n")],
    )
    return stdin_spec(problem)


@pytest.mark.parametrize(
    "said",
    [
        "The longest increasing subsequence (LIS) of a sequence b_1, b_2, ..., b_m is the longest sequence of indices"
        " i_1 < i_2 < ... < i_k with b_{i_1} < b_{i_2} < ... < b_{i_k}.",
        "For an array b of m integers, the extreme value of this array is the fewest operations that make b"
        " non-decreasing.",
        "For this purpose, she decided to find an increasing subsequence of a.",
        "She builds a set S, which contains all distinct elements of the array.",
        "Start with c = 0; then, for each i from 1 to n (in increasing order), add a_i to c or subtract it.",
    ],
)
def test_shape_words_that_say_nothing_of_the_input_read(said):
    got = _spec(said)
    assert isinstance(got, StdinSpec), got.reason


@pytest.mark.parametrize(
    "said",
    [
        "The elements of a are sorted in increasing order of their last digits.",
        "For this purpose, note that all a_i are distinct.",
        "The array a consists of distinct elements.",
        "Initially, the array a is non-decreasing in each half.",
        "For each i from 1 to n, a_i is distinct from a_{i+1}.",
    ],
)
def test_the_same_words_said_of_the_input_still_refuse(said):
    got = _spec(said)
    # (an order sentence is passed to the constraint reader, which refuses what it does not read)
    assert isinstance(got, NoSpec) and got.refusal.kind in {"promise", "unsupported_constraint"}, (said, got)
