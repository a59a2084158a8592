"""Strings with a structure and values said to occur in another input (testgen/structured_readings.py,
structure_checks.py): balanced brackets, no leading zeros, a witness -- each drawn so and checked on
every input, and an existing test that breaks one refuses generation."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.structure_checks import brackets_balanced, draw_balanced, lead_nonzero
from test_testgen_conditions import fn_problem, why_not_read


def _problem(body: str, constraints: str, sig: str, tests: list[str]) -> Problem:
    p = fn_problem(constraints, sig, tests)
    p.statement = f"{body}\n\n{p.statement}"
    return p


def _drawn(p: Problem, n: int = 30) -> list[dict]:
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, p.id, n)]
    assert len(got) >= n // 2
    return got


@pytest.mark.parametrize(
    "text, ok",
    [("", True), ("(a)[()]{}", True), ("(()())", True), (")(", False), ("(]", False), ("((", False), ("a)", False)],
)
def test_brackets_balanced_reads_each_kind_in_order(text, ok):
    assert brackets_balanced(text) is ok
    assert brackets_balanced([text, "()"]) is ok


def test_a_balanced_draw_keeps_its_alphabet_and_an_even_length_within_bounds():
    rng = random.Random(3)
    for n in range(1, 12):
        text = "".join(rng.choice("()") for _ in range(n))
        out = draw_balanced("()", text, 1, 12, rng)
        assert brackets_balanced(out) and len(out) % 2 == 0 and abs(len(out) - n) <= 1 and set(out) <= set("()")
        mixed = draw_balanced("ab()[]", "ab" * n, 0, 40, rng)
        assert brackets_balanced(mixed) and len(mixed) == 2 * n
    assert draw_balanced("abc", "abc", 0, 3, rng) == "abc"  # no pair of brackets to balance
    assert draw_balanced("()", "(", 1, 1, rng) == "("  # no even length allowed: left to the validator


@pytest.mark.parametrize(
    "line",
    ["s is a valid parentheses string.", "s is a balanced parentheses string.", "parentheses expression s is a VPS."],
)
def test_balanced_parentheses_are_drawn_so_and_checked(line):
    cons = f"1 <= s.length <= 40\ns[i] is either '(' or ')'.\n{line}"
    got = _drawn(fn_problem(cons, "s: str", ['{"s": "(())"}']))
    assert all(brackets_balanced(x["s"]) and x["s"] for x in got)
    assert len({x["s"] for x in got}) > 10 and any(len(x["s"]) > 6 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(cons, "s: str", ['{"s": "())("}']))


@pytest.mark.parametrize("order", ["alphabet first", "alphabet last"])
def test_angle_brackets_the_balance_check_does_not_pair_refuse(order):
    alphabet, line = "s consists of '(', ')', '<' and '>'.", "s is a valid bracket sequence."
    lines = [alphabet, line] if order == "alphabet first" else [line, alphabet]
    p = fn_problem("\n".join(["2 <= s.length <= 12", *lines]), "s: str", ['{"s": "(<>)"}', '{"s": "<()>"}'])
    assert why_not_read(p)  # never drawn as "(<)" or ">()"
    assert brackets_balanced("<>") is False and brackets_balanced(["()", "(<>)"]) is False


def test_a_guaranteed_vps_among_other_characters_draws_brackets_too():
    cons = "1 <= s.length <= 100\ns consists of digits 0-9 and characters '+', '-', '*', '/', '(', and ')'."
    p = fn_problem(
        cons + "\nIt is guaranteed that parentheses expression s is a VPS.", "s: str", ['{"s": "(1+(2*3))"}']
    )
    got = _drawn(p)
    assert all(brackets_balanced(x["s"]) for x in got) and sum("(" in x["s"] for x in got) >= 5


def test_a_balanced_string_without_a_definition_is_not_read():
    p = fn_problem(
        "2 <= s.length <= 10\ns[i] is either 'L' or 'R'.\ns is a balanced string.", "s: str", ['{"s": "LR"}']
    )
    assert "not understood" in why_not_read(p)


def test_the_either_or_rule_of_leading_zeros_holds_of_every_digit_list():
    body = (
        "Each number is given in array format. A number arr in array, format is also guaranteed to have no "
        "leading zeros: either arr == [0] or arr[0] == 1."
    )
    cons = "1 <= arr1.length, arr2.length <= 30\narr1[i] and arr2[i] are 0 or 1\narr1 and arr2 have no leading zeros"
    sig = "arr1: List[int], arr2: List[int]"
    got = _drawn(_problem(body, cons, sig, ['{"arr1": [0], "arr2": [1, 0, 1]}']))
    assert all(x[a] == [0] or x[a][0] == 1 for x in got for a in ("arr1", "arr2"))
    assert any(len(x["arr1"]) > 3 for x in got)
    broken = _problem(body, cons, sig, ['{"arr1": [0, 1], "arr2": [1]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_digits_without_leading_zeros_are_drawn_so():
    cons = "1 <= num.length <= 30\nnum only consists of digits and does not contain any leading zeros."
    got = _drawn(fn_problem(cons, "num: str", ['{"num": "52"}']))
    assert all(x["num"][0] != "0" and x["num"].isdigit() for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(cons, "num: str", ['{"num": "052"}']))
    cons = "1 <= nums1.length <= 30\n0 <= nums1[i] <= 9\nnums1 does not contain any leading 0"
    got = _drawn(fn_problem(cons, "nums1: List[int]", ['{"nums1": [5, 0]}']), 40)
    assert all(x["nums1"][0] != 0 for x in got)
    rng = random.Random(1)
    assert lead_nonzero([0, 0, 3], (0, 9), rng)[0] != 0 and lead_nonzero("007", "0123456789", rng)[0] != "0"
    assert lead_nonzero([0], (0, 9), rng) == [0]  # the number 0 alone: the checks decide


def test_at_least_two_digits_in_a_string_is_checked():
    cons = "2 <= number.length <= 20\nnumber consists of digits and the characters '-' and ' '.\n"
    line = "There are at least two digits in number."
    got = _drawn(fn_problem(cons + line, "number: str", ['{"number": "1-23"}']))
    assert all(sum(c.isdigit() for c in x["number"]) >= 2 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(cons + line, "number: str", ['{"number": "1--"}']))


@pytest.mark.parametrize(
    "body, line",
    [
        ("It is guaranteed that c occurs at least once in s.", ""),
        ("", "It is guaranteed that c occurs at least once in s."),
        ("The test cases are generated such that c occurs at least once in s.", ""),
        ("", "There is at least one i such that s[i] == c"),
    ],
)
def test_a_character_said_to_occur_is_a_witness(body, line):
    cons = f"1 <= s.length <= 30\ns[i] and c are lowercase English letters.\n{line}"
    sig = "s: str, c: str"
    body = f"Given a string s and a character c. {body}"  # c one character (char_args.py)
    got = _drawn(_problem(body, cons, sig, ['{"s": "abc", "c": "b"}']))
    assert all(len(x["c"]) == 1 and x["c"] in x["s"] for x in got)
    assert len({x["c"] for x in got}) > 3
    assert "breaks the constraints" in why_not_read(_problem(body, cons, sig, ['{"s": "abc", "c": "z"}']))


@pytest.mark.parametrize(
    "body, line",
    [
        ("It is guaranteed that target exists in nums.", "1 <= target <= 10^4"),  # read before the lines: its own range
        ("", "target is in nums."),  # no range of its own: the elements' read before it
    ],
)
def test_a_value_said_to_exist_in_a_list_is_a_witness_with_the_elements_range(body, line):
    cons = f"1 <= nums.length <= 30\n1 <= nums[i] <= 10^4\n{line}"
    sig = "nums: List[int], target: int"
    got = _drawn(_problem(body, cons, sig, ['{"nums": [1, 2, 3], "target": 2}']))
    assert all(x["target"] in x["nums"] for x in got) and len({x["target"] for x in got}) > 5
    assert "breaks the constraints" in why_not_read(_problem(body, cons, sig, ['{"nums": [1, 2], "target": 5}']))


def test_a_name_of_no_input_said_to_exist_stays_refused():
    p = _problem(
        "It is guaranteed that x exists in nums.",
        "1 <= nums.length <= 30\n1 <= nums[i] <= 9",
        "nums: List[int]",
        ['{"nums": [1]}'],
    )
    assert "promise" in why_not_read(p)


def test_a_string_said_to_contain_a_character_is_drawn_with_it():
    cons = "1 <= s.length <= 20\ns consists of lowercase English letters.\ns contains at least one 'x' character."
    got = _drawn(fn_problem(cons, "s: str", ['{"s": "abx"}']))
    assert all("x" in x["s"] for x in got) and any(len(x["s"]) > 3 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(cons, "s: str", ['{"s": "abc"}']))


def test_a_promise_of_some_word_in_a_text_is_checked():
    body = "It's guaranteed that text contains at least one word."
    cons = "1 <= text.length <= 100\ntext consists of lowercase English letters and ' '."
    got = _drawn(_problem(body, cons, "text: str", ['{"text": " ab  c "}']))
    assert all(x["text"].strip() for x in got)
    assert "breaks the constraints" in why_not_read(_problem(body, cons, "text: str", ['{"text": "   "}']))


@pytest.mark.parametrize(
    "line", ["Each arr2[i] is in arr1.", "All the elements of arr2 are in arr1.", "arr2 is a subset of arr1"]
)
def test_every_value_of_a_list_in_another_is_placed_there(line):
    cons = f"1 <= arr1.length, arr2.length <= 20\n0 <= arr1[i], arr2[i] <= 1000\nAll the elements of arr2 are distinct.\n{line}"
    sig = "arr1: List[int], arr2: List[int]"
    got = _drawn(fn_problem(cons, sig, ['{"arr1": [2, 3, 1, 3], "arr2": [2, 1]}']))
    assert all(set(x["arr2"]) <= set(x["arr1"]) for x in got)
    assert any(len(x["arr2"]) > 2 for x in got) and any(len(x["arr1"]) > len(x["arr2"]) + 2 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(cons, sig, ['{"arr1": [2, 3], "arr2": [2, 1]}']))


def test_a_witness_of_each_value_and_balanced_brackets_round_trip_through_the_spec_file():
    from microcoder_data.testgen.spec_file import reading_dict, reading_from_dict

    cons = "1 <= arr1.length, arr2.length <= 20\n0 <= arr1[i], arr2[i] <= 1000\nEach arr2[i] is in arr1."
    p = fn_problem(cons, "arr1: List[int], arr2: List[int]", ['{"arr1": [2, 1], "arr2": [2, 1]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec) and spec.nodes["arr1"].witness == [("each", "arr2")]
    back = reading_from_dict(json.loads(json.dumps(reading_dict(p, (spec, None)))))
    assert back[0].nodes["arr1"].witness == [("each", "arr2")]
    p = fn_problem(
        "1 <= s.length <= 9\ns[i] is either '(' or ')'.\ns is a valid parentheses string.", "s: str", ['{"s": "()"}']
    )
    spec = input_spec(p)
    back = reading_from_dict(json.loads(json.dumps(reading_dict(p, (spec, None)))))
    assert back[0].nodes["s"].brackets and back[0].checks == ["brackets_balanced(s)"]


_WORDS = "1 <= words.length <= 5\n1 <= words[i].length <= 5\nwords[i] consists of lowercase English letters.\n"


@pytest.mark.parametrize(
    "cons, line, sig, test",
    [
        (  # an element of a list of strings, not a character: no witness holds it
            _WORDS + "1 <= target.length <= 5\ntarget consists of lowercase English letters.",
            "target is in words.",
            "words: List[str], target: str",
            '{"words": ["ab"], "target": "ab"}',
        ),
        (
            _WORDS
            + "1 <= other.length <= 5\n1 <= other[i].length <= 5\nother[i] consists of lowercase English letters.",
            "Each other[i] is in words.",
            "words: List[str], other: List[str]",
            '{"words": ["ab"], "other": ["ab"]}',
        ),
        (  # a number in a string
            "1 <= s.length <= 5\ns consists of digits.\n1 <= k <= 5",
            "k exists in s.",
            "s: str, k: int",
            '{"s": "15", "k": 1}',
        ),
    ],
)
def test_membership_a_witness_cannot_hold_refuses_the_line(cons, line, sig, test):
    assert isinstance(input_spec(fn_problem(cons, sig, [test])), InputSpec)  # the rest is read
    assert why_not_read(fn_problem(f"{cons}\n{line}", sig, [test])) == f"constraint not understood: {line!r}"
