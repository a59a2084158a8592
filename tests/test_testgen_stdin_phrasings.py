"""AtCoder constraints said in words (microcoder_data/testgen/stdin_phrasings.py, conditions.py,
stdin_format.py): each phrasing is either enforced on every generated input or refuses
generation, and an existing input against the reading refuses it too."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase


def _problem(
    fmt: str,
    constraints: list[str],
    inputs: list[str],
    story: str = "Answer the question.",
    intro: str = "The input is given from Standard Input in the following format:",
) -> Problem:
    lines = "\n".join(f"- {c}" for c in constraints)
    statement = (
        f"{story}\n\n### Input\n\n{intro}\n{fmt}\n\n### Output\n\nPrint the answer.\n\n"
        f"### Constraints\n\n{lines}\n\n### Sample Input 1\n\n1\n"
    )
    return Problem(
        id="atc/words",
        source="atc",
        title="W",
        statement=statement,
        mode="stdin",
        tests=[TestCase(i, "0\n") for i in inputs],
        reference_solutions=["print(0)"],
    )


def _spec(*args, **kwargs) -> StdinSpec:
    spec = stdin_spec(_problem(*args, **kwargs))
    assert isinstance(spec, StdinSpec), spec.reason
    return spec


def _refusal(*args, **kwargs) -> str:
    spec = stdin_spec(_problem(*args, **kwargs))
    assert not isinstance(spec, StdinSpec), "read, but it should have been refused"
    return spec.reason


def _drawn(spec: StdinSpec, n: int = 30, least: int = 10) -> list[dict]:
    drawn = [parse(spec.rows, spec.render(json.loads(x))) for x in generate_inputs(spec.spec, "atc/words", n)]
    assert len(drawn) >= least
    return drawn


def test_format_block_introduced_as_given_in_the_following_format_from_standard_input():
    spec = _spec(
        "N\nA_1 A_2 \\ldots A_N",
        ["1 \\le N \\le 5", "1 \\le A_i \\le 9", "All input values are integers."],
        ["2\n3 4\n"],
        intro="The input is given in the following format from Standard Input:",
    )
    for v in _drawn(spec):
        assert 1 <= len(v["A"]) <= 5 and all(1 <= int(a) <= 9 for a in v["A"])


def test_bounds_said_in_words_glossed_or_in_latex_notation():
    for line in ("N is an integer such that 1 \\le N \\le 50.", "N is an integer satisfying 1 \\le N \\le 50."):
        for v in _drawn(_spec("N", [line], ["7\n"])):
            assert 1 <= int(v["N"]) <= 50
    spec = _spec("S", ["1 \\le |S| \\le 8 (|S| is the length of the string S.)", "S consists of a and b."], ["ab\n"])
    assert all(1 <= len(v["S"]) <= 8 and set(v["S"]) <= {"a", "b"} for v in _drawn(spec))
    spec = _spec(
        "N\nS_1\n\\vdots\nS_N",
        ["1 \\le N \\le 4", "1 \\le \\lvert S_i \\rvert \\le 5", "S_i consists of lowercase English letters."],
        ["2\nab\nc\n"],
    )
    assert all(1 <= len(s) <= 5 for v in _drawn(spec) for s in v["S"])
    spec = _spec(
        "H W K",
        ["1 \\le H, W \\le 9", "1 \\le K \\le \\max \\lbrace H, W \\rbrace", "All given numbers are integers."],
        ["2 5 4\n"],
    )
    drawn = _drawn(spec)
    assert all(1 <= int(v["K"]) <= max(int(v["H"]), int(v["W"])) for v in drawn)
    assert any(int(v["K"]) > int(v["H"]) for v in drawn)  # the larger side, not the first
    assert "breaks" in _refusal("N", ["N is an integer such that 1 \\le N \\le 50."], ["51\n"])


def test_a_string_length_said_in_words():
    spec = _spec("N\nS", ["1 \\le N \\le 9", "S consists of x and y.", "The length of S is N."], ["3\nxyx\n"])
    assert all(len(v["S"]) == int(v["N"]) for v in _drawn(spec))
    spec = _spec("S", ["S consists of x.", "The length of S is an odd number between 1 and 9, inclusive."], ["xxx\n"])
    lengths = {len(v["S"]) for v in _drawn(spec, least=3)}
    assert lengths <= {1, 3, 5, 7, 9} and len(lengths) >= 3
    assert "breaks" in _refusal(
        "S", ["S consists of x.", "The length of S is an odd number between 1 and 9, inclusive."], ["xx\n"]
    )


def test_every_element_a_multiple_or_even_is_drawn_so():
    spec = _spec(
        "N\nA_1 \\ldots A_N\nB_1 \\ldots B_N",
        [
            "1 \\le N \\le 6",
            "500 \\le A_i \\le 2500",
            "A_i is a multiple of 100.",
            "3 \\le B_i \\le 10^9",
            "B_i is even.",
            "All input values are integers.",
        ],
        ["2\n500 2500\n4 10\n"],
    )
    for v in _drawn(spec):
        assert all(int(a) % 100 == 0 and 500 <= int(a) <= 2500 for a in v["A"]), v
        assert all(int(b) % 2 == 0 and 4 <= int(b) <= 10**9 for b in v["B"]), v
    fmt, lines = "N\nA_1 \\ldots A_N", ["1 \\le N \\le 6", "1 \\le A_i \\le 900", "A_i is a multiple of 100."]
    assert "breaks" in _refusal(fmt, lines, ["2\n100 150\n"])
    # a divisor drawn with the input is not read per element
    assert "not understood" in _refusal(
        "N K\nA_1 \\ldots A_N", ["1 \\le N, K \\le 6", "1 \\le A_i \\le 90", "A_i is a multiple of K."], ["2 3\n3 6\n"]
    )


def test_how_often_a_character_occurs_is_kept():
    spec = _spec(
        "S",
        ["S is a string of length between 2 and 9, inclusive, consisting of a and ..", "S contains at least one .."],
        ["a.\n"],
    )
    assert all("." in v["S"] for v in _drawn(spec, least=5))
    spec = _spec(
        "N D\nS",
        [
            "1 \\le D \\le N \\le 9",
            "S is a string of length N consisting of @ and ..",
            "S contains at least D occurrences of @.",
        ],
        ["3 2\n@.@\n"],
    )
    assert all(v["S"].count("@") >= int(v["D"]) for v in _drawn(spec, least=5))
    spec = _spec("S", ["|S| = 3", "S contains one R, one M, and one S."], ["RMS\n", "SRM\n"])
    assert all(sorted(v["S"]) == ["M", "R", "S"] for v in _drawn(spec, least=4))
    lines = ["S is a string of length 3 consisting of a and ..", "S contains at least one .."]
    assert "breaks" in _refusal("S", lines, ["aaa\n"])
    assert "not understood" in _refusal("S", ["|S| = 3", "S contains at least one vowel."], ["abc\n"])


def test_increasing_chains_and_next_element_relations_draw_sorted_distinct_values():
    spec = _spec(
        "M\nT_1 W_1\n\\vdots\nT_M W_M",
        ["1 \\le M \\le 8", "0 < T_1 < \\ldots < T_M \\le 20", "1 \\le W_i \\le 5", "All input values are integers."],
        ["2\n3 1\n7 2\n"],
    )
    for v in _drawn(spec):
        t = [int(x) for x in v["T"]]
        assert t == sorted(set(t)) and all(0 < x <= 20 for x in t), v
    spec = _spec(
        "N\nT_1 \\ldots T_N",
        [
            "1 \\le N \\le 8",
            "1 \\le T_i \\le 30",
            "T_i < T_{i+1} (1 \\le i \\le N-1)",
            "All input values are integers.",
        ],
        ["3\n1 5 9\n"],
    )
    assert all([int(x) for x in v["T"]] == sorted({int(x) for x in v["T"]}) for v in _drawn(spec))
    assert "breaks" in _refusal(
        "N\nT_1 \\ldots T_N",
        ["1 \\le N \\le 8", "1 \\le T_i \\le 30", "T_i < T_{i+1} (1 \\le i \\le N-1)"],
        ["3\n1 5 5\n"],
    )


def test_values_distinct_by_implication_or_across_two_lists():
    spec = _spec(
        "N\nS_1 A_1\n\\vdots\nS_N A_N",
        [
            "1 \\le N \\le 6",
            "S_i is a string of length between 1 and 2, inclusive, consisting of a and b.",
            "i \\neq j \\implies S_i \\neq S_j",
            "1 \\le A_i \\le 4",
        ],
        ["2\na 1\nab 1\n"],
    )
    assert all(len(set(v["S"])) == len(v["S"]) for v in _drawn(spec))
    fmt = "N M\nA_1 \\ldots A_N\nB_1 \\ldots B_M"
    lines = [
        "1 \\le N, M \\le 5",
        "1 \\le A_i, B_j \\le 12",
        "A_1, A_2, \\ldots, A_N, B_1, B_2, \\ldots, B_M are distinct.",
        "All input values are integers.",
    ]
    for v in _drawn(_spec(fmt, lines, ["2 1\n3 4\n5\n"])):
        values = v["A"] + v["B"]
        assert len(set(values)) == len(values), v
    assert "breaks" in _refusal(fmt, lines, ["2 1\n3 4\n4\n"])


def test_a_permutation_of_a_written_word():
    spec = _spec("S", ["S is a permutation of ABCDEFG."], ["GFEDCBA\n"])
    drawn = _drawn(spec)
    assert all(sorted(v["S"]) == list("ABCDEFG") for v in drawn) and len({v["S"] for v in drawn}) > 5


GRAPH = (
    "N M\na_1 b_1\n\\vdots\na_M b_M",
    ["2 \\le N \\le 6", "0 \\le M \\le N(N-1)/2", "1 \\le a_i, b_i \\le N", "All input values are integers."],
)


def test_a_simple_graph_has_no_loop_and_no_repeated_edge_in_either_direction():
    fmt, lines = GRAPH
    story = "You are given an undirected graph with N vertices and M edges. Edge i connects vertex a_i and vertex b_i."
    spec = _spec(fmt, lines + ["The given graph is simple."], ["3 2\n1 2\n3 2\n"], story=story)
    drawn = _drawn(spec)
    assert any(len(v["a"]) >= 3 for v in drawn)
    for v in drawn:
        edges = [frozenset((a, b)) for a, b in zip(v["a"], v["b"])]
        assert all(len(e) == 2 for e in edges) and len(set(edges)) == len(edges), v
    assert "breaks" in _refusal(fmt, lines + ["The given graph is simple."], ["3 2\n1 2\n2 1\n"], story=story)
    # simple and connected: drawn so (graph_readings; M below N - 1 draws nothing); a graph whose
    # edges the statement does not name is not read
    connected = _drawn(_spec(fmt, lines + ["The given graph is simple and connected."], ["2 1\n1 2\n"], story=story))
    for v in connected:
        n, edges = int(v["N"]), {frozenset((int(a), int(b))) for a, b in zip(v["a"], v["b"])}
        reached, todo = {1}, [1]
        while todo:
            x = todo.pop()
            for y in {y for e in edges if x in e for y in e} - reached:
                reached.add(y)
                todo.append(y)
        assert reached == set(range(1, n + 1)) and len(edges) == len(v["a"]) and all(len(e) == 2 for e in edges), v
    assert "not understood" in _refusal(fmt, lines + ["The given graph is simple."], ["2 1\n1 2\n"])


@pytest.mark.parametrize(
    "promise, inputs, holds",
    [
        ("(The constraints guarantee that N \\le M.)", ["2 3\n"], lambda v: int(v["N"]) <= int(v["M"])),
        ("Here, it is guaranteed that N is either 1 or 4.", ["4 3\n"], lambda v: v["N"] in ("1", "4")),
    ],
)
def test_promises_worded_as_guarantees_are_read_as_constraints(promise, inputs, holds):
    lines = ["1 \\le N, M \\le 9", "All input values are integers."]
    drawn = _drawn(_spec("N M", lines, inputs, story=f"Takahashi has N apples and M oranges. {promise}"))
    assert all(holds(v) for v in drawn)
    assert any(v["N"] != drawn[0]["N"] for v in drawn)


def test_promises_about_anything_but_the_input_still_refuse_generation():
    why = _refusal(
        "N M",
        ["1 \\le N, M \\le 9"],
        ["2 3\n"],
        story="Takahashi has N apples. It is guaranteed that the answer is unique.",
    )
    assert why.startswith("a promise outside the constraints") and "answer" in why
    # a bound on the answer is an answer check (answer_checks.py), enforced on the references' answers
    spec = _spec(
        "N M",
        ["1 \\le N, M \\le 9"],
        ["2 3\n"],
        story="Takahashi has N apples. It is guaranteed that the answer is at most 10^{18}.",
    )
    assert [(c.lo, c.hi) for c in spec.spec.answer] == [(None, "10**(18)")]
    broken = _refusal(
        "N M",
        ["1 \\le N, M \\le 9"],
        ["3 2\n"],
        story="Takahashi has N apples. (The constraints guarantee that N \\le M.)",
    )
    assert "breaks" in broken  # read as a constraint, and the existing input is against it


def test_emphasis_and_a_string_described_character_by_character():
    lines = [
        "\\color{red}{K=1}",
        "1 \\le |S| \\le 5",
        "Each character of S is an uppercase or lowercase English letter.",
    ]
    drawn = _drawn(_spec("K\nS", lines, ["1\naB\n"]))
    assert all(v["K"] == "1" and v["S"].isalpha() for v in drawn)
    assert any(not v["S"].islower() for v in drawn) and any(not v["S"].isupper() for v in drawn)
    assert "breaks" in _refusal("K", ["\\color{red}{K=1}"], ["2\n"])


def test_conditions_on_some_all_or_neighbouring_elements():
    fmt = "N\nA_1 A_2 \\ldots A_N"
    base = ["1 \\le N \\le 6", "0 \\le A_i \\le 3", "All input values are integers."]
    some = base + ["There is an i such that A_i \\ge 1."]
    assert all(max(map(int, v["A"])) >= 1 for v in _drawn(_spec(fmt, some, ["2\n0 1\n"])))
    assert "breaks" in _refusal(fmt, some, ["2\n0 0\n"])
    unequal = base + ["It is not the case that all A_1, A_2, \\ldots, A_N are equal."]
    assert all(len(set(v["A"])) >= 2 for v in _drawn(_spec(fmt, unequal, ["2\n0 1\n"])))
    assert "breaks" in _refusal(fmt, unequal, ["2\n3 3\n"])
    neighbours = base + ["A_i \\neq A_{i+1}"]
    drawn = _drawn(_spec(fmt, neighbours, ["3\n0 1 0\n"]))
    assert all(a != b for v in drawn for a, b in zip(v["A"], v["A"][1:]))
    assert any(len(set(v["A"])) < len(v["A"]) for v in drawn)  # equal values further apart are allowed
    assert "breaks" in _refusal(fmt, neighbours, ["3\n0 1 1\n"])


def test_a_strings_last_character_and_characters_outside_a_set():
    lines = [
        "S is a string of length between 2 and 9, inclusive, consisting of lowercase English letters and ..",
        "S contains at least one ..",
        "S does not end with ..",
    ]
    assert all(not v["S"].endswith(".") for v in _drawn(_spec("S", lines, ["a.b\n"]), least=3))
    assert "breaks" in _refusal("S", lines, ["ab.\n"])
    lines = [
        "S is a string of length between 1 and 5, inclusive, consisting of lowercase English letters.",
        "S contains at least one character other than a, e, i, o, u.",
    ]
    assert all(set(v["S"]) - set("aeiou") for v in _drawn(_spec("S", lines, ["ab\n"])))
    assert "breaks" in _refusal("S", lines, ["aei\n"])


def test_an_index_range_said_in_passing_inside_a_line():
    spec = _spec(
        "N T\nX_1 \\ldots X_N",
        [
            "1 \\le N \\le 5",
            "1 \\le T \\le 9",
            "-9 \\le X_i \\le 9 (1 \\le i \\le N)",
            "N, T, and X_i (1 \\le i \\le N) are integers.",
        ],
        ["2 3\n-1 4\n"],
    )
    assert all(-9 <= int(x) <= 9 for v in _drawn(spec) for x in v["X"])


def test_pairs_distinct_in_either_order_said_as_two_inequalities():
    spec = _spec(
        "N M\na_1 b_1\n\\vdots\na_M b_M",
        [
            "2 \\le N \\le 5",
            "1 \\le M \\le 6",
            "1 \\le a_i, b_i \\le N",
            "a_i \\neq b_i",
            "(a_i, b_i) \\neq (a_j, b_j) and (a_i, b_i) \\neq (b_j, a_j), if i \\neq j.",
        ],
        ["3 2\n1 2\n3 1\n"],
    )
    for v in _drawn(spec):
        edges = [frozenset(e) for e in zip(v["a"], v["b"])]
        assert len(set(edges)) == len(edges), v
    fmt, lines = "N M\na_1 b_1\n\\vdots\na_M b_M", ["2 \\le N \\le 5", "1 \\le M \\le 6", "1 \\le a_i, b_i \\le N"]
    line = "(a_i, b_i) \\neq (a_j, b_j) and (a_i, b_i) \\neq (b_j, a_j), if i \\neq j."
    assert "breaks" in _refusal(fmt, lines + [line], ["3 2\n1 2\n2 1\n"])


def test_a_string_containing_each_of_several_characters():
    lines = [
        "3 \\le N \\le 9",
        "S is a string of length N consisting of A, B, and C.",
        "S contains all of A, B, and C.",
    ]
    drawn = _drawn(_spec("N\nS", lines, ["3\nCAB\n"]), least=5)
    assert all(set(v["S"]) == {"A", "B", "C"} for v in drawn)
    assert "breaks" in _refusal("N\nS", lines, ["3\nCAA\n"])
    # the same said of S in the story ("S is guaranteed to ...") is read as that constraint line
    story = "S is guaranteed to contain all of A, B, and C."
    drawn = _drawn(_spec("N\nS", lines[:2], ["3\nCAB\n"], story=story), least=5)
    assert all(set(v["S"]) == {"A", "B", "C"} for v in drawn)
    assert "breaks" in _refusal("N\nS", lines[:2], ["3\nCAA\n"], story=story)
    # one no reading reads is refused, named as the promise it is
    why = _refusal("N\nS", lines[:2], ["3\nCAB\n"], story="S is guaranteed to be a Lyndon word.")
    assert why.startswith("a promise outside the constraints") and "Lyndon word" in why
    # "a palindrome" is read now (predicate_readings.py): drawn mirrored, and an existing test breaking it refuses
    story = "S is guaranteed to be a palindrome."
    drawn = _drawn(_spec("N\nS", lines[:2], ["3\nABA\n"], story=story), least=5)
    assert all(v["S"] == v["S"][::-1] for v in drawn)
    assert "breaks" in _refusal("N\nS", lines[:2], ["3\nCAB\n"], story=story)


def test_sides_bounded_only_by_their_product_and_the_larger_side():
    fmt = "H W K\nS_1\n\\vdots\nS_H"
    lines = [
        "1 \\le H",
        "1 \\le W",
        "H \\times W \\le 30",
        "1 \\le K \\le \\max\\lbrace H, W \\rbrace",
        "S_i is a string of length W consisting of o and x.",
    ]
    drawn = _drawn(_spec(fmt, lines, ["2 3 3\nxox\noox\n"]))
    for v in drawn:
        h, w, k = int(v["H"]), int(v["W"]), int(v["K"])
        assert h * w <= 30 and 1 <= k <= max(h, w) and len(v["S"]) == h and all(len(s) == w for s in v["S"]), v
    assert any(int(v["H"]) * int(v["W"]) > 8 for v in drawn)
    # no lower bound of its own: a side could be 0 or negative, so the product bounds nothing
    assert "no range" in _refusal(fmt, lines[1:], ["2 3 3\nxox\noox\n"])


def test_subscripted_names_on_a_line_of_scalars_are_scalars_of_their_own():
    # N c_1 c_2: two letters beside a count, each a one-letter string; S_x S_y: a position
    spec = _spec(
        "N c_1 c_2\nS",
        [
            "1 \\le N \\le 100",
            "N is an integer.",
            "c_1 and c_2 are lowercase English letters.",
            "S is a string of length N consisting of lowercase English letters.",
        ],
        ["3 b g\nabc\n", "1 s h\ns\n"],
    )
    assert spec.rows[0].names == ["N", "c_1", "c_2"]
    for d in _drawn(spec):
        assert len(d["c_1"]) == len(d["c_2"]) == 1 and d["c_1"].islower() and d["c_2"].islower()
        assert len(d["S"]) == int(d["N"])
    # a bound on a subscripted scalar names it, like any other
    spec = _spec(
        "H W S_x S_y",
        ["1 \\leq H, W \\leq 50", "1 \\leq S_x \\leq H", "1 \\leq S_y \\leq W", "All input values are integers."],
        ["3 4 2 2\n", "1 1 1 1\n"],
    )
    for d in _drawn(spec):
        assert 1 <= int(d["S_x"]) <= int(d["H"]) and 1 <= int(d["S_y"]) <= int(d["W"])


def test_a_cell_equal_to_one_symbol_or_another_and_names_listed_without_spaces():
    spec = _spec(
        "H W\nS_{1,1}S_{1,2}\\ldots S_{1,W}\n\\vdots\nS_{H,1}S_{H,2}\\ldots S_{H,W}",
        ["1 \\leq H,W \\leq 20", "H,W are integers.", "S_{i,j} = . or S_{i,j} = #."],
        ["2 3\n.#.\n##.\n"],
    )
    for d in _drawn(spec):
        assert all(set(row) <= {".", "#"} for row in d["S"])


def test_a_primed_name_and_the_total_length_of_an_enumeration():
    spec = _spec(
        "N T'\nS_1\nS_2\n\\vdots\nS_N",
        [
            "N is an integer.",
            "1 \\leq N \\leq 5 \\times 10^5",
            "S_i and T' are strings of length between 1 and 5 \\times 10^5, inclusive, consisting of lowercase English"
            " letters.",
            "The total length of S_1, S_2, \\ldots, S_N is at most 30.",
        ],
        ["2 ab\nab\nb\n", "1 c\nabc\n"],
    )
    assert spec.rows[0].names == ["N", "T_prime"]
    for d in _drawn(spec):
        assert sum(len(s) for s in d["S"]) <= 30 and len(d["S"]) == int(d["N"]) and d["T_prime"].islower()
    # an existing input over the total refuses the reading
    assert "breaks" in _refusal(
        "N T'\nS_1\nS_2\n\\vdots\nS_N",
        [
            "1 \\leq N \\leq 5",
            "S_i and T' are strings of length between 1 and 40, inclusive, consisting of lowercase English letters.",
            "The total length of S_1, S_2, \\ldots, S_N is at most 3.",
        ],
        ["2 ab\nab\nbb\n"],
    )
