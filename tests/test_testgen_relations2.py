"""Relations and element phrasings the relation grammar's author left refused (issue 37, dev lines):
each read is enforced -- drawn inputs hold it, an existing test that breaks it refuses generation --
and a neighbouring phrasing that says more still refuses."""

from __future__ import annotations

import json

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.prose_items import ranges
from microcoder_data.testgen.stdin_format import StdinSpec, parse, stdin_spec
from microcoder_eval.types import TestCase
from test_testgen_conditions import drawn, fn_problem, why_not_read
from test_testgen_stdin_relations import _ints, _problem

_CONVERT = (
    "1 <= cost.length == original.length == changed.length <= 20\n{line}\n1 <= cost[i] <= 10^6\n"
    "original[i] != changed[i]"
)
_CONVERT_SIG = "original: List[str], changed: List[str], cost: List[int]"
_CONVERT_TEST = '{"original": ["a","c"], "changed": ["c","b"], "cost": [1,2]}'


def test_elements_said_to_be_letters_are_one_letter_each():
    inputs = drawn(
        fn_problem(
            _CONVERT.format(line="original[i], changed[i] are lowercase English letters"), _CONVERT_SIG, [_CONVERT_TEST]
        )
    )
    words = [w for x in inputs for w in x["original"] + x["changed"]]
    assert words and all(len(w) == 1 and w.islower() for w in words)
    assert all(a != b for x in inputs for a, b in zip(x["original"], x["changed"]))


def test_an_existing_test_with_a_longer_element_refuses():
    broken = '{"original": ["ab","c"], "changed": ["c","b"], "cost": [1,2]}'
    p = fn_problem(
        _CONVERT.format(line="original[i], changed[i] are lowercase English letters"), _CONVERT_SIG, [broken]
    )
    assert "len(original[0])=2" in why_not_read(p)


def test_with_a_length_stated_the_words_say_what_each_consists_of():
    length = "1 <= original[i].length, changed[i].length <= 5"
    for lines in (
        f"{length}\noriginal[i], changed[i] are lowercase English letters",
        f"original[i], changed[i] are lowercase English letters\n{length}",
    ):
        inputs = drawn(fn_problem(_CONVERT.format(line=lines), _CONVERT_SIG, [_CONVERT_TEST]), n=60)
        words = [w for x in inputs for w in x["original"] + x["changed"]]
        assert max(map(len, words)) > 1 and all(1 <= len(w) <= 5 and w.islower() for w in words)


def test_consist_of_or_a_wider_class_still_has_no_length():
    for line in (
        "original[i], changed[i] consist of lowercase English letters",
        "original[i], changed[i] are lowercase English letters or digits",
    ):
        p = fn_problem(_CONVERT.format(line=line), _CONVERT_SIG, [_CONVERT_TEST])
        assert "no length stated for original[i]" in why_not_read(p)


SHARED = (  # a field v both forms have; a line of type 1 relates it to u
    "N Q\nquery_1\nquery_2\n\\vdots\nquery_Q\n\nHere, query_i is given in one of the following formats:\n1 u v\n\n2 v k",
    [
        "1 \\le N, Q \\le 2 \\times 10^5",
        "In a Type 1 query, 1 \\le u < v \\le N.",
        "In a Type 2 query, 1 \\le v \\le N, 1 \\le k \\le 10.",
        "All input values are integers.",
    ],
)


def _queries(text: str) -> tuple[int, list[list[int]]]:
    head, *rows = text.strip().split("\n")
    return int(head.split()[0]), [list(map(int, r.split())) for r in rows]


def test_a_relation_of_one_query_type_holds_in_every_query_of_that_type():
    spec = stdin_spec(_problem(*SHARED, ["4 3\n1 1 2\n2 1 1\n1 3 4\n"]))
    assert isinstance(spec, StdinSpec), spec.reason
    assert spec.rows[1].forms == {"1": ["u", "v"], "2": ["v2", "k"]}  # type 2's v its own field
    drawn = [spec.render(json.loads(x)) for x in generate_inputs(spec.spec, "atc/x", 30)]
    large = [
        spec.render(json.loads(x)) for x in generate_large_inputs(spec.spec, "atc/x", 2, budget=20_000, max_chars=10**7)
    ]
    assert len(drawn) >= 20 and large
    types = set()
    for text in drawn + large:
        n, queries = _queries(text)
        for q in queries:
            types.add(q[0])
            if q[0] == 1:
                assert len(q) == 3 and 1 <= q[1] < q[2] <= n, text
            else:
                assert q[0] == 2 and len(q) == 3 and 1 <= q[1] <= n and 1 <= q[2] <= 10, text
    assert types == {1, 2}


