"""Ranges inside a prose line's parentheses that relate inputs (testgen/prose_bounds.py): read and
enforced on every drawn input, or refused."""

from __future__ import annotations

import json

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.prose_bounds import product_last, relation_lines
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase
from test_testgen_prose_format import problem

_HEAD = """Solve it.

### Input

The first line contains a single integer t (1 <= t <= 100) — the number of test cases.

{lines}
"""


def _cases(lines: str, test: str, k: int = 12) -> list[list]:
    spec = stdin_spec(problem(_HEAD.format(lines=lines), [TestCase(test, "1\n")]))
    assert isinstance(spec, StdinSpec), spec
    drawn = [json.loads(x)["cases"] for x in generate_inputs(spec.spec, "cf/bounds", k)]
    assert drawn
    return [case for cases in drawn for case in cases]


def _refusal(lines: str, test: str) -> str:
    spec = stdin_spec(problem(_HEAD.format(lines=lines), [TestCase(test, "1\n")]))
    assert not isinstance(spec, StdinSpec)
    return spec.refusal.kind


def test_pieces_taken_apart():
    assert relation_lines("1 <= u != v <= n", "1 <= u != v <= n") == ["1 <= u, v <= n", "u != v"]
    assert relation_lines("n, m >= 2", "n, m >= 2") == ["n >= 2", "m >= 2"]
    assert relation_lines("a, b, c are distinct", "a, b, c are distinct") == ["a != b", "a != c", "b != c"]
    group = "1 <= a_i, b_i, c_i <= n, a, b, c are distinct"
    assert relation_lines("a, b, c are distinct", group) == ["a_i != b_i", "a_i != c_i", "b_i != c_i"]
    assert relation_lines("1 <= u <= n", "") == ["1 <= u <= n"]


def test_product_moved_after_the_factors_lower_bounds():
    assert product_last(["4 <= n * m <= 10^5", "n >= 2", "m >= 2"]) == [
        "n >= 2",
        "m >= 2",
        "4 <= n * m",
        "n * m <= 10^5",
    ]
    assert product_last(["2 <= n", "2 <= n * m <= 10^5"]) == ["2 <= n", "m >= 1", "2 <= n * m", "n * m <= 10^5"]
    # a factor bounded from above, by another input, or from below by less than 1: as it was
    for lines in (
        ["1 <= n, m <= 10", "1 <= n * m <= 50"],
        ["n <= 10", "m >= 2", "4 <= n * m <= 50"],
        ["0 <= n", "m >= 2", "4 <= n * m <= 50"],
        ["1 <= n * m <= 50"],
        ["k <= n", "m >= 2", "4 <= n * m <= 50"],
    ):
        assert product_last(lines) == lines


def test_not_equal_between_two_bounds_in_a_block():
    lines = (
        "The first line of each test case contains two integers n and q (2 <= n <= 6, 1 <= q <= 5). "
        "The next q lines each contain two integers u and v (1 <= u != v <= n)."
    )
    for n, q, us, vs in _cases(lines, "1\n3 1\n1 2\n"):
        assert len(us) == len(vs) == q
        assert all(1 <= u <= n and 1 <= v <= n and u != v for u, v in zip(us, vs))


def test_several_names_one_lower_bound_and_a_product():
    lines = (
        "The only line of each test case contains integers n, m, r_b, c_b and p "
        "(4 <= n * m <= 10^5, n, m >= 2, 1 <= r_b <= n, 1 <= c_b <= m, 1 <= p <= 99)."
    )
    for n, m, rb, cb, p in _cases(lines, "1\n2 2 1 1 50\n"):
        assert n >= 2 and m >= 2 and 4 <= n * m <= 10**5
        assert 1 <= rb <= n and 1 <= cb <= m and 1 <= p <= 99
    # an existing input that breaks "n, m >= 2" is a wrong reading, not an input
    assert _refusal(lines, "1\n1 5 1 1 50\n") == "examples_break_reading"


def test_a_product_bounds_a_factor_with_no_range_of_its_own():
    lines = "The first line of each test case contains two integers n and m (2 <= n, 2 <= n * m <= 10^5)."
    for n, m in _cases(lines, "1\n3 1\n"):
        assert n >= 2 and m >= 1 and 2 <= n * m <= 10**5


def test_names_said_distinct():
    lines = (
        "The first line of each test case contains two integers n and q (3 <= n <= 100, 1 <= q <= 2). "
        "The next q lines each contain three integers a_i, b_i, c_i (1 <= a_i, b_i, c_i <= n, a, b, c are distinct)."
    )
    for n, q, a, b, c in _cases(lines, "1\n3 1\n1 2 3\n"):
        assert all(len({x, y, z}) == 3 and max(x, y, z) <= n for x, y, z in zip(a, b, c))
    assert _refusal(lines, "1\n3 1\n1 1 3\n") == "examples_break_reading"
    scalars = "The first line of each test case contains three integers a, b and c (1 <= a, b, c <= 10, a, b, c are distinct)."
    assert all(len(set(case)) == 3 for case in _cases(scalars, "1\n1 2 3\n"))


def test_several_names_one_bound_without_a_range_refuses():
    lines = "The first line of each test case contains two integers n and m (n, m >= 2)."
    assert _refusal(lines, "1\n3 2\n") == "no_range"


def test_sorted_chain_with_the_last_but_one_written():
    lines = (
        "The first line of each test case contains an integer n (3 <= n <= 50). The second line of each test case "
        "contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 10^9). It is guaranteed a_1 <= a_2 <= ... <= a_(n - 1) <= a_n."
    )
    for n, a in _cases(lines, "1\n3\n1 2 3\n"):
        assert len(a) == n and a == sorted(a)
    assert _refusal(lines, "1\n3\n1 3 2\n") == "examples_break_reading"
    strict = "1 <= a_1 < a_2 < ... < a_{n-1} < a_n <= 10^9"
    head = "The first line of each test case contains an integer n (3 <= n <= 50). The second line of each test case contains n integers a_1, a_2, ..., a_n"
    for n, a in _cases(f"{head} ({strict}).", "1\n3\n1 2 3\n"):
        assert all(x < y for x, y in zip(a, a[1:]))


def test_sorted_chain_of_another_subscript_or_mixed_order_refuses():
    head = (
        "The first line of each test case contains two integers n, k (3 <= n <= 50, 1 <= k <= 3). The second line of "
        "each test case contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 10^9)."
    )
    assert _refusal(f"{head} It is guaranteed a_1 <= a_2 <= ... <= a_(k - 1) <= a_n.", "1\n3 1\n1 2 3\n") != "ok"
    assert _refusal(f"{head} It is guaranteed a_1 < a_2 < ... < a_(n - 1) <= a_n.", "1\n3 1\n1 2 3\n") != "ok"
