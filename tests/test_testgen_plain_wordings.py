"""Other names of what the readers read (testgen/plain_wordings.py, word_bounds.py, sums.py): a permutation's span
said in words, one length shared, no leading zeros, a sorted order, a sum over ``nums[i]``, "unique and in the
range" -- each drawn as the line it names, an existing test breaking it refused."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from test_testgen_conditions import fn_problem


def _spec(lines: str, sig: str, test: dict):
    return input_spec(fn_problem(lines, sig, [json.dumps(test)]))


def _drawn(lines: str, sig: str, test: dict) -> list[dict]:
    spec = _spec(lines, sig, test)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30, max_len=8)]
    assert len(got) >= 10
    return got


PERM = "n == nums.length\n1 <= n <= 8\n0 <= nums[i] <= 8\n"


@pytest.mark.parametrize(
    "line, first, test",
    [
        ("nums is a permutation of the integers in the range [0, n - 1].", 0, [1, 0]),
        ("nums is a permutation of integers from 1 to n.", 1, [2, 1]),
        ("nums is a permutation of the first n positive integers.", 1, [2, 1]),
        ("nums is a permutation of the first n non-negative integers.", 0, [1, 0]),
        ("All values of nums are unique and in the range [0, n - 1].", 0, [1, 0]),
    ],
)
def test_a_permutation_said_in_words(line, first, test):
    got = _drawn(PERM + line, "nums: List[int]", {"nums": test})
    assert all(sorted(x["nums"]) == list(range(first, first + len(x["nums"]))) for x in got)
    assert any(len(x["nums"]) > 3 for x in got)
    broken = _spec(PERM + line, "nums: List[int]", {"nums": [first, first]})
    assert isinstance(broken, NoSpec), broken


@pytest.mark.parametrize(
    "line",
    ["All words[i] have the same length.", "Each string in words has the same length."],
)
def test_strings_of_one_list_sharing_a_length(line):
    lines = (
        f"1 <= words.length <= 5\n1 <= words[i].length <= 5\nwords[i] consists of lowercase English letters.\n{line}"
    )
    got = _drawn(lines, "words: List[str]", {"words": ["ab", "cd"]})
    assert all(len({len(w) for w in x["words"]}) == 1 for x in got)
    assert isinstance(_spec(lines, "words: List[str]", {"words": ["ab", "c"]}), NoSpec)


def test_both_strings_sharing_a_length():
    lines = "1 <= s.length, t.length <= 6\ns and t consist of lowercase English letters.\nBoth strings have the same length."
    got = _drawn(lines, "s: str, t: str", {"s": "ab", "t": "cd"})
    assert all(len(x["s"]) == len(x["t"]) for x in got)
    three = "1 <= a.length, b.length, c.length <= 6\nBoth strings have the same length."
    assert isinstance(_spec(three, "a: str, b: str, c: str", {"a": "x", "b": "y", "c": "z"}), NoSpec)


def test_a_valid_integer_without_leading_zeros():
    lines = "1 <= num.length <= 6\nnum consists of digits.\nnum is a valid integer without leading zeros."
    got = _drawn(lines, "num: str", {"num": "120"})
    assert all(x["num"] == "0" or x["num"][0] != "0" for x in got)
    assert isinstance(_spec(lines, "num: str", {"num": "012"}), NoSpec)


def test_given_in_sorted_order():
    lines = "1 <= nums.length <= 8\n1 <= nums[i] <= 9\nnums is given in sorted order."
    got = _drawn(lines, "nums: List[int]", {"nums": [1, 2]})
    assert all(x["nums"] == sorted(x["nums"]) for x in got)
    assert isinstance(_spec(lines, "nums: List[int]", {"nums": [2, 1]}), NoSpec)


def test_the_sum_of_each_element_is_the_lists_sum():
    lines = "1 <= nums.length <= 8\n1 <= nums[i] <= 9\nThe sum of nums[i] does not exceed 12."
    got = _drawn(lines, "nums: List[int]", {"nums": [1, 2]})
    assert all(sum(x["nums"]) <= 12 for x in got) and any(len(x["nums"]) > 2 for x in got)
    assert isinstance(_spec(lines, "nums: List[int]", {"nums": [9, 9]}), NoSpec)


@pytest.mark.parametrize(
    "lines",
    [
        "1 <= n <= 6, where n is the length of nums\n1 <= nums[i] <= 9",
        "n is the length of nums, 1 <= n <= 6\n1 <= nums[i] <= 9",
        "1 <= nums.length <= 6\nnums[i] in [1, 9]",
        "1 <= nums.length <= 6\nnums[i] is in {1, 5, 9}",
        "1 <= nums.length <= 6\nnums[i] is one of {1, 5, 9}",
    ],
)
def test_sizes_and_value_sets_in_other_notations(lines):
    got = _drawn(lines, "nums: List[int]", {"nums": [1, 9]})
    assert all(1 <= len(x["nums"]) <= 6 and all(1 <= v <= 9 for v in x["nums"]) for x in got)
    if "{" in lines:
        assert {v for x in got for v in x["nums"]} == {1, 5, 9}


def test_the_number_of_distinct_elements_as_a_bound():
    lines = "1 <= nums.length <= 6\n1 <= nums[i] <= 4\n1 <= k <= number of distinct elements in nums"
    got = _drawn(lines, "nums: List[int], k: int", {"nums": [1, 2], "k": 2})
    assert all(1 <= x["k"] <= len(set(x["nums"])) for x in got) and any(x["k"] > 1 for x in got)


@pytest.mark.parametrize(
    "bound, most",
    [
        ("⌊nums.length / 2⌋", lambda n: n // 2),
        ("ceil(nums.length / 2)", lambda n: (n + 1) // 2),
        ("⌈nums.length / 3⌉", lambda n: (n + 2) // 3),
    ],
)
def test_floor_and_ceiling_bounds(bound, most):
    lines = f"2 <= nums.length <= 7\n1 <= nums[i] <= 9\n1 <= k <= {bound}"
    got = _drawn(lines, "nums: List[int], k: int", {"nums": [1, 2, 3], "k": 1})
    assert all(1 <= x["k"] <= most(len(x["nums"])) for x in got)
    assert any(x["k"] == most(len(x["nums"])) and len(x["nums"]) % 2 for x in got)  # a ceiling is reached


@pytest.mark.parametrize(
    "line, holds, breaking",
    [
        ("1 <= k <= 9, k is odd", lambda x: x["k"] % 2 == 1 and 1 <= x["k"] <= 9, {"k": 2}),
        ("1 <= nums.length <= 8, nums.length is even", lambda x: len(x["nums"]) % 2 == 0, {"nums": [1, 2, 3]}),
        ("1 <= nums[i] <= 9 and nums[i] != k", lambda x: x["k"] not in x["nums"], {"nums": [1, 3], "k": 3}),
    ],
)
def test_a_range_and_a_line_about_the_same_term(line, holds, breaking):
    base = {
        "1 <= k <= 9, k is odd": "1 <= nums.length <= 8\n1 <= nums[i] <= 9\n",
        "1 <= nums.length <= 8, nums.length is even": "1 <= nums[i] <= 9\n1 <= k <= 9\n",
    }
    lines = base.get(line, "1 <= nums.length <= 8\n1 <= k <= 9\n") + line
    got = _drawn(lines, "nums: List[int], k: int", {"nums": [1, 2], "k": 3})
    assert all(holds(x) for x in got)
    assert isinstance(_spec(lines, "nums: List[int], k: int", {"nums": [1, 2], "k": 3, **breaking}), NoSpec)


@pytest.mark.parametrize(
    "line, ordered",
    [
        (
            "1 <= nums[0] <= nums[1] <= ... <= nums[n - 1] <= 9",
            lambda v: v == sorted(v) and all(1 <= x <= 9 for x in v),
        ),
        ("0 < nums[0] < nums[1] < ... < nums[nums.length - 1] < 10", lambda v: all(a < b for a, b in zip(v, v[1:]))),
    ],
)
def test_a_lists_order_as_a_chain_of_its_elements(line, ordered):
    lines = f"n == nums.length\n1 <= n <= 6\n{line}"
    got = _drawn(lines, "nums: List[int]", {"nums": [1, 2, 5]})
    assert all(ordered(x["nums"]) for x in got) and any(len(x["nums"]) > 2 for x in got)
    assert isinstance(_spec(lines, "nums: List[int]", {"nums": [2, 1]}), NoSpec)
