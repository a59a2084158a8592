"""Shared plumbing for the Collect readers: file reading, row -> Problem/Reject driving,
normalisation helpers and the final validity check every Problem passes."""
from __future__ import annotations

import ast
import datetime as _dt
import functools
import gzip
import json
import logging
import re
import textwrap
import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from microcoder_data.schema import Problem, Reject
from microcoder_data.schema import make_reject as reject
from microcoder_eval.ground_truth import FormatError, NotConvertible
from microcoder_eval.jsonl import JSONL_SUFFIXES  # read line by line; a row's index is its line number
from microcoder_eval.types import JudgingRule, TestCase

log = logging.getLogger("microcoder_data.collect")

Record = Problem | Reject
PAYLOAD_LIMIT = 2048  # reject payload size: raw upstream rows, possibly every row of a file
DATA_SUFFIXES = (".jsonl", ".jsonl.gz", ".json", ".json.gz", ".parquet")


class RowError(ValueError):
    """A source row that cannot become a Problem; the message is the Reject's reason."""


# --------------------------------------------------------------------------- contexts


@dataclass(frozen=True)
class RowContext:
    source: str  # the reader / source name written into Problem.source
    file: str  # file label (relative to the spec's root; stable across machines)
    row: int  # 0-based row index inside the file (JSON Lines: line index; or problem folder index)

    def provenance(self, upstream_id: Any, **extra: Any) -> dict[str, Any]:
        prov: dict[str, Any] = {"file": self.file, "row": self.row, "upstream_id": upstream_id}
        prov.update({k: v for k, v in extra.items() if v is not None})
        return prov


@dataclass(frozen=True)
class RowFormat:
    """One recognisable row shape: detection by columns + conversion to a Problem."""

    name: str  # also the default Problem.source
    matches: Callable[[Mapping[str, Any]], bool]
    convert: Callable[[Mapping[str, Any], RowContext], Problem]
    description: str = ""


UNREADABLE_STEP = "unreadable"  # the step of a reject for a row that is not even JSON


class UnreadableRow:
    """Placeholder for a line that is not even JSON; becomes a Reject."""

    def __init__(self, reason: str, raw: str) -> None:
        self.reason, self.raw = reason, raw


# --------------------------------------------------------------------------- file reading


def is_data_file(path: Path) -> bool:
    name = path.name.lower()
    return path.is_file() and name.endswith(DATA_SUFFIXES)


def _open_text(path: Path):
    if path.name.lower().endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, "r", encoding="utf-8")


def iter_file_rows(path: Path) -> Iterator[tuple[int, Any]]:
    """(row index, row) for a JSON array / JSON object / JSONL / parquet file (optionally .gz)."""
    name = path.name.lower()
    if name.endswith(".parquet"):
        import pyarrow.parquet as pq  # local: only needed for parquet input

        pf = pq.ParquetFile(path)
        i = 0
        for batch in pf.iter_batches(batch_size=256):
            for row in batch.to_pylist():
                yield i, row
                i += 1
        return
    if name.endswith(JSONL_SUFFIXES):
        # The row index is the 0-based line index (blank lines skipped, not renumbered),
        # so an error about row i points at line i + 1 of the file.
        with _open_text(path) as fh:
            for i, line in enumerate(fh):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except ValueError as exc:
                    row = UnreadableRow(f"{path}:{i + 1}: not valid JSON ({_json_error(exc, line)})", line)
                yield i, row
        return
    if name.endswith((".json", ".json.gz")):
        with _open_text(path) as fh:
            text = fh.read()
        try:
            data = json.loads(text)
        except ValueError as exc:
            # some ".json" files are really JSON Lines
            lines = [ln for ln in text.splitlines() if ln.strip()]
            try:
                data = [json.loads(ln) for ln in lines]
            except ValueError:
                yield 0, UnreadableRow(f"{path}: not valid JSON ({_json_error(exc, text)})", text)
                return
        if isinstance(data, Mapping):
            for key in ("data", "rows", "problems"):
                if isinstance(data.get(key), list):
                    data = data[key]
                    break
            else:
                data = [data]
        if not isinstance(data, list):
            raise ValueError(f"{path}: top-level JSON is {type(data).__name__}, expected an array of rows")
        yield from enumerate(data)
        return
    raise ValueError(f"{path}: unsupported file type (expected .json, .jsonl, .parquet, optionally .gz)")


