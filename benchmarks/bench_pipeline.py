"""Build time per stage over all of ../shared/data, and Verify throughput.

    python benchmarks/bench_pipeline.py [--data-dir /work/shared/data] [--executor local|ray]
        [--workers N] [--limit N] [--determinism same_child|separate] [--shards-in-flight N]
        [--out DIR] [--keep]

Builds the MicroCoder-Dataset from every problem source in the shared data folder
(LiveCodeBench, LeetCodeDataset, DeepSeek-Coder LeetCode + MBPP, rllm, APPS, DebugBench),
with LiveCodeBench as the decontamination reference and the O1-mini samples as the
difficulty pass rates -- what ``microcoder data build --config`` would do -- and reports
wall time per stage, the end-to-end time, and Verify throughput (problems and reference
runs per second).  Writes ``benchmarks/results/pipeline[-<executor>].json`` and prints a
markdown table.  Without the data folder it skips (exit 0).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
DEFAULT_DATA = Path(os.environ.get("MICROCODER_SHARED_DATA", HERE.parent.parent / "shared" / "data"))


def shared_sources(data: Path) -> list[str]:
    specs = [
        ("livecodebench", data / "livecodebench" / "lcb_public.jsonl"),
        ("leetcodedataset", data / "leetcodedataset"),
        ("deepseek_coder", data / "deepseek_coder"),
        ("rllm", data / "rllm"),
        ("apps", data / "apps"),
        ("debugbench", data / "debugbench"),
    ]
    return [f"{name}:{path}" for name, path in specs if path.exists()]


def main() -> int:
    args = _parse_args()
    if not args.data_dir.is_dir():
        print(f"skip: {args.data_dir} not present")
        return 0
    out = args.out or Path(tempfile.mkdtemp(prefix="mc-bench-pipeline-"))
    cfg = _config(args, out)
    report = _run(args, cfg)
    if not args.no_write:
        RESULTS.mkdir(exist_ok=True)
        name = "pipeline.json" if args.executor == "local" else f"pipeline-{args.executor}.json"
        if args.augment_to is not None or args.strength_mutants is not None:
            name = name.replace(
                ".json", f"-augment{cfg.verify.augment_tests_to}-mutants{cfg.verify.strength_mutants}.json"
            )
        (RESULTS / name).write_text(json.dumps(report, indent=1) + "\n")
    if args.out is None and not args.keep:
        shutil.rmtree(out, ignore_errors=True)
    return 0


def _parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--executor", choices=["local", "ray"], default="local")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--limit", type=int, default=None, help="at most N problems per source")
    ap.add_argument("--determinism", choices=["same_child", "separate"], default="same_child")
    ap.add_argument("--out", type=Path, default=None, help="output folder (default: a temp dir, removed)")
    ap.add_argument("--keep", action="store_true", help="keep the output folder")
    ap.add_argument("--no-write", action="store_true", help="do not write benchmarks/results")
    ap.add_argument("--augment-to", type=int, default=None, help="verify.augment_tests_to (default: the config's)")
    ap.add_argument(
        "--strength-mutants", type=int, default=None, help="verify.strength_mutants (default: the config's)"
    )
    ap.add_argument(
        "--shards-in-flight", type=int, default=None, help="verify.shards_in_flight (default: the config's)"
    )
    return ap.parse_args()


def _config(args: argparse.Namespace, out: Path):
    """What ``microcoder data build --config`` would be given: every shared source, LiveCodeBench as the
    decontamination reference, the O1-mini samples as the difficulty pass rates."""
    from microcoder_data.config import PipelineConfig

    cfg = PipelineConfig(
        sources=shared_sources(args.data_dir),
        out_dir=str(out),
        executor=args.executor,
        workers=args.workers,
        limit=args.limit,
        progress=False,
    )
    lcb = args.data_dir / "livecodebench" / "lcb_public.jsonl"
    if lcb.exists():
        cfg.filter.decontam.reference = [f"livecodebench:{lcb}"]
    samples = args.data_dir / "livecodebench" / "solutions_o1mini.jsonl"
    if samples.exists():
        cfg.filter.difficulty.samples_file = str(samples)
    cfg.verify.determinism = args.determinism
    if args.augment_to is not None:
        cfg.verify.augment_tests_to = args.augment_to
    if args.strength_mutants is not None:
        cfg.verify.strength_mutants = args.strength_mutants
    if args.shards_in_flight is not None:
        cfg.verify.shards_in_flight = args.shards_in_flight
    return cfg


def _run(args: argparse.Namespace, cfg) -> dict:
    """Build, time it (wall and CPU), print the tables; returns the report."""
    from microcoder_data.recipe import build

    cpu0 = _tree_cpu_seconds()
    t0 = time.perf_counter()
    result = build(cfg, log=lambda m: print(m, file=sys.stderr))
    total = time.perf_counter() - t0
    cpu = _tree_cpu_seconds() - cpu0
    report = _report(args, cfg, result, total, cpu)
    _print_tables(result, report, total, cpu)
    return report


def _report(args: argparse.Namespace, cfg, result, total: float, cpu: float) -> dict:
    from microcoder_data.pipeline.executors import default_workers
    from microcoder_data.schema import Problem
    from microcoder_data.verify.report import testgen_stats

    verify = next(s for s in result.stages if s.name == "verify")
    refs_run = 0
    for row in result.kept.to_pylist():
        prov = json.loads(row["provenance"]).get("verify", {})
        refs_run += int(prov.get("references_tested", 0))
    stages = {s.name: round(s.seconds, 2) for s in result.stages}  # export included
    return {
        "benchmark": "pipeline",
        "executor": args.executor,
        "workers": args.workers or default_workers(),
        "determinism": args.determinism,
        "augment_tests_to": cfg.verify.augment_tests_to,
        "strength_mutants": cfg.verify.strength_mutants,
        "shards_in_flight": cfg.verify.shards_in_flight,
        "sources": cfg.sources,
        "limit": args.limit,
        "rows_in": result.rows_in,
        "kept": result.kept.num_rows,
        "rejected": result.rejects.num_rows,
        "stage_seconds": stages,
        "total_seconds": round(total, 2),
        # This process and every process it started and reaped (the judge's workers and
        # their children): the build's work, steadier than wall time on a shared host.
        "cpu_seconds": round(cpu, 1),
        "per_stage_counts": [s.to_dict() for s in result.stages],
        "verify_problems_per_s": round(verify.rows_in / verify.seconds, 2) if verify.seconds else None,
        "verify_kept_reference_runs": refs_run,
        "testgen": testgen_stats([Problem.from_row(r) for r in result.kept.to_pylist()]),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "loadavg_1m_at_end": round(os.getloadavg()[0], 2),
        },
    }


def _print_tables(result, report: dict, total: float, cpu: float) -> None:
    verify = next(s for s in result.stages if s.name == "verify")
    print(result.summary_table())
    print()
    print("| stage | seconds | rows in | kept |")
    print("|---|---:|---:|---:|")
    for s in result.stages:
        print(f"| {s.name} | {s.seconds:.1f} | {s.rows_in} | {s.kept} |")
    print(f"| **total** | **{total:.1f}** | {result.rows_in} | {result.kept.num_rows} |")
    print(f"\nCPU time, the build and every process it started: {cpu:.1f} s")
    print("\n| source | problems | with generated tests | tests generated | mean test strength |")
    print("|---|---:|---:|---:|---:|")
    for src, d in report["testgen"]["by_source"].items():
        mean = "" if d["strength_mean"] is None else f"{d['strength_mean']:.1%}"
        print(f"| {src} | {d['problems']} | {d['augmented']} | {d['tests_generated']} | {mean} |")
    print(
        f"\nVerify: {verify.rows_in} problems in {verify.seconds:.1f} s = {report['verify_problems_per_s']} problems/s"
    )


def _tree_cpu_seconds() -> float:
    own, reaped = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + reaped.ru_utime + reaped.ru_stime


if __name__ == "__main__":
    sys.exit(main())
