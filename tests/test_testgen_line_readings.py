"""The registry of line readings (microcoder_data/testgen/line_readings.py): each reading reads
the phrasings it lists as its examples, and what it reads holds on every drawn input (or an
existing test that breaks it refuses generation)."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.constraints import _Reader
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.line_readings import AS_EACH_PART, NOTHING_TO_ENFORCE, READINGS
from microcoder_data.testgen.sentence_readings import AS_NAMED
from microcoder_data.testgen.spec_model import Node
from test_testgen_conditions import fn_problem, why_not_read


def _reader() -> _Reader:
    """Every name the examples speak of, typed as its examples need."""

    def matrix() -> Node:
        return Node("list", elem=Node("list", elem=Node("int")))

    nodes = {n: matrix() for n in ("A", "travelScore", "grid", "queries", "board", "graph", "grid1", "grid2")}
    nodes.update({n: matrix() for n in ("friends", "guesses")})  # adjacency lists, a tree's edges picked
    nodes.update({n: Node("str") for n in ("p", "s", "S", "num", "num1", "num2")})
    nodes.update({n: Node("list", elem=Node("str")) for n in ("original", "changed")})
    nodes.update({n: Node("list", elem=Node("int")) for n in ("nums1", "nums2", "edges", "favorite", "obstacles")})
    nodes.update({n: Node("list", elem=Node("int")) for n in ("costs", "slices", "row")})
    # the value, alphabet and existence readings' names (value_registry.py)
    nodes.update({n: Node("int") for n in ("N", "M", "K", "k", "primeOne", "primeTwo")})
    nodes.update({n: Node("list", elem=Node("int")) for n in ("nums", "price", "amount", "derived", "B", "vals")})
    nodes.update({"colors": Node("list", elem=Node("int")), "land": matrix(), "S_AB": Node("str"), "t": Node("str")})
    strings = ("names", "words", "startWords", "targetWords", "equations", "details", "tasks", "G")
    nodes.update({n: Node("list", elem=Node("str")) for n in strings})
    nodes["cells"] = Node("list", elem=Node("list", elem=Node("str")))
    nodes["time"] = Node("str", char_at=[(2, ":")])  # "time[2] is ':'" read before
    nodes.update({n: Node("list", elem=Node("int")) for n in ("u", "v", "U", "V")})  # a graph's two ends
    # the sentence and relation readings' names (sentence_readings.py)
    nodes.update({n: Node("str") for n in ("title", "text", "sentence", "sentence1", "sentence2", "s1", "s2")})
    nodes.update({n: Node("str") for n in ("current", "correct")})
    nodes.update({n: Node("list", elem=Node("str")) for n in ("logs", "sentences", "timePoints")})
    nodes.update({n: Node("list", elem=Node("int")) for n in ("hFences", "vFences", "values")})
    nodes.update({n: matrix() for n in ("richer", "pairs", "coordinates", "mines")})
    nodes["pivot"], nodes["target"], nodes["key"] = Node("int"), Node("int"), Node("int")
    nodes.update({n: Node("int") for n in ("src1", "src2", "dest", "a", "b")})
    nodes["stones"] = matrix()
    nodes.update({n: Node("list", elem=Node("str")) for n in ("report", "responses")})  # word_lists.py's names
    nodes["lines"] = Node("list", elem=Node("str", alphabet=" aZ"))  # "lines[i] consists of letters and spaces"
    nodes["hour"] = Node("float")  # promise_clauses.py
    nodes["transactions"], nodes["date1"] = Node("list", elem=Node("str")), Node("str")
    nodes["line"] = Node("str", alphabet="abc")  # "line consists of ..." read before
    nodes["phrase"] = Node("str", alphabet=" ab")  # "phrase consists of letters and spaces" read before
    nodes["records"] = Node("list", elem=Node("str", template="{name},{time},{amount},{city}"))  # its form read
    nodes.update(
        {n: Node("list", elem=Node("str")) for n in ("word1", "word2", "dict", "votes", "strs", "recipes", "supplies")}
    )
    nodes.update({n: Node("list", elem=Node("int")) for n in ("arr", "nums", "parent", "parents")})
    nodes["ingredients"] = Node("list", elem=Node("list", elem=Node("str")))
    nodes.update({"seats": Node("list", elem=Node("int")), "isWater": matrix()})  # count_readings.py
    nodes.update({"k": Node("int"), "x": Node("int")})
    # the distinct readings' names (distinct_readings.py)
    nodes.update({n: matrix() for n in ("moves", "points", "intervals", "workers", "bikes", "corridors", "flights")})
    nodes.update({n: Node("list", elem=Node("int")) for n in ("score", "left", "right")})
    nodes.update({n: Node("list", elem=Node("str")) for n in ("features", "positive_feedback", "negative_feedback")})
    nodes["favoriteCompanies"] = Node("list", elem=Node("list", elem=Node("str")))
    nodes.update({n: Node("str") for n in ("c", "digit", "number")})  # structured_readings.py's names
    nodes.update({n: Node("list", elem=Node("int")) for n in ("arr1", "arr2")})
    # geometry_readings' names: rows of corners / ends, AtCoder's columns and points
    nodes.update({n: matrix() for n in ("rectangles", "tiles")})
    nodes.update({n: Node("list", elem=Node("int")) for n in ("X1", "Y1", "Z1", "X2", "Y2", "Z2", "C", "D")})
    nodes.update({n: Node("int") for n in ("x_A", "y_A", "x_B", "y_B", "x_C", "y_C")})
    nodes["queens"], nodes["king"] = matrix(), Node("list", elem=Node("int"))
    nodes["rec1"], nodes["rec2"] = Node("list", elem=Node("int")), Node("list", elem=Node("int"))
    args = list(nodes)
    nodes.update({n: Node("int", size_like=True) for n in ("m", "n")})  # sizes the statement names
    nodes.update({n: Node("list", elem=Node("list", elem=Node("str"))) for n in ("tickets", "mappings")})  # subjects.py
    nodes["binary"] = Node("str")
    nodes.update({"shift": matrix(), "restaurants": matrix(), "image": matrix(), "veganFriendly": Node("int")})
    reader = _Reader(args, nodes)
    reader.aliases = {"xi": ("mines", 2, 0), "yi": ("mines", 2, 1)}  # ``mines[i] = [xi, yi]``
    tuples = {"tickets": ["fromi", "toi"], "mappings": ["oldi", "newi"], "shift": ["directioni", "amounti"]}
    tuples["restaurants"] = ["idi", "ratingi", "veganFriendlyi"]
    reader.aliases.update({a: (n, 2, k) for n, names in tuples.items() for k, a in enumerate(names)})
    # what the words of count_readings' examples mean
    reader.statement = (
        "seats[i] = 0 represents that the ith seat is empty.\nIf isWater[i][j] == 1, cell (i, j) is water."
        "\nA map where 1 represents land and 0 represents sea"
        "\nrectangles[i] is in the form [start_x, start_y, end_x, end_y]\n(start_x, start_y): The bottom-left corner"
        "\n(end_x, end_y): The top-right corner\ntiles[i] = [li, ri]: every tile j in the range li <= j <= ri is white"
        "\nThe segments of tiles are white"
        "\nThe diagonal of the i-th cuboid connects two points (X_{i,1},Y_{i,1},Z_{i,1}) and (X_{i,2},Y_{i,2},Z_{i,2})"
        "\nthree points A(x_A, y_A), B(x_B, y_B), and C(x_C, y_C)\nThe coordinates of P_i are (C_i, D_i)"
        "\nqueens[i] = [xQueeni, yQueeni] represents the position of the ith black queen"
        "\nking = [xKing, yKing] represents the position of the white king"
        "\nA rectangle is represented as a list [x1, y1, x2, y2], where (x1, y1) is the coordinate of its bottom-left"
        " corner, and (x2, y2) is the coordinate of its top-right corner"
        "\nFor a move of type 1, moves[i] = [1, first, last]"  # typed_positions' forms
    )
    reader.aliases.update({"starti": ("intervals", 2, 0), "endi": ("intervals", 2, 1)})  # intervals[i] = [starti, endi]
    return reader


_POSITIONS = (
    "queens[i] = [xQueeni, yQueeni] represents the position of the ith black queen"
    "\nking = [xKing, yKing] represents the position of the white king"
)
_ONLY_POINTS = {
    "No three different points lie on the same straight line": "The coordinates of P_i are (C_i, D_i)",
    "All the given positions are unique": _POSITIONS,
    "No two pieces are on the same square": _POSITIONS,
}


def _numbers_reader() -> _Reader:
    """Inputs that are all numbers (the size of a list the program builds names no input)."""
    nodes = {"n": Node("int"), "start": Node("int")}
    return _Reader(list(nodes), nodes)


def _one_list_of_strings_reader() -> _Reader:
    """One input, a list of strings: what a line with no name said speaks of (other_wordings)."""
    nodes = {"words": Node("list", elem=Node("str"))}
    return _Reader(list(nodes), nodes)


def _two_strings_reader() -> _Reader:
    """Two string inputs: what "both strings" speaks of (word_bounds)."""
    nodes = {"s": Node("str"), "t": Node("str")}
    return _Reader(list(nodes), nodes)


# readings whose examples name no input: read against the one input they can only mean
_NO_NAME_SAID = {
    "the strings of the one list of strings, no name said": _one_list_of_strings_reader,
    "two inputs said to share a length": _two_strings_reader,
}


@pytest.mark.parametrize(
    "reading, example", [(r, e) for r in READINGS for e in r.examples], ids=lambda x: getattr(x, "name", x)
)
def test_every_reading_reads_its_own_examples(reading, example):
    assert reading.enforced in ("drawn", "checked", "drawn and checked", AS_EACH_PART, NOTHING_TO_ENFORCE, AS_NAMED)
    fresh = _numbers_reader if reading.enforced == NOTHING_TO_ENFORCE else _reader
    fresh = _NO_NAME_SAID.get(reading.name, fresh)
    reader = fresh()
    if example in _ONLY_POINTS:  # a line about all the points: the statement must give no other (geometry_readings)
        reader.statement = _ONLY_POINTS[example]
    assert reading.read(reader, example) is True
    # graph lines are recorded, tied to the edges once every bound is read (graph_readings)
    recorded = reader.nodes != fresh().nodes or reader.checks or reader.bounds or reader.graphs
    recorded = recorded or reader.aliases != fresh().aliases  # names for positions (AS_NAMED)
    recorded = recorded or reader.position_alphabets  # a tuple position's characters (subjects.py)
    assert recorded if reading.enforced != NOTHING_TO_ENFORCE else not recorded  # something to enforce, or nothing


def _drawn(constraints: str, sig: str, tests: list[str], n: int = 30) -> list[dict]:
    spec = input_spec(fn_problem(constraints, sig, tests))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", n)]
    assert len(got) >= n // 3
    return got


@pytest.mark.parametrize("count, word", [(1, "one"), (2, "two"), (2, "2")])
def test_letters_and_exactly_k_of_a_symbol_are_drawn_so(count, word):
    got = _drawn(
        f"1 <= p.length <= 50\np contains only lowercase English letters and exactly {word} '*'.",
        "p: str",
        ['{"p": "' + "a*" * count + '"}'],
    )
    assert all(x["p"].count("*") == count and set(x["p"]) <= set("abcdefghijklmnopqrstuvwxyz*") for x in got)
    assert len({x["p"] for x in got}) > 10
    broken = fn_problem(
        "1 <= p.length <= 50\np contains only lowercase English letters and exactly two '*'.", "p: str", ['{"p": "a*"}']
    )
    assert "breaks the constraints" in why_not_read(broken)


@pytest.mark.parametrize(
    "line, holds",
    [
        ("The first character of S is an uppercase English letter", lambda s: s[0].isupper()),
        ("the last character of S is a digit", lambda s: s[-1].isdigit()),
    ],
)
def test_the_first_or_last_characters_class_is_checked(line, holds):
    got = _drawn(
        f"1 <= S.length <= 20\nS consists of uppercase and lowercase English letters and digits.\n{line}",
        "S: str",
        ['{"S": "Ab1"}'],
    )
    assert all(holds(x["S"]) for x in got)
    assert any(not c.isupper() for x in got for c in x["S"][1:-1])  # the rest of S: any of its characters


@pytest.mark.parametrize(
    "line, holds",
    [
        ("1 < queries[i][1] - queries[i][0]", lambda a, b: b - a > 1),
        ("queries[i][1] - queries[i][0] > 1", lambda a, b: b - a > 1),
        ("queries[i][1] - queries[i][0] <= 5", lambda a, b: 0 < b - a <= 5),
    ],
)
def test_a_bounded_difference_of_two_positions_is_drawn_so(line, holds):
    got = _drawn(
        "3 <= n <= 500\n1 <= queries.length <= 500\nqueries[i].length == 2\n0 <= queries[i][0] < queries[i][1] < n\n"
        + line,
        "n: int, queries: List[List[int]]",
        ['{"n": 5, "queries": [[2, 4], [0, 2]]}'],
    )
    assert all(holds(a, b) and b < x["n"] for x in got for a, b in x["queries"])
    assert any(b - a > 2 for x in got for a, b in x["queries"])


def test_a_bound_over_a_length_and_another_input_with_floor():
    got = _drawn(
        "1 <= nums.length <= 100\n1 <= nums[i] <= 10^9\n1 <= m <= nums.length\n1 <= k <= floor(nums.length / m)",
        "nums: List[int], m: int, k: int",
        ['{"nums": [1, 2, 3, 4], "m": 2, "k": 2}'],
    )
    assert all(1 <= x["k"] <= len(x["nums"]) // x["m"] for x in got)
    assert any(x["k"] > 1 for x in got)
    broken = fn_problem(
        "1 <= nums.length <= 100\n1 <= nums[i] <= 10^9\n1 <= m <= nums.length\n1 <= k <= floor(nums.length / m)",
        "nums: List[int], m: int, k: int",
        ['{"nums": [1, 2, 3], "m": 2, "k": 2}'],  # 3 // 2 = 1 < k
    )
    assert "breaks the constraints" in why_not_read(broken)
