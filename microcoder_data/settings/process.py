"""Process's settings (the ``process`` section of a build config): validation, noise removal,
language, normalisation, and the size guards."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ProcessConfig:
    """Process stage: validation, noise removal, language, normalisation."""

    allowed_languages: list[str] = field(
        default_factory=lambda: ["en"],
        metadata={
            "help": (
                "ISO 639-1 codes (langdetect's) of the languages kept as they are; anything else goes to the translator."
            )
        },
    )
    min_detect_chars: int = field(
        default=40,
        metadata={
            "help": (
                "Statement text left after stripping code, math and sample I/O shorter than this is too short for "
                "langdetect to be reliable: it is taken as English (and logged in provenance)."
            )
        },
    )
    detect_max_chars: int = field(
        default=1000,
        metadata={"help": ("Only this many characters of the stripped text are given to langdetect (speed).")},
    )
    fast_english: bool = field(
        default=True,
        metadata={
            "help": (
                "Take plain-ASCII prose whose words are >= 20 % English function words (>= 8 of them) as English "
                "without running langdetect (it costs ~3-20 ms a row); false = langdetect on all."
            )
        },
    )
    min_language_prob: float = field(
        default=0.5,
        metadata={"help": ("langdetect's probability for an allowed language needed to keep a row untranslated.")},
    )
    translator: str | None = field(
        default=None,
        metadata={
            "help": (
                '"module:attr" of a Translator (class or factory) to plug in; None = offline: non-English rows are '
                "rejected with the detected language in the reason."
            )
        },
    )
    max_statement_chars: int = field(
        default=60_000,
        metadata={"help": ("Size guard (huge fields): a statement longer than this (characters) rejects the row.")},
    )
    max_test_bytes: int = field(
        default=4_000_000,
        metadata={
            "help": (
                "Size guard: a test whose input+output is bigger than this (bytes) is dropped (counted in provenance)."
            )
        },
    )
    max_total_test_bytes: int = field(
        default=64_000_000,
        metadata={"help": ("Size guard: a row whose tests total more than this (bytes) is rejected.")},
    )
    min_statement_chars: int = field(
        default=30,
        metadata={"help": ("A statement shorter than this (characters, stripped) rejects the row as incomplete.")},
    )
    max_solution_chars: int = field(
        default=100_000,
        metadata={"help": ("Reference solutions longer than this (characters) are discarded (not the row).")},
    )
