"""Superscripts a scrape lost between names and numbers (microcoder_data/testgen/scraped_powers.py):
each phrasing read as the power where the existing tests need it, the literal reading kept where
they fit it, a product reading that fits as well as the power refused; drawn inputs keep the power."""

from __future__ import annotations

import json

import pytest

from microcoder_data.collect import collect
from microcoder_data.process.clean import clean_text
from microcoder_data.process.normalize import normalize_layout
from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.scraped_powers import Scraped, may_apply, modes, rewrite
from microcoder_data.testgen.spec_model import Node
from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_line_readings import _drawn

INTS = {
    "n": Node("int"),
    "k": Node("int"),
    "H": Node("int"),
    "W": Node("int"),
    "maximumBit": Node("int"),
    "nums": Node("list", elem=Node("int")),
}


@pytest.mark.parametrize(
    "line, powers, products",
    [
        ("0 <= nums[i] < 2maximumBit", "0 <= nums[i] < 2**maximumBit", ["2maximumBit"]),
        ("1 <= kn <= 4096", "1 <= k**n <= 4096", ["kn"]),
        ("1 <= k <= n2", "1 <= k <= n**2", []),
        ("board[i][j] is either -1 or in the range [1, n2]", "board[i][j] is either -1 or in the range [1, n**2]", []),
        ("0 <= nums[i] < 230", "0 <= nums[i] < 2**30", []),
        ("-230 <= nums[i] <= 230 - 1", "-2**30 <= nums[i] <= 2**30 - 1", []),
    ],
)
def test_each_phrasing_is_read_as_its_power(line, powers, products):
    assert may_apply(line)
    assert rewrite(line, INTS, Scraped(frozenset({(line, "230")})), line) == (powers, products)


def test_the_competing_reading_is_the_product():
    products = Scraped(products=True)
    assert rewrite("1 <= kn <= 4096", INTS, products) == ("1 <= k * n <= 4096", ["kn"])
    assert rewrite("0 <= nums[i] < 2maximumBit", INTS, products)[0] == "0 <= nums[i] < 2 * maximumBit"


def test_numbers_that_may_be_powers_of_two_are_tried_per_line_narrowest_first():
    lines = ["1 <= n <= 250", "0 <= nums[i] < 230", "1 <= k <= 105", "1 <= m <= 230"]
    n, nums, m = (lines[0], "250"), (lines[1], "230"), (lines[3], "230")
    sets = [{n}, {nums}, {m}, {n, nums}, {n, m}, {nums, m}, {n, nums, m}]
    got = modes(lines)
    assert got[0] == Scraped() and [len(g.powers) for g in got[1:]] == [len(s) for s in sets]
    assert set(got[1:]) == {Scraped(frozenset(s)) for s in sets}
    assert modes(["1 <= n <= 105", "0 <= nums[i] <= 109"]) == []  # nothing of the shape: no further reading
    assert rewrite("1 <= n <= 250", INTS, Scraped(frozenset({nums})), lines[0]) == ("1 <= n <= 250", [])
    assert rewrite(lines[3], INTS, Scraped(frozenset({nums})), lines[3]) == (lines[3], [])  # another line's power


@pytest.mark.parametrize(
    "line",
    [
        "k is odd",  # prose: no comparison, its words are no glued names
        "1 <= nums2.length <= 10",  # a list's name with its number
        "0 <= nums[i] <= 2 * 230",  # a number inside an expression, not a side of the comparison
        "1 <= kx <= 10",  # x is no name
        "1 <= n <= 200",  # no power of two's exponent
        "nums[i] <= n1",  # a subscript, not a square
        "1 <= x <= HW",  # AtCoder's product of H and W
    ],
)
def test_what_is_not_a_lost_superscript_is_left_alone(line):
    assert rewrite(line, INTS, Scraped(frozenset({(line, "230")})), line) == (line, [])


XOR = "nums.length == n\n1 <= n <= 105\n1 <= maximumBit <= 20\n0 <= nums[i] < 2maximumBit\nnums is sorted in ascending order."
XOR_SIG = "nums: List[int], maximumBit: int"


def test_a_base_glued_to_a_name_is_the_power_where_the_product_breaks_the_tests():
    got = _drawn(XOR, XOR_SIG, ['{"nums": [0, 1, 1, 3], "maximumBit": 2}', '{"nums": [2, 3, 4, 7], "maximumBit": 3}'])
    assert all(v < 2 ** x["maximumBit"] for x in got for v in x["nums"])
    assert any(v >= 2 * x["maximumBit"] for x in got for v in x["nums"])  # not the product


def test_a_base_glued_to_a_name_is_refused_where_the_product_fits_as_well():
    why = why_not_read(fn_problem(XOR, XOR_SIG, ['{"nums": [0, 5], "maximumBit": 3}']))
    assert "ambiguous" in why and "2maximumBit" in why


def test_an_input_beyond_the_power_is_refused():
    why = why_not_read(fn_problem(XOR, XOR_SIG, ['{"nums": [2, 3, 4, 8], "maximumBit": 3}']))
    assert "breaks the constraints" in why


