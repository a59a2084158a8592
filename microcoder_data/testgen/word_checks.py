"""Checks and draws of strings said to be words (issue 37; readings in ``word_lists.py``), functions of the
spec language (``spec_expr.FUNCTIONS``) and the draw's shaping step (``inputgen``):

* ``all_anagrams(strs)``: every string of the list a permutation of the first's characters;
* ``capitalized(text)``: a capital letter first, then only lowercase letters and spaces;
* ``words_within(sentences, lo, hi)``, ``word_lengths_each(sentences, lo, hi)``: how many words each
  string holds, how long each word is.

Each takes a string or a list of them (nested: each string), as ``sentence_checks`` does.
"""

from __future__ import annotations

import random
import string
from typing import Any

from microcoder_data.testgen.sentence_checks import _strings


def all_anagrams(value: Any) -> bool:
    """Every string of ``value`` holds the characters of the first, as often (``... are anagrams of each other``)."""
    texts = _strings(value)
    return all(sorted(t) == sorted(texts[0]) for t in texts)


def capitalized(value: Any) -> bool:
    """Each string: an uppercase letter first, lowercase letters and spaces after it."""
    rest = set(string.ascii_lowercase + " ")
    return all(s[:1].isascii() and s[:1].isupper() and set(s[1:]) <= rest for s in _strings(value))


def words_within(value: Any, lo: int, hi: int) -> bool:
    """Each string holds ``lo`` to ``hi`` space-separated words (``The number of words in sentences[i] is ...``)."""
    texts = _strings(value)
    return bool(texts) and all(lo <= len(t.split()) <= hi for t in texts)


def word_lengths_each(value: Any, lo: int, hi: int) -> bool:
    """Each word of each string is ``lo`` to ``hi`` characters long (``The length of each word in words[i] ...``)."""
    texts = _strings(value)
    return bool(texts) and all(lo <= len(w) <= hi for t in texts for w in t.split())


def word_shaped(node: Any, value: Any, rng: random.Random) -> Any:
    """``value`` drawn for ``node`` with its strings anagrams of the first (a list: each a shuffle of
    it) or capitalized (its other letters lowered): what a random draw almost never holds."""
    if node.anagrams and isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        value = [value[0]] + ["".join(rng.sample(value[0], len(value[0]))) for _ in value[1:]]
    if node.capitalized and isinstance(value, str):
        value = value[:1].upper() + value[1:].lower()
    return value
