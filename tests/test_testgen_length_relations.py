"""Lines relating lengths, sums and neighbours, read by microcoder_data/testgen/length_relations.py
(registered in line_readings.READINGS): what each reads holds on every drawn and large input,
and an existing test that breaks it refuses generation."""

from __future__ import annotations

import json
from typing import Any

from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.inputspec import InputSpec, input_spec
from microcoder_data.testgen.length_relations import same_lengths
from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_line_readings import _drawn

WORDS = (
    "1 <= word1.length, word2.length <= 10^3\n1 <= word1[i].length, word2[i].length <= 10^3\n"
    "1 <= sum(word1[i].length), sum(word2[i].length) <= 10^3\nword1[i] and word2[i] consist of lowercase letters."
)
SIG = "word1: List[str], word2: List[str]"


def test_several_totals_are_drawn_under_each_total():
    got = _drawn(WORDS, SIG, ['{"word1": ["ab", "c"], "word2": ["a", "bc"]}'])
    assert all(1 <= sum(map(len, x[w])) <= 1000 for x in got for w in ("word1", "word2"))
    assert any(len(x["word1"]) > 3 and sum(map(len, x["word1"])) > 10 for x in got)
    wide = WORDS.replace("10^3", "10^5")  # large enough for a large input
    spec = input_spec(fn_problem(wide, SIG, ['{"word1": ["ab"], "word2": ["a"]}']))
    assert isinstance(spec, InputSpec), spec.reason
    large = [json.loads(x) for x in generate_large_inputs(spec, "fx/solve", 3, budget=20_000, max_chars=10**6)]
    assert large and all(sum(map(len, x[w])) <= 10**5 for x in large for w in ("word1", "word2"))
    broken = fn_problem(WORDS, SIG, ['{"word1": ["' + "a" * 600 + '", "' + "b" * 600 + '"], "word2": ["a"]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_total_alone_is_drawn_under_it_not_by_rejection():
    lines = "1 <= words.length <= 10^4\n1 <= words[i].length <= 3000\nsum(words[i].length) <= 5000\n"
    got = _drawn(lines + "words[i] consists of lowercase English letters.", "words: List[str]", ['{"words": ["a"]}'])
    assert all(sum(map(len, x["words"])) <= 5000 for x in got)
    spec = input_spec(fn_problem(lines, "words: List[str]", ['{"words": ["a"]}']))
    assert spec.nodes["words"].total_len_hi == "5000"  # drawn under the total: every large draw keeps it
    large = [json.loads(x) for x in generate_large_inputs(spec, "fx/solve", 3, budget=20_000, max_chars=10**6)]
    assert large and all(sum(map(len, x["words"])) <= 5000 for x in large)


SORTED = "2 <= nums.length <= 10^5\n1 <= nums[i] <= nums[i + 1] <= 10^4"


def test_a_chain_over_neighbours_is_a_sorted_list():
    got = _drawn(SORTED, "nums: List[int]", ['{"nums": [2, 3, 5]}'])
    assert all(x["nums"] == sorted(x["nums"]) and 1 <= min(x["nums"]) and max(x["nums"]) <= 10**4 for x in got)
    assert any(len(x["nums"]) > 3 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(SORTED, "nums: List[int]", ['{"nums": [3, 2]}']))


PAIRS = "1 <= arr.length <= 1000\n1 <= arr[i] <= 1000\narr[i] < arr[j] for 1 <= i < j <= arr.length"


def test_every_pair_in_order_is_a_strictly_sorted_list():
    got = _drawn(PAIRS, "arr: List[int]", ['{"arr": [2, 3, 4, 7, 11]}'])
    assert all(all(a < b for a, b in zip(x["arr"], x["arr"][1:])) for x in got)
    assert any(len(x["arr"]) > 3 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(PAIRS, "arr: List[int]", ['{"arr": [2, 2]}']))


PEAK = "1 <= nums.length <= 1000\n-2^31 <= nums[i] <= 2^31 - 1\nnums[i] != nums[i + 1] for all valid i."


def test_neighbours_differ_is_checked():
    got = _drawn(PEAK, "nums: List[int]", ['{"nums": [1, 2, 3, 1]}'])
    assert all(a != b for x in got for a, b in zip(x["nums"], x["nums"][1:]))
    assert "breaks the constraints" in why_not_read(fn_problem(PEAK, "nums: List[int]", ['{"nums": [1, 1]}']))


def test_same_lengths_is_drawn_so():
    for line in (
        "All the strings are of the same length.",
        "All strs[i].length are equal.",
        "strs[i].length == strs[j].length for 0 <= i, j < strs.length",
    ):
        lines = f"1 <= strs.length <= 20\n1 <= strs[i].length <= 20\nstrs[i] consists of lowercase letters.\n{line}"
        got = _drawn(lines, "strs: List[str]", ['{"strs": ["ab", "cd"]}'])
        assert all(len({len(s) for s in x["strs"]}) == 1 for x in got)
        assert len({len(x["strs"][0]) for x in got}) > 2
        broken = fn_problem(lines, "strs: List[str]", ['{"strs": ["ab", "c"]}'])
        assert "breaks the constraints" in why_not_read(broken)


def test_the_strings_unsaid_among_two_lists_is_refused():
    lines = "1 <= a.length, b.length <= 5\nAll the strings are of the same length."
    assert "All the strings" in why_not_read(
        fn_problem(lines, "a: List[str], b: List[str]", ['{"a": ["x"], "b": ["y"]}'])
    )


COUPLES = "2n == row.length\n2 <= n <= 30\n0 <= row[i] < 2n"


def test_a_size_written_2n_is_read_as_written_where_scraped_powers_cannot_be():
    got = _drawn(COUPLES, "row: List[int]", ['{"row": [0, 2, 1, 3]}'])
    assert all(len(x["row"]) % 2 == 0 and all(0 <= v < len(x["row"]) for v in x["row"]) for x in got)
    assert any(len(x["row"]) > 4 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(COUPLES, "row: List[int]", ['{"row": [0, 5]}']))


def _renamed(sig: str, tests: list[str], example: str, constraints: str) -> Any:
    p = fn_problem(constraints, sig, tests)
    p.statement = f"Solve it.\n\n### Example 1\nInput: {example}\nOutput: 1\n\n" + p.statement.split("\n\n", 1)[1]
    return p


STONES = "n == aliceValues.length == bobValues.length\n1 <= n <= 10^5\n1 <= aliceValues[i], bobValues[i] <= 100"


def test_a_statement_naming_the_arguments_otherwise_is_read_with_the_signature_names():
    p = _renamed("a: List[int], b: List[int]", ["[[1, 3], [2, 1]]"], "aliceValues = [1,3], bobValues = [2,1]", STONES)
    spec = input_spec(p)
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 20)]
    assert got and all(len(x[0]) == len(x[1]) and all(1 <= v <= 100 for v in x[0] + x[1]) for x in got)
    broken = _renamed(
        "a: List[int], b: List[int]",
        ["[[1, 3], [2, 1]]", "[[1, 300], [2, 1]]"],
        "aliceValues = [1,3], bobValues = [2,1]",
        STONES,
    )
    assert "breaks the constraints" in why_not_read(broken)


