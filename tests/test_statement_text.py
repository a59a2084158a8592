"""The one statement normaliser (microcoder_eval/statement_text.py), which Process, the judge's rule
reader and test generation all use: each rewrite on its own, the three users reading a notation alike,
and the AtCoder lines it used to cut or mangle read end to end -- drawn inputs keep them, an existing
input that breaks them refuses generation."""

from __future__ import annotations

import json

import pytest
from test_testgen_stdin_phrasings import _drawn, _problem, _refusal, _spec

from microcoder_data.process.clean import clean_text
from microcoder_data.process.normalize import heading_of as process_heading_of
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.rules import rule_from_statement
from microcoder_eval.statement_text import (
    DOTS,
    LATEX_SYMBOLS,
    heading_of,
    html_scripts,
    implicit_products,
    latex_wrappers,
    plain_latex,
    unicode_math,
)


@pytest.mark.parametrize("dots", DOTS)
def test_every_latex_ellipsis_is_three_dots_for_process_and_test_generation(dots):
    assert LATEX_SYMBOLS[dots] == "..."
    assert plain_latex(f"A_1 A_2 \\{dots} A_N") == "A_1 A_2 ... A_N"
    assert clean_text(f"A_1, A_2, \\{dots}, A_N")[0] == "A_1, A_2, ..., A_N"  # outside $...$ too
    assert clean_text(f"$A_1 < \\{dots} < A_N$")[0] == "A_1 < ... < A_N"


@pytest.mark.parametrize(
    "line, plain",
    [
        (r"0 \leq X_1 < X_2 < \dotsb < X_N \leq 10^8", "0 <= X_1 < X_2 < ... < X_N <= 10^8"),
        (r"0 \le S _ x \le 2 \times 10 ^ {16}", "0 <= S_x <= 2 * 10^16"),  # spaced ^ {16}: not 10 ** {16}
        (r"0 \le M \le \dfrac{N(N-1)}2", "0 <= M <= (N(N-1))/(2)"),
        (r"1 \leq H, W \leq \max \lbrace 3, N \rbrace", "1 <= H, W <= max(3, N)"),
        (r"\lvert S_i \rvert \leq 10", "|S_i| <= 10"),
        (r"B_{1,1} B_{1,2} \ldots B_{1,{K_1}}", "B_{1,1} B_{1,2} ... B_{1,K_1}"),  # a braced name in a subscript
    ],
)
def test_plain_latex(line, plain):
    assert plain_latex(line) == plain


def test_wrappers_fractions_and_roots_unwrapped_once_for_both():
    assert latex_wrappers(r"\frac{\text{a}}{\mathrm{b}} + \sqrt{\frac{x+y}2}") == "(a)/(b) + sqrt((x+y)/(2))"
    assert clean_text(r"the average \frac{x+y}2 of $\frac{a}{b}$")[0] == "the average (x+y)/(2) of (a)/(b)"


@pytest.mark.parametrize(
    "text, names, out",
    [
        ("3N", None, "3 * N"),  # a count in the format: A_1 ... A_3N
        ("2N + 1", None, "2 * N + 1"),
        ("10N - 9", {"N"}, "10 * N - 9"),
        ("min (10**5, NM - 1)", {"N", "M", "L"}, "min (10**5, N * M - 1)"),
        ("AB <= 120", {"A", "B", "M"}, "A * B <= 120"),
        ("NM <= 10", {"N", "M", "NM"}, "NM <= 10"),  # a name of its own stays
        ("XY <= 10", {"X"}, "XY <= 10"),  # not every letter a name
        ("S is YES or NO", {"S", "Y", "E", "N", "O"}, "S is YES or NO"),  # a word, no operand
        ("1 <= K <= AB", {"A", "B", "K"}, "1 <= K <= A * B"),
        ("N(N-1)", {"N"}, "N * (N-1)"),
        ("2x", {"N"}, "2x"),  # not a name: left
    ],
)
def test_implicit_products(text, names, out):
    assert implicit_products(text, names) == out


