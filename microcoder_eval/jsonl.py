"""JSON Lines files: which names are read line by line, and resuming a file we append to."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

# Read line by line; a row's index is its 0-based line number (the dataset readers'
# rule too: ``microcoder_data.collect.files.iter_file_rows``).
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".ndjson")


def read_complete_lines(out: Path, key: Callable[[dict], Any]) -> tuple[dict[Any, dict], int]:
    """Rows of a resumable JSONL already written, by ``key(row)``, and the byte length of its
    complete lines: reading stops at a line cut short by an interruption (or one ``key``
    cannot read), which the caller truncates and redoes."""
    done: dict[Any, dict] = {}
    good_bytes = 0
    if not out.exists():
        return done, 0
    with open(out, "rb") as fh:
        for raw in fh:
            if not raw.endswith(b"\n"):
                break
            try:
                row = json.loads(raw)
                done[key(row)] = row
            except (ValueError, KeyError, TypeError):
                break
            good_bytes += len(raw)
    return done, good_bytes
