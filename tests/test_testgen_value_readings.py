"""The value, alphabet and existence readings (microcoder_data/testgen/value_readings.py,
alphabet_readings.py, existence_readings.py, witnesses.py): what each reads holds on every drawn
input (drawn so where a random draw would almost never hold it), an existing test that breaks it
refuses generation, and a phrasing on something it cannot hold refuses the line."""

from __future__ import annotations

import json
import string

import pytest

from microcoder_data.testgen.alphabet_readings import PRINTABLE, listed_alphabet
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.spec_file import node_dict, node_from
from microcoder_data.testgen.witnesses import is_prime
from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_stdin_phrasings import _drawn as stdin_drawn
from test_testgen_stdin_phrasings import _refusal as stdin_refusal
from test_testgen_stdin_phrasings import _spec as stdin_spec_of


def _drawn(constraints: str, sig: str, tests: list[str], n: int = 30) -> list[dict]:
    spec = input_spec(fn_problem(constraints, sig, tests))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", n)]
    assert len(got) >= n // 2
    return got


def _broken(constraints: str, sig: str, test: str) -> str:
    return why_not_read(fn_problem(constraints, sig, [test]))


LIST = "1 <= nums.length <= 50\n"


@pytest.mark.parametrize(
    "line, holds",
    [
        ("There is at least one element i where nums[i] == 0.", lambda x: 0 in x["nums"]),
        ("The input is generated such that there is at least one index i such that nums[i] >= k.",
         lambda x: max(x["nums"]) >= x["k"]),
        ("nums has at least one multiple of k", lambda x: any(v % x["k"] == 0 for v in x["nums"])),
        ("The input is generated such that the number of prime numbers in the nums is at least one.",
         lambda x: any(is_prime(v) for v in x["nums"])),
    ],
)  # fmt: skip
def test_a_witness_is_placed_in_every_draw(line, holds):
    constraints = LIST + "0 <= nums[i] <= 10^9\n50 <= k <= 10^5\n" + line
    got = _drawn(constraints, "nums: List[int], k: int", ['{"nums": [0, 100000, 3], "k": 50}'])
    assert all(holds(x) for x in got)
    assert any(len(x["nums"]) > 3 for x in got)


def test_an_existing_test_without_the_witness_refuses():
    why = _broken(LIST + "1 <= nums[i] <= 9\nThere is at least one element i where nums[i] == 0.", "nums: List[int]",
                  '{"nums": [1, 2]}')  # fmt: skip
    assert "breaks the constraints" in why and "no value of nums" in why


def test_a_character_witness_in_a_grid_and_each_value_of_a_set():
    got = _drawn(
        "1 <= grid.length <= 10\n1 <= grid[i].length <= 10\ngrid[i] consists of '.' and '#'.\n"
        "There is at least one (i,j) such that grid[i][j] = .",
        "grid: List[str]",
        ['{"grid": ["#.", "##"]}'],
    )
    assert all("." in "".join(x["grid"]) for x in got)
    got = _drawn(
        "3 <= A.length <= 20\n1 <= A[i] <= 3\nFor each x in {1, 2, 3}, there exists some i with A[i] == x",
        "A: List[int]",
        ['{"A": [1, 2, 3]}'],
    )
    assert all(set(x["A"]) == {1, 2, 3} for x in got)


def test_a_witness_a_list_cannot_hold_refuses_the_line():
    why = _broken("1 <= s.length <= 5\ns consists of lowercase English letters\nThere is at least one i such that "
                  "s[i] >= 3", "s: str", '{"s": "ab"}')  # fmt: skip
    assert "constraint not understood" in why


