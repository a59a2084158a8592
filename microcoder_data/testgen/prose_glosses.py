"""Gloss parts after a first part: "— the number of countries, regions, and queries", "— the initial
variable, constant and the number of operations", "— the number of rows and columns, the size of the
rectangle".

Such a part names what a value is and nothing of its value, so its words are read by an ALLOW-list:
plain nouns (``regions``, ``queries``, ``columns``), determiners and prepositions, and the input's names.
A word outside the list ("identical", "clockwise", "tallest first", "each equal", "the same", "the first
being 1") is not read, and the sentence is refused as before: an unknown word may say how the values are."""

from __future__ import annotations

import re

_SINGULAR = (
    "number value element integer person table game row column length size width height weight cost price "
    "coordinate point item cell vertex edge node road operation student day time minute second hour coin card "
    "friend player team ball color colour type position letter character string word segment interval object "
    "monster soldier book country region variable constant street intersection test case array sequence list "
    "grid matrix rectangle field board piece step move level floor house building room lamp machine worker task "
    "job problem group event participant animal fish meat mass amount sum count total initial current tower "
    "platform pint dish shop store bottle glass color query city box index hero candy"
).split()
_IRREGULAR = "people persons vertices indices queries cities boxes heroes candies matrices".split()
NOUNS = frozenset(_SINGULAR + [w + "s" for w in _SINGULAR] + _IRREGULAR)
_LINKS = frozenset("the a an its their his her of in on at for to from by and or".split())
_NAME = re.compile(r"[A-Za-z]|[A-Za-z]\w*_\{?\w+\}?|[a-z]-th|\(?[a-z] ?[+-] ?1\)?-th")


def bare_part(part: str) -> bool:
    """Whether a gloss part (split at commas, ``and`` / ``or``) written without its determiner is a plain noun
    phrase of up to three allow-listed nouns ("regions", "constant", "columns respectively")."""
    words = re.sub(r"\s+(?:respectively|correspondingly)$", "", part.strip()).split()
    return 1 <= len(words) <= 3 and all(w in NOUNS for w in words)


def plain_part(part: str) -> bool:
    """Whether a later gloss part with its determiner ("the size of the rectangle", "each row", "the number
    of a_i, respectively") is allow-listed words only: nouns, determiners, prepositions, names; a noun at its
    head.  "the same", "the first being 1", "each equal", "each less than n" are not."""
    p = re.sub(r"(?:^|\s+)(?:respectively|correspondingly)$", "", part.strip())
    if not p:  # "..., respectively"
        return True
    p = re.sub(r"^each (?:of (?:the|its|their) )?", "the ", p)  # "each row": as "the row", nouns only
    p = re.sub(
        r"^(the number of (?:[a-z]+ ){1,3})[a-z]+ed$", r"\1", p
    ).strip()  # "the number of pints acquired": a count
    words = p.split()
    if re.fullmatch(r"how (?:much|many)(?: [a-z]+){1,3}", p):  # "the mass of fish, of meat, and how much to eat"
        return not _SAYS_VALUE.search(p[9:])
    return (
        bool(words)
        and any(w in NOUNS for w in words)
        and all(w in NOUNS or w in _LINKS or _NAME.fullmatch(w) for w in words)
    )


# a gloss's last part naming which elements it speaks of ("— the number of cards of type i, for each 1 <= i <= n"):
# the index's range, no value's; its bound must be the list's length (prose_format._without_gloss checks)
INDEX_RANGE = re.compile(r",? for (?:each|every|all) 1 <= i <= ([A-Za-z]\w*)$")


def list_length(line: str) -> str | None:
    """The length a list line states: "n integers ..." or its last subscript "a_1, ..., a_n"; None if neither."""
    m = re.search(r"\b([A-Za-z]\w*|\d+) (?:positive |non-negative )?(?:integers|numbers|values)\b", line)
    last = re.search(r"([A-Za-z]\w*)_\{?1\}?,.*?\1_\{?(\w+)\}?\s*(?:\(|$)", line)
    return m.group(1) if m else last.group(2) if last else None


# the input's elements, or a part of them, as what the task picks ("the number of elements you need to choose", "the
# index of the element to delete", "the size of the subset you need to pick"): at most the list's length, which the
# line's ranges may not say (prose_sentences.noun_phrases refuses; prose_gloss_words keeps such a clause)
PICKED = r"\b(?:elements?|items?|entries|entry|subsets?|subsequences?|subarrays?|subsegments?|substrings?)"
# what the task does to some of the input's values ("the number of integers to remove", "the number of chosen
# elements", "the elements Alice picks"): a count or an index of them is at most how many there are, which the ranges
# may not say; any gloss part with such a verb is refused (prose_sentences.noun_phrases), its clause kept for it
PICK_VERB = re.compile(
    r"\b(?:choos|chose|select|pick|remov|delet|eras|discard|takes?\b|taken|took|flip|replac|cross(?:es|ed)? out)\w*",
    re.I,
)


