"""Comparison layer: the fallback chain, and the traps an over-lenient judge falls into."""

from __future__ import annotations

import json
import math
import random
import time

import pytest

from microcoder_eval.compare import (
    Comparison,
    compare_functional,
    compare_stdout,
    parse_json_value,
    tokens_equal,
)
from microcoder_eval.types import JudgingRule

DEFAULT = JudgingRule()
NO_TOL = JudgingRule(float_tolerance=None)
ANY_CASE = JudgingRule(any_case=True)
ANY_ORDER = JudgingRule(any_order=True)


def ok(expected: str, actual: str, rule: JudgingRule = DEFAULT) -> str | None:
    """Method name when accepted, None when rejected."""
    c = compare_stdout(expected, actual, rule)
    assert isinstance(c, Comparison)
    if c.ok:
        assert c.diff is None
        return c.method
    assert c.method is None and c.diff
    return None


def fok(expected, actual, rule: JudgingRule = DEFAULT) -> str | None:
    """A str argument is JSON text as is; anything else is serialised first."""
    e = expected if isinstance(expected, str) else json.dumps(expected)
    a = actual if isinstance(actual, str) else json.dumps(actual)
    c = compare_functional(e, a, rule)
    if c.ok:
        assert c.diff is None
        return c.method
    assert c.method is None and c.diff
    return None


# --------------------------------------------------------------------------- stdin: chain


@pytest.mark.parametrize(
    "expected, actual, method",
    [
        ("3\n", "3\n", "exact"),
        ("3\n", "3", "exact"),
        ("3", "3\n\n\n", "exact"),
        ("1 2\r\n3\r\n", "1 2\n3\n", "exact"),
        ("", "", "exact"),
        ("", "  \n\n", "exact"),
        ("3\n", "3 \n", "exact"),  # trailing whitespace at the very end only
        ("1 2\n3\n", "1 2 \n3\n", "tokens"),  # trailing space mid-text
        ("1 2\n3\n", "1\n2 3\n", "tokens"),  # line layout does not matter
        ("3\n2\n", "3 2\n", "tokens"),
        ("1 2 3\n", "1  2\t3", "tokens"),
        ("3\n", "\n\n3\n", "tokens"),  # leading blank lines
        ("a b", "   a    b   ", "tokens"),
        ("0.333333333333\n", "0.3333333333333333\n", "numeric"),
        ("2.500000\n", "2.5\n", "numeric"),
        ("0.000000\n", "-0.000000\n", "numeric"),
        ("0\n", "-0\n", "numeric"),
        ("5\n", "+5\n", "numeric"),
    ],
)
def test_stdin_accepts_with_cheapest_method(expected, actual, method):
    assert ok(expected, actual) == method


def test_stdin_first_method_wins_order():
    # exact beats tokens beats numeric
    assert ok("1.5 2", "1.5 2") == "exact"
    assert ok("1.5 2", "1.5\n2") == "tokens"
    assert ok("1.5 2", "1.50\n2") == "numeric"


# --------------------------------------------------------------------------- stdin: traps


@pytest.mark.parametrize(
    "expected, actual",
    [
        ("Yes\n", "No\n"),
        ("No\n", "Yes\n"),
        ("YES\n", "yes\n"),  # case matters without any_case
        ("1111111110\n", "1111111111\n"),  # huge ints exact: rel err 1e-9 is not "close"
        ("500000001\n", "500000000\n"),
        ("3\n", "3.0\n"),  # integer answer printed as float
        ("3\n", "3.0000001\n"),
        ("1000000\n", "1e6\n"),
        ("7\n", "007\n"),  # leading zeros are not normalised
        ("007\n", "7\n"),
        ("a b\n", "b a\n"),  # word order
        ("1 1 2\n", "1 2\n"),  # dropped duplicate
        ("3\n2\n", "3\n"),  # missing line
        ("3\n", "3\n2\n"),  # extra output
        ("1 2 3\n", "[1, 2, 3]\n"),  # a Python list repr
        ("1\n2\n3\n", "3\n1\n2\n"),  # lines permuted, no any_order
        ("0.3333\n", "0.333333333\n"),  # expected 0.3333: |diff| 3.3e-5 > 1e-6
        ("0.333333333\n", "0.3333\n"),
        ("1000.000000\n", "1000.005000\n"),  # rel err 5e-6 > 1e-6
        ("1.5\n", "nan\n"),
        ("1.5\n", "inf\n"),
        ("1.5\n", "1_5\n"),
        ("15.0\n", "1_5\n"),
        ("1.5\n", "abc\n"),
        ("nan\n", "1.5\n"),
        ("inf\n", "1e999\n"),  # words are words
        ("3\n", ""),
        ("", "3\n"),
        ("Yes", "Yes\xa0"),  # a no-break space is not whitespace
        ("1 2", "1\x1c2"),
    ],
)
def test_stdin_rejects(expected, actual):
    assert ok(expected, actual) is None
    # and none of the optional comparators rescues a plain wrong answer either
    if expected.lower() != actual.lower():
        assert ok(expected, actual, ANY_CASE) is None


