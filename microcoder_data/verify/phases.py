"""Verify's phases, in the order :meth:`VerifyStep.run_with` calls them (the numbers are
those of :mod:`.step`'s docstring): generate tests (0.), open the judge tasks (pre-cap),
run the references (1.), sort them (2.-3.), check the rule (4.), determinism (5.),
strength (before 6.), cap and finish (6.-8.), large tests (9.).  Each works on a
:class:`~.state.Batch` and its problems' :class:`~.state.ProblemState`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from microcoder_data.schema import Problem
from microcoder_data.testgen.augment import Asked, Augmented, augment
from microcoder_data.testgen.input_size import Reading, read_input_spec
from microcoder_data.testgen.precap import precap_positions
from microcoder_data.testgen.refusal import refusal_of
from microcoder_data.verify.large import add_large_tests
from microcoder_data.verify.state import Batch, ProblemState, Runs, p_refs, timed_runs
from microcoder_data.verify.strength import Strength, cap_by_strength, known_wrong, measure
from microcoder_data.verify.time_limits import derive_time_limit, large_flags, with_test_limits
from microcoder_eval.types import CandidateResult, JudgeTask, Verdict


def expected_ok(task: JudgeTask, expected: str) -> str | None:
    """Why an expected output cannot be judged under the task's rule (None = fine)."""
    from microcoder_eval.compare import compare_functional, compare_stdout, parse_json_value

    if task.mode == "functional":
        try:
            parse_json_value(expected)
        except (ValueError, TypeError) as exc:
            return f"expected output is not a JSON value ({exc})"
        cmp = compare_functional(expected, expected, task.rule)
    else:
        cmp = compare_stdout(expected, expected, task.rule)
    if not cmp.ok:
        return f"expected output does not match itself under the rule ({cmp.diff})"
    return None


# --------------------------------------------------------------------------- 0. and the tasks


def generate_tests(b: Batch, judge: Any) -> None:
    """Generated tests appended to the problems (0.); their inputs per problem."""
    c = b.cfg
    if not (c.augment_tests_to or c.strength_mutants):
        return
    todo = {i: p for i, p in enumerate(b.problems) if p_refs(p, c.max_references) and p.tests}
    refs = {i: p_refs(p, c.max_references) for i, p in todo.items()}
    b.augmented = augment(todo, refs, judge, c, Asked(strength=bool(c.strength_mutants), precap=c.precap_limit))
    for i, a in b.augmented.items():
        if a.added:
            b.problems[i].tests = list(b.problems[i].tests) + a.added
            b.generated[i] = {t.input for t in a.added}


def open_tasks(b: Batch) -> None:
    """Each problem's judge task, pre-capped: with cap_by=input_size, a problem with many tests
    runs only its precap_factor * max_tests largest-input tests (the cap would drop the rest
    anyway).  A problem without a task, or without a reference where one is required, is
    rejected; the others' references run next."""
    c = b.cfg
    for i, p in enumerate(b.problems):
        try:
            b.tasks[i] = p.judge_task()
        except Exception as exc:
            b.out[i] = b.reject(p, f"verify: cannot build a judge task: {exc}")
    for i, task in list(b.tasks.items()):
        chosen = precap_positions(task.tests, c.precap_limit)
        if chosen is not None:
            b.tasks[i] = replace(task, tests=tuple(task.tests[t] for t in chosen))
            b.precapped[i] = len(task.tests) - len(chosen)
            b.positions[i] = chosen
    b.unverified = [i for i in b.tasks if not b.refs(i)]
    for i in b.unverified:
        if c.require_reference:
            b.out[i] = b.reject(b.problems[i], "verify: no reference solution to verify the tests with")
    b.todo = [i for i in b.tasks if i not in b.out and i not in b.unverified]


# --------------------------------------------------------------------------- 1.-3. references


References = dict[tuple[int, int], CandidateResult]  # (problem, reference) -> its run


