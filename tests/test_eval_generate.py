"""``microcoder eval generate`` with real engines on CPU: a tiny local model through transformers,
and through a real OpenAI-compatible server (`transformers serve`) on a loopback port."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

pytest.importorskip("transformers")


def _lcb_row(qid: str, date: str, platform: str, difficulty: str = "easy") -> dict:
    return {
        "question_id": qid,
        "question_title": f"Sum {qid}",
        "platform": platform,
        "contest_id": "c",
        "question_content": "Read two integers a and b from standard input and print their sum a + b.",
        "contest_date": f"{date}T00:00:00",
        "difficulty": difficulty,
        "starter_code": "",
        "public_test_cases": json.dumps([{"input": "1 2\n", "output": "3\n", "testtype": "stdin"}]),
        "private_test_cases": "",
        "metadata": "{}",
    }


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory) -> Path:
    from microcoder_testing.tiny import build_tiny_checkpoint

    return build_tiny_checkpoint(tmp_path_factory.mktemp("tiny") / "model")


@pytest.fixture()
def problems(tmp_path: Path) -> Path:
    rows = [
        _lcb_row("p1", "2025-02-03", "atcoder"),
        _lcb_row("p2", "2025-03-01", "leetcode", "hard"),
        _lcb_row("old", "2024-01-01", "atcoder"),
        _lcb_row("cf", "2025-03-01", "codeforces"),
    ]
    path = tmp_path / "problems.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


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
            "6",
            "--platform",
            "atcoder,leetcode",
            "--after",
            "2025-02-01",
            "--no-progress",
            *args,
        ],
    )


def test_transformers_engine_writes_resumable_generations(tiny_model, problems, tmp_path):
    out = tmp_path / "gen.jsonl"
    result = _generate(problems, out, "--model", str(tiny_model), "--batch-size", "3")
    assert result.exit_code == 0, result.output
    rows = _lines(out)
    # the window keeps p1 (atcoder) and p2 (leetcode): not the 2024 problem, not codeforces
    assert sorted((r["problem_id"], r["sample"]) for r in rows) == [
        ("livecodebench/p1", 0),
        ("livecodebench/p1", 1),
        ("livecodebench/p2", 0),
        ("livecodebench/p2", 1),
    ]
    for r in rows:
        assert r["prompt_tokens"] > 20 and 1 <= r["completion_tokens"] <= 6
        assert r["truncated"] == (r["finish_reason"] == "length")
        assert r["truncated"] or r["completion_tokens"] < 6 or r["finish_reason"] == "stop"
        assert r["model"] == str(tiny_model) and r["max_tokens"] == 6 and r["engine"] == "transformers"
    assert "4 generated, 0 already" in result.output
    assert "Loading weights" not in result.output and "%|" not in result.output  # --no-progress: no bar at all

    # interrupted: two lines kept, the third cut mid-line -> only the missing two are generated
    text = out.read_text().splitlines(keepends=True)
    out.write_text(text[0] + text[1] + text[2][:10])
    result = _generate(problems, out, "--model", str(tiny_model))
    assert result.exit_code == 0, result.output
    assert "2 generated, 2 already" in result.output
    again = out.read_text().splitlines(keepends=True)
    assert again[:2] == text[:2] and len(again) == 4
    assert sorted((r["problem_id"], r["sample"]) for r in _lines(out)) == sorted(
        (r["problem_id"], r["sample"]) for r in rows
    )
    # nothing missing: nothing generated, file unchanged
    before = out.read_text()
    assert "0 generated, 4 already" in _generate(problems, out, "--model", str(tiny_model)).output
    assert out.read_text() == before
    # other settings are not mixed into the same file
    mixed = _generate(problems, out, "--model", str(tiny_model), "--temperature", "0.5")
    assert mixed.exit_code == 1 and "temperature=1.0" in mixed.output and "Traceback" not in mixed.output


def test_generate_then_judge_prints_the_table(tiny_model, problems, tmp_path):
    out = tmp_path / "gen.jsonl"
    result = _generate(problems, out, "--model", str(tiny_model), "--judge", "--k", "1,2", "--workers", "1")
    assert result.exit_code == 0, result.output
    for label in (
        "mean@2",
        "pass@1",
        "pass@2",
        "truncated",
        "Easy",
        "Hard",
        "AtCoder",
        "LeetCode",
        "contest date in [2025-02-01",
    ):
        assert label in result.output, result.output
    summary = json.loads((tmp_path / "gen.results.summary.json").read_text())
    assert summary["problems"] == 2 and summary["candidates"] == 4 and summary["samples_per_problem"] == 2
    truncated = sum(r["truncated"] for r in _lines(out))
    assert summary["overall"]["truncated"] == pytest.approx(truncated / 4)
    rates = _lines(tmp_path / "gen.results.pass_rates.jsonl")
    assert [r["id"] for r in rates] == ["livecodebench/p1", "livecodebench/p2"] and all(
        r["samples"] == 2 for r in rates
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served_model(tiny_model, tmp_path_factory):
    """`transformers serve` on a loopback port with the tiny model preloaded (offline)."""
    from transformers.utils.import_utils import is_serve_available

    if not is_serve_available():
        pytest.skip("transformers serving extras not installed (pip install 'transformers[serving]')")
    port = _free_port()
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_HOME": str(log.parent / "hf")}
    cmd = [
        sys.executable,
        "-c",
        "from transformers.cli.transformers import main; main()",
        "serve",
        str(tiny_model),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--device",
        "cpu",
    ]
    with open(log, "wb") as fh:
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(base + "/models", timeout=5)
                break
            except urllib.error.HTTPError:
                break  # it answers: up
            except (urllib.error.URLError, OSError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"transformers serve did not come up: {log.read_text()[-2000:]}")
                time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_openai_engine_against_a_real_local_server(served_model, tiny_model, problems, tmp_path):
    out = tmp_path / "gen.jsonl"
    result = _generate(
        problems,
        out,
        "--engine",
        "openai",
        "--base-url",
        served_model,
        "--model",
        str(tiny_model),
        "--concurrency",
        "2",
    )
    assert result.exit_code == 0, result.output
    rows = _lines(out)
    assert sorted((r["problem_id"], r["sample"]) for r in rows) == [
        ("livecodebench/p1", 0),
        ("livecodebench/p1", 1),
        ("livecodebench/p2", 0),
        ("livecodebench/p2", 1),
    ]
    for r in rows:
        assert r["engine"] == "openai" and r["prompt_tokens"] > 20 and 1 <= r["completion_tokens"] <= 6
        assert r["truncated"] == (r["finish_reason"] == "length")
    # resume: drop one line -> exactly one request
    out.write_text("".join(json.dumps(r) + "\n" for r in rows[:3]))
    result = _generate(problems, out, "--engine", "openai", "--base-url", served_model, "--model", str(tiny_model))
    assert result.exit_code == 0 and "1 generated, 3 already" in result.output, result.output


class _FlakyProxy:
    """A loopback proxy in front of the real server that answers the first POSTs with 503 and 429
    (what an overloaded vLLM or a rate-limiting gateway sends): the engine must retry through them."""

    def __init__(self, backend: str, failures: list[int]):
        import http.server
        import threading

        proxy = self
        self.failures = list(failures)
        self.posts = 0

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _relay(self, data: bytes | None) -> None:
                req = urllib.request.Request(
                    backend + self.path.removeprefix("/v1"), data=data, headers={"Content-Type": "application/json"}
                )
                try:
                    with urllib.request.urlopen(req, timeout=120) as resp:
                        status, body = resp.status, resp.read()
                except urllib.error.HTTPError as exc:
                    status, body = exc.code, exc.read()
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                self._relay(None)

            def do_POST(self):
                data = self.rfile.read(int(self.headers["Content-Length"]))
                proxy.posts += 1
                if proxy.failures:
                    body = b'{"error": "busy"}'
                    self.send_response(proxy.failures.pop(0))
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                self._relay(data)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_openai_engine_retries_transient_errors(served_model, tiny_model, problems, tmp_path):
    proxy = _FlakyProxy(served_model, [503, 429])
    try:
        out = tmp_path / "gen.jsonl"
        result = _generate(
            problems,
            out,
            "--engine",
            "openai",
            "--base-url",
            proxy.url,
            "--model",
            str(tiny_model),
            "--concurrency",
            "1",
            "--n",
            "1",
            "--retries",
            "3",
        )
        assert result.exit_code == 0, result.output
        assert len(_lines(out)) == 2 and proxy.posts == 4  # 2 refused + 2 answered
        # each retry is reported as it happens: bounded, and not silent
        assert "HTTP 503" in result.output and "retry 1 of 3" in result.output and "retry 2 of 3" in result.output
        # a server that keeps failing: a clear error once the retries are spent, finished lines kept
        proxy.failures = [503] * 10
        more = _generate(
            problems,
            out,
            "--engine",
            "openai",
            "--base-url",
            proxy.url,
            "--model",
            str(tiny_model),
            "--concurrency",
            "1",
            "--n",
            "2",
            "--retries",
            "1",
        )
        assert more.exit_code == 1 and "Traceback" not in more.output
        assert "failed 2 times; last error: HTTP 503" in more.output.strip().splitlines()[-1]
        assert len(_lines(out)) == 2
    finally:
        proxy.close()


def test_openai_engine_unreachable_server_is_one_clear_line(problems, tmp_path):
    port = _free_port()  # nothing listens there
    result = _generate(
        problems,
        tmp_path / "gen.jsonl",
        "--engine",
        "openai",
        "--model",
        "m",
        "--retries",
        "1",
        "--base-url",
        f"http://127.0.0.1:{port}/v1",
    )
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    last = result.output.strip().splitlines()[-1]
    assert (
        last.startswith("Error: cannot reach the OpenAI-compatible server at http://127.0.0.1:") and "refused" in last
    )
    assert not (tmp_path / "gen.jsonl").exists()
