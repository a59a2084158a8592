"""Holes a review of the eighth round of readings found, each closed: a drawn input never breaks the line it was
read from, and a line that cannot be placed is refused (never read onto another input, never a crash)."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from test_testgen_conditions import fn_problem


def _drawn(lines: str, sig: str, test: dict) -> list[dict]:
    spec = input_spec(fn_problem(lines, sig, [json.dumps(test)]))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 40, max_len=8)]
    assert len(got) >= 10
    return got


def _refused(lines: str, sig: str, test: dict) -> NoSpec:
    spec = input_spec(fn_problem(lines, sig, [json.dumps(test)]))
    assert isinstance(spec, NoSpec), spec
    assert "Error" not in spec.reason, spec.reason  # refused by a reading, not by a crash
    return spec


@pytest.mark.parametrize(
    "line",
    [
        "s consists of letters 'a' and 'b' only.",
        "s consists of lowercase English letters 'a' and 'b'.",
        "s consists of lowercase characters 'a' and 'b'.",
    ],
)
def test_letters_named_one_by_one_are_those_letters_only(line):
    got = _drawn(f"1 <= s.length <= 8\n{line}", "s: str", {"s": "ab"})
    assert set("".join(x["s"] for x in got)) == {"a", "b"}


def test_the_sum_of_a_row_is_no_sum_of_the_grid():
    lines = "1 <= grid.length <= 3\n1 <= grid[i].length <= 3\n0 <= grid[i][j] <= 5\nThe sum of grid[i] is equal to 5"
    _refused(lines, "grid: List[List[int]]", {"grid": [[5], [2, 3]]})


@pytest.mark.parametrize("line", ["s contains at least 3 letters", "The number of letters in s is at least 3"])
def test_letters_count_the_length_only_of_a_string_of_letters(line):
    mixed = "1 <= s.length <= 8\ns consists of lowercase English letters and digits.\n"
    _refused(mixed + line, "s: str", {"s": "ab1"})
    letters = "1 <= s.length <= 8\ns consists of lowercase English letters.\n"
    assert all(len(x["s"]) >= 3 for x in _drawn(letters + line, "s: str", {"s": "abc"}))


def test_a_count_naming_no_input_goes_to_the_one_input_holding_what_it_counts():
    lines = "1 <= s.length <= 6\ns consists of digits.\n1 <= nums.length <= 6\n0 <= nums[i] <= 1\n"
    got = _drawn(
        lines + "There is exactly one character equal to '1'.", "s: str, nums: List[int]", {"s": "10", "nums": [1, 1]}
    )
    assert all(x["s"].count("1") == 1 for x in got)
    two = "1 <= s.length <= 6\n1 <= words.length <= 3\n1 <= words[i].length <= 3\n"
    _refused(
        two + "There is exactly one character equal to '*'.", "s: str, words: List[str]", {"s": "a*", "words": ["a*"]}
    )


@pytest.mark.parametrize(
    "line",
    [
        "k is the length of nums[0]",
        "1 <= k <= the number of unique values in nums[0]",
        "n is the length of nums1 + nums2",
    ],
)
def test_a_size_said_of_part_of_an_input_is_refused_not_a_crash(line):
    lines = f"1 <= nums.length <= 3\n1 <= nums[i].length <= 3\n0 <= nums[i][j] <= 5\n1 <= k <= 10\n1 <= n <= 10\n{line}"
    _refused(lines, "nums: List[List[int]], k: int, n: int", {"nums": [[1]], "k": 1, "n": 1})


def test_a_lower_bound_that_divides_is_never_rounded_down():
    got = _drawn("1 <= n <= 9\nn / 2 <= k <= n", "n: int, k: int", {"n": 3, "k": 2})
    assert all(2 * x["k"] >= x["n"] for x in got) and any(x["n"] % 2 for x in got)
    _refused("1 <= n <= 9\nn / 2 <= k <= n", "n: int, k: int", {"n": 3, "k": 1})


def test_a_lower_bound_that_divides_of_a_tuple_position_is_its_ceiling():
    lines = "1 <= n <= 9\nqueries[i] = [ai, bi]\n1 <= queries.length <= 4\nn / 2 <= ai <= bi < n"
    got = _drawn(lines, "n: int, queries: List[List[int]]", {"n": 4, "queries": [[2, 3]]})
    assert all(2 * a >= x["n"] and a <= b < x["n"] for x in got for a, b in x["queries"])
    assert any(x["n"] % 2 and x["queries"] for x in got)


def test_a_count_in_the_array_goes_to_the_list_only():
    lines = "1 <= s.length <= 6\ns consists of digits.\n1 <= nums.length <= 6\n0 <= nums[i] <= 1\n"
    got = _drawn(
        lines + "There is exactly one element equal to 1 in the array.",
        "s: str, nums: List[int]",
        {"s": "10", "nums": [1, 0]},
    )
    assert all(x["nums"].count(1) == 1 for x in got)
    _refused(
        lines + "There is exactly one element equal to '1' in the array.",
        "s: str, nums: List[int]",
        {"s": "1", "nums": [1]},
    )


def test_a_division_of_a_real_in_a_bound_is_refused():
    _refused("0 <= x <= 10\nx / 2 <= k <= 100", "x: float, k: int", {"x": 2.5, "k": 2})


@pytest.mark.parametrize(
    "lines, sig, test, holds",
    [
        ("1 <= n <= 60\nk == n / 2", "n: int, k: int", {"n": 4, "k": 2}, lambda x: 2 * x["k"] == x["n"]),
        (
            "1 <= n <= 10\nnums.length == n / 2\n1 <= nums[i] <= 5",
            "n: int, nums: List[int]",
            {"n": 4, "nums": [1, 2]},
            lambda x: 2 * len(x["nums"]) == x["n"],
        ),
    ],
)
def test_an_equality_that_divides_is_drawn_exact(lines, sig, test, holds):
    got = _drawn(lines, sig, test)
    assert all(holds(x) for x in got) and len({json.dumps(x) for x in got}) > 2


@pytest.mark.parametrize(
    "line, sig, test",
    [
        ("s and k are positive integers at most 10", "s: str, k: int", {"s": "a", "k": 2}),
        ("x and y are positive integers at most 10", "x: int, y: float", {"x": 2, "y": 3}),
        ("y is a positive integer at most 10", "y: float", {"y": 3}),
    ],
)
def test_integers_said_of_what_is_no_integer_are_refused(line, sig, test):
    _refused(line, sig, test)


def test_a_bound_in_words_with_a_power():
    got = _drawn("x, y are positive integers at most 10^9", "x: int, y: int", {"x": 2, "y": 3})
    assert all(1 <= x["x"] <= 10**9 and 1 <= x["y"] <= 10**9 for x in got) and max(x["x"] for x in got) > 10**6


@pytest.mark.parametrize(
    "lines",
    [
        "s consists of lowercase English letters.\ns consists of lowercase English letters and digits.",
        "s consists of lowercase English letters and digits.\ns consists of lowercase English letters.",
        "s consists of lowercase English letters and digits.\ns[i] is either 'a' or '1'.",
    ],
)
def test_two_lines_on_a_strings_characters_both_hold(lines):
    got = _drawn(f"1 <= s.length <= 8\n{lines}", "s: str", {"s": "a"})
    chars = set("".join(x["s"] for x in got))
    assert chars <= (set("a1") if "either" in lines else set("abcdefghijklmnopqrstuvwxyz")) and len(chars) > 1


def test_two_lines_with_no_character_in_common_refuse():
    _refused(
        "1 <= s.length <= 8\ns consists of lowercase English letters.\ns consists of digits.", "s: str", {"s": "a"}
    )