# what a clause after "which" may not say: an order, a comparison, a value ("the day on which it is largest")
_SAYS_VALUE = re.compile(
    r"sort|increas|decreas|ascend|descend|distinct|differ|uniq|equal|same|order|permut|first|last|previous|next"
    r"|before|after|than|most|least|larg|small|big|great|less|more|max|min|only|each|every|all|not|never|even|odd"
    r"|zero|posit|negat|prime|divis|multipl|exceed|bound|limit|repeat|twice|once|times",
    re.I,
)
# words in a gloss part read leniently (a first part, one naming a scalar) that say how values compare or
# what they are, beyond what a value is ("the promo price which is lower than the usual price", "the
# heights from tallest to shortest", "the values which never repeat"): such a part is not read
SAYS_MORE = re.compile(
    r"\b(?:sort|(?:non-?)?(?:in|de)creas|ascend|descend|distinct|differ|uniq|equal|same|identical|alike|order"
    r"|permut|than|exceed|repeat|never|not|no|none|lower|higher|below|above|cheaper|smaller|larger|bigger|greater"
    r"|less|more|fewer|latter|former|most|least|every|both|even|odd|zero|non-?zero|positive|negative"
    r"|prime|divisib|multiple|twice|once|only|grow|grows|rise|rises|rising|fall|falls|being"
    # ends, extremes and positions in time or order of two values ("the left end and the right end", "the
    # minimum and the maximum", "the cheap one first"), bounds ("up to n", "within n"), sums and sortedness
    r"|left|right|end|min|max|minimum|maximum|earliest|latest|ones? (?:first|last)|then"
    r"|up to|within (?!the\b)"
    r"|summands?|discounted|prefix|suffix|sorting|listed|coincide|cheap|expensive)\b"
    r"|\b(?:from|to) (?:the )?[a-z]+est\b|\b[a-z]+est (?:first|last|to)\b"  # "from tallest to shortest": an order
    r"|\b(?:start(?:ing)?|beginning|first) and (?:the )?(?:end(?:ing)?|last)\b"  # two ends: an order, maybe a_1, a_n
    r"|\b([a-z]+er) and \1\b"  # "later and later"
    r"|(?<!\bof )(?<!\bin )\ball\b|\beach (?:a|an|one|of|is|are|being)\b",  # "each a multiple": "each target" is not
    re.I,
)
# the words a "which" clause after the ranges may hold: nouns after a determiner, nouns, links, "was"/"is" and
# past participles ("the day on which the milk was acquired"); "arrives later and later" is none of these
_AUX = frozenset("was were is are be been has have had it they he she".split())
_WHICH = re.compile(r"the ((?:[a-z]+ ){0,2}[a-z]+) (?:on|in|at|of|during|for|to|by) which ((?:[a-z]+ ?){1,8})")


def after_ranges(gloss: str) -> bool:
    """Whether a gloss after the ranges' comma ("(1 <= d_i <= 10^6), the day on which the milk was acquired and
    the number of pints acquired") has its own strict shape: "the <noun> on/of/in ... which <plain words>",
    then plain parts; "the first being 1", "the same as in the previous query" are not."""
    head, *rest = re.split(r"\s+and\s+(?=the\b)", gloss.strip().rstrip("."))
    m = _WHICH.fullmatch(head)
    plain = m and all(w in NOUNS or w in _LINKS for w in m[1].split()) and not _SAYS_VALUE.search(m[2])
    plain = plain and not SAYS_MORE.search(m[2]) and _which_words(m[2].split())
    return bool(plain) and all(plain_part(x) for x in rest)


def _which_words(words: list[str]) -> bool:
    """Whether each word of a "which" clause is allow-listed (see _AUX): a word right after a determiner is a noun."""
    return all(
        w in NOUNS or w in _LINKS or w in _AUX or re.fullmatch(r"[a-z]{3,}ed", w) or (k and words[k - 1] in _LINKS)
        for k, w in enumerate(words)
    )


# "the maximum toxicity level", "the maximum number of operations", "the initial minimum amount required": a scalar
# named as a limit, a parameter of the task.  Not "the maximum element", "the maximum value of a_i", "the maximum of
# the array", "the minimum among them", "the maximum length of s": those say what the value is from other values.
_LIMIT = re.compile(r"the (?:initial )?(?:maximum|minimum|max|min) (?=[a-z])", re.I)
_FROM_VALUES = re.compile(
    r"\b(?:elements?|values?|integers?|entry|entries|items?|among|of all|of them|of (?:the |an? )?(?:given )?"
    r"(?:array|sequence|list|permutation|string|set|input)|in (?:the |an? )?(?:given )?(?:array|sequence|list|set))\b"
    r"|\bnumbers?\b(?! of)|[_\d]|\b[A-Za-z]\b",
    re.I,
)


