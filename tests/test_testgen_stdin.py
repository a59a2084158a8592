"""Generated tests for stdin problems (microcoder_data/testgen/stdin_format.py): the input
format read from the statement and checked on every existing input, ranges from the
Constraints section, refusal whenever either is not read with confidence."""

from __future__ import annotations

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.verify import VerifyStep
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.judge import Judge
from microcoder_eval.types import TestCase

STATEMENT = r"""You are given N integers A_1, \ldots, A_N and M pairs. Print the sum of the A_i and of K.

Input

The input is given from Standard Input in the following format:
N M K
A_1 A_2 \ldots A_N
B_1 C_1
\vdots
B_M C_M
S

Output

Print the answer.

Constraints


- 1 \leq N \leq 2 \times 10^5
- 0 \leq M \leq 10
- -10^9 \leq K \leq 10^9
- 1 \leq A_i \leq 10^9
- 1 \leq B_i, C_i \leq N
- S is a string of length between 1 and 10, inclusive, consisting of 0 and 1.
- All input values are integers.

Sample Input 1

3 1 0
1 2 3
1 2
01

Sample Output 1

6
"""
REF = "n, m, k = map(int, input().split())\na = list(map(int, input().split()))\nfor _ in range(m): input()\ninput()\nprint(sum(a) + k)\n"
BUG = REF.replace("print(sum(a) + k)", "print(sum(a[:-1]) + (a[-1] if n > 1 else 0) + k)")  # wrong only when N == 1


def problem(**kw) -> Problem:
    p = Problem(
        id="fx/sum",
        source="fx",
        title="Sum",
        statement=STATEMENT,
        mode="stdin",
        tests=[TestCase("3 1 0\n1 2 3\n1 2\n01\n", "6\n"), TestCase("2 0 -5\n10 20\n110\n", "25\n")],
        reference_solutions=[REF],
    )
    for k, v in kw.items():
        setattr(p, k, v)
    return p


def test_format_and_constraints_are_read_and_checked_on_every_input():
    s = stdin_spec(problem())
    assert isinstance(s, StdinSpec), s.reason
    assert [(r.kind, r.names, r.count) for r in s.rows] == [
        ("scalars", ["N", "M", "K"], None),
        ("list", ["A"], "N"),
        ("block", ["B", "C"], "M"),
        ("scalars", ["S"], None),
    ]
    nodes = s.spec.nodes
    assert (nodes["K"].lo, nodes["K"].hi) == ("-10**9", "10**9") and nodes["S"].kind == "str"  # "01" stays text
    assert nodes["S"].alphabet == "01" and nodes["B"].elem.hi == "N"
    texts = [s.render(__import__("json").loads(x)) for x in generate_inputs(s.spec, "fx/sum", 20)]
    assert len(texts) == 20 and texts == [
        s.render(__import__("json").loads(x)) for x in generate_inputs(s.spec, "fx/sum", 20)
    ]
    for t in texts:  # each parses back under the format, within the ranges
        v = parse(s.rows, t)
        assert len(v["A"]) == int(v["N"]) and len(v["B"]) == int(v["M"]) <= 10
        assert all(1 <= int(b) <= int(v["N"]) for b in v["B"]) and set(v["S"]) <= {"0", "1"}


@pytest.mark.parametrize(
    "change, why",
    [
        (
            lambda p: setattr(p, "tests", p.tests + [TestCase("2 0 1\n1 2 3\n0\n", "7\n")]),
            "tokens",
        ),  # a list line too long
        (
            lambda p: setattr(
                p,
                "statement",
                p.statement.replace("- All input values", "- A_i is a perfect number\n- All input values"),
            ),
            "not understood",
        ),
        (
            lambda p: setattr(p, "statement", p.statement.replace("- -10^9 \\leq K \\leq 10^9\n", "")),
            "no range stated for K",
        ),
        (
            lambda p: setattr(
                p,
                "statement",
                p.statement.replace("B_1 C_1\n\\vdots\nB_M C_M", "\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_M"),
            ),
            "",
        ),
        (lambda p: setattr(p, "statement", p.statement.split("Constraints")[0]), "no Constraints"),
        (lambda p: setattr(p, "statement", "Read some numbers and print their sum."), "no input format"),
    ],
)
def test_inference_refuses_what_it_cannot_read(change, why):
    p = problem()
    change(p)
    s = stdin_spec(p)
    assert isinstance(s, NoSpec) and why in s.reason


