"""Structured constraints in test generation (microcoder_data/testgen/structures.py):
tuples named in the statement, ``!=``, trees, no repeated edges, permutations, lengths
that are a multiple of k, and the confidence rule when such a line is not understood."""

from __future__ import annotations

import json

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from microcoder_data.testgen.spec_model import is_tree
from microcoder_eval.types import TestCase

GRAPH = """There is an undirected graph with n nodes, where edges[i] = [ui, vi, wi] is an edge of weight wi.

Constraints:

2 <= n <= 10^5
1 <= edges.length <= 10^5
edges[i].length == 3
0 <= ui, vi <= n - 1
ui != vi
1 <= wi <= 10^6
There are no repeated edges.
"""
TREE = """Given edges of a tree, where edges[i] = [ai, bi].

Constraints:

2 <= n <= 10^5
edges.length == n - 1
edges[i].length == 2
0 <= ai, bi < n
The input is generated such that edges represents a valid tree.
"""
PERM = """Constraints:

2 <= n == nums.length <= 14
nums is a permutation of [0, 1, 2, ..., n - 1].
"""


def fn_problem(statement: str, sig: str, name: str, tests: list[str]) -> Problem:
    return Problem(
        id=f"fx/{name}",
        source="fx",
        title=name,
        statement=statement,
        mode="functional",
        tests=[TestCase(t, "0") for t in tests],
        starter_code=f"class Solution:\n    def {name}(self, {sig}) -> int:\n",
        fn_name=name,
        reference_solutions=[f"class Solution:\n    def {name}(self, {sig}) -> int:\n        return 0\n"],
    )


def graph() -> Problem:
    return fn_problem(
        GRAPH,
        "n: int, edges: List[List[int]]",
        "graph",
        ['{"n": 3, "edges": [[0, 1, 5], [1, 2, 7]]}', '{"n": 2, "edges": [[1, 0, 1]]}'],
    )


def test_tuple_positions_named_in_the_statement_get_their_own_bounds():
    spec = input_spec(graph())
    assert isinstance(spec, InputSpec), spec.reason
    tup = spec.nodes["edges"].elem
    assert tup.items is not None and len(tup.items) == 3 and tup.item_ne == [(0, 1)]
    assert (tup.items[0].lo, tup.items[0].hi) == ("0", "n - 1") and (tup.items[2].lo, tup.items[2].hi) == ("1", "10**6")
    assert spec.nodes["n"].size_like  # it counts the nodes: drawn small
    xs = [json.loads(x) for x in generate_inputs(spec, "fx/graph", 30)]
    assert len(xs) >= 20
    for x in xs:
        pairs = [tuple(sorted(e[:2])) for e in x["edges"]]
        assert len(pairs) == len(set(pairs))  # no repeated edges, either direction
        assert all(0 <= a < x["n"] and 0 <= b < x["n"] and a != b and 1 <= w <= 10**6 for a, b, w in x["edges"])
        assert x["n"] <= 20