OR = "1 <= nums.length <= 105\n0 <= nums[i] < 230\n0 <= k < nums.length"


def test_a_power_of_two_lost_its_superscript_where_the_tests_need_it():
    got = _drawn(OR, "nums: List[int], k: int", ['{"nums": [3, 25600, 5], "k": 1}'])
    assert all(0 <= v < 2**30 for x in got for v in x["nums"]) and any(v > 230 for x in got for v in x["nums"])


def test_the_literal_bound_is_kept_where_the_tests_fit_it():
    got = _drawn(OR, "nums: List[int], k: int", ['{"nums": [3, 200, 5], "k": 1}'])
    assert all(0 <= v < 230 for x in got for v in x["nums"])


def test_only_the_number_the_tests_need_is_read_as_a_power():
    two = "1 <= n <= 250\n1 <= nums.length <= 105\n0 <= nums[i] < 230"
    got = _drawn(two, "n: int, nums: List[int]", ['{"n": 3, "nums": [3, 25600, 5]}'])
    assert all(1 <= x["n"] <= 250 for x in got) and any(v > 230 for x in got for v in x["nums"])
    assert all(v < 2**30 for x in got for v in x["nums"])


def test_the_same_number_is_a_power_only_in_the_line_whose_tests_need_it():
    two = "1 <= n <= 230\n1 <= nums.length <= 10\n0 <= nums[i] < 230"
    tests = ['{"n": 5, "nums": [1000000, 3]}', '{"n": 230, "nums": [7]}']
    got = _drawn(two, "n: int, nums: List[int]", tests, 60)
    assert all(1 <= x["n"] <= 230 for x in got) and any(v > 230 for x in got for v in x["nums"])


@pytest.mark.parametrize("value", [300, 2400])
def test_a_test_just_past_the_literal_refuses_rather_than_widen_to_the_power(value):
    why = why_not_read(fn_problem("1 <= n <= 250", "n: int", [f'{{"n": {value}}}', '{"n": 3}']))
    assert "wrong test or a lost superscript" in why  # never n drawn up to 2**50


def test_an_input_beyond_both_readings_is_refused():
    why = why_not_read(fn_problem(OR, "nums: List[int], k: int", ['{"nums": [3, 1073741824], "k": 1}']))
    assert "breaks the constraints" in why


MATRIX = (
    "n == matrix.length == matrix[i].length\n1 <= n <= 300\n-109 <= matrix[i][j] <= 109\n"
    "All the rows and columns of matrix are guaranteed to be sorted in non-decreasing order.\n1 <= k <= n2"
)


def test_a_name_and_a_digit_is_its_square():
    got = _drawn(MATRIX, "matrix: List[List[int]], k: int", ['{"matrix": [[1, 5], [10, 11]], "k": 3}'])
    assert all(1 <= x["k"] <= len(x["matrix"]) ** 2 for x in got)
    assert any(x["k"] > len(x["matrix"]) for x in got)
    broken = fn_problem(MATRIX, "matrix: List[List[int]], k: int", ['{"matrix": [[1, 5], [10, 11]], "k": 5}'])
    assert "breaks the constraints" in why_not_read(broken)


GLUED = "1 <= k, n <= 5\n1 <= x <= kn"


def test_two_glued_names_are_the_power_where_the_product_breaks_the_tests():
    got = _drawn(GLUED, "k: int, n: int, x: int", ['{"k": 2, "n": 3, "x": 8}'])
    assert all(1 <= x["x"] <= x["k"] ** x["n"] for x in got)
    assert any(x["x"] > x["k"] * x["n"] for x in got)


def test_two_glued_names_are_refused_where_the_product_fits_as_well():
    why = why_not_read(fn_problem(GLUED, "k: int, n: int, x: int", ['{"k": 2, "n": 3, "x": 5}']))
    assert "ambiguous" in why and "kn" in why


@pytest.mark.shared_data
@pytest.mark.parametrize(
    "slug, bounded",
    [
        ("maximum-xor-for-each-query", lambda x: all(v < 2 ** x["maximumBit"] for v in x["nums"])),
        ("kth-smallest-element-in-a-sorted-matrix", lambda x: 1 <= x["k"] <= len(x["matrix"]) ** 2),
    ],
)
def test_dev_statements_that_lost_their_superscripts(shared_data, slug, bounded):
    """The dev-side statements that showed the shapes (``2maximumBit``, ``n2``): read with the power, drawn within it."""

    path = shared_data / "leetcodedataset" / "LeetCodeDataset-v0.1.0-train.jsonl.gz"
    found = [p for p in collect([f"leetcodedataset:{path}"]) if isinstance(p, Problem) and p.id.endswith(f"/{slug}")]
    if not found:
        pytest.skip(f"{slug} not in this copy of LeetCodeDataset")
    p = found[0]
    p.statement = normalize_layout(clean_text(p.statement)[0])  # as Process leaves it
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, p.id, 20, max_len=20)]
    assert got and all(bounded(x) for x in got)
