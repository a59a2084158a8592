"""A problem's input model as a file: the reading a build stores (``specs/<id>.json``) and
the form of a hand-written override (``verify.spec_overrides``), one and the same.

:func:`reading_dict` writes a reading (an :class:`InputSpec` and, for stdin, its rows) or a
:class:`Refusal` as plain JSON data; :func:`reading_from_dict` reads it back -- an equal
model -- checking every key, kind and expression (``spec_expr``: bounds are typed
expressions, a file cannot run code).  :func:`override_reading` loads a problem's override
and checks the problem's existing tests against it first: valid or none (an override the
examples break generates nothing, refused as ``examples_break_reading``).  The form is
documented in docs/testgen.md ("The spec file: form and overrides").
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any
from urllib.parse import quote

from microcoder_data.schema import Problem
from microcoder_data.testgen.answer_checks import check_from_dict
from microcoder_data.testgen.validator import checked_source
from microcoder_data.testgen.inputspec import _complete, _gen_order
from microcoder_data.testgen.orders import ORDERS
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.testgen.spec_expr import Binary, Const, Name, parse_expr
from microcoder_data.testgen.sums import TOTALS
from microcoder_data.testgen.witnesses import RELATIONS
from microcoder_data.testgen.spec_model import InputSpec, Node, _Unsupported, check_existing
from microcoder_data.testgen.spec_types import test_args
from microcoder_data.testgen.stdin_records import Records
from microcoder_data.testgen.stdin_rows import Row, StdinSpec, parse, typed_value

FORM = 1  # the version of the form; a file of another is refused by name
NODE_KINDS = ("int", "float", "bool", "str", "list")
ROW_KINDS = ("scalars", "list", "block", "grid", "queries", "records", "cases")
_EXPRESSIONS = ("lo", "hi", "len_lo", "len_hi", "total_len_hi")  # Node fields holding one expression
_PAIRS = (
    "perm",
    "mod",
    "mod_not",
    "char_count",
    "covers",
    "total",
)  # Node fields holding a pair (a tuple in the model)
_PAIR_LISTS = ("item_ne", "char_at", "witness")  # Node fields holding a list of pairs (tuples in the model)
_TUPLE_LISTS = ("counts", "profile", "islands")  # Node fields holding a list of tuples: occurrences.py
_TOP = (
    "form", "problem", "mode", "args", "keyword", "source", "order", "nodes", "checks", "answer", "validator", "rows",
    "refusal",
)  # fmt: skip


class SpecFileError(ValueError):
    """A spec file that is not of the form (the message names the file and the place)."""


def file_name(problem_id: str) -> str:
    """The file of a problem's spec: its id with every character but letters, digits and
    ``_.-~`` percent-encoded (``livecodebench%2Fabc343_b.json``): one file per id, no folders."""
    return quote(problem_id, safe="") + ".json"


def dumps(data: dict[str, Any]) -> str:
    """The file's text: sorted keys, one value a line, so that two builds' files diff by line."""
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# --------------------------------------------------------------------------- writing


def node_dict(node: Node) -> dict[str, Any]:
    """``node``'s fields that differ from the default, as JSON data."""
    out: dict[str, Any] = {}
    for f in fields(Node):
        v = getattr(node, f.name)
        if f.default is not MISSING and v == f.default:
            continue
        if f.name == "elem":
            v = node_dict(v)
        elif f.name == "items":
            v = [node_dict(x) for x in v]
        elif f.name in _PAIR_LISTS or f.name in _TUPLE_LISTS:
            v = [list(x) for x in v]
        elif f.name in _PAIRS:
            v = list(v)
        out[f.name] = v
    return out


def row_dict(row: Row) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": row.kind, "names": list(row.names)}
    for key in ("count", "width", "forms"):
        if getattr(row, key) is not None:
            out[key] = getattr(row, key)
    if row.joined:
        out["joined"] = True
    if row.blank:
        out["blank"] = True
    if row.inner is not None:
        out["inner"] = [row_dict(r) for r in row.inner]
    if row.records is not None:
        rec = row.records
        out["records"] = {
            "lines": [[list(x) for x in line] for line in rec.lines],
            "row": rec.row,
            "counted_by": rec.counted_by,
            "width": rec.width,
            "by_index": rec.by_index,
        }
        if rec.down:  # only where set: every other spec's file stays as it was
            out["records"]["down"] = True
    return out


