"""Strings one character long where no line states their length and the type bounds them (issue 37:
a name with no stated range): a string argument the statement calls a character (``You are given a string s and a character
c``), and the cells of a grid of strings whose characters a line states and whose every existing
cell is one character (``board`` of ``List[List[str]]``: LeetCode's ``char[][]``; drawn so, each
cell is one of the characters the line allows -- never outside the problem).  Its characters come from the lines that state them (or the examples', as
for any string); every existing test is checked against the length, so one longer refuses."""

from __future__ import annotations

import re
from typing import Any

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


def character_grids(nodes: dict[str, Node], examples: list[dict[str, Any]]) -> None:
    """Each grid of strings (a list of lists of strings) with no stated cell length, its characters
    stated (by a line: call before the examples' alphabets are taken), every existing cell one
    character: cells of length 1."""
    for name, node in nodes.items():
        cell = node.elem.elem if node.kind == "list" and node.elem and node.elem.kind == "list" else None
        if cell is None or cell.kind != "str" or cell.len_lo is not None or cell.len_hi is not None:
            continue
        cells = [c for ex in examples for row in ex.get(name) or [] if isinstance(row, list) for c in row]
        if cell.alphabet and cells and all(isinstance(c, str) and len(c) == 1 for c in cells):
            cell.len_lo = cell.len_hi = "1"
