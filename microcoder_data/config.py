"""Configuration of the MicroCoder-Dataset build (``microcoder data build``).

One dataclass per stage, nested in :class:`PipelineConfig`.  Every field has a default
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

from microcoder_eval.config_keys import (
    UnknownKeyError,
    check_keys,
    in_file,
    read_config_file,
    unknown_key_lines,
)

from .config_values import check_value

DEFAULT_OUT_DIR = "out/microcoder-dataset"

DEFAULT_SYSTEM_PROMPT = (
    "You are an expert Python programmer. Solve the programming problem the user gives you. "
    "Think about the algorithm and its complexity, then give your complete solution as a single "
    "Python program in one ```python code block at the end of your answer."
)


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


# How Verify runs, not what it makes: left out of the dataset card, so that builds that
# differ only in these write the same bytes.  The scheduling ones are also left out of
# Verify's checkpoint key: a resumed build keeps its finished shards whatever the number of
# workers or shards in flight (the shard size decides what a shard holds: it stays in).
VERIFY_SCHEDULING_KEYS = ("workers", "shards_in_flight")
VERIFY_RUNTIME_KEYS = VERIFY_SCHEDULING_KEYS + ("shard_size",)


@dataclass
class VerifyConfig:
    """Verify stage: run the reference solutions with microcoder_eval's judge, drop broken and
    non-deterministic tests, generate and cap tests, measure test strength, derive per-problem time limits
    (the steps: microcoder_data/verify/step.py)."""

    enabled: bool = field(default=True, metadata={"help": "Run the Verify stage."})
    require_reference: bool = field(
        default=True,
        metadata={"help": ("Reject problems with no reference solution; false keeps them, marked unverified.")},
    )
    max_references: int = field(default=3, metadata={"help": "Run at most this many references per problem."})
    min_reference_pass_fraction: float = field(
        default=0.5,
        metadata={
            "help": (
                "A reference is correct when it passes at least this share of the tests; tests any correct reference "
                "fails are dropped (broken tests); a problem with no correct reference is dropped."
            )
        },
    )
    determinism_runs: int = field(
        default=2,
        metadata={
            "help": (
                "Runs of the first correct reference; tests whose verdict or output changes are flagged "
                "non-deterministic; 1 disables the check."
            )
        },
    )
    determinism: str = field(
        default="same_child",
        metadata={
            "help": (
                "same_child: repeat the tests inside the first run's sandbox child (fast) | separate: judge the "
                "reference again from scratch (stricter, ~2x the Verify time)."
            )
        },
    )
    drop_nondeterministic: bool = field(default=True, metadata={"help": "Drop the tests flagged non-deterministic."})
    check_rule: bool = field(
        default=True,
        metadata={
            "help": (
                "Drop tests whose expected output breaks the judging rule (valid JSON for functional tests, "
                "self-consistent under the comparator)."
            )
        },
    )
    max_tests: int = field(
        default=16,
        metadata={"min": 0, "help": ("Keep at most this many tests, the most demanding by cap_by (0 = no cap).")},
    )
    cap_by: str = field(
        default="strength",
        metadata={
            "help": (
                "strength: first the tests that are some mutant's first killer (see strength_*), then the largest "
                "inputs (no mutants -> as input_size) | input_size: largest inputs, deterministic | time: slowest "
                "reference run, faster to tune but not byte-for-byte reproducible."
            )
        },
    )
    precap_factor: int = field(
        default=2,
        metadata={
            "help": ("With cap_by input_size/strength, run only the precap_factor x max_tests largest tests (0 = all).")
        },
    )
    min_tests: int = field(
        default=1,
        metadata={
            "help": (
                "Problems left with fewer tests are dropped; DeepCoder keeps >= 5, our 1 suits the built-in offline "
                "default source's few tests (set 5 for DeepCoder's recipe on richer sources)."
            )
        },
    )
    augment_tests_to: int = field(
        default=16,
        metadata={
            "help": (
                "A problem with fewer tests gets generated ones up to this (functional and stdin; microcoder_data/testgen/augment.py; "
                "0 = off). The default equals max_tests: more generated tests reject more wrong programs, at a "
                "small cost in build time; DeepCoder asks for >= 5 tests."
            )
        },
    )
    augment_max_len: int = field(
        default=50,
        metadata={
            "help": ("Generated lists/strings stay this short (time limits); 20 rejects fewer mutants, 100 no more.")
        },
    )
    augment_step_budget: int = field(
        default=300_000,
        metadata={
            "help": (
                "A generated input a reference spends more steps on (function calls, loop iterations, comprehension "
                "elements; microcoder_data/testgen/cost.py) is dropped, as is a reference whose module top level "
                "spends more: counted, not timed, so a build keeps the same inputs on any host and load. 300,000 "
                "steps are roughly 0.02-0.1 s of CPU; 0 = decide by augment_time_limit_s alone (then set it to ~0.1)."
            )
        },
    )
    augment_time_limit_s: float = field(
        default=1.5,
        metadata={
            "help": (
                "A generated input a reference needs longer on (s) is dropped. With a step budget only a backstop, for "
                "work done inside C (big integers, long strings): far above the longest run that ends within its "
                "budget (0.48 s, a @cache on tuple keys at 1.6 us a step), since a run near a time limit lands on "
                "either side of it from build to build and the load can add half to a run's CPU time."
            )
        },
    )
    augment_memory_limit_mb: int = field(
        default=512,
        metadata={
            "help": (
                "Memory limit (MB) of the labelling runs: an input a reference needs more on is dropped. Generated "
                "inputs are small, so a run that fills memory ends at this limit in well under a second, not at the "
                "time backstop; 0 = the judge's limit (memory_limit_mb)."
            )
        },
    )
    augment_seed: int = field(default=0, metadata={"help": "Seed of test generation."})
    spec_overrides: str | None = field(
        default=None,
        metadata={
            "help": (
                "A folder of hand-written input specs, one <id>.json per problem in the form the build writes to "
                "specs/ (docs/testgen.md): a problem's file replaces the spec read from its statement, after its "
                "existing tests are checked against it (one that breaks it: no generated tests). None: none."
            )
        },
    )
    augment_neighbours: bool = field(
        default=True,
        metadata={
            "help": (
                "Besides inputs drawn from the constraints, label inputs one or two small edits away from the "
                "problem's own (microcoder_data/testgen/neighbours.py): they keep the structure random inputs lack "
                "(the rare 'Yes', the pattern searched for) and break it in one place."
            )
        },
    )
    large_tests: int = field(
        default=1,
        metadata={
            "min": 0,
            "help": (
                "Tests at the largest sizes the constraints allow, added after the kept ones where every correct "
                "reference agrees on them (microcoder_data/verify/large.py): a program of the wrong complexity fails "
                "them on time. 0 = off."
            ),
        },
    )
    large_input_values: int = field(
        default=20_000,
        metadata={
            "min": 1,
            "help": (
                "A large test's values in all (list lengths multiply): an O(n^2) answer needs ~2*10^8 steps at 2*10^4, "
                "far past the 4 s floor in Python, while an O(n log n) one needs well under a second."
            ),
        },
    )
    large_step_budget: int = field(
        default=2_000_000,
        metadata={
            "min": 0,
            "help": (
                "A large input a reference spends more steps on is dropped (counted, not timed: the same inputs on "
                "any host and load; microcoder_data/testgen/cost.py); 0 = by large_time_limit_s alone."
            ),
        },
    )
    large_time_limit_s: float = field(
        default=10.0,
        metadata={
            "min": 0.1,
            "help": ("Backstop time limit (s) of a reference on a large input, for work done inside C."),
        },
    )
    strength_mutants: int = field(
        default=4,
        metadata={
            "help": (
                "Test strength (microcoder_data/verify/strength.py): this many mutants of the first correct reference "
                "run on the verified tests; 0 = off."
            )
        },
    )
    strength_probes: int = field(
        default=4,
        metadata={
            "help": (
                "Generated inputs the mutants also run on; they only count mutants (rejected by something), never kept."
            )
        },
    )
    strength_step_budget: int = field(
        default=300_000,
        metadata={
            "help": (
                "A mutant spending more steps on a test is rejected there (microcoder_data/testgen/cost.py): a mutant "
                "stuck in a loop stops after them, on every build alike; 0 = by strength_time_limit_s alone (then ~0.1)."
            )
        },
    )
    strength_time_limit_s: float = field(
        default=1.5,
        metadata={
            "help": (
                "Time limit of a mutant run (s); with a step budget only a backstop for work inside C (a mutant "
                "stopped by either is rejected at the same test). As augment_time_limit_s: a mutant as fast as the "
                "reference must not meet it on a kept input."
            )
        },
    )
    strength_memory_limit_mb: int = field(
        default=512,
        metadata={
            "help": (
                "Memory limit (MB) of a mutant run; a mutant needing more is rejected at that test; 0 = the judge's."
            )
        },
    )
    min_strength: float | None = field(
        default=None,
        metadata={
            "help": ("Drop problems whose tests reject less than this share of the counted mutants; None = keep all.")
        },
    )
    workers: int | None = field(default=None, metadata={"min": 1, "help": "Judge workers; None = all cores."})
    time_limit_s: float | None = field(
        default=None,
        metadata={
            "help": ("Judge time limit of reference runs (s); None = the judge's default (per-problem overrides win).")
        },
    )
    memory_limit_mb: int | None = field(
        default=None, metadata={"help": ("Judge memory limit (MB); None = the judge's default.")}
    )
    shard_size: int = field(default=64, metadata={"min": 1, "help": "Problems per checkpointed shard."})
    shards_in_flight: int = field(
        default=2,
        metadata={
            "help": (
                "Local executor: shards verified at once on the one judge. A shard's phases end in a barrier and one "
                "slow reference holds it up; a second shard in flight keeps the judge's workers busy meanwhile. "
                "Output does not depend on it; 1 = one after another."
            )
        },
    )
    derive_time_limit: bool = field(
        default=True,
        metadata={
            "help": (
                "Store time limits (ground truth and problems.parquet): each test's own = time_limit_factor x the "
                "correct references' CPU time on that test, at least time_limit_floor_s on a large test and "
                "time_limit_small_floor_s on any other, and the problem's time_limit_s = the same on its slowest test "
                "with the large floor (what readers of a single limit use; no test's is above it); all clamped to "
                "the ceiling and rounded up. The judge runs a problem's tests with the smallest limits first. "
                "false keeps the judge's default."
            )
        },
    )
    time_limit_factor: float = field(
        default=3.0,
        metadata={
            "help": (
                "Multiplies the correct references' CPU time into a time limit. The references "
                "and the judged programs run the same Python on the same judge, so it need not cover a "
                "C++-vs-Python gap, only the spread between correct programs of the same complexity."
            )
        },
    )
    time_limit_floor_s: float = field(
        default=4.0,
        metadata={
            "help": (
                "Least time limit (s) of a large test and of the problem. One reference can be far faster than other "
                "correct programs of the same complexity on a maximum-size input (a constant factor of 40: an O(sqrt "
                "D) program took 3.1 s where the reference took 0.08 s), so a factor alone could fail them."
            )
        },
    )
    time_limit_small_floor_s: float = field(
        default=1.0,
        metadata={
            "help": (
                "Least time limit (s) of a test whose input is not large: a program stuck in a loop there is stopped "
                "after this, not after time_limit_floor_s. Equal to time_limit_floor_s: every test gets the large floor."
            )
        },
    )
    time_limit_large_share: float = field(
        default=0.8,
        metadata={
            "min": 0.0,
            "help": (
                "Which tests are large (microcoder_data/testgen/input_size.py): those added as large tests, any input "
                "over 20,000 characters, and any input with a size (a list's or string's length, at any depth, or an "
                "argument that is a single number) at least its constraint's upper bound to this power (0.8: n >= "
                "17,400 of n <= 2*10^5, D >= 6.9*10^9 of D <= 2*10^12): decided by the input against the constraints "
                "as test generation reads them. A problem whose constraints are not read: every test is large."
            ),
        },
    )
    time_limit_ceiling_s: float = field(default=6.0, metadata={"help": "Largest derived time limit (s)."})
    time_limit_step_s: float = field(
        default=0.5,
        metadata={
            "help": (
                "Derived limits are rounded up to a multiple of this (s), so the stored value is byte-stable unless the "
                "reference's time sits within noise of a step."
            )
        },
    )


@dataclass
class ExportConfig:
    """Export: the output files (parquet splits, Hugging Face copy, rejects, dataset card)."""

    name: str = field(default="MicroCoder-Dataset", metadata={"help": "Dataset name (in the dataset card)."})
    test_fraction: float = field(
        default=0.0,
        metadata={
            "help": (
                "Held-out split: this deterministic fraction (by hashed id) goes to test.parquet; 0 and no "
                "test_after_date = train only."
            )
        },
    )
    test_after_date: str | None = field(
        default=None, metadata={"help": ("Problems dated on/after this ISO date go to test.parquet; None = off.")}
    )
    seed: int = field(default=0, metadata={"help": "Seed of the hashed-id split."})
    system_prompt: str = field(default=DEFAULT_SYSTEM_PROMPT, metadata={"help": "System prompt of every row's prompt."})
    hf: bool = field(default=True, metadata={"help": "Also write a datasets.save_to_disk copy under DIR/hf."})
    rejects_jsonl: bool = field(default=True, metadata={"help": "Also write rejects.jsonl (next to rejects.parquet)."})
    card: bool = field(default=True, metadata={"help": "Write the README.md dataset card."})
    compression: str = field(
        default="zstd", metadata={"help": "Parquet compression (fixed for byte-identical output)."}
    )
    row_group_size: int = field(
        default=1024, metadata={"help": "Parquet row group size (fixed for byte-identical output)."}
    )


@dataclass
class PipelineConfig:
    """The whole build: sources, execution, and one section per stage."""

    sources: list[str] = field(
        default_factory=lambda: ["default"], metadata={"help": ("Collect source specs (the --source option's forms).")}
    )
    out_dir: str = field(default=DEFAULT_OUT_DIR, metadata={"help": "Output folder."})
    executor: str = field(default="local", metadata={"help": "Where stages run: local | ray."})
    workers: int | None = field(default=None, metadata={"min": 1, "help": "Worker processes; None = all local cores."})
    ray_address: str | None = field(
        default=None, metadata={"help": "Ray cluster address; None = start/attach a local Ray."}
    )
    shard_size: int = field(default=512, metadata={"min": 1, "help": "Rows per shard for Process / Filter map work."})
    limit: int | None = field(
        default=None,
        metadata={"min": 1, "help": ("Keep at most this many problems per source (smoke runs); None = all.")},
    )
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
