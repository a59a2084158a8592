"""The inputs of a training run, checked before anything starts, and the short plan a dry run
prints first (both backends): model, data, validation, steps, devices, what will be written --
the values the run will actually use."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .config import MicroCoderGRPOConfig

__all__ = ["DatasetFiles", "check_dataset", "plan_lines"]


@dataclass(frozen=True)
class DatasetFiles:
    """``--dataset``'s parquet files: ``DIR/train.parquet`` (+ ``DIR/test.parquet``), or one file."""

    train: Path
    train_rows: int
    test: Path | None = None
    test_rows: int = 0


def check_dataset(dataset: str) -> DatasetFiles:
    """The files of ``--dataset`` with their row counts; a ``ValueError`` of one line when the
    folder, its ``train.parquet`` or a readable parquet file is missing."""
    path = Path(dataset).expanduser()
    if path.is_dir():
        train, test = path / "train.parquet", path / "test.parquet"
        if not train.is_file():
            raise ValueError(
                f"--dataset {dataset}: no train.parquet in it "
                "(--dataset takes the output folder of `microcoder data build`)"
            )
        test = test if test.is_file() else None
    elif path.is_file():
        train, test = path, None
    else:
        raise ValueError(f"--dataset {dataset}: no such folder or file")
    files = DatasetFiles(train, _rows(train), test, _rows(test) if test else 0)
    if files.train_rows == 0:
        raise ValueError(f"--dataset {dataset}: {train} has no rows")
    return files


def _rows(path: Path) -> int:
    import pyarrow.parquet as pq

    try:
        return pq.ParquetFile(path).metadata.num_rows
    except Exception as exc:  # noqa: BLE001 - any unreadable file is the same user error
        raise ValueError(f"--dataset: {path} is not a readable parquet file ({exc})") from None


def planned_steps(cfg: MicroCoderGRPOConfig, files: DatasetFiles | None) -> str:
    """How many steps the run makes, and why (a step takes ``train_batch_size`` prompts)."""
    if cfg.total_training_steps:
        return f"{cfg.total_training_steps} (total_training_steps)"
    if files is None:
        return f"{cfg.total_epochs} epoch(s) over the dataset (no --dataset given to count them)"
    per_epoch = files.train_rows // cfg.train_batch_size
    steps = per_epoch * cfg.total_epochs
    note = f"; fewer rows than train_batch_size={cfg.train_batch_size}: lower it or add data" if per_epoch == 0 else ""
    return (
        f"{steps} ({cfg.total_epochs} epoch(s) x {files.train_rows} rows // {cfg.train_batch_size} prompts a "
        f"step; fewer where prompts over {cfg.max_prompt_length} tokens are dropped){note}"
    )


def plan_lines(
    cfg: MicroCoderGRPOConfig,
    *,
    backend: str,
    preset: str,
    model: str,
    files: DatasetFiles | None,
    devices: str,
    writes: str,
) -> list[str]:
    """The first lines of a dry run, the same on both backends."""
    if files is None:
        data = "none given (--dataset is required to train)"
        validation = "no test split known"
    else:
        data = f"{files.train} ({files.train_rows} rows)"
        when = f"every {cfg.test_freq} steps" if cfg.test_freq > 0 else "not during training"
        validation = (
            f"{files.test} ({files.test_rows} rows), mean@{cfg.val_num_samples} at T={cfg.val_temperature} "
            f"{when}" + (", and before step 1" if cfg.val_before_train else "")
            if files.test
            else "OFF: no test.parquet beside train.parquet (no val-core/* accuracy); add a test split to measure mean@k"
        )
    return [
        f"MicroCoder-GRPO plan ({backend} backend, preset: {preset})",
        f"  model: {model}",
        f"  data: {data}",
        f"  validation: {validation}",
        f"  steps: {planned_steps(cfg, files)}",
        f"  devices: {devices}",
        f"  writes: {writes}",
    ]
