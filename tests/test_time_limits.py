"""Per-problem time limits: from problems.parquet through `microcoder eval run`."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from cli.main import main
from microcoder_data.schema import Problem
from microcoder_eval.types import TestCase

# ~1.5 s of CPU: inside the judge's 6 s default, over a 1 s problem limit
_BURN = (
    "import time\nt = time.process_time()\nwhile time.process_time() - t < 1.5:\n    pass\nprint(int(input()) * 2)\n"
)


def _problem(pid: str, limit: float | None) -> Problem:
    return Problem(
        id=f"own/{pid}",
        source="own",
        title=pid,
        statement="Double it.",
        mode="stdin",
        tests=[TestCase("2\n", "4\n")],
        reference_solutions=["print(int(input()) * 2)\n"],
        time_limit_s=limit,
    )


def test_eval_run_honours_problems_parquet_time_limit(tmp_path: Path):
    rows = [_problem("tight", 1.0).to_row(), _problem("default", None).to_row()]
    problems = tmp_path / "problems.parquet"
    pq.write_table(pa.Table.from_pylist(rows), problems)
    solutions = tmp_path / "solutions.jsonl"
    solutions.write_text(
        "".join(json.dumps({"problem_id": pid, "completion": _BURN}) + "\n" for pid in ("own/tight", "own/default"))
    )
    out = tmp_path / "results.jsonl"
    result = CliRunner().invoke(
        main,
        [
            "eval",
            "run",
            "--dataset",
            str(problems),
            "--solutions",
            str(solutions),
            "--out",
            str(out),
            "--workers",
            "2",
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    verdicts = {r["problem_id"]: r["verdict"] for r in map(json.loads, out.read_text().splitlines())}
    assert verdicts == {"own/tight": "time_limit", "own/default": "accepted"}


def test_card_shows_time_limit_distribution():
    from microcoder_data.export.card import _time_limit_text

    text = _time_limit_text([_problem("a", 1.0), _problem("b", 1.0), _problem("c", 2.5), _problem("d", None)])
    assert "| 1 s | 2 |" in text and "| 2.5 s | 1 |" in text and "| judge default (no reference) | 1 |" in text
