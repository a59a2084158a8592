"""Filter stage: quality, relevance, decontamination, exact + MinHash dedup, difficulty."""
from __future__ import annotations

from microcoder_data.config import FilterConfig
from microcoder_data.filter.decontam import Decontaminate, load_reference
from microcoder_data.filter.dedup import ExactDedup, MinHashDedup
from microcoder_data.filter.difficulty import DifficultyStep, load_pass_rates, normalize_label
from microcoder_data.filter.minhash import MinHasher
from microcoder_data.filter.quality import QualityFilter
from microcoder_data.filter.relevance import RelevanceFilter
from microcoder_data.pipeline.step import Step
from microcoder_data.schema import Problem

__all__ = [
    "Decontaminate", "DifficultyStep", "ExactDedup", "MinHashDedup", "MinHasher", "QualityFilter", "RelevanceFilter",
    "filter_steps", "load_pass_rates", "load_reference", "normalize_label",
]


def filter_steps(cfg: FilterConfig | None = None, *, reference: list[Problem] | None = None,
                 pass_rates: dict[str, float] | None = None) -> list[Step]:
    cfg = cfg or FilterConfig()
    steps: list[Step] = [QualityFilter(cfg.quality), RelevanceFilter(cfg.relevance)]
    if cfg.decontam.enabled:
        steps.append(Decontaminate(cfg.decontam, cfg.dedup, reference=reference))
    if cfg.dedup.exact:
        steps.append(ExactDedup())
    if cfg.dedup.minhash:
        steps.append(MinHashDedup(cfg.dedup))
    steps.append(DifficultyStep(cfg.difficulty, pass_rates=pass_rates))
    return steps
