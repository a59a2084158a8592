"""Prose Input sections read by one grammar for what a line holds (testgen/prose_items.py) and
other wordings of their sentences (testgen/prose_sentences.py): each phrasing read as stated,
drawn inputs keep every bound, an input breaking one is refused, and what is not stated refuses."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.prose_items import ranges, read_grid, read_list, read_string
from microcoder_data.testgen.prose_sentences import rephrase, split_bullets, sum_sentences
from microcoder_data.testgen.spec_model import NoSpec, _Unsupported
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase


@pytest.mark.parametrize(
    "what, name, count, lines, perm",
    [
        ("n integers a_1, a_2, ... a_n (1 <= a_i <= 10^9)", "a", "n", ["1 <= a_i <= 10^9"], False),
        ("n numbers a_1, ..., a_n", "a", "n", [], False),
        ("an array b_1, b_2, ..., b_n (0 <= b_i < 998244353)", "b", "n", ["0 <= b_i < 998244353"], False),
        ("a_1, a_2, ..., a_n (1 <= a_i <= 10^9)", "a", "n", ["1 <= a_i <= 10^9"], False),
        ("n distinct integers a_1,a_2,a_3,...,a_n", "a", "n", ["all values of a are distinct"], False),
        ("n different integers a_1, a_2, ..., a_n", "a", "n", ["all values of a are distinct"], False),
        ("n - 1 integers b_1, ..., b_{n-1} (0 <= b_i < 2^30)", "b", "n-1", ["0 <= b_i < 2^30"], False),
        ("2n integers a_1, ..., a_{2n}", "a", "2*n", [], False),
        ("a permutation p_1, ..., p_n of [1, 2, ..., n]", "p", "n", ["1 <= p_i <= n"], True),
        (
            "an array a of length n (1 <= a_1 <= a_2 <= ... <= a_n <= 10^9)",
            "a",
            "n",
            ["a is sorted in non-decreasing order", "1 <= a_i <= 10^9"],
            False,
        ),
        ("three integers x_1, x_2, and x_3 (1 <= x_i <= 10)", "x", "3", ["1 <= x_i <= 10"], False),
        ("n integers: the array p_1, p_2, ..., p_n (1 <= p_i <= n)", "p", "n", ["1 <= p_i <= n"], False),
    ],
)
def test_a_line_holding_a_list_reads_its_name_length_and_bounds(what, name, count, lines, perm):
    line, constraints, is_perm = read_list(what, {"n"}, what)
    assert (line.names, line.count, constraints, is_perm) == ([name], count, lines, perm)


def test_a_list_whose_count_and_last_subscript_differ_or_name_no_earlier_value_is_refused():
    for what in ("n integers a_1, a_2, ..., a_m", "m integers a_1, ..., a_m"):
        with pytest.raises(_Unsupported, match="length of a list"):
            read_list(what, {"n"}, what)
    assert read_list("two integers n and k", {"n"}, "") is None  # named integers, not a list


@pytest.mark.parametrize(
    "what, name, count, lines",
    [
        ("a single string s of size n (s_i in {L, R, U, D})", "s", "n", ["s consists of L, R, U and D"]),
        ("a string s of n characters 'L' and 'R'", "s", "n", ["s consists of characters 'L' and 'R'"]),
        ("a binary sequence s of length n", "s", "n", ["s consists of 0 and 1"]),
        ("a string consisting of 0 and 1", "s", None, ["s consists of 0 and 1"]),
        ("a string of length k, consisting of zeros and ones", "s", "k", ["s consists of 0 and 1"]),
        ("a string c of length n (c_i=R or B)", "c", "n", ["c consists of R and B"]),
        (
            "a string s of length at most 10 consisting of lowercase English letters",
            "s",
            None,
            ["1 <= |s| <= 10", "s consists of lowercase English letters"],
        ),
        (
            "a single string s (1 <= |s| <= 500) consisting of characters 0 and 1, where |s| denotes the length of the string s",
            "s",
            None,
            ["1 <= |s| <= 500", "s consists of characters 0 and 1"],
        ),
        (
            "a string s of 4n characters (s_i in {A, B, C, D, ?})",
            "s",
            "4*n",
            ["s consists of A, B, C, D and ?"],
        ),
    ],
)
def test_a_line_holding_a_string_reads_its_length_and_characters(what, name, count, lines):
    line, constraints = read_string(what, {"n", "k"}, {"n", "k"}, what)
    assert (line.names, line.count, line.string, constraints) == ([name], count, True, lines)


@pytest.mark.parametrize("what", ["the string s of length n", "a string of n characters"])
def test_a_string_whose_characters_are_not_stated_is_refused(what):
    with pytest.raises(_Unsupported, match="characters of a string not stated"):
        read_string(what, {"n"}, {"n"}, what)


def test_bounds_split_at_commas_and_semicolons_outside_parentheses():
    assert ranges("2 <= n <= 2 * 10^5; 2 <= k <= min(n, 10)") == ["2 <= n <= 2 * 10^5", "2 <= k <= min(n, 10)"]
    assert ranges("2 <= n <= m <= 2 * 10^7, 1 <= l,f <= 10^9") == ["2 <= n <= m <= 2 * 10^7", "1 <= l, f <= 10^9"]
    assert ranges("1 <= n, w, h <= 10^6, 1 <= k <= n") == ["1 <= n, w, h <= 10^6", "1 <= k <= n"]
    assert ranges("1 <= n <= 1000,2 <= k <= 1000") == ["1 <= n <= 1000", "2 <= k <= 1000"]
    assert ranges("4 <= n <= 10^5, n is even") == ["4 <= n <= 10^5", "n is even"]  # read on, or refused there


@pytest.mark.parametrize(
    "sentence, said",
    [
        (
            "In the first line of the input, you are given a single integer t (1 <= t <= 10^5)",
            "The first line contains a single integer t (1 <= t <= 10^5)",
        ),
        (
            "There are two integers on the first line — the numbers n and q (1 <= n <= 5, 1 <= q <= 5)",
            "The first line contains two integers n and q (1 <= n <= 5, 1 <= q <= 5)",
        ),
        (
            "The first line of each test case gives you 2 integers n and x (1 <= n <= 10^5, 2 <= x <= 10^5)",
            "The first line of each test case contains two integers n and x (1 <= n <= 10^5, 2 <= x <= 10^5)",
        ),
        (
            "Each test case begins with two integers n, c (1 <= n, c <= 9)",
            "The first line of each test case contains two integers n, c (1 <= n, c <= 9)",
        ),
        (
            "The following n lines contain two integers l_i and r_i (1 <= l_i <= r_i <= n)",
            "Each of the next n lines contains two integers l_i and r_i (1 <= l_i <= r_i <= n)",
        ),
        (
            "Then follow k lines, each containing two numbers r_i and c_i (1 <= r_i <= n, 1 <= c_i <= m)",
            "Each of the next k lines contains two numbers r_i and c_i (1 <= r_i <= n, 1 <= c_i <= m)",
        ),
        ("The second line contains n - 1 integers b_1", "The second line contains n - 1 integers b_1"),
        (
            "In the first line of each test case, you're given two integers n, m (1 <= n, m <= 10^3)",
            "The first line of each test case contains two integers n, m (1 <= n, m <= 10^3)",
        ),
        (
            "The second line of the description lists n integers a_i (1 <= a_i <= 9)",
            "The second line of each test case contains n integers a_i (1 <= a_i <= 9)",
        ),
        ("One line containing the string s (1 <= |s| <= 8)", "The only line contains the string s (1 <= |s| <= 8)"),
        (
            "Then m lines follow, the i-th line contains two integers u_i and v_i (1 <= u_i,v_i <= n)",
            "Each of the next m lines contains two integers u_i and v_i (1 <= u_i,v_i <= n)",
        ),
        (
            "The next n lines, each containing m integers a_{i,1}, ..., a_{i,m} (0 <= a_{i,j} < 8)",
            "Each of the next n lines contains m integers a_{i,1}, ..., a_{i,m} (0 <= a_{i,j} < 8)",
        ),
        (
            "On the second line, there are n integers — the numbers a_1, a_2, ..., a_n (1 <= a_i <= 10^8)",
            "The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 10^8)",
        ),
        (
            "In the last line, you are given n integers b_1, ..., b_n (1 <= b_i <= 9) — the array b",
            "The last line contains n integers b_1, ..., b_n (1 <= b_i <= 9) — the array b",
        ),
        (
            "The following q lines contain two integers l and r — the endpoints for each query (1 <= l <= r <= n)",
            "Each of the next q lines contains two integers l and r — the endpoints for each query (1 <= l <= r <= n)",
        ),
        (
            "Then q lines follow, the j-th of them contains two integers v_j and k_j (1 <= v_j <= n; 0 <= k_j <= 9)",
            "Then q lines follow, the i-th of them contains two integers v_i and k_i (1 <= v_i <= n; 0 <= k_i <= 9)",
        ),
        (  # an i subscript of its own: the letter left as written
            "Then q lines follow, the j-th of them contains n integers a_{i,j} (1 <= a_{i,j} <= 9)",
            "Then q lines follow, the j-th of them contains n integers a_{i,j} (1 <= a_{i,j} <= 9)",
        ),
        (
            "Next comes a line that contains an integer n (1 <= n <= 9)",
            "The next line contains an integer n (1 <= n <= 9)",
        ),
        (
            "Then follows n lines, i-th of which contains three integers a_i, b_i and m_i (0 <= a_i <= 9)",
            "Each of the next n lines contains three integers a_i, b_i and m_i (0 <= a_i <= 9)",
        ),
    ],
)
def test_other_wordings_of_a_line_are_rephrased_into_the_form_read(sentence, said):
    assert rephrase(sentence) == said


def test_totals_said_together_are_one_total_each_and_a_same_guarantee_repeats_the_bound():
    assert sum_sentences(
        "It is guaranteed that neither the sum of n nor the sum of m over all test cases exceeds 2 * 10^6", None
    ) == [
        "the sum of n over all test cases does not exceed 2 * 10^6",
        "the sum of m over all test cases does not exceed 2 * 10^6",
    ]
    assert sum_sentences(
        "It is guaranteed that the sum of n does not exceed 100 and the sum of k over all test cases does not exceed 500",
        None,
    ) == [
        "the sum of n over all test cases does not exceed 100",
        "the sum of k over all test cases does not exceed 500",
    ]
    assert sum_sentences("The same guarantee applies to the sum of q across all test cases", "2 * 10^5") == [
        "the sum of q over all test cases does not exceed 2 * 10^5"
    ]
    assert sum_sentences(
        "It's guaranteed that the sum of n and the sum of q over all test cases do not exceed 10^6", None
    ) == [
        "the sum of n over all test cases does not exceed 10^6",
        "the sum of q over all test cases does not exceed 10^6",
    ]
    assert sum_sentences("The sum of all n values over all test cases does not exceed 2 * 10^5", None) == [
        "the sum of n over all test cases does not exceed 2 * 10^5"
    ]
    assert sum_sentences("The same guarantee applies to the sum of q across all test cases", None) is None
    assert split_bullets(["* the first line contains n; * the second line contains m"]) == [
        "The first line contains n",
        "The second line contains m",
    ]


STATEMENT = """Sort some things.