def _json_error(exc: ValueError, text: str) -> str:
    """json's complaint without its own line numbers (the row's line in the file is what counts)."""
    if not isinstance(exc, json.JSONDecodeError):
        return str(exc)
    if exc.pos >= len(text.rstrip()):
        return f"{exc.msg} at the end: cut short?"
    return f"{exc.msg} at character {exc.pos + 1}"


# --------------------------------------------------------------------------- rejects


def make_reject(ctx: RowContext, step: str, reason: str, row: Any) -> Reject:
    """The one reject rule (``schema.make_reject``) with the row's place in its file: id
    ``<source>:<file>:<row>``; a line that is not even JSON keeps its text as read."""
    raw = row.raw if isinstance(row, UnreadableRow) else True
    return replace(reject("collect", step, reason, row, payload=raw, limit=PAYLOAD_LIMIT),
                   id=f"{ctx.source}:{ctx.file}:{ctx.row}", source=ctx.source, row=ctx.row)


def convert_rows(
    rows: Iterable[tuple[int, Any]],
    fmt: RowFormat,
    *,
    file_label: str,
    source: str | None = None,
    step: str | None = None,
) -> Iterator[Record]:
    """Drive ``fmt.convert`` over rows: each row yields exactly one Problem or Reject."""
    src = source or fmt.name
    for i, row in rows:
        ctx = RowContext(source=src, file=file_label, row=i)
        yield convert_one(row, fmt, ctx, step=step or fmt.name)


def convert_one(row: Any, fmt: RowFormat, ctx: RowContext, *, step: str) -> Record:
    if isinstance(row, UnreadableRow):  # bad input, not the format's doing: a step of its own
        return make_reject(ctx, UNREADABLE_STEP, row.reason, row)
    if not isinstance(row, Mapping):
        return make_reject(ctx, step, f"row is a {type(row).__name__}, not an object", row)
    try:
        problem = fmt.convert(row, ctx)
        check_problem(problem)
        return problem
    except (RowError, FormatError, NotConvertible) as exc:
        return make_reject(ctx, step, str(exc), row)
    except KeyError as exc:
        return make_reject(ctx, step, f"missing field {exc}", row)
    except Exception as exc:  # a malformed row must become a Reject, never stop the run
        return make_reject(ctx, step, f"unreadable row ({type(exc).__name__}: {exc})", row)


# --------------------------------------------------------------------------- field helpers


def need(row: Mapping[str, Any], key: str, kind: type | tuple[type, ...] = str, *, allow_empty: bool = False) -> Any:
    """``row[key]`` checked for presence, type and (for str/list) non-emptiness."""
    if key not in row or row[key] is None:
        raise RowError(f"missing field {key!r}")
    value = row[key]
    kinds = _as_tuple(kind)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = "/".join(t.__name__ for t in kinds)
        raise RowError(f"field {key!r} must be {names}, got {type(value).__name__}")
    if not allow_empty and isinstance(value, (str, list, dict)) and not (value.strip() if isinstance(value, str) else value):
        raise RowError(f"field {key!r} is empty")
    return value


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def opt_str(row: Mapping[str, Any], key: str) -> str:
    value = row.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise RowError(f"field {key!r} must be a string, got {type(value).__name__}")
    return value


_DIFFICULTY_WORDS = {
    "easy": "easy",
    "introductory": "easy",
    "medium": "medium",
    "meidum": "medium",  # LeetCodeDataset typo
    "interview": "medium",
    "medium_hard": "hard",
    "hard": "hard",
    "very_hard": "hard",
    "competition": "hard",
}


def normalise_difficulty(value: Any) -> str | None:
    """easy/medium/hard from LeetCode/LCB words, APPS levels, TACO levels or a Codeforces rating.

    Ratings: <= 1300 easy, <= 2000 medium, above hard.  Unknown values -> None.
    """
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        if value <= 0:
            return None
        return "easy" if value <= 1300 else "medium" if value <= 2000 else "hard"
    text = str(value).strip().lower().replace(" ", "_").replace("-", "_")
    if text.isdigit():
        return normalise_difficulty(int(text))
    return _DIFFICULTY_WORDS.get(text)


