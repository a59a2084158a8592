"""Large tests: inputs at the largest sizes the constraints allow, so that a program of the
wrong complexity fails on time (an O(n^2) answer to an n = 2*10^5 problem used to earn
reward 1, since every generated input was small).

After Verify has kept a problem's tests, up to ``large_tests`` inputs are drawn at the
largest sizes within ``large_input_values`` values in all
(:func:`~microcoder_data.testgen.inputgen.generate_large_inputs`, valid by the same reading
of the statement as every generated input).  Every kept reference runs on them counting its
steps (:mod:`~microcoder_data.testgen.cost`: which inputs are kept does not depend on the
host's speed or load); an input is kept only when every reference answers it within
``large_step_budget`` steps and they agree under the problem's judging rule.  The kept ones
go after the capped tests (the cap and test strength are about answers: a mutant has its
reference's complexity), and the problem's derived ``time_limit_s`` takes their runs into
account: factor x the slowest reference, never below the floor; each gets its own limit with
the large floor (:mod:`.time_limits`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Iterator

from microcoder_data.schema import Problem
from microcoder_data.settings.verify import VerifyConfig
from microcoder_data.testgen.answer_checks import AnswerCheck, answer_fault
from microcoder_data.testgen.cost import counting_run, read_run
from microcoder_data.testgen.inputgen import MAX_INPUT_CHARS, generate_large_inputs
from microcoder_data.testgen.input_size import Reading, read_input_spec
from microcoder_data.testgen.inputspec import InputSpec
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.verify.time_limits import derive_time_limit, with_test_limits
from microcoder_eval.types import JudgeTask, TestCase, TestResult, Verdict

MAX_LARGE_INPUT_CHARS = 1_000_000  # one large input's text
MAX_LARGE_OUTPUT_CHARS = 1_000_000  # its expected answer (a list of n values is fine)
PLACEHOLDER = "null"


def draw_large(spec: InputSpec, problem_id: str, cfg: VerifyConfig) -> list[str]:
    """The large inputs (as JSON arguments) Verify's settings draw from ``spec``."""
    return generate_large_inputs(
        spec,
        problem_id,
        cfg.large_tests,
        budget=cfg.large_input_values,
        max_chars=MAX_LARGE_INPUT_CHARS,
        seed=cfg.augment_seed,
    )


def large_inputs(p: Problem, cfg: VerifyConfig, read: Reading | None = None) -> list[str] | str:
    """The problem's large inputs (as its tests write inputs), or why it gets none; ``read``:
    its spec and stdin format as test generation read them, or why it had none (else they
    are read here)."""
    if any(len(t.input) > MAX_INPUT_CHARS for t in p.tests):
        return "a kept test is already large"
    reading = read if read is not None else read_input_spec(p, cfg.spec_overrides)
    if isinstance(reading, Refusal):
        return reading.message
    spec, sspec = reading
    if spec.validator is not None:  # valid or none: this pass runs no validator program (testgen/validator.py)
        return "a validator program decides which inputs are valid, and large inputs are not run through it"
    drawn = draw_large(spec, p.id, cfg)
    if not drawn:
        return "no input larger than the ordinary tests could be drawn from the constraints"
    return [sspec.render(json.loads(x)) for x in drawn] if sspec is not None else drawn


def add_large_tests(
    problems: list[Problem],
    judge: Any,
    cfg: VerifyConfig,
    derived: set[str],
    read: dict[str, Reading],
) -> None:
    """Append each problem's agreed large tests (in place) and record in
    ``provenance["verify"]["large"]`` how many, or why none; ``derived``: the ids whose
    ``time_limit_s`` this build derived (raised to cover the large tests' runs); ``read``:
    the specs test generation read (or why it had none), by id."""
    plans: list[tuple[Problem, JudgeTask, list[str], list[AnswerCheck]]] = []

    def runs() -> Iterator[tuple[JudgeTask, str]]:
        # lazy: the judge runs one problem's references while the next one's inputs are drawn
        for p in problems:
            if not p.reference_solutions:
                continue
            reading = read.get(p.id) or read_input_spec(p, cfg.spec_overrides)
            inputs = large_inputs(p, cfg, reading)
            if isinstance(inputs, str):
                _note(p, {"added": 0, "why": inputs})
                continue
            task = replace(
                p.judge_task(),
                tests=tuple(TestCase(x, PLACEHOLDER) for x in inputs),
                time_limit_s=cfg.large_time_limit_s,
                memory_limit_mb=cfg.augment_memory_limit_mb or None,
            )
            plans.append((p, task, inputs, reading[0].answer if isinstance(reading, tuple) else []))
            for ref in p.reference_solutions:
                yield counting_run(task, ref, cfg.large_step_budget)

    results = iter(list(judge.judge_many(runs(), stop_on_failure=False, keep_outputs=True)))
    for p, task, inputs, answer in plans:
        per_ref = [_plain(next(results).tests, task) for _ in p.reference_solutions]
        kept, runs_kept, why = _agreed(task, inputs, per_ref, answer)
        if kept and p.id in derived:
            p.time_limit_s = max(p.time_limit_s or 0.0, derive_time_limit(cfg, [r for rs in runs_kept for r in rs]))
            kept = with_test_limits(cfg, kept, runs_kept, [True] * len(kept))
        p.tests = list(p.tests) + kept
        _note(p, {"added": len(kept)} if kept else {"added": 0, "why": why})


def _plain(tests: list[TestResult], task: JudgeTask) -> list[TestResult | None]:
    """A counting run's results as the plain reference's, one per input (None: none came back)."""
    out: list[TestResult | None] = [read_run(t, PLACEHOLDER, task).result for t in tests[: len(task.tests)]]
    return out + [None] * (len(task.tests) - len(out))


def _agreed(
    task: JudgeTask, inputs: list[str], per_ref: list[list[TestResult | None]], answer: list[AnswerCheck]
) -> tuple[list[TestCase], list[list[TestResult]], str]:
    """The large tests every reference answered alike (the first one's answer expected) with
    an answer the statement's promises about it allow (``answer``), the references' runs on
    each, and why none was kept when so."""
    from microcoder_eval.compare import compare_functional, compare_stdout

    same = compare_functional if task.mode == "functional" else compare_stdout
    kept: list[TestCase] = []
    runs: list[list[TestResult]] = []
    why = ""
    for g, text in enumerate(inputs):
        got = [ref[g] for ref in per_ref]
        if not all(
            a is not None and a.verdict in (Verdict.ACCEPTED, Verdict.WRONG_ANSWER) and a.actual is not None
            for a in got
        ):
            bad = next(
                a
                for a in got
                if a is None or a.verdict not in (Verdict.ACCEPTED, Verdict.WRONG_ANSWER) or a.actual is None
            )
            why = f"a reference gives no answer on a large input ({bad.verdict.value if bad else 'no result'})"
            continue
        first = got[0].actual
        if len(first) > MAX_LARGE_OUTPUT_CHARS:
            why = "the answer to a large input is too long"
            continue
        if not all(same(first, a.actual, task.rule).ok for a in got[1:]):
            why = "the references disagree on a large input"
            continue
        broken = answer_fault(answer, first, task.mode)
        if broken is not None:  # the statement rules this input out
            why = f"the answer to a large input breaks {broken.line[:150]!r}"
            continue
        kept.append(TestCase(text, first))
        runs.append(got)
    return kept, runs, why


def _note(p: Problem, info: dict[str, Any]) -> None:
    verify = dict(p.provenance.get("verify", {}))
    verify["large"] = info
    p.provenance = {**p.provenance, "verify": verify}
