"""Several test cases in an AtCoder format block (microcoder_data/testgen/stdin_cases.py): a
count, ``case_1 ... case_T``, and one case's format after "Each case is given in the following
format:".  Every drawn, near-max or edited input keeps the case's constraints and the totals over
the cases; a layout or a total not read refuses generation."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_cases import split_cases, split_constraints
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, parse, stdin_spec
from microcoder_eval.types import TestCase


def _problem(fmt: str, constraints: list[str], inputs: list[str]) -> Problem:
    lines = "\n".join(f"- {c}" for c in constraints)
    statement = (
        "Solve each case.\n\n### Input\n\nThe input is given from Standard Input in the following format:\n"
        f"{fmt}\n\n### Output\n\nPrint T lines.\n\n### Constraints\n\n{lines}\n\n### Sample Input 1\n\n1\n"
    )
    return Problem(
        id="atc/cases",
        source="atc",
        title="Cases",
        statement=statement,
        mode="stdin",
        tests=[TestCase(i, "0\n") for i in inputs],
        reference_solutions=["print(0)"],
    )


PERMS = (
    "T\ncase_1\n\\vdots\ncase_T\n\nEach case is given in the following format:\nN K\nP_1 P_2 \\ldots P_N",
    [
        "1 \\leq T \\leq 10^5",
        "3 \\leq N \\leq 2 \\times 10^5",
        "1 \\leq K < N",
        "P is a permutation of (1,2,\\ldots,N).",
        "All input values are integers.",
        "The sum of N across the test cases in a single input is at most 20.",
    ],
    ["2\n3 1\n2 1 3\n4 3\n1 2 3 4\n", "1\n5 2\n5 4 3 2 1\n"],
)


def _cases_ok(text: str, total: int = 20) -> None:
    lines = [line.split() for line in text.rstrip("\n").split("\n")]
    t, at, sizes = int(lines[0][0]), 1, []
    for _ in range(t):
        n, k = map(int, lines[at])
        assert 1 <= k < n and sorted(map(int, lines[at + 1])) == list(range(1, n + 1)), text
        sizes.append(n)
        at += 2
    assert at == len(lines) and 1 <= t and sum(sizes) <= total, text


@pytest.mark.parametrize(
    "intro",
    [
        "Each case is given in the following format:",
        "Each test case is given in the following format:",
        "Each test case case_i (1 \\leq i \\leq T) is in the following format:",
    ],
)
def test_each_phrasing_of_a_case_format_is_read_and_drawn_inputs_keep_the_total(intro):
    fmt = PERMS[0].replace("Each case is given in the following format:", intro)
    spec = stdin_spec(_problem(fmt, *PERMS[1:]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert [(r.kind, r.count) for r in spec.rows] == [("scalars", None), ("cases", "T")]
    assert [(r.kind, r.names) for r in spec.rows[1].inner] == [("scalars", ["N", "K"]), ("list", ["P"])]
    assert spec.spec.checks == ["sum(case[0] for case in cases) <= 20"]
    assert parse(spec.rows, PERMS[2][1]) == {"T": "1", "cases": [["5", "2", ["5", "4", "3", "2", "1"]]]}
    texts = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/cases", 30)]
    assert len(texts) == 30
    for t in texts:
        _cases_ok(t)
    assert any(int(t.split()[0]) > 1 for t in texts)  # several cases in one input


def test_near_max_and_edited_inputs_keep_the_total_over_cases():
    fmt, constraints, inputs = PERMS
    wide = [c.replace("at most 20", "at most 30000") for c in constraints]
    spec = stdin_spec(_problem(fmt, wide, inputs))
    assert isinstance(spec, StdinSpec), spec.reason
    large = generate_large_inputs(spec.spec, "atc/cases", 2, budget=20_000, max_chars=10**6)
    assert large
    for x in large:
        text = spec.render(json.loads(x))
        _cases_ok(text, 30000)
        assert len(text.split()) > 10_000
    spec = stdin_spec(_problem(*PERMS))
    seeds = sorted(args_json(spec, i) for i in PERMS[2])
    near = neighbour_inputs(spec.spec, seeds, random.Random(3), 20, exclude=set(seeds))
    assert near
    for x in near:
        _cases_ok(spec.render(json.loads(x)))


def test_strings_per_case_and_a_total_of_their_lengths():
    fmt = "t\ncase_1\ncase_2\n\\vdots\ncase_t\nEach case is given in the following format:\nS\nX"
    constraints = [
        "1 \\leq t \\leq 10",
        "1 \\leq |S|, |X| \\leq 5 \\times 10^5",
        "S is a string consisting of lowercase English letters.",
        "X is a string consisting of 0 and 1.",
        "The sum of |S| across all test cases in a single input is at most 12.",
    ]
    spec = stdin_spec(_problem(fmt, constraints, ["2\nab\n01\nc\n1\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert spec.spec.checks == ["sum(len(case[0]) for case in cases) <= 12"]
    for x in generate_inputs(spec.spec, "atc/cases", 20):
        lines = spec.render(json.loads(x)).split()
        s, bits = lines[1::2], lines[2::2]
        assert int(lines[0]) == len(s) and sum(map(len, s)) <= 12 and all(set(b) <= {"0", "1"} for b in bits)


def test_split_reads_the_layout_and_the_constraints_apart():
    assert split_cases(["N", "A_1 A_2 ... A_N"]) is None
    count, inner, _ = split_cases(["T", "case_1", "...", "case_T", "Each case is given in the following format:", "N"])
    assert (count, inner) == ("T", ["N"])
    span, totals, rest = split_constraints(
        ["1 <= T <= 10^4", "1 <= N <= 10", "The sum of N * M over all test cases is at most 10^5.", "N is odd."],
        "T",
    )
    assert span == ("1", "10^4") and totals == [([["N", "M"]], "10^5")] and rest == ["1 <= N <= 10", "N is odd."]
    span, totals, rest = split_constraints(
        ["1 <= T,N,M <= 3 * 10^5", "The sum of N over the T test cases is at most 3 * 10^5."], "T"
    )
    assert span == ("1", "3 * 10^5") and totals == [([["N"]], "3 * 10^5")] and rest == ["1 <= N, M <= 3 * 10^5"]


@pytest.mark.parametrize(
    "change, why",
    [  # an existing input whose case breaks the case's constraints: the reading is wrong
        (lambda f, c, i: (f, c, i + ["1\n3 1\n1 1 2\n"]), "existing test"),
        # its cases over the total
        (
            lambda f, c, i: (f, c, i + ["2\n9 1\n1 2 3 4 5 6 7 8 9\n12 1\n" + " ".join(map(str, range(1, 13))) + "\n"]),
            "existing test",
        ),
        # no range for the count
        (lambda f, c, i: (f, c[1:], i), "no range stated for T"),
        # a total not read
        (lambda f, c, i: (f, c + ["The sum of N^2 over all test cases is at most 10^5."], i), "not understood"),
        # the cases laid out otherwise than T / case_1 / ... / case_T
        (lambda f, c, i: (f.replace("case_T", "case_N"), c, i), "not understood"),
        # a case line not read
        (lambda f, c, i: (f, c + ["P_1 is the largest."], i), "not understood"),
    ],
)
def test_cases_it_cannot_read_refuse_generation(change, why):
    spec = stdin_spec(_problem(*change(*PERMS)))
    assert isinstance(spec, NoSpec) and why in spec.reason, spec


def test_an_intro_sentence_that_goes_on_and_cases_named_test_i():
    fmt = PERMS[0].replace("case_", "test_")
    problem = _problem(fmt, *PERMS[1:])
    problem.statement = problem.statement.replace(
        "in the following format:\n", "in the following format, where test_i represents the i-th test case:\n", 1
    )
    spec = stdin_spec(problem)
    assert isinstance(spec, StdinSpec), spec.reason
    assert spec.rows[1].kind == "cases" and spec.spec.checks == ["sum(case[0] for case in cases) <= 20"]


def test_queries_of_one_format_after_an_intro_that_goes_on():
    fmt = "N Q\nS\nquery_1\n\\vdots\nquery_Q\n\nEach query is given in the following format:\nL R"
    constraints = [
        "1 \\leq N, Q \\leq 10",
        "S is a string of length N consisting of 1 and 2.",
        "1 \\leq L \\leq R \\leq N",
    ]
    problem = _problem(fmt, constraints, ["3 2\n121\n1 3\n2 2\n"])
    problem.statement = problem.statement.replace(
        "in the following format:\n", "in the following format. Here, query_i denotes the i-th query.\n", 1
    )
    spec = stdin_spec(problem)
    assert isinstance(spec, StdinSpec), spec.reason
    for x in generate_inputs(spec.spec, "atc/cases", 20):
        lines = [line.split() for line in spec.render(json.loads(x)).rstrip("\n").split("\n")]
        (n, q), s, queries = map(int, lines[0]), lines[1][0], lines[2:]
        assert len(s) == n and len(queries) == q
        assert all(1 <= int(l) <= int(r) <= n for l, r in queries)
