"""Readings of clauses that statements mostly state as promises ("The tests are generated such that
...", "... is guaranteed to ...": promises.stated_clause hands the clause to the registry), each a
plain statement about the input, registered in ``line_readings.READINGS`` by :data:`ENTRIES` (name,
examples -- their own test, tests/test_testgen_line_readings.py --, how enforced, the reading):

* ``sessionTime is greater than or equal to the maximum element in tasks[i]``: a comparison with a
  list's largest (smallest) element, handed back as ``max(tasks) <= sessionTime`` (drawn so there);
* ``there are no consecutive repeating characters in s except for '?'``: a neighbour check;
* ``The product of any prefix or suffix of nums fits in a 32-bit integer``: every such product within
  the type's range, checked on every input (``clause_checks.products_within``) -- small draws pass it,
  the large ones are dropped.

A promise of several clauses (``k is at least the maximum element in nums, and k is odd``) not read
whole is read clause by clause (:func:`read_by_clauses`): every clause read, or the promise refused; a
clause about the answer (``the answer will not exceed 10^7 and hour will have ...``) is an answer check.

Each returns True (read), False (the phrasing, on something it cannot hold: refused) or None (not
its phrasing).
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_model import is_int_list
from microcoder_data.testgen.answer_checks import answer_check_of
from microcoder_data.testgen.spec_model import _Unsupported

_NAME = r"[A-Za-z_]\w*"
# "the maximum element in tasks[i]", "the largest value of nums", "the max of arr": max(name)
_EXTREME = re.compile(
    rf"(?:the )?(?P<which>maximum|max|largest|greatest|biggest|minimum|min|smallest)"
    rf"(?: (?:element|value|number|integer|entry))?(?: (?:in|of) (?:the (?:array|list) )?)(?P<list>{_NAME})(?:\[i\])?"
)
_OPS = (  # the words of a comparison, widest first; (op, flipped)
    (r"is greater than or equal to|is at least|is not less than|is no less than|>=|≥", ">="),
    (r"is less than or equal to|is at most|is not greater than|is no greater than|(?:does|will) not exceed|<=|≤", "<="),
    (r"is (?:strictly )?greater than|exceeds|>", ">"),
    (r"is (?:strictly )?less than|<", "<"),
)
_FLIP = {">=": "<=", ">": "<", "<=": "<=", "<": "<"}


def _side(reader: Any, text: str) -> str | None:
    """One side of the comparison as an expression: ``max(tasks)``, an input name or an integer."""
    m = _EXTREME.fullmatch(text)
    if m:
        node = reader.nodes.get(m.group("list"))
        if not is_int_list(node):
            return None
        fn = "max" if m.group("which").lower() in ("maximum", "max", "largest", "greatest", "biggest") else "min"
        return f"{fn}({m.group('list')})"
    return text if re.fullmatch(rf"{_NAME}|-?\d+", text) and (text in reader.nodes or text[-1].isdigit()) else None


def extreme_compared(reader: Any, text: str) -> bool | None:
    """``X is greater than or equal to the maximum element in Y`` (either side a list's largest or
    smallest element): handed back to the reader as ``max(Y) <= X``."""
    text = text.strip().rstrip(".")
    if not _EXTREME.search(text):
        return None
    for words, op in _OPS:
        m = re.fullmatch(rf"(.+?) (?:{words}) (.+)", text, re.I)
        if not m:
            continue
        left, right = _side(reader, m.group(1)), _side(reader, m.group(2))
        if left is None or right is None or ("(" not in left and "(" not in right):
            return None  # not this phrasing whole ("0 <= k <= the maximum ..."): the other readings' to read
        small, large = (left, right) if op in ("<=", "<") else (right, left)
        return bool(reader.read(f"{small} {_FLIP[op]} {large}", False))
    return None


def _check(reader: Any, check: str) -> bool:
    """``check`` among the reader's checks once (a promise the body and the Constraints both state)."""
    if check not in reader.checks:
        reader.checks.append(check)
    return True


def _string(reader: Any, name: str) -> str | None:
    """The string input ``name`` names (``the given string``, ``the string``: the one string input)."""
    strings = [a for a in reader.args if reader.nodes[a].kind == "str"]
    if name in reader.nodes:
        return name if reader.nodes[name].kind == "str" else None
    return strings[0] if len(strings) == 1 and re.fullmatch(r"the (?:given |input )?string", name, re.I) else None


def no_repeats_but(reader: Any, text: str) -> bool | None:
    """``there are no consecutive repeating characters in s except for '?'`` (``adjacent``, ``equal``;
    ``no two adjacent characters of s are equal except '?'``): a neighbour check."""
    m = re.fullmatch(
        r"there (?:are|is) no (?:two )?(?:consecutive|adjacent) (?:repeating|repeated|equal|identical|same) "
        rf"(?:characters|letters) in ({_NAME}|the (?:given |input )?string)(?:,? except (?:for )?'(.)')?\.?"
        rf"|no two (?:consecutive|adjacent) (?:characters|letters) (?:of|in) ({_NAME}|the (?:given |input )?string) "
        r"are (?:equal|the same|identical)(?:,? except (?:for )?'(.)')?\.?",
        text.strip(),
        re.I,
    )
    if not m:
        return None
    name = _string(reader, m.group(1) or m.group(3))
    if name is None:
        return False
    free = m.group(2) or m.group(4)
    return _check(reader, f"adjacent_differ_but({name}, {free!r})" if free else f"adjacent_differ({name})")


