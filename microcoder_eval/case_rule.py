"""Does a statement sentence let the answer be printed in any letter case?

One reader for the whole family of phrasings, as a small grammar: a **case phrase** (what is free
or ignored about letter case) and a **scope** (that it is the answer's case, not the input's, not a
transformation's).  Phrasings it was built from (Codeforces, AtCoder, LeetCode and CodeContests
statements in shared/data, and the wording those judges use):

* freedom -- a quantifier and a case word: "in any case", "in either case", "in any register",
  "in any capitalization", "in whatever case you like", "in any combination of uppercase and
  lowercase letters"; or a pair of case words: "in uppercase or lowercase", "in either upper or lower
  case", "(lowercase or uppercase)", "upper or lower case letters";
* insensitivity -- "case-insensitive", "not case-sensitive", "the case does not matter", "letter case
  is ignored", "regardless of case", "ignoring case";
* examples -- "the strings "yEs", "yes", "Yes" and "YES" will be recognized as a positive answer".

Scopes that make a case phrase about the answer:

* an output verb before it in the same clause: "You can output the answer in any case", "print YES
  (case-insensitive)", "Print each letter in either upper or lower case." -- unless a condition or a
  transformation sits between ("if the letter is in uppercase or lowercase", "after converting every
  letter to uppercase or lowercase");
* the answer as its subject: "Each letter can be printed in any case", "The output is case
  insensitive", "The answer is not case-sensitive";
* acceptance after it: "Uppercase and lowercase letters are both accepted", "Either case is accepted";
* the answer in the sentence (or the sentence before) of a "case does not matter" remark.

Exact case stays exact: "print the string in lowercase", "output in uppercase letters", "S consists
of uppercase and lowercase letters", "treat letters as case-insensitive" (the input),
"print YES in uppercase if ...".
"""

from __future__ import annotations

import re

# case words: "upper", "uppercase", "upper-case", "upper case", "capital", "small"
_SIDE = r"(?:upper|lower|capital|small)(?:[- ]?case)?"
_LETTERS = r"(?:\s+(?:english\s+|latin\s+)?(?:letters?|characters?))?"
_PAIR = rf"{_SIDE}{_LETTERS}\s*(?:and/or|or|and|/)\s*{_SIDE}{_LETTERS}"
_NOUN = r"(?:(?:letter|character)\s+)?(?:case|register|capitali[sz]ation|casing)"
_QUANTIFIER = r"(?:any|either|arbitrary|whatever|mixed|any\s+(?:mix(?:ture)?|combination)\s+of)"

# freedom: a quantifier with a case word or a pair, or a bare pair ("uppercase or lowercase")
_FREEDOM = rf"(?:{_QUANTIFIER}\s+(?:{_PAIR}|{_NOUN})|(?:either\s+|both\s+)?{_PAIR})"
# insensitivity: the comparison ignores case
_INSENSITIVE = (
    r"(?:not\s+)?case[- ]?insensitive(?:ly)?|not\s+case[- ]?sensitive"
    rf"|(?:the\s+)?{_NOUN}(?:\s+of\s+(?:the\s+|each\s+|every\s+)?"
    r"(?:letters?|characters?|output|answers?|strings?|words?))?"
    r"\s+(?:does\s+not|doesn't|do\s+not|don't|won't|will\s+not)\s+matter"
    rf"|{_NOUN}\s+(?:is|are)\s+(?:not\s+important|irrelevant|ignored|not\s+checked|not\s+taken\s+into\s+account)"
    rf"|(?:regardless\s+of|ignoring|without\s+regard\s+to)\s+(?:the\s+)?{_NOUN}"
)
_PHRASE = re.compile(rf"\b(?:(?P<freedom>{_FREEDOM})|(?P<insensitive>{_INSENSITIVE}))\b", re.IGNORECASE)

_OUTPUT_VERB = re.compile(
    r"\b(?:print\w*|output\w*|write|writes|written|answer\w*|return\w*|report\w*)\b", re.IGNORECASE
)
# between the output verb and the case phrase: the phrase belongs to something else
_BLOCK = re.compile(
    r"\b(?:if|when|whether|unless|where|such\s+that|conver\w*|chang\w*|transform\w*|turn\w*|"
    r"replac\w*|consist\w*|contain\w*|appear\w*|occur\w*|given|treat\w*|match\w*)\b",
    re.IGNORECASE,
)
_ANSWER = r"(?:answers?|outputs?|responses?|letters?|characters?|strings?|words?|verdicts?|yes|no)"
# "each letter can be printed in", "the answer may be given in", "letters may be in"
_SUBJECT_BEFORE = re.compile(
    rf"\b{_ANSWER}\b[^.;]{{0,30}}?\b(?:can|may|could|might|is\s+allowed\s+to|are\s+allowed\s+to)\s+(?:also\s+)?"
    r"(?:be\s+)?(?:printed|output|written|given|returned|reported)?\s*(?:in|using|with)?\s*$",
    re.IGNORECASE,
)
# "the output is", "the answer will be checked"
_SUBJECT_IS = re.compile(
    rf"\b(?:{_ANSWER}|checker|comparison|judge|check(?:ing)?)\s+(?:is|are|will\s+be)"
    r"(?:\s+(?:checked|compared|judged))?\s*$",
    re.IGNORECASE,
)
_ACCEPT_AFTER = re.compile(
    r"^(?:\s+(?:letters?|characters?|forms?|spellings?|answers?))?\s*(?:is|are|will\s+be)\s+(?:all\s+|both\s+|also\s+)?"
    r"(?:(?P<judged>accepted|recogni[sz]ed|considered\s+correct)|acceptable|allowed|permitted|fine|ok|okay|valid)\b",
    re.IGNORECASE,
)
_INSENSITIVE_JUDGE_AFTER = re.compile(r"^\s*(?:checker|comparison|check|judge|judging|manner)\b", re.IGNORECASE)
# a pair of case words names the answer's case only where the clause ends with it ("print it in
# uppercase or lowercase."), not where it qualifies something ("in uppercase or lowercase order")
_CLAUSE_END = re.compile(
    r"^\s*(?:letters?|characters?)?\s*(?:(?:as\s+)?you\s+(?:want|like|wish|choose|prefer))?"
    r"\s*(?:[.,;:()!]|$|\b(?:and|or)\b)",
    re.IGNORECASE,
)
# "in any case where ...", "in any case of ...": "case" is a situation there
_SITUATION_AFTER = re.compile(r"^\s*(?:where|when|that|which|in\s+which|of|if)\b", re.IGNORECASE)
_CONTEXT = re.compile(r"\b(?:print\w*|output\w*|answer\w*|checker|accepted|recogni[sz]ed|verdict)\b", re.IGNORECASE)


