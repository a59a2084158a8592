"""Test strength: the share of wrong programs (mutants of a correct reference) a
problem's tests reject, and a cap that keeps the tests rejecting the most of them.

A mutant counts only when *some* test rejects it -- the problem's verified tests before
the cap, plus the generated probes where there are any (``strength_probes``) -- since a
mutant nothing rejects may well be a correct program (an equivalent mutant).  Mutants
run in the judge's sandbox, counting their steps (``strength_step_budget``: a mutant stuck
in a loop stops there, not at the problem's limit; ``strength_time_limit_s`` is the
backstop for work inside C, ``strength_memory_limit_mb`` ends one filling memory early);
each rejects it, as a time-out would a policy's program.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator

from microcoder_data.verify.cost import counting_run
from microcoder_data.verify.mutants import make_mutants
from microcoder_eval.types import JudgeTask, TestCase, Verdict


@dataclass
class Strength:
    mutants: int  # mutants made (and run)
    first_kill: list[int]  # per counted mutant: the first test rejecting it (n_tests = only a probe does)
    n_tests: int
    basis: str  # "tests" | "tests+probes": what a mutant must be rejected by to count

    def share(self, tests: list[int] | None = None) -> float | None:
        """Share of the counted mutants the given tests (default: all) reject.  Exact
        when ``tests`` holds every first killer among the tests; else a lower bound."""
        if not self.first_kill:
            return None
        keep = set(range(self.n_tests) if tests is None else tests)
        return round(sum(1 for k in self.first_kill if k in keep) / len(self.first_kill), 4)


def mutant_run(task: JudgeTask, code: str, *, time_limit_s: float, memory_limit_mb: int | None,
               step_budget: int) -> tuple[JudgeTask, str]:
    """What the judge runs for one mutant on ``task``'s tests: its code counting its steps
    (judged as usual: a spent budget fails the test), under the mutant limits (the time
    limit no longer than the problem's own)."""
    tl = min(time_limit_s, task.time_limit_s or time_limit_s)
    return counting_run(replace(task, time_limit_s=tl, memory_limit_mb=memory_limit_mb or None), code,
                        step_budget, report=False)


def measure(judge: Any, jobs: dict[int, tuple[JudgeTask, str, list[TestCase], str]], *, max_mutants: int,
            time_limit_s: float, memory_limit_mb: int | None = None, step_budget: int = 0) -> dict[int, Strength]:
    """``jobs``: problem index -> (task with the tests, reference, probes, seed).  Each
    mutant runs on the tests, then the probes, until the first one rejects it; with a
    ``step_budget``, counting its steps (:mod:`.cost`): one that spends them on a test
    is rejected there, on every build alike."""
    owners: list[int] = []  # the problem of each mutant run, in judging order
    count: dict[int, int] = {}

    def mutant_runs() -> Iterator[tuple[JudgeTask, str]]:
        # lazy: the next problem's mutants are made while the judge runs the earlier ones
        for i, (task, ref, probes, seed) in jobs.items():
            muts = make_mutants(ref, max_mutants, seed=seed)
            count[i] = len(muts)
            full = replace(task, tests=tuple(task.tests) + tuple(probes))
            for m in muts:
                owners.append(i)
                yield mutant_run(full, m.code, time_limit_s=time_limit_s, memory_limit_mb=memory_limit_mb,
                                 step_budget=step_budget)

    # unsplit: a mutant's first failing test must be its first killer (the cap keeps those)
    results = list(judge.judge_many(mutant_runs(), stop_on_failure=True, split=False))
    firsts: dict[int, list[int]] = {i: [] for i in jobs}
    for i, res in zip(owners, results):
        if res.verdict is Verdict.ACCEPTED:
            continue  # nothing rejects it: perhaps a correct program
        bad = [k for k, t in enumerate(res.tests) if t.verdict is not Verdict.ACCEPTED]
        firsts[i].append(min(bad[0] if bad else 0, len(jobs[i][0].tests)))
    return {i: Strength(count[i], firsts[i], len(task.tests), "tests+probes" if probes else "tests")
            for i, (task, _, probes, _) in jobs.items()}


def cap_by_strength(candidates: list[int], strength: Strength, limit: int, tiebreak: Callable[[int], tuple]) -> list[int]:
    """At most ``limit`` of the candidate tests: first every test that is some mutant's
    first killer (most mutants first), so the cap loses none of them, then the rest by
    ``tiebreak`` (largest input first); returned in the original order."""
    per_test: dict[int, int] = {}
    for k in strength.first_kill:
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
