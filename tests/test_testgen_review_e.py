"""The last review of the round's fixes: each phrasing below was read and drew inputs breaking it; each now refuses."""

from __future__ import annotations

import pytest

from test_testgen_prose_cfprosefix import _refused  # one Codeforces-prose builder

PERM = (
    "The first line contains n (1 <= n <= 8). The second line contains n integers p_1, p_2, ..., p_n (1 <= p_i <= n)."
)


@pytest.mark.parametrize(
    "more",
    [
        "The permutation p has no fixed points.",
        "Here p is a permutation with p_1 = 1.",
        "The permutation p is a derangement.",
        "The permutation p is an involution.",
    ],
)
def test_naming_the_permutation_and_saying_more_refuses(more):
    _refused(PERM, "3\n2 3 1\n", f"You are given a permutation p of length n. {more} Find the answer.")


TWO = "The first line contains two integers n and k (1 <= n, k <= 5) — the length of the array and {}."


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of integers to flip",
        "the number of elements that get replaced",
        "the number of numbers to cross out",
        "the number of elements Alice takes",
    ],
)
def test_a_count_of_elements_picked_by_another_verb_refuses(gloss):
    _refused(TWO.format(gloss) + " The second line contains n integers a_1, ..., a_n (1 <= a_i <= 9).", "2 1\n1 2\n")


BOTH = (
    "The first line contains two integers n and k (1 <= n, k <= 5) — the size of the arrays and {}. The second line"
    " contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9). The third line contains n integers b_1, b_2, ..., b_n"
    " (1 <= b_i <= 9)."
)


@pytest.mark.parametrize("gloss", ["the number of inversions in a", "the largest value in array a"])
def test_a_quantity_derived_from_another_input_refuses(gloss):
    _refused(BOTH.format(gloss), "2 1\n2 1\n1 1\n")


def test_a_window_the_ranges_do_not_order_refuses():
    section = (
        "The first line contains two integers n and q (1 <= n, q <= 5). Each of the next q lines contains two"
        " integers l_i and r_i (1 <= l_i, r_i <= n) — the window."
    )
    _refused(section, "3 1\n1 2\n")
