"""The machine a benchmark ran on, as its report records it (bench_judge_speed.py, bench_judge_memory.py)."""

from __future__ import annotations

import datetime as _dt
import os
import platform
import subprocess


def machine_info() -> dict:
    """CPU count and model, Python version, the date, and the load average at the start."""
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            cpu = next((line.split(":", 1)[1].strip() for line in fh if line.startswith("model name")), cpu)
    except OSError:
        pass
    try:
        nproc = subprocess.run(["nproc"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        nproc = str(os.cpu_count())
    return {
        "nproc": nproc,
        "cpu": cpu,
        "python": platform.python_version(),
        "date": _dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "loadavg_start": loadavg(),
    }


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages, or "?" where /proc has none."""
    try:
        with open("/proc/loadavg", encoding="utf-8") as fh:
            return " ".join(fh.read().split()[:3])
    except OSError:
        return "?"
