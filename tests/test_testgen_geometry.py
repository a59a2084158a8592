"""Geometric promises (microcoder_data/testgen/geometry_readings.py, geometry_checks.py): boxes and
intervals that do not overlap, points no three on a line.  What each reads holds on every drawn
(and large) input, an existing test that breaks it refuses generation, and corners or ends the
statement does not define leave the line refused."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.geometry_checks import boxes_apart, collinear_free, intervals_apart, spread_apart
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase
from test_testgen_conditions import why_not_read
from test_testgen_stdin_relations import _drawn as stdin_drawn
from test_testgen_stdin_relations import _problem as atcoder_problem


def _problem(body: str, constraints: str, sig: str, tests: list[str]) -> Problem:
    return Problem(
        id="fx/solve",
        source="fx",
        title="solve",
        statement=f"{body}\n\nConstraints:\n\n{constraints}\n",
        mode="functional",
        tests=[TestCase(t, "0") for t in tests],
        starter_code=f"class Solution:\n    def solve(self, {sig}) -> int:\n",
        fn_name="solve",
        reference_solutions=[f"class Solution:\n    def solve(self, {sig}) -> int:\n        return 0\n"],
    )


def _overlap(a: list[int], b: list[int]) -> bool:
    """Two rectangles [x1, y1, x2, y2] share a positive area (written out, not the module's sweep)."""
    return max(a[0], b[0]) < min(a[2], b[2]) and max(a[1], b[1]) < min(a[3], b[3])


def test_the_checks_tell_touching_from_overlapping():
    assert boxes_apart([(0, 0), (1, 0)], [(1, 1), (2, 1)])  # a shared edge
    assert boxes_apart([(0, 0, 0), (1, 1, 1)], [(1, 1, 1), (2, 2, 2)])  # a shared corner
    assert not boxes_apart([(0, 0), (1, 1)], [(2, 2), (3, 3)])
    assert boxes_apart([(2, 2), (0, 0)], [(0, 0), (1, 1)]) is False  # corners in either order
    # starts, ends: [1, 4] and [3, 6] overlap either way; [1, 3] and [3, 6] share 3, [1, 3) and [3, 6) touch
    assert intervals_apart([1, 3], [4, 6], True) is False and intervals_apart([1, 3], [4, 6], False) is False
    assert not intervals_apart([1, 3], [3, 6], True) and intervals_apart([1, 3], [3, 6], False)
    assert intervals_apart([1, 4], [3, 6], True)  # [1, 3] and [4, 6]
    assert collinear_free([(0, 0), (4, 0), (0, 3)]) and not collinear_free([(0, 0), (1, 1), (-2, -2)])
    assert not collinear_free([(0, 0), (0, 0), (5, 1)])  # a point given twice and any third
    assert not collinear_free([(0.0, 0.0), (1.0, 2.0), (2.5, 5.0)]) and collinear_free(
        [(0.0, 0.0), (1.0, 2.0), (2.5, 5.1)]
    )


def test_many_rows_are_spread_apart_keeping_each_rows_direction():
    rng = random.Random(3)
    rows = [[a, a + rng.randint(0, 10**4), 7] for a in (rng.randint(0, 10**8) for _ in range(10**5))]
    rows[0][:2] = [5, 1]  # drawn the other way round (a bound ``r_i <= l_i``): kept so
    spread_apart({"lows": [0], "highs": [1]}, rows, [(1, 10**9)], rng)
    assert intervals_apart([min(r[:2]) for r in rows], [max(r[:2]) for r in rows], True)
    assert rows[0][0] > rows[0][1] and all(r[0] < r[1] for r in rows[1:]) and all(r[2] == 7 for r in rows)
    with pytest.raises(ValueError):
        spread_apart({"lows": [0], "highs": [1]}, rows[:6], [(0, 10)], rng)  # 12 distinct ends in 11 values


RECTANGLES = (
    "You are given rectangles, where rectangles[i] is in the form [start_x, start_y, end_x, end_y].\n"
    "(start_x, start_y): The bottom-left corner of the rectangle.\n(end_x, end_y): The top-right corner of the rectangle.",
    "3 <= n <= 20\n3 <= rectangles.length <= 10^5\n0 <= rectangles[i][0] < rectangles[i][2] <= n\n"
    "0 <= rectangles[i][1] < rectangles[i][3] <= n\nNo two rectangles overlap.",
    "n: int, rectangles: List[List[int]]",
)


def test_rectangles_that_do_not_overlap_are_drawn_apart_and_checked():
    p = _problem(*RECTANGLES, ['{"n": 5, "rectangles": [[1, 0, 5, 2], [0, 2, 2, 4], [3, 2, 5, 3]]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec
    got = [json.loads(x)["rectangles"] for x in generate_inputs(spec, p.id, 40)]
    assert len(got) >= 12 and any(len(r) > 3 for r in got)  # 2 N distinct sides within [0, n]: N <= 10
    assert all(not _overlap(a, b) for rs in got for a, b in itertools.combinations(rs, 2))
    broken = _problem(*RECTANGLES, ['{"n": 5, "rectangles": [[0, 0, 2, 2], [1, 1, 3, 3], [3, 3, 4, 4]]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_corners_the_statement_does_not_name_leave_the_line_refused():
    body = "You are given rectangles, where rectangles[i] = [a, b, c, d]."
    p = _problem(body, *RECTANGLES[1:], ['{"n": 5, "rectangles": [[1, 0, 5, 2], [0, 2, 2, 4], [3, 2, 5, 3]]}'])
    assert "No two rectangles overlap" in why_not_read(p)


COINS = (
    "You are given a 2D array coins, where coins[i] = [l_i, r_i, c_i] denotes that every bag from l_i to r_i "
    "contains c_i coins.\nThe segments that coins contain are non-overlapping.",
    "1 <= coins.length <= 10^5\n1 <= k <= 10^9\ncoins[i] == [l_i, r_i, c_i]\n1 <= l_i <= r_i <= 10^9\n"
    "1 <= c_i <= 1000\nThe given segments are non-overlapping.",
    "coins: List[List[int]], k: int",
)


def test_inclusive_segments_are_drawn_apart_and_sharing_an_end_is_refused():
    p = _problem(*COINS, ['{"coins": [[8, 10, 1], [1, 3, 2], [5, 6, 4]], "k": 4}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec
    got = [json.loads(x)["coins"] for x in generate_inputs(spec, p.id, 40)]
    assert len(got) >= 20 and any(len(c) > 5 for c in got)
    for coins in got:
        spans = sorted(c[:2] for c in coins)
        assert all(a[1] < b[0] for a, b in zip(spans, spans[1:]))  # no bag in two segments
    assert any(c != sorted(c) for c in got)  # drawn apart, then in any order
    broken = _problem(*COINS, ['{"coins": [[1, 3, 1], [3, 6, 2]], "k": 4}'])  # bag 3 in both
    assert "breaks the constraints" in why_not_read(broken)


def test_segments_whose_ends_are_not_said_inclusive_or_not_said_segments_are_refused():
    body = "You are given a 2D array coins, where coins[i] = [l_i, r_i, c_i] is a segment with c_i coins."
    assert "non-overlapping" in why_not_read(_problem(body, *COINS[1:], ['{"coins": [[1, 3, 1]], "k": 4}']))
    body = COINS[0].split("\n")[0]  # every bag from l_i to r_i: no sentence says these are the segments
    assert "non-overlapping" in why_not_read(_problem(body, *COINS[1:], ['{"coins": [[1, 3, 1]], "k": 4}']))


CUBOIDS = (
    "N\nX_{1,1} Y_{1,1} Z_{1,1} X_{1,2} Y_{1,2} Z_{1,2}\n\\vdots\nX_{N,1} Y_{N,1} Z_{N,1} X_{N,2} Y_{N,2} Z_{N,2}",
    [
        "1 \\le N \\le 10^5",
        "0 \\le X_{i,1} < X_{i,2} \\le 100",
        "0 \\le Y_{i,1} < Y_{i,2} \\le 100",
        "0 \\le Z_{i,1} < Z_{i,2} \\le 100",
        "Cuboids do not have an intersection with a positive volume.",
        "All input values are integers.",
    ],
)
DIAGONAL = "The diagonal of the i-th cuboid is a segment that connects two points (X_{i,1},Y_{i,1},Z_{i,1}) and (X_{i,2},Y_{i,2},Z_{i,2})."


def _with_body(p: Problem, body: str) -> Problem:
    p.statement = body + "\n\n" + p.statement
    return p


def test_cuboids_apart_in_atcoder_columns_are_checked():
    spec = stdin_spec(_with_body(atcoder_problem(*CUBOIDS, ["2\n0 0 0 1 1 1\n0 0 1 1 1 2\n"]), DIAGONAL))
    assert isinstance(spec, StdinSpec), spec.reason
    got = stdin_drawn(spec, 40)
    assert len(got) >= 10 and any(len(v["X1"]) > 1 for v in got)
    for v in got:
        lows = list(zip(*(map(int, v[k]) for k in ("X1", "Y1", "Z1"))))
        highs = list(zip(*(map(int, v[k]) for k in ("X2", "Y2", "Z2"))))
        assert not any(
            all(max(a[d], b[d]) < min(c[d], e[d]) for d in range(3))
            for (a, c), (b, e) in itertools.combinations(zip(lows, highs), 2)
        )
    broken = _with_body(atcoder_problem(*CUBOIDS, ["2\n0 0 0 2 2 2\n1 1 1 3 3 3\n"]), DIAGONAL)
    assert "breaks the constraints" in stdin_spec(broken).reason


POINTS = (
    "x_A y_A\nx_B y_B\nx_C y_C",
    [
        "-5 \\le x_A, y_A, x_B, y_B, x_C, y_C \\le 5",
        "The three points A, B, and C are not collinear",
        "All input values are integers.",
    ],
)
NAMED = "In the xy-plane, there are three points A(x_A, y_A), B(x_B, y_B), and C(x_C, y_C)."


def test_three_named_points_not_collinear_are_checked():
    spec = stdin_spec(_with_body(atcoder_problem(*POINTS, ["0 0\n4 0\n0 3\n"]), NAMED))
    assert isinstance(spec, StdinSpec), spec.reason
    got = stdin_drawn(spec, 40)
    assert len(got) >= 20
    for v in got:
        (ax, ay), (bx, by), (cx, cy) = ((int(v[f"x_{n}"]), int(v[f"y_{n}"])) for n in "ABC")
        assert (bx - ax) * (cy - ay) != (by - ay) * (cx - ax)
    broken = _with_body(atcoder_problem(*POINTS, ["0 0\n1 1\n2 2\n"]), NAMED)
    assert "breaks the constraints" in stdin_spec(broken).reason
    assert "not collinear" in stdin_spec(atcoder_problem(*POINTS, ["0 0\n4 0\n0 3\n"])).reason  # A, B, C undefined


FAMILIES = (
    "N\nA_1 B_1\n\\vdots\nA_N B_N\nC_1 D_1\n\\vdots\nC_N D_N",
    [
        "1 \\le N \\le 8",
        "0 \\le A_i, B_i, C_i, D_i \\le 6",
        "No three different points lie on the same straight line",
        "All input values are integers.",
    ],
)
COORDINATES = "The coordinates of P_i are (A_i, B_i), and the coordinates of Q_i are (C_i, D_i)."


@pytest.mark.parametrize("test, holds", [("2\n0 0\n1 2\n5 1\n3 5\n", True), ("2\n0 0\n1 2\n5 1\n2 4\n", False)])
def test_no_three_points_of_every_family_on_a_line(test, holds):
    p = _with_body(atcoder_problem(*FAMILIES, [test]), COORDINATES)
    spec = stdin_spec(p)
    if not holds:  # (0, 0), (1, 2) and Q_2 (2, 4) on one line
        assert "breaks the constraints" in spec.reason
        return
    assert isinstance(spec, StdinSpec), spec.reason
    got = stdin_drawn(spec, 40)
    assert len(got) >= 10
    for v in got:
        pts = [(int(x), int(y)) for x, y in zip(v["A"] + v["C"], v["B"] + v["D"])]
        assert not any(
            (b[0] - a[0]) * (c[1] - a[1]) == (b[1] - a[1]) * (c[0] - a[0]) for a, b, c in itertools.combinations(pts, 3)
        )


PIECES = "You are given 6 integers a, b, c, d, e, and f where:\n(a, b) denotes the position of the white rook.\n(c, d) denotes the position of the white bishop.\n(e, f) denotes the position of the black queen."
PIECE_LINES = "1 <= a, b, c, d, e, f <= 8\nNo two pieces are on the same square."
SIG = "a: int, b: int, c: int, d: int, e: int, f: int"


def test_no_two_pieces_on_one_square_is_checked():
    p = _problem(PIECES, PIECE_LINES, SIG, ['{"a": 1, "b": 1, "c": 8, "d": 8, "e": 2, "f": 3}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec
    got = [json.loads(x) for x in generate_inputs(spec, p.id, 40)]
    assert len(got) >= 20
    assert all(len({(v["a"], v["b"]), (v["c"], v["d"]), (v["e"], v["f"])}) == 3 for v in got)
    broken = _problem(PIECES, PIECE_LINES, SIG, ['{"a": 1, "b": 1, "c": 8, "d": 8, "e": 1, "f": 1}'])
    assert "breaks the constraints" in why_not_read(broken)
    undefined = _problem(
        "You are given 6 integers.", PIECE_LINES, SIG, ['{"a": 1, "b": 1, "c": 8, "d": 8, "e": 2, "f": 3}']
    )
    assert "same square" in why_not_read(undefined)


QUEENS = (
    "queens[i] = [xQueeni, yQueeni] represents the position of the ith black queen on the chessboard. You are also "
    "given an integer array king of length 2 where king = [xKing, yKing] represents the position of the white king.",
    "1 <= queens.length < 64\nqueens[i].length == king.length == 2\n0 <= xQueeni, yQueeni, xKing, yKing < 8\n"
    "All the given positions are unique.",
    "queens: List[List[int]], king: List[int]",
)


def test_the_queens_and_the_king_are_on_distinct_squares():
    p = _problem(*QUEENS, ['{"queens": [[0, 1], [1, 0]], "king": [0, 0]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec
    got = [json.loads(x) for x in generate_inputs(spec, p.id, 40)]
    assert len(got) >= 20 and any(len(v["queens"]) > 3 for v in got)
    for v in got:
        squares = [tuple(q) for q in v["queens"]] + [tuple(v["king"])]
        assert len(set(squares)) == len(squares)
    assert "breaks the constraints" in why_not_read(_problem(*QUEENS, ['{"queens": [[0, 1], [0, 0]], "king": [0, 0]}']))
    assert "breaks the constraints" in why_not_read(_problem(*QUEENS, ['{"queens": [[0, 1], [0, 1]], "king": [0, 0]}']))


REC = (
    "An axis-aligned rectangle is represented as a list [x1, y1, x2, y2], where (x1, y1) is the coordinate of its "
    "bottom-left corner, and (x2, y2) is the coordinate of its top-right corner.",
    "rec1.length == 4\nrec2.length == 4\n-10 <= rec1[i], rec2[i] <= 10\n"
    "rec1 and rec2 represent a valid rectangle with a non-zero area.",
    "rec1: List[int], rec2: List[int]",
)


def test_a_valid_rectangle_has_its_bottom_left_corner_below_and_left_of_its_top_right():
    p = _problem(*REC, ['{"rec1": [0, 0, 2, 2], "rec2": [1, 1, 3, 3]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec
    got = [json.loads(x) for x in generate_inputs(spec, p.id, 40)]
    assert len(got) >= 20
    assert all(r[0] < r[2] and r[1] < r[3] for v in got for r in (v["rec1"], v["rec2"]))
    flat = _problem(*REC, ['{"rec1": [0, 0, 2, 0], "rec2": [1, 1, 3, 3]}'])  # no area
    assert "breaks the constraints" in why_not_read(flat)
    body = REC[0].replace("bottom-left", "top-left").replace("top-right", "bottom-right")  # which way is up: unsaid
    assert "non-zero area" in why_not_read(_problem(body, *REC[1:], ['{"rec1": [0, 0, 2, 2], "rec2": [1, 1, 3, 3]}']))


def test_a_line_about_all_points_or_positions_refuses_where_some_are_written_otherwise():
    # review: the positions / no-three-collinear checks covered only the points their own patterns found
    body = (
        "You are given 6 integers a, b, c, d, e, and f where:\n(a, b) denotes the position of the white rook.\n"
        "(c, d) denotes the position of the white bishop.\nThe black queen stands at (e, f)."
    )
    p = _problem(
        body,
        "1 <= a, b, c, d, e, f <= 2\nNo two pieces are on the same square.",
        "a: int, b: int, c: int, d: int, e: int, f: int",
        ['{"a": 1, "b": 1, "c": 2, "d": 2, "e": 1, "f": 2}'],
    )
    assert not isinstance(input_spec(p), InputSpec)
    body = "The coordinates of P_i are (A_i, B_i). Point Q_i is located at (C_i, D_i)."
    assert not isinstance(
        stdin_spec(_with_body(atcoder_problem(*FAMILIES, ["2\n0 0\n1 2\n5 1\n3 5\n"]), body)), StdinSpec
    )


def test_rectangles_that_may_not_intersect_are_not_read_as_apart_and_collinearity_is_exact_across_types():
    cons = RECTANGLES[1].replace("No two rectangles overlap.", "No two rectangles intersect.")
    p = _problem(RECTANGLES[0], cons, RECTANGLES[2], ['{"n": 5, "rectangles": [[0, 0, 2, 2], [3, 0, 4, 2]]}'])
    assert not isinstance(input_spec(p), InputSpec)  # closed boxes that touch intersect: "apart" would pass them
    assert not collinear_free([(0, 0), (2, 3), (4.0, 6.0)])  # ints and floats on one line
