"""Process stage: schema/size checks, noise removal, language, normalisation, completeness."""
from __future__ import annotations

from microcoder_data.config import ProcessConfig
from microcoder_data.pipeline.step import Step
from microcoder_data.process.clean import CleanText, clean_text
from microcoder_data.process.language import LanguageStep, detect_language
from microcoder_data.process.normalize import Normalize, io_contract, io_contract_text, normalize_layout
from microcoder_data.process.translate import NoTranslator, Translator, load_translator
from microcoder_data.process.validate import Completeness, SchemaCheck

__all__ = [
    "CleanText", "Completeness", "LanguageStep", "NoTranslator", "Normalize", "SchemaCheck", "Translator",
    "clean_text", "detect_language", "io_contract", "io_contract_text", "load_translator", "normalize_layout",
    "process_steps",
]


def process_steps(cfg: ProcessConfig | None = None, translator: "Translator | None" = None) -> list[Step]:
    """The Process stage, in order.  ``translator`` overrides ``cfg.translator``."""
    cfg = cfg or ProcessConfig()
    return [
        SchemaCheck(
            max_statement_chars=cfg.max_statement_chars,
            max_test_bytes=cfg.max_test_bytes,
            max_total_test_bytes=cfg.max_total_test_bytes,
            max_solution_chars=cfg.max_solution_chars,
        ),
        CleanText(),
        LanguageStep(
            cfg.allowed_languages,
            min_chars=cfg.min_detect_chars,
            max_chars=cfg.detect_max_chars,
            min_prob=cfg.min_language_prob,
            translator=translator if translator is not None else cfg.translator,
            fast_english=cfg.fast_english,
        ),
        Normalize(),
        Completeness(min_statement_chars=cfg.min_statement_chars),
    ]
