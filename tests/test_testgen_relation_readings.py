"""Relation lines read by microcoder_data/testgen/relation_readings.py (registered in
line_readings.READINGS): what each reads holds on every drawn input, an existing test that
breaks it refuses generation, and a line outside the reading's scope stays refused."""

from __future__ import annotations

import json

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import input_spec
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_line_readings import _drawn
from test_testgen_stdin_relations import _problem as atcoder_problem


BOARD = "m == board.length\nn = board[i].length\n1 <= m, n <= 6\nboard[i][j] is either 0 or 1."


def test_equals_written_for_equality_is_read_as_the_equality():
    got = _drawn(BOARD, "board: List[List[int]]", ['{"board": [[0, 1], [1, 1]]}'])
    assert all(len({len(r) for r in x["board"]}) == 1 for x in got)
    assert len({len(x["board"][0]) for x in got}) > 2  # n varies, every row has it
    lengths = "1 <= nums1.length, nums2.length <= 50\nnums1.length = nums2.length\n0 <= nums1[i], nums2[i] <= 9"
    got = _drawn(lengths, "nums1: List[int], nums2: List[int]", ['{"nums1": [1], "nums2": [2]}'])
    assert all(len(x["nums1"]) == len(x["nums2"]) for x in got)
    broken = fn_problem(lengths, "nums1: List[int], nums2: List[int]", ['{"nums1": [1], "nums2": [2, 3]}'])
    assert "breaks the constraints" in why_not_read(broken)


EDGES = "n == edges.length\n2 <= n <= 100\n0 <= edges[i] <= n - 1\nedges[i] != i"


def test_no_element_equals_its_position_is_checked():
    got = _drawn(EDGES, "edges: List[int]", ['{"edges": [1, 0]}'])
    assert all(e != k for x in got for k, e in enumerate(x["edges"]))
    assert any(len(x["edges"]) > 3 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(EDGES, "edges: List[int]", ['{"edges": [0, 1]}']))
    rows = "2 <= graph.length <= 20\n0 <= graph[i].length <= 5\n0 <= graph[i][j] < graph.length\ngraph[i][j] != i"
    got = _drawn(rows, "graph: List[List[int]]", ['{"graph": [[1], [0]]}'])
    assert all(v != k for x in got for k, row in enumerate(x["graph"]) for v in row)


def test_no_element_equals_its_position_counts_from_one_in_atcoder_notation():
    p = atcoder_problem(
        "N\nA_1 A_2 \\ldots A_N", ["2 \\le N \\le 20", "1 \\le A_i \\le N", "A_i \\neq i"], ["3\n2 3 1\n"]
    )
    spec = stdin_spec(p)
    assert isinstance(spec, StdinSpec), spec.reason
    got = [parse(spec.rows, spec.render(json.loads(x))) for x in generate_inputs(spec.spec, "atc/x", 30)]
    assert len(got) >= 10
    assert all(int(a) != k for v in got for k, a in enumerate(v["A"], 1))
    assert any(int(v["A"][1]) == 1 for v in got)  # A_2 may be 1: positions count from 1, not 0
    broken = atcoder_problem(
        "N\nA_1 A_2 \\ldots A_N", ["2 \\le N \\le 20", "1 \\le A_i \\le N", "A_i \\neq i"], ["2\n1 1\n"]
    )
    assert "breaks the constraints" in stdin_spec(broken).reason


GRID = "m == grid.length\nn == grid[i].length\n1 <= m, n <= 8\ngrid[i][j] is either 0 or 1.\n"


def test_elements_at_stated_positions_hold_their_constant():
    got = _drawn(
        GRID + "grid[0][0] == grid[m - 1][n - 1] == 0", "grid: List[List[int]]", ['{"grid": [[0, 1], [1, 0]]}']
    )
    assert all(x["grid"][0][0] == 0 and x["grid"][-1][-1] == 0 for x in got)
    assert any(1 in row for x in got for row in x["grid"])
    broken = fn_problem(GRID + "grid[0][0] == grid[m - 1][n - 1] == 0", "grid: List[List[int]]", ['{"grid": [[1]]}'])
    assert "breaks the constraints" in why_not_read(broken)
    brackets = "4 <= s.length <= 12\ns consists of digits, '(' and ')'.\ns[0] == '(' and s[s.length - 1] == ')'"
    spec = input_spec(fn_problem(brackets, "s: str", ['{"s": "(12)"}']))
    assert all(x[0] == "(" and x[-1] == ")" for x in (json.loads(t)["s"] for t in generate_inputs(spec, "fx/b", 100)))
    # a character at a position: once a bound of the whole string no draw kept, now checked
    zero = "2 <= s.length <= 20\ns[i] is either '0' or '1'.\ns[0] == '0'"
    got = _drawn(zero, "s: str", ['{"s": "0110"}'])
    assert all(x["s"][0] == "0" for x in got) and any("1" in x["s"] for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(zero, "s: str", ['{"s": "10"}']))


def test_a_length_a_multiple_of_a_size_written_first():
    line = "3 * n == slices.length\n1 <= slices.length <= 500\n1 <= slices[i] <= 1000"
    got = _drawn(line, "slices: List[int]", ['{"slices": [1, 2, 3]}'])
    assert all(len(x["slices"]) % 3 == 0 for x in got)
    assert len({len(x["slices"]) for x in got}) > 2
    assert "breaks the constraints" in why_not_read(fn_problem(line, "slices: List[int]", ['{"slices": [1, 2]}']))


def test_the_size_of_something_no_input_is_constrains_nothing_only_where_every_input_is_a_number():
    got = _drawn("1 <= n <= 1000\n0 <= start <= 1000\nn == nums.length", "n: int, start: int", ['{"n": 4, "start": 3}'])
    assert all(1 <= x["n"] <= 1000 and 0 <= x["start"] <= 1000 for x in got)
    # with a list among the inputs, ``nums`` may be the statement's name for it: not read
    p = fn_problem(
        "1 <= n <= 1000\n0 <= arr[i] <= 9\n1 <= arr.length <= 10\nn == nums.length",
        "n: int, arr: List[int]",
        ['{"n": 1, "arr": [3]}'],
    )
    assert "nums" in why_not_read(p)


def test_a_power_of_two_minus_one_that_lost_its_superscript():
    """``220 - 1`` as scraped from ``2^20 - 1``: the power where the examples need it."""
    got = _drawn("1 <= nums.length <= 20\n1 <= nums[i] <= 220 - 1", "nums: List[int]", ['{"nums": [500, 3]}'])
    assert all(1 <= v <= 2**20 - 1 for x in got for v in x["nums"]) and any(v > 219 for x in got for v in x["nums"])


def test_a_character_at_a_position_that_is_not_a_constant():
    got = _drawn(
        "1 <= s.length <= 10\ns consists of lowercase English letters.\ns[0] != 'i'", "s: str", ['{"s": "ab"}']
    )
    assert all(x["s"][0] != "i" for x in got) and any("i" in x["s"] for x in got)
    assert "breaks the constraints" in why_not_read(
        fn_problem(
            "1 <= s.length <= 10\ns consists of lowercase English letters.\ns[0] != 'i'", "s: str", ['{"s": "ib"}']
        )
    )
