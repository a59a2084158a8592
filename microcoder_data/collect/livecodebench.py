"""LiveCodeBench ``code_generation_lite`` rows (public tests + compressed private tests)."""
from __future__ import annotations

from typing import Any, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.formats import lcb_metadata, lcb_tests

from .common import RowContext, RowFormat, iso_date, judging_rule, need, normalise_difficulty, opt_str

LICENSE = "MIT (LiveCodeBench)"


def matches(row: Mapping[str, Any]) -> bool:
    return "question_content" in row and "public_test_cases" in row


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    qid = need(row, "question_id", (str, int))
    qid = str(qid).strip()
    statement = need(row, "question_content")
    mode, tests, fn_name = lcb_tests(row)
    platform = opt_str(row, "platform").strip().lower() or None
    metadata = dict(lcb_metadata(row.get("metadata")))  # upstream metadata may carry rule keys
    metadata.update({"platform": platform, "source": ctx.source, "mode": mode})
    return Problem(
        id=f"{ctx.source}/{qid}",
        source=ctx.source,
        title=opt_str(row, "question_title").strip(),
        statement=statement,
        mode=mode,
        tests=list(tests),
        starter_code=opt_str(row, "starter_code"),
        fn_name=fn_name,
        difficulty=normalise_difficulty(row.get("difficulty")),
        contest_date=iso_date(row.get("contest_date")),
        platform=platform,
        reference_solutions=[],
        license=LICENSE,
        rule=judging_rule(statement, metadata),
        provenance=ctx.provenance(qid, contest_id=row.get("contest_id") or None),
    )


FORMAT = RowFormat("livecodebench", matches, convert, "LiveCodeBench code_generation_lite rows")
