"""Readings of LeetCode lines relating lengths, sums and neighbouring elements (issue 37: refused
shapes of the dev statements), registered in ``line_readings.READINGS`` with their examples.
Each returns True (read), False (its phrasing, on something it cannot hold: refused) or None
(not its phrasing).
"""

from __future__ import annotations

import re
from typing import Any


_NAME = r"[A-Za-z_]\w*"
_SUM = rf"sum\({_NAME}\[[a-z]\]\.length\)"


def each_sum(reader: Any, text: str) -> bool | None:
    """``1 <= sum(word1[i].length), sum(word2[i].length) <= 10^3``, ``1 <= groups[i].length,
    sum(groups[i].length) <= 10^3``: the bounds of each term of a list naming a total length,
    read one line per term (a total then drawn under it and checked)."""
    m = re.fullmatch(r"(?:(\S+) (<=|<) )?(\S+(?:, ?\S+)+)(?: (<=|<) (\S+))?", text)
    terms = [t.strip() for t in m.group(3).split(",")] if m else []
    if not m or not (m.group(1) or m.group(5)) or not any(re.fullmatch(_SUM, t) for t in terms):
        return None
    low = f"{m.group(1)} {m.group(2)} " if m.group(1) else ""
    high = f" {m.group(4)} {m.group(5)}" if m.group(5) else ""
    return all(reader.read(f"{low}{t}{high}", False) for t in terms)


def element_sum(reader: Any, text: str) -> bool | None:
    """``0 <= sum(nums[i]) <= 1000``, ``1 <= orders <= min(sum(inventory[i]), 10^9)``,
    ``max(plants[i]) <= capacity``: the sum (greatest, least) of a list of numbers, written with
    its index -- read as ``sum(nums)`` (a check every draw passes)."""
    whole = re.compile(rf"\b(sum|max|min)\(({_NAME})\[[a-z]\]\)")
    found = whole.findall(text)
    if not found:
        return None
    if any(_int_list(reader, name) is None for _, name in found):
        return False
    return reader.read(whole.sub(r"\1(\2)", text), False)


def _int_list(reader: Any, name: str) -> Any:
    """The node of ``name`` if it is a list of numbers (else None)."""
    node = reader.nodes.get(name)
    ok = node is not None and node.kind == "list" and node.elem is not None and node.elem.kind in ("int", "float")
    return node if ok else None


def sorted_by_pairs(reader: Any, text: str) -> bool | None:
    """``arr[i] < arr[j] for 1 <= i < j <= arr.length`` (``0 <= i < j < n``): every earlier element
    below every later one -- the list sorted, strictly for ``<`` (drawn so, checked)."""
    m = re.fullmatch(rf"({_NAME})\[i\] (<=|<) \1\[j\] for (?:all )?\S+ <=? i < j <=? \S+", text)
    if not m:
        return None
    node = _int_list(reader, m.group(1))
    if node is None:
        return False
    node.order = "strict" if m.group(2) == "<" else "asc"
    return True


def neighbours_differ(reader: Any, text: str) -> bool | None:
    """``nums[i] != nums[i + 1] for all valid i`` (``for 0 <= i < m``): no two adjacent elements
    equal (a check)."""
    m = re.fullmatch(
        rf"({_NAME})\[i\] != \1\[i ?\+ ?1\](?: for (?:all|every|each) (?:valid )?i| for (?:all )?\S+ <= i < \S+)?", text
    )
    if not m:
        return None
    return reader.read(f"no two adjacent elements of {m.group(1)} are equal", False)


_SAME_LENGTH = (
    re.compile(rf"all ({_NAME})\[i\]\.length are (?:equal|the same)", re.I),
    re.compile(rf"({_NAME})\[i\]\.length == \1\[j\]\.length(?: for (?:all )?\S+ <= i, j < \1\.length)?"),
    re.compile(rf"all (?:the )?(?:strings|words|elements) (?:in|of) ({_NAME}) (?:are of|have) the same length", re.I),
    re.compile(rf"({_NAME})\[i\] (?:are all|all are) of the same length", re.I),
)
_THE_STRINGS = re.compile(r"all (?:the )?(?:strings|words) (?:are of|have) the same length", re.I)


def same_lengths(reader: Any, text: str) -> bool | None:
    """``All nums[i].length are equal``, ``dict[i].length == dict[j].length``, ``All the strings
    are of the same length`` (the one list of strings): every element of the list has one length
    (drawn so, checked)."""
    m = next((m for p in _SAME_LENGTH for m in [p.fullmatch(text)] if m), None)
    if m is not None:
        names = [m.group(1)]
    elif _THE_STRINGS.fullmatch(text):
        names = [a for a in reader.args if _rows(reader.nodes[a]) and reader.nodes[a].elem.kind == "str"]
        loose = [a for a in reader.args if reader.nodes[a].kind == "str"]
        if len(names) != 1 or loose:
            return False  # which list is meant is not said, or "the strings" take in a string argument too
    else:
        return None
    node = reader.nodes.get(names[0])
    if node is None or not _rows(node):
        return False
    node.rows_equal = True
    return True


def _rows(node: Any) -> bool:
    """A list whose elements have a length (strings or lists, not fixed-size tuples)."""
    return node.kind == "list" and node.elem is not None and node.elem.kind in ("str", "list") and node.items is None


_BUT_THE_ROOT = r"for (?:all |each |every )?(?:i >= 1|i > 0|i != 0|0 < i < \S+|1 <= i < \S+)"