def _clause_before(sentence: str, start: int) -> str:
    """The text before a phrase, back to the last sentence-internal stop (not commas: "For each test
    case, print YES or NO (in any case)" is one clause for this purpose)."""
    before = sentence[:start]
    cut = max(before.rfind(";"), before.rfind(". "))
    return before[cut + 1 :][-110:]


def _verb_scope(clause: str) -> bool:
    """An output verb whose object the phrase qualifies: the last verb, with no blocker after it."""
    verbs = list(_OUTPUT_VERB.finditer(clause))
    return bool(verbs) and not _BLOCK.search(clause[verbs[-1].end() :])


def _freedom_scope(sentence: str, m: re.Match) -> bool:
    after = sentence[m.end() :]
    if _SITUATION_AFTER.search(after):
        return False
    accepted = _ACCEPT_AFTER.search(after)
    if accepted:  # "allowed" may be about the input ("lowercase and uppercase letters are allowed")
        return bool(accepted.group("judged") or _CONTEXT.search(sentence))
    clause = _clause_before(sentence, m.start())
    # a bare pair or "any/either" without "in": only as the clause's point (see _CLAUSE_END)
    bare_pair = not re.match(_QUANTIFIER, m.group(0), re.IGNORECASE)
    if bare_pair and not _CLAUSE_END.search(after):
        return False
    if _SUBJECT_BEFORE.search(clause):  # "each letter may be printed in": the answer's, not the input's letters
        return not (_BLOCK.search(clause) or re.search(r"\binputs?\b", clause, re.IGNORECASE))
    introduced = re.search(r"(?:\b(?:in|using|with)|\()\s*$", clause, re.IGNORECASE)
    return bool(introduced) and _verb_scope(clause)


def _insensitive_scope(sentence: str, m: re.Match, previous: str) -> bool:
    phrase = m.group(0).lower()
    if phrase.startswith("not case") and "insensitive" in phrase:
        return False  # "not case-insensitive": the opposite
    clause = _clause_before(sentence, m.start())
    if _SUBJECT_IS.search(clause) or _INSENSITIVE_JUDGE_AFTER.search(sentence[m.end() :]):
        return True
    if re.search(r"\(\s*$", clause):  # "print YES (case-insensitive)"
        return _verb_scope(clause)
    if phrase.endswith("ly"):  # "the judge compares your output case-insensitively"
        return bool(re.search(r"\b(?:compar|check|judg)\w*\b", clause, re.IGNORECASE) and _CONTEXT.search(clause))
    if "insensitive" in phrase or "sensitive" in phrase:
        return False  # "treat letters as case insensitive", "the words are case-insensitive": not the answer
    # "the case does not matter", "regardless of case": in a sentence about the answer
    if _BLOCK.search(clause):
        return False
    return bool(_CONTEXT.search(sentence) or (sentence.lstrip()[:1].isupper() and _CONTEXT.search(previous)))


# examples: several spellings of one answer word declared acceptable
_WORD = re.compile(r"[A-Za-z]{2,10}")
_ACCEPT_WORDS = re.compile(
    r"\b(?:accept\w*|recogni[sz]ed|considered\s+(?:as\s+)?(?:correct|positive|negative|valid))\b", re.IGNORECASE
)
_ANSWER_WORDS = {
    "yes",
    "no",
    "alice",
    "bob",
    "first",
    "second",
    "true",
    "false",
    "possible",
    "impossible",
    "win",
    "lose",
    "draw",
}


def _spellings(sentence: str) -> str | None:
    """Several case spellings of one word declared acceptable ("yes", "Yes", "YES" ...)."""
    if not _ACCEPT_WORDS.search(sentence):
        return None
    seen: dict[str, set[str]] = {}
    for w in _WORD.findall(sentence):
        seen.setdefault(w.lower(), set()).add(w)
    for low, forms in seen.items():
        if len(forms) >= 3 or (
            len(forms) == 2
            and low in _ANSWER_WORDS
            and low in forms
            and any(f != f.capitalize() for f in forms - {low})
        ):
            return "/".join(sorted(forms))
    return None


def case_phrase_in(sentence: str, previous: str = "") -> str | None:
    """The phrase of SENTENCE that lets the answer's letters be in any case, or None."""
    for m in _PHRASE.finditer(sentence):
        if m.group("freedom") and _freedom_scope(sentence, m):
            return m.group(0)
        if m.group("insensitive") and _insensitive_scope(sentence, m, previous):
            return m.group(0)
    return _spellings(sentence)
