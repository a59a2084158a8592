"""How a stdin input is laid out in lines (:class:`Row`), and the two directions between
its text and its variables: :func:`parse` (an existing test's tokens by variable) and
:func:`render` (drawn arguments written out as the statement says)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from microcoder_data.testgen import stdin_records as jagged
from microcoder_data.testgen.spec_expr import evaluate
from microcoder_data.testgen.spec_model import InputSpec, Node, _Unsupported
from microcoder_data.testgen.stdin_queries import parse_queries, render_queries

INT_TOKEN = re.compile(r"^[+-]?\d+$")


@dataclass
class Row:
    kind: str  # scalars | list | block | grid | queries | records | cases
    names: list[str]  # scalars: one per token; list / grid / cases: [name]; block: one per column
    count: str | None = None  # list / block / grid / cases: its length (rows of a grid; an expression over scalars)
    width: str | None = None  # grid: the cells of a row
    joined: bool = (
        False  # grid: a row's cells written together ("S_{1,1}S_{1,2}...S_{1,W}": one string); scalars: S_1S_2
    )
    forms: dict[str, list[str]] | None = None  # queries: each type's fields (stdin_queries.py)
    # cases: the rows of one test case; the variable holds one list per case, its values in
    # the order the inner rows name them (test_cases.py)
    inner: list["Row"] | None = None
    records: jagged.Records | None = None  # records: columns and a row of varying length (stdin_records.py)
    blank: bool = False  # cases: a blank line before each case ("Each test case is preceded by a blank line")


@dataclass
class StdinSpec:
    rows: list[Row]
    spec: InputSpec  # the variables as arguments, generated like a functional problem's

    def render(self, args: dict[str, Any]) -> str:
        return render(self.rows, args)


def row_names(rows: list[Row]) -> list[str]:
    """The variables of ``rows``, in the order they are written."""
    return [n for r in rows for n in r.names]


def _count(expr: str, env: dict[str, Any]) -> int:
    v = evaluate(expr, env)
    if not isinstance(v, int) or v < 0:
        raise _Unsupported(f"length {expr!r} is not a count", kind="unsupported_format", line=expr)
    return v


def parse(rows: list[Row], text: str) -> dict[str, list[str] | str]:
    """The tokens of one input by variable (raises ``_Unsupported`` if it does not fit)."""
    lines = text.replace("\r\n", "\n").rstrip("\n").split("\n")
    out: dict[str, Any] = {}
    pos = _parse_rows(rows, lines, 0, {}, out)
    if any(line.strip() for line in lines[pos:]):
        raise _Unsupported("an existing input has more lines than the format", kind="examples_break_format")
    return out


def _parse_rows(rows: list[Row], lines: list[str], pos: int, env: dict[str, Any], out: dict[str, Any]) -> int:
    """Reads ``rows`` from ``lines[pos:]`` into ``out`` (integers also into ``env``, for the
    lengths they state); returns the position after them."""

    def take() -> list[str]:
        nonlocal pos
        if pos >= len(lines):
            raise _Unsupported("an existing input has fewer lines than the format", kind="examples_break_format")
        pos += 1
        return lines[pos - 1].split()

    for r in rows:
        if r.kind == "scalars":
            toks = take()
            toks = list(toks[0]) if r.joined and len(toks) == 1 else toks  # S_1S_2: a character each
            if len(toks) != len(r.names):
                raise _Unsupported(
                    f"an existing input's line has {len(toks)} tokens, the format {len(r.names)}",
                    kind="examples_break_format",
                )
            for n, t in zip(r.names, toks):
                out[n] = t
                if INT_TOKEN.match(t):
                    env[n] = int(t)
        elif r.kind == "list":
            toks = take()
            if len(toks) != _count(r.count or "0", env):
                raise _Unsupported(
                    f"an existing input's {r.names[0]} line does not hold {r.count} tokens",
                    kind="examples_break_format",
                )
            out[r.names[0]] = toks
        elif r.kind == "grid":
            width, grid = _count(r.width or "0", env), []
            for _ in range(_count(r.count or "0", env)):
                toks = take()
                if (len(toks) != 1 or len(toks[0]) != width) if r.joined else len(toks) != width:
                    raise _Unsupported(
                        f"an existing input's {r.names[0]} row does not hold {r.width} cells",
                        kind="examples_break_format",
                    )
                grid.append(toks[0] if r.joined else toks)
            out[r.names[0]] = grid
        elif r.kind == "queries":
            out.update(parse_queries(r.forms or {}, [take() for _ in range(_count(r.count or "0", env))]))
        elif r.records is not None:
            out.update(jagged.parse_records(r.records, _count(r.count or "0", env), take, lambda w: _count(w, env)))
        elif r.kind == "cases":
            cases = []
            for _ in range(_count(r.count or "0", env)):
                while r.blank and pos < len(lines) and not lines[pos].strip():
                    pos += 1  # the blank line before the case (one or none: both read alike)
                case: dict[str, Any] = {}
                pos = _parse_rows(r.inner or [], lines, pos, dict(env), case)  # a case's sizes are its own
                cases.append([case[n] for n in row_names(r.inner or [])])
            out[r.names[0]] = cases
        else:
            k = _count(r.count or "0", env)
            cols: list[list[str]] = [[] for _ in r.names]
            for _ in range(k):
                toks = take()
                if len(toks) != len(r.names):
                    raise _Unsupported(
                        "an existing input's block line does not fit the format", kind="examples_break_format"
                    )
                for c, t in zip(cols, toks):
                    c.append(t)
            out.update(zip(r.names, cols))
    return pos


def render(rows: list[Row], args: dict[str, Any]) -> str:
    return "\n".join(_lines(rows, args)) + "\n"


def _lines(rows: list[Row], args: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for r in rows:
        if r.kind == "scalars":
            out.append(("" if r.joined else " ").join(str(args[n]) for n in r.names))
        elif r.kind == "list":
            out.append(" ".join(map(str, args[r.names[0]])))
        elif r.kind == "grid":
            out.extend(row if r.joined else " ".join(map(str, row)) for row in args[r.names[0]])
        elif r.kind == "queries":
            out.extend(render_queries(r.forms or {}, args))
        elif r.records is not None:
            out.extend(jagged.render_records(r.records, args))
        elif r.kind == "cases":
            names = row_names(r.inner or [])
            for case in args[r.names[0]]:
                out.extend([""] if r.blank else [])
                out.extend(_lines(r.inner or [], dict(zip(names, case))))
        else:
            out.extend(" ".join(str(args[n][k]) for n in r.names) for k in range(len(args[r.names[0]])))
    return out


def typed_value(node: Node | None, v: Any) -> Any:
    """Tokens as the node says: ints where it holds ints, a case's positions each by its own node."""
    if isinstance(v, list):
        if node is not None and node.items is not None:
            return [typed_value(item, x) for item, x in zip(node.items, v)]
        return [typed_value(node.elem if node else None, x) for x in v]
    return int(v) if node is not None and node.kind == "int" else v


def args_json(spec: StdinSpec, text: str) -> str:
    """An existing input as the JSON arguments the generator compares against."""
    return json.dumps({n: typed_value(spec.spec.nodes[n], v) for n, v in parse(spec.rows, text).items()})
