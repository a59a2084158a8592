"""Test cases written with a blank line before each (microcoder_data/testgen/prose_format.py's
``_BLANK_BEFORE``, stdin_rows' ``Row.blank``): drawn inputs are written so, existing ones read with
or without it, and the case's lines are still bounded as the sentences say."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.spec_file import row_dict, row_from
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase

STATEMENT = """A taster eats m_i grams of the i-th dish. Find the least variety.

### Input

The first line of input data contains an integer t (1 <= t <= 10^4) — the number of test cases.

{blank} Next comes a line that contains an integer n (1 <= n <= 2 * 10^5) — the number of dishes. Then follows n lines, i-th of which contains three integers a_i, b_i and m_i (0 <= a_i, b_i <= 10^6; 0 <= m_i <= a_i+b_i) — the mass of fish, of meat, and how much to eat.

The sum of all n values for all input data sets in the test does not exceed 2 * 10^5.

### Output

Print the least variety.
"""
TEST = "2\n\n1\n3 4 5\n\n2\n1 1 2\n0 0 0\n"


def _spec(blank: str, test: str = TEST) -> StdinSpec | NoSpec:
    p = Problem(
        id="cc/blank",
        source="cc",
        title="T",
        statement=STATEMENT.format(blank=blank),
        mode="stdin",
        tests=[TestCase(test, "1\n")],
    )
    return stdin_spec(p)


@pytest.mark.parametrize(
    "blank",
    [
        "Each test case's description is preceded by a blank line.",
        "An empty line is written before each test case.",
        "An empty line is written in front of each test suite.",
    ],
)
def test_a_blank_line_before_each_case_is_written_and_the_cases_are_bounded(blank):
    spec = _spec(blank)
    assert isinstance(spec, StdinSpec), spec.reason
    drawn = generate_inputs(spec.spec, "cc/blank", 30)
    assert len(drawn) >= 20
    for x in drawn:
        args = json.loads(x)
        text = spec.render(args)
        assert text.split("\n")[1] == ""  # the blank line before the first case
        assert text.count("\n\n") == args["t"]  # and before every other
        assert parse(spec.rows, text)["cases"] == [
            [str(n), *map(lambda c: list(map(str, c)), rest)] for n, *rest in args["cases"]
        ]
        for n, a, b, m in args["cases"]:
            assert len(a) == n and all(0 <= m[k] <= a[k] + b[k] and a[k] <= 10**6 and b[k] <= 10**6 for k in range(n))
        assert sum(n for n, *_ in args["cases"]) <= 2 * 10**5
    assert row_from(row_dict(spec.rows[1]), "rows[1]").blank  # the spec artefact keeps it


def test_an_existing_input_without_the_blank_lines_is_read_alike_and_a_broken_bound_refuses():
    blank = "Each test case's description is preceded by a blank line."
    tight = _spec(blank, TEST.replace("\n\n", "\n"))
    assert isinstance(tight, StdinSpec), tight.reason
    broken = _spec(blank, "1\n\n1\n3 4 8\n")  # m_1 = 8 > a_1 + b_1
    assert isinstance(broken, NoSpec) and broken.refusal.kind == "examples_break_reading", broken


def test_without_the_sentence_a_blank_line_in_an_existing_input_breaks_the_format():
    spec = _spec("")
    assert isinstance(spec, NoSpec) and spec.refusal.kind in ("examples_break_format", "unsupported_format"), spec


LAST = """Sum the arrays.

### Input

The first line contains an integer n (1 <= n <= 10) — the length.

In the next line, you are given n integers a_1, a_2, ..., a_n (1 <= a_i <= 9) — the array a.

In the last line, you are given n integers b_1, b_2, ..., b_n (1 <= b_i <= 9) — the array b.{after}

### Output

Print the sum.
"""


def test_the_last_line_is_the_next_one_and_no_line_may_follow_it():
    def spec(after: str) -> StdinSpec | NoSpec:
        p = Problem(
            id="cf/last",
            source="cf",
            title="L",
            statement=LAST.format(after=after),
            mode="stdin",
            tests=[TestCase("2\n1 2\n3 4\n" + ("5\n" if after else ""), "10\n")],
        )
        return stdin_spec(p)

    read = spec("")
    assert isinstance(read, StdinSpec), read.reason
    for x in generate_inputs(read.spec, "cf/last", 20):
        args = json.loads(x)
        assert len(args["a"]) == len(args["b"]) == args["n"] and all(1 <= v <= 9 for v in args["a"] + args["b"])
    after = spec("\n\nThe fourth line contains an integer k (1 <= k <= 9).")
    assert isinstance(after, NoSpec) and after.refusal.kind == "unsupported_format", after
