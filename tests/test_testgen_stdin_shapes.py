"""Format shapes of AtCoder blocks read by stdin_format.py / stdin_records.py: an upper triangle
without its diagonal (row i of N - 1 holds N - i values), a grid indexed from 0 in brackets
(``P[0][0]P[0][1]... P[0][N-1]``), subscripts written with spaces or nested braces
(``A_{N - 1}``, ``B_{1,{K_1}}``) or naming a variable with its own subscript (``u_{M_G}``).  Each
is drawn as read and checked; an existing input that does not fit refuses generation."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, parse, stdin_spec
from microcoder_eval.types import TestCase


def _problem(fmt: str, constraints: list[str], inputs: list[str]) -> Problem:
    lines = "\n".join(f"- {c}" for c in constraints)
    statement = (
        "Answer.\n\n### Input\n\nThe input is given from Standard Input in the following format:\n"
        f"{fmt}\n\n### Output\n\nPrint it.\n\n### Constraints\n\n{lines}\n\n### Sample Input 1\n\n1\n"
    )
    return Problem(
        id="atc/shapes",
        source="atc",
        title="Shapes",
        statement=statement,
        mode="stdin",
        tests=[TestCase(i, "0\n") for i in inputs],
        reference_solutions=["print(0)"],
    )


def _lines(text: str) -> list[list[str]]:
    return [line.split() for line in text.rstrip("\n").split("\n")]


UPPER = (
    "N\nD_{1,2} D_{1,3} \\ldots D_{1,N}\nD_{2,3} \\ldots D_{2,N}\n\\vdots\nD_{N-1,N}",
    ["2 \\leq N \\leq 16", "1 \\leq D_{i,j} \\leq 10^9", "All input values are integers."],
    ["4\n1 5 4\n7 8\n6\n", "2\n3\n"],
)


def _upper_ok(text: str) -> None:
    lines = _lines(text)
    n = int(lines[0][0])
    assert 2 <= n <= 16 and len(lines) == n, text  # N, then N - 1 rows
    for i, row in enumerate(lines[1:], start=1):
        assert len(row) == n - i and all(1 <= int(x) <= 10**9 for x in row), text


def test_an_upper_triangle_is_read_and_every_drawn_input_holds_n_minus_i_values_in_row_i():
    spec = stdin_spec(_problem(*UPPER))
    assert isinstance(spec, StdinSpec), spec.reason
    assert (spec.rows[1].kind, spec.rows[1].count, spec.rows[1].records.down) == ("records", "N-1", True)
    assert parse(spec.rows, UPPER[2][0]) == {"N": "4", "D": [["1", "5", "4"], ["7", "8"], ["6"]]}
    texts = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/shapes", 20)]
    assert len(texts) == 20
    for t in texts:
        _upper_ok(t)
    seeds = sorted(args_json(spec, i) for i in UPPER[2])
    near = neighbour_inputs(spec.spec, seeds, random.Random(1), 20, exclude=set(seeds))
    assert near
    for x in near:
        _upper_ok(spec.render(json.loads(x)))


def test_an_upper_triangle_row_of_the_wrong_length_refuses():
    spec = stdin_spec(_problem(UPPER[0], UPPER[1], UPPER[2] + ["3\n1 2\n3 4\n"]))
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "examples_break_format", spec


GRID0 = (
    "N Q\nP[0][0]P[0][1]\\ldots P[0][N-1]\nP[1][0]P[1][1]\\ldots P[1][N-1]\n\\vdots\n"
    "P[N-1][0]P[N-1][1]\\ldots P[N-1][N-1]\nquery_1\n\\vdots\nquery_Q\n\nEach query is given in the following format:\n"
    "A B C D",
    [
        "1 \\leq N \\leq 10",
        "P[i][j] is W or B.",
        "1 \\leq Q \\leq 5",
        "0 \\leq A \\leq C < 10^9",
        "0 \\leq B \\leq D < 10^9",
        "N, Q, A, B, C, D are all integers.",
    ],
    ["3 2\nWWB\nBBW\nWBW\n1 2 3 4\n0 3 4 5\n"],
)


def test_a_grid_indexed_from_zero_in_brackets_and_a_letter_named_like_a_query_field():
    spec = stdin_spec(_problem(*GRID0))
    assert isinstance(spec, StdinSpec), spec.reason
    grid = spec.rows[1]
    assert (grid.kind, grid.count, grid.width, grid.joined) == ("grid", "N-1 + 1", "N-1 + 1", True)
    assert spec.spec.nodes["P"].elem.alphabet == "BW"  # "W or B": letters, not the field B
    for x in generate_inputs(spec.spec, "atc/shapes", 20):
        lines = _lines(spec.render(json.loads(x)))
        n, q = map(int, lines[0])
        assert all(len(r) == 1 and len(r[0]) == n and set(r[0]) <= {"W", "B"} for r in lines[1 : n + 1])
        assert len(lines) == n + 1 + q
        assert all(0 <= int(a) <= int(c) < 10**9 and 0 <= int(b) <= int(d) < 10**9 for a, b, c, d in lines[n + 1 :])
    short = GRID0[2] + ["2 1\nWW\nB\n0 0 0 0\n"]  # a row one cell short
    assert isinstance(stdin_spec(_problem(GRID0[0], GRID0[1], short)), NoSpec)


@pytest.mark.parametrize(
    "fmt, inputs, names",
    [
        ("N\nA_1 B_1\n\\vdots\nA_{N - 1} B_{N - 1}", ["3\n1 2\n2 3\n"], ["N", "A", "B"]),
        ("M_G\nu_1 v_1\nu_2 v_2\n\\vdots\nu_{M_G} v_{M_G}", ["2\n1 2\n2 3\n"], ["M_G", "u", "v"]),
    ],
)
def test_subscripts_with_spaces_or_a_subscripted_count(fmt, inputs, names):
    first = names[0].replace("_", " _ ")  # AtCoder's "M _ G"
    constraints = [f"1 \\leq {first} \\leq 10", f"1 \\leq {names[1]}_i < {names[2]}_i \\leq 10"]
    spec = stdin_spec(_problem(fmt, constraints, inputs))
    assert isinstance(spec, StdinSpec), spec.reason
    assert [n for r in spec.rows for n in r.names] == names
    for x in generate_inputs(spec.spec, "atc/shapes", 10):
        lines = _lines(spec.render(json.loads(x)))
        count = int(lines[0][0]) - (1 if names[0] == "N" else 0)
        assert len(lines) == count + 1 and all(1 <= int(a) < int(b) <= 10 for a, b in lines[1:])


@pytest.mark.parametrize(
    "said",
    [
        "In queries of the first and second types, 1 \\leq c \\leq N.",
        "For type 1 and 2 queries, 1 \\leq c \\leq N.",
        "For queries of types 1 and 2, 1 \\leq c \\leq N.",
    ],
)
def test_a_bound_said_of_several_query_types_bounds_the_field(said):
    fmt = "N Q\nquery_1\n\\vdots\nquery_Q\n\nEach query is given in one of the following two formats:\n1 x c\n\n2 c"
    constraints = ["1 \\leq N \\leq 9", "1 \\leq Q \\leq 9", "In queries of the first type, 1 \\leq x \\leq N.", said]
    spec = stdin_spec(_problem(fmt, constraints, ["5 3\n1 5 4\n2 2\n1 1 1\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert (spec.spec.nodes["c"].elem.lo, spec.spec.nodes["c"].elem.hi) == ("1", "N")
    for x in generate_inputs(spec.spec, "atc/shapes", 20):
        lines = _lines(spec.render(json.loads(x)))
        n = int(lines[0][0])
        assert all(1 <= int(v) <= n for q in lines[1:] for v in q[1:])
    assert isinstance(stdin_spec(_problem(fmt, constraints, ["5 1\n2 6\n"])), NoSpec)  # c over N: the reading holds


def test_scalars_written_together_are_one_character_each():
    constraints = ["Each of S_1, S_2, T_1, and T_2 is one of the characters A, B, C, D, and E.", "S_1 \\neq S_2"]
    spec = stdin_spec(_problem("S_1S_2\nT_1T_2", constraints, ["AC\nEC\n", "BD\nBB\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert [(r.names, r.joined) for r in spec.rows] == [(["S_1", "S_2"], True), (["T_1", "T_2"], True)]
    assert parse(spec.rows, "AC\nEC\n") == {"S_1": "A", "S_2": "C", "T_1": "E", "T_2": "C"}
    texts = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/shapes", 20)]
    assert len(texts) == 20
    for t in texts:
        s, u = t.split()
        assert len(s) == len(u) == 2 and set(s + u) <= set("ABCDE") and s[0] != s[1], t
    assert isinstance(stdin_spec(_problem("S_1S_2\nT_1T_2", constraints, ["AA\nEC\n"])), NoSpec)  # S_1 = S_2
    assert isinstance(stdin_spec(_problem("S_1S_2\nT_1T_2", constraints, ["ABC\nEC\n"])), NoSpec)  # three


@pytest.mark.parametrize(
    "said",
    [
        "When a query of the first type is given, x_i exists in A.",
        "Right before a query of the first kind is given, there is no edge between vertices u and v.",
        "Just before the i-th match, player p_i and player q_i belong to different teams.",
    ],
)
def test_a_promise_about_the_state_a_query_finds_refuses_as_a_promise(said):
    fmt = "N Q\nquery_1\n\\vdots\nquery_Q\n\nEach query is given in one of the following two formats:\n1 x\n\n2 x"
    constraints = ["1 \\leq N, Q \\leq 9", "1 \\leq x \\leq N", said]
    spec = stdin_spec(_problem(fmt, constraints, ["5 2\n1 5\n2 5\n"]))
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise" and spec.refusal.line == said, spec


CUBE = (
    "N\nA_{1,1,1} A_{1,1,2} \\ldots A_{1,1,N}\nA_{1,2,1} A_{1,2,2} \\ldots A_{1,2,N}\n\\vdots\n"
    "A_{1,N,1} A_{1,N,2} \\ldots A_{1,N,N}\nA_{2,1,1} A_{2,1,2} \\ldots A_{2,1,N}\n\\vdots\n"
    "A_{N,N,1} A_{N,N,2} \\ldots A_{N,N,N}\nQ\nL_1 R_1\n\\vdots\nL_Q R_Q",
    [
        "1 \\leq N \\leq 5",
        "0 \\leq A_{x,y,z} \\leq 999 (1 \\leq x, y, z \\leq N)",
        "1 \\leq Q \\leq 4",
        "1 \\leq L_i \\leq R_i \\leq N",
    ],
    ["2\n1 2\n3 4\n5 6\n7 8\n1\n1 2\n"],
)


def test_a_three_index_array_is_n_times_n_lines_of_n_and_its_cells_keep_their_range():
    spec = stdin_spec(_problem(*CUBE))
    assert isinstance(spec, StdinSpec), spec.reason
    assert (spec.rows[1].kind, spec.rows[1].count, spec.rows[1].width) == ("grid", "N * N", "N")
    for x in generate_inputs(spec.spec, "atc/shapes", 20):
        lines = _lines(spec.render(json.loads(x)))
        n = int(lines[0][0])
        cube, rest = lines[1 : 1 + n * n], lines[1 + n * n :]
        assert all(len(r) == n and all(0 <= int(v) <= 999 for v in r) for r in cube)
        assert int(rest[0][0]) == len(rest) - 1 and all(1 <= int(a) <= int(b) <= n for a, b in rest[1:])
    short = stdin_spec(_problem(CUBE[0], CUBE[1], ["2\n1 2\n3 4\n5 6\n1\n1 2\n"]))  # a layer short
    assert isinstance(short, NoSpec) and short.refusal.kind == "examples_break_format"
    other = CUBE[1] + ["A_{x,y,z} \\neq A_{y,x,z}"]  # not a range of every cell: not read
    refused = stdin_spec(_problem(CUBE[0], other, CUBE[2]))
    assert isinstance(refused, NoSpec) and "constraint not understood" in refused.reason


def test_cells_with_a_written_second_index_beside_others_are_columns():
    fmt = "N\nX_{1,1} Y_{1,1} X_{1,2} Y_{1,2}\n\\vdots\nX_{N,1} Y_{N,1} X_{N,2} Y_{N,2}"
    constraints = ["1 \\leq N \\leq 9", "0 \\leq X_{i,1} < X_{i,2} \\leq 100", "0 \\leq Y_{i,1} < Y_{i,2} \\leq 100"]
    spec = stdin_spec(_problem(fmt, constraints, ["2\n0 0 1 1\n3 4 5 6\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert (spec.rows[1].kind, spec.rows[1].names) == ("block", ["X1", "Y1", "X2", "Y2"])
    for x in generate_inputs(spec.spec, "atc/shapes", 20):
        lines = _lines(spec.render(json.loads(x)))
        assert len(lines) == int(lines[0][0]) + 1
        assert all(0 <= int(a) < int(c) <= 100 and 0 <= int(b) < int(d) <= 100 for a, b, c, d in lines[1:])
    broken = stdin_spec(_problem(fmt, constraints, ["1\n5 0 1 1\n"]))  # X_{1,1} > X_{1,2}
    assert isinstance(broken, NoSpec) and broken.refusal.kind == "examples_break_reading"
