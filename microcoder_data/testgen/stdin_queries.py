"""Queries of several kinds in a stdin input format (AtCoder's notation)::

    N Q
    query_1
    \\vdots
    query_Q

    Each query is in one of the following two formats:
    1 C
    2 p

Read as one sequence ``query_type`` (each query's leading number) and one list per field
holding that field's values in input order (``C``: one per type-1 query), so every value is a
plain list element the constraint reader can bound.  A field's length is the count of the
queries whose form has it; ``For the first type of query, C is one of R, L, U, and D`` bounds
the field ``C`` (a field in several forms gets every bound stated for it: narrower, never
outside).  A relation between two fields of different forms (``u < k``) pairs values of
different queries: refused (a line of one type relating two of its fields, ``u < v`` where ``v`` is
also a type-2 field, first splits ``v`` per form: query_fields.py).  A promise about the
state a query finds ("when a query of the second type is given, x exists in A") is not a
constraint on the input alone: the reader does not understand it, so nothing is generated.
"""

from __future__ import annotations

import re

from microcoder_data.testgen.spec_model import _Unsupported

QUERY_TYPE = "query_type"
_INTRO = re.compile(
    r"(?:here, )?(?:each |the i-th )?(?:query|queries)(?:_i)?\b.*\b(?:formats?|form)(?: below)?:?", re.I
)
_OR = re.compile(r"or:?", re.I)
_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5"}
_NAME = re.compile(r"^([A-Za-z][A-Za-z0-9]*)(?:_\{?[a-z]\}?)?$")


def split_forms(block: list[str]) -> tuple[list[str], dict[str, list[str]] | None]:
    """The format block without the queries' forms, and the forms (type -> its fields; one
    form with no leading number: key ``""``), or None when the block describes no queries."""
    intro = next((k for k, line in enumerate(block) if _INTRO.fullmatch(line.strip())), None)
    if intro is None:
        return block, None
    forms: dict[str, list[str]] = {}
    for line in block[intro + 1 :]:
        if _OR.fullmatch(line.strip()):
            continue
        toks = line.split()
        kind, names = (toks[0], toks[1:]) if toks and toks[0].isdigit() else ("", toks)
        fields = [_NAME.match(t) for t in names]
        if not all(fields) or kind in forms or (kind == "" and forms):
            raise _Unsupported(f"query format line {line!r} not understood", kind="unsupported_format", line=line)
        forms[kind] = [m.group(1) for m in fields]  # type: ignore[union-attr]
    if not forms or ("" in forms and len(forms) > 1):
        raise _Unsupported("the queries' formats are not understood", kind="unsupported_format")
    return block[:intro], forms


def is_query_row(names: list[str]) -> bool:
    """``query_1 ... query_Q`` (or ``Query_i``, ``\\mathrm{query}_i``) read as a one-column block."""
    return len(names) == 1 and names[0].lower() == "query"


def fields_of(forms: dict[str, list[str]]) -> list[str]:
    return list(dict.fromkeys(f for fs in forms.values() for f in fs))


def parse_queries(forms: dict[str, list[str]], lines: list[list[str]]) -> dict[str, list[str]]:
    """One input's queries (each a line's tokens) as ``query_type`` and the fields' lists."""
    out: dict[str, list[str]] = {QUERY_TYPE: [], **{f: [] for f in fields_of(forms)}}
    for toks in lines:
        kind, values = (toks[0], toks[1:]) if toks and toks[0] in forms else ("", toks)
        if kind not in forms or len(values) != len(forms[kind]):
            raise _Unsupported(
                "an existing input's query does not fit the queries' formats", kind="examples_break_format"
            )
        out[QUERY_TYPE].append(kind)
        for f, v in zip(forms[kind], values):
            out[f].append(v)
    return out


def render_queries(forms: dict[str, list[str]], args: dict) -> list[str]:
    at = {f: 0 for f in fields_of(forms)}
    out = []
    for kind in args[QUERY_TYPE]:
        values = []
        for f in forms[str(kind)]:
            values.append(str(args[f][at[f]]))
            at[f] += 1
        out.append(" ".join(([str(kind)] if str(kind) else []) + values))
    return out


