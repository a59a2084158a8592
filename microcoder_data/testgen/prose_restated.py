"""Story sentences that restate what the Input section's reading already holds (issue 37), so the story's
promise check (``prose_promises.story_promise``) does not refuse them as new:

* a version note of an easy / hard pair of problems: "The only difference is that in this version
n <= 10^5 and the sum of n for all test cases does not exceed 10^5", "In this version, n <= 3000 and the sum of
n does not exceed 10^4".  Each of its clauses restates a bound of the Input section; where every clause is one
already read (the same upper bound of the same name, the same total over the test cases), the note says
nothing new and leaves the story; a note with any other clause (a stricter bound, a bound of another name, any
other words) stays, and the story's check refuses it as a promise;
* a guarantee said again: "It is guaranteed all the x_i are distinct and all the k_i are distinct" in the story,
its words (less "that" and "the") a constraint line the Input section's reading holds, word for word;
* an order or distinctness said again of lists read so: "The sequences a and b are strictly increasing with a_k =
  n" where the Input section read ``a_i < a_{i+1} for every 1 <= i <= k-1`` (and b's, and ``a_k = n``), "It is
  guaranteed a is sorted" where it read ``a_1 <= a_2 <= ... <= a_n``, "In other words, p is a permutation" where
  it read p one: each list's fact implied by a line read (strictly increasing: sorted and distinct too); and
  "All types of chocolates are distinct (all a_i are distinct)": a parenthesis saying so, the same predicate;
* a clause word for word a constraint line read that says something in words ("where n is divisible by 3", "k = 1
  or k is a prime number" in the story, the same in the Input section's bounds): cut from its sentence;
* an introduction's words for what was read: "You are given two distinct integers x and y" (``x != y`` read),
  "You are given a permutation [a_1, ..., a_n]" (a read distinct, 1 <= a_i <= n, n of them): less that word.
The lines are enforced (or refused) where they are read; the story's copy adds nothing."""

from __future__ import annotations

import re
from collections.abc import Iterable

from microcoder_data.testgen.prose_items import ProseLine
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


_L = r"([A-Za-z][A-Za-z0-9]*)"  # a list's name (its _i apart)
_FACTS = [  # a constraint line read -> (its list, what it makes the list): implications below
    (rf"{_L} is sorted in strictly increasing order", "strict"),
    (rf"{_L} is sorted in non-decreasing order", "sorted"),
    (rf"{_L}_\{{?1\}}? < \1_\{{?2\}}? < \.\.\. < \1_\S+", "strict"),
    (rf"{_L}_\{{?1\}}? <= \1_\{{?2\}}? <= \.\.\. <= \1_\S+(?: <= \1_\S+)?", "sorted"),
    (rf"{_L}_i < \1_\{{i ?\+ ?1\}}(?: for (?:every|each|all) 1 <= i <= \S+)?", "strict"),
    (rf"{_L}_i <= \1_\{{i ?\+ ?1\}}(?: for (?:every|each|all) 1 <= i <= \S+)?", "sorted"),
    (rf"all (?:values of )?{_L}(?:_i)? are (?:pairwise )?(?:distinct|different)", "distinct"),
    (rf"{_L} is a permutation of .+", "permutation"),
]
_IMPLIED = {"strict": {"strict", "sorted", "distinct"}, "sorted": {"sorted"}, "distinct": {"distinct"}}
_IMPLIED["permutation"] = {"permutation", "distinct"}
_SAID = [  # a story clause of lists -> the fact it says of each
    (r"(?:strictly increasing|sorted in strictly increasing order)", "strict"),
    (r"(?:sorted|non-decreasing|sorted in non-decreasing order)", "sorted"),
    (r"(?:pairwise )?(?:distinct|different)", "distinct"),
    (r"an? permutations?", "permutation"),
]


def _facts(constraints: list[str]) -> set[tuple[str, str]]:
    out = set()
    for line in constraints:
        for pattern, fact in _FACTS:
            m = re.fullmatch(pattern, line.strip().rstrip("."))
            out |= {(m[1], f) for f in _IMPLIED[fact]} if m else set()
    return out


def order_read(sentence: str, constraints: list[str]) -> bool:
    """Whether ``sentence`` says of lists only an order, distinctness or being a permutation that lines read
    imply (see the module's doc), plus at most "with <a constraint line read>"."""
    lead = r"(?:(?:in other words|note that|also|moreover),? )?(?:it is (?:also )?guaranteed,? (?:that )?)?"
    lists = rf"(?:the (?:given )?(?:sequences?|arrays?|lists?|permutations?) )?(?:all )?{_L}(?:_i)?"
    lists += r"((?:,? and (?:all )?[A-Za-z][A-Za-z0-9]*(?:_i)?)*)"
    said = "|".join(p for p, _ in _SAID)
    m = re.fullmatch(
        rf"{lead}{lists} (?:is|are) (?:both |all |always )?({said})(?: with (.+))?", sentence.strip().rstrip("."), re.I
    )
    if not m:
        return False
    names = [m[1]] + re.findall(r"\b([A-Za-z][A-Za-z0-9]*)(?:_i)?\b", re.sub(r"\b(?:and|all)\b", " ", m[2] or ""))
    fact = next(f for p, f in _SAID if re.fullmatch(p, m[3], re.I))
    facts, extra = _facts(constraints), (m[4] or "").strip(" .")
    if extra and not any(_words(extra) == _words(line) for line in constraints):
        return False
    return all((n, fact) in facts for n in names if n)


