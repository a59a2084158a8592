"""Bounds stated for each type of a row (microcoder_data/testgen/stdin_conditional.py): "1 <= A_i <= H
for each i such that T_i = 1", "If t_i = 1, then 1 <= x_i <= N".  Every drawn, near-max and edited
input keeps each row's bound by its type; an existing input breaking one, or holding a type no line
bounds, refuses generation."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.spec_expr import evaluate
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_conditional import conditional_bounds
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, stdin_spec
from microcoder_data.testgen.stdin_translate import translate
from microcoder_eval.types import TestCase

FMT = "H W M\nT_1 A_1 X_1\nT_2 A_2 X_2\n\\vdots\nT_M A_M X_M"
LINES = [
    "1 \\leq H, W, M \\leq 2 \\times 10^5",
    "T_i \\in \\lbrace 1, 2 \\rbrace",
    "1 \\leq A_i \\leq H for each i such that T_i = 1,",
    "1 \\leq A_i \\leq W for each i such that T_i = 2.",
    "0 \\leq X_i \\leq 2 \\times 10^5",
]
INPUTS = ["3 4 4\n1 2 5\n2 4 0\n1 3 3\n1 3 2\n", "1 9 2\n2 9 1\n1 1 1\n"]


def _problem(constraints: list[str], inputs: list[str]) -> Problem:
    lines = "\n".join(f"- {c}" for c in constraints)
    statement = (
        "Paint.\n\n### Input\n\nThe input is given from Standard Input in the following format:\n"
        f"{FMT}\n\n### Output\n\nPrint it.\n\n### Constraints\n\n{lines}\n\n### Sample Input 1\n\n1\n"
    )
    return Problem(
        id="atc/paint",
        source="atc",
        title="Paint",
        statement=statement,
        mode="stdin",
        tests=[TestCase(i, "0\n") for i in inputs],
        reference_solutions=["print(0)"],
    )


def _ok(text: str) -> None:
    lines = [list(map(int, line.split())) for line in text.rstrip("\n").split("\n")]
    (h, w, m), rows = lines[0], lines[1:]
    assert len(rows) == m, text
    for t, a, x in rows:
        assert t in (1, 2) and 1 <= a <= (h if t == 1 else w) and 0 <= x <= 2 * 10**5, text


@pytest.mark.parametrize(
    "first",
    [
        "1 \\leq A_i \\leq H for each i such that T_i = 1,",
        "If T_i = 1, then 1 \\leq A_i \\leq H.",
        "1 \\leq A_i \\leq H if T_i = 1.",
    ],
)
def test_a_bound_by_type_holds_in_every_drawn_near_max_and_edited_input(first):
    spec = stdin_spec(_problem([LINES[0], LINES[1], first, *LINES[3:]], INPUTS))
    assert isinstance(spec, StdinSpec), spec.reason
    elem = spec.spec.nodes["A"].elem
    assert (elem.lo, elem.hi) == ("by_value(T[_i], 1, 1, 2, 1, 1)", "by_value(T[_i], 1, H, 2, W, 0)")
    texts = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/paint", 30)]
    assert len(texts) == 30
    for t in texts:
        _ok(t)
    assert any(h != w for h, w, _ in (map(int, t.split()[:3]) for t in texts))  # the two bounds differ
    large = generate_large_inputs(spec.spec, "atc/paint", 2, budget=20_000, max_chars=10**6)
    assert large
    for x in large:
        _ok(spec.render(json.loads(x)))
    seeds = sorted(args_json(spec, i) for i in INPUTS)
    near = neighbour_inputs(spec.spec, seeds, random.Random(2), 30, exclude=set(seeds))
    assert near
    for x in near:
        _ok(spec.render(json.loads(x)))


def test_an_existing_input_over_its_types_bound_refuses():
    spec = stdin_spec(_problem(LINES, INPUTS + ["3 9 1\n1 5 0\n"]))  # type 1: A over H = 3
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "examples_break_reading", spec


def test_a_type_no_line_bounds_is_never_drawn_and_an_input_holding_it_refuses():
    only_one = [LINES[0], "1 \\leq T_i \\leq 2", LINES[2], LINES[4]]
    spec = stdin_spec(_problem(only_one, ["3 4 1\n1 2 5\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    for x in generate_inputs(spec.spec, "atc/paint", 20):
        assert all(t == 1 for t in json.loads(x)["T"])
    assert isinstance(stdin_spec(_problem(only_one, INPUTS)), NoSpec)  # type 2, with no bound


def test_other_conditions_are_left_to_the_reader():
    lines = ["If t_i != 1, then x_i = 0.", "1 \\leq x_i \\leq N for each i such that t_i = 1"]
    rest, read = conditional_bounds(lines, {"t", "x", "N"}, lambda t: translate(t, {"t", "x", "N"}))
    assert rest == lines[:1] and read == ["by_value(t[i], 1, 1, 1) <= x[i] <= by_value(t[i], 1, N, 0)"]
    assert evaluate("by_value(2, 1, 5, 2, 7, 0)", {}) == 7 and evaluate("by_value(3, 1, 5, 2, 7, 0)", {}) == 0
