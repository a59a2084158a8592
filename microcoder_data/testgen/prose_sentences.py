"""Other words for the sentences ``prose_format`` reads, each rewritten into the one form it
reads (a rewrite states no more and no less than its sentence)::

    In the first line of the input, you are given a single integer t (...)  -> The first line contains ...
    There are two integers on the first line — the numbers n and q (...)     -> The first line contains two integers n and q (...)
    The first line of each test case gives you 2 integers n and x (...)      -> ... contains two integers ...
    Each test case begins with two integers n, c (...)                       -> The first line of each test case contains ...
    A string s of length n follows on the second line of each test case, ... -> The second line of each test case contains ...
    The following n lines contain two integers l_i and r_i (...)             -> Each of the next n lines contains ...
    neither the sum of n nor the sum of m over all test cases exceeds 10^6  -> one total of n, one of m
    The same guarantee applies to the sum of q across all test cases.        -> the total before, of q

and a bulleted list of lines (``* the first line contains ...; * the second line ...``) split
into its sentences."""

from __future__ import annotations

import re

from microcoder_data.testgen.prose_families import rewrite as more_wordings
from microcoder_data.testgen.prose_glosses import (
    PICK_VERB,
    PICKED,
    SAYS_MORE,
    bare_part,
    plain_part,
    without_limit_word,
)

_ORDINAL = r"first|second|third|fourth|fifth|sixth|next|only|single|final|last"
_REWRITES = [
    (
        r"^in the (first|second|third|only) line of (?:the )?input,? you(?: are|'re) given (.+)$",
        r"The \1 line contains \2",
    ),
    (
        r"^in the (first|second|third|fourth|only) line of each test case,? you(?: are|'re) given (.+)$",
        r"The \1 line of each test case contains \2",
    ),
    (r"^the (\w+) line of the description (?:contains|lists) ", r"The \1 line of each test case contains "),
    (r"^the first line of (?:the )?input is (.+)$", r"The first line contains \1"),
    (r"^one line containing (.+)$", r"The only line contains \1"),
    (r"^only one line of each test case contains ", r"The only line of each test case contains "),
    (
        r"^then (\(?[A-Za-z]\w*(?: ?[-+] ?\d+)?\)?|\d+) lines follow, (?:the i-th line|each line) (?:contains|containing) (.+)$",
        r"Each of the next \1 lines contains \2",
    ),
    (
        r"^there (?:are|is) (\w+ integers?) on the (first|second|third) line(?: of (?:the )?input)?"
        r" (?:—|-|--) the (?:numbers?|values?) ((?:[A-Za-z]\w*(?:, | and |, and ))*[A-Za-z]\w*) (\([^()]*(?:\([^()]*\)[^()]*)*\))$",
        r"The \2 line contains \1 \3 \4",
    ),
    (  # On the second line, there are n integers — the numbers a_1, ..., a_n (...)
        r"^on the (first|second|third|fourth|fifth|sixth|next|last) line,? there (?:are|is) (\w+ integers?)"
        r" (?:—|-|--) the (?:numbers?|values?|elements?) (\S.*?) (\([^()]*\))$",
        r"The \1 line contains \2 \3 \4",
    ),
    (
        r"^in the (first|second|third|fourth|fifth|sixth|next|last) line(?: of (?:the )?input)?,? you(?: are|'re) given (.+)$",
        r"The \1 line contains \2",
    ),
    (r"^the (\w+) line of each test case gives you (.+)$", r"The \1 line of each test case contains \2"),
    (r"^each test case (?:begins|starts) with (.+?)$", r"The first line of each test case contains \1"),
    (r"^for each test case, the (\w+) line contains (.+)$", r"The \1 line of each test case contains \2"),
    (
        r"^in (?:the|a) single line of each test case, (.+?) is (?:entered|given)(?=[,—]|$)",
        r"The only line of each test case contains \1",
    ),
    (
        r"^(an? .+?) follows on the (\w+) line of each test case,? (.+)$",
        r"The \2 line of each test case contains \1, \3",
    ),
    (r"^the (\w+) line of each test case description ", r"The \1 line of each test case "),
    (r"^in the description of each test case, the (\w+) line contains ", r"The \1 line of each test case contains "),
    (
        r"^(?:each|a) test case consists of (?:only )?(?:one|a single) line,? (?:that |which )?(?:contains|containing) ",
        r"The only line of each test case contains ",
    ),
    (r"^the (first|second|third|fourth|single|only) line of each case ", r"The \1 line of each test case "),
    (r"^the (first and only|first|only|single) line of (?:the )?input contains ", r"The \1 line contains "),
    (
        r"^(?:the )?(?:following|next) (\(?[A-Za-z]\w*(?: ?[-+] ?\d+)?\)?|\d+) lines(?: of (?:each|the) test case)?"
        r" contains? (?![^—]*\beach\b)(.+)$",  # "m integers each": not in the gloss
        r"Each of the next \1 lines contains \2",
    ),
    (
        r"^(?:the )?(?:following|next) (\(?[A-Za-z]\w*(?: ?[-+] ?\d+)?\)?|\d+) lines(?: of (?:each|the) test case)?"
        r" contain (\w+ integers) each,? (.+)$",
        r"Each of the next \1 lines contains \2 \3",
    ),
    (
        r"^(?:the )?(?:next|following) (\(?[A-Za-z]\w*(?: ?[-+] ?\d+)?\)?|\d+) lines(?: of (?:each|the) test case)?,? each containing (.+)$",
        r"Each of the next \1 lines contains \2",
    ),
    (r"^each of the (next|following) (\S+) lines consists of ", r"Each of the \1 \2 lines contains "),
    (
        r"^then follow (\(?[A-Za-z]\w*(?: ?[-+] ?\d+)?\)?|\d+) lines(?: of (?:each|the) test case)?, each containing (.+)$",
        r"Each of the next \1 lines contains \2",
    ),
    (
        r"^in (?:the i-th|each) of the (?:next|following) (\w+) lines, (.+?) (?:is|are) given(?=[,—]|$)",
        r"Each of the next \1 lines contains \2",
    ),
    (r"^next comes a line (?:that contains|containing) ", r"The next line contains "),
    (
        r"^in the (first|second|third|fourth|fifth|next|last|only|single) line,? there (?:is|are) ",
        r"The \1 line contains ",
    ),
    (  # "Input contains a single integer n (...)": the whole input, one line
        r"^(?:the )?input (?:contains|consists of) (a single|one|only one|an?) (integer|number|string|word) ",
        r"The only line contains \1 \2 ",
    ),
    (
        r"^then (?:follows?|comes?|there are) (\(?[A-Za-z]\w*(?: ?[-+] ?\d+)?\)?|\d+) lines, (?:the )?i-th of which contains ",
        r"Each of the next \1 lines contains ",
    ),
]
_REWRITES_C = [(re.compile(a, re.I), b) for a, b in _REWRITES]


