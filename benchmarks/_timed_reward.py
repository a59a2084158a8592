"""``compute_score`` with its wall time appended to ``$MICROCODER_REWARD_TIMES`` (one line per call:
step-agnostic ``start end`` in epoch seconds). Used by bench_verl_cpu_step.py to split a step's
rollout phase into generation and judging; the score is the published one, unchanged."""

from __future__ import annotations

import os
import time

from microcoder_eval.reward import compute_score as _published


def compute_score(*args, **kwargs):
    start = time.time()
    try:
        return _published(*args, **kwargs)
    finally:
        path = os.environ.get("MICROCODER_REWARD_TIMES")
        if path:
            with open(path, "a") as fh:
                fh.write(f"{start:.6f} {time.time():.6f}\n")
