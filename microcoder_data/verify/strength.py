"""Test strength: the share of wrong programs (mutants of a correct reference, and the
known-wrong programs a source ships) a problem's tests reject, and a cap that keeps the
tests rejecting the most of them.

A mutant counts only when *some* test rejects it -- the problem's verified tests before
the cap, plus the generated probes where there are any (``strength_probes``) -- since a
mutant nothing rejects may well be a correct program (an equivalent mutant).  Mutants
run in the judge's sandbox, counting their steps (``strength_step_budget``: a mutant stuck
in a loop stops there, not at the problem's limit; ``strength_time_limit_s`` is the
backstop for work inside C, ``strength_memory_limit_mb`` ends one filling memory early);
each rejects it, as a time-out would a policy's program.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator

from microcoder_data.testgen.cost import counting_run
from microcoder_data.verify.mutants import make_mutants
from microcoder_eval.types import JudgeTask, TestCase, Verdict


@dataclass
class Strength:
    mutants: int  # mutants made (and run)
    first_kill: list[int]  # per counted mutant: the first test rejecting it (n_tests = only a probe does)
    n_tests: int
    basis: str  # "tests" | "tests+probes": what a mutant must be rejected by to count
    known_wrong: int = 0  # the source's known-wrong programs run (provenance "incorrect_solutions")
    known_first_kill: list[int] = field(default_factory=list)  # per one rejected: its first killer, as above

    def known_wrong_share(self, tests: list[int] | None = None) -> float | None:
        """Share of ALL the known-wrong programs (they are wrong: none is discounted) that the
        given tests (default: all) reject; None without any."""
        if not self.known_wrong:
            return None
        keep = set(range(self.n_tests) if tests is None else tests)
        return round(sum(1 for k in self.known_first_kill if k in keep) / self.known_wrong, 4)

    def share(self, tests: list[int] | None = None) -> float | None:
        """Share of the counted mutants the given tests (default: all) reject.  Exact
        when ``tests`` holds every first killer among the tests; else a lower bound."""
        if not self.first_kill:
            return None
        keep = set(range(self.n_tests) if tests is None else tests)
        return round(sum(1 for k in self.first_kill if k in keep) / len(self.first_kill), 4)


def known_wrong(problem: Any) -> list[str]:
    """The programs the problem's source ships as wrong (``provenance["incorrect_solutions"]``:
    DebugBench's buggy code, CodeContests' incorrect Python 3 solutions, our own row format's
    ``incorrect_solutions``)."""
    programs = problem.provenance.get("incorrect_solutions") or []
    return [w for w in programs if isinstance(w, str) and w.strip()]


def mutant_run(
    task: JudgeTask, code: str, *, time_limit_s: float, memory_limit_mb: int | None, step_budget: int
) -> tuple[JudgeTask, str]:
    """What the judge runs for one mutant on ``task``'s tests: its code counting its steps
    (judged as usual: a spent budget fails the test), under the mutant limits (the time
    limit no longer than the problem's own)."""
    tl = min(time_limit_s, task.time_limit_s or time_limit_s)
    return counting_run(
        replace(task, time_limit_s=tl, memory_limit_mb=memory_limit_mb or None), code, step_budget, report=False
    )


def measure(
    judge: Any,
    jobs: dict[int, tuple[JudgeTask, str, list[TestCase], str, list[str]]],
    *,
    max_mutants: int,
    time_limit_s: float,
    memory_limit_mb: int | None = None,
    step_budget: int = 0,
) -> dict[int, Strength]:
    """``jobs``: problem index -> (task with the tests, reference, probes, seed, the source's
    known-wrong programs).  Each mutant, then each known-wrong program, runs on the tests,
    then the probes, until the first one rejects it; with a ``step_budget``, counting its
    steps (:mod:`microcoder_data.testgen.cost`): one that spends them on a test is rejected there, on every build
    alike (a known-wrong program stuck in a loop included)."""
    owners: list[tuple[int, bool]] = []  # (problem, known-wrong?) of each run, in judging order
    count: dict[int, int] = {}

    def runs() -> Iterator[tuple[JudgeTask, str]]:
        # lazy: the next problem's mutants are made while the judge runs the earlier ones
        for i, (task, ref, probes, seed, known_wrong) in jobs.items():
            muts = make_mutants(ref, max_mutants, seed=seed) if max_mutants else []
            count[i] = len(muts)
            full = replace(task, tests=tuple(task.tests) + tuple(probes))
            for code, known in [(m.code, False) for m in muts] + [(w, True) for w in known_wrong]:
                owners.append((i, known))
                yield mutant_run(
                    full, code, time_limit_s=time_limit_s, memory_limit_mb=memory_limit_mb, step_budget=step_budget
                )

    # unsplit: a program's first failing test must be its first killer (the cap keeps those)
    results = list(judge.judge_many(runs(), stop_on_failure=True, split=False))
    firsts: dict[tuple[int, bool], list[int]] = {(i, known): [] for i in jobs for known in (False, True)}
    for owner, res in zip(owners, results):
        if res.verdict is Verdict.ACCEPTED:
            continue  # nothing rejects it: a mutant that may be a correct program, or a weak test set
        bad = [k for k, t in enumerate(res.tests) if t.verdict is not Verdict.ACCEPTED]
        firsts[owner].append(min(bad[0] if bad else 0, len(jobs[owner[0]][0].tests)))
    return {
        i: Strength(
            count[i],
            firsts[(i, False)],
            len(task.tests),
            "tests+probes" if probes else "tests",
            len(known_wrong),
            firsts[(i, True)],
        )
        for i, (task, _, probes, _, known_wrong) in jobs.items()
    }


def cap_by_strength(
    candidates: list[int], strength: Strength, limit: int, tiebreak: Callable[[int], tuple]
) -> list[int]:
    """At most ``limit`` of the candidate tests: first every test that is some mutant's or
    known-wrong program's first killer (most of them first), so the cap loses none of them,
    then the rest by ``tiebreak`` (largest input first); returned in the original order."""
    per_test: dict[int, int] = {}
    for k in strength.first_kill + strength.known_first_kill:
        if k < strength.n_tests:
            per_test[k] = per_test.get(k, 0) + 1
    killers = sorted((t for t in candidates if t in per_test), key=lambda t: (-per_test[t], tiebreak(t)))
    chosen = killers[:limit]
    for t in sorted(candidates, key=tiebreak):
        if len(chosen) >= limit:
            break
        if t not in chosen:
            chosen.append(t)
    return sorted(chosen)
