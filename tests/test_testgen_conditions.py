"""Conditions on the whole input (microcoder_data/testgen/conditions.py), grids drawn with
rows of one length, tests whose arguments mix keyword and positional forms, and generated
tests chosen for answers no other test has (microcoder_data/testgen/augment.py)."""

from __future__ import annotations

import json

from microcoder_data.schema import Problem
from microcoder_data.testgen.augment import _in_form, _new_answers_first
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from microcoder_eval.types import TestCase


def fn_problem(constraints: str, sig: str, tests: list[str], name: str = "solve") -> Problem:
    return Problem(
        id=f"fx/{name}",
        source="fx",
        title=name,
        statement=f"Solve it.\n\nConstraints:\n\n{constraints}\n",
        mode="functional",
        tests=[TestCase(t, "0") for t in tests],
        starter_code=f"class Solution:\n    def {name}(self, {sig}) -> int:\n",
        fn_name=name,
        reference_solutions=[f"class Solution:\n    def {name}(self, {sig}) -> int:\n        return 0\n"],
    )


def drawn(p: Problem, n: int = 40) -> list[dict]:
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    inputs = [json.loads(x) for x in generate_inputs(spec, p.id, n, max_len=20)]
    assert len(inputs) >= n // 2
    return inputs


def why_not_read(p: Problem) -> str:
    spec = input_spec(p)
    assert isinstance(spec, NoSpec), f"read: {spec}"
    return spec.reason


def test_divides_and_odd_are_checks_every_drawn_input_passes():
    p = fn_problem(
        "1 <= n == word.length <= 10^5\n1 <= k <= word.length\nk divides word.length.\n"
        "word consists only of lowercase English letters.",
        "word: str, k: int",
        ['{"word": "abab", "k": 2}', '{"word": "abc", "k": 3}'],
    )
    got = drawn(p)
    assert all(len(x["word"]) % x["k"] == 0 for x in got)
    assert len({x["k"] for x in got}) > 2  # not only k == 1
    odd = fn_problem(
        "1 <= n <= 10^4\n-10^9 <= nums[i] <= 10^9\n1 <= k <= n\nk is odd.",
        "nums: List[int], k: int",
        ['{"nums": [1, 2, 3], "k": 3}', '{"nums": [5], "k": 1}'],
    )
    assert all(x["k"] % 2 == 1 and x["k"] <= len(x["nums"]) for x in drawn(odd))


def test_an_existing_test_that_breaks_a_check_means_no_generation():
    p = fn_problem(
        "1 <= word.length <= 100\n1 <= k <= word.length\nk divides word.length.\n"
        "word consists only of lowercase English letters.",
        "word: str, k: int",
        ['{"word": "abab", "k": 2}', '{"word": "abc", "k": 2}'],
    )
    assert "breaks the constraints" in why_not_read(p)


def test_a_grid_stated_by_its_cell_count_is_drawn_within_it():
    p = fn_problem(
        "m == grid.length\nn == grid[i].length\n1 <= m * n <= 2 * 10^5\n0 <= grid[i][j] <= 1",
        "grid: List[List[int]]",
        ['{"grid": [[1, 0], [0, 1]]}', '{"grid": [[1, 1, 0]]}'],
    )
    got = drawn(p)  # before: "no range stated for m"
    assert all(len({len(r) for r in x["grid"]}) == 1 and 1 <= len(x["grid"]) * len(x["grid"][0]) for x in got)
    assert {v for x in got for r in x["grid"] for v in r} == {0, 1}


def test_at_least_some_value_in_a_grid_and_rows_of_one_length():
    p = fn_problem(
        "1 <= grid.length, grid[i].length <= 30\ngrid[i][j] is either 0 or 1.\n"
        "The input is generated such that there are at least three 1's in grid.",
        "grid: List[List[int]]",
        ['{"grid": [[1, 0, 1], [1, 1, 1]]}', '{"grid": [[1, 0, 1, 0], [0, 1, 0, 1]]}'],
    )
    got = drawn(p)
    assert all(sum(v for r in x["grid"] for v in r) >= 3 for x in got)
    # the statement says neither way; every existing test is rectangular, so the drawn ones are
    assert all(len({len(r) for r in x["grid"]}) == 1 for x in got)
    assert len({len(x["grid"][0]) for x in got}) > 2
    ragged = fn_problem(
        "1 <= groups.length, groups[i].length <= 30\n0 <= groups[i][j] <= 9",
        "groups: List[List[int]]",
        ['{"groups": [[1, 0, 1], [1]]}', '{"groups": [[2, 2], [0, 1]]}'],
    )
    assert any(len({len(r) for r in x["groups"]}) > 1 for x in drawn(ragged))


