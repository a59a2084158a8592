"""Constraint lines that name one element (at a constant position, or at one other inputs name), a bound
over a range of positions, and relations qualified by the positions they hold at
(microcoder_data/testgen/relation_grammar.py, position_ranges.py, stdin_translate.py): what is read holds
on every drawn input, an existing input that breaks it refuses generation, and what cannot be read
soundly is still refused."""

from __future__ import annotations

import dataclasses

from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from test_testgen_conditions import drawn, fn_problem, why_not_read
from test_testgen_stdin_relations import _drawn, _problem

# --------------------------------------------------------------------------- one element, LeetCode


def test_a_bound_of_the_element_at_a_constant_position_holds_of_it_only():
    p = fn_problem(
        "1 <= nums.length <= 10\n0 <= nums[i] <= 10\nnums[0] >= 1", "nums: List[int]", ['{"nums": [1, 0, 2]}']
    )
    got = drawn(p)
    assert all(x["nums"][0] >= 1 for x in got)
    assert any(0 in x["nums"][1:] for x in got)  # not read as a bound of every element
    broken = fn_problem(
        "1 <= nums.length <= 10\n0 <= nums[i] <= 10\nnums[0] >= 1", "nums: List[int]", ['{"nums": [0]}']
    )
    assert "breaks the constraints" in why_not_read(broken)


def test_a_cell_other_inputs_name_is_checked_and_must_exist():
    lines = (
        "m == image.length\nn == image[i].length\n1 <= m, n <= 6\nimage[i][j] is either '0' or '1'.\n"
        "0 <= x < m\n0 <= y < n\nimage[x][y] == '1'."
    )
    sig = "image: List[List[str]], x: int, y: int"
    got = drawn(fn_problem(lines, sig, ['{"image": [["0", "1"], ["1", "1"]], "x": 0, "y": 1}']))
    assert all(0 <= x["x"] < len(x["image"]) and 0 <= x["y"] < len(x["image"][x["x"]]) for x in got)
    assert all(x["image"][x["x"]][x["y"]] == "1" for x in got)
    assert any("0" in row for x in got for row in x["image"])
    broken = fn_problem(lines, sig, ['{"image": [["0", "1"], ["1", "1"]], "x": 0, "y": 0}'])
    assert "breaks the constraints" in why_not_read(broken)
    wide = lines.replace("y < n", "y <= 10")  # a position not said to be within the image
    outside = fn_problem(wide, sig, ['{"image": [["1"]], "x": 0, "y": 3}'])  # no such cell
    assert "breaks the constraints" in why_not_read(outside)


def test_a_constant_position_where_the_statement_numbers_from_one_is_refused():
    p = fn_problem("1 <= nums.length <= 10\n0 <= nums[i] <= 10\nnums[1] >= 1", "nums: List[int]", ['{"nums": [1, 0]}'])
    p = dataclasses.replace(p, statement="You are given a 1-indexed integer array nums.\n\n" + p.statement)
    assert "nums[1]" in why_not_read(p)  # the first element or the second: unsure


# --------------------------------------------------------------------------- one element, AtCoder

ONE_LIST = "N\nC_1 C_2 \\ldots C_N"


def _stdin(constraints: list[str], inputs: list[str], fmt: str = ONE_LIST) -> StdinSpec | None:
    spec = stdin_spec(_problem(fmt, constraints + ["All input values are integers."], inputs))
    return spec if isinstance(spec, StdinSpec) else None


def test_atcoders_first_and_last_elements_are_read_from_one():
    spec = _stdin(["2 \\le N \\le 10", "0 \\le C_i < N", "C_1 \\geq 1", "C_N \\neq C_1"], ["3\n1 0 2\n"])
    assert spec is not None
    got = [[int(c) for c in v["C"]] for v in _drawn(spec)]
    assert len(got) >= 20 and all(c[0] >= 1 and c[-1] != c[0] for c in got)
    assert any(0 in c[1:] for c in got)  # C_1 only, not every element
    assert _stdin(["2 \\le N \\le 10", "0 \\le C_i < N", "C_1 \\geq 1"], ["3\n0 1 2\n"]) is None  # C_1 = 0


# --------------------------------------------------------------------------- a bound over some positions

PATIENCE = "n == patience.length\n2 <= n <= 10^5\npatience[0] == 0\n1 <= patience[i] <= 10^5 for 1 <= i < n"


