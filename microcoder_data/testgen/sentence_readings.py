"""Readings of lines about strings written by a small grammar and about relations between whole
inputs (issue 37), registered in ``line_readings.READINGS`` by :data:`ENTRIES` (name, the phrasings
it reads -- its examples, which tests/test_testgen_line_readings.py reads --, how it is enforced,
the reading):

* words joined by single spaces, no space first or last (``title consists of words separated by a
  single space without any leading or trailing spaces``): a check (``spaced_words``) -- a random
  string over letters and a space mostly holds it, so it is drawn plainly and checked;
* a clock time ``"HH:MM"``: its characters drawn at their positions, and checked (``clock_time``);
* ``s2 is an anagram of s1``: a shuffle of the other input, drawn so;
* ``pivot equals to an element of nums``: a witness (witnesses.py), the scalar put in the list;
* ``hFences and vFences are unique``, ``All the pairs of richer are unique``, ``coordinates
  contains pairwise distinct coordinates``: each list's elements distinct, drawn so;
* ``Each transactions[i] takes the form "{name},{time},{amount},{city}"`` and a line per field:
  drawn field by field and checked (templates.py);
* ``Sum of values is divisible by k``, ``Sum of grid is equal to 9``: a sum drawn so, checked (sums.py);
* ``a_i == queries[i][0], b_i == queries[i][1]``: names for positions, so the lines that name them
  bound those positions.

Each returns True (read), False (the phrasing, on something it cannot hold: the line is refused)
or None (not its phrasing).
"""

from __future__ import annotations

import re
import string
from typing import Any

from microcoder_data.testgen.alphabet_readings import string_leaf
from microcoder_data.testgen.existence_readings import _witness_of
from microcoder_data.testgen.index_base import numbers_from_one, one_indexed
from microcoder_data.testgen.sums import read_total
from microcoder_data.testgen.templates import read_field, read_template, valid_dates

# how a reading that only names positions is enforced: by the lines that bound what it names
AS_NAMED = "as the lines naming it enforce it"
_NAME = r"[A-Za-z_]\w*(?:\[[a-z]\])*"
_NAMES = rf"{_NAME}(?:(?:,? and |, ){_NAME})*"


def _split(names: str) -> list[str]:
    return re.split(r",? and |, ", names)


def _space_check(reader: Any, subjects: list[str], single: bool, ends: bool) -> bool:
    """Each subject a string (or strings) with the spacing stated: a check on every input."""
    if any(string_leaf(reader, s) is None for s in subjects):
        return False
    for s in subjects:
        name = reader.ref(s)[0]
        reader.checks.append(f"spaced_words({name}, {single}, {ends})")
    return True


def words_spaced(reader: Any, text: str) -> bool | None:
    """``All the words in text are separated by a single space``, ``title consists of words
    separated by a single space without any leading or trailing spaces``, ``sentence has no
    leading or trailing spaces``: no two spaces side by side, none first or last (a check).  After
    such a line, ``Each word consists of ...`` states that string's characters (:func:`_each_word`:
    it reads nothing alone, so it is no example of its own)."""
    if re.match(r"each word ", text, re.I):
        return _each_word(reader, text)
    m = re.fullmatch(
        rf"(?:all |every two consecutive )?(?:the )?(?:words|tokens) (?:in|of) ({_NAMES}) (?:are|is|will be) "
        r"separated by (?:(?:a |one )?single|exactly one) spaces?",
        text,
        re.I,
    )
    if m:
        return _space_check(reader, _split(m.group(1)), True, False)
    m = re.fullmatch(
        rf"({_NAMES}) (?:consists?|is made up) of words separated by (?:a |one )?single spaces?"
        r"(,? (?:without|with no) (?:any )?leading or trailing spaces?)?",
        text,
        re.I,
    )
    if m:
        return _space_check(reader, _split(m.group(1)), True, bool(m.group(2)))
    m = re.fullmatch(
        rf"({_NAMES}) (?:(?:does|do|will) not (?:contain|have)|doesn't (?:contain|have)|has no|have no|contains? no) "
        r"(?:any )?leading or trailing spaces?",
        text,
        re.I,
    )
    if m:
        return _space_check(reader, _split(m.group(1)), False, True)
    if not re.fullmatch(r"there (?:are|will be) no leading or trailing spaces?", text, re.I):
        return None
    strings = [a for a in reader.args if reader.nodes[a].kind == "str"]
    return _space_check(reader, strings, False, True) if len(strings) == 1 else False  # of the one string


