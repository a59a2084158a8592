"""Codeforces gloss readings that dropped what a gloss said (a review's holes), now refused: a direction along the
objects' numbers ("the numbers of the cells from left to right": indices, sorted), ends of a qualified segment ("the
start and end indices of the vowel segment"), "of both" inside a derived quantity ("the number of common elements of
both arrays"), a task's order that may order the values ("in the order they should be ranked"), an input glossed as
the hidden array whose bound a gloss states, a string's length said twice ("(Hence, |T| = 4)"), values tied to
another input ("respectively a_1 and a_n"), elements the task picks ("the number of elements you need to choose") and
a segment's ends the ranges do not order.  The readings kept are drawn within what the line says."""

from __future__ import annotations

import pytest

from microcoder_data.testgen.spec_model import NoSpec
from test_testgen_prose_cfprosefix import _drawn, _refused, _spec  # one Codeforces-prose builder

LIST = "The first line contains n (2 <= n <= 5). The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9)"


@pytest.mark.parametrize(
    "gloss",
    [
        "the numbers of the cells from left to right",
        "the numbers of the days from first to last",
        "the numbers of the floors from top to bottom",
        "the numbers of the rows from top to bottom",
        "the numbers of the houses from left to right",
        "the numbers of the steps from bottom to top",
        "the values of the positions from left to right",
        "the numbers of the students from front to back",
        "the numbers of the positions from beginning to end",
    ],
)
def test_numbers_of_objects_along_a_direction_are_indices_and_refuse(gloss):
    _refused(f"{LIST} — {gloss}.", "3\n1 2 3\n")


@pytest.mark.parametrize(
    "gloss", ["the numbers on the cards from top to bottom", "the values on the cards from first to last"]
)
def test_numbers_on_objects_along_a_direction_are_still_read(gloss):
    for v in _drawn(f"{LIST} — {gloss}.", "3\n3 1 3\n"):
        assert 2 <= v["n"] <= 5 and len(v["a"]) == v["n"] and all(1 <= x <= 9 for x in v["a"])


QUERIES = (
    "The first line contains two integers n and q (1 <= n, q <= 5). The second line contains n integers a_1, a_2,"
    " ..., a_n (1 <= a_i <= 9). Each of the next q lines contains two integers l_i and r_i ({}) — {}."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the start and end indices of the vowel segment",
        "the left and right ends of the vowel substring",
        "the left and right borders of the plateau",
        "the start and end positions of the constant segment",
        "the start and end of the longest plateau",
        "the left and right borders of the mountain",
        "the left and right borders of the staircase",
        "the first and last letters of the word",  # letters: the values, maybe
        "the first and last positions of the letter a in the array",
    ],
)
def test_ends_of_a_qualified_or_unknown_thing_refuse(gloss):
    _refused(QUERIES.format("1 <= l_i <= r_i <= n", gloss), "3 1\n1 1 1\n1 3\n")


@pytest.mark.parametrize(
    "gloss",
    [
        "the start and end day of each job",
        "the left and right borders of the segment",
        "the first and last day of the trip",
    ],
)
def test_ends_of_a_plain_thing_are_still_read_and_ordered(gloss):
    for v in _drawn(QUERIES.format("1 <= l_i <= r_i <= n", gloss), "3 1\n1 1 1\n1 3\n"):
        assert all(1 <= x <= y <= v["n"] for x, y in zip(v["l"], v["r"]))


SCALARS = (
    "The first line contains two integers n and q (1 <= n, q <= 5). The second line contains n integers a_1, a_2,"
    " ..., a_n (1 <= a_i <= 9). Each of the next q lines contains two integers x_i and y_i (1 <= x_i <= y_i <= 9)"
    " — {}."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the first and last elements of the array",
        "the first and last values, respectively a_1 and a_n",
        "the values, respectively a_1 and a_n",
        "the values, correspondingly a_1 and a_n",
        "the values, a_1 and a_n",
        "the bounds of the query, respectively a_1 and a_n",
        "the start and end day of each job, a_1 and a_n (respectively)",
        "the start and end day of each job, a_1 and a_n",
    ],
)
def test_a_gloss_tying_the_values_to_another_input_refuses(gloss):
    _refused(SCALARS.format(gloss), "3 1\n1 2 3\n1 3\n")


BOTH = (
    "The first line contains two integers n and k (1 <= n, k <= 5) — {}. The second line contains n integers a_1,"
    " a_2, ..., a_n (1 <= a_i <= 9). The third line contains n integers b_1, b_2, ..., b_n (1 <= b_i <= 9)."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the size of the arrays and the number of common elements of both arrays",
        "the size of the arrays and the sum of both arrays",
        "the length of the arrays and the number of elements of both arrays",
        "the size of the arrays and the number of matching positions of both arrays",
        "the size of the arrays and the sum of the arrays",
        "the size of the arrays and the number of common elements of the arrays",
        "the size of the arrays and the number of distinct elements of the arrays",
    ],
)
def test_a_quantity_the_inputs_make_refuses(gloss):
    _refused(BOTH.format(gloss), "2 1\n1 2\n3 4\n")


STRINGS = (
    "The first line contains two integers n and k (1 <= n, k <= 5) — {}. The second line contains a string a of"
    " length n consisting of lowercase Latin letters. The third line contains a string b of length n consisting of"
    " lowercase Latin letters."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the length of both strings and the number of common letters of both strings",
        "the length of the strings and the number of common letters of the strings",
    ],
)
def test_common_letters_of_the_strings_refuse(gloss):
    _refused(STRINGS.format(gloss), "2 1\nab\ncb\n")


