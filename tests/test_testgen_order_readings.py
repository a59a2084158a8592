"""A list's order read as a subject and an order predicate (microcoder_data/testgen/order_readings.py,
the model's orders in orders.py): every drawn, large and edited input keeps it, and an existing test
that breaks it refuses generation."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.schema import Problem
from microcoder_data.testgen.orders import is_mountain
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase
from test_testgen_conditions import fn_problem, why_not_read


def _asc(xs: list, strict: bool = False) -> bool:
    return all(a < b if strict else a <= b for a, b in zip(xs, xs[1:]))


def _rotation_sorted(xs: list, strict: bool = False) -> bool:
    return any(_asc(xs[k:] + xs[:k], strict) for k in range(max(1, len(xs))))


def _spec(constraints: str, sig: str, tests: list[str]) -> InputSpec:
    spec = input_spec(fn_problem(constraints, sig, tests))
    assert isinstance(spec, InputSpec), spec.reason
    return spec


def _every_input(constraints: str, sig: str, tests: list[str], n: int = 30, large_too: bool = True) -> list[dict]:
    """Drawn, large and edited inputs of the problem (each kind at least one; edited ones where the
    spec has no size apart from the arguments, as Verify edits them)."""
    spec = _spec(constraints, sig, tests)
    drawn = [json.loads(x) for x in generate_inputs(spec, "fx/solve", n)]
    large = [json.loads(x) for x in generate_large_inputs(spec, "fx/solve", 2, budget=30_000, max_chars=10**6)]
    near = [json.loads(x) for x in neighbour_inputs(spec, tests, random.Random(1), 8)]
    assert len(drawn) >= n // 3 and (large or not large_too) and (near or set(spec.order) - set(spec.args))
    return drawn + large + near


CASES = [
    (  # a list of numbers, in other words
        "1 <= nums.length <= 10^5\n-10^9 <= nums[i] <= 10^9\nnums is a non-decreasing array.",
        "nums: List[int]",
        ['{"nums": [1, 2, 2, 5]}'],
        lambda x: _asc(x["nums"]),
        '{"nums": [2, 1]}',
    ),
    (  # each of two lists of strings
        "1 <= a.length, b.length <= 10^4\n1 <= a[i].length, b[i].length <= 10\na[i] and b[i] consist only of lowercase English letters.\n"
        "a and b are lexicographically sorted.",
        "a: List[str], b: List[str]",
        ['{"a": ["ab", "b"], "b": ["a", "c"]}'],
        lambda x: _asc(x["a"]) and _asc(x["b"]),
        '{"a": ["b", "ab"], "b": ["a"]}',
    ),
    (  # tuples by the position the line names
        "0 <= intervals.length <= 10^4\nintervals[i].length == 2\nintervals[i] = [starti, endi]\n0 <= starti <= endi <= 10^5\n"
        "intervals is sorted by starti in ascending order.",
        "intervals: List[List[int]]",
        ['{"intervals": [[1, 3], [6, 9]]}'],
        lambda x: _asc([s for s, _ in x["intervals"]]),
        '{"intervals": [[6, 9], [1, 3]]}',
    ),
    (  # tuples by a position of their second place
        "1 <= events.length <= 10^4\nevents[i] == [index_i, time_i]\n1 <= index_i, time_i <= 10^5\n"
        "The input is generated such that events is sorted in increasing order of time_i.",
        "events: List[List[int]]",
        ['{"events": [[3, 2], [1, 5]]}'],
        lambda x: _asc([t for _, t in x["events"]], strict=True),
        '{"events": [[1, 5], [3, 2]]}',
    ),
    (  # a position as the subject
        "1 <= brackets.length <= 10^4\nbrackets[i] = [upperi, percenti]\n1 <= upperi <= 1000\n0 <= percenti <= 100\n"
        "upperi is sorted in ascending order.",
        "brackets: List[List[int]]",
        ['{"brackets": [[3, 50], [7, 10]]}'],
        lambda x: _asc([u for u, _ in x["brackets"]]),
        '{"brackets": [[7, 10], [3, 50]]}',
    ),
    (  # each row and each column of the one grid there is
        "m == matrix.length\nn == matrix[i].length\n1 <= n, m <= 300\n-10^9 <= matrix[i][j] <= 10^9\n"
        "All the integers in each row are sorted in ascending order.\n"
        "All the integers in each column are sorted in ascending order.",
        "matrix: List[List[int]]",
        ['{"matrix": [[1, 4], [2, 5]]}'],
        lambda x: all(_asc(r) for r in x["matrix"]) and all(_asc(list(c)) for c in zip(*x["matrix"])),
        '{"matrix": [[1, 4], [0, 5]]}',
    ),
    (
        "n == matrix.length == matrix[i].length\n1 <= n <= 300\n-10^9 <= matrix[i][j] <= 10^9\n"
        "All the rows and columns of matrix are guaranteed to be sorted in non-decreasing order.",
        "matrix: List[List[int]]",
        ['{"matrix": [[1, 5], [10, 11]]}'],
        lambda x: all(_asc(r) for r in x["matrix"]) and all(_asc(list(c)) for c in zip(*x["matrix"])),
        '{"matrix": [[5, 1], [10, 11]]}',
    ),
    (  # a sorted list rotated, distinct values stated apart
        "1 <= nums.length <= 5000\n-10^4 <= nums[i] <= 10^4\nAll values of nums are unique.\n"
        "nums is an ascending array that is possibly rotated.",
        "nums: List[int]",
        ['{"nums": [4, 5, 6, 7, 0, 1, 2]}'],
        lambda x: _rotation_sorted(x["nums"], strict=True),
        '{"nums": [4, 0, 5, 1]}',
    ),
    (  # rotated, duplicates allowed
        "n == nums.length\n1 <= n <= 5000\n-5000 <= nums[i] <= 5000\nnums is sorted and rotated between 1 and n times.",
        "nums: List[int]",
        ['{"nums": [2, 2, 2, 0, 1]}'],
        lambda x: _rotation_sorted(x["nums"]),
        '{"nums": [2, 0, 2, 1]}',
    ),
    (  # neighbours of a position, the subscript lost
        "1 <= fruits.length <= 10^5\nfruits[i].length == 2\nfruits[i] = [positioni, amounti]\n0 <= startPos, positioni <= 2 * 10^5\n"
        "positioni-1 < positioni for any i > 0 (0-indexed)\n1 <= amounti <= 10^4",
        "fruits: List[List[int]], startPos: int",
        ['{"fruits": [[2, 8], [6, 3]], "startPos": 5}'],
        lambda x: _asc([p for p, _ in x["fruits"]], strict=True),
        '{"fruits": [[2, 8], [2, 3]], "startPos": 5}',
    ),
    (  # neighbours of a flat list
        "releaseTimes.length == n\n2 <= n <= 10^5\n1 <= releaseTimes[i] <= 10^9\nreleaseTimes[i] < releaseTimes[i+1]",
        "releaseTimes: List[int]",
        ['{"releaseTimes": [9, 29, 49]}'],
        lambda x: _asc(x["releaseTimes"], strict=True),
        '{"releaseTimes": [9, 9, 49]}',
    ),
    (  # strictly decreasing
        "m == b.length\n1 <= m <= 10^4\n1 <= b[i] <= 10^9\nb[i] > b[i+1] for all 0 <= i < m - 1",
        "b: List[int]",
        ['{"b": [9, 4, 1]}'],
        lambda x: all(p > q for p, q in zip(x["b"], x["b"][1:])),
        '{"b": [9, 9, 1]}',
    ),
    (  # an element bounded by its own index
        "n == nextVisit.length\n2 <= n <= 10^5\n0 <= nextVisit[i] <= i",
        "nextVisit: List[int]",
        ['{"nextVisit": [0, 0, 2]}'],
        lambda x: all(0 <= v <= i for i, v in enumerate(x["nextVisit"])),
        '{"nextVisit": [0, 2]}',
    ),
]


@pytest.mark.parametrize("constraints, sig, tests, holds, broken", CASES, ids=range(len(CASES)))
def test_every_drawn_large_and_edited_input_keeps_the_order(constraints, sig, tests, holds, broken):
    # tuples strictly in order of a position: a large draw runs past its work budget redrawing the
    # keys it repeats (none is invalid: no large test)
    got = _every_input(constraints, sig, tests, large_too="positioni-1 <" not in constraints)
    assert all(holds(x) for x in got)
    assert len({json.dumps(x) for x in got}) > 10  # not one input drawn again and again
    assert "breaks the constraints" in why_not_read(fn_problem(constraints, sig, [broken]))


def test_a_rotated_list_is_drawn_rotated_not_only_sorted():
    spec = _spec(
        "1 <= nums.length <= 50\n-10^4 <= nums[i] <= 10^4\nAll values of nums are unique.\n"
        "nums is an ascending array that is possibly rotated.",
        "nums: List[int]",
        ['{"nums": [4, 5, 0, 1]}'],
    )
    got = [json.loads(x)["nums"] for x in generate_inputs(spec, "fx/solve", 30)]
    assert all(_rotation_sorted(x, strict=True) for x in got) and sum(not _asc(x) for x in got) > 10


MOUNTAIN = "Solve it.\n\nConstraints:\n\n3 <= arr.length <= 10^5\n0 <= arr[i] <= 10^6\narr is guaranteed to be a mountain array.\n"
DEFINED = (
    "Recall that arr is a mountain array if and only if:\narr.length >= 3\nThere exists some i with 0 < i < arr.length - 1 "
    "such that:\narr[0] < arr[1] < ... < arr[i - 1] < arr[i]\narr[i] > arr[i + 1] > ... > arr[arr.length - 1]\n"
)


@pytest.mark.parametrize(
    "definition",
    [
        DEFINED,
        "You are given an integer mountain array arr of length n where the values increase to a peak element and "
        "then decrease.\n",
    ],
)
def test_a_mountain_the_statement_defines_so_is_drawn_and_checked(definition):
    p = fn_problem("", "arr: List[int]", ['{"arr": [0, 2, 1, 0]}'])
    p.statement = definition + MOUNTAIN
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, p.id, 30)]
    got += [json.loads(x) for x in generate_large_inputs(spec, p.id, 2, budget=4000, max_chars=10**6)]
    assert len(got) > 10 and all(is_mountain(x["arr"]) for x in got)
    assert len({x["arr"].index(max(x["arr"])) for x in got}) > 2  # the peak anywhere but the ends
    p.tests = [TestCase('{"arr": [0, 1, 1, 0]}', "1")]  # a plateau: no mountain as defined
    assert "breaks the constraints" in why_not_read(p)


def test_a_mountain_defined_otherwise_or_not_at_all_is_refused():
    other = (
        "Array heights is a mountain if there exists an index i such that:\nFor all 0 < j <= i, arr[j - 1] <= arr[j]\n"
    )
    for definition in ("", other):
        p = fn_problem("", "arr: List[int]", ['{"arr": [0, 2, 1, 0]}'])
        p.statement = definition + MOUNTAIN
        assert "mountain array" in why_not_read(p)


@pytest.mark.parametrize(
    "line",
    [
        "nums is sorted and rotated between 1 and k times",  # not every rotation
        "s is sorted in ascending order",  # a string
        "All the integers in each row are sorted in ascending order",  # of which grid?
        # numbers by their digits (10 before 9), which the model does not hold: not drawn numerically
        "nums is sorted in lexicographical order",
        "nums and words are lexicographically sorted",
        "All the integers in each row of a are sorted in lexicographical order",
        "pairs is sorted lexicographically by xi",
    ],
)
def test_an_order_on_what_it_cannot_hold_refuses_the_line(line):
    p = fn_problem(
        f"1 <= nums.length <= 1000\n0 <= nums[i] <= 1000\n1 <= k <= 10\n1 <= s.length <= 5\n"
        f"pairs[i] = [xi, yi]\n0 <= xi, yi <= 100\n{line}",
        "nums: List[int], k: int, s: str, a: List[List[int]], b: List[List[int]], words: List[str], "
        "pairs: List[List[int]]",
        ['{"nums": [1], "k": 1, "s": "a", "a": [[1]], "b": [[1]], "words": ["a"], "pairs": [[1, 2]]}'],
    )
    assert line in why_not_read(p)


def test_a_list_stated_sorted_and_rotated_refuses_the_rotation():
    # the rotation would undo the first line's order: not read
    rotated = "nums is an ascending array that is possibly rotated"
    p = fn_problem(
        f"1 <= nums.length <= 10\n0 <= nums[i] <= 9\nnums is sorted in ascending order.\n{rotated}.",
        "nums: List[int]",
        ['{"nums": [1, 2]}'],
    )
    assert rotated in why_not_read(p)


def test_a_bound_that_names_i_in_a_clause_is_not_the_index():
    # "for i != 0" qualifies which elements: the parent list's reading (length_relations), not an own-index bound
    p = fn_problem(
        "n == parents.length\n2 <= n <= 10^5\nparents[0] == -1\n0 <= parents[i] <= n - 1 for i != 0\n"
        "parents represents a valid tree.",
        "parents: List[int]",
        ['{"parents": [-1, 0, 0, 2]}'],
    )
    assert "0 <= parents[i] <= n - 1 for i != 0" not in (getattr(input_spec(p), "reason", "") or "")


BANKNOTES = """Find the smallest sum k banknotes cannot make.