def test_an_example_that_is_no_test_renames_nothing():
    p = _renamed("a: List[int], b: List[int]", ["[[1, 3], [2, 1]]"], "aliceValues = [9,9], bobValues = [2,1]", STONES)
    assert "aliceValues" in why_not_read(p)


EQUATIONS = (
    "1 <= equations.length <= 20\nequations[i].length == 2\n1 <= Ai.length, Bi.length <= 5\n"
    "values.length == equations.length\n0.0 < values[i] <= 20.0\nAi, Bi consist of lower case English letters and digits."
)
EQ_SIG = "equations: List[List[str]], values: List[float]"


def _equations(test: str) -> Any:
    p = fn_problem(EQUATIONS, EQ_SIG, [test])
    p.statement = p.statement.replace("Solve it.", "Solve it. equations[i] = [Ai, Bi] means Ai / Bi = values[i].")
    return p


def test_lengths_of_tuple_positions_bound_each_position():
    spec = input_spec(_equations('{"equations": [["a", "b"], ["b", "c"]], "values": [2.0, 3.0]}'))
    assert isinstance(spec, InputSpec), spec.reason
    got = [json.loads(x) for x in generate_inputs(spec, "fx/solve", 30)]
    pairs = [e for x in got for e in x["equations"]]
    assert pairs and all(len(e) == 2 and all(1 <= len(s) <= 5 and s.isalnum() for s in e) for e in pairs)
    assert any(len(s) > 2 for e in pairs for s in e)
    assert "breaks the constraints" in why_not_read(_equations('{"equations": [["abcdefg", "b"]], "values": [2.0]}'))


