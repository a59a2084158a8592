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

``valid`` takes a functional problem's arguments as its tests pass them (by keyword or by position) and a stdin
problem's whole input as one string.
"""

from __future__ import annotations

import ast
from dataclasses import replace

from microcoder_eval.types import JudgeTask, JudgingRule, TestCase, TestResult, Verdict

FUNCTION = "valid"
_YES = {"functional": "true", "stdin": "True"}  # what the program prints for a valid input, by mode


def checked_source(source: object, where: str) -> str:
    """``source`` if it is Python defining ``valid`` at its top level (parsed, never run here); else a
    ``ValueError`` naming ``where``."""
    if not isinstance(source, str) or not source.strip():
        raise ValueError(f"{where}: expected Python source defining {FUNCTION}(...)")
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise ValueError(f"{where}: not Python ({exc.msg}, line {exc.lineno})") from None
    if not any(isinstance(s, ast.FunctionDef) and s.name == FUNCTION for s in tree.body):
        raise ValueError(f"{where}: defines no top-level function {FUNCTION}(...)")
    return source


def program(source: str, task: JudgeTask) -> str:
    """The program the judge runs: ``source`` and a call of ``valid`` on each test's input, in the task's mode."""
    if task.mode == "functional":
        call = f"class Solution:\n    def {task.fn_name}(self, *args, **kwargs):\n        return {FUNCTION}(*args, **kwargs) is True\n"
    else:
        call = f"import sys\nprint({FUNCTION}(sys.stdin.read()) is True)\n"
    return f"{source}\n\n{call}"


def validation_task(task: JudgeTask, inputs: list[str], time_limit_s: float, memory_limit_mb: int | None) -> JudgeTask:
    """``task`` with ``inputs`` as its tests, each expecting the program's "valid", under the plain judging rule."""
    yes = _YES[task.mode]
    return replace(
        task,
        tests=tuple(TestCase(x, yes) for x in inputs),
        rule=JudgingRule(),
        time_limit_s=time_limit_s,
        memory_limit_mb=memory_limit_mb,
    )


def verdicts(results: list[TestResult], count: int) -> list[bool]:
    """Whether each of the ``count`` inputs was found valid (no result: not)."""
    by_index = {r.index if r.index is not None else k: r for k, r in enumerate(results)}
    return [k in by_index and by_index[k].verdict is Verdict.ACCEPTED for k in range(count)]