def test_float_tolerance_boundaries():
    assert ok("0.333333", "0.333333333333") == "numeric"
    assert ok("0.0000001", "1e-7") == "numeric"  # another notation, same value
    assert ok("1e-3", "0.001") == "numeric"
    assert ok("2.50", "2.5") == "numeric"
    assert ok("2.0", "2") == "numeric"  # integer-looking actual for a real answer
    # absolute part of abs-or-rel: tiny expected values
    assert ok("0.0000001", "0") == "numeric"
    assert ok("0.0000001", "0.0000015") is None
    # relative part: big expected values
    assert ok("123456789.0", "123456789.1") == "numeric"
    assert ok("123456789.0", "123457000.0") is None
    # exactly at the bound (rounding in binary must not reject it)
    assert ok("1.0", "1.000001") == "numeric"
    assert ok("1.0", "1.0000011") is None
    assert ok("0.5", "0.500001") == "numeric"


def test_integer_tokens_get_no_tolerance_even_with_a_large_one():
    loose = JudgingRule(float_tolerance=0.5)
    assert ok("10", "10.2", loose) is None
    assert ok("10", "11", loose) is None
    assert ok("10.0", "10.2", loose) == "numeric"


def test_tolerance_follows_rule():
    assert ok("0.5", "0.50001") is None
    assert ok("0.5", "0.50001", JudgingRule(float_tolerance=1e-4)) == "numeric"
    assert ok("0.5", "0.5000001", JudgingRule(float_tolerance=1e-9)) is None
    assert ok("0.5", "0.500000000001", JudgingRule(float_tolerance=1e-9)) == "numeric"
    # None: no tolerance, numbers as text
    assert ok("0.5", "0.5000001", NO_TOL) is None
    assert ok("2.50", "2.5", NO_TOL) is None
    assert ok("0.5", "0.5", NO_TOL) == "exact"
    assert ok("5", "+5", NO_TOL) == "numeric"  # sign spelling of integers still normalised
    # zero tolerance: values must be equal, spelling may differ
    assert ok("2.50", "2.5", JudgingRule(float_tolerance=0.0)) == "numeric"
    assert ok("2.50", "2.5000001", JudgingRule(float_tolerance=0.0)) is None


def test_big_integers_beyond_int_str_limit():
    big = "9" * 6000
    assert ok(big + "\n", big) == "exact"
    assert ok(big, big[:-1] + "8") is None
    assert ok(big, "+" + big) == "numeric"
    assert ok("-" + big, "-" + big[:-1] + "8") is None


def test_mixed_tokens_report_first_difference():
    c = compare_stdout("1 2\n3 4\nYes\n", "1 2\n3 5\nYes\n", DEFAULT)
    assert not c.ok
    assert "token 4" in c.diff and "line 2" in c.diff and "'4'" in c.diff and "'5'" in c.diff
    c = compare_stdout("1 2 3", "1 2", DEFAULT)
    assert "ended early" in c.diff
    c = compare_stdout("1 2", "1 2 3", DEFAULT)
    assert "extra output" in c.diff
    c = compare_stdout("x" * 1000, "y" * 1000, DEFAULT)
    assert len(c.diff) <= 300


