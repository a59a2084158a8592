"""Judge speed: microcoder's Judge against LiveCodeBench's own grader, same inputs, same workers.

    python benchmarks/bench_judge_speed.py [--workers 2] [--repeats 3] [--quick]
        [--time-limit 2] [--peer-python /work/lcbpeer-venv/bin/python]
        [--data-dir /work/shared/data/livecodebench]

Parts (each run for both judges, alternating which goes first, ``--repeats`` times;
medians reported):

* ``mix``   -- public tests only: O1-mini candidates from ``solutions_o1mini.jsonl``
  (passing and failing ones; a seeded 500 of the 879 by default, all with ``--full``)
  over all their problem's LCB public tests (1-6, 2.6 on average), stdin and functional,
  with ~2.5% of the candidates (seeded choice) replaced by a program that never ends
  (a time-out on a real problem), besides the model's own time-outs.
* ``realistic`` -- the realistic mix the issue asks for (stdin and functional, many
  tests, some time-outs): the same candidates, time-outs included, each problem's public
  tests cycled to 20 tests (LCB's hidden tests are not available offline; graders in RL
  run tens of tests per problem).
* ``many``  -- "many tests", no time-outs: a seeded subset of the problems, each
  problem's public tests cycled to 20 tests, with its O1-mini candidate.
* ``overhead`` -- the judge's own cost with trivial programs (``print(input())`` and a
  functional identity), workers=1: ms per test over one candidate with many tests, and
  ms per candidate over many one-test candidates, net of the program's own CPU time as
  the judge reports it (``TestResult.time_s``).  The peer is timed on the same sets.

Same inputs for both judges: the peer gets LCB's extracted program (``code``) with the
problem's raw LCB test strings (the ``input_output`` sample LCB's runner builds); our
judge gets the model's raw answer (``completion``) and extracts the program itself, as
``microcoder eval run`` does (extraction is counted in our time).  Same time limit for
both (``--time-limit``, whole seconds: LCB's ``signal.alarm`` takes an int); LCB's limit
is wall-clock per test, ours CPU (and load-corrected elapsed) time per test.  Both stop
at a candidate's first failing test.

Our time: ``Judge(...)`` start-up + ``judge_many`` + ``close``; the peer's: its
``codegen_metrics`` call (process-pool start-up included), measured inside the peer's
process; the peer process's interpreter start-up and LCB import are reported apart.

The workloads (items, the mix and its variants, the trivial sets) are built by
``_judge_workloads.py``.  Writes ``benchmarks/results/judge_speed.json`` and prints a markdown
table.  Skips (exit 0) when the data is absent; runs our side only when the peer's venv is absent.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from _judge_workloads import (
    MANY_TESTS,
    TLE_FRACTION,
    Item,
    build_many,
    build_mix,
    build_realistic,
    extraction_differences,
    load_data,
    trivial_items,
)
from _lcb_peer_client import DEFAULT_PEER_PYTHON as DEFAULT_PEER
from _lcb_peer_client import grade_with_peer, peer_available
from _machine import loadavg, machine_info

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
DEFAULT_DATA = Path(os.environ.get("MICROCODER_LCB_DIR", "/work/shared/data/livecodebench"))
SEED = 20250101


# ---------------------------------------------------------------------------- runners


def run_ours(items: list[Item], workers: int, time_limit: float) -> dict:
    from microcoder_eval.judge import Judge
    from microcoder_eval.types import Limits

    pairs = [(it.task, it.completion) for it in items]
    started = time.perf_counter()
    with Judge(workers=workers, limits=Limits(time_limit_s=time_limit)) as judge:
        ready = time.perf_counter()
        results = list(judge.judge_many(pairs, completions=True))
        judged = time.perf_counter()
    wall = time.perf_counter() - started
    tests_run = sum(len(r.tests) for r in results)
    timeouts = [t for r in results for t in r.tests if str(t.verdict) == "time_limit"]
    return {
        "wall_s": wall,
        "startup_s": ready - started,
        "judging_s": judged - ready,
        "verdicts": [str(r.verdict) for r in results],
        "details": [(r.detail or "")[:160] for r in results],
        "tests_run": tests_run,
        "program_cpu_s": sum(t.time_s for r in results for t in r.tests),
        "program_wall_s": sum(t.wall_s for r in results for t in r.tests),
        "candidate_test_wall_s": [sum(t.wall_s for t in r.tests) for r in results],
        "timeout_tests": len(timeouts),
        "timeout_tests_wall_s": sum(t.wall_s for t in timeouts),
        "timeout_tests_cpu_s": sum(t.time_s for t in timeouts),
    }


def run_peer(items: list[Item], workers: int, time_limit: int, peer_python: str, tmp: Path) -> dict:
    started = time.perf_counter()
    data = grade_with_peer([it.peer_sample() for it in items], workers, int(time_limit), peer_python, tmp)
    data["process_wall_s"] = time.perf_counter() - started
    return data


# ---------------------------------------------------------------------------- parts


def _median(xs):
    return statistics.median(xs) if xs else None


def bench_part(name: str, items: list[Item], args, peer_reason: str | None, tmp: Path) -> dict:
    ours_runs, peer_runs = [], []
    for rep in range(args.repeats):
        order = ("ours", "peer") if rep % 2 == 0 else ("peer", "ours")
        for who in order:
            if who == "ours":
                r = run_ours(items, args.workers, args.time_limit)
                ours_runs.append(r)
                print(
                    f"  [{name}] repeat {rep + 1}: ours {r['wall_s']:.2f}s (start-up {r['startup_s']:.2f}s)",
                    file=sys.stderr,
                    flush=True,
                )
            elif peer_reason is None:
                r = run_peer(items, args.workers, args.time_limit, args.peer_python, tmp)
                peer_runs.append(r)
                print(
                    f"  [{name}] repeat {rep + 1}: peer {r['wall_s']:.2f}s (process {r['process_wall_s']:.2f}s)",
                    file=sys.stderr,
                    flush=True,
                )
    n_tests = sum(len(it.inputs) for it in items)
    part = {
        "candidates": len(items),
        "tests": n_tests,
        "stdin_candidates": sum(1 for it in items if it.fn_name is None),
        "functional_candidates": sum(1 for it in items if it.fn_name is not None),
        "timeout_candidates": sum(1 for it in items if it.kind == "timeout"),
        "ours_wall_s": [r["wall_s"] for r in ours_runs],
        "ours_startup_s": [r["startup_s"] for r in ours_runs],
        "ours_tests_run": ours_runs[0]["tests_run"],
        "ours_program_cpu_s": [r["program_cpu_s"] for r in ours_runs],
        "ours_program_wall_s": [r["program_wall_s"] for r in ours_runs],
        # time-outs: how much of our wall time went to tests stopped at the limit (CPU
        # time, load-corrected elapsed time: on a loaded host that is more wall-clock)
        "ours_timeout_tests": ours_runs[0]["timeout_tests"],
        "ours_timeout_tests_wall_s": [r["timeout_tests_wall_s"] for r in ours_runs],
        "ours_timeout_tests_cpu_s": [r["timeout_tests_cpu_s"] for r in ours_runs],
        "ours_median_s": _median([r["wall_s"] for r in ours_runs]),
        "ours_accepted": [sum(v == "accepted" for v in r["verdicts"]) for r in ours_runs],
        "ours_verdicts": dict(Counter(ours_runs[0]["verdicts"])),
    }
    part["ours_slowest"] = _slowest(items, ours_runs[0]["candidate_test_wall_s"])
    part["ours_candidate_test_wall_sum_s"] = sum(ours_runs[0]["candidate_test_wall_s"])
    ours_flaky = _flaky([r["verdicts"] for r in ours_runs])
    part["ours_flaky_candidates"] = ours_flaky
    if peer_runs:
        part.update(
            {
                "peer_wall_s": [r["wall_s"] for r in peer_runs],
                "peer_process_wall_s": [r["process_wall_s"] for r in peer_runs],
                "peer_median_s": _median([r["wall_s"] for r in peer_runs]),
                "peer_accepted": [sum(r["passed"]) for r in peer_runs],
                "peer_error_codes": dict(Counter(str(c) for c in peer_runs[0]["error_codes"])),
                "peer_flaky_candidates": _flaky([r["passed"] for r in peer_runs]),
                "peer": peer_runs[0]["peer"],
            }
        )
        part["speedup"] = part["peer_median_s"] / part["ours_median_s"]
        part["peer_slowest"] = _slowest(items, peer_runs[0].get("candidate_wall_s") or [])
        walls = [w for w in (peer_runs[0].get("candidate_wall_s") or []) if w is not None]
        part["peer_candidate_wall_sum_s"] = sum(walls)
        part["agreement"] = agreement(items, ours_runs[0], peer_runs[0])
    return part


def _slowest(items: list[Item], walls: list, k: int = 5) -> list[dict]:
    ranked = sorted(((w, i) for i, w in enumerate(walls) if w is not None), reverse=True)[:k]
    return [{"problem": items[i].pid, "kind": items[i].kind, "wall_s": round(w, 2)} for w, i in ranked]


LCB_CODES = {-1: "global timeout", -2: "wrong answer", -3: "time limit", -4: "runtime error", -5: "test-runner error"}


def _flaky(runs: list[list]) -> list[int]:
    """Indices of candidates whose verdict changed between repeats."""
    if len(runs) < 2:
        return []
    return [i for i in range(len(runs[0])) if len({str(run[i]) for run in runs}) > 1]


def agreement(items: list[Item], ours: dict, peer: dict) -> dict:
    both = ours_only = peer_only = neither = 0
    disagreements = []
    for i, it in enumerate(items):
        a = ours["verdicts"][i] == "accepted"
        b = bool(peer["passed"][i])
        if a and b:
            both += 1
        elif a:
            ours_only += 1
        elif b:
            peer_only += 1
        else:
            neither += 1
        if a != b:
            disagreements.append(
                {
                    "problem": it.pid,
                    "kind": it.kind,
                    "mode": "functional" if it.fn_name else "stdin",
                    "ours": ours["verdicts"][i],
                    "ours_detail": ours["details"][i],
                    "peer_passed": b,
                    "peer_error_code": peer["error_codes"][i],
                    "peer_results": peer["results"][i][:8],
                    "lcb_graded_hidden": it.lcb_graded,
                }
            )
    return {
        "both_accept": both,
        "ours_only": ours_only,
        "peer_only": peer_only,
        "both_reject": neither,
        "disagreements": disagreements,
    }


def bench_overhead(args, peer_reason: str | None, tmp: Path) -> dict:
    sets = trivial_items(args.overhead_candidates, args.overhead_tests)
    out: dict = {}
    for name, items in sets.items():
        per_unit_ours, per_unit_peer, cpu_per_unit, anomalies = [], [], [], []
        units = len(items) if name.endswith("candidates") else sum(len(it.inputs) for it in items)
        for rep in range(args.repeats):
            r = run_ours(items, 1, args.time_limit)
            bad = [(v, d) for v, d in zip(r["verdicts"], r["details"]) if v != "accepted"]
            if bad:  # a trivial program must pass: say so loudly, keep the numbers
                anomalies.append({"judge": "ours", "repeat": rep, "failures": bad[:5], "count": len(bad)})
                print(
                    f"  WARNING [overhead {name}] ours rejected {len(bad)} trivial candidate(s): {bad[:2]}",
                    file=sys.stderr,
                    flush=True,
                )
            # judging only (the pool is warm): total wall / units minus the program's own CPU
            per_unit_ours.append((r["judging_s"] - r["program_cpu_s"]) / units * 1e3)
            cpu_per_unit.append(r["program_cpu_s"] / units * 1e3)
            if peer_reason is None:
                p = run_peer(items, 1, args.time_limit, args.peer_python, tmp)
                if not all(p["passed"]):
                    anomalies.append(
                        {
                            "judge": "peer",
                            "repeat": rep,
                            "count": p["passed"].count(False),
                            "error_codes": [c for c in p["error_codes"] if c is not None][:5],
                        }
                    )
                    print(
                        f"  WARNING [overhead {name}] LCB rejected {p['passed'].count(False)} trivial candidate(s)",
                        file=sys.stderr,
                        flush=True,
                    )
                per_unit_peer.append(p["wall_s"] / units * 1e3)
        out[name] = {
            "units": units,
            "ours_ms": per_unit_ours,
            "ours_median_ms": _median(per_unit_ours),
            "program_cpu_ms_per_unit": _median(cpu_per_unit),
            "peer_ms": per_unit_peer,
            "peer_median_ms": _median(per_unit_peer),
            "anomalies": anomalies,
        }
        msg = f"  [overhead {name}] ours {out[name]['ours_median_ms']:.2f} ms"
        if per_unit_peer:
            msg += f", peer {out[name]['peer_median_ms']:.2f} ms (wall, program included)"
        print(msg, file=sys.stderr, flush=True)
    return out


# ---------------------------------------------------------------------------- report


def _fmt(x, spec=".1f"):
    return "n/a" if x is None else format(x, spec)


def _md_timing_table(report: dict) -> list[str]:
    """The heading, the machine/config paragraph and the timing table, one row per part."""
    m = report["machine"]
    cfg = report["config"]
    lines = [
        f"### Judge speed vs LiveCodeBench's grader ({m['date']})",
        "",
        (
            f"Machine: {m['nproc']} CPUs ({m['cpu']}), Python {m['python']}, load average "
            f"{m['loadavg_start']} at start / {m.get('loadavg_end', '?')} at end (shared machine: other jobs ran).  "
            f"Peer: {report.get('peer_label', 'not run')}.  Workers {cfg['workers']} for both, time limit "
            f"{cfg['time_limit_s']} s per test for both, {cfg['repeats']} repeats (medians, alternating order)."
        ),
        "",
        (
            "| part | candidates (stdin/functional, time-outs) | tests | ours median s | LCB median s | speed-up (LCB/ours) "
            "| ours: time-out tests, their summed wall s |"
        ),
        "|---|---|---|---|---|---|---|",
    ]
    for key, label in (
        ("realistic", f"realistic mix ({MANY_TESTS} tests/problem, time-outs)"),
        ("mix", "public tests only"),
        ("many", f"{MANY_TESTS} tests/problem, no time-outs"),
    ):
        p = report["parts"].get(key)
        if not p:
            continue
        lines.append(
            f"| {label} | {p['candidates']} ({p['stdin_candidates']}/{p['functional_candidates']}, "
            f"{p['timeout_candidates']}) | {p['tests']} | {_fmt(p['ours_median_s'], '.2f')} | "
            f"{_fmt(p.get('peer_median_s'), '.2f')} | {_fmt(p.get('speedup'), '.2f')}× | "
            f"{p['ours_timeout_tests']}, {_fmt(_median(p['ours_timeout_tests_wall_s']), '.1f')} |"
        )
    return lines


def _md_slowest(report: dict) -> list[str]:
    """One line per part naming its slowest candidates, ours and LCB's."""
    lines = []
    for key in ("realistic", "mix", "many"):
        p = report["parts"].get(key)
        if not p:
            continue
        slow = ", ".join(f"{s['problem']} {s['wall_s']:.1f}" for s in p.get("ours_slowest", [])[:3])
        lines.append(
            f"Slowest candidates, {key} (first repeat, s): ours (test wall) {slow}"
            + (
                "; LCB (check_correctness wall) "
                + ", ".join(f"{s['problem']} {s['wall_s']:.1f}" for s in p.get("peer_slowest", [])[:3])
                if p.get("peer_slowest")
                else ""
            )
            + ".  "
        )
    return lines


