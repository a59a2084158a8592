"""A body sentence naming an input with a property word no clause reads refuses (issue 37, valid or none)."""

from __future__ import annotations

import json
import math

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import NoSpec, input_spec
from microcoder_data.testgen.stated_properties import stated_properties
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase
from test_testgen_geometry import _problem  # a functional problem from body and Constraints
from test_testgen_stated_properties import _problem as no_constraints  # Constraints may be None


def _drawn(body: str, constraints: str, sig: str, tests: list[str]) -> list[dict] | NoSpec:
    spec = input_spec(_problem(body, constraints, sig, tests))
    return spec if isinstance(spec, NoSpec) else [json.loads(x) for x in generate_inputs(spec, "fx/solve", 40)]


AB = ("1 <= a, b <= 1000", "a: int, b: int", ['{"a": 3, "b": 4}'])
NUMS = ("1 <= nums.length <= 8\n-100 <= nums[i] <= 100", "nums: List[int]", ['{"nums": [1, 2, 3]}'])


@pytest.mark.parametrize(
    "body, given",
    [
        # before: each passed unread, every pair in [1, 1000]^2 drawn
        ("You are given two integers a and b. Return their sum. a and b are coprime (i.e., gcd(a, b) = 1).", AB),
        ("Given two integers a and b such that a and b are coprime, return their sum.", AB),
        ("You are given two integers a and b. It is known that a and b are coprime. Return x.", AB),
        ("Given integers a and b. Note: a and b are coprime. Return x.", AB),
        ("Given integers a and b (a and b are coprime). Return x.", AB),
        ("You are given two integers a and b. Note that gcd(a, b) = 1. Return x.", AB),
        ("Given integers a and b. Note that at most one of a and b is even. Return x.", AB),
        (
            "You are given an integer n, where n is even, and n / 2 is odd. Return x.",
            ("1 <= n <= 100", "n: int", ['{"n": 6}']),
        ),
        # the adjective before the noun; the order's key after "order"
        ("Given the sorted rotated array nums, return x.", NUMS),  # a word beside the order no form reads
        ("You are given a sorted list of disjoint intervals nums.", NUMS),
        ("There is an integer array nums sorted in ascending order (with distinct values).", NUMS),
        ("Given a distinct integer array nums, return x.", NUMS),
        ("Given an integer array nums sorted in non-decreasing order of absolute value, return x.", NUMS),
        ("Given an integer array nums sorted in ascending order by absolute value, return x.", NUMS),
    ],
)
def test_a_property_sentence_no_form_reads_refuses_naming_it(body, given):
    got = _drawn(body, *given)
    assert isinstance(got, NoSpec) and got.refusal.kind == "promise"
    assert got.refusal.line and got.refusal.line in body


@pytest.mark.parametrize(
    "body, broken",
    [
        # before: nums1 drawn unsorted / s with repeats / nums1 with repeats (only the last name was read)
        (
            "You are given two integer arrays nums1 and nums2, sorted in non-decreasing order. Return x.",
            lambda g: g["nums1"] != sorted(g["nums1"]) or g["nums2"] != sorted(g["nums2"]),
        ),
        (
            "Given two arrays of distinct integers nums1 and nums2, return x.",
            lambda g: any(len(set(g[k])) != len(g[k]) for k in ("nums1", "nums2")),
        ),
    ],
)
def test_a_property_beside_a_list_of_names_is_each_ones(body, broken):
    lines = "1 <= nums1.length, nums2.length <= 8\n-100 <= nums1[i], nums2[i] <= 100"
    got = _drawn(body, lines, "nums1: List[int], nums2: List[int]", ['{"nums1": [1, 2], "nums2": [3, 4]}'])
    assert isinstance(got, list) and got and not any(broken(g) for g in got)


def test_two_strings_of_distinct_characters_are_each_distinct():
    lines = "1 <= s.length, t.length <= 8\ns and t consist of lowercase English letters."
    got = _drawn(
        "Given two strings s and t of distinct characters, return x.",
        lines,
        "s: str, t: str",
        ['{"s": "ab", "t": "xy"}'],
    )
    assert isinstance(got, list) and got
    assert all(len(set(g[k])) == len(g[k]) for g in got for k in "st")


