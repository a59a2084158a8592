"""Codeforces gloss words that only name what a value is (prose_gloss_words): a limit word before a clause about the
task ("the initial minimum amount required to open the deposit", "for which the minimum time needs to be
determined"), "for every query", "of both strings", "the start and end day" of two values the ranges order, the
task's object ("the perfect binary tree you need to color"), the order of a task's action ("in the same order they
should be placed on the axis"), a bound on a hidden array's values, and a permission ("Elements of array a may
repeat") -- each read, the ranges drawn and checked; the same words relating the values to inputs, comparing them or
ordering them still refuse."""

from __future__ import annotations

import pytest

from microcoder_data.testgen.prose_format import _GLOSS_PROMISE
from microcoder_data.testgen.prose_gloss_words import harmless_said, hidden_named
from microcoder_data.testgen.spec_model import NoSpec
from test_testgen_prose_cfprosefix import _drawn, _refused, _spec  # one Codeforces-prose builder

TWO = "The only line contains two integers a and b (1 <= a, b <= 10^9) — {}."


@pytest.mark.parametrize(
    "gloss",
    [
        'the number of coins Alice has and the initial minimum amount required to open the "Profitable" deposit',
        "the number of coins and the minimum amount needed to buy the ticket",
        "the number of coins and the maximum pints needed for a milk satisfaction day",
        "the number of coins and the minimum amount necessary to open the deposit",
        "the number of coins required to open the deposit and the price of the ticket",
    ],
)
def test_a_limit_named_by_what_it_is_required_for_is_read(gloss):
    for v in _drawn(TWO.format(gloss), "3 5\n"):
        assert 1 <= v["a"] <= 10**9 and 1 <= v["b"] <= 10**9
    _refused(TWO.format(gloss), "0 5\n")  # the ranges still checked


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of coins and the minimum amount required to be at most a",
        "the number of coins and the minimum of the amounts required to open the deposit",
        "the number of coins and the minimum amount required to open each deposit",
        "the number of coins and the maximum value needed for the array",
        "the number of coins and the minimum amount required so that the deposit is even",
        "the number of coins and the maximum amount needed for all queries",
        "the number of coins and the minimum amount required to be distinct",
        "the number of coins and the minimum amount required for a_i",
        "the number of coins and the minimum amount required to exceed the coins",
        "the number of coins and the minimum amount required to open the deposit if a is odd",
        "the number of coins and the minimum amount required to be sorted",
        "the number of coins and the maximum element needed for the deposit",
        "the number of coins and the minimum amount needed to make 2 deposits",
        "the number of coins and the minimum amount required to open the deposit, both even",
        "the number of coins and the minimum amount required to open the deposit or the box",
        "the number of coins and the minimum amount required to open the deposit with the coins",
        "the number of coins and the minimum amount needed for the deposit such that it is large",
    ],
)
def test_a_limit_or_clause_that_relates_or_bounds_values_still_refuses(gloss):
    _refused(TWO.format(gloss), "3 5\n")


def test_three_scalars_with_a_limit_needed_for_something_are_read():
    section = (
        "The first line contains three integers n, m, k (1 <= n, m, k <= 10^5), the number of diary entries, the"
        " maximum pints needed for a milk satisfaction day, and the duration of milk's freshness."
    )
    for v in _drawn(section, "1 2 3\n"):
        assert all(1 <= v[x] <= 10**5 for x in "nmk")


QUERIES = (
    "The first line contains two integers n and q (1 <= n, q <= 10). Each of the next q lines contains two integers"
    " l_i and r_i ({}) — {}."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the boundaries of the segment of sections for which the minimum time needs to be determined",
        "the boundaries of the segment for which the answer needs to be found",
        "the segment over which the largest sum has to be computed",
        "the start and end day of each job",
        "the first and last day of the trip",
        "the left and right borders of the segment",
        "the beginning and the end of the segment",
    ],
)
def test_a_segment_named_by_its_ends_or_by_the_task_is_read_and_its_order_drawn(gloss):
    section = QUERIES.format("1 <= l_i <= r_i <= n", gloss)
    for v in _drawn(section, "3 1\n1 2\n"):
        assert len(v["l"]) == len(v["r"]) == v["q"]
        assert all(1 <= x <= y <= v["n"] for x, y in zip(v["l"], v["r"]))
    _refused(section, "3 1\n2 1\n")  # l > r: the ranges' order checked