# what a limit's noun phrase may not hold: a preposition, a quantifier, a modal or a participle may say what it is
# the limit of ("of the mushrooms", "for the mushrooms", "each mushroom may have", "observed", "possible")
_NOT_BARE = re.compile(
    r"\b(?:of|in|for|over|among|across|within|from|to|by|on|at|each|every|any|all|present|possible|allowed|can|may"
    r"|might|must|will|has|have|had|holds?|is|are|was|were|[a-z]+ed)\b",
    re.I,
)


# the nouns a limit's phrase may end in ("the maximum toxicity level", "the maximum number of operations"); any other
# last word ("… seen", "… thereof", "… overall") may say what it is the limit of
_HEADS = NOUNS | frozenset(
    "level levels amount capacity limit distance speed power budget load depth score operations moves steps".split()
)


def without_limit_word(part: str) -> str:
    """A gloss part naming a scalar as a limit (see :data:`_LIMIT`) without its "maximum"/"minimum", so that
    SAYS_MORE judges the rest: a bare noun phrase of up to three words ("toxicity level", "number of operations");
    any other part as it is."""
    m = _LIMIT.match(part.strip())
    rest = part.strip()[m.end() :] if m else ""
    bare = re.sub(r"^number of (?=[a-z]+s$)", "", rest)  # "number of operations": a count of a plain noun
    last = bare.split()[-1] if bare.split() else ""
    if not m or _FROM_VALUES.search(rest) or len(bare.split()) > 3 or _NOT_BARE.search(bare) or last not in _HEADS:
        return part
    return "the " + rest


def index_range_said(before: str, gloss: str) -> str:
    """The gloss less its index range ("..., for each 1 <= i <= n") where the bound is the list's length the line
    states (``before``: the sentence before the gloss); else the gloss as it is (its "<=" refuses it)."""
    m = INDEX_RANGE.search(gloss)
    return gloss[: m.start()] if m and list_length(before) == m.group(1) else gloss


_SCALARS = re.compile(
    r"\b(?:integers?|numbers?|values?)[:,]? ((?:[A-Za-z][A-Za-z0-9]*(?:_i)?)(?:(?:, ?(?:and )?| and )[A-Za-z][A-Za-z0-9]*(?:_i)?)*)"
    r"(?=\s*(?:\(|$))"
)


def scalars_named(line: str) -> int:
    """How many scalars a line names ("three integers n, a, and b (...)": 3; a row's "n_i, m_i and k_i": 3; a
    list "a_1, a_2, ..., a_n": 0): a gloss has one part for each, and any part after says more (allow-listed)."""
    m = _SCALARS.search(re.sub(r" ?\([^()]*\)(?=,? (?:and )?[A-Za-z]\w* ?\()", "", line))  # "n (...) and k (...)"
    return len(re.split(r", ?(?:and )?| and ", m.group(1))) if m else 0


def says_nothing_more(words: str) -> bool:
    """Whether ``words`` (a gloss's noun phrase) hold no word that may say how the values are or compare
    (:data:`SAYS_MORE`, :data:`_SAYS_VALUE`): "the predicted ratings" does; "the odd numbers", "the first n
    integers", "the sorted values" do not."""
    return not SAYS_MORE.search(words) and not _SAYS_VALUE.search(words)


# the direction a list is written in, along the objects its values belong to ("— the numbers on the cards from top
# to bottom"): which object each value is of, nothing of the values themselves -- where they are no positions
DIRECTION = (
    r"(?:from )?(?:top to (?:the )?bottom|bottom to (?:the )?top|left to (?:the )?right|right to (?:the )?left"
    r"|front to (?:the )?back|back to (?:the )?front|first to (?:the )?last|beginning to (?:the )?end)"
)
# what the values may be for a direction (or a task's order, prose_gloss_words) to say nothing of them: a quantity
# carried by each object, its length or size too ("the lengths of the segments").  Not
# "positions", "coordinates", "times", "indices", "days", "distances": those a direction sorts
CARRIED = (
    r"numbers|values|integers|heights|weights|colou?rs|types|costs|prices|powers|strengths|ratings|labels|lengths|sizes"
)
_ALONG = re.compile(
    rf"((?:the )?({CARRIED})(?: (on|of|written on|in) (?:the |each )?(?:[a-z]+ ){{0,2}}[a-z]+)?),? {DIRECTION}",
    re.I,
)
# a bare number word "of" the objects names them ("the numbers of the cells from left to right": each cell's index,
# listed along the direction, so sorted); written "on" or "in" them, it is a value they carry
_INDEXED = re.compile(r"numbers|values|integers", re.I)


def without_direction(gloss: str) -> str:
    """The gloss less the direction its list is written in, where its values are a quantity each object carries
    ("the numbers on the cards from top to bottom": "the numbers on the cards"); any other gloss as it is
    ("the positions of the chips from left to right" says they are sorted, "the numbers of the cells from left to
    right" are the cells' indices: kept, so refused)."""
    m = _ALONG.fullmatch(gloss.strip())
    index = m and m[3] and m[3].lower() == "of" and _INDEXED.fullmatch(m[2])
    return m.group(1) if m and not index and plain_part(m.group(1)) else gloss
