"""AtCoder constraint phrasings that say in words what the reader reads in symbols.

Each rule turns one whole line (LaTeX already plain, subscripts still ``A_i``) into lines
in the notation :func:`stdin_format.translate` reads next, or leaves it alone (None): a
line no rule fits is passed on as it is, and the reader reads it or refuses the spec.
Every rule is a phrasing, never a problem: ``The length of S is N`` -> ``|S| = N``,
``N is an integer such that 1 <= N <= 50`` -> ``1 <= N <= 50``, ``T_i < T_{i+1}`` ->
``T is sorted in strictly increasing order``.
"""

from __future__ import annotations

import re

_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5"}
_TOKEN = r"[A-Za-z][A-Za-z0-9]*(?:_\{?\w+\}?)?"  # S, S_i, S_{i}


def without_gloss(t: str) -> str:
    """``1 <= |S| <= 100 (|S| is the length of the string S.)``: the gloss defines notation,
    it constrains nothing."""
    return re.sub(
        r"\s*\((?:here, )?\|?[A-Za-z]\w*\|? (?:is|denotes|means) the length of (?:the )?(?:string )?[A-Za-z]\w*\.?\)$",
        "",
        t,
        flags=re.I,
    )


def rephrase(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """The line in the translator's notation (one or more lines), or None (not a phrasing here)."""
    t = re.sub(r"\s+,", ",", t)  # "A_1, ... , A_N": LaTeX's spacing
    # "N, T, and X_i (1 <= i <= N) are integers": the range of i said in passing
    inner = re.sub(r"(?<=_[a-z]) ?\(\s*1 ?<= ?[a-z] ?<= ?\w+\s*\)(?=[ ,])", "", t)
    if inner != t:
        return [inner]
    rules = (
        _integer_such_that,
        _length_is,
        _next_element,
        _implies,
        _lists_distinct,
        _permutation_of_word,
        _each_character,
        _some_element,
        _not_all_equal,
        _does_not_end_with,
        _total_length,
    )
    for rule in rules:
        lines = rule(t, names, ints)
        if lines is not None:
            return lines
    return _contains(t, names, ints)


def _head(token: str) -> str:
    return re.sub(r"_\{?\w+\}?$", "", token)


def _integer_such_that(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``N is an integer such that 1 <= N <= 50`` / ``satisfying``: the condition on N itself."""
    m = re.fullmatch(rf"({_TOKEN}) is an integer (?:such that|satisfying|that satisfies|with) (.+)", t)
    if (
        not m
        or _head(m.group(1)) not in names
        or not re.search(rf"(?<![\w|]){re.escape(m.group(1))}(?![\w|])", m.group(2))
    ):
        return None
    return [m.group(2)]


def _length_is(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``The length of S is N``; ``The length of S is an odd number between 1 and 99, inclusive``."""
    m = re.fullmatch(rf"the length of ({_TOKEN}) is (.+)", t, re.I)
    if not m or _head(m.group(1)) not in names or ints.get(_head(m.group(1))):
        return None
    s, rest = m.group(1), m.group(2)
    parity = re.fullmatch(r"an? (odd|even) (?:number|integer) between (\S+) and (\S+?),? inclusive", rest)
    if parity:
        return [f"{parity.group(2)} <= |{s}| <= {parity.group(3)}", f"|{s}| is {parity.group(1)}"]
    if re.fullmatch(r"[A-Za-z0-9_{}+\-* ()]+", rest) and not re.search(r"\b(?:at|between|and|or)\b", rest):
        return [f"|{s}| = {rest}"]  # N, 2N, N + 1: one value
    return None


def _total_length(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``The total length of S_1, S_2, ..., S_N is at most 5 * 10^5``: a bound on the sum."""
    m = re.fullmatch(
        r"the (?:total length|sum of the lengths) of ([A-Za-z][A-Za-z0-9]*)_1, (?:\1_2, )?(?:\.\.\.|…),? (?:and )?"
        r"\1_\{?(\w+)\}? is (?:at most|not (?:more|greater) than) (.+)",
        t,
        re.I,
    )
    if not m or m.group(1) not in names or ints.get(m.group(1)):
        return None
    s = m.group(1)
    return [f"{s}_1.length + {s}_2.length + ... + {s}_{{{m.group(2)}}}.length <= {m.group(3)}"]


def _next_element(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``T_i < T_{i+1} (1 <= i <= N-1)``, ``... for all 1 <= i <= N-1``: the list is sorted;
    ``A_i != A_{i+1}``: no two neighbours equal."""
    m = re.fullmatch(
        r"([A-Za-z]\w*)_\{?([a-z])\}? ?(<=|<|!=) ?\1_\{\2 ?\+ ?1\}"
        r"(?: ?\(\s*1 ?<= ?\2 ?(?:<= ?\w+ ?- ?1|< ?\w+)\s*\)| for (?:all|each|every) 1 ?<= ?\2 ?(?:<= ?\w+ ?- ?1|< ?\w+)"
        r"| for \2 ?=+ ?1 ?, ?2 ?, ?(?:\.\.\.|…) ?, ?\w+ ?- ?1)?",
        t,
    )  # X_k != X_{k+1} (1 <= k <= M-1), A_i <= A_{i+1} for i=1,2,...,M-1
    if not m or m.group(1) not in names:
        return None
    if m.group(3) == "!=":
        return [f"no two adjacent elements of {m.group(1)} are equal"]
    return [f"{m.group(1)} is sorted in {'strictly increasing' if m.group(3) == '<' else 'non-decreasing'} order"]


def _implies(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``i != j \\implies S_i != S_j``: ``S_i != S_j if i != j``."""
    m = re.fullmatch(r"([a-z]) != ([a-z]) (?:\\implies|\\Rightarrow|\\Longrightarrow|implies|=>) (.+)", t)
    return [f"{m.group(3)} if {m.group(1)} != {m.group(2)}"] if m else None


def _lists_distinct(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``A_1, ..., A_N, B_1, ..., B_M are distinct``: no value twice in all the lists together."""
    m = re.fullmatch(r"(.+?),? (?:are|is) (?:all )?(?:pairwise )?(?:distinct|different)", t)
    if not m:
        return None
    text = re.sub(r"\s*,\s*", ", ", m.group(1))
    one = re.compile(r"([A-Za-z]\w*)_\{?1\}?(?:, \1_\{?2\}?)?, (?:\.\.\.|…), (?:and )?\1_\{?\w+\}?")
    lists = list(one.finditer(text))
    gaps = [text[a.end() : b.start()] for a, b in zip(lists, lists[1:])]
    heads = [x.group(1) for x in lists]
    if (
        len(lists) < 2
        or lists[0].start() != 0
        or lists[-1].end() != len(text)
        or any(g not in (", ", ", and ", " and ") for g in gaps)
        or len(set(heads)) != len(heads)
        or not set(heads) <= names
    ):
        return None
    return [f"all values of {', '.join(heads[:-1])} and {heads[-1]} are distinct"]


def _permutation_of_word(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``S is a permutation of ABCDE``: each of the word's characters once."""
    m = re.fullmatch(r"([A-Za-z]\w*) is a permutation of ([A-Za-z0-9]{2,})", t)
    if not m or m.group(1) not in names or ints.get(m.group(1)) or len(set(m.group(2))) != len(m.group(2)):
        return None
    s, word = m.group(1), m.group(2)
    return [f"|{s}| = {len(word)}", f"{s} consists of " + ", ".join(word), f"all characters of {s} are distinct"]


def _each_character(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``Each character of S is an uppercase or lowercase English letter``: what S consists of."""
    m = re.fullmatch(rf"(?:each|every) character (?:of|in) ({_TOKEN}) is (?:an? )?(.+)", t, re.I)
    if not m or _head(m.group(1)) not in names or ints.get(_head(m.group(1))):
        return None
    return [f"{m.group(1)} consists of {m.group(2)}"]


def _some_element(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``There is an i such that A_i >= 1``: the largest element is (the smallest, for ``<=``)."""
    m = re.fullmatch(r"there (?:is|exists) an? ([a-z]) such that ([A-Za-z]\w*)_\{?\1\}? ?(>=|>|<=|<) ?(\S+)", t, re.I)
    if not m or m.group(2) not in names or not ints.get(m.group(2)):
        return None
    return [f"{'max' if m.group(3).startswith('>') else 'min'}({m.group(2)}) {m.group(3)} {m.group(4)}"]


def _not_all_equal(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``It is not the case that all A_1, ..., A_N are equal``, ``Not all A_i are equal``."""
    m = re.fullmatch(
        r"(?:it is not the case that all|not all) ([A-Za-z]\w*)_(?:\{?i\}?|\{?1\}?(?:, ?\1_\{?2\}?)?, ?(?:\.\.\.|…), ?\1_\{?\w+\}?)"
        r" are (?:equal|the same)",
        t,
        re.I,
    )
    if not m or m.group(1) not in names or not ints.get(m.group(1)):
        return None
    return [f"min({m.group(1)}) != max({m.group(1)})"]


def _does_not_end_with(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``S does not end with .`` / ``start with``: the string's last (first) character."""
    m = re.fullmatch(rf"({_TOKEN}) does not (end|start|begin) with (\S)", t)
    if not m or _head(m.group(1)) not in names or ints.get(_head(m.group(1))):
        return None
    return [f"the {'last' if m.group(2) == 'end' else 'first'} character of {m.group(1)} is not '{m.group(3)}'"]


def _contains(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``S contains at least one .``, ``S contains at least D occurrences of @``, ``S contains
    one R, one M, and one S`` (each exactly once): how often a character occurs."""
    m = re.fullmatch(rf"({_TOKEN}) contains (.+)", t)
    if not m or _head(m.group(1)) not in names or ints.get(_head(m.group(1))):
        return None
    s, rest = m.group(1), m.group(2)
    other = re.fullmatch(r"at least one character other than (.+)", rest)
    chars = re.split(r",? (?:and |or )?|, ", other.group(1)) if other else []
    if other and all(len(c) == 1 for c in chars):
        return [f"{s} contains at least 1 characters other than '{''.join(chars)}'"]
    least = re.fullmatch(r"at least (\w+) (?:occurrences? of |copies of )?(\S)", rest)
    if least:
        count = _NUMBER_WORDS.get(least.group(1), least.group(1))
        return [f"{s} contains at least {count} occurrences of '{least.group(2)}'"]
    every = re.fullmatch(r"(?:all|each) of (.+)", rest)
    chars = [x for x in re.split(r",? and |, ", every.group(1)) if x] if every else []
    if len(chars) >= 2 and all(len(c) == 1 for c in chars):
        return [f"{s} contains at least 1 occurrences of '{c}'" for c in chars]
    each = [x for x in re.split(r",? and |, ", rest) if x]
    if len(each) >= 2 and all(re.fullmatch(r"(?:exactly )?one \S", x) for x in each):
        return [f"{s} contains exactly 1 occurrences of '{x[-1]}'" for x in each]
    return None


def graph_lines(t: str, statement: str, names: set[str]) -> list[str] | None:
    """``The given graph is simple``: no self-loop and no edge twice (in either direction unless
    the graph is directed), over the edges the statement names (``Edge i connects vertex a_i
    and vertex b_i``), as the reader's lines.  None when the line is not that, or the edges are
    not named: the line then refuses the spec.  ``simple and connected`` is not read: a random
    draw is almost never connected, so the tests would be few and tiny."""
    m = re.fullmatch(r"(?:the )?(?:given |input )?graph is simple", t, re.I)
    ends = re.findall(
        r"(?:connects?|between|joins?) (?:the )?(?:vertex|vertices) ([A-Za-z]\w*)_\{?i\}? and (?:vertex )?([A-Za-z]\w*)_\{?i\}?",
        statement,
    )
    if not m or len(set(ends)) != 1 or not set(ends[0]) <= names:
        return None
    u, v = ends[0]
    directed = re.search(r"(?<!un)directed", statement, re.I) is not None
    return [f"{u}[i] != {v}[i]", f"the edges ({u}[i], {v}[i]) are distinct{'' if directed else ' as unordered pairs'}"]