def test_a_lower_case_sentence_after_a_stop_is_read():
    # before: "... nums. nums is sorted ..." was one sentence and passed unread
    got = _drawn("You are given an integer array nums. nums is sorted in ascending order. Return x.", *NUMS)
    assert isinstance(got, list) and got and all(g["nums"] == sorted(g["nums"]) for g in got)


def test_a_sign_word_a_constraints_range_makes_so_is_passed_over():
    body = "Given two positive integers a and b, return x."
    assert stated_properties(body, ["a", "b"], ["1 <= a, b <= 5"]) == []
    assert stated_properties("You are given two positive integers n and k.", ["n", "k"], ["1 <= k <= n <= 50"]) == []
    # no range keeps them positive: the sign is read as a bound of its own (before: refused unread)
    assert [c for _, c in stated_properties(body, ["a", "b"], ["-5 <= a, b <= 5"])] == [
        "a is positive",
        "b is positive",
    ]
    got = _drawn(body, "-5 <= a, b <= 5", "a: int, b: int", ['{"a": 3, "b": 4}'])
    assert isinstance(got, list) and len(got) >= 10 and all(g["a"] >= 1 and g["b"] >= 1 for g in got)
    broken = _drawn(body, "-5 <= a, b <= 5", "a: int, b: int", ['{"a": 3, "b": 0}'])
    assert isinstance(broken, NoSpec) and "breaks" in broken.reason


def test_a_sign_word_of_another_noun_or_a_range_of_the_name_in_other_case_is_passed_over():
    """Dev false refusals of the first rule: "Each positive word in a feedback report increases ..." (the
    sign of a word, no input's) and "a positive integer arrivalTime" beside ``1 <= arrivaltime < 24``."""
    words = "Each positive word in a report increases the points of a student by 3."
    assert stated_properties(words, ["report", "k"], ["1 <= k <= 10"]) == []
    timed = "You are given a positive integer arrivalTime denoting the arrival time of a train in hours."
    assert stated_properties(timed, ["arrivalTime"], ["1 <= arrivaltime < 24"]) == []
    # a positive k the Constraints allow 0 for: both hold (before: refused unread)
    assert [c for _, c in stated_properties("You are given a positive integer k.", ["k"], ["0 <= k <= 10"])] == [
        "k is positive"
    ]


def test_a_constraints_line_about_another_input_does_not_say_it():
    # before: "target is a permutation of nums" counted as saying nums' values distinct; [5, 5, 7] drawn
    lines = "1 <= nums.length <= 8\n1 <= nums[i] <= 10\ntarget.length == nums.length\ntarget is a permutation of nums"
    body = "Given an array of distinct integers nums and an array target, return x."
    got = _drawn(body, lines, "nums: List[int], target: List[int]", ['{"nums": [1, 2, 3], "target": [3, 1, 2]}'])
    assert isinstance(got, NoSpec) or all(len(set(g["nums"])) == len(g["nums"]) for g in got)
    assert stated_properties(body, ["nums", "target"], lines.split("\n")) != []


def _atcoder(body: str) -> StdinSpec | NoSpec:
    cons = "\n".join(f"- {c}" for c in ["1 \\le N \\le 8", "1 \\le A_i \\le 5", "All input values are integers."])
    statement = (
        f"{body}\n\n### Input\n\nThe input is given from Standard Input in the following format:\n"
        f"N\nA_1 A_2 \\ldots A_N\n\n### Output\n\nPrint the answer.\n\n### Constraints\n\n{cons}\n\n### Sample Input 1\n\n1\n"
    )
    p = Problem(
        id="atc/x",
        source="atc",
        title="X",
        statement=statement,
        mode="stdin",
        tests=[TestCase("3\n1 2 3\n", "0\n")],
        reference_solutions=["print(0)"],
    )
    return stdin_spec(p)


@pytest.mark.parametrize(
    "body",
    [
        # before: A = [1, 1, 2, 4, 1] drawn for each
        "You are given a sequence A = (A_1, \\ldots, A_N). Here, A_1, A_2, \\ldots, A_N are pairwise distinct. Find x.",
        "You are given a sequence A = (A_1, \\ldots, A_N). Here, A_i \\neq A_j for i \\neq j. Find x.",
        "You are given a sequence A = (A_1, \\ldots, A_N), where A_1 < A_2 < \\ldots < A_N. Find x.",
        "You are given a strictly increasing sequence A = (A_1, \\ldots, A_N). Find x.",
    ],
)
def test_an_atcoder_body_property_is_read_or_refused(body):
    spec = _atcoder(body)
    if isinstance(spec, StdinSpec):
        got = [parse(spec.rows, spec.render(json.loads(x))) for x in generate_inputs(spec.spec, "atc/x", 40)]
        assert all(sorted(set(map(int, g["A"]))) == list(map(int, g["A"])) for g in got) or all(
            len(set(g["A"])) == len(g["A"]) for g in got
        )
    else:
        assert spec.refusal.kind == "promise"


