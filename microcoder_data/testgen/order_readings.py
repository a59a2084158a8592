"""A list's order read as a subject and an order predicate (issue 37), registered in
``line_readings.READINGS`` with its examples; the orders are the model's (``orders.py``: drawn so,
checked on every input).

* predicates: ``sorted (in strictly increasing order)``, ``a non-decreasing array``, ``lexicographically
  sorted``, ``sorted by starti in ascending order``, ``sorted in increasing order of time_i``,
  ``a mountain array``, ``..., possibly rotated`` / ``... and rotated between 1 and n times``;
* subjects: a list (``nums``), each of several (``a and b``), each element of a list of lists
  (``grid[i]``), a tuple position (``upperi``: the tuples by that position), each row or column of a
  grid (``All the integers in each row``: the one grid there is, where the line names none);
* neighbours: ``positioni-1 < positioni for any i > 0``, ``releaseTimes[i] < releaseTimes[i+1]``,
  ``1 <= nums[i] <= nums[i + 1] <= 10^4`` (the outer ends bound each element);
* an element bounded by its own index: ``0 <= nextVisit[i] <= i`` (drawn per position, checked).

Each returns True (read), False (its phrasing, on something it cannot hold: refused) or None.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.index_base import numbers_from_one
from microcoder_data.testgen.spec_model import ELEMENT_INDEX

_WORDS = {
    "non-decreasing": "asc",
    "ascending": "asc",
    "increasing": "strict",
    "non-increasing": "desc",
    "descending": "desc",
    "decreasing": "strict_desc",
}
_STRICTLY = {"asc": "strict", "desc": "strict_desc"}
_WORD = r"non-decreasing|non-increasing|ascending|descending|increasing|decreasing"
_LEX = r"(?:lexicographically|lexicographical|lexicographic|alphabetically|alphabetical)"
_PREDICATE = re.compile(
    rf"(?:sorted|arranged)(?: {_LEX})?(?: by (?P<key1>\S+))?"
    rf"(?: in (?:an? )?(?:(?P<s1>strictly )?(?P<d1>{_WORD})|{_LEX})(?: order)?)?(?: (?:of|by) (?P<key2>\S+))?"
    rf"|{_LEX} sorted"
    rf"|(?:an? |in )?(?P<s2>strictly )?(?P<d2>{_WORD})(?: order)?(?: array| list| sequence)?"
    r"|(?:an? )?(?P<mountain>mountain) array",
    re.I,
)
_ROTATED = re.compile(
    r"(.+?),? (?:that is |which is |and is |and )?(?:possibly rotated|rotated between 1 and (\S+) times)"
)
_GRID = re.compile(
    r"(?:(?:all )?(?:the )?(?:integers|values|elements|numbers) (?:in|of) )?(?:each |every |all (?:the )?|the )"
    r"(rows?(?: and (?:each |every |the )?columns?)?|columns?)(?: (?:of|in) (?:the )?(?:matrix |grid )?(\S+))?",
    re.I,
)
_NAMES = re.compile(
    r"(?:both |all of )?(?:(?:all )?(?:the )?(?:values|elements|integers|numbers) (?:of|in) )?(?:the (?:array|list) )?(.+?)"
    r"(?: both)?",
    re.I,
)
# "from left to right" (a row), "from top to bottom" (a column): the direction every order here reads
_ALONG = re.compile(r"(.+?),? from (?:left to right|top to bottom)", re.I)
# "are unique and sorted ...": the list distinct (the reader's own reading), and in order
_ALSO = re.compile(r"(unique|distinct) and (.+)", re.I)


def order_of(strictly: str | None, word: str | None) -> str:
    """The model's order for ``strictly`` + a direction word (none: ``sorted``, ascending)."""
    order = _WORDS[word.lower()] if word else "asc"
    return _STRICTLY.get(order, order) if strictly else order


def _combined(old: str | None, new: str) -> str | None:
    """Two lines on one list's order: both hold (strictly wins), or None where they cannot."""
    if old in (None, new):
        return new
    return {frozenset(("asc", "strict")): "strict", frozenset(("desc", "strict_desc")): "strict_desc"}.get(
        frozenset((old, new))
    )


