"""Filter stage: quality, relevance, decontamination, exact + MinHash dedup, difficulty
(in the order ``microcoder_data.recipe.filter_steps`` lists them)."""

from __future__ import annotations

from microcoder_data.filter.decontam import Decontaminate, load_reference
from microcoder_data.filter.dedup import ExactDedup, MinHashDedup
from microcoder_data.filter.difficulty import DifficultyStep, load_pass_rates, normalize_label
from microcoder_data.filter.minhash import MinHasher
from microcoder_data.filter.quality import QualityFilter
from microcoder_data.filter.relevance import RelevanceFilter

__all__ = [
    "Decontaminate",
    "DifficultyStep",
    "ExactDedup",
    "MinHashDedup",
    "MinHasher",
    "QualityFilter",
    "RelevanceFilter",
    "load_pass_rates",
    "load_reference",
    "normalize_label",
]
