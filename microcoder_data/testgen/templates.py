"""Strings of a fixed template with typed fields (issue 37): ``Each transactions[i] takes the form
"{name},{time},{amount},{city}"``, each field then stated by a line of its own (``Each {name} and
{city} consist of lowercase English letters, and have lengths between 1 and 10``, ``Each {time}
consist of digits, and represent an integer between 0 and 1000``).  The node's ``template`` keeps
the form, each stated field written in place as ``{int:LO:HI}`` or ``{chars:ALPHABET:LO:HI}``; a
string is drawn field by field (:func:`draw_template`) and every input's strings are checked
against it (:func:`fits_template`) -- a field never stated fits nothing, so the existing tests
refuse the reading.
"""

from __future__ import annotations

import datetime
import random
import re
from typing import Any

from microcoder_data.testgen.sentence_checks import valid_date
from microcoder_data.testgen.spec_expr import evaluate

_FIELD = re.compile(r"\{([^{}]*)\}")


def _field(spec: str) -> tuple[str, str, int, int] | None:
    """``int:0:1000`` -> ("int", "", 0, 1000); ``chars:abc:1:10`` -> ("chars", "abc", 1, 10); None: unstated."""
    parts = spec.split(":")
    if parts[0] == "int" and len(parts) == 3:
        return "int", "", int(parts[1]), int(parts[2])
    if parts[0] == "date" and len(parts) == 3:  # YYYY-MM-DD, the years between
        return "date", "", int(parts[1]), int(parts[2])
    if parts[0] == "chars" and len(parts) == 4 and parts[1]:
        return "chars", parts[1], int(parts[2]), int(parts[3])
    return None


def draw_template(template: str, rng: random.Random) -> str:
    """One string of the template, each field drawn within what is stated of it (ValueError: a field unstated)."""
    out = []
    for k, piece in enumerate(_FIELD.split(template)):
        field = _field(piece) if k % 2 else None
        if k % 2 == 0:
            out.append(piece)
        elif field is None:
            raise ValueError(f"the template's field {{{piece}}} is not stated")
        elif field[0] == "int":
            out.append(str(rng.randint(field[2], field[3])))
        elif field[0] == "date":
            day = datetime.date(field[2], 1, 1) + datetime.timedelta(days=rng.randint(0, _days(field[2], field[3])))
            out.append(day.isoformat())
        else:
            out.append("".join(rng.choice(field[1]) for _ in range(rng.randint(field[2], field[3]))))
    return "".join(out)


def _days(first: int, last: int) -> int:
    """The days from the first of January of ``first`` to the last of December of ``last``, less one."""
    return (datetime.date(last, 12, 31) - datetime.date(first, 1, 1)).days


def _pattern(template: str) -> tuple[re.Pattern[str], list[tuple[str, str, int, int]]] | None:
    pieces, fields = _FIELD.split(template), []
    regex = ""
    for k, piece in enumerate(pieces):
        if k % 2 == 0:
            regex += re.escape(piece)
            continue
        field = _field(piece)
        if field is None:
            return None
        fields.append(field)
        chars = "0-9" if field[0] == "int" else "".join(re.escape(c) for c in field[1])
        regex += r"(\d{4}-\d{2}-\d{2})" if field[0] == "date" else f"([{chars}]+)"
    return re.compile(regex), fields


def fits_template(value: Any, template: str) -> bool:
    """Every string of ``value`` (a list's: each) is the template, each field within what is stated."""
    if isinstance(value, list):
        return all(fits_template(v, template) for v in value)
    compiled = _pattern(template)
    m = compiled[0].fullmatch(value) if compiled and isinstance(value, str) else None
    if m is None:
        return False
    for text, (kind, _, lo, hi) in zip(m.groups(), compiled[1]):
        if kind == "date":
            year, month, day = map(int, text.split("-"))
            if not valid_date(year, month, day) or not lo <= year <= hi:
                return False
        elif not lo <= (int(text) if kind == "int" else len(text)) <= hi:
            return False
    return True


def _sync(node: Any) -> None:
    """The node's characters and length bounds, as its template's stated fields allow (the
    validator's plain string rules hold of every string the template draws)."""
    pieces = _FIELD.split(node.template)
    fields = [_field(p) for p in pieces[1::2]]
    literal = "".join(pieces[0::2])
    chars = (
        set(literal)
        | {c for f in fields if f for c in (f[1] or "0123456789")}
        | ({"-"} if "{date:" in node.template else set())
    )
    node.alphabet = "".join(sorted(chars))
    if all(fields):
        lo = len(literal) + sum({"int": 1, "date": 10}.get(f[0], f[2]) for f in fields)
        hi = len(literal) + sum({"int": len(str(f[3])), "date": 10}.get(f[0], f[3]) for f in fields)
        node.len_lo, node.len_hi = str(lo), str(hi)


