"""Issue 37's line families read by general rules (predicate_readings.py and the others of this
file): each drawn so and/or checked on every drawn and large input and on every existing test; a
part not understood refuses the line."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from test_testgen_conditions import fn_problem, why_not_read

LIST = "2 <= nums.length <= 10^5\n1 <= nums[i] <= 9999\n"


def _spec(constraints: str, sig: str, tests: list[str]) -> InputSpec:
    spec = input_spec(fn_problem(constraints, sig, tests))
    assert isinstance(spec, InputSpec), spec.reason
    return spec


def _all_inputs(spec: InputSpec) -> list[dict]:
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 40)]
    large = [json.loads(x) for x in generate_large_inputs(spec, "fx/solve", 2, budget=20_000, max_chars=10**7)]
    assert len(got) >= 20 and large
    return got + large


@pytest.mark.parametrize(
    "line, holds",
    [
        ("nums[i] % 10 != 0", lambda v: v % 10 != 0),
        ("nums[i] % 2 != 0", lambda v: v % 2 == 1),
        ("nums[i] % 2 == 0", lambda v: v % 2 == 0),
        ("nums[i] % 3 == 2", lambda v: v % 3 == 2),
    ],
)
def test_a_remainder_holds_on_every_element_drawn(line, holds):
    spec = _spec(LIST + line, "nums: List[int]", ['{"nums": [11, 23]}' if "2 ==" not in line else '{"nums": [2, 8]}'])
    got = _all_inputs(spec)
    assert all(holds(v) for x in got for v in x["nums"])
    assert any(len(x["nums"]) > 1000 for x in got)  # a large input among them


def test_an_existing_test_breaking_a_remainder_refuses():
    why = why_not_read(fn_problem(LIST + "nums[i] % 10 != 0", "nums: List[int]", ['{"nums": [11, 20]}']))
    assert "breaks the constraints" in why and "0 modulo 10" in why


@pytest.mark.parametrize(
    "line",
    ["nums[i] % k != 0", "nums[i] % 10 != 12", "nums[i] % 1 == 0", "nums[i] % 2 == 0\nnums[i] % 2 == 1"],
)
def test_a_remainder_not_held_refuses_the_line(line):
    why = why_not_read(
        fn_problem(LIST + "1 <= k <= 10\n" + line, "nums: List[int], k: int", ['{"nums": [11], "k": 3}'])
    )
    assert "not understood" in why and "nums[i] % " in why


@pytest.mark.parametrize("sizes", ["", "n == nums.length\n"])
def test_a_length_that_is_a_power_is_drawn_so(sizes):
    spec = _spec(sizes + LIST + "nums.length is a power of 2.", "nums: List[int]", ['{"nums": [1, 2]}'])
    got = _all_inputs(spec)
    lengths = {len(x["nums"]) for x in got}
    assert all(k & (k - 1) == 0 and 2 <= k <= 10**5 for k in lengths) and len(lengths) > 3


def test_an_existing_test_whose_length_is_no_power_refuses():
    why = why_not_read(fn_problem(LIST + "nums.length is a power of 2.", "nums: List[int]", ['{"nums": [1, 2, 3]}']))
    assert "breaks the constraints" in why and "=3 not in [2, 4, 8" in why


def test_a_power_length_of_what_is_no_list_refuses():
    why = why_not_read(fn_problem("1 <= k <= 10\nk.length is a power of 2", "k: int", ['{"k": 3}']))
    assert "not understood" in why and "k.length is a power of 2" in why


BANNED = "1 <= n <= 10^5\n0 <= p <= n - 1\n0 <= banned.length <= n - 1\n0 <= banned[i] <= n - 1\n"


@pytest.mark.parametrize("line", ["banned[i] != p", "p != banned[i]"])
def test_no_element_equals_another_input_on_every_input(line):
    spec = _spec(BANNED + line, "n: int, p: int, banned: List[int]", ['{"n": 4, "p": 0, "banned": [1, 2]}'])
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 40)]
    assert len(got) >= 20 and any(x["banned"] for x in got)
    assert all(x["p"] not in x["banned"] for x in got)


def test_an_existing_test_with_the_other_input_among_the_elements_refuses():
    why = why_not_read(fn_problem(BANNED + "banned[i] != p", "n: int, p: int, banned: List[int]",
                                  ['{"n": 4, "p": 1, "banned": [1, 2]}']))  # fmt: skip
    assert "breaks the constraints" in why and "occurrences(banned, p) == 0" in why


def test_an_element_unlike_the_other_input_refuses():
    why = why_not_read(fn_problem("1 <= n <= 10\n1 <= s.length <= 10\nwords[i] != s", "words: List[List[int]], s: str",
                                  ['{"words": [[1]], "s": "a"}']))  # fmt: skip
    assert "not understood" in why and "words[i] != s" in why


DIGITS = "1 <= num.length <= 10^5\nnum consists of digits.\n"


def test_a_palindrome_is_drawn_mirrored():
    spec = _spec(DIGITS + "num is a palindrome.", "num: str", ['{"num": "1221"}'])
    got = _all_inputs(spec)
    assert all(x["num"] == x["num"][::-1] and x["num"].isdigit() for x in got)
    assert any(len(set(x["num"])) > 2 for x in got)  # drawn, not one character repeated


def test_an_existing_test_that_is_no_palindrome_refuses():
    why = why_not_read(fn_problem(DIGITS + "num is a palindrome.", "num: str", ['{"num": "1231"}']))
    assert "breaks the constraints" in why and "is not a palindrome" in why


def test_a_palindrome_of_what_is_no_string_refuses():
    why = why_not_read(fn_problem("1 <= x <= 10^9\nx is a palindrome", "x: int", ['{"x": 121}']))
    assert "not understood" in why and "x is a palindrome" in why


SIGNS = "2 <= nums.length <= 2 * 10^5\nnums.length is even\n1 <= |nums[i]| <= 10^5\n"


def test_as_many_positive_as_negative_elements_are_drawn_so():
    line = "nums consists of equal number of positive and negative integers."
    got = _all_inputs(_spec(SIGNS + line, "nums: List[int]", ['{"nums": [1, -2]}']))
    assert all(2 * sum(v > 0 for v in x["nums"]) == len(x["nums"]) == 2 * sum(v < 0 for v in x["nums"])
               for x in got)  # fmt: skip
    assert any(len(x["nums"]) > 2 for x in got)


def test_an_existing_test_with_unequal_signs_refuses():
    line = "nums consists of equal number of positive and negative integers."
    why = why_not_read(fn_problem(SIGNS + line, "nums: List[int]", ['{"nums": [1, 2]}']))
    assert "breaks the constraints" in why and "nums holds > 0 2 times" in why


def test_equal_signs_of_what_is_no_integer_list_refuses():
    line = "s consists of equal number of positive and negative integers"
    why = why_not_read(fn_problem("1 <= s.length <= 10\n" + line, "s: str", ['{"s": "ab"}']))
    assert "not understood" in why and line in why


TYPED = (
    "3 <= nums.length <= 10^5\n1 <= nums[i] <= 10^5\n1 <= queries.length <= 10^5\n"
    "queries[i][0] == 1 or queries[i][0] == 2\nFor all i that:\n"
    "queries[i][0] == 1: 0 <= queries[i][1] <= queries[i][2] <= nums.length - 1\n"
    "queries[i][0] == 2: 0 <= queries[i][1] <= nums.length - 1, 1 <= queries[i][2] <= 10^5"
)
TYPED_SIG = "nums: List[int], queries: List[List[int]]"


def _typed_ok(x: dict) -> bool:
    n = len(x["nums"])
    return all(
        len(q) == 3
        and (0 <= q[1] <= q[2] <= n - 1 if q[0] == 1 else q[0] == 2 and 0 <= q[1] < n and 1 <= q[2] <= 10**5)
        for q in x["queries"]
    )


def test_bounds_for_each_type_of_a_query_hold_on_every_draw():
    got = [
        json.loads(x)
        for x in generate_inputs(
            _spec(TYPED, TYPED_SIG, ['{"nums": [4, 5, 6], "queries": [[1, 0, 2]]}']), "fx/solve", 40
        )
    ]
    assert len(got) >= 20 and all(_typed_ok(x) for x in got)
    types = {q[0] for x in got for q in x["queries"]}
    assert types == {1, 2}
    assert any(q[0] == 2 and q[2] > len(x["nums"]) for x in got for q in x["queries"])  # type 2's own range


@pytest.mark.parametrize("query, said", [("[1, 2, 1]", "queries[0][1]=2 outside [0, 1]"), ("[2, 1, 0]", "queries[0][2]=0 outside [1, 100000]"),
                                         ("[3, 0, 0]", "outside [1, 2]")])  # fmt: skip
def test_an_existing_query_breaking_its_types_bounds_refuses(query, said):
    why = why_not_read(fn_problem(TYPED, TYPED_SIG, ['{"nums": [4, 5, 6], "queries": [' + query + "]}"]))
    assert "breaks the constraints" in why and said in why


def test_a_typed_part_not_understood_refuses_the_line():
    line = "queries[i][0] == 1: queries[i][1] is a prime factor of nums.length"
    why = why_not_read(fn_problem(TYPED.replace(TYPED.splitlines()[-2], line), TYPED_SIG,
                                  ['{"nums": [4, 5, 6], "queries": [[2, 0, 2]]}']))  # fmt: skip
    assert "not understood" in why and line in why


def test_a_chain_of_positions_named_by_the_singular_of_the_input():
    from dataclasses import replace

    p = fn_problem("1 <= n <= 500\n1 <= queries.length <= 10^4\n0 <= row1i <= row2i < n\n0 <= col1i <= col2i < n",
                   "n: int, queries: List[List[int]]", ['{"n": 3, "queries": [[0, 0, 1, 1]]}'])  # fmt: skip
    p = replace(p, statement="For each query[i] = [row1i, col1i, row2i, col2i], add 1.\n" + p.statement)
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 40)]
    assert len(got) >= 20 and any(x["queries"] for x in got)
    assert all(
        len(q) == 4 and 0 <= q[0] <= q[2] < x["n"] and 0 <= q[1] <= q[3] < x["n"] for x in got for q in x["queries"]
    )
    broken = replace(p, tests=[replace(p.tests[0], input='{"n": 3, "queries": [[2, 0, 1, 1]]}')])
    why = why_not_read(broken)
    assert "breaks the constraints" in why


FORMS_BODY = (
    "For a query of type 1, queries[i] = [1, l, r]. Flip.\nFor a query of type 2, queries[i] = [2, p, 0]. Add.\n"
    "For a query of type 3, queries[i] = [3, 0, 0]. Sum.\n"
)
FORMS = (
    "1 <= nums1.length <= 10^5\n1 <= queries.length <= 10^5\nqueries[i].length = 3\n0 <= l <= r <= nums1.length - 1\n"
    "0 <= p <= 10^6\n0 <= nums1[i] <= 1"
)


def _forms_problem(queries: str):
    from dataclasses import replace

    p = fn_problem(
        FORMS, "nums1: List[int], queries: List[List[int]]", ['{"nums1": [1, 0, 1], "queries": ' + queries + "}"]
    )
    return replace(p, statement=FORMS_BODY + p.statement)


def test_a_line_over_one_types_form_bounds_that_type():
    spec = input_spec(_forms_problem("[[1, 1, 1], [2, 1, 0], [3, 0, 0]]"))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 40)]
    n_ok = {1: lambda q, n: 0 <= q[1] <= q[2] < n, 2: lambda q, n: 0 <= q[1] <= 10**6 and q[2] == 0,
            3: lambda q, n: q[1] == q[2] == 0}  # fmt: skip
    assert all(q[0] in n_ok and n_ok[q[0]](q, len(x["nums1"])) for x in got for q in x["queries"])
    assert {q[0] for x in got for q in x["queries"]} == {1, 2, 3}


@pytest.mark.parametrize("query", ["[1, 2, 1]", "[2, 5, 1]", "[3, 0, 1]", "[4, 0, 0]"])
def test_an_existing_query_off_its_form_refuses(query):
    assert "breaks the constraints" in why_not_read(_forms_problem(f"[{query}]"))