def _each_word(reader: Any, text: str) -> bool | None:
    """``Each word consists of uppercase and lowercase English letters and is non-empty``, after a
    line saying a string is words joined by spaces: that string's characters are those and the space."""
    m = re.fullmatch(r"each word (?:consists of|is made of) (?:only )?(.+?)( and is non-empty)?", text, re.I)
    if not m:
        return None
    named = {c.split("(")[1].split(",")[0] for c in reader.checks if c.startswith("spaced_words(")}
    if len(named) != 1:
        return None  # which string's words is not said: not this phrasing
    return word_chars(reader, named.pop(), m.group(1), bool(m.group(2)))


def word_chars(reader: Any, name: str, phrase: str, non_empty: bool) -> bool:
    """The characters of ``name``'s words are those ``phrase`` names: its own are those and the space."""
    chars = reader.alphabet(phrase)
    if chars is None or " " in chars:
        return False  # a word would hold a space
    node = string_leaf(reader, name)
    allowed = (set(chars) | {" "}) & set(node.alphabet or string.printable)  # a stated alphabet holds too
    node.alphabet = "".join(sorted(allowed))
    if non_empty:  # a non-empty word: no space first, last, or beside another
        reader.checks.append(f"spaced_words({name}, True, True)")
    return True


_CLOCK = {0: "012", 1: string.digits, 2: ":", 3: "012345", 4: string.digits}


def clock_format(reader: Any, text: str) -> bool | None:
    """``timePoints[i] is in the format "HH:MM"``, ``time is a valid string of length 5 in the format
    "hh:mm"``: five characters, each position's digits drawn at it, the time checked (a '?' the
    alphabet allows stands for a digit)."""
    m = re.fullmatch(
        rf"({_NAMES}) (?:is|are) (?:a valid (?:string of length 5|time) )?in the (?:format|form) "
        r"(?:\"hh:mm\"|'hh:mm'|hh:mm)",
        text,
        re.I,
    )
    if not m:
        return None
    subjects = _split(m.group(1))
    nodes = [string_leaf(reader, s) for s in subjects]
    if any(n is None for n in nodes):
        return False
    for s, node in zip(subjects, nodes):
        node.len_lo = node.len_hi = "5"
        node.alphabet = "".join(sorted(set(node.alphabet or string.digits) | set(string.digits) | {":"}))
        node.char_at = [*(node.char_at or []), *_CLOCK.items()]
        reader.checks.append(f"clock_time({reader.ref(s)[0]})")
    return True


def anagram(reader: Any, text: str) -> bool | None:
    """``s2 is an anagram of s1``: a permutation of the other input's characters (drawn as a shuffle)."""
    m = re.fullmatch(r"([A-Za-z_]\w*) is an anagram of ([A-Za-z_]\w*)", text, re.I)
    if not m:
        return None
    for a, b in (m.group(1, 2), m.group(2, 1)):  # ``s2.length == s1.length``: the shuffle has it
        if reader.bounds.get((a, 0, "len"), {}).get("eq") == f"len({b})":
            del reader.bounds[(a, 0, "len")]["eq"]
    return reader.read(f"{m.group(1)} is a permutation of {m.group(2)}", False)


def element_of(reader: Any, text: str) -> bool | None:
    """``pivot equals to an element of nums``, ``target exists in nums``: the scalar is one of the
    list's values (a witness: put at a random position after the draw, and checked)."""
    m = re.fullmatch(
        r"([A-Za-z_]\w*) (?:equals(?: to)?|is equal to|is) (?:an element|one of the elements|a value|an integer) "
        r"(?:of|in|from) (?:the array )?([A-Za-z_]\w*)|([A-Za-z_]\w*) (?:exists|occurs|appears) in ([A-Za-z_]\w*)",
        text,
        re.I,
    )
    if not m:
        return None
    value, values = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    scalar, node = reader.nodes.get(value), reader.nodes.get(values)
    if scalar is None or node is None or scalar.kind != "int" or node.kind != "list" or node.elem.kind != "int":
        return False
    for which in ("lo", "hi"):  # within the list's values' range, as one of them
        bound = reader.bounds.get((values, 1, "val"), {}).get(which)
        if bound is not None:
            reader.set_bound((value, 0, "val"), which, bound)
    return _witness_of(reader, values, "==", value)


def _distinct_lists(reader: Any, names: list[str]) -> bool:
    nodes = [reader.nodes.get(n) for n in names]
    if any(n is None or n.kind != "list" or n.elem is None for n in nodes):
        return False
    for node in nodes:
        node.distinct = True
    return True


