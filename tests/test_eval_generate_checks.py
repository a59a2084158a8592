"""`eval generate`: everything cheap is checked before the engine is touched (nothing left
to do loads no model; a tokenizer without a chat template and mixed settings fail before the weights
load); the openai engine says where it connects, fails in seconds with one line when nothing listens
on the port, and assumes http:// for a --base-url without a scheme."""

from __future__ import annotations

import json
import shutil
import socket
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

pytest.importorskip("transformers")


def _row(qid: str) -> dict:
    return {
        "question_id": qid,
        "question_title": f"Sum {qid}",
        "platform": "atcoder",
        "contest_id": "c",
        "question_content": "Read two integers a and b from standard input and print their sum a + b.",
        "contest_date": "2025-03-01T00:00:00",
        "difficulty": "easy",
        "starter_code": "",
        "public_test_cases": json.dumps([{"input": "1 2\n", "output": "3\n", "testtype": "stdin"}]),
        "private_test_cases": "",
        "metadata": "{}",
    }


@pytest.fixture()
def problems(tmp_path: Path) -> Path:
    path = tmp_path / "problems.jsonl"
    path.write_text("".join(json.dumps(_row(q)) + "\n" for q in ("p1", "p2")))
    return path


@pytest.fixture()
def model_copy(tmp_path: Path) -> Path:
    """A tiny real checkpoint of this test's own (the tests take parts of it away)."""
    from microcoder_testing.tiny import build_tiny_checkpoint

    return build_tiny_checkpoint(tmp_path / "model")


def _generate(problems: Path, out: Path, *args: str):
    return CliRunner().invoke(
        main,
        [
            "eval",
            "generate",
            "--dataset",
            str(problems),
            "--out",
            str(out),
            "--n",
            "2",
            "--max-tokens",
            "4",
            "--no-progress",
            *args,
        ],
    )


def _remove_weights(model: Path) -> None:
    for f in model.iterdir():
        if f.suffix in (".safetensors", ".bin"):
            f.unlink()
    assert not any(f.suffix in (".safetensors", ".bin") for f in model.iterdir())


def _free_port() -> int:
    with socket.socket() as s:  # closed on exit: nothing listens there afterwards
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_nothing_left_to_generate_loads_no_model(problems, model_copy, tmp_path, one_torch_thread):
    out = tmp_path / "gen.jsonl"
    first = _generate(problems, out, "--model", str(model_copy))
    assert first.exit_code == 0, first.output
    assert len(out.read_text().splitlines()) == 4
    shutil.rmtree(model_copy)  # a re-run that loaded the model would now fail
    again = _generate(problems, out, "--model", str(model_copy))
    assert again.exit_code == 0, again.output
    assert "nothing left to generate: all 4 samples are already in" in again.output
    assert "0 generated, 4 already" in again.output


def test_mixed_settings_fail_before_the_model_loads(problems, model_copy, tmp_path, one_torch_thread):
    out = tmp_path / "gen.jsonl"
    assert _generate(problems, out, "--model", str(model_copy), "--limit", "1").exit_code == 0
    _remove_weights(model_copy)
    mixed = _generate(problems, out, "--model", str(model_copy), "--temperature", "0.5")
    assert mixed.exit_code == 1 and "Traceback" not in mixed.output
    assert "temperature=1.0" in mixed.output.strip().splitlines()[-1]


def test_a_tokenizer_without_chat_template_fails_before_the_weights_load(problems, model_copy, tmp_path):
    config = model_copy / "tokenizer_config.json"
    data = json.loads(config.read_text())
    data.pop("chat_template", None)
    config.write_text(json.dumps(data))
    for extra in model_copy.glob("chat_template.*"):
        extra.unlink()
    _remove_weights(model_copy)  # loading them would fail with another message
    result = _generate(problems, tmp_path / "gen.jsonl", "--model", str(model_copy))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "the tokenizer has no chat template" in result.output.strip().splitlines()[-1]


def test_openai_engine_without_a_server_fails_fast_and_says_where(problems, tmp_path):
    """--base-url without a scheme, default --retries, a loopback port where nothing listens."""
    port = _free_port()
    started = time.monotonic()
    result = _generate(
        problems, tmp_path / "gen.jsonl", "--engine", "openai", "--model", "m", "--base-url", f"127.0.0.1:{port}/v1"
    )
    elapsed = time.monotonic() - started
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert f"assuming http://127.0.0.1:{port}/v1" in result.output and "unknown url type" not in result.output
    connecting = [i for i, line in enumerate(lines) if f"connecting to http://127.0.0.1:{port}/v1/models" in line]
    assert connecting and connecting[0] < len(lines) - 1  # said before waiting, not with the failure
    assert sum("retry" in line and "of 2" in line for line in lines) == 2  # bounded, and each one reported
    assert lines[-1].startswith(f"Error: cannot reach the OpenAI-compatible server at http://127.0.0.1:{port}/v1")
    assert "refused" in lines[-1] and "3 tries" in lines[-1]
    assert elapsed < 10, elapsed
    assert not (tmp_path / "gen.jsonl").exists()


def test_openai_base_url_with_another_scheme_fails_before_anything_is_read(tmp_path):
    unreadable = tmp_path / "problems.jsonl"
    unreadable.write_text("not json\n")  # the dataset is read only after the cheap option checks
    result = _generate(
        unreadable, tmp_path / "gen.jsonl", "--engine", "openai", "--model", "m", "--base-url", "ftp://127.0.0.1:9/v1"
    )
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.strip().splitlines() == [
        "Error: --base-url ftp://127.0.0.1:9/v1: the scheme must be http:// or https:// (e.g. http://127.0.0.1:8000/v1)"
    ]
