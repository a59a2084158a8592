"""Ranges, lengths and alphabets said the other ways LeetCode writes them (testgen/other_wordings.py): each read as
the line it restates (drawn inputs hold it; an existing test breaking it refuses), and what is not the input's
refused -- a |x| of a number, a range given to strings, part of the indices, a range two names share."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from test_testgen_conditions import fn_problem

SIG = "nums: List[int], k: int, s: str"
TEST = {"nums": [3, 4, 5], "k": 2, "s": "abc"}
LINES = [
    "1 <= nums.length <= 10^5",
    "0 <= nums[i] <= 10^9",
    "1 <= k <= 10^5",
    "1 <= s.length <= 100",
    "s consists of lowercase English letters.",
]


def _spec(replace: int, line: str, test: dict = TEST, sig: str = SIG, lines: list[str] = LINES):
    """The spec read from ``lines`` with line ``replace`` replaced by ``line`` (word_bounds' tests too)."""
    return input_spec(fn_problem("\n".join(lines[:replace] + [line] + lines[replace + 1 :]), sig, [json.dumps(test)]))


def _drawn(replace: int, line: str, **kw) -> list[dict]:
    spec = _spec(replace, line, **kw)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30, max_len=40)]
    assert len(got) >= 10
    return got


@pytest.mark.parametrize(
    "line",
    [
        "1 <= len(nums) <= 4",
        "1 <= |nums| <= 4",
        "1 <= nums.size() <= 4",
        "1 <= the length of nums <= 4",
        "The length of nums is in the range [1, 4]",
        "nums.length is in the range [1, 4]",
        "The number of elements in nums is between 1 and 4, inclusive",
    ],
)
def test_a_length_said_otherwise_bounds_the_length(line):
    got = _drawn(0, line)
    assert all(1 <= len(x["nums"]) <= 4 for x in got) and {len(x["nums"]) for x in got} >= {1, 4}


@pytest.mark.parametrize(
    "line",
    [
        "Each element of nums is in the range [3, 7]",
        "All values in nums are between 3 and 7, inclusive",
        "The values of nums are in [3, 7]",
        "3 <= each element of nums <= 7",
        "Each nums[i] is between 3 and 7, inclusive",
        "3 <= nums[i] <= 7 for all i",
        "3 <= nums[i] <= 7, for each valid i",
        "3 <= nums[i] <= 7 for 0 <= i < nums.length",
        "nums[i] >= 3 and nums[i] <= 7",
    ],
)
def test_every_elements_range_said_otherwise_bounds_every_element(line):
    got = _drawn(1, line)
    values = [v for x in got for v in x["nums"]]
    assert all(3 <= v <= 7 for v in values) and {3, 7} <= set(values)
    refused = _spec(1, line, {**TEST, "nums": [3, 8]})
    assert isinstance(refused, NoSpec) and "breaks" in refused.reason, refused


@pytest.mark.parametrize(
    "line", ["k >= 2 and k <= 5", "n == nums.length, 1 <= n <= 10^5", "1 <= n <= 10^5 where n == nums.length"]
)
def test_two_comparisons_in_a_line_are_each_read(line):
    got = _drawn(2, line) if "k" in line else _drawn(0, line)
    if line.startswith("k >= 2"):
        assert all(2 <= x["k"] <= 5 for x in got)


def test_a_character_range_and_other_alphabet_words():
    for line in (
        "s[i] is in the range ['a', 'c']",
        "s comprises only characters 'a' to 'c'",
        "s is comprised of 'a', 'b' and 'c'",
    ):
        got = _drawn(4, line)
        assert all(set(x["s"]) <= set("abc") for x in got), line
    for line in ("s consists of lowercase Latin letters", "Every character in s is a lowercase English letter"):
        got = _drawn(4, line)
        assert all(set(x["s"]) <= set("abcdefghijklmnopqrstuvwxyz") for x in got), line


def test_a_power_in_superscript_digits():
    got = _drawn(2, "1 <= k <= 10³")
    assert all(1 <= x["k"] <= 1000 for x in got) and max(x["k"] for x in got) > 10


@pytest.mark.parametrize(
    ("replace", "line", "sig", "test"),
    [
        (2, "1 <= |k| <= 5", SIG, TEST),  # of a number: its absolute value (range_words), not a length
        (1, "0 <= nums[i] <= 10^9 for 0 <= i < k", SIG, TEST),  # part of the indices
        (1, "0 <= nums[i] <= 10^9 for 1 <= i < nums.length", SIG, TEST),
        (
            1,
            "Each element of words is in the range [0, 9]",
            "nums: List[int], k: int, s: str, words: List[str]",
            {**TEST, "words": ["a"]},
        ),  # a value range of strings
        (2, "1 <= k and nums.length <= 10", SIG, TEST),  # a range two names share, said with "and": not two comparisons
    ],
)
def test_what_is_not_the_inputs_is_not_read_so(replace, line, sig, test):
    spec = _spec(replace, line, test, sig)
    if line.startswith("1 <= |k|"):
        assert isinstance(spec, InputSpec) and spec.nodes["k"].lo is not None  # read as |k|, never as a length
        return
    assert isinstance(spec, NoSpec), (line, spec)