def reading_dict(problem: Problem, reading: tuple[InputSpec, StdinSpec | None] | Refusal) -> dict[str, Any]:
    """A problem's reading (or why it has none) in the file's form."""
    out: dict[str, Any] = {"form": FORM, "problem": problem.id, "mode": problem.mode}
    if isinstance(reading, Refusal):
        out["refusal"] = {"kind": reading.kind, "line": reading.line, "message": reading.message}
        return out
    spec, sspec = reading
    out.update(
        args=list(spec.args),
        keyword=spec.keyword,
        source=spec.source,
        order=list(spec.order),
        nodes={name: node_dict(node) for name, node in spec.nodes.items()},
        checks=list(spec.checks),
    )
    if spec.answer:  # promises about the answer: checked on the references' answers
        out["answer"] = [c.as_dict() for c in spec.answer]
    if spec.validator is not None:  # a program, run in the sandbox on every input (validator.py)
        out["validator"] = spec.validator
    if sspec is not None:
        out["rows"] = [row_dict(r) for r in sspec.rows]
    return out


# --------------------------------------------------------------------------- reading


def _expr(text: Any, where: str) -> str:
    try:
        parse_expr(text)
    except (ValueError, TypeError) as exc:
        raise SpecFileError(f"{where}: {exc}") from None
    return text


