"""Lists read as permutations: a gloss that calls the line's list the permutation ("— the elements of the
permutation"), a guarantee ("It is guaranteed that p is a permutation") and the story's "You are given a
permutation p_1, p_2, ..., p_n" / "a permutation p of length n" / "of integers from 1 to n".

Drawn a permutation of 1..n (or 0..n-1) as the list's own range says, n its length.  Whatever the sentence
says of the permutation's length or values (``of length n``, its last subscript, ``1, 2, ..., n``) must be
what the Input section read, or the reading is refused: a permutation of n elements in a list of m is none."""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.prose_glosses import DIRECTION, says_nothing_more
from microcoder_data.testgen.prose_items import ProseLine
from microcoder_data.testgen.prose_promises import is_task, sentences
from microcoder_data.testgen.spec_model import _Unsupported

PERMUTATION = "permutation: "  # how prose_format._without_gloss marks a gloss calling the line's list a permutation
PERMUTATION_GLOSS = re.compile(
    r"(?:denoting |representing )?(?:the |a )?(?:(?:elements|values) of (?:the )?)?(?:initial |given )?permutations?"
    # after "permutation" only its length, its values 1..n or its name: "in which no element stays in its place",
    # "of even length", "whose first element is n", "that consists of one cycle" say more (refused)
    r"(?: [A-Za-z](?:_\{?\w+\}?)?| itself| of [A-Z][a-z]+)?"  # "the permutation of Alice": whose
    r"(?: of length [A-Za-z]\w*| of (?:the )?(?:numbers|integers) (?:from 1 to|1, 2, \.\.\.,) [A-Za-z]\w*)?"
    r"|(?:the )?(?:elements|values) of [A-Za-z]\w*,? which (?:are guaranteed to )?form a permutation",
    re.I,
)
# a permutation of plain things ("— the permutation of the predicted ratings"), or the order they stand in
# ("— the initial order of the members from front to back": each member once); its nouns may say nothing more
# (says_nothing_more: "of the odd numbers", "of the first n integers" refuse).  A bare "the order of the dishes"
# is no arrangement for sure (an order placed): only an initial or current order, or one written in a direction
_OF_PLAIN = r"(?:the )?((?:[a-z]{3,} ){0,2}[a-z]{3,}s)"
_PLAIN_PERMUTATION = re.compile(
    rf"(?:the |a )?(?:initial |given )?permutation of {_OF_PLAIN}"
    rf"|(?:the )?(?:initial|current) order of {_OF_PLAIN}(?:,? {DIRECTION})?|(?:the )?order of {_OF_PLAIN},? {DIRECTION}",
    re.I,
)


def permutation_gloss(gloss: str) -> bool:
    """Whether a gloss calls the line's list a permutation and says no more (read as one: ``permutation``)."""
    plain = _PLAIN_PERMUTATION.fullmatch(gloss.strip())
    nouns = plain and next(g for g in plain.groups() if g)
    return bool(PERMUTATION_GLOSS.fullmatch(gloss.strip()) or (nouns and says_nothing_more(nouns)))


def word_permutation(m: re.Match[str]) -> str:
    """ "a string T that is a permutation of the string abc" (``m``: the string's words, its name, the word) in
    the words a string line is read in: its length, its characters, none twice -- drawn so and checked.  A word
    with a repeated character is left as it was (refused)."""
    string, name, word = m.group(1), m.group(2), m.group(3)
    if len(set(word)) != len(word):
        return m.group(0)
    # the distinctness before the characters: a parenthesis after them is taken for theirs
    return f"{string} of length {len(word)} (|{name}| = {len(word)}, {name}_i != {name}_j for i != j) consisting of {_chars(word)}"


def _chars(word: str) -> str:
    return "characters " + ", ".join(word[:-1]) + " and " + word[-1]


def word_permutation_read(line: str, read: list[str]) -> bool:
    """Whether "T is a permutation of the string abc" (a guarantee of the story) is what the Input section read of
    T (``read``: its constraint lines, as :func:`word_permutation` has them read): said twice, enforced once."""
    m = re.fullmatch(r"([A-Za-z]\w*) is a permutation of (?:the (?:string|word) )?([a-z0-9]{2,})", line.strip())
    said = m and [f"|{m[1]}| = {len(m[2])}", f"all values of {m[1]} are distinct", f"{m[1]} consists of {_chars(m[2])}"]
    return bool(said) and all(x in read for x in said or [])


def _refuse(sentence: str) -> _Unsupported:
    return _Unsupported(f"a permutation not understood: {sentence!r}", kind="promise", line=sentence)


def permutation(line: ProseLine, reading: Any, sentence: str) -> None:
    """A list read as a permutation (``reading``: prose_format's ProseInput): of 1..n (or 0..n-1) as its own range
    says, n its length; drawn so.  Anything else called a permutation is refused."""
    name, count = line.names[0], line.count
    stated = [c for c in reading.constraints if re.fullmatch(rf"\S+ <= {name}_i (?:<=|<) \S+", c)]
    span = re.fullmatch(rf"(\S+) <= {name}_i (<=|<) (\S+)", stated[-1]) if stated and count else None
    ends = span and (span.group(1), span.group(3) if span.group(2) == "<=" else f"{span.group(3)}-1")
    if line.string or line.block or not ends or ends not in (("1", count), ("0", f"{count}-1")):
        raise _refuse(sentence)
    reading.constraints.append(f"{name} is a permutation of ({ends[0]}, ..., {ends[1]})")
    reading.perms.append(name)


