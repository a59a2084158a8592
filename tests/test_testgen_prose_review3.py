"""The third prose review's valid-or-none holes, each closed: a gloss, story sentence or subjectless clause that
says more than the reading enforces is refused (each was accepted, and drew inputs breaking it, before), and
the plain wording beside it is still read and drawn so."""

from __future__ import annotations


import pytest

from microcoder_data.testgen.prose_glosses import after_ranges, scalars_named
from microcoder_data.testgen.prose_sentences import noun_phrases
from test_testgen_prose_cfprosefix import _drawn, _refused  # one Codeforces-prose builder

SCALARS = "The only line contains three integers n, a and b (1 <= n, a, b <= 9) — {}."
TWO = "The only line contains two integers n and k (1 <= n, k <= 9) — {}."
LIST = "The first line contains n (2 <= n <= 5). The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9)"
PERM = "The first line contains n (2 <= n <= 5). The second line contains n integers p_1, p_2, ..., p_n (1 <= p_i <= n)"


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of buns, the usual price, the promo price which is lower than the usual price",
        "the number of buns, the usual price, the promo price smaller than the usual price",
    ],
)
def test_a_part_naming_a_scalar_that_compares_it_is_refused(gloss):  # hole 1
    assert not noun_phrases(gloss, 3)
    _refused(SCALARS.format(gloss), "3 5 7\n")


def test_a_part_naming_a_scalar_plainly_is_still_read_and_drawn():
    for v in _drawn(SCALARS.format("the number of buns, the usual price, the promo price"), "3 5 7\n"):
        assert all(1 <= v[x] <= 9 for x in "nab")


@pytest.mark.parametrize(
    "tail", ["the latter smaller than the former", "the second one below the first", "a number that never goes above n"]
)
def test_a_part_naming_two_scalars_through_and_counts_as_two(tail):  # hole 2
    gloss = f"the number of items and the number of chosen items, {tail}"
    assert not noun_phrases(gloss, 2)
    _refused(TWO.format(gloss), "2 5\n")


def test_two_scalars_named_through_and_are_still_read():
    for v in _drawn(TWO.format("the number of items and the number of boxes"), "2 5\n"):
        assert 1 <= v["n"] <= 9 and 1 <= v["k"] <= 9
    # "chosen items" is a pick among the n items (k <= n unsaid by the ranges): refused since the second gloss review
    _refused(TWO.format("the number of items and the number of chosen items"), "2 5\n")


@pytest.mark.parametrize(
    "gloss",
    [
        "the heights of the towers from tallest to shortest",
        "the values which are all equal",
        "the values which never repeat",
    ],
)
def test_a_one_part_list_gloss_is_read_whole(gloss):  # hole 3
    assert not noun_phrases(gloss)
    _refused(f"{LIST} — {gloss}.", "2\n3 5\n")


def test_a_plain_list_gloss_is_still_read_and_drawn():
    for v in _drawn(f"{LIST} — the heights of the towers.", "2\n3 5\n"):
        assert len(v["a"]) == v["n"] and all(1 <= x <= 9 for x in v["a"])


def test_a_comparing_part_inside_test_cases_is_refused():  # hole 4
    cases = "The first line contains t (1 <= t <= 3) — the number of test cases. Then t lines contain the test cases, one per line. Each of the lines contains two integers a and b (1 <= a, b <= 9) — the number of apples, the number of pears{}."
    _refused(cases.format(" which is larger than a"), "1\n5 2\n")
    for v in _drawn(cases.format(""), "1\n5 2\n"):
        assert all(1 <= x <= 9 for c in v["cases"] for x in c)


BLOCK = "The first line contains n (2 <= n <= 5). Each of the next n lines contains two integers d_i and a_i (1 <= d_i, a_i <= 9), {}."


def test_a_which_clause_after_the_ranges_is_allow_listed():  # hole 5
    assert not after_ranges("the day on which the milk arrives later and later")
    _refused(BLOCK.format("the day on which the milk arrives later and later"), "2\n3 4\n1 2\n")
    assert after_ranges("the day on which the milk was acquired and the number of pints acquired")


VALUES = "The first line contains n (1 <= n <= 9). The second line contains n integers a_1, ..., a_n (1 <= a_i <= 9)."


@pytest.mark.parametrize(
    "story", ["This is the easy version. In this version a_i <= 2. Find it.", "Note that a_i <= 2. Find it."]
)
def test_a_story_range_of_a_list_element_is_enforced(story):  # hole 6
    _refused(VALUES, "2\n7 8\n", story)
    for v in _drawn(VALUES, "2\n1 2\n", story):
        assert all(x <= 2 for x in v["a"])


def test_a_version_sentence_bounding_an_input_is_not_skipped():  # hole 7
    story = "This is the easy version. In this version n is at most 3. Find the answer."
    _refused(VALUES, "5\n1 2 3 4 5\n", story)


@pytest.mark.parametrize(
    "gloss",
    [
        "the permutation p in which no element stays in its place",
        "the permutation of the numbers from 1 to n whose first element is n",
        "the given permutation of even length",
        "the permutation p that consists of one cycle",
    ],
)
def test_a_permutation_gloss_saying_more_is_refused(gloss):  # hole 8
    _refused(f"{PERM} — {gloss}.", "3\n1 2 3\n")


@pytest.mark.parametrize(
    "gloss", ["the permutation p", "the permutation p of length n", "the elements of the permutation"]
)
def test_a_plain_permutation_gloss_is_drawn_a_permutation(gloss):
    for v in _drawn(f"{PERM} — {gloss}.", "3\n1 2 3\n"):
        assert sorted(v["p"]) == list(range(1, v["n"] + 1))


@pytest.mark.parametrize(
    "clause",
    [
        "each a multiple of 3",
        "each no more than n",
        "all the same",
        "all identical",
        "each below n",
        "each strictly smaller than the next",
    ],
)
def test_a_subjectless_clause_is_refused_unless_allow_listed(clause):  # hole 9
    _refused(f"{LIST}.", "2\n1 2\n", f"Given an array a of length n, {clause}, find the answer.")


def test_a_subjectless_clause_of_allow_listed_words_is_still_read():
    for v in _drawn(f"{LIST} — the heights, each column.", "2\n1 2\n"):
        assert all(1 <= x <= 9 for x in v["a"])


def test_a_story_condition_on_a_list_element_is_not_read_as_a_range():
    for v in _drawn(VALUES, "2\n7 8\n", "If a_i >= 5, the element is big. Find the answer."):
        assert all(1 <= x <= 9 for x in v["a"])


def test_scalars_each_with_its_own_range_count_each_so_a_part_naming_two_is_read():
    line = "The only line contains two integers n (1 <= n <= 9) and k (1 <= k <= 9), representing the length of the array and the number of times it is done."
    assert scalars_named(line.split(", repr")[0]) == 2
    for v in _drawn(line, "2 5\n"):
        assert 1 <= v["n"] <= 9 and 1 <= v["k"] <= 9
