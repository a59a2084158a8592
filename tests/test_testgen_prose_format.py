"""Generated tests for stdin problems whose input is stated in prose, as Codeforces,
CodeContests, TACO and APPS state it (microcoder_data/testgen/prose_format.py): several
test cases, ranges inline, totals over the test cases -- read, checked on every existing
input, kept by every drawn input; anything else refused with the sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, parse, stdin_spec
from microcoder_data.verify import VerifyStep
from microcoder_eval.judge import Judge
from microcoder_eval.types import TestCase

STATEMENT = """Mira paints a fence of n planks; some are dark (D) and some light (L). With one stroke she
makes k neighbouring planks light. Each plank also has a price a_i. Print the fewest strokes.

### Input

The first line contains a single integer t (1 <= t <= 500) — the number of test cases. The description of the test cases follows.

The first line of each test case contains two integers n and k (1 <= k <= n <= 3 * 10^4) — the number of planks and the stroke's width.

The second line of each test case contains n integers a_1, a_2, ..., a_n (0 <= a_i <= 99) — the prices.

The third line of each test case contains a string s of length n consisting of characters D (a dark plank) and L (a light one).

It is guaranteed that the sum of n over all test cases does not exceed 60.

### Output

For each test case, print the fewest strokes.

### Sample Input 1

2
3 2
5 0 7
DLD
1 1
4
L

### Sample Output 1

2
0
"""
REF = """t = int(input())
for _ in range(t):
    n, k = map(int, input().split())
    input()
    s = input()
    i = strokes = 0
    while i < n:
        if s[i] == 'D':
            strokes += 1
            i += k
        else:
            i += 1
    print(strokes)
"""
BUG = REF.replace("i += k", "i += k if k > 1 else 2")  # wrong only when k == 1 and two dark planks touch
TESTS = [TestCase("2\n3 2\n5 0 7\nDLD\n1 1\n4\nL\n", "2\n0\n"), TestCase("1\n4 4\n1 2 3 4\nLDLL\n", "1\n")]


def problem(statement: str = STATEMENT, tests: list[TestCase] = TESTS) -> Problem:
    return Problem(
        id="cf/fence",
        source="cf",
        title="Fence",
        statement=statement,
        mode="stdin",
        tests=list(tests),
        reference_solutions=[REF],
    )


def _keeps_the_statement(text: str, sum_limit: int = 60) -> None:
    lines = text.rstrip("\n").split("\n")
    t = int(lines[0])
    assert 1 <= t <= 500 and len(lines) == 1 + 3 * t
    total = 0
    for c in range(t):
        n, k = map(int, lines[1 + 3 * c].split())
        a = list(map(int, lines[2 + 3 * c].split()))
        s = lines[3 + 3 * c]
        assert 1 <= k <= n <= 3 * 10**4 and len(a) == n and all(0 <= x <= 99 for x in a)
        assert len(s) == n and set(s) <= {"D", "L"}
        total += n
    assert total <= sum_limit


def test_test_cases_inline_ranges_and_the_total_are_read_and_every_drawn_input_keeps_them():
    s = stdin_spec(problem())
    assert isinstance(s, StdinSpec), s.reason
    assert [(r.kind, r.names, r.count) for r in s.rows] == [("scalars", ["t"], None), ("cases", ["cases"], "t")]
    assert [(r.kind, r.names, r.count) for r in s.rows[1].inner] == [
        ("scalars", ["n", "k"], None),
        ("list", ["a"], "n"),
        ("scalars", ["s"], None),
    ]
    t, case = s.spec.nodes["t"], s.spec.nodes["cases"].elem
    assert (t.lo, t.hi) == ("1", "500")
    n, k, a, text = case.items
    assert (n.lo, n.hi, k.lo, k.hi) == ("1", "3 * 10**4", "1", "cases__0")  # k <= n: the case's own n
    assert (a.len_lo, a.elem.lo, a.elem.hi) == ("cases__0", "0", "99") and (text.kind, text.alphabet) == ("str", "DL")
    assert s.spec.checks == ["sum(case[0] for case in cases) <= 60"]
    assert json.loads(args_json(s, TESTS[0].input)) == {"t": 2, "cases": [[3, 2, [5, 0, 7], "DLD"], [1, 1, [4], "L"]]}
    drawn = [s.render(json.loads(x)) for x in generate_inputs(s.spec, "cf/fence", 30)]
    assert len(drawn) == 30 and drawn == [s.render(json.loads(x)) for x in generate_inputs(s.spec, "cf/fence", 30)]
    assert any(int(x.split("\n")[0]) > 1 for x in drawn)  # several test cases per input, not just one
    for x in drawn:
        _keeps_the_statement(x)
        assert parse(s.rows, x)["cases"]  # and it reads back under the format


def test_large_inputs_fill_the_total_over_the_test_cases_and_never_pass_it():
    statement = STATEMENT.replace("does not exceed 60", "does not exceed 2 * 10^4")
    s = stdin_spec(problem(statement))
    assert isinstance(s, StdinSpec), s.reason
    large = [
        s.render(json.loads(x)) for x in generate_large_inputs(s.spec, "cf/fence", 4, budget=20_000, max_chars=10**6)
    ]
    assert large, "no large input drawn"
    for x in large:
        _keeps_the_statement(x, 2 * 10**4)
    totals = [sum(int(line.split()[0]) for line in x.split("\n")[1::3] if line) for x in large]
    assert max(totals) > 10_000  # near the stated total: a slow program runs out of time


def test_one_input_with_no_test_cases_and_a_range_the_story_states_are_read():
    statement = """You are given a number k (2 <= k <= 5) and n integers a_1, ..., a_n. Print how many are divisible by k.

