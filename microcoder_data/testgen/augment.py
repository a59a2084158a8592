"""Generated tests for problems with few: inputs from the spec (functional arguments, or
a stdin problem's variables written out in its input format), outputs from the
references (run in the judge's sandbox, never in-process).

For a problem with fewer than ``verify.augment_tests_to`` tests whose inputs can be
read (:mod:`~microcoder_data.testgen.inputspec`), inputs are generated
(:mod:`~microcoder_data.testgen.inputgen`) and every reference runs on the existing tests
followed by them, each counting its steps (:mod:`~microcoder_data.testgen.cost`).  The
references that pass the existing tests are the correct ones; an input is kept only when
every correct reference returns on it (within ``augment_step_budget`` steps, the
``augment_time_limit_s`` backstop and ``augment_memory_limit_mb``, with an answer of at most
``MAX_OUTPUT_CHARS``) and they agree
under the problem's judging rule -- an input a reference crashes on breaks a constraint
the reading missed.  The expected output is the first correct reference's answer.  More
inputs are labelled than needed; those with an answer no other test has are kept first.
A few more inputs (``strength_probes``) are labelled the same way but not added: they
only widen the set of wrong programs test strength is measured against.

The generated tests then go through the rest of Verify like any other (all references,
determinism, the judging rule), so a flaky one is dropped there.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

from microcoder_data.schema import Problem
from microcoder_data.settings.testgen import TestgenConfig
from microcoder_data.testgen.answer_checks import AnswerCheck, answer_fault
from microcoder_data.testgen.cost import counting_run, read_run
from microcoder_data.testgen.inputgen import generate_inputs, problem_seed
from microcoder_data.testgen.input_size import read_input_spec
from microcoder_data.testgen.inputspec import InputSpec
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.precap import precap_positions
from microcoder_data.testgen.refusal import Refusal, refused
from microcoder_data.testgen.spec_file import override_path, reading_dict
from microcoder_data.testgen.stdin_format import StdinSpec, args_json
from microcoder_data.testgen.validator import accepted, fault, program, validation_task, verdicts
from microcoder_eval.types import JudgeTask, TestCase, TestResult, Verdict

MAX_OUTPUT_CHARS = 20_000  # a generated test's expected answer; bigger ones make slow rewards
PLACEHOLDER = "null"  # expected output while the references are asked for theirs


@dataclass
class Augmented:
    added: list[TestCase] = field(default_factory=list)
    probes: list[TestCase] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)  # for provenance
    # reference index -> its results on the problem's old tests followed by ``added``, for
    # the references that passed every old test here: Verify's first run reuses them
    runs: dict[int, list[TestResult | None]] = field(default_factory=dict)  # None: a test not run
    # the input spec read here (and the stdin format it is written in): large tests reuse it
    spec: InputSpec | None = None
    stdin: StdinSpec | None = None


@dataclass(frozen=True)
class Asked:
    """What Verify decides for test generation, which reads none of Verify's settings."""

    strength: bool  # whether Verify measures test strength: the probes are drawn only then
    precap: int | None  # how many of a problem's tests Verify runs at most (precap.precap_positions)


