"""Checks shared by the Collect-stage tests (test_collect, test_collect_real)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from microcoder_data.schema import Problem, Reject
from microcoder_eval.types import JudgingRule


def _split(records):
    records = list(records)
    problems = [r for r in records if isinstance(r, Problem)]
    rejects = [r for r in records if isinstance(r, Reject)]
    assert len(problems) + len(rejects) == len(records)
    return problems, rejects


def _write_jsonl(path: Path, rows, *, gz: bool = False) -> Path:
    text = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows)
    if gz:
        with gzip.open(path, "wt", encoding="utf-8") as fh:
            fh.write(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _check_problem_fields(p: Problem) -> None:
    assert p.id.startswith(p.source + "/"), p.id
    assert p.statement.strip() and p.tests
    assert p.mode in ("stdin", "functional")
    if p.mode == "functional":
        assert p.fn_name
        for t in p.tests:
            assert isinstance(json.loads(t.input), (list, dict))
            json.loads(t.output)
    assert p.difficulty in (None, "easy", "medium", "hard")
    assert p.contest_date is None or len(p.contest_date) == 10
    assert p.license
    assert isinstance(p.rule, JudgingRule)
    assert {"file", "row", "upstream_id"} <= set(p.provenance)
    # the row form round-trips (the schema every stage speaks)
    assert Problem.from_row(p.to_row()).to_row() == p.to_row()


def _check_reject(r: Reject) -> None:
    assert r.stage == "collect" and r.reason and r.payload
    assert len(r.payload) <= 2048
    assert r.id.count(":") >= 2
