"""An input introduced with a word the statement's body defines (issue 37, valid or none).

"A sentence can be shuffled by appending the 1-indexed word position to each word ..." and then
"Given a shuffled sentence s ..., reconstruct ...": s carries a property (each word ends in its
position) that no Constraints line states, so inputs drawn from the Constraints alone break it.
The same shape: "You are given a beautiful array nums" after "An array is beautiful if ...",
"Given a valid parentheses string s" after "A valid parentheses string is ...".

A definition is a sentence of one of these shapes (its word W; ``prose_promises._DEFINITION``
tells definitions from promises in Codeforces stories and shares its naming words, ``NAMED`` and
``WE_CALL``, with this module, which also says *what* is defined):

* ``A/An X is|are|can be [called|said to be|considered] [a] W if|when|by ...``;
* ``... is called|said to be|considered|defined as|named W``;
* ``We call|say|define ... W if|when ...``;
* ``A W X is|are a|an|the|one|defined|called ...`` (W: the modifiers of X, all of them).

An input is qualified by W when a sentence saying ``given`` writes W in the noun phrase just
before the input's name (``a shuffled sentence s``: shuffled, sentence) or after it, up to the next
input or the clause's end (``nums, a beautiful array``, ``nums of lucky integers``), or a clause says
the input is W (``nums that is beautiful``, ``the array nums you are given is beautiful``).  Unless a
line of the Constraints (every one of which is read or refused) names W too, a reading there enforcing
it (``s is a valid parentheses string``), and the body's definition is the one that reading knows
(:func:`known_definition`), the spec is refused as a ``promise`` naming the sentence
that introduces the input.  Words that define nothing a type, alphabet or range reading does not
already hold (``0-indexed``, ``integer``, ``binary``, ``positive``, ``non-empty``, ``two``, ``m x n``)
are never qualifiers."""

from __future__ import annotations

import re

from microcoder_data.testgen.prose_promises import NAMED, WE_CALL, sentences
from microcoder_data.testgen.spec_model import _Unsupported
from microcoder_data.testgen.statement_lines import body_text

_WORD = r"[A-Za-z][\w/'-]*"
_CONDITION = r"(?:if|iff|when|whenever|only if|provided|by)\b"
# "An array is beautiful if", "A sentence can be shuffled by", "A string is called a palindrome if"
_CONDITIONAL = re.compile(
    rf"^(?:an?|two) (?:(?!(?:is|are|that|which|who|can|could|if|when) )[^,;:.\s]+ ){{1,5}}"
    rf"(?:{NAMED} |(?:is|are|can be|could be) )(?:an? |the )?({_WORD}) {_CONDITION}",
    re.I,
)
_CALLED = re.compile(rf"\b{NAMED} (?:an? |the )?({_WORD})", re.I)
_WE_CALL = re.compile(rf"\b{WE_CALL}\b[^.;:]*? ({_WORD}) {_CONDITION}", re.I)
# "A valid parentheses string is ...": the modifiers before the head noun
_MODIFIED = re.compile(rf"^an? ((?:{_WORD} ){{1,3}}){_WORD} (?:is|are) (?!given|guaranteed|provided|not\b)", re.I)
# words that define nothing a type, alphabet or range reading does not hold already
_HARMLESS = re.compile(
    r"(?:\d+|zero|one)-?indexed|integers?|numbers?|strings?|arrays?|lists?|matri(?:x|ces)|grids?|characters?|words?"
    r"|2d|2-d|binary|decimal|positive|negative|non-?negative|non-?zero|non-?empty|empty|lowercase|uppercase|english"
    r"|latin|alphanumeric|circular|cyclic|(?:un)?directed|weighted|two|three|four|[a-z]|x|by|of|and|the|an?|some|given|following|new|same|different|other|only|another",
    re.I,
)
# "A parentheses string is a non-empty string consisting only of '(' and ')'": an alphabet, which the
# Constraints' alphabet lines (or the examples' characters) bound already
_ALPHABET_ONLY = re.compile(
    r"\b(?:is|are) an? (?:non-?empty )?(?:string|sequence|array|list)s? (?:that )?(?:consisting|consists|made up|composed)"
    r" (?:only |solely |entirely )?of\b(?!.*\b(?:if|such that|where|which|so that|and no|but)\b)",
    re.I,
)
_ARTICLE = {"a", "an", "the", "some", "two", "three"}
# the task's verbs end the phrase after an input's name ("Given nums return the number of good pairs")
_TASK = (
    r"return|returns|find|determine|compute|calculate|count|output|print|check|answer|your task|such that|so that"
    r"|then|and you|represent\w*|denot\w*|describ\w*|indicat\w*|of (?:equal |the same )?(?:length|size)"
)  # the task, or what the input stands for ("img representing the grayscale of an image")
_FUNCTION = {"of", "and", "or", "is", "are", "if", "in", "to", "with", "for", "that", "which", "return", "given"}


