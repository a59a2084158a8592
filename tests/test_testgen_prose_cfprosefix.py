"""The cfprose review's valid-or-none holes, each closed: a statement that says more than the reading enforces
is refused (each of these was accepted, and drew inputs breaking it, before), and the plain wording next to it
is still read and drawn so."""

from __future__ import annotations

import json
import re

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.prose_sentences import noun_phrases
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase

STORY = "You are given some values. Find the answer."


def _spec(section: str, test: str, story: str = STORY):
    statement = f"{story}\n\nInput\n\n{section}\n\nOutput\n\nPrint the answer."
    problem = Problem(
        id="cf/fix", source="cf", title="t", statement=statement, mode="stdin", tests=[TestCase(test, "0\n")]
    )
    return stdin_spec(problem)


def _drawn(section: str, test: str, story: str = STORY) -> list[dict]:
    s = _spec(section, test, story)
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/fix", 25)]
    assert len(got) >= 5
    return got


def _refused(section: str, test: str, story: str = STORY) -> None:
    assert not isinstance(_spec(section, test, story), StdinSpec), (section, story)


LIST = "The first line contains n (2 <= n <= 5). The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9)"

# holes 1 and 9: a later gloss part is allow-listed words only
SAYS_MORE = [
    "the values, identical",
    "the points, clockwise",
    "the points, counterclockwise",
    "the values, smallest first",
    "the heights, tallest first",
    "the heights, shortest first",
    "the values, alike",
    "the values, monotone",
    "the values, monotonic",
    "the values, alternating",
    "the values, rising",
    "the values, contiguous",
    "the number of rows, columns, identical",
    "the values, mod three",
    "the values, halves",
    "the values, twins",
    "the values, each equal",
    "the values, each less than n",
    "the values, each greater than n",
    "the values, each smaller than the next",
    "the values, each used once",
    "the values, the same",
]


@pytest.mark.parametrize("gloss", SAYS_MORE)
def test_a_later_gloss_part_saying_how_the_values_are_is_no_noun_phrase_and_refuses(gloss):
    assert not noun_phrases(gloss)
    _refused(f"{LIST} — {gloss}.", "2\n3 3\n")


@pytest.mark.parametrize(
    "gloss",
    ["the heights, widths and lengths", "the number of rows, each column", "the size of the grid, respectively"],
)
def test_a_later_gloss_part_of_allow_listed_nouns_is_read_and_the_ranges_drawn(gloss):
    assert noun_phrases(gloss)
    for v in _drawn(f"{LIST} — {gloss}.", "2\n3 3\n"):
        assert len(v["a"]) == v["n"] and all(1 <= x <= 9 for x in v["a"])


# hole 2: a gloss after the ranges' comma has its own strict shape
@pytest.mark.parametrize(
    "gloss",
    [
        "the first being 1",
        "the same number repeated n times",
        "the last being the largest",
        "the heights of the towers, tallest first",
        "the heights of the towers from the tallest",
        "the values, each one more than the previous",
        "the day on which the price is largest",
    ],
)
def test_a_gloss_after_the_ranges_comma_saying_more_refuses(gloss):
    _refused(f"{LIST}, {gloss}.", "2\n1 3\n")


def test_a_query_row_glossed_after_its_comma_as_the_previous_one_refuses():
    head = "The first line contains two integers n and q (1 <= n, q <= 5). The second line contains n integers"
    rows = " a_1, ..., a_n (1 <= a_i <= 5). In the j-th of the following q lines, two integers l and r (1 <= l, r <= n)"
    _refused(f"{head}{rows}, the same as in the previous query.", "3 1\n1 2 3\n1 2\n")


# hole 3 and 4: the story's permutation
PERM = (
    "The first line contains n (2 <= n <= 5). The second line contains n integers p_1, p_2, ..., p_n (1 <= p_i <= n)."
)
MN = "The first line contains two integers n and m (1 <= n, m <= 5). The second line contains m integers p_1, p_2, ..., p_m"


def test_a_permutation_listed_with_a_clause_after_it_refuses_and_the_plain_listing_is_drawn_one():
    _refused(PERM, "2\n2 1\n", story="You are given a permutation p_1, p_2, ..., p_n such that p_1 > p_n. Find it.")
    for v in _drawn(PERM, "2\n2 1\n", story="You are given a permutation p_1, p_2, ..., p_n. Find it."):
        assert sorted(v["p"]) == list(range(1, v["n"] + 1))


@pytest.mark.parametrize(
    "story",
    [
        "You are given a permutation p of length n.",
        "You are given a permutation p_1, p_2, ..., p_n.",
        "You are given a permutation p consisting of n integers 1, 2, ..., n.",
        "You are given a permutation p of integers from 1 to n.",
    ],
)
def test_a_story_permutation_whose_length_is_not_the_lists_refuses(story):
    _refused(f"{MN} (1 <= p_i <= m).", "2 2\n2 1\n", story=f"{story} Find it.")
    for v in _drawn(
        f"{MN} (1 <= p_i <= m).", "2 2\n2 1\n", story=re.sub(r"(?<![A-Za-z])n\b", "m", f"{story} Find it.")
    ):
        assert sorted(v["p"]) == list(range(1, v["m"] + 1))


def test_a_story_permutation_of_1_to_n_where_the_ranges_say_0_to_n_minus_1_refuses():
    section = (
        "The first line contains n (2 <= n <= 5). The second line contains n integers p_1, ..., p_n (0 <= p_i < n)."
    )
    _refused(section, "2\n0 1\n", story="You are given a permutation p of integers from 1 to n. Find it.")