def augment(
    problems: dict[int, Problem], refs: dict[int, list[str]], judge: Any, cfg: TestgenConfig, asked: Asked
) -> dict[int, Augmented]:
    """Generated tests (and strength probes) per index of ``problems`` (those Verify judges; ``refs``: theirs)."""
    out: dict[int, Augmented] = {}
    # (problem, wanted, task, inputs, old tests run, the spec's answer checks)
    plans: list[tuple[int, int, JudgeTask, list[str], list[int], list[AnswerCheck]]] = []
    validated = _validated_plans(problems, judge, cfg, asked)  # a validator program's problems, planned first

    def runs_wanted() -> Iterator[tuple[JudgeTask, str]]:
        # lazy: the judge runs a problem's references while the next one's inputs are drawn
        for i, p in problems.items():
            plan = validated[i] if i in validated else _plan(p, cfg, asked)
            if plan is None:
                continue
            if isinstance(plan, Augmented):
                out[i] = plan
                continue
            want, task, inputs, read, old, spec, sspec = plan
            out[i] = Augmented(info=dict(read), spec=spec, stdin=sspec)
            plans.append((i, want, task, inputs, old, spec.answer))
            for r, ref in enumerate(refs[i]):
                judged, code, counted[(len(plans) - 1, r)] = _labelling_run(task, ref, cfg)
                yield judged, code

    counted: dict[tuple[int, int], bool] = {}  # (plan, reference): whether its run counts its steps
    runs = iter(list(judge.judge_many(runs_wanted(), stop_on_failure=False, keep_outputs=True)))
    results: dict[tuple[int, int], list[TestResult]] = {
        (k, r): _read(next(runs).tests, task, counted[(k, r)])
        for k, (i, _, task, *_) in enumerate(plans)
        for r in range(len(refs[i]))
    }

    # per plan: the correct references, each one's result on every input (None: none came
    # back), and which inputs ran (the first round's; the rest if a second round runs them)
    answers: list[tuple[list[int], dict[int, list[TestResult | None]], list[bool]]] = []
    for k, (i, want, task, inputs, old, _) in enumerate(plans):
        per_ref = [results[(k, r)] for r in range(len(refs[i]))]
        correct = [
            r
            for r, tr in enumerate(per_ref)
            if old and len(tr) >= len(old) and all(t.verdict is Verdict.ACCEPTED for t in tr[: len(old)])
        ]
        answers.append(
            (
                correct,
                {
                    r: [
                        per_ref[r][len(old) + g] if len(per_ref[r]) > len(old) + g else None for g in range(len(inputs))
                    ]
                    for r in correct
                },
                [g < len(task.tests) - len(old) for g in range(len(inputs))],
            )
        )

    labels: dict[int, Any] = {}  # _label's answer by plan, kept until more of its inputs run
    _second_round(judge, refs, plans, answers, labels, cfg)
    for k, (i, want, task, inputs, old, _) in enumerate(plans):
        p = problems[i]
        correct = answers[k][0]
        aug = out[i]
        if not correct:
            why = "no reference passes the existing tests within the generation's step budget and time limit"
            aug.info = {**refused(Refusal("no_reference", "", why)), **aug.info}  # the spec read stays on record
            continue
        good, dropped, broke = _labelled(labels, plans, answers, k)
        chosen, _ = _new_answers_first(good, want, _old_answers(plans[k]))
        aug.added = [t for t, _ in chosen]
        aug.probes = [t for t, _ in good if not any(t is c for c, _ in chosen)][: cfg.strength_probes]
        # every expected output is agreed by all of these references (one: no second opinion,
        # so only the inputs every stated constraint allows, as for every problem)
        aug.info.update({"generated": len(aug.added), "inputs_dropped": dropped, "references_agreeing": len(correct)})
        aug.info.update(_answer_info(plans[k][5], broke))
        for n, r in enumerate(correct):  # aligned with the problem's tests once the generated ones are added
            on_old: list[TestResult | None] = [None] * len(p.tests)
            for k_old, t in enumerate(old):
                on_old[t] = results[(k, r)][k_old]
            aug.runs[r] = on_old + [graded[n] for _, graded in chosen]
    return out


def _label(plan: tuple, answers: tuple) -> tuple[list[tuple[TestCase, list[TestResult]]], int, int]:
    """(test, each correct reference's answer graded against it: what judging it again would
    say) for the inputs of ``plan`` every correct reference answered alike, with an answer its
    promises about the answer allow; how many were not (all), and how many of those only broke a promise."""
    from microcoder_eval.compare import compare_functional, compare_stdout

    _, _, task, inputs, _, answer = plan
    correct, by_ref, ran = answers
    same = compare_functional if task.mode == "functional" else compare_stdout
    good: list[tuple[TestCase, list[TestResult]]] = []
    dropped = broke = 0
    for g, text in enumerate(inputs):
        if not ran[g]:
            continue  # the second round was not needed
        got = [by_ref[r][g] for r in correct]
        ok = all(
            a is not None
            and a.verdict in (Verdict.ACCEPTED, Verdict.WRONG_ANSWER)
            and a.actual is not None
            and len(a.actual) <= MAX_OUTPUT_CHARS
            for a in got
        )
        if ok:
            first = got[0].actual
            agree = [same(first, a.actual, task.rule) for a in got]
            ok = all(c.ok for c in agree)
            if ok and answer_fault(answer, first, task.mode) is not None:  # the statement rules this input out
                ok, broke = False, broke + 1
        if ok:
            graded = [
                replace(a, verdict=Verdict.ACCEPTED, comparison=c.method, detail=None) for a, c in zip(got, agree)
            ]
            good.append((TestCase(text, first), graded))
        else:
            dropped += 1
    return good, dropped, broke


