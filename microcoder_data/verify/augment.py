"""Generated tests for problems with few: inputs from the spec (functional arguments, or
a stdin problem's variables written out in its input format), outputs from the
references (run in the judge's sandbox, never in-process).

For a problem with fewer than ``verify.augment_tests_to`` tests whose inputs can be
read (:mod:`~microcoder_data.verify.inputspec`), inputs are generated
(:mod:`~microcoder_data.verify.inputgen`) and every reference runs on the existing tests
followed by them.  The references that pass the existing tests are the correct ones; an
input is kept only when every correct reference returns on it (within
``augment_time_limit_s``, with an answer of at most ``MAX_OUTPUT_CHARS``) and they agree
under the problem's judging rule -- an input a reference crashes on breaks a constraint
the reading missed.  The expected output is the first correct reference's answer.
A few more inputs (``strength_probes``) are labelled the same way but not added: they
only widen the set of wrong programs test strength is measured against.

The generated tests then go through the rest of Verify like any other (all references,
determinism, the judging rule), so a flaky one is dropped there.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.verify.inputgen import generate_inputs
from microcoder_data.verify.inputspec import InputSpec, input_spec
from microcoder_data.verify.stdin_format import StdinSpec, args_json, stdin_spec
from microcoder_eval.types import JudgeTask, TestCase, Verdict

MAX_OUTPUT_CHARS = 20_000  # a generated test's expected answer; bigger ones make slow rewards
PLACEHOLDER = "null"  # expected output while the references are asked for theirs


@dataclass
class Augmented:
    added: list[TestCase] = field(default_factory=list)
    probes: list[TestCase] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)  # for provenance


def augment(problems: dict[int, Problem], refs: dict[int, list[str]], judge: Any, cfg: VerifyConfig) -> dict[int, Augmented]:
    """Generated tests (and strength probes) per problem index; ``problems`` are those
    Verify will judge, ``refs`` their references."""
    out: dict[int, Augmented] = {}
    plans: list[tuple[int, int, JudgeTask, list[str]]] = []  # (problem, wanted, task, inputs)
    for i, p in problems.items():
        want = max(0, cfg.augment_tests_to - len(p.tests))
        probes = cfg.strength_probes if cfg.strength_mutants else 0
        if not want and not probes:
            continue
        if p.mode == "stdin":
            sspec = stdin_spec(p)
            if not isinstance(sspec, StdinSpec):
                out[i] = Augmented(info={"skipped": f"stdin: {sspec.reason}"[:200]})
                continue
            spec = sspec.spec
            exclude = {args_json(sspec, t.input) for t in p.tests}
        else:
            fspec = input_spec(p)
            if not isinstance(fspec, InputSpec):
                out[i] = Augmented(info={"skipped": fspec.reason[:200]})
                continue
            spec, sspec, exclude = fspec, None, {t.input for t in p.tests}
        # more inputs than needed: some are dropped (a reference crashes or times out)
        inputs = generate_inputs(spec, p.id, want + want // 2 + probes + 2, seed=cfg.augment_seed,
                                 max_len=cfg.augment_max_len, exclude=exclude)
        if sspec is not None:  # the arguments written out in the statement's input format
            inputs = [sspec.render(json.loads(x)) for x in inputs]
        if not inputs:
            out[i] = Augmented(info={"skipped": "no input could be drawn from the constraints"})
            continue
        tl = min(cfg.augment_time_limit_s, p.time_limit_s or cfg.augment_time_limit_s)
        try:
            base = p.judge_task()
        except ValueError as exc:  # Verify rejects it with the reason
            out[i] = Augmented(info={"skipped": f"no judge task: {exc}"})
            continue
        task = replace(base, tests=tuple(p.tests) + tuple(TestCase(x, PLACEHOLDER) for x in inputs), time_limit_s=tl)
        out[i] = Augmented(info={"spec": spec.source if sspec is None else "stdin format and constraints"})
        plans.append((i, want, task, inputs))
    items = [(k, r) for k, plan in enumerate(plans) for r in range(len(refs[plan[0]]))]
    runs = judge.judge_many(((plans[k][2], refs[plans[k][0]][r]) for k, r in items), stop_on_failure=False, keep_outputs=True)
    results: dict[tuple[int, int], Any] = {key: res for key, res in zip(items, runs)}
    from microcoder_eval.compare import compare_functional, compare_stdout

    for k, (i, want, task, inputs) in enumerate(plans):
        p = problems[i]
        n_old = len(p.tests)
        per_ref = [results[(k, r)].tests for r in range(len(refs[i]))]
        correct = [tr for tr in per_ref if n_old and len(tr) >= n_old and all(t.verdict is Verdict.ACCEPTED for t in tr[:n_old])]
        aug = out[i]
        if not correct:
            aug.info = {"skipped": "no reference passes the existing tests within the generation time limit"}
            continue
        good: list[TestCase] = []
        dropped = 0
        for g, text in enumerate(inputs):
            answers = [tr[n_old + g] if len(tr) > n_old + g else None for tr in correct]
            ok = all(a is not None and a.verdict in (Verdict.ACCEPTED, Verdict.WRONG_ANSWER) and a.actual is not None
                     and len(a.actual) <= MAX_OUTPUT_CHARS for a in answers)
            if ok:
                first = answers[0].actual
                same = compare_functional if task.mode == "functional" else compare_stdout
                ok = all(same(first, a.actual, task.rule).ok for a in answers[1:])
            if ok:
                good.append(TestCase(text, first))
            else:
                dropped += 1
        aug.added = good[:want]
        aug.probes = good[want:][: cfg.strength_probes]
        aug.info.update({"generated": len(aug.added), "inputs_dropped": dropped})
    return out