def parent_list(reader: Any, text: str) -> bool | None:
    """``0 <= parent[i] <= n - 1 for all i >= 1`` (``for i != 0``; LeetCode's ``parent[0] == -1``
    beside it): a tree's parent list rooted at 0 -- drawn as a random tree, checked to be one
    (the root's -1, every other node's parents leading to it, each within the stated range)."""
    m = re.fullmatch(rf"(\S+) (<=|<) ({_NAME})\[i\] (<=|<) (.+?),? {_BUT_THE_ROOT}", text)
    if not m:
        return None
    name = m.group(3)
    node = _int_list(reader, name)
    low = (m.group(1), m.group(2)) in (("0", "<="), ("-1", "<"))  # a node of 0..n - 1: parent_tree checks it
    if node is None or node.elem.kind != "int" or not low or not _of_a_tree(reader, name):
        return False  # a range of all but the first element: per position, not read
    if not reader.range_or_condition(f"-1 <= {name}[i] {m.group(4)} {m.group(5)}"):
        return False  # the upper bound holds of every element, -1 of the root's
    reader.checks.append(f"parent_tree({name})")
    node.parents = True
    return True


def _of_a_tree(reader: Any, name: str) -> bool:
    """Whether ``name`` is a list of parents: so named, or the statement speaks of a tree's parents or root
    (``0 <= nums[i] <= 100 for i >= 1`` of any other list is a range that leaves ``nums[0]`` out)."""
    said = re.search(r"\b(?:parents?|root(?:ed)?)\b", reader.statement or "", re.I) and re.search(
        r"\btrees?\b", reader.statement or "", re.I
    )
    return bool(re.search(r"parent", name, re.I) or said)


def parent_tree(reader: Any, text: str) -> bool | None:
    """``parent represents a valid tree``: ``parent[0] == -1`` the root, every node's parents lead
    to it (a check; :func:`parent_list` draws it so)."""
    m = re.fullmatch(rf"({_NAME}) (?:represents|is|forms|describes) a valid tree", text)
    if not m or _int_list(reader, m.group(1)) is None:
        return None
    reader.checks.append(f"parent_tree({m.group(1)})")
    return True


def between(reader: Any, text: str) -> bool | None:
    """``nums.length will be between 1 and 50,000``, ``nums[i] will be an integer between 0 and
    49,999``: a range, inclusive (drawn so)."""
    m = re.fullmatch(
        r"(\S+) (?:will be|is|are) (?:an? (?:integer|number) )?between (\S+) and (\S+?)(?:,? inclusive)?", text
    )
    if not m or reader.ref(m.group(1)) is None:
        return None
    return reader.range_or_condition(f"{m.group(2)} <= {m.group(1)} <= {m.group(3)}")


def digits_of(reader: Any, text: str) -> bool | None:
    """``1 <= k <= num.length (taking num as a string)``: the number of digits of an integer input
    (``digit_count(num)``), a bound drawn so."""
    m = re.fullmatch(rf"(.*)\b({_NAME})\.length \(taking \2 as a string\)(.*)", text)
    node = reader.nodes.get(m.group(2)) if m else None
    if node is None:
        return None
    if node.kind != "int":
        return False
    return reader.range_or_condition(f"{m.group(1)}digit_count({m.group(2)}){m.group(3)}")


# (name, examples, how enforced, reading): line_readings.Reading's fields, registered there
LENGTH_READINGS = (
    (
        "bounds of several total lengths",
        (
            "1 <= sum(word1[i].length), sum(word2[i].length) <= 10^3",
            "sum(a[i].length), sum(b[i].length) <= 100",
            "1 <= strs[i].length, sum(strs[i].length) <= 10^3",
        ),
        "drawn and checked",
        each_sum,
    ),
    (
        "the sum of a list of numbers, written with its index",
        (
            "0 <= sum(nums[i]) <= 1000",
            "sum(arr[i]) <= 10^9",
            "1 <= nums.length <= min(sum(arr[i]), 10^9)",
            "max(nums[i]) <= n <= 10^9",
        ),
        "checked",
        element_sum,
    ),
    (
        "a tree's parent list, rooted at 0",
        ("0 <= parent[i] <= n - 1 for all i >= 1", "0 <= parents[i] <= n - 1 for i != 0"),
        "drawn and checked",
        parent_list,
    ),
    (
        "a parent list that is a tree",
        ("parent represents a valid tree", "parents is a valid tree"),
        "checked",
        parent_tree,
    ),
    (
        "a range, between two bounds",
        (
            "nums.length will be between 1 and 50000",
            "nums.length is between 1 and 100, inclusive",
            "nums[i] will be an integer between 0 and 49999",
        ),
        "drawn",
        between,
    ),
    (
        "the digits of an integer, as a string's length",
        ("1 <= k <= x.length (taking x as a string)",),
        "drawn",
        digits_of,
    ),
    (
        "a sorted list, as every pair in order",
        ("arr[i] < arr[j] for 1 <= i < j <= arr.length", "nums[i] <= nums[j] for 0 <= i < j < nums.length"),
        "drawn and checked",
        sorted_by_pairs,
    ),
    (
        "no two neighbours equal",
        ("nums[i] != nums[i + 1] for all valid i", "nums[i] != nums[i+1]", "arr[i] != arr[i + 1] for 0 <= i < m"),
        "checked",
        neighbours_differ,
    ),
    (
        "every element of a list the same length",
        (
            "All strs[i].length are equal",
            "dict[i].length == dict[j].length",
            "votes[i].length == votes[j].length for 0 <= i, j < votes.length",
            "All words in strs have the same length",
        ),
        "drawn and checked",
        same_lengths,
    ),
)
