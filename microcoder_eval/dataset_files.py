"""Which files of a ``--dataset`` path hold problems.

A folder written by ``microcoder data build`` (the one ``train --dataset`` takes) holds its
splits in ``train.parquet`` (+ ``test.parquet``) beside internals (``_work/`` checkpoints,
``problems.parquet``, rejects, the card): only the splits are problems to evaluate.  Any other
path (a file, an APPS problem folder) is read as it is.
"""

from __future__ import annotations

from pathlib import Path

from .wording import plural

BUILD_SPLITS = ("train.parquet", "test.parquet")


def is_build_folder(path: Path) -> bool:
    return path.is_dir() and (path / BUILD_SPLITS[0]).is_file()


def dataset_files(path: Path) -> list[Path]:
    """The files to read: a build folder's splits, else PATH itself."""
    if is_build_folder(path):
        return [path / name for name in BUILD_SPLITS if (path / name).is_file()]
    return [path]


def describe_read(path: Path, files: list[Path], problems: list[int]) -> str | None:
    """One line saying what a build folder contributed (None for a plain file: nothing to explain)."""
    if not is_build_folder(path):
        return None
    parts = " and ".join(f"{f.name} ({plural(n, 'problem')})" for f, n in zip(files, problems))
    return f"dataset: build folder {path}: read {parts}; its _work/ and other files are not read"
