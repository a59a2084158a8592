"""Textual quality: enough prose, not a dump of numbers or repeated lines."""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.pipeline.step import Step
from microcoder_data.process.text import words
from microcoder_data.schema import Problem, Reject
from microcoder_data.settings.filter import QualityConfig

_SPACE = re.compile(r"\s+")
_NON_ALPHA = re.compile(r"[\W\d_]+")


class QualityFilter(Step):
    stage = "filter"
    name = "quality"

    def __init__(self, cfg: QualityConfig | None = None) -> None:
        self.cfg = cfg or QualityConfig()

    def apply(self, p: Problem) -> Problem | Reject:
        c = self.cfg
        n_words = len(words(p.statement))
        if n_words < c.min_words:
            return self.reject(p, f"quality: {n_words} words < {c.min_words}")
        if n_words > c.max_words:
            return self.reject(p, f"quality: {n_words} words > {c.max_words}")
        n_chars = len(_SPACE.sub("", p.statement))
        alpha = len(_NON_ALPHA.sub("", p.statement)) / max(1, n_chars)
        if alpha < c.min_alpha_ratio:
            return self.reject(p, f"quality: letters are {alpha:.0%} of the text < {c.min_alpha_ratio:.0%}")
        lines = [ln.strip() for ln in p.statement.splitlines() if len(ln.strip()) > 20]
        if len(lines) >= 6:
            repeated = 1.0 - len(set(lines)) / len(lines)
            if repeated > c.max_repeated_line_ratio:
                return self.reject(p, f"quality: {repeated:.0%} of the lines are repeats")
        return p

    def describe(self) -> dict[str, Any]:
        return vars(self.cfg).copy()
