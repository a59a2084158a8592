"""Rejected rows: ``rejects.parquet`` (and ``rejects.jsonl``): stage, step, reason, id,
source and the row as it was (payload JSON, truncated for huge rows)."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa

from microcoder_data.pipeline.rows import write_parquet


def write_rejects(
    table: pa.Table, out_dir: str | Path, *, jsonl: bool = True, compression: str = "zstd", row_group_size: int = 1024
) -> list[Path]:
    out_dir = Path(out_dir)
    paths = [out_dir / "rejects.parquet"]
    write_parquet(table, paths[0], compression=compression, row_group_size=row_group_size)
    if jsonl:
        p = out_dir / "rejects.jsonl"
        with open(p, "w", encoding="utf-8") as f:
            for row in table.to_pylist():
                f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
        paths.append(p)
    return paths
