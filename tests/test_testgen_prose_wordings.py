"""Still more wordings of Codeforces / CodeContests Input sections (testgen/prose_wordings.py): each entry's
examples are its own test; a block read through one is drawn as it says and an input breaking it refuses."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.prose_wordings import WHOLE, WORDINGS, rewrite
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase


@pytest.mark.parametrize("entry", WORDINGS, ids=[e.name for e in WORDINGS])
def test_each_wording_reads_its_examples(entry):
    assert entry.examples
    for said, form in entry.examples:
        assert rewrite(said) == form, entry.name
        assert rewrite(said + " — the gloss (kept)") == form + " — the gloss (kept)" or "—" in form


@pytest.mark.parametrize("entry", WHOLE, ids=[e.name for e in WHOLE])
def test_each_wording_of_a_whole_sentence_reads_its_examples(entry):
    assert entry.examples
    for said, form in entry.examples:
        assert rewrite(said) == form, entry.name


@pytest.mark.parametrize(
    "said",
    [
        "The first line contains n (1 <= n <= 10), the sum of n does not exceed 10",  # a value said: no gloss
        "The first line contains n (1 <= n <= 10), the values are distinct",
        "The first line contains the integers n and m (1 <= n, m <= 10)",  # two names: as it is
        "In the first line, output the integer x",
        "The second line contains the integers a (1 <= a_i <= 10)",  # bounds of a list's elements: no scalar
        "Each of the next n lines contains m integers — the matrix a is symmetric",  # more than its name
    ],
)
def test_a_sentence_saying_more_is_left_as_it_is(said):
    assert rewrite(said) == said


def _problem(section: str, tests: list[str]) -> Problem:
    statement = f"You are given some values. Find the answer.\n\nInput\n\n{section}\n\nOutput\n\nPrint it."
    return Problem(
        id="cf/w", source="cf", title="t", statement=statement, mode="stdin", tests=[TestCase(t, "0\n") for t in tests]
    )


def test_a_block_said_then_follow_each_with_and_a_comma_gloss_is_drawn_within_its_bounds():
    section = (
        "The first line contains a single integer t (1 <= t <= 4) — the number of test cases. The first line of every"
        " test case contains an integer n (1 <= n <= 5). Then follow n lines of each test case, each with two"
        " integers d_i and a_i (1 <= d_i, a_i <= 9), the day and the number of pints."
    )
    s = stdin_spec(_problem(section, ["1\n2\n1 2\n3 4\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/w", 25):
        for case in json.loads(x)["cases"]:
            assert 1 <= case[0] <= 5 and len(case[1]) == len(case[2]) == case[0]
            assert all(1 <= v <= 9 for v in case[1] + case[2])
    for bad in ("1\n2\n1 2\n3 10\n", "1\n6\n1 1\n1 1\n1 1\n1 1\n1 1\n1 1\n", "1\n2\n1 2\n"):
        assert not isinstance(stdin_spec(_problem(section, [bad])), StdinSpec), bad


@pytest.mark.parametrize(
    "row",
    [
        "Each of the next n lines contains a string s_i (1 <= |s_i| <= 4) consisting of lowercase English letters.",
        "The i-th of the next n lines contains the string s_i (1 <= |s_i| <= 4), consisting of lowercase Latin letters.",
    ],
)
def test_a_block_of_strings_with_a_length_range_draws_each_row_within_it_and_a_row_outside_refuses(row):
    section = f"The first line contains an integer n (1 <= n <= 5). {row}"
    s = stdin_spec(_problem(section, ["2\nab\nc\n"]))
    assert isinstance(s, StdinSpec), s.reason
    drawn = [json.loads(x) for x in generate_inputs(s.spec, "cf/rows", 30)]
    assert len(drawn) >= 10 and any(len({len(r) for r in v["s"]}) > 1 for v in drawn)  # lengths vary by row
    for v in drawn:
        assert len(v["s"]) == v["n"] and all(1 <= len(r) <= 4 and r.isalpha() and r.islower() for r in v["s"]), v
    for bad in ("2\nabcde\nc\n", "2\nab\nC\n", "2\nab\n\n"):
        assert not isinstance(stdin_spec(_problem(section, [bad])), StdinSpec), bad


def test_a_gloss_naming_the_order_values_are_written_in_is_no_promise_and_an_order_kept_still_refuses():
    head = "The first line contains an integer n (1 <= n <= 5). The second line contains n integers a_1, ..., a_n"
    for gloss in ("the initial order of the members from front to back", "lengths in the same order they are placed"):
        s = stdin_spec(_problem(f"{head} (1 <= a_i <= 9) — {gloss}.", ["3\n3 1 2\n"]))
        assert isinstance(s, StdinSpec), s.reason
        for x in generate_inputs(s.spec, "cf/order", 10):
            v = json.loads(x)
            assert len(v["a"]) == v["n"] and all(1 <= y <= 9 for y in v["a"])
    for gloss in ("the elements in increasing order", "the values in the sorted order", "the order is increasing"):
        assert not isinstance(stdin_spec(_problem(f"{head} (1 <= a_i <= 9) — {gloss}.", ["3\n1 2 3\n"])), StdinSpec)


def test_layout_sentences_say_nothing_and_a_test_case_line_said_of_the_test_case_is_each_ones():
    section = (
        "The first line contains a single integer t (1 <= t <= 4) — the number of test cases. Subsequently, the"
        " description of each test case follows. Each test case description is on a new line. The first line of the"
        " test case contains two integers n and k in the respective order separated by a space (1 <= k <= n <= 5)."
    )
    s = stdin_spec(_problem(section, ["2\n3 1\n5 5\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/layout", 20):
        assert all(1 <= k <= n <= 5 for n, k in json.loads(x)["cases"])
    assert not isinstance(stdin_spec(_problem(section, ["1\n3 4\n"])), StdinSpec)  # k > n


def test_a_guarantee_of_a_permutation_of_length_n_draws_permutations_and_a_repeat_refuses():
    section = (
        "The first line contains an integer n (1 <= n <= 6). The second line contains n integers p_1, p_2, ..., p_n"
        " (1 <= p_i <= n). It is guaranteed that p is a permutation of length n."
    )
    s = stdin_spec(_problem(section, ["3\n2 3 1\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/perm", 20):
        v = json.loads(x)
        assert sorted(v["p"]) == list(range(1, v["n"] + 1)), v
    assert not isinstance(stdin_spec(_problem(section, ["3\n2 2 1\n"])), StdinSpec)


def test_a_grid_named_in_its_gloss_draws_every_cell_within_the_bounds_and_a_cell_outside_refuses():
    section = (
        "The first line contains an integer n (2 <= n <= 4). Each of the next n-1 lines contains n integers"
        " separated by single spaces — the matrix d (0 <= d_(x,y) <= 2n-2)."
    )
    s = stdin_spec(_problem(section, ["3\n0 1 2\n4 3 0\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/grid", 20):
        v = json.loads(x)
        assert len(v["d"]) == v["n"] - 1 and all(
            len(r) == v["n"] and all(0 <= c <= 2 * v["n"] - 2 for c in r) for r in v["d"]
        )
    for bad in ("3\n0 1 5\n4 3 0\n", "3\n0 1 2\n", "3\n0 1\n4 3\n"):
        assert not isinstance(stdin_spec(_problem(section, [bad])), StdinSpec), bad


def test_each_of_the_lines_after_one_test_case_per_line_is_each_cases_only_line():
    section = (
        "The first line contains an integer t (1 <= t <= 5) — the number of test cases. Then t lines contain the test"
        " cases, one per line. Each of the lines contains one integer n (1 <= n <= 9)."
    )
    s = stdin_spec(_problem(section, ["2\n3\n9\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/lines", 20):
        assert all(1 <= c[0] <= 9 for c in json.loads(x)["cases"])
    for bad in ("2\n3 4\n9\n", "2\n10\n9\n", "2\n3\n"):
        assert not isinstance(stdin_spec(_problem(section, [bad])), StdinSpec), bad


def test_a_gloss_saying_the_elements_form_a_permutation_draws_permutations_and_a_repeat_refuses():
    section = (
        "The first line contains an integer n (1 <= n <= 6). The second line contains n integers p_1, p_2, ..., p_n"
        " (1 <= p_i <= n) — the elements of p, which are guaranteed to form a permutation."
    )
    s = stdin_spec(_problem(section, ["3\n3 1 2\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/perm2", 20):
        v = json.loads(x)
        assert sorted(v["p"]) == list(range(1, v["n"] + 1)), v
    assert not isinstance(stdin_spec(_problem(section, ["3\n1 1 2\n"])), StdinSpec)
