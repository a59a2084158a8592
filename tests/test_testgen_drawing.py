"""The drawer (microcoder_data/testgen/inputgen.py) on specs it read but could not draw from:
each now draws valid inputs (the full check still runs on every draw), and an existing test
breaking the same lines is still refused."""

from __future__ import annotations

import json

from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_line_readings import _drawn

OWN_LENGTH = "1 <= nums.length <= 10^5\n1 <= nums[i] <= nums.length"


def test_elements_bounded_by_their_own_lists_length_are_drawn():
    got = _drawn(OWN_LENGTH, "nums: List[int]", ['{"nums": [1, 3, 2, 3]}'])
    assert all(1 <= v <= len(x["nums"]) for x in got for v in x["nums"])
    assert any(len(x["nums"]) > 3 and max(x["nums"]) > 1 for x in got)
    spec = input_spec(fn_problem(OWN_LENGTH, "nums: List[int]", ['{"nums": [1]}']))
    assert isinstance(spec, InputSpec), spec.reason
    large = [json.loads(x) for x in generate_large_inputs(spec, "fx/solve", 3, budget=20_000, max_chars=10**6)]
    assert large and all(1 <= v <= len(x["nums"]) for x in large for v in x["nums"])
    assert "breaks the constraints" in why_not_read(fn_problem(OWN_LENGTH, "nums: List[int]", ['{"nums": [1, 3]}']))