def told_without_restated(
    told: str,
    constraints: list[str],
    totals: list[tuple[list[list[str]], str]],
    lines: Iterable[ProseLine] = (),
) -> str:
    """The story less its sentences restating what was read, and less the words of an introduction that say of
    values what was read (see the module's doc); ``lines``: the input's lines, whose lists' counts tell a
    permutation of 1..n read as its values distinct within 1..n."""
    counts = {x.names[0]: x.count for x in lines if x.count and len(x.names) == 1 and not (x.string or x.width)}
    said = [s for s in sentences(told) if _restated(s, constraints, totals)]
    for sentence in said:  # cut where it stands (headings and lines around it kept as they are)
        told = told.replace(sentence, "")
    for line in (c for c in constraints if re.search(r"\b(?:is|are)\b", c) and len(c) >= 10):  # a clause said again
        told = re.sub(rf"(?<![\w']){re.escape(line)}(?![\w'(])", "", told)
    facts = _facts(constraints) | _permutations(constraints, counts)
    for sentence in sentences(told):
        told = told.replace(sentence, introduced_read(sentence, facts, constraints))
    return told


def _permutations(constraints: list[str], counts: dict[str, str]) -> set[tuple[str, str]]:
    """Lists read distinct, each value within 1..their count: permutations of 1..count."""
    distinct = {n for n, f in _facts(constraints) if f == "distinct"}
    ranged = {
        m[1]
        for c in constraints
        if (m := re.fullmatch(r"1 <= ([A-Za-z]\w*)_i <= (\S+)", c)) and counts.get(m[1]) == m[2]
    }
    return {(n, "permutation") for n in distinct & ranged}


_NOUN = r"(?:(?:non-negative|positive|non-zero) )*(?:integers|numbers|arrays|sequences|strings)"
_NAMES = r"[A-Za-z]\w*(?:(?:,| and|, and) [A-Za-z]\w*)*"
_ELEMENTS = r"\[?\s*([A-Za-z]\w*)_\{?1\}?\s*,\s*\2_\{?2\}?\s*,\s*(?:\.\.\.|…)\s*,?\s*\2_\{?\w+\}?\s*\]?"


def introduced_read(sentence: str, facts: set[tuple[str, str]], constraints: list[str]) -> str:
    """ "You are given two distinct non-negative integers x and y" (``x != y`` read), "Given two arrays of distinct
    positive integers a and b" (each read distinct), "You are given a permutation [a_1, a_2, ..., a_n]" (read
    one): the sentence less the word the lines read imply ("distinct", "a permutation" as "an array"); else as
    it is."""

    def distinct(m: re.Match[str]) -> str:
        names = [re.sub(r"_\{?i\}?$", "", n) for n in re.split(r",? and |, ", m[2])]
        pair = len(names) == 2 and {f"{names[0]} != {names[1]}", f"{names[1]} != {names[0]}"} & set(constraints)
        lists = all((n, "distinct") in facts for n in names)
        return f"{m[1]} {m[2]}" if pair or lists else m[0]

    def permutation(m: re.Match[str]) -> str:
        return f"an array {m[1]}" if (m[2] or m[3], "permutation") in facts else m[0]

    s = re.sub(rf"\b(?:pairwise )?(?:distinct|different) ({_NOUN}) ({_NAMES})\b", distinct, sentence)
    return re.sub(rf"\ban? permutations? ((?:{_ELEMENTS})|([A-Za-z]\w*)\b)", permutation, s)


def glossed_read(sentence: str, constraints: list[str]) -> bool:
    """ "Unfortunately, all types of chocolates are distinct (all a_i are distinct)": the story's words for what
    its parenthesis says of lists (``order_read``), the same predicate said of both."""
    m = re.fullmatch(r"(.+?) (?:is|are) (?:all |always )?([\w -]+?) \((?:i\.e\.,? |that is,? )?([^()]+)\)", sentence)
    said = re.search(r" (?:is|are) (?:both |all |always )?([\w -]+?)(?: with .+)?$", m[3]) if m else None
    return bool(m and said) and m[2].lower() == said[1].lower() and order_read(m[3], constraints)


def _restated(sentence: str, constraints: list[str], totals: list[tuple[list[list[str]], str]]) -> bool:
    s = sentence.strip().rstrip(".")
    return (
        version_note_read(s, constraints, totals)
        or guarantee_read(s, constraints)
        or order_read(s, constraints)
        or glossed_read(s, constraints)
    )
