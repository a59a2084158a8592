"""Checks of ranges said in words (range_words.py), callable from a bound or check
(spec_expr.FUNCTIONS): how many words a sentence holds, a string of digits as a number."""

from __future__ import annotations

from typing import Any


def word_count(text: Any) -> int:
    """How many space-separated words ``text`` holds (``The number of words in s``)."""
    return len(text.split()) if isinstance(text, str) else -1


def number_in(text: Any, lo: int, hi: int) -> bool:
    """``text`` writes an integer between ``lo`` and ``hi`` in decimal digits, as the number is
    written (no sign, no leading zero but for 0 itself): ``num represents an integer in the range [1, 3999]``."""
    return (
        isinstance(text, str) and text.isascii() and text.isdigit() and str(int(text)) == text and lo <= int(text) <= hi
    )


def word_lengths_within(text: Any, lo: int, hi: int) -> bool:
    """Every space-separated word of ``text`` is ``lo`` to ``hi`` characters long (``The length of each
    word in s is in the range [1, 10]``)."""
    return isinstance(text, str) and all(lo <= len(w) <= hi for w in text.split())
