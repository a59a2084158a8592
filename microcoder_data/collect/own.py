"""Rows already in the project's own format (``Problem.to_row()``)."""

from __future__ import annotations

import json
from typing import Any, Mapping

from microcoder_data.schema import Problem, test_from_row

from .fields import normalise_difficulty
from .rows import RowContext, RowError, RowFormat


def matches(row: Mapping[str, Any]) -> bool:
    return {"id", "source", "mode", "tests"} <= set(row)


def _entry(t: Mapping[str, Any]) -> list[Any]:
    """A test written as an object, as the ``tests`` column holds it (its own limit third)."""
    limit = t.get("time_limit_s")
    return [t["input"], t["output"]] + ([limit] if limit is not None else [])


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    row = dict(row)
    tests = row.get("tests")
    if isinstance(tests, (list, tuple)):  # already decoded (e.g. a hand-written JSON file)
        row["tests"] = json.dumps([_entry(t) if isinstance(t, Mapping) else list(t) for t in tests], ensure_ascii=False)
    for key in ("rule", "provenance"):
        if isinstance(row.get(key), Mapping):
            row[key] = json.dumps(row[key], sort_keys=True, ensure_ascii=False)
    try:
        decoded = json.loads(row["tests"])
    except (TypeError, ValueError) as exc:
        raise RowError(f"tests is not valid JSON ({exc})") from None
    if not isinstance(decoded, list):
        raise RowError("tests must be a JSON list of [input, output] string pairs")
    for k, t in enumerate(decoded):
        try:
            test_from_row(t)
        except ValueError as exc:
            raise RowError(f"test {k}: {exc}") from None
    if not isinstance(row.get("id"), str) or not row["id"].strip():
        raise RowError("field 'id' must be a non-empty string")
    try:
        problem = Problem.from_row(row)
    except (TypeError, ValueError) as exc:
        raise RowError(f"not a valid problem row ({exc})") from None
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
