"""TRL backend of MicroCoder-GRPO: ``microcoder train --backend trl``.

``run_trl(config, model, dataset, output_dir=None)`` runs the whole loop (generate with
the staged temperature, judge with microcoder_eval's reward, GRPO advantages with the
conditional truncation mask, token-mean clipped update, metrics, checkpoints) on TRL's
``GRPOTrainer``; see ``README.md`` in this directory.  Heavy imports (torch, trl) happen
on first use, so importing the package is cheap.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from trainer_adapters.core.config import MicroCoderGRPOConfig

__all__ = ["build_trainer", "run_trl"]


def run_trl(config: MicroCoderGRPOConfig, model: str, dataset: str, output_dir: str | None = None) -> None:
    from .runner import run_trl as _run

    _run(config, model, dataset, output_dir)


def build_trainer(*args, **kwargs):
    from .runner import build_trainer as _build

    return _build(*args, **kwargs)