### Input

The first line contains two integers n and k (1 <= n <= 10; 1 <= k <= 10^9).

The next line contains n integers a_1, a_2, ..., a_n (0 = a_1 < a_2 < ... < a_n <= 9).

### Output

Print one integer.
"""


def test_a_prose_chain_with_its_first_element_fixed_is_sorted_from_that_value():
    # the prose reader leaves the chain's last term a[n]: still the chain (stdin_translate._chain)
    p = Problem(
        id="cf/banknotes",
        source="cf",
        title="t",
        statement=BANKNOTES,
        mode="stdin",
        tests=[TestCase("3 13\n0 1 2\n", "59\n")],
        reference_solutions=[],
    )
    s = stdin_spec(p)
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x)["a"] for x in generate_inputs(s.spec, p.id, 30)]
    assert len(got) > 10 and all(a[0] == 0 and _asc(a, strict=True) and a[-1] <= 9 for a in got)
    broken = Problem(**{**p.__dict__, "tests": [TestCase("2 13\n1 2\n", "1\n")]})  # a_1 is not 0
    assert "breaks" in stdin_spec(broken).reason


@pytest.mark.parametrize(
    "line",
    [
        "nums[i] < nums[i + 1] <= 2 * nums[i]",  # a gap between neighbours, not a bound on each
        "nums[i] < nums[i + 1] <= nums[i] + 3",
        "0 <= nums[i] < nums[i + 1] <= nums[i] + i",
        "xi-1 < xi <= xi-1 + 3 for any i > 0",
    ],
)
def test_a_chain_whose_other_end_names_the_list_refuses_the_line(line):
    # re-read as a bound, nums[i] <= 2 * nums[i] would hold of [1, 3, 5]: the gap would be lost
    p = fn_problem(
        f"2 <= nums.length <= 20\n1 <= nums[i] <= 100\npoints[i] = [xi, yi]\n2 <= points.length <= 20\n"
        f"1 <= xi, yi <= 100\n{line}",
        "nums: List[int], points: List[List[int]]",
        ['{"nums": [1, 2, 4], "points": [[1, 2], [2, 3]]}'],
    )
    assert line in why_not_read(p)


@pytest.mark.parametrize(
    "line",
    [
        "nums[i] < nums[i + 1] for all 0 <= i < k",  # some neighbours only: not a sorted list
        "0 <= nums[i] < nums[i + 1] <= 100 for all 0 <= i < k",  # nor a bound on every element
        "nums[i] < nums[i + 1] for all 1 <= i < n - 1",  # the first pair left out
        "nums[i] < nums[i + 1] for all 0 <= i < n - 2",  # the last pair left out
        "nums[i] < nums[i + 1] for all 1 <= i < m",  # m: no length stated
        "nums[i] < nums[i + 1] for any i > 0",  # 0-indexed: the first pair left out
    ],
)
def test_a_neighbour_range_narrower_than_the_list_refuses_the_line(line):
    p = fn_problem(
        f"n == nums.length\n2 <= n <= 20\n1 <= k <= n\n0 <= nums[i] <= 1000\n{line}",
        "nums: List[int], k: int",
        ['{"nums": [1, 2, 500], "k": 1}'],
    )
    assert line in why_not_read(p)


@pytest.mark.parametrize(
    "line",
    [
        "nums[i] < nums[i + 1] for all 0 <= i < n - 1",
        "nums[i] < nums[i + 1] for all 0 <= i < nums.length - 1",
        "nums[i - 1] < nums[i] for all 1 <= i < n",
        "nums[i] < nums[i + 1] for all 0 <= i <= n - 2",
        "nums[i] < nums[i + 1] for all valid i",
    ],
)
def test_a_neighbour_range_over_the_whole_list_is_drawn_sorted(line):
    p = fn_problem(
        f"n == nums.length\n2 <= n <= 20\n0 <= nums[i] <= 1000\n{line}", "nums: List[int]", ['{"nums": [1, 2, 500]}']
    )
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x)["nums"] for x in generate_inputs(spec, "fx/solve", 30)]
    assert len(got) > 10 and all(_asc(xs, strict=True) for xs in got)
