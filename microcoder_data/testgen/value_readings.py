"""Readings of what values an input holds (parity, a list of choices, a prime, a permutation, a power,
digits, how often a value repeats) and of the existence of a value (``there is at least one index i
such that nums[i] >= k``), registered in ``line_readings.READINGS`` with their examples (issue 37:
refused lines of the dev statements).  What a random draw would almost never hold is drawn so (a
remainder, a choice, the nearest prime, a witness placed after the draw: witnesses.py) and checked;
the rest is a check.  Each returns True (read), False (the phrasing, on something it cannot hold:
the line is refused) or None (not its phrasing).
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_model import Node, evaluate_const

_SUBJECT = r"[A-Za-z_]\w*(?:\[[a-z]\])*"
_SUBJECTS = rf"(?:both )?({_SUBJECT}(?:(?:,? and |, ){_SUBJECT})*)"
_NUMBER = r"-?\w[\w*+ -]*?"


def _subjects(text: str) -> list[str]:
    return [s for s in re.split(r",? and |, ", text) if s]


def _number_leaf(reader: Any, subject: str) -> Any:
    """The int node ``subject`` names (``n``, ``price[i]``: each element), or None."""
    ref = reader.ref(subject)
    if ref is None or ref[2] != "val":
        return None
    node = reader.node_at(ref[0], ref[1])
    return node if node.kind == "int" else None


def parity_in_words(reader: Any, text: str) -> bool | None:
    """``price[i] is an even integer``, ``N is an even number between 2 and 3000, inclusive``,
    ``amount[i] is an even integer in the range [-10^4, 10^4]``, ``Both m and n are even integers``:
    the remainder modulo 2, drawn so (a size too), and the range stated beside it."""
    m = re.fullmatch(
        rf"{_SUBJECTS} (?:is|are) (?:an? )?(even|odd) (?:integers?|numbers?)"
        rf"(?: (?:in the range \[({_NUMBER}), ({_NUMBER})\]|between ({_NUMBER}) and ({_NUMBER}),? inclusive))?",
        text,
        re.I,
    )
    if not m:
        return None
    nodes = [_number_leaf(reader, s) for s in _subjects(m.group(1))]
    rest = int(m.group(2).lower() == "odd")
    if not nodes or any(n is None or n.mod not in (None, (2, rest)) for n in nodes):
        return False
    for node in nodes:
        node.mod = (2, rest)
    lo, hi = (m.group(3), m.group(4)) if m.group(3) else (m.group(5), m.group(6))
    return lo is None or all(reader.range_or_condition(f"{lo} <= {s} <= {hi}") for s in _subjects(m.group(1)))


def values_listed(reader: Any, text: str) -> bool | None:
    """``queries[i][0] == 1 or queries[i][0] == 2``, ``The values in derived are either 0 or 1``,
    ``land consists of only 0 and 1``: the values listed (consecutive integers: a range, which
    the positions of a tuple take too), handed back as ``X is either a or b``."""
    m = re.fullmatch(r"(\S+) == (\S+)((?: or \1 == \S+)+)", text)
    bare = re.fullmatch(r"(\S+) == (-?\d+)((?:,? or -?\d+)+)", text)  # ``C[i] == 0 or 1``
    if m:
        subject, values = m.group(1), [m.group(2), *re.findall(r" or \S+ == (\S+)", m.group(3))]
    elif bare:
        subject, values = bare.group(1), [bare.group(2), *re.findall(r"-?\d+", bare.group(3))]
    else:
        m = re.fullmatch(
            r"(?:(?:all )?the (?:values|elements|integers) (?:in|of) )?([A-Za-z_]\w*) (?:are|consists? of) "
            r"(?:only |either )?(-?\d+)((?:,? (?:or|and) -?\d+|, -?\d+)+)",
            text,
            re.I,
        )
        if not m or not (text.lower().startswith(("the ", "all ")) or " consist" in text):
            return None
        node = reader.nodes.get(m.group(1))
        depth = 0
        while node is not None and node.kind == "list" and node.elem is not None:
            node, depth = node.elem, depth + 1
        if node is None or node.kind != "int" or not depth:
            return None
        subject = m.group(1) + "".join(f"[{c}]" for c in "ijk"[:depth])
        values = [m.group(2), *re.findall(r"-?\d+", m.group(3))]
    ints = [evaluate_const(v) for v in values]
    if None not in ints and sorted(ints) == list(range(min(ints), max(ints) + 1)):
        return reader.range_or_condition(f"{min(ints)} <= {subject} <= {max(ints)}")
    return reader.read(f"{subject} is either {' or '.join(values)}", False)


def value_or_range(reader: Any, text: str) -> bool | None:
    """``B[i] is -1 or an integer between 1 and M, inclusive``, ``board[i][j] is either -1 or in the
    range [1, n]``: a range with the values between the lone value and it left out."""
    m = re.fullmatch(
        rf"({_SUBJECT}) is (?:either )?(-?\d+) or (?:an integer )?(?:in the range \[({_NUMBER}), ({_NUMBER})\]|"
        rf"between ({_NUMBER}) and ({_NUMBER}),? inclusive)",
        text,
    )
    if not m:
        return None
    node = _number_leaf(reader, m.group(1))
    alone, lo = int(m.group(2)), evaluate_const(reader.expr(m.group(3) or m.group(5)))
    if node is None or lo is None or not 0 < lo - alone <= 10:
        return False
    if not reader.range_or_condition(f"{alone} <= {m.group(1)} <= {m.group(4) or m.group(6)}"):
        return False
    node.exclude = sorted({*(node.exclude or []), *range(alone + 1, lo)})
    return True


def stray_comma(reader: Any, text: str) -> bool | None:
    """``instructions[i] is 'G', 'L' or, 'R'``: the list without its stray comma, handed back."""
    if not re.fullmatch(r"\S+ is (?:either )?\S+(?:, \S+)* or, \S+", text):
        return None
    return reader.read(text.replace(" or, ", " or "), False)


def words_listed(reader: Any, text: str) -> bool | None:
    """``p is A,B,C,D,E,F, or G``, ``S_AB is < or >``: a string that is one of the words listed
    bare (drawn one of them)."""
    m = re.fullmatch(r"([A-Za-z_]\w*) is (?:either )?(.+ or \S+)", text)
    if not m or m.group(1) not in reader.nodes or reader.nodes[m.group(1)].kind != "str":
        return None
    words = [w for w in re.split(r",? or |, ?|,", m.group(2)) if w]
    if len(words) < 2 or any(" " in w or re.search(r"['\"]|^(?:a|an|the|letters?|digits?)$", w) for w in words):
        return None  # quoted ones: constraints._listed_values'
    reader.nodes[m.group(1)].choices = sorted(set(words))
    return True


def prime_values(reader: Any, text: str) -> bool | None:
    """``nums[i] is a prime number``, ``primeOne, primeTwo are prime numbers``, ``p is prime``: the
    prime nearest each draw (checked)."""
    m = re.fullmatch(rf"{_SUBJECTS} (?:is|are) (?:an? )?primes?(?: numbers?| integers?)?", text, re.I)
    if not m:
        return None
    nodes = [_number_leaf(reader, s) for s in _subjects(m.group(1))]
    if not nodes or None in nodes:
        return False
    for node in nodes:
        node.prime = True
    return True


def bare_permutation(reader: Any, text: str) -> bool | None:
    """``nums is a permutation``: of 1..n, n the size its length equals (``nums.length == n``):
    handed back as ``nums is a permutation of [1, ..., n]``; ``nums1 and nums2 are permutations
    of [0, 1, ..., n - 1]``: each handed back."""
    several = re.fullmatch(rf"{_SUBJECTS} are (?:both )?permutations of (\[.+\])", text)
    if several and len(_subjects(several.group(1))) > 1:
        return all(
            reader.read(f"{s} is a permutation of {several.group(2)}", False) for s in _subjects(several.group(1))
        )
    m = re.fullmatch(r"([A-Za-z_]\w*) is a permutation", text)
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if node is None or node.kind != "list":
        return False
    size = reader.bounds.get((m.group(1), 0, "len"), {}).get("eq")
    if size is None:  # a size of its own, named while the list is drawn (its range: the length's)
        size = f"{m.group(1)}_length"
        reader.nodes.setdefault(size, Node("int", size_like=True))
        reader.set_bound((m.group(1), 0, "len"), "eq", size)
    elif not re.fullmatch(r"[A-Za-z_]\w*", size):
        return False
    return reader.read(f"{m.group(1)} is a permutation of [1, ..., {size}]", False)


def repeats_at_most(reader: Any, text: str) -> bool | None:
    """``Each number in nums appears either once or twice`` (``at most twice``, ``at most k times``):
    a check; ``at most once``: the values distinct (drawn so)."""
    m = re.fullmatch(
        r"each (?:number|integer|element|value) (?:in|of) ([A-Za-z_]\w*) (?:appears|occurs) "
        r"(?:either once or twice|at most (once|twice|\d+ times))",
        text,
        re.I,
    )
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if node is None or node.kind != "list":
        return False
    times = {"once": 1, "twice": 2, None: 2}.get(m.group(2)) or int(m.group(2).split()[0])
    if times == 1:
        node.distinct = True
    else:
        reader.checks.append(f"most_repeated({m.group(1)}) <= {times}")
    return True


def power_of(reader: Any, text: str) -> bool | None:
    """``n + 1 is a power of 2``: the values listed (the range stated beside them holds too: a draw
    picks among those within it)."""
    m = re.fullmatch(r"([A-Za-z_]\w*(?:\[[a-z]\])*)(?: ([+-]) (\d+))? is a power of (\d+)", text)
    if not m:
        return None
    node = _number_leaf(reader, m.group(1))  # a number, or each element ("nums[i] is a power of 2")
    base, shift = int(m.group(4)), int(m.group(3) or 0) * (1 if m.group(2) == "+" else -1)
    if node is None or base < 2 or node.choices is not None:
        return False
    bounds = reader.bounds.get(reader.ref(m.group(1)), {})
    lo, hi = (evaluate_const(reader.expr(bounds[k])) if k in bounds else None for k in ("lo", "hi"))
    powers, p = [], 1
    while p - shift <= (hi if hi is not None else 10**18):
        powers += [p - shift] if lo is None or p - shift >= lo else []
        p *= base
    node.choices = powers
    return bool(powers)


def digits_between(reader: Any, text: str) -> bool | None:
    """``N is a three-digit integer where each digit is an integer between 1 and 9, inclusive``,
    ``The digits in n are in the range [1, 9]``: the number's range (k digits) and a check of its digits."""
    m = re.fullmatch(
        r"(?:([A-Za-z_]\w*) is an? (one|two|three|four|five|\d+)-digit (?:positive )?integer"
        r"(?:,? where each (?:of its )?digits? (?:is|are) (?:an integer )?between (\d) and (\d),? inclusive)?"
        r"|the digits (?:in|of) ([A-Za-z_]\w*) are in the range \[(\d), ?(\d)\])",
        text,
        re.I,
    )
    if not m:
        return None
    name = m.group(1) or m.group(5)
    if _number_leaf(reader, name) is None or name not in reader.nodes:
        return False
    if m.group(2):
        k = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}.get(m.group(2).lower()) or int(m.group(2))
        if not reader.range_or_condition(f"{10 ** (k - 1) if k > 1 else 0} <= {name} <= {10**k - 1}"):
            return False
    lo, hi = (m.group(3), m.group(4)) if m.group(3) else (m.group(6), m.group(7))
    if lo is not None:
        reader.checks.append(f"digits_within({name}, {lo}, {hi})")
    return True