def lists_unique(reader: Any, text: str) -> bool | None:
    """``hFences and vFences are unique`` (each list's values, as ``X is unique`` says of one),
    ``All the pairs of richer are unique``, ``The elements in pairs are unique``, ``coordinates
    contains pairwise distinct coordinates``, ``All the pairs (xi, yi) are unique`` (the positions
    of one list's elements, all of them): no element twice, drawn so; a tuple naming some of the
    positions (``(ai, bi)`` of ``[ai, bi, weighti]``): no two elements equal there, a check."""
    m = re.fullmatch(rf"({_NAMES}) are (?:pairwise )?(unique|distinct|different)", text, re.I)
    names = _split(m.group(1)) if m else []
    if len(names) > 1 and all(reader.nodes.get(n) is not None and reader.nodes[n].kind == "int" for n in names):
        pairs = [f"{a} != {b}" for k, a in enumerate(names) for b in names[k + 1 :]]  # src1, src2, and dest
        reader.checks.append(" and ".join(pairs))
        return True
    if len(names) > 1 and m.group(2).lower() == "unique":  # each list's values ("distinct" lists: differ?)
        return _distinct_lists(reader, names) if all(n in reader.nodes for n in names) else None
    m = re.fullmatch(
        r"no two ([A-Za-z_]\w*) are (?:at|on|in) the same (?:coordinate )?(?:point|position|cell)", text, re.I
    )
    if m and m.group(1) in reader.nodes:  # ``No two stones are at the same coordinate point``: the list of points
        node = reader.nodes[m.group(1)]
        ok = node.kind == "list" and node.elem is not None and node.elem.kind == "list"
        return _distinct_lists(reader, [m.group(1)]) if ok else False
    m = re.fullmatch(
        r"(?:all )?(?:the )?(pairs|elements|tuples|values) (?:of|in) ([A-Za-z_]\w*) are (?:unique|distinct)"
        r"|()([A-Za-z_]\w*) contains pairwise distinct \w+",
        text,
        re.I,
    )
    if m:
        name = m.group(2) or m.group(4)
        node = reader.nodes.get(name)
        if node is None or node.kind != "list" or node.elem is None or node.elem.kind != "list":
            return None  # ``the values of nums``: the distinct reader's
        fixed = reader.bounds.get((name, 1, "len"), {})
        tuples = (
            node.elem.items is not None or fixed.get("eq") is not None or re.search(r"pairs|points|edges|tuples", name)
        )
        if (m.group(1) or "").lower() in ("elements", "values") and not tuples:
            return None  # "the elements of grid": a matrix's cells, the distinct reader's
        return _distinct_lists(reader, [name])
    m = re.fullmatch(r"all (?:the )?(?:pairs|tuples) \(([\w, ]+)\) are (?:unique|distinct)", text, re.I)
    if not m:
        return None
    named = [reader.aliases.get(a.strip()) for a in m.group(1).split(",")]
    lists = {a[0] for a in named if a}
    if None in named or len(lists) != 1:
        return False
    (name,) = lists
    every = sorted(k for n, _, k in reader.aliases.values() if n == name)
    # the tuple names every position of the list's elements: the elements distinct
    if sorted(a[2] for a in named) != every:  # some positions only (an edge's ends): a check on those
        reader.checks.append(f"column_distinct({name}, {', '.join(str(a[2]) for a in named)})")
        return True
    return _distinct_lists(reader, [name])


def position_unique(reader: Any, text: str) -> bool | None:
    """``All the values of starti are unique``, ``Each arrivali time is distinct`` (``starti`` a name
    for a position: ``meetings[i] = [starti, endi]``): no value twice at that position (a check --
    a random draw seldom repeats one; a draw that does is dropped)."""
    m = re.fullmatch(
        r"all (?:the )?values of ([A-Za-z_]\w*) are (?:unique|distinct)|each ([A-Za-z_]\w*)(?: \w+)? is (?:unique|distinct)",
        text,
        re.I,
    )
    named = reader.aliases.get(m.group(1) or m.group(2)) if m else None
    if named is None:
        return None  # a list's own values: the distinct reader's
    reader.checks.append(f"column_distinct({named[0]}, {named[2]})")
    return True


def repeated_letter(reader: Any, text: str) -> bool | None:
    """``s has at least one repeated letter``: some character twice (a check; a random draw of a few
    letters or more mostly holds it, the all-equal draws always)."""
    m = re.fullmatch(
        r"([A-Za-z_]\w*) (?:has|contains) at least one (?:repeated|duplicate) (?:letter|character)", text, re.I
    )
    if not m:
        return None
    if string_leaf(reader, m.group(1)) is not reader.nodes.get(m.group(1)):
        return False  # of a list's strings: not this check
    reader.checks.append(f"most_repeated({m.group(1)}) >= 2")
    return True


def only_space(reader: Any, text: str) -> bool | None:
    """``The only space character in s is ' '``: s may hold the space, and no other white space."""
    m = re.fullmatch(r"the only space character in ([A-Za-z_]\w*) is (?:' '|\" \"|a space)", text, re.I)
    if not m:
        return None
    node = string_leaf(reader, m.group(1))
    if node is None or node.alphabet is None:
        return False  # its other characters not stated before
    node.alphabet = "".join(sorted((set(node.alphabet) - set("\t\n\r\x0b\x0c")) | {" "}))
    return True


