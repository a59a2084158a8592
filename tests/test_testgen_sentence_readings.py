"""Lines about strings written by a small grammar and relations between whole inputs
(microcoder_data/testgen/sentence_readings.py): every drawn input holds what the line says, and an
existing test that breaks it refuses generation."""

from __future__ import annotations

import json

import pytest

from microcoder_data.testgen.sentence_checks import clock_time, spaced_words, valid_date
from test_testgen_conditions import drawn, fn_problem, why_not_read

TITLE = (
    "1 <= title.length <= 100\n"
    "title consists of words separated by a single space without any leading or trailing spaces.\n"
    "Each word consists of uppercase and lowercase English letters and is non-empty."
)


def test_spaced_words_and_clock_time_checks():
    assert spaced_words("ab cd e", True, True) and spaced_words(["a b", "c"], True, True)
    assert not spaced_words("ab  cd", True, False) and spaced_words("ab  cd", False, True)
    assert not spaced_words(" ab", False, True) and not spaced_words(["a", "b "], False, True)
    assert clock_time("23:59") and clock_time(["00:00", "09:30"]) and clock_time("2?:?5")
    assert not clock_time("24:00") and not clock_time("12:60") and not clock_time("3?:00") and not clock_time("1200")


def test_words_joined_by_single_spaces_are_drawn_and_checked():
    got = drawn(fn_problem(TITLE, "title: str", ['{"title": "capiTalIze tHe titLe"}']))
    titles = [x["title"] for x in got]
    assert all(set(t) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ") for t in titles)
    assert all(t.strip() == t and "  " not in t and t for t in titles)
    assert any(" " in t for t in titles)  # words, not one word
    broken = fn_problem(TITLE, "title: str", ['{"title": "two  spaces"}'])
    assert "breaks the constraints" in why_not_read(broken)


@pytest.mark.parametrize(
    "line, good, bad",
    [
        ("All the words in text are separated by a single space.", "a b", "a  b"),
        ("text will not have any leading or trailing spaces.", "a  b", " a b"),
        ("There are no leading or trailing spaces.", "a  b", "a b "),
    ],
)
def test_spacing_lines_are_checked(line, good, bad):
    constraints = f"1 <= text.length <= 50\ntext consists of lowercase English letters and spaces.\n{line}"
    got = drawn(fn_problem(constraints, "text: str", ['{"text": "%s"}' % good]))
    single, ends = "single" in line, "leading" in line
    assert got and all(spaced_words(x["text"], single, ends) for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(constraints, "text: str", ['{"text": "%s"}' % bad]))


def test_no_leading_spaces_without_a_subject_needs_one_string():
    p = fn_problem(
        "1 <= a.length, b.length <= 5\na and b consist of lowercase English letters and spaces.\n"
        "There are no leading or trailing spaces.",
        "a: str, b: str",
        ['{"a": "x", "b": "y"}'],
    )
    assert "There are no leading or trailing spaces" in why_not_read(p)


def test_clock_times_are_drawn_valid():
    p = fn_problem(
        '2 <= timePoints.length <= 2 * 10^4\ntimePoints[i] is in the format "HH:MM".',
        "timePoints: List[str]",
        ['{"timePoints": ["23:59", "00:00"]}'],
    )
    got = drawn(p)
    assert all(clock_time(t) for x in got for t in x["timePoints"])
    assert len({t for x in got for t in x["timePoints"]}) > 20
    broken = fn_problem(
        '2 <= timePoints.length <= 2 * 10^4\ntimePoints[i] is in the format "HH:MM".',
        "timePoints: List[str]",
        ['{"timePoints": ["24:00", "00:00"]}'],
    )
    assert "breaks the constraints" in why_not_read(broken)


ANAGRAM = (
    "1 <= s1.length <= 20\ns2.length == s1.length\n"
    "s1 and s2 contain only lowercase letters from the set {'a', 'b', 'c', 'd', 'e', 'f'}.\ns2 is an anagram of s1."
)


def test_an_anagram_is_drawn_as_a_shuffle():
    got = drawn(fn_problem(ANAGRAM, "s1: str, s2: str", ['{"s1": "ab", "s2": "ba"}']))
    assert all(sorted(x["s1"]) == sorted(x["s2"]) for x in got)
    assert any(x["s1"] != x["s2"] for x in got)
    broken = fn_problem(ANAGRAM, "s1: str, s2: str", ['{"s1": "ab", "s2": "bb"}'])
    assert "permutation" in why_not_read(broken)


PIVOT = "1 <= nums.length <= 10^5\n-10^6 <= nums[i] <= 10^6\npivot equals to an element of nums."


def test_a_value_of_the_list_is_put_in_it():
    got = drawn(fn_problem(PIVOT, "nums: List[int], pivot: int", ['{"nums": [9, 12, 5], "pivot": 9}']))
    assert all(x["pivot"] in x["nums"] for x in got)
    assert len({x["pivot"] for x in got}) > 5
    broken = fn_problem(PIVOT, "nums: List[int], pivot: int", ['{"nums": [9, 12, 5], "pivot": 10}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_each_list_unique_and_distinct_tuples():
    fences = "3 <= m, n <= 10^9\n1 <= hFences.length, vFences.length <= 600\n1 < hFences[i] < m\n1 < vFences[i] < n\n"
    p = fn_problem(
        fences + "hFences and vFences are unique.",
        "m: int, n: int, hFences: List[int], vFences: List[int]",
        ['{"m": 4, "n": 3, "hFences": [2, 3], "vFences": [2]}'],  # one value in both: each list's own
    )
    got = drawn(p)
    assert all(len(set(x[k])) == len(x[k]) for x in got for k in ("hFences", "vFences"))
    coords = (
        "2 <= m <= 10^5\n2 <= n <= 10^5\n0 <= coordinates.length <= 10^4\ncoordinates[i].length == 2\n"
        "0 <= coordinates[i][0] < m\n0 <= coordinates[i][1] < n\n"
        "It is guaranteed that coordinates contains pairwise distinct coordinates."
    )
    sig = "m: int, n: int, coordinates: List[List[int]]"
    got = drawn(fn_problem(coords, sig, ['{"m": 3, "n": 3, "coordinates": [[0, 0], [1, 1]]}']))
    assert all(len({tuple(c) for c in x["coordinates"]}) == len(x["coordinates"]) for x in got)
    broken = fn_problem(coords, sig, ['{"m": 3, "n": 3, "coordinates": [[0, 0], [0, 0]]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_names_for_positions_bound_those_positions():
    constraints = (
        "2 <= n == s.length <= 10^5\n1 <= queries.length <= 10^5\nqueries[i].length == 4\n"
        "a_i == queries[i][0], b_i == queries[i][1]\nc_i == queries[i][2], d_i == queries[i][3]\n"
        "0 <= a_i <= b_i < n / 2\nn / 2 <= c_i <= d_i < n\nn is even.\ns consists of only lowercase English letters."
    )
    sig = "s: str, queries: List[List[int]]"
    got = drawn(fn_problem(constraints, sig, ['{"s": "abcabc", "queries": [[1, 1, 3, 5], [0, 2, 5, 5]]}']))
    n = [len(x["s"]) for x in got]
    assert all(0 <= a <= b < k // 2 <= c <= d < k for x, k in zip(got, n) for a, b, c, d in x["queries"])
    broken = fn_problem(constraints, sig, ['{"s": "abcabc", "queries": [[2, 1, 3, 5]]}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_grid_summing_to_a_constant_is_drawn_so():
    constraints = "grid.length == grid[i].length == 3\n0 <= grid[i][j] <= 9\nSum of grid is equal to 9."
    sig = "grid: List[List[int]]"
    got = drawn(fn_problem(constraints, sig, ['{"grid": [[1, 1, 0], [1, 1, 1], [1, 2, 1]]}']))
    assert all(sum(map(sum, x["grid"])) == 9 and all(0 <= v <= 9 for r in x["grid"] for v in r) for x in got)
    assert len({str(x["grid"]) for x in got}) > 10
    broken = fn_problem(constraints, sig, ['{"grid": [[1, 1, 0], [1, 1, 1], [1, 2, 2]]}'])
    assert "breaks the constraints" in why_not_read(broken)


@pytest.mark.parametrize(
    "line, holds",
    [
        ("Sum of values is divisible by k.", lambda x: sum(x["values"]) % x["k"] == 0),
        ("The sum of values does not exceed 40.", lambda x: sum(x["values"]) <= 40),
    ],
)
def test_a_list_sum_is_drawn_so(line, holds):
    constraints = f"1 <= values.length <= 50\n0 <= values[i] <= 10^9\n1 <= k <= 10^9\n{line}"
    sig = "values: List[int], k: int"
    got = drawn(fn_problem(constraints, sig, ['{"values": [1, 8, 1, 4, 4], "k": 6}']))
    assert all(holds(x) and all(0 <= v <= 10**9 for v in x["values"]) for x in got)
    assert len({x["k"] for x in got}) > 5
    broken = fn_problem(constraints, sig, ['{"values": [1, 8, 1, 4, 41], "k": 6}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_a_sum_drawn_so_in_large_inputs_too():
    from microcoder_data.testgen.inputgen import generate_large_inputs
    from microcoder_data.testgen.inputspec import input_spec

    p = fn_problem(
        "1 <= nums.length <= 2 * 10^4\n0 <= nums[i] <= 2 * 10^4\nSum of nums does not exceed 2 * 10^4.",
        "nums: List[int]",
        ['{"nums": [1, 2, 2, 3]}'],
    )
    large = generate_large_inputs(input_spec(p), "fx/solve", 2, budget=20_000, max_chars=10**6)
    assert large and all(sum(json.loads(x)["nums"]) <= 2 * 10**4 for x in large)


TRANSACTIONS = (
    "1 <= transactions.length <= 1000\n"
    'Each transactions[i] takes the form "{name},{time},{amount},{city}"\n'
    "Each {name} and {city} consist of lowercase English letters, and have lengths between 1 and 10.\n"
    "Each {time} consist of digits, and represent an integer between 0 and 1000.\n"
    "Each {amount} consist of digits, and represent an integer between 0 and 2000."
)


def _transaction_holds(t: str) -> bool:
    name, time, amount, city = t.split(",")
    words = all(1 <= len(w) <= 10 and w.isalpha() and w.islower() for w in (name, city))
    return words and 0 <= int(time) <= 1000 and 0 <= int(amount) <= 2000


def test_a_template_is_drawn_field_by_field_and_checked():
    sig = "transactions: List[str]"
    got = drawn(fn_problem(TRANSACTIONS, sig, ['{"transactions": ["alice,20,800,mtv", "bob,50,1200,mtv"]}']))
    assert all(_transaction_holds(t) for x in got for t in x["transactions"])
    assert len({t.split(",")[1] for x in got for t in x["transactions"]}) > 10
    for bad in ("alice,20,800", "alice,20,2800,mtv", "Alice,20,800,mtv", "alice,20,800,mtv,x"):
        broken = fn_problem(TRANSACTIONS, sig, ['{"transactions": ["%s"]}' % bad])
        assert "breaks the constraints" in why_not_read(broken), bad


def test_a_template_whose_field_is_never_stated_refuses():
    unstated = "\n".join(TRANSACTIONS.splitlines()[:-1])  # {amount} never stated
    p = fn_problem(unstated, "transactions: List[str]", ['{"transactions": ["alice,20,800,mtv"]}'])
    assert "transactions" in why_not_read(p)  # no length for its strings: nothing drawn


def test_a_name_for_a_position_past_the_stated_length_refuses():
    constraints = (
        "1 <= queries.length <= 10^5\nqueries[i].length == 2\nx_i == queries[i][1]\ny_i == queries[i][2]\n"
        "1 <= x_i, y_i <= 10^9"
    )
    p = fn_problem(constraints, "queries: List[List[int]]", ['{"queries": [[1, 2]]}'])
    assert "y_i == queries[i][2]" in why_not_read(p)


def test_a_template_and_a_sum_survive_the_spec_file():
    from microcoder_data.testgen.spec_file import SpecFileError, node_dict, node_from
    from microcoder_data.testgen.spec_model import Node

    elem = Node("str", template="{int:0:5},{chars:ab:1:2}", alphabet=",0123456789ab", len_lo="3", len_hi="4")
    node = Node("list", elem=elem, total=("multiple", "k"), len_lo="1", len_hi="3")
    data = json.loads(json.dumps(node_dict(node)))
    assert node_from(data, "x") == node
    data["total"] = ["eval", "k"]
    with pytest.raises(SpecFileError, match="total"):
        node_from(data, "x")


DATES = "The given dates are valid dates between the years 1971 and 2100."


def test_valid_dates_as_three_integers():
    sig = "day: int, month: int, year: int"
    got = drawn(fn_problem(DATES, sig, ['{"day": 31, "month": 8, "year": 2019}']))
    assert all(valid_date(x["year"], x["month"], x["day"]) and 1971 <= x["year"] <= 2100 for x in got)
    assert len({x["month"] for x in got}) > 5
    broken = fn_problem(DATES, sig, ['{"day": 31, "month": 4, "year": 2019}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_valid_dates_as_strings():
    sig = "date1: str, date2: str"
    got = drawn(fn_problem(DATES, sig, ['{"date1": "2019-06-29", "date2": "2019-06-30"}']))
    for x in got:
        for d in (x["date1"], x["date2"]):
            year, month, day = map(int, d.split("-"))
            assert len(d) == 10 and valid_date(year, month, day) and 1971 <= year <= 2100
    assert len({x["date1"][:4] for x in got}) > 10
    for bad in ("2019-02-29", "1970-12-31", "2019-6-29"):
        broken = fn_problem(DATES, sig, ['{"date1": "%s", "date2": "2019-06-30"}' % bad])
        assert "breaks the constraints" in why_not_read(broken), bad


def test_no_value_twice_at_a_named_position():
    constraints = (
        "1 <= meetings.length <= 10^5\nmeetings[i].length == 2\n0 <= starti < endi <= 5 * 10^5\n"
        "All the values of starti are unique."
    )
    statement_alias = "You are given meetings where meetings[i] = [starti, endi].\n\n"
    sig = "meetings: List[List[int]]"
    p = fn_problem(constraints, sig, ['{"meetings": [[0, 10], [1, 5]]}'])
    p.statement = statement_alias + p.statement
    got = drawn(p)
    assert all(len({m[0] for m in x["meetings"]}) == len(x["meetings"]) for x in got)
    assert any(len(x["meetings"]) > 3 for x in got)
    broken = fn_problem(constraints, sig, ['{"meetings": [[0, 10], [0, 5]]}'])
    broken.statement = statement_alias + broken.statement
    assert "breaks the constraints" in why_not_read(broken)


def test_the_only_space_character_adds_the_space():
    constraints = (
        "0 <= s.length <= 300\ns consists of lowercase and uppercase English letters, digits, or one of the following "
        "characters \"!@#$%^&*()_+-=',.:\".\nThe only space character in s is ' '."
    )
    got = drawn(fn_problem(constraints, "s: str", ['{"s": "Hello, my name is John"}']))
    assert any(" " in x["s"] for x in got) and not any(set(x["s"]) & set("\t\n\r") for x in got)


def test_scalars_pairwise_distinct_are_checked():
    constraints = "3 <= n <= 10^5\n0 <= src1, src2, dest <= n - 1\nsrc1, src2, and dest are pairwise distinct."
    sig = "n: int, src1: int, src2: int, dest: int"
    got = drawn(fn_problem(constraints, sig, ['{"n": 6, "src1": 0, "src2": 1, "dest": 5}']))
    assert all(len({x["src1"], x["src2"], x["dest"]}) == 3 for x in got)
    broken = fn_problem(constraints, sig, ['{"n": 6, "src1": 0, "src2": 1, "dest": 0}'])
    assert "breaks the constraints" in why_not_read(broken)


def test_no_two_points_at_the_same_place_and_a_repeated_letter():
    stones = (
        "1 <= stones.length <= 1000\nstones[i].length == 2\n0 <= stones[i][0], stones[i][1] <= 3\n"
        "No two stones are at the same coordinate point."
    )
    got = drawn(fn_problem(stones, "stones: List[List[int]]", ['{"stones": [[0, 0], [0, 1]]}']))
    assert all(len({tuple(s) for s in x["stones"]}) == len(x["stones"]) for x in got)
    letters = "2 <= s.length <= 100\ns consists of lowercase English letters.\ns has at least one repeated letter."
    got = drawn(fn_problem(letters, "s: str", ['{"s": "abccbaacz"}']))
    assert all(len(set(x["s"])) < len(x["s"]) for x in got) and any(len(x["s"]) < 10 for x in got)
    assert "breaks the constraints" in why_not_read(fn_problem(letters, "s: str", ['{"s": "abc"}']))


def test_a_tuple_naming_some_positions_is_checked_on_those():
    constraints = (
        "2 <= n <= 100\n1 <= edges.length <= min(200, n * (n - 1) / 2)\nedges[i].length == 3\n0 <= ai < bi < n\n"
        "1 <= weighti <= 1000\nAll pairs (ai, bi) are distinct."
    )
    p = fn_problem(constraints, "n: int, edges: List[List[int]]", ['{"n": 3, "edges": [[0, 1, 1], [1, 2, 1]]}'])
    p.statement = "Given edges where edges[i] = [ai, bi, weighti].\n\n" + p.statement
    got = drawn(p)
    assert all(len({(a, b) for a, b, _ in x["edges"]}) == len(x["edges"]) for x in got)
    broken = fn_problem(constraints, "n: int, edges: List[List[int]]", ['{"n": 3, "edges": [[0, 1, 1], [0, 1, 2]]}'])
    broken.statement = "Given edges where edges[i] = [ai, bi, weighti].\n\n" + broken.statement
    assert "breaks the constraints" in why_not_read(broken)
