"""Names a constraint line writes otherwise than the input it means (name_variants.py, tuple_aliases.py)
and ranges said in words (range_words.py): each read where it is one input, drawn so or checked, and an
existing test that breaks it refuses generation; a name that could be two inputs is not read."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.name_variants import variant_of, with_variants
from microcoder_data.testgen.range_checks import number_in, word_count, word_lengths_within
from test_testgen_conditions import fn_problem, why_not_read


def _problem(body: str, constraints: str, sig: str, tests: list[str]) -> Problem:
    p = fn_problem(constraints, sig, tests)
    p.statement = f"{body}\n\nConstraints:\n\n{constraints}\n"
    return p


def _drawn(p: Problem, n: int = 30, large: bool = False) -> list[dict]:
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, p.id, n, max_len=20)]
    assert len(got) >= n // 3
    if large:
        got += [json.loads(x) for x in generate_large_inputs(spec, p.id, 2, budget=20_000, max_chars=10**6)]
    return got


# --------------------------------------------------------------------------- names


def test_a_singular_or_plural_stands_for_the_one_input_it_varies():
    assert variant_of("num", {"nums", "k"}) == "nums"
    assert variant_of("row", {"rows", "cols", "matrix"}) == "rows"
    assert variant_of("city", {"cities"}) == "cities"
    assert variant_of("nums", {"nums"}) is None  # known itself
    assert variant_of("x", {"xs"}) is None  # too short to tell
    assert variant_of("box", {"boxes", "boxs"}) is None  # two candidates: not read
    assert variant_of("arrivaltime", {"arrivalTime", "delayedTime"}) == "arrivalTime"
    assert variant_of("row", {"rows", "Row"}) is None  # two candidates: not read
    assert with_variants("1 <= num[i] <= len(nums)", {"nums"}, {"len"}) == "1 <= nums[i] <= len(nums)"


def test_a_singular_bound_of_a_list_is_drawn_so_and_checked():
    p = fn_problem("1 <= nums.length <= 100\n1 <= num[i] <= 200", "nums: List[int]", ['{"nums": [1, 200]}'])
    got = _drawn(p)
    assert all(1 <= v <= 200 for x in got for v in x["nums"])
    assert any(v > 100 for x in got for v in x["nums"])
    broken = fn_problem("1 <= nums.length <= 100\n1 <= num[i] <= 200", "nums: List[int]", ['{"nums": [201]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_size_written_singular_bounds_the_size_a_line_defined():
    lines = "rows == matrix.length\ncols == matrix[i].length\n1 <= row, cols <= 4\nmatrix[i][j] is '0' or '1'."
    got = _drawn(fn_problem(lines, "matrix: List[List[str]]", ['{"matrix": [["1", "0"]]}']))
    assert all(1 <= len(x["matrix"]) <= 4 and all(1 <= len(r) <= 4 for r in x["matrix"]) for x in got)
    assert any(len(x["matrix"]) == 4 for x in got)


def test_a_name_two_inputs_could_stand_for_is_not_read():
    p = fn_problem(
        "1 <= boxes.length, boxs.length <= 10\n1 <= box[i] <= 5",
        "boxes: List[int], boxs: List[int]",
        ['{"boxes": [1], "boxs": [2]}'],
    )
    assert "box" in why_not_read(p)


def test_a_flat_lists_positions_named_whole_are_bounded_each():
    body = "You are given points where points[i] = [xi, yi] and your location = [posx, posy]."
    lines = "1 <= points.length <= 10\npoints[i].length == 2\nlocation.length == 2\n0 <= posx, posy, xi, yi <= 9"
    sig = "points: List[List[int]], location: List[int]"
    got = _drawn(_problem(body, lines, sig, ['{"points": [[1, 2]], "location": [3, 9]}']))
    assert all(len(x["location"]) == 2 and all(0 <= v <= 9 for v in x["location"]) for x in got)
    assert all(0 <= v <= 9 for x in got for pt in x["points"] for v in pt)
    broken = _problem(body, lines, sig, ['{"points": [[1, 2]], "location": [3, 10]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_positions_bounded_by_a_size_follow_it():
    body = "An integer array startPos where startPos = [startrow, startcol] is where the robot starts."
    lines = "m == s.length\n1 <= n, m <= 50\nstartPos.length == 2\n0 <= startrow, startcol < n\ns consists of 'L', 'R'."
    got = _drawn(
        _problem(body, lines, "n: int, startPos: List[int], s: str", ['{"n": 3, "startPos": [2, 0], "s": "L"}'])
    )
    assert all(0 <= v < x["n"] for x in got for v in x["startPos"])


def test_a_positions_bounds_stay_within_the_lists_element_bounds():
    body = "You are given startPos = [startrow, startcol], a position on an m x n grid."
    lines = "1 <= m, n <= 10\nstartPos.length == 2\n0 <= startPos[i] <= 3\n0 <= startrow < m\n0 <= startcol < n"
    sig = "m: int, n: int, startPos: List[int]"
    got = _drawn(_problem(body, lines, sig, ['{"m": 3, "n": 3, "startPos": [1, 2]}']), 80)
    assert all(0 <= v <= 3 for x in got for v in x["startPos"])
    assert all(x["startPos"][0] < x["m"] and x["startPos"][1] < x["n"] for x in got)
    lines = "1 <= edges.length <= 10\nedges[i] = [ui, vi]\n0 <= edges[i][j] <= 5\n0 <= ui, vi <= 100"
    got = _drawn(fn_problem(lines, "edges: List[List[int]]", ['{"edges": [[1, 2]]}']), 80)
    assert all(0 <= v <= 5 for x in got for e in x["edges"] for v in e) and any(
        e[0] == 5 for x in got for e in x["edges"]
    )
    broken = fn_problem(lines, "edges: List[List[int]]", ['{"edges": [[1, 50]]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_numbered_family_of_inputs_shares_its_positions_names():
    body = "The coordinate of a point pi is represented as [xi, yi]."
    lines = "p1.length == p2.length == p3.length == 2\n-10^4 <= xi, yi <= 10^4"
    sig = "p1: List[int], p2: List[int], p3: List[int]"
    got = _drawn(_problem(body, lines, sig, ['{"p1": [0, 0], "p2": [1, 1], "p3": [1, 0]}']))
    assert all(-(10**4) <= v <= 10**4 for x in got for k in ("p1", "p2", "p3") for v in x[k])
    assert any(abs(v) > 1000 for x in got for v in x["p3"])
    broken = _problem(body, lines, sig, ['{"p1": [0, 0], "p2": [1, 1], "p3": [1, 10001]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_bound_not_read_is_refused_as_written():
    p = fn_problem("1 <= nums.length <= 10\n||nums[i]| - 1| <= 10", "nums: List[int]", ['{"nums": [1]}'])
    assert "_i" not in input_spec(p).refusal.line


# --------------------------------------------------------------------------- ranges in words


def test_an_integer_in_the_range_in_words():
    p = fn_problem("n is an integer in the range [1, 10^5].", "n: int", ['{"n": 7}'])
    got = _drawn(p)
    assert all(1 <= x["n"] <= 10**5 for x in got) and any(x["n"] > 20 for x in got)
    assert "breaks the constraints" in why_not_read(
        fn_problem("n is an integer in the range [1, 5].", "n: int", ['{"n": 7}'])
    )


@pytest.mark.parametrize(
    "line, sig, test, name",
    [
        (
            "k is in the range [1, the number of unique elements in the array].",
            "nums: List[int], k: int",
            '{"nums": [1, 1, 2], "k": 2}',
            "nums",
        ),
        (
            "k is in the range [1, The number of unique words[i]]",
            "words: List[str], k: int",
            '{"words": ["a", "a"], "k": 1}',
            "words",
        ),
    ],
)
def test_a_range_up_to_the_number_of_unique_values(line, sig, test, name):
    leaf = "-5 <= nums[i] <= 5" if name == "nums" else "1 <= words[i].length <= 2\nwords[i] consists of 'a', 'b'."
    lines = f"1 <= {name}.length <= 10\n{leaf}\n{line}"
    got = _drawn(fn_problem(lines, sig, [test]))
    assert all(1 <= x["k"] <= len(set(map(str, x[name]))) for x in got)
    assert any(x["k"] > 1 for x in got)
    broken = test.replace('"k": 2', '"k": 3').replace('"k": 1', '"k": 2')
    assert "breaks the constraints" in why_not_read(fn_problem(lines, sig, [broken]))


@pytest.mark.parametrize(
    "line", ["num represents an integer in the range [1, 3999].", "num is an integer in the range [1, 3999]."]
)
def test_a_string_of_digits_as_the_number_it_writes(line):
    lines = f"1 <= num.length <= 4\n{line}"
    got = _drawn(fn_problem(lines, "num: str", ['{"num": "12"}']), large=True)
    assert all(number_in(x["num"], 1, 3999) for x in got)
    assert len({x["num"] for x in got}) > 10
    for bad in ("4000", "012", "0"):
        assert "breaks the constraints" in why_not_read(fn_problem(lines, "num: str", ['{"num": "%s"}' % bad]))


def test_a_string_said_to_be_letters_is_no_number():
    lines = (
        "1 <= s.length <= 4\ns consists of lowercase English letters.\ns represents an integer in the range [1, 99]."
    )
    assert "s represents" in why_not_read(fn_problem(lines, "s: str", ['{"s": "ab"}']))


def test_the_number_of_words_and_their_lengths_in_a_sentence_are_checked():
    lines = (
        "1 <= sentence.length <= 40\nsentence consists of only lower-case letters and spaces.\n"
        "The number of words in sentence is in the range [1, 3]\n"
        "The length of each word in sentence is in the range [1, 4]\n"
        "Every two consecutive words in sentence will be separated by exactly one space.\n"
        "sentence does not have leading or trailing spaces."
    )
    got = _drawn(fn_problem(lines, "sentence: str", ['{"sentence": "ab cd"}']), large=True)
    assert all(1 <= word_count(x["sentence"]) <= 3 and word_lengths_within(x["sentence"], 1, 4) for x in got)
    assert all("  " not in x["sentence"] and x["sentence"].strip() == x["sentence"] for x in got)
    assert any(word_count(x["sentence"]) > 1 for x in got)
    for bad in (" ", "ab cd ef gh", "abcde f"):
        assert "breaks the constraints" in why_not_read(
            fn_problem(lines, "sentence: str", ['{"sentence": "%s"}' % bad])
        )


def test_the_number_of_words_of_a_string_whose_characters_are_unread_refuses():
    lines = "1 <= s.length <= 40\nThe number of words in s is between 1 and 9."
    assert "number of words" in why_not_read(fn_problem(lines, "s: str", ['{"s": "ab"}']))


@pytest.mark.parametrize(
    "line, least", [("|nums[i]| <= 100", 0), ("1 <= |nums[i]| <= 100", 1), ("3 <= |nums[i]| <= 100", 3)]
)
def test_an_absolute_value_bounded_both_ways(line, least):
    lines = f"1 <= nums.length <= 20\n{line}"
    got = _drawn(fn_problem(lines, "nums: List[int]", ['{"nums": [5, -5]}']), large=True)
    values = [v for x in got for v in x["nums"]]
    assert all(least <= abs(v) <= 100 for v in values)
    assert min(values) < -50 and max(values) > 50
    broken = '{"nums": [%d]}' % (-101 if not least else least - 1)
    assert "breaks the constraints" in why_not_read(fn_problem(lines, "nums: List[int]", [broken]))


def test_an_absolute_value_leaving_out_a_wide_span_refuses():
    lines = "1 <= nums.length <= 20\n50 <= |nums[i]| <= 100"
    assert "|nums[i]|" in why_not_read(fn_problem(lines, "nums: List[int]", ['{"nums": [60]}']))


def test_a_position_bounded_by_another_lists_position_refuses_naming_the_line():
    body = "start = [startX, startY] and target = [targetX, targetY] are positions."
    lines = "start.length == target.length == 2\n1 <= startX <= targetX <= 10^5\n1 <= startY <= targetY <= 10^5"
    p = _problem(body, lines, "start: List[int], target: List[int]", ['{"start": [1, 1], "target": [4, 5]}'])
    refusal = input_spec(p).refusal
    assert (refusal.kind, refusal.line) == ("unsupported_constraint", "1 <= startX <= targetX <= 10^5")


def test_a_reading_given_up_deep_down_names_its_line():
    body = "event1 = [startTime1, endTime1] where each time is HH:MM."
    lines = "event1.length == 2\nevent1[i].length == 5\nstartTime1 <= endTime1"
    p = _problem(body, lines, "event1: List[str]", ['{"event1": ["01:15", "02:00"]}'])
    assert input_spec(p).refusal.line == "startTime1 <= endTime1"


def test_a_tuple_positions_name_written_indexed_is_that_position():
    body = "edges[i] = [fromi, toi, weighti] is a directed edge."
    lines = "3 <= n <= 50\n1 <= edges.length <= 50\nedges[i].length == 3\n0 <= fromi, toi <= n - 1\n1 <= weight[i] <= 7"
    sig = "n: int, edges: List[List[int]]"
    got = _drawn(_problem(body, lines, sig, ['{"n": 3, "edges": [[0, 1, 7]]}']))
    assert all(1 <= e[2] <= 7 and 0 <= e[0] < x["n"] for x in got for e in x["edges"])
    assert any(e[2] == 7 for x in got for e in x["edges"])
    broken = _problem(body, lines, sig, ['{"n": 3, "edges": [[0, 1, 8]]}'])
    assert "breaks the constraints" in why_not_read(broken)
