"""Whether the statement numbers a list's positions from 1 (``a 1-indexed 2D array queries``): its
constant positions (``queries[i][1]``, ``nums[1]``) then name the element one before Python's."""

from __future__ import annotations

import re

_KIND_WORDS = r"(?:2D|3D|integer|string|binary|array|list|matrix|grid|of)"  # "1-indexed 2D array queries"
_CONSTANT = re.compile(r"\b([A-Za-z_]\w*)(?:\[\s*\w+\s*\])*\[\s*\d+\s*\]")  # queries[i][1], nums[2]


def one_indexed(statement: str, name: str) -> bool:
    """The statement calls ``name`` 1-indexed through words of its kind (not another list named before it)."""
    return re.search(rf"\b1-indexed (?:{_KIND_WORDS} ){{0,3}}{re.escape(name)}\b", statement) is not None


def one_indexed_constant(statement: str, term: str) -> str | None:
    """The list ``term`` names a constant position of, where the statement numbers it from 1; else None."""
    return next((m.group(1) for m in _CONSTANT.finditer(term) if one_indexed(statement, m.group(1))), None)
