"""What a Codeforces Input line's own words say of its values: a distinctness said again after a "where" gloss, a
gloss calling the list a permutation of plain things or the order of them, a direction the list is written in
along its objects, and a string that is a permutation of a word -- each read and enforced (drawn so, checked on
the tests); the wordings beside them that say more (or stay unsaid) still refuse."""

from __future__ import annotations

import pytest

from microcoder_data.testgen.prose_glosses import without_direction
from microcoder_data.testgen.prose_perms import permutation_gloss
from test_testgen_prose_cfprosefix import _drawn, _refused  # one Codeforces-prose builder

LIST = "The first line contains n (2 <= n <= 5). The second line contains n {}integers a_1, a_2, ..., a_n ({})"
PERM = (
    "The first line contains n (2 <= n <= 5). The second line contains n integers p_1, p_2, ..., p_n (1 <= p_i <= {})"
)
WHERE = ", where a_i is the number of petals of the i-th flower (for different indexes i != j, it must be a_i != a_j)."


@pytest.mark.parametrize("adjective", ["different ", "distinct ", ""])
def test_a_distinctness_said_again_after_a_where_gloss_is_drawn_and_checked(adjective):
    section = LIST.format(adjective, "1 <= a_i <= 6") + WHERE
    for v in _drawn(section, "3\n1 2 3\n"):
        assert len(set(v["a"])) == len(v["a"]) and all(1 <= x <= 6 for x in v["a"])
    _refused(section, "3\n1 2 2\n")  # a test repeating a value breaks it


def test_a_distinctness_of_another_name_after_a_where_gloss_refuses():
    _refused(LIST.format("", "1 <= a_i <= 6") + WHERE.replace("a_i != a_j)", "b_i != b_j)"), "3\n1 2 3\n")


@pytest.mark.parametrize(
    "gloss",
    [
        "the permutation of the predicted ratings",
        "the initial order of the members from front to back",
        "the initial order of the members",
        "the order of the songs from left to right",
    ],
)
def test_a_gloss_calling_the_list_a_permutation_of_plain_things_is_drawn_a_permutation(gloss):
    assert permutation_gloss(gloss)
    for v in _drawn(f"{PERM.format('n')} — {gloss}.", "3\n2 3 1\n"):
        assert sorted(v["p"]) == list(range(1, v["n"] + 1))
    _refused(f"{PERM.format('n')} — {gloss}.", "3\n2 2 1\n")


@pytest.mark.parametrize(
    "gloss",
    [
        "the permutation of the odd numbers",
        "the permutation of the first n integers",
        "the permutation of the sorted values",
        "the order of the dishes",  # an order placed, maybe: no arrangement said
        "the initial order of the members, each at most n",
    ],
)
def test_a_permutation_gloss_saying_more_or_unsure_refuses(gloss):
    assert not permutation_gloss(gloss)
    _refused(f"{PERM.format('n')} — {gloss}.", "3\n2 3 1\n")


def test_a_permutation_gloss_over_a_range_other_than_its_length_refuses():
    _refused(f"{PERM.format('10^9')} — the permutation of the predicted ratings.", "3\n2 3 1\n")
    _refused(f"{PERM.format('n')} — the initial order of the members.\n{PERM.format('n')}", "3\n2 3 1\n")


@pytest.mark.parametrize(
    "gloss",
    [
        "the numbers on the cards from top to bottom",
        "the heights of the towers, from left to right",
        "the values on the cards from first to last",
    ],
)
def test_a_direction_along_the_objects_the_values_are_of_says_nothing_of_them(gloss):
    assert without_direction(gloss) != gloss
    for v in _drawn(f"{LIST.format('', '1 <= a_i <= 9')} — {gloss}.", "3\n3 1 3\n"):
        assert all(1 <= x <= 9 for x in v["a"])


@pytest.mark.parametrize(
    "gloss",
    [
        "the positions of the chips from left to right",  # positions listed along a direction: sorted
        "the coordinates of the points from left to right",
        "the times of the events from first to last",
        "the numbers from smallest to largest",
        "the numbers on the cards from top to bottom, sorted",
        "the numbers on the cards from top to bottom, all distinct",
    ],
)
def test_a_direction_that_may_order_the_values_refuses(gloss):
    assert without_direction(gloss) == gloss or "," in gloss
    _refused(f"{LIST.format('', '1 <= a_i <= 9')} — {gloss}.", "3\n3 1 3\n")


STRINGS = (
    "The first line contains a string S (1 <= |S| <= 10), consisting of lowercase English letters. "
    "The second line contains a string T that is a permutation of the string {}."
)


@pytest.mark.parametrize("then", ["", " (Hence, |T| = 3)."])
def test_a_string_that_is_a_permutation_of_a_word_is_drawn_so(then):
    for v in _drawn(STRINGS.format("abc") + then, "ab\nbca\n"):
        assert sorted(v["T"]) == ["a", "b", "c"]
    _refused(STRINGS.format("abc") + then, "ab\nbba\n")  # a test repeating a character breaks it
    _refused(STRINGS.format("abc") + then, "ab\nab\n")  # nor is a shorter one one


def test_a_string_permutation_of_a_word_with_a_repeated_character_refuses():
    _refused(STRINGS.format("abca"), "ab\nbcaa\n")


def test_a_story_guarantee_restating_the_word_permutation_is_enforced_once():
    story = "You are given strings S and T. It is guaranteed that T is a permutation of the string abc. Find it."
    for v in _drawn(STRINGS.format("abc"), "ab\nbca\n", story):
        assert sorted(v["T"]) == ["a", "b", "c"]
    _refused(STRINGS.format("abc"), "ab\nbca\n", story.replace("abc. Find", "abd. Find"))


def test_no_limit_on_a_sum_says_nothing_of_the_values():
    section = (
        "The first line contains a single integer t (1 <= t <= 5) — the number of test cases. "
        "The only line of each test case contains a string S (1 <= |S| <= 10), consisting of lowercase English "
        "letters. Note that there is no limit on the sum of |S| across all test cases."
    )
    for v in _drawn(section, "2\nab\nc\n"):
        assert all(1 <= len(s) <= 10 for s in v["cases"])


def test_the_edges_of_the_tree_with_no_layout_stated_still_refuse():
    section = (
        "The first line contains a single integer n (2 <= n <= 9) — the number of vertices in the tree. "
        "The next n-1 lines contain the edges of the tree. It is guaranteed that the given edges form a tree."
    )
    _refused(section, "3\n1 2\n2 3\n")


def test_a_gloss_stating_a_property_of_the_graph_still_refuses():
    gloss = "the number of vertices in each graph and the value by which the length of each cycle is divisible"
    _refused(f"The only line contains two integers n and k (2 <= k <= n <= 9) — {gloss}.", "3 2\n")