### Input

In the first line of the input, you are given a single integer t (1 <= t <= 50) — the number of test cases.

The first line of each test case contains two integers n and k (2 <= n <= 30; 1 <= k <= min(n, 4)).

The second line of each test case contains n - 1 integers b_1, b_2, ... b_(n - 1) (0 <= b_i < 7).

The third line of each test case contains an array a of length n (1 <= a_1 <= a_2 <= ... <= a_n <= 9).

The fourth line of each test case contains a single string s of size n (s_i in \\{L, R\\}).

It is guaranteed that neither the sum of n nor the sum of k over all test cases exceeds 40.

### Output

Print something.
"""
TESTS = [TestCase("2\n3 2\n1 0\n1 1 5\nLRL\n2 1\n6\n3 4\nRR\n", "x\n")]


def _problem(statement: str = STATEMENT, tests: list[TestCase] = TESTS) -> Problem:
    return Problem(
        id="cf/sorted", source="cf", title="t", statement=statement, mode="stdin", tests=tests, reference_solutions=[]
    )


def test_a_statement_in_these_wordings_is_read_and_every_drawn_input_keeps_every_bound():
    s = stdin_spec(_problem())
    assert isinstance(s, StdinSpec), s.reason
    drawn = [s.render(json.loads(x)) for x in generate_inputs(s.spec, "cf/sorted", 30)]
    assert len(drawn) == 30
    for text in drawn:
        cases = parse(s.rows, text)["cases"]
        assert 1 <= len(cases) <= 50
        assert sum(int(c[0]) for c in cases) <= 40 and sum(int(c[1]) for c in cases) <= 40
        for n, k, b, a, word in cases:
            n, k, b, a = int(n), int(k), [int(x) for x in b], [int(x) for x in a]
            assert 2 <= n <= 30 and 1 <= k <= min(n, 4)
            assert len(b) == n - 1 and all(0 <= x < 7 for x in b)
            assert len(a) == n and a == sorted(a) and all(1 <= x <= 9 for x in a)
            assert len(word) == n and set(word) <= {"L", "R"}


@pytest.mark.parametrize(
    "test, why",
    [
        ("1\n3 2\n1 0\n1 5 1\nLRL\n", "an existing test breaks"),  # a not sorted
        ("1\n3 2\n1 9\n1 1 5\nLRL\n", "an existing test breaks"),  # b_i >= 7
        ("1\n3 2\n1 0\n1 1 5\nLUL\n", "an existing test breaks"),  # U not in {L, R}
        ("1\n3 4\n1 0\n1 1 5\nLRL\n", "an existing test breaks"),  # k > min(n, 4)
        (
            "2\n30 1\n"
            + "0 " * 29
            + "\n"
            + "1 " * 30
            + "\n"
            + "L" * 30
            + "\n30 1\n"
            + "0 " * 29
            + "\n"
            + "1 " * 30
            + "\n"
            + "L" * 30
            + "\n",
            "an existing test breaks",
        ),
    ],
)
def test_an_existing_input_breaking_a_bound_read_from_these_wordings_refuses_generation(test, why):
    s = stdin_spec(_problem(tests=[TestCase(test, "x\n")]))
    assert isinstance(s, NoSpec) and why in s.reason, s


def test_a_permutation_of_one_to_n_is_drawn_a_permutation_and_unstated_characters_refuse():
    statement = STATEMENT.replace(
        "an array a of length n (1 <= a_1 <= a_2 <= ... <= a_n <= 9)",
        "a permutation a_1, a_2, ..., a_n of [1, 2, ..., n]",
    )
    s = stdin_spec(_problem(statement, [TestCase("1\n3 2\n1 0\n3 1 2\nLRL\n", "x\n")]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/perm", 20):
        for n, _k, _b, a, _s in json.loads(x)["cases"]:
            assert sorted(a) == list(range(1, n + 1))
    refused = stdin_spec(_problem(STATEMENT.replace(" (s_i in \\{L, R\\})", "")))
    assert isinstance(refused, NoSpec) and "characters of a string not stated" in refused.reason


GRID = """Paint a grid. For an index j <= n, the j-th row is painted.