def split_bullets(sentences: list[str]) -> list[str]:
    """``* the first line contains …; * the second line contains …`` -> one sentence per bullet."""
    out = []
    for s in sentences:
        parts = [p.strip(" ;") for p in re.split(r"(?:^|(?<=[;.:]))\s*\*\s+(?=[A-Za-z])", s)]
        out += [p if re.match(r"[a-z]\w* lines follow\b", p) else p[0].upper() + p[1:] for p in parts if p]  # n: a name
    return out


def rephrase(s: str) -> str:
    """``s`` (a sentence less its gloss and period) in the form prose_format reads."""
    s = _row_letter_i(more_wordings(_lost_subscripts(s)))
    for pattern, form in _REWRITES_C:
        s = pattern.sub(form, s)
    s = re.sub(r"\bnumbers? (?=[A-Za-z]\w*_\{?1)", "integers ", s)  # n numbers a_1, ..., a_n
    return re.sub(  # "contains 2 integers": the count word, not "n - 1 integers"
        r"\b(contains|containing|of|has|with|gives you) ([1-6]) integers\b",
        lambda m: f"{m.group(1)} {_WORDS[int(m.group(2))]} integers",
        s,
    )


def _lost_subscripts(s: str) -> str:
    """ "n integers a1, a2, ..., an (1 <= ai <= 10^9)": the subscripts a scraped statement lost, written back
    (``a_1, a_2, ..., a_n``, ``a_i``, ``a_{i+1}`` of ``ai+1``, a neighbour as such statements mean it) -- only for a
    one-letter list enumerated from 1, and its ``i``."""
    m = re.search(r"\b([a-z])1, ?\1 ?2, ?(?:\.\.\.|…|\\ldots|\\dots),? ?\1([a-z])\b", s)
    if not m:
        return s
    letter, last = m.group(1), m.group(2)
    s = s[: m.start()] + f"{letter}_1, {letter}_2, ..., {letter}_{last}" + s[m.end() :]
    s = re.sub(
        rf"\b{letter}i ?([-+]) ?(\d+)\b", lambda n: f"{letter}_{{i{n.group(1)}{n.group(2)}}}", s
    )  # ai+1: a_{i+1}
    return re.sub(rf"\b{letter}i\b", f"{letter}_i", s)