def letters_once(reader: Any, text: str) -> bool | None:
    """``No letter occurs more than once in words[i]``, ``... in any string of startWords or
    targetWords``: each string's characters distinct (drawn so)."""
    m = re.fullmatch(
        r"no (?:letter|character|digit) (?:occurs|appears) more than once in (?:any string of |each string of )?"
        rf"({_SUBJECT}(?:(?:,? or |,? and |, ){_SUBJECT})*)",
        text,
        re.I,
    )
    if not m:
        return None
    nodes = []
    for subject in re.split(r",? or |,? and |, ", m.group(1)):
        node = reader.nodes.get(re.sub(r"\[.*", "", subject))
        while node is not None and node.kind == "list" and node.elem is not None:
            node = node.elem
        nodes.append(node)
    if any(n is None or n.kind != "str" for n in nodes):
        return False
    for node in nodes:
        node.distinct = True
    return True


def count_parity(reader: Any, text: str) -> bool | None:
    """``s contains an even number of vertical bars '|'``: how often the character occurs, modulo 2 (a check)."""
    m = re.fullmatch(r"([A-Za-z_]\w*) contains an (even|odd) number of (?:[\w ]+ )?'(.)'", text)
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    if node is None or node.kind != "str":
        return False
    count = f"(len({m.group(1)}) - chars_other_than({m.group(1)}, {m.group(3)!r}))"
    reader.checks.append(f"{count} % 2 == {int(m.group(2) == 'odd')}")
    return True
