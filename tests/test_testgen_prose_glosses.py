"""Glosses of prose input lines (microcoder_data/testgen/prose_format.py's ``_without_gloss``): a gloss
after a comma ("two integers n and m, the number of rows and columns (...)"), one naming a permutation's
length among other things, "the values of permutation b"; totals of ``n^2``; and ranges said otherwise
("t_i in {1, 2}", "a_i != a_j for i != j", "It is guaranteed that p is a permutation")."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.prose_items import ranges
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


@pytest.mark.parametrize(
    "bounds, read",
    [
        ("t_i in {1, 2}; 1 <= v_i <= 9", ["1 <= t_i <= 2", "1 <= v_i <= 9"]),
        ("c in {0, 1, 2}", ["0 <= c <= 2"]),
        ("c in {1, 3}", ["c in {1, 3}"]),  # not consecutive: left as written (and refused by the reader)
        ("1 <= a_i <= 10^9, a_i != a_j for i != j", ["1 <= a_i <= 10^9", "all values of a are distinct"]),
        ("s only contains characters 0 and 1", ["s consists of 0 and 1"]),
    ],
)
def test_ranges_said_otherwise_are_read_in_the_form_the_reader_knows(bounds, read):
    assert ranges(bounds) == read


OTHERWISE = """Answer the queries.

### Input

The first line contains one integer t (1 <= t <= 100) — the number of test cases.

The first line of each test case contains one integer n (1 <= n <= 20) — the length of the arrays.

The second line of each test case contains n integers p_i (1 <= p_i <= n).

The third line of each test case contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 30, a_i != a_j for i != j).

The fourth line of each test case contains n integers c_1, c_2, ..., c_n (c_i in {1, 2}).

It is guaranteed that p is a permutation.

It is guaranteed the sum of n over all tests does not exceed 200.
"""


def test_a_permutation_distinct_values_and_a_set_of_consecutive_values_said_otherwise_are_drawn_so():
    s = stdin_spec(problem(OTHERWISE, [TestCase("1\n3\n2 3 1\n5 1 9\n1 2 2\n", "1\n")]))
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/otherwise", 30)]
    assert len(got) >= 10 and any(n > 3 for v in got for n, *_ in v["cases"])
    for v in got:
        assert sum(n for n, *_ in v["cases"]) <= 200
        for n, p, a, c in v["cases"]:
            assert sorted(p) == list(range(1, n + 1)) and len(set(a)) == n and set(c) <= {1, 2}
    for broken in ("1\n3\n2 2 1\n5 1 9\n1 2 2\n", "1\n3\n2 3 1\n5 5 9\n1 2 2\n", "1\n3\n2 3 1\n5 1 9\n1 3 2\n"):
        refused = stdin_spec(problem(OTHERWISE, [TestCase(broken, "1\n")]))
        assert isinstance(refused, NoSpec) and refused.refusal.kind == "examples_break_reading", refused


LATER = """Count the letters.

### Input

The first line contains a single integer t (1 <= t <= 100) — the number of test cases.

The first line of each test case contains a single integer n (1 <= n <= 30) — the length of string s.

The next line of each test case contains the string s of length n. {said}
"""


@pytest.mark.parametrize(
    "said, alphabet",
    [
        ("The string s consists of lowercase English letters.", set("abcdefghijklmnopqrstuvwxyz")),
        ("It is guaranteed that s only consists of characters a and b.", {"a", "b"}),
        ("It's guaranteed that s only contains characters 0 and 1.", {"0", "1"}),
        ("It is guaranteed that s only consists of characters a, - and *.", {"a", "-", "*"}),  # bare symbols kept
        ("The string consists of lowercase English letters.", set("abcdefghijklmnopqrstuvwxyz")),
    ],
)
def test_a_string_whose_characters_a_later_sentence_states_is_drawn_of_them(said, alphabet):
    s = stdin_spec(problem(LATER.format(said=said), [TestCase("1\n2\n" + "".join(sorted(alphabet))[:2] + "\n", "1\n")]))
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/later", 20)]
    assert got and all(len(w) == n and set(w) <= alphabet for v in got for n, w in v["cases"])


def test_a_string_whose_characters_no_sentence_states_refuses_naming_its_line():
    s = stdin_spec(problem(LATER.format(said=""), [TestCase("1\n2\nab\n", "1\n")]))
    assert isinstance(s, NoSpec) and s.refusal.kind == "unsupported_format", s
    assert s.refusal.line == "The next line of each test case contains the string s of length n."
    other = stdin_spec(problem(LATER.format(said="The string t consists of lowercase English letters."), []))
    assert isinstance(other, NoSpec), other  # another string's characters: s's still unstated


LIMIT = """Count the ways.

### Input

The first line contains a single integer t (1 <= t <= 100) — the number of test cases.

The first line of each test case contains two integers n and x (1 <= n <= 20, 1 <= x <= 10^9) — {gloss}.

The second line of each test case contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 10^9) — the toxicity levels.
"""


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of mushrooms and the maximum toxicity level",
        "the number of items and the maximum number of operations",
    ],
)
def test_a_scalar_glossed_as_a_limit_is_read(gloss):
    # before: "maximum"/"minimum" in the gloss refused the line (SAYS_MORE); a limit is a parameter of the task
    s = stdin_spec(problem(LIMIT.format(gloss=gloss), [TestCase("1\n2 5\n1 2\n", "1\n")]))
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/limit", 20)]
    assert len(got) >= 10 and all(1 <= x <= 10**9 and len(a) == n for v in got for n, x, a in v["cases"])


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of mushrooms and the maximum element of the array",  # x = max(a): a relation
        "the number of mushrooms and the maximum value",
        "the number of mushrooms and the minimum of a_i",
        "the number of mushrooms and the maximum among the levels",
        "the number of mushrooms and the maximum length of s",
        "the number of mushrooms and the minimum integer in S",
    ],
)
def test_a_limit_said_of_other_values_still_refuses(gloss):
    s = stdin_spec(problem(LIMIT.format(gloss=gloss), [TestCase("1\n2 5\n1 2\n", "1\n")]))
    assert isinstance(s, NoSpec) and s.refusal.kind == "unsupported_format", s


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of mushrooms and the maximum toxicity level of the mushrooms",  # x = max(a)
        "the number of mushrooms and the maximum toxicity level in the input",
        "the number of mushrooms and the minimum toxicity level present",
        # the third review: a relation without a preposition
        "the number of mushrooms and the maximum possible toxicity level",
        "the number of mushrooms and the maximum toxicity level each mushroom may have",
        "the number of mushrooms and the maximum toxicity level for the mushrooms",
        "the number of mushrooms and the maximum toxicity level observed",
        "the number of mushrooms and the maximum toxicity level the mushrooms have",
        # the fourth review: a last word that says of what
        "the number of mushrooms and the maximum toxicity level seen",
        "the number of mushrooms and the maximum toxicity level thereof",
        "the number of mushrooms and the maximum toxicity level overall",
    ],
)
def test_a_limit_of_the_listed_values_refuses(gloss):
    s = stdin_spec(problem(LIMIT.format(gloss=gloss), [TestCase("1\n2 5\n1 5\n", "1\n")]))
    assert isinstance(s, NoSpec) and s.refusal.kind == "unsupported_format", s