def test_any_case():
    assert ok("YES\nNO\n", "yes\nno\n", ANY_CASE) == "case_insensitive"
    assert ok("Yes", "yEs", ANY_CASE) == "case_insensitive"
    assert ok("Yes", "No", ANY_CASE) is None
    assert ok("YES 0.5", "yes 0.5000001", ANY_CASE) == "case_insensitive"
    assert ok("YES 0.5", "yes 0.51", ANY_CASE) is None
    assert ok("STRASSE", "strasse", ANY_CASE) == "case_insensitive"
    assert ok("ÄBC", "äbc", ANY_CASE) == "case_insensitive"
    # without the rule, case matters
    assert ok("YES", "yes") is None


def test_any_order_lines_multiset():
    assert ok("1 2\n3 4\n", "3 4\n1 2\n", ANY_ORDER) == "any_order"
    assert ok("1\n2\n3\n", "3\n1\n2\n", ANY_ORDER) == "any_order"
    # multiplicity counts
    assert ok("1\n1\n2\n", "1\n2\n2\n", ANY_ORDER) is None
    assert ok("1\n1\n2\n", "1\n2\n", ANY_ORDER) is None
    assert ok("1\n2\n", "1\n2\n2\n", ANY_ORDER) is None
    # pairs keep their inner order when the lines move
    assert ok("1 2\n3 4\n", "4 3\n2 1\n", ANY_ORDER) is None
    # wrong values stay wrong
    assert ok("1 2\n3 4\n", "3 4\n1 3\n", ANY_ORDER) is None
    # ... and without the rule, order matters
    assert ok("1 2\n3 4\n", "3 4\n1 2\n") is None


def test_any_order_tokens_within_lines_and_columns():
    # "print k, then the k indices in any order"
    assert ok("3\n1 2 5\n", "3\n5 1 2\n", ANY_ORDER) == "any_order"
    assert ok("3\n1 2 5\n", "3\n5 1 1\n", ANY_ORDER) is None
    # the count line may not trade places with items of another line
    assert ok("3\n1 2 5\n", "1\n3 2 5\n", ANY_ORDER) is None
    # single column in another layout
    assert ok("1\n2\n3\n", "3 2 1\n", ANY_ORDER) == "any_order"
    assert ok("1\n2\n3\n", "3 2 2\n", ANY_ORDER) is None


def test_any_order_with_numeric_tolerance_and_case():
    assert ok("0.5 x\n0.25 y\n", "0.2500000001 y\n0.5 x\n", ANY_ORDER) == "any_order"
    assert ok("0.5 x\n0.25 y\n", "0.26 y\n0.5 x\n", ANY_ORDER) is None
    # near-equal values in another order: pairing by value, each within tolerance
    assert ok("0.1000000\n0.1000020\n", "0.1000019\n0.1000001\n") is None
    assert ok("0.1000000\n0.1000020\n", "0.1000019\n0.1000001\n", ANY_ORDER) == "any_order"
    both = JudgingRule(any_order=True, any_case=True)
    assert ok("YES 1\nNO 2\n", "no 2\nyes 1\n", both) == "any_order"
    assert ok("YES 1\nNO 2\n", "no 2\nyes 1\n", ANY_ORDER) is None
    assert ok("3\n", "3.0\n", ANY_ORDER) is None


def test_tokens_equal_helper():
    assert tokens_equal("0.5", "0.5000001")
    assert not tokens_equal("5", "5.0")
    assert tokens_equal("Yes", "YES", ANY_CASE)
    assert not tokens_equal("Yes", "YES")


