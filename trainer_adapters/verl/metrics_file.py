"""``OUTPUT_DIR/metrics.jsonl``: one JSON record per logged step, beside the checkpoints.

A backend for verl's ``Tracking`` (anything with ``log(data, step)``): every step the
trainer logs -- the ``microcoder/*`` metrics, verl's actor/critic/timing metrics and
validation -- becomes ``{"step": N, "<metric>": value, ...}``. Appends are flushed at once.

On resume from step ``k`` the records of steps after ``k`` are dropped first: they belong
to work the checkpoint does not hold and are about to be redone, so each step appears
once.
"""
from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from numbers import Number
from pathlib import Path
from typing import Any

__all__ = ["METRICS_FILE", "MetricsFile"]

METRICS_FILE = "metrics.jsonl"


def _plain(value: Any) -> Any:
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


class MetricsFile:
    def __init__(self, directory: str | os.PathLike, resumed_step: int = 0) -> None:
        self.path = Path(directory) / METRICS_FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
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
        record: dict[str, Any] = {"step": int(step)}
        for key, value in data.items():
            plain = _plain(value)
            if plain is not None:
                record[str(key)] = plain
        with open(self.path, "a") as fh:
            fh.write(json.dumps(record, sort_keys=True) + "\n")
            fh.flush()

    def finish(self) -> None:
        return None
