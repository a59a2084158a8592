"""A field several query forms share, split per form where a line of one type relates it to another
field of that form (AtCoder abc372_e: ``1 u v`` / ``2 v k``, ``In a Type 1 query, 1 <= u < v <=
N``).  stdin_queries keeps one list per field in input order, so ``v[i]`` of that list and ``u[i]``
would be values of different queries (refused there).  Split, the type-2 ``v`` becomes its own field
``v2``: ``u`` and ``v`` are then the fields of the type-1 queries alone, position ``i`` of both the
same query, and the relation is a plain one between two lists at one index (drawn so by the pair
reading, and checked).  Each line of one type names that type's copy; a line of no single type that
names a split field holds for every copy (the line repeated per copy).
"""

from __future__ import annotations

import re
from dataclasses import replace

from microcoder_data.testgen.stdin_queries import fields_of
from microcoder_data.testgen.stdin_rows import Row

_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5"}
_ONE_TYPE = re.compile(  # "In a Type 1 query, ", "For the first type of query, ", "For queries of type 2, "
    r"^(?:for|in) (?:the |a |an |each )?(?:type (\d+) quer(?:y|ies)|(\w+) type of quer(?:y|ies)|"
    r"(\w+)-type quer(?:y|ies)|quer(?:y|ies) of (?:the )?(?:type (\d+)|(\w+) type))\s*,\s*",
    re.I,
)
_COMPARISON = re.compile(r"<=|>=|==|!=|<|>|\\le|\\ge|\\lt|\\gt|\\neq")


def _word(field: str) -> str:
    return rf"(?<![\w\[.\\]){re.escape(field)}(?![\w\[.(])"  # as constraint_of_fields finds a field


def line_type(line: str, forms: dict[str, list[str]]) -> str | None:
    """The one query type a constraint line is stated for (``In a Type 1 query, ...``), or None."""
    m = _ONE_TYPE.match(line.strip())
    if not m:
        return None
    said = next(g for g in m.groups() if g)
    kind = _ORDINALS.get(said.lower(), said)
    return kind if kind in forms else None


def _related(line: str, fields: list[str]) -> set[str]:
    """The fields a comparison of ``line`` relates to another field (``u < v``; not ``1 <= v, k <= N``)."""
    terms = [{f for f in fields if re.search(_word(f), t)} for t in _COMPARISON.split(line)]
    return {f for t in terms for f in t if any(other - {f} for other in terms if f not in other)}


def split_shared_fields(rows: list[Row], lines: list[str]) -> tuple[list[Row], list[str]] | None:
    """The rows and lines with each shared field a line of one type relates split per form (the first
    form keeps its name, each other form's copy ``<field><type>``), or None where nothing is split."""
    row = next((r for r in rows if r.kind == "queries" and r.forms), None)
    if row is None:
        return None
    forms = row.forms or {}
    shared = {f for f in fields_of(forms) if sum(f in fs for fs in forms.values()) > 1}
    split = {f for line in lines if line_type(line, forms) for f in _related(line, forms[line_type(line, forms)])}
    split &= shared
    names = {n for r in rows for n in r.names}
    copies = {(f, k): f"{f}{k}" for f in split for k in [k for k, fs in forms.items() if f in fs][1:]}
    if not copies or any(c in names for c in copies.values()):
        return None  # nothing to split, or a copy's name taken: left as it was (refused there)
    if any(not line_type(line, forms) and not _bounds_each_value(line, split, names) for line in lines):
        return None  # a line of all the queries about a split field together (distinct, a sum): refused there
    new_forms = {k: [copies.get((f, k), f) for f in fs] for k, fs in forms.items()}
    new_row = replace(row, names=[row.names[0], *fields_of(new_forms)], forms=new_forms)
    return [new_row if r is row else r for r in rows], [x for line in lines for x in _per_copy(line, forms, copies)]


_LATEX_OPS = re.compile(r"\\(?:leq?|geq?|lt|gt|neq?|times|cdot)\b")


def _bounds_each_value(line: str, split: set[str], names: set[str]) -> bool:
    """Whether ``line`` (of no single type) speaks of each value of the split fields it names alone: a
    chain of comparisons over input names and numbers (``1 <= u, v, k <= N``), which holds per copy.  A
    line that names a split field otherwise (``All v are distinct``, ``sum(v) <= 6``, ``v_{i+1}``)
    speaks of all the queries' values together, which copies per type would lose."""
    if not any(re.search(rf"{_word(f)}|(?<![\w\[.\\]){re.escape(f)}_", line) for f in split):
        return True  # names no split field, not even subscripted (``v_i``)
    text = _LATEX_OPS.sub(" ", line)
    words = re.findall(r"[A-Za-z_]\w*", text)
    return bool(_COMPARISON.search(line)) and "_" not in text and all(w in names for w in words)


def _per_copy(line: str, forms: dict[str, list[str]], copies: dict[tuple[str, str], str]) -> list[str]:
    """``line`` in the split fields' names: a line of one type names that type's copies; any other
    line naming a split field, once per copy of it (a line naming two split fields: once per type)."""
    kind = line_type(line, forms)
    named = sorted({f for f, _ in copies if re.search(_word(f), line)})
    kinds = [kind] if kind else sorted({k for f in named for fk, k in copies if fk == f})
    out = [line] if not kind and named else []
    for k in kinds:
        text = line
        for f in named:
            text = re.sub(_word(f), copies.get((f, k), f), text)
        out.append(text)
    return list(dict.fromkeys(out)) or [line]
