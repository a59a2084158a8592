"""How often values occur (count_readings.py, occurrences.py): each reading drawn so on every input, and an
existing test that breaks it refuses generation; a length or value range that admits no such input refuses
the line; a word's value comes from the statement's body or the line is refused."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from microcoder_data.testgen.count_readings import word_value
from microcoder_data.testgen.grid_regions import _lakes, _regions
from microcoder_data.testgen.input_size import read_input_spec
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.spec_file import dumps, reading_dict, reading_from_dict
from test_testgen_conditions import fn_problem, why_not_read


def _drawn(p, n: int = 30) -> list[dict]:
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, p.id, n, max_len=20)]
    assert len(got) >= n // 2
    return got


def _profile(values) -> list[int]:
    return sorted(Counter(values).values())


_NUMS = "1 <= nums.length <= 3 * 10^4\n-3 * 10^4 <= nums[i] <= 3 * 10^4\n"


@pytest.mark.parametrize(
    "line, test, holds",
    [
        (
            "Each element in the array appears twice except for one element which appears only once.",
            [2, 2, 1],
            lambda c: c.count(1) == 1 and set(c) <= {1, 2},
        ),
        (
            "Each element in nums appears exactly three times except for one element which appears once.",
            [2, 2, 3, 2],
            lambda c: c.count(1) == 1 and set(c) <= {1, 3},
        ),
        (
            "Each integer in nums will appear twice, only two integers will appear once.",
            [1, 2, 1, 3, 2, 5],
            lambda c: c.count(1) == 2 and set(c) <= {1, 2},
        ),
        ("each element of nums appears exactly three times", [4, 4, 4], lambda c: set(c) == {3}),
    ],
)
def test_a_profile_of_occurrences_is_drawn_whole_and_an_example_breaking_it_refuses(line, test, holds):
    p = fn_problem(_NUMS + line, "nums: List[int]", [json.dumps({"nums": test})])
    got = _drawn(p)
    assert all(holds(_profile(x["nums"])) for x in got)
    assert any(len(x["nums"]) > 5 for x in got) and len({json.dumps(x) for x in got}) > 10
    broken = fn_problem(_NUMS + line, "nums: List[int]", [json.dumps({"nums": [7, 7, 8, 8]})])
    assert "breaks the constraints" in why_not_read(broken)


def test_twice_but_one_once_draws_odd_lengths_and_a_length_range_without_one_refuses():
    line = "Each element in nums appears twice except for one element which appears only once."
    p = fn_problem(f"{_NUMS}{line}", "nums: List[int]", ['{"nums": [1]}'])
    assert all(len(x["nums"]) % 2 == 1 for x in _drawn(p))
    even = fn_problem(f"2 <= nums.length <= 2\n0 <= nums[i] <= 9\n{line}", "nums: List[int]", ['{"nums": [1, 1]}'])
    assert "not understood" in why_not_read(even)
    one_value = fn_problem(f"3 <= nums.length <= 5\n0 <= nums[i] <= 0\n{line}", "nums: List[int]", ['{"nums": [0]}'])
    assert "not understood" in why_not_read(one_value)


def test_one_value_repeated_n_times_among_n_plus_one():
    text = (
        "2 <= n <= 5000\nnums.length == 2 * n\n0 <= nums[i] <= 10^4\n"
        "nums contains n + 1 unique elements and one of them is repeated exactly n times."
    )
    got = _drawn(fn_problem(text, "nums: List[int]", ['{"nums": [1, 2, 3, 3]}']))
    for x in got:
        n = len(x["nums"]) // 2
        assert _profile(x["nums"]) == [1] * n + [n] and len(set(x["nums"])) == n + 1
    broken = fn_problem(text, "nums: List[int]", ['{"nums": [1, 2, 3, 4]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_each_letter_exactly_twice_of_a_string():
    text = "2 <= s.length <= 52\ns consists only of lowercase English letters.\nEach letter appears in s exactly twice."
    got = _drawn(fn_problem(text, "s: str", ['{"s": "abab"}']))
    assert all(set(Counter(x["s"]).values()) == {2} for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(text, "s: str", ['{"s": "aab"}']))


def test_exactly_one_cell_holds_a_character():
    text = (
        "board.length == 4\nboard[i].length == 4\nboard[i][j] is either 'R', '.', 'B', or 'p'\n"
        "There is exactly one cell with board[i][j] == 'R'"
    )
    rows = [["R", ".", ".", "."]] + [["."] * 4] * 3
    got = _drawn(fn_problem(text, "board: List[List[str]]", [json.dumps({"board": rows})]))
    assert all(sum(row.count("R") for row in x["board"]) == 1 for x in got)
    two = [["R", "R", ".", "."]] + [["."] * 4] * 3
    assert "breaks the constraints" in why_not_read(
        fn_problem(text, "board: List[List[str]]", [json.dumps({"board": two})])
    )


def test_the_number_of_ones_in_a_range_and_half_of_the_values_even():
    text = (
        "m == grid.length\nn == grid[i].length\n1 <= m, n <= 20\ngrid[i][j] is either 0 or 1.\n"
        "The number of 1's in the grid is in the range [2, 3]."
    )
    got = _drawn(fn_problem(text, "grid: List[List[int]]", ['{"grid": [[1, 1]]}']))
    assert all(2 <= sum(map(sum, x["grid"])) <= 3 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(text, "grid: List[List[int]]", ['{"grid": [[1]]}']))
    half = "2 <= nums.length <= 40\nnums.length is even.\nHalf of the integers in nums are even.\n0 <= nums[i] <= 1000"
    got = _drawn(fn_problem(half, "nums: List[int]", ['{"nums": [4, 1]}']))
    assert all(2 * sum(v % 2 == 0 for v in x["nums"]) == len(x["nums"]) for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(half, "nums: List[int]", ['{"nums": [4, 2]}']))


def _with_body(p, body: str):
    return dataclasses.replace(p, statement=f"{body}\n\n{p.statement}")


_SEATS = "2 <= seats.length <= 20\nseats[i] is 0 or 1.\nAt least one seat is empty."


def test_a_words_value_comes_from_the_body_and_is_placed_in_every_draw():
    body = (
        "seats[i] = 1 represents a person sitting in the ith seat, and seats[i] = 0 represents that the seat is empty."
    )
    p = _with_body(fn_problem(_SEATS, "seats: List[int]", ['{"seats": [1, 0]}']), body)
    got = _drawn(p)
    assert all(0 in x["seats"] for x in got) and any(1 in x["seats"] for x in got)
    broken = _with_body(fn_problem(_SEATS, "seats: List[int]", ['{"seats": [1, 1]}']), body)
    assert "breaks the constraints" in why_not_read(broken)


@pytest.mark.parametrize(
    "body",
    [
        "Return the largest distance.",  # the word has no value in the body: the line is not read
        "seats[i] = 0 means the seat is empty.\nA seat is empty if seats[i] == 1 was never set.",  # two values
    ],
)
def test_a_word_the_body_gives_no_one_value_refuses_the_line(body):
    p = _with_body(fn_problem(_SEATS, "seats: List[int]", ['{"seats": [1, 0]}']), body)
    assert "At least one seat is empty" in why_not_read(p)


def test_word_value_reads_the_clauses_that_name_one_value():
    text = (
        "You are given a map of land and water cells.\nIf isWater[i][j] == 0, cell (i, j) is a land cell.\n"
        "If isWater[i][j] == 1, cell (i, j) is a water cell.\neach 1 marks a building,\neach 0 marks an empty land.\n"
        "Cell (i, j) is empty if S_{i,j} is ., and blocked if it is #.\n\n### Example 1\n\nisWater[0][0] = 0 is water"
    )
    assert word_value(text, "water") == {("isWater", "1")}
    assert word_value(text, "land") == {("isWater", "0"), (None, "0")}  # two readings: a line on land refused
    assert word_value(text, "building") == {(None, "1")}
    assert word_value(text, "blocked") == set()  # "it is #" names no input
    assert ("S", ".") in word_value(text, "empty")


def test_counts_and_profiles_round_trip_through_the_spec_file_and_large_draws_keep_them():
    p = fn_problem(
        _NUMS + "Each element in nums appears twice except for one element which appears only once.\n"
        "The number of 1's in nums is at most 1.",
        "nums: List[int]",
        ['{"nums": [2, 2, 1]}'],
    )
    reading = read_input_spec(p)
    assert isinstance(reading, tuple), reading
    data = json.loads(dumps(reading_dict(p, reading)))
    assert reading_from_dict(data) == reading
    assert data["nodes"]["nums"]["profile"] == [["1", "1"], ["2", ""]]
    assert data["nodes"]["nums"]["counts"] == [["==", "1", "0", "1"]]
    large = [json.loads(x)["nums"] for x in generate_large_inputs(reading[0], p.id, 1, budget=20_000, max_chars=10**7)]
    assert large and all(len(x) > 10_000 and sorted(set(Counter(x).values())) == [1, 2] for x in large)


_ISLAND = "m == grid.length\nn == grid[i].length\n1 <= m, n <= 30\ngrid[i][j] is 0 or 1.\n"
_LAND = "grid[i][j] = 1 represents land and grid[i][j] = 0 represents water."


@pytest.mark.parametrize(
    "count, word", [(1, "There is exactly one island in grid."), (2, "There are exactly two islands in grid.")]
)
def test_islands_are_grown_and_counted(count, word):
    example = [[1, 0, 1]] if count == 2 else [[1, 1, 0]]
    p = _with_body(fn_problem(_ISLAND + word, "grid: List[List[int]]", [json.dumps({"grid": example})]), _LAND)
    got = _drawn(p)
    assert all(len(_regions(x["grid"], lambda c: c == 1)) == count for x in got)
    assert any(len(x["grid"]) * len(x["grid"][0]) > 9 for x in got)
    broken = [[1, 0, 1, 0, 1]]
    bad = _with_body(fn_problem(_ISLAND + word, "grid: List[List[int]]", [json.dumps({"grid": broken})]), _LAND)
    assert "breaks the constraints" in why_not_read(bad)


def test_an_island_without_lakes_is_drawn_so_and_a_lake_refuses_an_example():
    body = _LAND + "\nThe island doesn't have \"lakes\", meaning the water inside isn't connected to the water around."
    line = _ISLAND + "There is exactly one island in grid."
    got = _drawn(_with_body(fn_problem(line, "grid: List[List[int]]", ['{"grid": [[1]]}']), body))
    assert all(not _lakes(x["grid"], 1) for x in got)
    ring = [[1, 1, 1], [1, 0, 1], [1, 1, 1]]
    assert "breaks the constraints" in why_not_read(
        _with_body(fn_problem(line, "grid: List[List[int]]", [json.dumps({"grid": ring})]), body)
    )
    other = _LAND + "\nLakes may be anywhere."  # lakes spoken of otherwise: the line is not read
    assert "island" in why_not_read(_with_body(fn_problem(line, "grid: List[List[int]]", ['{"grid": [[1]]}']), other))


def test_how_often_each_character_occurs_in_a_string():
    brackets = (
        "n == s.length\n2 <= n <= 10^6\nn is even.\ns[i] is either '[' or ']'.\n"
        "The number of opening brackets '[' equals n / 2, and the number of closing brackets ']' equals n / 2."
    )
    got = _drawn(fn_problem(brackets, "s: str", ['{"s": "]["}']))
    assert all(x["s"].count("[") == x["s"].count("]") for x in got) and any(len(x["s"]) > 4 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(brackets, "s: str", ['{"s": "[[]["}']))
    keyboard = "keyboard.length == 26\nkeyboard contains each English lowercase letter exactly once in some order."
    got = _drawn(fn_problem(keyboard, "keyboard: str", ['{"keyboard": "abcdefghijklmnopqrstuvwxyz"}']))
    assert all(sorted(x["keyboard"]) == list("abcdefghijklmnopqrstuvwxyz") for x in got)
    assert "breaks the constraints" in why_not_read(
        fn_problem(keyboard, "keyboard: str", ['{"keyboard": "' + "a" * 26 + '"}'])
    )


@pytest.mark.parametrize(
    "line, example, bad, holds",
    [
        ("There is exactly one 0 in nums.", [0, 1], [0, 0], lambda x: x["nums"].count(0) == 1),
        ("There are at most two 1's in nums.", [1, 1], [1, 1, 1], lambda x: x["nums"].count(1) <= 2),
        (
            "All the integers of nums appear exactly once.",
            [1, 2],
            [2, 2],
            lambda x: len(set(x["nums"])) == len(x["nums"]),
        ),
    ],
)
def test_how_many_elements_equal_a_value(line, example, bad, holds):
    text = f"1 <= nums.length <= 20\n0 <= nums[i] <= 9\n{line}"
    got = _drawn(fn_problem(text, "nums: List[int]", [json.dumps({"nums": example})]))
    assert all(holds(x) for x in got) and any(len(x["nums"]) > 3 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(text, "nums: List[int]", [json.dumps({"nums": bad})]))


def test_a_string_holds_a_character_exactly_once():
    text = "3 <= equation.length <= 20\nequation consists of digits, 'x' and '='.\nequation has exactly one '='."
    got = _drawn(fn_problem(text, "equation: str", ['{"equation": "x=1"}']))
    assert all(x["equation"].count("=") == 1 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(text, "equation: str", ['{"equation": "x==1"}']))


def test_another_inputs_character_occurs_in_the_string():
    text = (
        "1 <= s.length <= 20\ns[i] and c are lowercase English letters.\n"
        "It is guaranteed that c occurs at least once in s."
    )
    body = "Given a string s and a character c that occurs in s, return the distances."
    got = _drawn(_with_body(fn_problem(text, "s: str, c: str", ['{"s": "ab", "c": "b"}']), body))
    assert all(x["c"] in x["s"] for x in got) and len({x["c"] for x in got}) > 3
    bad = _with_body(fn_problem(text, "s: str, c: str", ['{"s": "ab", "c": "z"}']), body)
    assert "breaks the constraints" in why_not_read(bad)


@pytest.mark.parametrize(
    "body, word",
    [
        ("You are given an array seats where seats[i] = 1 means the ith seat is not empty.", "empty"),
        ("A cell is water if grid[i][j] == 0, otherwise it is land.", "land"),
        ("A cell is water if grid[i][j] == 0, otherwise it is land.", "water"),
        ("grid[i][j] = 0 represents water, 1 land.", "land"),  # another value between: not the word's
        ("seats[i] = 1 represents a person, unless the seat is empty.", "empty"),
    ],
)
def test_a_clause_that_negates_or_sets_a_case_apart_gives_the_word_no_value(body, word):
    assert word_value(body, word) == set()


def test_a_negated_or_otherwise_clause_refuses_the_line_it_would_have_misread():
    seats = "1 <= seats.length <= 20\nseats[i] is 0 or 1.\nAt least one seat is empty."
    body = "You are given an array seats where seats[i] = 1 means the ith seat is not empty."
    assert "At least one seat is empty" in why_not_read(
        _with_body(fn_problem(seats, "seats: List[int]", ['{"seats": [1, 0, 1]}']), body)
    )
    grid = "m == grid.length\nn == grid[i].length\n1 <= m, n <= 6\ngrid[i][j] is either 0 or 1.\n"
    body = "A cell is water if grid[i][j] == 0, otherwise it is land."
    for line in ("There is at least one land cell.", "There is exactly one island in grid."):
        p = _with_body(fn_problem(grid + line, "grid: List[List[int]]", ['{"grid": [[1, 0], [0, 0]]}']), body)
        assert line.rstrip(".") in why_not_read(p)
    plain = _with_body(  # the same sentence without "otherwise": water is 0, placed in every draw
        fn_problem(grid + "There is at least one water cell.", "grid: List[List[int]]", ['{"grid": [[1, 0]]}']),
        "A cell is water if grid[i][j] == 0.",
    )
    assert all(any(0 in row for row in x["grid"]) for x in _drawn(plain))


_TWO_GRIDS = (
    "m == grid1.length == grid2.length\nn == grid1[i].length == grid2[i].length\n1 <= m, n <= 5\n"
    "grid1[i][j] and grid2[i][j] are either 0 or 1.\n"
)


def test_the_input_the_line_names_holds_the_word_and_a_body_defining_another_refuses():
    body = "A cell (i, j) is a water cell if grid1[i][j] == 0. The cells of grid2 are encoded the same way."
    sig, test = "grid1: List[List[int]], grid2: List[List[int]]", ['{"grid1": [[1, 0]], "grid2": [[0, 1]]}']
    other = _with_body(fn_problem(_TWO_GRIDS + "There is at least one water cell in grid2.", sig, test), body)
    assert "water cell in grid2" in why_not_read(other)
    same = _with_body(fn_problem(_TWO_GRIDS + "There is at least one water cell in grid1.", sig, test), body)
    got = _drawn(same)
    assert all(any(0 in row for row in x["grid1"]) for x in got)
    assert any(all(0 not in row for row in x["grid2"]) for x in got)  # grid2 holds no witness of its own


def test_each_value_exactly_once_is_said_of_the_items_the_word_names():
    grid = "m == grid.length\nn == grid[i].length\n1 <= m, n <= 5\n1 <= grid[i][j] <= 30\n"
    line = grid + "Each integer of grid appears exactly once."
    got = _drawn(fn_problem(line, "grid: List[List[int]]", ['{"grid": [[1, 2], [3, 4]]}']))
    cells = [[c for row in x["grid"] for c in row] for x in got]
    assert all(len(set(c)) == len(c) for c in cells) and any(len(c) > 3 for c in cells)
    repeated = '{"grid": [[1, 2], [2, 1]]}'  # each row distinct, a value in two rows
    assert "breaks the constraints" in why_not_read(fn_problem(line, "grid: List[List[int]]", [repeated]))
    words = (
        "1 <= words.length <= 6\n1 <= words[i].length <= 4\nwords[i] consists of lowercase English letters.\n"
        "Each letter of words appears exactly once."
    )  # every character across the words: no rule holds it, the line refused
    assert "Each letter of words" in why_not_read(fn_problem(words, "words: List[str]", ['{"words": ["ab", "cd"]}']))