def _row_letter_i(s: str) -> str:
    """ "the j-th of them contains v_j and k_j": the block's row letter written ``i`` (``v_i``, ``k_i``),
    where the sentence has no ``i`` subscript of its own."""
    m = re.search(
        r"\b(?:the|in the) ([jk])-th of (?:them|these(?: \w+)? lines|the (?:next|following) \S+ lines)\b", s, re.I
    )
    if not m or re.search(r"_\{?i\b|\bi-th\b", s):
        return s
    letter = m.group(1)
    s = re.sub(rf"(?<=_){letter}(?![\w}}])|(?<=_\{{){letter}(?=\}})", "i", s)
    return re.sub(rf"\b{letter}-th\b", "i-th", s)


_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]

_EXCEEDS = r"(?:does not exceed|do not exceed|doesn't exceed|don't exceed|is at most|are at most|exceeds?|<=)"
_OVER = r"(?:over|for|across|in) all (?:the |t )?test(?: cases?|s)(?: in (?:one|the) (?:test|input))?"


def sum_sentences(s: str, previous_bound: str | None) -> list[str] | None:
    """A sentence bounding several totals over the test cases, as one sentence per total
    (each ``the sum of X over all test cases does not exceed B``); None for any other sentence."""
    s = re.sub(r"^(?:it is|it's) (?:also )?guaranteed (?:that )?", "", s, flags=re.I)
    m = re.fullmatch(rf"(?:neither )?the sum of (\w+) nor the sum of (\w+) {_OVER} {_EXCEEDS} (.+)", s, re.I)
    m = m or re.fullmatch(rf"(?:both )?the sum of (\w+) and the sum of (\w+)(?: {_OVER})? {_EXCEEDS} (.+)", s, re.I)
    m = m or re.fullmatch(rf"the sum of (\w+) {_OVER} and the sum of (\w+) {_OVER} {_EXCEEDS} (.+)", s, re.I)
    m = m or re.fullmatch(rf"the sums? of both (\w+) and (\w+) {_OVER} {_EXCEEDS} (.+)", s, re.I)
    if m:
        return [f"the sum of {m.group(k)} over all test cases does not exceed {m.group(3)}" for k in (1, 2)]
    m = re.fullmatch(
        rf"the sum of (\w+)(?: {_OVER})? {_EXCEEDS} (\S+(?: \* \S+)?) and the sum of (\w+) {_OVER} {_EXCEEDS} (.+)",
        s,
        re.I,
    )
    if m:
        return [
            f"the sum of {m.group(a)} over all test cases does not exceed {m.group(b)}" for a, b in ((1, 2), (3, 4))
        ]
    m = re.fullmatch(rf"the sum of (?:all )?(\w+)(?: values)?(?: {_OVER})? {_EXCEEDS} (.+?)(?: {_OVER})?", s, re.I)
    if m:
        return [f"the sum of {m.group(1)} over all test cases does not exceed {m.group(2)}"]
    m = re.fullmatch(rf"the same (?:guarantee|constraint|limit) applies to (?:the sum of )?(\w+)(?: {_OVER})?", s, re.I)
    if m and previous_bound:
        return [f"the sum of {m.group(1)} over all test cases does not exceed {previous_bound}"]
    return None


_SUBSCRIPTED = r"[A-Za-z][A-Za-z0-9]*_(?:\{[A-Za-z0-9]+\}|[A-Za-z0-9]+)"
_SCALAR_GROUP = re.compile(  # "six integers n, m, r_b, c_b": the subscripted names after plain ones too
    rf"\b(?:integers?|numbers?):? (?:[A-Za-z][A-Za-z0-9]*(?:, ?| and |, and )(?=[A-Za-z]))*({_SUBSCRIPTED}(?:(?:, ?| and |, and ){_SUBSCRIPTED})+)(?=(?:(?:, ?| and |, and )[A-Za-z][A-Za-z0-9]*\b(?!_))*(?: ?\(| ?[—–-]|,? where\b|\.|$))",
    re.M,
)