### Input

The first line contains two integers n and k (1 <= n <= 100, 1 <= k <= 9).

The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 10^9).

### Output

Print one integer.
"""
    s = stdin_spec(problem(statement, [TestCase("3 2\n1 2 4\n", "2\n"), TestCase("1 5\n5\n", "1\n")]))
    assert isinstance(s, StdinSpec), s.reason
    assert [(r.kind, r.names, r.count) for r in s.rows] == [("scalars", ["n", "k"], None), ("list", ["a"], "n")]
    for x in generate_inputs(s.spec, "cf/div", 40):
        args = json.loads(x)
        assert 2 <= args["k"] <= 5 and len(args["a"]) == args["n"] <= 100  # the story's narrower range wins


@pytest.mark.parametrize(
    "change, why",
    [
        (("It is guaranteed that the sum", "It is guaranteed that all a_i are prime. The sum"), "not understood"),
        (("Mira paints a fence", "You are given a permutation. Mira paints a fence"), "permutation"),
        (("does not exceed 60", "does not exceed 3"), "breaks the constraints"),  # the tests' total is 4, then 4
        (("The third line of each", "The fourth line of each"), "not the next one"),
        (("contains n integers a_1, a_2, ..., a_n", "contains m integers a_1, a_2, ..., a_m"), "length of a list"),
        (("a single integer t (1 <= t <= 500)", "a single integer t"), "number of test cases"),
        (("(0 <= a_i <= 99) — the prices", "— the prices"), "no range stated"),
        (("consisting of characters D (a dark plank) and L (a light one)", "describing the planks"), "not understood"),
        (("### Input", "### Story"), "no input format"),
        (("— the prices.", "— the prices, each an even number."), "not understood"),  # a promise in a gloss
        (("the stroke's width.", "the stroke's width, a power of two."), "not understood"),
        (
            ("The first line contains a single integer t (1 <= t <= 500) — the number of test cases. ", ""),
            "no count of test cases",
        ),
        (("The second line of each", "The only line of each"), "the only line"),
        (
            ("contains a string s of length n consisting", "contains a string s of length m consisting"),
            "length of a string",
        ),
        (("consisting of characters D (a dark plank) and L (a light one)", ""), "characters of a string"),
        (("the sum of n over", "the sum of 2^n over"), "total over the test cases"),  # n^2 is read: n * n
        (("Mira paints a fence of n planks;", "Mira paints a fence of n planks, and n is even;"), "'n is even'"),
    ],
)
def test_what_the_prose_reader_cannot_read_or_enforce_refuses_generation(change, why):
    assert change[0] in STATEMENT
    s = stdin_spec(problem(STATEMENT.replace(*change)))
    assert isinstance(s, NoSpec) and why in s.reason, s


def test_an_existing_input_with_fewer_test_cases_than_its_count_refuses_generation():
    s = stdin_spec(problem(tests=[TestCase("3\n3 2\n5 0 7\nDLD\n1 1\n4\nL\n", "1\n0\n")]))
    assert isinstance(s, NoSpec) and "fewer lines" in s.reason


def test_verify_adds_prose_stdin_tests_that_reject_a_bug():
    with Judge(workers=2) as judge:
        got = list(VerifyStep(VerifyConfig(augment_tests_to=12, strength_mutants=0)).run_with([problem()], judge))[0]
        assert isinstance(got, Problem), getattr(got, "reason", "")
        assert got.provenance["verify"]["generation"]["spec"] == "stdin format and constraints"
        assert judge.judge(got.judge_task(), REF).passed
        assert judge.judge(problem().judge_task(), BUG).passed  # the two upstream tests let it through
        assert not judge.judge(got.judge_task(), BUG).passed
        for t in got.tests:
            _keeps_the_statement(t.input)


LCB = Path(__file__).resolve().parents[2] / "shared" / "data" / "livecodebench" / "lcb_public.jsonl"


@pytest.mark.skipif(not LCB.exists(), reason="../shared/data/livecodebench is absent")
def test_livecodebench_codeforces_problems_get_a_spec_their_tests_and_drawn_inputs_keep():
    from microcoder_data.collect import collect
    from microcoder_data.process.clean import clean_text
    from microcoder_data.process.normalize import normalize_layout

    read = {}
    for p in collect([f"livecodebench:{LCB}"]):
        if isinstance(p, Problem) and p.id.split("/")[-1] in ("1873_D", "1883_C", "1899_D"):
            p.statement = normalize_layout(clean_text(p.statement)[0])
            read[p.id.split("/")[-1]] = (p, stdin_spec(p))
    assert sorted(read) == ["1873_D", "1883_C", "1899_D"]
    for q, (p, s) in read.items():
        assert isinstance(s, StdinSpec), (q, s.reason)
        assert s.spec.nodes["t"].hi in ("1000", "10**4") and s.spec.checks == [
            "sum(case[0] for case in cases) <= 2 * 10**5"
        ]
        for x in generate_inputs(s.spec, p.id, 10):
            args = json.loads(x)
            assert args["t"] == len(args["cases"]) and all(len(c[-1]) == c[0] for c in args["cases"])


def test_more_ways_codeforces_words_the_same_lines_are_read_alike():
    statement = """Count the pairs.

