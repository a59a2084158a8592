"""Gloss parts written without their determiner, after a first part that has one: "— the number of
countries, regions, and queries", "— the initial variable, constant and the number of operations".

Such a part is a bare noun phrase of up to three plain words, none a function word (a quantifier, a
preposition, a comparison, a verb) nor a value word (``distinct``, ``sorted``, ``even``, ``nonzero``,
...): it names what a value is and nothing of its value.  A part that says more ("all distinct",
"sorted", "less than n", "given in order") is not one, and the sentence is refused as before."""

from __future__ import annotations

import re

_FUNCTION = set(
    "all none both some most any many few each every no not neither either nor is are was were be been being "
    "has have had can may must will shall should would could than then that which where when who whom whose "
    "with without within between from into onto over under above below up down to by at in on of off per as "
    "if unless except only also just less more fewer greater smaller larger bigger lower higher same equal "
    "given written listed said stated guaranteed bounded limited".split()
)
# a word that says something of a value, wherever it stands in the word ("unsorted", "nondecreasing")
_VALUE_IN = re.compile(
    r"sort|increas|decreas|ascend|descend|distinct|differ|uniq|equal|order|permut|palindrom|prime|divis|multipl"
    r"|coprime|consecutive|adjacent|disjoint|overlap|symmetr|balanc|regular|valid|correct|exceed|bound|limit|power"
    r"|square|cube|parit|digit|bit",
    re.I,
)
# a word that says something of a value where it starts the word ("even", "odd", "nonzero", "positive")
_VALUE_START = re.compile(r"(?:even|odd|zero|ones?$|non|pos|neg|max|min|least|most|at$)", re.I)


def bare_part(part: str) -> bool:
    """Whether a gloss part (split at commas, ``and`` / ``or``) is a bare noun phrase as above."""
    words = re.sub(r"\s+respectively$", "", part.strip()).split()
    return 1 <= len(words) <= 3 and all(
        re.fullmatch(r"[a-z]{3,}", w)
        and w not in _FUNCTION
        and not w.endswith(("ed", "ly"))  # a participle or an adverb ("reversed", "strictly") says how the values are
        and not _VALUE_IN.search(w)
        and not _VALUE_START.match(w)
        for w in words
    )


# a gloss's last part naming which elements it speaks of ("— the number of cards of type i, for each 1 <= i <= n"):
# the index's range, no value's
INDEX_RANGE = re.compile(r",? for (?:each|every|all) 1 <= i <= [A-Za-z]\w*$")
