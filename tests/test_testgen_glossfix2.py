"""The second review of the gloss readings: each hole was read and drew inputs breaking its statement; each is now
refused (or enforced), and the plain wording beside it is still read and drawn so."""

from __future__ import annotations

import pytest

from test_testgen_prose_cfprosefix import _drawn, _refused  # one Codeforces-prose builder


# --- 3. two values named as a segment's ends, which the ranges do not order
_Q = "The first line contains two integers n and q (1 <= n, q <= 5). Each of the next q lines contains {}"


@pytest.mark.parametrize(
    "gloss",
    ["the borders of the i-th segment", "the borders of the query", "the query range", "the boundaries of the range"],
)
def test_unordered_segment_ends_refused(gloss: str) -> None:
    _refused(_Q.format(f"two integers l_i and r_i (1 <= l_i, r_i <= n) — {gloss}."), "3 1\n1 2\n")


@pytest.mark.parametrize("gloss", ["the borders of the query", "the query range"])
def test_ordered_segment_ends_read(gloss: str) -> None:
    for v in _drawn(_Q.format(f"two integers l_i and r_i (1 <= l_i <= r_i <= n) — {gloss}."), "3 1\n1 2\n"):
        assert all(l <= r <= v["n"] for l, r in zip(v["l"], v["r"]))


# --- 4. a count of the input's values the task picks or removes
_PICK = (
    "The first line contains two integers n and k (1 <= n, k <= 5) — the length of the array and {}. The second line"
    " contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 9)."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the number of numbers you need to choose",
        "the number of integers to remove",
        "the number of values you must select",
        "the number of chosen elements",
        "the number of elements Alice picks",
        "the number of elements that have to be removed",
        "the number of elements in the chosen subset",
        "the index of the number you need to delete",
    ],
)
def test_picked_count_refused(gloss: str) -> None:
    _refused(_PICK.format(gloss), "2 1\n1 2\n")


def test_plain_second_count_read() -> None:
    assert _drawn(_PICK.format("the number of queries"), "2 1\n1 2\n")


# --- 5. another input's elements named in a gloss part
_NAMED = (
    "The first line contains two integers n and q (1 <= n, q <= 5). The second line contains n integers a_1, a_2,"
    " ..., a_n (1 <= a_i <= 9). Each of the next q lines contains two integers x_i and y_i (1 <= x_i <= y_i <= 9) — {}."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the values a_1 and a_n",
        "the values of a_1 and a_n",
        "the values, which are a_1 and a_n",
        "copies of a_1 and a_n",
        "the values a_1 and a_n respectively",
        "the values a_i and a_j",
    ],
)
def test_other_inputs_elements_refused(gloss: str) -> None:
    _refused(_NAMED.format(gloss), "3 1\n1 2 3\n1 3\n")


def test_own_element_defined_read() -> None:
    section = (
        "The first line contains n (1 <= n <= 5). The second line contains n integers a_1, a_2, ..., a_n"
        " (1 <= a_i <= 9), where a_i is the height of the i-th tower."
    )
    assert _drawn(section, "2\n1 2\n")


# --- 6. a quantity the other inputs' values make
_BOTH = (
    "The first line contains two integers n and k (1 <= n, k <= 5) — {}. The second line contains n integers a_1,"
    " a_2, ..., a_n (1 <= a_i <= 9). The third line contains n integers b_1, b_2, ..., b_n (1 <= b_i <= 9)."
)


@pytest.mark.parametrize(
    "gloss",
    [
        "the sum of all elements",
        "the number of distinct values in array a",
        "the sum of a_i",
        "the number of inversions of the arrays",
    ],
)
def test_derived_quantity_refused(gloss: str) -> None:
    _refused(_BOTH.format(f"the size of the arrays and {gloss}"), "2 2\n1 2\n1 1\n")


def test_length_as_number_of_elements_read() -> None:
    got = _drawn(_BOTH.format("the number of elements in the array and the number of queries"), "2 2\n1 2\n1 1\n")
    assert all(len(v["a"]) == v["n"] for v in got)


# --- 7. another gloss gives an input as the hidden array
_HIDDEN = (
    "The first line contains two integers n and m (2 <= n <= 5, 2 <= m <= 10^9) — the length of the hidden array"
    " a_1, a_2, ..., a_n and the maximum absolute value of an element a_i. The second line contains n integers b_1,"
    " b_2, ..., b_n (|b_i| <= m * n){}."
)


