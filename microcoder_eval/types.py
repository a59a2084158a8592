"""The evaluator's vocabulary: what a test is, how it is judged, what a verdict says.

Every other package (the dataset pipeline, the reward function, the trainer adapters)
speaks these types, so they carry no behaviour beyond (de)serialisation.

Test encoding
-------------
* ``stdin`` tests: ``input`` is the exact text fed to the program's standard input,
  ``output`` the expected standard output.
* ``functional`` tests: ``input`` is JSON text holding the call's arguments, either a
  list (positional) or an object (keyword arguments); ``output`` is JSON text of the
  expected return value.  LiveCodeBench's "one JSON value per line" form is converted
  by the readers, never here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from enum import Enum
from typing import Any, Literal, Mapping

Mode = Literal["stdin", "functional"]

DEFAULT_TOLERANCE = 1e-6
DEFAULT_TIME_LIMIT_S = 6.0
DEFAULT_MEMORY_LIMIT_MB = 4096
DEFAULT_OUTPUT_LIMIT_MB = 64
DEFAULT_NEAR_LIMIT_MARGIN = 0.2
# Share of a test's elapsed time spent waiting for a CPU from which the host counts as busy.
DEFAULT_NEAR_LIMIT_MIN_WAIT = 0.1


class Verdict(str, Enum):
    ACCEPTED = "accepted"
    WRONG_ANSWER = "wrong_answer"
    TIME_LIMIT = "time_limit"
    MEMORY_LIMIT = "memory_limit"
    RUNTIME_ERROR = "runtime_error"
    COMPILE_ERROR = "compile_error"
    OUTPUT_LIMIT = "output_limit"
    NO_CODE = "no_code"
    INCOMPLETE = "incomplete"  # the model's answer was cut off (e.g. an unclosed fence)
    # Not the candidate's doing: its sandbox worker was lost twice, or the host was so
    # overloaded that a test passed the wall-clock backstop waiting for a CPU.  Trainers
    # give it zero advantage (neither reward nor punish); evaluations should re-judge it.
    INFRA_ERROR = "infra_error"

    def __str__(self) -> str:  # so f-strings and JSON show the plain value
        return self.value


@dataclass(frozen=True)
class TestCase:
    input: str
    output: str
    # CPU seconds for this test alone (Verify derives one per test: a small input gets a small
    # limit); None = the task's.  It can only tighten the task's limit (sandbox.client.test_limits).
    time_limit_s: float | None = None

    __test__ = False  # keep pytest from collecting this class


@dataclass(frozen=True)
class JudgingRule:
    """How outputs are compared; derived from the statement or set by metadata.

    ``float_tolerance``: abs-or-rel tolerance applied only where the expected token is a
    non-integer number (``None`` disables tolerance: numbers must match as text).
    ``any_case``: letters compare case-insensitively (statement says "in any case").
    ``any_order``: the answer's lines (stdin) or top-level items (functional) form a
    multiset (statement says "in any order").
    """

    float_tolerance: float | None = DEFAULT_TOLERANCE
    any_case: bool = False
    any_order: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "JudgingRule":
        if not data:
            return cls()
        known = {f.name: data[f.name] for f in fields(cls) if f.name in data}  # a new switch is read with no edit here
        return cls(**known)


@dataclass(frozen=True)
class Limits:
    time_limit_s: float = DEFAULT_TIME_LIMIT_S  # CPU seconds per test
    memory_limit_mb: int = DEFAULT_MEMORY_LIMIT_MB  # address space of the child
    output_limit_mb: int = DEFAULT_OUTPUT_LIMIT_MB  # stdout/stderr/result size per test
    # A time-out at most this fraction over the limit is run once more before it is final
    # (the test is killed only at limit x (1 + margin)); 0 = kill at the limit, no re-run.
    near_limit_margin: float = DEFAULT_NEAR_LIMIT_MARGIN
    # ... but only on a busy host: when the test, at the limit, had waited for a CPU at least
    # this share of its elapsed time.  On a quiet host CPU time repeats to a few percent, so
    # the grace would only make every endless loop cost 20% more; 0 = grace always.
    near_limit_min_wait: float = DEFAULT_NEAR_LIMIT_MIN_WAIT

    @property
    def wall_limit_s(self) -> float:
        # The time limit itself is on CPU time and on elapsed time net of run-queue waits
        # (see sandbox.procfs.Clock), both load-independent.  Raw wall clock is only
        # a backstop for a host so overloaded that even those can't be trusted.
        return self.time_limit_s * 3.0 + 5.0


@dataclass(frozen=True)
class JudgeTask:
    """Everything the judge needs to judge a candidate for one problem."""

    mode: Mode
    tests: tuple[TestCase, ...]
    fn_name: str | None = None
    rule: JudgingRule = field(default_factory=JudgingRule)
    time_limit_s: float | None = None  # per-problem override of Limits.time_limit_s (a test's own may tighten it)
    memory_limit_mb: int | None = None  # per-task override of Limits.memory_limit_mb

    def __post_init__(self) -> None:
        if self.mode not in ("stdin", "functional"):
            raise ValueError(f"mode must be 'stdin' or 'functional', got {self.mode!r}")
        if self.mode == "functional" and not self.fn_name:
            raise ValueError("functional tasks need fn_name")
        if not isinstance(self.tests, tuple):
            object.__setattr__(self, "tests", tuple(self.tests))


@dataclass
class TestResult:
    verdict: Verdict
    time_s: float = 0.0  # CPU seconds
    wall_s: float = 0.0
    comparison: str | None = None  # which comparator accepted the test
    detail: str | None = None  # short diff or error message on failure
    actual: str | None = None  # the program's output, kept only when asked (Verify stage)
    rerun: bool = False  # timed out near the limit once: this is the second run's result
    index: int | None = None  # the test's position in the task (results may come in another order)

    __test__ = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "time_s": round(self.time_s, 4),
            "wall_s": round(self.wall_s, 4),
            "comparison": self.comparison,
            "detail": self.detail,
            **({"test": self.index} if self.index is not None else {}),
            **({"rerun": True} if self.rerun else {}),
        }


@dataclass
class CandidateResult:
    verdict: Verdict
    tests: list[TestResult] = field(default_factory=list)
    tests_total: int = 0
    detail: str | None = None

    @property
    def passed(self) -> bool:
        return self.verdict is Verdict.ACCEPTED

    @property
    def tests_passed(self) -> int:
        return sum(1 for t in self.tests if t.verdict is Verdict.ACCEPTED)

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "passed": self.passed,
            "tests_passed": self.tests_passed,
            "tests_total": self.tests_total,
            "detail": self.detail,
            "tests": [t.to_dict() for t in self.tests],
        }