def _set_order(node: Any, order: str, key: int | None = None, rotated: bool = False) -> bool:
    """``node`` (a list, not a tuple) in ``order``; False where that cannot join what it holds (a
    rotated list stated sorted elsewhere: the rotation would undo that line)."""
    if node is None or node.kind != "list" or node.items is not None or node.order_key not in (None, key):
        return False
    both = _combined(node.order, order)
    if both is None or (rotated and (key is not None or order == "mountain")):
        return False
    if node.order is not None and node.rotated != rotated:
        return False
    node.order, node.rotated = both, node.rotated or rotated
    node.order_key = key if key is not None else node.order_key
    return True


def _position_list(reader: Any, ref: tuple[str, int, str]) -> tuple[Any, int] | None:
    """(the list of tuples, the position) a tuple position's reference names (``starti``)."""
    if not ref[2].startswith("@") or ref[2].endswith(".len") or ref[1] < 2:
        return None
    return reader.node_at(ref[0], ref[1] - 2), int(ref[2][1:])


def _subject_node(reader: Any, word: str, key: str | None) -> tuple[Any, int | None] | None:
    """(the list whose order a subject word names, the tuple position it is in order of)."""
    ref = reader.ref(word)
    if ref is None or re.search(r"\[\s*(?:\d|\w\w)", word):  # grid[0]: one row, not each
        return None
    at = _position_list(reader, ref)
    if at is not None:
        return None if key else at
    if ref[2] != "val":
        return None
    node = reader.node_at(ref[0], ref[1])
    if key is None:
        return node, None
    kref = reader.ref(key)
    kat = _position_list(reader, kref) if kref else None
    if kat is None or kref[0] != ref[0] or kref[1] != ref[1] + 2:
        return None
    return node, kat[1]


def _grid_of(reader: Any, name: str | None) -> Any:
    if name is not None:
        ref = reader.ref(name)
        return reader.node_at(ref[0], ref[1]) if ref and ref[2] == "val" else None
    grids = [reader.nodes[a] for a in reader.args if _is_grid(reader.nodes.get(a))]
    return grids[0] if len(grids) == 1 else None  # "each row": of the one grid there is


def _is_grid(node: Any) -> bool:
    return node is not None and node.kind == "list" and node.elem is not None and node.elem.kind == "list"


def _predicate(pred: str) -> tuple[str, str | None] | None:
    m = _PREDICATE.fullmatch(pred)
    if not m:
        return None
    if m.group("mountain"):
        return "mountain", None
    strictly, word = (m.group("s1"), m.group("d1")) if m.group("d1") else (m.group("s2"), m.group("d2"))
    if m.group("key1") and m.group("key2"):
        return None
    return order_of(strictly, word), m.group("key1") or m.group("key2")