def _md_verdicts(report: dict) -> list[str]:
    """The table of accepted candidates per part, ours against LCB's."""
    lines = [
        "",
        "Verdicts (first repeat):",
        "",
        "| part | ours accepts | LCB accepts | both | ours only | LCB only |",
        "|---|---|---|---|---|---|",
    ]
    for key in ("realistic", "mix", "many"):
        p = report["parts"].get(key)
        if not p:
            continue
        ag = p.get("agreement")
        if ag:
            lines.append(
                f"| {key} | {p['ours_accepted'][0]} | {p['peer_accepted'][0]} | {ag['both_accept']} | "
                f"{ag['ours_only']} | {ag['peer_only']} |"
            )
        else:
            lines.append(f"| {key} | {p['ours_accepted'][0]} | n/a | | | |")
    return lines


def _md_overhead(o: dict) -> list[str]:
    """The table of judge overhead per unit on trivial programs."""
    lines = [
        "",
        (
            "Judge overhead, workers=1, trivial programs (ours: wall net of the program's own CPU; "
            "LCB: plain wall per unit, pool start-up included):"
        ),
        "",
        "| set | units | ours ms/unit | program CPU ms/unit | LCB ms/unit |",
        "|---|---|---|---|---|",
    ]
    for name, v in o.items():
        unit = "test" if name.endswith("tests") else "candidate"
        lines.append(
            f"| {name.replace('_', ' ')} (per {unit}) | {v['units']} | {_fmt(v['ours_median_ms'], '.2f')} | "
            f"{_fmt(v['program_cpu_ms_per_unit'], '.2f')} | {_fmt(v['peer_median_ms'], '.2f')} |"
        )
    return lines