def test_a_property_read_as_a_clause_is_drawn_so():
    got = _drawn("You are given two integers a and b. a and b are coprime. Return x.", *AB)
    assert isinstance(got, list) and got and all(math.gcd(g["a"], g["b"]) == 1 for g in got)


@pytest.mark.parametrize(
    "said", ["Note that the elements of grid are distinct.", "Note that all the values of grid are unique."]
)
def test_the_values_of_a_matrix_distinct_are_its_cells(said):
    # before: only the rows were made distinct; [[6, 3], [3, 9]] drawn
    lines = "1 <= grid.length <= 4\n1 <= grid[i].length <= 4\n1 <= grid[i][j] <= 30"
    got = _drawn(f"Return x. {said}", lines, "grid: List[List[int]]", ['{"grid": [[1, 2], [3, 4]]}'])
    assert isinstance(got, list) and got
    cells = [[v for row in g["grid"] for v in row] for g in got]
    assert all(len(set(c)) == len(c) for c in cells)


_GRAPH_LINES = (
    "n == graph.length\n1 <= n <= 12\n0 <= graph[u].length < n\n0 <= graph[u][i] <= n - 1\n"
    "graph[u] does not contain u.\nAll the values of graph[u] are unique."
)
_GRAPH_BODY = "There is an undirected graph with n nodes. graph[u] is an array of nodes that node u is adjacent to."


@pytest.mark.parametrize(
    "said",
    [
        "The graph is a tree.",
        "The graph is connected.",
        "There are no cycles in the graph.",
        "This graph is connected.",
        "The nodes form a connected graph.",
        "The edges form a tree.",
        "Every node is reachable from every other node.",
    ],
)
def test_a_graph_property_the_body_states_alone_refuses(said):
    # before: random symmetric lists drawn, [[], []] for "connected", a cycle for "a tree"
    got = _drawn(f"{_GRAPH_BODY} {said}", _GRAPH_LINES, "graph: List[List[int]]", ['{"graph": [[1], [0, 2], [1]]}'])
    assert isinstance(got, NoSpec) and got.refusal.kind == "promise" and got.refusal.line == said


def test_a_tree_line_on_adjacency_lists_refuses_cleanly():
    # before: is_tree read adjacency rows as edges and raised IndexError (a reading_error refusal)
    lines = f"{_GRAPH_LINES}\nThe graph is a tree."
    got = _drawn(_GRAPH_BODY, lines, "graph: List[List[int]]", ['{"graph": [[1], [0, 2], [1]]}'])
    assert isinstance(got, NoSpec) and got.refusal.kind == "unsupported_constraint"
    assert got.refusal.line == "The graph is a tree."


@pytest.mark.parametrize(
    "body, lines, tests",
    [
        (  # rows of one length: read as edges, drawn one-way ([[5, 5], ...])
            _GRAPH_BODY,
            "n == graph.length\n3 <= n <= 12\ngraph[u].length == 2\n0 <= graph[u][i] <= n - 1\ngraph[u] does not contain u.",
            ['{"graph": [[1, 2], [0, 2], [0, 1]]}'],
        ),
        (  # ids from 1: not tied, drawn one-way ([[1, 1], [1, 3], [3, 1]])
            "There is an undirected graph with n nodes labeled 1 to n. graph[i] is the list of nodes connected to node i + 1.",
            "n == graph.length\n1 <= n <= 12\n0 <= graph[i].length < n\n1 <= graph[i][j] <= n",
            ['{"graph": [[2], [1]]}'],
        ),
    ],
)
def test_two_way_neighbour_lists_not_tied_refuse(body, lines, tests):
    got = _drawn(body, lines, "graph: List[List[int]]", tests)
    assert isinstance(got, NoSpec) and "two-way" in got.reason