def run_references(
    b: Batch, judge: Any, judged: Callable[[], None]
) -> tuple[References, dict[int, list[Runs]], dict[int, set[int]]]:
    """Every reference on every test (1.): the results, the in-child determinism repeats, and
    the references whose generation run is reused.  With determinism "same_child" the first
    reference gets every test twice in one candidate (the repeat is the second run).
    ``judged`` is called once per problem when its references are done."""
    c = b.cfg
    items: list[tuple[int, int, JudgeTask]] = []
    results: References = {}
    reused_refs: dict[int, set[int]] = {}
    for i in b.todo:
        task = b.tasks[i]
        for r in range(len(b.refs(i))):
            reused = _reused_run(b.augmented.get(i), r, task, b.positions.get(i))
            if reused is not None:  # its determinism repeat is a fresh run later
                results[(i, r)] = reused
                reused_refs.setdefault(i, set()).add(r)
                continue
            if r == 0 and b.same_child:
                task_r = replace(task, tests=tuple(task.tests) * c.determinism_runs)
            else:
                task_r = task
            items.append((i, r, task_r))
    repeats: dict[int, list[Runs]] = {}
    runs = judge.judge_many(((t, b.refs(i)[r]) for i, r, t in items), stop_on_failure=False, keep_outputs=True)
    last_run = {i: k for k, (i, _, _) in enumerate(items)}
    for _ in range(sum(1 for i in range(len(b.problems)) if i not in last_run)):
        judged()  # nothing of theirs to run
    for k, ((i, r, task_r), res) in enumerate(zip(items, runs)):
        if last_run[i] == k:
            judged()
        n = len(b.tasks[i].tests)
        if task_r is not b.tasks[i]:
            everything = _per_test(res, len(task_r.tests))
            repeats[i] = [everything[j * n : (j + 1) * n] for j in range(1, c.determinism_runs)]
            res = CandidateResult(res.verdict, [t for t in everything[:n] if t is not None], n, res.detail)
        results[(i, r)] = res
    return results, repeats, reused_refs


def sort_references(
    b: Batch, results: References, repeats: dict[int, list[Runs]], reused_refs: dict[int, set[int]]
) -> None:
    """The correct references (2.; none: the problem is rejected) and the tests they all pass
    (3.): each problem's state starts here."""
    c = b.cfg
    for i in b.todo:
        p, n = b.problems[i], len(b.tasks[i].tests)
        refs = b.refs(i)
        per_ref = [_per_test(results[(i, r)], n) for r in range(len(refs))]
        passed = [sum(1 for t in tr if t is not None and t.verdict is Verdict.ACCEPTED) for tr in per_ref]
        correct = [
            r for r in range(len(refs)) if n and passed[r] / n >= c.min_reference_pass_fraction and passed[r] > 0
        ]
        if not correct:
            best = max(range(len(refs)), key=lambda r: passed[r])
            verdict = results[(i, best)].verdict.value
            b.out[i] = b.reject(
                p,
                f"verify: all {len(refs)} reference solution(s) fail (best passes {passed[best]}/{n} tests; {verdict})",
            )
            continue
        keep = [
            all(per_ref[r][t] is not None and per_ref[r][t].verdict is Verdict.ACCEPTED for r in correct)
            for t in range(n)
        ]
        stats = {
            "references_tested": len(refs),
            "references_correct": len(correct),
            "tests_in": b.tests_in[i],
            "dropped_disagree": keep.count(False),
        }
        # generation's runs counted their steps: their CPU time is no plain run's
        st = ProblemState(
            per_ref, correct, keep, stats, counted=reused_refs.get(i, set()) if c.augment_step_budget else set()
        )
        if b.same_child and correct[0] == 0 and i in repeats:
            st.repeats = repeats[i]  # the repeat runs of the reference checked for determinism
        b.state[i] = st


# --------------------------------------------------------------------------- 4.-5. rule, determinism


def check_rule(b: Batch) -> None:
    """Expected outputs the judging rule cannot read are dropped (4.); a problem without a
    reference (kept unverified) gets its state here."""
    for i in list(b.state) + [i for i in b.unverified if i not in b.out]:
        task = b.tasks[i]
        st = b.state.setdefault(
            i,
            ProblemState(
                keep=[True] * len(task.tests),
                stats={"references_tested": 0, "references_correct": 0, "tests_in": b.tests_in[i]},
            ),
        )
        if b.cfg.check_rule:
            bad = 0
            for t, test in enumerate(task.tests):
                if st.keep[t] and expected_ok(task, test.output) is not None:
                    st.keep[t] = False
                    bad += 1
            st.stats["dropped_rule"] = bad


def check_determinism(b: Batch, judge: Any) -> None:
    """The first correct reference, run again on the kept tests (5.): its in-child repeats when
    it was reference 0 under "same_child", else a fresh candidate; a test whose verdict or
    output changes is flagged (and dropped with ``drop_nondeterministic``)."""
    c = b.cfg
    if c.determinism_runs < 2:
        return
    rerun = [i for i, st in b.state.items() if st.correct and any(st.keep)]
    fresh = [i for i in rerun if b.state[i].repeats is None]
    items = []
    for i in fresh:
        idx = b.state[i].kept()
        items.append((i, idx, replace(b.tasks[i], tests=tuple(b.tasks[i].tests[t] for t in idx))))
    refs_for = {i: b.refs(i)[b.state[i].correct[0]] for i in fresh}
    for _ in range(c.determinism_runs - 1):
        again = judge.judge_many(((sub, refs_for[i]) for i, _, sub in items), stop_on_failure=False, keep_outputs=True)
        for (i, idx, sub), res in zip(items, again):
            second = _per_test(res, len(idx))
            full: Runs = [None] * len(b.tasks[i].tests)
            for k, t in enumerate(idx):
                full[t] = second[k]
            st = b.state[i]
            st.repeats = (st.repeats or []) + [full]
    for i in rerun:
        _flag_nondeterministic(b.state[i], c.drop_nondeterministic)


