"""Promises whose clause is a plain statement about the input (promise_clauses.py): read, each
clause enforced on every drawn input, and an existing test that breaks one refuses generation;
the clauses about the solution stay refused promises."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from microcoder_data.schema import Problem, TestCase
from microcoder_data.testgen.clause_checks import adjacent_differ_but, decimals_at_most, products_within
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from microcoder_data.testgen.promise_clauses import clauses_of


def problem(body: str, constraints: str, sig: str, tests: list[str]) -> Problem:
    """A functional problem whose body states ``body`` (the promise) before its Constraints."""
    return Problem(
        id="fx/promised",
        source="fx",
        title="Promised",
        mode="functional",
        fn_name="f",
        statement=f"Return the answer. {body}\n\nConstraints:\n\n{constraints}\n",
        tests=[TestCase(t, "0") for t in tests],
        starter_code=f"class Solution:\n    def f(self, {sig}) -> int:\n",
    )


_NUMS = "1 <= nums.length <= 12\n-30 <= nums[i] <= 30\n-10 <= k <= 40"
_S = "1 <= s.length <= 30\ns consists of lowercase English letters and '?'."
CASES = [
    (  # a comparison with a list's largest element: a bound, drawn so
        "The tests are generated such that k is greater than or equal to the maximum element in nums[i].",
        _NUMS,
        "nums: List[int], k: int",
        '{"nums": [1, 5], "k": 5}',
        '{"nums": [1, 9], "k": 5}',
        lambda x: x["k"] >= max(x["nums"]),
    ),
    (
        "It is guaranteed that k is less than the smallest value of nums.",
        _NUMS,
        "nums: List[int], k: int",
        '{"nums": [3, 5], "k": 2}',
        '{"nums": [3, 5], "k": 3}',
        lambda x: x["k"] < min(x["nums"]),
    ),
    (  # neighbours differ, but the free character
        "It is guaranteed that there are no consecutive repeating characters in the given string except for '?'.",
        _S,
        "s: str",
        '{"s": "a??b"}',
        '{"s": "abba"}',
        lambda x: all(a != b or a == "?" for a, b in zip(x["s"], x["s"][1:])),
    ),
    (  # a word: some character other than a space
        "It's guaranteed that text contains at least one word.",
        "1 <= text.length <= 20\ntext consists of lowercase English letters and ' '.",
        "text: str",
        '{"text": " ab "}',
        '{"text": "   "}',
        lambda x: x["text"].strip() != "",
    ),
    (  # every prefix and suffix product within a 32-bit integer: checked
        "The product of any prefix or suffix of nums is guaranteed to fit in a 32-bit integer.",
        "2 <= nums.length <= 12\n-30 <= nums[i] <= 30",
        "nums: List[int]",
        '{"nums": [2, 3, 0, 30]}',
        '{"nums": [30, 30, 30, 30, 30, 30, 30]}',
        lambda x: products_within(x["nums"], "prefix suffix", -(2**31), 2**31 - 1),
    ),
    (
        "The product of any subarray of nums is guaranteed to fit in a 32-bit integer.",
        "1 <= nums.length <= 12\n-10 <= nums[i] <= 10",
        "nums: List[int]",
        '{"nums": [2, -3, 0, 4]}',
        '{"nums": [10, 10, 10, 10, 10, 10, 10, 10, 10, 10]}',
        lambda x: all(_product(x["nums"][i:j]) < 2**31 for i in range(len(x["nums"])) for j in range(i + 1, 13)),
    ),
]


def _product(values: list[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return abs(out)


@pytest.mark.parametrize("body, constraints, sig, fits, breaks, holds", CASES, ids=[c[0][:50] for c in CASES])
def test_a_promised_clause_is_enforced(body, constraints, sig, fits, breaks, holds):
    spec = input_spec(problem(body, constraints, sig, [fits]))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")
    drawn = [json.loads(x) for x in generate_inputs(spec, "fx/promised", 30)]
    assert len(drawn) >= 10 and all(holds(x) for x in drawn)
    # an existing test that breaks it: nothing generated (the reading or the test is wrong)
    broken = input_spec(problem(body, constraints, sig, [fits, breaks]))
    assert isinstance(broken, NoSpec) and "breaks" in broken.reason


@pytest.mark.parametrize("body, constraints, sig, fits, breaks, holds", CASES, ids=[c[0][:50] for c in CASES])
def test_the_same_clause_as_a_constraints_line_is_read_alike(body, constraints, sig, fits, breaks, holds):
    line = body if "fit" in body else body.split(" that ", 1)[1]  # the Constraints state it plainly
    spec = input_spec(problem("", f"{constraints}\n{line}", sig, [fits]))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")
    assert isinstance(input_spec(problem("", f"{constraints}\n{line}", sig, [fits, breaks])), NoSpec)


@pytest.mark.parametrize(
    "body, constraints, sig",
    [
        # about the solution: still refused, named
        ("The test cases are generated such that you can reach nums[n - 1].", _NUMS, "nums: List[int], k: int"),
        ("It is guaranteed that the answer exists and is unique.", _NUMS, "nums: List[int], k: int"),
        # the phrasing, on an input it cannot hold: a list of strings has no product
        (
            "The product of any prefix of words is guaranteed to fit in a 32-bit integer.",
            "1 <= words.length <= 5\n1 <= words[i].length <= 5",
            "words: List[str]",
        ),
        # one clause read, the other not: the whole promise refused
        (
            "It is guaranteed that k is at least the largest value of nums, and nums can always be sorted.",
            _NUMS,
            "nums: List[int], k: int",
        ),
    ],
)
def test_a_promise_not_read_whole_refuses_naming_it(body, constraints, sig):
    args = {"nums": [1, 2], "k": 3} if "nums" in sig else {"words": ["ab"]}
    spec = input_spec(problem(body, constraints, sig, [json.dumps(args)]))
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise" and spec.refusal.line == body


def test_a_promise_of_two_clauses_reads_both():
    body = "It is guaranteed that k is greater than or equal to the maximum element in nums, and k is odd."
    spec = input_spec(problem(body, _NUMS, "nums: List[int], k: int", ['{"nums": [1, 5], "k": 5}']))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")
    drawn = [json.loads(x) for x in generate_inputs(spec, "fx/promised", 30)]
    assert drawn and all(x["k"] >= max(x["nums"]) and x["k"] % 2 == 1 for x in drawn)


def test_products_within_agrees_with_every_product():
    rng = random.Random(7)
    lo, hi = -(2**15), 2**15 - 1
    for _ in range(400):
        values = [rng.choice([0, 1, -1, rng.randint(-40, 40)]) for _ in range(rng.randint(1, 8))]
        products = {
            "prefix": [_signed(values[:j]) for j in range(1, len(values) + 1)],
            "suffix": [_signed(values[i:]) for i in range(len(values))],
            "subarray": [_signed(values[i:j]) for i, j in itertools.combinations(range(len(values) + 1), 2)],
        }
        for runs, got in products.items():
            exact = all(lo <= p <= hi for p in got)
            if runs == "subarray" and lo in got:  # the one case checked strictly (see products_within)
                continue
            assert products_within(values, runs, lo, hi) == exact, (values, runs)


def _signed(values: list[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def test_adjacent_differ_but_a_free_character():
    assert adjacent_differ_but("a??b?a", "?") and not adjacent_differ_but("a?bb", "?")
    assert adjacent_differ_but([1, 0, 0, 2], 0) and not adjacent_differ_but([1, 1], 0)


@pytest.mark.parametrize(
    "text, parts",
    [
        (
            "k is at least the largest value of nums, and k is odd",
            ["k is at least the largest value of nums", "k is odd"],
        ),
        ("1 <= a and b <= 10", ["1 <= a", "b <= 10"]),
        ("s and t are anagrams", ["s and t are anagrams"]),  # a part that says nothing: one clause
        ("x is between 1 and n", ["x is between 1 and n"]),
        ("positioni < positioni+1. speedi is the initial speed of the ith car", ["positioni < positioni+1"]),
    ],
)
def test_clauses_of_a_promise(text, parts):
    assert clauses_of(text) == parts


def test_a_promise_ends_with_its_sentence():
    """A sentence the splitter left joined to the promise (a lower-case name opens it) is no part of the
    guarantee: the promise's own clause is read and enforced."""
    body = "It is guaranteed that k is odd. nums is the list of the heights of the towers."
    spec = input_spec(problem(body, _NUMS, "nums: List[int], k: int", ['{"nums": [1, 5], "k": 5}']))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")
    drawn = [json.loads(x) for x in generate_inputs(spec, "fx/promised", 30)]
    assert drawn and all(x["k"] % 2 == 1 for x in drawn)
    assert isinstance(input_spec(problem(body, _NUMS, "nums: List[int], k: int", ['{"nums": [1], "k": 4}'])), NoSpec)