def definitions(body: str) -> list[tuple[frozenset[str], str]]:
    """(the defined word(s), the defining sentence) of each definition in ``body`` (see above)."""
    out = []
    for s in sentences(body):
        if _ALPHABET_ONLY.search(s):
            continue
        found = [m.group(1) for p in (_CONDITIONAL, _CALLED, _WE_CALL) if (m := p.search(s))]
        # "A parentheses string is valid if ...": valid is defined, the subject's modifiers are not
        modified = None if found else _MODIFIED.search(s)
        words = [[w] for w in found] + ([modified.group(1).split()] if modified else [])
        for group in words:
            kept = frozenset(w.lower() for w in group if not _HARMLESS.fullmatch(w))
            if kept and (kept, s) not in out:  # "A binary tree is": a harmless word is no definition's
                out.append((kept, s))
    return out


def qualifiers(sentence: str, names: list[str]) -> dict[str, set[str]]:
    """Each input name introduced in ``sentence`` (one saying ``given``) -> the words of its noun
    phrase (``Given a shuffled sentence s``, ``..., and a beautiful array nums`` -> shuffled, sentence;
    beautiful, array): the words right before the name, after an article that follows ``given``, ``and``
    or a comma -- not a name spoken of later (``return the number of arithmetic subarrays of nums``)."""
    if not re.search(r"\bgiven\b", sentence, re.I):
        return {}
    out: dict[str, set[str]] = {}
    for name in names:  # "two good sequences of length N: A=(A_1, ..., A_N)": the phrase is A's
        sentence = re.sub(rf"(?: of (?:length|size) \S+?)?:\s+(?={re.escape(name)}\s*=)", " ", sentence)
        for m in re.finditer(rf"(?<![\w.\[]){re.escape(name)}(?![\w\[(])", sentence):
            words = re.findall(r"[^\s,;:]+|[,;:]", sentence[: m.start()])
            k = len(words)
            while k > 0 and (re.fullmatch(_WORD, words[k - 1]) or re.fullmatch(r"\d[\w-]*", words[k - 1])):
                if words[k - 1].lower() in _ARTICLE | _FUNCTION:
                    break
                k -= 1
            opened = k >= 2 and words[k - 1].lower() in _ARTICLE and words[k - 2].lower() in ("given", "and", ",")
            if opened and k < len(words):
                out.setdefault(name, set()).update(w.lower() for w in words[k:])
            first = m.start() == sentence.find(m.group(0))  # a later mention is the task's ("from s to make it fancy")
            after = (
                _after(sentence[m.end() :], names) if first and not _TASK_BEFORE.search(sentence[: m.start()]) else ()
            )
            if after:
                out.setdefault(name, set()).update(after)
    return out


# a name after these is spoken of by the task ("return true if nums is a good array"), not introduced
_TASK_BEFORE = re.compile(r"\b(?:if|whether|until|so that|make|return|check|determine|find)\b", re.I)


def _after(tail: str, names: list[str]) -> set[str]:
    """The words after an input's name in a ``given`` sentence, up to the next input or the clause's
    end (``nums, a beautiful array``, ``nums of lucky integers``, ``nums where every element is lucky``)."""
    tail = re.sub(r"^\s*,\s*(?=an? |the )", " ", tail)  # "nums, a beautiful array": the apposition
    others = "|".join(re.escape(n) for n in names)
    stop = re.search(rf"[,;:.?!(]|\b(?:{_TASK})\b|(?<![\w.\[])(?:{others})(?![\w\[(])", tail, re.I)
    words = {w.lower() for w in re.findall(_WORD, tail[: stop.start() if stop else len(tail)])}
    return words - _ARTICLE - _FUNCTION - {"to", "from"}


