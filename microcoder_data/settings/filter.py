"""Filter's settings (the ``filter`` section of a build config): one class per filter, nested in
:class:`FilterConfig` (``filter.dedup.threshold``)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class QualityConfig:
    """Filter: statement quality (length, prose, repetition)."""

    min_words: int = field(default=12, metadata={"help": "A statement with fewer words is rejected."})
    max_words: int = field(default=6000, metadata={"help": "A statement with more words is rejected."})
    min_alpha_ratio: float = field(
        default=0.35,
        metadata={
            "help": (
                "Least share of the statement's non-space characters that are letters (catches dumps of numbers / "
                "code with no prose)."
            )
        },
    )
    max_repeated_line_ratio: float = field(
        default=0.5, metadata={"help": ("Largest share of non-empty lines that are repeats of another line.")}
    )


@dataclass
class RelevanceConfig:
    """Filter: problems our judge cannot grade as stdin/stdout or function tests."""

    drop_interactive: bool = field(default=True, metadata={"help": "Drop interactive problems."})
    drop_special_judge: bool = field(
        default=True,
        metadata={
            "help": ('Drop special-judge problems ("print any of them") our rule-based comparator cannot check.')
        },
    )
    drop_needs_media: bool = field(
        default=True, metadata={"help": ("Drop statements that rely on images / attached files.")}
    )
    drop_file_io: bool = field(
        default=True,
        metadata={"help": ("Drop problems that read input.txt / write output.txt instead of stdin/stdout.")},
    )


@dataclass
class DedupConfig:
    """Filter: exact hash first, then MinHash LSH (datasketch) near-duplicate removal; within a duplicate
    cluster the problem with more tests, then with reference solutions, then the smaller id is kept.
    Defaults follow datatrove's MinHash deduplication."""

    exact: bool = field(default=True, metadata={"help": "Remove exact duplicates (hash of the normalised statement)."})
    minhash: bool = field(default=True, metadata={"help": "Remove near-duplicates with MinHash LSH."})
    shingle_size: int = field(default=5, metadata={"help": "Words per shingle (datatrove: 5)."})
    num_bands: int = field(
        default=14,
        metadata={
            "help": (
                "LSH bands; 14 bands x 8 rows (112 permutations) put the S-curve's 50 % point near Jaccard "
                "(1/14)^(1/8) ~= 0.72."
            )
        },
    )
    rows_per_band: int = field(
        default=8, metadata={"help": "LSH rows per band (permutations = num_bands x rows_per_band)."}
    )
    threshold: float = field(
        default=0.7,
        metadata={"help": ("LSH candidates are duplicates when the signatures' Jaccard estimate is >= this.")},
    )
    seed: int = field(default=1, metadata={"help": "MinHash permutation seed (decontamination's MinHash uses it too)."})


@dataclass
class DecontamConfig:
    """Filter: decontamination against benchmark problems (LiveCodeBench by default when given), by date
    and by n-gram and MinHash overlap with the reference statements."""

    enabled: bool = field(default=True, metadata={"help": "Run decontamination."})
    date_cutoff: str | None = field(
        default="2024-08-01",
        metadata={
            "help": (
                "Problems whose contest_date is on/after this ISO date are dropped (they fall in the benchmark's "
                "evaluation window); None disables."
            )
        },
    )
    reference: list[str] = field(
        default_factory=list,
        metadata={
            "help": ('Collect source specs of benchmark problems (e.g. "livecodebench:/path/lcb_public.jsonl").')
        },
    )
    reference_after_date: str | None = field(
        default="2024-08-01",
        metadata={
            "help": (
                "Keep only the reference problems dated on/after this ISO date (the evaluation window); None = all."
            )
        },
    )
    ngram_size: int = field(
        default=16,
        metadata={
            "help": (
                "Word n-gram size of the overlap check (open-r1 drops any shared 8-gram: ngram_size 8, "
                "min_shared_fraction 0; rStar-Coder uses 16-grams)."
            )
        },
    )
    min_shared_ngrams: int = field(
        default=1,
        metadata={
            "help": (
                "A problem sharing at least this many n-grams with one reference statement (and min_shared_fraction "
                "of its own) is dropped."
            )
        },
    )
    min_shared_fraction: float = field(
        default=0.2,
        metadata={
            "help": (
                "Least share of the problem's own n-grams the shared ones must cover for a match: below it, what two "
                "problems share is usually a definition sentence or a site's convention, above it a copy or a "
                "sibling problem (I / II / III)."
            )
        },
    )
    max_ngram_doc_freq: int = field(
        default=3,
        metadata={
            "help": (
                'n-grams found in more than this many reference statements are boilerplate ("The input is given from '
                'Standard Input in the following format") and ignored.'
            )
        },
    )
    minhash_threshold: float | None = field(
        default=0.6,
        metadata={
            "help": (
                "Drop a problem whose Jaccard estimate with any reference statement is >= this (dedup's shingles and "
                "bands); None disables."
            )
        },
    )


@dataclass
class DifficultyConfig:
    """Filter: difficulty labels (the source's easy/medium/hard, or measured pass rates) and rebalancing
    toward a target distribution."""

    samples_file: str | None = field(
        default=None,
        metadata={
            "help": (
                "JSONL or parquet of model samples (id/problem_id + passed/lcb_graded per sample, or pass_rate per "
                "problem) whose measured pass rate sets the label instead of the source's; None = the source's labels."
            )
        },
    )
    easy_min_pass_rate: float = field(default=0.8, metadata={"help": "Pass rate >= this -> easy."})
    hard_max_pass_rate: float = field(default=0.2, metadata={"help": "Pass rate < this -> hard (else medium)."})
    target: dict[str, float] | None = field(
        default=None,
        metadata={
            "help": (
                "Fractions per label (e.g. {easy: 0.2, medium: 0.4, hard: 0.4}) to downsample over-represented labels "
                "toward, deterministically (seeded); None keeps everything."
            )
        },
    )
    unknown: str = field(
        default="keep",
        metadata={"help": ('Unlabelled problems: keep (outside the target) | drop | medium (label them "medium").')},
    )
    min_pass_rate: float | None = field(
        default=None, metadata={"help": ("Drop problems whose measured pass rate is below this; None disables.")}
    )
    max_pass_rate: float | None = field(
        default=None,
        metadata={
            "help": (
                "Drop problems whose measured pass rate is above this (e.g. 0.99 drops problems every sample solves: "
                "no RL signal); None disables."
            )
        },
    )
    seed: int = field(default=0, metadata={"help": "Seed of the rebalancing downsample."})


@dataclass
class FilterConfig:
    """Filter stage: quality, relevance, decontamination, dedup, difficulty."""

    quality: QualityConfig = field(default_factory=QualityConfig)
    relevance: RelevanceConfig = field(default_factory=RelevanceConfig)
    decontam: DecontamConfig = field(default_factory=DecontamConfig)
    dedup: DedupConfig = field(default_factory=DedupConfig)
    difficulty: DifficultyConfig = field(default_factory=DifficultyConfig)
