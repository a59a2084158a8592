"""A ``datasets`` copy of the verl splits (``DatasetDict.save_to_disk``), with fixed
fingerprints so the same rows give the same files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow as pa


def save_hf(tables: dict[str, pa.Table], out_dir: str | Path, fingerprints: dict[str, str] | None = None) -> Path:
    import datasets

    out_dir = Path(out_dir)
    if out_dir.exists():
        shutil.rmtree(out_dir)
    fingerprints = fingerprints or {}
    dd = datasets.DatasetDict(
        {
            name: datasets.Dataset(
                table.replace_schema_metadata(None), fingerprint=fingerprints.get(name, f"microcoder-{name}")
            )
            for name, table in tables.items()
        }
    )
    # datasets' own "Saving the dataset" bars: one per split, each drawn again when it closes --
    # noise beside the build's own lines (and deaf to --no-progress); the build says "export: ..."
    was_enabled = datasets.is_progress_bar_enabled()
    datasets.disable_progress_bars()
    try:
        dd.save_to_disk(str(out_dir))
    finally:
        if was_enabled:
            datasets.enable_progress_bars()
    return out_dir
