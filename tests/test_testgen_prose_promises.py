"""The story's shape words (distinct, sorted, permutation, tree, ...): a promise about the input
refuses the prose reading, a word about the task does not (testgen/prose_promises.py).
Sentences from the dev side of rllm Codeforces / CodeContests, names as their Input sections read."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.prose_items import read_list
from microcoder_data.testgen.prose_promises import sentences, story_promise
from microcoder_data.testgen.prose_sentences import subscripted_scalars
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase

NA = {"n", "a"}
PROMISES = [  # (sentence, the Input section's names): each promises something of the input
    ("The sequences a and b are strictly increasing with a_k = n.", {"n", "k", "a", "b"}),
    ("Initially, both a_1, a_2, ..., a_n and b_1, b_2, ..., b_n are sorted in non-decreasing order.", {"n", "a", "b"}),
    (
        "Fox has found an array p_1, p_2, ..., p_n, that is a permutation of length n of the numbers 1, 2, ..., n.",
        {"n", "p"},
    ),
    (
        "Initially, we had one array, which was a permutation of size n (each integer from 1 to n appears once).",
        {"n", "q"},
    ),
    ("You are given two distinct non-negative integers x and y.", {"x", "y"}),
    ("It's also guaranteed that 2l <= r.", {"l", "r"}),
    ("Given two arrays of distinct positive integers a and b of length n, we would like to make them the same.", {"n"}),
    ("It is guaranteed a is sorted.", NA),
    ("a is strictly increasing.", NA),
    ("You are given a permutation [a_1,a_2,...,a_n].", NA),
    ("At the start, all m teachers and David are in distinct cells.", {"n", "m", "q", "b"}),
    (
        "You are given n points on the x axis, at increasing positive integer coordinates x_1 < x_2 < ... < x_n.",
        {"n", "x"},
    ),
    ("It is guaranteed that all family members will fit on the bus.", {"n", "r", "a"}),
    ("Moreover, there exists a unique simple path through the channels between any two nodes.", {"n", "u", "v"}),
    ("It is guaranteed that the initial heights are not equal to 0.", {"n", "h"}),
    ("Now, Kevin gives you an array a consisting of n pairwise distinct integers (a_i >= 2).", NA),
    (
        "Consider a perfect binary tree with size 2^n - 1, with nodes numbered from 1 to 2^n-1 and rooted at 1.",
        {"n", "k"},
    ),
    (
        "After that, he arranged the cubes in non-increasing order of their values, from largest to smallest.",
        {"n", "f", "k", "a"},
    ),
    ("Unfortunately, all types of chocolates are distinct (all a_i are distinct).", NA),
    ("Inscribed in the weapon is an array of n (n >= 3) positive distinct integers.", NA),
    ("It is guaranteed that you can reach any city from any other city through the road network.", {"n", "m"}),
    ("Integers from 1 to n (inclusive) were sorted lexicographically (considering integers as strings).", {"n", "k"}),
    ("In this problem, it is guaranteed that the given input always has a solution with r <= 2 * 10^5.", {"n"}),
    ("You are given a permutation p consisting of n integers 1, 2, ..., n.", {"n", "p"}),
    ("He wrote out the sums of all non-empty subsequences of this array, sorted them, and got an array b.", {"b"}),
    ("Find the number of inversions in the permutation p.", {"n", "p"}),  # the task presumes what p is
    ("Help Bob find the maximum of the sorted array a.", NA),
    ("Alice has a tree with n vertices.", {"n", "u", "v"}),
    ("The graph is connected.", {"n", "m", "u", "v"}),
    ("All a_i are pairwise distinct.", NA),
    ("The rule is that the sequence they are building must be strictly increasing.", NA),  # in doubt: refused
]
TASK_WORDS = [  # (sentence, names): the word is about the task, a definition or the examples
    (
        "Please find the minimum number of pieces you need to cut it into, so that the pieces form a sorted binary string.",
        {"s"},
    ),
    ("A sorted binary string is a binary string such that all characters 0 come before all characters 1.", {"s"}),
    (
        "The score of a rearrangement is the number of subarrays of length n which are a permutation of [1, 2, ..., n].",
        {"n", "k", "a"},
    ),
    (
        "For an array a of length n, if an array s satisfies s_k = a_k for all k, then s is called the Fenwick Tree of a.",
        {"n", "k", "b"},
    ),
    ("Now Mocha wants to know whether array a could become sorted in non-decreasing order after the operation.", NA),
    ("Your task is to calculate the number of connected components in the obtained graph.", {"n", "k", "a"}),
    ("A connected component of a graph is a set of vertices in which any vertex is reachable from any other.", NA),
    ("Find the minimum number of coins needed to make a non-decreasing.", NA),
    ("Determine whether it is possible to choose 6 distinct sticks from the sticks numbered l to r.", {"n", "q", "a"}),
    ("In one operation, you can pick any pair of indexes (i, j) such that a_i and a_j have distinct parity.", NA),
    ("The median of an array of length n is the element whose index is floor((n+1)/2) after we sort it.", NA),
    ("Let the function f(b) return the minimum number of operations needed to make an array b a palindrome.", NA),
    (
        "Robin wants his brother's visit to overlap with the maximum number of distinct jobs, and his mother's the minimum.",
        {"n", "d", "k"},
    ),
    (
        "After performing all m operations, she wants to know the number of connected components these points form.",
        {"n", "m"},
    ),
    ("More formally, you need to choose a permutation p of length n, so that the array b has few inversions.", NA),
    ("For example, [2,3,1,5,4] is a permutation, but [1,2,2] is not a permutation (2 appears twice in the array).", NA),
    ("A permutation of length n is an array consisting of n distinct integers from 1 to n in arbitrary order.", NA),
    (
        "Determine whether the following condition holds for every pair of vertices (i,j):\n * There exists a palindrome route between vertex i and vertex j.",
        {"n", "c"},
    ),
    (
        "You can perform the following operation any number of times:\n * Choose two distinct indices i and j where b_i is even.",
        NA,
    ),
    ("CQXYM wants to create a connected undirected graph with n nodes and m edges.", {"n", "m", "k"}),
    ("Please help her and find the minimum number of symbols she can erase to make string s a palindrome.", {"n", "s"}),
    (
        "A string is a palindrome if it is the same from the left to the right and from the right to the left.",
        {"n", "s"},
    ),
    ("Theofanis asks you to help him find the k-th special number if they are sorted in increasing order.", {"n", "k"}),
    ("Find three distinct positive integers a, b, c such that a + b + c = n and gcd(a, b) = c.", {"n"}),
    ("Determine the minimum number of operations needed to make the array a permutation of integers 1 to n.", NA),
    ("In the first test case, the string is already a palindrome.", {"n", "s"}),
    ("Given an integer n, construct a permutation p of integers 1, 2, ..., n that maximizes the value of k.", {"n"}),
    (
        "An array a of length n is considered good if and only if:\n * the array a is increasing;\n * the differences are increasing.",
        {"l", "r"},
    ),
    ("What is the largest possible median of all remaining elements of the array a after the process?", NA),
    (
        "Let's call the set of integers consecutive if, after the elements are sorted, adjacent elements differ by 1.",
        NA,
    ),
]


@pytest.mark.parametrize("sentence, names", PROMISES)
def test_a_promise_about_the_input_in_the_story_is_found(sentence, names):
    assert story_promise(sentence, names) is not None


@pytest.mark.parametrize("sentence, names", TASK_WORDS)
def test_a_shape_word_about_the_task_is_no_promise(sentence, names):
    assert story_promise(sentence, names) is None


def test_sentences_cut_at_footnotes_and_keep_bullets_with_the_sentence_they_finish():
    text = "Choose a permutation^{\\ddagger} p.^{\\ddagger}A permutation is an array. You can:\n * swap;\n * sort. Then stop."
    assert sentences(text) == [
        "Choose a permutation^{\\ddagger} p.",
        "A permutation is an array.",
        "You can: swap; sort.",
        "Then stop.",
    ]


STORY = """Dana has an array a of n integers. In one operation she may swap two neighbours. Find the fewest
operations that make a sorted in non-decreasing order, or print -1. A permutation of length n is an
array of n distinct integers from 1 to n.

