"""Stdin constraints that tie values together or are written out in AtCoder's own ways
(microcoder_data/testgen/stdin_format.py, constraints.py, conditions.py): each is enforced
on every generated input, and an existing input that breaks the reading refuses generation
(the reading is wrong, so nothing is generated)."""

from __future__ import annotations

import json

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase


def _statement(fmt: str, constraints: list[str]) -> str:
    lines = "\n".join(f"- {c}" for c in constraints)
    return (
        f"Answer the question.\n\n### Input\n\nThe input is given from Standard Input in the following format:\n{fmt}\n\n"
        f"### Output\n\nPrint the answer.\n\n### Constraints\n\n{lines}\n\n### Sample Input 1\n\n1\n"
    )


def _problem(fmt: str, constraints: list[str], inputs: list[str]) -> Problem:
    return Problem(
        id="atc/x",
        source="atc",
        title="X",
        statement=_statement(fmt, constraints),
        mode="stdin",
        tests=[TestCase(i, "0\n") for i in inputs],
        reference_solutions=["print(0)"],
    )


def _drawn(spec: StdinSpec, n: int = 30) -> list[dict]:
    return [parse(spec.rows, spec.render(json.loads(x))) for x in generate_inputs(spec.spec, "atc/x", n)]


def _ints(values: list[str]) -> list[int]:
    return [int(v) for v in values]


INTERVALS = (
    "N\nl_1 r_1\n\\vdots\nl_N r_N",
    ["1 \\le N \\le 10", "0 \\le l_i < r_i \\le 10^9", "All input values are integers."],
)