# hole 5: "positive" / "of length n" of the distinct story sentences
def test_distinct_positive_scalars_whose_range_allows_zero_refuse_and_positive_ones_are_drawn_so():
    story = "You are given two distinct positive integers x and y. Find it."
    _refused("The only line contains two integers x and y (0 <= x, y <= 3).", "1 2\n", story=story)
    for v in _drawn("The only line contains two integers x and y (1 <= x, y <= 3).", "1 2\n", story=story):
        assert v["x"] != v["y"] and min(v["x"], v["y"]) >= 1


def test_distinct_lists_of_a_length_other_than_their_count_refuse():
    section = (
        "The first line contains two integers n and m (1 <= n, m <= 5). The second line contains m integers"
        " a_1, a_2, ..., a_m (1 <= a_i <= 20). The third line contains m integers b_1, b_2, ..., b_m (1 <= b_i <= 20)."
    )
    story = "Given two arrays of distinct positive integers a and b of length {}, find the answer."
    _refused(section, "1 2\n1 2\n3 4\n", story=story.format("n"))
    for v in _drawn(section, "1 2\n1 2\n3 4\n", story=story.format("m")):
        assert all(len(set(x)) == len(x) == v["m"] for x in (v["a"], v["b"]))
    _refused(section.replace("(1 <= a_i", "(0 <= a_i"), "1 2\n1 2\n3 4\n", story=story.format("m"))


# hole 6: the rest of a "Given ... distinct ..." sentence with no subject of its own
@pytest.mark.parametrize("rest", ["all even", "each at most n", "each between 1 and n"])
def test_a_subjectless_rest_after_given_distinct_arrays_refuses(rest):
    _refused(
        f"{LIST}.", "2\n2 4\n", story=f"Given an array of distinct integers a of length n, {rest}, find the answer."
    )


def test_given_distinct_arrays_with_a_request_after_is_drawn_distinct():
    story = "Given an array of distinct integers a of length n, find the answer."
    for v in _drawn(f"{LIST}.", "2\n2 4\n", story=story):
        assert len(set(v["a"])) == len(v["a"]) == v["n"]


# hole 7: the tree-edges gloss is a plain noun phrase
TREE = "The first line contains n (2 <= n <= 6). Each of the next n - 1 lines contains two integers u_i and v_i"


@pytest.mark.parametrize(
    "more",
    [
        ", where u_i is the parent of v_i",
        " from the parent to the child",
        " directed away from the root",
    ],
)
def test_a_tree_edge_gloss_saying_an_orientation_refuses(more):
    _refused(f"{TREE} (1 <= u_i, v_i <= n) — an edge within the original tree T{more}.", "3\n1 2\n1 3\n")


def test_a_plain_tree_edge_gloss_is_drawn_a_tree():
    for v in _drawn(f"{TREE} (1 <= u_i, v_i <= n) — an edge within the original tree T.", "3\n1 2\n1 3\n"):
        seen = {1}
        edges = list(zip(v["u"], v["v"]))
        for _ in edges:
            seen |= {x for e in edges for x in e if set(e) & seen}
        assert len(edges) == v["n"] - 1 and seen == set(range(1, v["n"] + 1))


# hole 8: an index range's bound is the list's length
def test_an_index_range_bounded_by_other_than_the_lists_length_refuses():
    head = "The first line contains n and k (1 <= n, k <= 5). The second line contains n integers c_1, ..., c_n"
    gloss = " (1 <= c_i <= 9) — the number of cards of type i, for each 1 <= i <= {}."
    _refused(head + gloss.format("k"), "2 2\n1 1\n")
    for v in _drawn(head + gloss.format("n"), "2 2\n1 1\n"):
        assert len(v["c"]) == v["n"]


@pytest.mark.parametrize(
    "story",
    [
        "Given an array a of length n, all even, find the answer.",
        "Given an array a, each at most n, find the answer.",
        "All even, find the answer.",
    ],
)
def test_a_subjectless_value_clause_in_the_story_is_a_promise_and_refuses(story):
    _refused(f"{LIST}.", "2\n2 4\n", story=story)


def test_a_given_array_with_a_request_after_is_still_read():
    for v in _drawn(f"{LIST}.", "2\n2 4\n", story="Given an array a of length n, find the answer."):
        assert len(v["a"]) == v["n"]


SCALARS = "The only line contains three integers n, a, and b (1 <= n, a, b <= 9) — the number of buns, {}."


def test_one_gloss_part_per_scalar_names_it_and_a_part_saying_more_still_refuses():
    for v in _drawn(SCALARS.format("the usual price of a bun, and the price of the first bun"), "1 2 3\n"):
        assert all(1 <= v[x] <= 9 for x in "nab")
    _refused(SCALARS.format("the price, the same"), "1 2 3\n")
    _refused(SCALARS.format("the price, each less than n"), "1 2 3\n")
    _refused(SCALARS.format("the price, the first being 1"), "1 2 3\n")


def test_a_listing_inside_a_gloss_is_one_name_and_a_tree_edge_connecting_vertex_x_and_y_is_plain():
    line = "The first line contains two integers n and m (2 <= n, m <= 9) — the length of the array a_1, a_2, ..., a_n"
    for v in _drawn(f"{line} and the largest value of an element a_i.", "2 3\n"):
        assert 2 <= v["n"] <= 9 and 2 <= v["m"] <= 9
    edge = f"{TREE} (1 <= u_i, v_i <= n), denoting an edge on the tree connecting vertex u_i and v_i."
    for v in _drawn(edge, "3\n1 2\n1 3\n"):
        assert len(v["u"]) == v["n"] - 1
