"""Whether the statement numbers a list's positions from 1 (``a 1-indexed 2D array queries``): its
constant positions (``queries[i][1]``, ``nums[1]``) then name the element one before Python's.

Two tests: :func:`one_indexed` (the statement calls this very list 1-indexed, in the one wording the
position names read) and :func:`numbers_from_one` (any wording anywhere: "1-based", "(1-indexed)",
"indexed from 1", "nums is 1-indexed").  Where the second holds and the first does not, which element
a constant position or an element's own index names is unsure: the readings of those refuse."""

from __future__ import annotations

import re

_KIND_WORDS = r"(?:2D|3D|integer|string|binary|array|list|matrix|grid|of)"  # "1-indexed 2D array queries"
_CONSTANT = re.compile(r"\b([A-Za-z_]\w*)(?:\[\s*\w+\s*\])*\[\s*\d+\s*\]")  # queries[i][1], nums[2]


_FROM_ONE = re.compile(
    r"\b1-(?:indexed|based)\b|\b(?:indexed|numbered|indices start|indexing starts?) (?:from|at) (?:1|one)\b"
    r"|\bone-(?:indexed|based)\b|\b1-indexing\b",
    re.I,
)


def numbers_from_one(statement: str) -> bool:
    """Whether the statement numbers some list's positions from 1, in any wording, anywhere."""
    return _FROM_ONE.search(statement) is not None


def one_indexed(statement: str, name: str) -> bool:
    """The statement calls ``name`` 1-indexed through words of its kind (not another list named before it)."""
    return re.search(rf"\b1-indexed (?:{_KIND_WORDS} ){{0,3}}{re.escape(name)}\b", statement) is not None


def one_indexed_constant(statement: str, term: str) -> str | None:
    """The list ``term`` names a constant position of, where the statement numbers a list from 1 (this
    one or, worded otherwise, any: then which it is is unsure); else None."""
    if not numbers_from_one(statement):
        return None
    return next((m.group(1) for m in _CONSTANT.finditer(term)), None)
