"""Readings of lines that say how often values occur in an input (issue 37), registered in
``line_readings.READINGS`` by :data:`ENTRIES` (name, examples, how enforced, reading).  One idea,
``Node.counts`` / ``Node.profile`` (occurrences.py): drawn so and checked on every input.

* "Each element in nums appears twice except for one element which appears only once", "Each letter
  appears in s exactly twice", "nums contains n + 1 unique elements and one of them is repeated exactly n
  times": a profile of occurrences; the length drawn as the profile admits (odd for "twice but one once"),
  refused where the stated length and value ranges admit none.
* "There is exactly one cell with cells[i][j] == 'R'", "The number of 1's in the grid is in the range [1,
  6000]", "Half of the integers in nums are even": how many scalars hold a relation.
* "At least one seat is empty", "There is at least one water cell": the word's value read from the
  statement's body by one rule (:func:`word_value`: the clauses that use the word and name one value, all
  naming the same); none or several → the line refused.  "At least one": a witness (existence_readings).
* "There is exactly one island in grid": the land value from the body, islands counted (grid_regions.py).
* ("c occurs at least once in s", a witness of another input's value: structured_readings.occurs_in.)
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_model import is_int_list
from microcoder_data.testgen.distinct_readings import _items_distinct
from microcoder_data.testgen.existence_readings import _witness_of
from microcoder_data.testgen.multiset_readings import _times
from microcoder_data.testgen.occurrences import admissible_length
from microcoder_data.testgen.spec_model import evaluate_const

__all__ = ["ENTRIES", "word_value"]

_NAME = r"[A-Za-z_]\w*"
_ITEMS = r"(?:elements?|integers?|numbers?|values?|letters?|characters?)"
_COUNT = r"(\w+(?: times)?)"
_LITERAL = r"(-?\d+|'.'|\".\")"


def _leaf(node: Any) -> Any:
    while node is not None and node.kind == "list" and node.elem is not None:
        node = node.elem
    return node


def _subject(reader: Any, name: str | None) -> str | None:
    """The input ``name`` names; ``the array`` / ``the grid`` / none: the one list input (or the input so named)."""
    bare = re.sub(r"^the ", "", name or "", flags=re.I)
    if bare in reader.nodes:
        return bare
    lists = [a for a in reader.args if reader.nodes[a].kind == "list"]
    return lists[0] if len(lists) == 1 and (name is None or bare in ("array", "grid", "matrix")) else None


def _scalar(leaf: Any, raw: str) -> str | None:
    """``raw`` as an expression of one scalar ``leaf`` may hold (``1``, ``'R'``, ``P`` of a string), or None."""
    raw = raw.strip()
    if leaf.kind == "int" and re.fullmatch(r"-?\d+", raw):
        return raw
    one = re.fullmatch(r"'(.)'|\"(.)\"|(\S)", raw)
    if leaf.kind == "str" and one:
        return repr(one.group(1) or one.group(2) or one.group(3))
    return None


def _add_count(reader: Any, name: str | None, relation: str, raw: str, lo: str, hi: str) -> bool:
    """``name``'s scalars holding ``relation raw`` between ``lo`` and ``hi`` times (``hi`` "": no bound)."""
    node = reader.nodes.get(name) if name else None
    leaf = _leaf(node)
    value = _scalar(leaf, raw) if leaf is not None and node.kind in ("list", "str") else None
    if value is None:
        return False
    node.counts = [*(node.counts or []), (relation, value, lo, hi)]
    return True


def _quantity(how: str, k: str) -> tuple[str, str] | None:
    """``exactly two`` -> ("2", "2"), ``at least one`` -> ("1", ""), ``at most 25`` -> ("0", "25")."""
    n = _times(k)
    if n is None:
        return None
    return {"exactly": (str(n), str(n)), "at least": (str(n), ""), "at most": ("0", str(n))}[how.lower()]


def _set_profile(reader: Any, name: str | None, profile: list[tuple[str, str]]) -> bool:
    """``name`` (a list of ints, or a string) holds its values as ``profile`` says; False where it cannot,
    or where its stated length and value range (when constant) admit no such list."""
    node = reader.nodes.get(name) if name else None
    if node is None or node.profile or not (node.kind == "str" or (node.kind == "list" and _leaf(node).kind == "int")):
        return False
    if node.distinct or node.perm is not None or (node.kind == "list" and node.elem.kind != "int"):
        return False
    length = reader.bounds.get((name, 0, "len"), {})
    lo, hi = (evaluate_const(length.get(k) or length.get("eq")) for k in ("lo", "hi"))
    values = reader.bounds.get((name, 1, "val"), {})
    vlo, vhi = evaluate_const(values.get("lo")), evaluate_const(values.get("hi"))
    pool = len(node.alphabet) if node.kind == "str" and node.alphabet else float("inf")
    pool = vhi - vlo + 1 if vlo is not None and vhi is not None else pool
    try:
        admitted = lo is None or hi is None or admissible_length(profile, {}, hi, lo, hi, pool) is not None
    except (NameError, KeyError, TypeError, ValueError):  # a profile naming a size: the draw decides
        admitted = True
    if not admitted:
        return False
    node.profile = profile
    return True


