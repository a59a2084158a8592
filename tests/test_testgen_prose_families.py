"""More wordings of Codeforces / CodeContests Input sections (testgen/prose_families.py): each rewrite's
examples are its own test; each family read end to end is drawn so (every drawn input keeps it) and an
existing input breaking it refuses generation."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.prose_families import (
    REWRITES,
    characters_said,
    distinct_said,
    parity_promise,
    parity_said,
    rewrite,
    unbounded_count,
    units_as_cases,
)
from microcoder_data.testgen.prose_graph_sentences import graph_said, where_graph
from microcoder_data.testgen.prose_items import ProseLine, read_grid
from microcoder_data.testgen.prose_promises import split_sentences
from microcoder_data.testgen.prose_sentences import noun_phrases, subscripted_scalars, sum_sentences
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase


@pytest.mark.parametrize("entry", REWRITES, ids=[e.name for e in REWRITES])
def test_each_rewrite_reads_its_examples(entry):
    assert entry.examples
    for said, form in entry.examples:
        assert rewrite(said) == form, entry.name
        assert rewrite(said + " — the gloss (kept)") == form + " — the gloss (kept)"  # the gloss left as it is


def test_small_rewrites_and_noun_phrase_glosses():
    assert rewrite("The next three lines each contain n integers") == "The next 3 lines each contain n integers"
    assert rewrite("does not exceed 2 * {10}^5") == "does not exceed 2 * 10^5"
    assert rewrite("(1 <= x <= 9)") == "It is guaranteed that 1 <= x <= 9"  # bounds set apart: a sentence
    assert rewrite("three integers u, v and c (c = 0/1)") == "three integers u, v and c (0 <= c <= 1)"
    assert (
        rewrite("It contains one even integer n (2 <= n <= 8, n is even)")
        == "It contains one integer n (2 <= n <= 8, n is even)"
    )
    renamed = subscripted_scalars("It contains six integers n, m, r_b, c_b, r_d, and c_d (1 <= r_b <= n).", "")[0]
    assert renamed == "It contains six integers n, m, rb, cb, rd, and cd (1 <= rb <= n)."  # after plain names too
    assert rewrite("n and k (1 <= n <= 100; 0 <= k <= ⌊ n/2 ⌋)") == "n and k (1 <= n <= 100; 0 <= k <= floor(n/2))"
    assert noun_phrases("the number of people, tables and games, respectively")  # bare plural nouns, elided
    assert not noun_phrases("the values, all equal") and not noun_phrases("the values, nonzero")
    assert not noun_phrases("equal values of the array") and not noun_phrases("the values, equal values")
    assert noun_phrases("inital illusion rate of each room") and noun_phrases("project profits of each drink type")
    assert not noun_phrases("all of them equal") and not noun_phrases("most of the values of one kind")


@pytest.mark.parametrize(
    "what, width, bounds",
    [
        ("m integers A_{i,1} A_{i,2}, ..., A_{i,m} (-10^9 <= A_{i,j} <= 10^9)", "m", ["-10^9 <= A_{i,j} <= 10^9"]),
        ("m integers b_{i,1}, b_{i,2}, b_{i,3}, ... b_{i,m} (1 <= b_{i,j} <= 7)", "m", ["1 <= b_{i,j} <= 7"]),
        ("m integers a_i1, a_i2, ..., a_im (1 <= a_ij <= 10^9)", "m", ["1 <= a_{i,j} <= 10^9"]),
    ],
)
def test_a_grid_row_with_any_cells_written_before_the_dots(what, width, bounds):
    line, got = read_grid(what, {"n", "m"})
    assert (line.width, got) == (width, bounds)


@pytest.mark.parametrize(
    "sentence, said",
    [
        ("The string s consists of lowercase English letters", ("s", "lowercase English letters")),
        ("It's guaranteed that s only contains characters 0, 1 and ?", ("s", "0, 1 and '?'")),
        ("The strings only contain lowercase letters of the English alphabet", ("s", "lowercase English letters")),
        ("Each character is either a lowercase Latin letter or a digit", ("s", "lowercase English letters and digits")),
        ("Each character is either '.' or '#'", ("s", "'.' and '#'")),
        ("(s_i in {'W','C','L'})", ("s", "W, C and L")),
    ],
)
def test_a_sentence_stating_a_strings_characters(sentence, said):
    assert characters_said(sentence, ["s"]) == said
    assert characters_said(sentence.replace(" s ", " t "), ["s"]) in (said, None)  # another name: not s's


@pytest.mark.parametrize(
    "sentence",
    [
        "x contains 5 elements",
        "Each character is one of the first c uppercase letters",
        "Each character is odd",
        "(s_i in {'W','CC'})",
        "(t_i in {'W','C'})",
    ],
)
def test_a_sentence_not_stating_characters_is_not_read_as_them(sentence):
    assert characters_said(sentence, ["s"]) is None


def test_distinct_is_read_of_the_line_just_read_by_what_it_holds():
    listed, pairs = ProseLine(["a"], "n"), ProseLine(["x", "y"], "m", block=True)
    strings = ProseLine(["s"], "n", block=True, string=True, length="3")
    assert (
        distinct_said("All numbers in the sequence are pairwise distinct", [listed]) == "all values of a are distinct"
    )
    assert distinct_said("All pairs of coordinates are distinct", [pairs]) == "(x_i, y_i) != (x_j, y_j) if i != j"
    assert distinct_said("The strings are pairwise distinct", [strings]) == "all values of s are distinct"
    assert distinct_said("The strings are pairwise distinct", [listed]) is None  # not what the line holds
    assert distinct_said("All numbers in the sequence are pairwise distinct", [pairs]) is None
    assert distinct_said("All numbers are distinct", [ProseLine(["n", "k"])]) is None  # scalars: no list


@pytest.mark.parametrize(
    "sentence, lines",
    [
        ("It is guaranteed that the given edges form a connected simple graph.", ["The graph is simple and connected"]),
        ("There are no self loops or multiple edges.", ["There are no self-loops or multiple edges"]),
        (
            "It is guaranteed that there are no self-loops or multiple-edges in the given graph.",
            ["There are no self-loops or multiple edges"],
        ),
        (
            "The input will not contain self-loops or duplicate edges, and the provided graph will be connected.",
            ["There are no self-loops or multiple edges", "The graph is connected"],
        ),
        (
            "It is guaranteed that the given graph is connected and without multiple edges.",
            ["The graph is connected", "There are no multiple edges"],
        ),
        ("The graph may contain multiple edges and loops.", None),
        ("It is guaranteed that the given edges form a tree.", None),  # graph_readings' prose_tree
    ],
)
def test_a_graph_sentence_is_read_as_graph_readings_lines(sentence, lines):
    assert graph_said(sentence) == lines


def test_scalars_subscripted_by_a_letter_are_told_apart_from_a_list_of_the_same_name():
    section = "Each of the next n lines contains x_i (1 <= x_i <= 9). The last line contains two integers x_c, y_c."
    assert subscripted_scalars(section, "")[0].endswith("two integers xc, yc.")
    kept = "Each of the next n lines contains x_i. The last line contains two integers x_n, y_n."  # n is a word there
    assert subscripted_scalars(kept, "")[0] == kept
    assert where_graph("the number of vertices in the graph") == "the number of vertices "


def test_a_gloss_calling_the_list_the_permutation_draws_one():
    for gloss in (
        "denoting the permutation p of length n",
        "representing the permutation",
    ):
        section = (
            "The first line contains an integer n (1 <= n <= 8). The following line contains n space-separated"
            f" integers p_1, p_2, ..., p_n (1 <= p_i <= n) — {gloss}."
        )
        s = stdin_spec(_problem(section, ["3\n2 3 1\n"]))
        assert isinstance(s, StdinSpec), s.reason
        for x in generate_inputs(s.spec, "cf/perm", 20):
            v = json.loads(x)
            assert sorted(v["p"]) == list(range(1, v["n"] + 1))
        assert not isinstance(stdin_spec(_problem(section, ["3\n2 2 1\n"])), StdinSpec)


def test_a_parity_sentence_of_a_list_read():
    assert parity_said("By good fortune, all w_i are even integers.", {"w"}) == "w_i is even"
    assert parity_said("Each a_i is odd", {"a"}) == "a_i is odd"
    assert parity_said("It is guaranteed that all a_i are even", {"a"}) == "a_i is even"  # was refused unread
    assert parity_said("All b_i are even", {"a"}) is None  # no such list
    assert parity_said("All a_i are equal", {"a"}) is None


def _problem(section: str, tests: list[str]) -> Problem:
    statement = f"You are given some values. Find the answer.\n\nInput\n\n{section}\n\nOutput\n\nPrint the answer."
    return Problem(
        id="cf/families",
        source="cf",
        title="t",
        statement=statement,
        mode="stdin",
        tests=[TestCase(t, "0\n") for t in tests],
    )


def _grid(v: dict) -> bool:
    n, m, a = int(v["n"]), int(v["m"]), v["a"]
    return len(a) == n and all(len(r) == m and all(1 <= int(x) <= n * m for x in r) for r in a)


def _chars(v: dict) -> bool:
    return len(v["s"]) == int(v["n"]) and all(len(r) == int(v["m"]) and set(r) <= {".", "#"} for r in v["s"])


def _even(v: dict) -> bool:
    a = [int(x) for x in v["a"]]
    return int(v["n"]) % 2 == 0 and len(a) == int(v["n"]) and len(set(a)) == len(a) and all(1 <= x <= 100 for x in a)


def _pairs(v: dict) -> bool:
    pairs = list(zip(v["x"], v["y"]))
    return len(set(pairs)) == len(pairs) and all(1 <= int(x) <= 3 and 1 <= int(y) <= 3 for x, y in pairs)


def _letters(v: dict) -> bool:
    return len(v["s"]) == int(v["n"]) and all(c.isdigit() or "a" <= c <= "z" for c in v["s"])


def _strings(v: dict) -> bool:
    return len(set(v["s"])) == len(v["s"]) and all(len(w) == 3 and set(w) <= {"0", "1"} for w in v["s"])


def _graph(v: dict) -> bool:
    n, edges = int(v["n"]), [(int(a), int(b)) for a, b in zip(v["u"], v["v"])]
    seen, todo = {1}, [1]
    while todo:
        x = todo.pop()
        for a, b in edges:
            for p, q in ((a, b), (b, a)):
                if p == x and q not in seen:
                    seen.add(q)
                    todo.append(q)
    simple = all(a != b for a, b in edges) and len({frozenset(e) for e in edges}) == len(edges)
    return simple and seen == set(range(1, n + 1)) and all(int(w) % 2 == 0 for w in v["w"])


def _points(v: dict) -> bool:
    return all(len(c[2]) == int(c[0]) and _pairs({"x": c[2], "y": c[3]}) for c in v["cases"])


def _count(v: dict) -> bool:
    return 1 <= int(v["n"]) <= 8 and len(v["a"]) == int(v["n"])


FAMILIES = [  # (Input section, an existing test that keeps it, one that breaks it, what every drawn input keeps)
    (
        "The first line contains one integer m — the number of points. (1 <= m <= 6)\n\nEach of the next m lines"
        " contains two integers. The i-th line contains integers x_i and y_i — the coordinates of the i-th point."
        " (1 <= x_i, y_i <= 3, (x_i, y_i) != (x_j, y_j) for i != j)",
        "2\n1 2\n2 1\n",
        "2\n1 2\n1 2\n",
        _pairs,
    ),
    (
        "The first line contains an integer n (1 <= n <= 9). The second line contains a single string s, consisting"
        " of n characters. Each character is either a 0 or a 1. 0 means that the song was disliked, and 1 means that"
        " it was liked.",
        "3\n010\n",
        "3\n012\n",
        lambda v: len(v["s"]) == int(v["n"]) and set(v["s"]) <= {"0", "1"},
    ),
    (
        "The first line contains an integer m (1 <= m <= 6) — the number of points.\n\nm lines follow. The k-th of"
        " these lines contain two integers x_k and y_k (1 <= x_k, y_k <= 3). All pairs of coordinates are distinct.",
        "2\n1 2\n2 1\n",
        "2\n1 2\n1 2\n",
        _pairs,
    ),
    (
        "The first line contains two integers n and m (1 <= n, m <= 3). Then (n + 1) lines follow, each containing"
        " (m + 1) integers a_{i, j} (1 <= a_{i, j} <= n * m).",
        "1 1\n1 1\n1 1\n",
        "1 1\n1 1\n1 2\n",
        lambda v: (
            len(v["a"]) == int(v["n"]) + 1
            and all(
                len(r) == int(v["m"]) + 1 and all(1 <= int(x) <= int(v["n"]) * int(v["m"]) for x in r) for r in v["a"]
            )
        ),
    ),
    (
        "The first line contains an integer n (1 <= n <= 6). A string s of length n follows on the second line,"
        ' containing only "U" and "D", representing that each coin is facing up or facing down.',
        "3\nUDU\n",
        "3\nUD'\n",
        lambda v: len(v["s"]) == int(v["n"]) and set(v["s"]) <= {"U", "D"},
    ),
    (
        "The first line contains a single string s (1 <= |s| <= 8, and s consists only of lowercase English letters"
        ' and "?"-s).',
        "ab?\n",
        "aB?\n",
        lambda v: 1 <= len(v["s"]) <= 8 and all(c == "?" or "a" <= c <= "z" for c in v["s"]),
    ),
    (
        "The first line contains a single integer t (1 <= t <= 3) — the number of test cases. The first line of each"
        " test case contains two integers m and d (1 <= m <= 5, 2 <= d <= 4) — the number of points and the distance."
        " The (i + 1)-th line of each test case contains two integers x_i and y_i (1 <= x_i, y_i <= 3) — the"
        " coordinates of the i-th point. It is guaranteed that all points are pairwise distinct.",
        "1\n2 2\n1 2\n2 1\n",
        "1\n2 2\n1 2\n1 2\n",
        _points,
    ),
    (
        "The first line contains two integers n and m (1 <= n, m <= 4). The next n lines describe the rows of the"
        " matrix. The i-th line contains m integers a_i1, a_i2, ..., a_im (1 <= a_ij <= n * m).",
        "2 2\n1 2\n3 4\n",
        "2 2\n1 2\n3 5\n",
        _grid,
    ),
    (
        "The first line contains an integer m (1 <= m <= 6). The next m lines describe the points. The i-th of these"
        " lines contains two space separated integers x_i and y_i (1 <= x_i, y_i <= 3). All pairs of coordinates are"
        " distinct.",
        "2\n1 2\n2 1\n",
        "2\n1 2\n1 4\n",
        _pairs,
    ),
    (
        "The first line contains two integers n and m (1 <= n, m <= 4). The next n lines contain m integers a_ij"
        " each (1 <= a_ij <= n * m).",
        "2 2\n1 2\n3 4\n",
        "2 2\n1 2\n3 5\n",
        _grid,
    ),
    (
        "The first line contains two integers n and m (1 <= n, m <= 5). The next n lines each contain m characters."
        " Each character is either '.' or '#'.",
        "2 3\n.#.\n###\n",
        "2 3\n.#.\n#x#\n",
        _chars,
    ),
    (
        "The first line contains one even integer n (2 <= n <= 10) — the length of the sequence. The second line"
        " contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 100). All numbers in the sequence are pairwise distinct.",
        "4\n1 2 3 4\n",
        "4\n1 2 3 3\n",
        _even,
    ),
    (
        "The first line contains one even integer n (2 <= n <= 10). The second line contains n integers"
        " a_1, a_2, ..., a_n (1 <= a_i <= 100).",
        "2\n5 7\n",
        "3\n5 7 9\n",
        lambda v: int(v["n"]) % 2 == 0,
    ),
    (
        "The first line contains an integer m (1 <= m <= 6). Each of the next m lines contains two integers x_i and"
        " y_i (1 <= x_i, y_i <= 3) — the coordinates of the points. All pairs of coordinates are distinct.",
        "2\n1 2\n2 1\n",
        "2\n1 2\n1 2\n",
        _pairs,
    ),
    (
        "The first line contains an integer n (1 <= n <= 9). The second line contains a string, consisting of exactly"
        " n characters. Each character is either a lowercase Latin letter or a digit.",
        "3\na1z\n",
        "3\naBz\n",
        _letters,
    ),
    (
        "The first line contains an integer n (1 <= n <= 4). Each of the next n lines contains a binary string of"
        " length 3. The strings are pairwise distinct.",
        "2\n010\n110\n",
        "2\n010\n010\n",
        _strings,
    ),
    (
        "The first line contains an integer n. The second line contains n (1 <= n <= 8) integers a_1, a_2,..., a_n"
        " (1 <= a_i <= 10^6).",
        "3\n1 2 3\n",
        "9\n1 2 3 4 5 6 7 8 9\n",
        _count,
    ),
    (
        "The first line contains two integers n and m (2 <= n <= 6, n - 1 <= m <= 8). Each of the next m lines"
        " contains three integers u_i, v_i and w_i (1 <= u_i, v_i <= n, 2 <= w_i <= 20). It is guaranteed that the"
        " given edges form a connected simple graph. By good fortune, all w_i are even integers.",
        "3 2\n1 2 4\n2 3 6\n",
        "3 2\n1 2 4\n1 2 6\n",
        _graph,
    ),
    (
        "The first line contains two integers n and m (2 <= n <= 6, n - 1 <= m <= 8). Each of the next m lines"
        " contains three integers u_i, v_i and w_i (1 <= u_i, v_i <= n, 2 <= w_i <= 20). It is guaranteed that the"
        " given edges form a connected simple graph. By good fortune, all w_i are even integers.",
        "3 2\n1 2 4\n2 3 6\n",
        "3 2\n1 2 4\n2 3 5\n",
        _graph,
    ),
]


@pytest.mark.parametrize("section, good, bad, keeps", FAMILIES)
def test_each_family_is_read_drawn_so_and_an_input_breaking_it_refuses(section, good, bad, keeps):
    s = stdin_spec(_problem(section, [good]))
    assert isinstance(s, StdinSpec), s.reason
    drawn = [s.render(json.loads(x)) for x in generate_inputs(s.spec, "cf/families", 25)]
    assert len(drawn) >= 10
    for text in drawn:
        assert keeps(parse(s.rows, text)), text
    assert keeps(parse(s.rows, good))
    refused = stdin_spec(_problem(section, [good, bad]))
    assert not isinstance(refused, StdinSpec), bad


def test_the_story_may_speak_of_the_graph_only_where_a_sentence_read_it():
    section = FAMILIES[-1][0]
    story = "You are given a connected undirected graph. Find the answer."
    read = Problem(
        id="cf/graph",
        source="cf",
        title="t",
        statement=f"{story}\n\nInput\n\n{section}\n\nOutput\n\nPrint it.",
        mode="stdin",
        tests=[TestCase("3 2\n1 2 4\n2 3 6\n", "0\n")],
    )
    assert isinstance(stdin_spec(read), StdinSpec)
    read.statement = read.statement.replace(" It is guaranteed that the given edges form a connected simple graph.", "")
    refused = stdin_spec(read)
    assert not isinstance(refused, StdinSpec) and refused.refusal.kind == "promise"
    read.statement = f"You are given a connected bipartite graph. Find it.\n\nInput\n\n{section}\n\nOutput\n\nPrint it."
    assert stdin_spec(read).refusal.kind == "promise"  # bipartite: a kind no sentence read


def test_two_totals_joined_otherwise_are_each_enforced_on_every_drawn_input():
    section = (
        "The first line contains a single integer t (1 <= t <= 5) — the number of test cases. The first line of each"
        " test case contains two integers n and k (1 <= n <= 4, 0 <= k <= ⌊ n/2 ⌋). The second line of each test"
        " case contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9). It is guaranteed that the sum of n over all"
        " test cases does not exceed 6 and that the sum of k over all test cases does not exceed 2."
    )
    s = stdin_spec(_problem(section, ["2\n2 1\n1 2\n3 0\n4 5 6\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/totals", 25):
        cases = json.loads(x)["cases"]
        assert sum(c[0] for c in cases) <= 6 and sum(c[1] for c in cases) <= 2
        assert all(0 <= c[1] <= c[0] // 2 for c in cases)
    for bad in ("2\n3 1\n1 2 3\n4 0\n4 5 6 7\n", "2\n2 1\n1 2\n4 2\n4 5 6 7\n", "1\n3 2\n1 2 3\n"):
        assert not isinstance(stdin_spec(_problem(section, [bad])), StdinSpec), bad


def test_the_story_may_say_again_a_parity_or_primality_the_input_section_read():
    section = "The first and only line contains two integers n and M (1 <= n <= 9, 10 <= M <= 60, n is odd)."
    story = "You are given n and M, where n is odd and M is prime. Find the answer."
    base = Problem(
        id="cf/prime",
        source="cf",
        title="t",
        statement=f"{story}\n\nInput\n\n{section} It is guaranteed that M is prime.\n\nOutput\n\nPrint it.",
        mode="stdin",
        tests=[TestCase("3 13\n", "0\n")],
    )
    s = stdin_spec(base)
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/prime", 20):
        v = json.loads(x)
        assert v["n"] % 2 == 1 and all(v["M"] % d for d in range(2, v["M"]))
    base.statement = base.statement.replace(" It is guaranteed that M is prime.", "")
    refused = stdin_spec(base)  # the story's "M is prime", read nowhere: a promise
    assert not isinstance(refused, StdinSpec) and refused.refusal.kind == "promise"


def test_a_count_of_test_cases_with_no_upper_bound_is_drawn_small_and_a_meaning_sentence_says_nothing():
    assert unbounded_count("t >= 1", "t") == "1 <= t <= 10" and unbounded_count("1 <= t <= 5", "t") == "1 <= t <= 5"
    section = (
        "The first line contains an integer t (t >= 1) — the number of test cases. The first line of each test case"
        " contains an integer n (1 <= n <= 5). The second line of each test case contains a binary string of length n."
        " If the j-th character of the string is 0, the cell is empty. Otherwise, the cell is a wall."
    )
    s = stdin_spec(_problem(section, ["2\n3\n010\n1\n1\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/cases", 20):
        v = json.loads(x)
        assert 1 <= v["t"] <= 10 and all(len(w) == n and set(w) <= {"0", "1"} for n, w in v["cases"])
    for bounding in ("Otherwise, all a_i are equal.", "Otherwise, n is even."):
        changed = section.replace("Otherwise, the cell is a wall.", bounding)
        assert not isinstance(stdin_spec(_problem(changed, ["2\n3\n010\n1\n1\n"])), StdinSpec), bounding


def test_a_total_of_a_sum_of_squares_and_the_same_guarantee_of_a_bare_name_are_enforced():
    assert sum_sentences("The same guarantee applies to w", "2 * 10^5") == [
        "the sum of w over all test cases does not exceed 2 * 10^5"
    ]
    section = (
        "The first line contains a single integer t (1 <= t <= 4) — the number of test cases. The only line of each"
        " test case contains three integers n, m and w (1 <= n, m, w <= 5). It is guaranteed that the sum of"
        " (n^2 + m^2) over all test cases does not exceed 30. It is guaranteed that the sum of n over all test cases"
        " does not exceed 30. The same guarantee applies to w."
    )
    of_two = section.replace(" It is guaranteed that the sum of n over all test cases does not exceed 30.", "")
    assert not isinstance(stdin_spec(_problem(of_two, ["2\n1 2 3\n2 1 4\n"])), StdinSpec)  # w's, or w^2's: untold
    s = stdin_spec(_problem(section, ["2\n1 2 3\n2 1 4\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/squares", 25):
        cases = json.loads(x)["cases"]
        assert sum(n * n + m * m for n, m, _w in cases) <= 30 and sum(w for _n, _m, w in cases) <= 30
    assert not isinstance(stdin_spec(_problem(section, ["2\n4 3 1\n2 2 1\n"])), StdinSpec)  # 25 + 8 > 30


def test_what_the_i_th_character_represents_says_nothing_unless_it_bounds():
    section = (
        "The first line contains an integer n (1 <= n <= 5). The second line contains a binary string s of length n."
        " The i-th character of s represents the colour of vertex i. s_i denotes the colour of vertex i."
    )
    assert isinstance(stdin_spec(_problem(section, ["3\n010\n"])), StdinSpec)
    for bounding in ("the colour of vertex i, at most 5", "a value equal to n", "whether it is even"):
        changed = section.replace("the colour of vertex i", bounding)
        assert not isinstance(stdin_spec(_problem(changed, ["3\n010\n"])), StdinSpec), bounding


def test_the_story_may_call_the_points_distinct_only_where_the_block_was_read_so():
    section = next(f[0] for f in FAMILIES if f[0].endswith("All pairs of coordinates are distinct."))
    story = "You are given a set of pairwise distinct points. Find the answer."
    tests = [TestCase("2\n1 2\n2 1\n", "0\n")]
    statement = f"{story}\n\nInput\n\n{section}\n\nOutput\n\nPrint it."
    read = Problem(id="cf/points", source="cf", title="t", statement=statement, mode="stdin", tests=tests)
    assert isinstance(stdin_spec(read), StdinSpec)
    read.statement = statement.replace(" All pairs of coordinates are distinct.", "")
    assert stdin_spec(read).refusal.kind == "promise"  # the story's distinct points, read nowhere
    read.statement = statement.replace("set of pairwise distinct points", "set of points with distinct x coordinates")
    assert stdin_spec(read).refusal.kind == "promise"  # distinct x: not what was read


def test_units_a_first_line_counts_and_each_describes_are_the_test_cases():
    section = (
        "The first line contains one integer t (1 <= t <= 5) — the number of games that they played.\n\n"
        "Each game is described by one number n (1 <= n <= 9) — the number that ends the game."
    )
    assert units_as_cases("The first line contains t — the number of rows.\n\nEach row is described by ...") == (
        "The first line contains t — the number of rows.\n\nEach row is described by ..."
    )  # no number follows: left as it is
    s = stdin_spec(_problem(section, ["2\n3\n9\n"]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/games", 20):
        v = json.loads(x)
        assert 1 <= v["t"] <= 5 and len(v["cases"]) == v["t"] and all(1 <= c[0] <= 9 for c in v["cases"])
    assert not isinstance(stdin_spec(_problem(section, ["2\n3\n"])), StdinSpec)  # two games, one given


def test_a_parity_of_an_input_variable_refuses_only_in_a_sentence_that_may_promise():
    assert parity_promise("Chanek wants to count the number of integers s, where s is divisible by 25.", ["s"]) is None
    assert parity_promise("Find the number of ways if n is even.", ["n"]) is None  # the task's
    assert parity_promise("Alice has n coins, and n is even.", ["n"]) == "n is even"
    assert parity_promise("It is guaranteed that k is a prime.", ["k"]) == "k is a prime"


def test_a_value_meaning_after_a_stop_is_a_sentence_of_its_own():
    assert split_sentences("Each character is either a 0 or a 1. 0 means that it was disliked.") == [
        "Each character is either a 0 or a 1.",
        "0 means that it was disliked.",
    ]
