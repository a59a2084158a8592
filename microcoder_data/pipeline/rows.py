"""Arrow schemas and conversions for the tables stages pass between them.

Kept problems travel as ``Problem.to_row()`` rows with :data:`PROBLEM_SCHEMA`; dropped
ones as ``Reject.to_row()`` rows with :data:`REJECT_SCHEMA`.  Parquet files are written
with fixed settings (no pandas metadata, fixed compression and row groups) so the same
rows give the same bytes.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Iterable, Mapping

import pyarrow as pa
import pyarrow.parquet as pq

from microcoder_data.schema import PROBLEM_COLUMNS, REJECT_COLUMNS, Problem, Reject, make_reject

_ARROW_TYPES = {
    "string": pa.string(),
    "large_string": pa.large_string(),
    "int64": pa.int64(),
    "float64": pa.float64(),
    "list<large_string>": pa.list_(pa.large_string()),
}


def _arrow_schema(columns: tuple[tuple[str, str], ...]) -> pa.Schema:
    return pa.schema([(name, _ARROW_TYPES[kind]) for name, kind in columns])


PROBLEM_SCHEMA = _arrow_schema(PROBLEM_COLUMNS)
REJECT_SCHEMA = _arrow_schema(REJECT_COLUMNS)


def problems_table(rows: Iterable[Mapping[str, Any]]) -> pa.Table:
    return pa.Table.from_pylist(list(rows), schema=PROBLEM_SCHEMA)


def rejects_table(rows: Iterable[Mapping[str, Any]]) -> pa.Table:
    return pa.Table.from_pylist(list(rows), schema=REJECT_SCHEMA)


def reject_row(r: Reject) -> dict[str, Any]:
    row = r.to_row()
    for k in ("stage", "step", "reason", "id", "source", "payload"):
        if not isinstance(row.get(k), str):
            row[k] = "" if row.get(k) is None else str(row[k])
    return row


def rows_to_problems(rows: Iterable[Mapping[str, Any]], stage: str) -> tuple[list[Problem], list[Reject]]:
    """Rows back to Problems; a row that does not parse becomes a Reject."""
    problems: list[Problem] = []
    rejects: list[Reject] = []
    for row in rows:
        try:
            problems.append(Problem.from_row(row))
        except Exception as exc:  # malformed row: keep it with the reason
            rejects.append(make_reject(stage, "parse_row", f"malformed row: {type(exc).__name__}: {exc}", dict(row)))
    return problems, rejects


_STR_FIELDS = tuple(f.name for f in PROBLEM_SCHEMA if pa.types.is_string(f.type) or pa.types.is_large_string(f.type))


def check_row(row: Mapping[str, Any]) -> str | None:
    """Why a row does not fit PROBLEM_SCHEMA (None = it fits); cheap, pure Python."""
    for k in _STR_FIELDS:
        if not isinstance(row.get(k), str):
            return f"{k} is {type(row.get(k)).__name__}, expected str"
    if not isinstance(row.get("num_tests"), int):
        return "num_tests is not an int"
    if not isinstance(row.get("time_limit_s"), float):
        return "time_limit_s is not a float"
    refs = row.get("reference_solutions")
    if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
        return "reference_solutions is not a list of str"
    return None


def problem_to_row(p: Problem, stage: str) -> tuple[dict[str, Any] | None, Reject | None]:
    """``Problem.to_row`` checked against the schema; wrong types become a Reject."""
    try:
        row = p.to_row()
        why = check_row(row)
        if why is not None:
            raise TypeError(why)
        return row, None
    except Exception as exc:
        return None, make_reject(stage, "to_row", f"cannot serialise: {type(exc).__name__}: {exc}", p)


def write_parquet(table: pa.Table, path: str | Path, *, compression: str = "zstd", row_group_size: int = 1024) -> str:
    """Write with fixed settings; returns the sha256 of the file (a content fingerprint)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    table = table.replace_schema_metadata(None)
    pq.write_table(
        table,
        tmp,
        compression=compression,
        row_group_size=row_group_size,
        use_dictionary=True,
        write_statistics=True,
        data_page_version="1.0",
    )
    tmp.replace(path)
    return file_sha256(path)


def read_parquet(path: str | Path, schema: pa.Schema | None = None) -> pa.Table:
    table = pq.read_table(path)
    if schema is not None:
        table = table.cast(schema)
    return table


def file_sha256(path: str | Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def sort_table(table: pa.Table, keys: list[str]) -> pa.Table:
    if table.num_rows == 0:
        return table
    return table.sort_by([(k, "ascending") for k in keys])


def split_table(table: pa.Table, shard_size: int) -> list[pa.Table]:
    n = table.num_rows
    if n == 0:
        return []
    shard_size = max(1, shard_size)
    return [table.slice(i, shard_size) for i in range(0, n, shard_size)]


def concat(tables: list[pa.Table], schema: pa.Schema) -> pa.Table:
    tables = [t for t in tables if t is not None and t.num_rows]
    if not tables:
        return schema.empty_table()
    return pa.concat_tables([t.cast(schema) for t in tables]).combine_chunks()
