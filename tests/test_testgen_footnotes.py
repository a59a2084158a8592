"""Codeforces' footnote marks ("a permutation^{\\ast} p", "^{\\ddagger}A permutation of length n is ...") are dropped
where test generation reads a statement, so the footnote reads as the definition it is and the marked word as the
word; an exponent is never taken for a mark."""

from __future__ import annotations

import pytest

from microcoder_eval.statement_text import without_footnote_marks
from test_testgen_prose_cfprosefix import _drawn, _refused  # one Codeforces-prose builder


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("a permutation^+ p of length n", "a permutation p of length n"),
        ("^{∗}A permutation of length n", "A permutation of length n"),
        ("inversions^(+) in", "inversions in"),
        ("^{\\ddagger}A permutation", "A permutation"),
        ("^\\ddaggerA permutation", "A permutation"),
        ("a permutation^{\\ast} p", "a permutation p"),
        ("^\\dagger The median", " The median"),
    ],
)
def test_a_footnote_mark_is_dropped(text, plain):
    assert without_footnote_marks(text) == plain


@pytest.mark.parametrize("text", ["2^{30}", "2^(n+1)", "10^5", "a_i^2", "2^{n}", "x^{k+1}", "\\daggers"])
def test_an_exponent_is_no_footnote_mark(text):
    assert without_footnote_marks(text) == text


SECTION = (
    "The first line contains a single integer n (1 <= n <= 8). "
    "The second line contains n integers p_1, p_2, ..., p_n (1 <= p_i <= n)."
)
DEFINITION = (
    "A permutation of length n is an array consisting of n distinct integers from 1 to n in arbitrary order. "
    "For example, [2,3,1,5,4] is a permutation, but [1,2,2] is not a permutation."
)


@pytest.mark.parametrize("mark", ["^{\\ast}", "^{∗}", "^+", "^{\\ddagger}", "^\\ddagger", "^(+)"])
def test_a_footnoted_permutation_is_drawn_a_permutation(mark):
    story = f"You are given a permutation{mark} p of length n. Find the answer.\n\n{mark}{DEFINITION}"
    for v in _drawn(SECTION, "3\n2 3 1\n", story):
        assert sorted(v["p"]) == list(range(1, v["n"] + 1))
    _refused(SECTION, "3\n2 2 1\n", story)  # a test that is no permutation breaks it


def test_a_footnote_saying_more_than_a_definition_still_refuses():
    story = (
        "You are given a permutation^{\\ast} p of length n. Find the answer.\n\n"
        "^{\\ast}It is guaranteed that p_1 < p_2."
    )
    _refused(SECTION, "3\n1 3 2\n", story)