def sorted_subjects(reader: Any, text: str) -> bool | None:
    """``nums is a non-decreasing array``, ``a and b are lexicographically sorted``, ``intervals is
    sorted by starti in ascending order``, ``upperi is sorted in ascending order``, ``All the rows
    and columns of matrix are guaranteed to be sorted in non-decreasing order``, ``nums is sorted and
    rotated between 1 and n times``, ``arr is guaranteed to be a mountain array``."""
    m = re.fullmatch(r"(.+?) (?:is|are) (?:(?:guaranteed|given) to be |always )?(.+)", text, re.I)
    if not m:
        return None
    subject, pred = m.group(1), m.group(2)
    pred = _ALONG.sub(r"\1", pred) if _ALONG.fullmatch(pred) else pred
    also = _ALSO.fullmatch(pred)
    if also and _predicate(also.group(2)):
        return reader.read(f"{subject} are {also.group(1)}", False) and sorted_subjects(
            reader, f"{subject} are {also.group(2)}"
        )
    rot = _ROTATED.fullmatch(pred)
    parsed = _predicate(rot.group(1) if rot else pred)
    if parsed is None:
        return None
    order, key = parsed
    if order == "mountain" and not _mountain_defined(reader.statement):
        return False  # a mountain the statement defines otherwise (or not at all): not read
    lex = re.search(_LEX, pred, re.I) is not None
    grid = _GRID.fullmatch(subject)
    if grid:
        node = _grid_of(reader, grid.group(2))
        if not _is_grid(node) or key or rot or order == "mountain" or (lex and _numbers(node.elem, None)):
            return False
        if "row" in grid.group(1).lower() and not _set_order(node.elem, order):
            return False
        if "column" in grid.group(1).lower():
            node.column_order = _combined(node.column_order, order)
        return node.column_order is not None or "column" not in grid.group(1).lower()
    words = re.split(r",? and |, ", _NAMES.fullmatch(subject).group(1))  # type: ignore[union-attr]
    found = [_subject_node(reader, w.strip(), key) for w in words]
    if any(f is None for f in found):
        return None if all(reader.ref(w.strip()) is None for w in words) else False
    if rot and not all(_whole_length(reader, rot.group(2), w) for w in words):
        return False
    if lex and any(_numbers(node, k) for node, k in found):  # type: ignore[misc]
        return False
    # "grid is sorted", "the elements in grid are sorted": each row? every cell in one order? unsure (a list of
    # tuples, "intervals is sorted", is by its rows, which a key or the tuples' order says)
    grids = [node for node, k in found if k is None and node.elem is not None and node.elem.kind == "list"]  # type: ignore[misc]
    if any(node.elem.items is None for node in grids):
        return False
    return all(_set_order(node, order, k, bool(rot)) for node, k in found)  # type: ignore[misc]


def _numbers(node: Any, key: int | None) -> bool:
    """Does ``node`` (a list) compare numbers, its elements or their ``key`` position?  Numbers in
    lexicographical order are by their digits (``10`` before ``9``), an order the model does not
    hold (it sorts numbers as numbers): refused, never drawn numerically."""
    elem = node.elem if node is not None and node.kind == "list" else None
    if elem is not None and key is not None:  # a tuple's position (its items, else its one kind)
        elem = elem.items[key] if elem.items and key < len(elem.items) else elem.elem
    return elem is not None and elem.kind in ("int", "float")


def _whole_length(reader: Any, times: str | None, word: str) -> bool:
    """Rotated "between 1 and ``times`` times": every rotation only where ``times`` is the list's
    length (``n`` of ``n == nums.length``, or ``nums.length``); "possibly rotated": any."""
    if times is None:
        return True
    ref = reader.ref(word)
    said = reader.bounds.get((ref[0], ref[1], "len"), {}).get("eq") if ref and ref[2] == "val" else None
    return times == f"{word}.length" or (said is not None and said == reader.expr(times))


# the definition a mountain is read by: strictly up to a peak at neither end, then strictly down
_MOUNTAIN_DEFINED = (
    re.compile(r"(\w+)\[0\] < \1\[1\] < \.\.\. < \1\[i ?- ?1\] < \1\[i\]"),
    re.compile(r"(\w+)\[i\] > \1\[i ?\+ ?1\] > \.\.\. > \1\["),
    re.compile(r"0 < i < \w+(?:\.length)? ?- ?1"),
)


def _mountain_defined(statement: str) -> bool:
    """Does the statement define a mountain as this reading draws one (strictly up to a peak that
    is neither end, then strictly down), or say only "the values increase to a peak element and
    then decrease"?  A statement defining it otherwise (``<=``, a peak at an end) is not read."""
    if all(p.search(statement) for p in _MOUNTAIN_DEFINED):
        return True
    said = re.search(r"increase to a peak(?: element)? and then decrease", statement, re.I)
    return said is not None and re.search(r"\bmountain\b[^.\n]*\bif\b", statement, re.I) is None


_CHAIN_OPS = re.compile(r" (<=|<|>=|>) ")
# "for any i > 0 (0-indexed)", "for all 0 <= i < n - 1": the range of i, read only where it covers
# every neighbour (:func:`_every_pair`): a narrower one would bound only some elements
_FOR_I = re.compile(
    r"(.+?)(?:,? for (?:any|all|each|every) (?:valid )?i(?P<from> > 0| >= 1)?"
    r"|,? for (?:all )?(?P<lo>\S+) (?P<lop><=?) i (?P<hop><=?) (?P<hi>\S+(?: - \d)?))?(?: \(0-indexed\))?"
)
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
_BY_OP = {"<": "strict", "<=": "asc", ">": "strict_desc", ">=": "desc"}


