"""AtCoder constraint lines a rewrite used to garble (microcoder_data/testgen/stdin_translate.py,
conditions.py, stdin_queries.py): each now read and enforced on every drawn input, or refused
naming the line as written by the reader, never read as something else."""

from __future__ import annotations

from test_testgen_stdin_phrasings import _drawn, _refusal, _spec

from microcoder_data.testgen.stdin_translate import translate


def test_a_string_of_length_at_least_a_and_at_most_b_is_its_length_range_and_its_characters():
    line = "S is a string of length at least 1 and at most 1000, consisting of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9."
    assert translate(line, {"S"}) == [
        "1 <= S.length <= 1000",
        "S consists of '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'",
    ]
    spec = _spec("S", [line, "The first character of S is not 0."], ["123", "9"])
    for args in _drawn(spec):
        assert 1 <= len(args["S"]) <= 1000 and args["S"].isdigit() and args["S"][0] != "0"


def test_the_first_character_is_not_a_bare_character_is_a_check_an_existing_test_can_break():
    assert translate("The first character of S is not 0", {"S"}) == ["The first character of S is not '0'"]
    line = "S is a string of length between 1 and 5, consisting of 0 and 1."
    assert "test 2" in _refusal("S", [line, "The first character of S is not 0."], ["10", "01"])


def test_a_length_from_a_to_an_expression_inclusive_of_several_subjects():
    line = "S_i and T are strings of length 1 to 5 \\times 10^5, inclusive, consisting of lowercase English letters."
    assert translate(line, {"S", "T", "N"}) == [
        "1 <= S[i].length <= 5 * 10^5",
        "S[i] consists of lowercase English letters",
        "1 <= T.length <= 5 * 10^5",
        "T consists of lowercase English letters",
    ]


def test_a_length_phrasing_not_read_is_never_read_as_the_string_s_characters():
    line = "S is a string of length roughly N consisting of a and b"
    assert translate(line, {"S", "N"}) == [line]  # not "S consists of length roughly 'N' ..."
    assert "roughly" in _refusal("N\nS", ["1 <= N <= 5", line], ["2\nab"])


def test_a_relation_between_fields_of_different_query_types_is_refused_naming_the_line():
    why = _refusal(
        "N Q\nquery_1\nquery_2\n\\vdots\nquery_Q\n\nHere, query_i is the i-th query and is given in one of the"
        " following formats:\n\n1 u v\n\n2 v k",
        [
            "1 <= N, Q <= 10",
            "In a Type 1 query, 1 <= u < v <= N.",
            "In a Type 2 query, 1 <= v <= N, 1 <= k <= 10.",
            "u <= k",
        ],
        ["3 2\n1 1 2\n2 1 3"],
    )  # u and k are fields of different queries (u < v of one type-1 query is read: test_testgen_relations2.py)
    assert "pairs fields of different queries" in why and "u[i] <= k[i]" in why


def test_one_bound_of_fields_of_different_query_types_relates_none_of_them():
    fmt = (
        "Q\nquery_1\nquery_2\n\\vdots\nquery_Q\n\nHere, query_i is the i-th query and is given in one of the"
        " following formats:\n\n1 T\n\n2 H"
    )
    spec = _spec(fmt, ["1 <= Q <= 10", "1 <= T, H <= 10^9"], ["2\n1 5\n2 7"])
    assert spec.spec.nodes["T"].elem.hi == spec.spec.nodes["H"].elem.hi == "10**9"


def test_a_bound_of_an_upper_triangle_s_cells_for_i_below_j_holds_for_each_cell_given():
    fmt = "N\nA_{1,2} A_{1,3} \\ldots A_{1,N}\nA_{2,3} \\ldots A_{2,N}\n\\vdots\nA_{N-1,N}"
    lines = ["2 <= N <= 6", "1 \\le A_{i,j} \\le 10 ^ 6\\ (1 \\le i\\lt j \\le N)"]
    spec = _spec(fmt, lines, ["3\n1 2\n3"])
    for args in _drawn(spec):
        assert all(1 <= int(x) <= 10**6 for row in args["A"] for x in row)
    assert "test 1" in _refusal(fmt, lines, ["3\n1 0\n3"])