### Input

The first line contains a single integer n (1 <= n <= 8) — the length of the array.

The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9) — the elements of the array.

### Output

Print the fewest operations.
"""


def _problem(statement: str) -> Problem:
    return Problem(
        id="cf/story", source="cf", title="S", statement=statement, mode="stdin", tests=[TestCase("3\n3 1 2\n", "2\n")]
    )


def test_a_statement_whose_shape_words_are_the_tasks_is_read_and_a_promise_in_its_story_refuses():
    assert isinstance(stdin_spec(_problem(STORY)), StdinSpec)
    # ("Initially, the array a is sorted." is read: tests/test_testgen_story_order.py)
    for promise in (
        "Initially, the array a is a palindrome.",
        "Dana's array is a permutation.",
        "All a_i are distinct.",
    ):
        refused = stdin_spec(_problem(STORY.replace("In one operation", promise + " In one operation")))
        assert isinstance(refused, NoSpec) and refused.refusal.kind == "promise", promise
        assert refused.refusal.line == promise


PARENTS = """You are given a rooted tree with n vertices; vertex 1 is the root. Find the depth of the tree.

### Input

The first line contains a single integer t (1 <= t <= 100) — the number of test cases.

The first line of each test case contains a single integer n (2 <= n <= 50) — the number of vertices.

