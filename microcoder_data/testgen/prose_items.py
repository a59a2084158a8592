"""What one line of a prose Input section holds, by one grammar: ``<count> <type> <names>
(<bounds>)``, each part optional where the others say it::

    n integers a_1, a_2, ... a_n (1 <= a_i <= 10^9)       an array b_1, b_2, ..., b_n (0 <= b_i < 998244353)
    n - 1 integers b_1, ..., b_(n - 1)                    a_1, a_2, ..., a_n (1 <= a_i <= 10^9)
    2n integers a_1, ..., a_(2 n)                         n distinct integers a_1, ..., a_n
    a permutation p_1, ..., p_n of [1, 2, ..., n]         an array a of length n (1 <= a_1 <= ... <= a_n <= 10^9)
    three integers x_1, x_2, and x_3 (1 <= x_i <= 10)     a single string s of size n (s_i in {L, R, U, D})
    a string s of n characters 'L' and 'R'                a string of length k, consisting of zeros and ones

A list's length is its count word or its last subscript (both, where both are written, the
same); a string's characters must be stated (in words, as a set, or "binary"), or the line is
refused.  The bounds in parentheses are constraint lines in AtCoder's notation, read on by
the same reader as an AtCoder statement's Constraints (``stdin_translate``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from microcoder_data.testgen.prose_bounds import joins, product_last, relation_lines
from microcoder_data.testgen.spec_model import ELEMENT_INDEX, _Unsupported

NAME = r"[A-Za-z][A-Za-z0-9]*"
_SUBSCRIPT = "i"  # the letter a list's bounds name its elements' subscript by
_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"}
_COUNT = r"(?:\d+ ?\*? ?)?[A-Za-z]\w*(?: ?[-+] ?(?:\d+|[A-Za-z]\w*))*|\d+"
_SUB = r"_(?:\{([^{}]*)\}|([A-Za-z0-9]+))"
# a_1, a_2, ..., a_n / a_1,a_2,a_3,...,a_n / a_1, a_2, ... a_n / a_1 a_2 ... a_n: the name and the last subscript
# (p_2, p_3, ..., p_n: a list whose first subscript is 2, its length n - 1)
_SEQ = re.compile(rf"({NAME})_\{{?([12])\}}?(?: ?,? ?\1_\{{?[234]\}}?)* ?,? ?(?:\.\.\.|\\ldots|\\dots) ?,? ?\1{_SUB}$")
_ADJECTIVE_WORD = r"(?:positive|non-negative|nonnegative|space|distinct|different|pairwise)\b"
_ADJECTIVES = r"(?:(?:positive|non-negative|nonnegative|space[- ]separated|distinct|different|pairwise distinct) )*"


@dataclass
class ProseLine:
    names: list[str]  # scalars: one per token; a list / a string: [its name]
    count: str | None = None  # a list's or a string's length (a variable read before, or a number)
    string: bool = False  # one string on the line
    only: bool = False  # "the only line": no other may follow
    block: bool = False  # ``count`` lines, each a value of every name (its column)
    width: str | None = None  # a grid: ``count`` lines of ``width`` integers each (one name)
    length: str | None = None  # a block of strings: each ``length`` characters long
    gloss: str = ""  # the sentence's "— the number of ..." (prose_families.counted_by_noun reads it)


def split_bounds(text: str) -> tuple[str, str | None]:
    """(``text`` less a closing parenthesised group, that group's inside): ``min(n, 10)`` inside is kept whole."""
    text = text.rstrip(" ,.:")
    if not text.endswith(")"):
        return text, None
    depth = 0
    for k in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[k], 0)
        if depth == 0:
            head = text[:k].rstrip(" ,")
            if not head or head.endswith(("_", "^", "min", "max")):  # a_(n-1), 2^(n): no bounds
                return text, None
            return head, text[k + 1 : -1]
    return text, None


def count_expr(count: str) -> str:
    """``2 n`` / ``2n`` -> ``2*n``, ``n - 1`` -> ``n-1``: a length as the format's rows write it."""
    count = _NUMBER_WORDS.get(count.lower(), count)
    return re.sub(r"(\d)\s*\*?\s*([A-Za-z])", r"\1*\2", count).replace(" ", "")


