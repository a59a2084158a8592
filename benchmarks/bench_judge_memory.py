"""Judge memory over many judgments: is it flat?

    python benchmarks/bench_judge_memory.py [--judgments 10000] [--workers 2] [--quick]
        [--every 500] [--data-dir /work/shared/data/livecodebench] [--no-plot]

Pushes ``--judgments`` candidates through ONE ``Judge`` (``--workers`` sandbox workers):
a cycled mix of the real O1-mini candidates on their LiveCodeBench public tests (accepted
and wrong answers, stdin and functional) and synthetic candidates on the same problems:
runtime errors, wrong answers, compile errors and time-outs (an endless loop with a
0.2 s per-problem time limit; 1 s for everything else, which keeps the run short).  Every ``--every`` judgments it samples:

* the judge process's RSS (``/proc/self/status`` VmRSS), its thread count, open fds and
  Python object count (``gc.get_objects()``);
* each sandbox worker's RSS (``/proc/<pid>/status`` of ``judge._all[i].proc.pid``) and
  whether a worker was replaced (pid changed);

and at the end (pool idle, then after ``close()``): open fds of the judge process, its
child processes and any zombies, and leftover processes under the workers.

Writes ``benchmarks/results/judge_memory.json`` (+ ``judge_memory.png`` when matplotlib is
installed) and prints a markdown table.  Without the data directory it skips (exit 0).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import itertools
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

from _machine import loadavg, machine_info

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
DEFAULT_DATA = Path(os.environ.get("MICROCODER_LCB_DIR", "/work/shared/data/livecodebench"))
SEED = 20250102
TLE_LIMIT_S = 0.2  # the synthetic time-outs
TIME_LIMIT_S = 1.0  # everything else (memory, not verdicts, is measured here)
# share of each synthetic kind in the mix (the rest: real O1-mini candidates)
SYNTHETIC = (("runtime_error", 0.08), ("wrong_answer", 0.07), ("compile_error", 0.03), ("time_limit", 0.04))


# ---------------------------------------------------------------------------- /proc


def _status_field(pid: int | str, field: str) -> int | None:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def rss_kb(pid: int | str = "self") -> int | None:
    return _status_field(pid, "VmRSS")


def open_fds(pid: int | str = "self") -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def processes() -> dict[int, tuple[int, str, str]]:
    """pid -> (ppid, state, comm) for every process we can see."""
    out = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                raw = fh.read()
        except OSError:
            continue
        head, _, tail = raw.rpartition(b")")
        comm = head.split(b"(", 1)[-1].decode("utf-8", "replace")
        fields = tail.split()
        try:
            out[int(name)] = (int(fields[1]), fields[0].decode(), comm)
        except (IndexError, ValueError):
            continue
    return out


def descendants(root: int, table: dict[int, tuple[int, str, str]]) -> list[int]:
    children: dict[int, list[int]] = {}
    for pid, (ppid, _, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    out, stack = [], [root]
    while stack:
        for kid in children.get(stack.pop(), []):
            out.append(kid)
            stack.append(kid)
    return out


def serving_pid(holder: int, table: dict[int, tuple[int, str, str]]) -> int | None:
    """The process that serves the judge: with a PID namespace the worker forks once
    (``isolation.enter_pid_namespace``) and the pid the judge started only waits for it."""
    kids = [p for p, (ppid, _, _) in table.items() if ppid == holder]
    return kids[0] if len(kids) == 1 else None


def process_report(judge_pid: int, worker_pids: list[int]) -> dict:
    table = processes()
    kids = [p for p, (ppid, _, _) in table.items() if ppid == judge_pid]
    below_workers = [p for w in worker_pids for p in descendants(w, table)]
    servers = {serving_pid(w, table) for w in worker_pids} - {None}
    leftovers = [p for p in below_workers if p not in servers]
    return {
        "children": len(kids),
        "zombie_children": sum(1 for p in kids if table[p][1] == "Z"),
        "serving_processes": len(servers),
        "leftover_processes_under_workers": len(leftovers),
        "leftover_states": dict(Counter(table[p][1] for p in leftovers)),
        "zombies_under_workers": sum(1 for p in below_workers if table[p][1] == "Z"),
    }


# ---------------------------------------------------------------------------- workload


def load_tasks(data_dir: Path):
    """(task, completion, kind) for the real candidates; tasks by problem for synthetic ones."""
    from microcoder_data.collect import read_problem_file

    problems = {}
    for record in read_problem_file(data_dir / "lcb_public.jsonl"):
        if hasattr(record, "judge_task"):
            problems[str(record.provenance.get("upstream_id"))] = record.judge_task()
    real = []
    with open(data_dir / "solutions_o1mini.jsonl", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                sol = json.loads(line)
                task = problems.get(str(sol["problem_id"]))
                if task is not None:
                    real.append((dataclasses.replace(task, time_limit_s=None), sol["completion"]))
    return real, list(problems.values())


def synthetic(kind: str, task, rng: random.Random) -> tuple[object, str]:
    fn = task.fn_name
    salt = rng.randrange(10**9)  # distinct program text every time (no caching can help)
    if kind == "runtime_error":
        body = f"raise ValueError('boom {salt}')"
    elif kind == "wrong_answer":
        body = f"return {salt}" if fn else f"print({salt})"
    elif kind == "compile_error":
        body = f"return ({salt}" if fn else f"print(({salt}"
    else:  # time_limit
        body = f"x = {salt}\n        while True:\n            x += 1" if fn else f"x = {salt}\nwhile True:\n    x += 1"
        task = dataclasses.replace(task, time_limit_s=TLE_LIMIT_S)
    if fn:
        code = f"class Solution:\n    def {fn}(self, *args):\n        {body}\n"
    else:
        code = f"import sys\ndata = sys.stdin.read()\n{body}\n"
    return task, f"```python\n{code}```\n"


def workload(real, tasks, n: int, rng: random.Random):
    """n (task, completion) pairs: the real candidates cycled, synthetic ones mixed in."""
    order = list(range(len(real)))
    rng.shuffle(order)
    cursor = 0
    kinds, weights = zip(*SYNTHETIC)
    p_synth = sum(weights)
    for _ in range(n):
        if rng.random() < p_synth:
            kind = rng.choices(kinds, weights)[0]
            yield synthetic(kind, rng.choice(tasks), rng)
        else:
            yield real[order[cursor % len(order)]]
            cursor += 1


# ---------------------------------------------------------------------------- measure


def sample(judge, done: int, started: float) -> dict:
    workers = list(judge._all)
    # judge_many returns once the last answers are in; the workers' supervisors may still
    # be exiting.  Wait (briefly) for each worker tree to be idle: holder + serving process.
    deadline = time.monotonic() + 2.0
    while True:
        table = processes()
        if all(len(descendants(w.proc.pid, table)) <= 1 for w in workers) or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    serving = [serving_pid(w.proc.pid, table) or w.proc.pid for w in workers]
    return {
        "judgments": done,
        "elapsed_s": round(time.perf_counter() - started, 2),
        "judge_rss_mb": round((rss_kb() or 0) / 1024, 2),
        "judge_fds": open_fds(),
        "judge_threads": _status_field("self", "Threads"),
        "py_objects": len(gc.get_objects()),
        "worker_pids": [w.proc.pid for w in workers],
        # the serving process of each worker (see serving_pid), and the whole worker tree
        "worker_rss_mb": [round((rss_kb(pid) or 0) / 1024, 2) for pid in serving],
        "worker_tree_rss_mb": [
            round(sum(rss_kb(p) or 0 for p in [w.proc.pid] + descendants(w.proc.pid, table)) / 1024, 2) for w in workers
        ],
        "worker_tree_processes": [1 + len(descendants(w.proc.pid, table)) for w in workers],
    }


def slope_per_1000(xs: list[float], ys: list[float]) -> float | None:
    if len(xs) < 2:
        return None
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    var = sum((x - mx) ** 2 for x in xs)
    if var == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var * 1000


def summarise(series: list[dict]) -> dict:
    after_warmup = series[1:] if len(series) > 2 else series
    xs = [s["judgments"] for s in after_warmup]
    out = {}
    judge = [s["judge_rss_mb"] for s in series]
    out["judge_rss_mb"] = {
        "first": judge[0],
        "last": judge[-1],
        "max": max(judge),
        "slope_mb_per_1000": slope_per_1000(xs, [s["judge_rss_mb"] for s in after_warmup]),
    }
    n_workers = max(len(s["worker_rss_mb"]) for s in series)
    per_worker = []
    for i in range(n_workers):
        ys = [s["worker_rss_mb"][i] for s in series if i < len(s["worker_rss_mb"])]
        ys_w = [s["worker_rss_mb"][i] for s in after_warmup if i < len(s["worker_rss_mb"])]
        xs_w = [s["judgments"] for s in after_warmup if i < len(s["worker_rss_mb"])]
        per_worker.append(
            {"first": ys[0], "last": ys[-1], "max": max(ys), "slope_mb_per_1000": slope_per_1000(xs_w, ys_w)}
        )
    out["worker_rss_mb"] = per_worker
    trees = [sum(s["worker_tree_rss_mb"]) for s in series]
    out["worker_trees_total_rss_mb"] = {
        "first": trees[0],
        "last": trees[-1],
        "max": max(trees),
        "slope_mb_per_1000": slope_per_1000(xs, [sum(s["worker_tree_rss_mb"]) for s in after_warmup]),
    }
    fds = [s["judge_fds"] for s in series]
    out["judge_fds"] = {"first": fds[0], "last": fds[-1], "max": max(fds)}
    objs = [s["py_objects"] for s in series]
    out["py_objects"] = {
        "first": objs[0],
        "last": objs[-1],
        "max": max(objs),
        "slope_per_1000": slope_per_1000(xs, [s["py_objects"] for s in after_warmup]),
    }
    pids = [tuple(s["worker_pids"]) for s in series]
    out["worker_restarts_seen"] = sum(1 for a, b in itertools.pairwise(pids) if a != b)
    return out


def plot(series: list[dict], path: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    xs = [s["judgments"] for s in series]
    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.plot(xs, [s["judge_rss_mb"] for s in series], marker="o", label="judge process")
    n_workers = max(len(s["worker_rss_mb"]) for s in series)
    for i in range(n_workers):
        ax.plot(
            xs,
            [s["worker_rss_mb"][i] if i < len(s["worker_rss_mb"]) else None for s in series],
            marker=".",
            label=f"worker {i} (serving process)",
        )
    ax.plot(xs, [sum(s["worker_tree_rss_mb"]) for s in series], marker="x", label="all worker trees (sum)")
    ax.set_xlabel("judgments")
    ax.set_ylabel("RSS (MiB)")
    ax.set_ylim(bottom=0)
    ax.set_title("microcoder Judge memory")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def markdown(report: dict) -> str:
    m, s, c = report["machine"], report["summary"], report["config"]
    end = report["end"]
    lines = [
        f"### Judge memory over {c['judgments']} judgments ({m['date']})",
        "",
        f"Machine: {m['nproc']} CPUs ({m['cpu']}), Python {m['python']}, load average {m['loadavg_start']} at start / "
        f"{m.get('loadavg_end', '?')} at end (shared machine).  One Judge, {c['workers']} workers, sampled every "
        f"{c['every']} judgments; {report['elapsed_s']:.0f} s in all.  Verdicts: "
        + ", ".join(f"{k} {v}" for k, v in sorted(report["verdicts"].items(), key=lambda kv: -kv[1]))
        + ".",
        "",
        "| process | first MiB | last MiB | max MiB | slope MiB/1000 judgments |",
        "|---|---|---|---|---|",
    ]
    j = s["judge_rss_mb"]
    lines.append(f"| judge | {j['first']:.1f} | {j['last']:.1f} | {j['max']:.1f} | {_f(j['slope_mb_per_1000'])} |")
    for i, w in enumerate(s["worker_rss_mb"]):
        lines.append(
            f"| worker {i} (serving process) | {w['first']:.1f} | {w['last']:.1f} | {w['max']:.1f} | "
            f"{_f(w['slope_mb_per_1000'])} |"
        )
    t = s["worker_trees_total_rss_mb"]
    lines.append(
        f"| all worker process trees (sum) | {t['first']:.1f} | {t['last']:.1f} | {t['max']:.1f} | "
        f"{_f(t['slope_mb_per_1000'])} |"
    )
    o = s["py_objects"]
    lines += [
        "",
        (
            f"Judge open fds: {s['judge_fds']['first']} first / {s['judge_fds']['last']} last / "
            f"{s['judge_fds']['max']} max; after close {end['after_close']['judge_fds']} "
            f"(before the Judge: {report['baseline']['judge_fds']}).  "
            f"Python objects in the judge: {o['first']} → {o['last']} (slope {_f(o['slope_per_1000'])}/1000).  "
            f"Worker restarts seen: {s['worker_restarts_seen']}."
        ),
        (
            f"At the end, pool idle: {end['idle']['children']} children of the judge "
            f"({end['idle']['zombie_children']} zombies); under the workers {end['idle']['serving_processes']} serving "
            f"processes and {end['idle']['leftover_processes_under_workers']} other processes "
            f"({end['idle']['zombies_under_workers']} zombies).  After close: {end['after_close']['children']} "
            f"children, {end['after_close']['zombie_children']} zombies, "
            f"{end['after_close']['workers_still_alive']} workers alive."
        ),
    ]
    return "\n".join(lines)


def _f(x) -> str:
    return "n/a" if x is None else f"{x:+.3f}"


def _parse_args(argv) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--judgments", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--every", type=int, default=500)
    ap.add_argument("--quick", action="store_true", help="2,000 judgments, sampled every 250")
    ap.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=RESULTS / "judge_memory.json")
    ap.add_argument("--no-plot", action="store_true")
    args = ap.parse_args(argv)
    if args.quick:
        args.judgments, args.every = 2000, 250
    return args


def _drive(judge, items: list, workers: int, every: int, started: float) -> tuple[list[dict], Counter, list[int], dict]:
    """Judge ``items`` in chunks of ``every``, sampling after each; then the idle pool's processes.

    Returns the samples, the verdict counts, the worker pids and the idle process report."""
    series: list[dict] = []
    verdicts: Counter = Counter()
    list(judge.judge_many(items[:workers], completions=True))  # start every worker
    series.append(sample(judge, 0, started))
    done = 0
    while done < len(items):
        chunk = items[done : done + every]
        for result in judge.judge_many(chunk, completions=True):
            verdicts[str(result.verdict)] += 1
        done += len(chunk)
        series.append(sample(judge, done, started))
        last = series[-1]
        print(
            f"  {done:6d} judgments  {last['elapsed_s']:7.1f}s  judge {last['judge_rss_mb']:.1f} MiB  "
            f"workers {last['worker_rss_mb']} MiB  fds {last['judge_fds']}",
            file=sys.stderr,
            flush=True,
        )
    time.sleep(0.5)  # let the last supervisors exit
    worker_pids = [w.proc.pid for w in judge._all]
    idle = process_report(os.getpid(), worker_pids)
    idle["judge_fds"] = open_fds()
    return series, verdicts, worker_pids, idle


def _after_close(worker_pids: list[int]) -> dict:
    """The judge process's children, zombies and fds after ``close()``, and workers still alive."""
    time.sleep(0.2)
    after = process_report(os.getpid(), [])
    after["judge_fds"] = open_fds()
    after["workers_still_alive"] = sum(
        1 for pid in worker_pids if os.path.exists(f"/proc/{pid}") and processes().get(pid, (0, "Z", ""))[1] != "Z"
    )
    return after


