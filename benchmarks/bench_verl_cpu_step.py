"""Wall time per step of MicroCoder-GRPO on verl 0.9.1 on this CPU, split into rollout,
reward and update.

    python benchmarks/bench_verl_cpu_step.py [--steps 5] [--workdir DIR]

The CI test's setting (tests/test_verl_cpu_loop.py): the four trivial stdin problems built
with ``microcoder data build``, a tiny Qwen2 taught their answers (trainer_adapters.verl.
testing), ``microcoder train --backend verl`` with 2 prompts x 4 samples, 32-token responses.
Per step, from ``metrics.jsonl``: ``timing_s/step``; rollout = ``timing_s/gen`` (verl's
agent loop, which also runs the reward of each sample as it finishes), of which reward =
the judge's wall time (``compute_score`` timed by benchmarks/_timed_reward.py, calls that
overlap merged); update = ``old_log_prob + adv + update_actor + update_weights``; the rest
is verl's own bookkeeping (TransferQueue, replay buffer, balancing, checkpoint). Step 1
(warm-up) is reported apart; medians over the others. Writes
``benchmarks/results/verl_cpu_step.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def merged_seconds(intervals: list[tuple[float, float]], lo: float, hi: float) -> float:
    spans = sorted((max(a, lo), min(b, hi)) for a, b in intervals if b > lo and a < hi)
    total, end = 0.0, -1.0
    for a, b in spans:
        if a > end:
            total, end = total + (b - a), b
        elif b > end:
            total, end = total + (b - end), b
    return total


def _prepare_workdir(workdir: str | None, cli: list[str]) -> Path:
    """The work directory (a new temporary one without ``workdir``), with the trivial dataset
    built and the tiny model taught unless it already has them."""
    from microcoder_testing.problems import write_trivial_problems
    from microcoder_testing.rollout import teach_model

    work = Path(workdir or tempfile.mkdtemp(prefix="bench_verl_cpu_"))
    if not (work / "ds" / "train.parquet").exists():
        source = write_trivial_problems(work / "trivial.jsonl")
        subprocess.run(
            [*cli, "data", "build", "--source", source, "--out", str(work / "ds"), "--no-progress"],
            check=True,
            cwd=ROOT,
            capture_output=True,
        )
        teach_model(work / "model", work / "ds")
    return work


def _run_training(work: Path, cli: list[str], steps: int) -> tuple[Path, Path]:
    """Run ``microcoder train --backend verl`` with timed rewards; exit with its output on failure.

    Returns the output directory and the file of reward call times."""
    out = work / "out"
    times_file = work / "reward_times.txt"
    times_file.unlink(missing_ok=True)
    env = {**os.environ, "MICROCODER_REWARD_TIMES": str(times_file), "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [
            *cli,
            "train",
            "--backend",
            "verl",
            "--model",
            str(work / "model"),
            "--dataset",
            str(work / "ds"),
            "--output-dir",
            str(out),
            f"total_training_steps={steps}",
            "train_batch_size=2",
            "ppo_mini_batch_size=2",
            "num_generations=4",
            "max_response_length=32",
            "save_freq=-1",
            "val_before_train=false",
            "reward.custom_reward_function.path=" + str(HERE / "_timed_reward.py"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        sys.exit(run.stdout[-3000:] + run.stderr[-3000:])
    return out, times_file


def _step_rows(records: list[dict], calls: list[tuple[float, ...]]) -> list[dict]:
    """One row per step: its timings from ``metrics.jsonl`` and the judge's wall time."""
    # steps run one after another and judge their samples during their rollout phase: the
    # reward calls fall into one cluster per step, split at the largest gaps between calls
    calls.sort()
    gaps = sorted(range(1, len(calls)), key=lambda i: calls[i][0] - calls[i - 1][1], reverse=True)
    cuts = sorted(gaps[: len(records) - 1])
    clusters = [calls[a:b] for a, b in zip([0, *cuts], [*cuts, len(calls)])]
    rows = []
    for r, cluster in zip(records, clusters):
        update = sum(
            r.get(k, 0.0)
            for k in ("timing_s/old_log_prob", "timing_s/adv", "timing_s/update_actor", "timing_s/update_weights")
        )
        rows.append(
            {
                "step": r["step"],
                "step_s": r["timing_s/step"],
                "rollout_s": r["timing_s/gen"],
                "reward_s": merged_seconds(cluster, cluster[0][0], cluster[-1][1]),
                "update_s": update,
                "other_s": r["timing_s/step"] - r["timing_s/gen"] - update,
                "reward_mean": r.get("critic/score/mean"),
                "grad_norm": r.get("actor/grad_norm"),
            }
        )
    return rows


def _write_and_print(rows: list[dict]) -> None:
    """Write ``results/verl_cpu_step.json`` and print the per-step table and the medians."""
    steady = rows[1:] or rows
    summary = {
        k: statistics.median(row[k] for row in steady)
        for k in ("step_s", "rollout_s", "reward_s", "update_s", "other_s")
    }
    result = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "python": platform.python_version(),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        "steps": rows,
        "median_after_first": summary,
    }
    (HERE / "results" / "verl_cpu_step.json").write_text(json.dumps(result, indent=2) + "\n")
    print("step  step_s  rollout_s  (reward_s)  update_s  other_s  reward  grad_norm")
    for row in rows:
        print(
            f"{row['step']:4d}  {row['step_s']:6.2f}  {row['rollout_s']:9.2f}  ({row['reward_s']:6.2f})  "
            f"{row['update_s']:8.2f}  {row['other_s']:7.2f}  {row['reward_mean']:.2f}  {row['grad_norm']:.3g}"
        )
    print("median after step 1:", {k: round(v, 2) for k, v in summary.items()})


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--workdir", default=None)
    args = ap.parse_args()
    cli = [sys.executable, "-m", "cli.main"]
    work = _prepare_workdir(args.workdir, cli)
    out, times_file = _run_training(work, cli, args.steps)
    records = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    calls = [tuple(map(float, line.split())) for line in times_file.read_text().splitlines()]
    _write_and_print(_step_rows(records, calls))


if __name__ == "__main__":
    main()
