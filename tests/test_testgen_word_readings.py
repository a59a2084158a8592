"""Lines read by microcoder_data/testgen/word_readings.py (registered in line_readings.READINGS):
other words for what another reading reads, enforced on every drawn input; a joint predicate
of several subjects is not split (it stays refused)."""

from __future__ import annotations

import pytest

from microcoder_data.testgen.inputspec import InputSpec, input_spec
from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_relation_readings import _drawn

TWO_LISTS = "1 <= nums1.length, nums2.length <= 30\n-100 <= nums1[i], nums2[i] <= 100\n"


def test_a_predicate_of_each_subject_holds_of_each():
    got = _drawn(
        TWO_LISTS + "nums1 and nums2 are sorted in non-decreasing order.",
        "nums1: List[int], nums2: List[int]",
        ['{"nums1": [1, 2], "nums2": [0, 0, 5]}'],
    )
    assert all(x[k] == sorted(x[k]) for x in got for k in ("nums1", "nums2"))
    assert any(len(x["nums1"]) > 2 and len(set(x["nums1"])) > 1 for x in got)
    broken = fn_problem(
        TWO_LISTS + "nums1 and nums2 are sorted in non-decreasing order.",
        "nums1: List[int], nums2: List[int]",
        ['{"nums1": [1, 2], "nums2": [5, 0]}'],
    )
    assert "breaks the constraints" in why_not_read(broken)
    joint = fn_problem(
        TWO_LISTS + "nums1 and nums2 are distinct.",
        "nums1: List[int], nums2: List[int]",
        ['{"nums1": [1], "nums2": [2]}'],
    )
    assert "not understood" in why_not_read(joint)


DIGIT_STRINGS = "1 <= num1.length, num2.length <= 12\nnum1 and num2 consist of only digits.\n"


@pytest.mark.parametrize(
    "line, zero_ok",
    [
        ("num1 and num2 don't have any leading zeros except for the zero itself.", True),
        ("Both num1 and num2 do not contain any leading zero, except the number 0 itself.", True),
        ("num1 and num2 will not have any leading zeros.", False),
    ],
)
def test_no_leading_zeros_in_other_words_is_checked(line, zero_ok):
    got = _drawn(DIGIT_STRINGS + line, "num1: str, num2: str", ['{"num1": "10", "num2": "7"}'])
    assert all(x[k] == "0" or not x[k].startswith("0") for x in got for k in ("num1", "num2")), line
    assert any("0" in x["num1"] for x in got)
    zero = fn_problem(DIGIT_STRINGS + line, "num1: str, num2: str", ['{"num1": "0", "num2": "7"}'])
    if zero_ok:
        assert isinstance(input_spec(zero), InputSpec)
    else:
        assert "breaks the constraints" in why_not_read(zero)
    leading = fn_problem(DIGIT_STRINGS + line, "num1: str, num2: str", ['{"num1": "01", "num2": "7"}'])
    assert "breaks the constraints" in why_not_read(leading)


def test_a_list_of_digits_or_of_numbers_as_strings_has_no_leading_zero():
    got = _drawn(
        "1 <= digits.length <= 20\n0 <= digits[i] <= 9\ndigits does not contain any leading 0's.",
        "digits: List[int]",
        ['{"digits": [1, 0]}'],
    )
    assert all(x["digits"][0] != 0 for x in got) and any(0 in x["digits"] for x in got)
    got = _drawn(
        "1 <= nums.length <= 5\n1 <= nums[i].length <= 6\nnums[i] consists of digits.\nnums[i] will not have any leading zeros.",
        "nums: List[str]",
        ['{"nums": ["10", "3"]}'],
    )
    assert all(not v.startswith("0") for x in got for v in x["nums"])


def test_a_sorted_list_in_other_words_is_drawn_sorted():
    got = _drawn(
        "1 <= target.length <= 40\n1 <= target[i] <= 1000\ntarget is strictly increasing.",
        "target: List[int]",
        ['{"target": [1, 3, 4]}'],
    )
    assert all(all(a < b for a, b in zip(x["target"], x["target"][1:])) for x in got)
    assert any(len(x["target"]) > 3 for x in got)
    broken = fn_problem(
        "1 <= target.length <= 40\n1 <= target[i] <= 1000\ntarget is strictly increasing.",
        "target: List[int]",
        ['{"target": [1, 1]}'],
    )
    assert "breaks the constraints" in why_not_read(broken)


def test_each_row_sorted_in_other_words():
    got = _drawn(
        "1 <= m == values.length <= 5\n1 <= n == values[i].length <= 8\n1 <= values[i][j] <= 50\n"
        "values[i] are sorted in non-increasing order.",
        "values: List[List[int]]",
        ['{"values": [[5, 2], [4, 4]]}'],
    )
    assert all(row == sorted(row, reverse=True) for x in got for row in x["values"])
    assert any(len(set(row)) > 1 for x in got for row in x["values"])


@pytest.mark.parametrize(
    "line, chars",
    [
        ("s consists of lowercase English letters from 'a' to 'j' inclusive.", "abcdefghij"),
        ("s consists of the digits '1' to '9'.", "123456789"),
        ("s consists of only digits 0-9.", "0123456789"),
        ("s consists of lowercase letters from the set {'a', 'b', 'c'}.", "abc"),
        ("s consists of lower and upper case English letters.", None),
        ("s consists of only digits '0' and '1'.", "01"),  # once every digit: a draw could hold a 5
        ("s consists of only the letters 'a' and 'b'.", "ab"),
    ],
)
def test_characters_in_other_words_are_exactly_those_named(line, chars):
    got = _drawn(
        f"1 <= s.length <= 30\n{line}", "s: str", ['{"s": "a"}' if chars is None or "a" in chars else '{"s": "1"}']
    )
    allowed = set(chars or "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert all(set(x["s"]) <= allowed for x in got)
    drawn = set("".join(x["s"] for x in got))
    assert drawn == allowed if len(allowed) <= 10 else len(drawn) > 30  # the named ones, all of them drawn


def test_a_range_outside_the_class_it_names_is_not_read():
    assert "not understood" in why_not_read(
        fn_problem("1 <= s.length <= 30\ns consists of uppercase letters from 'a' to 'c'.", "s: str", ['{"s": "a"}'])
    )