def read_list(what: str, known: set[str], sentence: str) -> tuple[ProseLine, list[str], bool] | None:
    """``what`` as a line holding one list of integers: (the line, its constraint lines, whether
    the line calls it a permutation); None when ``what`` is no list."""
    head, bounds = split_bounds(re.sub(r"\b(integers|numbers)[:,]? (?:the )?(?:array|sequence|numbers)\b", r"\1", what))
    perm_of = re.search(r" of \[1, 2, (?:\.\.\.|\\ldots), ([A-Za-z]\w*)\]$", head)
    head = head[: perm_of.start()] if perm_of else head
    name = last = None
    m = _SEQ.search(head) or re.search(rf"({NAME})_\{{?i\}}?$", head)
    first = int(m.group(2)) if m and m.re is _SEQ else 1
    if m:
        name, last = m.group(1), _less(count_expr(m.group(3) or m.group(4)), first - 1) if m.re is _SEQ else None
        head = head[: m.start()].rstrip(" :,")
    else:
        fixed = _fixed(head)
        if fixed:
            name, last, head = fixed
    pre = re.fullmatch(
        rf"(?:(?:a|an|the|exactly) )?(?:(?!{_ADJECTIVE_WORD})({_COUNT}) )?({_ADJECTIVES})"
        rf"(integers|numbers|integer numbers|elements|array|sequence|permutation)?"
        rf"(?: ({NAME}))?(?: of (?:length|size) ({_COUNT}))?",
        head.strip(),
    )
    if not pre or (pre.group(3) is None and head.strip()):
        return None
    if not name and not (pre.group(3) in ("array", "sequence") and pre.group(4) and pre.group(5)):
        return None
    if pre.group(4) and name and pre.group(4) != name:
        return None
    name = name or pre.group(4)
    if not last and pre.group(1) and not set(re.findall(r"[A-Za-z]\w*", pre.group(1))) <= known | set(_NUMBER_WORDS):
        return None  # "a binary sequence": no count
    stated = [count_expr(c) for c in (pre.group(1), pre.group(5)) if c]
    count = last or (stated[0] if stated else None)
    if name is None or count is None or any(c != count for c in stated):
        raise _Unsupported(
            f"the length of a list not understood: {sentence!r}", kind="unsupported_format", line=sentence
        )
    if not set(re.findall(r"[A-Za-z]\w*", count)) <= known:
        raise _Unsupported(
            f"the length of a list not understood: {sentence!r}", kind="unsupported_format", line=sentence
        )
    lines = [_by_position(x, name, first) for x in ranges(bounds)]
    if re.search(r"\b(?:distinct|different)\b", pre.group(2)):
        lines.append(f"all values of {name} are distinct")
    perm = bool(perm_of) or pre.group(3) == "permutation"
    if perm and perm_of and perm_of.group(1) != count:
        raise _Unsupported(f"a permutation not understood: {sentence!r}", kind="promise", line=sentence)
    if perm and not any(re.match(rf"\S+ <= {name}_i", x) for x in lines):
        lines.append(f"1 <= {name}_i <= {count}")  # of [1, 2, ..., n]: the range the permutation has
    return ProseLine([name], count), lines, perm


def _less(last: str | None, by: int) -> str | None:
    """The length of a list whose subscripts run from ``by + 1`` to ``last`` (``n`` less 1: ``n-1``)."""
    if not by or last is None:
        return last
    m = re.fullmatch(r"([A-Za-z]\w*)(?:\+(\d+))?|(\d+)", last)
    if not m:
        return None  # p_2, ..., p_{2n-1}: not counted here (refused as a length not understood)
    if m.group(3):
        return str(int(m.group(3)) - by)
    rest = int(m.group(2) or 0) - by
    return m.group(1) + (f"+{rest}" if rest > 0 else f"-{-rest}" if rest < 0 else "")


def _by_position(line: str, name: str, first: int) -> str:
    """A bound of ``name``'s elements that names their subscript (``1 <= p_i < i``), as the position
    the drawing knows (``_i``, from 0): ``i`` is ``_i + first``."""
    if not re.search(rf"\b{name}_\{{?i\}}?(?![\w{{])", line) or re.search(
        r"!=|\b(?:for|if|when|where|all|any)\b", line
    ):
        return line  # "a_i != a_j for i != j": i is no bound there
    return re.sub(rf"(?<![\w_{{]){_SUBSCRIPT}(?![\w}}(])", f"({ELEMENT_INDEX} + {first})", line)


_CELL = r"_\{{i,? ?{}\}}"
_DIGIT = r"\d"  # a_{i,1}, a_{i,2}, a_{i,3}, ...: any cells written out before the dots