### Input

The first line contains a single integer t (1 <= t <= 10) — the number of test cases.

The first line of each test case contains two integers n and m (1 <= n, m <= 5).

The next n lines, each containing m integers a_(i,1), a_(i,2), ..., a_(i,m) (0 <= a_(i,j) < 2^3) — the grid.

It is guaranteed that m is even.

It is guaranteed that the sum of n * m over all test cases does not exceed 60.

### Output

Print something.
"""


@pytest.mark.parametrize(
    "what, width, bounds",
    [
        ("m integers a_{i,1}, a_{i,2}, ..., a_{i,m} (0 <= a_{i,j} < 2^20)", "m", ["0 <= a_{i,j} < 2^20"]),
        ("m integers a_{i1}, a_{i2}, ..., a_{im} (1 <= a_{ij} <= 10^6)", "m", ["1 <= a_{i,j} <= 10^6"]),
        ("m integers a_ij each (1 <= a_ij <= n * m)", "m", ["1 <= a_{i,j} <= n * m"]),
        ("two integers a_{i,1} and a_{i,2} (1 <= a_{i,j} <= 10^9)", "2", ["1 <= a_{i,j} <= 10^9"]),
    ],
)
def test_a_row_of_a_grid_reads_its_width_and_the_cells_bounds(what, width, bounds):
    line, lines = read_grid(what, {"n", "m"})
    assert (line.names, line.width, lines) == (["a"], width, bounds)
    assert read_grid("k integers a_{i,1}, ..., a_{i,k}", {"n"}) is None  # a width no earlier value states


def test_a_grid_of_rows_is_drawn_within_its_bounds_and_a_guarantee_of_the_input_section_is_enforced():
    s = stdin_spec(_problem(GRID, [TestCase("1\n2 2\n1 2\n4 5\n", "x\n")]))
    assert isinstance(s, StdinSpec), s.reason
    assert [(r.kind, r.count, r.width) for r in s.rows[1].inner] == [("scalars", None, None), ("grid", "n", "m")]
    for x in generate_inputs(s.spec, "cf/grid", 30):
        cases = json.loads(x)["cases"]
        assert sum(n * m for n, m, _ in cases) <= 60
        for n, m, a in cases:
            assert m % 2 == 0 and len(a) == n and all(len(row) == m and all(0 <= v < 8 for v in row) for row in a)
    for bad in ("1\n2 2\n1 2\n4 8\n", "1\n1 3\n1 2 3\n"):  # a cell past 2^3; m odd
        refused = stdin_spec(_problem(GRID, [TestCase(bad, "x\n")]))
        assert isinstance(refused, NoSpec) and "an existing test breaks" in refused.reason, refused


def test_a_guarantee_not_understood_refuses_and_one_about_a_graph_goes_to_the_graph_readings():
    said = stdin_spec(
        _problem(GRID.replace("m is even", "k is a divisor of n"), [TestCase("1\n2 2\n1 2\n4 5\n", "x\n")])
    )
    assert isinstance(said, NoSpec) and "k is a divisor of n" in said.reason
    tree = stdin_spec(
        _problem(GRID.replace("m is even", "the given edges form a tree"), [TestCase("1\n2 2\n1 2\n4 5\n", "x\n")])
    )
    # goes to the graph readings, which take no unnamed pair of rows for the edges beside another list of
    # vertices (the fourth graph review): refused there, naming the tree line
    assert isinstance(tree, NoSpec) and tree.refusal.kind == "unsupported_constraint"
    assert "tree" in tree.refusal.line


def test_a_story_range_of_a_story_variable_says_nothing_of_the_input_and_one_of_an_input_is_read():
    s = stdin_spec(
        _problem(GRID.replace("an index j <= n", "a number m <= 2"), [TestCase("1\n2 2\n1 2\n4 5\n", "x\n")])
    )
    assert isinstance(s, StdinSpec), s.reason
    assert all(m <= 2 for x in generate_inputs(s.spec, "cf/g2", 20) for _n, m, _a in json.loads(x)["cases"])


SORTED = """You are given a sorted array a of distinct values.

