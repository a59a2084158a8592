"""Readings of LeetCode constraint lines that say in other words what another reading reads
(issue 37: frequent refused phrasings of the dev statements; a list's order: order_readings.py), registered in
``line_readings.READINGS`` with their examples.  Each hands the line, in the words the other
reading knows, back to the reader (``reader.read``), so it is enforced as that reading enforces
it; it returns True (read), False (refused) or None (not its phrasing).
"""

from __future__ import annotations

import re
import string
from typing import Any

from microcoder_data.testgen.structured_readings import rule_stated

_SUBJECT = r"[A-Za-z_]\w*(?:\[[a-z]\])*"
_SUBJECTS = re.compile(
    rf"(?:both |all of )?({_SUBJECT}(?:(?:,? and |, ){_SUBJECT})+),? (?:both )?"
    r"(are|consist of|contain|do not|don't|will not|won't|have|each consist of|only consist of) (.+)",
    re.I,
)
_SINGULAR = {
    "are": "is",
    "consist of": "consists of",
    "each consist of": "consists of",
    "only consist of": "consists of",
    "contain": "contains",
    "do not": "does not",
    "don't": "does not",
    "will not": "will not",
    "won't": "will not",
    "have": "has",
}
# what holds of each subject on its own (not "are distinct", "have the same length", "are coprime")
_EACH = re.compile(
    r"^(?:only )?(?:lowercase|uppercase|lower-case|upper-case|english|digits|letters)\b"
    r"|^(?:an? |any )?(?:lowercase|uppercase) (?:english )?letters?\b"
    r"|^either \S+ or \S+$|^(?:-?\d+|'.') or (?:-?\d+|'.')$"
    r"|^(?:have|contain) (?:any )?leading zeros?\b|^(?:any |no )?leading zeros?\b",
    re.I,
)


def each_subject(reader: Any, text: str) -> bool | None:
    """``original[i], changed[i] are lowercase English letters``, ``num1 and num2 don't have any leading zeros``: a predicate of
    each subject on its own, read as one line per subject (a joint one -- ``are distinct`` --
    is not this phrasing)."""
    m = _SUBJECTS.fullmatch(text)
    if not m or not _EACH.search(m.group(3)):
        return None
    subjects = re.split(r",? and |, ", m.group(1))
    if any(reader.ref(s) is None for s in subjects):
        return None
    verb = _SINGULAR[m.group(2).lower()]
    if verb == "is" and re.match(
        r"(?:only )?(?:lowercase|uppercase|lower-case|upper-case|english|digits)", m.group(3), re.I
    ):
        verb = "consists of"  # "are lowercase English letters": what each consists of
    return all(reader.read(f"{s} {verb} {m.group(3)}", False) for s in subjects)


def leading_zeros(reader: Any, text: str) -> bool | None:
    """``num does not contain any leading zeros except for the zero itself``, ``nums[i] will not
    have any leading zeros``, ``digits does not contain any leading 0``: a number written as a
    string (each string of a list) or as a list of digits starts with no 0 -- the number 0 itself
    only where the line says so: a check."""
    m = re.fullmatch(
        rf"({_SUBJECT}) (?:does not|doesn't|will not|won't|has no|contains no)(?: contain| have)? (?:any )?"
        r"leading (?:zeros?|0s?)(?:,? (?:except|other than) (?:for )?(?:the )?(?:number )?(?:0|zero)( itself)?)?",
        text,
        re.I,
    )
    if not m:
        return None
    ref = reader.ref(m.group(1))
    if ref is None or ref[2] != "val" or ref[1] > 1:
        return False
    node = reader.node_at(ref[0], 0)
    digits = node.kind == "list" and node.elem is not None and node.elem.kind == "int" and not ref[1]
    strings = node.kind == "str" or (node.kind == "list" and node.elem is not None and node.elem.kind == "str")
    if not (digits or strings):
        return False
    (node.elem if node.kind == "list" and strings else node).lead_nonzero = True  # drawn so too: structured_readings
    if rule_stated(reader, ref[0]):
        return True  # the statement's own either/or rule says what the words mean ([0] allowed): read already
    zero_ok = " except" in text or " other than" in text
    reader.checks.append(f"no_leading_zero({ref[0]}, {zero_ok})")
    return True


_CLASSES = {"lowercase": string.ascii_lowercase, "uppercase": string.ascii_uppercase, "digit": string.digits}


def alphabet_in_words(text: str) -> str | None:
    """The characters of phrasings ``constraints._alphabet`` leaves (None: not one of these):
    ``lowercase English letters from 'a' to 'j' inclusive``, ``the digits '1' to '9'``, ``only
    digits 0-9``, ``a digit in the range ['2', '9']``, ``lowercase letters from the set {'a', 'b'}``,
    ``lower and upper case English letters``.  A range outside the class it names is None."""
    t = re.sub(r"\blower and upper ?case\b", "lowercase and uppercase", text.strip(" ."), flags=re.I)
    t = re.sub(r"\blower ?case\b", "lowercase", re.sub(r"\bupper ?case\b", "uppercase", t, flags=re.I), flags=re.I)
    if t != text.strip(" .") and re.fullmatch(r"(?:only )?lowercase and uppercase (?:english )?letters", t, re.I):
        return string.ascii_letters
    words = r"(?:only )?(?:the |an? )?((?:lowercase |uppercase )?(?:english )?(?:digits?|characters?|letters?))"
    m = re.fullmatch(
        rf"{words}(?: (?:from|in the range))? (?:'?(\w)'? ?(?:to|through|-) ?'?(\w)'?|\['(\w)', ?'(\w)'\])(?:,? inclusive)?",
        t,
        re.I,
    )
    ends = m and ((m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5)))
    if ends and ord(ends[0]) <= ord(ends[1]):
        chars = "".join(chr(c) for c in range(ord(ends[0]), ord(ends[1]) + 1))
        named = next((v for k, v in _CLASSES.items() if k in m.group(1).lower()), None)
        return chars if named is None or set(chars) <= set(named) else None
    m = re.fullmatch(rf"{words} from the set \{{((?:'.'(?:, )?)+)\}}", t, re.I)
    if m:
        chars = set(re.findall(r"'(.)'", m.group(2)))
        named = next((v for k, v in _CLASSES.items() if k in m.group(1).lower()), None)
        return "".join(sorted(chars)) if named is None or chars <= set(named) else None
    return None


def named_characters(text: str) -> str | None:
    """``only digits '0' and '1'``, ``the letters 'a' and 'b'``: the characters named, and no
    other of the class the noun names (once read as every digit, every letter)."""
    m = re.fullmatch(
        r"(?:only )?(?:of )?(?:the )?(?:(?:lower|upper)-?case |english |latin |small |capital )*(?:digits?|letters?|characters?) "
        r"('.'(?:(?:,|,? and|,? or|,? and/or) '.')*)(?: only)?",
        text.strip(" ."),
        re.I,
    )
    return "".join(sorted(set(re.findall(r"'(.)'", m.group(1))))) if m else None