### Input

The first line contains an integer t (1 <= t <= 50) — the number of testcases. Then follows the description of the testcases.

The first and only line of each testcase contains two integers, n and m (1 <= m <= n <= 8), then the next line a binary string w of length n.
"""
    cases = [TestCase("1\n3 2\n\n", "0\n")]
    assert isinstance(stdin_spec(problem(statement, cases)), NoSpec)  # two lines in one sentence: not read
    statement = """Count the pairs.

### Input

The first line contains an integer t (1 <= t <= 50) — the number of testcases. Then follows the description of the testcases.

The first line of each testcase contains two integers, n and m (1 <= m <= n <= 8), where n is the length of w.

The second line of each testcase contains a binary string w of length n.

The third line of each testcase contains m integers b_1, ..., b_m (0 <= b_i < n), where b_i is a position in w.
"""
    s = stdin_spec(problem(statement, [TestCase("2\n3 2\n010\n0 2\n1 1\n1\n0\n", "1\n0\n")]))
    assert isinstance(s, StdinSpec), s.reason
    n, m, w, b = s.spec.nodes["cases"].elem.items
    assert (m.hi, w.alphabet, w.len_lo, b.len_lo, b.elem.hi) == (
        "cases__0",
        "01",
        "cases__0",
        "cases__1",
        "cases__0 - 1",
    )
    for x in generate_inputs(s.spec, "cf/pairs", 20):
        for cn, cm, cw, cb in json.loads(x)["cases"]:
            assert 1 <= cm <= cn <= 8 and len(cw) == cn and set(cw) <= {"0", "1"}
            assert len(cb) == cm and all(0 <= v < cn for v in cb)


APPS_STYLE = """Answer each query.

-----Input-----

The first line contains three integers n, q and k (1 <= n, q <= 50; 1 <= k <= n) — the sizes.

The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 10^9) that give the heights.

Each of the next q lines contains two integers l_i and r_i (1 <= l_i <= r_i <= n) — a query.

-----Output-----

For each query print the answer.

-----Example-----
Input
3 2 1
5 6 7
1 2
2 3

