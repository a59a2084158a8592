"""Lists compared as tuples (pair_readings.py), an inequality after a chain on one line, and pairs said to
differ in words (stdin_translate.py): checked on every drawn input; an existing input breaking one refuses."""

from __future__ import annotations

from test_testgen_stdin_phrasings import _drawn, _refusal, _spec

from microcoder_data.testgen.promises import stated_clause
from microcoder_data.testgen.spec_expr import differ_everywhere, disjoint
from microcoder_data.testgen.stdin_translate import translate

_ROWS = "N\nA_1 B_1 C_1 D_1\n\\vdots\nA_N B_N C_N D_N"
_SAME = ["1 \\le N \\le 6", "-1 \\le A_i,B_i,C_i,D_i \\le 1", "(A_i,B_i) \\neq (C_i,D_i) ( 1 \\le i \\le N )"]


def test_the_check_functions():
    assert differ_everywhere([1, 2], [1, 3], [1, 2], [2, 4]) and not differ_everywhere([1], [1], [1], [1])
    assert not differ_everywhere([1, 2], [1, 2], [1], [2])  # lists of different lengths: never read so
    assert disjoint([1, 2], [3]) and not disjoint([1, 2], [2])
    assert disjoint([1], [2], [2], [1]) and not disjoint([1, 5], [2, 6], [5, 7], [6, 8])


def test_pairs_differing_at_each_position_are_checked_on_drawn_and_existing_inputs():
    spec = _spec(_ROWS, _SAME, ["1\n0 0 0 1"])
    for args in _drawn(spec):
        assert all((a, b) != (c, d) for a, b, c, d in zip(args["A"], args["B"], args["C"], args["D"]))
    assert "test 2" in _refusal(_ROWS, _SAME, ["1\n0 0 0 1", "2\n0 0 0 1\n1 1 1 1"])


def test_two_lists_sharing_no_value_promised_in_the_story():
    sentence = "It is guaranteed that A_i \\neq B_j (1 \\leq i,j \\leq K)."
    assert stated_clause(sentence) == "A_i \\neq B_j (1 \\leq i,j \\leq K)"  # its own parenthesis kept
    fmt, lines = "N K\nA_1 A_2 \\ldots A_K\nB_1 B_2 \\ldots B_K", ["2 <= N <= 30", "1 <= K <= 2", "1 <= A_i,B_i <= N"]
    spec = _spec(fmt, lines, ["3 1\n1\n2"], story=f"Two sequences. {sentence}")
    for args in _drawn(spec):
        assert not set(args["A"]) & set(args["B"])
    assert "test 1" in _refusal(fmt, lines, ["3 2\n1 2\n3 2"], story=f"Two sequences. {sentence}")


def test_a_chain_then_an_inequality_on_one_line_and_pairs_differing_in_words():
    names, ints = {"A", "B", "C", "N", "M"}, {"A": True, "B": True}
    assert translate("1 \\le A_i, B_i \\le N, A_i \\neq B_i", names, ints) == ["1 <= A[i], B[i] <= N", "A[i] != B[i]"]
    fmt = "N M\nA_1 B_1 C_1\n\\vdots\nA_M B_M C_M"
    lines = ["2 <= N <= 4", "0 <= M <= 12", "1 \\le A_i, B_i \\le N, A_i \\neq B_i"]
    lines += ["A_i \\neq A_j or B_i \\neq B_j for i \\neq j.", "C_i = 0 or 1."]
    spec = _spec(fmt, lines, ["3 2\n1 2 0\n2 1 1"])
    for args in _drawn(spec):
        pairs = list(zip(args["A"], args["B"]))
        assert len(set(pairs)) == len(pairs) and all(a != b for a, b in pairs)
    assert "test 1" in _refusal(fmt, lines, ["3 2\n1 2 0\n1 2 1"])
    assert "test 1" in _refusal(fmt, lines, ["3 1\n2 2 0"])
