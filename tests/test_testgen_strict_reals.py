"""A real's strict bound (``0 < x``, ``x < 1``): the reader once read it inclusive, so a draw could sit on the end --
an input the statement rules out.  Now the end is excluded: no drawn or large input holds it, an existing test on
it refuses the reading, and a strict bound that is no number (``x < y`` of reals) refuses the line."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from test_testgen_conditions import fn_problem


def _inputs(constraints: str, sig: str, test: dict) -> list[dict]:
    spec = input_spec(fn_problem(constraints, sig, [json.dumps(test)]))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 40, max_len=20)]
    large = [json.loads(x) for x in generate_large_inputs(spec, "fx/solve", 2, budget=2_000, max_chars=10**6)]
    assert len(got) >= 20
    return got + large


@pytest.mark.parametrize(
    "line, holds",
    [
        ("0 < x <= 2", lambda v: 0 < v <= 2),
        ("0 <= x < 2", lambda v: 0 <= v < 2),
        ("0 < x < 1", lambda v: 0 < v < 1),
        ("-1.5 < x <= 1.5", lambda v: -1.5 < v <= 1.5),
    ],
)
def test_a_reals_strict_end_is_never_drawn(line, holds):
    got = _inputs(line, "x: float", {"x": 0.5})
    assert all(holds(g["x"]) for g in got)


def test_every_element_of_a_list_of_reals_keeps_its_strict_end():
    got = _inputs("1 <= nums.length <= 10\n0 < nums[i] <= 5", "nums: List[float]", {"nums": [0.5, 2.0]})
    values = [v for g in got for v in g["nums"]]
    assert values and all(0 < v <= 5 for v in values)


def test_an_existing_test_on_a_strict_end_refuses():
    spec = input_spec(fn_problem("0 < x <= 2", "x: float", [json.dumps({"x": 0})]))
    assert isinstance(spec, NoSpec) and "excluded" in spec.reason, spec


def test_a_strict_bound_of_a_real_that_is_no_number_refuses():
    # "x < y <= 10" of reals: y's lower end is x itself, never drawn equal to it (read once as y >= x)
    spec = input_spec(fn_problem("0 <= x <= 10\nx < y <= 10", "x: float, y: float", [json.dumps({"x": 1, "y": 2})]))
    assert isinstance(spec, NoSpec), spec


def test_a_strict_relation_of_two_reals_is_checked_on_every_input():
    got = _inputs("0 <= x <= 10\n0 <= y <= 10\nx < y", "x: float, y: float", {"x": 1, "y": 2})
    assert all(g["x"] < g["y"] for g in got)