Output
5
6
"""


def test_a_block_of_lines_and_apps_headings_are_read_and_every_drawn_input_keeps_them():
    s = stdin_spec(problem(APPS_STYLE, [TestCase("3 2 1\n5 6 7\n1 2\n2 3\n", "5\n6\n")]))
    assert isinstance(s, StdinSpec), s.reason
    assert [(r.kind, r.names, r.count) for r in s.rows] == [
        ("scalars", ["n", "q", "k"], None),
        ("list", ["a"], "n"),
        ("block", ["l", "r"], "q"),
    ]
    nodes = s.spec.nodes
    assert (nodes["q"].hi, nodes["k"].hi, nodes["l"].elem.hi, nodes["r"].elem.hi) == ("50", "n", "r[_i]", "n")
    for x in generate_inputs(s.spec, "apps/queries", 30):
        v = json.loads(x)
        assert 1 <= v["k"] <= v["n"] <= 50 and len(v["a"]) == v["n"] and len(v["l"]) == len(v["r"]) == v["q"]
        assert all(1 <= lo <= hi <= v["n"] for lo, hi in zip(v["l"], v["r"]))


@pytest.mark.parametrize(
    "change",
    [
        (
            "Each of the next q lines contains two integers l_i and r_i (1 <= l_i <= r_i <= n)",
            "Each of the next q lines contains two integers l and r (1 <= l <= r <= n)",
        ),
        ("Each of the next q lines contains", "Then follow q lines, each with"),
        ("Each of the next q lines contains", "The following q lines each contain"),
    ],
)
def test_other_wordings_of_a_block_and_its_plain_names_are_read_alike(change):
    """``two integers l and r (1 <= l <= r <= n)`` of each line: the range holds of every line's pair."""
    s = stdin_spec(problem(APPS_STYLE.replace(*change), [TestCase("3 2 1\n5 6 7\n1 2\n2 3\n", "5\n6\n")]))
    assert isinstance(s, StdinSpec), s.reason
    assert [(r.kind, r.names, r.count) for r in s.rows][-1] == ("block", ["l", "r"], "q")
    for x in generate_inputs(s.spec, "apps/queries", 30):
        v = json.loads(x)
        assert len(v["l"]) == len(v["r"]) == v["q"] and all(1 <= lo <= hi <= v["n"] for lo, hi in zip(v["l"], v["r"]))
    broken = problem(APPS_STYLE.replace(*change), [TestCase("3 2 1\n5 6 7\n2 1\n2 3\n", "5\n6\n")])
    assert "breaks the constraints" in stdin_spec(broken).reason


@pytest.mark.parametrize(
    "change, why",
    [
        (("Each of the next q lines contains", "Each of the next m lines contains"), "block of lines"),
        (("two integers l_i and r_i", "two integers l_j and r_j"), "block of lines"),
        (("Each of the next q lines contains", "Then q lines follow. The q lines hold"), "not understood"),
        (
            (
                "Each of the next q lines contains two integers l_i and r_i (1 <= l_i <= r_i <= n) — a query.",
                "Then q lines follow.",
            ),
            "lines it does not describe",
        ),
        (("n integers a_1, a_2, ..., a_n (1 <= a_i <= 10^9) that give", "n - 1 integers that give"), "not understood"),
        (("— a query.", "— a query.\n\nThe third line contains one integer z (1 <= z <= 5)."), "after a block"),
    ],
)
def test_a_block_the_reader_cannot_place_refuses_generation(change, why):
    assert change[0] in APPS_STYLE
    s = stdin_spec(problem(APPS_STYLE.replace(*change), [TestCase("3 2 1\n5 6 7\n1 2\n2 3\n", "5\n6\n")]))
    assert isinstance(s, NoSpec) and why in s.reason, s