def all_but_some(reader: Any, text: str) -> bool | None:
    """``Each element in the array appears twice except for one element which appears only once``, ``Each
    integer in nums will appear twice, only two integers will appear once``: a profile."""
    m = re.fullmatch(
        rf"(?:each|every|all(?: the)?) {_ITEMS} (?:(?:in|of) (the array|{_NAME}) )?(?:will )?appears? (?:exactly )?"
        rf"{_COUNT},? (?:except (?:for )?|only |but )(\w+)(?: of them| {_ITEMS})?,? (?:which |that )?(?:will )?"
        rf"appears? (?:only |exactly )?{_COUNT}",
        text,
        re.I,
    )
    if not m:
        return None
    common, some, alone = _times(m.group(2)), _times(m.group(3)), _times(m.group(4))
    if None in (common, some, alone) or common == alone:
        return False
    return _set_profile(reader, _subject(reader, m.group(1)), [(str(alone), str(some)), (str(common), "")])


def each_exactly(reader: Any, text: str) -> bool | None:
    """``Each letter appears in s exactly twice``, ``All the integers of nums appear exactly three times``
    (``exactly once``: the items the word names distinct -- a list's elements, a string's characters, a
    grid's every cell -- by distinct_readings' one rule; items it cannot hold so: refused)."""
    m = re.fullmatch(
        rf"(?:each|every|all(?: the)?) ({_ITEMS}) (?:(?:in|of) ({_NAME}) )?(?:appears?|occurs?) (?:in ({_NAME}) )?"
        rf"exactly {_COUNT}",
        text,
        re.I,
    )
    if not m or bool(m.group(2)) == bool(m.group(3)):
        return None
    times, name = _times(m.group(4)), m.group(2) or m.group(3)
    if times == 1 and name in reader.nodes and reader.nodes[name].kind in ("list", "str"):
        word = "characters" if reader.nodes[name].kind == "str" else m.group(1)
        return bool(_items_distinct(reader, [(name, 0)], word))
    return times is not None and _set_profile(reader, name, [(str(times), "")])


def one_repeated(reader: Any, text: str) -> bool | None:
    """``nums contains n + 1 unique elements and one of them is repeated exactly n times``: a profile (one
    value ``n`` times, the rest once) and the number of distinct values (a check)."""
    m = re.fullmatch(
        rf"({_NAME}) contains (.+?) (?:unique|distinct) {_ITEMS},? and one of them is repeated exactly (.+?) times",
        text,
        re.I,
    )
    if not m:
        return None
    distinct, times = reader.expr(m.group(2)), reader.expr(m.group(3))
    if not _set_profile(reader, m.group(1), [(times, "1"), ("1", "")]):
        return False
    reader.checks.append(f"distinct_count({m.group(1)}) == {distinct}")
    return True


def each_character_once(reader: Any, text: str) -> bool | None:
    """``keyboard contains each English lowercase letter exactly once in some order``, ``s consists of each of
    the three characters 'a', 'b', and 'c' exactly once``: those characters, each once (a profile)."""
    m = re.fullmatch(
        rf"({_NAME}) (?:contains|consists of) each (?:of the (?:\w+ )?)?(.+?) exactly once"
        r"(?: in some order|, representing [\w ]+)?",
        text,
        re.I,
    )
    if not m:
        return None
    node, chars = reader.nodes.get(m.group(1)), reader.alphabet(re.sub(r"\bletter\b", "letters", m.group(2)))
    if node is None or node.kind != "str" or not chars:
        return False
    node.alphabet = "".join(sorted(set(chars)))
    return _set_profile(reader, m.group(1), [("1", str(len(node.alphabet)))])


