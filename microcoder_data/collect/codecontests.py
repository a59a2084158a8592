"""DeepMind CodeContests rows (Hugging Face ``deepmind/code_contests`` layout)."""

from __future__ import annotations

from typing import Any, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.types import TestCase

from .fields import judging_rule, need, normalise_difficulty
from .rows import RowContext, RowError, RowFormat

LICENSE = "CC-BY-4.0 (CodeContests)"
_SOURCES = {1: "codechef", 2: "codeforces", 3: "hackerearth", 4: "codejam", 5: "atcoder", 6: "aizu"}
_PYTHON3 = 3  # Solution.Language.PYTHON3
_TEST_KINDS = ("public_tests", "private_tests", "generated_tests")


def matches(row: Mapping[str, Any]) -> bool:
    return "description" in row and any(k in row for k in _TEST_KINDS)


def _tests(value: Any, kind: str) -> list[TestCase]:
    if value is None:
        return []
    if not isinstance(value, Mapping):
        raise RowError(f"{kind} must be an object with 'input' and 'output' lists")
    inputs, outputs = value.get("input") or [], value.get("output") or []
    if not isinstance(inputs, list) or not isinstance(outputs, list) or len(inputs) != len(outputs):
        raise RowError(f"{kind}: 'input' and 'output' must be lists of equal length")
    if not all(isinstance(x, str) for x in inputs + outputs):
        raise RowError(f"{kind}: tests must be strings")
    return [TestCase(i, o) for i, o in zip(inputs, outputs)]


def _python_solutions(value: Any) -> list[str]:
    if not isinstance(value, Mapping):
        return []
    langs, sols = value.get("language") or [], value.get("solution") or []
    return [s for lang, s in zip(langs, sols) if lang == _PYTHON3 and isinstance(s, str) and s.strip()]


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    statement = need(row, "description")
    name = str(row.get("name") or "").strip()
    if row.get("input_file") or row.get("output_file"):
        raise RowError(f"{name or 'problem'} reads/writes named files, not stdin/stdout")
    counts = {}
    tests: list[TestCase] = []
    for kind in _TEST_KINDS:
        part = _tests(row.get(kind), kind)
        counts[kind] = len(part)
        tests.extend(part)
    platform = _SOURCES.get(row.get("source")) if isinstance(row.get("source"), int) else None
    tl = row.get("time_limit")
    time_limit = None
    if isinstance(tl, Mapping) and (tl.get("seconds") or tl.get("nanos")):
        time_limit = float(tl.get("seconds") or 0) + float(tl.get("nanos") or 0) / 1e9
    upstream_id = name or str(ctx.row)
    return Problem(
        id=f"{ctx.source}/{upstream_id}",
        source=ctx.source,
        title=name,
        statement=statement,
        mode="stdin",
        tests=tests,
        difficulty=normalise_difficulty(row.get("cf_rating") or None),
        platform=platform,
        reference_solutions=_python_solutions(row.get("solutions")),
        license=LICENSE,
        rule=judging_rule(statement, {"platform": platform, "source": ctx.source, "mode": "stdin"}),
        provenance=ctx.provenance(
            upstream_id,
            upstream_time_limit_s=time_limit,
            **counts,
            **_known_wrong(_python_solutions(row.get("incorrect_solutions"))),
        ),
    )


def _known_wrong(programs: list[str]) -> dict[str, Any]:
    """The source's wrong programs, for Verify to measure the kept tests on (``incorrect_solutions``)."""
    return {"incorrect_solutions": programs} if programs else {}


FORMAT = RowFormat("codecontests", matches, convert, "CodeContests rows (description, public/private/generated tests)")
