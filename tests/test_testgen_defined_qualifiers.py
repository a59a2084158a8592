"""An input introduced with a word the body defines ("Given a shuffled sentence s" after "A sentence can
be shuffled by ..."): refused as a ``promise`` naming the introducing sentence, unless a Constraints line
names the word (read, so enforced); harmless qualifiers and words of the task refuse nothing
(testgen/defined_qualifiers.py)."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.defined_qualifiers import defined_qualifier, definitions
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from microcoder_eval.types import TestCase

SHUFFLED = (
    "A sentence is a list of words that are separated by a single space with no leading or trailing spaces.\n"
    "A sentence can be shuffled by appending the 1-indexed word position to each word then rearranging the words.\n\n"
    "Given a shuffled sentence s containing no more than 9 words, reconstruct and return the original sentence."
)


def problem(body: str, constraints: str, arg: str, value: str, hint: str) -> Problem:
    return Problem(
        id="fx/qualified",
        source="fx",
        title="Qualified",
        mode="functional",
        fn_name="f",
        statement=f"{body}\n\n### Example 1\n\nInput: {arg} = {value}\nOutput: 1\n\n### Constraints\n\n{constraints}\n",
        tests=[TestCase(json.dumps({arg: json.loads(value)}), "1")],
        starter_code=f"class Solution:\n    def f(self, {arg}: {hint}) -> int:\n",
    )


def test_the_shuffled_sentence_shape_is_refused_naming_its_introduction():
    sentence = (
        "Given a shuffled sentence s containing no more than 9 words, reconstruct and return the original sentence."
    )
    constraints = (
        "2 <= s.length <= 200\ns consists of lowercase and uppercase English letters, spaces, and digits from 1 to 9.\n"
        "The words in s are separated by a single space.\ns contains no leading or trailing spaces."
    )
    spec = input_spec(problem(SHUFFLED, constraints, "s", '"is2 This1"', "str"))
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise" and spec.refusal.line == sentence


NON_INCREASING = "An array arr is non-increasing if arr[i-1] >= arr[i] for every 1 <= i < arr.length."
BOUNDS = "1 <= nums.length <= 8\n1 <= nums[i] <= 50"


@pytest.mark.parametrize(
    "intro",
    [
        "You are given a non-increasing integer array nums.",  # a noun phrase
        "You are given an integer array nums, where nums is non-increasing.",  # a clause of the input
        "You are given an integer array nums that is non-increasing.",
    ],
)
def test_a_defined_qualifier_no_constraint_states_is_refused(intro):
    spec = input_spec(problem(f"{NON_INCREASING} {intro} Return its length.", BOUNDS, "nums", "[3, 1]", "List[int]"))
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise" and spec.refusal.line == intro


def test_a_qualifier_a_constraints_reading_enforces_is_not_refused():
    body = f"{NON_INCREASING} You are given a non-increasing integer array nums. Return its length."
    spec = input_spec(
        problem(body, BOUNDS + "\nnums is sorted in non-increasing order.", "nums", "[3, 1]", "List[int]")
    )
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")
    drawn = [json.loads(x)["nums"] for x in generate_inputs(spec, "fx/qualified", 30)]
    assert drawn and all(all(a >= b for a, b in zip(x, x[1:])) for x in drawn)


@pytest.mark.parametrize(
    "body",
    [
        # harmless qualifiers: an alphabet, a reading of the ends, indexing
        "A binary array is an array of 0s and 1s. Given a binary array nums, return its length.",
        "An array is called circular if its first and last elements are adjacent. Given a circular array nums, "
        "return its length.",
        "A parentheses array is a non-empty array consisting only of 1 and 2. You are given a parentheses array nums.",
        # the defined word is the task's, not the input's
        "An array is beautiful if it is sorted. Given an integer array nums, return the number of beautiful "
        "subarrays of nums.",
        "A subarray is called good if its sum is even. Given an array nums, return true if nums is a good array.",
        # the word names an input ("A target index is ..." beside the input target)
        "A nums index is an index i such that nums[i] == 1. You are given an array nums.",
    ],
)
def test_a_harmless_or_task_qualifier_is_not_refused(body):
    spec = input_spec(problem(body, BOUNDS, "nums", "[3, 1]", "List[int]"))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")


@pytest.mark.parametrize(
    "sentence, word",
    [
        ("An array is beautiful if it is sorted.", {"beautiful"}),
        ("A sentence can be shuffled by appending positions.", {"shuffled"}),
        ("A parentheses string is valid if it is balanced.", {"valid"}),
        ("A valid parentheses string is either empty or (A).", {"valid", "parentheses"}),
        ("An integer sequence where no two adjacent elements are the same is called a good sequence.", {"good"}),
        ("We call a subarray nice if its sum is odd.", {"nice"}),
        ("A string is said to be balanced when it has as many a as b.", {"balanced"}),
    ],
)
def test_definition_shapes(sentence, word):
    assert [w for w, _ in definitions(sentence)] == [frozenset(word)]


def test_an_atcoder_stdin_body_reads_alike():
    body = (
        "An integer sequence where no two adjacent elements are the same is called a good sequence.\n"
        "You are given two good sequences of length N: A=(A_1,A_2,...,A_N) and B=(B_1,B_2,...,B_N)."
    )
    found = defined_qualifier(body, ["N", "A", "B"], ["2 <= N <= 10", "0 <= A_i, B_i < 5"])
    assert found is not None and found[0].startswith("You are given two good sequences")
    # a line naming the word does not enforce the body's own definition of it (no reading knows that one)
    named = defined_qualifier(body, ["N", "A", "B"], ["A and B are good sequences."])
    assert named is not None and named[1].startswith("An integer sequence where no two adjacent")


VPS_LINES = "1 <= s.length <= 30\ns[i] is either '(' or ')'.\ns is a valid parentheses string."


@pytest.mark.parametrize(
    "definition",
    [
        "A parentheses string is valid if and only if:\n\nIt is the empty string,\nIt can be written as AB (A "
        "concatenated with B), where A and B are valid strings, or\nIt can be written as (A), where A is a valid string.",
        'A valid parentheses string is either empty "", "(" + A + ")", or A + B, where A and B are valid '
        "parentheses strings, and + represents string concatenation.",
    ],
)
def test_the_standard_bracket_grammar_is_enforced_by_the_line_naming_it(definition):
    body = f"{definition}\n\nGiven a valid parentheses string s, return its depth."
    spec = input_spec(problem(body, VPS_LINES, "s", '"(())"', "str"))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")


@pytest.mark.parametrize(
    "definition",
    [
        "A parentheses string is valid if it is balanced and no parenthesis is nested more than two levels deep.",
        "A parentheses string is valid if every '(' is matched by two consecutive ')' characters.",
        "An array arr is non-increasing if arr[i-1] <= arr[i] for every 1 <= i < arr.length.",
    ],
)
def test_a_body_definition_other_than_the_readings_refuses_though_a_line_names_it(definition):
    if "arr" in definition:
        body, lines = f"{definition} You are given a non-increasing integer array nums.", BOUNDS
        p = problem(body, lines + "\nnums is sorted in non-increasing order.", "nums", "[3, 1]", "List[int]")
    else:
        p = problem(f"{definition} Given a valid parentheses string s, return it.", VPS_LINES, "s", '"(())"', "str")
    spec = input_spec(p)
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise", getattr(spec, "reason", "")


LUCKY = "An integer is lucky if its digits are all 4 or 7. Two arrays are equal if they hold the same values."


@pytest.mark.parametrize(
    "intro",
    [
        "You are given nums, a lucky array.",
        "You are given an array nums of lucky integers.",
        "You are given an array nums where every element is lucky.",
        "You are given an array nums consisting of lucky integers.",
        "The array nums you are given is lucky.",
    ],
)
def test_a_qualifier_after_the_inputs_name_is_seen(intro):
    spec = input_spec(problem(f"{LUCKY} {intro} Return its length.", BOUNDS, "nums", "[4, 7]", "List[int]"))
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise" and spec.refusal.line == intro


@pytest.mark.parametrize(
    "intro",
    [
        "You are given an array nums of length n, return the number of lucky pairs.",
        "You are given an array nums and an integer k. Return the number of lucky subarrays.",
        "Given an array nums, return true if nums is a lucky array.",
        "Given an array nums, delete the fewest elements from nums to make it lucky.",  # a later mention
        "You are given an array nums representing the lucky draws of a day.",  # what it stands for
        "You are given two arrays nums and other of equal length n.",  # a length, not a qualifier
    ],
)
def test_a_defined_word_of_the_task_after_the_inputs_name_refuses_nothing(intro):
    spec = input_spec(problem(f"{LUCKY} {intro}", BOUNDS, "nums", "[4, 7]", "List[int]"))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")


def test_an_existing_test_breaking_the_enforced_qualifier_refuses():
    body = f"{NON_INCREASING} You are given a non-increasing integer array nums. Return its length."
    spec = input_spec(
        problem(body, BOUNDS + "\nnums is sorted in non-increasing order.", "nums", "[1, 3]", "List[int]")
    )
    assert isinstance(spec, NoSpec) and spec.refusal.kind != "promise"  # the test breaks the reading: no spec


@pytest.mark.shared_data
def test_sorting_the_sentence_is_refused_as_the_promise_it_is(shared_data):
    """The dev-side statement that showed the shape: its Constraints are all read, its body's definition not."""
    from microcoder_data.collect import collect

    path = shared_data / "leetcodedataset" / "LeetCodeDataset-v0.1.0-train.jsonl.gz"
    found = [
        p
        for p in collect([f"leetcodedataset:{path}"])
        if isinstance(p, Problem) and p.id.endswith("-train/sorting-the-sentence")
    ]
    if not found:
        pytest.skip("sorting-the-sentence not in this copy of LeetCodeDataset")
    spec = input_spec(found[0])
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise"
    assert spec.refusal.line.startswith("Given a shuffled sentence s")
