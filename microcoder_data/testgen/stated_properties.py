"""A property of an input stated in the body without "guarantee" (issue 37, valid or none).

"You are given two integers a and b. ... a and b are coprime.", "Given an array of distinct integers
arr, where arr is sorted in ascending order, return ...", "You are given integers A and B, and A and B
are coprime.": the Constraints reader never sees the body, and the defined-word rule
(``defined_qualifiers``) speaks only of words the body defines, so inputs drawn from the Constraints
alone break the sentence.  A clause that opens a sentence (after "Note that", "Here,", ...) or follows
"where", ", and" or ";", whose subject is inputs (``a and b``, ``nums[i]``, ``All the elements of
nums``, ``S_i``) and whose predicate carries a property word (:data:`_PROPERTY`: coprime, distinct,
prime, sorted, positive, odd, ...) is one constraint line more: read and enforced like any line, or
the spec is refused as a ``promise`` naming the sentence (``inputspec._promised_lines``; with no
Constraints section it is read over the examples' spans).  A clause
after the task's words (``return true if a and b are coprime``, ``the count of pairs where ...``)
speaks of the task, not the input; one whose property a Constraints line says of the same inputs
(the same word there) is that line's, read there.
"""

from __future__ import annotations

import re

from microcoder_data.testgen.promises import is_promise
from microcoder_data.testgen.prose_promises import split_sentences
from microcoder_data.testgen.statement_lines import body_text
from microcoder_data.testgen.unread_properties import (
    bounded_below,
    input_sentences,
    refuse_graph_property,
    refuse_unread,
)

# words of a property of the values the types and ranges do not hold by themselves
_PROPERTY = re.compile(
    r"\b(?:co-?prime|relatively prime|distinct|unique|different|prime|sorted|positive|negative|non-?negative"
    r"|non-?positive|even|odd|(?:strictly |non-?)?(?:in|de)creasing|ascending|descending|palindromes?"
    r"|permutations?)\b",
    re.I,
)
_LEAD = r"(?:(?:note that|recall that|here|also|moreover|furthermore|in addition|additionally),? )*"
# where a clause about the input may start in a sentence: its start, or after these
_OPENING = re.compile(r",? where |, and (?:that )?|; | and (?=\S+ (?:is|are) )", re.I)
# the task's words before a clause: it speaks of what to compute ("return true if a and b are coprime")
_TASK_BEFORE = re.compile(
    r"\b(?:if|iff|whether|until|so that|such that|make|return|returns|check|determine|find|count"
    r"|print|output|compute|calculate|when|whenever|after|each (?:operation|step|move))\b",
    re.I,
)
_OF = r"(?:(?:elements?|values?|integers?|numbers?|entries|items?|characters?|strings?|words?) (?:of|in) )"
_KIND = r"(?:the (?:given )?(?:array|list|string|sequence|integers?|numbers?|strings?) )"
_ALL = r"(?:(?:both|all|each|every)(?: of)? (?:the )?)"


def _subject(names: list[str]) -> str:
    """An input's name as a clause's subject: plain, at a position (``nums[i]``, ``A_i``, ``A_{i}``)."""
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    one = rf"(?:{alt})(?:\[\w+\]|_\{{?\w+\}}?)?(?![\w\[])"
    return rf"{_ALL}?(?:the )?{_OF}?{_KIND}?{one}(?:(?:,| and|, and) {one})*"


# a predicate that defines a word ("arr is called K-increasing if ..."): defined_qualifiers' matter
_DEFINES = re.compile(r"\b(?:if|iff|when|called|named|said|defined|considered)\b", re.I)


def _one_each(text: str) -> bool:
    """No input named at two different positions (``nums[i], nums[j], and nums[k] are pairwise distinct``:
    a condition on the task's indices, not on the input)."""
    named = set(re.findall(r"([A-Za-z]\w*)(?:\[(\w+)\]|_\{?(\w+)\}?)", text))
    return len(named) == len({n for n, *_ in named})


