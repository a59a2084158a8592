"""Holes a review found in the relation grammar (relation_grammar.py): each line below was read into a
check that never applied, a check over the wrong element, a crash or a stall; now refused or read right."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.spec_expr import decimal_value, evaluate
from test_testgen_conditions import drawn, fn_problem

ROWS = "1 <= queries.length <= 6\nqueries[i].length == 2\n1 <= queries[i][0], queries[i][1] <= 100\n"
HEAD_1 = "You are given a 1-indexed 2D array queries where queries[i] = [x_i, y_i]."
NAMES_1 = "1 <= queries.length <= 6\nqueries[i].length == 2\nx_i == queries[i][1]\ny_i == queries[i][2]\n"


def _refused(constraints: str, sig: str, tests: list[str], head: str = "") -> None:
    p = fn_problem(constraints, sig, tests)
    p.statement = head + "\n" + p.statement
    spec = input_spec(p)
    assert not isinstance(spec, InputSpec), spec.checks
    assert spec.refusal.kind == "unsupported_constraint" and spec.refusal.line


@pytest.mark.parametrize(
    "constraints",
    [
        ROWS + "abs(queries[i][0] - queries[i][2]) <= 5",  # past the stated length 2: no such element
        "1 <= queries.length <= 6\n1 <= queries[i][0], queries[i][1] <= 100\nabs(queries[i][0] - queries[i][1]) <= 5",
    ],  # the second: the rows' length never stated, position 1 may not exist
)
def test_a_constant_position_not_always_there_refuses(constraints):
    _refused(constraints, "queries: List[List[int]]", ['{"queries": [[1, 3]]}'])


def test_a_constant_position_within_the_stated_length_is_checked_unguarded_and_drawn_so():
    p = fn_problem(
        ROWS + "abs(queries[i][0] - queries[i][1]) <= 5", "queries: List[List[int]]", ['{"queries": [[1, 3]]}']
    )
    (check,) = input_spec(p).checks
    assert "0 <= 1 <" not in check  # a guard on a constant position would make the check vacuous
    assert not evaluate(check, {"queries": [[1, 3], [1, 90]]})
    assert all(abs(a - b) <= 5 for x in drawn(p) for a, b in x["queries"])


@pytest.mark.parametrize(
    "line",
    ["abs(nums[1] - nums[2]) <= 5", "nums[i] * 2 >= nums[1]", "abs(nums[i] - nums[1]) <= k"],
)
def test_a_constant_position_of_a_list_said_1_indexed_refuses(line):
    constraints = "3 <= nums.length <= 8\n1 <= nums[i] <= 100\n1 <= k <= 100\n" + line
    head = "You are given a 1-indexed integer array nums of length n."
    _refused(constraints, "nums: List[int], k: int", ['{"nums": [1, 3, 5], "k": 90}'], head)


@pytest.mark.parametrize(
    "line", ["1 <= queries[i][1] <= 5", "queries[i][1] <= queries[i][2]", "abs(queries[i][1] - queries[i][2]) >= 6"]
)
def test_other_lines_naming_constant_positions_of_a_1_indexed_list_refuse(line):
    constraints = NAMES_1 + "1 <= x_i, y_i <= 100\n" + line
    _refused(constraints, "queries: List[List[int]]", ['{"queries": [[1, 9]]}'], HEAD_1)


def test_a_number_of_4000_digits_or_more_compares_by_its_digits():
    a, b, c = decimal_value("1" * 4001), decimal_value("0" + "1" * 4001), decimal_value("1" * 4000 + "2")
    assert a == b and not a != b and a < c and c > a and a > 10**100 and not a < 5
    minus = decimal_value("-" + "2" * 4001)
    assert minus < a and minus < decimal_value("-" + "1" * 4001) and minus < -5
    p = fn_problem(
        "1 <= a.length, b.length <= 5000\na and b consist of only digits.\nint(a) != int(b)",
        "a: str, b: str",
        ['{"a": "1", "b": "2"}', json.dumps({"a": "0" + "1" * 4000, "b": "1" * 4000})],
    )
    assert not isinstance(input_spec(p), InputSpec)  # equal numbers: the existing test breaks the line


def test_a_variable_ranges_only_over_a_list_every_position_of_it_names():
    grid = "m == grid.length\nn == grid[i].length\n1 <= m, n <= 5\n0 <= grid[i][j] <= 9\n"
    p = fn_problem(grid + "grid[i + 1][j] >= grid[i][j]", "grid: List[List[int]]", ['{"grid": [[1, 2], [3, 4]]}'])
    (check,) = [c for c in input_spec(p).checks if "range(" in c]
    assert evaluate(check, {"grid": [[1, 2], [3, 4]]}) and not evaluate(check, {"grid": [[1, 2], [3, 1]]})
    got = drawn(p)
    assert all(
        g[i + 1][j] >= g[i][j] for x in got for g in [x["grid"]] for i in range(len(g) - 1) for j in range(len(g[0]))
    )


def test_a_second_variable_over_the_same_list_refuses():
    constraints = "1 <= grid.length <= 10\n1 <= grid[i].length <= 10^5\n1 <= grid[i][j] <= 10^9\n"
    _refused(constraints + "grid[i][j] != grid[i][k] (j != k)", "grid: List[List[int]]", ['{"grid": [[1, 2], [3]]}'])


NUMS = "3 <= n <= 8\nnums.length == n\n1 <= nums[i] <= 100\n"


@pytest.mark.parametrize(
    "head",
    [
        "You are given a 1-indexed array of positive integers nums of length n.",
        "You are given a 1-based integer array nums.",
        "You are given an integer array nums (1-indexed).",
        "You are given an array nums of length n, indexed from 1.",
        "You are given two 1-indexed integer arrays nums and other.",
        "You are given an integer array nums. nums is 1-indexed.",
    ],
)
@pytest.mark.parametrize(
    "line", ["abs(nums[1] - nums[2]) <= 3", "nums[1] == 5", "nums[i] != i", "nums[i] <= n - i", "0 <= nums[i] <= n - i"]
)
def test_positions_of_a_statement_numbering_lists_from_1_in_any_wording_refuse(head, line):
    """Review of the fix: "1-indexed" worded otherwise than "a 1-indexed <kind> nums" left constant
    positions and own-index bounds read from 0 (|nums[1] - nums[2]| <= 3 drawn [4, 91, 91]); any wording
    anywhere now makes them unsure: refused."""
    p = fn_problem(NUMS + line, "nums: List[int], n: int", ['{"nums": [5, 5, 5], "n": 3}'])
    p.statement = head + "\n" + p.statement
    spec = input_spec(p)
    assert not isinstance(spec, InputSpec), (head, line, spec.checks)