def _neighbour(reader: Any, term: str) -> tuple[str, int] | None:
    """(the element term, its offset): ``nums[i + 1]`` -> (``nums[i]``, 1); ``positioni-1`` (a
    position's name that lost its subscript) -> (``positioni``, -1)."""
    m = re.fullmatch(r"([A-Za-z_]\w*)\[i(?: ?([+-]) ?1)?\]", term)
    if m and reader.ref(f"{m.group(1)}[i]"):
        return f"{m.group(1)}[i]", int(f"{m.group(2)}1") if m.group(2) else 0
    m = re.fullmatch(r"([A-Za-z_]\w*?i)(?:([+-])1)?", term)
    if m and m.group(1) in reader.aliases:
        return m.group(1), int(f"{m.group(2)}1") if m.group(2) else 0
    return None


def sorted_neighbours(reader: Any, text: str) -> bool | None:
    """``positioni-1 < positioni for any i > 0 (0-indexed)``, ``releaseTimes[i] < releaseTimes[i+1]``,
    ``b[i] > b[i+1] for all 1 <= i < m``, ``1 <= nums[i] <= nums[i + 1] <= 10^4``: each element and
    the next in order -- the list (or the tuples by that position) sorted; the chain's outer ends
    bound every element (sorted, the first and last hold them for all)."""
    said = _FOR_I.fullmatch(text)
    parts = _CHAIN_OPS.split(said.group(1))  # type: ignore[union-attr]
    terms, ops = parts[::2], parts[1::2]
    found = [_neighbour(reader, t) for t in terms]
    at = next((j for j in range(len(ops)) if found[j] and found[j + 1] and found[j][0] == found[j + 1][0]), None)
    if at is None or abs(found[at][1] - found[at + 1][1]) != 1 or len(ops) > 3:  # type: ignore[index]
        return None
    op = ops[at] if found[at][1] < found[at + 1][1] else _FLIP[ops[at]]  # type: ignore[index]
    base = found[at][0]  # type: ignore[index]
    ref = reader.ref(base)
    where = _position_list(reader, ref)
    node, key = where if where else (reader.node_at(ref[0], ref[1] - 1), None)
    depth = ref[1] - (2 if where else 1)  # the list's own depth: its length's name at the top
    if not _every_pair(reader, said, min(found[at][1], found[at + 1][1]), (ref[0], depth)):  # type: ignore[index]
        return False
    if _names_an_element(terms[:at] + terms[at + 2 :], (base, ref[0])) or not _set_order(node, _BY_OP[op], key):
        return False
    rest = terms[:at] + [base] + terms[at + 2 :]
    bound = [x for pair in zip(rest, ops[:at] + ops[at + 1 :]) for x in pair] + rest[-1:]
    return len(rest) == 1 or reader.read(" ".join(bound), False)


def _every_pair(reader: Any, said: Any, offset: int, where: tuple[str, int]) -> bool:
    """Does the line's range of i (``said``: :data:`_FOR_I`'s match) cover every neighbour pair of
    the list at ``where`` (its name, depth)?  ``offset``: the first of a pair's index less i (0 for
    ``nums[i] < nums[i + 1]``, -1 for ``xi-1 < xi``).  No range, or ``for all valid i``: all; else
    the first pair from the notation's first index, the last up to the list's length (``nums.length``,
    or a name stated equal to it) less at most what the last pair needs."""
    first = reader.first_index
    if said.group("from"):
        return 1 + offset <= first
    if said.group("lo") is None:
        return True
    lo, high = said.group("lo"), re.fullmatch(r"([\w.]+)(?: - (\d))?", said.group("hi"))
    if not lo.isdigit() or high is None:
        return False
    lowest = int(lo) + (said.group("lop") == "<")
    short = int(high.group(2) or 0) + (said.group("hop") == "<")  # the last i is the length less this
    length = reader.bounds.get((where[0], where[1], "len"), {}).get("eq")
    whole = (where[1] == 0 and high.group(1) == f"{where[0]}.length") or (
        length is not None and high.group(1) in reader.nodes and length == reader.expr(high.group(1))
    )
    return whole and lowest + offset <= first and short <= 2 + offset - first


