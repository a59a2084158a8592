"""How often a value occurs, said the other ways statements say it (issue 37), registry entries of
``line_readings.READINGS``: (name, the phrasings it reads -- its examples, which
tests/test_testgen_line_readings.py reads --, how it is enforced, the reading).

Each phrasing comes down to one count of one value in one input -- (input, value, least, most) -- kept as
count_readings keeps its own (``Node.counts``: drawn so, checked on every input):

* "s has at most one '*' character", "nums contains at least one 0", "grid has at least two 1s";
* "There is at least one '1' in s", "There are at most 3 cells with value 1", "There is exactly one element equal
  to 0 in nums";
* "'*' appears exactly once in s", "The value 0 occurs at most twice in nums";
* "At least one character of s is '1'", "At most 3 elements of nums are 0";
* "The number of '1's in s is at least 1", "The number of zeros in nums is at most 3";
* "s contains at least one '0' and at least one '1'": each count.

The words "zero(s)" and "one(s)" name 0 and 1 (the characters '0' and '1' of a string). A value the input cannot
hold (a letter in a list of numbers) refuses the line."""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.count_readings import _add_count, _quantity, _subject

_NAME = r"[A-Za-z_]\w*"
_HOW = r"(exactly|at most|at least|no more than|not more than)"
_K = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|a|an|a single)"
_VALUE = r"('[^']'|\"[^\"]\"|-?\d+|zeros?|zeroes|ones?)"
_NOUNS = r"(?: (?:characters?|letters?|elements?|values?|integers?|numbers?|cells?|entries|entry|digits?))?"
_WHERE = rf"(the (?:array|grid|matrix|string|list)|{_NAME})"
_TIMES = r"(once|twice|thrice|\w+ times)"

_FORMS = (  # (pattern, the groups of: how, k, value, where)
    (re.compile(rf"{_WHERE} (?:has|contains|holds) {_HOW} {_K} {_VALUE}(?:'s|s)?{_NOUNS}", re.I), (2, 3, 4, 1)),
    (
        re.compile(rf"there (?:is|are|will be) {_HOW} {_K} {_VALUE}(?:'s|s)?{_NOUNS} in {_WHERE}", re.I),
        (1, 2, 3, 4),
    ),
    (
        re.compile(
            rf"there (?:is|are|will be) {_HOW} {_K}{_NOUNS} (?:with (?:the )?value|equal to|equals|with) {_VALUE}"
            rf"(?: in {_WHERE})?",
            re.I,
        ),
        (1, 2, 3, 4),
    ),
    (
        re.compile(
            rf"(?:the (?:character|value|number|integer|digit|letter) )?{_VALUE} (?:appears|occurs) {_HOW} {_TIMES} "
            rf"in {_WHERE}",
            re.I,
        ),
        (2, 3, 1, 4),
    ),
    (
        re.compile(rf"{_HOW} {_K}{_NOUNS} (?:of|in) {_WHERE} (?:is|are|equals?|(?:is|are) equal to) {_VALUE}", re.I),
        (1, 2, 4, 3),
    ),
    (
        re.compile(rf"the number of {_VALUE}(?:'s|s)?{_NOUNS} in {_WHERE} is {_HOW} {_K}", re.I),
        (3, 4, 1, 2),
    ),
)
_WORD_VALUES = {"zero": "0", "zeros": "0", "zeroes": "0", "one": "1", "ones": "1"}
_ONCE = {"once": "one", "twice": "two", "thrice": "three"}


def _leaf_kind(node: Any) -> str:
    while node.kind == "list" and node.elem is not None:
        node = node.elem
    return node.kind


def _unnamed(reader: Any, text: str, where: str | None) -> str | None:
    """The input a count names (``in nums``), or, named by no name ("There are at most 3 cells with value 1", "in the
    string"), the one input holding what the line counts: characters (a string, or strings), or numbers."""
    if where and not where.lower().startswith("the "):
        return _subject(reader, where)
    if where:  # "in the array", "in the string": the one input of that kind
        kind = "str" if where.lower() == "the string" else "list"
        named = [a for a in reader.args if reader.nodes[a].kind == kind]
        return named[0] if len(named) == 1 else None
    chars = re.search(r"\b(?:characters?|letters?|digits?|strings?)\b|'[^']'|\"[^\"]\"", f"{where or ''} {text}", re.I)
    kind = "str" if chars else "int"
    held = [
        a
        for a in reader.args
        if _leaf_kind(reader.nodes[a]) == kind and (kind == "str" or reader.nodes[a].kind == "list")
    ]
    return held[0] if len(held) == 1 else None


