"""Subjects the plain readings do not resolve (microcoder_data/testgen/subjects.py): ``All strings`` /
``Both strings``, tuple fields named in the body (``tickets[i] = [fromi, toi]``), a name's variant
(``images[i][j]`` of ``image``).  Per form: drawn inputs satisfy the predicate, an existing test
breaking it is refused, an ambiguous subject is refused."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from test_testgen_conditions import fn_problem


def _problem(body: str, constraints: str, sig: str, tests: list[dict]):
    p = fn_problem(constraints, sig, [json.dumps(t) for t in tests])
    p.statement = f"{body}\n\n{p.statement}"
    return p


def _drawn(body: str, constraints: str, sig: str, tests: list[dict], n: int = 30) -> list[dict]:
    spec = input_spec(_problem(body, constraints, sig, tests))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", n, max_len=20)]
    assert len(got) >= n // 3
    return got


def _refused(body: str, constraints: str, sig: str, tests: list[dict]) -> str:
    spec = input_spec(_problem(body, constraints, sig, tests))
    assert isinstance(spec, NoSpec), f"read: {spec}"
    return spec.reason


def _strings(value) -> list[str]:
    return [value] if isinstance(value, str) else [s for v in value for s in _strings(v)]


TWO = "1 <= s1.length, s2.length <= 20\n"


@pytest.mark.parametrize(
    "line",
    ["All strings consist of lowercase English letters.", "Both strings consist only of lowercase English letters."],
)
def test_all_or_both_strings_are_the_string_inputs(line):
    got = _drawn("", TWO + line, "s1: str, s2: str", [{"s1": "ab", "s2": "c"}])
    assert all(set(x["s1"] + x["s2"]) <= set("abcdefghijklmnopqrstuvwxyz") for x in got)
    assert any(len(set(x["s1"])) > 2 for x in got)
    why = _refused("", TWO + line, "s1: str, s2: str", [{"s1": "aB", "s2": "c"}])
    assert "breaks the constraints" in why


def test_all_strings_of_the_only_list_of_strings():
    lines = "1 <= words.length <= 10\n1 <= words[i].length <= 10\n1 <= words[i][j].length <= 8\n"
    line = "All strings consist of lowercase English letters only."
    got = _drawn("", lines + line, "words: List[List[str]]", [{"words": [["ab", "c"]]}])
    assert all(set(s) <= set("abcdefghijklmnopqrstuvwxyz") for x in got for s in _strings(x["words"]))
    assert "breaks the constraints" in _refused("", lines + line, "words: List[List[str]]", [{"words": [["A"]]}])


def test_both_strings_of_other_than_two_string_inputs_is_refused():
    three = "1 <= a.length, b.length, c.length <= 9\nBoth strings consist of lowercase English letters."
    assert "not understood" in _refused("", three, "a: str, b: str, c: str", [{"a": "x", "b": "y", "c": "z"}])
    none = "1 <= n <= 9\nAll strings consist of lowercase English letters."
    assert "not understood" in _refused("", none, "n: int", [{"n": 3}])


TICKETS = "tickets[i] = [fromi, toi] is a flight.\n"
TICKET_LINES = (
    "1 <= tickets.length <= 30\ntickets[i].length == 2\nfromi.length == 3\ntoi.length == 3\n"
    "fromi and toi consist of uppercase English letters."
)


def test_tuple_fields_named_in_the_body_take_the_alphabet():
    got = _drawn(TICKETS, TICKET_LINES, "tickets: List[List[str]]", [{"tickets": [["JFK", "SFO"]]}])
    assert all(len(s) == 3 and s.isupper() and s.isalpha() for x in got for s in _strings(x["tickets"]))
    why = _refused(TICKETS, TICKET_LINES, "tickets: List[List[str]]", [{"tickets": [["JFK", "sfo"]]}])
    assert "breaks the constraints" in why


ORDERS = "orders[i]=[namei,codei,itemi] is an order.\n"
ORDER_LINES = (
    "1 <= orders.length <= 30\norders[i].length == 3\n1 <= namei.length, codei.length, itemi.length <= 6\n"
    "namei and itemi consist of lowercase English letters and the space character.\ncodei consists of digits."
)


def test_each_position_keeps_its_own_alphabet():
    tests = [{"orders": [["ab c", "12", "tea"]]}]
    got = _drawn(ORDERS, ORDER_LINES, "orders: List[List[str]]", tests)
    letters = set("abcdefghijklmnopqrstuvwxyz ")
    assert all(set(o[0] + o[2]) <= letters and o[1].isdigit() for x in got for o in x["orders"])
    assert any(" " in o[0] for x in got for o in x["orders"])
    broken = [{"orders": [["ab", "1x", "tea"]]}]
    assert "breaks the constraints" in _refused(ORDERS, ORDER_LINES, "orders: List[List[str]]", broken)


MAPPINGS = "mappings[i] = [oldi, newi] is a replacement.\n"
MAPPING_LINES = (
    "0 <= mappings.length <= 20\nmappings[i].length == 2\n"
    "oldi and newi are either uppercase or lowercase English letters or digits."
)


def test_fields_either_letters_or_digits_are_one_character_each():
    got = _drawn(MAPPINGS, MAPPING_LINES, "mappings: List[List[str]]", [{"mappings": [["a", "7"]]}])
    assert all(len(s) == 1 and s.isalnum() for x in got for s in _strings(x["mappings"]))
    assert any(x["mappings"] for x in got)
    broken = [{"mappings": [["a", "#"]]}]
    assert "breaks the constraints" in _refused(MAPPINGS, MAPPING_LINES, "mappings: List[List[str]]", broken)


SHIFT = "shift[i] = [directioni, amounti]\n"
SHIFT_LINES = "1 <= shift.length <= 20\nshift[i].length == 2\ndirectioni is either 0 or 1.\n0 <= amounti <= 100"


def test_values_listed_of_a_tuple_field():
    got = _drawn(SHIFT, SHIFT_LINES, "shift: List[List[int]]", [{"shift": [[0, 5]]}])
    assert all(d in (0, 1) for x in got for d, _ in x["shift"])
    assert {d for x in got for d, _ in x["shift"]} == {0, 1}
    assert any(a > 1 for x in got for _, a in x["shift"])
    assert "breaks the constraints" in _refused(SHIFT, SHIFT_LINES, "shift: List[List[int]]", [{"shift": [[2, 5]]}])


IMAGE = "n == image.length\nn == image[i].length\n1 <= n <= 20\nimages[i][j] is either 0 or 1."


def test_values_listed_of_a_cell_of_a_name_written_plural():
    got = _drawn("", IMAGE, "image: List[List[int]]", [{"image": [[0, 1], [1, 1]]}])
    assert all(v in (0, 1) for x in got for row in x["image"] for v in row)
    assert "breaks the constraints" in _refused("", IMAGE, "image: List[List[int]]", [{"image": [[0, 2], [1, 1]]}])


VEGAN = "restaurants[i] = [idi, ratingi, veganFriendlyi]\n"
VEGAN_LINES = (
    "1 <= restaurants.length <= 20\nrestaurants[i].length == 3\n1 <= idi, ratingi <= 10^5\n"
    "veganFriendlyi and veganFriendly are 0 or 1."
)
VEGAN_SIG = "restaurants: List[List[int]], veganFriendly: int"


def test_values_listed_of_a_tuple_field_and_an_argument():
    got = _drawn(VEGAN, VEGAN_LINES, VEGAN_SIG, [{"restaurants": [[1, 4, 1]], "veganFriendly": 0}])
    assert all(x["veganFriendly"] in (0, 1) and all(r[2] in (0, 1) for r in x["restaurants"]) for x in got)
    assert any(r[0] > 1 for x in got for r in x["restaurants"])
    broken = [{"restaurants": [[1, 4, 1]], "veganFriendly": 3}]
    assert "breaks the constraints" in _refused(VEGAN, VEGAN_LINES, VEGAN_SIG, broken)


BINARY = "1 <= binary.length <= 20\nbinary consists of only '0's and '1's."


def test_quoted_characters_written_plural():
    got = _drawn("", BINARY, "binary: str", [{"binary": "01"}])
    assert all(set(x["binary"]) <= {"0", "1"} for x in got) and any(len(set(x["binary"])) == 2 for x in got)
    assert "breaks the constraints" in _refused("", BINARY, "binary: str", [{"binary": "012"}])


ASCII = "1 <= s.length <= 100\ns consists of characters with ASCII values in the range [33, 122].\n"
NOT_IN = "s does not contain '\\\"' or '\\\\'."


def test_characters_left_out_of_a_stated_alphabet():
    got = _drawn("", ASCII + NOT_IN, "s: str", [{"s": "a-b"}])
    assert all('"' not in x["s"] and "\\" not in x["s"] for x in got)
    assert any(len(x["s"]) > 10 for x in got)
    assert "breaks the constraints" in _refused("", ASCII + NOT_IN, "s: str", [{"s": 'a"b'}])
    # with no alphabet stated, what else s may hold is not said
    assert "not understood" in _refused("", "1 <= s.length <= 100\n" + NOT_IN, "s: str", [{"s": "ab"}])


def test_values_not_consecutive_of_a_tuple_field_are_refused():
    gapped = SHIFT_LINES.replace("either 0 or 1", "either 0 or 2")
    assert "not understood" in _refused(SHIFT, gapped, "shift: List[List[int]]", [{"shift": [[0, 5]]}])


def test_all_strings_narrows_an_alphabet_one_of_them_was_given_alone():
    # review: "All strings consist of ..." replaced s1's own alphabet (lowercase) with a wider one
    cons = "1 <= s1.length, s2.length <= 20\ns1 consists of lowercase English letters.\nAll strings consist of uppercase and lowercase English letters."
    got = _drawn("", cons, "s1: str, s2: str", [{"s1": "ab", "s2": "Cd"}])
    assert all(x["s1"].islower() and x["s2"].isalpha() for x in got)


def test_values_listed_that_are_quote_characters_are_read_as_written():
    # a quote or a backslash among the values listed: its character, not a JSON string (which did not parse)
    lines = "1 <= s.length <= 10\ns[i] is either '\"' or '\\' or 'a'."
    got = _drawn("", lines, "s: str", [{"s": 'a"\\'}])
    assert all(set(x["s"]) <= {'"', "\\", "a"} for x in got)
    assert {c for x in got for c in x["s"]} == {'"', "\\", "a"}