def test_html_and_unicode_math():
    assert html_scripts("10<sup>-5</sup> and a<sub>i</sub>") == "10^-5 and a_i"
    assert unicode_math("10⁻⁶ \u2212 1") == "10^{-6} - 1"


def test_the_judge_reads_the_same_notation():
    """The rule reader's tolerance through the shared <sup> and superscript rewrites."""
    for statement in (
        "Your answer is accepted if its absolute or relative error is at most 10<sup>-5</sup>.",
        "Your answer is accepted if its absolute or relative error is at most 10⁻⁵.",
        "Your answer is accepted if its absolute or relative error is at most $10^{-5}$.",
    ):
        assert rule_from_statement(statement).float_tolerance == pytest.approx(1e-5), statement


def test_headings_read_by_one_reader():
    assert heading_of("Constraints:") == process_heading_of("Constraints:") == "Constraints"
    assert heading_of("### Sample Input 2") == "Sample Input 2"
    assert heading_of("1 <= N <= 10") is None


# ---------------------------------------------------------------------------------------------- end to end


def test_dotsc_in_the_format_block():
    spec = _spec("N\nA_1 A_2 \\dotsc A_N", ["1 \\leq N \\leq 5", "1 \\leq A_i \\leq 9"], ["2\n1 2\n"])
    assert all(len(d["A"]) == int(d["N"]) for d in _drawn(spec))


def test_a_count_written_as_a_product():
    fmt, cons = "N\nA_1 A_2 \\ldots A_{3N}", ["1 \\leq N \\leq 5", "1 \\leq A_j \\leq N"]
    spec = _spec(fmt, cons, ["1\n1 1 1\n"])
    assert all(len(d["A"]) == 3 * int(d["N"]) for d in _drawn(spec))
    assert "examples_break" in stdin_kind(fmt, cons, ["1\n1 1\n"])  # two values where 3N are due


def stdin_kind(fmt: str, cons: list[str], inputs: list[str]) -> str:
    spec = stdin_spec(_problem(fmt, cons, inputs))
    assert not isinstance(spec, StdinSpec), "read, but an existing input breaks it"
    return spec.refusal.kind


def test_neighbours_differ_with_any_index_name():
    fmt = "N M\nX_1 X_2 \\ldots X_M"
    cons = [
        "3 \\leq N \\leq 9",
        "2 \\leq M \\leq 9",
        "1 \\leq X_k \\leq N",
        "X_k \\neq X_{k+1}\\ (1 \\leq k \\leq M-1)",
    ]
    spec = _spec(fmt, cons, ["3 3\n1 2 1\n"])
    assert all(a != b for d in _drawn(spec) for a, b in zip(d["X"], d["X"][1:]))  # tokens: equal as text
    assert "examples_break" in stdin_kind(fmt, cons, ["3 3\n1 1 2\n"])


def test_sorted_for_i_equal_one_two_dots():
    fmt = "N M\nA_1 \\ldots A_M"
    cons = ["2 \\leq N \\leq 9", "1 \\leq M \\leq 9", "2 \\leq A_i \\leq N", "A_i \\leq A_{i+1} for i=1,2,\\ldots,M-1."]
    spec = _spec(fmt, cons, ["5 3\n2 2 4\n"])
    assert all([int(a) for a in d["A"]] == sorted(int(a) for a in d["A"]) for d in _drawn(spec))
    assert "examples_break" in stdin_kind(fmt, cons, ["5 3\n4 2 2\n"])