def _template_nodes(reader: Any) -> list[Any]:
    out = []
    for name in reader.args:
        node = reader.nodes[name]
        while node.kind == "list" and node.elem is not None:
            node = node.elem
        if node.kind == "str" and node.template:
            out.append(node)
    return out


def read_template(reader: Any, text: str) -> bool | None:
    """``Each transactions[i] takes the form "{name},{time},{amount},{city}"``: the strings' form,
    its fields stated by the lines that follow (:func:`read_field`)."""
    m = re.fullmatch(r"(?:each )?(\S+) (?:takes|is of|has) the form \"([^\"]*\{\w+\}[^\"]*)\"", text, re.I)
    if not m:
        return None
    ref = reader.ref(m.group(1))
    node = reader.node_at(ref[0], ref[1]) if ref and ref[2] == "val" else None
    while node is not None and node.kind == "list" and node.elem is not None:
        node = node.elem
    if node is None or node.kind != "str" or not re.fullmatch(r"(?:[^{}:]|\{\w+\})*", m.group(2)):
        return False
    node.template = m.group(2)
    _sync(node)
    return True


def read_field(reader: Any, text: str) -> bool | None:
    """``Each {name} and {city} consist of lowercase English letters, and have lengths between 1 and
    10``, ``Each {time} consist of digits, and represent an integer between 0 and 1000``."""
    m = re.fullmatch(
        r"each ((?:\{\w+\}(?:,? and |, )?)+) consists? of (.+?),? and (?:have|has) (?:a )?lengths? between (\S+) and (\S+)"
        r"|each ((?:\{\w+\}(?:,? and |, )?)+) consists? of digits,? and represents? an integer between (\S+) and (\S+)",
        text,
        re.I,
    )
    if not m:
        return None
    names = re.findall(r"\{\w+\}", m.group(1) or m.group(5))
    nodes = [n for n in _template_nodes(reader) if all(f in n.template for f in names)]
    try:
        lo, hi = (int(evaluate(reader.expr(x), {})) for x in (m.group(3, 4) if m.group(1) else m.group(6, 7)))
    except Exception:  # noqa: BLE001 -- bounds the reader cannot evaluate: refused
        return False
    chars = reader.alphabet(m.group(2)) if m.group(1) else "0123456789"
    if len(nodes) != 1 or chars is None or lo > hi or set(chars) & set("{}:"):
        return False
    (node,) = nodes
    literal = set("".join(_FIELD.split(node.template)[0::2]))
    if m.group(1) and set(chars) & literal:
        return False  # a field holding a separator: its strings could not be told apart
    spec = f"{{int:{lo}:{hi}}}" if m.group(5) else f"{{chars:{chars}:{lo}:{hi}}}"
    for name in names:
        node.template = node.template.replace(name, spec)
    _sync(node)
    return True


def valid_dates(reader: Any, text: str) -> bool | None:
    """``The given dates are valid dates between the years 1971 and 2100``: three integers named
    day, month and year (bounded so, and checked a day of the calendar), or else every string input
    a date ``YYYY-MM-DD`` (drawn so, and checked -- an existing test in another form refuses)."""
    m = re.fullmatch(r"the given dates are valid dates between the years (\d{4}) and (\d{4})", text, re.I)
    if not m:
        return None
    first, last = int(m.group(1)), int(m.group(2))
    ints = {
        w: [a for a in reader.args if reader.nodes[a].kind == "int" and w in a.lower()]
        for w in ("day", "month", "year")
    }
    strings = [a for a in reader.args if reader.nodes[a].kind == "str"]
    if first > last:
        return False
    if all(len(v) == 1 for v in ints.values()):
        (day,), (month,), (year,) = ints.values()
        bounds = (f"{first} <= {year} <= {last}", f"1 <= {month} <= 12", f"1 <= {day} <= 31")
        if not all(reader.range_or_condition(b) for b in bounds):
            return False
        reader.checks.append(f"valid_date({year}, {month}, {day})")
        return True
    if not strings or any(v for v in ints.values()):
        return False
    for name in strings:
        reader.nodes[name].template = f"{{date:{first}:{last}}}"
        _sync(reader.nodes[name])
    return True