The second line of each test case contains n - 1 integers p_2, p_3, ..., p_n (1 <= p_i < i) — the parent of each vertex.

It is guaranteed that the sum of n over all test cases does not exceed 200.

### Output

Print the depth.
"""


def _parents(statement: str, test: str = "2\n3\n1 2\n4\n1 1 3\n") -> StdinSpec | NoSpec:
    p = Problem(
        id="cf/parents", source="cf", title="P", statement=statement, mode="stdin", tests=[TestCase(test, "2\n2\n")]
    )
    return stdin_spec(p)


def _a_tree_rooted_at_one(n: int, parents: list[int]) -> bool:
    assert len(parents) == n - 1
    for v in range(2, n + 1):  # every vertex reaches 1 through earlier vertices: a tree, no cycle
        seen, u = 0, v
        while u != 1 and seen <= n:
            u, seen = parents[u - 2], seen + 1
        if u != 1:
            return False
    return all(1 <= p < i for i, p in enumerate(parents, start=2))


@pytest.mark.parametrize(
    "line",
    [
        "n - 1 integers p_2, p_3, ..., p_n (1 <= p_i < i)",
        "n-1 integers p_2,p_3,...,p_n (1 <= p_i<i)",
        "n - 1 integers p_2, p_3, ..., p_n (1 <= p_i <= i - 1)",
        "integers p_2, p_3, ..., p_n (1 <= p_i < i)",
    ],
)
def test_a_list_of_parents_from_index_two_is_drawn_a_tree_rooted_at_one(line):
    s = _parents(PARENTS.replace("n - 1 integers p_2, p_3, ..., p_n (1 <= p_i < i)", line))
    assert isinstance(s, StdinSpec), s.reason
    drawn = generate_inputs(s.spec, "cf/parents", 40) + generate_large_inputs(
        s.spec, "cf/parents", 2, budget=20_000, max_chars=10**6
    )
    for x in drawn:
        cases = json.loads(x)["cases"]
        assert cases and all(_a_tree_rooted_at_one(n, p) for n, p in cases)


def test_a_parent_not_before_its_vertex_or_a_parent_list_of_other_bounds_refuses():
    broken = _parents(PARENTS, "1\n3\n1 3\n")  # p_3 = 3: not an earlier vertex
    assert isinstance(broken, NoSpec) and broken.refusal.kind == "examples_break_reading", broken
    unbounded = _parents(PARENTS.replace("(1 <= p_i < i)", "(1 <= p_i <= n)"))  # no tree by construction
    assert isinstance(unbounded, NoSpec) and unbounded.refusal.kind == "promise", unbounded
    binary = _parents(PARENTS.replace("a rooted tree", "a binary tree"))  # more than the parents say
    assert isinstance(binary, NoSpec) and binary.refusal.kind == "promise", binary


@pytest.mark.parametrize(
    "what, count, lines",
    [
        ("n - 1 integers p_2, p_3, ..., p_n (1 <= p_i < i)", "n-1", ["1 <= p_i < (_i + 2)"]),
        ("integers b_2, ..., b_{n+1} (1 <= b_i <= 5)", "n", ["1 <= b_i <= 5"]),
        ("n integers a_1, ..., a_n (1 <= a_i <= i)", "n", ["1 <= a_i <= (_i + 1)"]),  # i: the subscript
        ("n integers a_1, ..., a_n (a_i != a_j for i != j)", "n", ["all values of a are distinct"]),  # i: no position
    ],
)
def test_a_list_from_another_first_subscript_counts_from_it_and_its_bounds_name_the_position(what, count, lines):
    line, read, _ = read_list(what, {"n"}, what) or (None, None, None)
    assert line is not None and line.count == count and read == lines


SCORES = """Dima saw the score x_1 : y_1, and later x_2 : y_2. Could the score never have been equal?

### Input

The first line contains an integer t (1 <= t <= 100) — the number of test cases.

The first line of each test case contains two integers x_1, y_1 (0 <= x_1, y_1 <= 10^9, x_1 != y_1) — the first score.

The second line of each test case contains two integers x_2, y_2 (x_1 <= x_2 <= 10^9, y_1 <= y_2 <= 10^9, x_2 != y_2) — the second score.

### Output

