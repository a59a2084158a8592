"""Verify stage: run the reference solutions with microcoder_eval's judge.

For each problem (see :class:`microcoder_data.config.VerifyConfig` for the knobs):

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
   seconds), clamped and rounded (:func:`derive_time_limit`); a limit the problem
   already has (metadata) is kept.
9. up to ``large_tests`` tests at the largest sizes the constraints allow are added after
   the kept ones, where every correct reference answers them alike within a step budget
   (:mod:`.large`); a derived time limit then covers their runs too.

0. Before 1., functional problems with fewer than ``augment_tests_to`` tests get generated
   tests (:mod:`.augment`), which then go through 1.-7. like the others; before 6., test
   strength is measured with mutants of the first correct reference (:mod:`.strength`).
   The generation run already ran the references on the old tests and the generated
   inputs: a reference that passed all of them there (within its step budget) is
   not run again in 1., and its determinism repeat in 5. is a fresh run.

What happened is recorded in ``provenance["verify"]`` (counts only -- no timings, so the
output stays byte-reproducible).  The kept ``reference_solutions`` are the correct
references: each passes every kept test.
"""
from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any, Callable, Iterable, Iterator

from microcoder_data.config import VERIFY_RUNTIME_KEYS, VerifyConfig
from microcoder_data.pipeline.step import Step, StepOutput
from microcoder_data.schema import Problem
from microcoder_data.testgen.augment import Augmented, augment
from microcoder_data.verify.large import add_large_tests
from microcoder_data.testgen.precap import precap_positions
from microcoder_data.verify.strength import Strength, cap_by_strength, known_wrong, measure
from microcoder_data.verify.time_limits import derive_time_limit, make_limits
from microcoder_eval.types import CandidateResult, JudgeTask, TestCase, TestResult, Verdict


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


def _norm_output(s: str | None) -> str:
    if s is None:
        return ""
    return "\n".join(line.rstrip() for line in s.replace("\r\n", "\n").rstrip().split("\n"))


