"""Sentences about words and spaces said of a string or of each string of a list (issue 37), registered in
``line_readings.READINGS`` by :data:`ENTRIES` (name, the phrasings it reads -- its examples, which
tests/test_testgen_line_readings.py reads --, how it is enforced, the reading).  One resolver,
:func:`subjects`, names what a sentence is said of: ``s``, ``report[i]``, ``each string in words``,
``every sentence`` (the input so named, or the one string input), ``all words in strs``.

* ``There is a single space between consecutive words of report[i]``, ``responses[i] contains no two
  consecutive spaces``: no two spaces side by side (``spaced_words``, a check: a random string over
  letters and a space seldom holds two side by side);  "a space between words" says the string holds
  spaces too (added to its stated characters);
* ``text begins with a capital letter and then contains lowercase letters and single space between
  words``: its characters, the first drawn a capital and the rest lowered (``capitalized``), checked;
* ``All words in strs have the same length and are anagrams of each other``: each string drawn as a
  shuffle of the first (``all_anagrams``), checked.

Each returns True (read), False (the phrasing, of something it cannot hold: the line is refused) or None.
"""

from __future__ import annotations

import re
import string
from typing import Any

from microcoder_data.testgen.alphabet_readings import string_leaf
from microcoder_data.testgen.sentence_readings import word_chars
from microcoder_data.testgen.spec_model import evaluate_const

_NAME = r"[A-Za-z_]\w*(?:\[[a-z]\])*"
_NOUN = r"(?:strings?|sentences?|words?|elements?|texts?)"
# what a sentence is said of: "s", "report[i]", "each string in words", "every sentence", "all words in strs"
SUBJECT = rf"(?:(?:each|every|all(?: the)?|the) )?(?:{_NOUN} (?:in|of) )?{_NAME}(?:(?:,? and |, ){_NAME})*"
_GUARANTEED = r"(?:(?:it'?s|it is) guaranteed that )?"


def subjects(reader: Any, phrase: str) -> list[str] | None:
    """The inputs (or a list's strings, as ``reader.ref`` names them) ``phrase`` speaks of, each a string
    or holding strings; None where it names none.  A bare noun (``every sentence``, ``the string``)
    names the input so called (``sentence``, ``sentences``), else the one input holding strings."""
    phrase = re.sub(r"^(?:(?:each|every|all(?: the)?|the) )", "", phrase.strip(), flags=re.I)
    m = re.fullmatch(rf"{_NOUN} (?:in|of) (.+)", phrase, re.I)
    names = re.split(r",? and |, ", m.group(1) if m else phrase)
    if len(names) == 1 and re.fullmatch(_NOUN, names[0], re.I):
        noun = names[0].lower().rstrip("s")
        named = [a for a in reader.args if a.lower() == noun] or [a for a in reader.args if a.lower() == noun + "s"]
        strings = [a for a in reader.args if string_leaf(reader, a) is not None]
        names = named or (strings if len(strings) == 1 else [])
    if not names or any(reader.ref(n) is None or string_leaf(reader, n) is None for n in names):
        return None
    return names if len(set(names)) == len(names) else None


def _the_strings(reader: Any, phrase: str | None) -> list[str] | None:
    """What a sentence with its subject left out (``there is one space between 2 words``) is said of:
    the one input holding strings."""
    if phrase:
        return subjects(reader, phrase)
    strings = [a for a in reader.args if string_leaf(reader, a) is not None]
    return strings if len(strings) == 1 else None


def _single_spaced(reader: Any, names: list[str], spaces_stated: bool, ends: bool = False) -> bool:
    """Single spaces; ``ends``: none first or last either -- where the only spaces the statement allows are the
    ones between words (a space this line adds to a stated alphabet, or a text said to be words)."""
    for name in names:
        node = string_leaf(reader, name)
        added = spaces_stated and node.alphabet is not None and " " not in node.alphabet
        if added:  # words with a space between: a space among its characters
            node.alphabet = "".join(sorted(set(node.alphabet) | {" "}))
        reader.checks.append(f"spaced_words({reader.ref(name)[0]}, True, {ends or added})")
    return True


def spaces_between(reader: Any, text: str) -> bool | None:
    """``There is a single space between consecutive words of report[i]``, ``It's guaranteed that there is
    only one space between 2 words``, ``responses[i] contains no two consecutive spaces``: no two spaces
    side by side (checked on every input)."""
    m = re.fullmatch(
        rf"{_GUARANTEED}there (?:is|will be) (?:only |exactly )?(?:a single|one|exactly one|a) space between "
        rf"(?:any )?(?:two |2 |consecutive |adjacent )?words(?: (?:of|in) ({SUBJECT}))?",
        text,
        re.I,
    )
    if m:
        names = _the_strings(reader, m.group(1))
        return _single_spaced(reader, names, True) if names else False
    m = re.fullmatch(
        rf"{_GUARANTEED}({SUBJECT}) (?:contains? no|has no|have no|(?:does|do) not (?:contain|have)) (?:any )?"
        r"(?:two )?(?:consecutive|adjacent) spaces"
        rf"|{_GUARANTEED}there are no (?:two )?(?:consecutive|adjacent) spaces(?: in ({SUBJECT}))?",
        text,
        re.I,
    )
    if not m:
        return None
    names = _the_strings(reader, m.group(1) or m.group(2))
    return _single_spaced(reader, names, False) if names else False


