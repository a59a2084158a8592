"""Rows already in the project's own format (``Problem.to_row()``)."""

from __future__ import annotations

import json
from typing import Any, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.types import TestCase

from .fields import normalise_difficulty
from .rows import RowContext, RowError, RowFormat


def matches(row: Mapping[str, Any]) -> bool:
    return {"id", "source", "mode", "tests"} <= set(row)


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    row = dict(row)
    tests = row.get("tests")
    if isinstance(tests, (list, tuple)):  # already decoded (e.g. a hand-written JSON file)
        row["tests"] = json.dumps(
            [[t["input"], t["output"]] if isinstance(t, Mapping) else list(t) for t in tests], ensure_ascii=False
        )
    for key in ("rule", "provenance"):
        if isinstance(row.get(key), Mapping):
            row[key] = json.dumps(row[key], sort_keys=True, ensure_ascii=False)
    try:
        decoded = json.loads(row["tests"])
    except (TypeError, ValueError) as exc:
        raise RowError(f"tests is not valid JSON ({exc})") from None
    if not isinstance(decoded, list) or not all(
        isinstance(t, (list, tuple)) and len(t) == 2 and all(isinstance(x, str) for x in t) for t in decoded
    ):
        raise RowError("tests must be a JSON list of [input, output] string pairs")
    if not isinstance(row.get("id"), str) or not row["id"].strip():
        raise RowError("field 'id' must be a non-empty string")
    try:
        problem = Problem.from_row(row)
    except (TypeError, ValueError) as exc:
        raise RowError(f"not a valid problem row ({exc})") from None
    problem.tests = [TestCase(t.input, t.output) for t in problem.tests]
    if problem.difficulty is not None:
        problem.difficulty = normalise_difficulty(problem.difficulty)
    if isinstance(problem.reference_solutions, str):
        problem.reference_solutions = [problem.reference_solutions]
    prov = dict(problem.provenance)
    wrong = row.get("incorrect_solutions")  # known-wrong programs, kept where Verify reads them
    if wrong is not None:
        if not isinstance(wrong, (list, tuple)) or not all(isinstance(w, str) for w in wrong):
            raise RowError("incorrect_solutions must be a list of program strings")
        prov["incorrect_solutions"] = [w for w in wrong if w.strip()]
    prov.setdefault("file", ctx.file)
    prov.setdefault("row", ctx.row)
    prov.setdefault("upstream_id", problem.id)
    problem.provenance = prov
    return problem


FORMAT = RowFormat("microcoder", matches, convert, "microcoder Problem rows (Problem.to_row())")