def subscripted_scalars(section: str, story: str) -> tuple[str, str]:
    """``two integers x_1, y_1 (0 <= x_1, y_1 <= 10^9)``, ``four integers x_s, y_s, x_t, y_t``: scalars
    whose names carry a subscript, renamed ``x1``, ``y1`` in the Input section and the story alike, so
    they are read as names, not elements of lists x and y.  ``x_i, y_i`` (a block's columns),
    ``x_1, x_2, x_3`` (one list, prose_items) and a name also written as a list's (``x_1, ..., x_n``)
    are left as they are."""
    pairs: set[tuple[str, str]] = set()
    for m in _SCALAR_GROUP.finditer(section):
        parts = [
            re.fullmatch(r"([A-Za-z][A-Za-z0-9]*)_\{?([A-Za-z0-9]+)\}?", g)
            for g in re.findall(_SUBSCRIPTED, m.group(1))
        ]
        subs = [p.group(2) for p in parts if p]
        if any(s in ("i", "j") or re.search(rf"\b{s}-th\b", section) for s in subs) or (  # a_k of "the k-th line"
            len({p.group(1) for p in parts if p}) == 1 and subs == [str(k) for k in range(1, len(subs) + 1)]
        ):
            continue
        pairs |= {(p.group(1), p.group(2)) for p in parts if p}
    text = section + "\n" + story
    # x_c of a list x too is told apart where every subscript is a letter no word of the section is (not x_1, x_k)
    told = {
        b
        for b, _ in pairs
        if all(sub.isalpha() and not re.search(rf"\b{sub}\b", section) for c, sub in pairs if c == b)
    }
    for base in {b for b, _ in pairs} - told:
        if re.search(
            rf"\b{base}_\{{?[ij]\}}?(?![\w{{])|\b{base}_\{{?[01]\}}?,? ?(?:{base}_\S+ ?)?(?:\.\.\.|\\[ld]?dots)", text
        ):
            return section, story  # also a list's name: which is meant where is not told
    if any(re.search(rf"\b{b}{s}\b", text) for b, s in pairs):
        return section, story  # the joined name is taken
    for b, s in sorted(pairs, key=lambda p: -len(p[1])):
        pattern = rf"\b{b}_(?:\{{{s}\}}|{s})(?![\w{{])"
        section, story = re.sub(pattern, b + s, section), re.sub(pattern, b + s, story)
    return section, story


# how a gloss part may open: a determiner, a possessive, a noun "of ...", "x_i is / denotes ...", a
# relative or participle clause ("which ...", "denoting ..."): a noun phrase, saying what a value is
_NAMED = r"[A-Za-z]\w*(?: and [A-Za-z]\w*)?"
# "inital illusion rate of each room": up to three words before "of", none a quantifier or a verb
_VALUE_WORDS = (
    r"equal|same|distinct|different|unique|sorted|increasing|decreasing|even|odd|prime|positive|negative|zero"
)
_NOUNS = rf"(?:(?!(?:all|none|both|some|most|any|many|few|no|neither|either|is|are|was|were|be|not|{_VALUE_WORDS})\b)[a-z][\w-]* ){{1,3}}"
# a bare plural's head, one that says what a value is and nothing of its value ("perfect squares", "divisors"
# say more: not these)
_HEADS = (
    r"numbers|integers|values|elements|people|persons|tables|games|rows|columns|lengths|sizes|widths|heights|weights"
    r"|costs|prices|coordinates|points|items|cells|vertices|edges|nodes|cities|roads|queries|operations|students"
    r"|days|times|minutes|seconds|hours|coins|cards|friends|players|teams|boxes|balls|colou?rs|types|positions"
    r"|indices|letters|characters|strings|words|segments|intervals|objects|monsters|heroes|soldiers|candies|books"
)
_PLURALS = rf"(?:(?!(?:{_VALUE_WORDS})\b)[a-z]+ ){{0,2}}(?:{_HEADS})"
_PHRASE_START = re.compile(
    r"(?!(?:all|none|both|some|most|any|many|few|no|neither|either|one|two) of\b)"  # "all of them equal": no noun
    rf"(?:the|a|an|its|their|his|her|every one of|respectively|correspondingly|[\w-]+'s?|{_NOUNS}of|(?:where )?{_NAMED}"
    r" (?:is|are|denotes?|represents?|describes?)|which|that|where|denoting|representing|indicating|describing"
    r"|meaning|array|arrays|sizes?|lengths?|elements?|numbers?|values?|descriptions?"
    r"|of|how (?:much|many)|[a-z]+-[a-z]+)\b|[A-Za-z]\w*_\S+|\.\.\."
    rf"|{_PLURALS}(?: (?:and|or) {_PLURALS})*$",  # "the number of people, tables and games": bare plural nouns  # elided: "the mass of fish, of meat", "one-minute, two-minute ...", "a_1, a_2, ..."
    re.I,
)


