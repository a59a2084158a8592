"""AtCoder's own sentences, written across the years, read as the constraints they state (stdin_translate.py,
stdin_format.py, conditions.ALL_INTEGERS): the drawn inputs keep them, and a form that could mean two things stays
unread."""

from __future__ import annotations

import pytest

from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from test_testgen_stdin_relations import _drawn, _problem

NA = "N\nA_1 A_2 \\ldots A_N"


def _spec(fmt: str, constraints: list[str], inputs: list[str]) -> StdinSpec:
    spec = stdin_spec(_problem(fmt, constraints, inputs))
    assert isinstance(spec, StdinSpec), spec.reason
    return spec


@pytest.mark.parametrize(
    "sentence",
    [
        "All values in input are integers.",  # AtCoder's sentence of 2016-2022
        "All values given in the input are integers.",
        "Every value in the input is an integer.",
        "Input values are integers.",
    ],
)
def test_the_integer_sentences_of_every_year_are_read(sentence):
    spec = _spec(NA, ["1 \\le N \\le 10", "1 \\le A_i \\le 100", sentence], ["3\n1 2 3\n"])
    assert all(1 <= int(a) <= 100 for x in _drawn(spec) for a in x["A"])


def test_absolute_values_of_numbers_with_no_negative_sample_are_ranges_around_zero():
    spec = _spec("X Y", ["|X|, |Y| \\le 10^9", "All input values are integers."], ["1 2\n"])
    drawn = _drawn(spec, 60)
    assert all(-(10**9) <= int(x[n]) <= 10**9 for x in drawn for n in "XY")
    assert any(int(x["X"]) < 0 for x in drawn)  # a number, not a length
    pairs = _spec(
        "N\nX_1 Y_1\n\\vdots\nX_N Y_N",
        ["1 \\le N \\le 10", "|X_i|, |Y_i| \\le 10^9", "All input values are integers."],
        ["2\n1 2\n3 4\n"],
    )
    assert any(int(v) < 0 for x in _drawn(pairs, 60) for v in x["X"] + x["Y"])


def test_a_length_with_a_lower_bound_stays_a_strings_even_of_digits():
    spec = _spec("S\nT", ["1 \\le |S|, |T| \\le 5", "S and T are strings consisting of 0 and 1."], ["01\n1\n"])
    for x in _drawn(spec):
        assert 1 <= len(x["S"]) <= 5 and 1 <= len(x["T"]) <= 5 and set(x["S"] + x["T"]) <= {"0", "1"}


@pytest.mark.parametrize(
    "line",
    [
        "(A_1, A_2, \\ldots, A_N) is a permutation of (1, 2, \\ldots, N).",
        "A=(A_1,A_2,\\ldots,A_N) is a permutation of (1,2,\\ldots,N).",
        "A_1, A_2, \\ldots, A_N is a permutation of 1, 2, \\ldots, N.",
    ],
)
def test_a_permutation_said_of_the_enumerated_elements(line):
    spec = _spec(NA, ["1 \\le N \\le 10", line, "All input values are integers."], ["3\n2 1 3\n"])
    for x in _drawn(spec):
        assert sorted(int(a) for a in x["A"]) == list(range(1, int(x["N"]) + 1))


def test_a_permutation_named_after_another_list_stays_unread():
    p = _problem(
        NA, ["1 \\le N \\le 10", "B=(A_1,A_2,\\ldots,A_N) is a permutation of (1,2,\\ldots,N)."], ["3\n2 1 3\n"]
    )
    assert not isinstance(stdin_spec(p), StdinSpec)


def test_the_older_comparison_signs_and_inclusive_in_parentheses():
    spec = _spec(NA, ["2≦N≦10", "1≦A_i≦100", "All values in input are integers."], ["3\n1 2 3\n"])
    drawn = _drawn(spec)
    assert all(2 <= int(x["N"]) <= 10 and all(1 <= int(a) <= 100 for a in x["A"]) for x in drawn)
    spec = _spec(
        NA,
        ["N is an integer between 1 and 10 (inclusive).", "A_i is an integer between 1 and 100 (inclusive)."],
        ["3\n1 2 3\n"],
    )
    assert all(1 <= int(x["N"]) <= 10 and all(1 <= int(a) <= 100 for a in x["A"]) for x in _drawn(spec))


def test_characters_in_code_marks_are_those_characters():
    spec = _spec("S", ["1 \\le |S| \\le 9", "S consists of `a`, `b` and `c`."], ["abc\n"])
    assert all(set(x["S"]) <= set("abc") for x in _drawn(spec))
    spec = _spec(
        "H W\nS_1\n\\vdots\nS_H",
        ["1 \\le H, W \\le 9", "S_i is a string of length W consisting of `.` and `#`."],
        ["2 2\n.#\n#.\n"],
    )
    assert all(set("".join(x["S"])) <= set(".#") for x in _drawn(spec))


# the review's holes (each drew inputs a line forbids, or was refused for want of the normaliser, before its fix)
@pytest.mark.parametrize(
    "fmt, constraints, sample",
    [
        # two permutations in one sentence: the first's span once ran to the end of the line
        (
            "N M\nA_1 \\ldots A_N\nB_1 \\ldots B_M",
            [
                "1 \\le N, M \\le 5",
                "(A_1, \\ldots, A_N) is a permutation of (1, \\ldots, N), and (B_1, \\ldots, B_M) is a permutation of "
                "(1, \\ldots, M).",
                "1 \\le B_i \\le 100",
            ],
            "2 2\n1 2\n2 1\n",
        ),
        # 1 <= |X| of numbers written in digits: a length or an absolute value?
        ("X Y", ["1 \\le |X|, |Y| \\le 10", "All values in input are integers."], "1 3\n"),
        # a code mark of two characters is no character
        ("S", ["1 \\le |S| \\le 8", "S consists of `ab` and `c`."], "abc\n"),
        # a permutation of numbers that step by two
        (
            "N\nA_1 \\ldots A_N",
            ["1 \\le N \\le 5", "(A_1, \\ldots, A_N) is a permutation of (2, 4, \\ldots, 2N)."],
            "1\n2\n",
        ),
    ],
)
def test_what_could_mean_two_things_stays_unread(fmt, constraints, sample):
    assert not isinstance(stdin_spec(_problem(fmt, constraints, [sample])), StdinSpec)


def test_the_older_signs_before_an_index_range_and_in_latex():
    spec = _spec(NA, ["1≦N≦5", "1≦A_i≦9 (1≦i≦N)", "All values in input are integers."], ["1\n2\n"])
    assert all(1 <= int(a) <= 9 for x in _drawn(spec) for a in x["A"])
    spec = _spec(NA, ["1 \\leqq N \\leqq 5", "1 \\leqq A_i \\leqq 9", "All values in input are integers."], ["1\n2\n"])
    assert all(1 <= int(x["N"]) <= 5 for x in _drawn(spec))
    spec = _spec("S", ["1≦|S|≦10", "S consists of digits."], ["123\n"])
    assert all(1 <= len(x["S"]) <= 10 and x["S"].isdigit() for x in _drawn(spec))
