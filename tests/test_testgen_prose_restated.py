"""Story sentences restating what the Input section read (testgen/prose_restated.py): a version note whose
every clause is a bound read, a guarantee word for word a constraint line read, leave the story; any other
note or guarantee stays and is refused as a promise; the bounds are enforced where the Input section reads them."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.prose_items import ProseLine
from microcoder_data.testgen.prose_restated import guarantee_read, told_without_restated, version_note_read
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase

READ = ["1 <= t <= 10^4", "1 <= m <= n <= 3000", "1 <= x_i, k_i <= n", "all x_i are distinct"]
TOTALS = [([["n"]], "10^4"), ([["m"]], "2 * 10^5")]


@pytest.mark.parametrize(
    "note",
    [
        "In this version, n <= 3000 and the sum of n does not exceed 10^4.",
        "The only difference is that in this version n <= 3000 and the sum of n for all test cases does not exceed"
        " 10^4.",
        "The only difference between the two versions is that in this version m <= n.",
        "In this version the sum of m over all test cases doesn't exceed 2*10^5.",
    ],
)
def test_a_version_note_restating_bounds_read_is_read(note):
    assert version_note_read(note, READ, TOTALS)
    assert told_without_restated(f"A story.\n\n{note} Hacks are made.", READ, TOTALS) == "A story.\n\n Hacks are made."


@pytest.mark.parametrize(
    "note",
    [
        "In this version, n <= 2000 and the sum of n does not exceed 10^4.",  # stricter than read: new
        "In this version, n <= 3000 and the sum of n does not exceed 5000.",  # a total not read
        "In this version, k <= 3000.",  # a bound of a name read with no such bound
        "In this version, n <= 3000 and all a_i are even.",  # another clause
        "In this version, n <= 3000 and the sum of n * m does not exceed 10^4.",
        "The easy version has n <= 3000.",  # not a note of this version
    ],
)
def test_a_version_note_saying_anything_new_stays(note):
    assert not version_note_read(note, READ, TOTALS)
    assert told_without_restated(note, READ, TOTALS) == note


def test_a_guarantee_restated_word_for_word_is_read_and_no_other():
    assert guarantee_read("It is guaranteed that all the x_i are distinct.", READ)
    assert guarantee_read("It's also guaranteed all x_i are distinct", READ)
    assert not guarantee_read("It is guaranteed that all x_i are even.", READ)
    assert not guarantee_read("It is guaranteed that all the k_i are distinct.", READ)
    assert not guarantee_read("All the x_i are distinct.", READ)  # no guarantee said: not this rule's


SECTION = (
    "The first line contains a single integer t (1 <= t <= 5) — the number of test cases. The first line of each"
    " test case contains a single integer n (1 <= n <= 6) — the length of the array. The second line of each test"
    " case contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9). It is guaranteed that the sum of n over all test"
    " cases does not exceed 10."
)


def _problem(note: str, tests: list[str]) -> Problem:
    statement = f"This is the easy version. {note} You are given an array.\n\nInput\n\n{SECTION}\n\nOutput\n\nPrint it."
    return Problem(
        id="cf/ver",
        source="cf",
        title="t",
        statement=statement,
        mode="stdin",
        tests=[TestCase(t, "0\n") for t in tests],
    )


def test_a_version_note_equal_to_the_bounds_read_is_generated_within_them_and_a_test_breaking_them_refuses():
    note = "The only difference is that in this version n <= 6 and the sum of n over all test cases does not exceed 10."
    s = stdin_spec(_problem(note, ["2\n2\n1 2\n3\n4 5 6\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/ver", 25):
        cases = json.loads(x)["cases"]
        assert sum(c[0] for c in cases) <= 10 and all(1 <= c[0] <= 6 for c in cases)
    assert not isinstance(stdin_spec(_problem(note, ["1\n7\n1 2 3 4 5 6 7\n"])), StdinSpec)  # n = 7 breaks it
    stricter = stdin_spec(_problem("In this version, n <= 3 and the sum of n does not exceed 10.", ["1\n2\n1 2\n"]))
    assert not isinstance(stricter, StdinSpec) and stricter.refusal.kind == "promise"


ORDERS = ["a_i < a_{i+1} for every 1 <= i <= k-1", "a_k = n", "b_i < b_{i+1} for every 1 <= i <= k-1"]
ORDERS += ["c_1 <= c_2 <= ... <= c_{n-1} <= c_n", "p is a permutation of (1, ..., n)", "all d_i are distinct"]


@pytest.mark.parametrize(
    "sentence",
    [
        "The sequences a and b are strictly increasing with a_k = n.",
        "It is guaranteed c is sorted.",
        "In other words, p is a permutation.",
        "All a_i are pairwise distinct.",  # strictly increasing: distinct too
        "Note that the array c is non-decreasing.",
        "Unfortunately, all types of chocolates are distinct (all d_i are distinct).",
    ],
)
def test_an_order_or_distinctness_implied_by_lines_read_leaves_the_story(sentence):
    assert told_without_restated(f"Story. {sentence}", ORDERS, []) == "Story. "


@pytest.mark.parametrize(
    "sentence, kept",
    [
        ("The sequences a and b are strictly increasing with a_k = 1.", "increasing"),  # a clause not read
        ("The sequences a and e are strictly increasing.", "increasing"),  # e: no order read
        ("It is guaranteed c is strictly increasing.", "increasing"),  # c read non-decreasing only
        ("The array d is sorted.", "sorted"),  # d read distinct only
        ("In other words, c is a permutation.", "permutation"),
        ("All types of chocolates are sorted (all d_i are distinct).", "sorted"),  # another predicate outside
    ],
)
def test_an_order_or_distinctness_not_read_stays(sentence, kept):
    told = told_without_restated(f"Story. {sentence}", ORDERS, [])
    assert kept in told and told.startswith(f"Story. {sentence.split(' (')[0]}")


def test_a_story_order_the_input_section_read_is_drawn_so_and_a_test_breaking_it_refuses():
    section = (
        "The first line contains an integer n (1 <= n <= 6). The second line contains n integers a_1, a_2, ..., a_n"
        " (1 <= a_1 < a_2 < ... < a_n <= 20). The third line contains n integers b_1, b_2, ..., b_n"
        " (1 <= b_1 < b_2 < ... < b_n <= 20)."
    )  # two lists: the one list's reading (read_of_the_list) does not apply

    def problem(story: str, tests: list[str]) -> Problem:
        statement = f"{story} Find the answer.\n\nInput\n\n{section}\n\nOutput\n\nPrint it."
        return Problem(
            id="cf/ord",
            source="cf",
            title="t",
            statement=statement,
            mode="stdin",
            tests=[TestCase(t, "0\n") for t in tests],
        )

    story = "Note that the sequences a and b are strictly increasing."
    s = stdin_spec(problem(story, ["3\n1 4 9\n2 3 5\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/ord", 25):
        a = json.loads(x)["a"]
        assert all(p < q for p, q in zip(a, a[1:])), a
    assert not isinstance(
        stdin_spec(problem("Note that the array a is strictly increasing.", ["3\n1 9 4\n"])), StdinSpec
    )
    other = stdin_spec(problem("Note that all a_i are odd.", ["3\n1 5 9\n"]))
    assert not isinstance(other, StdinSpec) and other.refusal.kind == "promise"


INTRO = ["0 <= x, y <= 10^9", "x != y", "1 <= a_i <= n", "all values of a are distinct", "all b_i are distinct"]


@pytest.mark.parametrize(
    "said, read",
    [
        (
            "You are given two distinct non-negative integers x and y.",
            "You are given two non-negative integers x and y.",
        ),
        (
            "Given two arrays of distinct positive integers a and b of length n, find it.",
            "Given two arrays of positive integers a and b of length n, find it.",
        ),
        ("You are given a permutation [a_1,a_2,...,a_n].", "You are given an array [a_1,a_2,...,a_n]."),
        ("You are given a permutation a of length n.", "You are given an array a of length n."),
    ],
)
def test_an_introduction_says_what_was_read_less_that_word(said, read):
    assert told_without_restated(said, INTRO, [], [ProseLine(["a"], count="n"), ProseLine(["b"], count="n")]) == read


@pytest.mark.parametrize(
    "said",
    [
        "You are given two distinct integers x and z.",  # z: no x != z read
        "You are given two distinct integers y and n.",
        "Given two arrays of distinct positive integers a and c.",  # c read no such thing
        "You are given a permutation [b_1,b_2,...,b_n].",  # b: distinct, not within 1..n
    ],
)
def test_an_introduction_saying_more_than_was_read_stays(said):
    assert told_without_restated(said, INTRO, [], [ProseLine(["a"], count="n"), ProseLine(["b"], count="n")]) == said
    assert told_without_restated("You are given a permutation a.", INTRO, [], [ProseLine(["a"], count="m")]) == (
        "You are given a permutation a."
    )  # a's count is not its range's bound


def test_two_distinct_integers_introduced_are_drawn_distinct_and_a_test_with_them_equal_refuses():
    def problem(tests: list[str]) -> Problem:
        statement = (
            "You are given two distinct non-negative integers x and y. Find the answer.\n\nInput\n\nThe only line"
            " contains two integers x and y (0 <= x, y <= 3, x != y).\n\nOutput\n\nPrint it."
        )
        return Problem(
            id="cf/xy",
            source="cf",
            title="t",
            statement=statement,
            mode="stdin",
            tests=[TestCase(t, "0\n") for t in tests],
        )

    s = stdin_spec(problem(["1 2\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/xy", 20):
        v = json.loads(x)
        assert v["x"] != v["y"], v
    assert not isinstance(stdin_spec(problem(["2 2\n"])), StdinSpec)


def test_a_clause_said_again_word_for_word_is_cut_and_the_rest_of_its_sentence_judged():
    read = ["3 <= n <= 10^5", "n is divisible by 3", "k = 1 or k is a prime number"]
    told = "There are n cells, where n is divisible by 3. You are given k where k = 1 or k is a prime number."
    assert told_without_restated(told, read, []) == "There are n cells, where . You are given k where ."
    assert told_without_restated("Here n is divisible by 5.", read, []) == "Here n is divisible by 5."
    assert told_without_restated("Here kn is divisible by 3.", read, []) == "Here kn is divisible by 3."


def test_a_story_clause_restating_a_line_read_is_drawn_so_and_a_test_breaking_it_refuses():
    def problem(tests: list[str]) -> Problem:
        statement = (
            "There are n cells, where n is divisible by 3. Find the answer.\n\nInput\n\nThe only line contains an"
            " integer n (3 <= n <= 30, n is divisible by 3).\n\nOutput\n\nPrint it."
        )
        return Problem(
            id="cf/div",
            source="cf",
            title="t",
            statement=statement,
            mode="stdin",
            tests=[TestCase(t, "0\n") for t in tests],
        )

    s = stdin_spec(problem(["6\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/div", 20):
        assert json.loads(x)["n"] % 3 == 0
    assert not isinstance(stdin_spec(problem(["7\n"])), StdinSpec)
