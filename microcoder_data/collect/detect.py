"""Which row format a row is, and reading a file or folder through the format recognised from its rows."""

from __future__ import annotations

import itertools
import logging
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from . import apps  # APPS problem folders: the one source laid out as folders, not rows
from .files import UnreadableRow, file_label, is_data_file, iter_file_rows
from .rows import Record, RowFormat, convert_rows

log = logging.getLogger("microcoder_data.collect")

# Rows that are known not to be problems (solutions / labels files next to problem files).
_NON_PROBLEM_SHAPES: tuple[tuple[str, Callable[[Mapping[str, Any]], bool]], ...] = (
    ("solutions", lambda r: "problem_id" in r and ("completion" in r or "code" in r)),
    ("labels", lambda r: "problem_id" in r and "label" in r),
    ("judge cases", lambda r: "label" in r and "code" in r and "inputs" in r),
)

_SCAN_ROWS = 100  # rows looked at to recognise a file's format


def recognise(row: Mapping[str, Any], formats: Sequence[RowFormat], *, variant: bool = True) -> RowFormat | None:
    """The first of ``formats`` whose columns ``row`` has, refined by its ``variant`` hook
    (unless ``variant`` is off: a named source keeps its own format)."""
    fmt = next((f for f in formats if f.matches(row)), None)
    if fmt is not None and variant and fmt.variant is not None:
        return fmt.variant(row)
    return fmt


def _non_problem_kind(row: Any) -> str | None:
    if isinstance(row, Mapping):
        for kind, test in _NON_PROBLEM_SHAPES:
            if test(row):
                return kind
    return None


def _columns(row: Any) -> str:
    if isinstance(row, Mapping):
        return "[" + ", ".join(sorted(map(str, row)))[:300] + "]"
    return f"a {type(row).__name__}"


# --------------------------------------------------------------------------- files


def _peek(rows: Iterator[tuple[int, Any]], test: Callable[[Any], bool]) -> tuple[list, Any]:
    """Buffer rows until ``test(row)`` holds (or _SCAN_ROWS rows); return (buffer, hit)."""
    buffered: list[tuple[int, Any]] = []
    hit = None
    for item in rows:
        buffered.append(item)
        if not isinstance(item[1], UnreadableRow) and test(item[1]):
            hit = item[1]
            break
        if len(buffered) >= _SCAN_ROWS:
            break
    return buffered, hit


def _read_file(
    path: Path,
    formats: Sequence[RowFormat],
    *,
    label: str,
    source: str | None = None,
    strict: bool = True,
) -> Iterator[Record]:
    """Rows of one file through the first of ``formats`` its rows match.

    When no row in the first ``_SCAN_ROWS`` matches, raise ``ValueError`` naming the file and
    row (``strict``) or log and yield nothing (``strict=False``, used while walking folders,
    where solutions/labels files sit next to problem files).
    """
    rows = iter_file_rows(path)
    buffered, hit = _peek(rows, lambda r: any(f.matches(r) for f in formats))
    fmt = recognise(hit, formats, variant=source is None) if hit is not None else None
    if fmt is None and buffered and all(isinstance(r, UnreadableRow) for _, r in buffered):
        # nothing readable to recognise: every row becomes a Reject (never a silent drop)
        fmt = formats[0]
    if fmt is None:
        first = next((r for _, r in buffered if not isinstance(r, UnreadableRow)), None)
        kind = _non_problem_kind(first)
        expected = ", ".join(f.name for f in formats)
        if not buffered:
            msg = f"{path}: no rows"
        elif kind:
            msg = f"{path}: row 0 looks like a {kind} file, not problems"
        else:
            msg = f"{path}: row {buffered[0][0]}: unrecognised columns {_columns(first)}; expected one of: {expected}"
        if strict:
            raise ValueError(msg)
        log.warning("skipping %s", msg)
        return
    yield from convert_rows(itertools.chain(buffered, rows), fmt, file_label=label, source=source)


def _walk(root: Path) -> Iterator[tuple[str, Path]]:
    """("apps", folder) for APPS trees, ("file", path) for data files; sorted, recursive."""
    if apps.is_apps_tree(root):
        yield "apps", root
        return
    for p in sorted(root.iterdir(), key=lambda q: q.name):
        if p.name.startswith("."):
            continue
        if p.is_dir():
            yield from _walk(p)
        elif is_data_file(p):
            yield "file", p


def read_path(
    path: Path,
    formats: Sequence[RowFormat],
    *,
    source: str | None = None,
    root: Path | None = None,
    allow_apps_tree: bool = True,
) -> Iterator[Record]:
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such file or folder")
    if path.is_file():
        yield from _read_file(path, formats, label=file_label(path, root), source=source, strict=True)
        return
    base = root or path
    found = False
    for kind, p in _walk(path):
        if kind == "apps":
            if allow_apps_tree:
                found = True
                yield from apps.read_apps_tree(p, source=source or "apps")
            continue
        for rec in _read_file(p, formats, label=file_label(p, base), source=source, strict=False):
            found = True
            yield rec
    if not found:
        names = ", ".join(f.name for f in formats)
        raise ValueError(f"{path}: no readable problem files ({names}) in this folder")