def test_stdin_large_outputs_are_fast():
    rng = random.Random(1)
    ints = [str(rng.randint(-(10**9), 10**9)) for _ in range(100_000)]
    e = "\n".join(ints) + "\n"
    floats = [rng.random() * 1000 for _ in range(50_000)]
    ef = "\n".join(f"{x:.6f}" for x in floats)
    af = " ".join(repr(x) for x in floats)
    t = time.perf_counter()
    assert ok(e, e) == "exact"
    assert ok(e, " ".join(ints)) == "tokens"
    assert ok(ef, af) == "numeric"
    assert ok(e, e[:-3] + "x\n") is None
    assert ok(e, "\n".join(reversed(ints)), ANY_ORDER) == "any_order"
    assert ok(e, "\n".join(reversed(ints[1:] + ["5"])), ANY_ORDER) is None
    # generous bound: a loaded 2-core box; typically well under a second
    assert time.perf_counter() - t < 12


# --------------------------------------------------------------------------- functional


@pytest.mark.parametrize(
    "expected, actual, method",
    [
        ([3, 4, 5], [3, 4, 5], "exact"),
        ("[3, 4, 5]", "[3,4,5]", "exact"),
        ({"a": 1, "b": [1, 2]}, {"b": [1, 2], "a": 1}, "exact"),
        ("cba", "cba", "exact"),
        (True, True, "exact"),
        (None, None, "exact"),
        ([], [], "exact"),
        ([[1, 1], [2, 2]], [[1, 1], [2, 2]], "exact"),  # tuples serialise as lists
        (0.3, 0.30000000000000004, "structured"),
        ([0.5, 0.25], [0.5000000001, 0.25], "structured"),
        ([[0.1, 0.2], [0.3]], [[0.1, 0.2000000001], [0.3]], "structured"),
        (7.0, 7, "structured"),  # float expected, int returned
        (1, 1.0, "structured"),  # exactly equal float for an int
        (10**20, 1e20, "structured"),
        ({"x": 0.5}, {"x": 0.5000001}, "structured"),
    ],
)
def test_functional_accepts(expected, actual, method):
    assert fok(expected, actual) == method


@pytest.mark.parametrize(
    "expected, actual",
    [
        (True, 1),
        (1, True),
        (False, 0),
        (0, False),
        ([True, False], [1, 0]),
        ([1, 0], [True, False]),
        (1, '"1"'),
        ('"1"', 1),
        ([3, 4, 5], ["3", "4", "5"]),
        ([1, 2], [2, 1]),
        ([3, 4, 5], None),
        (None, []),
        ([], None),
        (0, None),
        ("", None),
        ([1, 2], [1, 2, 3]),
        ([[1, 2]], [[1, 2, 3]]),
        ([[1, 2]], [1, 2]),
        ({"a": 1}, {"a": 1, "b": 2}),
        ({"a": 1}, {"A": 1}),
        (10**20 + 1, 1e20),  # int expected: exact, even against floats
        (1111111110, 1111111111),
        (3, 3.0000001),
        (0.3333, 0.333333333),
        ([0.5, 0.25], [0.5, 0.26]),
        (0.5, '"0.5"'),
        (0.5, True),
        ('"abc"', '"ABC"'),
        ("[1, 2]", "[1, 2]]"),
        ([1, 1, 2], [1, 2, 2]),
        (1.5, float("nan")),
        (float("nan"), float("nan")),
        (1.5, float("inf")),
        (float("inf"), float("-inf")),
    ],
)
def test_functional_rejects(expected, actual):
    assert fok(expected, actual) is None
    if not (isinstance(expected, list) and isinstance(actual, list)):
        assert fok(expected, actual, ANY_ORDER) is None


def test_functional_invalid_json():
    assert fok([1], "[1,") is None
    assert fok([1], "") is None
    assert fok([1], "None") is None  # a Python repr is not JSON
    assert fok([1], "(1,)") is None
    c = compare_functional("[1", "[1]", DEFAULT)
    assert not c.ok and "expected" in c.diff


def test_functional_non_finite_tokens():
    assert parse_json_value("[Infinity, -Infinity]") == [float("inf"), float("-inf")]
    assert fok("Infinity", "Infinity") == "exact"
    assert fok("[1.5, Infinity]", "[1.5000000001, Infinity]") == "structured"
    assert fok("-Infinity", "Infinity") is None
    assert fok("1.5", "NaN") is None
    assert math.isnan(parse_json_value("NaN"))


