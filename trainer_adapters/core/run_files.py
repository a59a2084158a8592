"""The files a training run writes beside its checkpoints; their names are written here only.

* ``OUTPUT_DIR/metrics.jsonl`` (:class:`MetricsFile`): one JSON record per logged step,
  ``{"step": N, "<metric>": value, ...}``, appended and flushed at once. Opened with the
  step a run resumes from, the records of later steps are dropped first: they belong to
  work the checkpoint does not hold and are about to be redone, so each step appears once.
* ``OUTPUT_DIR/rollouts.jsonl``: one line per row of each step (TRL's trainer writes it).
* ``<checkpoint>/microcoder_temperature.json``: ``temperature=auto``'s controller state,
  saved with every checkpoint (:func:`save_temperature_state`, :func:`load_temperature_state`).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Mapping
from numbers import Number
from pathlib import Path
from typing import Any

from .auto_temperature import DiversityTemperatureController

__all__ = [
    "METRICS_FILE",
    "ROLLOUTS_FILE",
    "TEMPERATURE_STATE_FILE",
    "MetricsFile",
    "append_jsonl",
    "finite_floats",
    "finite_or_none",
    "load_temperature_state",
    "plain_value",
    "save_temperature_state",
]

METRICS_FILE = "metrics.jsonl"
ROLLOUTS_FILE = "rollouts.jsonl"
TEMPERATURE_STATE_FILE = "microcoder_temperature.json"


def plain_value(value: Any) -> Any:
    """A metric as a JSON scalar (tensors and numpy scalars unwrapped); None for a value that
    is not a finite number, a bool or a string."""
    if hasattr(value, "item") and callable(value.item):
        try:
            value = value.item()
        except (ValueError, RuntimeError):
            return None
    if isinstance(value, bool):
        return value
    if isinstance(value, Number):
        value = float(value) if not isinstance(value, int) else value
        return value if not (isinstance(value, float) and not math.isfinite(value)) else None
    if isinstance(value, str):
        return value
    return None


def append_jsonl(path: str | os.PathLike, records: Iterable[Mapping[str, Any]], **dumps: Any) -> None:
    """Append records as JSON lines (the folder made if needed), flushed at once."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        fh.write("".join(json.dumps(dict(r), **dumps) + "\n" for r in records))
        fh.flush()


class MetricsFile:
    """``DIRECTORY/metrics.jsonl``; also a backend for verl's ``Tracking`` (``log(data, step)``)."""

    def __init__(self, directory: str | os.PathLike, resumed_step: int | None = None) -> None:
        self.path = Path(directory) / METRICS_FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if resumed_step is not None:
            self._truncate_after(int(resumed_step))

    def _truncate_after(self, step: int) -> None:
        if not self.path.exists():
            return
        kept = []
        for line in self.path.read_text().splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:  # a line cut short by an interruption
                continue
            if int(record.get("step", 0)) <= step:
                kept.append(line)
        tmp = self.path.with_suffix(".jsonl.tmp")
        tmp.write_text("".join(line + "\n" for line in kept))
        os.replace(tmp, self.path)

    def log(self, data: Mapping[str, Any], step: int) -> None:
        """verl's Tracking: the step's metrics, non-finite numbers as null (as TRL's records have
        them), values that are no plain scalar left out."""
        record: dict[str, Any] = {"step": int(step)}
        for key, value in data.items():
            plain = plain_value(value)
            if plain is not None:
                record[str(key)] = plain
            elif isinstance(value, Number):  # nan / inf
                record[str(key)] = None
        append_jsonl(self.path, [record], sort_keys=True)

    def append(self, record: Mapping[str, Any], **dumps: Any) -> None:
        """One record as it is (non-finite floats as null)."""
        append_jsonl(self.path, [finite_floats(record)], **dumps)

    def finish(self) -> None:
        return None


def finite_or_none(x: float | None) -> float | None:
    """JSON has no nan/inf: they are written as null."""
    return float(x) if x is not None and math.isfinite(x) else None


def finite_floats(record: Mapping[str, Any]) -> dict[str, Any]:
    """The record with its non-finite float values as None."""
    return {k: (finite_or_none(v) if isinstance(v, float) else v) for k, v in record.items()}


def save_temperature_state(checkpoint: str | os.PathLike, controller: DiversityTemperatureController) -> Path:
    """Write the controller's state into the checkpoint folder (made if needed)."""
    path = Path(checkpoint) / TEMPERATURE_STATE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(controller.state_dict()) + "\n")
    return path


def load_temperature_state(checkpoint: str | os.PathLike) -> DiversityTemperatureController:
    """The controller saved with a checkpoint; FileNotFoundError naming the file when it has none."""
    path = Path(checkpoint) / TEMPERATURE_STATE_FILE
    if not path.is_file():
        raise FileNotFoundError(
            f"{path}: temperature=auto resumes from the controller state saved with the checkpoint; "
            "this checkpoint has none (was it written by a run with a fixed temperature?)"
        )
    return DiversityTemperatureController.from_state_dict(json.loads(path.read_text()))
