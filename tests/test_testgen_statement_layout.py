"""Test generation reads a statement as the pipeline holds it, and refuses what it cannot
enforce: after Process (``### <Heading>`` sections, LaTeX turned to text) the Constraints
section and the stdin input format are found as in the raw statement; every constraint
line is read or refuses generation; a promise about the input in the statement's body
("the input is generated such that ...") refuses it."""

from __future__ import annotations

import json

import pytest

from microcoder_data.process.normalize import heading_of, normalize_layout
from microcoder_data.schema import Problem
from microcoder_data.testgen.statement_lines import constraint_lines, promises_outside_constraints
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from microcoder_data.testgen.spec_model import violation
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase

FUNCTIONAL = """You are given two arrays apple and capacity. Return the least number of boxes holding every apple.

Example 1:

Input: apple = [1,3,2], capacity = [4,3,1,5,2]
Output: 2

Constraints:

1 <= n == apple.length <= 50
1 <= m == capacity.length <= 50
1 <= apple[i], capacity[i] <= 50
"""
REF = "class Solution:\n    def boxes(self, apple: List[int], capacity: List[int]) -> int:\n        return 0\n"

STDIN = r"""You are given a string S of length N. Print how many characters are read before every letter has appeared.

Input

The input is given from Standard Input in the following format:
N
S

Output

Print the answer.

Constraints

- 3 \leq N \leq 100
- S is a string of length N consisting of A, B, and C.

Sample Input 1

5
ACABB

Sample Output 1

4
"""


def functional(statement: str) -> Problem:
    return Problem(
        id="fx/boxes",
        source="fx",
        title="Boxes",
        statement=statement,
        mode="functional",
        tests=[
            TestCase('{"apple": [1, 3, 2], "capacity": [4, 3, 1, 5, 2]}', "2"),
            TestCase('{"apple": [5, 5, 5], "capacity": [2, 4, 2, 7]}', "4"),
        ],
        starter_code=REF.split("return")[0],
        fn_name="boxes",
        reference_solutions=[REF],
    )


def stdin(statement: str) -> Problem:
    return Problem(
        id="fx/abc",
        source="fx",
        title="ABC",
        statement=statement,
        mode="stdin",
        tests=[TestCase("5\nACABB\n", "4\n"), TestCase("4\nCABC\n", "3\n")],
        reference_solutions=["print(3)"],
    )


@pytest.mark.parametrize(
    "line, name",
    [
        ("### Constraints", "Constraints"),
        ("Constraints:", "Constraints"),
        ("**Input Format**", "Input"),
        ("### Sample Input 2", "Sample Input 2"),
        ("Example 3:", "Example 3"),
        ("1 <= n <= 10^5", None),
        ("The input is given from Standard Input in the following format:", None),
    ],
)
def test_a_heading_is_read_the_same_before_and_after_process(line, name):
    assert heading_of(line) == name
    if name:
        assert heading_of("### " + name) == name  # what Process writes reads back as itself


def test_constraints_are_read_from_the_statement_process_lays_out():
    processed = normalize_layout(FUNCTIONAL)
    assert "### Constraints" in processed and "### Example 1" in processed
    assert (
        constraint_lines(processed)
        == constraint_lines(FUNCTIONAL)
        == ["1 <= n == apple.length <= 50", "1 <= m == capacity.length <= 50", "1 <= apple[i], capacity[i] <= 50"]
    )
    raw, laid_out = input_spec(functional(FUNCTIONAL)), input_spec(functional(processed))
    assert isinstance(raw, InputSpec) and isinstance(laid_out, InputSpec), getattr(laid_out, "reason", "")
    assert laid_out.source == "constraints"  # not the examples' span: the statement's ranges
    assert generate_inputs(raw, "fx/boxes", 10) == generate_inputs(laid_out, "fx/boxes", 10)


def test_the_stdin_format_is_read_from_the_statement_process_lays_out():
    processed = normalize_layout(STDIN)
    assert "### Output" in processed and "### Sample Input 1" in processed
    spec = stdin_spec(stdin(processed))
    assert isinstance(spec, StdinSpec), spec.reason
    assert [(r.kind, r.names) for r in spec.rows] == [("scalars", ["N"]), ("scalars", ["S"])]
    for text in (spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "fx/abc", 10)):
        values = parse(spec.rows, text)
        assert len(values["S"]) == int(values["N"]) and set(values["S"]) <= set("ABC")