def characters_counted(reader: Any, text: str) -> bool | None:
    """``The number of opening brackets '[' equals n / 2, and the number of closing brackets ']' equals n / 2``:
    how often each character occurs in the string (``in s``, else the one string input), a count each."""
    parts = re.split(r",? and (?=the number of )", text, flags=re.I)
    found = [
        re.fullmatch(rf"the number of (?:[\w ]+ )?'(.)'(?: in ({_NAME}))? (?:equals|is equal to|is|==) (.+)", p, re.I)
        for p in parts
    ]
    if not all(found):
        return None
    strings = [a for a in reader.args if reader.nodes[a].kind == "str"]
    for m in found:
        name = m.group(2) or (strings[0] if len(strings) == 1 else None)
        count = reader.expr(m.group(3))
        if name is None or not _add_count(reader, name, "==", repr(m.group(1)), count, count):
            return False
    return True


def cells_holding(reader: Any, text: str) -> bool | None:
    """``There is exactly one cell with board[i][j] == 'R'``, ``There are exactly two pairs (i, j) where the
    j-th character of S[i] is P``, ``The number of 1's in the grid is in the range [1, 6000]``: a count."""
    m = re.fullmatch(
        rf"there (?:is|are) (exactly|at least|at most) (\w+) (?:cells?|elements?|positions?) (?:with|where|such that) "
        rf"({_NAME})(?:\[[a-z]\])+ ?={{1,2}} ?(.+)"
        rf"|there (?:is|are) (exactly|at least|at most) (\w+) pairs? \(i, ?j\) (?:where|such that) "
        rf"the j-th character of ({_NAME})\[i\] is (\S+)",
        text,
        re.I,
    )
    if m:
        how, k, name, raw = m.group(1, 2, 3, 4) if m.group(1) else m.group(5, 6, 7, 8)
        bounds = _quantity(how, k)
        return bounds is not None and _add_count(reader, name, "==", raw, *bounds)
    m = re.fullmatch(
        rf"the number of {_LITERAL}(?:'s|s)? in (the \w+|{_NAME}) is (?:in the range \[(\S+), (\S+)\]|"
        rf"between (\S+) and (\S+),? inclusive|(exactly|at least|at most) (\w+))",
        text,
        re.I,
    )
    if not m:
        return None
    name = _subject(reader, m.group(2))
    bounds = _quantity(m.group(7), m.group(8)) if m.group(7) else None
    lo, hi = bounds or (m.group(3) or m.group(5), m.group(4) or m.group(6))
    if not lo or evaluate_const(reader.expr(lo)) is None or (hi and evaluate_const(reader.expr(hi)) is None):
        return False
    return _add_count(reader, name, "==", m.group(1), reader.expr(lo), reader.expr(hi) if hi else "")


def value_counted(reader: Any, text: str) -> bool | None:
    """``There is exactly one 0 in nums``, ``equation has exactly one '='``, ``s contains at most 3 'a's``: how
    many scalars equal the value.  "at least" and "... occurrences of ..." are conditions.py's (checks)."""
    m = re.fullmatch(
        rf"there (?:is|are|will be) (exactly|at most) (\w+) {_LITERAL}(?:'s|s)? in (the \w+|{_NAME})"
        rf"|({_NAME}) (?:has|contains) (exactly|at most) (\w+) {_LITERAL}(?:'s|s)?",
        text,
        re.I,
    )
    if not m:
        return None
    how, k, raw, name = m.group(1, 2, 3, 4) if m.group(1) else (*m.group(6, 7, 8), m.group(5))
    bounds, name = _quantity(how, k), _subject(reader, name)
    if bounds is None:
        return None  # a count named by a variable: conditions.read_occurrences'
    return name is not None and _add_count(reader, name, "==", raw, *bounds)


def half_even(reader: Any, text: str) -> bool | None:
    """``Half of the integers in nums are even`` (``odd``: the same, of a list of even length): a count of
    even values, ``len(nums) / 2`` (a list of odd length holds it never: its draws are dropped)."""
    m = re.fullmatch(rf"half of the {_ITEMS} (?:in|of) ({_NAME}) are (even|odd)", text, re.I)
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if not is_int_list(node):
        return False
    half = f"len({m.group(1)}) / 2"
    node.counts = [*(node.counts or []), ("multiple", "2", half, half)]
    return True


_VALUE = r"(-?\d+\b|'[^']'|\"[^\"]\"|[^\w\s'\"](?=[\s,;]|$))"
_SAYS = r"(?:marks?|represents?|means?|denotes?|stands? for)\b"
_MENTION = re.compile(
    rf"\b({_NAME})(?:\[[^\]]*\]|_\{{[^}}]*\}})* ?(?:==|=|is) ?{_VALUE}|(?:\beach |\bwhere |^)(-?\d+|'.') {_SAYS}"
)
# clauses: lines, sentences, and parts joined by "and" where a value's mention follows (``... = 1 represents land
# and grid[i][j] = 0 represents water``, ``where 1 represents land and 0 represents water``)
_CLAUSES = re.compile(
    rf"\n|; |, and |, but |(?<=[\w)\]'\"])\.(?:\s|$)|,? and (?=\w+(?:\[[^\]]*\])* ?==? ?-?\w|(?:-?\d+|'.') {_SAYS})"
)


