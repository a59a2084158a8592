"""Test generation's settings: how many tests to generate and how their inputs are drawn and
labelled (``augment``), the large tests (``verify/large.py`` adds them, drawn here), and the
probes the strength measure also runs.

They are keys of the ``verify`` section (``verify.augment_tests_to``): test generation runs
inside the Verify stage, on its judge, and its keys take part in Verify's checkpoint key.
:class:`~microcoder_data.settings.verify.VerifyConfig` extends :class:`TestgenConfig`, and
the test generation code reads only this class (it imports nothing of Verify).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TestgenConfig:
    """Test generation (microcoder_data/testgen): tests drawn within the statement's constraints and
    labelled by the references, the large tests, and the strength measure's probes."""

    __test__ = False  # not a pytest test class, despite the name

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
    strength_probes: int = field(
        default=4,
        metadata={
            "help": (
                "Generated inputs the mutants also run on; they only count mutants (rejected by something), never kept."
            )
        },
    )