def _keys(data: Any, allowed: tuple[str, ...] | set[str], where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise SpecFileError(f"{where}: expected an object, got {type(data).__name__}")
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise SpecFileError(f"{where}: unknown key(s) {unknown} (known: {sorted(allowed)})")
    return data


_NODE_FIELDS = {f.name for f in fields(Node)}


def node_from(data: Any, where: str) -> Node:
    """The :class:`Node` ``data`` states (raises :class:`SpecFileError` naming ``where``)."""
    data = dict(_keys(data, _NODE_FIELDS, where))
    if data.get("kind") not in NODE_KINDS:
        raise SpecFileError(f"{where}.kind: {data.get('kind')!r} is not one of {list(NODE_KINDS)}")
    for key in _EXPRESSIONS:
        if data.get(key) is not None:
            _expr(data[key], f"{where}.{key}")
    if data.get("elem") is not None:
        data["elem"] = node_from(data["elem"], f"{where}.elem")
    if data.get("items") is not None:
        data["items"] = [node_from(x, f"{where}.items[{k}]") for k, x in enumerate(data["items"])]
    for key in _PAIRS:
        if data.get(key) is not None:
            if not isinstance(data[key], list) or len(data[key]) != 2:
                raise SpecFileError(f"{where}.{key}: expected a pair [a, b]")
            data[key] = tuple(data[key])
    for key in ("perm", "covers"):
        if data.get(key) is not None:
            data[key] = tuple(_expr(e, f"{where}.{key}") for e in data[key])
    for key in _PAIR_LISTS:
        if data.get(key) is not None:
            if not isinstance(data[key], list) or any(not isinstance(x, list) or len(x) != 2 for x in data[key]):
                raise SpecFileError(f"{where}.{key}: expected a list of pairs [[a, b], ...]")
            data[key] = [tuple(x) for x in data[key]]
    for k, (relation, expr) in enumerate(data.get("witness") or []):
        if relation not in RELATIONS:
            raise SpecFileError(f"{where}.witness[{k}]: {relation!r} is not one of {list(RELATIONS)}")
        if expr:
            _expr(expr, f"{where}.witness[{k}]")
    for key, width in (("counts", 4), ("profile", 2), ("islands", 3)):  # occurrences.py
        if data.get(key) is not None:
            if not isinstance(data[key], list) or any(not isinstance(x, list) or len(x) != width for x in data[key]):
                raise SpecFileError(f"{where}.{key}: expected a list of {width}-item lists")
            data[key] = [
                tuple(_expr(e, f"{where}.{key}") if e and (k or key != "counts") else e for k, e in enumerate(x))
                for x in data[key]
            ]
    _check_orders(data, where)
    for relation, *_ in data.get("counts") or []:
        if relation not in RELATIONS:
            raise SpecFileError(f"{where}.counts: {relation!r} is not one of {list(RELATIONS)}")
    if data.get("total") is not None:  # (relation, expr): sums.py
        if data["total"][0] not in TOTALS:
            raise SpecFileError(f"{where}.total: {data['total'][0]!r} is not one of {list(TOTALS)}")
        _expr(data["total"][1], f"{where}.total")
    return Node(**data)


def _check_orders(data: dict[str, Any], where: str) -> None:
    """A node's orders are the model's (``orders.py``): a typo (``strict_asc``) would be neither
    drawn nor checked, so it is an error naming the file and field, never a list left unordered."""
    for key, known in (("order", ORDERS), ("column_order", tuple(o for o in ORDERS if o != "mountain"))):
        if data.get(key) is not None and data[key] not in known:
            raise SpecFileError(f"{where}.{key}: {data[key]!r} is not one of {list(known)}")


def row_from(data: Any, where: str) -> Row:
    data = dict(_keys(data, ("kind", "names", "count", "width", "joined", "forms", "inner", "records", "blank"), where))
    if data.get("kind") not in ROW_KINDS:
        raise SpecFileError(f"{where}.kind: {data.get('kind')!r} is not one of {list(ROW_KINDS)}")
    for key in ("count", "width"):
        if data.get(key) is not None:
            _expr(data[key], f"{where}.{key}")
    if data.get("inner") is not None:
        data["inner"] = [row_from(r, f"{where}.inner[{k}]") for k, r in enumerate(data["inner"])]
    if data.get("records") is not None:
        rec = _keys(data["records"], ("lines", "row", "counted_by", "width", "by_index", "down"), f"{where}.records")
        lines = [[tuple(x) for x in line] for line in rec.get("lines", [])]
        data["records"] = Records(
            lines,
            rec["row"],
            rec.get("counted_by"),
            rec.get("width"),
            rec.get("by_index", False),
            rec.get("down", False),
        )
    return Row(**data)


def reading_from_dict(data: Any, where: str = "spec") -> tuple[InputSpec, StdinSpec | None] | Refusal:
    """The reading (or refusal) a file's data states; the inverse of :func:`reading_dict`."""
    data = _keys(data, _TOP, where)
    if data.get("form", FORM) != FORM:
        raise SpecFileError(f"{where}.form: {data.get('form')!r}, this build reads form {FORM}")
    if "refusal" in data:
        r = _keys(data["refusal"], ("kind", "line", "message"), f"{where}.refusal")
        try:
            return Refusal(r.get("kind", ""), r.get("line", ""), r.get("message", ""))
        except ValueError as exc:
            raise SpecFileError(f"{where}.refusal: {exc}") from None
    stated = data.get("nodes")
    if not isinstance(stated, dict):
        raise SpecFileError(f"{where}.nodes: expected an object of nodes by name")
    nodes = {n: node_from(x, f"{where}.nodes.{n}") for n, x in stated.items()}
    args = list(data.get("args") or [])
    missing = [a for a in args if a not in nodes]
    if missing or not args:
        raise SpecFileError(f"{where}.args: {args} (each needs a node; missing {missing})")
    try:
        order = list(data["order"]) if "order" in data else _gen_order(nodes, args)
    except _Unsupported as exc:
        raise SpecFileError(f"{where}.order: {exc}") from None
    if sorted(order) != sorted(nodes):
        raise SpecFileError(f"{where}.order: {order} does not list each node once ({sorted(nodes)})")
    checks = [_expr(c, f"{where}.checks[{k}]") for k, c in enumerate(data.get("checks") or [])]
    try:
        answer = [check_from_dict(c, f"{where}.answer[{k}]") for k, c in enumerate(data.get("answer") or [])]
    except ValueError as exc:
        raise SpecFileError(str(exc)) from None
    try:
        validator = checked_source(data["validator"], f"{where}.validator") if "validator" in data else None
    except ValueError as exc:
        raise SpecFileError(str(exc)) from None
    spec = InputSpec(
        args,
        nodes,
        order,
        bool(data.get("keyword", True)),
        data.get("source", "constraints"),
        checks,
        answer,
        validator,
    )
    if data.get("rows") is None:
        return spec, None
    rows = [row_from(r, f"{where}.rows[{k}]") for k, r in enumerate(data["rows"])]
    return spec, StdinSpec(rows, spec)


# --------------------------------------------------------------------------- overrides


def override_path(directory: str | None, problem_id: str) -> Path | None:
    """The override file of a problem in ``directory`` (``verify.spec_overrides``), or None."""
    if not directory:
        return None
    path = Path(directory) / file_name(problem_id)
    return path if path.is_file() else None


def overrides_digest(directory: str | None) -> str | None:
    """A hash of the override folder's spec files (names and bytes), for Verify's checkpoint
    key; None without a folder.  A folder named but missing is an error naming it."""
    if not directory:
        return None
    folder = Path(directory)
    if not folder.is_dir():
        raise SpecFileError(f"verify.spec_overrides: {directory!r} is not a folder")
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.json")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def override_reading(path: Path, p: Problem) -> tuple[InputSpec, StdinSpec | None] | Refusal:
    """The reading an override file states for ``p``, once ``p``'s existing tests are checked
    against it (valid or none: a test that breaks it refuses generation, as a reading would);
    a file not of the form raises :class:`SpecFileError` naming it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SpecFileError(f"{path}: not a readable JSON file ({exc})") from None
    where = str(path)
    if isinstance(data, dict) and data.get("problem", p.id) != p.id:
        raise SpecFileError(f"{where}.problem: {data.get('problem')!r}, but the file is {p.id!r}'s")
    reading = reading_from_dict(data, where)
    if isinstance(reading, Refusal):
        return reading
    spec, sspec = reading
    if (sspec is None) != (p.mode != "stdin"):
        raise SpecFileError(f"{where}: a {p.mode} problem's spec {'needs' if sspec is None else 'has no'} rows")
    try:
        for name, node in spec.nodes.items():
            _complete(name, _tuples_sized(copy.deepcopy(node)))
        check_existing(spec.nodes, spec.order, spec.checks, [_env(spec, e) for e in _examples(p, spec, sspec)])
    except _Unsupported as exc:
        why = exc.refusal
        return Refusal(why.kind, why.line, f"override: {why.message}"[:200])
    except (ValueError, TypeError, KeyError, IndexError, ZeroDivisionError, NameError, OverflowError) as exc:
        return Refusal("reading_error", "", f"override not understood ({type(exc).__name__}: {exc})"[:200])
    return spec, sspec


def _tuples_sized(node: Node) -> Node:
    """``node`` with a length stated for each tuple (a node with ``items``, a test case): its
    items', which is all the completeness check asks of it."""
    if node.items is not None and node.len_lo is None:
        node.len_lo = node.len_hi = str(len(node.items))
    for child in [node.elem, *(node.items or [])]:
        if child is not None:
            _tuples_sized(child)
    return node


def _examples(p: Problem, spec: InputSpec, sspec: StdinSpec | None) -> list[dict[str, Any]]:
    """The existing tests' inputs by variable."""
    if sspec is None:
        return test_args(p, spec.args)[0]
    return [{n: typed_value(spec.nodes.get(n), v) for n, v in parse(sspec.rows, t.input).items()} for t in p.tests]


def _env(spec: InputSpec, example: dict[str, Any]) -> dict[str, Any]:
    """An example with the values of the spec's sizes that are no argument: ``n`` where a
    length (of an argument, or of its first element, ...) is ``n`` or ``n + 1`` and the like."""
    env = dict(example)
    for name in spec.args:
        node, value = spec.nodes[name], example.get(name)
        while node is not None:
            if isinstance(value, (str, list)) and node.len_lo is not None and node.len_lo == node.len_hi:
                _solve(parse_expr(node.len_lo), len(value), env)
            elif isinstance(value, int) and node.lo is not None and node.lo == node.hi:
                _solve(parse_expr(node.lo), value, env)
            value = value[0] if isinstance(value, list) and value else None
            node = node.elem if node.kind == "list" else None
    return env


def _solve(bound: Any, value: int, env: dict[str, Any]) -> None:
    """``env[v]`` from ``bound == value`` where ``bound`` is ``v``, ``v + k`` or ``v - k``."""
    if isinstance(bound, Name):
        env.setdefault(bound.id, value)
    elif (
        isinstance(bound, Binary)
        and bound.op in ("+", "-")
        and isinstance(bound.left, Name)
        and isinstance(bound.right, Const)
        and isinstance(bound.right.value, int)
    ):
        k = bound.right.value
        env.setdefault(bound.left.id, value - k if bound.op == "+" else value + k)
