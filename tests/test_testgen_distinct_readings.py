"""Distinctness read as a subject and a predicate (microcoder_data/testgen/distinct_readings.py): what
each phrasing resolves to is drawn so or checked on every drawn input, an existing test that breaks it
refuses generation, and a subject naming no input is left refused."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.schema import TestCase
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.orders import arrange
from microcoder_data.testgen.spec_model import why_invalid
from test_testgen_conditions import fn_problem, why_not_read


def _drawn(p, n: int = 30) -> list[dict]:
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, p.id, n)]
    assert len(got) >= n // 3
    return got


def _unique(values: list) -> bool:
    keys = [json.dumps(v) for v in values]
    return len(set(keys)) == len(keys)


@pytest.mark.parametrize(
    "line",
    [
        "All the elements of row are unique.",
        "row contains no duplicates.",
        "All the integers of row are unique. row is a permutation.",
        "All the values of row are unique.",
    ],
)
def test_a_lists_elements_are_drawn_distinct(line):
    p = fn_problem(
        f"2 <= row.length <= 30\n1 <= row[i] <= row.length\n{line}", "row: List[int]", ['{"row": [1, 3, 2, 4]}']
    )
    got = _drawn(p)
    assert all(_unique(x["row"]) for x in got)
    assert any(len(x["row"]) > 3 for x in got)
    broken = fn_problem(
        f"2 <= row.length <= 30\n1 <= row[i] <= row.length\n{line}", "row: List[int]", ['{"row": [1, 1, 2, 4]}']
    )
    assert "breaks the constraints" in why_not_read(broken)


def test_digits_in_each_array_are_distinct_in_every_array():
    p = fn_problem(
        "1 <= nums1.length, nums2.length <= 9\n1 <= nums1[i], nums2[i] <= 9\nAll digits in each array are unique.",
        "nums1: List[int], nums2: List[int]",
        ['{"nums1": [4, 1, 3], "nums2": [5, 7]}'],
    )
    got = _drawn(p)
    assert all(_unique(x["nums1"]) and _unique(x["nums2"]) for x in got)
    broken = fn_problem(
        "1 <= nums1.length, nums2.length <= 9\n1 <= nums1[i], nums2[i] <= 9\nAll digits in each array are unique.",
        "nums1: List[int], nums2: List[int]",
        ['{"nums1": [4, 1, 3], "nums2": [5, 5]}'],
    )
    assert "breaks the constraints" in why_not_read(broken)


def test_no_repeated_elements_of_a_list_of_cells_are_ordered_pairs():
    p = fn_problem(
        "1 <= moves.length <= 9\nmoves[i].length == 2\n0 <= moves[i][j] <= 2\nThere are no repeated elements on moves.",
        "moves: List[List[int]]",
        ['{"moves": [[0, 1], [1, 0], [2, 2]]}'],  # [0, 1] and [1, 0]: two cells
    )
    got = _drawn(p)
    assert all(_unique(x["moves"]) for x in got)


def test_no_duplicate_corridors_is_the_edge_rule_both_ways():
    constraints = (
        "2 <= n <= 50\n1 <= corridors.length <= 60\ncorridors[i].length == 2\n1 <= corridors[i][0], corridors[i][1] <= n\n"
        "corridors[i][0] != corridors[i][1]\nThere are no duplicate corridors."
    )
    sig = "n: int, corridors: List[List[int]]"
    got = _drawn(fn_problem(constraints, sig, ['{"n": 4, "corridors": [[1, 2], [2, 3]]}']))
    assert all(_unique([sorted(e) for e in x["corridors"]]) for x in got)
    assert any(len(x["corridors"]) > 2 for x in got)
    broken = fn_problem(constraints, sig, ['{"n": 4, "corridors": [[1, 2], [2, 1]]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_named_position_of_each_interval_is_checked():
    p = fn_problem(
        "1 <= intervals.length <= 20\nintervals[i].length == 2\n-10 <= starti <= endi <= 10\n"
        "The start point of each interval is unique.",
        "intervals: List[List[int]]",
        ['{"intervals": [[3, 4], [2, 3], [1, 2]]}'],
    )
    p.statement = "You are given intervals, where intervals[i] = [starti, endi].\n\n" + p.statement
    got = _drawn(p)
    assert all(_unique([a for a, _ in x["intervals"]]) for x in got)
    assert any(len({b for _, b in x["intervals"]}) < len(x["intervals"]) for x in got)  # ends may repeat
    p.tests = [TestCase('{"intervals": [[3, 4], [3, 5]]}', "0")]
    assert "breaks the constraints" in why_not_read(p)


def test_several_lists_together_and_disjoint():
    together = fn_problem(
        "1 <= left.length, right.length <= 10\n0 <= left[i], right[i] <= 12\n"
        "All values of left and right are unique, and each value can appear only in one of the two arrays.",
        "left: List[int], right: List[int]",
        ['{"left": [4, 3], "right": [0, 1]}'],
    )
    assert all(_unique(x["left"] + x["right"]) for x in _drawn(together))
    together.tests = [TestCase('{"left": [4, 3], "right": [3, 1]}', "0")]
    assert "breaks the constraints" in why_not_read(together)
    points = fn_problem(
        "1 <= workers.length <= 5\n1 <= bikes.length <= 5\nworkers[i].length == 2\nbikes[i].length == 2\n"
        "0 <= workers[i][0], workers[i][1], bikes[i][0], bikes[i][1] < 3\n"
        "All the workers and the bikes locations are unique.",
        "workers: List[List[int]], bikes: List[List[int]]",
        ['{"workers": [[0, 0], [2, 1]], "bikes": [[1, 2], [2, 2]]}'],
    )
    assert all(_unique(x["workers"] + x["bikes"]) for x in _drawn(points))
    points.tests = [TestCase('{"workers": [[0, 0]], "bikes": [[0, 0]]}', "0")]
    assert "breaks the constraints" in why_not_read(points)
    both = fn_problem(
        "1 <= good.length, bad.length <= 10\n1 <= good[i].length, bad[j].length <= 2\n"
        "good[i] and bad[j] consist of lowercase English letters.\nNo word is present in both good and bad.",
        "good: List[str], bad: List[str]",
        ['{"good": ["a", "b"], "bad": ["c", "c"]}'],
    )
    got = _drawn(both)
    assert all(not set(x["good"]) & set(x["bad"]) for x in got)
    assert any(not _unique(x["good"]) or not _unique(x["bad"]) for x in _drawn(both, 60))  # each may repeat


def test_lists_distinct_once_sorted():
    p = fn_problem(
        "1 <= fav.length <= 6\n1 <= fav[i].length <= 3\n1 <= fav[i][j].length <= 1\n"
        "fav[i][j] consists of the letters 'a' and 'b'.\nAll strings in fav[i] are distinct.\n"
        "All lists of fav are distinct, that is, If we sort alphabetically each list then fav[i] != fav[j].",
        "fav: List[List[str]]",
        ['{"fav": [["a", "b"], ["b"]]}'],
    )
    assert all(_unique([sorted(x) for x in d["fav"]]) for d in _drawn(p))
    p.tests = [TestCase('{"fav": [["a", "b"], ["b", "a"]]}', "0")]
    assert "breaks the constraints" in why_not_read(p)


def test_a_noun_the_body_defines_by_lists_at_one_index():
    constraints = "ranks.length == suits.length == 5\n1 <= ranks[i] <= 13\n'a' <= suits[i] <= 'd'\n"
    line = "No two cards have the same rank and suit."
    sig = "ranks: List[int], suits: List[str]"
    test = '{"ranks": [1, 1, 2, 2, 3], "suits": ["a", "b", "a", "b", "a"]}'
    p = fn_problem(constraints + line, sig, [test])
    p.statement = "You have 5 cards where the ith card has a rank of ranks[i] and a suit of suits[i].\n\n" + p.statement
    assert all(_unique(list(zip(x["ranks"], x["suits"]))) for x in _drawn(p))
    p.tests = [TestCase('{"ranks": [1, 1, 2, 2, 3], "suits": ["a", "a", "a", "b", "a"]}', "0")]
    assert "breaks the constraints" in why_not_read(p)
    undefined = fn_problem(constraints + line, sig, [test])  # "cards" defined nowhere: refused
    assert "No two cards" in why_not_read(undefined)


@pytest.mark.parametrize(
    "line",
    [
        "The phone numbers and seat numbers of the passengers are distinct.",
        "No two pieces are on the same square.",
    ],
)
def test_a_subject_naming_no_input_stays_refused(line):
    p = fn_problem(
        f"1 <= details.length <= 10\ndetails[i].length == 3\ndetails[i] consists of digits.\n{line}",
        "details: List[str]",
        ['{"details": ["123"]}'],
    )
    assert line.rstrip(".") in why_not_read(p)


@pytest.mark.parametrize(
    "line",
    [
        "grid consists of distinct integers.",
        "All the integers of grid are unique.",
        "All elements in the matrix are distinct.",
        "Each value grid[i][j] is unique.",
        "All grid[i][j] are distinct.",
    ],
)
def test_the_numbers_of_a_matrix_are_every_cell_not_its_rows(line):
    constraints = f"1 <= grid.length, grid[i].length <= 4\n1 <= grid[i][j] <= 10^5\n{line}"
    got = _drawn(fn_problem(constraints, "grid: List[List[int]]", ['{"grid": [[1, 2], [3, 4]]}']))
    assert all(_unique([c for row in x["grid"] for c in row]) for x in got)
    broken = fn_problem(constraints, "grid: List[List[int]]", ['{"grid": [[1, 2], [2, 1]]}'])  # rows differ, cells not
    assert "breaks the constraints" in why_not_read(broken)


def test_each_rows_values_and_a_range_with_them():
    rows = fn_problem(
        "1 <= hats.length <= 6\n1 <= hats[i].length <= 6\n1 <= hats[i][j] <= 6\nhats[i] contains a list of unique integers.",
        "hats: List[List[int]]",
        ['{"hats": [[1, 2], [1, 2]]}'],  # rows may repeat; a row's values may not
    )
    got = _drawn(rows)
    assert all(_unique(r) for x in got for r in x["hats"])
    ranged = fn_problem(
        "1 <= n <= 10\n1 <= targetIndices.length <= n\n"
        "The input is generated such that targetIndices contains distinct elements in the range [0, n - 1].",
        "n: int, targetIndices: List[int]",
        ['{"n": 3, "targetIndices": [0, 2]}'],
    )
    got = _drawn(ranged)
    assert all(_unique(x["targetIndices"]) and all(0 <= t < x["n"] for t in x["targetIndices"]) for x in got)
    ranged = fn_problem(
        ranged.statement.split("Constraints:")[1],
        "n: int, targetIndices: List[int]",
        ['{"n": 3, "targetIndices": [0, 3]}'],
    )
    assert "breaks the constraints" in why_not_read(ranged)


def test_two_sentences_on_a_line_are_each_read_or_the_line_refused():
    read = fn_problem(
        "2 <= row.length <= 9\n1 <= row[i] <= row.length\nAll the integers of row are unique. row is a permutation.",
        "row: List[int]",
        ['{"row": [2, 1, 3]}'],
    )
    got = _drawn(read)
    assert all(sorted(x["row"]) == list(range(1, len(x["row"]) + 1)) for x in got)
    unread = fn_problem(
        "2 <= row.length <= 9\n1 <= row[i] <= row.length\nAll the integers of row are unique. row is a magic square.",
        "row: List[int]",
        ['{"row": [2, 1, 3]}'],
    )
    assert "magic square" in why_not_read(unread)


def test_sorting_a_grids_columns_may_repeat_a_rows_value_and_the_final_check_drops_that_draw():
    lines = (
        "m == grid.length\nn == grid[i].length\n1 <= m, n <= 5\n0 <= grid[i][j] <= 4\n"
        "The columns of grid are sorted in non-decreasing order.\ngrid[i] consists of distinct integers."
    )
    test = '{"grid": [[0, 1], [2, 3]]}'
    spec = input_spec(fn_problem(lines, "grid: List[List[int]]", [test]))
    assert isinstance(spec, InputSpec), spec.reason
    node = spec.nodes["grid"]
    placed = arrange(node, [[3, 1], [1, 2]], random.Random(0))  # each row distinct before the columns are sorted
    assert placed == [[1, 1], [3, 2]] and why_invalid(
        spec.nodes, spec.order, spec.checks, {"m": 2, "n": 2, "grid": placed}
    )
    got = [json.loads(x)["grid"] for x in generate_inputs(spec, "fx/solve", 40)]
    got += [json.loads(x)["grid"] for x in generate_large_inputs(spec, "fx/solve", 2, budget=20_000, max_chars=10**7)]
    got += [json.loads(x)["grid"] for x in neighbour_inputs(spec, [test], random.Random(1), 20)]
    assert len(got) >= 20 and any(len(g) > 2 and len(g[0]) > 1 for g in got)
    for g in got:
        assert all(len(set(row)) == len(row) for row in g)
        assert all(a <= b for upper, lower in zip(g, g[1:]) for a, b in zip(upper, lower))