@pytest.mark.parametrize(
    "gloss",
    [
        " — the array a",
        " — the values a_1, a_2, ..., a_n",
        " — the elements of the array Alice hid",
        " — the array that was hidden",
        " — the hidden elements",
    ],
)
def test_input_told_as_hidden_refused(gloss: str) -> None:
    _refused(_HIDDEN.format(gloss), "2 3\n1 -6\n")


def test_hidden_bound_without_leak_read() -> None:
    for v in _drawn(_HIDDEN.format(""), "2 3\n1 -6\n"):
        assert all(abs(x) <= v["m"] * v["n"] for x in v["b"])


# --- 8. a string's length stated twice, compared as the reader's lines
_T = (
    "The first line contains n (1 <= n <= 5). The second line contains a string T of length n consisting of"
    " lowercase Latin letters. {}"
)


@pytest.mark.parametrize(
    "said",
    ["It is guaranteed that the length of T is n + 1.", "It is guaranteed that the length of T is 3."],
)
def test_length_said_twice_refused(said: str) -> None:
    _refused(_T.format(said), "2\nab\n")


def test_length_said_once_read() -> None:
    assert all(len(v["T"]) == v["n"] for v in _drawn(_T.format(""), "2\nab\n"))


# --- 9. the letters "of all" strings: within each or across them, not said
def test_letters_of_all_strings_refused() -> None:
    section = (
        "The first line contains n (1 <= n <= 3). Each of the next n lines contains a string s_i of length 3"
        " consisting of lowercase Latin letters. It is guaranteed that all letters of all s_i are distinct."
    )
    _refused(section, "2\nabc\ndef\n")


# --- 10. a scalar glossed as the length of inputs the format gives another length
@pytest.mark.parametrize(
    "section,test",
    [
        (
            "The first line contains an integer n (1 <= n <= 5) — the length of both strings. The second line contains"
            " a string a (1 <= |a| <= 5) consisting of lowercase Latin letters. The third line contains a string b"
            " (1 <= |b| <= 5) consisting of lowercase Latin letters.",
            "2\nab\ncd\n",
        ),
        (
            "The first line contains an integer n (1 <= n <= 5) — the length of the string. The second line contains"
            " a string a (1 <= |a| <= 5) consisting of lowercase Latin letters.",
            "2\nab\n",
        ),
        (
            "The first line contains an integer n (1 <= n <= 5) — the size of both arrays. The second line contains 5"
            " integers a_1, ..., a_5 (1 <= a_i <= 9). The third line contains 5 integers b_1, ..., b_5 (1 <= b_i <= 9).",
            "5\n1 2 3 4 5\n1 2 3 4 5\n",
        ),
        (
            "The first line contains an integer n (1 <= n <= 5) — the length of every string. The next 2 lines each"
            " contain a string s_i (1 <= |s_i| <= 5) consisting of lowercase Latin letters.",
            "2\nab\ncd\n",
        ),
        (
            "The first line contains two integers n and m (1 <= n, m <= 5) — the length of both strings and the number"
            " of queries. The second line contains a string a of length m consisting of lowercase Latin letters. The"
            " third line contains a string b of length m consisting of lowercase Latin letters.",
            "2 2\nab\ncd\n",
        ),
    ],
)
def test_length_gloss_unmatched_refused(section: str, test: str) -> None:
    _refused(section, test)


def test_length_gloss_matched_read() -> None:
    section = (
        "The first line contains an integer n (1 <= n <= 5) — the length of both strings. The second line contains a"
        " string a of length n consisting of lowercase Latin letters. The third line contains a string b of length n"
        " consisting of lowercase Latin letters."
    )
    for v in _drawn(section, "2\nab\ncd\n"):
        assert len(v["a"]) == len(v["b"]) == v["n"]
    arrays = (
        "The first line contains an integer n (1 <= n <= 5) — the size of the array. The second line contains n"
        " integers a_1, ..., a_n (1 <= a_i <= 9)."
    )
    assert all(len(v["a"]) == v["n"] for v in _drawn(arrays, "2\n1 2\n"))