def test_per_name_ranges_and_other_wordings_of_the_count_are_read():
    statement = """Sum up.

### Input

The first line contains an integer t, the number of test cases (1 <= t <= 20). Then t cases follow.

The first line of each test case contains two positive integers n (1 <= n <= 6) and k (2 <= k <= 9), representing the sizes.

The second line of each test case contains exactly n space separated integers a_i (1 <= a_i <= k).
"""
    s = stdin_spec(problem(statement, [TestCase("2\n2 3\n1 3\n1 2\n2\n", "4\n2\n")]))
    assert isinstance(s, StdinSpec), s.reason
    n, k, a = s.spec.nodes["cases"].elem.items
    assert (s.spec.nodes["t"].hi, n.hi, k.lo, k.hi, a.elem.hi) == ("20", "6", "2", "9", "cases__1")
    for x in generate_inputs(s.spec, "cf/sum", 20):
        v = json.loads(x)
        assert 1 <= v["t"] == len(v["cases"]) <= 20
        assert all(len(ca) == cn <= 6 and all(1 <= e <= ck for e in ca) for cn, ck, ca in v["cases"])


@pytest.mark.parametrize(
    "change",
    [
        (
            "The first line contains a single integer t (1 <= t <= 500) — the number of test cases.",
            "The first line of the input contains single integer t (1 <= t <= 500), the number of test cases.",
        ),
        ("The description of the test cases follows.", "This is followed by a description of test cases."),
        (
            "The description of the test cases follows.",
            "The following lines contain the descriptions of the test cases.",
        ),
        ("The first line of each test case contains", "The first line of the description of each test case contains"),
        ("It is guaranteed that the sum of n", "It's guaranteed that the sum of the values of n"),
        ("It is guaranteed that the sum of n", "Additional constraint on the input: the sum of n"),
    ],
)
def test_more_wordings_of_the_count_the_cases_and_the_total_are_read_alike(change):
    assert change[0] in STATEMENT
    s = stdin_spec(problem(STATEMENT.replace(*change)))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/fence", 20):
        _keeps_the_statement(s.render(json.loads(x)))


def test_each_test_case_contains_a_string_is_its_only_line():
    statement = """Flip it.

### Input

The first line contains a single integer t (1 <= t <= 100) — the number of test cases.

Each test case contains a binary string s (1 <= |s| <= 20).
"""
    s = stdin_spec(problem(statement, [TestCase("2\n0110\n1\n", "1\n0\n")]))
    assert isinstance(s, StdinSpec), s.reason
    for x in generate_inputs(s.spec, "cf/flip", 20):
        lines = s.render(json.loads(x)).rstrip("\n").split("\n")
        assert int(lines[0]) == len(lines) - 1 and all(1 <= len(w) <= 20 and set(w) <= {"0", "1"} for w in lines[1:])
    after = statement + "\nThe second line of each test case contains an integer k (1 <= k <= 5).\n"
    assert isinstance(stdin_spec(problem(after, [TestCase("1\n01\n2\n", "1\n")])), NoSpec)  # not its only line


PERMUTATION = """Sort it.

### Input

The first line contains a single integer t (1 <= t <= 100) — the number of test cases.

The first line of each test case contains a single integer n (1 <= n <= 20) — the length of the permutation.

The second line of each test case contains n integers p_1, p_2, ..., p_n (1 <= p_i <= n) — the permutation p.
"""


def test_a_list_its_gloss_calls_the_permutation_is_drawn_a_permutation():
    s = stdin_spec(problem(PERMUTATION, [TestCase("2\n3\n2 3 1\n1\n1\n", "1\n0\n")]))
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/perm", 30)]
    assert len(got) >= 10
    assert all(sorted(p) == list(range(1, n + 1)) for v in got for n, p in v["cases"])
    assert any(n > 3 for v in got for n, _ in v["cases"])
    repeated = problem(PERMUTATION, [TestCase("1\n3\n2 2 1\n", "1\n")])
    assert "breaks the constraints" in stdin_spec(repeated).reason


@pytest.mark.parametrize(
    "change",
    [
        ("(1 <= p_i <= n) — the permutation p.", "(1 <= p_i <= 10^9) — the permutation p."),  # no range of 1..n
        ("Sort it.", "Sort it. You are also given a tree."),  # another structure the story speaks of
        (
            "— the permutation p.",
            "— the permutation p.\n\nThe third line of each test case contains n integers b_1, b_2, ..., b_n (1 <= b_i <= n).",
        ),  # two lists: which one the story's permutation is, unsaid
    ],
)
def test_a_permutation_the_reader_cannot_place_refuses_generation(change):
    assert change[0] in PERMUTATION
    s = stdin_spec(problem(PERMUTATION.replace(*change), [TestCase("1\n3\n2 3 1\n3 3 3\n", "1\n")]))
    assert isinstance(s, NoSpec), s