### Input

The first line contains a single integer n (1 <= n <= 20).

The second line contains n distinct integers a_1, a_2, ..., a_n (1 <= a_1 < a_2 < ... < a_n <= 50).

### Output

Print something.
"""


def test_the_story_may_say_what_was_read_of_the_one_list_and_else_refuses():
    s = stdin_spec(_problem(SORTED, [TestCase("3\n1 4 9\n", "x\n")]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/sorted1", 30):
        a = json.loads(x)["a"]
        assert a == sorted(set(a)) and all(1 <= v <= 50 for v in a)
    unread = SORTED.replace("n distinct integers", "n integers").replace(
        "1 <= a_1 < a_2 < ... < a_n <= 50", "1 <= a_i <= 50"
    )
    refused = stdin_spec(_problem(unread, [TestCase("3\n1 4 9\n", "x\n")]))
    assert isinstance(refused, NoSpec) and refused.refusal.kind == "promise", refused
    other = SORTED.replace("of distinct values.", "of values. The number n and the values are distinct.")
    refused = stdin_spec(_problem(other, [TestCase("3\n1 4 9\n", "x\n")]))  # a sentence naming n: not lifted
    assert isinstance(refused, NoSpec) and refused.refusal.kind == "promise", refused


def test_a_story_range_reaching_into_a_call_is_read_whole():
    from microcoder_data.testgen.prose_format import _story_ranges

    assert _story_ranges("such that 1 <= k <= min(n, m) holds", {"k", "n", "m"}) == ["1 <= k <= min(n, m)"]
    assert _story_ranges("for an index j <= n and a value k <= 5", {"k", "n"}) == ["k <= 5"]