def test_verify_adds_stdin_tests_that_reject_a_bug():
    with Judge(workers=2) as judge:
        got = list(VerifyStep(VerifyConfig(augment_tests_to=12, strength_mutants=0)).run_with([problem()], judge))[0]
        assert isinstance(got, Problem), getattr(got, "reason", "")
        v = got.provenance["verify"]
        assert v["generation"]["spec"] == "stdin format and constraints" and v["tests_generated"] == 10
        assert judge.judge(got.judge_task(), REF).passed
        assert judge.judge(problem().judge_task(), BUG).passed  # the two upstream tests let it through
        assert not judge.judge(got.judge_task(), BUG).passed
        again = list(VerifyStep(VerifyConfig(augment_tests_to=12, strength_mutants=0)).run_with([problem()], judge))[0]
        assert again.tests == got.tests


def _statement(fmt: str, constraints: list[str]) -> str:
    return (
        "Answer the question.\n\n### Input\n\nThe input is given from Standard Input in the following format:\n"
        + fmt
        + "\n\n### Output\n\nPrint the answer.\n\n### Constraints\n\n"
        + "".join(f"- {c}\n" for c in constraints)
        + "\n### Sample Input 1\n\n1\n"
    )


def _drawn(fmt: str, constraints: list[str], inputs: list[str], count: int = 25) -> list[dict]:
    p = Problem(
        id="fx/phrasing",
        source="fx",
        title="P",
        statement=_statement(fmt, constraints),
        mode="stdin",
        tests=[TestCase(x, "0\n") for x in inputs],
        reference_solutions=["print(0)"],
    )
    spec = stdin_spec(p)
    assert isinstance(spec, StdinSpec), spec.reason
    texts = [spec.render(__import__("json").loads(x)) for x in generate_inputs(spec.spec, p.id, count)]
    assert len(texts) >= 5
    return [parse(spec.rows, t) for t in texts]


def test_atcoder_phrasings_are_read_and_every_drawn_input_keeps_them():
    for v in _drawn(
        "N\nA_1 A_2 \\ldots A_N",
        ["1 \\leq N \\leq 10", "1 \\leq A_1 < A_2 < \\ldots < A_N \\leq 100", "All input values are integers."],
        ["3\n1 2 3\n"],
    ):
        a = [int(x) for x in v["A"]]
        assert a == sorted(set(a)) and all(1 <= x <= 100 for x in a)  # strictly increasing, in range
    for v in _drawn(
        "N\nA_1 A_2 \\ldots A_N",
        ["1 \\leq N \\leq 10", "1 \\leq A_i \\leq 5", "A_i \\neq A_j if i \\neq j", "All input values are integers."],
        ["3\n1 2 3\n"],
    ):
        assert len(set(v["A"])) == len(v["A"]) <= 5  # distinct
    for v in _drawn(
        "X Y Z",
        ["1 \\leq X, Y, Z \\leq 3", "X, Y, and Z are pairwise different.", "All input values are integers."],
        ["1 2 3\n"],
    ):
        assert len({v["X"], v["Y"], v["Z"]}) == 3
    for v in _drawn(
        "N\nT_1 \\ldots T_N",
        ["1 \\leq N \\leq 10", "T_i \\in \\lbrace 1, 2 \\rbrace", "All input values are integers."],
        ["2\n1 2\n"],
    ):
        assert set(v["T"]) <= {"1", "2"}
    for v in _drawn("S C", ["S is Takahashi or Aoki", "C is Red, Green, or Blue"], ["Aoki Red\n"]):
        assert v["S"] in ("Takahashi", "Aoki") and v["C"] in ("Red", "Green", "Blue")
    for v in _drawn(
        "S T",
        ["S and T are strings consisting of lowercase English letters with length between 1 and 7, inclusive."],
        ["ab cd\n"],
    ):
        assert all(1 <= len(x) <= 7 and x.isalpha() and x.islower() for x in (v["S"], v["T"]))
    for v in _drawn(
        "N\nS_1\n\\vdots\nS_N",
        ["1 \\leq N \\leq 4", "Each S_i is a string of length between 2 and 3, inclusive, consisting of o and x."],
        ["2\nox\nxxo\n"],
    ):
        assert all(2 <= len(x) <= 3 and set(x) <= {"o", "x"} for x in v["S"])
    for v in _drawn("S", ["S is a length-3 string consisting of uppercase English letters."], ["ABC\n"]):
        assert len(v["S"]) == 3 and v["S"].isupper()
    for v in _drawn("N", ["1 \\leq N \\leq 99", "N is an odd number."], ["5\n"]):
        assert int(v["N"]) % 2 == 1