def _write_and_print(args: argparse.Namespace, report: dict, series: list[dict]) -> None:
    """Plot (unless ``--no-plot``), add the markdown, write the JSON report and print it."""
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if not args.no_plot:
        png = args.out.with_suffix(".png")
        if plot(series, png):
            report["plot"] = str(png.relative_to(HERE.parent)) if png.is_relative_to(HERE.parent) else str(png)
    report["markdown"] = markdown(report)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=1)
    print(report["markdown"])
    print(f"\nwrote {args.out}" + (f" and {report['plot']}" if "plot" in report else ""))


def main(argv=None) -> int:
    args = _parse_args(argv)

    needed = [args.data_dir / "lcb_public.jsonl", args.data_dir / "solutions_o1mini.jsonl"]
    missing = [str(p) for p in needed if not p.exists()]
    if missing:
        print(f"bench_judge_memory: skipped, data not found: {', '.join(missing)}")
        return 0

    from microcoder_eval.judge import Judge
    from microcoder_eval.types import Limits

    rng = random.Random(SEED)
    real, tasks = load_tasks(args.data_dir)
    items = list(workload(real, tasks, args.judgments, rng))
    gc.collect()
    report: dict = {
        "machine": machine_info(),
        "config": {
            "judgments": args.judgments,
            "workers": args.workers,
            "every": args.every,
            "time_limit_s": TIME_LIMIT_S,
            "tle_time_limit_s": TLE_LIMIT_S,
            "seed": SEED,
            "synthetic_shares": dict(SYNTHETIC),
        },
        "baseline": {"judge_fds": open_fds(), "judge_rss_mb": round((rss_kb() or 0) / 1024, 2)},
    }
    started = time.perf_counter()
    judge = Judge(workers=args.workers, limits=Limits(time_limit_s=TIME_LIMIT_S))
    try:
        series, verdicts, worker_pids, idle = _drive(judge, items, args.workers, args.every, started)
    finally:
        judge.close()
    elapsed = time.perf_counter() - started
    after = _after_close(worker_pids)
    report["machine"]["loadavg_end"] = loadavg()
    report["elapsed_s"] = elapsed
    report["verdicts"] = dict(verdicts)
    report["series"] = series
    report["summary"] = summarise(series)
    report["end"] = {"idle": idle, "after_close": after}
    _write_and_print(args, report, series)
    return 0


if __name__ == "__main__":
    sys.exit(main())
