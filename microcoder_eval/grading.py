"""Grading one test: the sandbox's answer against the expected output (judge side only)."""

from __future__ import annotations

from .compare import compare_functional, compare_stdout
from .types import JudgeTask, TestResult, Verdict

STATUS_TO_VERDICT = {
    "time_limit": Verdict.TIME_LIMIT,
    "memory_limit": Verdict.MEMORY_LIMIT,
    "output_limit": Verdict.OUTPUT_LIMIT,
    "runtime_error": Verdict.RUNTIME_ERROR,
    "infra_error": Verdict.INFRA_ERROR,
}


def grade(answer: dict, expected: str, task: JudgeTask, keep_outputs: bool) -> TestResult:
    status = answer.get("status")
    result = TestResult(
        Verdict.ACCEPTED,
        float(answer.get("cpu_s", 0.0)),
        float(answer.get("wall_s", 0.0)),
        rerun=bool(answer.get("rerun")),
    )
    if keep_outputs:
        result.actual = answer.get("output")
    if status != "ok":
        result.verdict = STATUS_TO_VERDICT.get(status, Verdict.RUNTIME_ERROR)
        result.detail = failure_detail(answer)
        return result
    output = answer.get("output") or ""
    if task.mode == "stdin":
        outcome = compare_stdout(expected, output, task.rule)
    else:
        outcome = compare_functional(expected, output, task.rule)
    if outcome.ok:
        result.comparison = outcome.method
    else:
        result.verdict = Verdict.WRONG_ANSWER
        result.detail = outcome.diff
    return result


def failure_detail(answer: dict) -> str:
    parts = []
    if answer.get("detail"):
        parts.append(answer["detail"])
    if answer.get("exc"):
        parts.append(f"exception {answer['exc']}")
    if answer.get("signal"):
        parts.append(f"killed by {answer['signal']}")
    elif answer.get("exit") not in (None, 0):
        parts.append(f"exit status {answer['exit']}")
    stderr = (answer.get("stderr") or "").strip()
    if stderr:
        parts.append(stderr.splitlines()[-1][:300])
    return "; ".join(parts) or str(answer.get("status"))
