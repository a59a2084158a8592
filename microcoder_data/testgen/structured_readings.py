"""Readings of strings and digit lists with a structure, and of a value said to occur in another
input (issue 37), registered in ``line_readings.READINGS`` by :data:`ENTRIES` with their examples:

* balanced brackets ("s is a valid parentheses string", "parentheses expression s is a VPS"): the
  brackets the string's alphabet (read elsewhere) holds drawn as one random balanced sequence,
  checked by ``brackets_balanced`` -- "s is a balanced string" alone (each problem its own
  definition) is not this phrasing;
* no leading zeros said with another predicate ("num only consists of digits and does not contain
  any leading zeros"), or as its own either/or rule ("A number arr in array format has no leading
  zeros: either arr == [0] or arr[0] == 1": that rule, literally, of every list of digits), and how
  many digits a string holds at least ("There are at least two digits in number");
* a value that occurs in another input ("target exists in nums", "c occurs at least once in s"),
  or each value of a list ("Each arr2[i] is in arr1"): a witness (existence_readings / witnesses.py),
  placed after the draw and checked (how often values occur otherwise: count_readings.py).

Each returns True (read), False (the phrasing, on something it cannot hold) or None.
:func:`shaped` is the drawing side of ``Node.brackets`` / ``Node.lead_nonzero`` (inputgen calls it).
"""

from __future__ import annotations

import random
import re
from typing import Any

from microcoder_data.testgen.alphabet_readings import string_leaf
from microcoder_data.testgen.existence_readings import _witness_of
from microcoder_data.testgen.spec_expr import evaluate
from microcoder_data.testgen.spec_model import ELEMENT_INDEX
from microcoder_data.testgen.structure_checks import UNPAIRED, draw_balanced, lead_nonzero

_NAME = r"[A-Za-z_]\w*"
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def shaped(node: Any, value: Any, env: dict[str, Any], rng: random.Random) -> Any:
    """``value`` drawn for ``node`` with its brackets balanced and its first digit no 0 (where stated)."""
    if node.brackets and isinstance(value, str):
        lo = int(evaluate(node.len_lo, env)) if node.len_lo is not None else 0
        hi = int(evaluate(node.len_hi, env)) if node.len_hi is not None else len(value) + 1
        value = draw_balanced(node.alphabet, value, lo, hi, rng)
    if node.lead_nonzero and isinstance(value, (str, list)):
        elem = node.elem
        if elem is not None and elem.kind == "int" and elem.lo is not None and elem.hi is not None:
            value = lead_nonzero(value, (evaluate(elem.lo, env), evaluate(elem.hi, env)), rng)
        elif isinstance(value, str):
            value = lead_nonzero(value, node.alphabet, rng)
    return value


def balanced_brackets(reader: Any, text: str) -> bool | None:
    """``s is a valid parentheses string``, ``s is a balanced parentheses string``, ``parentheses
    expression s is a VPS``, ``words[i] is a valid bracket sequence``: drawn so, checked."""
    m = re.fullmatch(
        rf"(?:the )?(?:(?:parenthes[ie]s|bracket) (?:expression|string|sequence) |string )?({_NAME}(?:\[[a-z]\])?) is "
        r"(?:an? )?(?:VPS|(?:valid|balanced|well-formed|regular|correct) (?:parenthes[ie]s|brackets?)"
        r"(?: string| sequence| expression)?)",
        text,
        re.I,
    )
    if not m:
        return None
    name = m.group(1).split("[")[0]
    node = string_leaf(reader, m.group(1))
    if node is None or node.kind != "str" or UNPAIRED & set(node.alphabet or ""):
        return False  # '<' '>' in the alphabet: brackets the balance check does not pair
    node.brackets = True
    reader.checks.append(f"brackets_balanced({name})")
    return True


