"""Codeforces prose sentences read by prose_glosses / prose_joined: gloss parts without their determiner
("— the number of countries, regions, and queries"), "intersections" as a noun, a gloss after the ranges'
comma, two lines in one sentence with shared ranges and "Both strings consist of ...", a product total
"nk (n multiplied by k)".  Each: read and drawn so, an existing input breaking it refused, and a nearby
sentence carrying a constraint no reading enforces still refused."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.prose_joined import plural_subject, product_said, split_two_lines
from microcoder_data.testgen.prose_sentences import noun_phrases
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase


def _problem(section: str, tests: list[str]) -> Problem:
    statement = f"You are given some values. Find the answer.\n\nInput\n\n{section}\n\nOutput\n\nPrint the answer."
    return Problem(
        id="cf/joined",
        source="cf",
        title="t",
        statement=statement,
        mode="stdin",
        tests=[TestCase(t, "0\n") for t in tests],
    )


def _drawn(section: str, good: str) -> list[dict]:
    s = stdin_spec(_problem(section, [good]))
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/joined", 25)]
    assert len(got) >= 5
    return got


def _refused(section: str, test: str) -> None:
    assert not isinstance(stdin_spec(_problem(section, [test])), StdinSpec), section


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of countries, regions, and queries, respectively",
        "the initial variable, constant and the number of operations",
        "the number of intersections and streets in the city",
        "the number of rows, columns respectively",
    ],
)
def test_gloss_parts_without_a_determiner_are_noun_phrases(gloss):
    assert noun_phrases(gloss)


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of countries, all distinct",
        "the values, sorted",
        "the values, nondecreasing",
        "the numbers, less than n",
        "the heights, given in order",
        "the values, positive",
        "the array, reversed",
        "the numbers, strictly growing",
    ],
)
def test_gloss_parts_saying_a_value_are_not(gloss):
    assert not noun_phrases(gloss)


THREE = (
    "The first line contains three integers n, k, and q (1 <= n, k, q <= 9) — the number of countries, {gloss}."
    " The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 5)."
)


def test_a_line_glossed_by_bare_nouns_is_read_and_its_ranges_drawn():
    section = THREE.format(gloss="regions, and queries, respectively")
    for v in _drawn(section, "2 3 4\n1 5\n"):
        assert all(1 <= v[x] <= 9 for x in "nkq") and len(v["a"]) == v["n"] and all(1 <= x <= 5 for x in v["a"])
    _refused(section, "2 10 4\n1 5\n")  # k = 10 > 9
    _refused(THREE.format(gloss="regions, and queries, pairwise distinct"), "2 3 4\n1 5\n")
    _refused(THREE.format(gloss="regions, and queries, sorted"), "2 3 4\n1 5\n")


def test_intersections_is_a_noun_and_intersecting_still_refuses():
    line = "The first line contains two integers n and m (2 <= n <= 9, 1 <= m <= 9) — the number of {}."
    for v in _drawn(line.format("intersections and streets in the city"), "2 1\n"):
        assert 2 <= v["n"] <= 9 and 1 <= v["m"] <= 9
    _refused(line.format("segments, which do not intersect"), "2 1\n")


BLOCK = (
    "The first line contains a single integer t (1 <= t <= 5) — the number of test cases. The first line of each"
    " test case contains a single integer n (1 <= n <= 5). Then follow n lines of each test case, each with two"
    " integers d_i and a_i (1 <= d_i, a_i <= 20), {gloss}."
)


def test_a_gloss_after_the_ranges_comma_is_passed_over_and_the_ranges_drawn():
    section = BLOCK.format(gloss="the day on which the milk was acquired and the number of pints acquired")
    for v in _drawn(section, "1\n2\n2 3\n4 5\n"):
        for n, d, a in v["cases"]:
            assert len(d) == len(a) == n and all(1 <= x <= 20 for x in d + a)
    _refused(section, "1\n1\n21 3\n")
    _refused(BLOCK.format(gloss="the days in increasing order"), "1\n2\n2 3\n4 5\n")
    _refused(BLOCK.format(gloss="the days, all distinct"), "1\n2\n2 3\n4 5\n")


TWO = (
    "The first line contains one integer q (1 <= q <= 5) — the number of test cases. Each test case consists of two"
    " lines. The first line contains the string s, and the second line contains the string t (1 <= |s|, |t| <= 6)."
    " {said}"
)


def test_two_lines_in_one_sentence_are_split_with_their_ranges():
    assert split_two_lines(
        ["The first line contains the string s, and the second line contains the string t (1 <= |s|, |t| <= 6)."]
    ) == [
        "The first line contains the string s (1 <= |s|, |t| <= 6).",
        "The second line contains the string t (1 <= |s|, |t| <= 6).",
    ]


@pytest.mark.parametrize(
    "said", ["Both strings consist of uppercase Latin letters.", "The strings consist of uppercase Latin letters."]
)
def test_both_strings_are_drawn_with_their_lengths_and_letters(said):
    section = TWO.format(said=said)
    for v in _drawn(section, "1\nAB\nC\n"):
        for s, t in v["cases"]:
            assert 1 <= len(s) <= 6 and 1 <= len(t) <= 6 and (s + t).isupper() and (s + t).isalpha()
    _refused(section, "1\nABCDEFG\nC\n")  # |s| = 7
    _refused(section, "1\nAB\nc\n")  # t lowercase


@pytest.mark.parametrize(
    "said",
    [
        "Both strings consist of uppercase Latin letters and are distinct.",
        "Both strings consist of uppercase Latin letters and have equal lengths.",
        "The strings consist of uppercase Latin letters and s is a palindrome.",
        "",  # no characters said
    ],
)
def test_a_sentence_of_both_strings_saying_more_refuses(said):
    _refused(TWO.format(said=said), "1\nAB\nC\n")


def test_both_is_of_exactly_two_strings_every_one_unsaid():
    assert plural_subject("Both strings consist of digits", ["s", "t"], ["s", "t"]) == [
        "The string s consists of digits",
        "The string t consists of digits",
    ]
    assert plural_subject("Both strings consist of digits", ["s", "t", "u"], ["s", "t", "u"]) is None
    assert plural_subject("The strings consist of digits", ["s", "t"], ["t"]) is None  # s's said already


TOTAL = (
    "The first line of the input contains an integer t (1 <= t <= 10) — the number of test cases in the test. Each"
    " test case consists of one line that contains three integers n, m and k (2 <= n <= 20, 1 <= m <= ⌊n/2⌋, 1 <= k"
    " <= 20) — the number of people, tables and games, respectively. It is guaranteed that the sum of {term} over"
    " all test cases does not exceed 40."
)


def test_a_product_total_explained_in_parentheses_is_enforced():
    assert product_said("nk (n multiplied by k)") == "n * k"
    assert product_said("nk (n multiplied by m)") == "nk (n multiplied by m)"
    section = TOTAL.format(term="nk (n multiplied by k)")
    got = _drawn(section, "1\n2 1 1\n")
    assert any(len(v["cases"]) > 1 for v in got)
    for v in got:
        assert sum(n * k for n, _, k in v["cases"]) <= 40
    _refused(section, "2\n4 1 6\n4 1 5\n")  # 24 + 20 > 40
    _refused(TOTAL.format(term="nk (n multiplied by m)"), "1\n2 1 1\n")
    _refused(TOTAL.format(term="nk"), "1\n2 1 1\n")


def _story(story: str, section: str, tests: list[str]) -> object:
    p = _problem(section, tests)
    p.statement = f"{story}\n\nInput\n\n{section}\n\nOutput\n\nPrint the answer."
    return stdin_spec(p)


XY = "The first line contains one integer t (1 <= t <= 9) — the number of test cases. The only line of each test case contains two integers x and y (0 <= x, y <= 3)."


def test_given_two_distinct_integers_draws_them_different():
    story = "You are given two distinct non-negative integers x and y. Find the answer."
    s = _story(story, XY, ["1\n1 2\n"])
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/joined", 25)]
    assert len(got) >= 10 and all(x != y for v in got for x, y in v["cases"])
    assert not isinstance(_story(story, XY, ["1\n2 2\n"]), StdinSpec)  # an existing x == y


@pytest.mark.parametrize(
    "story",
    [
        "You are given two distinct non-negative integers x and y such that x < y.",  # says more: not read
        "You are given two distinct integers x and z.",  # z no input
        "Alice has two distinct integers x and y.",  # a story sentence, not this form
        "It is guaranteed that x and y are distinct and coprime.",
    ],
)
def test_a_nearby_sentence_of_distinct_scalars_still_refuses(story):
    assert not isinstance(_story(story, XY, ["1\n1 2\n"]), StdinSpec), story


LIST = (
    "The first line contains one integer n (1 <= n <= 8). The second line contains n integers a_1, a_2, ..., a_n"
    " (1 <= a_i <= {hi})."
)


def test_given_a_permutation_of_a_list_read_draws_one():
    story = "You are given a permutation [a_1,a_2,...,a_n]. Find the answer."
    s = _story(story, LIST.format(hi="n"), ["3\n2 3 1\n"])
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/joined", 25):
        v = json.loads(x)
        assert sorted(v["a"]) == list(range(1, v["n"] + 1))
    assert not isinstance(_story(story, LIST.format(hi="n"), ["3\n2 2 1\n"]), StdinSpec)
    assert not isinstance(_story(story, LIST.format(hi="10"), ["3\n2 3 1\n"]), StdinSpec)  # range not 1..n
    assert not isinstance(
        _story("You are given a permutation [b_1,b_2,...,b_n].", LIST.format(hi="n"), ["3\n2 3 1\n"]), StdinSpec
    )
    assert not isinstance(_story("Alice has a permutation a.", LIST.format(hi="n"), ["3\n2 3 1\n"]), StdinSpec)


def test_it_can_be_proven_follows_from_the_input_and_a_plain_story_promise_still_refuses():
    section = LIST.format(hi="5")
    assert isinstance(
        _story("It can be proven that at least one set of k distinct points always exists.", section, ["2\n1 1\n"]),
        StdinSpec,
    )
    assert not isinstance(_story("The values a_i are distinct.", section, ["2\n1 2\n"]), StdinSpec)
    assert not isinstance(_story("Initially, the array is sorted.", section, ["2\n1 2\n"]), StdinSpec)


def test_a_game_won_is_no_promise_but_a_guarantee_of_the_input_is():
    section = LIST.format(hi="5")
    assert isinstance(
        _story("Help Alice find the maximum k at which she is guaranteed to win.", section, ["2\n1 1\n"]), StdinSpec
    )
    assert not isinstance(_story("It is guaranteed that a is guaranteed to win.", section, ["2\n1 1\n"]), StdinSpec)
    assert not isinstance(_story("It is guaranteed that all a_i are odd.", section, ["2\n1 1\n"]), StdinSpec)


STRINGS = (
    "The first line contains one integer n (1 <= n <= 5) — the number of strings. Then n lines follow. The i-th"
    " line contains the string s_i (1 <= |s_i| <= 7), consisting of lowercase Latin letters.{more}"
)


def test_a_block_of_strings_each_of_a_bounded_length_is_drawn_so():
    got = _drawn(STRINGS.format(more=""), "2\nab\nc\n")
    assert any(len(set(map(len, v["s"]))) > 1 for v in got)  # lengths vary from row to row
    for v in got:
        assert len(v["s"]) == v["n"] and all(1 <= len(w) <= 7 and w.isalpha() and w.islower() for w in v["s"])
    _refused(STRINGS.format(more=""), "2\nabcdefgh\nc\n")
    _refused(STRINGS.format(more=""), "2\nAb\nc\n")
    _refused(STRINGS.format(more=" Each string s_i is sorted."), "2\nab\nc\n")


def test_a_comma_after_one_opening_word_is_no_gloss():
    section = (
        "The first line of the input contains a single integer t (1 <= t <= 9) — the number of test cases."
        " Subsequently, the description of each test case follows. The only line of each test case contains a"
        " single integer n (1 <= n <= 9) — the size of the string."
    )
    for v in _drawn(section, "2\n1\n5\n"):
        assert all(1 <= c[0] <= 9 for c in v["cases"])
    _refused(section, "1\n10\n")


CASES = (
    "The first line contains a single integer t (1 <= t <= 5) — the number of test cases. The first line of each test"
    " case contains a single integer n (1 <= n <= 9). The second line of each test case contains n integers p_1, p_2,"
    " ..., p_n{bounds}. It is guaranteed that the sum of n over all test cases does not exceed 20."
)


@pytest.mark.parametrize(
    "story, bounds",
    [
        (
            "You are given a permutation p consisting of n integers 1, 2, ..., n (a permutation is an array where each"
            " element from 1 to n occurs exactly once).",
            "",
        ),
        ("You are given a permutation p of length n.", " (1 <= p_i <= n)"),
        ("In other words, p is a permutation.", " (1 <= p_i <= n)"),
    ],
)
def test_a_story_sentence_calling_a_list_read_a_permutation_draws_one(story, bounds):
    section = CASES.format(bounds=bounds)
    s = _story(story, section, ["1\n3\n2 3 1\n"])
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/joined", 25):
        for n, p in json.loads(x)["cases"]:
            assert sorted(p) == list(range(1, n + 1))
    assert not isinstance(_story(story, section, ["1\n3\n2 2 1\n"]), StdinSpec)


@pytest.mark.parametrize(
    "story, bounds",
    [
        ("You are given a permutation p consisting of n integers 1, 2, ..., n.", " (1 <= p_i <= 10)"),  # range not 1..n
        ("You are given a permutation p of length n.", ""),  # no range: 1..n not said
        ("In other words, q is a permutation.", " (1 <= p_i <= n)"),  # no list q
        ("In other words, p is a permutation and is sorted.", " (1 <= p_i <= n)"),
    ],
)
def test_a_nearby_permutation_sentence_not_read_refuses(story, bounds):
    assert not isinstance(_story(story, CASES.format(bounds=bounds), ["1\n3\n2 3 1\n"]), StdinSpec), story


def test_a_versions_limits_are_ranges_read_or_the_total_read():
    section = CASES.format(bounds=" (1 <= p_i <= 9)")
    story = "The only difference is that in this version n <= 5 and the sum of n for all test cases does not exceed 20."
    s = _story(story, section, ["1\n3\n2 3 1\n"])
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/joined", 25)]
    assert all(n <= 5 for v in got for n, _ in v["cases"]) and any(n == 5 for v in got for n, _ in v["cases"])
    assert not isinstance(_story(story, section, ["1\n7\n1 1 1 1 1 1 1\n"]), StdinSpec)  # n = 7 > 5
    for other in (
        "In this version, n <= 5 and the sum of n does not exceed 10.",  # not the total read
        "In this version, n <= 5 and all p_i are distinct.",
        "In this version, n is odd.",
    ):
        assert not isinstance(_story(other, section, ["1\n3\n2 3 1\n"]), StdinSpec), other


PERM = (
    "The first line of input contains a single integer t (1 <= t <= 5) — the number of test cases. The first line of"
    " each test case contains a single integer n (2 <= n <= 8) — the length of the permutation p. The second line of"
    " each test case contains n integers p_1,p_2,..., p_n (1 <= p_i <= n) — the elements of p, {gloss}."
    " It is guaranteed that the sum of n over all test cases does not exceed 20."
)


def test_a_gloss_saying_the_elements_form_a_permutation_is_drawn_so():
    section = PERM.format(gloss="which are guaranteed to form a permutation")
    for v in _drawn(section, "1\n3\n2 3 1\n"):
        assert all(sorted(p) == list(range(1, n + 1)) for n, p in v["cases"])
    _refused(section, "1\n3\n2 2 1\n")
    _refused(PERM.format(gloss="which are guaranteed to form a sorted permutation"), "1\n3\n2 3 1\n")
    _refused(PERM.format(gloss="which are guaranteed to be distinct"), "1\n3\n2 3 1\n")


IT = (
    "The first line contains a single integer n (1 <= n <= 8). The second line contains a string s of length n."
    " It is guaranteed that {it} consists only of the characters L, R, and ?."
)


def test_it_consists_of_is_said_of_the_string_just_read():
    for v in _drawn(IT.format(it="it"), "3\nL?R\n"):
        assert len(v["s"]) == v["n"] and set(v["s"]) <= set("LR?")
    _refused(IT.format(it="it"), "3\nLXR\n")
    _refused(IT.format(it="t"), "3\nL?R\n")  # no string t: s's characters unsaid


TREE = (
    "The first line contains a single integer t (1 <= t <= 5) — the number of test cases. The first line of every"
    " test case contains a single integer n (2 <= n <= 8) — the number of nodes within the original {kind} T. The next"
    " n - 1 lines each contain two integers u and v (1 <= u, v <= n) — an edge within the original {kind} T.{more}"
    " The sum of n over all test cases does not exceed 20."
)


def _is_tree(n: int, u: list[int], v: list[int]) -> bool:
    parent = list(range(n + 1))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in zip(u, v):
        if root(a) == root(b):
            return False
        parent[root(a)] = root(b)
    return len(u) == n - 1


def test_a_gloss_naming_the_original_tree_is_read_where_a_sentence_reads_the_tree():
    section = TREE.format(kind="tree", more=" The given edges form a tree.")
    for v in _drawn(section, "1\n3\n1 2\n2 3\n"):
        assert all(_is_tree(n, u, w) for n, u, w in v["cases"])
    _refused(section, "1\n3\n1 2\n1 2\n")
    for v in _drawn(TREE.format(kind="tree", more=""), "1\n3\n1 2\n2 3\n"):  # the edges glossed the tree's
        assert all(_is_tree(n, u, w) for n, u, w in v["cases"])
    _refused(TREE.format(kind="binary tree", more=" The given edges form a tree."), "1\n3\n1 2\n2 3\n")


CARDS = (
    "The first line contains the number of test cases t (1 <= t <= 5). The first line of each test case contains"
    " two integers n, k (1 <= n <= 5, 0 <= k <= 9) — the number of distinct types of cards and the number of coins."
    " The second line of each test case contains n integers a_1, a_2, ..., a_n (0 <= a_i <= 3, sum a_i >= 1) —"
    " {gloss}. It is guaranteed that the sum of n over all test cases does not exceed 12."
)


def test_a_sum_of_a_list_and_a_gloss_ending_in_its_index_range_are_read_and_enforced():
    section = CARDS.format(gloss="the number of cards of type i you have at the beginning, for each 1 <= i <= n")
    got = _drawn(section, "1\n2 1\n0 1\n")
    for v in got:
        assert all(len(a) == n and sum(a) >= 1 and all(0 <= x <= 3 for x in a) for n, _, a in v["cases"])
    _refused(section, "2\n2 1\n0 1\n2 0\n0 0\n")  # the second case sums to 0
    _refused(CARDS.format(gloss="the number of cards of type i, for each 1 <= i <= n, all distinct"), "1\n2 1\n0 1\n")
    _refused(CARDS.format(gloss="the number of cards of type i, for each 1 <= a_i <= n"), "1\n2 1\n0 1\n")


SEVERAL = (
    "The first line contains t (1 <= t <= 9) — the number of test cases. The first and only line of each test case"
    " contains two space-separated strings, a and b, both of length 3.{more}"
)


def test_several_strings_of_one_length_on_a_line_are_drawn_so():
    section = SEVERAL.format(more=" The strings only contain lowercase Latin letters.")
    for v in _drawn(section, "1\nabc\nxyz\n".replace("\nxyz", " xyz")):
        assert all(len(a) == len(b) == 3 and (a + b).isalpha() and (a + b).islower() for a, b in v["cases"])
    _refused(section, "1\nabcd xyz\n")
    _refused(section, "1\nabc XYZ\n")
    _refused(SEVERAL.format(more=""), "1\nabc xyz\n")  # characters not said
    _refused(SEVERAL.format(more=" The strings only contain lowercase Latin letters and are distinct."), "1\nabc xyz\n")
    _refused(SEVERAL.format(more=" The strings are anagrams of each other."), "1\nabc xyz\n")


def test_several_strings_names_as_many_as_it_counts():
    from microcoder_data.testgen.prose_joined import several_strings

    assert several_strings("two space-separated strings, a and b, both of length 3", set()) == (
        ["a", "b"],
        ["3 <= |a| <= 3", "3 <= |b| <= 3"],
    )
    assert several_strings("three strings, a and b, each of length 3", set()) is None
    assert several_strings("two strings, a and b, both of length m", {"n"}) is None  # m not read


JTH = (
    "The first line contains two integers n and q (1 <= n, q <= 5) — the number of monsters and the number of"
    " queries. The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9) — the levels of the monsters."
    " In the j-th of the following q lines, {row} — {gloss}."
)


def test_in_the_j_th_of_the_following_lines_is_a_block_drawn_in_its_ranges():
    section = JTH.format(row="two integers i and x (1 <= i, x <= n)", gloss="the index of the monster and the number")
    for v in _drawn(section, "2 1\n1 2\n1 2\n"):
        assert len(v["i"]) == len(v["x"]) == v["q"] and all(1 <= y <= v["n"] for y in v["i"] + v["x"])
    _refused(section, "2 1\n1 2\n3 1\n")
    _refused(JTH.format(row="two distinct integers i and x (1 <= i, x <= n)", gloss="the index"), "2 1\n1 2\n1 2\n")
    _refused(
        JTH.format(row="two integers i and x (1 <= i, x <= n)", gloss="the queries, sorted by i"), "2 1\n1 2\n1 2\n"
    )


LR = (
    "The first line contains the number of test cases t (1 <= t <= 5). The first line of each test case contains two"
    " integers l, r (1 <= l <= r <= 100, 2l <= r) — the range."
)


def test_a_story_guarantee_the_input_section_read_is_enforced_once_and_another_refuses():
    story = "Find it. It's also guaranteed that 2l <= r."
    s = _story(story, LR, ["1\n2 5\n"])
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/joined", 25):
        assert all(2 * lo <= hi for lo, hi in json.loads(x)["cases"])
    assert not isinstance(_story(story, LR, ["1\n3 5\n"]), StdinSpec)
    assert not isinstance(_story("Find it. It's also guaranteed that 3l <= r.", LR, ["1\n2 7\n"]), StdinSpec)
    assert not isinstance(_story("Find it. It's also guaranteed that r is even.", LR, ["1\n2 6\n"]), StdinSpec)


SORTED = "The first line contains one integer n (1 <= n <= 6). The second line contains n integers a_1, a_2, ..., a_n (1 <= a_1 <= a_2 <= ... <= a_n <= 9)."


def test_a_story_saying_again_that_a_list_read_sorted_is_sorted():
    s = _story("Find it. It is guaranteed a is sorted.", SORTED, ["2\n1 3\n"])
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/joined", 25):
        a = json.loads(x)["a"]
        assert a == sorted(a)
    assert not isinstance(_story("Find it. It is guaranteed b is sorted.", SORTED, ["2\n1 3\n"]), StdinSpec)
    assert not isinstance(_story("Find it. It is guaranteed a is a palindrome.", SORTED, ["2\n1 3\n"]), StdinSpec)


ONE_PER_LINE = (
    "The first line contains an integer t (1 <= t <= 5) — the number of test cases. Then t lines contain the test"
    " cases, one per line. Each of the lines contains one integer n (1 <= n <= 9)."
)


def test_each_of_the_lines_after_one_case_per_line_is_each_cases_line():
    for v in _drawn(ONE_PER_LINE, "2\n3\n4\n"):
        assert all(1 <= c[0] <= 9 for c in v["cases"])
    _refused(ONE_PER_LINE, "1\n10\n")
    _refused(
        "The first line contains an integer n (1 <= n <= 5). Then n lines follow. Each of the lines contains one integer a (1 <= a <= 9).",
        "1\n3\n",
    )  # no test cases: not read


AB = (
    "The first line contains a single integer n (1 <= n <= 6) — the length of the arrays a and b. The second line"
    " contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9). The third line contains n integers b_1, b_2, ..., b_n"
    " (1 <= b_i <= 9)."
)


def test_given_arrays_of_distinct_integers_draws_each_distinct():
    story = "Given two arrays of distinct positive integers a and b of length n, we would like to make both the same."
    s = _story(story, AB, ["2\n1 2\n3 4\n"])
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/joined", 25)]
    assert any(v["n"] > 2 for v in got)
    for v in got:
        assert len(set(v["a"])) == len(v["a"]) and len(set(v["b"])) == len(v["b"])
    assert not isinstance(_story(story, AB, ["2\n1 1\n3 4\n"]), StdinSpec)
    for other in (
        "Given two arrays of distinct positive integers a and c, we would like to make both the same.",
        "Given two arrays of distinct integers a and b, sorted in increasing order, make both the same.",
        "Given two arrays of integers a and b with distinct sums, make both the same.",
    ):
        assert not isinstance(_story(other, AB, ["2\n1 2\n3 4\n"]), StdinSpec), other


MODS = (
    "The first line contains a single integer n (1 <= n <= 6). The second line contains a number q (1 <= q <= 5) —"
    " the number of modifications to the array. The following q lines contain two integers {row}, describing the"
    " modification."
)


def test_each_column_with_its_own_range_is_a_block_drawn_in_them():
    section = MODS.format(row="pos_i (1 <= pos_i <= n) and val_i (-10 <= val_i <= 10)")
    for v in _drawn(section, "3\n1\n2 -5\n"):
        assert len(v["pos"]) == len(v["val"]) == v["q"]
        assert all(1 <= p <= v["n"] for p in v["pos"]) and all(-10 <= x <= 10 for x in v["val"])
    _refused(section, "3\n1\n4 -5\n")
    _refused(section, "3\n1\n2 11\n")
    even = MODS.format(row="pos_i (1 <= pos_i <= n) and val_i (-10 <= val_i <= 10, val_i is even)")
    assert all(x % 2 == 0 for v in _drawn(even, "3\n1\n2 -4\n") for x in v["val"])  # read there, and enforced
    _refused(even, "3\n1\n2 -5\n")
    _refused(
        MODS.format(row="pos_i (1 <= pos_i <= n) and val_i (-10 <= val_i <= 10, val_i is a perfect square)"),
        "3\n1\n2 4\n",
    )
    _refused(MODS.format(row="i (1 <= i <= n) and v (v in {0, 1})"), "3\n1\n2 1\n")  # a column named like the index


PERM_OF_LENGTH = (
    "The first line contains two integers n and m (1 <= n, m <= 6). The second line contains n integers p_1, p_2,"
    " ..., p_n (1 <= p_i <= n). It is guaranteed that p is a permutation of length {length}."
)


def test_it_is_guaranteed_that_p_is_a_permutation_of_its_length():
    section = PERM_OF_LENGTH.format(length="n")
    s = _story("Find the number of cycles in the permutation p.", section, ["3 3\n2 3 1\n"])
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/joined", 25):
        v = json.loads(x)
        assert sorted(v["p"]) == list(range(1, v["n"] + 1))
    _refused(section, "3 3\n2 2 1\n")
    _refused(PERM_OF_LENGTH.format(length="m"), "3 3\n2 3 1\n")  # of another length: not read


MELODIES = (
    "The first line contains an integer t (1 <= t <= 5) — the number of melodies. Each melody is described by two"
    " lines{more}. The first line contains an integer n (2 <= n <= 6) — the number of notes in the melody. The second"
    " line contains n integers a_1, a_2, ..., a_n (0 <= a_i <= 127) — the notes of the melody."
)


def test_units_described_by_two_lines_are_the_test_cases():
    section = MELODIES.format(more="")
    for v in _drawn(section, "2\n2\n1 2\n3\n4 5 6\n"):
        assert all(len(a) == n and 2 <= n <= 6 and all(0 <= x <= 127 for x in a) for n, a in v["cases"])
    _refused(section, "1\n2\n1 128\n")
    _refused(MELODIES.format(more=", sorted by their length"), "2\n2\n1 2\n3\n4 5 6\n")


TITLES = (
    "The first line contains two integers n and m (1 <= n * m <= 12). The i-th of the next n lines contains a string"
    " s_i consisting of m uppercase Latin letters — the book title.{more}"
)


def test_a_product_bound_of_two_sizes_bounds_each_and_is_checked():
    section = TITLES.format(more=" The strings are pairwise distinct.")
    got = _drawn(section, "2 2\nAB\nCD\n")
    assert any(v["n"] > 1 for v in got) and any(v["m"] > 1 for v in got)
    for v in got:
        assert v["n"] * v["m"] <= 12 and len(set(v["s"])) == v["n"]
        assert all(len(w) == v["m"] and w.isupper() and w.isalpha() for w in v["s"])
    _refused(section, "4 4\nABCD\nBCDE\nCDEF\nDEFG\n")  # 16 > 12
    _refused(TITLES.format(more=" The strings are pairwise distinct. The strings are sorted."), "2 2\nAB\nCD\n")
    scalar = "The first line contains two integers n and m (1 <= n * m <= 12). The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 5)."
    _refused(scalar, "2 3\n1 2\n")  # m no size: its range unsaid


GRID = (
    "The first line contains two integers n and m (1 <= n * m <= 12) — the number of rows and columns of the grid."
    " The next n lines each contain m characters. Each character is either '.' or '#'."
)


def test_a_definition_by_forms_if_promises_nothing_and_a_plain_statement_of_it_refuses():
    definition = (
        "A set of '#' cells forms a connected component if from any cell in this set, it is possible to reach any"
        " other cell in this set. Find the largest one."
    )
    s = _story(definition, GRID, ["2 2\n#.\n.#\n"])
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/joined", 25):
        v = json.loads(x)
        assert v["n"] * v["m"] <= 12 and all(len(r) == v["m"] and set(r) <= {".", "#"} for r in v["s"])
    for promise in ("The '#' cells form a connected component.", "Initially, the '#' cells are connected."):
        refused = _story(promise + " Find the largest one.", GRID, ["2 2\n#.\n.#\n"])
        assert not isinstance(refused, StdinSpec) and refused.refusal.kind == "promise", promise
