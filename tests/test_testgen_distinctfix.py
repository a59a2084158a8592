"""Two distinctness phrasings that were read wrongly (valid inputs or none):

* "x and y are distinct" of a block's two columns (in the row's brackets, or said of the columns
  afterwards): the row's two values differ, per row (``differ_everywhere``), never the two whole
  columns compared as lists -- a whole-list ``x != y`` in the stdin notation is refused;
* "all characters in s are distinct" of a list of strings: the characters of one string that is
  named ("s_i", "each s_i", "words[i]"), never the strings being distinct; of the list as a whole
  ("all letters in s", "all letters of the strings s_i") within each or across all is not said:
  refused."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import TestCase
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from test_testgen_conditions import fn_problem
from test_testgen_prose_format import problem

HEAD = "The first line contains two integers n and m (2 <= n <= 3, 1 <= m <= 5). "
EDGES = "3 2\n1 2\n2 3\n"


def _statement(section: str) -> str:
    return f"You are given some values. Find the answer.\n\nInput\n\n{section}\n\nOutput\n\nPrint the answer."


def _spec(section: str, test: str):
    return stdin_spec(problem(_statement(section), [TestCase(test, "0\n")]))


def _drawn(section: str, test: str, n: int = 40) -> list[dict]:
    spec = _spec(section, test)
    assert isinstance(spec, StdinSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec.spec, "cf/fence", n)]
    assert len(got) >= n // 4
    return got


def _refused(section: str, test: str) -> str:
    spec = _spec(section, test)
    assert not isinstance(spec, StdinSpec), f"read: {spec.spec}"
    return spec.reason


@pytest.mark.parametrize(
    "row",
    [
        "Each of the next m lines contains two integers x_i and y_i (1 <= x_i, y_i <= n, x and y are distinct).",
        "Each of the next m lines contains two integers x_i and y_i (1 <= x_i, y_i <= n; x and y are distinct).",
        "Each of the next m lines contains two integers x_i and y_i (1 <= x_i, y_i <= n, x_i and y_i are distinct).",
        "Each of the next m lines contains two integers x and y (1 <= x, y <= n, x and y are distinct).",
        "Each of the next m lines contains two integers x_i and y_i (1 <= x_i, y_i <= n). "
        "It is guaranteed that x_i and y_i are distinct.",
    ],
)
def test_x_and_y_are_distinct_of_a_blocks_columns_is_per_row(row):
    got = _drawn(HEAD + row, EDGES)
    assert all(a != b for v in got for a, b in zip(v["x"], v["y"]))
    assert all(1 <= a <= v["n"] for v in got for a in v["x"] + v["y"])
    assert any(len(set(v["x"])) < len(v["x"]) for v in got)  # only per row: a column may repeat
    broken = _spec(HEAD + row, "3 2\n1 2\n3 3\n")
    assert not isinstance(broken, StdinSpec)  # a row with x_i = y_i breaks the reading


def test_scalars_x_and_y_are_distinct_in_brackets():
    section = "The only line contains two integers x and y (1 <= x, y <= 10, x and y are distinct)."
    got = _drawn(section, "1 2\n")
    assert all(v["x"] != v["y"] for v in got)


@pytest.mark.parametrize(
    "section",
    [
        HEAD + "Each of the next m lines contains two integers x_i and y_i (1 <= x_i, y_i <= n). "
        "It is guaranteed that x and y are distinct.",
        "The first line contains n (1 <= n <= 3). The second line contains n integers a_1, ..., a_n "
        "(1 <= a_i <= 3). The third line contains n integers b_1, ..., b_n (1 <= b_i <= 3). "
        "It is guaranteed that a and b are distinct.",
    ],
)
def test_two_whole_lists_said_distinct_are_refused_in_the_stdin_notation(section):
    """``x != y`` of two lists: per row or as wholes? Compared as whole lists, rows with x_i = y_i were drawn."""
    test = EDGES if section.startswith(HEAD) else "2\n1 2\n1 3\n"
    assert "not understood" in _refused(section, test)


STRINGS = (
    "The first line contains n (1 <= n <= 3). Each of the next n lines contains a string s_i of length 3 "
    "consisting of lowercase Latin letters. "
)


@pytest.mark.parametrize(
    "sentence",
    [
        "It is guaranteed that all characters in s_i are distinct.",
        "It is guaranteed that all characters of each s_i are distinct.",
        "It is guaranteed that all letters in each of the strings s_i are distinct.",
        "It is guaranteed that s_i consists of distinct characters.",
    ],
)
def test_characters_of_each_named_string_are_distinct_within_it(sentence):
    got = _drawn(STRINGS + sentence, "1\nabc\n")
    assert all(len(set(s)) == len(s) for v in got for s in v["s"])
    assert any(len(set("".join(v["s"]))) < 3 * v["n"] for v in got)  # not across the strings
    assert not isinstance(_spec(STRINGS + sentence, "1\naba\n"), StdinSpec)


@pytest.mark.parametrize(
    "sentence",
    [
        "It is guaranteed that all characters in s are distinct.",
        "It is guaranteed that all letters in s are distinct.",
        "It is guaranteed that all characters in strings s are distinct.",
        "It is guaranteed that all letters of the strings s_i are pairwise distinct.",
    ],
)
def test_characters_of_a_list_of_strings_are_refused(sentence):
    """Within each string or across them all: not said (the strings themselves being distinct was drawn)."""
    assert "not understood" in _refused(STRINGS + sentence, "1\nabc\n")


def test_strings_distinct_stays_the_strings():
    got = _drawn(STRINGS + "It is guaranteed that all strings s_i are distinct.", "2\nabc\nabd\n")
    assert all(len(set(v["s"])) == len(v["s"]) for v in got)


WORDS = "1 <= words.length <= 4\n1 <= words[i].length <= 3\nwords[i] consists of lowercase English letters.\n"


def _words(line: str) -> InputSpec | str:
    spec = input_spec(fn_problem(WORDS + line, "words: List[str]", ['{"words": ["abc", "de"]}']))
    return spec if isinstance(spec, InputSpec) else spec.reason


@pytest.mark.parametrize(
    "line",
    [
        "All characters of words[i] are unique.",
        "All the characters of words[i] are unique.",
        "The characters in words[i] are distinct.",
        "All characters in each words[i] are distinct.",
        "Each words[i] has distinct characters.",
    ],
)
def test_leetcode_characters_of_words_i_are_each_strings(line):
    spec = _words(line)
    assert isinstance(spec, InputSpec), spec
    assert spec.nodes["words"].elem.distinct and not spec.nodes["words"].distinct
    got = [json.loads(x)["words"] for x in generate_inputs(spec, "fx/solve", 30)]
    assert all(len(set(w)) == len(w) for v in got for w in v)


@pytest.mark.parametrize("line", ["all strings in words are distinct.", "All the strings of words are unique."])
def test_leetcode_strings_of_words_distinct_stay_the_strings(line):
    spec = _words(line)
    assert isinstance(spec, InputSpec), spec
    assert spec.nodes["words"].distinct and not spec.nodes["words"].elem.distinct


@pytest.mark.parametrize("line", ["All characters in words are distinct.", "All the letters in words are unique."])
def test_leetcode_characters_of_a_list_of_strings_are_refused(line):
    assert "not understood" in _words(line)
