"""Per-stage (and per-shard, for Verify) checkpoints in ``<out>/_work``.

A stage's checkpoint is ``kept.parquet`` + ``rejects.parquet`` + ``done.json``; the
``done.json`` records a key (hash of the stage's input file and config) and the
checkpoint is only reused when the key matches, so changing the config or the input
re-runs the stage and everything after it.  ``done.json`` is written last: an
interrupted stage leaves no ``done.json`` and runs again.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pyarrow as pa

from microcoder_data.pipeline.rows import PROBLEM_SCHEMA, REJECT_SCHEMA, read_parquet, write_parquet


class Checkpoints:
    def __init__(self, work_dir: str | Path, *, resume: bool) -> None:
        self.root = Path(work_dir)
        self.resume = resume
        if not resume and self.root.exists():
            shutil.rmtree(self.root)
        self.root.mkdir(parents=True, exist_ok=True)

    def stage_dir(self, stage: str) -> Path:
        return self.root / stage

    def load(self, stage: str, key: str) -> tuple[pa.Table, pa.Table, dict[str, Any]] | None:
        d = self.stage_dir(stage)
        done = d / "done.json"
        if not self.resume or not done.exists():
            return None
        meta = json.loads(done.read_text())
        if meta.get("key") != key:
            return None
        return (
            read_parquet(d / "kept.parquet", PROBLEM_SCHEMA),
            read_parquet(d / "rejects.parquet", REJECT_SCHEMA),
            meta,
        )

    def save(self, stage: str, key: str, kept: pa.Table, rejects: pa.Table, meta: dict[str, Any] | None = None) -> str:
        d = self.stage_dir(stage)
        d.mkdir(parents=True, exist_ok=True)
        (d / "done.json").unlink(missing_ok=True)  # written last, below
        kept_sha = write_parquet(kept, d / "kept.parquet")
        write_parquet(rejects, d / "rejects.parquet")
        info = {
            "key": key,
            "kept": kept.num_rows,
            "rejected": rejects.num_rows,
            "kept_sha256": kept_sha,
            **(meta or {}),
        }
        (d / "done.json").write_text(json.dumps(info, indent=1, sort_keys=True, default=str))
        return kept_sha

    # ---- shard checkpoints (Verify) ------------------------------------------------
    def shard_dir(self, stage: str, key: str) -> Path:
        """The shard folder for ``key``; stale shards (another key) are removed."""
        d = self.stage_dir(stage) / "shards"
        meta = d / "key.txt"
        if d.exists() and (not self.resume or not meta.exists() or meta.read_text() != key):
            shutil.rmtree(d)
        d.mkdir(parents=True, exist_ok=True)
        meta.write_text(key)
        return d

    @staticmethod
    def shard_done(d: Path, i: int) -> bool:
        return (d / f"{i:05d}.done").exists()

    @staticmethod
    def save_shard(d: Path, i: int, kept: pa.Table, rejects: pa.Table) -> None:
        write_parquet(kept, d / f"{i:05d}.kept.parquet")
        write_parquet(rejects, d / f"{i:05d}.rejects.parquet")
        (d / f"{i:05d}.done").write_text("ok")

    @staticmethod
    def load_shard(d: Path, i: int) -> tuple[pa.Table, pa.Table]:
        return (
            read_parquet(d / f"{i:05d}.kept.parquet", PROBLEM_SCHEMA),
            read_parquet(d / f"{i:05d}.rejects.parquet", REJECT_SCHEMA),
        )