def test_a_bound_over_all_positions_but_the_first_with_the_first_stated():
    got = drawn(fn_problem(PATIENCE, "patience: List[int]", ['{"patience": [0, 2, 1]}']))
    assert all(x["patience"][0] == 0 and all(1 <= v <= 10**5 for v in x["patience"][1:]) for x in got)
    assert len({v for x in got for v in x["patience"][1:]}) > 5
    for broken in ('{"patience": [0, 0, 1]}', '{"patience": [3, 2, 1]}'):
        assert "breaks the constraints" in why_not_read(fn_problem(PATIENCE, "patience: List[int]", [broken]))


def test_positions_before_the_range_bounded_by_an_earlier_line_of_every_element():
    p = fn_problem(
        "2 <= nums.length <= 10\n0 <= nums[i] <= 100\nnums[i] >= 50 for 2 <= i < nums.length",
        "nums: List[int]",
        ['{"nums": [0, 2, 51]}'],
    )
    got = drawn(p)
    assert all(all(v >= 50 for v in x["nums"][2:]) and all(0 <= v <= 100 for v in x["nums"]) for x in got)
    assert any(v < 50 for x in got for v in x["nums"][:2])


def test_a_range_of_positions_that_cannot_be_read_soundly_is_refused():
    unstated = "n == patience.length\n2 <= n <= 10^5\n1 <= patience[i] <= 10^5 for 1 <= i < n"
    assert "not understood" in why_not_read(fn_problem(unstated, "patience: List[int]", ['{"patience": [0, 2]}']))
    short = PATIENCE.replace("i < n", "i < n - 1")  # the last position: no line bounds it
    assert "not understood" in why_not_read(fn_problem(short, "patience: List[int]", ['{"patience": [0, 2, 1]}']))


def test_atcoders_range_of_positions_counts_from_one():
    lines = ["2 \\le N \\le 10", "A_1 = 0", "1 \\le A_i \\le 9 (2 \\le i \\le N)"]
    spec = _stdin(lines, ["3\n0 5 2\n"], "N\nA_1 A_2 \\ldots A_N")
    assert spec is not None
    got = [[int(a) for a in v["A"]] for v in _drawn(spec)]
    assert all(a[0] == 0 and all(1 <= v <= 9 for v in a[1:]) for a in got)
    assert _stdin(lines, ["3\n0 0 2\n"], "N\nA_1 A_2 \\ldots A_N") is None
    short = [*lines[:2], "1 \\le A_i \\le 9 (2 \\le i \\le N - 1)"]
    assert _stdin(short, ["3\n0 5 2\n"], "N\nA_1 A_2 \\ldots A_N") is None


# --------------------------------------------------------------------------- relations over a range


def test_a_row_differs_from_a_list_written_out_at_every_position():
    lines = (
        "0 <= kx, ky <= 3\n1 <= positions.length <= 6\npositions[i].length == 2\n"
        "0 <= positions[i][0], positions[i][1] <= 3\n"
        "The input is generated such that positions[i] != [kx, ky] for all 0 <= i < positions.length."
    )
    sig = "kx: int, ky: int, positions: List[List[int]]"
    got = drawn(fn_problem(lines, sig, ['{"kx": 1, "ky": 1, "positions": [[0, 1]]}']))
    assert all([x["kx"], x["ky"]] not in x["positions"] for x in got)
    broken = fn_problem(lines, sig, ['{"kx": 1, "ky": 1, "positions": [[0, 1], [1, 1]]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_relation_over_a_prefix_of_positions_holds_there():
    lines = "2 <= nums.length <= 10\n0 <= nums[i] <= 100\n1 <= k <= nums.length\n"
    lines += "nums[i] + nums[i + 1] <= 100 for 0 <= i < k - 1"
    got = drawn(fn_problem(lines, "nums: List[int], k: int", ['{"nums": [1, 2, 100], "k": 2}']))
    assert all(a + b <= 100 for x in got for a, b in zip(x["nums"][: x["k"]], x["nums"][1 : x["k"]]))
    assert any(a + b > 100 for x in got for a, b in zip(x["nums"][x["k"] - 1 :], x["nums"][x["k"] :]))
    broken = fn_problem(lines, "nums: List[int], k: int", ['{"nums": [1, 100, 0], "k": 3}'])
    assert "breaks the constraints" in why_not_read(broken)
    stray = lines.replace("i < k - 1", "i < m")  # a range naming no input
    assert why_not_read(fn_problem(stray, "nums: List[int], k: int", ['{"nums": [1, 2], "k": 1}']))
