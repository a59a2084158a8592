"""Ranges said in words (issue 37), registry entries of ``line_readings.READINGS``: (name, the
phrasings it reads -- its examples, which tests/test_testgen_line_readings.py reads --, how it is
enforced, the reading).

* ``n is an integer in the range [1, 10^5]``, ``k is in the range [1, the number of unique elements in
  the array]`` (a bound ``distinct_count(nums)``): the range, as ``1 <= k <= ...`` is read (drawn so,
  checked on every input);
* ``num represents an integer in the range [1, 3999]`` of a string: its digits the number, written as
  numbers are (a check, ``number_in``), its length that of the range's ends (drawn so);
* ``The number of words in sentence is in the range [1, 100]``, ``The length of each word in s is in the
  range [1, 10]``: only of a string whose characters, a space
  among them, a line has stated (words: its space-separated tokens; a check, ``word_count``);
* ``|nums[i]| <= 10^4``, ``1 <= |cost[i]| <= 10^4``: the range on both sides of 0 (less the values the
  lower bound leaves out: drawn so, checked).
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_model import evaluate_const

_RANGE = (
    r"(?:in the range \[([^\[\]]+?), ((?:[^\[\]]|\[\w+\])+)\]|between (\S+) and (\S+?)(?:,? inclusive| \(inclusive\)))"
)
_AS_NUMBER = re.compile(rf"(\S+) (is|represents) (?:an? )?(integer |number )?{_RANGE}", re.I)
_UNIQUE = re.compile(
    r"the number of (?:unique|distinct) (?:(?:elements|values|integers|numbers) in (?:the array|(\S+))|(\S+?)(?:\[i\])?)",
    re.I,
)
_EXCLUDED_MOST = 10  # 1 <= |x| leaves out 0; more than this many values left out is not one range


def _end(reader: Any, text: str) -> str | None:
    """A range's end as a bound: ``the number of unique elements in the array`` is ``distinct_count``
    of the one list of numbers (or of the list named); anything else as written."""
    m = _UNIQUE.fullmatch(text.strip())
    if not m:
        return text
    name = m.group(1) or m.group(2)
    if name is None:
        lists = [a for a in reader.args if reader.nodes[a].kind == "list" and reader.nodes[a].elem is not None]
        lists = [a for a in lists if reader.nodes[a].elem.kind != "list"]
        name = lists[0] if len(lists) == 1 else None
    node = reader.nodes.get(name) if name else None
    return f"distinct_count({name})" if node is not None and node.kind in ("list", "str") else None


def range_in_words(reader: Any, text: str) -> bool | None:
    """``n is an integer in the range [1, 10^5]``, ``num represents an integer in the range [1, 3999]``,
    ``k is in the range [1, the number of unique elements in the array]``."""
    m = _AS_NUMBER.fullmatch(text)
    if not m or m.group(1).lower() in ("it", "this", "each", "the"):
        return None
    lo, hi = (m.group(4), m.group(5)) if m.group(4) else (m.group(6), m.group(7))
    lo, hi = _end(reader, lo), _end(reader, hi)
    ref = reader.ref(m.group(1))
    if lo is None or hi is None or ref is None or ref[2] != "val":
        return False
    node = reader.node_at(ref[0], ref[1])
    if node.kind in ("int", "float"):
        return reader.range_or_condition(f"{lo} <= {m.group(1)} <= {hi}")
    if node.kind == "str" and ref[1] == 0 and (m.group(2) == "represents" or m.group(3)):  # "an integer": its digits
        return _number_string(reader, ref[0], lo, hi)
    return False


def _number_string(reader: Any, name: str, lo: str, hi: str) -> bool:
    """A string of digits read as the number it writes, between two constant ends."""
    a, b = evaluate_const(reader.expr(lo)), evaluate_const(reader.expr(hi))
    node = reader.nodes[name]
    if a is None or b is None or a < 0 or a > b or (node.alphabet and not set(node.alphabet) <= set("0123456789")):
        return False
    node.alphabet = node.alphabet or "0123456789"
    reader.set_bound((name, 0, "len"), "lo", str(len(str(a))))
    reader.set_bound((name, 0, "len"), "hi", str(len(str(b))))
    reader.checks.append(f"number_in({name}, {a}, {b})")
    return True


def words_in_range(reader: Any, text: str) -> bool | None:
    """``The number of words in sentence is in the range [1, 1000]``, ``... is between 1 and 9``, ``The
    length of each word in s is in the range [1, 10]``: of a string whose characters (a space among them)
    a line has stated, a check of its space-separated words."""
    m = re.fullmatch(
        r"the (number of words|length of each word) in (\S+) is "
        r"(?:in the range \[(\S+), (\S+)\]|between (\S+) and (\S+?))(?:,? inclusive| \(inclusive\))?",
        text,
        re.I,
    )
    if not m:
        return None
    name, node = m.group(2), reader.nodes.get(m.group(2))
    lo, hi = (m.group(3), m.group(4)) if m.group(3) else (m.group(5), m.group(6))
    if node is None or node.kind != "str" or " " not in (node.alphabet or ""):
        return False
    lo, hi = reader.expr(lo), reader.expr(hi)
    if m.group(1).lower() == "number of words":
        reader.checks.append(f"{lo} <= word_count({name}) and word_count({name}) <= {hi}")
    else:
        reader.checks.append(f"word_lengths_within({name}, {lo}, {hi})")
    return True


def absolute_bound(reader: Any, text: str) -> bool | None:
    """``|nums[i]| <= 10^4``, ``1 <= |cost[i]| <= 10^4``: ``-c <= x <= c``, less the values between
    ``-lo`` and ``lo`` (a constant lower bound leaving out at most a few)."""
    m = re.fullmatch(r"(?:(\S+) (<=|<) )?\|([^|\s]+)\| (<=|<) (.+)", text)
    if not m:
        return None
    ref, subject, op, top = reader.ref(m.group(3)), m.group(3), m.group(4), m.group(5)
    if ref is None or ref[2] != "val" or reader.node_at(ref[0], ref[1]).kind not in ("int", "float"):
        return False
    least = 0
    if m.group(1):
        least = evaluate_const(reader.expr(m.group(1)))
        if least is None or reader.node_at(ref[0], ref[1]).kind != "int":
            return False
        least += m.group(2) == "<"
    if least > _EXCLUDED_MOST:
        return False
    if not reader.range_or_condition(f"-({top}) {op} {subject} {op} {top}"):
        return False
    node = reader.node_at(ref[0], ref[1])
    if least > 0:
        node.exclude = sorted(set(node.exclude or []) | set(range(1 - least, least)))
    return True


# a sign word and the bound it puts on whole values (of floats "positive" is not ">= 1": refused)
SIGN_BOUNDS = {"positive": ">= 1", "negative": "<= -1", "non-negative": ">= 0", "nonnegative": ">= 0",
               "non-positive": "<= 0", "nonpositive": "<= 0"}  # fmt: skip
SIGN_WORD = r"positive|negative|non-?negative|non-?positive"
_SIGN_FORM = re.compile(
    r"(?:(?:each|every|all)(?: of)? (?:the )?)?(?:(?:elements?|values?|integers?|numbers?) (?:of|in) )?"
    rf"(?P<term>[A-Za-z_]\w*(?:\[\s*[a-z]\s*\])?) (?:(?:is|are) (?:all |always )?(?:an? )?(?P<said>{SIGN_WORD})"
    rf"(?: integers?| numbers?)?|consists? (?:only )?of (?:only )?(?P<of>{SIGN_WORD}) (?:integers|numbers))",
    re.I,
)


def sign_in_words(reader: Any, text: str) -> bool | None:
    """``k is a positive integer``, ``nums consists of positive integers``, ``All the elements of nums are
    non-negative``: a bound on whole values (``k >= 1``, ``nums[i] >= 0``), beside the ranges (both hold)."""
    m = _SIGN_FORM.fullmatch(text)
    if not m:
        return None
    term = m["term"]
    ref = reader.ref(term)
    if ref is None or ref[2] != "val":
        return False
    node, word = reader.node_at(ref[0], ref[1]), (m["said"] or m["of"]).lower()
    for index in ("[i]", "[j]"):  # of a list (of lists): each of its values
        if node.kind == "list" and node.elem is not None and not term.endswith("]" if index == "[i]" else "[j]"):
            term, node = f"{term}{index}", node.elem
    if node.kind == "str":  # a number written in digits is never negative; "positive" leaves "0" (refused)
        return (
            word.replace("-", "") == "nonnegative" and bool(node.alphabet) and set(node.alphabet) <= set("0123456789")
        )
    if node.kind != "int":
        return False
    return reader.range_or_condition(f"{term} {SIGN_BOUNDS[word]}")


ENTRIES = (
    (
        "a range in words",
        (
            "n is an integer in the range [1, 10**5]",
            "k is in the range [1, the number of unique elements in nums]",
            "k is in the range [1, The number of unique words[i]]",
            "num represents an integer in the range [1, 3999]",
        ),
        "drawn and checked",
        range_in_words,
    ),
    (
        "the number of words of a sentence",
        (
            "The number of words in phrase is in the range [1, 1000]",
            "The number of words in phrase is between 1 and 9",
            "The length of each word in phrase is in the range [1, 1000]",
        ),
        "checked",
        words_in_range,
    ),
    (
        "an absolute value bounded",
        ("|nums[i]| <= 10**4", "1 <= |nums[i]| <= 10**5", "|x| < 100"),
        "drawn and checked",
        absolute_bound,
    ),
    (
        "a sign in words",
        (
            "k is a positive integer",
            "k is positive",
            "nums consists of positive integers",
            "nums[i] is a non-negative integer",
            "All the elements of nums are positive",
        ),
        "drawn and checked",
        sign_in_words,
    ),
)