_PLACES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def decimal_places(reader: Any, text: str) -> bool | None:
    """``hour will have at most two digits after the decimal point`` (``There will be at most two digits
    after the decimal point in hour``): a number (or a list's numbers) so written, checked (drawn floats
    mostly have two places; the others are dropped)."""
    m = re.fullmatch(
        rf"(?:there (?:will be|are|is) at most (\w+) digits? after the decimal point in ({_NAME})"
        rf"|({_NAME}) (?:will have|has|have) at most (\w+) digits? after the decimal point)\.?",
        text.strip(),
        re.I,
    )
    if not m:
        return None
    name, word = m.group(2) or m.group(3), (m.group(1) or m.group(4)).lower()
    places = _PLACES.get(word, int(word) if word.isdigit() else None)
    node = reader.nodes.get(name)
    leaf = node.elem if node is not None and node.kind == "list" else node
    if places is None or leaf is None or leaf.kind != "float":
        return False
    return _check(reader, f"decimals_at_most({name}, {places})")


def products_fit(reader: Any, text: str) -> bool | None:
    """``The product of any prefix or suffix of nums fits in a 32-bit integer`` (``subarray``, ``every``,
    ``64-bit``, ``signed``): every such product within the type's range, checked."""
    m = re.fullmatch(
        r"the product of (?:any|every|each|all(?: the)?) ((?:(?:prefix|suffix|(?:contiguous )?subarray)(?:es|s)?"
        rf"(?: or | and |, )?)+) of ({_NAME}) (?:fits?|(?:is guaranteed to|will|can) fit) (?:in|into|within) (?:a |an )?(?:signed )?"
        r"(32|64)[- ]bits?(?: signed)? integers?(?: type)?\.?",
        text.strip(),
        re.I,
    )
    if not m:
        return None
    node = reader.nodes.get(m.group(2))
    if not is_int_list(node):
        return False
    runs = " ".join(sorted({w for w in ("prefix", "suffix", "subarray") if w in m.group(1).lower()}))
    bits = int(m.group(3)) - 1
    return _check(reader, f"products_within({m.group(2)}, {runs!r}, -2**{bits}, 2**{bits} - 1)")


# a clause: something said of something (a verb or a comparison), so "s and t are anagrams" is one
_SAYS = re.compile(
    r"\b(?:is|are|will|has|have|contains?|occurs?|appears?|does|do|fits?|consists?|equals?|exceeds?)\b|[<>=]|!=|≤|≥"
)
_JOINED = re.compile(r",? and (?!that )|; |,? and that ", re.I)


# a sentence's end the splitter left (``positioni < positioni+1. speedi is the initial speed ...``: a
# lower-case name opens the next sentence): the promise's clause ends there
_SENTENCE_END = re.compile(r"(?<=[\w)\]'])\.\s+(?=[a-z])")


def clauses_of(text: str) -> list[str]:
    """The clauses of a promise's first sentence (the rest is another sentence of the body: no
    promise, so not read, as every such sentence) joined by "and" (", and", ";"), each of which says
    something; one clause where a part says nothing (``s and t are anagrams``, ``x is between 1 and n``)."""
    text = _SENTENCE_END.split(text.strip(), maxsplit=1)[0].rstrip(".")
    parts = [p.strip() for p in _JOINED.split(text)]
    return parts if len(parts) > 1 and all(_SAYS.search(p) for p in parts) else [text]


def read_by_clauses(reader: Any, text: str, mangled: bool) -> bool:
    """A promised line not read whole, read clause by clause: True where it was more than one clause
    (or sentence) and every clause of its first sentence is read (a part refused: not read)."""
    parts = clauses_of(text)
    try:
        # a clause about the answer: an answer check (inputspec.spec_from reads the clauses for them)
        read = all(answer_check_of(part) is not None or reader.read(part, mangled) for part in parts)
        return parts != [text.strip().rstrip(".")] and read
    except _Unsupported:  # a part refused: the promise refuses, named as such
        return False


ENTRIES = (
    (
        "at most so many digits after the decimal point",
        (
            "hour will have at most two digits after the decimal point",
            "There will be at most two digits after the decimal point in hour.",
        ),
        "checked",
        decimal_places,
    ),
    (
        "a comparison with a list's largest or smallest element",
        (
            "k is greater than or equal to the maximum element in nums[i]",
            "k is at least the largest value of nums",
            "the minimum element of nums is greater than k",
        ),
        "as the reading of each part enforces it",
        extreme_compared,
    ),
    (
        "no two neighbouring characters equal, but a free one",
        (
            "there are no consecutive repeating characters in s except for '?'",
            "There are no adjacent equal characters in s",
            "no two adjacent characters of s are equal except '?'",
        ),
        "checked",
        no_repeats_but,
    ),
    (
        "every product of a prefix, suffix or subarray fits an integer type",
        (
            "The product of any prefix or suffix of nums fits in a 32-bit integer",
            "The product of any subarray of nums is guaranteed to fit in a 32-bit integer",  # a Constraints line
            "the product of every contiguous subarray of nums fits in a signed 64-bit integer",
        ),
        "checked",
        products_fit,
    ),
)