@pytest.mark.parametrize(
    "line",
    [
        "S is a string of length between 3 and 100, inclusive, generated by the method in the problem statement.",
        "A_i is a multiple of M.",  # distinct across A and B is now enforced: test_testgen_stdin_phrasings.py
        "A_i and B_i are different.",
        "S consists of two different lowercase English letters.",
    ],
)
def test_atcoder_phrasings_it_cannot_enforce_refuse_generation(line):
    p = Problem(
        id="fx/refuse",
        source="fx",
        title="P",
        mode="stdin",
        reference_solutions=["print(0)"],
        statement=_statement(
            "N M\nS\nA_1 \\ldots A_N\nB_1 \\ldots B_M",
            [
                "1 \\leq N, M \\leq 5",
                "1 \\leq A_i, B_i \\leq 9",
                "S is a string of length between 3 and 9, inclusive, consisting of lowercase English letters.",
                line,
            ],
        ),
        tests=[TestCase("2 2\nabc\n1 2\n3 4\n", "0\n")],
    )
    assert isinstance(stdin_spec(p), NoSpec)


def test_grids_of_cells_and_of_characters_are_read_and_drawn_within_the_constraints():
    for v in _drawn(
        "N\nA_{1,1} A_{1,2} \\ldots A_{1,N}\n\\vdots\nA_{N,1} A_{N,2} \\ldots A_{N,N}",
        ["1 \\leq N \\leq 4", "0 \\leq A_{i,j} \\leq 9", "All input values are integers."],
        ["2\n1 2\n3 4\n"],
    ):
        n = int(v["N"])
        assert len(v["A"]) == n and all(len(row) == n and all(0 <= int(x) <= 9 for x in row) for row in v["A"])
    for v in _drawn(
        "H W\nS_{1,1}S_{1,2}\\ldotsS_{1,W}\n\\vdots\nS_{H,1}S_{H,2}\\ldotsS_{H,W}",
        ["1 \\leq H, W \\leq 5", "S_{i,j} is . or #.", "H and W are integers."],
        ["2 3\n.#.\n##.\n"],
    ):
        assert len(v["S"]) == int(v["H"]) and all(len(row) == int(v["W"]) and set(row) <= {".", "#"} for row in v["S"])


def test_a_grid_an_existing_input_does_not_fit_refuses_generation():
    p = Problem(
        id="fx/grid",
        source="fx",
        title="G",
        mode="stdin",
        reference_solutions=["print(0)"],
        statement=_statement(
            "H W\nS_{1,1}S_{1,2}\\ldotsS_{1,W}\n\\vdots\nS_{H,1}S_{H,2}\\ldotsS_{H,W}",
            ["1 \\leq H, W \\leq 5", "S_{i,j} is . or #."],
        ),
        tests=[TestCase("2 3\n.#.\n##\n", "0\n")],
    )  # the second row is one cell short
    spec = stdin_spec(p)
    assert isinstance(spec, NoSpec) and "row does not hold" in spec.reason