def position_names(reader: Any, text: str) -> bool | None:
    """``a_i == queries[i][0], b_i == queries[i][1]``: each name is that position of the list's
    elements, as ``queries[i] = [a_i, b_i]`` would say (the lines naming it bound it)."""
    parts = [p.strip() for p in text.split(",")]
    found = [re.fullmatch(r"([A-Za-z_]\w*) ?={1,2} ?([A-Za-z_]\w*)\[[a-z]\]\[(\d+)\]", p) for p in parts]
    if not all(found):
        return None
    for m in found:
        name, node = m.group(2), reader.nodes.get(m.group(2))
        if m.group(1) in reader.nodes or node is None or node.kind != "list" or node.elem.kind != "list":
            return False
        # "a 1-indexed 2D array queries where queries[i] = [x_i, y_i]": x_i == queries[i][1] is the first
        from_one = one_indexed(reader.statement, name)
        if numbers_from_one(reader.statement) and not from_one:
            return False  # a list numbered from 1 worded otherwise, or another list: which position, unsure
        k = int(m.group(3)) - from_one
        stated = reader.bounds.get((name, 1, "len"), {})
        if k < 0 or any(str(stated.get(w, "")).isdigit() and k >= int(stated[w]) for w in ("eq", "hi")):
            return False  # a position past the elements' stated length: the line contradicts it
        if reader.aliases.get(m.group(1), (name, 2, k)) != (name, 2, k):
            return False  # the name given to another position already
        reader.aliases[m.group(1)] = (name, 2, k)
    return True


ENTRIES = (
    (
        "words joined by single spaces, none first or last",
        (
            "title consists of words separated by a single space without any leading or trailing spaces",
            "All the words in text are separated by a single space",
            "The words in sentence1 and sentence2 are separated by a single space",
            "All the tokens of logs[i] are separated by a single space",
            "sentence has no leading or trailing spaces",
            "s does not contain any leading or trailing spaces",
            "sentences[i] does not have leading or trailing spaces",
            "Every two consecutive words in sentence will be separated by exactly one space",
            "s contains no leading or trailing spaces",
        ),
        "checked",
        words_spaced,
    ),
    (
        "a clock time HH:MM",
        (
            'timePoints[i] is in the format "HH:MM"',
            'current and correct are in the format "HH:MM"',
            "time is in the format hh:mm",
            'time is a valid string of length 5 in the format "hh:mm"',
            'time is a valid time in the form "HH:MM"',
        ),
        "drawn and checked",
        clock_format,
    ),
    ("an anagram of another input", ("s2 is an anagram of s1",), "drawn", anagram),
    (
        "a value is one of a list's",
        ("pivot equals to an element of nums", "target exists in nums", "key is an integer from the array nums"),
        "drawn and checked",
        element_of,
    ),
    (
        "each list's elements unique",
        (
            "hFences and vFences are unique",
            "All the pairs of richer are unique",
            "The elements in pairs are unique",
            "coordinates contains pairwise distinct coordinates",
            "All the pairs (xi, yi) are unique",
            "No two stones are at the same coordinate point",
        ),
        "drawn",
        lists_unique,
    ),
    (
        "a string of a template with fields",
        ('Each transactions[i] takes the form "{name},{time},{amount},{city}"',),
        "drawn and checked",
        read_template,
    ),
    (
        "a template's field",
        (
            "Each {name} and {city} consist of lowercase English letters, and have lengths between 1 and 10",
            "Each {time} consist of digits, and represent an integer between 0 and 1000",
        ),
        "drawn and checked",
        read_field,
    ),
    (
        "valid dates between two years",
        ("The given dates are valid dates between the years 1971 and 2100",),
        "drawn and checked",
        valid_dates,
    ),
    (
        "a sum over a list or grid",
        (
            "Sum of values is divisible by k",
            "Sum of grid is equal to 9",
            "Sum of nums does not exceed 2 * 10**4",
            "The sum of nums is a multiple of k",
        ),
        "drawn and checked",
        read_total,
    ),
    (
        "no value twice at a named position",
        ("All the values of xi are unique", "Each yi time is distinct"),
        "checked",
        position_unique,
    ),
    (
        "scalars pairwise distinct",
        ("src1, src2, and dest are pairwise distinct", "a and b are distinct"),
        "checked",
        lists_unique,
    ),
    ("a repeated letter", ("s has at least one repeated letter",), "checked", repeated_letter),
    ("the space the only white space", ("The only space character in line is ' '",), "drawn", only_space),
    (
        "names for positions of a list's elements",
        ("a_i == queries[i][0], b_i == queries[i][1]", "ai == queries[i][0]"),
        AS_NAMED,
        position_names,
    ),
)
