"""Configuration of the MicroCoder-Dataset build (``microcoder data build``).

The top-level composition: each stage owns its settings module in ``settings/`` (collect,
process, filter, testgen, verify -- which extends testgen's -- and export), nested here in
:class:`PipelineConfig` as one section per stage (Collect's keys are top-level ones).  Every field has a default
so that ``microcoder data build`` with no arguments runs offline on the built-in
``default`` source, and its help text next to it (``metadata["help"]``), listed with the
defaults by ``microcoder data build --help`` (``microcoder_eval.config_keys.fields_help``).  Load overrides from YAML or JSON with
:func:`load_config`; unknown keys are an error naming each with the closest known keys
(``microcoder_eval.config_keys``, the rule of the trainer config too).

Example YAML::

    sources: ["livecodebench:../shared/data/livecodebench/lcb_public.jsonl"]
    filter:
      dedup: {threshold: 0.8}
      decontam:
        reference: ["livecodebench:../shared/data/livecodebench/lcb_public.jsonl"]
        reference_after_date: "2024-08-01"
    verify: {min_tests: 5}       # DeepCoder's recipe
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from microcoder_data.settings.collect import CollectConfig
from microcoder_data.settings.export import DEFAULT_SYSTEM_PROMPT, ExportConfig
from microcoder_data.settings.filter import (
    DecontamConfig,
    DedupConfig,
    DifficultyConfig,
    FilterConfig,
    QualityConfig,
    RelevanceConfig,
)
from microcoder_data.settings.process import ProcessConfig
from microcoder_data.settings.testgen import TestgenConfig
from microcoder_data.settings.verify import (
    VERIFY_RUNTIME_KEYS,
    VERIFY_SCHEDULING_KEYS,
    StrengthConfig,
    TimeLimitConfig,
    VerifyConfig,
)
from microcoder_eval.config_keys import (
    UnknownKeyError,
    check_keys,
    in_file,
    read_config_file,
    unknown_key_lines,
)

from .config_values import check_value

# the stages' settings, importable from here as before the split
__all__ = [
    "DEFAULT_OUT_DIR",
    "DEFAULT_SYSTEM_PROMPT",
    "VERIFY_RUNTIME_KEYS",
    "VERIFY_SCHEDULING_KEYS",
    "CollectConfig",
    "DecontamConfig",
    "DedupConfig",
    "DifficultyConfig",
    "ExportConfig",
    "FilterConfig",
    "PipelineConfig",
    "ProcessConfig",
    "QualityConfig",
    "RelevanceConfig",
    "StrengthConfig",
    "TestgenConfig",
    "TimeLimitConfig",
    "VerifyConfig",
    "load_config",
]

DEFAULT_OUT_DIR = "out/microcoder-dataset"


@dataclass
class PipelineConfig(CollectConfig):
    """The whole build: Collect's keys (sources, limit), execution, and one section per stage."""

    out_dir: str = field(default=DEFAULT_OUT_DIR, metadata={"help": "Output folder."})
    executor: str = field(default="local", metadata={"help": "Where stages run: local | ray."})
    workers: int | None = field(default=None, metadata={"min": 1, "help": "Worker processes; None = all local cores."})
    ray_address: str | None = field(
        default=None, metadata={"help": "Ray cluster address; None = start/attach a local Ray."}
    )
    shard_size: int = field(default=512, metadata={"min": 1, "help": "Rows per shard for Process / Filter map work."})
    seed: int = field(
        default=0,
        metadata={
            "help": "Build-wide seed (the stages have their own: filter.dedup.seed, filter.difficulty.seed, verify.augment_seed, export.seed)."
        },
    )
    progress: bool = field(default=True, metadata={"help": "Show progress bars."})
    process: ProcessConfig = field(default_factory=ProcessConfig)
    filter: FilterConfig = field(default_factory=FilterConfig)
    verify: VerifyConfig = field(default_factory=VerifyConfig)
    export: ExportConfig = field(default_factory=ExportConfig)

    # ------------------------------------------------------------------ helpers
    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "PipelineConfig":
        """The config of ``data``; every unknown key and bad value, in any section, is named in one
        ``ValueError`` (a line each), so that a user fixes them all in one go."""
        problems: list[str] = []
        cfg = _from_dict(cls, data or {}, "config", problems)
        if problems:  # an UnknownKeyError (a ValueError) where a key is unknown, as every config's rule
            unknown = any(p.startswith("unknown key") for p in problems)
            raise (UnknownKeyError if unknown else ValueError)("\n".join(problems))
        return cfg


def _from_dict(cls: type, data: Mapping[str, Any], where: str, problems: list[str]) -> Any:
    """``cls`` from ``data``, appending to ``problems`` instead of raising (the bad keys keep
    their defaults, so the other sections are still checked)."""
    if not isinstance(data, Mapping):
        problems.append(f"{where}: expected a mapping of keys, got {type(data).__name__} {data!r}")
        return cls()
    fields = {f.name: f for f in dataclasses.fields(cls)}
    problems.extend(unknown_key_lines(data, fields, "key", where))
    kwargs: dict[str, Any] = {}
    hints = typing.get_type_hints(cls)
    for name, value in data.items():
        if name not in fields:
            continue
        tp = hints[name]
        if dataclasses.is_dataclass(tp):
            kwargs[name] = _from_dict(tp, value or {}, f"{where}.{name}", problems)
            continue
        value, problem = check_value(value, tp, fields[name].metadata.get("min"))
        if problem:
            problems.append(f"{where}.{name}: {value!r}: {problem}")
        else:
            kwargs[name] = value
    return cls(**kwargs)


def load_config(path: str | Path | None = None, **overrides: Any) -> PipelineConfig:
    """Load a config from YAML/JSON (None = defaults) and apply top-level ``overrides``
    whose value is not None (the CLI's options).  Bad input is a ``ValueError`` naming the
    file, then one line per problem."""
    data = read_config_file(path) if path is not None else {}
    try:
        cfg = PipelineConfig.from_dict(data)
    except ValueError as exc:
        raise in_file(path, exc) from None
    for key, value in overrides.items():
        if value is None:
            continue
        check_keys([key], [f.name for f in dataclasses.fields(cfg)], "override")
        setattr(cfg, key, value)
    return cfg