def _per_test(result: CandidateResult, n: int) -> list[TestResult | None]:
    tests: list[TestResult | None] = list(result.tests[:n])
    tests += [None] * (n - len(tests))
    return tests


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
        """Verify with an open judge (the runner keeps one judge across shards)."""
        c = self.cfg
        out: dict[int, StepOutput] = {}
        tasks: dict[int, JudgeTask] = {}
        tests_in = {i: len(p.tests) for i, p in enumerate(problems)}
        generated, augmented = self._augment(problems, judge)
        for i, p in enumerate(problems):
            try:
                tasks[i] = p.judge_task()
            except Exception as exc:
                out[i] = self.reject(p, f"verify: cannot build a judge task: {exc}")
        # pre-cap: with cap_by=input_size, a problem with many tests runs only its
        # precap_factor * max_tests largest-input tests (the cap would drop the rest anyway)
        precapped: dict[int, int] = {}
        positions: dict[int, list[int]] = {}  # the tests a pre-capped task kept (positions in p.tests)
        for i, task in list(tasks.items()):
            chosen = precap_positions(task.tests, c)
            if chosen is not None:
                tasks[i] = replace(task, tests=tuple(task.tests[t] for t in chosen))
                precapped[i] = len(task.tests) - len(chosen)
                positions[i] = chosen
        unverified = [i for i in tasks if not p_refs(problems[i], c.max_references)]
        for i in unverified:
            if c.require_reference:
                out[i] = self.reject(problems[i], "verify: no reference solution to verify the tests with")
        # ---- run 1: every reference on every test.  With determinism "same_child" the first
        # reference gets every test twice in one candidate (the repeat is the second run)
        todo = [i for i in tasks if i not in out and i not in unverified]
        same_child = c.determinism_runs >= 2 and c.determinism == "same_child"
        items: list[tuple[int, int, JudgeTask]] = []
        results: dict[tuple[int, int], CandidateResult] = {}
        reused_refs: dict[int, set[int]] = {}
        for i in todo:
            task = tasks[i]
            for r in range(len(p_refs(problems[i], c.max_references))):
                reused = _reused_run(augmented.get(i), r, task, positions.get(i))
                if reused is not None:  # its determinism repeat is a fresh run below
                    results[(i, r)] = reused
                    reused_refs.setdefault(i, set()).add(r)
                    continue
                if r == 0 and same_child:
                    task_r = replace(task, tests=tuple(task.tests) * c.determinism_runs)
                else:
                    task_r = task
                items.append((i, r, task_r))
        repeats: dict[int, list[list[TestResult | None]]] = {}
        runs = judge.judge_many(((t, p_refs(problems[i], c.max_references)[r]) for i, r, t in items),
                                stop_on_failure=False, keep_outputs=True)
        last_run = {i: k for k, (i, _, _) in enumerate(items)}
        judged = self.on_judged or (lambda: None)
        for _ in range(sum(1 for i in range(len(problems)) if i not in last_run)):
            judged()  # nothing of theirs to run
        for k, ((i, r, task_r), res) in enumerate(zip(items, runs)):
            if last_run[i] == k:
                judged()
            n = len(tasks[i].tests)
            if task_r is not tasks[i]:
                everything = _per_test(res, len(task_r.tests))
                repeats[i] = [everything[k * n:(k + 1) * n] for k in range(1, c.determinism_runs)]
                res = CandidateResult(res.verdict, [t for t in everything[:n] if t is not None], n, res.detail)
            results[(i, r)] = res
        state: dict[int, dict[str, Any]] = {}
        for i in todo:
            p, task = problems[i], tasks[i]
            refs = p_refs(p, c.max_references)
            n = len(task.tests)
            per_ref = [_per_test(results[(i, r)], n) for r in range(len(refs))]
            passed = [sum(1 for t in tr if t is not None and t.verdict is Verdict.ACCEPTED) for tr in per_ref]
            correct = [r for r in range(len(refs)) if n and passed[r] / n >= c.min_reference_pass_fraction and passed[r] > 0]
            if not correct:
                best = max(range(len(refs)), key=lambda r: passed[r])
                verdict = results[(i, best)].verdict.value
                out[i] = self.reject(
                    p, f"verify: all {len(refs)} reference solution(s) fail (best passes {passed[best]}/{n} tests; {verdict})"
                )
                continue
            keep = [all(per_ref[r][t] is not None and per_ref[r][t].verdict is Verdict.ACCEPTED for r in correct) for t in range(n)]
            stats = {
                "references_tested": len(refs),
                "references_correct": len(correct),
                "tests_in": tests_in[i],
                "dropped_disagree": keep.count(False),
            }
            st = {"per_ref": per_ref, "correct": correct, "keep": keep, "stats": stats,
                  # generation's runs counted their steps: their CPU time is no plain run's
                  "counted": reused_refs.get(i, set()) if c.augment_step_budget else set()}
            if same_child and correct[0] == 0 and i in repeats:
                st["repeats"] = repeats[i]  # the repeat runs of the reference checked below
            state[i] = st
        # ---- rule check on the kept tests
        for i in list(state) + [i for i in unverified if i not in out]:
            task = tasks[i]
            st = state.setdefault(i, {"per_ref": [], "correct": [], "keep": [True] * len(task.tests),
                                      "stats": {"references_tested": 0, "references_correct": 0, "tests_in": tests_in[i]}})
            if c.check_rule:
                bad = 0
                for t, test in enumerate(task.tests):
                    if st["keep"][t] and expected_ok(task, test.output) is not None:
                        st["keep"][t] = False
                        bad += 1
                st["stats"]["dropped_rule"] = bad
        # ---- determinism: the first correct reference, run again on the kept tests (its
        # in-child repeats when it was reference 0 under "same_child", else a fresh candidate)
        if c.determinism_runs >= 2:
            rerun = [i for i in state if state[i]["correct"] and any(state[i]["keep"])]
            fresh = [i for i in rerun if "repeats" not in state[i]]
            items2 = []
            for i in fresh:
                st = state[i]
                idx = [t for t, k in enumerate(st["keep"]) if k]
                sub = replace(tasks[i], tests=tuple(tasks[i].tests[t] for t in idx))
                items2.append((i, idx, sub))
            refs_for = {i: p_refs(problems[i], c.max_references)[state[i]["correct"][0]] for i in fresh}
            for _ in range(c.determinism_runs - 1):
                res2 = judge.judge_many(((sub, refs_for[i]) for i, _, sub in items2), stop_on_failure=False, keep_outputs=True)
                for (i, idx, sub), res in zip(items2, res2):
                    second = _per_test(res, len(idx))
                    full: list[TestResult | None] = [None] * len(tasks[i].tests)
                    for k, t in enumerate(idx):
                        full[t] = second[k]
                    state[i].setdefault("repeats", []).append(full)
            for i in rerun:
                st = state[i]
                first = st["per_ref"][st["correct"][0]]
                flagged: set[int] = set()
                for again in st.get("repeats", []):
                    for t, k in enumerate(st["keep"]):
                        if not k:
                            continue
                        a, b = first[t], again[t]
                        if a is None or b is None or a.verdict is not b.verdict or _norm_output(a.actual) != _norm_output(b.actual):
                            flagged.add(t)
                nd = sorted(flagged)
                st["stats"]["nondeterministic"] = len(nd)
                if nd:
                    st["stats"]["nondeterministic_tests"] = nd
                if c.drop_nondeterministic:
                    for t in nd:
                        st["keep"][t] = False
        strength = self._strength(problems, tasks, state, out, augmented, judge)
        # ---- cap, min tests, write back
        derived: set[str] = set()  # the problems whose time limit this build derived
        for i, st in state.items():
            if i in out:
                continue
            p, task = problems[i], tasks[i]
            idx = [t for t, k in enumerate(st["keep"]) if k]
            capped = 0
            if c.max_tests and len(idx) > c.max_tests:
                if c.cap_by == "strength" and i in strength:
                    # strength's columns are the positions in idx
                    def size(t: int) -> tuple:
                        return (-len(task.tests[t].input), -len(task.tests[t].output), t)
                    chosen = [idx[k] for k in cap_by_strength(list(range(len(idx))), strength[i], c.max_tests, lambda k: size(idx[k]))]
                    capped = len(idx) - len(chosen)
                    idx = chosen
                elif c.cap_by == "time" and st["correct"]:
                    def cost(t: int) -> tuple:
                        times = [run.time_s for run in _timed_runs(st, [t]) if run is not None]
                        return (-max(times or [0.0]), -len(task.tests[t].input), t)
                else:
                    def cost(t: int) -> tuple:
                        return (-len(task.tests[t].input), -len(task.tests[t].output), t)
                if not (c.cap_by == "strength" and i in strength):
                    chosen = sorted(sorted(idx, key=cost)[: c.max_tests])
                    capped = len(idx) - len(chosen)
                    idx = chosen
            st["stats"]["capped"] = capped + precapped.get(i, 0)
            st["stats"]["tests_kept"] = len(idx)
            if i in generated:
                # which of the kept tests are generated (positions in the problem's final tests)
                marks = [k for k, t in enumerate(idx) if task.tests[t].input in generated[i]]
                st["stats"]["tests_generated"] = len(marks)
                st["stats"]["generated_tests"] = marks
            if i in augmented and augmented[i].info:
                st["stats"]["generation"] = augmented[i].info
            if i in strength:
                s = strength[i]
                pre = st.pop("strength_cols")
                kept_cols = [pre.index(t) for t in idx if t in pre]
                if c.strength_mutants:
                    st["stats"]["strength"] = {"mutants": s.mutants, "counted": len(s.first_kill), "basis": s.basis,
                                               "share": s.share(kept_cols)}
                if s.known_wrong:
                    st["stats"]["known_wrong"] = {"programs": s.known_wrong, "rejected": s.known_wrong_share(kept_cols)}
            verified = bool(st["correct"])
            if len(idx) < c.min_tests:
                out[i] = self.reject(
                    p,
                    f"verify: {len(idx)} verified test(s) left < min_tests={c.min_tests} "
                    f"({_summary(st['stats'])})",
                )
                continue
            share = st["stats"].get("strength", {}).get("share")
            if c.min_strength is not None and share is not None and share < c.min_strength:
                out[i] = self.reject(p, f"verify: tests reject {share:.0%} of the counted mutants < min_strength={c.min_strength:g}")
                continue
            refs = p_refs(p, c.max_references)
            if c.derive_time_limit and verified and p.time_limit_s is None:
                p.time_limit_s = derive_time_limit(c, _timed_runs(st, idx))
                derived.add(p.id)
            p.tests = [TestCase(task.tests[t].input, task.tests[t].output) for t in idx]
            p.reference_solutions = [refs[r] for r in st["correct"]]
            p.provenance = {**p.provenance, "verify": {"verified": verified, **st["stats"]}}
            out[i] = p
        if c.large_tests:
            add_large_tests([v for v in out.values() if isinstance(v, Problem)
                             and v.provenance.get("verify", {}).get("verified")],
                            judge, c, derived,
                            {problems[i].id: (a.spec, a.stdin) if a.spec is not None else a.info.get("skipped", "")
                             for i, a in augmented.items() if a.spec is not None or a.info.get("skipped")})
        self.last_stats = {"in": len(problems), "kept": sum(1 for v in out.values() if isinstance(v, Problem))}
        for i in range(len(problems)):
            yield out[i]

    def _augment(self, problems: list[Problem], judge: Any) -> tuple[dict[int, set[str]], dict[int, Augmented]]:
        """Generated tests appended to the problems (step 0.); their inputs per problem."""
        c = self.cfg
        if not (c.augment_tests_to or c.strength_mutants):
            return {}, {}
        todo = {i: p for i, p in enumerate(problems) if p_refs(p, c.max_references) and p.tests}
        aug = augment(todo, {i: p_refs(p, c.max_references) for i, p in todo.items()}, judge, c)
        generated: dict[int, set[str]] = {}
        for i, a in aug.items():
            if a.added:
                problems[i].tests = list(problems[i].tests) + a.added
                generated[i] = {t.input for t in a.added}
        return generated, aug

    def _strength(self, problems: list[Problem], tasks: dict[int, JudgeTask], state: dict[int, dict[str, Any]],
                  out: dict[int, StepOutput], augmented: dict[int, Augmented], judge: Any) -> dict[int, Strength]:
        """Mutants of the first correct reference on the verified tests (before the cap)."""
        c = self.cfg
        if not c.strength_mutants and not any(known_wrong(p) for p in problems):
            return {}
        jobs = {}
        for i, st in state.items():
            idx = [t for t, k in enumerate(st["keep"]) if k]
            if i in out or not st["correct"] or not idx:
                continue
            ref = p_refs(problems[i], c.max_references)[st["correct"][0]]
            probes = augmented[i].probes if i in augmented else []
            st["strength_cols"] = idx
            jobs[i] = (replace(tasks[i], tests=tuple(tasks[i].tests[t] for t in idx)), ref, probes, problems[i].id,
                       known_wrong(problems[i]))
        return measure(judge, jobs, max_mutants=c.strength_mutants, time_limit_s=c.strength_time_limit_s,
                       memory_limit_mb=c.strength_memory_limit_mb, step_budget=c.strength_step_budget)

    def describe(self) -> dict[str, Any]:
        d = {k: v for k, v in vars(self.cfg).items() if k not in VERIFY_RUNTIME_KEYS}
        d["limits"] = asdict(make_limits(self.cfg))
        return d


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


def _timed_runs(st: dict[str, Any], idx: list[int]) -> list[TestResult | None]:
    """The correct references' runs on tests ``idx`` whose CPU time a time limit may use:
    not those reused from a generation run that counted its steps (the counting costs
    up to ~30%), but the determinism repeat -- a plain run -- in their place; all of them
    when that leaves none."""
    counted = st.get("counted", ())
    plain = [st["per_ref"][r][t] for r in st["correct"] if r not in counted for t in idx]
    if counted:
        plain += [rep[t] for rep in st.get("repeats", []) for t in idx]
    return plain if any(run is not None for run in plain) else [st["per_ref"][r][t] for r in st["correct"] for t in idx]


def p_refs(p: Problem, max_refs: int) -> list[str]:
    return list(p.reference_solutions[: max(0, max_refs)])


def _summary(stats: dict[str, Any]) -> str:
    keys = ("tests_in", "dropped_disagree", "dropped_rule", "nondeterministic", "capped")
    return ", ".join(f"{k}={stats[k]}" for k in keys if k in stats)
