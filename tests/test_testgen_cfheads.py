"""How a prose Input section introduces a line or a block of lines, and where a line's gloss starts
(prose_format, prose_heads): each wording read is drawn and checked as its line says; a wording that says
more, or leaves a length or an alphabet unstated, is still refused."""

from __future__ import annotations

import json

import pytest

from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec
from microcoder_eval.types import TestCase

STORY = "You are given some values. Find the answer."
CASES = "The first line contains a single integer t (1 <= t <= 100) — the number of test cases.\n\n"


def _spec(section: str, test: str):
    statement = f"{STORY}\n\nInput\n\n{section}\n\nOutput\n\nPrint the answer."
    problem = Problem(
        id="cf/heads", source="cf", title="t", statement=statement, mode="stdin", tests=[TestCase(test, "0\n")]
    )
    return stdin_spec(problem)


def _drawn(section: str, test: str) -> list[dict]:
    s = _spec(section, test)
    assert isinstance(s, StdinSpec), s.reason
    got = [json.loads(x) for x in generate_inputs(s.spec, "cf/heads", 25)]
    assert len(got) >= 5
    return got


def _refusal(section: str, test: str):
    s = _spec(section, test)
    assert not isinstance(s, StdinSpec), section
    return s.refusal


# heads read before this change too: kept read (a later edit must not lose them)
HEADS = [
    (
        CASES + "A single line of each test case contains two integers a and b (1 <= a, b <= 9) — the number of"
        " coins and the number of cards.",
        "1\n1 1\n",
    ),
    ("The first and only line contains the integers k (1 <= k <= 9) — the number of levels.", "1\n"),
    (
        CASES + "The first line of each test case contains a single integer n (1 <= n <= 9) — the number of circles."
        "\n\nThe final line contains four integers a, b, c, d (1 <= a, b, c, d <= 9) — the coordinates of the"
        " starting point and the goal, respectively.",
        "1\n1\n1 1 1 1\n",
    ),
    (
        CASES + "The first line of each test case contains two integers n and q (1 <= n, q <= 9).\n\nThe second line"
        " of each test case contains n integers b_1, ..., b_n (1 <= b_i <= 9).\n\nIn the third line of each test"
        " case, you are given q integers a_1, a_2, ..., a_q (1 <= a_i <= 9) — the cell numbers of the queries.",
        "1\n1 1\n1\n1\n",
    ),
    (
        CASES + "The first line of each test case consists of three integers n, m, k (1 <= n, m, k <= 9), the number"
        " of diary entries, the number of pints, and the duration.",
        "1\n1 1 1\n",
    ),
    (
        CASES + "The first line of each test case contains an integer n (1 <= n <= 9).\n\nThe second line of the"
        " description contains n space-separated integers a_i (1 <= a_i <= 9) — lengths of the segments.",
        "1\n1\n1\n",
    ),
    (
        CASES + "The first line of the test case description contains the integers n, m, and k (1 <= k <= n <= 9,"
        " 1 <= m <= 9) — the field size and the number of ticks.",
        "1\n1 1 1\n",
    ),
    (
        CASES + "The first line of each test case consists of three integers n, d, k (1 <= n <= 9, 1 <= d, k <= n)"
        " — the number of days, the duration, and the number of jobs.\n\nThen follow k lines of each test case,"
        " each with two integers l_i and r_i (1 <= l_i <= r_i <= n) — the days of each job.",
        "1\n1 1 1\n1 1\n",
    ),
    (
        CASES + "The first line of each test case contains two integers n and q (1 <= n, q <= 9).\n\nThe i-th of the"
        " following q lines contains two integers l_i and r_i (1 <= l_i <= r_i <= n) — the boundaries of the"
        " segment.",
        "1\n1 1\n1 1\n",
    ),
]


@pytest.mark.parametrize("section,test", HEADS)
def test_heads_read(section: str, test: str) -> None:
    for drawn in _drawn(section, test):
        values = [v for case in drawn.get("cases", [list(drawn.values())]) for v in case]
        flat = [x for v in values for x in (v if isinstance(v, list) else [v])]
        assert all(isinstance(x, int) and 1 <= x <= 9 for x in flat), drawn


def test_heads_ranges_kept() -> None:
    """ "The i-th of the following q lines" and "Then follow k lines ... each with": l_i <= r_i <= n kept."""
    for section, _ in HEADS[-2:]:
        for drawn in _drawn(section, _):
            for case in drawn["cases"]:
                n, lists = case[0], [v for v in case if isinstance(v, list)]
                assert all(lo <= hi <= n for lo, hi in zip(*lists)), case


FIRST = "The first line of each test case contains two integers n and q (1 <= n, q <= 20)"


@pytest.mark.parametrize("dash", [" —", " –", " -", ","])
def test_gloss_separators(dash: str) -> None:
    """An en dash, a spaced hyphen and a comma before "the number of" open a gloss as an em dash does."""
    section = CASES + f"{FIRST}{dash} the number of rows and the number of queries."
    assert all(1 <= n <= 20 and 1 <= q <= 20 for d in _drawn(section, "1\n1 1\n") for n, q in d["cases"])


# a gloss after any separator is read for what it says: one that says more is refused
SAYS_MORE = [
    " – the distinct values.",
    " - the values in sorted order.",
    ", the number of rows, which is even.",
    " — the number of rows and the number of queries, respectively, both odd.",
    " – the number of rows and the number of distinct queries, all of them even.",
]


@pytest.mark.parametrize("gloss", SAYS_MORE)
def test_gloss_separators_still_read(gloss: str) -> None:
    _refusal(CASES + FIRST + gloss, "1\n1 1\n")


