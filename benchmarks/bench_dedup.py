"""MinHash dedup throughput and peak memory at 10k and 100k statements, local and Ray.

    python benchmarks/bench_dedup.py [--sizes 10000 100000] [--executors local ray]
        [--workers 2] [--data-dir /work/shared/data] [--perturb 0.15]

The statements are the real ones from ../shared/data (every problem source, ~10k),
grown to each size by seeded perturbation: copy i of a statement has ``--perturb`` of its
words replaced, deleted or doubled (so most copies are new near-duplicates of a real
statement, some fall under the threshold).  Each (size, executor) runs in a fresh
subprocess: the Filter stage's ``minhash_dedup`` step (signatures on the executor, LSH on
the driver; datatrove's 5-word shingles, 14 bands x 8 rows) through ``run_steps_stage``,
and, separately, ``exact_dedup``.  Peak memory is the largest summed RSS of the process
tree (driver + pool / Ray processes; PSS, so copy-on-write pages shared with forked
workers count once), sampled every 100 ms; the baseline (tree memory before
the step, with the statements loaded and Ray started) is reported too.
Writes ``benchmarks/results/dedup.json`` and prints a markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
DEFAULT_DATA = Path(os.environ.get("MICROCODER_SHARED_DATA", HERE.parent.parent / "shared" / "data"))
SEED = 20250103


def real_statements(data: Path) -> list[str]:
    import logging

    from microcoder_data.collect import collect
    from microcoder_data.schema import Problem

    logging.disable(logging.WARNING)
    specs = [
        f"{n}:{p}"
        for n, p in [
            ("livecodebench", data / "livecodebench" / "lcb_public.jsonl"),
            ("leetcodedataset", data / "leetcodedataset"),
            ("deepseek_coder", data / "deepseek_coder"),
            ("rllm", data / "rllm"),
            ("apps", data / "apps"),
            ("debugbench", data / "debugbench"),
        ]
        if p.exists()
    ]
    if not specs:  # no shared data: the built-in default (offline)
        specs = ["default"]
    return [p.statement for p in collect(specs) if isinstance(p, Problem) and p.statement.strip()]


def grow(statements: list[str], n: int, rate: float, seed: int = SEED) -> list[str]:
    rng = random.Random(seed)
    vocab = sorted({w for s in statements[:2000] for w in s.split()})
    out = list(statements[:n])
    i = 0
    while len(out) < n:
        words = statements[i % len(statements)].split()
        new: list[str] = []
        for w in words:
            r = rng.random()
            if r < rate / 3:
                new.append(rng.choice(vocab))
            elif r < 2 * rate / 3:
                continue
            elif r < rate:
                new += [w, w]
            else:
                new.append(w)
        out.append(" ".join(new))
        i += 1
    return out


class TreeRSS:
    """Peak summed PSS (MiB) of this process and all its descendants: proportional set size,
    so pages a forked pool shares copy-on-write with the driver count once, not per process
    (falls back to RSS where PSS is unavailable)."""

    def __init__(self, every: float = 0.1) -> None:
        import psutil

        self.proc = psutil.Process()
        self.every = every
        self.peak = 0.0
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)

    def now(self) -> float:
        import psutil

        total = 0
        for p in [self.proc] + self.proc.children(recursive=True):
            try:
                try:
                    total += p.memory_full_info().pss
                except (AttributeError, psutil.AccessDenied):
                    total += p.memory_info().rss
            except psutil.Error:
                pass
        return total / 2**20

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self.now())
            time.sleep(self.every)

    def __enter__(self) -> "TreeRSS":
        self.peak = self.now()
        self._t.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._t.join()
        self.peak = max(self.peak, self.now())


def one(size: int, executor: str, workers: int, data: Path, rate: float, cache: Path | None = None) -> dict:
    """Runs in a fresh process: one (size, executor) measurement."""
    from microcoder_data.config import DedupConfig
    from microcoder_data.filter import ExactDedup, MinHashDedup
    from microcoder_data.pipeline.executors import LocalExecutor, RayExecutor
    from microcoder_data.pipeline.rows import problems_table
    from microcoder_data.pipeline.stages import run_steps_stage
    from microcoder_data.schema import Problem
    from microcoder_eval.types import TestCase

    real = json.loads(cache.read_text()) if cache else real_statements(data)
    t = time.perf_counter()
    texts = grow(real, size, rate)
    table = problems_table(
        Problem(
            id=f"bench/{i:07d}", source="bench", title="", statement=s, mode="stdin", tests=[TestCase("1\n", "1\n")]
        ).to_row()
        for i, s in enumerate(texts)
    )
    prep_s = time.perf_counter() - t
    if executor == "ray":
        import ray

        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        ex = RayExecutor(workers, progress=False)
    else:
        ex = LocalExecutor(workers, progress=False)
    res: dict = {
        "size": size,
        "executor": executor,
        "workers": workers,
        "statements_real": len(real),
        "prep_s": round(prep_s, 1),
    }
    tracker = TreeRSS()
    res["baseline_rss_mib"] = round(tracker.now(), 1)
    step = MinHashDedup(DedupConfig())
    with tracker:
        t = time.perf_counter()
        kept, rej = run_steps_stage([step], table, ex, shard_size=max(500, size // (4 * workers)), stage="filter")
        res["minhash_s"] = round(time.perf_counter() - t, 2)
    res["minhash_peak_rss_mib"] = round(tracker.peak, 1)
    res["minhash_statements_per_s"] = round(size / res["minhash_s"])
    res["minhash_duplicates"] = rej.num_rows
    res["lsh_candidates"] = step.last_stats.get("candidates")
    tracker = TreeRSS()
    with tracker:
        t = time.perf_counter()
        _, rej_exact = run_steps_stage(
            [ExactDedup()], table, ex, shard_size=max(500, size // (4 * workers)), stage="filter"
        )
        res["exact_s"] = round(time.perf_counter() - t, 2)
    res["exact_duplicates"] = rej_exact.num_rows
    ex.close()
    res["loadavg_1m_at_end"] = round(os.getloadavg()[0], 2)  # other work on the machine skews timings
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    ap.add_argument("--executors", nargs="+", choices=["local", "ray"], default=["local", "ray"])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--perturb", type=float, default=0.15)
    ap.add_argument("--one", nargs=2, metavar=("SIZE", "EXECUTOR"), help=argparse.SUPPRESS)
    ap.add_argument("--cache", type=Path, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    if args.one:
        print(json.dumps(one(int(args.one[0]), args.one[1], args.workers, args.data_dir, args.perturb, args.cache)))
        return 0
    import tempfile

    cache = Path(tempfile.mkstemp(prefix="mc-dedup-statements-", suffix=".json")[1])
    cache.write_text(json.dumps(real_statements(args.data_dir)))
    rows = []
    for size in args.sizes:
        for ex in args.executors:
            cmd = [
                sys.executable,
                __file__,
                "--one",
                str(size),
                ex,
                "--workers",
                str(args.workers),
                "--data-dir",
                str(args.data_dir),
                "--perturb",
                str(args.perturb),
                "--cache",
                str(cache),
            ]
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode != 0:
                cache.unlink(missing_ok=True)
                print(proc.stderr[-3000:], file=sys.stderr)
                return proc.returncode
            rows.append(json.loads(proc.stdout.strip().splitlines()[-1]))
            print(json.dumps(rows[-1]), file=sys.stderr)
    cache.unlink(missing_ok=True)
    print(
        "| statements | executor | MinHash dedup s | statements/s | peak PSS MiB (baseline) | near dups | exact dedup s |"
    )
    print("|---:|---|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['size']:,} | {r['executor']} ({r['workers']}) | {r['minhash_s']} | {r['minhash_statements_per_s']:,} | "
            f"{r['minhash_peak_rss_mib']:.0f} ({r['baseline_rss_mib']:.0f}) | {r['minhash_duplicates']} | {r['exact_s']} |"
        )
    if not args.no_write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "dedup.json").write_text(
            json.dumps({"benchmark": "dedup", "perturb": args.perturb, "rows": rows, "cpus": os.cpu_count()}, indent=1)
            + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