def test_a_property_after_a_bracketed_alias_is_the_inputs():
    # before: the ", " inside "[starti, endi]" cut the clause from its input; drawn unsorted by endi
    body = "You are given an array intervals where intervals[i] = [starti, endi], sorted in ascending order by endi. Return x."
    lines = "1 <= intervals.length <= 6\nintervals[i].length == 2\n0 <= starti < endi <= 100"
    got = _drawn(body, lines, "intervals: List[List[int]]", ['{"intervals": [[1, 3], [2, 5]]}'])
    assert isinstance(got, NoSpec) or all(
        [e for _, e in g["intervals"]] == sorted(e for _, e in g["intervals"]) for g in got
    )


def test_a_relation_in_words_between_inputs_refuses_unless_read():
    # before: "Here, A is less than B." passed unread; A = B = 1 drawn
    spec = _atcoder("You are given a sequence A = (A_1, \\ldots, A_N). Here, A_1 is less than A_2. Find x.")
    assert isinstance(spec, NoSpec) and spec.refusal.kind == "promise"


@pytest.mark.parametrize(
    "body",
    [
        "You are given an integer array nums. The first element of nums is positive.",
        "You are given an integer array nums. The contents of nums are unique.",
        "You are given an integer array nums. For each valid i, nums[i] < nums[i + 1].",
        "You are given an integer array nums. No two elements of nums are equal.",
        "You are given an integer array nums. nums is monotonic.",
        "You are given an integer array nums. Every element of nums is a multiple of 3.",
        "You are given an integer array nums. Its elements are distinct.",
        "You are given an integer array nums. They are sorted in ascending order.",
        "You are given an integer array nums. All elements of nums are the same.",
    ],
)
def test_a_fourth_review_s_body_sentences_refuse(body):
    """Review of the body-property rule: a sentence opening "The <part> of nums", a leading "For each
    valid i," before a relation, words of distinctness, order or divisibility the list lacked, and a
    pronoun for the input just named passed unread (duplicates, unsorted, odd values drawn)."""
    got = _drawn(body, *NUMS)
    assert isinstance(got, NoSpec) and got.refusal.kind == "promise", (body, got)


@pytest.mark.parametrize("said", ["a is at most b.", "a does not exceed b.", "a differs from b.", "b divides a."])
def test_a_relation_of_two_scalars_in_words_refuses(said):
    got = _drawn(f"You are given two integers a and b. {said}", *AB)
    assert isinstance(got, NoSpec) and got.refusal.kind == "promise", (said, got)


KNUMS = (
    "1 <= k <= 50\n1 <= nums.length <= 8\n-100 <= nums[i] <= 100",
    "k: int, nums: List[int]",
    ['{"k": 3, "nums": [1, 2]}'],
)
XY = (
    "0 <= x, y, left, right <= 9",
    "x: int, y: int, left: int, right: int",
    ['{"x": 1, "y": 2, "left": 1, "right": 2}'],
)


@pytest.mark.parametrize(
    "body, given",
    [
        # a sign the ranges hold for k carried the unread one of nums (before: drawn nums = [-100])
        ("You are given a positive integer k and an integer array nums whose elements are all positive.", KNUMS),
        # a relation read after "with" carried x < y, said after the task's words
        ("You are given two integers x and y (x < y), and two integers left and right representing a range with "
         "left <= right.", XY),
        # more after the name than the form reads
        ("Given a sorted integer array nums in reverse order, return x.", NUMS),
        ("Given a sorted integer array nums from highest to lowest, return x.", NUMS),
        ("You are given an array of positive integers nums, each at most k.", KNUMS),
        ("You are given an integer array nums, all less than k.", KNUMS),
        # the parity of something else
        ("You are given an m x n integer matrix grid with even length rows.",
         ("1 <= m, n <= 4\nm == grid.length\nn == grid[i].length\n1 <= grid[i][j] <= 9", "grid: List[List[int]]",
          ['{"grid": [[1, 2]]}'])),
        # a "There is" sentence a later one changes (rotated): not read
        ("There is an integer array nums sorted in strictly increasing order. Before being passed to your function, "
         "nums is rotated at an unknown pivot index.", NUMS),
        # an order word cut from its name by "and", "," or "("
        ("Given a sorted and rotated integer array nums, return x.", NUMS),
        ("Given a sorted, rotated integer array nums, return x.", NUMS),
        ("You are given a (sorted) array nums.", NUMS),
        # "k less than n": a relation, not a count before a noun
        ("You are given an integer n and a positive integer k less than n.",
         ("0 <= n, k <= 100", "n: int, k: int", ['{"n": 5, "k": 2}'])),
    ],
)  # fmt: skip
def test_the_review_holes_of_the_new_forms_refuse(body, given):
    got = _drawn(body, *given)
    assert isinstance(got, NoSpec) and got.refusal.kind == "promise", got