_HOUR = "1 <= dist.length <= 10\n1 <= dist[i] <= 100\n1 <= hour <= 10^9"


def test_an_answer_clause_and_an_input_clause_are_read_both():
    """One clause about the answer (an answer check), one about the input (digits after the point, checked)."""
    body = (
        "Tests are generated such that the answer will not exceed 10^7 and hour will have at most two digits "
        "after the decimal point."
    )
    sig, fits = "dist: List[int], hour: float", '{"dist": [1, 3, 2], "hour": 2.7}'
    spec = input_spec(problem(body, _HOUR, sig, [fits]))
    assert isinstance(spec, InputSpec), getattr(spec, "reason", "")
    assert [(c.lo, c.hi) for c in spec.answer] == [(None, "10**7")]
    drawn = [json.loads(x) for x in generate_inputs(spec, "fx/promised", 30)]
    assert len(drawn) >= 10 and all(round(x["hour"], 2) == x["hour"] for x in drawn)
    assert any(x["hour"] != int(x["hour"]) for x in drawn)  # two places drawn, not whole numbers only
    broken = input_spec(problem(body, _HOUR, sig, [fits, '{"dist": [1], "hour": 2.555}']))
    assert isinstance(broken, NoSpec) and "breaks" in broken.reason
    # the same with an input clause no reading has: the whole promise refused, named
    other = "Tests are generated such that the answer will not exceed 10^7 and the replacements will not overlap."
    refused = input_spec(problem(other, _HOUR, sig, [fits]))
    assert isinstance(refused, NoSpec) and refused.refusal.kind == "promise" and refused.refusal.line == other


def test_decimals_at_most():
    assert decimals_at_most(2.75, 2) and decimals_at_most(3, 0) and decimals_at_most([1.5, 2.25], 2)
    assert not decimals_at_most(2.555, 2) and not decimals_at_most(1e-05, 2) and not decimals_at_most([1.0, 0.125], 2)
