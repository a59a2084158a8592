"""`eval run`: a `data build` folder as --dataset (its splits, not its internals),
and tables that say what they show (titles, one table when a breakdown says nothing, proper platform
names, singular/plural, pass@k n/a with its reason, how many results a resumed run reused)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

GOOD = "```python\na, b = map(int, input().split())\nprint(a + b)\n```"
BAD = "```python\nprint(4)\n```"
# distinct statements: the build's near-duplicate filter would otherwise keep one
STORIES = {
    "s1": "A farmer counts apples in two baskets every autumn morning before breakfast.",
    "s2": "Two trains leave distant stations; a clerk adds the numbers painted on their engines.",
    "s3": "A baker weighs flour on an old scale and writes both readings into a ledger.",
}


def _lcb_row(qid: str, difficulty: str, platform: str, date: str) -> dict:
    return {
        "question_id": qid,
        "question_title": f"Sum {qid}",
        "platform": platform,
        "contest_id": "c",
        "question_content": f"Problem {qid}: {STORIES[qid]} Read two integers a and b from standard input and "
        "print their sum a + b.\n\nInput\n\nTwo integers.\n\nOutput\n\nTheir sum.",
        "contest_date": f"{date}T00:00:00",
        "difficulty": difficulty,
        "starter_code": "",
        "public_test_cases": json.dumps([{"input": "1 2\n", "output": "3\n", "testtype": "stdin"}]),
        "private_test_cases": "",
        "metadata": "{}",
    }


def _invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def _eval_run(dataset: Path, solutions: Path, out: Path, *extra: str):
    return _invoke(
        "eval",
        "run",
        "--dataset",
        str(dataset),
        "--solutions",
        str(solutions),
        "--out",
        str(out),
        "--workers",
        "1",
        "--no-progress",
        *extra,
    )


def _solutions(path: Path, pairs: list[tuple[str, str]]) -> Path:
    path.write_text("".join(json.dumps({"problem_id": p, "completion": c}) + "\n" for p, c in pairs))
    return path


@pytest.fixture(scope="module")
def build_folder(tmp_path_factory) -> Path:
    """A real `data build` output with a test split: s3 (dated 2025-06) goes to test.parquet."""
    tmp = tmp_path_factory.mktemp("build")
    raw = tmp / "lcb.jsonl"
    rows = [
        _lcb_row("s1", "easy", "atcoder", "2025-01-10"),
        _lcb_row("s2", "hard", "leetcode", "2025-01-20"),
        _lcb_row("s3", "medium", "atcoder", "2025-06-01"),
    ]
    raw.write_text("".join(json.dumps(r) + "\n" for r in rows))
    cfg = tmp / "cfg.json"
    cfg.write_text(
        json.dumps(
            {
                "filter": {"decontam": {"enabled": False}},
                "verify": {"require_reference": False},
                "export": {"test_after_date": "2025-05-01"},
            }
        )
    )
    out = tmp / "microcoder-dataset"
    result = _invoke(
        "data",
        "build",
        "--source",
        f"livecodebench:{raw}",
        "--config",
        str(cfg),
        "--out",
        str(out),
        "--workers",
        "1",
        "--no-progress",
    )
    assert result.exit_code == 0, result.output
    assert (out / "_work").is_dir() and (out / "test.parquet").is_file()
    return out


def test_eval_run_on_a_build_folder_reads_its_splits_only(build_folder, tmp_path):
    solutions = _solutions(
        tmp_path / "sol.jsonl", [("livecodebench/s1", GOOD), ("livecodebench/s2", BAD), ("livecodebench/s3", GOOD)]
    )
    out = tmp_path / "res.jsonl"
    result = _eval_run(build_folder, solutions, out)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    # one line says what was read; nothing about _work/ files or duplicate ids
    said = [line for line in lines if "build folder" in line]
    assert len(said) == 1 and "train.parquet (2 problems)" in said[0] and "test.parquet (1 problem)" in said[0]
    assert not any(
        "unrecognised" in line or "duplicate" in line or "_work/" in line and line not in said for line in lines
    )
    assert len(lines) < 40, result.output
    summary = json.loads(out.with_name("res.summary.json").read_text())
    assert summary["problems"] == 3 and summary["input_errors"] == 0
    assert {r["problem_id"]: r["passed"] for r in map(json.loads, out.read_text().splitlines())} == {
        "livecodebench/s1": True,
        "livecodebench/s2": False,
        "livecodebench/s3": True,
    }


def test_an_unfinished_build_folder_is_one_line(tmp_path):
    folder = tmp_path / "microcoder-dataset"
    (folder / "_work" / "collect").mkdir(parents=True)
    (folder / "_work" / "collect" / "done.json").write_text("{}")
    solutions = _solutions(tmp_path / "sol.jsonl", [("livecodebench/s1", GOOD)])
    result = _eval_run(folder, solutions, tmp_path / "res.jsonl")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.strip().splitlines() == [
        f"Error: {folder}: a `data build` folder without train.parquet (did the build finish?); "
        "pass a finished build folder or a problems file"
    ]


def test_eval_generate_on_a_build_folder_selects_its_problems(build_folder, tmp_path):
    """The same folder works for `eval generate` (it stops at the engine: nothing listens on the port)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    result = _invoke(
        "eval",
        "generate",
        "--dataset",
        str(build_folder),
        "--out",
        str(tmp_path / "gen.jsonl"),
        "--engine",
        "openai",
        "--model",
        "m",
        "--base-url",
        f"http://127.0.0.1:{port}/v1",
        "--retries",
        "0",
        "--no-progress",
    )
    assert result.exit_code == 1
    assert "train.parquet (2 problems) and test.parquet (1 problem)" in result.output
    assert "duplicate" not in result.output and "unrecognised" not in result.output


