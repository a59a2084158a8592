"""Collect's settings: which sources are read, and how many problems of each.  They are top-level
keys of a build config (``sources``, ``limit``: the ``--source`` and ``--limit`` options set
them), so :class:`~microcoder_data.config.PipelineConfig` extends :class:`CollectConfig`
instead of nesting it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class CollectConfig:
    """Collect: the source specs read (microcoder_data/collect/sources.py) and how many problems of each."""

    sources: list[str] = field(
        default_factory=lambda: ["default"], metadata={"help": ("Collect source specs (the --source option's forms).")}
    )
    limit: int | None = field(
        default=None,
        metadata={"min": 1, "help": ("Keep at most this many problems per source (smoke runs); None = all.")},
    )