def with_leading_zeros(reader: Any, text: str) -> bool | None:
    """``num only consists of digits and does not contain any leading zeros``: each predicate
    read on its own (the second by ``word_readings.leading_zeros``)."""
    m = re.fullmatch(
        rf"({_NAME}) ((?:only )?consists? of .+?),? and ((?:does not|doesn't|will not|won't|has no) .*leading (?:zeros?|0s?).*)",
        text,
        re.I,
    )
    if not m:
        return None
    return reader.read(f"{m.group(1)} {m.group(2)}", False) and reader.read(f"{m.group(1)} {m.group(3)}", False)


def _digit_lists(reader: Any, name: str) -> list[str]:
    """``name`` where it is an input, else (a name for any number of the statement) every input
    that is a flat list of integers."""
    lists = [
        a
        for a in reader.args
        if reader.nodes[a].kind == "list" and reader.nodes[a].elem is not None and reader.nodes[a].elem.kind == "int"
    ]
    return [name] if name in lists else [] if name in reader.nodes else lists


def _rule(name: str, alone: str, first: str) -> str:
    return f"len({name}) == 1 and {name}[0] == {alone} or {name}[0] == {first}"


def rule_stated(reader: Any, name: str) -> bool:
    """Whether the statement's either/or rule of leading zeros was read of ``name``: it says what
    "no leading zeros" means there, so a plain line saying those words adds nothing."""
    return any(c.startswith(f"len({name}) == 1 and {name}[0] == ") for c in reader.checks)


def either_leading_rule(reader: Any, text: str) -> bool | None:
    """``A number arr in array format has no leading zeros: either arr == [0] or arr[0] == 1``:
    the either/or rule as stated, of the list it names, or (a name of no input) of every list of
    integers; the first digit drawn non-zero, the rule checked -- in the place of a plain "have no
    leading zeros" read before, which the rule defines ([0] allowed)."""
    m = re.fullmatch(
        rf"(?:an?|each|every|any) (?:number|integer) ({_NAME}) in (?:the )?array,? format (?:has|have) no leading "
        r"(?:zeros?|0s?):? either \1 ?== ?\[(-?\d+)\] or \1\[0\] ?== ?(-?\d+)",
        text,
        re.I,
    )
    if not m:
        return None
    names = _digit_lists(reader, m.group(1))
    if not names:
        return False
    for name in names:
        # the statement's own meaning of "no leading zeros" ([0] allowed): the rule in its place
        reader.checks = [c for c in reader.checks if c != f"no_leading_zero({name}, False)"]
        reader.nodes[name].lead_nonzero = True
        reader.checks.append(_rule(name, m.group(2), m.group(3)))
    return True


def digits_at_least(reader: Any, text: str) -> bool | None:
    """``There are at least two digits in number``: how many characters of a class a string
    holds at least (a check)."""
    m = re.fullmatch(rf"there (?:are|is) at least (\w+) ((?:\w+ )*?(?:digits?|letters?)) in ({_NAME})", text, re.I)
    if not m:
        return None
    count = _COUNTS.get(m.group(1).lower()) or (int(m.group(1)) if m.group(1).isdigit() else None)
    node, chars = reader.nodes.get(m.group(3)), reader.alphabet(m.group(2))
    if count is None or node is None or node.kind != "str" or chars is None:
        return False
    reader.checks.append(f"len({m.group(3)}) - chars_other_than({m.group(3)}, {chars!r}) >= {count}")
    return True