def _answer_info(checks: list[AnswerCheck], broke: int) -> dict[str, Any]:
    """Provenance of the promises about the answer: how many agreed answers broke them (those
    inputs dropped), and which (none without a promise)."""
    return {"answer_checks": {"dropped": broke, "lines": [c.line[:200] for c in checks]}} if checks else {}


def _labelled(
    labels: dict[int, Any], plans: list, answers: list, k: int
) -> tuple[list[tuple[TestCase, list[TestResult]]], int, int]:
    """:func:`_label` of plan ``k``, once until more of its inputs run."""
    if k not in labels:
        labels[k] = _label(plans[k], answers[k])
    return labels[k]


def _old_answers(plan: tuple) -> set[str]:
    """The expected outputs of the problem's tests the references ran first (its old ones)."""
    _, _, task, _, old, _ = plan
    return {t.output for t in task.tests[: len(old)]}


def _in_form(spec: InputSpec, text: str) -> str:
    """A test's arguments written the way generated ones are (by keyword or by position),
    so a generated input equal to an existing test is seen as one."""
    v = json.loads(text)
    if isinstance(v, list) and spec.keyword:
        v = dict(zip(spec.args, v))
    elif isinstance(v, dict) and not spec.keyword:
        v = [v.get(a) for a in spec.args]
    return json.dumps(v)


def _first_round(want: int, probes: int) -> int:
    """How many inputs the references run on first: enough for most problems."""
    return want + want // 2 + probes + 2


def _second_round(
    judge: Any, refs: dict[int, list[str]], plans: list, answers: list, labels: dict[int, Any], cfg: TestgenConfig
) -> None:
    """The correct references run on the rest of a problem's inputs where the first round's
    lack ``want`` answers no other test has, or probes besides.  The tests kept are the same
    as if every input had run at once -- the first ``want`` new answers in order are all
    in the first round, or the second ran -- for a fraction of the runs: most problems'
    answers are all different, and only yes/no-like ones need the second round."""

    def wanted() -> Iterator[tuple[JudgeTask, str]]:
        for k, (i, want, task, inputs, old, _) in enumerate(plans):
            correct, by_ref, ran = answers[k]
            if not correct or all(ran):
                continue
            good, _, _ = _labelled(labels, plans, answers, k)
            chosen, fresh = _new_answers_first(good, want, _old_answers(plans[k]))
            if fresh == want and len(good) - len(chosen) >= cfg.strength_probes:
                continue
            rest = [g for g in range(len(inputs)) if not ran[g]]
            rest_task = replace(task, tests=tuple(TestCase(inputs[g], PLACEHOLDER) for g in rest))
            plans_run.append((k, rest, rest_task))
            for r in correct:
                judged, code, counted[(k, r)] = _labelling_run(rest_task, refs[i][r], cfg)
                yield judged, code

    plans_run: list[tuple[int, list[int], JudgeTask]] = []
    counted: dict[tuple[int, int], bool] = {}
    results = iter(list(judge.judge_many(wanted(), stop_on_failure=False, keep_outputs=True)))
    for k, rest, rest_task in plans_run:
        correct, by_ref, ran = answers[k]
        labels.pop(k, None)  # labelled again with its new inputs
        for g in rest:
            ran[g] = True
        for r in correct:
            tests = _read(next(results).tests, rest_task, counted[(k, r)])
            for n, g in enumerate(rest):
                by_ref[r][g] = tests[n] if n < len(tests) else None


