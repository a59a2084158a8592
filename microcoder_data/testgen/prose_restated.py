"""Story sentences that restate what the Input section's reading already holds (issue 37), so the story's
promise check (``prose_promises.story_promise``) does not refuse them as new:

* a version note of an easy / hard pair of problems: "The only difference is that in this version
n <= 10^5 and the sum of n for all test cases does not exceed 10^5", "In this version, n <= 3000 and the sum of
n does not exceed 10^4".  Each of its clauses restates a bound of the Input section; where every clause is one
already read (the same upper bound of the same name, the same total over the test cases), the note says
nothing new and leaves the story; a note with any other clause (a stricter bound, a bound of another name, any
other words) stays, and the story's check refuses it as a promise;
* a guarantee said again: "It is guaranteed all the x_i are distinct and all the k_i are distinct" in the story,
its words (less "that" and "the") a constraint line the Input section's reading holds, word for word.  The
line is enforced (or refused) where it is read; the story's copy adds nothing."""

from __future__ import annotations

import re

from microcoder_data.testgen.prose_promises import sentences

_NOTE = re.compile(
    r"(?:the only difference(?: between (?:the )?(?:two |easy and hard )?versions)? is(?: that)?,? )?"
    r"in this version,? (?:of the problem,? )?(.+?)\.?",
    re.I,
)
_BOUND = re.compile(r"([A-Za-z]\w*) ?(<=|<) ?([^<>=]+)")
_TOTAL = re.compile(
    r"the sum of ([A-Za-z]\w*)(?: (?:over|for|across|in) all (?:the )?test cases)? "
    r"(?:does not exceed|doesn't exceed|is at most|<=) (.+)",
    re.I,
)
_TERMS = re.compile(r"\s*(<=|<)\s*")  # a chain's terms and its relations


def _same(a: str, b: str) -> bool:
    return re.sub(r"\s+", "", a) == re.sub(r"\s+", "", b)


def _bound_read(name: str, op: str, bound: str, constraints: list[str]) -> bool:
    """Whether a constraint line's chain bounds ``name`` above as ``name <op> bound`` does."""
    for line in constraints:
        parts = _TERMS.split(line.strip())  # term, op, term, ...: "1 <= m <= n <= 3000"
        for k in range(0, len(parts) - 2, 2):
            if parts[k].strip() == name and parts[k + 1] == op and _same(parts[k + 2], bound):
                return True
    return False


def _clause_read(clause: str, constraints: list[str], totals: list[tuple[list[list[str]], str]]) -> bool:
    total = _TOTAL.fullmatch(clause)
    if total:
        return any(terms == [[total[1]]] and _same(bound, total[2]) for terms, bound in totals)
    bound = _BOUND.fullmatch(clause)
    return bool(bound) and _bound_read(bound[1], bound[2], bound[3].strip(), constraints)


def version_note_read(sentence: str, constraints: list[str], totals: list[tuple[list[list[str]], str]]) -> bool:
    """Whether ``sentence`` is a version note whose every clause (split at "and" and commas) is a bound read:
    ``n <= 3000`` an upper bound of n a constraint line states, ``the sum of n does not exceed 10^4`` a total
    over the test cases read (``ProseInput.totals``)."""
    m = _NOTE.fullmatch(sentence.strip())
    if not m:
        return False
    clauses = [c.strip() for c in re.split(r",? and |, ", m[1]) if c.strip()]
    return bool(clauses) and all(_clause_read(c, constraints, totals) for c in clauses)


def _words(text: str) -> str:
    return " ".join(re.sub(r"\b(?:that|the)\b", " ", text.strip().rstrip(".")).lower().split())


def guarantee_read(sentence: str, constraints: list[str]) -> bool:
    """Whether ``sentence`` is "It is guaranteed (that) <clause>" whose clause is, word for word (less "that"
    and "the", any case), a constraint line of ``constraints``."""
    m = re.fullmatch(r"(?:it is|it's) (?:also )?guaranteed,? (?:that )?(.+)", sentence.strip(), re.I)
    return bool(m) and any(_words(m[1]) == _words(line) for line in constraints)


def told_without_restated(told: str, constraints: list[str], totals: list[tuple[list[list[str]], str]]) -> str:
    """The story less its version notes and guarantees that restate what was read (see the module's doc)."""
    said = [s for s in sentences(told) if version_note_read(s, constraints, totals) or guarantee_read(s, constraints)]
    for sentence in said:  # cut where it stands (headings and lines around it kept as they are)
        told = told.replace(sentence, "")
    return told
