"""A reference's cost on an input, counted instead of timed, so that which generated
inputs a build keeps does not depend on the host's speed or load.

A time limit decides by a noisy number: an input whose reference needs about the limit
lands on either side of it from build to build (and from machine to machine).  Here the
reference's code is rewritten (:func:`counting_code`) to count its own steps -- one at
each function call, each loop iteration and each comprehension element -- and a run that
spends ``budget`` steps on one test stops there (the process exits at once, with a mark:
nothing the program catches can hide it).  Work done inside C (``sorted``, ``str``
methods) is not counted, so the time limit stays as a backstop, set well above where
counted runs end.

The judge itself is unchanged: it runs the rewritten code like any other; this module
writes the code and the task, and reads each result back into what the plain reference
would have given (:func:`read_run`).
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass, replace

from microcoder_eval.grading import grade
from microcoder_eval.types import JudgeTask, TestResult, Verdict

TICK = "_mc_step_"  # the name each counted step calls (no leading "__": no name mangling in classes)
CALL = "_mc_counted_call_"  # functional tasks call this instead of the reference's function
SPENT = "__mc_budget_spent__"  # written (stderr, or stdout for stdin) when a run spends its budget
COUNT = "__mc_steps__ "  # a stdin run's last stdout line: its step count
_COUNT_LINE = re.compile("\n" + re.escape(COUNT) + "([0-9]+)\n")


@dataclass(frozen=True)
class CountedRun:
    """One test's result as the plain reference would have given it, and its steps
    (None: not counted, e.g. the program left through ``os._exit``)."""

    result: TestResult
    steps: int | None
    over_budget: bool = False


def _step() -> ast.stmt:
    return ast.Expr(ast.Call(func=ast.Name(TICK, ast.Load()), args=[], keywords=[]))


def _count_steps(tree: ast.Module) -> None:
    """One step at each function entry, loop iteration, lambda call and comprehension
    element (``ast.walk`` queues a node's children before it is changed: the inserted
    steps are not walked)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            doc = (
                isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            )
            body.insert(1 if doc else 0, _step())
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            node.body.insert(0, _step())
        elif isinstance(node, ast.Lambda):  # a step's value is a positive int: `step() and body` is the body's
            node.body = ast.BoolOp(op=ast.And(), values=[_step().value, node.body])
        elif isinstance(node, ast.comprehension):
            node.ifs.insert(0, _step().value)


def _budget_lines(budget: int) -> str:
    """The counter, as module-level code: ``TICK()`` returns 1, 2, ... and, past the
    budget, ends the process with the SPENT mark (the program cannot catch it)."""
    return f"""
import itertools as _mc_itertools_, operator as _mc_operator_, os as _mc_os_, sys as _mc_sys_
def _mc_spent_(stdin):
    if stdin:
        for _mc_stream_ in (_mc_sys_.stdout, _mc_sys_.__stdout__):
            try:
                _mc_stream_.flush()
            except BaseException:
                pass
        _mc_os_.write(1, b"\\n{SPENT}\\n")
    else:
        _mc_os_.write(2, b"\\n{SPENT}\\n")
    _mc_os_._exit(0)
    yield 0
def _mc_budget_(stdin):
    global {TICK}, _mc_left_
    _mc_left_ = iter(range(1, {budget} + 1))
    {TICK} = _mc_itertools_.chain(_mc_left_, _mc_spent_(stdin)).__next__
def _mc_steps_taken_():
    return {budget} - _mc_operator_.length_hint(_mc_left_)
"""