def markdown(report: dict) -> str:
    cfg = report["config"]
    lines = _md_timing_table(report)
    lines.append("")
    lines += _md_slowest(report)
    lines += _md_verdicts(report)
    o = report.get("overhead")
    if o:
        lines += _md_overhead(o)
    lines += [
        "",
        (
            "Time-outs: LCB stops a test at the limit in wall-clock time (signal.alarm); ours at the limit "
            "in CPU time or load-corrected elapsed time, so on a loaded host one of our time-outs takes "
            "more wall-clock than the limit (summed wall of our time-out tests above, over "
            f"{cfg['workers']} workers)."
        ),
    ]
    return "\n".join(lines)


# ---------------------------------------------------------------------------- main


def main(argv=None) -> int:
    args = _parse_args(argv)
    needed = [args.data_dir / "lcb_public.jsonl", args.data_dir / "solutions_o1mini.jsonl"]
    missing = [str(p) for p in needed if not p.exists()]
    if missing:
        print(f"bench_judge_speed: skipped, data not found: {', '.join(missing)}")
        return 0
    mix_limit, many_count = _sizes(args)
    parts = set(args.parts.split(","))

    peer_reason = peer_available(args.peer_python)
    if peer_reason:
        print(
            f"bench_judge_speed: {peer_reason}; running our judge only. Install the peer with:\n"
            f"  python3 -m venv /work/lcbpeer-venv && /work/lcbpeer-venv/bin/pip install --no-deps "
            f"nvidia-livecodebench==26.3 numpy tqdm",
            file=sys.stderr,
        )

    report: dict = {"machine": machine_info(), "parts": {}}
    report["config"] = {
        "workers": args.workers,
        "repeats": args.repeats,
        "time_limit_s": args.time_limit,
        "quick": args.quick,
        "seed": SEED,
        "tle_fraction": args.tle_fraction,
        "many_tests_per_problem": MANY_TESTS,
    }
    _run_parts(args, parts, mix_limit, many_count, peer_reason, report)
    _write_and_print(args, report)
    return 0


