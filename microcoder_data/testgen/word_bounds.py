"""Bounds said in words (issue 37), registry entries of ``line_readings.READINGS``: (name, the phrasings it
reads -- its examples, which tests/test_testgen_line_readings.py reads --, how it is enforced, the reading).

Each line is read as the comparisons it states, and each comparison as the reader reads it (drawn so, checked
on every input); a part of the line that is none of these leaves the line unread:

* a number, every element of a list, or a length, with one or more bounds in words joined by "and": "k is a
  positive integer not exceeding 10^5", "Each element of nums is at least 1 and at most 1000", "All elements of
  nums are positive", "The length of s is at most 100", "nums has between 1 and 100 elements";
* the values of a grid named in words ("grid consists of 0s and 1s", "grid is a binary matrix", "All values in
  grid are either 0 or 1"), its sizes named as rows and columns ("The grid has m rows and n columns");
* every element a power ("nums[i] is a power of 2", "All elements of nums are powers of two");
* strings said lowercase ("s and t are lowercase strings").

"between A and B" with no "inclusive" is read strictly inside (A < x < B): the ends are unsure, and a draw
strictly inside holds under either meaning (an existing test on an end then refuses the reading)."""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.name_variants import with_variants
from microcoder_data.testgen.other_wordings import _element  # nums[i] / grid[i][j]: one rule, written there

_NAME = r"[A-Za-z_]\w*"
_POWER = r"\d+(?:\.\d+)?(?:(?:\^|\*\*)\d+)?"  # 10^5, or 10**5 as the reader writes a scraped power
_TERM = rf"-?(?:{_POWER}|[A-Za-z_][\w.]*)(?:\s*[*+-]\s*(?:{_POWER}|[A-Za-z_][\w.]*))*"
_EACH = r"(?:each|every|all|all the|any)"
_ELEMENTS = r"(?:elements?|values?|integers?|numbers?|entries|entry|items?|cells?)"
_COUNTED = r"(?:elements|integers|numbers|values|items|entries|characters|letters)"
_NUMBER_WORDS = {"2": 2, "two": 2, "3": 3, "three": 3, "4": 4, "four": 4, "10": 10, "ten": 10}

# phrases of one bound, each to the comparison it states (the bound in group 1)
_AT_MOST = r"at most|not exceeding|not greater than|no (?:more|greater|larger) than|not more than|up to"
_AT_MOST += r"|less than or equal to|smaller than or equal to|not larger than"
_AT_LEAST = r"at least|not less than|no (?:less|fewer|smaller) than|greater than or equal to|larger than or equal to"
_AT_LEAST += r"|not smaller than"
_BOUND_PHRASES = (
    (re.compile(rf"(?:{_AT_MOST}) ({_TERM})$", re.I), "<="),
    (re.compile(rf"(?:{_AT_LEAST}) ({_TERM})$", re.I), ">="),
    (re.compile(rf"(?:less|smaller|fewer) than ({_TERM})$", re.I), "<"),
    (re.compile(rf"(?:greater|larger|more) than ({_TERM})$", re.I), ">"),
)
_BETWEEN = re.compile(rf"between ({_TERM}) and ({_TERM})(,? inclusive| \((?:both )?inclusive\))?$", re.I)
_IN_RANGE = re.compile(rf"in the range \[({_TERM}), ?({_TERM})\]$", re.I)
_SIGN = {"positive": (">=", "1"), "non-negative": (">=", "0"), "nonnegative": (">=", "0")}
_SIGN.update({"negative": ("<=", "-1"), "non-positive": ("<=", "0"), "nonpositive": ("<=", "0")})
_NOUN = r"(?:integers?|numbers?|whole numbers?)"