@pytest.mark.parametrize(
    "line, sig, test, broken, holds",
    [
        ("price[i] is an even integer.", "price: List[int]", '{"price": [2, 4]}', '{"price": [3, 4]}',
         lambda x: all(v % 2 == 0 for v in x["price"])),
        ("Both m and n are even integers.", "m: int, n: int", '{"m": 2, "n": 4}', '{"m": 2, "n": 5}',
         lambda x: x["m"] % 2 == x["n"] % 2 == 0),
        ("nums[i] is a prime number.", "nums: List[int]", '{"nums": [2, 3]}', '{"nums": [2, 9]}',
         lambda x: all(map(is_prime, x["nums"]))),
    ],
)  # fmt: skip
def test_parity_and_primes_are_drawn_so(line, sig, test, broken, holds):
    names = [a.split(":")[0] for a in sig.split(", ")]
    ranges = "\n".join(f"1 <= {n}.length <= 30\n2 <= {n}[i] <= 1000" if "List" in sig else f"2 <= {n} <= 1000"
                       for n in names)  # fmt: skip
    got = _drawn(ranges + "\n" + line, sig, [test])
    assert all(holds(x) for x in got)
    assert len({json.dumps(x) for x in got}) > 10
    why = why_not_read(fn_problem(ranges + "\n" + line, sig, [broken]))
    assert "breaks the constraints" in why


def test_parity_on_a_string_refuses_the_line():
    why = _broken("1 <= s.length <= 5\ns is an even integer", "s: str", '{"s": "ab"}')
    assert "constraint not understood" in why


def test_an_even_size_and_its_large_draw():
    spec = stdin_spec_of("N\nA_1 A_2 \\ldots A_N", ["N is an even number between 2 and 3000, inclusive",
                         "1 \\leq A_i \\leq 10^9", "All input values are integers."], ["2\n1 2\n", "4\n1 2 3 4\n"])  # fmt: skip
    assert all(len(x["A"]) % 2 == 0 for x in stdin_drawn(spec))
    large = generate_large_inputs(spec.spec, "atc/words", 1, budget=5000, max_chars=10**6)
    assert large and len(json.loads(large[0])["A"]) % 2 == 0


def test_values_listed_and_a_lone_value_beside_a_range():
    got = _drawn(
        "1 <= queries.length <= 20\nqueries[i].length == 2\nqueries[i][0] == 1 or queries[i][0] == 2\n"
        "1 <= queries[i][1] <= 9\n1 <= B.length <= 20\nB[i] is -1 or an integer between 1 and 9, inclusive",
        "queries: List[List[int]], B: List[int]",
        ['{"queries": [[1, 3], [2, 4]], "B": [-1, 5]}'],
    )
    assert all(q[0] in (1, 2) for x in got for q in x["queries"])
    assert all(b == -1 or 1 <= b <= 9 for x in got for b in x["B"]) and any(-1 in x["B"] for x in got)
    why = _broken("1 <= B.length <= 5\nB[i] is -1 or an integer between 1 and 9, inclusive", "B: List[int]",
                  '{"B": [0]}')  # fmt: skip
    assert "excluded" in why


def test_a_bare_permutation_a_power_and_repeats():
    got = _drawn("2 <= nums.length == n <= 50\n1 <= nums[i] <= 50\nnums is a permutation.", "nums: List[int]",
                 ['{"nums": [2, 1, 4, 3]}'])  # fmt: skip
    assert all(sorted(x["nums"]) == list(range(1, len(x["nums"]) + 1)) for x in got)
    got = _drawn("3 <= n <= 10^5\nn + 1 is a power of 2", "n: int", ['{"n": 7}'], n=8)
    assert all(((x["n"] + 1) & x["n"]) == 0 and x["n"] >= 3 for x in got)
    got = _drawn(LIST + "1 <= nums[i] <= 3\nEach number in nums appears either once or twice.", "nums: List[int]",
                 ['{"nums": [1, 1, 2]}'], n=10)  # fmt: skip
    assert all(max(x["nums"].count(v) for v in x["nums"]) <= 2 for x in got)
    assert "breaks" in _broken("1 <= n <= 100\nn + 1 is a power of 2", "n: int", '{"n": 6}')