def test_a_range_of_a_term_naming_the_input_does_not_hold_its_sign():
    # before: "1 <= sum(nums)" and "1 <= abs(x)" counted as keeping nums / x positive; [-100, 99, 100] drawn
    got = _drawn(
        "Given an array of positive integers nums, return x.",
        "1 <= nums.length <= 8\n-100 <= nums[i] <= 100\n1 <= sum(nums) <= 800",
        "nums: List[int]",
        ['{"nums": [1, 2]}'],
    )
    assert isinstance(got, list) and got and all(v >= 1 for g in got for v in g["nums"])


def test_with_no_constraints_an_example_breaking_the_sign_refuses():
    # before: the examples' spans were taken to hold "positive"; [0] drawn and the 0 example never checked
    body = "Given an array of positive integers nums, return x."
    got = input_spec(no_constraints(body, None, "nums: List[int]", ['{"nums": [0, 3]}', '{"nums": [5]}']))
    assert isinstance(got, NoSpec) and "breaks" in got.reason
    spec = input_spec(no_constraints(body, None, "nums: List[int]", ['{"nums": [1, 3]}', '{"nums": [5]}']))
    assert spec.source == "examples", spec
    kept = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 40)]
    assert isinstance(kept, list) and kept and all(v >= 1 for g in kept for v in g["nums"])


@pytest.mark.parametrize(
    "constraints, read",
    [
        ("0 <= a, b <= 9", True),  # the Constraints hold the body's bound: read there
        ("0 <= a, b <= 50", False),  # a tighter bound in the body no line holds: refused
    ],
)
def test_a_subjectless_bound_in_the_body_is_read_where_the_constraints_hold_it(constraints, read):
    body = "You are given two integers a and b, each between 0 and 9, inclusive."
    got = _drawn(body, constraints, "a: int, b: int", ['{"a": 3, "b": 2}'])
    assert isinstance(got, list) == read, got


DIGITS_OR_MINUS = ("1 <= num.length <= 5\nnum consists of digits and '-'.", "num: str", ['{"num": "12"}'])


@pytest.mark.parametrize(
    "body, given",
    [
        # the second review: a direction, a value or a bound after the name of a read form
        ("Given a sorted integer array nums representing heights from tallest to shortest.", NUMS),
        ("Given a sorted integer array nums, largest first.", NUMS),
        ("Given a sorted integer array nums where nums[0] == 0.", NUMS),
        ("Given a sorted integer array nums where each element appears exactly twice.", NUMS),
        ("Given a sorted integer array nums and the first element is 5.", NUMS),
        ("Given an array nums of positive integers, none greater than k.", KNUMS),
        ("Given an array nums of positive integers, which are all smaller than k.", KNUMS),
        ("Given an array nums of positive integers where every element is at most k.", KNUMS),
        ("Given an array nums of positive integers that do not exceed k.", KNUMS),
        ("Given an integer k and an array nums of integers that are all less than k.", KNUMS),
        # "non-negative" of a string that may hold '-': no range makes it so
        ("Given a non-negative integer num.", DIGITS_OR_MINUS),
        ("Given a string num representing a non-negative integer.", DIGITS_OR_MINUS),
    ],
)  # fmt: skip
def test_the_second_review_holes_refuse(body, given):
    got = _drawn(body, *given)
    assert isinstance(got, NoSpec) and got.refusal.kind == "promise", got