def test_two_upper_bounds_on_one_value_both_hold():
    p = fn_problem(
        "2 <= n <= 10^5\n0 <= nums[i] <= 1\n1 <= k <= 10^5\n0 <= maxChanges <= 10^5\nmaxChanges + sum(nums) >= k",
        "nums: List[int], k: int, maxChanges: int",
        ['{"nums": [1, 1, 0, 0], "k": 3, "maxChanges": 1}', '{"nums": [0, 0], "k": 2, "maxChanges": 3}'],
    )
    got = drawn(p)
    assert all(1 <= x["k"] <= min(10**5, x["maxChanges"] + sum(x["nums"])) for x in got)
    assert any(x["maxChanges"] > 10**5 - 100 for x in got)  # the high end is drawn: the min() matters there


def test_characters_named_in_a_phrase_and_mixed_argument_forms():
    p = fn_problem(
        "1 <= pattern.length <= 50\n1 <= pattern[i].length <= 50\n"
        "pattern[i][j] is either a digit represented as a string or a lowercase English letter.",
        "pattern: List[str]",
        ['{"pattern": ["ab1", "c2d"]}', '[["x9"]]'],
    )
    got = drawn(p)
    chars = {c for x in got for s in x["pattern"] for c in s}
    assert chars <= set("0123456789abcdefghijklmnopqrstuvwxyz") and chars & set("0123456789") and chars & set("xyz")
    spec = input_spec(p)
    assert spec.keyword  # the first test's form


def test_generated_tests_with_answers_no_other_test_has_come_first():
    good = [(TestCase(f'{{"x": {i}}}', "true" if i != 9 else "false"), i) for i in range(12)]
    chosen, fresh = _new_answers_first(good, 4, {"0"})
    assert [i for _, i in chosen] == [0, 1, 2, 9] and fresh == 2  # the one "false" is kept, order as drawn
    chosen, fresh = _new_answers_first(good, 4, {"true"})
    assert [i for _, i in chosen] == [0, 1, 2, 9] and fresh == 1
    assert len(_new_answers_first(good[:3], 4, set())[0]) == 3


def test_a_total_length_is_a_check_and_one_element_is_not_a_whole_input_condition():
    p = fn_problem(
        "1 <= words.length <= 100\n1 <= words[i].length <= 30\n1 <= sum(words[i].length) <= 40\n"
        "words[i] consists of lowercase English letters.",
        "words: List[str]",
        ['{"words": ["ab", "c"]}', '{"words": ["xyz"]}'],
    )
    spec = input_spec(p)
    assert isinstance(spec, InputSpec) and spec.checks == ["1 <= total_length(words) <= 40"], getattr(
        spec, "reason", spec
    )
    got = drawn(p)
    assert all(sum(map(len, x["words"])) <= 40 for x in got) and max(sum(map(len, x["words"])) for x in got) > 30
    # each element's length with k: a bound on every element, not on the whole input (read as
    # len(words[0]) + k it would check the first word only)
    each = fn_problem(
        "1 <= words.length <= 100\n1 <= words[i].length <= 30\n1 <= k <= 30\nwords[i].length + k <= 40\n"
        "words[i] consists of lowercase English letters.",
        "words: List[str], k: int",
        ['{"words": ["ab", "c"], "k": 3}', '{"words": ["xyz"], "k": 1}'],
    )
    checks = input_spec(each).checks  # every word's (relation_grammar), not the first one's
    assert checks == ["all(len(words[i]) + k <= 40 for i in range(len(words)))"]
    assert all(len(w) + x["k"] <= 40 for x in drawn(each) for w in x["words"])
    late = fn_problem(
        "1 <= words.length <= 100\n1 <= words[i].length <= 30\n1 <= k <= 30\nwords[i].length + k <= 40\n"
        "words[i] consists of lowercase English letters.",
        "words: List[str], k: int",
        ['{"words": ["ab", "' + "c" * 30 + '"], "k": 11}'],
    )
    assert "breaks the constraints" in why_not_read(late)  # the second word breaks it