def length_lines(forms: dict[str, list[str]], count: str) -> list[str]:
    """The lengths the format states: as many types as queries, each field as many values as
    the queries whose form has it; the types are the forms' numbers."""
    out = [f"{QUERY_TYPE}.length == {count}", f"{QUERY_TYPE}[i] is either " + " or ".join(forms)]
    for f in fields_of(forms):
        kinds = [k for k, fs in forms.items() if f in fs]
        out.append(f"{f}.length == " + " + ".join(f"occurrences({QUERY_TYPE}, {k})" for k in kinds))
    return out


def constraint_of_fields(line: str, fields: list[str]) -> str:
    """A constraint line about queries in the reader's notation: the form named in it left
    out (``For the first type of query, ...``, ``... for queries of types 1 and 2``), each field
    an element (``1 <= p <= N`` -> ``1 <= p[i] <= N``), ``There is at least one query of the third
    type`` a count of ``query_type``."""
    t = re.sub(r"(?<!\.)\.$", "", line.strip())
    m = re.fullmatch(
        r"there (?:is|are) at least (?:one|1) quer(?:y|ies) of (?:the )?(?:type (\d+)|(\w+) type)", t, re.I
    )
    if m:
        kind = m.group(1) or _ORDINALS.get(m.group(2).lower())
        return f"there is at least one {kind} in {QUERY_TYPE}" if kind else t
    t = re.sub(
        r"^(?:for|in) (?:the |a |each )?(?:(?:\w+ )?type(?: \d+(?:,? (?:and |or )?\d+)*)?(?: of)? quer(?:y|ies)|"
        r"quer(?:y|ies) of (?:the )?(?:\w+(?:,? (?:and|or) \w+)? types?|types? [\d, and]+))\s*,\s*",
        "",
        t,
        flags=re.I,
    )
    t = re.sub(r"\s+(?:for|in) (?:all )?quer(?:y|ies) of types? [\d, and]+$", "", t, flags=re.I)
    subject = re.match(r"([A-Za-z]\w*)\S* is ", t)
    if subject and subject.group(1) not in fields:
        return t  # "P[i][j] is W or B": what another variable is, its words no fields (B: a letter)
    return re.sub(r"(?<![\w\[.])(" + "|".join(map(re.escape, fields)) + r")(?![\w\[.(])", r"\1[i]", t) if fields else t


def paired_across_forms(forms: dict[str, list[str]], relations: dict[str, set[str]]) -> str | None:
    """A field whose element bounds name another field that is not in exactly the same forms
    (its i-th value belongs to another query), or None."""
    kinds = {f: {k for k, fs in forms.items() if f in fs} for f in fields_of(forms)}
    for f, others in relations.items():
        for g in others:
            if f in kinds and g in kinds and kinds[f] != kinds[g]:
                return f"{f} is bounded by {g}, a field of other queries"
    return None


def line_across_forms(forms: dict[str, list[str]], lines: list[str]) -> str | None:
    """The first line relating, at one position, fields not in exactly the same forms (``In a Type 1
    query, 1 <= u < v <= N`` where ``v`` is also a type-2 field: ``u[i]`` and ``v[i]`` are values of
    different queries), read before any existing test is checked against such a pairing."""
    for line in lines:  # the terms a comparison separates: "1 <= T[i],H[i] <= 10^9" bounds each, relates none
        terms = [
            {f for f in fields_of(forms) if re.search(rf"(?<![\w.]){re.escape(f)}\[i\]", t)} for t in _TERMS.split(line)
        ]
        if paired_across_forms(
            forms, {f: {g for other in terms if f not in other for g in other} for t in terms for f in t}
        ):
            return line
    return None


_TERMS = re.compile(r"<=|>=|==|!=|<|>")


_STATE = re.compile(
    r"^(?:when|whenever|right before|just before|immediately before) (?:a|an|the|each) [\w\s-]*?"
    r"(?:query|queries|match|operation)\b",
    re.I,
)


def state_promise(line: str) -> bool:
    """ "When a query of the first type is given, x exists in A", "Right before a query of the first
    kind is given, there is no edge between u and v", "Just before the i-th match, ...": a promise
    about the state a query finds, not about the input alone (no check of one input's values)."""
    return _STATE.match(line.strip()) is not None
