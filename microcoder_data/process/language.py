"""Language detection (langdetect, seeded) with translation or rejection of other languages."""

from __future__ import annotations

from typing import Any

from langdetect import DetectorFactory, detect_langs
from langdetect.lang_detect_exception import LangDetectException

from microcoder_data.pipeline.step import Step
from microcoder_data.process.text import english_stopword_ratio, strip_non_prose
from microcoder_data.process.translate import Translator, load_translator
from microcoder_data.schema import Problem, Reject

DetectorFactory.seed = 0  # langdetect is randomised; seeding makes it deterministic


def _mostly_ascii_letters(text: str) -> bool:
    """At most 1 % of the letters are non-ASCII (symbols such as <=, -- or quotes don't count)."""
    if text.isascii():
        return True
    letters = [ch for ch in text if ch.isalpha()]
    non_ascii = sum(1 for ch in letters if not ch.isascii())
    return non_ascii <= 0.01 * len(letters)


def detect_language(
    text: str, *, min_chars: int = 40, max_chars: int = 1000, fast_english: bool = True
) -> tuple[str, float, str]:
    """(language, probability, how) for a statement.

    Code, math and sample I/O are stripped first.  Texts with fewer than ``min_chars``
    characters left are too short to detect reliably: reported as ("und", 0.0, "short").
    With ``fast_english``, (nearly) ASCII-letter prose in which English function words make up at
    least a fifth of the words (and at least 8 of them; or 30 % and 4 for short texts) is English without asking
    langdetect ("stopwords"); everything else goes to langdetect (seeded).
    """
    prose = strip_non_prose(text)
    if len(prose) < min_chars:
        return "und", 0.0, "short"
    if fast_english and _mostly_ascii_letters(prose):
        hits, ratio = english_stopword_ratio(prose[: max_chars * 2])
        if (hits >= 8 and ratio >= 0.2) or (hits >= 4 and ratio >= 0.3):
            return "en", 1.0, "stopwords"
    DetectorFactory.seed = 0
    try:
        langs = detect_langs(prose[:max_chars])
    except LangDetectException:
        return "und", 0.0, "undetectable"
    best = langs[0]
    return best.lang, float(best.prob), "langdetect"


def language_probs(text: str, *, max_chars: int = 1000) -> dict[str, float]:
    DetectorFactory.seed = 0
    try:
        return {l.lang: float(l.prob) for l in detect_langs(strip_non_prose(text)[:max_chars])}
    except LangDetectException:
        return {}


class LanguageStep(Step):
    """Keep allowed-language rows; translate the others or reject them with the language."""

    stage = "process"
    name = "language"

    def __init__(
        self,
        allowed: list[str] | tuple[str, ...] = ("en",),
        *,
        min_chars: int = 40,
        max_chars: int = 1000,
        min_prob: float = 0.5,
        translator: str | Translator | None = None,
        fast_english: bool = True,
    ) -> None:
        self.fast_english = fast_english
        self.allowed = tuple(allowed)
        self.min_chars = min_chars
        self.max_chars = max_chars
        self.min_prob = min_prob
        self.translator_spec = translator
        self._translator: Translator | None = None

    def prepare(self) -> None:
        # load langdetect's language profiles once on the driver: forked workers inherit
        # them instead of each loading them (~1 s) again
        from langdetect.detector_factory import init_factory

        init_factory()

    def __getstate__(self) -> dict[str, Any]:  # translators may not pickle; rebuild per worker
        state = dict(self.__dict__)
        state["_translator"] = None
        return state

    @property
    def translator(self) -> Translator:
        if self._translator is None:
            self._translator = load_translator(self.translator_spec)
        return self._translator

    def apply(self, problem: Problem) -> Problem | Reject:
        lang, prob, how = detect_language(
            problem.statement, min_chars=self.min_chars, max_chars=self.max_chars, fast_english=self.fast_english
        )
        if how == "stopwords" and "en" in self.allowed:
            problem.provenance = {**problem.provenance, "language": {"lang": "en", "how": how}}
            return problem
        if how not in ("langdetect", "stopwords"):  # too short / undetectable: assume the allowed language
            problem.provenance = {**problem.provenance, "language": {"lang": self.allowed[0], "how": how}}
            return problem
        if lang in self.allowed and prob >= self.min_prob:
            problem.provenance = {**problem.provenance, "language": {"lang": lang, "prob": round(prob, 2)}}
            return problem
        probs = language_probs(problem.statement, max_chars=self.max_chars)
        ok = [a for a in self.allowed if probs.get(a, 0.0) >= self.min_prob]
        if ok:
            problem.provenance = {**problem.provenance, "language": {"lang": ok[0], "prob": round(probs[ok[0]], 2)}}
            return problem
        target = self.allowed[0]
        translated = self.translator.translate(problem.statement, lang, target)
        if not translated:
            return self.reject(
                problem,
                f"language: statement is {lang!r} (p={prob:.2f}), not in {list(self.allowed)}; "
                f"no translation (translator={getattr(self.translator, 'name', '?')})",
            )
        title = problem.title
        if title:
            title = self.translator.translate(title, lang, target) or title
        problem.statement = translated
        problem.title = title
        problem.provenance = {
            **problem.provenance,
            "language": {"lang": target, "translated_from": lang, "translator": getattr(self.translator, "name", "?")},
        }
        return problem

    def describe(self) -> dict[str, Any]:
        return {
            "allowed": list(self.allowed),
            "min_detect_chars": self.min_chars,
            "min_prob": self.min_prob,
            "translator": str(self.translator_spec or "none (offline: non-English rows rejected)"),
            "seed": 0,
            "fast_english": self.fast_english,
        }
