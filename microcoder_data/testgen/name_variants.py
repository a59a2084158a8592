"""A name a constraint line writes otherwise than the input it means (issue 37): ``1 <= num[i] <= 200``
of the argument ``nums``, ``1 <= row, cols <= 200`` where ``rows == matrix.length`` was read,
``arrivaltime`` of ``arrivalTime``.  The singular or plural of exactly one known name (an argument, or a
size a line defined), or the name in other letter cases, and of no other, stands for it; a name with no such variant, or with two, is left as written (the line refuses as before).
"""

from __future__ import annotations

import re

_WORD = re.compile(r"(?<![\w'\"])([A-Za-z_]\w*)(?![\w'\"(])")  # not a function called, not in quotes
_SHORTEST = 3  # ``x`` / ``xs`` and such: too short to tell a plural from another name


def _forms(name: str) -> set[str]:
    """The singular and plural forms of ``name`` (``num`` / ``nums``, ``box`` / ``boxes``, ``city`` /
    ``cities``)."""
    out = {name + "s", name + "es"}
    if name.endswith("s"):
        out.add(name[:-1])
    if name.endswith("es"):
        out.add(name[:-2])
    if name.endswith("ies"):
        out.add(name[:-3] + "y")
    if name.endswith("y"):
        out.add(name[:-1] + "ies")
    return {f for f in out if len(f) >= _SHORTEST}


def variant_of(name: str, known: set[str]) -> str | None:
    """The one known name ``name`` is the singular or plural of, or writes in other letter cases
    (``arrivaltime`` of ``arrivalTime``); None where ``name`` is known itself, too short, or a variant of
    none or of several."""
    if name in known or len(name) < _SHORTEST:
        return None
    forms = {f.lower() for f in _forms(name)} | {name.lower()}
    found = {k for k in known if len(k) >= _SHORTEST and k.lower() in forms}
    return next(iter(found)) if len(found) == 1 else None


def with_variants(term: str, known: set[str], keep: set[str] = frozenset()) -> str:
    """``term`` with each unknown name (not one of ``keep``: tuple positions' names, functions) that is a
    variant of one known name written as that name, and ``weight[i]`` written ``weighti`` where that is a
    tuple position's name of ``keep`` (``edges[i] = [fromi, toi, weighti]``)."""
    term = re.sub(
        r"(?<![\w\]])([A-Za-z_]\w*)\[\s*i\s*\]",
        lambda m: m.group(1) + "i" if m.group(1) not in known and m.group(1) + "i" in keep else m.group(0),
        term,
    )
    term = re.sub(  # a_i of a tuple position named ai (the subscript's underscore kept in the scrape)
        r"\b([A-Za-z]\w*?)_i\b",
        lambda m: m.group(1) + "i" if m.group(0) not in known and m.group(1) + "i" in keep else m.group(0),
        term,
    )

    def sub(m: re.Match) -> str:
        word = m.group(1)
        return (word in keep and word) or variant_of(word, known) or word

    return _WORD.sub(sub, term)
