"""A validator program an override file states (``"validator"`` in the spec form): Python source defining
``valid(...)``, which says whether an input is one the statement allows.  It is for what no reading states and the
spec's small expression language cannot say ("s represents a valid sequence of entries and exits", "It is
guaranteed that the queue can be reconstructed"), written by a person -- or a model -- as Polygon's testlib
validators are.

Valid or none, as for every reading: the program runs in the judge's sandbox (never in this process: it may be a
model's), on the problem's existing tests and on every input generated for it.  An existing test it rejects refuses
generation (``examples_break_reading``); a generated input it rejects -- or on which it crashes, times out or
returns anything but ``True`` -- is dropped before any reference labels it.  Large tests are not drawn for such a
problem (the large-test pass runs no validator).

``valid`` takes a functional problem's arguments -- by keyword where the spec's inputs are keyword ones, so its
parameters are named as the problem's are -- and a stdin problem's whole input as one string; what it prints is
ignored, only a returned ``True`` counts.
"""

from __future__ import annotations

import ast
import json
from dataclasses import replace

from microcoder_eval.types import JudgeTask, JudgingRule, TestCase, TestResult, Verdict

FUNCTION = "valid"
_METHOD = "check"  # a stdin problem's validator is called as a functional task's method, on the input text


def checked_source(source: object, where: str) -> str:
    """``source`` if it is Python defining ``valid`` at its top level (parsed, never run here); else a
    ``ValueError`` naming ``where``."""
    if not isinstance(source, str) or not source.strip():
        raise ValueError(f"{where}: expected Python source defining {FUNCTION}(...)")
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise ValueError(f"{where}: not Python ({exc.msg}, line {exc.lineno})") from None
    except (MemoryError, RecursionError):
        raise ValueError(f"{where}: too deeply nested or too large to parse") from None
    if not any(isinstance(s, ast.FunctionDef) and s.name == FUNCTION for s in tree.body):
        raise ValueError(f"{where}: defines no top-level function {FUNCTION}(...)")
    return source


def program(source: str, task: JudgeTask) -> str:
    """The program the judge runs on a :func:`validation_task`: ``source`` and a method calling ``valid``, whose
    answer counts only if it is ``True`` (what it prints counts for nothing: it runs as a functional task)."""
    call = f"class Solution:\n    def {task.fn_name}(self, *args, **kwargs):\n        return {FUNCTION}(*args, **kwargs) is True\n"
    return f"{source}\n\n{call}"


def validation_task(task: JudgeTask, inputs: list[str], time_limit_s: float, memory_limit_mb: int | None) -> JudgeTask:
    """The task judging ``inputs`` (as the problem's tests write them) with the validator, each expecting ``true``,
    under the plain judging rule: a functional problem's arguments as they are, a stdin problem's text as the one
    argument of ``check``."""
    if task.mode == "stdin":
        tests = tuple(TestCase(json.dumps([x]), "true") for x in inputs)
        return JudgeTask("functional", tests, _METHOD, JudgingRule(), time_limit_s, memory_limit_mb)
    tests = tuple(TestCase(x, "true") for x in inputs)
    return replace(task, tests=tests, rule=JudgingRule(), time_limit_s=time_limit_s, memory_limit_mb=memory_limit_mb)


def verdicts(results: list[TestResult], count: int) -> list[TestResult | None]:
    """Each of the ``count`` inputs' result (None: none came back); only an accepted one is valid."""
    by_index = {r.index if r.index is not None else k: r for k, r in enumerate(results)}
    return [by_index.get(k) for k in range(count)]


def accepted(result: TestResult | None) -> bool:
    """Whether the validator found the input valid: ``valid`` returned ``True``."""
    return result is not None and result.verdict is Verdict.ACCEPTED


def fault(result: TestResult | None) -> str | None:
    """Why the validator gave no answer on an input (it crashed, timed out, never ran), or None where it answered."""
    if result is None:
        return "no result came back"
    if result.verdict in (Verdict.ACCEPTED, Verdict.WRONG_ANSWER):
        return None
    return f"{result.verdict.value}: {(result.detail or '')[:120]}"
