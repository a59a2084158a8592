"""A string argument the statement calls a character (``You are given a string s and a character
c``): one character long, where no line states its length (issue 37: a name with no stated range
whose type bounds it).  Its characters come from the lines that state them (or the examples', as
for any string); every existing test is checked against the length, so one longer refuses."""

from __future__ import annotations

import re

from microcoder_data.testgen.spec_model import Node

# "a character c", "the given character `letter`", "a lowercase English letter ch": an article,
# at most three words of class, then the word and the name
_CALLED = r"\b(?:an?|the|given|single|one)\s+(?:[a-z]+\s+){{0,3}}?(?:character|char|letter)\s+[`'\"]?{name}[`'\"]?(?![\w\[(]|\.\w)"


def single_characters(statement: str, nodes: dict[str, Node]) -> None:
    """Each string argument with no stated length that ``statement`` calls a character: length 1."""
    for name, node in nodes.items():
        if node.kind != "str" or node.len_lo is not None or node.len_hi is not None or node.choices is not None:
            continue
        if re.search(_CALLED.format(name=re.escape(name)), statement, re.I):
            node.len_lo = node.len_hi = "1"
