"""The drawer (microcoder_data/testgen/inputgen.py) on specs it read but could not draw from:
each now draws valid inputs (the full check still runs on every draw), and an existing test
breaking the same lines is still refused."""

from __future__ import annotations

import json

from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_line_readings import _drawn

OWN_LENGTH = "1 <= nums.length <= 10^5\n1 <= nums[i] <= nums.length"


def test_elements_bounded_by_their_own_lists_length_are_drawn():
    got = _drawn(OWN_LENGTH, "nums: List[int]", ['{"nums": [1, 3, 2, 3]}'])
    assert all(1 <= v <= len(x["nums"]) for x in got for v in x["nums"])
    assert any(len(x["nums"]) > 3 and max(x["nums"]) > 1 for x in got)
    spec = input_spec(fn_problem(OWN_LENGTH, "nums: List[int]", ['{"nums": [1]}']))
    assert isinstance(spec, InputSpec), spec.reason
    large = [json.loads(x) for x in generate_large_inputs(spec, "fx/solve", 3, budget=20_000, max_chars=10**6)]
    assert large and all(1 <= v <= len(x["nums"]) for x in large for v in x["nums"])
    assert "breaks the constraints" in why_not_read(fn_problem(OWN_LENGTH, "nums: List[int]", ['{"nums": [1, 3]}']))


def test_a_zero_based_index_into_its_own_list_and_another_value_are_drawn():
    lines = "1 <= arr.length <= 5 * 10^4\n0 <= arr[i] < arr.length\n0 <= start < arr.length"
    got = _drawn(lines, "arr: List[int], start: int", ['{"arr": [4, 2, 3, 0, 3, 1, 2], "start": 5}'])
    assert all(0 <= v < len(x["arr"]) and 0 <= x["start"] < len(x["arr"]) for x in got for v in x["arr"])
    broken = fn_problem(lines, "arr: List[int], start: int", ['{"arr": [0, 2], "start": 0}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_drawing_stays_deterministic_for_a_seed():
    spec = input_spec(fn_problem(OWN_LENGTH, "nums: List[int]", ['{"nums": [1]}']))
    assert isinstance(spec, InputSpec), spec.reason
    once = generate_inputs(spec, "fx/solve", 10, seed=3)
    assert once and once == generate_inputs(spec, "fx/solve", 10, seed=3)