def predicated(sentence: str, names: list[str]) -> dict[str, set[str]]:
    """Each input name a declarative clause of ``sentence`` says is a W (``..., where p is a subsequence of
    s``, ``num1 and num2 are coprime numbers``, ``an array nums that is beautiful``) -> the words after its copula; not a clause of the task
    (``return true if s is a subsequence of t``, ``determine whether ...``, ``to make ...``)."""
    out: dict[str, set[str]] = {}
    for name in names:
        subject = rf"(?:^|(?<=where )|(?<=, )|(?<=; )|(?<=such that ))(?:both )?{re.escape(name)}(?: and [\w\[\]]+)?"
        # "The array nums you are given is beautiful"
        subject += rf"|(?<![\w.\[]){re.escape(name)} (?:that |which )?you are given"
        which = rf"(?<![\w.\[]){re.escape(name)},? (?:that|which)"  # "an array nums that is beautiful"
        for m in re.finditer(
            rf"(?:{subject}|{which}) (?:is|are) (?:both |all |always )?(?:an? |the )?((?:{_WORD} ){{0,2}}{_WORD})",
            sentence,
        ):
            if _TASK_BEFORE.search(sentence[: m.start()]):
                continue
            out.setdefault(name, set()).update(w.lower() for w in m.group(1).split())
    return out


# definitions the Constraints' readings know (a line naming the word enforces exactly these): the bracket
# grammar -- a sentence opening a list of its cases ("A parentheses string is valid if and only if:" then
# "It can be written as AB ...") or stating them ('either empty "", "(" + A + ")", or A + B') -- and an order
# by neighbours whose comparison is its word's ("non-increasing if arr[i-1] >= arr[i] for every ...")
_OPENS_LIST = re.compile(
    rf"\b{_CONDITION}(?: and only if)?(?: it (?:meets|satisfies|is) (?:one|any|all) of the following(?: conditions)?)?\s*:$",
    re.I,
)
_GRAMMAR = re.compile(r"written as AB\b|\bAB \(A concatenated with B\)|closed by the same type of brackets", re.I)
_GRAMMAR_STATED = re.compile(
    r"""^an? valid parenthes[ie]s string is either empty(?: \(?""\)?)?, "\(" \+ A \+ "\)",? or A \+ B\b""", re.I
)
_ORDERS = {"non-increasing": ">=", "non-decreasing": "<=", "strictly increasing": "<", "strictly decreasing": ">"}
_ORDER_STATED = re.compile(
    r"^an? (?:array|list|sequence) (\w+) is ((?:strictly )?(?:non-)?(?:in|de)creasing) if (\w+)\[i ?- ?1\] ([<>]=?) (\w+)\[i\]"
    r" for (?:every|each|all) 1 <= i < \1\.length\.?$",
    re.I,
)


def known_definition(definition: str, body: str) -> bool:
    """Whether ``definition`` is one a reading of the Constraints knows (see above): any other (``valid if
    it is balanced and nested at most two deep``) is the body's own, which a Constraints line naming the
    word does not enforce."""
    text = definition.strip()
    if (_OPENS_LIST.search(text) and _GRAMMAR.search(body)) or _GRAMMAR_STATED.search(text):
        return True
    m = _ORDER_STATED.match(text)
    return bool(m and m[1] == m[3] == m[5] and _ORDERS.get(m[2].lower()) == m[4])


def defined_qualifier(body: str, names: list[str], lines: list[str]) -> tuple[str, str] | None:
    """(the introducing sentence, the definition) of the first input qualified by a word ``body``
    defines and no line of ``lines`` (the Constraints, all read or refused) names; None if none."""
    # "A target index is ..." beside the input target: a word naming an input qualifies nothing
    defined = [(w, d) for w, d in definitions(body) if not w & {n.lower() for n in names}]
    if not defined:
        return None
    said = "\n".join(lines).lower()
    for s in sentences(body):
        for words in [*qualifiers(s, names).values(), *predicated(s, names).values()]:
            for word, definition in defined:
                named = all(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", said) for w in word)
                enforced = named and known_definition(definition, body)
                if word <= words and not enforced and s != definition:
                    return s, definition
    return None


def refuse_defined_qualifier(statement: str, names: list[str], lines: list[str] | None) -> None:
    """Raise a ``promise`` refusal naming the sentence that introduces an input with a word the
    statement's body defines and no Constraints line names (:func:`defined_qualifier`)."""
    found = defined_qualifier(body_text(statement), names, lines or [])
    if found is not None:
        said = found[0]
        raise _Unsupported(f"an input qualified by a word the statement defines: {said!r}", kind="promise", line=said)