def test_strict_chain_with_dotsb():
    fmt = "N\nX_1 \\ldots X_N"
    cons = ["1 \\leq N \\leq 9", "0 \\leq X_1 < X_2 < \\dotsb < X_N \\leq 10^8"]
    spec = _spec(fmt, cons, ["2\n1 5\n"])
    for d in _drawn(spec):
        xs = [int(x) for x in d["X"]]
        assert all(a < b for a, b in zip(xs, xs[1:])) and 0 <= xs[0] and xs[-1] <= 10**8
    assert "examples_break" in stdin_kind(fmt, cons, ["2\n5 5\n"])


def test_two_chains_joined_by_a_bare_comma_and_a_product_of_names():
    fmt = "N M L\na_1 b_1\n\\vdots\na_M b_M"
    cons = [
        "1 \\leq N, M \\leq 9",
        "0 \\leq L \\leq \\min(10^5, NM - 1)",
        "1 \\leq a_k \\leq N,1 \\leq b_k \\leq N\\ (1 \\leq k \\leq M)",
    ]
    spec = _spec(fmt, cons, ["3 2 1\n1 3\n2 2\n"])
    for d in _drawn(spec):
        n, m = int(d["N"]), int(d["M"])
        assert 0 <= int(d["L"]) <= min(10**5, n * m - 1)
        assert all(1 <= int(v) <= n for v in d["a"] + d["b"])
    assert "examples_break" in stdin_kind(fmt, cons, ["3 2 6\n1 3\n2 2\n"])  # L above N*M - 1


def test_a_bound_for_several_query_types():
    fmt = "N Q\nquery_1\n\\vdots\nquery_Q\n\nEach query is in one of the following three formats:\n1 p x\n\nor:\n2 p\n\nor:\n3 l r"
    cons = [
        "1 \\leq N, Q \\leq 9",
        "For type 1 and 2 queries, 1 \\leq p \\leq N.",
        "In queries of the first type, 1 \\leq x \\leq 10^9.",
        "For type 3 queries, 1 \\leq l \\leq r \\leq N.",
    ]
    spec = _spec(fmt, cons, ["3 3\n1 2 5\n2 3\n3 1 2\n"])
    for text in (spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/words", 30)):
        n = int(text.split()[0])
        for t in (line.split() for line in text.strip().split("\n")[1:]):
            assert t[0] == "3" or 1 <= int(t[1]) <= n, text  # p of types 1 and 2
    assert "breaks" in _refusal(fmt, cons, ["3 3\n1 2 5\n2 4\n3 1 2\n"])  # p = 4 > N in a type 2 query
    words = [c.replace("For type 1 and 2 queries", "In queries of the first and second types") for c in cons]
    assert _spec(fmt, words, ["3 3\n1 2 5\n2 3\n3 1 2\n"]).spec.nodes["p"].elem.hi == "N"


def test_a_cell_subscript_is_named_as_written_not_mangled():
    reason = _refusal(
        "H W\nS_1\n\\vdots\nS_H",
        ["3 \\leq H, W \\leq 9", "S_{i,1} and S_{i,W} are # for every 1 \\leq i \\leq H."],
        ["3 3\n###\n#.#\n###\n"],
    )
    assert "S[i],1}" not in reason and "S_{i,1}" in reason


def test_unicode_operators_are_ascii_and_spaced():
    from microcoder_eval.statement_text import unicode_operators

    assert " ".join(unicode_operators("1≤n≤2×10^5, a_i≠a_j, x≥0, a_1, …").split()) == (
        "1 <= n <= 2 * 10^5, a_i != a_j, x >= 0, a_1, ..."
    )


def test_a_constraint_line_in_unicode_reads_as_in_ascii():
    from test_testgen_conditions import fn_problem

    from microcoder_data.testgen.inputspec import InputSpec, input_spec

    got = [
        input_spec(fn_problem(line, "n: int, k: int", ['{"n": 3, "k": 2}']))
        for line in ("1 ≤ k ≤ n ≤ 10", "1 <= k <= n <= 10")
    ]
    assert all(isinstance(s, InputSpec) for s in got) and got[0].nodes == got[1].nodes