def test_functional_big_ints():
    big = "9" * 6000
    assert parse_json_value(big) == 10**6000 - 1
    assert fok(f"[{big}]", f"[{big}]") == "exact"
    assert fok(f"[{big}]", f"[{big[:-1]}8]") is None
    assert fok(f"[{big}]", f"[ {big} ]") == "exact"
    c = compare_functional(f"{big}", f"{big[:-1]}8", DEFAULT)
    assert not c.ok and len(c.diff) <= 300


def test_functional_tolerance_rules():
    assert fok(0.3, 0.30001) is None
    assert fok(0.3, 0.30001, JudgingRule(float_tolerance=1e-4)) == "structured"
    assert fok(0.3, 0.30000000000000004, NO_TOL) is None
    assert fok(2.5, 2.5, NO_TOL) == "exact"
    assert fok(7.0, 7, NO_TOL) == "structured"


def test_functional_any_case():
    assert fok(["Yes", "no"], ["yes", "NO"], ANY_CASE) == "case_insensitive"
    assert fok(["Yes"], ["no"], ANY_CASE) is None
    assert fok({"Key": 1}, {"key": 1}, ANY_CASE) is None  # keys are not answer text


def test_functional_any_order():
    assert fok([3, 4, 5], [5, 3, 4], ANY_ORDER) == "any_order"
    assert fok([[1, 2], [3]], [[3], [1, 2]], ANY_ORDER) == "any_order"
    assert fok([[1, 2], [3]], [[3], [2, 1]], ANY_ORDER) is None  # only the top level
    assert fok([1, 1, 2], [1, 2, 2], ANY_ORDER) is None
    assert fok([1, 1, 2], [1, 2], ANY_ORDER) is None
    assert fok([1, 2], [2, True], ANY_ORDER) is None
    assert fok([1, 2], ["2", "1"], ANY_ORDER) is None
    assert fok([0.5, 0.25], [0.2500000001, 0.5], ANY_ORDER) == "any_order"
    assert fok([1, 2.5], [2.5, 1.0], ANY_ORDER) == "any_order"
    assert fok(["a", "B"], ["b", "A"], JudgingRule(any_order=True, any_case=True)) == "any_order"
    assert fok(["a", "B"], ["b", "A"], ANY_ORDER) is None
    assert fok([None, [1], {"a": 1}, "x", True, 2], [2, True, "x", {"a": 1}, [1], None], ANY_ORDER) == "any_order"
    assert fok(5, 5, ANY_ORDER) == "exact"
    # sorting by value alone would pair these wrongly; the matching fallback pairs them right
    assert fok([[0.1, "b"], [0.1000000001, "a"]], [[0.1, "a"], [0.1000000001, "b"]], ANY_ORDER) == "any_order"
    assert fok([[0.1, "b"], [0.1000000001, "a"]], [[0.1, "c"], [0.1000000001, "b"]], ANY_ORDER) is None
    assert fok([1, 2], [2, 1]) is None


def test_functional_diff_names_the_path():
    c = compare_functional("[[1, 2], [3, 4]]", "[[1, 2], [3, 5]]", DEFAULT)
    assert "[1][1]" in c.diff and "4" in c.diff and "5" in c.diff
    c = compare_functional('{"a": [1]}', '{"a": ["1"]}', DEFAULT)
    assert '["a"][0]' in c.diff and "int vs str" in c.diff
    c = compare_functional("[1, 2]", "[1]", DEFAULT)
    assert "2 items" in c.diff


def test_functional_deep_nesting_does_not_crash():
    deep = "[" * 5000 + "]" * 5000
    c = compare_functional("[]", deep, DEFAULT)
    assert not c.ok


def test_functional_large_values_are_fast():
    rng = random.Random(2)
    value = [[rng.random() for _ in range(5)] for _ in range(10_000)]
    e = json.dumps(value)
    t = time.perf_counter()
    assert fok(e, json.dumps(value, indent=1)) == "exact"
    assert fok(e, json.dumps(value[::-1]), ANY_ORDER) == "any_order"
    assert fok(e, json.dumps(value[::-1])) is None
    assert time.perf_counter() - t < 12
