"""``microcoder data build``'s progress, as a user sees it on the terminal: the Verify bar moves
per problem (not once per 64-problem shard), ``--no-progress`` leaves no bar at all (datasets'
saving bars included), and datasets' saving bars never duplicate the build's own lines."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 6  # one Verify shard (64 problems a shard)


def _build(out: Path, *extra: str) -> subprocess.CompletedProcess:
    # every bar update drawn (tqdm reads TQDM_* at import): what a slow terminal would show over time
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TQDM_MININTERVAL": "0", "TQDM_MINITERS": "1"}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "cli.main",
            "data",
            "build",
            "--source",
            "humaneval",
            "--limit",
            str(LIMIT),
            "--out",
            str(out),
            "--workers",
            "2",
            *extra,
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_verify_bar_moves_per_problem_and_datasets_draws_no_bar(tmp_path):
    res = _build(tmp_path / "ds")
    assert res.returncode == 0, res.stderr
    shown = {int(k) for k in re.findall(rf"verify:\s+\d+%\|[^|]*\|\s*(\d+)/{LIMIT}\b", res.stderr)}
    assert {0, LIMIT} <= shown, res.stderr
    assert shown & set(range(1, LIMIT)), f"the Verify bar jumped from 0 to {LIMIT}: {sorted(shown)}"
    assert "Saving the dataset" not in res.stderr


def test_no_progress_draws_no_bar_at_all(tmp_path):
    res = _build(tmp_path / "ds", "--no-progress")
    assert res.returncode == 0, res.stderr
    for stream in (res.stdout, res.stderr):
        assert "%|" not in stream and "it/s]" not in stream and "Saving the dataset" not in stream, stream
    assert "verify: 6 problems" in res.stderr  # the build's own lines are still there