def _bounds_of(predicate: str, real: bool = False, distinct: bool = False) -> list[tuple[str, str]] | None:
    """The (comparison, bound) pairs a predicate states ("a positive integer not exceeding 10^5": ``>= 1``,
    ``<= 10^5``), its parts joined by "and"; None if a part states anything else."""
    p = re.sub(r"^(?:both |all |each )", "", predicate.strip().rstrip("."), flags=re.I)  # names keep their case
    p = re.sub(rf"\bthe (?:length|size) of ({_NAME})\b", r"\1.length", p, flags=re.I)  # "at most the length of nums"
    p = re.sub(r"\b(an? )?valid (integers?|numbers?)\b", r"\1\2", p, flags=re.I)  # "a valid integer between 1 and 500"
    m = _BETWEEN.search(p)
    head = p[: m.start()].strip() if m else p
    tail: list[tuple[str, str]] = []
    if m:
        inclusive = bool(m.group(3))
        tail = [(">=" if inclusive else ">", m.group(1)), ("<=" if inclusive else "<", m.group(2))]
    parts = [x.strip() for x in re.split(r",? and ", head)] if head else []
    if m and head and not head.lower().endswith(("integer", "integers", "number", "numbers")):
        return None  # "at most 5 and between ...": only "an integer between" before a between
    if real and re.search(r"\bintegers?\b", p, re.I):
        return None  # "an integer" of an input drawn as a real: integrality no draw of it keeps
    bounds: list[tuple[str, str]] = []
    for part in parts:
        part = re.sub(r"^(?:an? |is |are )", "", part, flags=re.I)
        sign = re.match(
            rf"(positive|non-negative|nonnegative|negative|non-positive|nonpositive)(?: {_NOUN})?(?: |$)", part, re.I
        )
        if sign:
            op, bound = _SIGN[sign.group(1).lower()]
            bounds.append((op[0], "0") if real and bound != "0" else (op, bound))  # a positive real: > 0
            part = part[sign.end() :].strip()
        part = re.sub(rf"^{_NOUN}(?: |$)", "", part, flags=re.I).strip()
        if not part:
            continue
        ranged = _IN_RANGE.match(part)
        if ranged:
            bounds += [(">=", ranged.group(1)), ("<=", ranged.group(2))]
            continue
        if distinct and re.fullmatch(r"(?:all |pairwise |mutually )?(?:unique|distinct)", part, re.I):
            bounds.append(("distinct", ""))  # "unique and in the range [0, n - 1]": the elements distinct too
            continue
        one = next(((op, r.match(part)) for r, op in _BOUND_PHRASES if r.match(part)), None)
        if one is None:
            return None
        bounds.append((one[0], one[1].group(1)))
    bounds += tail
    return bounds or None


def _sized(reader: Any, name: str, noun: str | None = None) -> bool:
    """Whether ``name`` has a length (a list, a string) that "the number of <noun> in it" counts: characters of a
    string, elements of a flat list (of a grid, "elements" may be its cells: unsure)."""
    node = reader.nodes.get(name)
    if node is None or node.kind not in ("list", "str") or noun is None:
        return node is not None and node.kind in ("list", "str")
    if node.kind == "str":  # "letters" count it all only where nothing but letters is in it
        return noun.lower() == "characters" or noun.lower() == "letters" and _only_letters(node)
    return noun.lower() not in ("characters", "letters") and node.elem is not None and node.elem.kind != "list"


def _only_letters(node: Any) -> bool:
    return bool(node.alphabet) and all(c.isalpha() for c in node.alphabet)


_EVERY = re.compile(
    rf"(?:{_EACH} {_ELEMENTS} (?:of|in) |the {_ELEMENTS} (?:of|in) )(?:the (?:array|list|matrix|grid) )?({_NAME})"
    r"(?:\[[a-z]\])* (?:is|are) (.+)",
    re.I,
)
_INDEXED = re.compile(rf"(?:(?:each|every) )?({_NAME})((?:\[[a-z]\])+) is (.+)", re.I)
_LENGTH = re.compile(
    rf"(?:the (?:length|size) of ({_NAME})|({_NAME})\.length|the number of ({_COUNTED}) (?:in|of) ({_NAME})) is (.+)",
    re.I,
)
_SCALAR = re.compile(rf"({_NAME}) is (.+)")
_CONSISTS = re.compile(rf"({_NAME}) (?:consists|is made up) (?:only )?of ((?:.+ )?(?:integers|numbers)\b.*)", re.I)