def _parse_args(argv) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="a ~2-3 minute version: fewer candidates, 2 repeats")
    ap.add_argument(
        "--full",
        action="store_true",
        help="all 879 candidates in the mix (~15 minutes on 2 cores; default: a seeded 500)",
    )
    ap.add_argument("--mix-size", type=int, default=None, help="candidates in the mix (0: all)")
    ap.add_argument("--time-limit", type=int, default=2, help="seconds per test, both judges (default 2)")
    ap.add_argument("--peer-python", default=DEFAULT_PEER)
    ap.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=RESULTS / "judge_speed.json")
    ap.add_argument(
        "--tle-fraction",
        type=float,
        default=TLE_FRACTION,
        help="share of candidates replaced by an endless loop (default %(default)s; 0: only the model's own time-outs)",
    )
    ap.add_argument("--parts", default="mix,realistic,many,overhead")
    return ap.parse_args(argv)


def _sizes(args: argparse.Namespace) -> tuple[int | None, int]:
    """The mix's size and the "many" part's count for --quick / default / --full (and --mix-size);
    sets the overhead part's sizes on ``args`` and --quick's 2 repeats."""
    if args.quick:
        mix_limit, many_count = 150, 40
        args.overhead_tests, args.overhead_candidates = 300, 40
        if args.repeats == 3:
            args.repeats = 2
    elif args.full:
        mix_limit, many_count = None, 150
        args.overhead_tests, args.overhead_candidates = 1000, 150
    else:
        mix_limit, many_count = 500, 100
        args.overhead_tests, args.overhead_candidates = 600, 100
    if args.mix_size is not None:
        mix_limit = args.mix_size or None
    return mix_limit, many_count


