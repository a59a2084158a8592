"""Our side of ``_lcb_peer.py``: hand candidates to LiveCodeBench's own grader, which runs in
its own virtual environment (never imported here: its ``run_test`` disables ``os.kill`` & co.
in whatever process calls it), and read back what it graded."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

PEER_SCRIPT = Path(__file__).resolve().parent / "_lcb_peer.py"
DEFAULT_PEER_PYTHON = os.environ.get("LCB_PEER_PYTHON", "/work/lcbpeer-venv/bin/python")


def peer_available(peer_python: str) -> str | None:
    """None if the peer can run, else why not."""
    if not os.path.exists(peer_python):
        return f"peer python {peer_python} not found"
    probe = subprocess.run(
        [peer_python, "-c", "import livecodebench.evaluation.compute_code_generation_metrics"],
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0:
        return f"nvidia-livecodebench not importable with {peer_python}: {probe.stderr.strip()[-300:]}"
    return None


def grade_with_peer(candidates: list[dict], workers: int, timeout_s: int, peer_python: str, tmp: Path) -> dict:
    """``candidates``: ``{"input_output": <LCB sample JSON>, "code": ...}`` each; returns the
    peer's OUT.json (see ``_lcb_peer.py``).  LCB's progress output goes to ``tmp/peer.log``."""
    spec, out, log = tmp / "peer_in.json", tmp / "peer_out.json", tmp / "peer.log"
    spec.write_text(json.dumps({"workers": workers, "timeout": int(timeout_s), "candidates": candidates}))
    if out.exists():
        out.unlink()
    with open(log, "w", encoding="utf-8") as sink:
        proc = subprocess.run(
            [peer_python, str(PEER_SCRIPT), str(spec), str(out)],
            stdout=sink,
            stderr=subprocess.STDOUT,
            cwd=str(tmp),
            check=False,
        )
    if proc.returncode != 0 or not out.exists():
        raise RuntimeError(f"peer failed (exit {proc.returncode}):\n{log.read_text(errors='replace')[-2000:]}")
    return json.loads(out.read_text())