def _subject(reader: Any, text: str) -> tuple[str, str] | None:
    """(the term a line bounds -- ``k``, ``nums[i]``, ``nums.length`` --, the predicate), or None."""
    m = _EVERY.fullmatch(text)
    if m:
        term = _element(reader, m.group(1))
        return (term, m.group(2)) if term else None
    m = _LENGTH.fullmatch(text)
    if m:
        name = m.group(1) or m.group(2) or m.group(4)
        return (f"{name}.length", m.group(5)) if _sized(reader, name, m.group(3)) else None
    m = _INDEXED.fullmatch(text)
    if m:
        term = _element(reader, m.group(1))
        return (term, m.group(3)) if term and term == m.group(1) + m.group(2) else None
    m = _CONSISTS.fullmatch(text)  # "nums consists of positive integers not exceeding 1000"
    if m:
        term = _element(reader, m.group(1))
        return (term, m.group(2)) if term else None
    m = _SCALAR.fullmatch(text)
    if m and m.group(1).lower() not in ("it", "this", "each", "the", "there"):
        ref = reader.ref(m.group(1))
        node = reader.node_at(ref[0], ref[1]) if ref and ref[2] == "val" else None
        return (m.group(1), m.group(2)) if node is not None and node.kind in ("int", "float") and ref[1] == 0 else None
    return None


_SEVERAL = re.compile(rf"(?:both )?({_NAME}(?:(?:, | and |, and ){_NAME})+) are (.+)", re.I)


def _several_bounds(reader: Any, text: str) -> bool | None:
    """ "ai and bi are in the range [0, n - 1]", "x, y are positive integers at most 10^9": each name's bounds (a
    number, or a tuple position's name); None if a name is no input's or a part no bound."""
    m = _SEVERAL.fullmatch(text)
    if not m:
        return None
    names = re.split(r", and |, | and ", m.group(1))
    refs = [reader.ref(n) or reader.ref(with_variants(n, reader.names(), set(reader.aliases))) for n in names]
    if any(
        r is None or r[2] == "len" or r[2] == "val" and reader.node_at(r[0], r[1]).kind not in ("int", "float")
        for r in refs
    ):
        return None  # a length, or no number ("s and k are positive integers"): not this reading
    real = any(r[2] == "val" and reader.node_at(r[0], r[1]).kind == "float" for r in refs if r)
    bounds = _bounds_of(m.group(2), real=real)
    if not bounds:
        return None
    return all(reader.read(f"{n} {op} {bound}", False) for n in names for op, bound in bounds)


def bound_in_words(reader: Any, text: str) -> bool | None:
    """ "k is a positive integer not exceeding 10^5", "Each element of nums is at least 1 and at most 1000", "The
    length of s is between 1 and 100": each bound read as its comparison (``1 <= k``, ``k <= 10^5``)."""
    several = _several_bounds(reader, text.rstrip("."))
    if several is not None:
        return several
    said = _subject(reader, text.rstrip("."))
    element = bool(said and re.fullmatch(rf"{_NAME}\[i\]", said[0]))  # "unique and in the range": of elements only
    bounds = _bounds_of(said[1], distinct=element) if said else None
    if not said or not bounds:
        return None
    ref = reader.ref(said[0])
    if ref and ref[2] == "val" and reader.node_at(ref[0], ref[1]).kind == "float":
        bounds = _bounds_of(said[1], real=True, distinct=element) or []  # "positive" of a real: > 0
    if ("distinct", "") in bounds:
        if bounds == [("distinct", "")]:
            return None  # distinct cells of a grid, or distinctness alone: the distinctness readings'
        bounds = [b for b in bounds if b != ("distinct", "")]
        if not reader.read(f"All elements of {said[0][:-3]} are distinct", False):
            return False
    return all(reader.read(f"{said[0]} {op} {bound}", False) for op, bound in bounds)


