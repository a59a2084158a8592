"""Ctrl-C during ``microcoder data build``'s Verify, as a user at a terminal meets it: a real
SIGINT sent to the process group of a real build (the terminal signals the whole foreground
group), on the built-in HumanEval source, Verify in small shards one at a time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sandbox is Linux-only")


def _start(out: Path, *extra: str, shard_size: int = 4) -> subprocess.Popen:
    cfg = out.parent / "small_shards.yaml"
    cfg.write_text(f"verify:\n  shard_size: {shard_size}\n  shards_in_flight: 1\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cli.main",
            "data",
            "build",
            "--source",
            "humaneval",
            "--limit",
            "40",
            "--config",
            str(cfg),
            "--out",
            str(out),
            "--workers",
            "2",
            "--no-progress",
            *extra,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _alive(p: psutil.Process) -> bool:
    try:
        return p.is_running() and p.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _done_shards(out: Path) -> set[str]:
    return {p.name for p in (out / "_work" / "verify" / "shards").glob("*.done")}


def _wait_for_first_shard(proc: subprocess.Popen, out: Path) -> None:
    deadline = time.monotonic() + 120
    while not _done_shards(out):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "Verify saved no shard in 120 s"
        time.sleep(0.05)


def test_first_ctrl_c_finishes_the_shard_in_flight_and_the_rerun_resumes(tmp_path):
    out = tmp_path / "ds"
    proc = _start(out)
    _wait_for_first_shard(proc, out)
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert "stopping after the work in flight; press Ctrl-C again to stop now" in stderr
    last = stderr.strip().splitlines()[-1]
    assert last.startswith("interrupted: finished work is saved; run the same command with --resume"), stderr
    assert not (out / "train.parquet").exists()  # stopped before Export
    saved = _done_shards(out)
    assert 0 < len(saved) < 10  # 40 problems in shards of 4: stopped part-way

    proc = _start(out, "--resume")
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 0, stderr
    assert f"verify: resumed {len(saved)} finished shard(s)" in stderr  # nothing finished is redone
    assert " = kept " in stdout  # Export checked rows in = kept + rejected
    assert (out / "train.parquet").exists()


def test_second_ctrl_c_stops_now_and_kills_the_sandbox_workers(tmp_path):
    out = tmp_path / "ds"
    proc = _start(out, shard_size=12)  # a shard in flight long enough for a second press to land in it
    lines: list[str] = []
    said = threading.Event()

    def read_stderr() -> None:
        for line in proc.stderr:
            lines.append(line)
            if line.startswith("stopping after the work in flight"):
                said.set()

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    _wait_for_first_shard(proc, out)
    os.killpg(proc.pid, signal.SIGINT)
    assert said.wait(10), "".join(lines)  # the first press is answered at once
    started = psutil.Process(proc.pid).children(recursive=True)  # every process of the build now
    assert any("microcoder_eval.sandbox.worker" in " ".join(p.cmdline()) for p in started)
    assert proc.poll() is None, "the shard in flight ended before the second press"
    os.killpg(proc.pid, signal.SIGINT)
    t0 = time.monotonic()
    proc.wait(timeout=60)
    reader.join(10)
    stderr = "".join(lines)
    assert time.monotonic() - t0 < 10  # at once, not after the shard in flight
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr and "Aborted" not in stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert lines[-2] == "stopping after the work in flight; press Ctrl-C again to stop now"
    assert lines[-1].startswith(
        "stopped now: sandbox workers killed, unfinished work dropped; run the same command with --resume"
    ), stderr
    alive = [p for p in started if _alive(p)]
    assert not alive, [(p.pid, p.cmdline()) for p in alive]