# a part that is names of values only, each by a fixed index ("a_1 and a_n", "respectively a_1 and a_n (respectively)"):
# it says the line's values equal those (a row's own "x_i and y_i" is not such)
# how a clause about the task begins ("you need to choose", "to delete", "required to form")
# a clause after a picked noun: "to remove", "that you choose", "which must go"
_CLAUSE_START = r"(?:(?:that|which) )?(?:you|we|to|required|needed|necessary|must|should)\b"
_VALUE_NAME = r"[A-Za-z]\w*_\{?(?:\d+|[a-hk-z]\w*)\}?"
_VALUES_NAMED = re.compile(
    rf"(?:(?:respectively|correspondingly|that is|i\.e\.),? )?{_VALUE_NAME}(?:,? (?:and |or )?{_VALUE_NAME})*"
    r"(?: \(?(?:respectively|correspondingly)\)?)?",
    re.I,
)

# a quantity the input's lists or strings make ("the sum of the arrays", "the number of common letters of the
# strings", "the number of distinct elements of the array"; not "the desired median of the array", a target): the
# value must equal it, which nothing checks; or elements the task picks from them (PICKED)
# ("the sum of all elements", "the sum of a_i", "the number of distinct values in array a", "the number of
# inversions of the arrays"; "the number of elements in the array" is a length, not this)
_LENGTH_NOUNS = r"elements|integers|numbers|values|items|entries|characters|letters|symbols|digits|positions|cells"
_OF_VALUES = r"(?:of|in|over|among|from) (?:the |all |both |all the )?(?:given )?"
_DERIVED = re.compile(
    rf"^(?:the )?(?:sum|product|total|xor|average|mean|median|gcd|lcm|number of [a-z]+ [a-z]+"
    rf"|(?:largest|smallest|maximum|minimum|greatest|least) (?:value|element|number|integer)) {_OF_VALUES}"
    r"(?:(?:arrays?|strings?|sequences?|lists?|permutations?|sets?|elements|values|numbers|integers)\b|[A-Za-z]\w*_"
    r"|[A-Za-z]\b(?=\s*$|[,;.]| (?:at|in|on|over|from|between|with|for)\b))"  # "the sum of a at positions 1 and n"
    rf"|^(?:the )?number of (?!(?:{_LENGTH_NOUNS})\b)[a-z]+ {_OF_VALUES}(?:(?:arrays?|strings?|sequences?|permutations?)\b"
    r"|[A-Za-z](?:_\w+)?(?=\s*$|[,;.]))"  # "the number of inversions in a" (a name alone), not "in a country"
    rf"|{PICKED},? {_CLAUSE_START}"
    # a count of picked items said with more than where they are ("the number of items Bob buys", "... that Bob buys",
    # "... bought by Bob", "... Alice and Bob buy"): how many the task picks, at most how many there are
    rf"|number of {PICKED}(?=\s+(?!(?:in|of|on|at|from|and|or|respectively|correspondingly)\b)[A-Za-z])"
    # an element or a value of the input ("the first element of the array", "the value of a at position 1", "the
    # largest element"): the scalar would equal or bound it, which nothing checks
    r"|^(?:the )?(?:first|last|largest|smallest|maximum|minimum|greatest|least|middle|\w+-th) (?:(?:element|entry|item)\b"
    r"|(?:number|integer|value) (?:of|in) (?:the )?(?:array|sequence|list|permutation|[A-Za-z](?:\b|_)))"
    r"|^(?:the )?(?:element|value|entry|item) (?:of|in) (?:the )?(?:array|sequence|list|permutation|[A-Za-z](?:\b|_))",
    re.I,
)  # ("the number of points in the set", "the number of records in the list": how many there are)
# what a task's pick (PICK_VERB) is of where a part counts or names the input's values
_PICKED_WHAT = re.compile(rf"\b(?:number of|how many|amount of)\b|{PICKED}|\b(?:numbers?|integers?|values?)\b", re.I)
# another input's elements named in a gloss ("the values a_1 and a_n", "copies of a_1 and a_n", "the values a_i"):
# the line's values would equal them, which nothing checks; not the line's own names ("between vertices u_i and v_i"),
# nor a list named by its elements ("the hidden array a_1, ..., a_n", "the length of the sequence a_1, ..., a_n")
# (also spelled "a[1]", "a1": a letter and its index)
_ELEMENT_NAMED = re.compile(r"\b([A-Za-z][A-Za-z0-9]?)_\{?\w|\b([A-Za-z])\[\w|\b([A-Za-z])\d+\b")
_NAMES_A_LIST = re.compile(
    r"\b(?:arrays?|sequences?|lists?|permutations?|strings?) ([A-Za-z][A-Za-z0-9]*)(?:_\{?\w+\}?|\b)", re.I
)