def test_an_element_bounded_by_the_element_at_the_same_position_of_another_list():
    spec = stdin_spec(_problem(*INTERVALS, ["2\n0 5\n3 4\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    drawn = _drawn(spec)
    assert len(drawn) >= 20
    for v in drawn:
        assert all(0 <= a < b <= 10**9 for a, b in zip(_ints(v["l"]), _ints(v["r"]))), v


def test_an_existing_input_against_the_relation_refuses_generation():
    spec = stdin_spec(_problem(*INTERVALS, ["2\n0 5\n4 4\n"]))  # l_2 == r_2
    assert not isinstance(spec, StdinSpec) and "breaks the constraints" in spec.reason


def test_a_bound_naming_an_element_of_a_list_for_a_scalar_is_refused():
    spec = stdin_spec(
        _problem(
            "N K\nA_1 \\ldots A_N", ["1 \\le N \\le 10", "1 \\le K \\le A_i", "1 \\le A_i \\le 100"], ["2 1\n3 4\n"]
        )
    )
    assert not isinstance(spec, StdinSpec) and "by position" in spec.reason


def test_distinct_pairs_and_differing_ends_are_kept_on_every_draw():
    spec = stdin_spec(
        _problem(
            "N M\nA_1 B_1\nA_2 B_2\n\\vdots\nA_M B_M",
            [
                "2 \\le N \\le 4",
                "0 \\le M \\le 6",
                "1 \\le A_i, B_i \\le N",
                "A_i \\neq B_i",
                "If i \\neq j, then (A_i, B_i) \\neq (A_j, B_j).",
            ],
            ["3 2\n1 2\n2 1\n"],
        )
    )
    assert isinstance(spec, StdinSpec), spec.reason
    drawn = _drawn(spec)
    assert any(len(v["A"]) >= 3 for v in drawn)
    for v in drawn:
        pairs = list(zip(v["A"], v["B"]))
        assert len(set(pairs)) == len(pairs) and all(a != b for a, b in pairs), v
    refused = stdin_spec(
        _problem(
            "N M\nA_1 B_1\nA_2 B_2\n\\vdots\nA_M B_M",
            [
                "2 \\le N \\le 4",
                "0 \\le M \\le 6",
                "1 \\le A_i, B_i \\le N",
                "A_i \\neq B_i",
                "If i \\neq j, then (A_i, B_i) \\neq (A_j, B_j).",
            ],
            ["3 2\n1 2\n1 2\n"],
        )
    )
    assert not isinstance(refused, StdinSpec)


def test_absolute_values_of_integers_are_ranges_not_lengths():
    spec = stdin_spec(
        _problem("N\nA_1 A_2 \\ldots A_N", ["1 \\le N \\le 5", "|A_i| \\le 10^9 (i=1,2,\\ldots,N)"], ["3\n-5 0 7\n"])
    )
    assert isinstance(spec, StdinSpec), spec.reason
    values = [x for v in _drawn(spec) for x in _ints(v["A"])]
    assert min(values) < 0 < max(values) and all(abs(x) <= 10**9 for x in values)


def test_elements_written_out_and_all_distinct():
    spec = stdin_spec(
        _problem(
            "N\nS_1\n\\vdots\nS_N",
            [
                "1 \\le N \\le 6",
                "S_i is a string of length between 1 and 3, inclusive, consisting of a and b.",
                "S_1, S_2, \\ldots, S_N are all distinct.",
            ],
            ["2\na\nab\n"],
        )
    )
    assert isinstance(spec, StdinSpec), spec.reason
    for v in _drawn(spec):
        assert len(set(v["S"])) == len(v["S"]), v


def test_a_list_of_fixed_length_written_out_token_by_token():
    spec = stdin_spec(
        _problem(
            "A_1 A_2 A_3 A_4", ["Each of A_1, A_2, A_3, A_4 is an integer between 1 and 4, inclusive."], ["1 2 3 4\n"]
        )
    )
    assert isinstance(spec, StdinSpec), spec.reason
    for v in _drawn(spec, 10):
        assert len(v["A"]) == 4 and all(1 <= x <= 4 for x in _ints(v["A"]))


def test_lengths_bounded_only_by_their_total():
    spec = stdin_spec(
        _problem(
            "N\nS_1\n\\vdots\nS_N",
            [
                "2 \\le N \\le 2 \\times 10^5",
                "S_i is a string consisting of lowercase English letters.",
                "|S_i| \\ge 1",
                "\\sum_{i = 1}^N |S_i| \\le 30",
            ],
            ["2\nab\nc\n"],
        )
    )
    assert isinstance(spec, StdinSpec), spec.reason
    drawn = _drawn(spec)
    assert drawn and all(sum(len(s) for s in v["S"]) <= 30 for v in drawn)


def test_products_left_implicit_in_bounds():
    spec = stdin_spec(
        _problem("N M", ["2 \\le N \\le 12", "10N - 9 \\le M \\le 10N", "All input values are integers."], ["2 11\n"])
    )
    assert isinstance(spec, StdinSpec), spec.reason
    for v in _drawn(spec, 10):
        n, m = int(v["N"]), int(v["M"])
        assert 10 * n - 9 <= m <= 10 * n


QUERIES = (
    "N Q\nquery_1\nquery_2\n\\vdots\nquery_Q\n\nEach query is in one of the following two formats:\n1 L R\n\nor:\n2 x",
    [
        "1 \\le N, Q \\le 2 \\times 10^5",
        "1 \\le L \\le R \\le N for queries of type 1.",
        "For the second type of query, 1 \\le x \\le 10^9.",
        "There is at least one query of the second type.",
        "All numerical input values are integers.",
    ],
)


def test_queries_of_several_kinds_are_read_and_drawn_kind_by_kind():
    spec = stdin_spec(_problem(*QUERIES, ["5 3\n1 2 4\n2 7\n1 5 5\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    drawn = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/x", 30)]
    assert len(drawn) >= 20
    for text in drawn:
        n, q = map(int, text.split("\n")[0].split())
        queries = [line.split() for line in text.strip().split("\n")[1:]]
        assert len(queries) == q and any(t[0] == "2" for t in queries), text
        for t in queries:
            if t[0] == "1":
                assert len(t) == 3 and 1 <= int(t[1]) <= int(t[2]) <= n, text
            else:
                assert t[0] == "2" and len(t) == 2 and 1 <= int(t[1]) <= 10**9, text


def test_queries_that_break_the_reading_or_promise_a_state_refuse_generation():
    broken = stdin_spec(_problem(*QUERIES, ["5 2\n1 4 2\n2 7\n"]))  # L > R
    assert not isinstance(broken, StdinSpec) and "breaks the constraints" in broken.reason
    fmt, lines = QUERIES
    state = stdin_spec(
        _problem(fmt, lines + ["When a query of the second type is given, x exists in the set."], ["5 2\n1 2 4\n2 7\n"])
    )
    assert not isinstance(state, StdinSpec) and state.refusal.kind == "promise"  # the state a query finds