# a clause that negates or sets a case apart ("= 1 means the seat is not empty", "water if ... == 0, otherwise it
# is land") says nothing of the word's value that a mention in it could be read as
_DENIES = re.compile(r"\bnot\b|n't\b|\botherwise\b|\bunless\b|\bexcept\b|\bnon-|\bno\b|\bwithout\b", re.I)
# kinds of cell that exclude one another: a clause naming two of one kind defines them apart (no one value)
_KINDS = (
    {"water", "land"},
    {"empty", "occupied", "full", "filled", "taken", "person", "people"},
    {"free", "blocked", "obstacle", "obstacles", "wall", "walls"},
    {"open", "closed"},
    {"black", "white"},
    {"alive", "dead"},
    {"fresh", "rotten"},
)
# value ... links ... word: what may stand between a value and the word it stands for
_LINK = re.compile(r"\b(?:marks?|represents?|means?|denotes?|stands? for|indicates?|is|are)\b", re.I)
_OTHER_VALUE = re.compile(r"(?<![\w\[])-?\d+\b(?!\])|'.'|\".\"|\bor\b", re.I)


def _defines(clause: str, word: str, value_end: int, mention_start: int) -> bool:
    """Whether the clause says the value (ending at ``value_end``) is ``word``: "value ... represents / means
    / is ... word" with no other value or "or" between, or "word if <mention>" (``empty if S_{i,j} is .``)."""
    for w in re.finditer(rf"\b{re.escape(word)}\b", clause, re.I):
        if w.start() >= value_end:
            between = clause[value_end : w.start()]
            if _LINK.search(between) and not _OTHER_VALUE.search(between):
                return True
        elif re.fullmatch(r"\s*(?:cells?\s+)?(?:if|when|where)\s+", clause[w.end() : mention_start], re.I):
            return True
    return False


def word_value(statement: str, word: str) -> set[tuple[str | None, str]]:
    """What ``word`` stands for in ``statement``'s body (before its examples and constraints): ``(input or
    None, value)`` of each clause that uses the word, names exactly one value and says that value is the
    word (``seats[i] = 0 represents that the ith seat is empty``, ``If isWater[i][j] == 1, cell (i, j) is a
    water cell``, ``each 1 marks a building``, ``Cell (i, j) is empty if S_{i,j} is .``).  A clause that
    negates (:data:`_DENIES`) or names another kind of the word's (:data:`_KINDS`) gives no value."""
    body = re.split(r"\n#*\s*(?:Example|Sample Input|Constraints|Input)\b", statement)[0]
    others = set().union(*(k for k in _KINDS if word.lower() in k)) - {word.lower()}
    out = set()
    for clause in _CLAUSES.split(body):
        if not re.search(rf"\b{re.escape(word)}\b", clause, re.I) or _DENIES.search(clause):
            continue
        if others and re.search(rf"\b(?:{'|'.join(others)})\b", clause, re.I):
            continue
        found = list(_MENTION.finditer(clause))
        mentions = {(m.group(1), m.group(2)) if m.group(1) else (None, m.group(3)) for m in found}
        if len(mentions) == 1 and all(
            _defines(clause, word, m.end(2) if m.group(1) else m.end(3), m.start()) for m in found
        ):
            out |= mentions
    return out


def word_cells(reader: Any, text: str) -> bool | None:
    """``At least one seat is empty``, ``There is at least one empty cell``, ``There will be at least one
    building in the grid``: the word's value from the body (:func:`word_value`); at least one: a witness,
    else a count.  A word the body gives no one value for: the line refused."""
    m = re.fullmatch(
        r"(?:there (?:is|are|will be) )?(exactly|at least|at most) (\w+) (\w+) (?:is|are) (\w+)"
        rf"|there (?:is|are|will be) (exactly|at least|at most) (\w+) (\w+)(?: cells?)?(?: in (the grid|{_NAME}))?",
        text,
        re.I,
    )
    if not m:
        return None
    how, k, word, where = m.group(1, 2, 4, 3) if m.group(1) else m.group(5, 6, 7, 8)
    if word.lower() in ("cell", "element", "index", "pair", "word", "edge", "node", "way", "answer", "solution"):
        return None
    meant = word_value(reader.statement, word)
    if not meant:
        return None  # a word the body does not give a value: another reading's, or refused unread
    if len(meant) > 1:
        return False
    said, raw = next(iter(meant))
    named = _subject(reader, where) if where else None  # the line's input over the body's
    if named and said and said != named:
        return False  # the body gives the word's value of another input
    name = named or _subject(reader, said)
    bounds = _quantity(how, k)
    if name is None or bounds is None:
        return False
    if bounds == ("1", ""):
        return _witness_of(reader, name, "==", raw)  # at least one: existence_readings' witness
    return _add_count(reader, name, "==", raw, *bounds)