LENGTH = "The first line contains an integer n (1 <= n <= 5) — the length of the array."
ELEMENTS = "The second line consists of space-separated elements of the array a_i (-10^9 <= a_i <= 10^9)."


def test_elements_of_the_array() -> None:
    """ "space-separated elements of the array a_i": as many as the value glossed as the array's length."""
    for drawn in _drawn(f"{LENGTH}\n\n{ELEMENTS}", "1\n1\n"):
        assert len(drawn["a"]) == drawn["n"] and all(-(10**9) <= x <= 10**9 for x in drawn["a"])
    assert isinstance(_spec(f"{LENGTH}\n\n{ELEMENTS}", "2\n1 -5\n"), StdinSpec)
    assert _refusal(f"{LENGTH}\n\n{ELEMENTS}", "2\n1\n").kind.startswith("examples_break")  # one value, n = 2


@pytest.mark.parametrize(
    "first",
    [
        "The first line contains an integer n (1 <= n <= 5).",  # no length said
        "The first line contains an integer n (1 <= n <= 5) — the length of the array b.",  # another array's
        "The first line contains two integers n and m (1 <= n, m <= 5) — the length of the array and the length of"
        " the array.",  # two lengths: which is not told
        f"{LENGTH}\n\nThe second line contains n integers b_1, ..., b_n (1 <= b_i <= 9).",  # a list read before
    ],
)
def test_elements_of_the_array_length_unknown(first: str) -> None:
    second = ELEMENTS.replace("The second", "The third") if "b_1" in first else ELEMENTS
    _refusal(f"{first}\n\n{second}", "1\n1\n1\n")


def test_elements_of_the_array_gloss_read() -> None:
    _refusal(f"{LENGTH}\n\n{ELEMENTS[:-1]} — the distinct values.", "1\n1\n")


QUERIES = "The first line contains integers n and q (1 <= n, q <= 5).\n\n"
ITH = "The second line contains q integers, where the i-th integer is the value of k for the i-th query"


def test_ith_integer_is_the_value_of() -> None:
    """ "q integers, where the i-th integer is the value of k for the i-th query (0 <= k <= 10^9)": a list of q."""
    section = f"{QUERIES}{ITH} (0 <= k <= 10^9)."
    for drawn in _drawn(section, "1 1\n0\n"):
        assert len(drawn["k"]) == drawn["q"] and all(0 <= x <= 10**9 for x in drawn["k"])
    assert _refusal(section, "1 1\n-1\n").kind == "examples_break_reading"


@pytest.mark.parametrize(
    "section",
    [
        "The first line contains integers n, q and k (1 <= n, q, k <= 5).\n\n" + ITH + " (0 <= k <= 10^9).",  # k read
        QUERIES + ITH + " (0 <= x <= 10^9).",  # its range names another value
        QUERIES + ITH + " (1 <= k <= n) — the pairwise distinct values.",  # a gloss saying more
    ],
)
def test_ith_integer_refused(section: str) -> None:
    _refusal(section, "1 1 1\n1\n")


CASE = CASES + "The first line of each test case contains two integers n and m (1 <= n, m <= 5).\n\n"


@pytest.mark.parametrize(
    "row,letters",
    [
        ("Each of the next m lines contains a character c_i and an integer k_i (c_i in {U, D, L, R}, 1 <= k_i <= n)", "UDLR"),
        ("Then m lines follow, the i-th line containing a character c and an integer k (c=L or R, 1 <= k <= n) — the"
         " type of the i-th operation and the selected index", "LR"),
        ("Each of the next m lines contains an integer k_i and a letter c_i (1 <= k_i <= n, c_i = A or B)", "AB"),
    ],
)  # fmt: skip
def test_block_of_characters_and_integers(row: str, letters: str) -> None:
    """A block's row of one character and one integer: each character of the stated alphabet, drawn and checked."""
    first = letters[0]
    test = f"1\n1 1\n{first} 1\n" if "and an integer" in row else f"1\n1 1\n1 {first}\n"
    seen = set()
    for drawn in _drawn(CASE + row + ".", test):
        for n, m, *cols in drawn["cases"]:
            chars, ints = (cols[0], cols[1]) if isinstance(cols[0][0], str) else (cols[1], cols[0])
            assert len(chars) == len(ints) == m and all(1 <= k <= n for k in ints)
            assert all(len(c) == 1 and c in letters for c in chars), chars
            seen |= set(chars)
    assert len(seen) > 1  # the whole alphabet is drawn, not its first letter only
    bad = test.replace(f"{first} ", "X ").replace(f" {first}\n", " X\n")
    assert _refusal(CASE + row + ".", bad).kind == "examples_break_reading"
    two = test.replace(f"{first} ", f"{first}{first} ").replace(f" {first}\n", f" {first}{first}\n")
    assert _refusal(CASE + row + ".", two).kind == "examples_break_reading"


@pytest.mark.parametrize(
    "row,kind",
    [
        ("a character c_i and an integer k_i (1 <= k_i <= n)", "no_range"),  # no alphabet
        ("a character c_i and an integer k_i (c_i in {UP, DOWN}, 1 <= k_i <= n)", "no_range"),  # no single character
        ("a character c_j and an integer k_j", None),  # nothing of either
        ("a character c_i and an integer k_i (c_i in {U, D}, 1 <= k_i <= n) — the direction and the distinct"
         " steps", None),  # a gloss saying more
    ],
)  # fmt: skip
def test_block_of_characters_refused(row: str, kind: str | None) -> None:
    refusal = _refusal(CASE + f"Each of the next m lines contains {row}.", "1\n1 1\nU 1\n")
    assert kind is None or refusal.kind == kind
