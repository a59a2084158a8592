"""How often a value occurs, said in other words (testgen/count_wordings.py), and the wordings plain_wordings.py
brings to the readers' form (verb order, letter classes, "different from each other"): each read as the count or
line it states -- drawn so, an existing test breaking it refuses -- and what no input can hold refused."""

from __future__ import annotations

import json
import string

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from test_testgen_conditions import fn_problem

STR = ("s: str", "1 <= s.length <= 8\ns consists of lowercase English letters and '*'.")
BIN = ("s: str", "1 <= s.length <= 8\ns[i] is either '0' or '1'.")
NUMS = ("nums: List[int]", "1 <= nums.length <= 8\n-3 <= nums[i] <= 3")
GRID = ("grid: List[List[int]]", "m == grid.length\nn == grid[i].length\n1 <= m, n <= 4\ngrid[i][j] is either 0 or 1.")


def _spec(kind: tuple[str, str], line: str, test: dict):
    sig, base = kind
    return input_spec(fn_problem(f"{base}\n{line}", sig, [json.dumps(test)]))


def _drawn(kind: tuple[str, str], line: str, test: dict) -> list:
    spec = _spec(kind, line, test)
    assert isinstance(spec, InputSpec), spec.reason
    got = [next(iter(json.loads(x).values())) for x in generate_inputs(spec, "fx/solve", 30, max_len=8)]
    assert len(got) >= 10
    return got


def _count(value, x) -> int:
    flat = [c for row in x for c in row] if x and isinstance(x[0], list) else list(x)
    return sum(1 for c in flat if c == value)


@pytest.mark.parametrize(
    "kind, line, test, value, lo, hi, breaking",
    [
        (STR, "s has at most one '*' character.", {"s": "a*"}, "*", 0, 1, {"s": "**"}),
        (STR, "'*' appears exactly once in s.", {"s": "a*"}, "*", 1, 1, {"s": "ab"}),
        (STR, "The character '*' appears at most twice in s.", {"s": "*"}, "*", 0, 2, {"s": "***"}),
        (BIN, "There is at least one '1' in s.", {"s": "01"}, "1", 1, 8, {"s": "00"}),
        (BIN, "The number of '1's in s is at least 2.", {"s": "11"}, "1", 2, 8, {"s": "01"}),
        (BIN, "s contains at least one 1.", {"s": "01"}, "1", 1, 8, {"s": "0"}),
        (BIN, "s has at least two ones.", {"s": "011"}, "1", 2, 8, {"s": "01"}),
        (NUMS, "nums contains at least one 0.", {"nums": [0, 1]}, 0, 1, 8, {"nums": [1]}),
        (NUMS, "At most 2 elements of nums are 0.", {"nums": [0, 1]}, 0, 0, 2, {"nums": [0, 0, 0]}),
        (NUMS, "The number of zeros in nums is at most 1.", {"nums": [0, 1]}, 0, 0, 1, {"nums": [0, 0]}),
        (NUMS, "There is exactly one element equal to 0 in nums.", {"nums": [0]}, 0, 1, 1, {"nums": [1]}),
        (GRID, "There is at least one 1 in grid.", {"grid": [[0, 1]]}, 1, 1, 16, {"grid": [[0]]}),
        (GRID, "There are at most 2 cells with value 1.", {"grid": [[0, 1]]}, 1, 0, 2, {"grid": [[1, 1, 1]]}),
        (GRID, "At least one cell of grid is 0.", {"grid": [[0, 1]]}, 0, 1, 16, {"grid": [[1]]}),
    ],
)
def test_a_count_in_other_words_holds_on_every_input(kind, line, test, value, lo, hi, breaking):
    got = _drawn(kind, line, test)
    assert all(lo <= _count(value, x) <= hi for x in got), got
    refused = _spec(kind, line, breaking)
    assert isinstance(refused, NoSpec) and "breaks" in refused.reason, refused


def test_two_counts_in_one_line():
    got = _drawn(BIN, "s contains at least one '0' and at least one '1'.", {"s": "01"})
    assert all(_count("0", x) >= 1 and _count("1", x) >= 1 for x in got)


@pytest.mark.parametrize(
    "line, holds",
    [
        ("nums contains at least one non-zero element.", lambda x: any(v != 0 for v in x)),
        ("nums has at most one negative integer.", lambda x: sum(v < 0 for v in x) <= 1),
        ("nums contains at least two positive numbers.", lambda x: sum(v > 0 for v in x) >= 2),
        ("nums contains at least one even number.", lambda x: any(v % 2 == 0 for v in x)),
    ],
)
def test_how_many_elements_hold_a_sign(line, holds):
    assert all(holds(x) for x in _drawn(NUMS, line, {"nums": [2, 1]}))


def test_a_value_the_input_cannot_hold_refuses():
    assert isinstance(_spec(NUMS, "nums contains at least one 'a'.", {"nums": [1]}), NoSpec)


@pytest.mark.parametrize(
    "line, test, chars",
    [
        ("s only contains lowercase English letters and spaces.", "a b", string.ascii_lowercase + " "),
        ("s consists of lowercase Latin letters and spaces.", "a b", string.ascii_lowercase + " "),
        ("s only contains small English letters.", "ab", string.ascii_lowercase),
        ("s consists of digits and/or lowercase characters.", "a1", string.ascii_lowercase + string.digits),
        ("Each string in words only contains lowercase English letters.", None, string.ascii_lowercase),
    ],
)
def test_letter_classes_and_verb_order_said_otherwise(line, test, chars):
    if test is None:
        sig, base, value = "words: List[str]", "1 <= words.length <= 5\n1 <= words[i].length <= 5", {"words": ["ab"]}
    else:
        sig, base, value = "s: str", "1 <= s.length <= 8", {"s": test}
    spec = input_spec(fn_problem(f"{base}\n{line}", sig, [json.dumps(value)]))
    assert isinstance(spec, InputSpec), spec.reason
    drawn = "".join(json.dumps(json.loads(x)) for x in generate_inputs(spec, "fx/solve", 30, max_len=8))
    letters = {c for x in generate_inputs(spec, "fx/solve", 30, max_len=8) for c in "".join(_strings(json.loads(x)))}
    assert letters <= set(chars) and len(letters) > 3, drawn


def _strings(x: dict) -> list[str]:
    v = next(iter(x.values()))
    return v if isinstance(v, list) else [v]


@pytest.mark.parametrize(
    "line",
    [
        "All elements of nums are different from each other.",
        "The values in nums are mutually distinct.",
        "All the integers in nums are distinct from one another.",
    ],
)
def test_distinct_said_as_different_from_each_other(line):
    got = _drawn(NUMS, line, {"nums": [1, 2]})
    assert all(len(set(x)) == len(x) for x in got) and any(len(x) > 2 for x in got)
    assert isinstance(_spec(NUMS, line, {"nums": [1, 1]}), NoSpec)