def capital_then_lowercase(reader: Any, text: str) -> bool | None:
    """``text begins with a capital letter and then contains lowercase letters and single space between
    words``: a capital first, lowercase letters and single spaces after it (drawn so, checked)."""
    m = re.fullmatch(
        rf"({SUBJECT}) (?:begins|starts) with an? (?:capital|uppercase) letter,? (?:and )?then contains? "
        r"(?:only )?lowercase letters and (?:a )?single spaces? between (?:the )?words",
        text,
        re.I,
    )
    if not m:
        return None
    names = subjects(reader, m.group(1))
    if not names:
        return False
    nodes = [string_leaf(reader, n) for n in names]
    if any(not set(string.ascii_uppercase) & set(n.alphabet or string.ascii_uppercase) for n in nodes):
        return False  # a stated alphabet with no capital letter: the two lines contradict
    for name, node in zip(names, nodes):  # a stated alphabet holds too
        node.alphabet = "".join(sorted(set(string.ascii_letters + " ") & set(node.alphabet or string.printable)))
        node.char_at = [*(node.char_at or []), (0, string.ascii_uppercase)]
        node.capitalized = True
        reader.checks.append(f"capitalized({reader.ref(name)[0]})")
    return _single_spaced(reader, names, False, ends=True)  # a capital first, words after: no space at either end


def anagrams_of_each_other(reader: Any, text: str) -> bool | None:
    """``All words in strs have the same length and are anagrams of each other``, ``The strings of words are
    anagrams of one another``: a list's strings, each a permutation of the first (drawn so, checked)."""
    m = re.fullmatch(
        rf"({SUBJECT}) (?:have the same length and )?are (?:all )?anagrams of (?:each other|one another)", text, re.I
    )
    if not m:
        return None
    names = subjects(reader, m.group(1))
    nodes = [reader.nodes.get(n) for n in names or []]
    if not nodes or any(n is None or n.kind != "list" or n.elem is None or n.elem.kind != "str" for n in nodes):
        return None  # of one string's words (or strings nested deeper): not this reading, so refused unless read
    for name, node in zip(names, nodes):
        node.anagrams = True
        reader.checks.append(f"all_anagrams({name})")
    return True


def _sentences(reader: Any, phrase: str | None) -> list[str] | None:
    """The strings whose words a line speaks of: those named (or, named by none, the one input) whose
    stated characters hold a space -- a list of words (``Each word in words``) is not one."""
    names = subjects(reader, phrase) if phrase else [a for a in reader.args if string_leaf(reader, a) is not None]
    names = [n for n in names or [] if " " in (string_leaf(reader, n).alphabet or "")]
    if not phrase and any(a.lower() in ("word", "words") for a in reader.args):
        return None  # "Each word" may mean the input so named
    return names if names and (phrase or len(names) == 1) else None


def words_of_sentence(reader: Any, text: str) -> bool | None:
    """``Each word consists of lowercase English letters``, ``Each word in sentences[i] consists of ...``,
    of a string a line before said holds spaces: its characters are those and the space."""
    m = re.fullmatch(
        rf"each word(?: (?:in|of) ({SUBJECT}))? (?:consists of|is made of) (?:only )?(.+?)( and is non-empty)?",
        text,
        re.I,
    )
    if not m or (not m.group(1) and any(c.startswith("spaced_words(") for c in reader.checks)):
        return None  # after "words separated by a single space": sentence_readings reads it
    names = _sentences(reader, m.group(1))
    if not names:
        return None  # a list of words, or which string not said: not this reading
    return all([word_chars(reader, n, m.group(2), bool(m.group(3))) for n in names])


def words_of_each(reader: Any, text: str) -> bool | None:
    """``The number of words in sentences[i] is in the range [1, 100]``, ``The length of each word in every
    sentence is between 1 and 10``: of each string of a list whose stated characters hold a space (a
    check on every input; of one string, range_words reads it)."""
    m = re.fullmatch(
        rf"the (number of words|length of each word) in ({SUBJECT}) is "
        r"(?:in the range \[(\S+), (\S+)\]|between (\S+) and (\S+?))(?:,? inclusive)?",
        text,
        re.I,
    )
    names = subjects(reader, m.group(2)) if m else None
    if not m or (names and all(reader.nodes.get(n) is not None and reader.nodes[n].kind == "str" for n in names)):
        return None  # of one string (or names no input): range_words'
    lo, hi = (m.group(3), m.group(4)) if m.group(3) else (m.group(5), m.group(6))
    if not names or any(" " not in (string_leaf(reader, n).alphabet or "") for n in names):
        return False  # its characters, a space among them, not stated
    check = "words_within" if m.group(1).lower() == "number of words" else "word_lengths_each"
    for name in names:
        reader.checks.append(f"{check}({reader.ref(name)[0]}, {reader.expr(lo)}, {reader.expr(hi)})")
    return True


