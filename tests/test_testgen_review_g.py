"""The review of this round's Codeforces prose changes: each phrasing below was read and drew inputs breaking it;
each now refuses.  (Story sentences removed only where they begin; the new definition shapes never of the input's
own elements; a formula between two elements; an iteration's order only where the phrase ends; "you may assume";
glosses naming an element or a count of picked items in other words; a mountain array.)"""

from __future__ import annotations

import pytest

from test_testgen_prose_cfprosefix import _refused
from test_testgen_story_order import TWO, _spec

PERM = (
    "The first line contains n (1 <= n <= 8). The second line contains n integers p_1, p_2, ..., p_n (1 <= p_i <= n)."
)
LINE = (
    "The first line contains two integers n and k (1 <= n <= 5, 1 <= k <= 9) — the length of the array and {}. The"
    " second line contains n integers a_1, ..., a_n (1 <= a_i <= 9)."
)


@pytest.mark.parametrize(
    "said",
    [
        "a is sorted in non-decreasing order. Moreover, the concatenation of b and a is sorted in non-decreasing order.",
        "a is sorted in non-decreasing order. Dana's sequence b + a is sorted in non-decreasing order.",
        "For every i, the value of the element a_i is even.",
        "For any two indices i and j, the values of the elements a_i and a_j are different.",
        "For each test case, the elements of the array are pairwise distinct.",
        "For each i, the element a_i of the array is at most b_i.",
        "Dana wrote a_i for each i from 1 to n in increasing order of a_i.",
        "You may assume that the elements of the array are distinct.",
        "For this reason, you may assume that all a_i are distinct.",
        "Initially, a is a mountain array.",
    ],
)
def test_a_story_sentence_of_the_two_lists_still_refuses(said):
    got = _spec(TWO.format(said=said), "3\n1 2 3\n1 3 4\n")
    assert got.__class__.__name__ == "NoSpec", said


@pytest.mark.parametrize(
    "said",
    [
        "The number of inversions of a permutation p_1, p_2, ..., p_n is at most 1.",
        "The sum of a sequence p_1, p_2, ..., p_n is at most 10.",
        "The maximum of a permutation p_1, p_2, ..., p_n is p_1.",
        "Here p_1 = p_n.",
        "Note that p_n = p_1 + 1.",
        "Note that p_1 = p_2 = n.",
        "It is known that p_1 = n.",
        "We know that p_1 = n.",
        "Furthermore, p_1 = n.",
        "p_1 = n in this problem.",
        "In this problem, the array satisfies p_1 = n.",
        "In this problem, p_1 equals n.",
    ],
)
def test_a_relation_or_a_definition_of_the_inputs_own_elements_refuses(said):
    _refused(PERM, "3\n3 1 2\n", f"You are given an array p. {said} Find the answer.")


@pytest.mark.parametrize(
    "gloss",
    [
        "the first element of the array",
        "the last element of the array a",
        "the value of a at position 1",
        "the largest element",
        "the number of items that Bob buys",
        "the number of items bought by Bob",
        "the number of items Bob will buy",
        "the number of items Alice and Bob buy",
        "the number of elements Bob must paint",
    ],
)
def test_a_gloss_naming_an_element_or_a_pick_in_other_words_refuses(gloss):
    _refused(LINE.format(gloss), "2 1\n1 2\n")


# the review of the fixes: siblings the fixes missed, each read and breaking its statement; each now refuses
@pytest.mark.parametrize(
    "said",
    [
        "Also, it is known that p_1 = n.",
        "Also note that p_1 = n.",
        "Additionally, it is known that p_1 = n.",
        "Recall that p_1 = n.",
        "You may assume that p_1 = n.",
        "You can assume that p_1 = n.",
        "You may also assume that p_1 = n.",
        "Here, p_1 + p_n = n + 1.",
        "Note that p_1 + p_2 = n.",
        "For an array p of n integers, the sum of this array is at most 10.",
    ],
)
def test_more_stating_leads_and_relations_of_the_inputs_elements_refuse(said):
    _refused(PERM, "3\n3 1 2\n", f"You are given an array p. {said} Find the answer.")


@pytest.mark.parametrize(
    "gloss", ["the first number of the array", "the first value of the array", "the last integer of the array"]
)
def test_a_gloss_naming_an_element_by_its_number_refuses(gloss):
    _refused(LINE.format(gloss), "2 1\n1 2\n")