def read_grid(what: str, known: set[str]) -> tuple[ProseLine, list[str]] | None:
    """A block line holding a row of a grid: ``m integers a_{i,1}, a_{i,2}, ..., a_{i,m}``, ``m integers
    a_{ij}``, ``two integers a_{i,1} and a_{i,2}`` -> (the grid's row, its width set; its bounds); None otherwise."""
    head, bounds = split_bounds(what)
    m = re.fullmatch(
        rf"(?:({_COUNT}) )?{_ADJECTIVES}integers(?: each)?,? ({NAME})(?:{_CELL.format(1)}(?: ?,? ?\2{_CELL.format(_DIGIT)})*"
        rf" ?,? ?(?:\.\.\.|\\ldots) ?,? ?\2_\{{i,? ?([^{{}}]+)\}}|_\{{i,? ?j\}}|_ij|{_CELL.format(1)} and \2{_CELL.format(2)}"
        rf"|_i1(?: ?, ?\2_i\d)* ?,? ?(?:\.\.\.|\\ldots) ?,? ?\2_i([A-Za-z]\w*))(?: each)?",  # a_i1, a_i2, ..., a_im
        head.strip(),
    )
    if not m:
        return None
    name = m.group(2)
    written = m.group(3) or m.group(4)
    width = count_expr(written) if written else "2" if head.rstrip().endswith("2}") else None
    stated = count_expr(m.group(1)) if m.group(1) else None
    width = width or stated
    if width is None or (stated and stated != width) or not _is_count(width, known):
        return None
    bounds = re.sub(rf"\b{name}_(?:\{{ij\}}|ij\b)", f"{name}_{{i,j}}", bounds or "")
    return ProseLine([name], None, block=True, width=width), ranges(bounds)


def _fixed(head: str) -> tuple[str, str, str] | None:
    """``x_1, x_2, and x_3``: every value of one name, subscripts 1..k written out -> (name, k, the rest)."""
    m = re.search(rf"({NAME})_1((?:(?: ?, ?(?:and )?| and )\1_\d+)+)$", head)
    if not m:
        return None
    subs = [int(s) for s in re.findall(rf"{m.group(1)}_(\d+)", m.group(2))]
    if subs != list(range(2, len(subs) + 2)):
        return None
    return m.group(1), str(len(subs) + 1), head[: m.start()].rstrip(" :,")


_WORD_CHARS = {"zeros": "0", "zeroes": "0", "ones": "1", "zero": "0", "one": "1"}


def read_string(
    what: str, known: set[str], taken: set[str], sentence: str, alphabet_later: bool = False
) -> tuple[ProseLine, list[str]] | None:
    """``what`` as a line holding one string: (the line, its constraint lines); None when it is
    no string; refused when its length or its characters are not understood (``alphabet_later``:
    characters not stated are left to a later sentence -- no ``consists of`` line then)."""
    what = re.sub(r",? where \|\w+\| (?:denotes|is) the length of (?:the )?(?:string )?\w+$", "", what)
    what = re.sub(  # of 4n characters (s_i in {A, B}): of length 4n, the characters the set
        rf" of ({_COUNT}) (?:characters|letters|symbols) (\(\w+_i ?(?:in|=)[^()]*\))$", r" of length \1 \2", what
    )
    what = re.sub(  # of n characters 'L' and 'R': of length n, consisting of them
        rf" of ({_COUNT}) ((?:lower-?case |upper-?case )?(?:English |Latin )?(?:characters|letters|symbols)\b)",
        lambda c: f" of length {c.group(1)} consisting of {c.group(2)}" if _is_count(c.group(1), known) else c.group(0),
        what,
    )
    m = re.fullmatch(
        rf"(?:a |the |one )?(?:single )?(?:non-empty )?(binary )?(?:string|sequence|word)( {NAME})?"
        rf"(?: of (?:length|size) (at most \d+|{_COUNT})| of ({_COUNT}) characters)?,?"
        rf"(?: \(([^()]*)\))?,?(?: (?:consisting|that consists|containing|which consists) (?:only )?of (.+))?"
        rf"(?: \(([^()]*)\))?",
        what.strip(" ."),
    )
    if not m or not (m.group(2) or m.group(3) or m.group(4) or m.group(6) or m.group(1)):
        return None
    name = (m.group(2) or "").strip() or next(n for n in ("s", "t", "str", "line") if n not in taken)
    length, lines = m.group(3) or m.group(4), []
    if length and length.startswith("at most"):
        lines.append(f"1 <= |{name}| <= {length.split()[-1]}")
        length = None
    letters = m.group(6)
    if length and not re.fullmatch(_COUNT, length):
        return None
    count = count_expr(length) if length else None
    if letters and count is None:
        lead = re.match(rf"({_COUNT}) (?=characters|letters|symbols)", letters)
        if lead and set(re.findall(r"[A-Za-z]\w*", lead.group(1))) <= known:
            count, letters = count_expr(lead.group(1)), letters[lead.end() :]
    if count and not set(re.findall(r"[A-Za-z]\w*", count)) <= known:
        raise _Unsupported(
            f"the length of a string not understood: {sentence!r}", kind="unsupported_format", line=sentence
        )
    alphabet = _alphabet_said(letters, name, m.group(5), m.group(7), bool(m.group(1)))
    if alphabet is None and alphabet_later:
        return ProseLine([name], count, string=True), lines + ranges(m.group(5)) + ranges(m.group(7))
    if alphabet is None:
        raise _Unsupported(
            f"the characters of a string not stated: {sentence!r}", kind="unsupported_format", line=sentence
        )
    for group in (m.group(5), m.group(7)):
        if group and _COMPARISON.search(group):
            lines += ranges(group)
    return ProseLine([name], count, string=True), lines + [f"{name} consists of {alphabet}"]