def _names_an_element(ends: list[str], names: tuple[str, ...]) -> bool:
    """Does a chain's other end name the list or an index (``<= 2 * nums[i]``, ``<= xi + 3``)?
    Then it relates neighbours (a gap), which re-read as ``nums[i] <= 2 * nums[i]`` would bound
    nothing: refused, never a relation lost."""
    words = {re.match(r"\w*", n).group(0) for n in names} - {""}  # type: ignore[union-attr]
    return any(re.search(r"\[|\bi\b", e) or words & set(re.findall(r"\w+", e)) for e in ends)


_BARE_I = re.compile(r"(?<![\w\[])i(?![\w\]])")


def own_index_bound(reader: Any, text: str) -> bool | None:
    """``0 <= nextVisit[i] <= i``, ``nums[i] < i``: an element bounded by its own index (from the
    notation's first index), drawn per position and checked."""
    m = re.fullmatch(r"(?:(.+?) (<=|<) )?([A-Za-z_]\w*)\[i\] (<=|<) (.+)", text)
    if not m or "i" in reader.nodes or not _BARE_I.search(m.group(5)) or (m.group(1) and _BARE_I.search(m.group(1))):
        return None
    ref = reader.ref(f"{m.group(3)}[i]")
    if ref is None or ref[1] != 1 or not re.fullmatch(r"[\w\s+\-*/().^]+", m.group(5)):
        return None
    if re.search(r"\b(?:for|if|when|where|and|or|with)\b", m.group(5)):  # "n - 1 for i != 0": another reading's
        return None
    if numbers_from_one(reader.statement) and not reader.first_index:
        return False  # "a 1-indexed array nums": the element's own index counted from 0 or 1, unsure
    index = f"({ELEMENT_INDEX} + {reader.first_index})" if reader.first_index else ELEMENT_INDEX
    upper = _BARE_I.sub(index, m.group(5))
    lower = f"{m.group(1)} {m.group(2)} " if m.group(1) else ""
    return reader.range_or_condition(f"{lower}{m.group(3)}[i] {m.group(4)} {upper}")


ENTRIES = (
    (
        "a list's order: a subject and an order predicate",
        (
            "nums is a non-decreasing array",
            "nums is sorted in ascending order",
            "nums1 and nums2 are sorted in non-decreasing order",
            "nums1 and nums2 both are sorted in non-decreasing order",
            "All the elements of nums1 are unique and sorted in ascending order",
            "graph[i] is sorted in a strictly increasing order",
            "words and strs are lexicographically sorted",
            "nums is strictly decreasing",
            "All the values of nums1 are strictly increasing",
            "grid[i] are sorted in non-increasing order",
            "mines is sorted by xi in ascending order",
            "mines is sorted in increasing order of yi",
            "xi is sorted in ascending order",
            "All the integers in each row of grid are sorted in ascending order",
            "Integers in each column of grid are sorted in ascending from top to bottom",
            "All the rows and columns of grid are guaranteed to be sorted in non-decreasing order",
            "nums is an ascending array that is possibly rotated",
            "nums is sorted and rotated between 1 and nums.length times",
        ),
        "drawn and checked",
        sorted_subjects,
    ),
    (
        "a list's order: each element and the next",
        (
            "xi-1 < xi for any i > 0 (0-indexed)",
            "nums[i] < nums[i+1]",
            "arr[i] > arr[i + 1] for all 0 <= i < arr.length - 1",
            "1 <= nums[i] <= nums[i + 1] <= 10^4",
            "0 <= arr[i] < arr[i+1] <= 100",
            "1 <= xi < xi+1 < k",
        ),
        "drawn and checked",
        sorted_neighbours,
    ),
    (
        "an element bounded by its own index",
        ("0 <= nums[i] <= i", "0 <= arr[i] < i", "nums[i] <= i"),
        "drawn and checked",
        own_index_bound,
    ),
)