def test_digits_of_a_number():
    got = _drawn("N is a three-digit integer where each digit is an integer between 1 and 9, inclusive", "N: int",
                 ['{"N": 123}'])  # fmt: skip
    assert all(100 <= x["N"] <= 999 and "0" not in str(x["N"]) for x in got)
    assert "breaks" in _broken("N is a three-digit integer where each digit is an integer between 1 and 9, inclusive",
                               "N: int", '{"N": 105}')  # fmt: skip


@pytest.mark.parametrize(
    "phrase, chars",
    [
        ("lowercase English letters and the characters ( and )", string.ascii_lowercase + "()"),
        ("lowercase English letters, digits, and/or round brackets", string.ascii_lowercase + string.digits + "()"),
        ('either lowercase English letters or characters from the string ".,|$#@" (excluding the quotes)',
         string.ascii_lowercase + ".,|$#@"),
        ("any valid ascii character", PRINTABLE),
        ("only English letters and spaces ' '", string.ascii_letters + " "),
        ("English letters (lower-case and upper-case), ',' and '.'", string.ascii_letters + ",."),
        ("lowercase English letters and digits 2 through 9", string.ascii_lowercase + "23456789"),
    ],
)  # fmt: skip
def test_characters_listed_by_class_and_symbol(phrase, chars):
    assert listed_alphabet(phrase) == "".join(sorted(chars))


@pytest.mark.parametrize("phrase", ["words separated by a single space", "two different lowercase English letters"])
def test_what_is_no_list_of_characters_is_not_read(phrase):
    assert listed_alphabet(phrase) is None


def test_alphabets_drawn_and_an_outside_character_refuses():
    constraints = ("1 <= names.length <= 20\n1 <= names[i].length <= 10\n"
                   "names[i] consists of lowercase English letters, digits, and/or round brackets.")  # fmt: skip
    got = _drawn(constraints, "names: List[str]", ['{"names": ["a(1)"]}'])
    assert all(set("".join(x["names"])) <= set(string.ascii_lowercase + string.digits + "()") for x in got)
    assert any(set("".join(x["names"])) & set("()0123456789") for x in got)
    assert "outside" in _broken(constraints, "names: List[str]", '{"names": ["A"]}')


def test_a_character_at_a_position_and_a_one_character_string():
    constraints = ("1 <= equations.length <= 20\nequations[i].length == 4\nequations[i][0] is a lowercase letter.\n"
                   "equations[i][1] is either '=' or '!'.\nequations[i][2] is '='.\n"
                   "equations[i][3] is a lowercase letter.")  # fmt: skip
    got = _drawn(constraints, "equations: List[str]", ['{"equations": ["a==b", "b!=a"]}'])
    assert all(e[0] in "ab" and e[1] in "=!" and e[2] == "=" and e[3] in "ab" for x in got for e in x["equations"])
    assert "not one of the characters" in _broken(constraints, "equations: List[str]", '{"equations": ["a=!b"]}')
    got = _drawn("1 <= tasks.length <= 20\ntasks[i] is an uppercase English letter.", "tasks: List[str]",
                 ['{"tasks": ["A", "B"]}'])  # fmt: skip
    assert all(len(t) == 1 and t.isupper() for x in got for t in x["tasks"])


def test_stdin_words_and_witnesses():
    spec = stdin_spec_of("p q", ["p and q are A,B,C,D,E,F, or G", "p \\neq q"], ["A C\n", "G B\n"])
    assert all({x["p"], x["q"]} <= set("ABCDEFG") and x["p"] != x["q"] for x in stdin_drawn(spec))
    spec = stdin_spec_of("N K\nA_1 A_2 \\ldots A_N", ["1 \\leq N, K \\leq 100", "1 \\leq A_i \\leq 100",
                         "A has at least one multiple of K", "All input values are integers."], ["3 2\n1 2 3\n"])  # fmt: skip
    assert all(any(int(a) % int(x["K"]) == 0 for a in x["A"]) for x in stdin_drawn(spec))
    why = stdin_refusal("N K\nA_1 A_2 \\ldots A_N", ["1 \\leq N, K \\leq 100", "1 \\leq A_i \\leq 100",
                        "A has at least one multiple of K", "All input values are integers."], ["3 5\n1 2 3\n"])  # fmt: skip
    assert "no value of A" in why


