"""Verify stage: run the reference solutions with microcoder_eval's judge.

For each problem (see :class:`microcoder_data.settings.verify.VerifyConfig` for the knobs):

1. run up to ``max_references`` references on every test (all tests, outputs kept);
2. a reference is *correct* when it passes >= ``min_reference_pass_fraction`` of the
   tests; no correct reference -> the problem is rejected;
3. tests that any correct reference fails are dropped (the test is what is broken);
4. expected outputs are checked against the judging rule (functional: valid JSON value;
   both modes: the comparator accepts the expected output against itself);
5. the first correct reference runs a second time; a test whose verdict or output
   changes is flagged non-deterministic (and dropped when ``drop_nondeterministic``).
   ``determinism: same_child`` (default) makes the second run a repeat of every test in
   the same sandbox child right after the first pass (no second candidate start-up:
   Verify is about twice as fast; it catches unseeded randomness, time- and
   state-dependent output); ``separate`` judges the reference again as a fresh
   candidate (stricter, slower);
6. at most ``max_tests`` tests are kept, in their original order: with ``cap_by: strength``
   first the tests that reject the most mutants (see 0.), then the largest inputs
   (``input_size``), or the slowest reference runs (``time``); with ``input_size`` and
   ``strength`` only the ``precap_factor * max_tests`` largest tests are run at all;
7. fewer than ``min_tests`` left -> rejected; with ``min_strength`` set, tests rejecting
   less than that share of the counted mutants -> rejected.
8. ``time_limit_s`` = factor x the slowest kept test of the correct references (CPU
   seconds), clamped and rounded (:func:`derive_time_limit`), and each test its own:
   factor x their time on that test, with a small floor unless its input is large
   (:mod:`.time_limits`); a limit the problem already has (metadata) is kept.
9. up to ``large_tests`` tests at the largest sizes the constraints allow are added after
   the kept ones, where every correct reference answers them alike within a step budget
   (:mod:`.large`); a derived time limit then covers their runs too.

0. Before 1., functional problems with fewer than ``augment_tests_to`` tests get generated
   tests (:mod:`microcoder_data.testgen.augment`), which then go through 1.-7. like the others; before 6., test
   strength is measured with mutants of the first correct reference (:mod:`.strength`).
   The generation run already ran the references on the old tests and the generated
   inputs: a reference that passed all of them there (within its step budget) is
   not run again in 1., and its determinism repeat in 5. is a fresh run.

What happened is recorded in ``provenance["verify"]`` (counts only -- no timings, so the
output stays byte-reproducible).  The kept ``reference_solutions`` are the correct
references: each passes every kept test.

Each step is a phase of :mod:`.phases`, on a per-problem :class:`~.state.ProblemState`;
:mod:`.schedule` runs the stage in checkpointed shards.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Callable, Iterable, Iterator

from microcoder_data.pipeline.step import Step, StepOutput
from microcoder_data.schema import Problem
from microcoder_data.settings.verify import VERIFY_RUNTIME_KEYS, VerifyConfig
from microcoder_data.verify import phases
from microcoder_data.verify.phases import expected_ok
from microcoder_data.verify.state import Batch
from microcoder_data.verify.time_limits import make_limits

__all__ = ["VerifyStep", "expected_ok"]


class VerifyStep(Step):
    stage = "verify"
    name = "verify"

    def __init__(self, cfg: VerifyConfig | None = None, *, workers: int | None = None) -> None:
        self.cfg = cfg or VerifyConfig()
        self.workers = workers if workers is not None else self.cfg.workers
        self.last_stats: dict[str, int] = {}
        #: progress: called once per problem when its references have been judged (the bulk of
        #: Verify's work); set by a local runner for its bar, None where the step is shipped (Ray)
        self.on_judged: Callable[[], None] | None = None

    # -- entry points ---------------------------------------------------------------
    def run(self, problems: Iterable[Problem]) -> Iterator[StepOutput]:
        from microcoder_eval.judge import Judge

        problems = list(problems)
        if not problems:
            return
        with Judge(workers=self.workers, limits=make_limits(self.cfg)) as judge:
            yield from self.run_with(problems, judge)

    def run_with(self, problems: list[Problem], judge: Any) -> Iterator[StepOutput]:
        """Verify with an open judge (the runner keeps one judge across shards): the phases in order."""
        b = Batch(self.cfg, problems, self.reject, tests_in={i: len(p.tests) for i, p in enumerate(problems)})
        phases.generate_tests(b, judge)
        phases.open_tasks(b)
        phases.sort_references(b, *phases.run_references(b, judge, self.on_judged or (lambda: None)))
        phases.check_rule(b)
        phases.check_determinism(b, judge)
        strength = phases.measure_strength(b, judge)
        derived = phases.cap_and_finish(b, strength)
        phases.add_large(b, judge, derived)
        self.last_stats = {"in": len(problems), "kept": sum(1 for v in b.out.values() if isinstance(v, Problem))}
        for i in range(len(problems)):
            yield b.out[i]

    def describe(self) -> dict[str, Any]:
        d = {k: v for k, v in vars(self.cfg).items() if k not in VERIFY_RUNTIME_KEYS}
        d["limits"] = asdict(make_limits(self.cfg))
        return d