def test_a_sum_below_a_bound_of_its_own_terms_is_a_check_not_a_circular_bound():
    lines = ["1 <= N <= 99", "N is an odd number.", "0 <= T, A <= N", "T + A <= N", "All input values are integers."]
    spec = _spec("N T A", lines, ["7 4 2"])
    drawn = _drawn(spec)
    assert all(int(a["T"]) + int(a["A"]) <= int(a["N"]) and int(a["N"]) % 2 for a in drawn)
    assert "test 2" in _refusal("N T A", lines, ["7 4 2", "5 3 3"])


def test_lower_bounds_and_a_total_bound_each_term_and_the_total_stays_a_check():
    fmt, lines = "N M L\nA_1 \\ldots A_N\nB_1 \\ldots B_M\nC_1 \\ldots C_L", ["1 <= N, M, L", "N + M + L <= 12"]
    lines += ["1 <= A_i, B_i, C_i <= 10^9"]
    spec = _spec(fmt, lines, ["1 2 1\n5\n1 2\n3"])
    assert spec.spec.nodes["N"].hi == "10"
    assert all(3 <= int(a["N"]) + int(a["M"]) + int(a["L"]) <= 12 for a in _drawn(spec))
    assert "test 1" in _refusal(fmt, lines, ["5 5 5\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1"])
    assert "no range" in _refusal(fmt, ["1 <= N, M", "N + M + L <= 12", *lines[2:]], ["1 2 1\n5\n1 2\n3"])


def test_a_latex_sum_of_a_list_bounds_each_element_with_only_a_lower_bound_and_draws_under_it():
    assert translate("\\displaystyle\\sum_{i = 1}^N B_i \\leq 1500", {"N", "B"}) == ["sum(B[1..N]) <= 1500"]
    assert "sum(B)" not in translate("\\sum_{i=1}^{N} B_i <= 1500", {"N"})[0]  # B not a name: not a list's total
    fmt, lines = "N\nB_1 B_2 \\ldots B_N", ["1 <= N <= 100", "1 <= B_i", "\\displaystyle\\sum_{i = 1}^N B_i \\leq 50"]
    spec = _spec(fmt, lines, ["3\n1 2 3"])
    assert spec.spec.nodes["B"].elem.hi == "50" and spec.spec.nodes["B"].total == ("<=", "50")
    drawn = _drawn(spec)
    assert drawn and all(sum(int(x) for x in a["B"]) <= 50 and min(int(x) for x in a["B"]) >= 1 for a in drawn)
    assert any(len(a["B"]) > 10 for a in drawn)  # long lists drawn under the total, not only short ones
    assert "test 2" in _refusal(fmt, lines, ["3\n1 2 3", "2\n40 11"])
    # a lower bound below 0 leaves an element unbounded by the total: no range, refused
    assert "no range" in _refusal(fmt, ["1 <= N <= 100", "-5 <= B_i", lines[2]], ["3\n1 2 3"])


def test_a_latex_sum_of_fewer_terms_than_the_list_has_is_not_read_as_its_total():
    # \\sum_{i=1}^K A_i of A_1 ... A_N: a prefix's sum; the whole list's would let draws break it
    fmt, lines = "N K\nA_1 A_2 \\ldots A_N", ["1 \\leq K \\leq N \\leq 10", "-10 \\leq A_i \\leq 10"]
    why = _refusal(fmt, [*lines, "\\sum_{i=1}^K A_i \\leq 0"], ["3 2\n-1 -1 5"])
    assert "sum(A[1..K])" in why
    spec = _spec(fmt, [*lines, "\\sum_{i=1}^N A_i \\leq 0"], ["3 2\n-1 -1 1"])  # N terms: the whole list
    assert all(sum(int(x) for x in a["A"]) <= 0 for a in _drawn(spec))
