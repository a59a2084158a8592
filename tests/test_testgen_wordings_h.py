"""More of LeetCode's ways to say an alphabet or distinct values (other_wordings.py, distinct_readings.py): each
read only of the subject it fits, the drawn inputs keep what the line says, and a line whose subject does not fit
stays unread (refused)."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from test_testgen_conditions import fn_problem, why_not_read


def _drawn(constraints: str, sig: str, test: dict, n: int = 30) -> list[dict]:
    spec = input_spec(fn_problem(constraints, sig, [json.dumps(test)]))
    assert isinstance(spec, InputSpec), spec.reason
    inputs = [json.loads(x) for x in generate_inputs(spec, "fx/solve", n, max_len=12)]
    assert len(inputs) >= n // 2
    return inputs


@pytest.mark.parametrize(
    "line, test, chars",
    [
        ("Each character of s is either '0' or '1'.", "0110", "01"),
        ("Every character in s is 'L', 'R', or '_'.", "LR_", "LR_"),
        ("s[i] is one of 'L', 'R', '_'.", "L_", "LR_"),
        ("s is a binary string.", "01", "01"),
        ("s consists of zeros and ones.", "10", "01"),
    ],
)
def test_a_strings_characters_said_otherwise_are_drawn_from_those_only(line, test, chars):
    for x in _drawn(f"1 <= s.length <= 100\n{line}", "s: str", {"s": test}):
        assert set(x["s"]) <= set(chars)


def test_alphanumeric_is_letters_and_digits():
    drawn = "".join(
        x["s"] for x in _drawn("1 <= s.length <= 100\ns consists of alphanumeric characters.", "s: str", {"s": "a1"})
    )
    assert drawn.isalnum() and drawn.isascii()


def test_one_of_values_for_numbers():
    for x in _drawn(
        "1 <= colors.length <= 10\ncolors[i] is one of 1, 2 or 3.", "colors: List[int]", {"colors": [1, 3]}
    ):
        assert set(x["colors"]) <= {1, 2, 3}


@pytest.mark.parametrize(
    "line",
    ["All elements are distinct.", "There are no duplicates in nums.", "No two elements of nums are equal."],
)
def test_distinct_values_said_otherwise(line):
    for x in _drawn(f"1 <= nums.length <= 20\n0 <= nums[i] <= 25\n{line}", "nums: List[int]", {"nums": [1, 2]}):
        assert len(set(x["nums"])) == len(x["nums"])


@pytest.mark.parametrize("line", ["s has no repeated characters.", "Every character in s appears at most once."])
def test_distinct_characters_said_otherwise(line):
    lines = f"1 <= s.length <= 26\ns consists of lowercase English letters.\n{line}"
    for x in _drawn(lines, "s: str", {"s": "ab"}):
        assert len(set(x["s"])) == len(x["s"])


@pytest.mark.parametrize("line", ["All pairs [xi, yi] are unique.", "All (xi, yi) are distinct."])
def test_tuples_distinct_by_their_named_positions(line):
    lines = f"1 <= points.length <= 30\npoints[i].length == 2\npoints[i] = [xi, yi]\n0 <= xi, yi <= 2\n{line}"
    for x in _drawn(lines, "points: List[List[int]]", {"points": [[0, 1], [1, 2]]}):
        assert len({tuple(p) for p in x["points"]}) == len(x["points"])


def test_strings_of_the_one_list_and_strings_named_after_their_kind():
    lines = "1 <= words.length <= 10\n1 <= words[i].length <= 5\nEach word consists of lowercase English letters."
    for x in _drawn(lines, "words: List[str]", {"words": ["ab"]}):
        assert all(w.isalpha() and w.islower() for w in x["words"])
    lines = "1 <= s.length, t.length <= 9\nThe strings s and t consist of digits."
    for x in _drawn(lines, "s: str, t: str", {"s": "12", "t": "3"}):
        assert (x["s"] + x["t"]).isdigit()


@pytest.mark.parametrize(
    "constraints, sig, test",
    [
        # two lists: which one's elements "All elements" means is unsure
        (
            "1 <= a.length, b.length <= 9\n0 <= a[i], b[i] <= 9\nAll elements are distinct.",
            "a: List[int], b: List[int]",
            {"a": [1], "b": [2]},
        ),
        # a number is no string of zeros and ones (a list of numbers of zeros and ones: its values, word_bounds)
        ("1 <= n <= 10\nn is a binary string.", "n: int", {"n": 3}),
        # a list of strings beside a string: "each word" may be either's
        (
            "1 <= words.length <= 9\n1 <= words[i].length <= 5\n1 <= s.length <= 5\nEach word consists of lowercase English letters.",
            "words: List[str], s: str",
            {"words": ["ab"], "s": "a"},
        ),
        # a tuple naming no list's positions
        ("1 <= nums.length <= 9\n0 <= nums[i] <= 9\nAll (xi, yi) are distinct.", "nums: List[int]", {"nums": [1]}),
    ],
)
def test_a_subject_the_wording_does_not_fit_leaves_the_line_unread(constraints, sig, test):
    assert "not understood" in why_not_read(fn_problem(constraints, sig, [json.dumps(test)]))


def test_an_existing_test_breaking_the_new_reading_refuses():
    p = fn_problem("1 <= s.length <= 100\ns is a binary string.", "s: str", [json.dumps({"s": "012"})])
    assert "breaks" in why_not_read(p)


# the review's holes (each drew inputs the line forbids before its fix)
def test_integers_said_with_no_name_beside_scalars_stay_unread():
    lines = "1 <= nums.length <= 10\n1 <= nums[i], x, y <= 50\nAll the integers are distinct."
    why = why_not_read(fn_problem(lines, "nums: List[int], x: int, y: int", ['{"nums": [1], "x": 2, "y": 3}']))
    assert "not understood" in why


def test_strings_of_a_list_distinct_is_not_each_ones_characters():
    lines = "1 <= words.length <= 10\n1 <= words[i].length <= 3\n"
    lines += "All the strings in words consist of lowercase English letters and are distinct."
    assert "not understood" in why_not_read(fn_problem(lines, "words: List[str]", ['{"words": ["ab", "cd"]}']))


def test_one_of_keeps_a_quoted_comma_whole():
    for x in _drawn("1 <= s.length <= 10\ns[i] is one of ',', '.', '!'.", "s: str", {"s": ",."}):
        assert set(x["s"]) <= set(",.!")
    assert "not understood" in why_not_read(
        fn_problem("1 <= s.length <= 10\ns[i] is one of 'a'-'z'.", "s: str", ['{"s": "ab"}'])
    )