def _clauses(sentence: str, names: list[str]):
    """Each (clause, subject) of ``sentence`` stating a property of inputs (see the module's doc)."""
    said = re.compile(
        rf"{_LEAD}(?P<clause>(?P<subject>{_subject(names)}) (?:is|are) (?P<predicate>[^,;:()]+?))(?=[.,;]\s|[.,;]?$)",
        re.I,
    )
    # " and " after an input's name joins subjects ("a and b are coprime"), after any other word clauses
    named = re.compile(rf"(?<![\w.\[])(?:{'|'.join(re.escape(n) for n in names)})(?:\[\w+\]|_\{{?\w+\}}?)?$")
    openings = [o for o in _OPENING.finditer(sentence) if o[0] != " and " or not named.search(sentence[: o.start()])]
    starts = [0] + [m.end() for m in openings]
    ends = [m.start() for m in openings] + [len(sentence)]
    for before, start, end in zip([0, *starts], starts, ends):
        if _TASK_BEFORE.search(sentence[:start]):
            break  # every later clause follows the task's words too
        m = said.match(sentence, start, end)
        # the subject with the clause before it: "nums[i], nums[j], and nums[k] are ..." is one subject
        whole = sentence[before : m.end("subject")] if m else ""
        if m and _PROPERTY.search(m["predicate"]) and not _DEFINES.search(m["predicate"]) and _one_each(whole):
            yield re.sub(r" (is|are) always ", r" \1 ", m["clause"]), m["subject"]  # "n is always even"


# words that may stand between an article and an array's noun without saying more of it ("a sorted 0-indexed
# integer array"); any other ("the sorted rotated array nums") leaves the sentence to refuse_unread
_PLAIN = r"(?:(?:0-indexed|1-indexed|zero-indexed|integer) )*"
_ORDER_WORD = r"sorted|(?:strictly )?(?:non-?)?(?:in|de)creasing|ascending|descending"


def _order_clause(word: str) -> str:
    """The predicate of an order word written before a noun: "sorted" is LeetCode's non-decreasing."""
    word = word.lower()
    return "is sorted" if word == "sorted" else f"is sorted in {word} order"


def _given(sentence: str, names: list[str]):
    """Each (clause, subject) of a property a ``given`` sentence writes beside an input's name:
    ``nums sorted in non-decreasing order``, ``an array of distinct integers arr``, ``nums of unique
    elements`` (read as ``nums is sorted in non-decreasing order``, ``arr are distinct``); before the
    noun: ``a sorted unique integer array nums``, ``two non-increasing arrays nums1 and nums2``; a parity
    of a length (``a string s of even length n``: ``s.length is even``); a relation after "with"
    (``two integers left and right with left <= right``)."""
    if not re.search(r"\bgiven\b", sentence, re.I):
        return
    one = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    alt = rf"(?:{one})(?:(?:,| and|, and) (?:{one}))*"  # "nums1 and nums2, sorted ...": each of them
    items = r"(?P<items>(?:\w+ )?(?:integers|numbers|elements|values|strings|words|points|characters|digits|letters))"
    # "sorted in ascending order by endi" / "of absolute value": the order's key goes with it (read, or refused)
    order = r"sorted in [\w -]+? order(?: (?:of|by|according to|with respect to) [^,.;()]+)?"
    forms = (
        (
            rf"(?<![\w.\[])(?<!length )(?<!size )(?P<name>{alt})(?: of (?:\w+ ){{0,2}}{items})?,?"
            rf" (?:that (?:is|are) |which (?:is|are) )?(?:already )?(?P<said>{order})",
            "is",
        ),
        (rf"\bof (?P<said>distinct|unique|pairwise distinct) {items} (?P<name>{alt})(?![\w\[])", "consists"),
        (
            rf"(?<![\w.\[])(?P<name>{alt})(?: of (?:length|size) \w+)?,? (?:of|with|containing|consisting of|(?:that |which )?consists of|(?:that |which )?contains) (?:\w+ )?(?P<said>distinct|unique) {items}",
            "consists",
        ),
    )
    for form, verb in forms:
        for m in re.finditer(form, sentence, re.I):
            if not _TASK_BEFORE.search(sentence[: m.start()]):
                said = f"consists of distinct {m['items']}" if verb == "consists" else f"is {m['said'].strip()}"
                for name in re.findall(rf"(?<![\w.\[])(?:{one})(?![\w\[])", m["name"]):
                    yield f"{name} {said}", name
    yield from _before_the_noun(sentence, names)
    yield from _parity_and_relation(sentence, names)
    yield from _signs(sentence, names)