def words_distinct(reader: Any, text: str) -> bool | None:
    """``All the words in a and b combined are distinct``, ``All strings of words are unique``: the strings of
    lists of strings (a list's words are its strings), read as their values are (distinct_readings)."""
    m = re.fullmatch(
        rf"all (?:the )?(?:words|strings) (?:in|of) ({_NAME}(?:(?:,? and |, ){_NAME})*)( combined| together)? "
        r"are (distinct|unique|different)",
        text,
        re.I,
    )
    names = subjects(reader, m.group(1)) if m else None
    nodes = [reader.nodes.get(n) for n in names or []]
    if not nodes or any(n is None or n.kind != "list" or n.elem is None or n.elem.kind != "str" for n in nodes):
        return None  # a sentence's words (or no list named): not this reading
    return reader.read(f"All the values in {m.group(1)}{m.group(2) or ''} are {m.group(3)}", False)


def words_total_length(reader: Any, text: str) -> bool | None:
    """``The sum of the lengths of all the words in a and b combined does not exceed 10^6``: the total length
    of lists' strings, read as ``sum(a[i].length) + sum(b[i].length) <= 10^6`` is (conditions.py)."""
    m = re.fullmatch(
        rf"the (?:total )?sum of (?:the )?lengths? of (?:all )?(?:the )?(?:words|strings) (?:in|of) "
        rf"({_NAME}(?:(?:,? and |, ){_NAME})*)(?: combined| together)? "
        r"(?:does not exceed|will not exceed|is at most|is less than or equal to|<=) (.+)",
        text,
        re.I,
    )
    names = subjects(reader, m.group(1)) if m else None
    nodes = [reader.nodes.get(n) for n in names or []]
    if not nodes or any(n is None or n.kind != "list" or n.elem is None or n.elem.kind != "str" for n in nodes):
        return None  # not lists of strings named: another reading's
    if len(names) == 1 or not reader.read(
        " + ".join(f"sum({n}[i].length)" for n in names) + f" <= {m.group(2)}", False
    ):
        return reader.read(f"sum({names[0]}[i].length) <= {m.group(2)}", False) if len(names) == 1 else False
    total = reader.expr(m.group(2))
    for name, node in zip(names, nodes):  # each list drawn under its share of the total, each string within it
        for which, bound in (("hi", total), ("lo", "1")):
            if (
                getattr(node.elem, f"len_{which}") is None
                and reader.bounds.get((name, 1, "len"), {}).get(which) is None
            ):
                reader.set_bound((name, 1, "len"), which, bound)
        if evaluate_const(total) is not None:
            node.total_len_hi = str(evaluate_const(total) // len(names))
    return True


ENTRIES = (
    (
        "no two spaces side by side, said of a string or each string of a list",
        (
            "There is a single space between consecutive words of report[i]",
            "It's guaranteed that there is only one space between 2 words in title",
            "There is exactly one space between adjacent words in each sentence of sentences",
            "responses[i] contains no two consecutive spaces",
            "Every sentence does not contain two consecutive spaces",
            "There are no consecutive spaces in text",
        ),
        "checked",
        spaces_between,
    ),
    (
        "a capital letter, then lowercase words single-spaced",
        ("text begins with a capital letter and then contains lowercase letters and single space between words",),
        "drawn and checked",
        capital_then_lowercase,
    ),
    (
        "a list's strings anagrams of each other",
        (
            "All words in strs have the same length and are anagrams of each other",
            "The strings of words are anagrams of one another",
        ),
        "drawn and checked",
        anagrams_of_each_other,
    ),
    (
        "the characters of each word of a sentence",
        (
            "Each word of phrase consists of lowercase English letters and is non-empty",
            "Each word in lines[i] consists of lowercase letters",
        ),
        "drawn",
        words_of_sentence,
    ),
    (
        "how many words each string of a list holds, how long each word is",
        (
            "The number of words in lines[i] is in the range [1, 100]",
            "The length of each word in every string of lines is between 1 and 10",
        ),
        "checked",
        words_of_each,
    ),
    (
        "the strings of lists of strings distinct",
        ("All the words in word1 and word2 combined are distinct", "All strings of words are unique"),
        "drawn and checked",
        words_distinct,
    ),
    (
        "the total length of lists' strings",
        (
            "The sum of the lengths of all the words in word1 and word2 combined does not exceed 10**6",
            "The sum of lengths of all strings in words is at most 1000",
        ),
        "drawn and checked",
        words_total_length,
    ),
)