def _count(reader: Any, how: str, k: str, value: str, where: str | None, text: str = "") -> bool | None:
    """One count of ``value`` in the input ``where`` names; None where ``k`` is no count."""
    how = {"no more than": "at most", "not more than": "at most"}.get(how.lower(), how.lower())
    k = _ONCE.get(k.lower(), k)
    k = "one" if k.lower() in ("a", "an", "a single") else k
    bounds = _quantity(how, k)
    if bounds is None:
        return None
    name = _unnamed(reader, text, where)
    value = _WORD_VALUES.get(value.lower(), value)
    return name is not None and _add_count(reader, name, "==", value, *bounds)


def count_in_words(reader: Any, text: str) -> bool | None:
    """ "s has at most one '*' character", "There is at least one '1' in s", "'*' appears exactly once in s", "At
    most 3 elements of nums are 0", "The number of '1's in s is at least 1": how many scalars equal the value."""
    t = text.strip().rstrip(".")
    for pattern, (how, k, value, where) in _FORMS:
        m = pattern.fullmatch(t)
        if m:
            return _count(reader, m.group(how), m.group(k), m.group(value), m.group(where), t)
    return None


_SIGNED = re.compile(
    rf"{_WHERE} (?:has|contains) {_HOW} {_K} (non-?zero|positive|negative|even) (?:elements?|integers?|numbers?|values?)",
    re.I,
)
_SIGN_RELATIONS = {"nonzero": ("!=", "0"), "non-zero": ("!=", "0"), "positive": (">", "0"), "negative": ("<", "0")}
_SIGN_RELATIONS["even"] = ("multiple", "2")


def signed_count(reader: Any, text: str) -> bool | None:
    """ "nums contains at least one non-zero element", "nums has at most two negative integers": how many
    elements hold the sign."""
    m = _SIGNED.fullmatch(text.strip().rstrip("."))
    if not m:
        return None
    bounds = _quantity(
        {"no more than": "at most", "not more than": "at most"}.get(m.group(2).lower(), m.group(2)), m.group(3)
    )
    relation = _SIGN_RELATIONS.get(m.group(4).lower())
    name = _unnamed(reader, text, m.group(1))
    if bounds is None or relation is None or name is None:
        return None if bounds is None else False
    return _add_count(reader, name, relation[0], relation[1], *bounds)


_BOTH = re.compile(rf"({_NAME}) (contains|has) (at least \S+ .+?) and (at least \S+ .+)", re.I)


def two_counts(reader: Any, text: str) -> bool | None:
    """ "s contains at least one '0' and at least one '1'": each count, read as its own line."""
    m = _BOTH.fullmatch(text.strip().rstrip("."))
    if not m:
        return None
    parts = [f"{m.group(1)} {m.group(2)} {m.group(3)}", f"{m.group(1)} {m.group(2)} {m.group(4)}"]
    said = [count_in_words(reader, p) for p in parts]
    return None if None in said else all(said)


ENTRIES = (
    (
        "how often a value occurs, in other words",
        (
            "s has at most one '*' character",
            "nums contains at least one 0",
            "There is at least one '1' in s",
            "There are at most 3 cells with value 1 in grid",
            "'*' appears exactly once in s",
            "At most 3 elements of nums are 0",
            "The number of '1's in s is at least 1",
            "The number of zeros in nums is at most 3",
        ),
        "drawn and checked",
        count_in_words,
    ),
    (
        "how many elements hold a sign",
        ("nums contains at least one non-zero element", "nums has at most two negative integers"),
        "drawn and checked",
        signed_count,
    ),
    ("two counts in one line", ("s contains at least one '0' and at least one '1'",), "drawn and checked", two_counts),
)