def _flag_nondeterministic(st: ProblemState, drop: bool) -> None:
    first = st.per_ref[st.correct[0]]
    flagged: set[int] = set()
    for again in st.repeats or []:
        for t, k in enumerate(st.keep):
            if not k:
                continue
            a, b = first[t], again[t]
            if a is None or b is None or a.verdict is not b.verdict or _norm_output(a.actual) != _norm_output(b.actual):
                flagged.add(t)
    nd = sorted(flagged)
    st.stats["nondeterministic"] = len(nd)
    if nd:
        st.stats["nondeterministic_tests"] = nd
    if drop:
        for t in nd:
            st.keep[t] = False


# --------------------------------------------------------------------------- strength, 6.-9.


def measure_strength(b: Batch, judge: Any) -> dict[int, Strength]:
    """Mutants of the first correct reference on the verified tests (before the cap)."""
    c = b.cfg
    if not c.strength_mutants and not any(known_wrong(p) for p in b.problems):
        return {}
    jobs = {}
    for i, st in b.state.items():
        idx = st.kept()
        if i in b.out or not st.correct or not idx:
            continue
        ref = b.refs(i)[st.correct[0]]
        probes = b.augmented[i].probes if i in b.augmented else []
        st.strength_cols = idx
        jobs[i] = (
            replace(b.tasks[i], tests=tuple(b.tasks[i].tests[t] for t in idx)),
            ref,
            probes,
            b.problems[i].id,
            known_wrong(b.problems[i]),
        )
    return measure(
        judge,
        jobs,
        max_mutants=c.strength_mutants,
        time_limit_s=c.strength_time_limit_s,
        memory_limit_mb=c.strength_memory_limit_mb,
        step_budget=c.strength_step_budget,
    )


def cap_and_finish(b: Batch, strength: dict[int, Strength]) -> set[str]:
    """Each problem still in: its tests capped (6.), its counts recorded, then rejected (7.) or
    written back with its time limit (8.).  Returns the ids whose time limit this build derived."""
    derived: set[str] = set()
    for i, st in b.state.items():
        if i in b.out:
            continue
        idx = _cap(b, i, st, strength)
        _record_tests(b, i, st, idx, strength.get(i))
        _finish(b, i, st, idx, derived)
    return derived


def _cap(b: Batch, i: int, st: ProblemState, strength: dict[int, Strength]) -> list[int]:
    """The kept tests, at most ``max_tests`` of them, in their order."""
    c, task = b.cfg, b.tasks[i]
    idx = st.kept()
    capped = 0

    def size(t: int) -> tuple:
        return (-len(task.tests[t].input), -len(task.tests[t].output), t)

    if c.max_tests and len(idx) > c.max_tests:
        if c.cap_by == "strength" and i in strength:  # strength's columns are the positions in idx
            chosen = [
                idx[k] for k in cap_by_strength(list(range(len(idx))), strength[i], c.max_tests, lambda k: size(idx[k]))
            ]
        else:
            cost = size
            if c.cap_by == "time" and st.correct:

                def cost(t: int) -> tuple:
                    times = [run.time_s for run in timed_runs(st, [t]) if run is not None]
                    return (-max(times or [0.0]), -len(task.tests[t].input), t)

            chosen = sorted(sorted(idx, key=cost)[: c.max_tests])
        capped = len(idx) - len(chosen)
        idx = chosen
    st.stats["capped"] = capped + b.precapped.get(i, 0)
    st.stats["tests_kept"] = len(idx)
    return idx


