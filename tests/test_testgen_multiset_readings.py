"""Each value of a range a stated number of times, a string's fixed ending (multiset_readings.py),
distinct values said of an enumeration, and the digits of a grid written joined (stdin_digit_cells.py):
drawn so on every input, and an existing input breaking one refuses generation."""

from __future__ import annotations

from collections import Counter

import pytest
from test_testgen_stdin_phrasings import _drawn, _refusal, _spec

from microcoder_data.testgen.promises import stated_clause

_TWICE = [
    "1 <= N <= 100",
    "1 <= A_i <= N",
    "Each integer from 1 through N appears exactly twice in A.",
    "All input values are integers.",
]
_THRICE = ["1 <= N <= 10^5", "1 <= A_j <= N", "i occurs in A exactly three times, for each i=1,2,...,N."]


@pytest.mark.parametrize("constraints, k", [(_TWICE, 2), (_THRICE, 3)])
def test_each_value_of_a_range_k_times_is_drawn_as_a_shuffle_of_the_repeats(constraints, k):
    tests = ["2\n" + " ".join(["1", "2"] * k)]
    spec = _spec(f"N\nA_1 A_2 \\ldots A_{{{k}N}}", constraints, tests)
    drawn = _drawn(spec)
    for args in drawn:
        assert Counter(map(int, args["A"])) == Counter({v: k for v in range(1, int(args["N"]) + 1)})
    assert len({tuple(a["A"]) for a in drawn}) > 5  # shuffled, not one fixed order


def test_an_existing_input_with_a_value_not_repeated_so_is_refused():
    why = _refusal("N\nA_1 A_2 \\ldots A_{2N}", _TWICE, ["2\n1 2 1 2", "2\n1 1 1 2"])
    assert "test 2" in why and "each 2 times" in why


def test_for_each_over_values_not_a_range_is_refused():
    lines = ["1 <= N <= 10", "1 <= A_j <= N", "i occurs in A exactly twice, for each i=1,3,...,N."]
    assert "occurs in A" in _refusal("N\nA_1 A_2 \\ldots A_{2N}", lines, ["1\n1 1"])


def test_a_fixed_ending_promised_in_the_story_is_drawn_and_checked():
    assert stated_clause("S is guaranteed to end with 2023.") == "S ends with 2023"
    lines = [
        "S is a string of length between 4 and 100, inclusive, consisting of lowercase English letters and digits."
    ]
    story = "You are given a string S.\nS is guaranteed to end with 2023.\nChange the last character."
    spec = _spec("S", [*lines, "S ends with 2023."], ["hello2023", "2023"], story=story)
    for args in _drawn(spec):
        assert args["S"].endswith("2023") and 4 <= len(args["S"]) <= 100
    assert "test 2" in _refusal("S", [*lines, "S ends with 2023."], ["2023", "20234"], story=story)


def test_an_enumeration_all_different_is_drawn_distinct_and_checked():
    lines = ["1 <= N <= 10", "1 <= S_i <= 3", "S_1,S_2,\\ldots,S_N are all different."]
    spec = _spec("N\nS_1\n\\vdots\nS_N", lines, ["2\n1\n3"])
    for args in _drawn(spec):
        assert len(set(args["S"])) == len(args["S"])
    assert "test 1" in _refusal("N\nS_1\n\\vdots\nS_N", lines, ["2\n1\n1"])


@pytest.mark.parametrize(
    "line", ["0 \\le A_{i,j} \\le 1(1 \\le i,j \\le N)", "Here, it is guaranteed that A_{i,j} is either 0 or 1."]
)
def test_digits_of_a_grid_written_joined_are_its_rows_characters(line):
    fmt = "N\nA_{1,1}A_{1,2}\\ldots A_{1,N}\n\\vdots\nA_{N,1}A_{N,2}\\ldots A_{N,N}"
    constraints = ["2 <= N <= 20", line] if "guaranteed" not in line else ["2 <= N <= 20"]
    story = line if "guaranteed" in line else "A grid."
    spec = _spec(fmt, constraints, ["2\n01\n10"], story=story)
    for args in _drawn(spec):
        assert all(set(row) <= {"0", "1"} and len(row) == int(args["N"]) for row in args["A"])
    assert "test 1" in _refusal(fmt, constraints, ["2\n01\n12"], story=story)


_COVER = [
    "1 <= M <= N <= 20",
    "1 <= C_i <= M",
    "For each integer 1 <= i <= M, there is an integer 1 <= j <= N such that C_j = i.",
]


def test_every_value_of_a_range_present_is_put_in_place_and_checked():
    spec = _spec("N M\nC_1 C_2 \\ldots C_N", _COVER, ["3 2\n1 2 1"])
    drawn = _drawn(spec)
    for args in drawn:
        assert set(map(int, args["C"])) == set(range(1, int(args["M"]) + 1))
    assert any(int(a["M"]) >= 3 for a in drawn)
    assert "test 2" in _refusal("N M\nC_1 C_2 \\ldots C_N", _COVER, ["3 2\n1 2 1", "3 2\n1 1 1"])


def test_what_the_constraints_guarantee_holds_by_them_and_a_plain_guarantee_not_read_refuses():
    """ "The constraints guarantee that ..." is their consequence: every Constraints line is enforced (here the
    covering line), so drawn inputs hold it; the same sentence as a plain guarantee no reading reads refuses."""
    fmt = "N M\nC_1 C_2 \\ldots C_N"
    story = "Each character is painted in a color. The constraints guarantee that every color is used by a character."
    for args in _drawn(_spec(fmt, _COVER, ["3 2\n1 2 1"], story=story)):
        assert set(map(int, args["C"])) == set(range(1, int(args["M"]) + 1))
    story = "Each character is painted in a color. It is guaranteed that every color is used by a character."
    assert "promise" in _refusal(fmt, _COVER, ["3 2\n1 2 1"], story=story)


def test_a_sorted_chain_whose_first_element_is_fixed():
    lines = ["1 <= N <= 10^3", "0 = A_1 < A_2 < \\ldots < A_N \\le 10^{18}"]
    spec = _spec("N\nA_1 A_2 \\ldots A_N", lines, ["2\n0 5"])
    for args in _drawn(spec):
        values = list(map(int, args["A"]))
        assert values[0] == 0 and all(a < b for a, b in zip(values, values[1:])) and values[-1] <= 10**18
    assert "test 2" in _refusal("N\nA_1 A_2 \\ldots A_N", lines, ["2\n0 5", "2\n1 5"])


_ODD = [
    "S is a string of length between 3 and 100, inclusive, consisting of two different lowercase English letters.",
    "All characters but one of S are the same.",
]


def test_all_characters_but_one_the_same_is_drawn_so_and_checked():
    spec = _spec("S", _ODD, ["yay"])
    drawn = _drawn(spec)
    for args in drawn:
        counts = sorted(Counter(args["S"]).values())
        assert counts == [1, len(args["S"]) - 1] and args["S"].islower()
    assert len({a["S"] for a in drawn}) > 5
    assert "test 2" in _refusal("S", _ODD, ["yay", "abc"])
    assert "test 2" in _refusal("S", _ODD[:1], ["yay", "abc"])  # two different letters: a check of its own
