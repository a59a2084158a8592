"""What a build reports: each stage's counts and the build's result (the summary table ``data build`` prints)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pyarrow as pa

from microcoder_data.config import PipelineConfig


@dataclass
class StageReport:
    name: str
    rows_in: int
    kept: int
    rejected: int
    seconds: float = 0.0
    resumed: bool = False
    by_step: dict[str, int] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:  # no timings: goes into data files
        return {
            "stage": self.name,
            "rows_in": self.rows_in,
            "kept": self.kept,
            "rejected": self.rejected,
            "rejected_by_step": dict(sorted(self.by_step.items())),
        }


@dataclass
class BuildResult:
    out_dir: Path
    config: PipelineConfig
    stages: list[StageReport]
    kept: pa.Table
    rejects: pa.Table
    files: dict[str, str] = field(default_factory=dict)
    #: the summary's last line, from the kept rows (the recipe's, which knows the stages)
    footer: Callable[[pa.Table], str] | None = None

    @property
    def rows_in(self) -> int:
        return self.stages[0].rows_in if self.stages else 0

    def summary_table(self) -> str:
        head = f"{'stage':<10}{'in':>9}{'kept':>9}{'rejected':>10}{'time_s':>9}  top reject steps"
        lines = [head, "-" * len(head)]
        for s in self.stages:
            top = ", ".join(f"{k}={v}" for k, v in sorted(s.by_step.items(), key=lambda kv: (-kv[1], kv[0]))[:4])
            mark = " (resumed)" if s.resumed else ""
            lines.append(f"{s.name:<10}{s.rows_in:>9}{s.kept:>9}{s.rejected:>10}{s.seconds:>9.1f}  {top}{mark}")
        lines.append(f"rows in {self.rows_in} = kept {self.kept.num_rows} + rejected {self.rejects.num_rows}")
        if self.footer is not None:
            lines.append(self.footer(self.kept))
        return "\n".join(lines)
