"""A property of an input the body states without "guarantee" (microcoder_data/testgen/stated_properties.py):
read as one constraint line more and enforced, or the spec refused as a promise naming the sentence."""

from __future__ import annotations

import json
import math

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from microcoder_data.testgen.stated_properties import stated_properties
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase


def _problem(body: str, constraints: str | None, sig: str, tests: list[str]) -> Problem:
    section = "" if constraints is None else f"\n\nConstraints:\n\n{constraints}\n"
    return Problem(
        id="fx/solve",
        source="fx",
        title="solve",
        statement=f"{body}{section}",
        mode="functional",
        tests=[TestCase(t, "0") for t in tests],
        starter_code=f"class Solution:\n    def solve(self, {sig}) -> int:\n",
        fn_name="solve",
        reference_solutions=[f"class Solution:\n    def solve(self, {sig}) -> int:\n        return 0\n"],
    )


@pytest.mark.parametrize(
    "sentence, names, clause",
    [
        ("a and b are coprime.", ["a", "b"], "a and b are coprime"),
        ("Note that a and b are coprime.", ["a", "b"], "a and b are coprime"),
        ("You are given two integers a and b, and a and b are coprime.", ["a", "b"], "a and b are coprime"),
        (
            "Given an array arr, where arr is sorted in ascending order, return x.",
            ["arr"],
            "arr is sorted in ascending order",
        ),
        ("The elements of nums are distinct.", ["nums"], "The elements of nums are distinct"),
        ("Here, S_i are pairwise distinct.", ["S", "N"], "S_i are pairwise distinct"),
        ("Here, N is an odd number.", ["N"], "N is an odd number"),
        (
            "You are given an integer array nums sorted in non-decreasing order.",
            ["nums"],
            "nums is sorted in non-decreasing order",
        ),
        ("Given an array of distinct integers arr, return x.", ["arr"], "arr consists of distinct integers"),
        ("You are given an integer array nums of unique elements.", ["nums"], "nums consists of distinct elements"),
        ("You are given a list for n friends, where n is always even.", ["n"], "n is even"),
        # the order before the noun; a length's parity; a relation after "with"
        ("Given a sorted integer array nums, return x.", ["nums"], "nums is sorted"),
        (
            "You are given a strictly increasing array nums of integers.",
            ["nums"],
            "nums is sorted in strictly increasing order",
        ),
        (
            "Given a 1-indexed array of integers nums that is already sorted in non-decreasing order, find x.",
            ["nums"],
            "nums is sorted in non-decreasing order",
        ),
        ("You are given a 0-indexed string s of even length n.", ["s"], "s.length is even"),
        ("You are given two integers left and right with left <= right.", ["left", "right"], "left <= right"),
        (
            "Given citations where citations[i] is the citations of paper i and citations is sorted in ascending order.",
            ["citations"],
            "citations is sorted in ascending order",
        ),
    ],
)
def test_a_plain_sentence_or_later_clause_states_a_property(sentence, names, clause):
    got = stated_properties(f"Solve it. {sentence}\n\nConstraints:\n\n1 <= x <= 5\n", names, ["1 <= x <= 5"])
    assert [c for _, c in got] == [clause]
    assert got[0][0] == sentence


@pytest.mark.parametrize(
    "sentence, names",
    [
        ("Return true if a and b are coprime.", ["a", "b"]),  # the task's
        ("Count the pairs (i, j) where nums[i] and nums[j] are coprime.", ["nums"]),
        ("A pair is called good if nums[i] and nums[j] are coprime.", ["nums"]),
        ("0 <= i < j < k < nums.length nums[i], nums[j], and nums[k] are pairwise distinct.", ["nums"]),
        ("The array arr is called K-increasing if arr[i-k] <= arr[i] holds for every index i.", ["arr"]),
        ("Consider a list of all happy strings of length n sorted in lexicographical order.", ["n"]),
        ("x and y are prime numbers.", ["n"]),  # no input's
    ],
)
def test_the_tasks_words_definitions_and_others_state_no_property(sentence, names):
    assert stated_properties(f"Solve it. {sentence}", names, []) == []


def test_a_property_a_constraints_line_says_of_the_same_input_is_that_lines():
    body = "Given an array of distinct integers nums, return x."
    assert stated_properties(body, ["nums"], ["All the integers of nums are unique."]) == []
    assert stated_properties(body, ["nums"], ["All the integers of target are unique."]) != []