def test_the_length_of_both_strings_is_still_read():
    for v in _drawn(STRINGS.format("the length of both strings and the number of queries"), "2 1\nab\ncb\n"):
        assert len(v["a"]) == len(v["b"]) == v["n"] and 1 <= v["k"] <= 5


@pytest.mark.parametrize(
    "gloss",
    [
        "the ratings of the players in the order they should be ranked",
        "the weights of the boxes in the order they should be stacked",
        "the values in the order they must be extracted",
        "the prices of the items in the order they should be arranged",
        "the numbers in the order they should be arranged in the heap",
        "the sizes of the dolls in the order they must be nested",
        "the numbers in the order they should be printed",
    ],
)
def test_a_task_s_order_that_may_order_the_values_refuses(gloss):
    _refused(f"{LIST} — {gloss}.", "3\n1 2 3\n")


def test_an_orderless_task_s_order_is_still_read():
    for v in _drawn(f"{LIST} — the heights of the towers in the order they should be built.", "3\n3 1 3\n"):
        assert all(1 <= x <= 9 for x in v["a"])


HIDDEN = (
    "The first line contains two integers n and m (2 <= n <= 5, 2 <= m <= 10^9) — the length of the hidden array"
    " a_1, a_2, ..., a_n and the maximum absolute value of an element a_i. The second line contains n integers b_1,"
    " b_2, ..., b_n (|b_i| <= m * n){}."
)


@pytest.mark.parametrize(
    "gloss",
    [" — the values of the hidden array", " — the elements of the hidden array", " — the hidden array"],
)
def test_an_input_glossed_as_the_hidden_array_refuses_its_bound(gloss):
    s = _spec(HIDDEN.format(gloss), "2 3\n1 -6\n")
    assert isinstance(s, NoSpec) and "a gloss bounds the values of an input" in s.reason, s


def test_a_hidden_array_no_input_is_is_still_read():
    for v in _drawn(HIDDEN.format(""), "2 3\n1 -6\n"):
        assert all(abs(x) <= v["m"] * v["n"] for x in v["b"])


@pytest.mark.parametrize(
    "section, test",
    [
        ("The first line contains a string T that is a permutation of the string abc. (Hence, |T| = 4)", "bca\n"),
        (
            "The first line contains a string T that is a permutation of the string abc. It is guaranteed that |T| = 4.",
            "bca\n",
        ),
        (
            "The first line contains n (1 <= n <= 5). The second line contains a string T of length n consisting of"
            " lowercase Latin letters. (Hence, |T| = 3)",
            "3\nabc\n",
        ),
        (
            "The first line contains n (1 <= n <= 5). The second line contains a string T of length n consisting of"
            " lowercase Latin letters. It is guaranteed that |T| = 3.",
            "3\nabc\n",
        ),
        (
            "The first line contains a string T of length 3 consisting of lowercase Latin letters. It is guaranteed"
            " that |T| <= 2.",
            "abc\n",
        ),
    ],
)
def test_a_string_s_length_said_again_otherwise_refuses(section, test):
    s = _spec(section, test)
    assert isinstance(s, NoSpec) and "the length of T said twice" in s.reason, s


def test_a_string_s_length_said_again_the_same_is_read():
    for v in _drawn(
        "The first line contains a string T that is a permutation of the string abc. (Hence, |T| = 3)", "bca\n"
    ):
        assert sorted(v["T"]) == list("abc")
    for v in _drawn(
        "The first line contains a string T (1 <= |T| <= 5) consisting of lowercase Latin letters. (Hence, |T| = 3)",
        "abc\n",
    ):
        assert len(v["T"]) == 3


PICK = (
    "The first line contains two integers n and k (1 <= n, k <= 5) — the length of the array and {}. The second line"
    " contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9)."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of elements you need to choose",
        "the number of elements to choose",
        "the number of elements of the subsequence you need to find",
        "the number of elements required to form a group",
        "the size of the subset you need to pick",
        "the index of the element you need to delete",
    ],
)
def test_elements_the_task_picks_refuse(gloss):
    _refused(PICK.format(gloss), "2 1\n1 2\n")


SEGMENT = (
    "The first line contains two integers n and q (1 <= n, q <= 5). Each of the next q lines contains two integers"
    " l_i and r_i ({}) — {}."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the boundaries of the segment",
        "the borders of the segment you need to reverse",
        "the segment for which the answer needs to be found",
        "the bounds of the subarray you need to process",
    ],
)
def test_a_segment_s_ends_the_ranges_do_not_order_refuse(gloss):
    s = _spec(SEGMENT.format("1 <= l_i, r_i <= n", gloss), "3 1\n1 2\n")
    assert isinstance(s, NoSpec) and "segment's ends" in s.reason, s


@pytest.mark.parametrize("gloss", ["the boundaries of the segment", "the borders of the segment you need to reverse"])
def test_a_segment_s_ends_the_ranges_order_are_still_read(gloss):
    for v in _drawn(SEGMENT.format("1 <= l_i <= r_i <= n", gloss), "3 1\n1 2\n"):
        assert all(1 <= x <= y <= v["n"] for x, y in zip(v["l"], v["r"]))