def _labelling_run(task: JudgeTask, ref: str, cfg: TestgenConfig) -> tuple[JudgeTask, str, bool]:
    """What the judge runs to label ``task``'s inputs with ``ref`` (:func:`~.cost.counting_run`),
    and whether its code counts its steps (not without a budget, or when it cannot be rewritten)."""
    judged, code = counting_run(task, ref, cfg.augment_step_budget)
    return judged, code, code is not ref


def _read(tests: list[TestResult], task: JudgeTask, counted: bool) -> list[TestResult]:
    """A labelling run's results as the plain reference's (a spent step budget reads as
    a time-out)."""
    if not counted:
        return list(tests)
    return [read_run(t, task.tests[n].output, task).result for n, t in enumerate(tests)]


def _new_answers_first(
    good: list[tuple[TestCase, Any]], want: int, seen: set[str]
) -> tuple[list[tuple[TestCase, Any]], int]:
    """``want`` of the labelled inputs, in their order: first those whose answer no earlier
    test has (a yes/no problem whose random inputs are nearly all "yes" still gets its
    "no"s), then the rest; and how many of the first kind there were."""
    fresh: list[int] = []
    seen = set(seen)
    for k, (t, _) in enumerate(good):
        if len(fresh) < want and t.output not in seen:
            fresh.append(k)
            seen.add(t.output)
    taken = set(fresh)
    rest = [k for k in range(len(good)) if k not in taken][: want - len(fresh)]
    return [good[k] for k in sorted(fresh + rest)], len(fresh)


def _interleaved(drawn: list[str], near: list[str]) -> list[str]:
    """Drawn and near inputs taken in turn (the first round labels some of each)."""
    out: list[str] = []
    for k in range(max(len(drawn), len(near))):
        out += drawn[k : k + 1] + near[k : k + 1]
    return out


def _plan(
    p: Problem, cfg: TestgenConfig, asked: Asked
) -> tuple[int, JudgeTask, list[str], dict[str, Any], list[int], InputSpec, StdinSpec | None] | Augmented | None:
    """(tests wanted, the task running the references on old tests + drawn inputs, the
    inputs, the record of their spec (``spec_info``), the old tests' positions in it, the spec, its stdin
    format), why the problem
    gets none (an ``Augmented``), or None when it needs neither tests nor probes."""
    want = max(0, cfg.augment_tests_to - len(p.tests))
    probes = cfg.strength_probes if asked.strength else 0
    if not want and not probes:
        return None
    override = override_path(cfg.spec_overrides, p.id)
    reading = read_input_spec(p, cfg.spec_overrides)
    if isinstance(reading, Refusal):
        return Augmented(info={**refused(reading), **_override_info(override)})
    spec, sspec = reading
    if sspec is not None:
        exclude = {args_json(sspec, t.input) for t in p.tests}
    else:
        exclude = {_in_form(spec, t.input) for t in p.tests}
    read = spec_info(p, reading, override)
    # three times the inputs needed: some are dropped (a reference crashes or times out), and
    # of the rest those with an answer no other test has are kept first (_new_answers_first);
    # the first round labels the first few (_first_round; _second_round: the rest if needed)
    inputs = generate_inputs(
        spec, p.id, 3 * want + probes + 2, seed=cfg.augment_seed, max_len=cfg.augment_max_len, exclude=exclude
    )
    if cfg.augment_neighbours:  # edits of the problem's own inputs, labelled alongside the drawn ones
        near = neighbour_inputs(
            spec,
            sorted(exclude),
            random.Random(problem_seed(p.id, cfg.augment_seed) ^ 0x6E),
            want,
            exclude=exclude | set(inputs),
        )
        inputs = _interleaved(inputs, near)
    if sspec is not None:  # the arguments written out in the statement's input format
        inputs = [sspec.render(json.loads(x)) for x in inputs]
    if not inputs:
        why = Refusal("no_input_drawn", "", "no input could be drawn from the constraints")
        return Augmented(info={**refused(why), **read})
    tl = min(cfg.augment_time_limit_s, p.time_limit_s or cfg.augment_time_limit_s)
    try:
        base = p.judge_task()
    except ValueError as exc:  # Verify rejects it with the reason
        return Augmented(info={**refused(Refusal("no_judge_task", "", f"no judge task: {exc}")), **read})
    # the old tests Verify will run (pre-cap): they decide which references are correct
    old = precap_positions(p.tests, asked.precap) or list(range(len(p.tests)))
    task = replace(
        base,
        tests=tuple(p.tests[t] for t in old)
        + tuple(TestCase(x, PLACEHOLDER) for x in inputs[: _first_round(want, probes)]),
        time_limit_s=tl,
        memory_limit_mb=cfg.augment_memory_limit_mb or None,
    )
    return want, task, inputs, read, old, spec, sspec