def test_the_new_fields_survive_the_spec_file():
    spec = input_spec(fn_problem(LIST + "2 <= nums[i] <= 100\nnums[i] is a prime number.\nnums has at least one "
                                 "multiple of 3", "nums: List[int]", ['{"nums": [3]}']))  # fmt: skip
    assert isinstance(spec, InputSpec), spec.reason
    node = spec.nodes["nums"]
    assert node.witness == [("multiple", "3")] and node.elem.prime
    assert node_from(json.loads(json.dumps(node_dict(node))), "nums") == node


def test_the_characters_but_at_one_position_and_other_string_rules():
    constraints = ('s.length == 5\ns[2] is equal to the character ":".\n'
                   'All characters except s[2] are digits or "?" characters.')  # fmt: skip
    got = _drawn(constraints, "s: str", ['{"s": "1?:?4"}'])
    assert all(x["s"][2] == ":" and set(x["s"][:2] + x["s"][3:]) <= set("0123456789?") for x in got)
    assert "breaks" in _broken(constraints, "s: str", '{"s": "1::?4"}')
    got = _drawn("1 <= s.length <= 30\ns consists of lowercase English letters, vertical bars '|', and asterisks '*'.\n"
                 "s contains an even number of vertical bars '|'.", "s: str", ['{"s": "a||"}'])  # fmt: skip
    assert all(x["s"].count("|") % 2 == 0 for x in got)
    got = _drawn("1 <= words.length <= 20\n1 <= words[i].length <= 26\nwords[i] consists of lowercase English letters."
                 "\nNo letter occurs more than once in words[i].", "words: List[str]", ['{"words": ["ab"]}'])  # fmt: skip
    assert all(len(set(w)) == len(w) for x in got for w in x["words"])
    got = _drawn("1 <= s.length <= 20\ns consists of only English letters and spaces ' '.\n"
                 "There will be at least one word in s.", "s: str", ['{"s": " a"}'])  # fmt: skip
    assert all(x["s"].strip() for x in got)
    assert "breaks" in _broken("1 <= s.length <= 20\ns consists of only English letters and spaces ' '.\n"
                               "There will be at least one word in s.", "s: str", '{"s": "  "}')  # fmt: skip


def test_a_grid_of_rows_and_columns_and_a_string_with_a_length():
    spec = stdin_spec_of("H W\nS_1\n\\vdots\nS_H", ["1 \\leq H, W \\leq 10",
                         "S is a grid with H rows and W columns consisting of 1, 2, 3, and ?.",
                         "H and W are integers."], ["2 3\n12?\n3?1\n"])  # fmt: skip
    drawn = stdin_drawn(spec)
    assert all(len(x["S"]) == int(x["H"]) and all(len(r) == int(x["W"]) and set(r) <= set("123?") for r in x["S"])
               for x in drawn)  # fmt: skip
    assert "breaks" in stdin_refusal("H W\nS_1\n\\vdots\nS_H", ["1 \\leq H, W \\leq 10",
                                     "S is a grid with H rows and W columns consisting of 1, 2, 3, and ?.",
                                     "H and W are integers."], ["2 3\n12?\n3?4\n"])  # fmt: skip
    spec = stdin_spec_of("S\nT", ["S is a string of length between 3 and 10, inclusive, consisting of lowercase "
                         "English letters.", "T is a string of uppercase English letters with a length of 3."],
                         ["abc\nABC\n"])  # fmt: skip
    assert all(len(x["T"]) == 3 and x["T"].isupper() for x in stdin_drawn(spec))