TARGET = "1 <= nums.length <= 20\n0 <= nums[i] <= 1000\n0 <= sum(nums[i]) <= 1000"


def test_a_sum_of_elements_written_with_its_index_is_checked():
    got = _drawn(TARGET, "nums: List[int]", ['{"nums": [1, 1, 1]}'])
    assert all(sum(x["nums"]) <= 1000 for x in got)
    assert any(len(x["nums"]) > 3 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(TARGET, "nums: List[int]", ['{"nums": [900, 900]}']))


GROUPS = (
    "1 <= groups.length <= 10^3\n1 <= groups[i].length, sum(groups[i].length) <= 10^3\n-10^7 <= groups[i][j] <= 10^7"
)


def test_a_length_and_a_total_on_one_line_bound_each():
    got = _drawn(GROUPS, "groups: List[List[int]]", ['{"groups": [[1, 2], [3]]}'])
    assert all(1 <= min(map(len, x["groups"])) and sum(map(len, x["groups"])) <= 1000 for x in got)
    assert any(len(x["groups"]) > 3 for x in got)
    broken = fn_problem(GROUPS, "groups: List[List[int]]", ['{"groups": [[1], %s]}' % ([2] * 1000)])
    assert "breaks the constraints" in why_not_read(broken)


ROUNDS = "1 <= m <= 100\nrounds.length == m + 1\n1 <= rounds[i] <= 100\nrounds[i] != rounds[i + 1] for 0 <= i < m"


def test_neighbours_differ_over_a_stated_range():
    got = _drawn(ROUNDS, "rounds: List[int]", ['{"rounds": [1, 3, 1, 2]}'])
    assert all(a != b for x in got for a, b in zip(x["rounds"], x["rounds"][1:]))
    assert "breaks the constraints" in why_not_read(fn_problem(ROUNDS, "rounds: List[int]", ['{"rounds": [1, 1]}']))


PARENTS = "n == parent.length\n1 <= n <= 10^5\n0 <= parent[i] <= n - 1 for all i >= 1\nparent[0] == -1\nparent represents a valid tree."


def _reaches_root(parent: list[int]) -> bool:
    for x in range(len(parent)):
        seen = set()
        while x != 0:
            if x in seen or not 0 <= parent[x] < len(parent):
                return False
            seen.add(x)
            x = parent[x]
    return parent[0] == -1


def test_a_parent_list_is_drawn_as_a_tree_rooted_at_0():
    got = _drawn(PARENTS, "parent: List[int]", ['{"parent": [-1, 0, 0, 1]}'])
    assert all(_reaches_root(x["parent"]) for x in got)
    assert any(x["parent"][k] > k for x in got for k in range(len(x["parent"])))  # labels at random
    spec = input_spec(fn_problem(PARENTS, "parent: List[int]", ['{"parent": [-1, 0, 0, 1]}']))
    large = [json.loads(x) for x in generate_large_inputs(spec, "fx/solve", 2, budget=50_000, max_chars=10**6)]
    assert large and all(_reaches_root(x["parent"]) for x in large)
    for bad in ("[-1, 2, 1]", "[0, -1, 1]", "[-1, 0, 3]"):  # a cycle, the root elsewhere, a node out of range
        assert "breaks the constraints" in why_not_read(
            fn_problem(PARENTS, "parent: List[int]", ['{"parent": %s}' % bad])
        )