# the review of the wordings: each read a line as something it does not say; each now refuses (or reads it right)
def _read(lines: str, sig: str, test: dict):
    return input_spec(fn_problem(lines, sig, [json.dumps(test)]))


GRID = "grid: List[List[int]]"
WORDS = "words: List[str]"


@pytest.mark.parametrize(
    ("lines", "sig", "test"),
    [
        (
            "The number of elements in grid is in the range [1, 6]\n1 <= grid[i].length <= 6\n0 <= grid[i][j] <= 9",
            GRID,
            {"grid": [[1, 2], [3, 4]]},
        ),  # cells, not rows
        (
            "The number of characters in words is in the range [1, 6]\n1 <= words[i].length <= 6",
            WORDS,
            {"words": ["ab", "c"]},
        ),  # characters, not strings
        ("The number of letters in words is in the range [1, 6]\n1 <= words[i].length <= 6", WORDS, {"words": ["ab"]}),
        (
            "1 <= words.length <= 3\n1 <= words[i].length <= 3\nEach element of words is 'a' or 'b'",
            WORDS,
            {"words": ["a", "b"]},
        ),  # whole strings, not characters
        (
            "1 <= words.length <= 3\n1 <= words[i].length <= 3\nEach cell of words is either 'a' or 'b'",
            WORDS,
            {"words": ["a"]},
        ),
        (
            "1 <= words.length <= 3\n1 <= words[i].length <= 3\n1 <= words[i][j].length <= 4\n"
            "The total length of words[i] does not exceed 6",
            "words: List[List[str]]",
            {"words": [["ab"]]},
        ),
        ("1 <= s.length <= 3\ns consists of digits\ns is not 0", "s: str", {"s": "12"}),  # a string: not the number 0
        (
            "1 <= words.length <= 3\n1 <= words[i].length <= 3\nwords[0][i] is in the range ['a', 'b']\n"
            "words[i] consists of lowercase English letters",
            WORDS,
            {"words": ["ab", "zz"]},
        ),  # one string's characters
        (
            "1 <= grid.length <= 3\n1 <= grid[i].length <= 3\n0 <= grid[i][j] <= 9\n"
            "The elements in grid are sorted in non-decreasing order",
            GRID,
            {"grid": [[1, 2], [3]]},
        ),  # every cell's order
    ],
)
def test_a_restatement_of_something_else_refuses(lines, sig, test):
    assert isinstance(_read(lines, sig, test), NoSpec), lines


@pytest.mark.parametrize("said", ["s in {'a', 'b'}", "s ∈ {'a', 'b'}"])
def test_a_whole_string_in_a_set_is_not_read_as_its_characters(said):
    # ("s is either 'a' or 'b'" beside a length up to 3 is LeetCode's way of naming the characters: read so)
    assert isinstance(_read(f"1 <= s.length <= 3\n{said}", "s: str", {"s": "a"}), NoSpec)


def test_a_fact_beside_where_is_no_size_definition():
    # "k == 0 where nums.length == 1": a condition, not two facts (read as two, every input had k = 0)
    assert isinstance(
        _read(
            "1 <= nums.length <= 5\n0 <= nums[i] <= 9\n0 <= k <= 5\nk == 0 where nums.length == 1",
            "nums: List[int], k: int",
            {"nums": [1, 2], "k": 3},
        ),
        NoSpec,
    )


@pytest.mark.parametrize("said", ["grid is sorted in non-decreasing order", "The array grid is sorted"])
def test_a_grid_said_sorted_refuses(said):
    # each row? every cell in one order? (drawn before: rows in lexicographic order, [[6, 3]] among them)
    lines = f"1 <= grid.length <= 3\n1 <= grid[i].length <= 3\n0 <= grid[i][j] <= 9\n{said}"
    assert isinstance(_read(lines, GRID, {"grid": [[1, 2], [3]]}), NoSpec)


def test_between_without_inclusive_is_read_strictly_inside_its_unsure_ends():
    # once left unread; word_bounds reads it strictly inside, valid whichever the ends mean
    got = _drawn(1, "Each element of nums is between 0 and 10")
    values = [v for x in got for v in x["nums"]]
    assert all(0 < v < 10 for v in values) and {1, 9} <= set(values)
    on_an_end = _spec(1, "Each element of nums is between 0 and 10", {**TEST, "nums": [0, 4]})
    assert isinstance(on_an_end, NoSpec) and "breaks" in on_an_end.reason