@pytest.mark.parametrize(
    "body, given",
    [
        # the third review: what follows the next input, an appositive, an adjective of the items, a pronoun
        ("Given a sorted integer array nums and an integer k that appears in nums.", KNUMS),
        ("Given a sorted integer array nums and an integer k such that every element of nums is below k.", KNUMS),
        ("Given a positive integer k, a two-digit number.", ("0 <= k <= 1000", "k: int", ['{"k": 12}'])),
        ("Given a sorted array nums of nonzero integers.", NUMS),
        ("Given a sorted array nums of natural numbers.", NUMS),
        ("Given a sorted integer array nums. It is sorted in descending order.", NUMS),
        # a subjectless bound no range holds as said (length, direction, an expression)
        ("Given an integer array nums, each at most 2.", NUMS),
        ("Given an integer k and an integer array nums, each at most k.", KNUMS),
        ("Given an integer k and an integer array nums, each at most twice k.", KNUMS),
        # a sign after "representing a large"
        ("Given a string num representing a large positive integer.", ("1 <= num.length <= 5\nnum consists of only digits.", "num: str", ['{"num": "12"}'])),
        # scalar relations in words
        ("Given an integer n and an integer k not exceeding n.", ("0 <= n, k <= 50", "n: int, k: int", ['{"n": 5, "k": 2}'])),
        ("Given an integer n and an integer k, at most n.", ("0 <= n, k <= 50", "n: int, k: int", ['{"n": 5, "k": 2}'])),
        ("Given an integer n and an integer k which divides n.", ("0 <= n, k <= 50", "n: int, k: int", ['{"n": 4, "k": 2}'])),
    ],
)  # fmt: skip
def test_the_third_review_holes_refuse(body, given):
    got = _drawn(body, *given)
    assert isinstance(got, NoSpec) and got.refusal.kind == "promise", got


@pytest.mark.parametrize(
    "body, constraints, read",
    [
        ("You are given an integer array nums, where each element is at least 2.", "2 <= nums[i] <= 100", True),
        ("You are given an integer array nums, where each element is at least 2.", "1 <= nums[i] <= 100", False),
        ("You are given an integer array nums, where each element is at most 50.", "1 <= nums[i] <= 50", True),
        ("You are given an integer array nums, where each element is at most 50.", "1 <= nums[i] <= 100", False),
        # a length's range holds no value's bound
        ("You are given an integer array nums, where each element is at most 9.", "1 <= nums.length <= 9", False),
    ],
)
def test_a_subjectless_bound_of_a_constant_is_held_by_the_same_end_of_a_value_range(body, constraints, read):
    lines = (
        "1 <= nums.length <= 9\n" + constraints
        if "length" not in constraints
        else constraints + "\n1 <= nums[i] <= 100"
    )
    got = _drawn(body, lines, "nums: List[int]", ['{"nums": [2, 3]}'])
    assert isinstance(got, list) == read, got


@pytest.mark.parametrize(
    "body, given",
    [
        # the fourth review: a bound held by another input's range, a count's range, "exclusive", ";" as an end
        ("You are given an integer k and an integer array nums, each at least 2.",
         ("2 <= k <= 50\n1 <= nums.length <= 8\n-100 <= nums[i] <= 100", "k: int, nums: List[int]", ['{"k": 3, "nums": [2]}'])),
        ("You are given two integers a and b, each between 0 and 9.", ("0 <= a <= 9\n0 <= b <= 100", "a: int, b: int", ['{"a": 3, "b": 2}'])),
        ("You are given an integer n and an array nums of n integers, each at least 2.",
         ("2 <= n <= 8\nnums.length == n\n-5 <= nums[i] <= 5", "n: int, nums: List[int]", ['{"n": 2, "nums": [2, 3]}'])),
        ("You are given two integers a and b, each between 0 and 9, exclusive.", ("0 <= a, b <= 9", "a: int, b: int", ['{"a": 3, "b": 2}'])),
        ("Given a sorted integer array nums; largest first.", NUMS),
        ("Given a sorted integer array nums; where nums[0] == 0.", NUMS),
        # an adjective of the items before the name
        ("Given a sorted array of nonzero integers nums.", NUMS),
        ("Given a sorted array of natural numbers nums.", NUMS),
        ("Given a sorted array of different integers nums.", NUMS),
        # scalar relations in more words
        ("Given an integer n and an integer k no greater than n.", ("0 <= n, k <= 50", "n: int, k: int", ['{"n": 5, "k": 2}'])),
        ("Given an integer n and an integer k up to n.", ("0 <= n, k <= 50", "n: int, k: int", ['{"n": 5, "k": 2}'])),
        ("Given an integer n and an integer k bounded by n.", ("0 <= n, k <= 50", "n: int, k: int", ['{"n": 5, "k": 2}'])),
    ],
)  # fmt: skip
def test_the_fourth_review_holes_refuse(body, given):
    got = _drawn(body, *given)
    assert isinstance(got, NoSpec) and got.refusal.kind == "promise", got
