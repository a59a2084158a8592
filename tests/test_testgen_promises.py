"""Promises in a statement's body (testgen/promises.py): sentences that only use the word
"guarantee" about the story or the task are no promises; a promise worded as a guarantee of a
plain constraint is read as a constraint line (enforced: drawn inputs keep it, an existing test
breaking it refuses); every other real promise still refuses generation, named."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from microcoder_data.testgen.promises import CLAUSE_FORMS, NOT_PROMISES, is_promise, stated_clause
from microcoder_eval.types import TestCase

# promises from the dev side's statements (LeetCodeDataset, DebugBench, rllm LeetCode, LiveCodeBench)
# that no reading reads: each must still be told a promise, and refuse generation naming itself
REAL_PROMISES = (
    "Note: The inputs will be generated such that there exists a valid arrangement of pairs.",
    "The test cases are generated such that there is only one possible originalText.",
    "The test cases are generated such that you can reach nums[n - 1].",
    "It is guaranteed an answer exists.",
    "The test cases are generated so that there is at least one valid solution.",
    "Note that the solution with the given constraints is guaranteed to be unique.",
    "If there exists a solution, it is guaranteed to be unique.",
    "The tests are generated such that there is exactly one solution.",
    "It is guaranteed that there exists at least one pair of points that satisfy the constraint |xi - xj| <= k.",
    "The testcases will be generated such that the replacements will not overlap.",
    "The test cases are guaranteed so that the ray will meet a receptor eventually.",
    "Test cases are generated such that partitioning exists.",
    "It is guaranteed that the answer is unique.",
    "Note that the input will be generated such that s can always be converted to a palindrome.",
    "Also, it is guaranteed that the subordination relationships have a tree structure.",
    "It is guaranteed that the insertion operations will be valid.",
    "It's guaranteed that each city can reach city 0 after reorder.",
    "It is guaranteed that all the elements of the array can be made equal using some operations.",
    "Note: The test cases are generated such that it is possible to complete every course (i.e., the graph is "
    "a directed acyclic graph).",
    "It is guaranteed that nums has a unique answer.",
    "The test cases will be generated such that the target with maximum count is unique.",
    "The input will be generated such that it is always possible to make n beautiful.",
    '"x/" : Move to the child folder named x (This folder is guaranteed to always exist).',
    "It is guaranteed that shift(s[i-1], s[i]) will never exceed 'z'.",
    "S is guaranteed to end with 2023.",
    "It is guaranteed that there will be a winner of the game.",
    "Bob’s sequence of moves is unknown, but it is guaranteed that Bob will never summon the same creature in "
    "two consecutive rounds.",
    "It is guaranteed that this random value will not be equal to the dropped value.",
    "Tests are generated such that the answer will not exceed 10^7 and hour will have at most two digits after "
    "the decimal point.",
    # "guarantee" negated beside a real promise: still a promise
    "Sorting does not guarantee it, but it is guaranteed that nums has a unique mode.",
)


@pytest.mark.parametrize("pattern, examples", NOT_PROMISES, ids=lambda x: getattr(x, "pattern", "")[:30])
def test_sentences_that_are_no_promise(pattern, examples):
    for sentence in examples:
        assert pattern.search(sentence), sentence
        assert not is_promise(sentence), sentence


@pytest.mark.parametrize("sentence", REAL_PROMISES)
def test_real_promises_are_still_promises(sentence):
    assert is_promise(sentence)


@pytest.mark.parametrize("pattern, clause, examples", CLAUSE_FORMS, ids=lambda x: getattr(x, "pattern", "")[:30])
def test_each_clause_form_reads_its_examples(pattern, clause, examples):
    for sentence in examples:
        assert pattern.fullmatch(sentence), sentence
        said = stated_clause(sentence)
        assert said and "guarantee" not in said.lower() and "generated" not in said.lower(), (sentence, said)


@pytest.mark.parametrize(
    "sentence, clause",
    [
        ("All the scores are guaranteed to be unique.", "All the scores are unique"),
        ("Each roomIdi is guaranteed to be unique.", "Each roomIdi is unique"),
        ("Note that k is guaranteed to be a positive integer.", "k is a positive integer"),
        ("S is guaranteed to contain all of A, B, and C.", "S contains all of A, B, and C"),
        (
            "The test cases are generated such that digit occurs at least once in number.",
            "digit occurs at least once in number",
        ),
        ("It's guaranteed that text contains at least one word.", "text contains at least one word"),
        ("(The constraints guarantee that N \\le M.)", "N \\le M"),
        ("It is guaranteed that target exists in nums.", "target exists in nums"),
        (
            "A number arr in array, format is also guaranteed to have no leading zeros: either arr == [0] or arr[0] == 1.",
            "A number arr in array, format has no leading zeros: either arr == [0] or arr[0] == 1",
        ),
    ],
)
def test_clauses(sentence, clause):
    assert stated_clause(sentence) == clause


@pytest.mark.parametrize(
    "sentence",
    [
        # about the solution: a lenient reading of "unique" would take nums for distinct
        "It is guaranteed that nums has a unique answer.",
        "The test cases will be generated such that the target with maximum count is unique.",
        "The test cases are generated such that you can reach nums[n - 1].",
        "Note: The test cases are generated such that there exists at least one valid array arr.",
    ],
)
def test_a_clause_about_the_solution_is_no_plain_constraint(sentence):
    assert is_promise(sentence) and stated_clause(sentence) is None


def functional(body: str, tests: list[TestCase] | None = None) -> Problem:
    return Problem(
        id="fx/promised",
        source="fx",
        title="Promised",
        mode="functional",
        fn_name="f",
        statement=f"Return the answer. {body}\n\nConstraints:\n\n1 <= nums.length <= 10\n1 <= nums[i] <= 100\n"
        "-10 <= k <= 1000\n",
        tests=tests or [TestCase('{"nums": [1, 2], "k": 3}', "3")],
        starter_code="class Solution:\n    def f(self, nums: List[int], k: int) -> int:\n",
    )


@pytest.mark.parametrize("sentence", REAL_PROMISES)
def test_a_real_promise_not_read_refuses_generation_naming_it(sentence):
    spec = input_spec(functional(sentence))
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise" and spec.refusal.line == sentence


def test_a_promised_sign_is_a_bound_beside_the_range():
    # before: refused (no reading of a sign in words); k's range -10..1000 and the sign both hold
    sentence = "Note that k is guaranteed to be a positive integer."
    spec = input_spec(functional(sentence))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")
    drawn = [json.loads(x)["k"] for x in generate_inputs(spec, "fx/promised", 30)]
    assert len(drawn) >= 10 and min(drawn) >= 1 and max(drawn) > 100
    broken = functional(sentence, [TestCase('{"nums": [4, 4], "k": -3}', "0")])
    assert isinstance(input_spec(broken), NoSpec)


@pytest.mark.parametrize(
    "sentence, holds",
    [
        ("The input is generated such that sum(nums) >= k.", lambda x: sum(x["nums"]) >= x["k"]),
        ("All the values of nums are guaranteed to be unique.", lambda x: len(set(x["nums"])) == len(x["nums"])),
        ("It is guaranteed that k is odd.", lambda x: x["k"] % 2 == 1),
    ],
)
def test_a_promised_constraint_is_enforced(sentence, holds):
    spec = input_spec(functional(sentence))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")
    drawn = [json.loads(x) for x in generate_inputs(spec, "fx/promised", 30)]
    assert drawn and all(holds(x) for x in drawn)
    # an existing test that breaks it: generation refused (the reading or the test is wrong)
    broken = TestCase('{"nums": [4, 4], "k": 200}', "0")
    assert isinstance(input_spec(functional(sentence, [broken])), NoSpec)


def test_no_promise_generates_as_without_the_sentence():
    for pattern, examples in NOT_PROMISES:
        for sentence in examples:
            assert isinstance(input_spec(functional(sentence)), InputSpec), sentence


def test_a_promise_wrapped_over_a_line_break_is_one_sentence():
    """The body's promises are cut from its text as a whole: a promise the statement wraps over two
    rows is found (and enforced or refused) as one sentence, not lost as two halves neither detects."""
    from microcoder_data.testgen.statement_lines import body_promises

    wrapped = "You are given an array nums. The test data is generated so\nthat all values of nums are distinct.\n"
    assert body_promises(wrapped + "\nConstraints:\n1 <= nums.length <= 6") == [
        "The test data is generated so that all values of nums are distinct."
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "The constraints guarantee that the answer exists.",
        "(The constraints guarantee that at least one set meal is offered.)",
        "It can be proved that the constraints of the problem guarantee that at least one sequence can be obtained.",
        "Here, the constraints of this problem guarantee that the answer is unique.",
    ],
)
def test_what_the_constraints_guarantee_is_implied_by_them_not_one_more_promise(sentence):
    # a consequence of the Constraints, every line of which is enforced (or refuses the spec): nothing more to hold
    spec = input_spec(functional(sentence))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")
    drawn = [json.loads(x) for x in generate_inputs(spec, "fx/promised", 20)]
    assert drawn and all(1 <= len(x["nums"]) <= 10 and all(1 <= v <= 100 for v in x["nums"]) for x in drawn)
    # the same promise not said to follow from the constraints stays a promise: refused, named
    plain = sentence.replace("the constraints of this problem guarantee", "it is guaranteed").replace(
        "the constraints of the problem guarantee", "it is guaranteed"
    )
    plain = plain.replace("The constraints guarantee", "It is guaranteed")
    refused = input_spec(functional(plain))
    assert isinstance(refused, NoSpec) and refused.refusal.kind == "promise", plain


@pytest.mark.parametrize(
    "sentence",
    [
        "It is guaranteed that nums forms a zigzag sequence, and the constraints guarantee that the answer exists.",
        "The input is generated such that nums[0] == 7, as the constraints guarantee that nums is non-empty.",
        "Although the constraints guarantee only that nums[i] <= 100, it is guaranteed that every nums[i] is a square.",
        "The constraints guarantee that the answer exists, and it is guaranteed that nums is a zigzag sequence.",
    ],
)
def test_a_sentence_that_also_promises_something_of_its_own_is_still_a_promise(sentence):
    # only a sentence that is the constraints' implication alone is passed over (review: .search swallowed these)
    refused = input_spec(functional(sentence))
    assert isinstance(refused, NoSpec) and refused.refusal.kind == "promise", sentence