def _lakes_allowed(statement: str) -> str | None:
    """``""`` where the body speaks of no lakes, ``"0"`` where it says an island has none ("The island doesn't
    have "lakes""), None where it speaks of them otherwise (not read)."""
    said = re.findall(r"[^.\n]*\blakes?\b[^.\n]*", statement, re.I)
    if not said:
        return ""
    none = r"(?:doesn't|does not|don't|do not|cannot|can't|will not|won't) (?:have|contain) (?:any )?\W?lakes\b"
    return "0" if all(re.search(none, s, re.I) for s in said) else None


def island_count(reader: Any, text: str) -> bool | None:
    """``There is exactly one island in grid``, ``There are exactly two islands in grid``: the land cells (the
    value the body gives ``land``) form that many 4-connected islands (grid_regions.py), lakes as the body says."""
    m = re.fullmatch(rf"there (?:is|are) (exactly|at least|at most) (\w+) islands? in (the grid|{_NAME})", text, re.I)
    if not m:
        return None
    name, k, lakes = _subject(reader, m.group(3)), _times(m.group(2)), _lakes_allowed(reader.statement)
    node = reader.nodes.get(name) if name else None
    meant = {raw for said, raw in word_value(reader.statement, "land") if said in (None, name)}
    if m.group(1).lower() != "exactly" or k is None or lakes is None or len(meant) != 1 or node is None:
        return False
    if node.kind != "list" or node.elem is None or node.elem.kind != "list" or _leaf(node).kind != "int":
        return False
    node.islands = [*(node.islands or []), (next(iter(meant)), str(k), lakes)]
    return True


ENTRIES = (
    (
        "every value a stated number of times but some",
        (
            "Each element in nums appears twice except for one element which appears only once",
            "Each element in nums appears exactly three times except for one element which appears once",
            "Each integer in nums will appear twice, only two integers will appear once",
            "Every element of nums appears three times except for one, which appears exactly once",
        ),
        "drawn and checked",
        all_but_some,
    ),
    (
        "every value exactly a stated number of times",
        ("Each letter appears in s exactly twice", "each element of nums appears exactly three times"),
        "drawn and checked",
        each_exactly,
    ),
    (
        "one value repeated, the rest once",
        ("nums contains n + 1 unique elements and one of them is repeated exactly n times",),
        "drawn and checked",
        one_repeated,
    ),
    (
        "how many cells hold a value",
        (
            "There is exactly one cell with cells[i][j] == 'R'",
            "There are exactly two pairs (i, j) where the j-th character of S[i] is P",
            "The number of 1's in the grid is in the range [1, 6000]",
            "the number of 0's in grid is at most 25",
        ),
        "drawn and checked",
        cells_holding,
    ),
    (
        "each character of a set exactly once",
        (
            "s contains each English lowercase letter exactly once in some order",
            "S consists of each of the three characters 'a', 'b', and 'c' exactly once, representing the cards",
        ),
        "drawn and checked",
        each_character_once,
    ),
    (
        "how often a character occurs in a string",
        (
            "The number of opening brackets '[' in s equals n / 2, and the number of closing brackets ']' in s equals n / 2",
        ),
        "drawn and checked",
        characters_counted,
    ),
    (
        "how many scalars equal a value",
        (
            "There is exactly one 0 in nums",
            "There are at most two 1's in grid",
            "p has exactly one '*'",
            "s contains at most 3 'a's",
        ),
        "drawn and checked",
        value_counted,
    ),
    ("half of the values even", ("Half of the integers in nums are even",), "drawn and checked", half_even),
    (
        "how many cells hold the value a word of the statement names",
        ("At least one seat is empty", "There is at least one water cell", "There are exactly two water cells"),
        "drawn and checked",
        word_cells,
    ),
    (
        "how many islands a grid holds",
        ("There is exactly one island in grid", "There are exactly two islands in grid"),
        "drawn and checked",
        island_count,
    ),
)