# what may follow an input's name for a form read beside it to be all the sentence says of it: the sentence's end,
# the task ("..., return x"), the length or a count of the items ("of length n", "of n positive integers"), or the
# next input named plainly and nothing after it ("and an integer k."); anything else ("nums in reverse order",
# ", largest first", "where nums[0] == 0", "and an integer k that appears in nums", ", a two-digit number") leaves
# the sentence to refuse_unread
_TASK_VERB = (
    r",? (?:and )?(?:return|find|determine|compute|count|output|print|pair|split|divide|partition|choose|select"
    r"|add|patch|make)\b"
)
_ENDS_THERE = (
    r"(?: of (?:length|size) [A-Za-z]\w*(?: and [A-Za-z]\w*)?(?: respectively)?"
    r"| of (?:[A-Za-z] )?(?:positive |non-negative )?(?:integers|elements|numbers))?"
    r"(?=\s*(?:\.|$)"
    rf"|{_TASK_VERB}"
    r"|,? (?:and )?(?:an?|two|another) (?:integer|array|string|list)s? [A-Za-z]\w*(?: and [A-Za-z]\w*)?"
    rf"(?:\s*(?:\.|$)|{_TASK_VERB}))"
)


# the forms below are compiled once (any identifier where a name stands, the names checked after: compiling one
# pattern per problem's names cost more than the whole reading)
_ANY = r"[A-Za-z_]\w*"
_ANY_LIST = rf"{_ANY}(?:(?:,| and|, and) {_ANY})*"
_ITEMS = r"(?:(?:distinct|unique|positive|non-negative) )?(?:integers|numbers|elements|values|strings|words|characters)"
_BEFORE_THE_NOUN = re.compile(
    rf"\b(?:an?|two|three|the) {_PLAIN}(?P<order>{_ORDER_WORD}) {_PLAIN}(?:(?P<distinct>unique|distinct) )?"
    rf"{_PLAIN}(?:arrays?|lists?|sequences?) (?:of {_ITEMS} )?(?P<name>{_ANY_LIST})(?![\w\[]){_ENDS_THERE}",
    re.I,
)
# "of even length n", not "with even length rows" (of each row) nor "of even length greater than 2"
_PARITY = re.compile(
    rf"(?<![\w.\[])(?P<name>{_ANY_LIST}) (?:of|with|having) (?:an? )?(?P<parity>even|odd) length(?: [A-Za-z])?"
    rf"{_ENDS_THERE}",
    re.I,
)
_WITH_RELATION = re.compile(
    rf"\bwith (?P<relation>(?P<left>{_ANY}) (?:<=|<|>=|>|!=) (?P<right>{_ANY}))(?=[.,;](?:\s|$)|$)"
)
_SIGN = r"(?P<sign>positive|non-?negative)"
_SIGN_FORMS = (
    (re.compile(rf"\b(?:an?|two|three) {_SIGN} (?:integers?|numbers?) (?P<name>{_ANY_LIST})(?![\w\[]){_ENDS_THERE}", re.I), "is"),
    (re.compile(rf"(?<![\w.\[])(?P<name>{_ANY_LIST}),? (?:consisting of|that consists? of|of|containing) (?:only )?{_SIGN} (?:integers|numbers)\b{_ENDS_THERE}", re.I), "consists"),
    (re.compile(rf"\b(?:an? )?(?:array|list) of {_SIGN} (?:integers|numbers) (?P<name>{_ANY_LIST})(?![\w\[]){_ENDS_THERE}", re.I), "consists"),
)  # fmt: skip


def _inputs(listed: str, names: list[str]) -> list[str]:
    """The names of ``listed`` ("nums1 and nums2"), or none where any of its words is no input's."""
    words = [w for w in re.findall(r"[A-Za-z_]\w*", listed) if w != "and"]
    return words if words and all(w in names for w in words) else []


def _before_the_noun(sentence: str, names: list[str]):
    """``a sorted unique integer array nums``, ``a strictly increasing array arrival``: an order word (and
    "unique"/"distinct") between the article and the noun, only plain words beside them (:data:`_PLAIN`)."""
    for m in _BEFORE_THE_NOUN.finditer(sentence):
        if _TASK_BEFORE.search(sentence[: m.start()]):
            continue
        for name in _inputs(m["name"], names):
            yield f"{name} {_order_clause(m['order'])}", name
            if m["distinct"]:
                yield f"{name} consists of distinct integers", name


