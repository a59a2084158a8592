"""Sentences about words and spaces said of a string or each string of a list
(microcoder_data/testgen/word_lists.py): drawn inputs hold them, an existing test breaking one refuses."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.word_checks import all_anagrams, capitalized
from test_testgen_conditions import fn_problem, why_not_read

REPORTS = "1 <= report.length <= 50\n1 <= report[i].length <= 100\nreport[i] consists of lowercase English letters and spaces ' '."


def _drawn(constraints: str, sig: str, tests: list[str], n: int = 30) -> list[dict]:
    spec = input_spec(fn_problem(constraints, sig, tests))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", n)]
    assert len(got) >= n // 3
    return got


@pytest.mark.parametrize(
    "line",
    [
        "There is a single space between consecutive words of report[i].",
        "report[i] contains no two consecutive spaces.",
        "Each string in report does not contain two consecutive spaces.",
        "There is exactly one space between adjacent words in every sentence of report.",
    ],
)
def test_single_spaces_of_each_string_of_a_list_hold_on_every_draw(line):
    got = _drawn(f"{REPORTS}\n{line}", "report: List[str]", ['{"report": ["this student is smart", "a b"]}'])
    assert all("  " not in s for x in got for s in x["report"])
    assert any(" " in s for x in got for s in x["report"])  # spaces are drawn, single
    broken = fn_problem(f"{REPORTS}\n{line}", "report: List[str]", ['{"report": ["this  student"]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_one_space_between_words_of_the_one_string_adds_the_space():
    constraints = (
        "1 <= s.length <= 200\ns contains only upper case English letters.\n"
        "It's guaranteed that there is only one space between 2 words."
    )
    got = _drawn(constraints, "s: str", ['{"s": "HOW ARE YOU"}'])
    assert all("  " not in x["s"] and set(x["s"]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ ") for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(constraints, "s: str", ['{"s": "HOW  ARE"}']))


def test_between_words_of_no_named_string_among_two_is_refused():
    constraints = "1 <= a.length, b.length <= 20\nThere is only one space between 2 words."
    assert "one space between 2 words" in why_not_read(
        fn_problem(constraints, "a: str, b: str", ['{"a": "x", "b": "y"}'])
    )


def test_a_capital_then_lowercase_words_are_drawn_so():
    constraints = (
        "text begins with a capital letter and then contains lowercase letters and single space between words.\n"
        "1 <= text.length <= 10^5"
    )
    got = _drawn(constraints, "text: str", ['{"text": "Leetcode is cool"}'])
    assert all(capitalized(x["text"]) and "  " not in x["text"] for x in got)
    assert any(" " in x["text"] and len(x["text"]) > 3 for x in got)
    for bad in ("leetcode is cool", "Leetcode Is cool", "Leetcode  is"):
        assert "breaks the constraints" in why_not_read(
            fn_problem(constraints, "text: str", [json.dumps({"text": bad})])
        )


def test_a_lists_strings_anagrams_of_each_other_are_drawn_so():
    constraints = (
        "1 <= strs.length <= 300\n1 <= strs[i].length <= 300\nstrs[i] consists of lowercase letters only.\n"
        "All words in strs have the same length and are anagrams of each other."
    )
    got = _drawn(constraints, "strs: List[str]", ['{"strs": ["tars", "rats", "arts", "star"]}'])
    assert all(all_anagrams(x["strs"]) for x in got)
    assert any(len(set(x["strs"])) > 1 for x in got)  # shuffles, not copies
    broken = fn_problem(constraints, "strs: List[str]", ['{"strs": ["tars", "rate"]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_anagrams_said_of_one_string_are_refused():
    constraints = "1 <= s.length <= 30\nAll words in s are anagrams of each other."
    assert "anagrams" in why_not_read(fn_problem(constraints, "s: str", ['{"s": "ab ba"}']))


def test_each_word_of_the_one_sentence_states_its_characters():
    constraints = (
        "1 <= s.length <= 100\ns consists of lowercase and uppercase English letters and spaces.\n"
        "Each word consists of lowercase English letters."
    )
    got = _drawn(constraints, "s: str", ['{"s": "ab cd"}'])
    assert all(set(x["s"]) <= set("abcdefghijklmnopqrstuvwxyz ") for x in got)
    assert any(" " in x["s"] for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(constraints, "s: str", ['{"s": "Ab cd"}']))


def test_each_word_of_a_list_of_words_is_not_read_as_a_sentence():
    constraints = "1 <= words.length <= 10\n1 <= words[i].length <= 5\nEach word in words consists of digits."
    spec = input_spec(fn_problem(constraints, "words: List[str]", ['{"words": ["12"]}']))
    assert not isinstance(spec, InputSpec) or " " not in (spec.nodes["words"].elem.alphabet or "")


@pytest.mark.parametrize(
    "line, holds",
    [
        ("The number of words in report[i] is in the range [1, 3]", lambda s: 1 <= len(s.split()) <= 3),
        (
            "The length of each word in each string of report is between 1 and 4",
            lambda s: all(len(w) <= 4 for w in s.split()),
        ),
    ],
)
def test_words_of_each_string_of_a_list_are_checked(line, holds):
    got = _drawn(f"{REPORTS}\n{line}", "report: List[str]", ['{"report": ["ab cd", "e"]}'])
    assert all(holds(s) for x in got for s in x["report"])
    broken = fn_problem(f"{REPORTS}\n{line}", "report: List[str]", ['{"report": ["abcde fghij klmno pqrst"]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_words_of_each_string_whose_spaces_are_not_stated_are_refused():
    constraints = "1 <= report.length <= 5\nThe number of words in report[i] is in the range [1, 3]"
    assert "number of words" in why_not_read(fn_problem(constraints, "report: List[str]", ['{"report": ["a b"]}']))


def test_the_words_of_two_lists_combined_are_distinct_on_every_draw():
    constraints = (
        "1 <= a.length, b.length <= 10\n1 <= a[i].length, b[i].length <= 2\n"
        "a[i] and b[i] consist only of lowercase English letters.\nAll the words in a and b combined are distinct."
    )
    got = _drawn(constraints, "a: List[str], b: List[str]", ['{"a": ["x"], "b": ["y"]}'])
    assert all(len(set(x["a"] + x["b"])) == len(x["a"] + x["b"]) for x in got)
    broken = fn_problem(constraints, "a: List[str], b: List[str]", ['{"a": ["x"], "b": ["x"]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_each_word_beside_an_input_named_words_is_not_read_as_a_sentence():
    constraints = (
        "1 <= s.length <= 20\ns consists of lowercase English letters and spaces.\n1 <= words.length <= 5\n"
        "1 <= words[i].length <= 5\nEach word consists of digits."
    )
    spec = input_spec(fn_problem(constraints, "s: str, words: List[str]", ['{"s": "a b", "words": ["1"]}']))
    assert not isinstance(spec, InputSpec) or set(spec.nodes["s"].alphabet) != set("0123456789 ")


def test_the_total_length_of_two_lists_words_holds_on_every_draw():
    constraints = (
        "1 <= a.length, b.length <= 10\n1 <= a[i].length, b[i].length <= 5\n"
        "a[i] and b[i] consist only of lowercase English letters.\n"
        "The sum of the lengths of all the words in a and b combined does not exceed 12."
    )
    got = _drawn(constraints, "a: List[str], b: List[str]", ['{"a": ["x"], "b": ["y"]}'])
    assert all(sum(map(len, x["a"] + x["b"])) <= 12 for x in got)
    broken = fn_problem(constraints, "a: List[str], b: List[str]", ['{"a": ["xxxxx", "yyyyy"], "b": ["zzzzz"]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_capital_first_keeps_to_a_stated_alphabet():
    constraints = (
        "1 <= text.length <= 30\ntext consists of English letters, digits and spaces.\n"
        "text begins with a capital letter and then contains lowercase letters and single space between words."
    )
    got = _drawn(constraints, "text: str", ['{"text": "Ab b"}'])
    assert all(capitalized(x["text"]) for x in got)  # no digit, though the alphabet line allows them
    assert "breaks the constraints" in why_not_read(fn_problem(constraints, "text: str", ['{"text": "Ab 1"}']))


def test_a_capitalised_text_and_spaces_a_line_adds_have_no_space_at_either_end():
    # review: 'J ' was drawn for "... single space between words"; so was ' VDGI' where the line added the space
    cons = "1 <= text.length <= 10^5\ntext begins with a capital letter and then contains lowercase letters and single space between words."
    spec = input_spec(fn_problem(cons, "text: str", ['{"text": "Leetcode is cool"}']))
    assert isinstance(spec, InputSpec), spec.reason
    for x in (json.loads(v)["text"] for v in generate_inputs(spec, "fx/solve", 60)):
        assert x == x.strip() and "  " not in x
    cons = "1 <= s.length <= 20\ns contains only upper case English letters.\nIt's guaranteed that there is only one space between 2 words."
    spec = input_spec(fn_problem(cons, "s: str", ['{"s": "AB CD"}']))
    assert isinstance(spec, InputSpec), spec.reason
    assert all(x == x.strip() for x in (json.loads(v)["s"] for v in generate_inputs(spec, "fx/solve", 100)))
