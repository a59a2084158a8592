"""Verify's settings (the ``verify`` section of a build config): which references run and how,
which tests are kept, test strength, and the time limits derived from the references' runs.

:class:`VerifyConfig` is composed of one class per concern, so that each reads on its own
(docs/config.md lists them apart): :class:`ReferencesConfig`, test generation's
:class:`~microcoder_data.settings.testgen.TestgenConfig`, :class:`StrengthConfig` and
:class:`TimeLimitConfig`.  The keys stay one flat ``verify`` section, as users write them
(``verify.augment_tests_to``, ``verify.strength_mutants``): the prefixes already group them,
and nesting them would rename keys that recipes, published dataset cards and Verify's
checkpoint key carry.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from microcoder_data.settings.testgen import TestgenConfig

# How Verify runs, not what it makes: left out of the dataset card, so that builds that
# differ only in these write the same bytes.  The scheduling ones are also left out of
# Verify's checkpoint key: a resumed build keeps its finished shards whatever the number of
# workers or shards in flight (the shard size decides what a shard holds: it stays in).
VERIFY_SCHEDULING_KEYS = ("workers", "shards_in_flight")
VERIFY_RUNTIME_KEYS = VERIFY_SCHEDULING_KEYS + ("shard_size",)


@dataclass
class StrengthConfig:
    """Test strength (microcoder_data/verify/strength.py): mutants of a correct reference run on the
    verified tests; the share they reject."""

    strength_mutants: int = field(
        default=4,
        metadata={
            "help": (
                "Test strength (microcoder_data/verify/strength.py): this many mutants of the first correct reference "
                "run on the verified tests; 0 = off."
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


@dataclass
class TimeLimitConfig:
    """Per-test and per-problem time limits derived from the correct references' CPU times
    (microcoder_data/verify/time_limits.py)."""

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
    time_limit_large_min_size: int = field(
        default=1000,
        metadata={
            "min": 2,
            "help": (
                "A size under this is never large, whatever its bound: 50 elements of nums.length <= 50 (near that "
                "bound) cost any program nothing, and the small floor stops a loop there in time_limit_small_floor_s."
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
class ReferencesConfig:
    """Which references run and how, which tests are kept, and the judge's limits and workers."""

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


# The base listed last gives the first keys (dataclass fields come base first, in reverse
# order of the bases): Verify's own keys, then test generation's, strength's, time limits'.
@dataclass
class VerifyConfig(TimeLimitConfig, StrengthConfig, TestgenConfig, ReferencesConfig):
    """Verify stage: run the reference solutions with microcoder_eval's judge, drop broken and
    non-deterministic tests, generate and cap tests, measure test strength, derive per-problem time limits
    (the steps: microcoder_data/verify/step.py)."""

    @property
    def precap_limit(self) -> int | None:
        """How many of a problem's tests Verify (and test generation's labelling runs) run at
        most, its largest inputs: ``precap_factor x max_tests`` where the cap keeps the largest
        inputs anyway (cap_by input_size or strength); None = all."""
        if not (self.max_tests and self.precap_factor and self.cap_by in ("input_size", "strength")):
            return None
        return self.max_tests * self.precap_factor