def test_a_zero_based_index_into_its_own_list_and_another_value_are_drawn():
    lines = "1 <= arr.length <= 5 * 10^4\n0 <= arr[i] < arr.length\n0 <= start < arr.length"
    got = _drawn(lines, "arr: List[int], start: int", ['{"arr": [4, 2, 3, 0, 3, 1, 2], "start": 5}'])
    assert all(0 <= v < len(x["arr"]) and 0 <= x["start"] < len(x["arr"]) for x in got for v in x["arr"])
    broken = fn_problem(lines, "arr: List[int], start: int", ['{"arr": [0, 2], "start": 0}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_drawing_stays_deterministic_for_a_seed():
    spec = input_spec(fn_problem(OWN_LENGTH, "nums: List[int]", ['{"nums": [1]}']))
    assert isinstance(spec, InputSpec), spec.reason
    once = generate_inputs(spec, "fx/solve", 10, seed=3)
    assert once and once == generate_inputs(spec, "fx/solve", 10, seed=3)


def test_a_range_of_characters_is_the_strings_alphabet():
    lines = "1 <= s.length <= 50\n'0' <= s[i] <= '9'"
    got = _drawn(lines, "s: str", ['{"s": "52233"}'])
    assert all(set(x["s"]) <= set("0123456789") for x in got)
    assert any(set(x["s"]) - set("01") for x in got)  # not only the examples' characters
    assert "breaks the constraints" in why_not_read(fn_problem(lines, "s: str", ['{"s": "52a"}']))
    # a wider alphabet stated after it does not widen it: the range is a check too
    wider = lines.replace("'9'", "'3'") + "\ns consists of digits."
    spec = input_spec(fn_problem(wider, "s: str", ['{"s": "123"}']))
    assert isinstance(spec, InputSpec), spec.reason
    kept = [json.loads(x)["s"] for x in generate_inputs(spec, "fx/solve", 30)]
    assert kept and all(set(s) <= set("0123") for s in kept)
    assert "breaks the constraints" in why_not_read(fn_problem(wider, "s: str", ['{"s": "129"}']))


def test_a_range_of_characters_on_a_lists_strings_makes_each_one_character():
    lines = "ranks.length == suits.length == 5\n1 <= ranks[i] <= 13\n'a' <= suits[i] <= 'd'"
    sig = "ranks: List[int], suits: List[str]"
    got = _drawn(lines, sig, ['{"ranks": [13, 2, 3, 1, 9], "suits": ["a", "a", "a", "a", "b"]}'])
    assert all(len(c) == 1 and c in "abcd" for x in got for c in x["suits"])
    assert any("d" in x["suits"] for x in got)
    broken = fn_problem(lines, sig, ['{"ranks": [13, 2, 3, 1, 9], "suits": ["a", "a", "a", "a", "ab"]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_an_elements_length_equal_to_an_arguments_follows_the_argument():
    lines = (
        "1 <= pattern.length <= 20\n1 <= words.length <= 50\nwords[i].length == pattern.length\n"
        "pattern and words[i] are lowercase English letters."
    )
    sig = "words: List[str], pattern: str"
    got = _drawn(lines, sig, ['{"words": ["abc", "deq"], "pattern": "abb"}'])
    assert all(len(w) == len(x["pattern"]) for x in got for w in x["words"])
    assert any(len(x["pattern"]) > 3 for x in got)
    broken = fn_problem(lines, sig, ['{"words": ["abc", "de"], "pattern": "abb"}'])
    assert "breaks the constraints" in why_not_read(broken)


def _with_body(body: str, constraints: str, sig: str, tests: list[str]):
    p = fn_problem(constraints, sig, tests)
    p.statement = f"{body}\n\n{p.statement}"
    return p


CHAR_BODY = "You are given a string s and a character c. Return the number of substrings of s that start with c."
CHAR_LINES = "1 <= s.length <= 10^5\ns and c consist only of lowercase English letters."


def test_an_argument_the_statement_calls_a_character_is_one_character():
    tests = ['{"s": "abada", "c": "a"}']
    spec = input_spec(_with_body(CHAR_BODY, CHAR_LINES, "s: str, c: str", tests))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30)]
    assert len(got) >= 10 and all(len(x["c"]) == 1 and x["c"].islower() for x in got)
    assert len({x["c"] for x in got}) > 2  # the stated alphabet's letters, not only the examples'
    broken = _with_body(CHAR_BODY, CHAR_LINES, "s: str, c: str", ['{"s": "abada", "c": "ab"}'])
    assert "breaks the constraints" in why_not_read(broken)
    # a string the statement does not call a character keeps no length: still refused
    plain = _with_body("You are given strings s and c.", CHAR_LINES, "s: str, c: str", tests)
    assert "no length stated for c" in why_not_read(plain)


GRID = "m == board.length\nn = board[i].length\n1 <= m, n <= 6\nboard consists of only lowercase English letters."
BOARD = '{"board": [["a", "b"], ["c", "d"]]}'


def test_a_grid_of_strings_with_stated_letters_and_one_character_cells_is_a_character_grid():
    got = _drawn(GRID, "board: List[List[str]]", [BOARD])
    assert all(len(c) == 1 and c.islower() for x in got for row in x["board"] for c in row)
    assert any(len(x["board"]) > 2 for x in got)
    # an existing cell longer than one character: the cells' length stays unstated, refused
    wide = fn_problem(GRID, "board: List[List[str]]", ['{"board": [["ab", "b"], ["c", "d"]]}'])
    assert "no length stated" in why_not_read(wide)
    # no line states the letters: refused as before
    bare = fn_problem(GRID.rsplit("\n", 1)[0], "board: List[List[str]]", [BOARD])
    assert "no length stated" in why_not_read(bare)


ROOMS = "n == rooms.length\n2 <= n <= 1000\n0 <= rooms[i].length <= 1000\n0 <= rooms[i][j] < n"


def test_a_list_of_lists_with_an_empty_one_among_them_is_typed_by_the_others():
    got = _drawn(ROOMS, "rooms: List[List[int]]", ['{"rooms": [[1], [2], [3], []]}'])
    assert all(0 <= v < len(x["rooms"]) for x in got for room in x["rooms"] for v in room)
    assert any(any(x["rooms"]) for x in got)
    broken = fn_problem(ROOMS, "rooms: List[List[int]]", ['{"rooms": [[1], [5], []]}'])
    assert "breaks the constraints" in why_not_read(broken)
    mixed = fn_problem(ROOMS, "rooms: List[List[int]]", ['{"rooms": [[1], ["a"], []]}'])
    assert "mixed types" in why_not_read(mixed)


TIMES = "startTime.length == endTime.length\n1 <= startTime.length <= 100\n1 <= startTime[i] <= endTime[i] <= 1000"
STACKS = (
    "1 <= pushed.length <= 1000\n0 <= pushed[i] <= 1000\nAll the elements of pushed are unique.\n"
    "popped.length == pushed.length\npopped is a permutation of pushed."
)


def test_two_lists_of_one_length_whose_elements_are_tied_are_drawn_in_the_order_that_works():
    sig = "startTime: List[int], endTime: List[int]"
    got = _drawn(TIMES, sig, ['{"startTime": [1, 2, 3], "endTime": [3, 2, 7]}'])
    assert all(len(x["startTime"]) == len(x["endTime"]) <= 100 for x in got)
    assert all(1 <= a <= b <= 1000 for x in got for a, b in zip(x["startTime"], x["endTime"]))
    assert any(len(x["startTime"]) > 3 for x in got)
    assert "breaks the constraints" in why_not_read(
        fn_problem(TIMES, sig, ['{"startTime": [4, 2], "endTime": [3, 2]}'])
    )
    assert why_not_read(fn_problem(TIMES, sig, ['{"startTime": [1, 2], "endTime": [3]}']))  # refused
    sig = "pushed: List[int], popped: List[int]"
    got = _drawn(STACKS, sig, ['{"pushed": [1, 2, 3, 4, 5], "popped": [4, 5, 3, 2, 1]}'])
    assert all(sorted(x["pushed"]) == sorted(x["popped"]) and len(set(x["pushed"])) == len(x["pushed"]) for x in got)
    broken = fn_problem(STACKS, sig, ['{"pushed": [1, 2, 3], "popped": [1, 2, 4]}'])
    assert "breaks the constraints" in why_not_read(broken)


SCALED = "2 <= nums.length <= 100\n1 < 2 * k <= nums.length\n-1000 <= nums[i] <= 1000"


def test_a_range_of_a_multiple_of_an_argument_bounds_the_argument():
    sig = "nums: List[int], k: int"
    got = _drawn(SCALED, sig, ['{"nums": [2, 5, 7, 8, 9, 2, 3, 4, 3, 1], "k": 3}'])
    assert all(1 < 2 * x["k"] <= len(x["nums"]) for x in got)
    assert len({x["k"] for x in got}) > 2
    assert "breaks the constraints" in why_not_read(fn_problem(SCALED, sig, ['{"nums": [2, 5, 7], "k": 2}']))
    strict = "1 <= n <= 1000\n0 <= k\n3 * k < n"
    got = _drawn(strict, "n: int, k: int", ['{"n": 10, "k": 3}'])
    assert all(0 <= 3 * x["k"] < x["n"] for x in got) and any(x["k"] > 10 for x in got)
    # a multiple bounded above only, nothing stated below: still no range for k
    upper = fn_problem("1 <= n <= 1000\n3 * k < n", "n: int, k: int", ['{"n": 10, "k": 3}'])
    assert "no range stated for k" in why_not_read(upper)


TOTAL = "1 <= nums.length <= 1000\n1 <= sum(nums[i].length) <= 1000\n1 <= nums[i][j] <= 1000"


def test_a_total_length_alone_bounds_each_elements_length():
    sig = "nums: List[List[int]]"
    got = _drawn(TOTAL, sig, ['{"nums": [[3, 1, 2, 4, 5], [1, 2, 3, 4], [3, 4, 5, 6]]}'])
    assert all(1 <= sum(map(len, x["nums"])) <= 1000 and all(x["nums"]) for x in got)
    assert any(len(x["nums"]) > 2 and max(map(len, x["nums"])) > 1 for x in got)
    broken = fn_problem(TOTAL, sig, ['{"nums": [[1] , [' + ", ".join(["2"] * 1000) + "]]}"])
    assert "breaks the constraints" in why_not_read(broken)


def _defaulted(tests: list[str]):
    p = fn_problem("1 <= n <= 20\n1 <= k <= 2^n - 1", "n, k", tests, name="findKthBit")
    p.starter_code = p.reference_solutions[0] = (
        "class Solution:\n    def findKthBit(self, n, k, r = True):\n        pass\n"
    )
    return p


def test_arguments_with_defaults_the_tests_leave_out_are_not_generated():
    spec = input_spec(_defaulted(["[3, 1]", "[4, 11]"]))
    assert isinstance(spec, InputSpec), spec.reason
    assert spec.args == ["n", "k"]
    got = [json.loads(x) for x in generate_inputs(spec, "fx/findKthBit", 20)]
    assert len(got) >= 10 and all(len(x) == 2 and 1 <= x[1] <= 2 ** x[0] - 1 for x in got)
    assert "breaks the constraints" in why_not_read(_defaulted(["[3, 1]", "[3, 11]"]))
    assert "do not match the signature" in why_not_read(_defaulted(["[3]"]))  # a required one left out


def test_a_tuple_position_next_to_itself_is_the_order_not_a_bound():
    # "positioni < positioni+1" lost the subscript of position_{i+1}: read as x < x + 1 it would hold
    # of nothing and leave the order unenforced; it is the tuples' order by that position (order_readings)
    lines = "1 <= cars.length <= 10^5\n1 <= positioni, speedi <= 10^6\npositioni < positioni+1"
    body = "cars[i] = [positioni, speedi]"
    p = _with_body(body, lines, "cars: List[List[int]]", ['{"cars": [[1, 2], [2, 1], [4, 3]]}'])
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x)["cars"] for x in generate_inputs(spec, p.id, 20)]
    assert got and all(a[0] < b[0] for cars in got for a, b in zip(cars, cars[1:]))
    unsorted = _with_body(body, lines, "cars: List[List[int]]", ['{"cars": [[2, 2], [1, 1]]}'])
    assert "breaks the constraints" in why_not_read(unsorted)