def _run_parts(
    args: argparse.Namespace,
    parts: set[str],
    mix_limit: int | None,
    many_count: int,
    peer_reason: str | None,
    report: dict,
) -> None:
    """Build the seeded mix and run each part asked for, into ``report``."""
    rows, problems, solutions = load_data(args.data_dir)
    rng = random.Random(SEED)
    mix = build_mix(rows, problems, solutions, limit=mix_limit, rng=rng, tle_fraction=args.tle_fraction)
    report["extraction_differs"] = extraction_differences(mix)

    with tempfile.TemporaryDirectory(prefix="bench_judge_speed_") as tmpdir:
        tmp = Path(tmpdir)
        if "mix" in parts:
            print(f"mix: {len(mix)} candidates", file=sys.stderr)
            report["parts"]["mix"] = bench_part("mix", mix, args, peer_reason, tmp)
        if "realistic" in parts:
            realistic = build_realistic(mix)
            print(f"realistic: {len(realistic)} candidates x {MANY_TESTS} tests", file=sys.stderr)
            report["parts"]["realistic"] = bench_part("realistic", realistic, args, peer_reason, tmp)
        if "many" in parts:
            many = build_many(mix, count=many_count, rng=rng)
            print(f"many: {len(many)} candidates x {MANY_TESTS} tests", file=sys.stderr)
            report["parts"]["many"] = bench_part("many", many, args, peer_reason, tmp)
        if "overhead" in parts:
            print("overhead (workers=1)", file=sys.stderr)
            report["overhead"] = bench_overhead(args, peer_reason, tmp)
    report["machine"]["loadavg_end"] = loadavg()
    for p in report["parts"].values():
        if "peer" in p:
            report["peer_label"] = (
                f"{p['peer']['package']}=={p['peer']['version']} `{p['peer']['function'].rsplit('.', 1)[-1]}`"
            )
            break


def _write_and_print(args: argparse.Namespace, report: dict) -> None:
    """Write the report to --out, then again with its markdown table; print the table and each
    part's disagreements with LiveCodeBench's grader."""
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=1, default=str)
    table = markdown(report)
    report["markdown"] = table
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=1, default=str)
    print(table)
    for key, p in report["parts"].items():
        ag = p.get("agreement")
        if ag and ag["disagreements"]:
            print(f"\nDisagreements ({key}, first repeat):")
            for d in ag["disagreements"]:
                print(
                    f"- {d['problem']} ({d['mode']}, {d['kind']}): ours {d['ours']}"
                    f"{' (' + d['ours_detail'][:80] + ')' if d['ours_detail'] else ''}; LCB "
                    f"{'pass' if d['peer_passed'] else 'fail ' + str(d['peer_error_code']) + ' ' + LCB_CODES.get(d['peer_error_code'], '')}; "
                    f"LCB hidden-test verdict {d['lcb_graded_hidden']}"
                )
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    sys.exit(main())
