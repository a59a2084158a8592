"""Process stage: schema/size checks, noise removal, language, normalisation, completeness
(in the order ``microcoder_data.recipe.process_steps`` lists them)."""

from __future__ import annotations

from microcoder_data.process.clean import CleanText, clean_text
from microcoder_data.process.language import LanguageStep, detect_language
from microcoder_data.process.normalize import Normalize, io_contract, io_contract_text, normalize_layout
from microcoder_data.process.translate import NoTranslator, Translator, load_translator
from microcoder_data.process.validate import Completeness, SchemaCheck

__all__ = [
    "CleanText",
    "Completeness",
    "LanguageStep",
    "NoTranslator",
    "Normalize",
    "SchemaCheck",
    "Translator",
    "clean_text",
    "detect_language",
    "io_contract",
    "io_contract_text",
    "load_translator",
    "normalize_layout",
]