_BOTH_SAME = re.compile(r"both (strings|arrays|lists) (?:have|are of) the same length", re.I)


def both_same_length(reader: Any, text: str) -> bool | None:
    """ "Both strings have the same length": the two inputs of that kind, one length."""
    m = _BOTH_SAME.fullmatch(text.strip().rstrip("."))
    if not m:
        return None
    kind = "str" if m.group(1).lower() == "strings" else "list"
    named = [a for a in reader.args if reader.nodes[a].kind == kind]
    if len(named) != 2:
        return False
    return reader.read(f"{named[0]}.length == {named[1]}.length", False)


_HAS = re.compile(
    rf"({_NAME}) (?:has|contains|consists of|holds) (.+?) ({_COUNTED})(,? inclusive| \(inclusive\))?\.?", re.I
)
_NON_EMPTY = re.compile(
    rf"({_NAME}) is (?:a )?non-?empty(?: (?:array|list|string))?(?: and has (.+?) {_COUNTED})?\.?", re.I
)


def length_by_count(reader: Any, text: str) -> bool | None:
    """ "nums has at most 100 elements", "nums contains between 1 and 100 elements", "nums has exactly 3
    elements", "nums is non-empty and has at most 100 elements": the length's bounds."""
    m = _HAS.fullmatch(text) or _NON_EMPTY.fullmatch(text)
    if not m:
        return None
    name, said = m.group(1), (m.group(2) or "") + (m.group(4) or "" if m.re is _HAS else "")
    if not _sized(reader, name, m.group(3) if m.re is _HAS else "elements" if m.group(2) else None):
        return None
    bounds = [(">=", "1")] if m.re is _NON_EMPTY else []
    if said:
        exactly = re.fullmatch(rf"exactly ({_TERM})", said.strip())
        more = [("==", exactly.group(1))] if exactly else _bounds_of(said)
        if more is None:
            return None
        bounds += more
    return all(reader.read(f"{name}.length {op} {bound}", False) for op, bound in bounds)


_BINARY = re.compile(
    rf"({_NAME}) (?:is a binary (?:matrix|grid|array|list)|(?:consists|is made up)(?: only)? of (?:only )?"
    r"(?:0s|0's|zeros|zeroes|0) and (?:1s|1's|ones|1)(?: only)?|contains only (?:0s|0's|zeros|zeroes|0) and (?:1s|1's|ones|1))\.?",
    re.I,
)
_EVERY_EITHER = re.compile(
    rf"(?:{_EACH} {_ELEMENTS} (?:of|in) |each cell (?:of|in) )(?:the (?:array|list|matrix|grid) )?({_NAME}) "
    r"(?:is|are) (?:either )?(-?\d+) or (-?\d+)\.?",
    re.I,
)


def listed_values(reader: Any, text: str) -> bool | None:
    """ "grid consists of 0s and 1s", "grid is a binary matrix", "All values in grid are either 0 or 1": every
    number of the list one of the two, read as ``grid[i][j] is either 0 or 1``."""
    m = _BINARY.fullmatch(text)
    values = ("0", "1") if m else None
    if not m:
        m = _EVERY_EITHER.fullmatch(text)
        values = (m.group(2), m.group(3)) if m else None
    if not m or values is None:
        return None
    term = _element(reader, m.group(1))
    if term is None:
        return False
    return reader.read(f"{term} is either {values[0]} or {values[1]}", False)


_ROWS_COLUMNS = re.compile(
    rf"(?:the )?({_NAME}) (?:has|consists of|is a matrix with|is a grid with) ({_NAME}) rows and ({_NAME}) columns\.?",
    re.I,
)