@pytest.mark.parametrize(
    "body",
    [
        "You are given an integer n. Return x. n is a palindrome.",
        "You are given an integer n, where n is a palindrome.",
    ],
)
def test_a_stated_property_no_reading_knows_refuses_naming_its_sentence(body):
    # before: every n in [1, 1000] was drawn, 12 a palindrome
    spec = input_spec(_problem(body, "1 <= n <= 1000", "n: int", ['{"n": 121}']))
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise"
    assert spec.refusal.line in body and "n is a palindrome" in spec.refusal.line


@pytest.mark.parametrize(
    "body",
    [
        "You are given two integers a and b. Return their sum. a and b are coprime.",
        "You are given two integers a and b, and a and b are coprime.",
        "Given two integers a and b. It is guaranteed that gcd(a, b) = 1.",
    ],
)
def test_coprime_in_a_later_sentence_or_clause_is_checked_on_every_draw_and_test(body):
    # before: drawn free, 11 of 30 (a, b) with a common factor
    spec = input_spec(_problem(body, "1 <= a, b <= 1000", "a: int, b: int", ['{"a": 3, "b": 4}']))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30)]
    assert len(got) >= 10 and all(math.gcd(x["a"], x["b"]) == 1 for x in got)
    assert any(x["a"] % p == 0 for x in got for p in (2, 3, 5))  # coprime, not prime
    broken = input_spec(_problem(body, "1 <= a, b <= 1000", "a: int, b: int", ['{"a": 4, "b": 6}']))
    assert isinstance(broken, NoSpec) and "gcd" in broken.reason


@pytest.mark.parametrize(
    "body, holds",
    [
        ("You are given an integer array nums. The elements of nums are distinct.", lambda v: len(set(v)) == len(v)),
        ("You are given an integer array nums sorted in ascending order.", lambda v: v == sorted(v)),
        ("Given an array of distinct integers nums, where nums is sorted in ascending order, return x.",
         lambda v: v == sorted(set(v))),
        ("You are given a sorted unique integer array nums.", lambda v: v == sorted(set(v))),
    ],
)  # fmt: skip
def test_a_stated_property_a_reading_knows_is_drawn_and_an_input_breaking_it_refused(body, holds):
    lines = "1 <= nums.length <= 100\n1 <= nums[i] <= 1000"
    spec = input_spec(_problem(body, lines, "nums: List[int]", ['{"nums": [1, 2, 3]}']))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x)["nums"] for x in generate_inputs(spec, "fx/solve", 30)]
    assert len(got) >= 10 and all(holds(v) for v in got) and any(len(v) > 3 for v in got)
    broken = input_spec(_problem(body, lines, "nums: List[int]", ['{"nums": [3, 1, 3]}']))
    assert isinstance(broken, NoSpec) and "breaks" in broken.reason


@pytest.mark.parametrize(
    "body, good, bad, holds",
    [
        ("Given a non-increasing 0-indexed integer array nums, return x.", [5, 5, 2], [1, 2, 3],
         lambda v: v == sorted(v, reverse=True)),
        ("You are given an integer array nums of odd length.", [4, 1, 4], [4, 1], lambda v: len(v) % 2 == 1),
        ("You are given a non-increasing array nums and an integer k.", [3, 3], [1, 2],
         lambda v: v == sorted(v, reverse=True)),
    ],
)  # fmt: skip
def test_an_order_before_the_noun_or_a_length_parity_is_drawn_and_a_test_breaking_it_refused(body, good, bad, holds):
    # before: each sentence refused unread (a promise), though the Constraints readings enforce its property
    lines = "1 <= nums.length <= 9\n1 <= nums[i] <= 1000"
    spec = input_spec(_problem(body, lines, "nums: List[int]", [json.dumps({"nums": good})]))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x)["nums"] for x in generate_inputs(spec, "fx/solve", 30)]
    assert len(got) >= 10 and all(holds(v) for v in got) and any(len(v) > 3 for v in got)
    broken = input_spec(_problem(body, lines, "nums: List[int]", [json.dumps({"nums": bad})]))
    assert isinstance(broken, NoSpec) and "breaks" in broken.reason


def test_a_relation_after_with_is_checked_on_every_draw():
    # before: refused unread; with no Constraints section the examples' spans bound left and right
    body = "You are given two positive integers left and right with left <= right."
    tests = ['{"left": 1, "right": 9}', '{"left": 4, "right": 4}']
    spec = input_spec(_problem(body, None, "left: int, right: int", tests))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30)]
    assert len(got) >= 10 and all(x["left"] <= x["right"] for x in got) and any(x["left"] < x["right"] for x in got)
    broken = input_spec(_problem(body, None, "left: int, right: int", [*tests, '{"left": 5, "right": 2}']))
    assert isinstance(broken, NoSpec) and "breaks" in broken.reason