def test_a_size_keeps_its_own_range_beside_the_one_a_product_gives():
    p = fn_problem(
        "m == grid.length\nn == grid[i].length\n1 <= m * n <= 2 * 10^5\n1 <= grid.length <= 5\n0 <= grid[i][j] <= 1",
        "grid: List[List[int]]",
        ['{"grid": [[1, 0], [0, 1]]}', '{"grid": [[1, 1, 0]]}'],
    )
    got = drawn(p)
    assert all(1 <= len(x["grid"]) <= 5 for x in got) and max(len(x["grid"][0]) for x in got) > 5


def test_lines_a_check_would_read_too_loosely_mean_no_generation():
    base = "1 <= words.length <= 10\n1 <= words[i].length <= 10\nwords[i] consists of lowercase English letters.\n"
    tests = ['{"words": ["ab", "c"], "k": 1}', '{"words": ["xyz"], "k": 0}']
    for line in (
        "0 <= k < words.length\nwords[k].length + k <= 4",  # one element's length, not the first's
        "0 <= k <= 10\nwords.length / 2 <= k + 1",  # / read as // is exact only as an upper bound
        "0 <= k <= 10\n2 ** k <= words.length * 100",
    ):  # a power of a drawn value
        why_not_read(fn_problem(base + line, "words: List[str], k: int", tests))


def test_an_existing_test_in_the_other_argument_form_is_not_generated_again():
    p = fn_problem("1 <= nums.length <= 2\n0 <= nums[i] <= 1", "nums: List[int]", ['{"nums": [0]}', "[[1]]"])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec) and spec.keyword
    exclude = {_in_form(spec, t.input) for t in p.tests}
    got = [json.loads(x)["nums"] for x in generate_inputs(spec, p.id, 10, exclude=exclude)]
    assert sorted(got) == [[0, 0], [0, 1], [1, 0], [1, 1]]  # every other input there is; not [0], not [1]


def test_leetcode_wordings_of_alphabets_lengths_and_leading_zeros():
    p = fn_problem(
        "1 <= s.length, t.length <= 100\ns and t consist of only lowercase English alphabets.\ns has an even length.",
        "s: str, t: str",
        ['{"s": "ab", "t": "c"}', '{"s": "abcd", "t": "zz"}'],
    )
    got = drawn(p)
    assert all(len(x["s"]) % 2 == 0 and (x["s"] + x["t"]).islower() for x in got)
    digits = fn_problem(
        "1 <= num.length <= 100\nnum only consists of digits '1' through '5'.\nnum does not contain any leading zeros.",
        "num: str",
        ['{"num": "15"}', '{"num": "3"}'],
    )
    assert all(set(x["num"]) <= set("12345") for x in drawn(digits))
    # an existing test outside the range read refuses the reading
    assert "breaks" in why_not_read(
        fn_problem(
            "1 <= num.length <= 100\nnum only consists of digits '1' through '5'.", "num: str", ['{"num": "19"}']
        )
    )
    # "no leading zeros": the first digit is never 0
    zeros = fn_problem(
        "1 <= num.length <= 100\nnum consists of digits only.\nnum doesn't have any leading zeros.",
        "num: str",
        ['{"num": "105"}', '{"num": "7"}'],
    )
    assert all(x["num"][0] != "0" for x in drawn(zeros))
    words = fn_problem(
        "1 <= words.length <= 50\n1 <= words[i].length <= 10\nEach character in words[i] is an English lowercase"
        " letter\ns contains at least one '1'.\n1 <= s.length <= 20\ns consists only of '0' and '1'.",
        "words: List[str], s: str",
        ['{"words": ["ab", "c"], "s": "01"}', '{"words": ["z"], "s": "1"}'],
    )
    assert all(all(w.islower() for w in x["words"]) and "1" in x["s"] for x in drawn(words))