def test_equal_lengths_then_a_size_name_the_size():
    lines = "s.length == indices.length == n\n1 <= n <= 100\n0 <= indices[i] < n\ns consists of only lowercase English letters."
    got = _drawn(lines, "s: str, indices: List[int]", ['{"s": "ab", "indices": [1, 0]}'])
    assert all(len(x["s"]) == len(x["indices"]) and all(0 <= v < len(x["s"]) for v in x["indices"]) for x in got)
    assert any(len(x["s"]) > 3 for x in got)
    broken = fn_problem(lines, "s: str, indices: List[int]", ['{"s": "abc", "indices": [1, 0]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_size_that_is_an_input_takes_the_bounds_stated_on_the_length():
    lines = "n == nums.length\n1 <= nums.length <= 1000\n1 <= nums[i] <= 100"
    got = _drawn(lines, "nums: List[int], n: int", ['{"nums": [1, 2], "n": 2}'])
    assert all(x["n"] == len(x["nums"]) for x in got)
    assert "breaks the constraints" in why_not_read(
        fn_problem(lines, "nums: List[int], n: int", ['{"nums": [], "n": 0}'])
    )


PLANTS = "n == plants.length\n1 <= n <= 10^5\n1 <= plants[i] <= 10^6\nmax(plants[i]) <= capacity <= 10^9"


def test_the_greatest_element_written_with_its_index_is_checked():
    got = _drawn(PLANTS, "plants: List[int], capacity: int", ['{"plants": [2, 3], "capacity": 5}'])
    assert all(max(x["plants"]) <= x["capacity"] for x in got)
    broken = fn_problem(PLANTS, "plants: List[int], capacity: int", ['{"plants": [2, 9], "capacity": 5}'])
    assert "breaks the constraints" in why_not_read(broken)


RECIPES = (
    "n == recipes.length == ingredients.length\n1 <= n <= 100\n1 <= ingredients[i].length, supplies.length <= 100\n"
    "1 <= recipes[i].length, ingredients[i][j].length, supplies[k].length <= 10\n"
    "recipes[i], ingredients[i][j], and supplies[k] consist only of lowercase English letters.\n"
    "All the values of recipes and supplies combined are unique.\nEach ingredients[i] does not contain any duplicate values."
)
R_SIG = "recipes: List[str], ingredients: List[List[str]], supplies: List[str]"


def test_values_unique_across_lists_and_within_each_row():
    got = _drawn(RECIPES, R_SIG, ['{"recipes": ["a"], "ingredients": [["b", "c"]], "supplies": ["b", "c"]}'])
    assert all(len(set(x["recipes"] + x["supplies"])) == len(x["recipes"] + x["supplies"]) for x in got)
    assert all(len(set(row)) == len(row) for x in got for row in x["ingredients"])
    shared = '{"recipes": ["a"], "ingredients": [["b"]], "supplies": ["a"]}'
    assert "breaks the constraints" in why_not_read(fn_problem(RECIPES, R_SIG, [shared]))
    twice = '{"recipes": ["a"], "ingredients": [["b", "b"]], "supplies": ["b"]}'
    assert "breaks the constraints" in why_not_read(fn_problem(RECIPES, R_SIG, [twice]))


BEAUTY = "1 <= num <= 10^9\n1 <= k <= num.length (taking num as a string)"


def test_a_length_of_an_integer_taken_as_a_string_is_its_digit_count():
    got = _drawn(BEAUTY, "num: int, k: int", ['{"num": 240, "k": 2}'])
    assert all(1 <= x["k"] <= len(str(x["num"])) for x in got)
    assert any(x["k"] > 1 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(BEAUTY, "num: int, k: int", ['{"num": 24, "k": 3}']))


def test_a_length_between_two_bounds_is_a_range():
    lines = "nums.length will be between 1 and 50,000.\nnums[i] will be an integer between 0 and 49,999."
    got = _drawn(lines, "nums: List[int]", ['{"nums": [1, 2]}'])
    assert all(1 <= len(x["nums"]) and all(0 <= v <= 49999 for v in x["nums"]) for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(lines, "nums: List[int]", ['{"nums": [50000]}']))


def test_all_the_strings_of_one_length_refuses_where_a_string_argument_is_among_them():
    """ "All the strings are of the same length" with a list of strings and a string argument: the
    string is one of "the strings", and only the list's rows would be drawn alike -- refused."""
    from microcoder_data.testgen.constraints import _Reader
    from microcoder_data.testgen.spec_model import Node

    nodes = {"words": Node("list", elem=Node("str")), "target": Node("str")}
    assert same_lengths(_Reader(list(nodes), nodes), "All the strings are of the same length") is False
    alone = {"words": Node("list", elem=Node("str")), "k": Node("int")}
    reader = _Reader(list(alone), alone)
    assert same_lengths(reader, "All the strings are of the same length") is True and alone["words"].rows_equal