def test_an_unread_line_refuses_generation_even_when_it_names_no_argument():
    promise = "The input is generated such that it's possible to redistribute packs of apples into boxes."
    for statement in (FUNCTIONAL + promise + "\n", normalize_layout(FUNCTIONAL + promise + "\n")):
        spec = input_spec(functional(statement))
        assert isinstance(spec, NoSpec) and "redistribute packs" in spec.reason
    # boilerplate that states nothing beyond the tests' types is no reason to refuse
    assert isinstance(input_spec(functional(FUNCTIONAL + "All input values are integers.\n")), InputSpec)


def test_a_promise_in_the_body_refuses_generation():
    # a promise whose clause no reading reads refuses, named as the promise it is
    body = STDIN.replace("Print how many", "S is guaranteed to be a Lyndon word. Print how many")
    assert promises_outside_constraints(body) == ["S is guaranteed to be a Lyndon word."]
    for statement in (body, normalize_layout(body)):
        spec = stdin_spec(stdin(statement))
        assert isinstance(spec, NoSpec) and "guaranteed to be a Lyndon word" in spec.reason
        assert spec.refusal.kind == "promise" and spec.refusal.line == "S is guaranteed to be a Lyndon word."
    # one whose clause a reading reads ("S contains all of A, B, and C") is enforced like a constraint line
    body = STDIN.replace("Print how many", "S is guaranteed to contain all of A, B, and C. Print how many")
    assert promises_outside_constraints(body) == ["S is guaranteed to contain all of A, B, and C."]
    for statement in (body, normalize_layout(body)):
        spec = stdin_spec(stdin(statement))
        assert isinstance(spec, StdinSpec), getattr(spec, "reason", "")
        for x in generate_inputs(spec.spec, "fx/abc", 20):
            assert all(ch in json.loads(x)["S"] for ch in "ABC")
    # a promise inside the Constraints section is the reader's: enforced there, or refused there
    assert promises_outside_constraints(STDIN) == []


def test_a_strictly_increasing_chain_is_not_silently_dropped():
    # "1 <= A_1 < A_2 < ... < A_N <= 100": read or refused, never generated around
    statement = STDIN.replace("- S is a string", "- 1 \\leq A_1 < A_2 < \\ldots < A_N \\leq 100\n- S is a string")
    spec = stdin_spec(stdin(statement))
    assert isinstance(spec, NoSpec) and "A_1" in spec.reason.replace("A[1]", "A_1")


def test_every_generated_input_satisfies_the_spec_it_was_drawn_from():
    spec = input_spec(functional(normalize_layout(FUNCTIONAL)))
    for raw in generate_inputs(spec, "fx/boxes", 30):
        args = json.loads(raw)
        env = dict(args, n=len(args["apple"]), m=len(args["capacity"]))
        assert all(violation(spec.nodes[a], args[a], env, a) is None for a in ("apple", "capacity"))


def test_the_reasons_for_no_generated_tests_count_together_by_kind():
    from microcoder_data.verify.report import testgen_stats

    def kept(pid: str, generation: dict, generated: int = 0) -> Problem:
        p = functional(FUNCTIONAL)
        p.id = pid
        p.provenance = {"verify": {"generation": generation, "tests_generated": generated}}
        return p

    def refused(kind: str, message: str) -> dict:
        return {"skipped": message, "refusal": {"kind": kind, "line": message.split(": ")[-1]}}

    problems = [
        kept("a", refused("unsupported_constraint", "constraint not understood: 'nums is a palindrome.'")),
        kept("b", refused("unsupported_constraint", "constraint not understood: 's has an even length.'")),
        kept("c", refused("promise", "stdin: a promise outside the constraints: 'S is guaranteed to ...'")),
        kept("d", refused("no_range", "no length stated for maxHeights")),
        kept("e", {"generated": 14}, generated=14),
        kept("f", {"skipped": "constraint not understood: 'x'"}),  # a build from before refusals were typed
    ]
    assert testgen_stats(problems)["not_generated_reasons"] == {
        "unsupported_constraint": 2,
        "no_range": 1,
        "promise": 1,
        "unrecorded": 1,
    }
