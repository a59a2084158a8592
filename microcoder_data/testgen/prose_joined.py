"""Prose input sentences that say two things at once, taken apart into the forms the reader reads:
two lines in one sentence ("The first line contains the string s, and the second line contains the
string t (1 <= |s|, |t| <= 100)": each line with the ranges), and a product written as one word and
explained in parentheses ("the sum of nk (n multiplied by k) over all test cases": ``n * k``)."""

from __future__ import annotations

import re

from microcoder_data.testgen.prose_families import characters_said
from microcoder_data.testgen.prose_items import ProseLine

_ORDINAL = r"first|second|third|fourth|fifth|sixth"
_TWO_LINES = re.compile(
    rf"^(the (?:{_ORDINAL}) line(?: of (?:each|every) test case)? contains [^,()]+?),? and "
    rf"(the (?:{_ORDINAL}) line(?: of (?:each|every) test case)? contains [^()]+?)\s*(\([^()]*\))?\.?$",
    re.I,
)
_PRODUCT = re.compile(r"\b([A-Za-z]{2,3}) \(([A-Za-z]) (?:multiplied by|times) ([A-Za-z])\)")


def split_two_lines(sentences: list[str]) -> list[str]:
    """Each sentence naming two lines made two sentences; ranges after the second line's contents
    are stated for both (each names its own and the other's values: read once they all are)."""
    out = []
    for s in sentences:
        m = _TWO_LINES.match(s.strip())
        if not m:
            out.append(s)
            continue
        bounds = f" {m.group(3)}" if m.group(3) else ""
        second = m.group(2).rstrip()
        out += [f"{m.group(1)}{bounds}.", f"{second[0].upper()}{second[1:]}{bounds}."]
    return out


def product_said(terms: str) -> str:
    """``nk (n multiplied by k)`` -> ``n * k`` where the word is the two names written together."""
    return _PRODUCT.sub(lambda m: f"{m[2]} * {m[3]}" if m[1] == m[2] + m[3] else m[0], terms)


_PLURAL = re.compile(
    r"^(?:it is (?:also )?guaranteed that |it's (?:also )?guaranteed that )?(both|all(?: the)?|the(?: given)?|these)"
    r" (?:two )?strings (?=(?:only |each |all )?(?:consists?|contains?)\b)",
    re.I,
)

_MORE = re.compile(
    r"\b(?:are|is|have|has|be|not|distinct|different|differ|equal|same|unique|sorted|lengths?|palindrom\w*)\b", re.I
)


def plural_subject(s: str, strings: list[str], unstated: list[str]) -> list[str] | None:
    """ "Both strings consist of uppercase Latin letters" after two lines each one string whose characters
    were not said: the sentence said of each, "The string s consists of ...", "The string t consists of ...".
    None where the sentence is no such sentence, or its subject is not every string line read with its
    characters unsaid ("both" of other than two)."""
    m = _PLURAL.match(s.strip())
    if not m or len(strings) < 2 or set(strings) != set(unstated) or (m[1].lower() == "both" and len(strings) != 2):
        return None
    rest = re.sub(r"^(?:only |each |all )?(consist|contain)(?!s)", r"\1s", s.strip()[m.end() :])
    if _MORE.search(rest):  # "... and are distinct": of the two together, which no alphabet holds
        return None
    return [f"The string {name} {rest}" for name in strings]


def said_of_each(s: str, strings: list[str], unstated: list[str]) -> list[str] | None:
    """The constraint lines of a sentence of every string's characters (``plural_subject``), or None."""
    said = [characters_said(x, unstated, None) for x in plural_subject(s, strings, unstated) or []]
    return [f"{x[0]} consists of {x[1]}" for x in said if x] if said and all(said) else None


_SEVERAL_STRINGS = re.compile(
    r"^(two|three|four) (?:space-separated )?strings,? ([A-Za-z]\w*(?:(?:, ?| and |, and )[A-Za-z]\w*)+),?"
    r" (?:both|each|all) of length (\d+|[A-Za-z]\w*)$",
    re.I,
)


def several_strings(what: str, known: set[str]) -> tuple[list[str], list[str]] | None:
    """ "two space-separated strings, a and b, both of length 3": (the names, their length ranges); None
    where it is no such line (a count of other than the names, a length no number or input read)."""
    m = _SEVERAL_STRINGS.fullmatch(what.strip())
    names = re.split(r", ?(?:and )?| and ", m.group(2)) if m else []
    how_many = {"two": 2, "three": 3, "four": 4}
    if not m or len(names) != how_many[m.group(1).lower()] or not (m.group(3).isdigit() or m.group(3) in known):
        return None
    return names, [f"{m.group(3)} <= |{n}| <= {m.group(3)}" for n in names]


def own_ranges(what: str) -> str:
    """ "two integers pos_i (1 <= pos_i <= n) and val_i (0 <= |val_i| <= 10^9)": each name's own range (one
    naming it) gathered after the names, "two integers pos_i and val_i (1 <= pos_i <= n, 0 <= |val_i| <= 10^9)",
    the form a block's row is read in; anything else as it is (a column named like the index, ``i``, too:
    its element ``i_i`` reads as the index)."""
    said: list[str] = []

    def lift(r: re.Match[str]) -> str:
        base = re.sub(r"_\{?i\}?$", "", r.group(1))
        if base in ("i", "j") or not re.search(rf"(?<![\w']){re.escape(base)}(?:_\{{?i\}}?)?(?![\w'(])", r.group(2)):
            return r.group(0)
        said.append(r.group(2))
        return r.group(1)

    rest = re.sub(
        r"\b([A-Za-z][A-Za-z0-9]*(?:_\{?i\}?)?) ?\(([^()]*(?:<=|<| in )[^()]*)\)(?= and |, |,? ?$)", lift, what
    )
    return f"{rest.rstrip(' ,')} ({', '.join(said)})" if said and "(" not in rest else what


_PRODUCT_RANGE = re.compile(r"1 <= ([A-Za-z]\w*) ?\* ?([A-Za-z]\w*) <= (\S.*)")


def product_ranges(constraints: list[str], lines: list[ProseLine]) -> list[str]:
    """ "(1 <= n * m <= 2 * 10^5)" where n and m are sizes (how many lines, how long each) no other range states:
    each is at least 1 (a size is not negative, and the product is positive) and at most the product's bound --
    a range each is drawn in; the product stays a check on every input."""
    sizes = {x for ln in lines for x in (ln.count, ln.length, ln.width) if x}
    out = []
    for c in constraints:
        m = _PRODUCT_RANGE.fullmatch(c)
        names = [m[1], m[2]] if m else []
        free = [n for n in names if not any(re.search(rf"\b{n}\b", x) for x in constraints if x != c)]
        if m and free == names and set(names) <= sizes:
            out += [f"1 <= {n} <= {m[3]}" for n in names]
    return out
