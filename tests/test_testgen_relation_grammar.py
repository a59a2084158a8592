"""Relations over terms of the input read by one grammar (microcoder_data/testgen/relation_grammar.py):
each becomes a check every drawn input holds, an existing test that breaks it refuses generation, a
line naming something that is not an input still refuses, and a plain bound stays the range reading's."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.spec_expr import evaluate
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from test_testgen_conditions import drawn, fn_problem, why_not_read
from test_testgen_stdin_relations import _drawn, _ints, _problem

NUMS = "1 <= nums.length <= 5\n1 <= nums[i] <= 100\n1 <= n <= 100\n"
PAIRS = "1 <= p.length == w.length <= 4\n1 <= p[i], w[i] <= 10^3\n"
CASES = [
    (
        NUMS + "nums[i] + nums[i+1] <= 150",
        "nums: List[int], n: int",
        {"nums": [100, 50, 3], "n": 1},
        {"nums": [100, 51], "n": 1},
        lambda x: all(a + b <= 150 for a, b in zip(x["nums"], x["nums"][1:])),
    ),
    (
        NUMS + "nums[i] * 2 < n + 5",
        "nums: List[int], n: int",
        {"nums": [3], "n": 2},
        {"nums": [4], "n": 2},
        lambda x: all(v * 2 < x["n"] + 5 for v in x["nums"]),
    ),
    (
        "1 <= a, b <= 100\nabs(a - b) <= 10",
        "a: int, b: int",
        {"a": 1, "b": 11},
        {"a": 1, "b": 12},
        lambda x: abs(x["a"] - x["b"]) <= 10,
    ),
    (
        PAIRS + "p[i] - w[i] + 1 >= 6",
        "p: List[int], w: List[int]",
        {"p": [9], "w": [4]},
        {"p": [9], "w": [5]},
        lambda x: all(a - b + 1 >= 6 for a, b in zip(x["p"], x["w"])),
    ),
    (
        PAIRS + "p[i] * w[i] <= 2 * 10^4",
        "p: List[int], w: List[int]",
        {"p": [200, 1], "w": [100, 9]},
        {"p": [201], "w": [100]},
        lambda x: all(a * b <= 2 * 10**4 for a, b in zip(x["p"], x["w"])),
    ),
    (
        "1 <= n <= 50\n1 <= a.length == k.length == d.length <= 4\n1 <= a[i], k[i], d[i] <= n\n"
        "1 <= a[i] <= a[i] + k[i] * d[i] <= n",
        "n: int, a: List[int], k: List[int], d: List[int]",
        {"n": 10, "a": [1], "k": [3], "d": [3]},
        {"n": 10, "a": [2], "k": [3], "d": [3]},
        lambda x: all(a + k * d <= x["n"] for a, k, d in zip(x["a"], x["k"], x["d"])),
    ),
    (
        "1 <= original.length == changed.length <= 5\noriginal[i].length == changed[i].length == 1\n"
        "original[i], changed[i] are lowercase English letters\noriginal[i] != changed[i]",
        "original: List[str], changed: List[str]",
        {"original": ["a", "b"], "changed": ["b", "a"]},
        {"original": ["a", "b"], "changed": ["b", "b"]},
        lambda x: all(a != b for a, b in zip(x["original"], x["changed"])),
    ),
    (
        "1 <= bottomLeft.length == topRight.length <= 3\nbottomLeft[i].length == topRight[i].length == 2\n"
        "1 <= bottomLeft[i][0], bottomLeft[i][1] <= 10\n1 <= topRight[i][0], topRight[i][1] <= 10\n"
        "bottomLeft[i][0] < topRight[i][0]",
        "bottomLeft: List[List[int]], topRight: List[List[int]]",
        {"bottomLeft": [[1, 1]], "topRight": [[3, 3]]},
        {"bottomLeft": [[3, 1]], "topRight": [[3, 3]]},
        lambda x: all(a[0] < b[0] for a, b in zip(x["bottomLeft"], x["topRight"])),
    ),
    (
        "1 <= int(low) <= int(high) < 10^5\n1 <= low.length, high.length <= 5\nlow and high consist of only digits.",
        "low: str, high: str",
        {"low": "12", "high": "12"},
        {"low": "13", "high": "12"},
        lambda x: 1 <= int(x["low"]) <= int(x["high"]) < 10**5,
    ),
    (
        "1 <= n <= 4\nn == grid.length == grid[i].length\n1 <= grid[i][j] <= 3\n"
        "For all i, j that i != j, grid[i][j] != grid[j][i].",
        "grid: List[List[int]]",
        {"grid": [[1, 2], [3, 1]]},
        {"grid": [[1, 2], [2, 1]]},
        lambda x: all(x["grid"][i][j] != x["grid"][j][i] for i in range(len(x["grid"])) for j in range(i)),
    ),
]


@pytest.mark.parametrize("constraints, sig, fits, breaks, holds", CASES, ids=[c[0].splitlines()[-1] for c in CASES])
def test_a_relation_holds_on_every_drawn_input_and_an_existing_test_breaking_it_refuses(
    constraints, sig, fits, breaks, holds
):
    spec = input_spec(fn_problem(constraints, sig, [_json(fits)]))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30, max_len=20)]
    assert len(got) >= 5  # a check alone: fewer inputs where a random draw seldom holds it, never a wrong one
    assert all(holds(x) for x in got)
    assert holds(fits) and not holds(breaks)
    assert "breaks the constraints" in why_not_read(fn_problem(constraints, sig, [_json(fits), _json(breaks)]))


def _json(value: dict) -> str:
    return json.dumps(value)


def test_the_check_holds_only_at_positions_every_element_it_names_exists():
    spec = input_spec(
        fn_problem(NUMS + "nums[i] + nums[i+1] <= 150", "nums: List[int], n: int", ['{"nums": [1], "n": 1}'])
    )
    assert isinstance(spec, InputSpec), spec.reason
    (check,) = [c for c in spec.checks if "range(" in c]
    assert evaluate(check, {"nums": [140], "n": 1})  # one element: no neighbour, nothing to compare
    assert evaluate(check, {"nums": [100, 50, 100], "n": 1})
    assert not evaluate(check, {"nums": [10, 100, 51], "n": 1})  # the last pair
    assert not evaluate(check, {"nums": [151, 0][:1] + [0], "n": 1})  # the first pair


@pytest.mark.parametrize(
    "line",
    [
        "nums[i] + foo[i] <= 150",
        "nums[i] * 2 < m + 5",
        "abs(nums - q) <= 10",
        "nums[i] + nums[i+1] <= 150 for 0 <= i < k",
        "nums[i] + nums[j] <= 150 (i != j)",  # every pair of a long list: too many to check, refused
    ],
)
def test_a_relation_whose_terms_do_not_all_resolve_still_refuses_naming_the_line(line):
    p = fn_problem(NUMS + line, "nums: List[int], n: int", ['{"nums": [1], "n": 1}'])
    spec = input_spec(p)
    assert not isinstance(spec, InputSpec)
    assert spec.refusal.kind == "unsupported_constraint" and spec.refusal.line


def test_a_plain_bound_of_one_element_stays_the_range_readings_drawn_bound():
    p = fn_problem(
        "1 <= l.length == r.length <= 5\n0 <= l[i] < r[i] <= 10\n1 <= nums.length <= 5\n1 <= nums[i] <= 7\n"
        "1 <= queries.length <= 5\nqueries[i].length == 2\n1 <= queries[i][j] <= 9",
        "l: List[int], r: List[int], nums: List[int], queries: List[List[int]]",
        ['{"l": [0], "r": [1], "nums": [1], "queries": [[1, 2]]}'],
    )
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    assert not any("range(" in c for c in spec.checks)  # read as bounds, drawn so


DISTANCES = "N\nD_{1,1} \\ldots D_{1,N}\n\\vdots\nD_{N,1} \\ldots D_{N,N}"
DISTANCE_LINES = [
    "2 \\le N \\le 10",
    "0 \\le D_{i,j} \\le 10^6",
    "D_{i,i} = 0",
    "D_{i,j} = D_{j,i} > 0 (i \\neq j)",
    "All input values are integers.",
]


def test_a_symmetric_chain_with_a_qualifier_is_drawn_symmetric_and_checked_atcoder():
    spec = stdin_spec(_problem(DISTANCES, DISTANCE_LINES, ["2\n0 3\n3 0\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    got = _drawn(spec)
    assert len(got) >= 20
    for v in got:
        d = [_ints(row) for row in v["D"]]
        n = len(d)
        assert all(d[i][j] == d[j][i] > 0 for i in range(n) for j in range(n) if i != j), d
        assert all(d[i][i] == 0 for i in range(n))
    broken = stdin_spec(_problem(DISTANCES, DISTANCE_LINES, ["2\n0 3\n3 0\n", "2\n0 0\n0 0\n"]))
    assert not isinstance(broken, StdinSpec) and "breaks the constraints" in broken.reason


def test_a_name_a_line_gives_a_position_of_a_1_indexed_list_is_that_position_from_1():
    statement_head = "You are given a 1-indexed 2D array queries where queries[i] = [x_i, y_i]."
    p = fn_problem(
        "1 <= queries.length <= 5\nqueries[i].length == 2\nx_i == queries[i][1]\ny_i == queries[i][2]\n"
        "1 <= x_i <= 5\n10 <= y_i <= 20",
        "queries: List[List[int]]",
        ['{"queries": [[1, 10], [5, 20]]}'],
    )
    p.statement = statement_head + "\n" + p.statement
    got = drawn(p)
    assert all(1 <= a <= 5 and 10 <= b <= 20 for x in got for a, b in x["queries"])
    p0 = fn_problem(
        "1 <= queries.length <= 5\nqueries[i].length == 2\nx_i == queries[i][1]\ny_i == queries[i][2]\n"
        "1 <= x_i <= 5\n10 <= y_i <= 20",
        "queries: List[List[int]]",
        ['{"queries": [[1, 10], [5, 20]]}'],
    )  # not said 1-indexed: queries[i][2] is past the rows' stated length
    assert not isinstance(input_spec(p0), InputSpec)
    p0.statement = "You are given a 1-indexed array nums and a 2D array queries.\n" + p0.statement
    assert not isinstance(input_spec(p0), InputSpec)  # another list is 1-indexed, not queries


@pytest.mark.parametrize(
    "constraints, sig, test, holds",
    [
        (
            "1 <= nums.length <= 10^5\n1 <= nums[i] <= 100\nnums[i] + nums[i+1] <= 150",
            "nums: List[int]",
            {"nums": [1, 2]},
            lambda x: all(a + b <= 150 for a, b in zip(x["nums"], x["nums"][1:])),
        ),
        (
            "1 <= bottomLeft.length == topRight.length <= 20\nbottomLeft[i].length == topRight[i].length == 2\n"
            "1 <= bottomLeft[i][0], bottomLeft[i][1] <= 10^7\n1 <= topRight[i][0], topRight[i][1] <= 10^7\n"
            "bottomLeft[i][0] < topRight[i][0]\nbottomLeft[i][1] < topRight[i][1]",
            "bottomLeft: List[List[int]], topRight: List[List[int]]",
            {"bottomLeft": [[1, 1]], "topRight": [[3, 3]]},
            lambda x: all(a[0] < b[0] and a[1] < b[1] for a, b in zip(x["bottomLeft"], x["topRight"])),
        ),
    ],
)
def test_a_relation_at_every_position_of_a_long_list_is_drawn_so_by_redrawing_elements(constraints, sig, test, holds):
    spec = input_spec(fn_problem(constraints, sig, [_json(test)]))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30, max_len=20)]
    assert len(got) >= 20 and all(holds(x) for x in got)
    assert max(len(x[next(iter(test))]) for x in got) >= 10  # long lists too, not only the short ones
    if "10^5" in constraints:  # a large input holds it too
        large = generate_large_inputs(spec, "fx/solve", 1, budget=20_000, max_chars=1_000_000)
        assert large and all(holds(json.loads(x)) for x in large)


def test_a_reference_inside_a_chain_is_bounded_by_the_chains_ends_and_drawn_within_them():
    p = fn_problem(
        "1 <= n <= 50\n1 <= a.length == k.length == d.length <= 4\n1 <= k[i], d[i] <= 10\n"
        "1 <= a[i] <= a[i] + k[i] * d[i] <= n",
        "n: int, a: List[int], k: List[int], d: List[int]",
        ['{"n": 10, "a": [1], "k": [3], "d": [3]}'],
    )  # no line bounds a[i] but the chain: 1 <= a[i] <= n, drawn so, the chain checked whole
    got = drawn(p, 30)
    assert all(1 <= a and a + k * d <= x["n"] for x in got for a, k, d in zip(x["a"], x["k"], x["d"]))
    assert len({a for x in got for a in x["a"]}) > 5
