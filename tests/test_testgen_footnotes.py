"""Codeforces' footnote marks ("a permutation^{\\ast} p", "^{\\ddagger}A permutation of length n is ...") are dropped
where test generation reads a statement, so the footnote reads as the definition it is and the marked word as the
word; an exponent is never taken for a mark."""

from __future__ import annotations

import pytest

from microcoder_eval.statement_text import without_footnote_marks
from test_testgen_prose_cfprosefix import _drawn, _refused  # one Codeforces-prose builder


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("a permutation^+ p of length n", "a permutation p of length n"),
        ("^{∗}A permutation of length n", "A permutation of length n"),
        ("inversions^(+) in", "inversions in"),
        ("^{\\ddagger}A permutation", "A permutation"),
        ("^\\ddaggerA permutation", "A permutation"),
        ("a permutation^{\\ast} p", "a permutation p"),
        ("^\\dagger The median", " The median"),
    ],
)
def test_a_footnote_mark_is_dropped(text, plain):
    assert without_footnote_marks(text) == plain


@pytest.mark.parametrize("text", ["2^{30}", "2^(n+1)", "10^5", "a_i^2", "2^{n}", "x^{k+1}", "\\daggers"])
def test_an_exponent_is_no_footnote_mark(text):
    assert without_footnote_marks(text) == text


SECTION = (
    "The first line contains a single integer n (1 <= n <= 8). "
    "The second line contains n integers p_1, p_2, ..., p_n (1 <= p_i <= n)."
)
DEFINITION = (
    "A permutation of length n is an array consisting of n distinct integers from 1 to n in arbitrary order. "
    "For example, [2,3,1,5,4] is a permutation, but [1,2,2] is not a permutation."
)


@pytest.mark.parametrize("mark", ["^{\\ast}", "^{∗}", "^+", "^{\\ddagger}", "^\\ddagger", "^(+)"])
def test_a_footnoted_permutation_is_drawn_a_permutation(mark):
    story = f"You are given a permutation{mark} p of length n. Find the answer.\n\n{mark}{DEFINITION}"
    for v in _drawn(SECTION, "3\n2 3 1\n", story):
        assert sorted(v["p"]) == list(range(1, v["n"] + 1))
    _refused(SECTION, "3\n2 2 1\n", story)  # a test that is no permutation breaks it


def test_a_footnote_saying_more_than_a_definition_still_refuses():
    story = (
        "You are given a permutation^{\\ast} p of length n. Find the answer.\n\n"
        "^{\\ast}It is guaranteed that p_1 < p_2."
    )
    _refused(SECTION, "3\n1 3 2\n", story)


# an input of numbers only: a rule reading "permutation" there as the answer's was withdrawn (two reviews found
# sentences it dropped that spoke of the input); every such story refuses
NUMBERS = (
    "The first line contains a single integer t (1 <= t <= 10) — the number of test cases. "
    "The only line of each test case contains two integers n and k (1 <= n <= 5, 0 <= k <= 9) — the length of the "
    "permutation and the required value."
)


@pytest.mark.parametrize(
    "story",
    [
        "Find a permutation p of length n whose value is k. Print it.",
        "You are given two integers n and k that form a permutation of 1, 2. Find the answer.",
        "You are given two integers. They form a permutation. Find the answer.",
        "It is guaranteed that n and k form a permutation.",
        "You are given n and k. Find the permutation of length n whose first element is the given k.",
    ],
)
def test_a_permutation_in_the_story_of_an_input_of_numbers_refuses(story):
    _refused(NUMBERS, "1\n1 2\n", story)


# the first review's holes: "permutation" dropped where it still spoke of the input, a definition saying more
THREE = "The only line contains three integers a, b and c (1 <= a, b, c <= 3)."


@pytest.mark.parametrize(
    "story",
    [
        "The given numbers form a permutation of 1, 2, 3.",
        "The input is a permutation of 1, 2, 3.",
        "Monocarp has a permutation of length 3. Its elements are a, b and c.",
        "You are given a permutation of length 3.",
    ],
)
def test_a_permutation_the_input_is_said_in_other_words_still_refuses(story):
    _refused(THREE, "1 2 3\n", story)


def test_a_string_that_is_a_permutation_of_letters_still_refuses():
    section = "The only line contains a string s (1 <= |s| <= 5) consisting of characters a, b, c."
    _refused(section, "abc\n", "Monocarp wrote a permutation of the letters a, b, c as a string.")


@pytest.mark.parametrize(
    "more",
    [
        " such that no element is at its own position.",
        ", and here p_1 = 1.",
        " whose first element is 1.",
        " in increasing order.",
    ],
)
def test_a_permutation_defined_with_more_refuses(more):
    usual = "A permutation of length n is an array consisting of n distinct integers from 1 to n in arbitrary order"
    story = f"You are given a permutation^{{\\ast}} p of length n. Find the answer.\n\n^{{\\ast}}{usual}{more}"
    _refused(SECTION, "3\n2 3 1\n", story)


@pytest.mark.parametrize(
    "footnote",
    [
        "We call an array p a permutation if it contains each integer from 1 to n exactly once and p_i != i.",
        f"{DEFINITION} In this problem, a permutation never has p_i = i.",
        f"{DEFINITION} Here, permutations have no fixed points.",
        "A permutation of length n is an ordering of 1 to n in which no element is at its own position.",
    ],
)
def test_the_second_review_definitions_saying_more_refuse(footnote):
    story = f"You are given a permutation^{{\\ast}} p of length n. Find the answer.\n\n^{{\\ast}}{footnote}"
    _refused(SECTION, "3\n2 3 1\n", story)