def story_lengths(name: str, sentence: str) -> list[str]:
    """The lengths the story's sentence says its permutation has: "of length n", "consisting of n integers", the
    last subscript of "p_1, p_2, ..., p_n"."""
    said = re.findall(r"\bof length (\w+)|\bconsisting of (\w+) (?:integers|numbers|elements)", sentence)
    last = re.search(rf"\b{re.escape(name)}_\{{?(\w+)\}}?\]?\.?$", sentence.strip())
    return [a or b for a, b in said] + ([last.group(1)] if last and last.group(1) != "1" else [])


def of_story(reading: Any, name: str, sentence: str, top: str | None) -> bool:
    """ "You are given a permutation p_1, ..., p_n" of a list read: drawn so (``permutation``); its range
    "1, 2, ..., n" where the sentence says it and the Input section does not.  A length or top other than the
    list's count, or a range stated other than 1..top, is refused."""
    listed = [line for line in reading.lines if line.names == [name] and line.count]
    stated = [c for c in reading.constraints if re.match(rf"\S+ <= {name}_i (?:<=|<) ", c)]
    if listed and any(x != listed[0].count for x in story_lengths(name, sentence) + ([top] if top else [])):
        raise _refuse(sentence)  # "a permutation p of length n" where p has m elements
    if listed and top and stated and not all(c.replace(" ", "") == f"1<={name}_i<={top}" for c in stated):
        raise _refuse(sentence)  # "of integers from 1 to n" where the Input section says 0 <= p_i < n
    if listed and top and not stated:
        reading.constraints.append(f"1 <= {name}_i <= {top}")
    if listed and name not in reading.perms:
        permutation(listed[0], reading, sentence)
    return bool(listed)


PERMUTATION_WORD = re.compile(r"\bpermutations?\b", re.I)


# the usual footnote defining a permutation; any other definition ("... in arbitrary order such that no element is at
# its own position") changes the word and refuses (:func:`unusual_definition`)
_DEFINED = re.compile(
    r"an? permutations?(?: (?:p|q) )?(?: of (?:length|size) \w+| of \w+ (?:integers|elements|numbers))? (?:is|are) "
    r"(?:an? |the )?(?:arrays?|sequences?)\b(?P<rest>[^.]*)\.?",
    re.I,
)
_USUAL = re.compile(
    r" (?:(?:consisting )?of \w+ distinct integers from 1 to \w+(?: in (?:arbitrary|any) order)?"
    r"|containing (?:all|each) (?:numbers?|integers?) from 1 to \w+ exactly once"
    r"|of \w+ integers,? (?:where|in which) each integer from 1 to \w+ (?:occurs|appears) exactly once"
    r"|of integers from 1 to \w+ of length \w+ containing each number exactly once"
    r"|of length \w+ containing each integer from 1 to \w+ exactly once)",
    re.I,
)


def usual_permutation_words(story: str, perms: list[str]) -> str:
    """The story of an input whose every list is read as a permutation (``perms``), less the word where it says no
    more than that reading: the usual definition and its examples ("For example, [2,3,1,5,4] is a permutation"), and
    the word naming a list read so ("the permutation p", "p is a permutation"). Anywhere else the word stays, for the
    story's check ("In this problem, a permutation never has p_i = i" refuses)."""
    names = "|".join(map(re.escape, sorted(perms, key=len, reverse=True)))
    naming = re.compile(rf"\bpermutations? (?=(?:{names})(?:_|\b))|(?<![\w.])((?:{names}) is an? )permutation\b", re.I)
    return "\n\n".join(
        PERMUTATION_WORD.sub("", s) if _is_usual(s) or _EXAMPLE.fullmatch(s.strip()) else _named_in_task(s, naming)
        for s in sentences(story)
    )


def _named_in_task(sentence: str, naming: re.Pattern[str]) -> str:
    """The word naming a permutation list dropped in a task's sentence only ("Find the number of cycles in the
    permutation p"); "The permutation p has no fixed points" keeps it (the story's check refuses)."""
    return naming.sub(r"\1", sentence) if is_task(sentence) else sentence


# the usual examples, no more: "For example, [2,3,1,5,4] is a permutation, but [1,2,2] is not a permutation (2
# appears twice in the array), and [1,3,4] is also not a permutation (n=3 but there is 4 in the array)."
_EXAMPLE = re.compile(
    r"for example, (?:(?:,? (?:but|and) )?\[[^\]]*\] is (?:also )?(?:not )?an? permutation(?: \([^()]*\))?)+\.?",
    re.I,
)
# a sentence defining the word itself, in another form than _DEFINED ("We call an array p a permutation if ...", "A
# permutation of length n is an ordering of ..."); not one defining another word of a permutation ("A permutation p
# is called simple if", "Let's call the value of a permutation p ...")
_DEFINES_WORD = re.compile(
    r"^an? permutations?\b[^,;]*? (?:is|are) (?:an?|the) (?!\w+ (?:if|when)\b)"
    r"|\bcall(?:ed)? (?:an? |the )?(?:array|sequence|list|it|[a-z]) (?:[a-z] )?an? permutation\b"
    r"|\b(?:is|are) called (?:an? )?permutations?\b",
    re.I,
)


def _is_usual(sentence: str) -> bool:
    m = _DEFINED.fullmatch(sentence.strip())
    return bool(m and _USUAL.fullmatch(m.group("rest")))


def unusual_definition(story: str) -> str | None:
    """The sentence defining "permutation" otherwise than the usual footnote does, or None."""
    for sentence in sentences(story):
        said = _DEFINED.fullmatch(sentence.strip()) or _DEFINES_WORD.search(sentence)
        if said and not _is_usual(sentence) and not _EXAMPLE.fullmatch(sentence.strip()):
            return sentence
    return None