@functools.lru_cache(maxsize=4096)  # a reference runs in both labelling rounds
def counting_code(code: str, mode: str, fn_name: str | None, budget: int, report: bool = True) -> str | None:
    """The reference rewritten to count its steps (None: its code does not parse here,
    so it cannot be counted).  A functional task then calls :data:`CALL` (see
    :func:`counting_task`), which returns ``[steps, value]``; a stdin program ends its
    output with a :data:`COUNT` line.  ``report=False``: only the budget, the answers as
    the plain code gives them (judged as usual; a spent budget fails the test)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    _count_steps(tree)
    head = 0  # `from __future__` imports (after an optional docstring) must stay first
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        head = 1
    while head < len(body) and isinstance(body[head], ast.ImportFrom) and body[head].module == "__future__":
        head += 1
    if mode == "stdin":
        setup = _budget_lines(budget) + (_REPORT_LINES if report else "") + "_mc_budget_(True)\n"
    else:  # the module's top level (run once, before the first test) has a budget of its own
        setup = _budget_lines(budget) + "_mc_budget_(False)\n"
    tail = (
        _CALL_LINES.format(fn=repr(fn_name), value="[_mc_steps_taken_(), _mc_value_]" if report else "_mc_value_")
        if mode == "functional"
        else ""
    )
    try:
        return "\n".join(
            (ast.unparse(ast.Module(body[:head], [])), setup, ast.unparse(ast.Module(body[head:], [])), tail)
        )
    except (ValueError, RecursionError):
        return None


_REPORT_LINES = f"""import atexit as _mc_atexit_
def _mc_report_():
    for _mc_stream_ in (_mc_sys_.stdout, _mc_sys_.__stdout__):
        try:
            _mc_stream_.flush()
        except BaseException:
            pass
    _mc_os_.write(1, ("\\n{COUNT}%d\\n" % _mc_steps_taken_()).encode())
_mc_atexit_.register(_mc_report_)
"""
_CALL_LINES = f"""
def {CALL}(*args, **kwargs):
    _mc_budget_(False)
    _mc_cls_ = globals().get("Solution")
    if isinstance(_mc_cls_, type) and hasattr(_mc_cls_, {{fn}}):
        _mc_value_ = getattr(_mc_cls_(), {{fn}})(*args, **kwargs)
    else:
        _mc_value_ = globals()[{{fn}}](*args, **kwargs)
    return {{value}}
"""


def counting_task(task: JudgeTask) -> JudgeTask:
    """The task the counting code is judged on: a functional one calls :data:`CALL`."""
    return replace(task, fn_name=CALL) if task.mode == "functional" else task


def counting_run(task: JudgeTask, code: str, budget: int, report: bool = True) -> tuple[JudgeTask, str]:
    """(task, code) for the judge: ``code`` counting its steps, or as it is when there is
    no budget (0) or it does not parse (the judge then fails it anyway)."""
    counting = counting_code(code, task.mode, task.fn_name, budget, report) if budget else None
    return (counting_task(task), counting) if counting is not None else (task, code)


def read_run(result: TestResult, expected: str, task: JudgeTask) -> CountedRun:
    """A counting run's result as the plain reference's: its answer without the count,
    graded again against ``expected`` under ``task``'s rule."""
    actual = result.actual
    if task.mode == "functional":
        if result.verdict is Verdict.RUNTIME_ERROR and SPENT in (result.detail or ""):
            return _spent(result)
        if actual is None or result.verdict not in (Verdict.ACCEPTED, Verdict.WRONG_ANSWER):
            return CountedRun(result, None)
        # the child wrote json.dumps([steps, value]): "[<steps>, <the value's own JSON>]", so the
        # answer is cut out as written (parsing it again would meet the host's int-digit and
        # recursion limits, which the child lifts)
        head, comma, rest = actual.partition(", ")
        if not (comma and head[:1] == "[" and head[1:].isdigit() and rest.endswith("]")):
            return CountedRun(replace(result, verdict=Verdict.RUNTIME_ERROR, detail="the count was not read"), None)
        steps, answer = int(head[1:]), rest[:-1]
    else:
        if actual is None:
            return CountedRun(result, None)
        if actual.endswith(f"\n{SPENT}\n"):
            return _spent(result)
        # the count's line is the last one written through sys.stdout; a stream of the program's
        # own over fd 1 may still flush after it (when its module is released)
        found = None
        for found in _COUNT_LINE.finditer(actual):
            pass
        if found is None:
            return CountedRun(result, None)  # it left through os._exit: its output stands, uncounted
        steps, answer = int(found.group(1)), actual[: found.start()] + actual[found.end() :]
    if result.verdict not in (Verdict.ACCEPTED, Verdict.WRONG_ANSWER):
        return CountedRun(replace(result, actual=answer), steps)  # a failure after its output
    regraded = grade(
        {"status": "ok", "output": answer, "cpu_s": result.time_s, "wall_s": result.wall_s, "rerun": result.rerun},
        expected,
        task,
        keep_outputs=True,
    )
    regraded.index = result.index
    return CountedRun(regraded, steps)


def _spent(result: TestResult) -> CountedRun:
    return CountedRun(
        replace(result, verdict=Verdict.TIME_LIMIT, actual=None, detail="step budget spent"), None, over_budget=True
    )