def _record_tests(b: Batch, i: int, st: ProblemState, idx: list[int], s: Strength | None) -> None:
    """Which kept tests are generated, how generation went, and the kept tests' strength."""
    c, task = b.cfg, b.tasks[i]
    if i in b.generated:
        # which of the kept tests are generated (positions in the problem's final tests)
        marks = [k for k, t in enumerate(idx) if task.tests[t].input in b.generated[i]]
        st.stats["tests_generated"] = len(marks)
        st.stats["generated_tests"] = marks
    if i in b.augmented and b.augmented[i].info:
        st.stats["generation"] = b.augmented[i].info
    if s is not None:
        pre = st.strength_cols or []
        kept_cols = [pre.index(t) for t in idx if t in pre]
        if c.strength_mutants:
            st.stats["strength"] = {
                "mutants": s.mutants,
                "counted": len(s.first_kill),
                "basis": s.basis,
                "share": s.share(kept_cols),
            }
        if s.known_wrong:
            st.stats["known_wrong"] = {"programs": s.known_wrong, "rejected": s.known_wrong_share(kept_cols)}


def _finish(b: Batch, i: int, st: ProblemState, idx: list[int], derived: set[str]) -> None:
    """Too few tests or too weak ones: rejected (7.); else the problem gets its kept tests, its
    correct references, its time limit (8.) and ``provenance["verify"]``."""
    c, p, task = b.cfg, b.problems[i], b.tasks[i]
    verified = bool(st.correct)
    if len(idx) < c.min_tests:
        b.out[i] = b.reject(
            p, f"verify: {len(idx)} verified test(s) left < min_tests={c.min_tests} ({_summary(st.stats)})"
        )
        return
    share = st.stats.get("strength", {}).get("share")
    if c.min_strength is not None and share is not None and share < c.min_strength:
        b.out[i] = b.reject(
            p, f"verify: tests reject {share:.0%} of the counted mutants < min_strength={c.min_strength:g}"
        )
        return
    refs = b.refs(i)
    if c.derive_time_limit and verified and p.time_limit_s is None:
        p.time_limit_s = derive_time_limit(c, timed_runs(st, idx))
        kept = [task.tests[t] for t in idx]
        large = large_flags(c, b.problems[i], _reading(b, i), kept)
        p.tests = with_test_limits(c, kept, [timed_runs(st, [t]) for t in idx], large)
        derived.add(p.id)
    else:
        p.tests = [task.tests[t] for t in idx]  # (a test's own limit from upstream is kept, like the problem's)
    p.reference_solutions = [refs[r] for r in st.correct]
    p.provenance = {**p.provenance, "verify": {"verified": verified, **st.stats}}
    b.out[i] = p


def add_large(b: Batch, judge: Any, derived: set[str]) -> None:
    """Large tests after the kept ones of each verified problem (9.)."""
    if not b.cfg.large_tests:
        return
    verified = [v for v in b.out.values() if isinstance(v, Problem) and v.provenance.get("verify", {}).get("verified")]
    specs = {
        b.problems[i].id: (a.spec, a.stdin) if a.spec is not None else refusal_of(a.info)
        for i, a in b.augmented.items()
        if a.spec is not None or refusal_of(a.info)
    }
    add_large_tests(verified, judge, b.cfg, derived, specs)


# --------------------------------------------------------------------------- helpers


def _reused_run(aug: Augmented | None, r: int, task: JudgeTask, positions: list[int] | None) -> CandidateResult | None:
    """Reference ``r``'s result on ``task`` from the test generation run, when that run
    passed every one of its tests (within the generation's step budget and time limit,
    no looser than Verify's): the
    same program on the same inputs, so judging it again would only repeat the work."""
    runs = aug.runs.get(r) if aug is not None else None
    if runs is None:
        return None
    picked = positions if positions is not None else range(len(task.tests))
    if len(picked) != len(task.tests) or max(picked, default=-1) >= len(runs):
        return None
    found = [runs[t] for t in picked]
    if any(res is None or res.verdict is not Verdict.ACCEPTED or res.actual is None for res in found):
        return None  # a test generation did not run (pre-capped away) or a failure
    tests = [replace(res, index=k) for k, res in enumerate(found)]
    return CandidateResult(Verdict.ACCEPTED, tests, len(tests), None)


def _reading(b: Batch, i: int) -> Reading:
    """The problem's reading of its constraints: test generation's, else read now."""
    a = b.augmented.get(i)
    if a is not None and a.spec is not None:
        return a.spec, a.stdin
    return read_input_spec(b.problems[i], b.cfg.spec_overrides)


def _norm_output(s: str | None) -> str:
    if s is None:
        return ""
    return "\n".join(line.rstrip() for line in s.replace("\r\n", "\n").rstrip().split("\n"))


def _per_test(result: CandidateResult, n: int) -> Runs:
    tests: Runs = list(result.tests[:n])
    tests += [None] * (n - len(tests))
    return tests


def _summary(stats: dict[str, Any]) -> str:
    keys = ("tests_in", "dropped_disagree", "dropped_rule", "nondeterministic", "capped")
    return ", ".join(f"{k}={stats[k]}" for k in keys if k in stats)