_COMPARISON = re.compile(r"<=|>=|!=|<|>")
_PROPERTY = re.compile(
    r"\b(?:distinct|different|unique|sorted|palindrom\w*|each|every|all|exactly|at (?:most|least))\b", re.I
)


def _is_count(text: str, known: set[str]) -> bool:
    return set(re.findall(r"[A-Za-z]\w*", text)) <= known | set(_NUMBER_WORDS)


def _alphabet_said(letters: str | None, name: str, *parens_and_binary: object) -> str | None:
    """The characters a string line states, as "consists of" words; None where none is stated."""
    first, second, binary = parens_and_binary
    for group in (first, second):
        if not isinstance(group, str) or _COMPARISON.search(group):
            continue
        m = re.fullmatch(rf"{name}_i ?(?:in|=) ?\{{?(.+?)\}}?", group.strip())
        if not m:
            return None
        items = [x.strip(" '\"") for x in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", m.group(1)) if x.strip()]
        if not items or any(len(x) != 1 for x in items):
            return None
        return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else items[0]
    if letters:
        said = [p for p in re.findall(r"\([^()]*\)", letters) if _COMPARISON.search(p) or _PROPERTY.search(p)]
        if said:  # "characters a, b and c (s_i != s_j for i != j)": more than the letters, not read here
            raise _Unsupported(
                f"a condition beside a string's characters: {said[0]!r}", kind="unsupported_format", line=letters
            )
        text = re.sub(r"\bLatin\b", "English", re.sub(r"\s*\([^()]*\)", "", letters))
        text = re.sub(r"\b(zeros|zeroes|ones|zero|one)\b", lambda w: _WORD_CHARS[w.group(1)], text)
        text = re.sub(r"\band/or\b", "and", text)
        return text if re.sub(r"\b(?:characters?|letters?|symbols?|only|the)\b|\s", "", text) else None
    return "0 and 1" if binary else None


_TERM = r"(?:[A-Za-z]\w*|\|[A-Za-z]\w*\|)"  # a name or its length


def ranges(text: str | None) -> list[str]:
    """``1 <= n <= 10^5, 2 <= k <= 5`` (or ``;`` between) -> one constraint line per range (a
    range of several names, ``1 <= n, q <= 10``, stays one line; commas inside ``min(n, m)``
    split nothing; relations between inputs taken apart by ``prose_bounds``)."""
    if not text:
        return []
    pieces, depth, cur = [], 0, ""
    for ch in text:
        depth += {"(": 1, ")": -1, "{": 1, "}": -1}.get(ch, 0)
        if ch in ",;" and depth == 0:
            pieces.append(cur)
            cur = ""
        else:
            cur += ch
    pieces.append(cur)
    parts: list[str] = []
    for part in (p.strip() for p in pieces if p.strip()):
        if (
            parts
            and re.fullmatch(rf"[^<>]+ ?(?:<=|<) ?{_TERM}(?:, ?{_TERM})*", parts[-1])
            and re.fullmatch(rf"{_TERM}(?: ?[-+*] ?(?:{_TERM}|\d+))*(?: ?(?:<=|<).*)?", part)
        ):  # 1 <= n, q <= 10 (or |s|, |t|): one range of two names; 1 <= w_i, p_i * w_i <= 2 * 10^5: of w_i and a product
            parts[-1] += ", " + part
        elif parts and joins(parts[-1], part):  # n, m >= 2 / a, b, c are distinct: one piece of the names
            parts[-1] += ", " + part
        else:
            parts.append(part)
    lines = [x for part in parts for line in relation_lines(part, text) for x in _sorted_chain(_plain(line))]
    return product_last(lines)


def _plain(part: str) -> str:
    """A range said otherwise, in the form read: ``t_i in {1, 2}`` (consecutive integers) ->
    ``1 <= t_i <= 2``; ``a_i != a_j for i != j`` -> its values distinct; ``s only contains
    characters 0 and 1`` -> ``s consists of 0 and 1``.  Anything else as it is."""
    m = re.fullmatch(r"(\S+) in \{ ?(-?\d+(?: ?, ?-?\d+)*) ?\}", part)
    values = [int(v) for v in re.split(r" ?, ?", m.group(2))] if m else []
    if values and values == list(range(values[0], values[0] + len(values))):
        return f"{values[0]} <= {m.group(1)} <= {values[-1]}"  # type: ignore[union-attr]
    part = re.sub(rf"^sum (?:of )?({NAME})_\{{?i\}}?(?= ?(?:<=|>=|<|>))", r"sum(\1)", part)  # sum a_i >= 1: of the list
    m = re.fullmatch(rf"({NAME})_\{{?i\}}? ?!= ?\1_\{{?j\}}? (?:for|if|when) (?:all )?i ?!= ?j", part)
    if m:
        return f"all values of {m.group(1)} are distinct"
    m = re.fullmatch(rf"({NAME}) (?:only )?contains (?:only )?(?:the )?characters (\S+(?:, \S+)* (?:and|or) \S+)", part)
    return f"{m.group(1)} consists of {m.group(2)}" if m else part


def _sorted_chain(part: str) -> list[str]:
    """``1 <= a_1 <= a_2 <= ... <= a_n <= 10^9`` (``... <= a_{n-1} <= a_n``): the list sorted (strictly for ``<``), and its values' range."""
    m = re.fullmatch(
        rf"(?:(\S+) ?(<=|<) ?)?({NAME})_\{{?1\}}? ?(<=|<) ?(?:\3_\{{?2\}}? ?\4 ?)?(?:\.\.\.|\\ldots) ?\4 ?"
        rf"(?:\3_\{{([A-Za-z]\w*)-1\}} ?\4 ?)?\3{_SUB}(?: ?(<=|<) ?(\S+))?",  # ... <= a_{{n-1}} <= a_n too
        part,
    )
    if not m or m.group(5) not in (None, m.group(6) or m.group(7)):
        return [part]
    order = "strictly increasing" if m.group(4) == "<" else "non-decreasing"
    bounds = (
        [f"{m.group(1)} {m.group(2)} {m.group(3)}_i {m.group(8)} {m.group(9)}"] if m.group(1) and m.group(8) else []
    )
    return [f"{m.group(3)} is sorted in {order} order"] + bounds if bool(m.group(1)) == bool(m.group(8)) else [part]


def read_string_rows(
    what: str, known: set[str], taken: set[str], sentence: str, alphabet_later: bool = False
) -> tuple[ProseLine, list[str]] | None:
    """A block line holding one string: ``a binary string of length m``, ``a string s_i of length m
    consisting of ...``, ``m characters '.' or '#'`` -> (the block's column of strings, its length set; the
    alphabet of every string, or none with ``alphabet_later``); None when it is no string.  Only the
    characters may be stated of each."""
    what = re.sub(
        rf"^({_COUNT}) (characters|symbols|letters)\b,?", r"a string of length \1 consisting of \2", what.strip()
    )
    what = re.sub(rf"\b(string|word) ({NAME})_\{{?i\}}?(?=\W|$)", r"\1 \2", what)
    what = re.sub(  # a string s consisting of m uppercase Latin letters: of length m, consisting of them
        rf",? consisting of ({_COUNT}) ((?:lower-?case |upper-?case )?(?:English |Latin )?(?:letters|characters)\b)",
        lambda c: f" of length {c.group(1)} consisting of {c.group(2)}" if _is_count(c.group(1), known) else c.group(0),
        what,
    )
    read = read_string(what, known, taken, sentence, alphabet_later)
    if read is None:
        return None
    line, lines = read
    name = line.names[0]
    bounded = [x for x in lines if re.fullmatch(rf"[^|]*\|{name}_\{{?i\}}?\|[^|]*", x)]  # 1 <= |s_i| <= 10: each
    lines = [x for x in lines if x not in bounded]
    if not (line.count or bounded) or not all(x.startswith(f"{name} consists of ") for x in lines):
        raise _Unsupported(f"a block of strings not understood: {sentence!r}", kind="unsupported_format", line=sentence)
    said = [f"{name}_i{x[len(name) :]}" for x in lines]
    return ProseLine([name], block=True, string=True, length=line.count), said + bounded
