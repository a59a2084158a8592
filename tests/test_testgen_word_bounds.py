"""Bounds said in words (testgen/word_bounds.py): each read as the comparisons it states -- drawn inputs hold them,
an existing test breaking one refuses -- "between" without "inclusive" strictly inside, and a line with a part
that states anything else, or a bound with no other side, left unread."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from test_testgen_conditions import fn_problem
from test_testgen_other_wordings import TEST, _drawn, _spec


@pytest.mark.parametrize(
    "line",
    [
        "k is a positive integer not exceeding 5",
        "k is a positive integer less than or equal to 5",
        "k is an integer between 1 and 5, inclusive",
        "k is at least 1 and at most 5",
        "k is a positive integer less than 6",
    ],
)
def test_a_numbers_bounds_in_words(line):
    got = _drawn(2, line)
    assert {x["k"] for x in got} == {1, 2, 3, 4, 5}
    refused = _spec(2, line, {**TEST, "k": 6})
    assert isinstance(refused, NoSpec) and "breaks" in refused.reason, refused


@pytest.mark.parametrize(
    "line",
    [
        "Each element of nums is at least 3 and at most 7",
        "All elements of nums are at least 3 and not greater than 7",
        "nums[i] is an integer between 3 and 7 (inclusive)",
        "Each nums[i] is no less than 3 and no more than 7",
        "nums consists of integers not less than 3 and not exceeding 7",
    ],
)
def test_every_elements_bounds_in_words(line):
    values = [v for x in _drawn(1, line) for v in x["nums"]]
    assert all(3 <= v <= 7 for v in values) and {3, 7} <= set(values)
    refused = _spec(1, line, {**TEST, "nums": [3, 8]})
    assert isinstance(refused, NoSpec) and "breaks" in refused.reason, refused


def test_positive_elements_with_a_bound():
    values = [
        v
        for x in _drawn(1, "All elements of nums are positive and at most 4", test={**TEST, "nums": [1, 2]})
        for v in x["nums"]
    ]
    assert set(values) == {1, 2, 3, 4}


def test_between_without_inclusive_is_read_strictly_inside():
    got = _drawn(0, "The length of nums is between 1 and 6", test={**TEST, "nums": [3, 4]})
    assert {len(x["nums"]) for x in got} == {2, 3, 4, 5}
    on_an_end = _spec(0, "The length of nums is between 1 and 6", {**TEST, "nums": [3]})
    assert isinstance(on_an_end, NoSpec) and "breaks" in on_an_end.reason, on_an_end


@pytest.mark.parametrize(
    "line",
    [
        "nums has between 1 and 5 elements, inclusive",
        "nums contains at least 1 and at most 5 elements",
        "nums is non-empty and has at most 5 elements",
        "The length of nums is at least 1 and at most 5",
    ],
)
def test_a_length_by_its_count_of_elements(line):
    assert {len(x["nums"]) for x in _drawn(0, line)} == {1, 2, 3, 4, 5}


def test_a_length_stated_exactly():
    assert {len(x["nums"]) for x in _drawn(0, "nums has exactly 3 elements")} == {3}


@pytest.mark.parametrize(
    "replace, line",
    [
        (2, "k is at most 5"),  # no lower bound: no draw can be sure of one
        (0, "nums has at most 5 elements"),
        (2, "k is a positive integer and a multiple of 3"),  # a part that is no bound
        (2, "k is a positive integer not exceeding the answer"),
        (1, "Each element of nums is at most 7 and distinct"),
    ],
)
def test_a_bound_with_no_other_side_or_an_unread_part_leaves_the_line_unread(replace, line):
    assert isinstance(_spec(replace, line), NoSpec)


GRID_SIG = "grid: List[List[int]]"
GRID_LINES = ["m == grid.length", "n == grid[i].length", "1 <= m, n <= 6", "grid[i][j] is either 0 or 1."]


@pytest.mark.parametrize(
    "line",
    [
        "grid consists of 0s and 1s.",
        "grid consists only of 0's and 1's.",
        "grid contains only 0 and 1.",
        "grid is a binary matrix.",
        "All values in grid are either 0 or 1.",
        "Each cell of grid is 0 or 1.",
    ],
)
def test_a_grids_two_values_in_words(line):
    test = {"grid": [[0, 1], [1, 0]]}
    got = _drawn(3, line, test=test, sig=GRID_SIG, lines=GRID_LINES)
    assert {v for x in got for row in x["grid"] for v in row} == {0, 1}
    refused = _spec(3, line, {"grid": [[0, 2]]}, sig=GRID_SIG, lines=GRID_LINES)
    assert isinstance(refused, NoSpec) and "breaks" in refused.reason, refused


def test_rows_and_columns_name_a_grids_sizes():
    lines = ["The grid has m rows and n columns.", "1 <= m <= 3", "1 <= n <= 4", "grid[i][j] is either 0 or 1."]
    spec = input_spec(fn_problem("\n".join(lines), GRID_SIG, [json.dumps({"grid": [[0, 1]]})]))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x)["grid"] for x in generate_inputs(spec, "fx/solve", 30, max_len=40)]
    assert {len(g) for g in got} == {1, 2, 3} and {len(r) for g in got for r in g} == {1, 2, 3, 4}
    assert all(len({len(r) for r in g}) == 1 for g in got)


def test_two_whole_ranges_joined_by_and():
    lines = ["m == grid.length", "n == grid[i].length", "1 <= m <= 2 and 1 <= n <= 3", "grid[i][j] is 0 or 1."]
    spec = input_spec(fn_problem("\n".join(lines), GRID_SIG, [json.dumps({"grid": [[0, 1]]})]))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x)["grid"] for x in generate_inputs(spec, "fx/solve", 30, max_len=40)]
    assert {len(g) for g in got} == {1, 2} and {len(r) for g in got for r in g} == {1, 2, 3}


@pytest.mark.parametrize("line", ["nums[i] is a power of 2.", "All elements of nums are powers of two."])
def test_every_element_a_power(line):
    values = {v for x in _drawn(1, line, test={**TEST, "nums": [1, 4, 8]}) for v in x["nums"]}
    assert values and all(v & (v - 1) == 0 for v in values) and len(values) > 3
    refused = _spec(1, line, {**TEST, "nums": [1, 6]})
    assert isinstance(refused, NoSpec), refused


def test_strings_said_lowercase():
    lines = ["1 <= s.length <= 10", "1 <= t.length <= 10", "s and t are lowercase strings."]
    spec = input_spec(fn_problem("\n".join(lines), "s: str, t: str", [json.dumps({"s": "ab", "t": "c"})]))
    assert isinstance(spec, InputSpec), spec.reason
    drawn = "".join(x["s"] + x["t"] for x in map(json.loads, generate_inputs(spec, "fx/solve", 20, max_len=12)))
    assert drawn.isalpha() and drawn.islower() and drawn.isascii()


def test_positive_of_a_real_is_above_zero_and_at_least_one_stays_so():
    sig, test = "x: float, y: float", {"x": 0.5, "y": 1.5}
    lines = ["x is a positive number at most 2", "y is at least 1 and at most 2"]
    spec = input_spec(fn_problem("\n".join(lines), sig, [json.dumps(test)]))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30, max_len=40)]
    assert all(0 < g["x"] <= 2 and 1 <= g["y"] <= 2 for g in got) and any(g["x"] < 1 for g in got)


def test_a_bound_naming_an_input_keeps_its_case():
    spec = input_spec(
        fn_problem("1 <= N <= 10\nk is a positive integer at most N", "N: int, k: int", ['{"N": 3, "k": 2}'])
    )
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30, max_len=40)]
    assert all(1 <= g["k"] <= g["N"] for g in got) and any(g["k"] > 1 for g in got)


@pytest.mark.parametrize(
    "line",
    [
        "k is less than or equal to the length of nums",
        "It is guaranteed that k is less than or equal to the length of nums",
        "k is a valid integer between 1 and 3, inclusive",
    ],
)
def test_a_bound_said_as_a_length_or_a_valid_integer(line):
    lines = ["1 <= nums.length <= 3", "0 <= nums[i] <= 9", "1 <= k <= 10^5" if "length" in line else line]
    lines += [line] if "length" in line else []
    spec = input_spec(fn_problem("\n".join(lines), "nums: List[int], k: int", ['{"nums": [3, 4], "k": 1}']))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30, max_len=40)]
    assert all(1 <= g["k"] <= 3 and (g["k"] <= len(g["nums"]) or "length" not in line) for g in got)


EDGES = ["edges[i] = [ai, bi]", "2 <= n <= 6", "1 <= edges.length <= 6", "edges[i].length == 2"]


@pytest.mark.parametrize(
    "lines",
    [
        ["ai and bi are in the range [0, n - 1]", "a_i != b_i", "The pairs (ai, bi) are distinct."],
        ["0 <= a_i, b_i < n", "No edge connects a node to itself.", "All the pairs (ai, bi) are distinct."],
    ],
)
def test_tuple_positions_said_in_words_or_with_their_underscore(lines):
    spec = input_spec(
        fn_problem("\n".join(EDGES + lines), "n: int, edges: List[List[int]]", ['{"n": 3, "edges": [[0, 1], [1, 2]]}'])
    )
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30, max_len=8)]
    assert len(got) >= 10
    for g in got:
        assert all(0 <= a < g["n"] and 0 <= b < g["n"] and a != b for a, b in g["edges"]), g
        assert len({tuple(e) for e in g["edges"]}) == len(g["edges"]), g
    loop = input_spec(
        fn_problem("\n".join(EDGES + lines), "n: int, edges: List[List[int]]", ['{"n": 3, "edges": [[1, 1]]}'])
    )
    assert isinstance(loop, NoSpec)