def other_element_named(before: str, gloss: str) -> str | None:
    """The first element of another input a gloss names (see above), where ``before`` (its line) names its own."""
    own = set(re.findall(r"(?<![\w\\])([A-Za-z][A-Za-z0-9]*)(?:_|\b)", before))
    own |= {m[1] for m in _NAMES_A_LIST.finditer(gloss)}  # "the array a_1, ..., a_n and ... an element a_i": its own
    for m in _ELEMENT_NAMED.finditer(_NAMES_A_LIST.sub("", gloss)):
        if (m[1] or m[2] or m[3]) not in own and m[0] not in own:  # "x1, y1 — the corner": its own names
            return m[0]
    return None


def noun_phrases(gloss: str, respective: int = 0) -> bool:
    """Whether a gloss (``— the number of rows and columns, respectively``) is noun phrases only (the first
    ``respective`` parts each naming one of the line's scalars; any later part allow-listed words only),
    each part after a comma or semicolon too: ``— the elements of the array, all of them equal`` or
    ``..., with a_1 = 1`` says more of the values than what they are, and is kept (the sentence refused)."""
    depth, parts, part = 0, [], ""
    gloss = re.sub(r"(\w+_\{?\w+\}?)(?:, ?(?:\w+_\{?\w+\}?|\.\.\.))+", r"\1", gloss)  # a_1, ..., a_n: one name
    for ch in gloss:
        depth += (ch == "(") - (ch == ")")
        if ch in ",;" and depth == 0:
            parts, part = parts + [part], ""
        else:
            part += ch
    # "the number of items and the number of chosen items": one comma part naming two scalars counts as two
    named = [*parts, part]
    if respective:
        named = [x for p in named for x in re.split(r"\s+and\s+(?=(?:the|a|an|its|their)\b)", p.strip())]
    for k, p in enumerate(named):
        p = re.sub(r"^(?:and|or)\s+", "", p.strip())
        # "..., respectively a_1 and a_n": another input's; "the sum of a_i"; a task's pick
        picked = PICK_VERB.search(p) and _PICKED_WHAT.search(p)  # "the selected index": a position, not this
        if _VALUES_NAMED.fullmatch(p) or _DERIVED.search(p) or picked:
            return False
        # a later part: allow-listed words only (prose_glosses); "each" only before plain nouns ("each row")
        later = all(plain_part(x) or bare_part(x) for x in re.split(r"\s+(?:and|or)\s+", p))
        first = _PHRASE_START.match(p) or plain_part(p)
        # "the promo price which is lower than ...": says more ("the number of distinct types": a count)
        first = first and not SAYS_MORE.search(
            re.sub(r"\bnumber of (?:distinct|different)\b", "", without_limit_word(p))
        )
        if re.search(r"[A-Za-z]", p) and (re.search(r"[=<>]", p) or not (later if k and k >= respective else first)):
            return False
    return True
