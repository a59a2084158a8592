"""What Verify knows between its phases: one :class:`ProblemState` per problem, and the
:class:`Batch` of problems one call verifies together (see :mod:`.phases`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from microcoder_data.pipeline.step import StepOutput
from microcoder_data.schema import Problem, Reject
from microcoder_data.settings.verify import VerifyConfig
from microcoder_data.testgen.augment import Augmented
from microcoder_eval.types import JudgeTask, TestResult

#: per test of a problem's task: a run's result (None: the run has none for that test)
Runs = list[TestResult | None]


@dataclass
class ProblemState:
    """One problem on its way through the phases, from its references' runs to its outcome.
    ``stats`` becomes ``provenance["verify"]``: its key order is the output's, so each phase
    only ever adds its own keys after the earlier phases' ones."""

    per_ref: list[Runs] = field(default_factory=list)  # each reference's results, by test
    correct: list[int] = field(default_factory=list)  # the references that pass enough tests
    keep: list[bool] = field(default_factory=list)  # by test: still kept
    stats: dict[str, Any] = field(default_factory=dict)
    #: references whose results came from a generation run that counted its steps (their CPU
    #: times are no plain run's)
    counted: set[int] = field(default_factory=set)
    #: the determinism runs of the first correct reference, by test (None: not run yet)
    repeats: list[Runs] | None = None
    #: the tests strength was measured on (positions in the task), set by that phase
    strength_cols: list[int] | None = None

    def kept(self) -> list[int]:
        return [t for t, k in enumerate(self.keep) if k]


@dataclass
class Batch:
    """The problems of one Verify call, by position, and what the phases decided so far."""

    cfg: VerifyConfig
    problems: list[Problem]
    reject: Callable[[Problem, str], Reject]
    tests_in: dict[int, int]  # each problem's tests before generation added any
    generated: dict[int, set[str]] = field(default_factory=dict)  # the generated inputs, by problem
    augmented: dict[int, Augmented] = field(default_factory=dict)
    out: dict[int, StepOutput] = field(default_factory=dict)  # each problem's outcome, once decided
    tasks: dict[int, JudgeTask] = field(default_factory=dict)
    precapped: dict[int, int] = field(default_factory=dict)  # how many tests the pre-cap left out
    positions: dict[int, list[int]] = field(default_factory=dict)  # the tests a pre-capped task kept
    unverified: list[int] = field(default_factory=list)  # problems without a reference
    todo: list[int] = field(default_factory=list)  # problems whose references run
    state: dict[int, ProblemState] = field(default_factory=dict)

    def refs(self, i: int) -> list[str]:
        return p_refs(self.problems[i], self.cfg.max_references)

    @property
    def same_child(self) -> bool:
        """The determinism repeat runs in the first reference's own candidate."""
        return self.cfg.determinism_runs >= 2 and self.cfg.determinism == "same_child"


def p_refs(p: Problem, max_refs: int) -> list[str]:
    return list(p.reference_solutions[: max(0, max_refs)])


def timed_runs(st: ProblemState, idx: list[int]) -> Runs:
    """The correct references' runs on tests ``idx`` whose CPU time a time limit may use:
    not those reused from a generation run that counted its steps (the counting costs
    up to ~30%), but the determinism repeat -- a plain run -- in their place; all of them
    when that leaves none."""
    plain = [st.per_ref[r][t] for r in st.correct if r not in st.counted for t in idx]
    if st.counted:
        plain += [rep[t] for rep in st.repeats or [] for t in idx]
    return plain if any(run is not None for run in plain) else [st.per_ref[r][t] for r in st.correct for t in idx]
