"""Hugging Face Hub sources (``hf:<org>/<name>[:<split>]``) through the detected row format."""

from __future__ import annotations

import itertools
from typing import Iterator

from .rows import Record, convert_rows
from .detect import _columns, _peek
from .registry import detect_format


def read_hf(name: str, split: str | None = None) -> Iterator[Record]:
    """Rows of a Hugging Face Hub dataset through the detected row format.

    ``name`` = ``org/dataset`` (loaded with ``datasets.load_dataset(name, split=...)``) or
    ``org/dataset/path/in/repo.jsonl`` (that raw file via ``hf://datasets/...``).
    """
    try:
        import datasets  # local: heavy, and only needed here
    except ImportError as exc:  # pragma: no cover - datasets is a dependency
        raise RuntimeError("reading hf: sources needs the 'datasets' package") from exc
    parts = name.strip("/").split("/")
    if len(parts) < 2:
        raise ValueError(f"hf source {name!r}: expected 'org/name[:split]'")
    try:
        if len(parts) > 2:
            data_file = f"hf://datasets/{'/'.join(parts)}"
            lower = parts[-1].lower()
            builder = "parquet" if lower.endswith(".parquet") else "json"
            ds = datasets.load_dataset(builder, data_files=data_file, split=split or "train")
        else:
            ds = datasets.load_dataset(name, split=split or "train")
    except Exception as exc:
        raise RuntimeError(
            f"cannot load Hugging Face dataset {name!r} (split {split or 'train'!r}): {type(exc).__name__}: {exc}. "
            "Offline? Use a local copy ('<reader>:/path' or a file path), or set HF_HUB_OFFLINE=1 with a warm cache."
        ) from exc
    label = f"hf:{name}:{split or 'train'}"
    rows = enumerate(iter(ds))
    buffered, hit = _peek(rows, lambda r: detect_format(r) is not None)
    fmt = detect_format(hit) if hit is not None else None
    if fmt is None:
        first = buffered[0][1] if buffered else None
        raise ValueError(f"{label}: row 0: unrecognised columns {_columns(first)}")
    yield from convert_rows(itertools.chain(buffered, rows), fmt, file_label=label)
