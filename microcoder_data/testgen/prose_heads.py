"""Other words for what one line of a prose Input section holds, each rewritten into the form
``prose_items`` reads (a rewrite states no more and no less than its line)::

    space-separated elements of the array a_i (-10^9 <= a_i <= 10^9)     -> n integers a_i (...)
        (after a line "an integer n — the length of the array": the one value said to be its length)
    q integers, where the i-th integer is the value of k for the i-th query (0 <= k <= 10^9)
                                                                         -> q integers k_1, k_2, ..., k_q (0 <= k_i <= 10^9)

Anything else is left as it is (and read, or refused, as before)."""

from __future__ import annotations

import re

from microcoder_data.testgen.prose_items import NAME, ProseLine, _alphabet_said, ranges, split_bounds
from microcoder_data.testgen.spec_model import _Unsupported

_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

_ELEMENTS = re.compile(
    rf"(?:the )?(?:space[- ]separated )?elements of the (array|sequence)(?: ({NAME}))? ({NAME})_\{{?i\}}?"
    r"(?= ?\(|$)",
    re.I,
)


def elements_counted(what: str, lines: list[ProseLine]) -> str:
    """ "space-separated elements of the array a_i (...)": a list with no length of its own, counted by the one
    value an earlier line's gloss calls the array's length ("— the length of the array", "the number of elements
    in the array a"), as "n integers a_i (...)"; ``what`` as it is where no list was read before and exactly one
    gloss part names that length (two arrays, or none said, leave the length unknown: refused as before)."""
    m = _ELEMENTS.match(what)
    if not m or (m[2] and m[2] != m[3]) or any(line.count is not None for line in lines):
        return what
    noun, name = m[1].lower(), m[3]
    length = re.compile(
        rf"the (?:length|size) of the {noun}(?: {name})?|the number of (?:elements|integers) (?:in|of) the {noun}"
        rf"(?: {name})?",
        re.I,
    )
    counts = []
    for line in lines:
        parts = [p.strip() for p in re.split(r",? and (?=the\b)|, ", line.gloss) if p.strip()]
        said = [n for n, p in zip(line.names, parts) if length.fullmatch(p)]
        counts += said if len(parts) == len(line.names) and not (line.block or line.string) else []
    if len(counts) != 1:
        return what
    return f"{counts[0]} integers {name}_i{what[m.end() :]}"


_ITH = re.compile(
    rf"({NAME}|\d+) (?:integers|numbers), where the i-th (?:integer|number|of them) is (?:the value of )?({NAME})"
    r" (?:for|of|in) the i-th [a-z]+ \(([^()]*)\)",
    re.I,
)


def ith_named(what: str, known: set[str]) -> str:
    """ "q integers, where the i-th integer is the value of k for the i-th query (0 <= k <= 10^9)": a list of
    the values of k, one for each query, as "q integers k_1, k_2, ..., k_q (0 <= k_i <= 10^9)"; ``what`` as it
    is where k is a name read before (then "the value of k" is no new list) or the ranges do not name k."""
    m = _ITH.fullmatch(what)
    if not m or m[2] in known or m[2] in ("i", "j") or not re.search(rf"(?<![\w|]){m[2]}(?![\w(])", m[3]):
        return what
    count, name = m[1], m[2]
    bounds = re.sub(rf"(?<![\w|]){name}(?![\w(])", f"{name}_i", m[3])
    return f"{count} integers {name}_1, {name}_2, ..., {name}_{{{count}}} ({bounds})"


_TYPED = re.compile(rf"(?:an? |one )(character|letter|integer|number) ({NAME})(?:_\{{?i\}}?)?")


def typed_row(what: str, sentence: str) -> tuple[str, list[str]]:
    """ "a character op and an integer x (op = L or R, 1 <= x <= n)": a block's row of single characters and
    integers -> (the row as the integers row the block reads, "two integers op_i and x_i (1 <= x_i <= n)"; the
    characters' constraint lines, each one character of the alphabet its range states: "op_i consists of L and
    R", "op_i.length == 1").  A character of no stated alphabet ("c_i in {U, D}", "op = L or R") is refused,
    as no range for it; ``(what, [])`` where the row holds no character."""
    head, bounds = split_bounds(what)
    items = re.split(r",? and |, ", head)
    typed = [_TYPED.fullmatch(x.strip()) for x in items]
    if len(items) < 2 or not all(typed) or not any(m[1] in ("character", "letter") for m in typed if m):
        return what, []
    names = [m[2] for m in typed if m]
    pieces = ranges(re.sub(rf"(?<![\w|'])({'|'.join(names)})(?:_\{{?i\}}?)?(?![\w('])", r"\1_i", bounds or ""))
    said = []
    for name in (m[2] for m in typed if m and m[1] in ("character", "letter")):
        own = [p for p in pieces if re.match(rf"{name}_i ?(?:in|=)", p)]
        alphabet = _alphabet_said(None, name, own[0], None, False) if len(own) == 1 else None
        if alphabet is None:
            raise _Unsupported(f"the characters of {name} not stated: {sentence!r}", kind="no_range", line=sentence)
        pieces.remove(own[0])
        said += [f"{name}_i consists of {alphabet}", f"{name}_i.length == 1"]
    rest = f" ({', '.join(pieces)})" if pieces else ""
    return f"{_WORDS[len(names)]} integers {', '.join(n + '_i' for n in names)}{rest}", said


def typed_names(line: str) -> int:
    """How many values a row of characters and integers names ("... contains a character op and an integer x
    (...)": 2), as ``prose_glosses.scalars_named`` counts a line of integers: its gloss has a part for each."""
    m = re.search(rf"(?:contains?|containing|with) ((?:(?:,? and |, )?{_TYPED.pattern})+)(?= ?\(|$)", line)
    items = re.split(r",? and |, ", m[1]) if m else []
    typed = [_TYPED.fullmatch(x.strip()) for x in items]
    chars = any(t[1] in ("character", "letter") for t in typed if t)
    return len(items) if len(items) >= 2 and all(typed) and chars else 0
