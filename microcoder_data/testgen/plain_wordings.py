"""LeetCode's other wordings of lines the readers know, rewritten to the one form they read (each states no
more and no less than its line): ``s has an even length`` (``s.length is even``), ``s contains at least one
'1'``, ``each character in w is a lowercase English letter`` (``w consists of ...``), ``either 0's or 1's``,
``s only contains ...`` (``s contains only ...``), and the names of letter classes other sources use
(``lowercase Latin letters``, ``small English letters``, ``capital letters``)."""

from __future__ import annotations

import re

# letter classes said otherwise, as the readers name them (Codeforces' "Latin", "small", "capital")
_CLASS_NAMES = (
    (r"\b(?:small|lower-case) (?:english |latin )?letters\b", "lowercase English letters"),
    (r"\b(?:capital|upper-case) (?:english |latin )?letters\b", "uppercase English letters"),
    (r"\blatin letters\b", "English letters"),
    (r"\blower[ -]?case (?:english )?characters\b", "lowercase English letters"),  # "digits and lowercase characters"
    (r"\blower[ -]?case (?:english )?character\b", "lowercase English letter"),
    (r"\bupper[ -]?case (?:english )?characters\b", "uppercase English letters"),
    (r"\bupper[ -]?case (?:english )?character\b", "uppercase English letter"),
)

# other names of what the readers read: a permutation's span, one length shared, no leading zeros, an order
_OTHER_NAMES = (
    (r"\bpermutation of (?:the )?integers (?:in the range|from) \[", "permutation of ["),
    (r"\bpermutation of (?:the )?integers from (\S+) to (\S+)$", r"permutation of [\1, \2]"),
    (r"\bpermutation of the first (\w+) positive integers$", r"permutation of [1, \1]"),
    (r"\bpermutation of the first (\w+) non-negative integers$", r"permutation of [0, \1 - 1]"),
    (
        r"^(?:all|each) (?:the )?(?:strings? )?(\w+)\[i\] (?:have|has) the same length$",
        r"All the strings of \1 have the same length",
    ),
    (r"^each string (?:in|of) (\w+) has the same length$", r"All the strings of \1 have the same length"),
    (r"^(\w+) (?:is|represents) a valid integer without leading zeros?$", r"\1 has no leading zeros"),
    (r"^(\w+) is given in sorted order$", r"\1 is sorted in non-decreasing order"),
    # "where n is the length of nums": the size named as the readers name it
    (
        r"\b([A-Za-z]\w*) is the (?:length|size) of (?!(?:the|a|an|each|every|all)\b)([A-Za-z]\w*)(?=\s*(?:$|[,.;)]|\band\b|\bwhere\b))",
        r"\1 == \2.length",
    ),
    (
        r"\b(?:the )?number of (?:distinct|unique) (?:elements|values|integers|numbers) (?:in|of) (?!(?:the|a|an)\b)([A-Za-z]\w*)(?=\s*(?:$|[,.;)]|\band\b|\bwhere\b))",
        r"distinct_count(\1)",
    ),
    (r"^(\S+) is (?:in|one of) \{([^{}]+)\}$", r"\1 is one of \2"),  # nums[i] is in {1, 2, 3}
    (r"^(\S+) (?:in|∈) \[([^\[\],]+), ?([^\[\],]+)\]$", r"\2 <= \1 <= \3"),  # nums[i] in [1, 100]
    # ⌊n / 2⌋, ⌈n / 2⌉, ceil(n / 2): the bounds' language divides in integers (constraints._expr), so a ceiling
    # is (n + 2 - 1) / 2
    (r"⌊([^⌊⌋]+)⌋", r"floor(\1)"),
    (r"(?:⌈|\bceil\()\s*([\w.]+(?:\([\w.]*\))?) ?/ ?(\w+)\s*(?:⌉|\))", r"((\1 + \2 - 1) / \2)"),
)


def plainer(text: str) -> str:
    """``text`` in the wording the readers know (see above)."""
    text = re.sub(r"'(.)'s\b", r"'\1'", text)  # '1's: the character '1'
    text = re.sub(r"(?<=\d)(?<!'\d)'s\b", "", text)  # 0's
    text = re.sub(r"^(.+?) only (contains?|consists? of|has|have|comprises?) ", r"\1 \2 only ", text)
    # "are different from each other", "mutually distinct": distinct, as the distinctness readings name it
    text = re.sub(
        r"\b(are|be) (?:all )?(?:(?:mutually|pairwise) (?:different|distinct)|(?:different|distinct) from (?:each other|one another))",
        r"\1 distinct",
        text,
    )
    for said, named in _CLASS_NAMES + _OTHER_NAMES:
        text = re.sub(said, named, text, flags=re.I)
    text = re.sub(r"^(\S+) has an? (even|odd) length$", r"\1.length is \2", text)
    # no leading zeros: the first digit is not 0 (stricter than the statement only for "0" itself)
    text = re.sub(
        r"^(\S+) (?:does not|doesn't) (?:contain|have) any leading zeros?$",
        r"the first character of \1 is not '0'",
        text,
    )
    text = re.sub(r"^(\S+) contains at least one '(.)'$", r"\1 contains at least 1 occurrences of '\2'", text)
    return re.sub(r"^(?:each|every) character (?:in|of) (\S+) is an? (.+?)s?$", r"\1 consists of \2s", text, flags=re.I)