@pytest.mark.parametrize(
    "bounds, gloss",
    [
        ("1 <= l_i, r_i <= n", "the start and end day of each job"),  # the ends order what no range does
        ("1 <= l_i, r_i <= n", "the left and right borders of the segment"),
        ("1 <= r_i <= l_i <= n", "the start and end day of each job"),  # the other way round
        ("1 <= l_i <= r_i <= n", "the boundaries of the segment for which the minimum of a_i needs to be determined"),
        ("1 <= l_i <= r_i <= n", "the boundaries of the segment in which all values need to be determined"),
        ("1 <= l_i <= r_i <= n", "the boundaries of the segment for which the sum needs to be at most n"),
        ("1 <= l_i <= r_i <= n", "the boundaries of the segment for which it is guaranteed that the sum is even"),
        ("1 <= l_i <= r_i <= n", "the boundaries of the segment for which the distinct values need to be counted"),
        ("1 <= l_i <= r_i <= n", "the left end and the right end of the segment, in increasing order"),
        ("1 <= l_i <= r_i <= n", "the boundaries of a segment, every one of them even"),
        ("1 <= l_i <= r_i <= n", "the start and end values of the sequence"),  # another input's values
        ("1 <= l_i <= r_i <= n", "the start and end day of each job, equal to a_l and a_r"),
        ("1 <= l_i <= r_i <= n", "the left and right ends of the segment, both even"),
    ],
)
def test_ends_not_ordered_by_the_ranges_or_a_clause_saying_more_still_refuse(bounds, gloss):
    _refused(QUERIES.format(bounds, gloss), "3 1\n1 2\n")


LIST = (
    "The first line contains n (1 <= n <= 5). The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= {})"
)


@pytest.mark.parametrize(
    "gloss",
    [
        "David's cell number for every query",
        "the cell numbers of the teacher for every query",
        "lengths of the segments in the same order they should be placed on the axis",
        "the heights of the towers in the order they should be built",
        "the costs of the items in the order in which they must be bought",
    ],
)
def test_whose_value_or_the_order_of_a_task_s_action_says_nothing_of_the_values(gloss):
    got = _drawn(f"{LIST.format(1000)} — {gloss}.", "3\n5 1 5\n")
    assert all(len(v["a"]) == v["n"] and all(1 <= x <= 1000 for x in v["a"]) for v in got)
    assert any(v["a"] != sorted(v["a"]) for v in got)  # nothing ordered
    _refused(f"{LIST.format(4)} — {gloss}.", "3\n5 1 5\n")  # the range checked


@pytest.mark.parametrize(
    "gloss",
    [
        "the cell numbers for every other query",  # every other: a property
        "the cell numbers, every a_i at most n",
        "every cell number of the queries",
        "the positions of the segments in the order they should be placed on the axis",  # placed: sorted, maybe
        "lengths of the segments in the order they appear on the axis",  # the input's own order
        "lengths of the segments in the same order as b",
        "lengths of the segments in increasing order",
        "the times of the events in the order they will happen",
        "lengths of the segments in the order they should be placed on the axis from left to right",
        "the days of the visits in the order they should be planned",
        "lengths of the segments in the order they should be placed so that a_1 is first",
        "lengths of the segments in the same order they should be sorted",
    ],
)
def test_every_or_an_order_that_says_how_the_values_are_still_refuses(gloss):
    _refused(f"{LIST.format(1000)} — {gloss}.", "3\n5 1 5\n")


STRINGS = (
    "The first line contains two integers n and q (1 <= n, q <= 5) – {}. The second line contains a string a of"
    " length n consisting of lowercase Latin letters. The third line contains a string b of length n consisting of"
    " lowercase Latin letters."
)


def test_the_length_of_both_strings_is_read_as_the_length_of_the_strings():
    for v in _drawn(STRINGS.format("the length of both strings and the number of queries"), "2 1\nab\ncd\n"):
        assert len(v["a"]) == len(v["b"]) == v["n"] and 1 <= v["q"] <= 5


@pytest.mark.parametrize(
    "gloss",
    [
        "the length of both strings, both even, and the number of queries",
        "both lengths and the number of queries",
        "the length of both a and b and the number of queries",
        "the length of both strings and the number of queries, both at most n",
    ],
)
def test_both_saying_more_than_whose_value_still_refuses(gloss):
    _refused(STRINGS.format(gloss), "2 1\nab\ncd\n")


LEVELS = "The first and only line contains the integers k (1 <= k <= 60) — {}."
COLOR = "Count the good colorings of a perfect binary tree with k levels."


def test_the_tree_the_task_builds_passes_the_line_and_is_judged_by_the_story_check():
    # the line is read; the gloss's tree goes on to the story's check, which refuses it as any tree named (the
    # input's edges may be it): a refusal of kind promise, no longer "input line not understood"
    gloss = "the number of levels in the perfect binary tree you need to color"
    assert harmless_said("the integers k (1 <= k <= 60)", gloss, _GLOSS_PROMISE) == "the number of levels"
    s = _spec(LEVELS.format(gloss), "3\n", COLOR)
    assert isinstance(s, NoSpec) and s.refusal.kind == "promise" and "'tree'" in s.reason, s


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of vertices of the tree you are given",
        "the number of levels in the given tree",
        "the number of levels in the tree you need to color so that no two neighbours are equal",
        "the number of levels in the tree you need to color, each at most k",
        "the number of levels in the sorted tree you need to color",
    ],
)
def test_a_tree_of_the_input_or_a_task_clause_saying_more_still_refuses(gloss):
    _refused(LEVELS.format(gloss), "3\n", COLOR)


