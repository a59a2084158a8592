"""Stdin records whose rows vary in length (microcoder_data/testgen/stdin_records.py): a
count and its row (on one line or two), columns of the record beside them, or a row of a
fixed width.  Every generated input -- drawn, near-max, or an edit of an existing one --
writes each count as its row's length and keeps the statement's per-row constraints; what
is not read refuses generation."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, parse, stdin_spec
from microcoder_data.testgen.stdin_translate import translate
from microcoder_data.verify import VerifyStep
from microcoder_eval.judge import Judge
from microcoder_eval.types import TestCase


def _statement(fmt: str, constraints: list[str]) -> str:
    lines = "\n".join(f"- {c}" for c in constraints)
    return (
        "Answer the question.\n\n### Input\n\nThe input is given from Standard Input in the following format:\n"
        f"{fmt}\n\n"
        f"### Output\n\nPrint the answer.\n\n### Constraints\n\n{lines}\n\n### Sample Input 1\n\n1\n"
    )


def _problem(fmt: str, constraints: list[str], inputs: list[str]) -> Problem:
    return Problem(
        id="atc/rows",
        source="atc",
        title="Rows",
        statement=_statement(fmt, constraints),
        mode="stdin",
        tests=[TestCase(i, "0\n") for i in inputs],
        reference_solutions=["print(0)"],
    )


def _lines(text: str) -> list[list[str]]:
    return [line.split() for line in text.rstrip("\n").split("\n")]


# a count on its own line, then its row; a scalar after the records
BAGS = (
    "N\nK_1\nB_{1,1} B_{1,2} \\ldots B_{1,K_1}\nK_2\nB_{2,1} B_{2,2} \\ldots B_{2,K_2}\n\\vdots\n"
    "K_N\nB_{N,1} B_{N,2} \\ldots B_{N,K_N}\nZ",
    [
        "1 \\leq N \\leq 300",
        "1 \\leq K_i \\leq 9",
        "\\sum_{i=1}^N K_i \\leq 1000",
        "1 \\leq B_{i,j} \\leq 20 (1 \\leq i \\leq N, 1 \\leq j \\leq K_i)",
        "B_{i,j} \\neq B_{i,k} (1 \\leq j < k \\leq K_i)",
        "1 \\leq Z \\leq 20",
        "All input values are integers.",
    ],
    ["3\n2\n4 7\n1\n20\n3\n1 2 3\n5\n", "1\n1\n9\n9\n"],
)


def _bags_ok(text: str, n_hi: int = 300, total: int = 1000, b_hi: int = 20) -> None:
    lines = _lines(text)
    n, rows = int(lines[0][0]), []
    for k in range(n):
        count, row = lines[1 + 2 * k], lines[2 + 2 * k]
        assert len(count) == 1 and int(count[0]) == len(row), text  # the count is its row's length
        rows.append([int(x) for x in row])
    assert lines[1 + 2 * n :] == [lines[-1]] and 1 <= int(lines[-1][0]) <= 20  # Z after the records
    assert 1 <= n <= n_hi and sum(map(len, rows)) <= total
    for row in rows:
        assert 1 <= len(row) <= 9 and len(set(row)) == len(row) and all(1 <= x <= b_hi for x in row)


def test_a_count_line_then_its_row_is_read_and_every_drawn_input_keeps_the_rows_constraints():
    spec = stdin_spec(_problem(*BAGS))
    assert isinstance(spec, StdinSpec), spec.reason
    assert [(r.kind, r.names, r.count) for r in spec.rows] == [
        ("scalars", ["N"], None),
        ("records", ["B"], "N"),
        ("scalars", ["Z"], None),
    ]
    row = spec.spec.nodes["B"].elem
    assert "K" not in spec.spec.nodes  # the count is no variable: it is written as the row's length
    assert (row.len_lo, row.len_hi, row.distinct, row.elem.lo, row.elem.hi) == ("1", "9", True, "1", "20")
    assert spec.spec.checks == ["total_length(B) <= 1000"]
    assert parse(spec.rows, BAGS[2][0]) == {"N": "3", "B": [["4", "7"], ["20"], ["1", "2", "3"]], "Z": "5"}
    texts = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/rows", 30)]
    assert len(texts) == 30 and len({t for t in texts}) == 30
    for t in texts:
        _bags_ok(t)
    assert any(len({len(r) for r in parse(spec.rows, t)["B"]}) > 1 for t in texts)  # rows of varying length


def test_near_max_and_edited_inputs_of_records_keep_counts_and_constraints():
    fmt, constraints, inputs = BAGS
    wide = [c.replace("300", "2 \\times 10^5").replace("1000", "10^5").replace("20 (", "10^9 (") for c in constraints]
    spec = stdin_spec(_problem(fmt, wide, inputs))
    assert isinstance(spec, StdinSpec), spec.reason
    large = generate_large_inputs(spec.spec, "atc/rows", 2, budget=20_000, max_chars=10**6)
    assert large  # as many values as the budget allows
    for x in large:
        text = spec.render(json.loads(x))
        _bags_ok(text, 2 * 10**5, 10**5, 10**9)
        assert len(text) > 20_000 and sum(len(r) for r in parse(spec.rows, text)["B"]) >= 10_000
    spec = stdin_spec(_problem(*BAGS))
    assert isinstance(spec, StdinSpec), spec.reason
    seeds = sorted(args_json(spec, i) for i in BAGS[2])
    near = neighbour_inputs(spec.spec, seeds, random.Random(5), 20, exclude=set(seeds))
    assert len(near) >= 5
    for x in near:
        _bags_ok(spec.render(json.loads(x)))


def test_a_count_and_its_row_on_one_line_between_columns_sorted_rows():
    fmt = (
        "N M\nP_1 C_1 F_{1,1} F_{1,2} \\ldots F_{1,C_1} R_1\nP_2 C_2 F_{2,1} F_{2,2} \\ldots F_{2,C_2} R_2\n"
        "\\vdots\nP_N C_N F_{N,1} F_{N,2} \\ldots F_{N,C_N} R_N"
    )
    constraints = [
        "2 \\leq N \\leq 8",
        "3 \\leq M \\leq 12",
        "1 \\leq P_i \\leq 10^5",
        "1 \\leq C_i \\leq M",
        "1 \\leq F_{i,1} < F_{i,2} < \\cdots < F_{i,C_i} \\leq M",
        "R_i is o or x.",
        "All input values are integers.",
    ]
    spec = stdin_spec(_problem(fmt, constraints, ["2 3\n10 2 1 3 o\n7 3 1 2 3 x\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert [(r.kind, r.names) for r in spec.rows][1] == ("records", ["P", "R", "F"])
    texts = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/rows", 25)]
    assert len(texts) >= 20
    for t in texts:
        lines = _lines(t)
        n, m = map(int, lines[0])
        assert len(lines) == n + 1
        for p, c, *rest in lines[1:]:
            row, r = [int(x) for x in rest[:-1]], rest[-1]
            assert int(c) == len(row) and 1 <= len(row) <= m and 1 <= int(p) <= 10**5 and r in ("o", "x")
            assert row == sorted(set(row)) and all(1 <= x <= m for x in row)  # strictly increasing


def test_a_row_of_fixed_width_beside_a_column():
    fmt = "N K\nC_1 A_{1,1} A_{1,2} \\ldots A_{1,K}\n\\vdots\nC_N A_{N,1} A_{N,2} \\ldots A_{N,K}"
    constraints = ["1 \\le N \\le 6", "1 \\le K \\le 4", "0 \\le A_{i,j} \\le 3", "1 \\le C_i \\le 10^9"]
    spec = stdin_spec(_problem(fmt, constraints, ["2 3\n5 0 1 2\n9 3 3 3\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert (spec.rows[1].kind, spec.rows[1].names, spec.rows[1].width) == ("records", ["C", "A"], "K")
    for x in generate_inputs(spec.spec, "atc/rows", 20):
        lines = _lines(spec.render(json.loads(x)))
        n, k = map(int, lines[0])
        assert len(lines) == n + 1 and all(len(line) == k + 1 and 1 <= int(line[0]) <= 10**9 for line in lines[1:])
        assert all(0 <= int(v) <= 3 for line in lines[1:] for v in line[1:])
    square = fmt.replace("K}", "N}").replace("N K", "N")  # N rows of N cells, each after its own C_i
    spec = stdin_spec(_problem(square, constraints[:1] + constraints[2:], ["2\n5 0 1\n9 3 3\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    for x in generate_inputs(spec.spec, "atc/rows", 10):
        lines = _lines(spec.render(json.loads(x)))
        assert all(len(line) == int(lines[0][0]) + 1 for line in lines[1:])


@pytest.mark.parametrize(
    "change, why",
    [  # an existing input's row shorter than its count: the reading is wrong
        (lambda fmt, cons, ins: (fmt, cons, ins + ["1\n3\n1 2\n4\n"]), "shorter than its count"),
        # a line on the counts that is not a bound of each row's length
        (
            lambda fmt, cons, ins: (fmt, cons + ["K_i \\neq K_j if i \\neq j"], ins),
            "constraint on the count K not read",
        ),
        # a row's order with one bound of its cells only
        (
            lambda fmt, cons, ins: (fmt, cons + ["B_{i,1} < B_{i,2} < \\ldots < B_{i,K_i} \\leq 20"], ins),
            "B_{i,1}",  # the cell named as written (no longer mangled into "B[i],1}")
        ),
        # no bound on a row's length at all
        (lambda fmt, cons, ins: (fmt, [c for c in cons if "K_i \\leq" not in c], ins), "no length stated for B[i]"),
        # the count written after its row cannot be read before it
        (
            lambda fmt, cons, ins: (
                "N\nB_{1,1} \\ldots B_{1,K_1} K_1\n\\vdots\nB_{N,1} \\ldots B_{N,K_N} K_N\nZ",
                cons,
                ["1\n4 7 2\n5\n"],
            ),
            "not understood",
        ),
    ],
)
def test_records_it_cannot_read_refuse_generation(change, why):
    spec = stdin_spec(_problem(*change(*BAGS)))
    assert isinstance(spec, NoSpec) and why in spec.reason, spec


TRIANGLE = (
    "N\nA_{1, 1}\nA_{2, 1} A_{2, 2}\n\\vdots\nA_{N, 1} \\ldots A_{N, N}",
    ["1 \\le N \\le 200", "1 \\le A_{i,j} \\le N"],
)


def _triangle_ok(text: str) -> None:
    lines = _lines(text)
    n = int(lines[0][0])
    assert len(lines) == n + 1 and [len(line) for line in lines[1:]] == list(range(1, n + 1)), text
    assert all(1 <= int(v) <= n for line in lines[1:] for v in line)


def test_a_triangle_of_rows_row_k_holding_k_cells_on_every_input():
    spec = stdin_spec(_problem(*TRIANGLE, ["3\n1\n2 3\n3 1 2\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert spec.rows[1].records.by_index and spec.spec.nodes["A"].rows_by_index
    texts = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/rows", 20)]
    assert len(texts) == 20
    for t in texts:
        _triangle_ok(t)
    large = generate_large_inputs(spec.spec, "atc/rows", 2, budget=20_000, max_chars=10**6)
    assert large
    for x in large:
        _triangle_ok(spec.render(json.loads(x)))
    seeds = [args_json(spec, "3\n1\n2 3\n3 1 2\n")]
    near = neighbour_inputs(spec.spec, seeds, random.Random(3), 10, exclude=set(seeds))
    assert near  # row swaps and copies break the triangle: dropped, edits within a row kept
    for x in near:
        _triangle_ok(spec.render(json.loads(x)))
    refused = stdin_spec(_problem(*TRIANGLE, ["3\n1\n2 3 1\n3 1 2\n"]))  # row 2 holds 3 cells
    assert isinstance(refused, NoSpec) and "too many" in refused.reason


def test_the_cells_of_a_row_in_constraints():
    names, ints = {"A", "C", "N", "M"}, {"A": True, "C": True, "N": True, "M": True}
    assert translate("1 \\le A_{i,1} < A_{i,2} < \\dots < A_{i,C_i} \\le M", names, ints) == [
        "A[i] is sorted in strictly increasing order",
        "all values of A[i] are distinct",
        "1 <= A[i][j] <= M",
    ]
    one_bound = translate("A_{i,1} \\le A_{i,2} \\le \\dots \\le A_{i,C_i} \\le M", names, ints)
    assert len(one_bound) == 1 and "sorted" not in one_bound[0]  # passed on unread: the reader refuses it (below)
    assert "[1]" not in translate("1 \\le A_{i,1} \\le 5", names, ints)[0]  # no tuple position A[i][1] (0-based)
    for line in (
        "A_{i,j} \\neq A_{i,k} if j \\neq k.",
        "A_{i,j} \\neq A_{i,k} (1 \\leq j < k \\leq C_i)",
        "A_{i, 1}, A_{i, 2}, \\ldots, A_{i, C_i} are all different for each i = 1, 2, \\ldots, N.",
    ):
        assert translate(line, names, ints) == ["all values of A[i] are distinct"], line
    assert translate("1 \\le A_{i,j} \\le M (1 \\le i \\le N, 1 \\le j \\le C_i)", names, ints) == ["1 <= A[i][j] <= M"]
    assert translate("A_{i,j} \\neq A_{i,j}", names, ints) != ["all values of A[i] are distinct"]
    assert translate("A_{i,1},...,A_{i,N} contain each of 1,...,N exactly once.", names, ints) == [
        "A[i] is a permutation of [1, N]"
    ]
    assert translate("0 < A_{i,1} < A_{i,2} < \\dots < A_{i,M} < N", names, ints)[0] == (
        "A[i] is sorted in strictly increasing order"
    )  # a row of a fixed width M


def test_a_grid_whose_every_row_is_a_permutation():
    fmt = "N M\na_{1,1} \\ldots a_{1,N}\n\\vdots\na_{M,1} \\ldots a_{M,N}"
    constraints = [
        "2 \\le N \\le 9",
        "1 \\le M \\le 5",
        "1 \\le a_{i,j} \\le N",
        "a_{i,1},\\ldots,a_{i,N} contain each of 1,\\ldots,N exactly once.",
    ]
    spec = stdin_spec(_problem(fmt, constraints, ["3 2\n1 2 3\n3 1 2\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    texts = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/rows", 20)]
    assert len(texts) == 20
    for t in texts:
        lines = _lines(t)
        n, m = map(int, lines[0])
        assert len(lines) == m + 1 and all(sorted(map(int, row)) == list(range(1, n + 1)) for row in lines[1:])
    assert isinstance(stdin_spec(_problem(fmt, constraints, ["3 1\n1 2 2\n"])), NoSpec)  # not a permutation


REF = (
    "n = int(input())\nbest = 0\nfor _ in range(n):\n    k = int(input())\n    row = list(map(int, input().split()))\n"
    "    assert len(row) == k and len(set(row)) == k\n    best = max(best, sum(row))\n"
    "z = int(input())\nprint(best + z)\n"
)
BUG = REF.replace("best = max(best, sum(row))", "best = max(best, sum(row[:2]))")  # wrong for rows of 3 or more


def _bags_problem() -> Problem:
    statement = _statement(BAGS[0], BAGS[1]).replace("Answer the question.", "Print Z plus the largest row sum.")
    return Problem(
        id="atc/bags",
        source="atc",
        title="Bags",
        statement=statement,
        mode="stdin",
        tests=[TestCase("1\n2\n4 7\n1\n", "12\n"), TestCase("2\n1\n9\n2\n1 2\n3\n", "12\n")],
        reference_solutions=[REF],
    )


def test_verify_adds_record_tests_a_right_program_passes_and_a_bug_fails():
    with Judge(workers=2) as judge:
        got = list(
            VerifyStep(VerifyConfig(augment_tests_to=12, strength_mutants=0)).run_with([_bags_problem()], judge)
        )[0]
        assert isinstance(got, Problem), getattr(got, "reason", "")
        assert got.provenance["verify"]["tests_generated"] == 10
        assert judge.judge(got.judge_task(), REF).passed  # every generated row matches its count, no repeats
        assert judge.judge(_bags_problem().judge_task(), BUG).passed  # the upstream tests let it through
        assert not judge.judge(got.judge_task(), BUG).passed


def test_records_written_out_one_by_one_are_a_block_or_a_grid_of_that_many_lines():
    spec = stdin_spec(
        _problem(
            "K\nS_1\nS_2\nS_3",
            ["1 \\le K \\le 8", "S_i is a string of length K consisting of digits."],
            ["2\n01\n99\n10\n"],
        )
    )
    assert isinstance(spec, StdinSpec), spec.reason
    assert [(r.kind, r.names, r.count) for r in spec.rows][1] == ("block", ["S"], "3")
    for x in generate_inputs(spec.spec, "atc/rows", 15):
        lines = _lines(spec.render(json.loads(x)))
        k = int(lines[0][0])
        assert len(lines) == 4 and all(len(s) == 1 and len(s[0]) == k and s[0].isdigit() for s in lines[1:])
    fmt = "A_{1,1} A_{1,2} A_{1,3}\nA_{2,1} A_{2,2} A_{2,3}"
    spec = stdin_spec(_problem(fmt, ["0 \\le A_{i,j} \\le 9"], ["1 2 3\n4 5 6\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert [(r.kind, r.names, r.count, r.width) for r in spec.rows] == [("grid", ["A"], "2", "3")]
    for x in generate_inputs(spec.spec, "atc/rows", 15):
        assert [len(line) for line in _lines(spec.render(json.loads(x)))] == [3, 3]
    # rows of different widths written out, or an input with a fourth string: refused
    assert isinstance(stdin_spec(_problem("A_{1,1}\nA_{2,1} A_{2,2}", ["0 \\le A_{i,j} \\le 9"], ["1\n2 3\n"])), NoSpec)
    refused = stdin_spec(_problem("S_1\nS_2", ["S_i is a string of length 2 consisting of digits."], ["11\n22\n33\n"]))
    assert isinstance(refused, NoSpec) and "more lines" in refused.reason