def occurs_in(reader: Any, text: str) -> bool | None:
    """``target exists in nums``, ``c occurs at least once in s``, ``s contains at least one 'x'``: a value
    (an input or a constant) that some element (character) of the list (string) equals -- a
    witness, placed after the draw and checked."""
    m = re.fullmatch(
        rf"({_NAME}|-?\d+|'.') (?:exists|occurs|appears|is present|is)(?: at least once)? (?:in|an element of) ({_NAME})",
        text,
        re.I,
    )
    contains = re.fullmatch(rf"({_NAME}) (?:contains|has) at least one ({_NAME}|'.')(?: characters?)?", text, re.I)
    if contains:  # ``s contains at least one 'x'``: the same witness, the container first
        return occurs_in(reader, f"{contains.group(2)} occurs in {contains.group(1)}")
    if not m:
        return None
    if re.fullmatch(_NAME, m.group(1)) and m.group(1) not in reader.nodes:
        return None  # a name the statement gives a query's value, say: not an input
    whole, container = reader.nodes.get(m.group(1)), reader.nodes.get(m.group(2))
    number = whole.kind == "int" if whole is not None else not m.group(1).startswith("'")
    # a character of a string, or a number of a list (of lists): a witness holds of a string's characters,
    # so a string said to be in a list of strings (an element) is not this reading's
    fits = container is not None and (container.kind == "list" if number else container.kind == "str")
    if (whole is not None and whole.kind not in ("int", "str")) or not fits:
        return False
    if not _witness_of(reader, m.group(2), "==", m.group(1)):
        return False
    if whole is not None and whole.kind == "int" and not reader.bounds.get((m.group(1), 0, "val")):
        # ``target is in nums`` with no range of its own: the elements' (an element's range holds of it)
        for which, bound in reader.bounds.get((m.group(2), 1, "val"), {}).items():
            if which in ("lo", "hi", "eq") and ELEMENT_INDEX not in bound:
                reader.set_bound((m.group(1), 0, "val"), which, bound)
    return True


def _flat_leaf(node: Any) -> Any:
    """The scalar node of a flat list of numbers or strings, else None."""
    return node.elem if node is not None and node.kind == "list" and node.elem is not None else None


def every_value_in(reader: Any, text: str) -> bool | None:
    """``Each arr2[i] is in arr1``, ``All the elements of arr2 are in arr1``, ``target is a subset of
    nums``: every value of one list occurs in another -- a witness of each (placed after the draw at
    positions of their own, checked)."""
    m = re.fullmatch(
        rf"(?:(?:each|every|all(?: the)?) (?:(?:elements?|values?|integers?) (?:of|in) )?({_NAME})(?:\[[a-z]\])? "
        rf"(?:is|are) (?:also )?(?:in|present in|contained in|elements? of) ({_NAME})"
        rf"|({_NAME}) is a subset of ({_NAME}))",
        text,
        re.I,
    )
    if not m:
        return None
    part, whole = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    leaf, whole_leaf = _flat_leaf(reader.nodes.get(part)), _flat_leaf(reader.nodes.get(whole))
    # numbers only: a witness holds of a string's characters, not of whole strings
    if leaf is None or whole_leaf is None or leaf.kind != "int" or whole_leaf.kind != "int":
        return False
    node = reader.nodes[whole]
    if ("each", part) not in (node.witness or []):
        node.witness = [*(node.witness or []), ("each", part)]
    return True


ENTRIES = (
    (
        "balanced brackets",
        (
            "s is a valid parentheses string",
            "s is a balanced parentheses string",
            "parentheses expression s is a VPS",
            "words[i] is a valid bracket sequence",
        ),
        "drawn and checked",
        balanced_brackets,
    ),
    (
        "no leading zeros beside another predicate",
        ("num only consists of digits and does not contain any leading zeros",),
        "drawn and checked",
        with_leading_zeros,
    ),
    (
        "no leading zeros as an either/or rule",
        ("A number arr in array, format has no leading zeros: either arr == [0] or arr[0] == 1",),
        "drawn and checked",
        either_leading_rule,
    ),
    (
        "at least k characters of a class",
        ("There are at least two digits in number",),
        "checked",
        digits_at_least,
    ),
    (
        "every value of a list occurs in another (a witness of each)",
        ("Each arr2[i] is in arr1", "All the elements of nums1 are in nums2", "nums1 is a subset of nums2"),
        "drawn and checked",
        every_value_in,
    ),
    (
        "a value occurs in another input (a witness)",
        (
            "target exists in nums",
            "c occurs at least once in s",
            "digit occurs at least once in number",
            "k appears in nums",
            "'a' occurs at least once in s",
            "target is in nums",
            "p occurs at least once in s",
            "k occurs at least once in nums",
            "s contains at least one 'x' character",
            "s has at least one c",
        ),
        "drawn and checked",
        occurs_in,
    ),
)