HIDDEN = (
    "The first line contains two integers n and m (2 <= n <= 5, 2 <= m <= 10^9) — the length of the {} array a_1, a_2,"
    " ..., a_n and the maximum absolute value of an element a_i. The second line contains n integers {}_1, {}_2,"
    " ..., {}_n (|{}_i| <= m * n)."
)


def test_a_bound_on_a_hidden_array_is_read_where_no_input_is_that_array():
    for v in _drawn(HIDDEN.format("hidden", *"bbbb"), "2 3\n1 -6\n"):
        assert all(abs(x) <= v["m"] * v["n"] for x in v["b"]) and len(v["b"]) == v["n"]
    _refused(HIDDEN.format("hidden", *"bbbb"), "2 3\n1 -7\n")


@pytest.mark.parametrize(
    "kind, name",
    [
        ("hidden", "a"),  # the "hidden" array is an input after all: its values' bound no range states
        ("given", "b"),  # not hidden: a bound on a list's values
        ("", "b"),
    ],
)
def test_a_bound_on_an_array_the_input_holds_or_not_hidden_still_refuses(kind, name):
    _refused(HIDDEN.format(kind, *[name] * 4).replace("the  array", "the array"), "2 3\n1 -6\n")


def test_a_hidden_array_that_the_input_holds_is_refused_after_the_whole_section():
    s = _spec(HIDDEN.format("hidden", *"aaaa"), "2 3\n1 -6\n")
    assert isinstance(s, NoSpec) and "a gloss bounds the values of an input" in s.reason, s


def test_a_hidden_bound_is_found_only_beside_the_hidden_array():
    assert hidden_named("the length of the hidden array a_1, ..., a_n and the maximum value of an element a_i") == "a"
    assert hidden_named("the length of the hidden array a and the maximum absolute value of an element b_i") is None
    assert hidden_named("the length of the hidden array a_1, ..., a_n and the maximum of a_i") is None
    said = harmless_said("", "the length of the hidden array a and the maximum value of an element a_i", _GLOSS_PROMISE)
    assert "maximum" not in said


PERMIT = "The first line contains n (2 <= n <= 5). The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9). {}"


@pytest.mark.parametrize(
    "sentence",
    [
        "Elements of array a may repeat and don't have to be unique.",
        "The numbers may repeat.",
        "The elements of the array are not necessarily distinct.",
        "The integers in the sequence may coincide.",
        "The array a may contain duplicates.",
        "Elements of the array can be equal.",
    ],
)
def test_a_permission_to_repeat_draws_nothing_and_keeps_repeats(sentence):
    got = _drawn(PERMIT.format(sentence), "3\n1 1 2\n")
    assert all(1 <= x <= 9 for v in got for x in v["a"])
    _refused(PERMIT.format(sentence), "3\n1 1 10\n")  # the range still checked


@pytest.mark.parametrize(
    "sentence",
    [
        "Elements of array b may repeat.",  # no such list
        "Elements of array a may repeat at most twice.",
        "Elements of array a may repeat and are sorted.",
        "Elements may be equal to n.",
    ],
)
def test_a_permission_that_says_more_or_names_no_list_still_refuses(sentence):
    _refused(PERMIT.format(sentence), "3\n1 2 3\n")


@pytest.mark.parametrize(
    "sentence", ["Elements of array a may repeat.", "The numbers may repeat.", "The array a may contain duplicates."]
)
def test_a_permission_the_reading_contradicts_refuses(sentence):
    section = PERMIT.replace("n integers", "n distinct integers").format(sentence)  # read distinct: no repeats
    s = _spec(section, "3\n1 2 3\n")
    assert isinstance(s, NoSpec) and "forbids what this line permits (duplicates)" in s.reason, s


def test_lengths_are_a_carried_quantity_for_a_direction_too():
    # CARRIED names lengths and sizes: the segments' lengths listed from left to right say nothing of the lengths
    for v in _drawn(f"{LIST.format(1000)} — the lengths of the segments from left to right.", "3\n5 1 5\n"):
        assert all(1 <= x <= 1000 for x in v["a"])
    _refused(f"{LIST.format(1000)} — the lengths of the prefixes from left to right.", "3\n5 1 5\n")
    _refused(f"{LIST.format(1000)} — the positions of the segments from left to right.", "3\n5 1 5\n")
