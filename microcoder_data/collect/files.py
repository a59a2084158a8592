"""Reading Collect's data files: JSON arrays/objects, JSON Lines and parquet (optionally gzipped)
into (row index, row) pairs, and the file labels that go into ids."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any, Iterator, Mapping

from microcoder_eval.jsonl import JSONL_SUFFIXES  # read line by line; a row's index is its line number

DATA_SUFFIXES = (".jsonl", ".jsonl.gz", ".json", ".json.gz", ".parquet")


class UnreadableRow:
    """Placeholder for a line that is not even JSON; becomes a Reject."""

    def __init__(self, reason: str, raw: str) -> None:
        self.reason, self.raw = reason, raw


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