Print YES or NO.
"""


def _scores(statement: str, test: str = "2\n1 0\n5 0\n1 2\n3 2\n") -> StdinSpec | NoSpec:
    p = Problem(
        id="cf/scores", source="cf", title="S", statement=statement, mode="stdin", tests=[TestCase(test, "x\n")]
    )
    return stdin_spec(p)


def test_scalars_whose_names_carry_a_subscript_are_read_as_names_and_kept_by_every_drawn_input():
    s = _scores(SCORES)
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/scores", 40):
        for x1, y1, x2, y2 in json.loads(x)["cases"]:
            assert 0 <= x1 <= x2 <= 10**9 and 0 <= y1 <= y2 <= 10**9 and x1 != y1 and x2 != y2
    broken = _scores(SCORES, "1\n2 2\n3 4\n")  # x_1 == y_1
    assert isinstance(broken, NoSpec) and broken.refusal.kind == "examples_break_reading", broken
    story = _scores(
        SCORES.replace("Could the", "It holds that x_1 <= 5. Could the"), "1\n7 0\n8 0\n"
    )  # the story's too
    assert isinstance(story, NoSpec) and story.refusal.kind == "examples_break_reading", story


def test_subscripted_names_that_are_a_blocks_columns_a_list_or_taken_are_left_as_they_are():
    section = "The first line contains two integers x_1, y_1 (1 <= x_1, y_1 <= 9)."
    assert subscripted_scalars(section, "story x_1") == (section.replace("x_1", "x1").replace("y_1", "y1"), "story x1")
    for other in ("Then n integers x_1, x_2, ..., x_n.", "Each of the next n lines contains x_i, y_i.", "Here x1 = 3."):
        assert subscripted_scalars(section + " " + other, "") == (section + " " + other, "")
    three = "The first line contains three integers x_1, x_2, x_3 (1 <= x_i <= 9)."  # one list (prose_items)
    assert subscripted_scalars(three, "") == (three, "")


WALLS = """Count the walls.

### Input

The first line contains a single integer t (1 <= t <= 100) — the number of test cases.

The first line of each test case contains two integers n and m (1 <= n, m <= 6) — the size of the grid.

ROWS

If the character is '#', then the cell is a wall.

### Output

Print the count.
"""


@pytest.mark.parametrize(
    "rows, alphabet",
    [
        ("The next n lines each contain m characters '.' or '#'.", ".#"),
        (
            "Each of the following n lines of the test case contains a string of length m consisting of '.' and '#'.",
            ".#",
        ),
        ("The i-th of the next n lines contains a string s_i consisting of m characters '.' and '#'.", ".#"),
    ],
)
def test_a_block_of_strings_is_drawn_n_rows_of_m_characters_of_its_alphabet(rows, alphabet):
    statement = WALLS.replace("ROWS", rows)
    s = stdin_spec(
        Problem(
            id="cf/w",
            source="cf",
            title="W",
            statement=statement,
            mode="stdin",
            tests=[TestCase("1\n2 3\n.#.\n##.\n", "3\n")],
        )
    )
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/w", 30):
        for n, m, grid in json.loads(x)["cases"]:
            assert len(grid) == n and all(len(r) == m and set(r) <= set(alphabet) for r in grid)
    short = stdin_spec(
        Problem(
            id="cf/w",
            source="cf",
            title="W",
            statement=statement,
            mode="stdin",
            tests=[TestCase("1\n2 3\n.#\n##.\n", "3\n")],
        )
    )
    assert isinstance(short, NoSpec), "a row shorter than m"
    other = stdin_spec(
        Problem(
            id="cf/w",
            source="cf",
            title="W",
            statement=statement,
            mode="stdin",
            tests=[TestCase("1\n2 3\n.#x\n##.\n", "3\n")],
        )
    )
    assert isinstance(other, NoSpec) and other.refusal.kind == "examples_break_reading", other


@pytest.mark.parametrize(
    "meaning, read",
    [
        ("If the character is '#', then the cell is a wall.", True),
        ("'#' means that the cell is a wall.", True),
        ("If the character is '#', then m = 1.", False),  # a promise of another value
        ("If the character is '#', then the row consists of '#' only.", False),
        ("If the character is '#', then n is even.", False),
        ("If the character is '#', then n <= 3.", False),
    ],
)
def test_a_sentence_saying_what_a_value_means_says_nothing_of_the_values_unless_it_bounds_one(meaning, read):
    statement = WALLS.replace("ROWS", "The next n lines each contain m characters '.' or '#'.")
    statement = statement.replace("If the character is '#', then the cell is a wall.", meaning)
    s = stdin_spec(
        Problem(
            id="cf/w",
            source="cf",
            title="W",
            statement=statement,
            mode="stdin",
            tests=[TestCase("1\n2 3\n.#.\n##.\n", "3\n")],
        )
    )
    assert isinstance(s, StdinSpec) is read, getattr(s, "reason", "")