def test_an_existing_query_breaking_its_types_relation_refuses():
    broken = stdin_spec(_problem(*SHARED, ["4 2\n1 3 2\n2 4 1\n"]))  # u > v in a type-1 query
    assert not isinstance(broken, StdinSpec) and "breaks the constraints" in broken.reason
    # a type-2 v below the type-1 u is fine: values of different queries are not related
    assert isinstance(stdin_spec(_problem(*SHARED, ["4 2\n1 3 4\n2 1 1\n"])), StdinSpec)


def test_a_relation_across_types_still_refuses():
    fmt, lines = SHARED
    across = stdin_spec(_problem(fmt, [*lines, "u < k"], ["4 2\n1 1 2\n2 1 5\n"]))  # u of one query, k of another
    assert not isinstance(across, StdinSpec) and across.refusal.kind == "unsupported_constraint"


def test_a_line_of_all_queries_about_a_split_field_keeps_the_old_refusal():
    """Review of relations2: "All v are distinct" or a sum of v speak of every query's v together;
    split per type they would hold per type only (v=3 in a type-1 and a type-2 query; sums up to twice
    the bound), so the field is not split and the typed line refuses as before."""
    fmt, lines = SHARED
    for extra in ("All v are distinct.", "sum(v) <= 6", "v_i < v_{i+1}"):
        spec = stdin_spec(_problem(fmt, [*lines, extra], ["4 2\n1 1 2\n2 3 1\n"]))
        assert not isinstance(spec, StdinSpec), extra
    # a per-value bound of no single type holds for every copy: still split and read
    bounded = stdin_spec(_problem(fmt, [*lines, "1 \\le u, v, k \\le N"], ["4 2\n1 1 2\n2 3 1\n"]))
    assert isinstance(bounded, StdinSpec), bounded.reason


GAMES = ("N\np_1 w_1\n\\vdots\np_N w_N", ["1 \\le N \\le 10", "1 \\le p_i \\le 100"])


def _games(line: str, inputs: list[str]) -> StdinSpec | object:
    return stdin_spec(_problem(GAMES[0], [*GAMES[1], line], inputs))


def test_a_comma_list_in_a_chain_bounds_each_item_by_both_ends():
    for line in ("1 \\le w_i, p_i \\times w_i \\le 2 \\times 10^5", "1 <= p_i * w_i, w_i <= 2 * 10^5"):
        spec = _games(line, ["2\n50 100\n100 7\n"])
        assert isinstance(spec, StdinSpec), spec.reason
        drawn = [parse(spec.rows, spec.render(json.loads(x))) for x in generate_inputs(spec.spec, "atc/x", 30)]
        assert len(drawn) >= 20
        for args in drawn:
            p, w = _ints(args["p"]), _ints(args["w"])
            assert all(1 <= b <= 2 * 10**5 and 1 <= a * b <= 2 * 10**5 for a, b in zip(p, w)), args


def test_an_existing_test_breaking_an_item_of_the_list_refuses():
    broken = _games("1 <= w_i, p_i * w_i <= 2 * 10^5", ["2\n50 5000\n100 7\n"])  # 50 * 5000 > 2 * 10^5
    assert not isinstance(broken, StdinSpec) and "breaks the constraints" in broken.reason
    unresolved = _games("1 <= w_i, p_i * q_i <= 2 * 10^5", ["2\n50 100\n100 7\n"])  # q names no input
    assert not isinstance(unresolved, StdinSpec)


def test_codeforces_prose_keeps_a_comma_list_in_a_chain_one_range():
    st = (
        "Pick games.\n\n### Input\nThe first line contains a single integer n (1 <= n <= 10) — the number of games."
        "\n\nThe i-th of the following n lines contains two integers p_i and w_i (1 <= p_i <= 100, 1 <= w_i, "
        "p_i * w_i <= 2 * 10^5) — the chance and the prize.\n\n### Output\nPrint a number.\n"
    )
    p = Problem(
        id="cf/x", source="cf", title="x", statement=st, mode="stdin", tests=[TestCase("2\n50 100\n100 7\n", "0\n")]
    )
    spec = stdin_spec(p)
    assert isinstance(spec, StdinSpec), spec.reason
    assert (spec.spec.nodes["w"].elem.lo, spec.spec.nodes["w"].elem.hi) == ("1", "2 * 10**5")
    assert any("p[i] * w[i] <= 2 * 10 ** 5" in c for c in spec.spec.checks)


def test_plain_references_in_a_chain_stay_the_range_reading_s():
    assert ranges("1 <= n, q <= 10") == ["1 <= n, q <= 10"]
    spec = _games("1 \\le p_i, w_i \\le 100", ["2\n50 10\n100 7\n"])
    assert isinstance(spec, StdinSpec) and spec.spec.checks == [] and spec.spec.nodes["w"].elem.hi == "100"