def iso_date(value: Any) -> str | None:
    """ISO ``YYYY-MM-DD`` from an ISO timestamp/date string or Unix seconds."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) or (isinstance(value, str) and re.fullmatch(r"\d{9,11}(\.\d+)?", value.strip())):
        try:
            return _dt.datetime.fromtimestamp(float(value), tz=_dt.timezone.utc).date().isoformat()
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()[:10]
    m = re.match(r"\s*(\d{4})-(\d{2})-(\d{2})", str(value))
    if m:
        try:
            return _dt.date(int(m[1]), int(m[2]), int(m[3])).isoformat()
        except ValueError:
            return None
    return None


_rule_fn: Any = None


def judging_rule(statement: str, metadata: Mapping[str, Any] | None = None, **overrides: Any) -> JudgingRule:
    """Rule from the statement (``microcoder_eval.rules.rule_from_statement``), then overrides."""
    global _rule_fn
    if _rule_fn is None:
        try:
            from microcoder_eval.rules import rule_from_statement  # written in parallel; may be absent

            _rule_fn = rule_from_statement
        except (ImportError, AttributeError):
            _rule_fn = False
    rule = _rule_fn(statement, dict(metadata or {})) if _rule_fn else JudgingRule()
    if not isinstance(rule, JudgingRule):
        rule = JudgingRule.from_dict(rule if isinstance(rule, Mapping) else None)
    overrides = {k: v for k, v in overrides.items() if v is not None}
    return replace(rule, **overrides) if overrides else rule


def widen_tolerance(rule: JudgingRule, tol: float | None) -> JudgingRule:
    """Use an assert's own tolerance when it is looser than the rule's."""
    if tol is None or tol <= 0:
        return rule
    if rule.float_tolerance is None or rule.float_tolerance < tol:
        return replace(rule, float_tolerance=float(tol))
    return rule


# --------------------------------------------------------------------------- code helpers

_TREE_TYPES_RE = re.compile(r"\b(ListNode|TreeNode|Node|NestedInteger|ImmutableListNode|Employee|GraphNode)\b")


def structured_types(code: str) -> list[str]:
    """Linked-list / tree / graph node types a signature uses (the JSON encoding cannot
    express these arguments)."""
    return sorted(set(_TREE_TYPES_RE.findall(code or "")))


def parse_code(code: str) -> ast.Module | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            warnings.simplefilter("ignore", DeprecationWarning)
            return ast.parse(textwrap.dedent(code))
    except (SyntaxError, ValueError):
        return None


def find_function(tree: ast.AST, name: str) -> ast.FunctionDef | None:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node  # type: ignore[return-value]
    return None


def signature_stub(code: str, fn_name: str, *, class_name: str | None = "Solution") -> str:
    """Starter code (class + ``def`` line, LCB style) for ``fn_name`` taken from a solution."""
    tree = parse_code(code)
    if tree is None:
        return ""
    lines = textwrap.dedent(code).splitlines()
    owner: ast.ClassDef | None = None
    if class_name:
        owner = next((n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == class_name), None)
    fn = find_function(owner if owner is not None else tree, fn_name)
    if fn is None or not fn.body:
        return ""
    first = fn.decorator_list[0].lineno if fn.decorator_list else fn.lineno
    header = lines[first - 1 : fn.body[0].lineno - 1]
    # the body may start on the `def` line (`def f(x): return x`)
    if fn.body[0].lineno == fn.lineno:
        header = [lines[fn.lineno - 1][: fn.body[0].col_offset].rstrip()]
    # drop a docstring/comment line that belongs to the body
    while header and not header[-1].rstrip().endswith(":"):
        header.pop()
    if not header:
        return ""
    body_indent = " " * (fn.col_offset + 4)
    stub = "\n".join(header) + "\n" + body_indent
    if owner is not None and fn.col_offset > 0:
        stub = f"class {owner.name}:\n" + stub
    return stub


@functools.lru_cache(maxsize=256)
def signature_annotations(code: str, fn_name: str) -> tuple[tuple[tuple[str, str | None], ...], str | None] | None:
    """((param, annotation), ...), return annotation of ``fn_name`` in ``code`` (``self``
    dropped); starter code whose last ``def`` has no body yet is completed with ``pass``."""
    if not code or not fn_name:
        return None
    stripped = code.rstrip()
    tree = None
    if stripped.endswith(":"):
        tree = parse_code(stripped + "\n        pass\n")
    if tree is None:
        tree = parse_code(code) or parse_code(stripped + "\n        pass\n")
    if tree is None:
        return None
    fn = find_function(tree, fn_name)
    if fn is None:
        return None
    params = fn.args.posonlyargs + fn.args.args
    if params and params[0].arg in ("self", "cls"):
        params = params[1:]
    return (
        tuple((a.arg, ast.unparse(a.annotation) if a.annotation is not None else None) for a in params),
        ast.unparse(fn.returns) if fn.returns is not None else None,
    )


def return_annotation(code: str, fn_name: str) -> str | None:
    sig = signature_annotations(code, fn_name)
    return sig[1] if sig else None


def param_names(code: str, fn_name: str) -> list[str] | None:
    sig = signature_annotations(code, fn_name)
    return [name for name, _ in sig[0]] if sig else None


# --------------------------------------------------------------------------- final check


def check_problem(p: Problem) -> None:
    """Raise RowError unless ``p`` is judgeable: known mode, tests present and well encoded."""
    if p.mode not in ("stdin", "functional"):
        raise RowError(f"unknown mode {p.mode!r}")
    if not p.tests:
        raise RowError("no tests")
    if not p.statement or not p.statement.strip():
        raise RowError("empty statement")
    if p.mode == "functional":
        if not p.fn_name or not str(p.fn_name).isidentifier():
            raise RowError(f"functional problem without a valid function name ({p.fn_name!r})")
        for i, t in enumerate(p.tests):
            try:
                args = json.loads(t.input)
                json.loads(t.output)
            except (TypeError, ValueError):
                raise RowError(f"test {i}: functional input/output is not JSON") from None
            if not isinstance(args, (list, dict)):
                raise RowError(f"test {i}: functional input must be a JSON list or object")
    else:
        for i, t in enumerate(p.tests):
            if not isinstance(t.input, str) or not isinstance(t.output, str):
                raise RowError(f"test {i}: stdin input/output must be text")
    if p.difficulty is not None and p.difficulty not in ("easy", "medium", "hard"):
        raise RowError(f"difficulty {p.difficulty!r} not normalised")


def dedupe_tests(tests: Iterable[TestCase]) -> list[TestCase]:
    """Drop exact duplicate tests, keeping first occurrences in order."""
    seen: set[tuple[str, str]] = set()
    out = []
    for t in tests:
        key = (t.input, t.output)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def file_label(path: Path, root: Path | None) -> str:
    """Path of ``path`` relative to ``root`` (a spec's folder) or its name."""
    if root is not None:
        for a, b in ((path, root), (path.resolve(), root.resolve())):
            try:
                return a.relative_to(b).as_posix()
            except ValueError:
                pass
    return path.name


def strip_suffixes(name: str) -> str:
    for suf in (".gz", ".jsonl", ".json", ".parquet"):
        if name.endswith(suf):
            name = name[: -len(suf)]
    return name


# --------------------------------------------------------------------------- typed coercion

_FLOAT_RE = re.compile(r"^(?:float|Optional\[float\])$")
_FLOAT_LIST_RE = re.compile(r"^(?:List|list|Sequence)\[(?:float)\]$")
_FLOAT_LIST2_RE = re.compile(r"^(?:List|list)\[(?:List|list)\[float\]\]$")


def _float_kind(annotation: str | None) -> int:
    """0: not float-typed, 1: float, 2: list of floats, 3: list of lists of floats."""
    if not annotation:
        return 0
    ann = annotation.replace(" ", "")
    if _FLOAT_RE.match(ann):
        return 1
    if _FLOAT_LIST_RE.match(ann):
        return 2
    if _FLOAT_LIST2_RE.match(ann):
        return 3
    return 0


def _to_float(value: Any, kind: int) -> Any:
    if kind == 1:
        return float(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if kind in (2, 3) and isinstance(value, list):
        return [_to_float(v, kind - 1) for v in value]
    return value


def coerce_float_params(tests: list[TestCase], code: str, fn_name: str) -> list[TestCase]:
    """Write integer values of ``float``-annotated parameters / results as floats
    (LeetCode shows ``hour = 6`` for a float argument; solutions may call float methods)."""
    sig = signature_annotations(code, fn_name) if code and fn_name else None
    if sig is None:
        return tests
    params, ret = sig
    kinds = {name: _float_kind(ann) for name, ann in params}
    ret_kind = _float_kind(ret)
    if not any(kinds.values()) and not ret_kind:
        return tests
    out = []
    for t in tests:
        args = json.loads(t.input)
        if isinstance(args, dict):
            args = {k: _to_float(v, kinds.get(k, 0)) for k, v in args.items()}
        elif isinstance(args, list):
            args = [_to_float(v, kinds[params[i][0]]) if i < len(params) else v for i, v in enumerate(args)]
        expected = json.loads(t.output)
        if ret_kind:
            expected = _to_float(expected, ret_kind)
        out.append(
            TestCase(json.dumps(args, ensure_ascii=False), json.dumps(expected, ensure_ascii=False))
        )
    return out