def test_distinct_beside_a_sign_the_ranges_hold_stays_read():
    # the first cut of the sign clauses dropped every clause naming "positive" the ranges held, this one too
    body = "You are given a 0-indexed integer array nums containing n distinct positive integers."
    got = stated_properties(body, ["nums"], ["2 <= nums.length <= 14", "1 <= nums[i] <= 10^9"])
    assert [c for _, c in got] == ["nums consists of distinct positive integers"]


def test_with_no_constraints_section_a_stated_property_is_read_with_the_examples_spans():
    # before: drawn from the examples' spans alone, some unsorted
    tests = ['{"nums": [1, 2, 3, 9]}', '{"nums": [4, 5]}']
    body = "Given an integer array nums sorted in non-decreasing order, return x."
    spec = input_spec(_problem(body, None, "nums: List[int]", tests))
    assert isinstance(spec, InputSpec) and spec.source == "examples", spec
    got = [json.loads(x)["nums"] for x in generate_inputs(spec, "fx/solve", 30)]
    assert len(got) >= 10 and all(v == sorted(v) for v in got) and any(len(v) > 2 for v in got)
    unread = input_spec(_problem("Given an integer n. Return x. n is a palindrome.", None, "n: int", ['{"n": 121}']))
    assert (
        isinstance(unread, NoSpec) and unread.refusal.kind == "promise" and unread.refusal.line == "n is a palindrome."
    )
    broken = input_spec(_problem(body, None, "nums: List[int]", [*tests, '{"nums": [3, 1]}']))
    assert isinstance(broken, NoSpec) and "breaks" in broken.reason


def _atcoder(body: str) -> StdinSpec | NoSpec:
    statement = (
        f"### Problem Statement\n\n{body}\n\n### Input\n\nThe input is given from Standard Input in the following "
        "format:\nA B\n\n### Output\n\nPrint the answer.\n\n### Constraints\n\n- 1 \\leq A, B \\leq 100\n"
        "- All input values are integers.\n\n### Sample Input 1\n\n3 4\n"
    )
    p = Problem(id="fx/p", source="fx", title="P", statement=statement, mode="stdin",
                tests=[TestCase("3 4\n", "0\n")], reference_solutions=["print(0)"])  # fmt: skip
    return stdin_spec(p)


def _atcoder_drawn(body: str) -> list[tuple[int, int]]:
    spec = _atcoder(body)
    assert isinstance(spec, StdinSpec), spec.reason
    got = [parse(spec.rows, spec.render(json.loads(x))) for x in generate_inputs(spec.spec, "fx/p", 40)]
    assert len(got) >= 10
    return [(int(g["A"]), int(g["B"])) for g in got]


@pytest.mark.parametrize(
    "body",
    [
        "You are given integers A and B. A and B are coprime.",
        "You are given integers A and B, where A and B are coprime.",
    ],
)
def test_atcoder_a_and_b_are_coprime_in_the_statement_is_checked(body):
    # before: drawn free, 18 of 30 pairs with a common factor (the translator split it: "A is coprime", "B is ...")
    assert all(math.gcd(a, b) == 1 for a, b in _atcoder_drawn(body))


def test_atcoder_a_and_b_are_different_in_the_statement_is_drawn_so():
    pairs = _atcoder_drawn("You are given integers A and B. Here, A and B are different.")
    assert all(a != b for a, b in pairs) and any(math.gcd(a, b) > 1 for a, b in pairs)  # different, nothing more


def test_coprime_of_anything_but_two_integer_inputs_refuses_the_line():
    lines = "1 <= nums.length <= 10\n1 <= nums[i], k <= 100\nnums and k are coprime"
    spec = input_spec(_problem("Solve it.", lines, "nums: List[int], k: int", ['{"nums": [1], "k": 2}']))
    assert isinstance(spec, NoSpec) and spec.refusal.line == "nums and k are coprime"


def test_a_string_of_distinct_characters_beside_its_name_is_drawn_so():
    body = "You are given a string allowed consisting of distinct characters and an array of strings words."
    lines = "1 <= allowed.length <= 26\nallowed consists of lowercase English letters.\n1 <= words.length <= 5\n"
    lines += "1 <= words[i].length <= 5\nwords[i] consists of lowercase English letters."
    sig = "allowed: str, words: List[str]"
    spec = input_spec(_problem(body, lines, sig, ['{"allowed": "ab", "words": ["ab"]}']))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30)]
    assert len(got) >= 10 and all(len(set(x["allowed"])) == len(x["allowed"]) for x in got)
    assert any(len(x["allowed"]) > 5 for x in got) and any(len(set(w)) < len(w) for x in got for w in x["words"])