def _validated_plans(problems: dict[int, Problem], judge: Any, cfg: TestgenConfig, asked: Asked) -> dict[int, Any]:
    """The plans of the problems whose spec states a validator program (an override file's, validator.py), once
    it has judged their existing tests and generated inputs in the sandbox: an existing test it rejects refuses
    generation, a generated input it rejects is dropped before any reference labels it."""
    planned = {i: _plan(p, cfg, asked) for i, p in problems.items() if override_path(cfg.spec_overrides, p.id)}
    checked = [i for i, plan in planned.items() if isinstance(plan, tuple) and plan[5].validator is not None]
    tl, mem = cfg.augment_time_limit_s, cfg.augment_memory_limit_mb or None
    tasks = {
        i: validation_task(planned[i][1], [t.input for t in problems[i].tests] + planned[i][2], tl, mem)
        for i in checked
    }
    runs = judge.judge_many(
        ((tasks[i], program(planned[i][5].validator, tasks[i])) for i in checked), stop_on_failure=False
    )
    for i, result in zip(checked, list(runs)):
        planned[i] = _keep_valid(problems[i], planned[i], verdicts(result.tests, len(tasks[i].tests)), cfg, asked)
    return planned


def _keep_valid(p: Problem, plan: tuple, results: list, cfg: TestgenConfig, asked: Asked) -> tuple | Augmented:
    """``plan`` with only the inputs its validator found valid, or why none is generated: an existing test it
    rejects (the spec is wrong, or the test), or one it fails on (the validator is)."""
    want, task, inputs, read, old, spec, sspec = plan
    for t in range(len(p.tests)):
        if fault(results[t]) is not None:
            why = f"override: the validator program fails on existing test {t + 1} ({fault(results[t])})"
            return Augmented(info={**refused(Refusal("reading_error", f"test {t + 1}", why[:200])), **read})
        if not accepted(results[t]):
            why = f"override: the validator program rejects existing test {t + 1}"
            return Augmented(info={**refused(Refusal("examples_break_reading", f"test {t + 1}", why)), **read})
    kept = [x for x, r in zip(inputs, results[len(p.tests) :]) if accepted(r)]
    read = {**read, "validator": {"inputs_rejected": len(inputs) - len(kept)}}
    if not kept:
        why = Refusal("no_input_drawn", "", "the override's validator program rejects every input drawn")
        return Augmented(info={**refused(why), **read})
    first = _first_round(want, cfg.strength_probes if asked.strength else 0)
    task = replace(task, tests=task.tests[: len(old)] + tuple(TestCase(x, PLACEHOLDER) for x in kept[:first]))
    return want, task, kept, read, old, spec, sspec


def _override_info(path: Path | None) -> dict[str, str]:
    """Provenance of a spec written by hand: the override file it came from."""
    return {"spec_override": path.name} if path is not None else {}


def spec_info(p: Problem, reading: tuple[InputSpec, StdinSpec | None], override: Path | None) -> dict[str, Any]:
    """``provenance.verify.generation``'s record of the spec generation used: where it came
    from (``spec``: the reading's source, or "override") and the model itself
    (``input_model``, the spec file's form: Export writes it to ``specs/``)."""
    spec, sspec = reading
    source = "override" if override else "stdin format and constraints" if sspec is not None else spec.source
    return {"spec": source, **_override_info(override), "input_model": reading_dict(p, reading)}