def rows_and_columns(reader: Any, text: str) -> bool | None:
    """ "The grid has m rows and n columns": ``m == grid.length`` and ``n == grid[i].length``."""
    m = _ROWS_COLUMNS.fullmatch(text)
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if node is None or node.kind != "list" or node.elem is None or node.elem.kind != "list":
        return False
    name = m.group(1)
    return reader.read(f"{m.group(2)} == {name}.length", False) and reader.read(
        f"{m.group(3)} == {name}[i].length", False
    )


_POWERS = re.compile(
    rf"(?:(?:{_EACH} {_ELEMENTS} (?:of|in) |the {_ELEMENTS} (?:of|in) )({_NAME}) are powers|(?:(?:each|every) )?"
    rf"({_NAME})\[[a-z]\] is a power) of (2|two|3|three|10|ten)\.?",
    re.I,
)


def element_powers(reader: Any, text: str) -> bool | None:
    """ "nums[i] is a power of 2", "All elements of nums are powers of two": each element among the powers (the
    elements' range, stated beside it, holds too), read as the power line of a number is."""
    m = _POWERS.fullmatch(text)
    if not m:
        return None
    name = m.group(1) or m.group(2)
    node = reader.nodes.get(name)
    if node is None or node.kind != "list" or node.elem is None or node.elem.kind != "int":
        return False
    return reader.read(f"{name}[i] is a power of {_NUMBER_WORDS[m.group(3).lower()]}", False)


_LOWERCASE_STRINGS = re.compile(rf"({_NAME}(?:(?:, | and |, and ){_NAME})*) (?:is a|are) lowercase strings?\.?", re.I)


def lowercase_strings(reader: Any, text: str) -> bool | None:
    """ "s and t are lowercase strings": each consists of lowercase English letters."""
    m = _LOWERCASE_STRINGS.fullmatch(text)
    if not m:
        return None
    names = re.split(r", and |, | and ", m.group(1))
    if any(reader.nodes.get(n) is None or reader.nodes[n].kind != "str" for n in names):
        return False
    return all(reader.read(f"{n} consists of lowercase English letters", False) for n in names)


ENTRIES = (
    (
        "bounds of a number, every element or a length, said in words",
        (
            "k is a positive integer not exceeding 10^5",
            "k is an integer between 1 and 100, inclusive",
            "k is at least 1 and at most 100",
            "Each element of nums is at least 1 and at most 1000",
            "All elements of nums are positive and at most 1000",
            "nums[i] is a positive integer not exceeding 1000",
            "nums consists of positive integers not exceeding 1000",
            "The length of s is at most 100",
            "The length of nums is between 1 and 100",
            "All values of nums are unique and in the range [0, 100]",
            "N and M are positive integers at most 100",
        ),
        "drawn and checked",
        bound_in_words,
    ),
    (
        "a length said by how many elements there are",
        (
            "nums has at most 100 elements",
            "nums contains between 1 and 100 elements",
            "nums has exactly 3 elements",
            "nums is non-empty and has at most 100 elements",
        ),
        "drawn and checked",
        length_by_count,
    ),
    (
        "the two values of a grid, in words",
        ("grid consists of 0s and 1s", "grid is a binary matrix", "All values in grid are either 0 or 1"),
        "drawn and checked",
        listed_values,
    ),
    (
        "a grid's sizes as rows and columns",
        ("The grid has m rows and n columns",),
        "drawn and checked",
        rows_and_columns,
    ),
    (
        "every element a power",
        ("nums[i] is a power of 2", "All elements of nums are powers of two"),
        "drawn and checked",
        element_powers,
    ),
    (
        "two inputs said to share a length",
        ("Both strings have the same length",),
        "drawn and checked",
        both_same_length,
    ),
    ("strings said lowercase", ("s and t are lowercase strings",), "drawn and checked", lowercase_strings),
)