def _parity_and_relation(sentence: str, names: list[str]):
    """``nums of even length``/``s of odd length n`` (``nums.length is even``) and ``left and right with
    left <= right`` (``left <= right``)."""
    for m in _PARITY.finditer(sentence):
        if not _TASK_BEFORE.search(sentence[: m.start()]):
            for name in _inputs(m["name"], names):
                yield f"{name}.length is {m['parity'].lower()}", name
    for m in _WITH_RELATION.finditer(sentence):
        if not _TASK_BEFORE.search(sentence[: m.start()]) and m["left"] in names and m["right"] in names:
            yield m["relation"], m["left"]


def _signs(sentence: str, names: list[str]):
    """``a positive integer k``, ``two non-negative integers a and b``, ``nums1 and nums2 consisting of positive
    integers``, ``an array of positive integers nums``: ``k is positive``, ``nums1 consists of positive integers``
    (range_words.sign_in_words reads them; stated_properties keeps those the Constraints do not bound so)."""
    for form, verb in _SIGN_FORMS:
        for m in form.finditer(sentence):
            if _TASK_BEFORE.search(sentence[: m.start()]):
                continue
            said = f"is {m['sign'].lower()}" if verb == "is" else f"consists of {m['sign'].lower()} integers"
            for name in _inputs(m["name"], names):
                yield f"{name} {said}", name


# words for one property: a Constraints line saying any of them says the clause's
# (a permutation: distinct values, the range a line of their own bounds)
_SAME = (
    {"distinct", "unique", "different"},
    {"coprime", "co-prime", "relatively prime"},
    {"permutation", "distinct", "unique"},
)


def _said_there(subject: str, clause: str, names: list[str], lines: list[str]) -> bool:
    """Whether a Constraints line says the clause's property (its word) of the same inputs."""
    named = [n for n in names if re.search(rf"(?<![\w.]){re.escape(n)}(?![\w(])", subject)]
    words = {w.lower() for w in _PROPERTY.findall(clause)}
    words |= {w for same in _SAME if words & same for w in same}
    for line in lines:
        # the line's subject: what comes before its property word ("target is a permutation of nums" is target's)
        at = [m.start() for w in words for m in re.finditer(rf"\b{re.escape(w)}\b", line, re.I)]
        subject = line[: min(at)] if at else ""
        if at and all(re.search(rf"(?<![\w.]){re.escape(n)}(?![\w(])", subject) for n in named):
            return True
    return False


def _held(clause: str, subject: str, lines: list[str] | None) -> bool:
    """Whether a sign clause of :func:`_signs` says what a Constraints range of its input holds already (it is
    then no clause: nor does it carry the word for another input); with no Constraints it is read on the spans."""
    sign = re.search(r" (?:is|consists of) (positive|non-?negative)(?: integers)?$", clause)
    return bool(sign) and lines is not None and bounded_below(subject, sign[1], lines)


def stated_properties(statement: str, names: list[str], lines: list[str] | None) -> list[tuple[str, str]]:
    """(sentence, clause) of each property of inputs ``names`` the body states (see the module's doc) and
    no line of ``lines`` (the Constraints) says; a sentence worded as a promise is ``promises``'."""
    if not names:
        return []
    out = []
    defining = 0  # sentences left of a definition's list ("... is beautiful if it satisfies the following:")
    for sentence in input_sentences(split_sentences(body_text(statement)), names):
        listing = sentence.endswith(":") and re.search(rf"{_DEFINES.pattern}|following|conditions?", sentence, re.I)
        defining = 4 if listing else max(0, defining - 1)
        if is_promise(sentence):
            continue
        refuse_graph_property(sentence, lines)
        read = [(c, n) for c, n in [*_clauses(sentence, names), *_given(sentence, names)] if not _held(c, n, lines)]
        if not defining or re.match(r"(?:you are )?given\b", sentence, re.I):
            refuse_unread(sentence, read, names, lines)
        for clause, subject in read:
            if not _said_there(subject, clause, names, lines or []):
                out.append((sentence, clause))
    return out
