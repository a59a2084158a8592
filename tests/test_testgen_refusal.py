"""Typed refusals (microcoder_data/testgen/refusal.py): each way test generation gives up names
its kind and the line or test concerned, beside the message users see; an existing test that
breaks the reading is found before anything is generated, and named."""

from __future__ import annotations

import pytest

from microcoder_data.testgen.inputspec import input_spec
from microcoder_data.testgen.refusal import KINDS, Refusal, refused
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import stdin_spec
from test_testgen_conditions import fn_problem
from test_testgen_matrices import adjacency


def _refusal(spec) -> Refusal:
    assert isinstance(spec, NoSpec), spec
    assert spec.refusal is not None and spec.refusal.message == spec.reason
    return spec.refusal


def test_a_constraint_no_reading_enforces_is_named_with_its_line():
    p = fn_problem("1 <= nums.length <= 10\n1 <= nums[i] <= 5\nnums is a palindrome.", "nums: List[int]", ["[[1]]"])
    r = _refusal(input_spec(p))
    assert (r.kind, r.line) == ("unsupported_constraint", "nums is a palindrome.")
    assert r.message == "constraint not understood: 'nums is a palindrome.'"  # the string users see, unchanged


def test_a_promise_outside_the_constraints_is_named_with_its_sentence():
    p = fn_problem("1 <= nums.length <= 10\n1 <= nums[i] <= 5", "nums: List[int]", ["[[1]]"])
    p.statement = "It is guaranteed that nums has a unique answer.\n\n" + p.statement
    r = _refusal(input_spec(p))
    assert (r.kind, r.line) == ("promise", "It is guaranteed that nums has a unique answer.")


@pytest.mark.parametrize("mode", ["functional", "stdin"])
def test_an_existing_test_that_breaks_the_reading_refuses_before_generation_naming_test_and_rule(mode):
    if mode == "functional":
        p = fn_problem(
            "1 <= nums.length <= 10\n1 <= nums[i] <= 5", "nums: List[int]", ['{"nums": [1]}', '{"nums": [2, 9]}']
        )
        spec = input_spec(p)
    else:
        spec = stdin_spec(adjacency("- A_{i,i} = 0", ("3\n0 1 1\n1 0 0\n1 0 0\n", "2\n0 1\n1 1\n")))
    r = _refusal(spec)
    assert r.kind == "examples_break_reading"
    assert r.line == (
        "test 2: nums[1]=9 outside [1, 5]" if mode == "functional" else "test 2: A's diagonal is not all 0"
    )
    assert "(test 2)" in r.message


def test_interactive_and_formatless_statements_refuse_by_kind():
    p = adjacency("")
    p.statement = "This is an interactive problem (your program talks to the judge).\n\n" + p.statement
    assert _refusal(stdin_spec(p)).kind == "interactive"
    p.statement = "Print the input."
    assert _refusal(stdin_spec(p)).kind == "no_format"


def test_a_refusal_has_a_known_kind_and_its_provenance_keeps_the_message():
    with pytest.raises(ValueError, match="unknown refusal kind 'misc'"):
        Refusal("misc", "", "x")
    got = refused(Refusal("unsupported_constraint", "s is a palindrome", "constraint not understood: ..."), "stdin: ")
    assert got == {
        "skipped": "stdin: constraint not understood: ...",
        "refusal": {"kind": "unsupported_constraint", "line": "s is a palindrome"},
    }
    assert all(KINDS.values())  # the card prints each kind's meaning


def test_a_test_case_that_breaks_the_reading_is_named_by_its_test_and_case():
    from test_testgen_prose_format import STATEMENT, problem

    r = _refusal(stdin_spec(problem(STATEMENT.replace("(1 <= k <= n <= 3 * 10^4)", "(1 <= k <= n <= 3)"))))
    assert r.kind == "examples_break_reading" and r.line.startswith("test 2, case 1: ")  # n = 4 in test 2 only
