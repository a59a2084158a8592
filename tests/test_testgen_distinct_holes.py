"""Two readings that dropped what a statement said (found while reading Codeforces glosses): "all numbers in matrix
a are distinct" was read as the matrix's *rows* distinct (the kind word before the name hid the matrix, and a
fallback guessed), and a condition in brackets beside a string's characters was cut with the brackets. Now every
cell differs (drawn so, ``cells_distinct`` checked) and the bracket refuses."""

from __future__ import annotations

import pytest

from test_testgen_prose_cfprosefix import _drawn, _refused  # one Codeforces-prose builder

MATRIX = (
    "The first line contains two integers n and m (1 <= n, m <= 3). The i-th of the next n lines contains m integers "
    "a_{i,1}, a_{i,2}, ..., a_{i,m} (1 <= a_{i,j} <= 12). "
)


@pytest.mark.parametrize(
    "sentence",
    [
        "It is guaranteed that all numbers in matrix a are distinct.",
        "It is guaranteed that all numbers in grid a are distinct.",
        "It is guaranteed that all numbers in a are distinct.",
        "It is guaranteed that all elements of the matrix are distinct.",
    ],
)
def test_all_numbers_of_a_matrix_distinct_means_every_cell(sentence):
    drawn = _drawn(MATRIX + sentence, "2 2\n1 2\n3 4\n")
    assert any(v["n"] > 1 for v in drawn)
    for v in drawn:
        cells = [x for row in v["a"] for x in row]
        assert len(set(cells)) == len(cells), v
    _refused(MATRIX + sentence, "2 2\n1 2\n2 3\n")  # a repeat across rows breaks it


def test_the_rows_of_a_matrix_distinct_is_not_guessed():
    _refused(MATRIX + "It is guaranteed that all rows of a are distinct.", "2 2\n1 2\n3 4\n")


STRING = "The first line contains n (1 <= n <= 5). The second line contains a string s of length n consisting of {}."


@pytest.mark.parametrize(
    "letters",
    [
        "characters a, b and c (s_i != s_j for i != j)",
        "lowercase Latin letters (all distinct)",
        "characters a and b (at most two of them are a)",
    ],
)
def test_a_condition_beside_a_strings_characters_refuses(letters):
    _refused(STRING.format(letters), "3\nabc\n")


def test_a_plain_bracket_beside_a_strings_characters_still_reads():
    for v in _drawn(STRING.format("lowercase Latin letters (from a to z)"), "3\nabc\n"):
        assert len(v["s"]) == v["n"] and v["s"].isalpha() and v["s"].islower()
