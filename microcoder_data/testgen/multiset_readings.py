"""Readings of a list holding each value of a range a stated number of times, and of a string's fixed
ending; registered in ``line_readings.READINGS`` by :data:`ENTRIES` (name, examples, how enforced, reading).

* "Each integer from 1 through N appears exactly twice in A", "i occurs in A exactly three times, for
  each i=1,2,...,N": the list is a shuffle of the range's values, each repeated (``Node.perm`` with
  ``Node.repeats``): drawn so and checked on every input.
* "For each integer 1 <= i <= M, there is an integer 1 <= j <= N such that C_j = i" (stdin_translate's words
  for it: "each integer from 1 through M appears at least once in C of length N"): every value of the range
  at a random position of its own (``Node.covers``): drawn so and checked.
* "S ends with 2023": the string's last characters, each a position counted from the end
  (``Node.char_at`` at negative positions): drawn there and checked.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["ENTRIES"]

_TIMES = {"once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _times(word: str) -> int | None:
    word = re.sub(r"\s*times?$", "", word.strip().lower())
    return _TIMES.get(word) or (int(word) if word.isdigit() and int(word) > 0 else None)


_FROM_TO = re.compile(
    r"(?:each |every )?integer (?:from|between) (\S+) (?:through|to|and) (\S+)(?:,? inclusive,?)? (?:appears|occurs) "
    r"(?:exactly )?(\w+(?: times?)?) in ([A-Za-z_]\w*)",
    re.I,
)
_AT_LEAST_ONCE = re.compile(
    r"(?:each |every )?integer (?:from|between) (\S+) (?:through|to|and) (\S+)(?:,? inclusive,?)? (?:appears|occurs) "
    r"at least once in ([A-Za-z_]\w*)(?: of length (\S+))?",
    re.I,
)
_FOR_EACH = re.compile(
    r"([a-z]) (?:appears|occurs) in ([A-Za-z_]\w*) exactly (\w+(?: times?)?),? for (?:each|every|all) \1 "
    r"(?:==|=|in) \{?(\S+?),\s*(\S+?),\s*(?:\.\.\.|…),\s*(\S+?)\}?",
    re.I,
)


def each_value_repeated(reader: Any, text: str) -> bool | None:
    """A list holding every value of ``[lo, hi]`` exactly ``k`` times: a shuffle of the repeats."""
    m, each = _FROM_TO.fullmatch(text), _FOR_EACH.fullmatch(text)
    if m:
        lo, hi, times, name = m.group(1), m.group(2), m.group(3), m.group(4)
    elif each:
        name, times, lo, second, hi = each.group(2, 3, 4, 5, 6)
        if not (lo.isdigit() and second == str(int(lo) + 1)):
            return False  # "for each i = 1, 3, ..., N": not every value of a range
    else:
        return None
    k, node = _times(times), reader.nodes.get(name)
    if k is None or node is None or node.kind != "list" or node.elem is None or node.elem.kind != "int":
        return False
    if node.perm is not None:
        return False  # stated twice: not read as one
    node.perm, node.repeats = (reader.expr(lo), reader.expr(hi)), k
    return True


def each_value_present(reader: Any, text: str) -> bool | None:
    """``each integer from 1 through M appears at least once in C [of length N]``: every value of the range put
    at a random position of its own (``Node.covers``), and checked; the length stated is checked too."""
    m = _AT_LEAST_ONCE.fullmatch(text)
    if not m:
        return None
    node = reader.nodes.get(m.group(3))
    if node is None or node.kind != "list" or node.elem is None or node.elem.kind != "int" or node.covers:
        return False
    node.covers = (reader.expr(m.group(1)), reader.expr(m.group(2)))
    if m.group(4):  # "there is an integer 1 <= j <= N such that C_j = i": j ranges over C's positions
        reader.checks.append(f"len({m.group(3)}) == {reader.expr(m.group(4))}")
    return True


def all_but_one_same(reader: Any, text: str) -> bool | None:
    """``All characters but one of S are the same``: drawn so (``Node.odd_one_out``), checked."""
    m = re.fullmatch(
        r"all (?:the )?characters (?:but|except(?: for)?) one (?:of|in) ([A-Za-z_]\w*) are the same", text, re.I
    )
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if node is None or node.kind != "str":
        return False
    node.odd_one_out = True
    reader.checks.append(f"most_repeated({m.group(1)}) == len({m.group(1)}) - 1")
    return True


def different_letters(reader: Any, text: str) -> bool | None:
    """``S consists of two different lowercase English letters``: its characters, and how many differ (a check)."""
    m = re.fullmatch(r"([A-Za-z_]\w*) consists? of (\w+) (?:different|distinct) (.+)", text, re.I)
    count = _times(m.group(2)) if m else None
    if not m or count is None:
        return None
    node, chars = reader.nodes.get(m.group(1)), reader.alphabet(m.group(3))
    if node is None or node.kind != "str" or chars is None:
        return False
    node.alphabet = chars if node.alphabet is None else "".join(c for c in node.alphabet if c in chars)
    reader.checks.append(f"distinct_count({m.group(1)}) == {count}")
    return True


def ends_with(reader: Any, text: str) -> bool | None:
    """``S ends with 2023`` (``'abc'``): the last characters, at positions counted from the end."""
    m = re.fullmatch(
        r"([A-Za-z_]\w*) ends with (?:the (?:string|characters?) )?('[^']+'|\"[^\"]+\"|[A-Za-z0-9]+)", text
    )
    if not m:
        return None
    node, tail = reader.nodes.get(m.group(1)), m.group(2).strip("'\"")
    if node is None or node.kind != "str":
        return False
    node.char_at = [*(node.char_at or []), *((k - len(tail), c) for k, c in enumerate(tail))]
    return True


ENTRIES = (
    (
        "each value of a range a stated number of times",
        (
            "integer from 1 through N appears exactly twice in nums",
            "i occurs in nums exactly three times, for each i == 1,2,...,N",
        ),
        "drawn and checked",
        each_value_repeated,
    ),
    (
        "each value of a range at least once",
        (
            "each integer from 1 through N appears at least once in nums",
            "each integer from 1 through M appears at least once in nums of length N",
        ),
        "drawn and checked",
        each_value_present,
    ),
    (
        "all characters but one the same",
        ("All characters but one of S are the same",),
        "drawn and checked",
        all_but_one_same,
    ),
    (
        "a stated number of different characters",
        ("S consists of two different lowercase English letters",),
        "checked",
        different_letters,
    ),
    (
        "a string's fixed ending",
        ("S ends with 2023", "s ends with 'ab'"),
        "drawn and checked",
        ends_with,
    ),
)