def test_bounds_between_positions_of_one_tuple():
    st = """Constraints:

1 <= days <= 10^9
1 <= meetings.length <= 10^5
meetings[i].length == 2
1 <= meetings[i][0] <= meetings[i][1] <= days
"""
    p = fn_problem(st, "days: int, meetings: List[List[int]]", "days", ['{"days": 10, "meetings": [[5, 7], [1, 3]]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    assert spec.nodes["meetings"].elem.item_order == [1, 0]  # the end first: the start's bound names it
    for x in map(json.loads, generate_inputs(spec, p.id, 30)):
        assert all(1 <= s <= e <= x["days"] for s, e in x["meetings"])


def test_trees_are_trees():
    p = fn_problem(TREE, "edges: List[List[int]]", "tree", ['{"edges": [[0, 1], [1, 2]]}', '{"edges": [[1, 0]]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    assert spec.nodes["edges"].tree
    xs = [json.loads(x)["edges"] for x in generate_inputs(spec, p.id, 20)]
    assert len(xs) >= 10 and all(is_tree(e) for e in xs) and any(len(e) >= 4 for e in xs)
    # an existing test that is no tree breaks the reading: no spec
    bad = fn_problem(TREE, "edges: List[List[int]]", "tree", ['{"edges": [[0, 1], [1, 0]]}'])
    assert isinstance(input_spec(bad), NoSpec)


def test_permutations_exclusions_and_even_lengths():
    p = fn_problem(PERM, "nums: List[int]", "perm", ['{"nums": [0, 3, 1, 2]}', '{"nums": [1, 0]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    for x in map(json.loads, generate_inputs(spec, p.id, 20)):
        assert sorted(x["nums"]) == list(range(len(x["nums"]))) and 2 <= len(x["nums"]) <= 14
    st = "Constraints:\n\n1 <= nums.length <= 100\nnums.length % 2 == 0\n-10 <= nums[i] <= 10\nnums[i] != 0\n"
    p = fn_problem(st, "nums: List[int]", "even", ['{"nums": [2, -3]}', '{"nums": [1, 1, 5, -10]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    xs = [json.loads(x)["nums"] for x in generate_inputs(spec, p.id, 30)]
    assert len(xs) >= 20 and all(len(v) % 2 == 0 and 0 not in v for v in xs)
    # a test with an odd length breaks the reading
    p.tests.append(TestCase('{"nums": [1, 2, 3]}', "0"))
    assert isinstance(input_spec(p), NoSpec)


def test_structural_line_not_understood_means_no_generation():
    # a tree "rooted at 0" / a guarantee about an argument the reader cannot check
    for extra in (
        "The input is generated such that edges represents a valid binary tree.",
        "edges[i][0] != edges[i][2] or n is odd",
    ):
        p = graph()
        p.statement = GRAPH + extra + "\n"
        spec = input_spec(p)
        assert isinstance(spec, NoSpec) and "not understood" in spec.reason
    # positions named but the tuples' length never stated nor implied
    st = "Constraints:\n\n1 <= nums.length <= 10\n0 <= nums[i][1] <= 5\n"
    p = fn_problem(st, "nums: List[List[int]]", "loose", ['{"nums": [[1, 2]]}'])
    assert isinstance(input_spec(p), NoSpec)


def test_strings_distinct_letters_total_length_and_permutations_of_another_argument():
    st = """Constraints:

1 <= s.length <= 26
Each character occurs at most once in s.
t is a permutation of s.
s consists only of lowercase English letters.
"""
    p = fn_problem(st, "s: str, t: str", "perm", ['{"s": "abc", "t": "bac"}', '{"s": "z", "t": "z"}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    xs = [json.loads(x) for x in generate_inputs(spec, p.id, 20)]
    assert len(xs) == 20 and any(len(x["s"]) > 3 for x in xs)
    assert all(len(set(x["s"])) == len(x["s"]) and sorted(x["s"]) == sorted(x["t"]) for x in xs)
    st = """Constraints:

1 <= words.length <= 10^5
1 <= words[i].length <= 10^5
words[i] consists only of lowercase English letters.
The sum of the lengths of all words[i] does not exceed 30.
"""
    p = fn_problem(st, "words: List[str]", "words", ['{"words": ["ab", "b"]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec) and spec.nodes["words"].total_len_hi == "30"
    assert all(sum(map(len, json.loads(x)["words"])) <= 30 for x in generate_inputs(spec, p.id, 30))
    st = "Constraints:\n\n1 <= s.length <= 10^5\ns[i] is either a lowercase English letter or '?'.\n"
    spec = input_spec(fn_problem(st, "s: str", "q", ['{"s": "a?b"}']))
    assert isinstance(spec, InputSpec) and spec.nodes["s"].alphabet == "?abcdefghijklmnopqrstuvwxyz"


def test_all_pairs_distinct_and_scraped_powers():
    st = """You are given points where points[i] = [xi, yi].

Constraints:

1 <= points.length <= 10^5
points[i].length == 2
0 <= xi == points[i][0] <= 109
0 <= yi == points[i][1] <= 109
1 <= k <= 1015
All pairs (xi, yi) are distinct.
"""
    p = fn_problem(st, "points: List[List[int]], k: int", "pts", ['{"points": [[0, 0], [0, 1]], "k": 100000000000000}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    assert spec.nodes["points"].distinct and spec.nodes["k"].hi == "10**15"
    for x in map(json.loads, generate_inputs(spec, p.id, 30)):
        assert len({tuple(q) for q in x["points"]}) == len(x["points"])


def test_distinct_within_an_element_or_among_the_elements():
    st = "Constraints:\n\n1 <= nums.length <= 10\n1 <= nums[i].length <= 5\n1 <= nums[i][j] <= 9\n{}\n"
    p = fn_problem(
        st.format("All the values of nums[i] are unique."),
        "nums: List[List[int]]",
        "rows",
        ['{"nums": [[1, 2], [1, 2]]}'],
    )
    spec = input_spec(p)
    assert isinstance(spec, InputSpec) and spec.nodes["nums"].elem.distinct and not spec.nodes["nums"].distinct
    p = fn_problem(
        st.format("All nums[i] are distinct."), "nums: List[List[int]]", "rows", ['{"nums": [[1, 1], [1, 2]]}']
    )
    spec = input_spec(p)
    assert isinstance(spec, InputSpec) and spec.nodes["nums"].distinct and not spec.nodes["nums"].elem.distinct
    flat = "Constraints:\n\n1 <= nums.length <= 10\n1 <= nums[i] <= 9\nAll the values of nums[i] are unique.\n"
    spec = input_spec(fn_problem(flat, "nums: List[int]", "flat", ['{"nums": [1, 2]}']))
    assert isinstance(spec, InputSpec) and spec.nodes["nums"].distinct
