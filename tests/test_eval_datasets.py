"""``eval run`` on the verl RL parquet of ``data build``; one-line errors for unreadable datasets;
the training prompt is the evaluation prompt; results feed ``filter.difficulty.samples_file``."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from cli.main import main
from microcoder_data.collect import read_problem_file

# distinct statements: the build's near-duplicate filter would otherwise keep one
STORIES = {
    "s1": "A farmer counts apples in two baskets every autumn morning before breakfast.",
    "s2": "Two trains leave distant stations; a clerk adds the numbers painted on their engines.",
}
BUILD_CONFIG = {"filter": {"decontam": {"enabled": False}}, "verify": {"require_reference": False}}


def _lcb_row(qid: str, difficulty: str, platform: str = "atcoder", date: str = "2025-03-01") -> dict:
    return {
        "question_id": qid,
        "question_title": f"Sum <b>{qid}</b>",
        "platform": platform,
        "contest_id": "c",
        "question_content": f"<p>Problem {qid}: {STORIES[qid]} Read two integers a and b from standard input and "
        "print their sum a + b.</p>\n\nInput\n\nTwo integers.\n\nOutput\n\nTheir sum.",
        "contest_date": f"{date}T00:00:00",
        "difficulty": difficulty,
        "starter_code": "",
        "public_test_cases": json.dumps(
            [
                {"input": "1 2\n", "output": "3\n", "testtype": "stdin"},
                {"input": "5 5\n", "output": "10\n", "testtype": "stdin"},
            ]
        ),
        "private_test_cases": "",
        "metadata": "{}",
    }


def _build(tmp_path: Path, source: str, *extra: str) -> Path:
    cfg = tmp_path / "cfg.json"
    cfg.write_text(json.dumps(BUILD_CONFIG))
    out = tmp_path / "ds"
    result = CliRunner().invoke(
        main,
        [
            "data",
            "build",
            "--source",
            source,
            "--config",
            str(cfg),
            "--out",
            str(out),
            "--workers",
            "1",
            "--no-progress",
            *extra,
        ],
    )
    assert result.exit_code == 0, result.output
    return out / "train.parquet"


def _eval_run(dataset: Path, solutions: Path, out: Path, *extra: str):
    return CliRunner().invoke(
        main,
        [
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
        ],
    )


@pytest.fixture()
def built(tmp_path: Path) -> tuple[Path, Path]:
    raw = tmp_path / "lcb.jsonl"
    raw.write_text("".join(json.dumps(_lcb_row(q, d)) + "\n" for q, d in (("s1", "easy"), ("s2", "hard"))))
    return raw, _build(tmp_path, f"livecodebench:{raw}")


def test_eval_run_reads_the_verl_parquet_of_data_build(built, tmp_path):
    _, train = built
    good = "```python\na, b = map(int, input().split())\nprint(a + b)\n```"
    solutions = tmp_path / "sol.jsonl"
    solutions.write_text(
        "".join(
            json.dumps({"problem_id": p, "completion": c}) + "\n"
            for p, c in [
                ("livecodebench/s1", good),
                ("s1", good),
                ("livecodebench/s2", good),  # either name of a problem
                ("livecodebench/s2", "```python\nprint(3)\n```"),
            ]
        )
    )
    out = tmp_path / "res.jsonl"
    result = _eval_run(train, solutions, out, "--k", "1,2")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["verdict"] for r in sorted(rows, key=lambda r: r["line"])] == [
        "accepted",
        "accepted",
        "accepted",
        "wrong_answer",
    ]
    summary = json.loads(out.with_name("res.summary.json").read_text())
    assert summary["input_errors"] == 0
    assert summary["by_difficulty"]["easy"]["mean"] == 1.0 and summary["by_difficulty"]["hard"]["mean"] == 0.5
    assert summary["problems"] == 2 and summary["by_platform"]["atcoder"]["problems"] == 2

    # the pass rates beside RESULTS set difficulty in the next build (filter.difficulty.samples_file)
    from microcoder_data.config import DifficultyConfig
    from microcoder_data.filter.difficulty import DifficultyStep

    rates = out.with_name("res.pass_rates.jsonl")
    step = DifficultyStep(DifficultyConfig(samples_file=str(rates), easy_min_pass_rate=0.8, hard_max_pass_rate=0.2))
    step.prepare()
    problems = [p for p in read_problem_file(built[0])]
    assert {p.id: step.rate_for(p) for p in problems} == {"livecodebench/s1": 1.0, "livecodebench/s2": 0.5}
    labelled = {p.id: p.difficulty for p in step.reduce(problems, None)}
    assert labelled == {"livecodebench/s1": "easy", "livecodebench/s2": "medium"}


def test_the_evaluation_prompt_is_the_training_prompt(built):
    """A raw benchmark row and the train.parquet row built from it give the model the same messages."""
    from microcoder_data.export.prompt import prompt_of
    from microcoder_data.config import DEFAULT_SYSTEM_PROMPT

    raw, train = built
    trained = {r["extra_info"]["id"]: r["prompt"] for r in pq.read_table(train).to_pylist()}
    raw_problems = {p.id: p for p in read_problem_file(raw)}
    verl_problems = {p.id: p for p in read_problem_file(train)}
    assert set(trained) == set(raw_problems) == set(verl_problems) == {"livecodebench/s1", "livecodebench/s2"}
    for pid, messages in trained.items():
        expected = tuple((m["role"], m["content"]) for m in messages)
        assert "<b>" not in messages[-1]["content"] and "### Input" in messages[-1]["content"]  # processed text
        assert prompt_of(raw_problems[pid], DEFAULT_SYSTEM_PROMPT) == expected
        assert prompt_of(verl_problems[pid], "another system prompt") == expected  # a verl row's prompt is kept


def test_eval_run_on_real_lcb_train_parquet(shared_data, tmp_path):
    lcb = shared_data / "livecodebench"
    train = _build(tmp_path, f"livecodebench:{lcb / 'lcb_public.jsonl'}", "--limit", "6")
    ids = {r["extra_info"]["id"].split("/", 1)[1] for r in pq.read_table(train).to_pylist()}
    solutions = tmp_path / "sol.jsonl"
    with open(lcb / "solutions_o1mini.jsonl") as fh:
        picked = [json.loads(line) for line in fh if json.loads(line)["problem_id"] in ids]
    solutions.write_text(
        "".join(json.dumps({"problem_id": r["problem_id"], "completion": r["completion"]}) + "\n" for r in picked)
    )
    out = tmp_path / "res.jsonl"
    result = _eval_run(train, solutions, out)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == len(picked) == 6 and all(r["platform"] and r["contest_date"] for r in rows)
    # public tests only here: a program LCB graded correct on all tests passes its public tests
    graded = {r["problem_id"]: r["lcb_graded"] for r in picked}
    assert all(r["passed"] for r in rows if graded[r["problem_id"]])


def _write_parquet(path: Path, rows: list[dict]) -> Path:
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def _bad_verl_row() -> dict:
    return {
        "data_source": "x/code",
        "prompt": [{"role": "user", "content": "Solve it."}],
        "ability": "code",
        "reward_model": {"style": "rule", "ground_truth": json.dumps([{"input": "1", "output": "1"}])},
        "extra_info": {"index": 0},
    }


@pytest.mark.parametrize(
    "name, make, fragments",
    [
        (
            "cols.parquet",
            lambda p: _write_parquet(p, [{"a": 1, "b": "x"}]),
            ["row 0", "unrecognised columns [a, b]", "expected one of", "verl"],
        ),
        (
            "verl.parquet",
            lambda p: _write_parquet(p, [_bad_verl_row()]),
            ["row 0", "reward_model.ground_truth: expected", '"tests"'],
        ),
        (
            "corrupt.parquet",
            lambda p: p.write_bytes(b"PAR1 this is not parquet"),
            ["cannot be read", "expected problems as"],
        ),
        ("noise.jsonl", lambda p: p.write_text("not json\nnor this\n"), ["noise.jsonl:1: not valid JSON"]),
        ("empty.jsonl", lambda p: p.write_text(""), ["no rows"]),
        ("scalar.json", lambda p: p.write_text("42"), ["expected an array of rows"]),
    ],
)
def test_unreadable_datasets_stop_with_one_line(tmp_path, name, make, fragments):
    dataset = tmp_path / name
    make(dataset)
    solutions = tmp_path / "sol.jsonl"
    solutions.write_text(json.dumps({"problem_id": "a", "completion": "print(1)"}) + "\n")
    result = _eval_run(dataset, solutions, tmp_path / "res.jsonl")
    assert result.exit_code == 1
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("Error: ") and str(dataset) in last, result.output
    for fragment in fragments:
        assert fragment in last, last
    assert last.count(f"{dataset}:1:") <= 1, last  # a place is named once


def test_eval_run_reads_other_verl_code_datasets(tmp_path):
    """A verl row from another project: APPS/TACO-style ground truth, a plain prompt, no extra_info id."""
    rows = [
        {
            "data_source": "codecontests",
            "prompt": [{"role": "user", "content": "Add two numbers from stdin."}],
            "ability": "code",
            "reward_model": {
                "style": "rule",
                "ground_truth": json.dumps({"inputs": ["1 2\n", "4 4\n"], "outputs": ["3\n", "8\n"]}),
            },
            "extra_info": {"split": "train", "index": 7},
        },
        {
            "data_source": "leetcode",
            "prompt": "Return twice x.",
            "ability": "code",
            "reward_model": {
                "style": "rule",
                "ground_truth": json.dumps({"fn_name": "double", "inputs": [[3], [-1]], "outputs": [[6], [-2]]}),
            },
            "extra_info": {"index": 8},
        },
    ]
    dataset = tmp_path / "other.jsonl"  # parquet cannot hold a list prompt and a text prompt in one column
    dataset.write_text("".join(json.dumps(r) + "\n" for r in rows))
    solutions = tmp_path / "sol.jsonl"
    solutions.write_text(
        json.dumps({"problem_id": "codecontests/7", "completion": "print(sum(map(int, input().split())))"})
        + "\n"
        + json.dumps(
            {
                "problem_id": "leetcode/8",
                "completion": "class Solution:\n    def double(self, x):\n        return 2 * x",
            }
        )
        + "\n"
    )
    out = tmp_path / "res.jsonl"
    result = _eval_run(dataset, solutions, out)
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["verdict"] for line in out.read_text().splitlines()] == ["accepted", "accepted"]
