"""Valid-or-none holes of the Codeforces prose readings (review of testgen/prose_families.py and its hooks):
each statement below was read while a sentence of it constrained the input and drawn inputs broke it; each
is now refused (or read and enforced: drawn inputs keep it)."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.prose_families import characters_said, distinct_said
from microcoder_data.testgen.prose_items import ProseLine
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase

_STORY = "You are given some values. Find the answer."


def _spec(section: str, tests: list[str], story: str = _STORY, after: str = ""):
    statement = f"{story}\n\nInput\n\n{section}\n\nOutput\n\nPrint the answer.{after}"
    tested = [TestCase(t, "0\n") for t in tests]
    return stdin_spec(Problem(id="cf/holes", source="cf", title="t", statement=statement, mode="stdin", tests=tested))


def _drawn(s: StdinSpec, k: int = 30) -> list[dict]:
    return [parse(s.rows, s.render(json.loads(x))) for x in generate_inputs(s.spec, "cf/holes", k)]


@pytest.mark.parametrize(
    "section, test",
    [
        (
            "The first line contains an integer n (1 <= n <= 6). The next n lines describe n distinct points. The i-th"
            " line contains two integers x_i and y_i (1 <= x_i, y_i <= 2).",
            "2\n1 1\n1 2\n",
        ),
        (
            "The first line contains an integer n (1 <= n <= 6). The following n lines each contain two integers,"
            " describing the distinct points. The i-th line contains integers x_i and y_i (1 <= x_i, y_i <= 2).",
            "2\n1 1\n1 2\n",
        ),
        (
            "The first line contains an integer n (1 <= n <= 6). Then follow n lines indicating the distinct events."
            " The i-th line contains two integers x_i and y_i (1 <= x_i, y_i <= 2).",
            "2\n1 1\n1 2\n",
        ),
        (
            "The first line contains an integer n (2 <= n <= 6). The next n - 1 lines describe the edges of the tree."
            " The i-th line contains two integers u_i and v_i (1 <= u_i, v_i <= n).",
            "3\n1 2\n2 3\n",
        ),
        (
            "The first line contains an integer n (1 <= n <= 4). The next n lines describe the rows of a symmetric"
            " matrix. The i-th line contains n integers a_i1, a_i2, ..., a_in (0 <= a_ij <= 9).",
            "2\n1 2\n2 1\n",
        ),
        (
            "The first line contains an integer n (1 <= n <= 6). The next n lines contain the descriptions of"
            " non-overlapping segments. The i-th line contains two integers l_i and r_i (1 <= l_i, r_i <= 9).",
            "1\n1 2\n",
        ),
    ],
)
def test_lines_announced_with_more_than_a_plain_noun_phrase_refuse(section, test):
    assert not isinstance(_spec(section, [test]), StdinSpec)


def test_lines_announced_with_a_plain_noun_phrase_are_read():
    section = (
        "The first line contains an integer n (1 <= n <= 6). The next n lines contain the descriptions of the"
        " rectangles. The i-th line contains two integers x_i and y_i (1 <= x_i, y_i <= 2)."
    )
    assert isinstance(_spec(section, ["1\n1 1\n"]), StdinSpec)


def test_distinct_of_every_line_or_of_the_input_is_not_read_of_the_last_line_only():
    listed, pairs = ProseLine(["a"], "n"), ProseLine(["x", "y"], "m", block=True)
    assert distinct_said("All numbers in the input are pairwise distinct", [listed]) is None
    assert distinct_said("All numbers are pairwise distinct", [ProseLine(["b"], "n"), listed]) is None
    assert distinct_said("All points are pairwise distinct", [ProseLine(["p", "q"], "k", block=True), pairs]) is None
    assert distinct_said("All points are pairwise distinct", [ProseLine(["n", "m"]), pairs]) is not None
    sections = [
        "The first line contains an integer n (1 <= n <= 6). The second line contains n integers a_1, a_2, ..., a_n"
        " (1 <= a_i <= 12). The third line contains n integers b_1, b_2, ..., b_n (1 <= b_i <= 12). All numbers in"
        " the input are pairwise distinct.",
        "The first line contains two integers n and m (1 <= n, m <= 4). Each of the next n lines contains two integers"
        " x_i and y_i (1 <= x_i, y_i <= 2) — a red point. Each of the next m lines contains two integers p_i and q_i"
        " (1 <= p_i, q_i <= 2) — a blue point. All points are pairwise distinct.",
    ]
    assert not isinstance(_spec(sections[0], ["2\n1 2\n3 4\n"]), StdinSpec)
    assert not isinstance(_spec(sections[1], ["1 1\n1 1\n2 2\n"]), StdinSpec)


@pytest.mark.parametrize(
    "said",
    [
        "a_i denotes the type of the i-th item and is either 1 or 2.",
        "If a_i is 1, the item is red. Otherwise, the item is blue and a_i is 2.",
        "The i-th element of a represents the colour of the i-th lamp and is either 1 or 2.",
    ],
)
def test_a_meaning_sentence_that_also_says_a_value_refuses(said):
    section = (
        "The first line contains an integer n (1 <= n <= 6). The second line contains n integers a_1, a_2, ..., a_n"
        " (1 <= a_i <= 3). "
    )
    assert not isinstance(_spec(section + said, ["2\n1 2\n"]), StdinSpec)
    assert isinstance(_spec(section + "a_i denotes the type of the i-th item.", ["2\n1 2\n"]), StdinSpec)


def test_the_same_guarantee_after_a_total_of_squares_is_of_squares():
    section = (
        "The first line contains an integer t (1 <= t <= 3) — the number of test cases. The first line of each test"
        " case contains two integers n and m (1 <= n, m <= 10). The sum of n^2 over all test cases does not exceed 16."
        " The same guarantee applies to m."
    )
    s = _spec(section, ["1\n2 2\n"])
    assert isinstance(s, StdinSpec), s.reason
    for v in _drawn(s):
        assert sum(int(c[1]) ** 2 for c in v["cases"]) <= 16
    assert not isinstance(_spec(section, ["1\n1 4\n", "1\n1 5\n"]), StdinSpec)  # 25 > 16
    section = (
        section.replace("n^2", "n * m")
        .replace("applies to m", "applies to k")
        .replace("two integers n and m (1 <= n, m <= 10)", "three integers n, m and k (1 <= n, m, k <= 10)")
    )
    s = _spec(section, ["1\n2 2 3\n"])  # of a product of two names: the named one's total (a plain name's)
    assert isinstance(s, StdinSpec), s.reason
    assert all(sum(int(c[2]) for c in v["cases"]) <= 16 for v in _drawn(s))


@pytest.mark.parametrize(
    "said",
    [
        "The sum of n does not exceed 5.",
        "The sum of n over all test cases does not exceed 5.",
        "The sum of n and the sum of m do not exceed 5.",
    ],
)
def test_a_total_with_no_test_cases_refuses(said):
    section = "The first line contains two integers n and m (1 <= n, m <= 10). "
    refused = _spec(section + said, ["2 3\n"])
    assert not isinstance(refused, StdinSpec) and refused.refusal.kind == "unsupported_constraint"


def test_a_total_of_a_lists_values_refuses_and_of_its_length_is_read():
    section = (
        "The first line contains an integer t (1 <= t <= 3) — the number of test cases. The first line of each test"
        " case contains an integer n (1 <= n <= 6). The second line contains n integers a_1, a_2, ..., a_n"
        " (1 <= a_i <= 100). It is guaranteed that the sum of {} over all test cases does not exceed 8."
    )
    assert not isinstance(_spec(section.format("a"), ["1\n2\n1 2\n"]), StdinSpec)  # values: len(a) not enforced
    s = _spec(section.format("the lengths of a"), ["1\n2\n1 2\n"])
    assert isinstance(s, StdinSpec), s.reason
    assert all(sum(len(c[1]) for c in v["cases"]) <= 8 for v in _drawn(s))


@pytest.mark.parametrize("gloss", ["the maximum number of points to pick", "the number of red points"])
def test_a_block_is_counted_by_a_gloss_part_only_where_one_part_is_exactly_the_number_of_its_noun(gloss):
    section = (
        "The first line contains a single integer t (1 <= t <= 3) — the number of test cases. The first line of each"
        f" test case contains two integers k and m (1 <= m <= 4, 1 <= k <= 3) — {gloss} and the number of points. The"
        " (i + 1)-th line of each test case contains two integers x_i and y_i (1 <= x_i, y_i <= 3) — the coordinates"
        " of the i-th point."
    )
    assert not isinstance(_spec(section, ["1\n2 2\n1 2\n2 1\n"]), StdinSpec)
    s = _spec(section.replace(gloss, "the distance"), ["1\n2 2\n1 2\n2 1\n"])
    assert isinstance(s, StdinSpec), s.reason
    assert all(len(c[2]) == int(c[1]) for v in _drawn(s) for c in v["cases"])


def test_characters_said_of_no_name_are_the_last_lines_and_refuse_where_it_has_them():
    assert characters_said("Each character is either 'a' or 'b'", ["s"], "t") is None  # t's said: not s's
    assert characters_said("Each character is either 'a' or 'b'", ["s", "t"], "t") == ("t", "'a' and 'b'")
    section = (
        "The first line contains an integer n (1 <= n <= 9). The second line contains a string s of length n. The"
        " third line contains a string t of length n consisting of lowercase English letters. Each character is"
        " either 'a' or 'b'."
    )
    assert not isinstance(_spec(section, ["3\nabb\nabc\n"]), StdinSpec)


_GRAPH = (
    "The first line contains two integers n and m (2 <= n <= 5, n - 1 <= m <= 6). Each of the next m lines contains"
    " two integers u_i and v_i (1 <= u_i, v_i <= n). It is guaranteed that the given graph is connected."
)


@pytest.mark.parametrize(
    "said",
    [
        "The graph contains no triangles.",
        "Each vertex of the graph has degree 2 or 3.",
        "The graph is biconnected.",
        "Vertex 1 is connected to every other vertex.",
    ],
)
def test_a_graph_read_lifts_only_the_phrase_introducing_it(said):
    story = f"You are given an undirected graph with n vertices and m edges. {said} Find the answer."
    assert not isinstance(_spec(_GRAPH, ["3 2\n1 2\n2 3\n"], story), StdinSpec)
    s = _spec(_GRAPH, ["3 2\n1 2\n2 3\n"], "You are given a connected undirected graph with n vertices. Find it.")
    assert isinstance(s, StdinSpec), s.reason


_CASES = (
    "The first line contains an integer T ({}) — the number of test cases. Each test case contains one integer n"
    " (1 <= n <= 5)."
)


@pytest.mark.parametrize(
    "bounds, story, after",
    [
        ("T >= 1", "There are at most 2 test cases. Find the answer.", ""),
        ("T >= 1", _STORY, "\n\nConstraints\n\n1 <= T <= 2\n1 <= n <= 5\n"),
        ("1 <= T <= 10", _STORY, "\n\nConstraints\n\n1 <= T <= 2\n1 <= n <= 5\n"),
    ],
)
def test_a_count_of_test_cases_bounded_elsewhere_refuses(bounds, story, after):
    refused = _spec(_CASES.format(bounds), ["1\n3\n"], story, after)
    assert not isinstance(refused, StdinSpec) and refused.refusal.kind == "unsupported_constraint"


def test_an_unbounded_count_of_test_cases_is_drawn_from_its_lower_bound():
    s = _spec(_CASES.format("T >= 20"), ["20\n" + "3\n" * 20])
    assert isinstance(s, StdinSpec), s.reason
    assert all(len(v["cases"]) >= 20 for v in _drawn(s, 10))
    s = _spec(_CASES.format("T >= 1"), ["1\n3\n"], "In the first test case, the answer is 3. Find the answer.")
    assert isinstance(s, StdinSpec), s.reason
    assert all(1 <= len(v["cases"]) <= 10 for v in _drawn(s, 10))


@pytest.mark.parametrize(
    "gloss", ["divisors of m", "perfect squares", "composite numbers", "squares of integers", "fibonacci numbers"]
)
def test_a_gloss_saying_what_kind_of_number_refuses(gloss):
    section = (
        "The first line contains two integers n and m (1 <= n <= 5, 1 <= m <= 30). The second line contains n"
        " integers a_1, a_2, ..., a_n (1 <= a_i <= 30) — {}."
    )
    assert not isinstance(_spec(section.format(gloss), ["2 6\n2 3\n"]), StdinSpec)
    assert isinstance(_spec(section.format("heights of people"), ["2 6\n2 3\n"]), StdinSpec)


def test_a_string_of_n_letters_is_not_a_string_of_any_characters():
    section = (
        "The first line contains an integer n (1 <= n <= 9). The second line contains a string, consisting of exactly"
        " n letters. Each character is either a lowercase Latin letter or a digit."
    )
    assert not isinstance(_spec(section, ["3\nabc\n"]), StdinSpec)  # digits drawn in a string of letters
    assert isinstance(_spec(section.replace(" letters.", " characters."), ["3\nab1\n"]), StdinSpec)


@pytest.mark.parametrize(
    "section, test",
    [
        (
            "The first line contains an integer n (1 <= n <= 5). The second line contains n integers t_1, t_2, ..., t_n"
            f" (1 <= t_i <= 20){gloss}.",
            "3\n1 2 3\n",
        )
        for gloss in (
            " — the heights from the smallest to the largest",
            " — the positions of the houses from left to right",
            ", the lengths of the sides of a non-degenerate triangle",
            " — the moments of the visits in chronological order",
            " — the values in ascending order",
        )
    ]
    + [
        (
            "The first line contains an integer n (1 <= n <= 4). Each of the next n lines contains n integers a_{i,j}"
            " (0 <= a_{i,j} <= 9) — the matrix, which is symmetric.",
            "2\n1 2\n2 1\n",
        )
    ],
)
def test_a_gloss_that_says_an_order_or_a_shape_is_refused(section, test):
    # review of the second prose round: glosses naming an order ("from left to right") or a shape (symmetric,
    # a triangle's sides) were read as saying nothing, and drawn inputs broke them
    spec = _spec(section, [test])
    assert not isinstance(spec, StdinSpec), section