def test_tables_have_titles_proper_names_and_say_why_pass_at_k_is_missing(build_folder, tmp_path):
    solutions = _solutions(
        tmp_path / "sol.jsonl",
        [
            ("livecodebench/s1", GOOD),
            ("livecodebench/s1", BAD),
            ("livecodebench/s2", GOOD),
            ("livecodebench/s2", GOOD),
            ("livecodebench/s3", BAD),
            ("livecodebench/s3", BAD),
        ],
    )
    out = tmp_path / "res.jsonl"
    result = _eval_run(build_folder, solutions, out, "--k", "1,8")
    assert result.exit_code == 0, result.output
    text = result.output
    assert "by difficulty (% of 3 problems)" in text and "by platform (% of 3 problems)" in text
    assert "AtCoder" in text and "LeetCode" in text and "Atcoder" not in text and "Leetcode" not in text
    pass8 = [line for line in text.splitlines() if line.startswith("pass@8")]
    assert len(pass8) == 2 and all(line.split()[1:] == ["n/a"] * (len(line.split()) - 1) for line in pass8)
    assert "pass@k needs at least k samples per problem (pass@8; this run has 2 per problem" in text
    assert "6 candidates, 3 problems" in text and "reused" not in text


def test_one_table_when_a_breakdown_says_nothing_and_singular_counts(tmp_path):
    """No difficulty or platform known: one table, not the same numbers twice under 'Unknown / All'."""
    problems = tmp_path / "cc.json"  # rllm's CodeContests rows: no difficulty, no platform
    problems.write_text(
        json.dumps(
            [{"problem": "Print the sum of two integers a and b.", "tests": {"inputs": ["1 2\n"], "outputs": ["3\n"]}}]
        )
    )
    solutions = _solutions(tmp_path / "sol.jsonl", [("rllm/cc/0", GOOD)])
    out = tmp_path / "res.jsonl"
    result = _eval_run(problems, solutions, out)
    assert result.exit_code == 0, result.output
    text = result.output
    assert text.count("mean@1") == 1 and "Unknown" not in text
    assert "all problems (% of 1 problem)" in text
    assert "1 candidate, 1 problem " in text


def test_a_resumed_run_says_how_many_results_it_reused(build_folder, tmp_path):
    out = tmp_path / "res.jsonl"
    first = _solutions(tmp_path / "a.jsonl", [("livecodebench/s1", GOOD), ("livecodebench/s2", GOOD)])
    assert _eval_run(build_folder, first, out).exit_code == 0
    more = _solutions(
        tmp_path / "b.jsonl", [("livecodebench/s1", GOOD), ("livecodebench/s2", GOOD), ("livecodebench/s3", BAD)]
    )
    result = _eval_run(build_folder, more, out)
    assert result.exit_code == 0, result.output
    assert "reused 2 results already in res.jsonl, judged 1 new one" in result.output
    assert len(out.read_text().splitlines()) == 3


def test_generate_and_judge_a_build_folder_says_once_what_it_read(build_folder, tmp_path):
    pytest.importorskip("transformers")
    from microcoder_testing.tiny import build_tiny_checkpoint

    model = build_tiny_checkpoint(tmp_path / "model")
    out = tmp_path / "gen.jsonl"
    result = _invoke(
        "eval",
        "generate",
        "--dataset",
        str(build_folder),
        "--out",
        str(out),
        "--model",
        str(model),
        "--n",
        "1",
        "--max-tokens",
        "4",
        "--no-progress",
        "--judge",
        "--workers",
        "1",
    )
    assert result.exit_code == 0, result.output
    assert sum("build folder" in line for line in result.output.splitlines()) == 1, result.output
    assert "3 problems × 1 sample:" in result.output and "3 candidates, 3 problems" in result.output
