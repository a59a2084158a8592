"""Sentences of a Codeforces Input section (and of the story) that another reading would pass over though
they constrain the input: each found here so ``prose_format`` refuses it (valid or none, issue 37)::

    a_i denotes the type of the i-th item and is either 1 or 2     -> a value said, not (only) a meaning
    It is guaranteed that the sum of a over all test cases ...    -> a list's values, drawn as its length
    There are at most 2 test cases.  /  1 <= T <= 2 (Constraints) -> the count of test cases bounded elsewhere"""

from __future__ import annotations

import re

from microcoder_data.testgen.prose_items import ProseLine
from microcoder_data.testgen.prose_promises import sentences

_MEANING = re.compile(
    r"(?:if|when) (?:the (?:character|symbol|type|value) |the (?:\w+ )?\w+ )?(?:is |= ?|equals )?\S+ ?(?:is |= ?|equals )?"
    r"(?:'[^']*'|\"[^\"]*\"|\d+),? (?:then )?(.+)"
    r"|(?:'[^']*'|\"[^\"]*\"|\d+) (?:means|denotes|represents|indicates) (?:that )?(.+)|otherwise,? (.+)"
    r"|(?:the i-th (?:character|element|number|integer) of [A-Za-z]\w*|[A-Za-z]\w*_\{?i\}?) (?:represents|denotes|describes) (.+)",
    re.I,
)
# words that would make a value's meaning a bound of another value ("then y_i = 0", "then s consists of a")
_BOUNDING = re.compile(
    r"=|<|>|\b(?:consist|contain|only|length|size|sum|between|range|greater|less|larger|smaller|than|equal|exceed|same)\w*",
    re.I,
)
# a value said with the meaning: "... and is either 1 or 2", "the item is blue and a_i is 2" (an input name the subject)
_AND_IS = re.compile(r"\b(?:and|but) (?:it |they )?(?:is|are|has|have|must|will|can)\b|\beither\b", re.I)
_VALUED = r"(?:is|are|equals?|=)(?: not| never| always| also| then)? (?:-?\d|'|\"|either\b|one of\b|in\b|at\b)"


def a_meaning(s: str, names: set[str], promise: re.Pattern[str]) -> bool:
    """Whether ``s`` only says what a value means: "If s_i = 0, then the number p_i is colored black", "'#' means
    a wall", "a_i denotes the type of the i-th item" (the input's ``names`` read); not where what it says of the
    value bounds or promises (``promise``: the gloss's promise words) or says a value of an input name."""
    m = _MEANING.fullmatch(s)
    said = m and (m.group(1) or m.group(2) or m.group(3) or m.group(4))  # "Otherwise, ...": the other value's
    if not said or promise.search(said) or _BOUNDING.search(said) or _AND_IS.search(said):
        return False
    name = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    return not (name and re.search(rf"(?<![\w.])(?:{name})(?:_\{{?\w+\}}?)? {_VALUED}", said))


def lists_of(lines: list[ProseLine], length: bool) -> set[str]:
    """The names of ``lines`` a total may not name: a total of a list is drawn and checked as its length
    (test_cases.py), so a list's values ("the sum of a") and a block's or a grid's columns are refused;
    a list's length ("the sum of the lengths of a", ``length``) and a string are read."""
    return {
        n
        for line in lines
        if line.count is not None and (line.block or line.width or not line.string)
        for n in line.names
        if line.block or line.width or not length
    }


_CASES_BOUNDED = re.compile(
    r"\b(?:at (?:most|least)|up to|no (?:more|fewer|less) than|(?:not )?exceed\w*|maximum|minimum|limit\w*|bound\w*"
    r"|\d+)\b[^.]*\btest ?cases?\b|\btest ?cases?\b[^.]*\b(?:at (?:most|least)|exceed\w*|up to|\d+ or (?:more|fewer))\b",
    re.I,
)


def count_bounded_elsewhere(name: str, bounds: str, ranges: list[str], told: str, unbounded: bool) -> str | None:
    """Where the count of test cases ``name`` (read with ``bounds``) is bounded otherwise: a range of it the
    story states (``ranges``: "1 <= T <= 2" in the Constraints) that is not ``bounds``, or, for an ``unbounded``
    count (drawn small), a sentence of ``told`` (the statement less its Input and Output sections) naming it or
    bounding how many cases there are ("There are at most 2 test cases"); None where nothing does."""
    other = next((r for r in ranges if r.replace(" ", "") != bounds.replace(" ", "")), None)
    said = (
        x
        for x in sentences(told)
        if unbounded and (re.search(rf"(?<![\w.]){re.escape(name)}(?![\w(])", x) or _CASES_BOUNDED.search(x))
    )
    return other or next(said, None)
