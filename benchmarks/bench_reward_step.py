"""Reward time of one GRPO step: our judge against LiveCodeBench's grader.

The batch is built from real LeetCode contest problems with ~100 tests each
(``shared/data/deepseek_coder``, which has no solutions) and their reference solutions
(matched by slug in ``shared/data/leetcodedataset``).  Each problem gets a group of 8
candidates, as a GRPO step samples them, derived from the reference:

* 3 x correct (the reference itself);
* 1 x slightly slow (the reference plus ~3 ms of CPU per call);
* 1 x wrong early (every answer altered: fails the first test);
* 1 x wrong on a few tests (the answer altered on ~4% of the inputs);
* 2 x looping on a few tests (an endless Python loop on ~3% of the inputs, a different
  few each).

Which inputs are "a few" is a hash of the argument values, the same in both judges.

Runs, same candidates, same workers, both stopping at a candidate's first failure:

* (A) our judge at LCB's 6 s per-test limit;
* (B) our judge with the per-problem limits the dataset pipeline derived before issue 39
  (Verify's ``derive_time_limit`` on the reference's per-test CPU times, default factor/floor);
* (C) our judge with the per-test limits the dataset pipeline derives now (Verify's
  ``with_test_limits``: each test's own limit from the reference's time on it, the large floor
  where ``input_size`` finds the input large by the statement's constraints; cheap tests first);
* LiveCodeBench's grader (``nvidia-livecodebench`` 26.3 ``codegen_metrics``, in its own
  venv through ``_lcb_peer.py``: never in this process) at 6 s;
* (C) through the Ray judge pool on a local Ray cluster of the same CPUs.

Also the tail: each run's wall time against max(total test CPU / workers, longest test).

The development host is shared (load averages of 5-11 on 2 cores while this ran), and the
two judges meet load differently: LCB's limit is wall-clock (``signal.alarm``), so an
endless loop costs it 6 s of wall however little CPU it got, while ours is CPU time (and
elapsed time net of run-queue waits), so on an overloaded host an endless loop costs us
wall time in proportion to the load.  Hence every run also records the CPU seconds the
judge and everything it started consumed (``RUSAGE_CHILDREN`` around the run: the
sandbox workers and their children; the peer process and its pool), the step's work
independent of what else the host runs.

    python benchmarks/bench_reward_step.py [--problems 8] [--repeats 3] [--workers 2]
        [--peer-python /work/lcbpeer-venv/bin/python] [--out benchmarks/results/reward_step.json]
        [--quick]  # 4 problems, one repeat, no Ray: a check that it runs, not a figure to report
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import gzip
import json
import os
import platform
import random
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from microcoder_data.config import VerifyConfig  # noqa: E402
from microcoder_data.testgen.input_size import read_input_spec  # noqa: E402
from microcoder_data.testgen.refusal import Refusal  # noqa: E402
from microcoder_data.verify.time_limits import derive_time_limit, large_flags, with_test_limits  # noqa: E402
from microcoder_eval.judge import Judge  # noqa: E402
from microcoder_eval.types import JudgeTask, Limits, Verdict  # noqa: E402

from _lcb_peer_client import DEFAULT_PEER_PYTHON as DEFAULT_PEER  # noqa: E402
from _lcb_peer_client import grade_with_peer  # noqa: E402

LCB_LIMIT_S = 6
SEED = 13
GROUP = ("correct", "correct", "correct", "slow", "wrong_early", "wrong_few", "loop_few_a", "loop_few_b")


@dataclasses.dataclass
class Item:
    pid: str
    kind: str
    task: JudgeTask
    code: str
    fn_name: str
    inputs: list[str]  # LCB raw: one JSON value per line
    outputs: list[str]

    def peer_sample(self) -> dict:
        return {
            "input_output": json.dumps({"inputs": self.inputs, "outputs": self.outputs, "fn_name": self.fn_name}),
            "code": self.code,
        }


_WRAP = """
import zlib as _zlib, time as _time


def _key(args, kwargs):
    # values only, in call order: the same for a keyword call (ours) and a positional one (LCB)
    return _zlib.crc32(repr(tuple(args) + tuple(kwargs.values())).encode())


def _alter(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return value + [0]
    return 12345


class Solution(_ReferenceSolution):
    def {fn}(self, *args, **kwargs):
        key = _key(args, kwargs)
        kind = {kind!r}
        if kind == "slow":
            t = _time.process_time()
            while _time.process_time() - t < 0.003:
                pass
        if kind.startswith("loop_few") and key % 31 == {loop_at}:
            while True:
                pass
        result = super().{fn}(*args, **kwargs)
        if kind == "wrong_early" or (kind == "wrong_few" and key % 25 == 3):
            return _alter(result)
        return result
"""


def _variant(reference: str, fn: str, kind: str) -> str:
    if kind == "correct":
        return reference
    renamed = reference.replace("class Solution", "class _ReferenceSolution", 1)
    return renamed + _WRAP.format(fn=fn, kind=kind, loop_at=7 if kind == "loop_few_a" else 19)


def load_problems(data: Path, count: int, judge: Judge, cfg: VerifyConfig) -> list[dict]:
    from microcoder_data.collect import collect

    refs: dict[str, str] = {}
    for path in sorted((data / "leetcodedataset").glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                if row.get("completion") and "class Solution" in row["completion"]:
                    refs.setdefault(row["task_id"], row["completion"])
    problems = [
        p
        for p in collect([f"deepseek_coder:{data / 'deepseek_coder'}"])
        if hasattr(p, "judge_task") and p.id.startswith("deepseek-leetcode/") and p.mode == "functional"
    ]
    matched = []
    for p in problems:
        slug = str(p.provenance.get("url", "")).rstrip("/").rsplit("/", 1)[-1]
        if slug in refs and len(p.tests) >= 90:
            matched.append((p, refs[slug]))
    rng = random.Random(SEED)
    rng.shuffle(matched)
    chosen = []
    for p, ref in matched:
        task = p.judge_task()
        result = judge.judge(task, ref, stop_on_failure=False)
        if not result.passed:
            continue  # the reference disagrees with DeepSeek's tests: not a clean problem
        limit = derive_time_limit(cfg, result.tests)
        runs = {t.index: t for t in result.tests}
        reading = read_input_spec(p)
        large = large_flags(cfg, p, reading, task.tests)
        own = with_test_limits(cfg, task.tests, [[runs.get(k)] for k in range(len(task.tests))], large)
        chosen.append(
            {
                "problem": p,
                "reference": ref,
                "time_limit_s": limit,
                "tests_with_limits": own,
                "large_tests": sum(large),
                "reading": reading.message
                if isinstance(reading, Refusal)
                else f"constraints read ({reading[0].source})",
                "reference_slowest_s": max(t.time_s for t in result.tests),
                "reference_total_s": sum(t.time_s for t in result.tests),
            }
        )
        if len(chosen) == count:
            break
    return chosen


def build_items(chosen: list[dict], limits: str) -> list[Item]:
    """The batch at ``limits``: "6s" (LCB's, every test), "per_problem" (B) or "per_test" (C:
    the problem's limit and each test's own, as a dataset built now stores them)."""
    items = []
    for c in chosen:
        p = c["problem"]
        task = p.judge_task()
        if limits in ("per_problem", "per_test"):
            task = dataclasses.replace(task, time_limit_s=c["time_limit_s"])
        if limits == "per_test":
            task = dataclasses.replace(task, tests=tuple(c["tests_with_limits"]))
        inputs = [
            "\n".join(
                json.dumps(v)
                for v in (json.loads(t.input).values() if t.input.lstrip().startswith("{") else json.loads(t.input))
            )
            for t in task.tests
        ]
        outputs = [t.output for t in task.tests]
        for kind in GROUP:
            items.append(Item(p.id, kind, task, _variant(c["reference"], p.fn_name, kind), p.fn_name, inputs, outputs))
    return items


def _summary(results: list, wall: float, workers: int, items: list[Item]) -> dict:
    tests = [t for r in results for t in r.tests]
    total_cpu = sum(t.time_s for t in tests)
    longest = max((t.time_s for t in tests), default=0.0)
    bound = max(total_cpu / workers, longest)
    correct = [r for r, it in zip(results, items) if it.kind in ("correct", "slow")]
    return {
        "wall_s": round(wall, 2),
        "tests_run": len(tests),
        "test_cpu_s": round(total_cpu, 2),
        "longest_test_s": round(longest, 2),
        "bound_s": round(bound, 2),
        "wall_over_bound": round(wall / bound, 3) if bound else None,
        "correct_accepted": f"{sum(r.passed for r in correct)}/{len(correct)}",
        "verdicts": {
            v: sum(1 for r in results if str(r.verdict) == v) for v in sorted({str(r.verdict) for r in results})
        },
        "infra_errors": sum(1 for r in results if r.verdict is Verdict.INFRA_ERROR),
        # near-limit re-runs: only tests that waited for a CPU (a busy host) get them
        "reruns": sum(1 for t in tests if t.rerun),
    }


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_local(items: list[Item], workers: int) -> dict:
    cpu0 = _children_cpu()
    load0 = os.getloadavg()[0]
    with Judge(workers=workers, limits=Limits(time_limit_s=LCB_LIMIT_S), share_failures=True) as judge:
        list(
            judge.judge_many([(items[0].task, "class Solution: pass")] * workers)
        )  # workers up, like a warm reward judge
        judge._failures.clear()
        started = time.perf_counter()
        results = list(judge.judge_many([(it.task, it.code) for it in items]))
        wall = time.perf_counter() - started
    # (the workers are reaped at close: their CPU, and their children's, is counted now)
    return {
        **_summary(results, wall, workers, items),
        "cpu_s": round(_children_cpu() - cpu0, 2),
        "load_avg": [round(load0, 2), round(os.getloadavg()[0], 2)],
        "_results": results,
    }


def run_ray(items: list[Item], workers: int) -> dict:
    import ray

    from microcoder_eval.ray_pool import NAMESPACE, RayJudgePool

    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, namespace=NAMESPACE)
    try:
        pool = RayJudgePool(limits=Limits(time_limit_s=LCB_LIMIT_S))
        list(pool.judge_many([(items[0].task, "class Solution: pass")] * workers))
        started = time.perf_counter()
        results = list(pool.judge_many([(it.task, it.code) for it in items]))
        wall = time.perf_counter() - started
    finally:
        ray.shutdown()
    return _summary(results, wall, workers, items)


def tail_part(workers: int, repeats: int) -> dict:
    """The scheduling alone, free of host load: tests that *sleep* (the judge's elapsed
    time net of run-queue waits counts sleeping, a busy host does not stretch it).  One
    long candidate (60 tests x 0.1 s) among short ones (6 x 10 tests x 0.05 s): 9 s of test
    time, bound max(9 s / workers, 0.1 s).  Split (default) against split_long=False."""
    from microcoder_eval.types import TestCase

    def sleeper(n: int, seconds: float) -> tuple[JudgeTask, str]:
        task = JudgeTask("stdin", tuple(TestCase(f"{i}\n", f"{i}\n") for i in range(n)))
        return task, f"import time\ntime.sleep({seconds})\nprint(input())\n"

    items = [sleeper(60, 0.1)] + [sleeper(10, 0.05) for _ in range(6)]
    total = 60 * 0.1 + 6 * 10 * 0.05
    bound = max(total / workers, 0.1)
    out: dict = {"test_time_s": total, "bound_s": bound}
    for name, split in (("split", True), ("no_split", False)):
        walls = []
        for _ in range(repeats):
            with Judge(workers=workers, split_long=split) as judge:
                list(judge.judge_many([(items[1][0], "print(0)")] * workers))
                time.sleep(0.1)
                started = time.perf_counter()
                results = list(judge.judge_many(items))
                walls.append(time.perf_counter() - started)
                assert all(r.passed for r in results), [r.to_dict() for r in results if not r.passed][:1]
        wall = statistics.median(walls)
        out[name] = {
            "wall_s": round(wall, 2),
            "wall_over_bound": round(wall / bound, 3),
            "walls": [round(w, 2) for w in walls],
        }
    return out


def run_peer(items: list[Item], workers: int, peer_python: str, tmp: Path) -> dict:
    cpu0 = _children_cpu()
    load0 = os.getloadavg()[0]
    data = grade_with_peer([it.peer_sample() for it in items], workers, LCB_LIMIT_S, peer_python, tmp)
    correct = [ok for ok, it in zip(data["passed"], items) if it.kind in ("correct", "slow")]
    return {
        "wall_s": round(data["wall_s"], 2),
        "cpu_s": round(_children_cpu() - cpu0, 2),
        "load_avg": [round(load0, 2), round(os.getloadavg()[0], 2)],
        "passed": sum(data["passed"]),
        "correct_accepted": f"{sum(correct)}/{len(correct)}",
    }


def _paired(runs: dict[str, list[dict]], ours: str) -> float | None:
    pairs = list(zip(runs["lcb_6s"], runs[ours]))
    return round(statistics.median(p["wall_s"] / o["wall_s"] for p, o in pairs), 2) if pairs else None


def _parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--problems", type=int, default=8)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--peer-python", default=DEFAULT_PEER)
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "reward_step.json")
    ap.add_argument(
        "--quick",
        action="store_true",
        help="4 problems, one repeat, no Ray, written to reward_step_quick.json: that it runs, not a figure",
    )
    args = ap.parse_args()
    if args.quick:
        args.problems, args.repeats, args.no_ray = min(args.problems, 4), 1, True
        args.out = args.out.with_name(args.out.stem + "_quick.json")
    return args


def _alternating_runs(
    items: dict[str, list[Item]], workers: int, repeats: int, peer_python: str, peer_ok: bool
) -> dict[str, list[dict]]:
    """``repeats`` rounds of (A), LCB (when ``peer_ok``), (B) and (C), one after another; prints each round."""
    items_a, items_b, items_c = items["6s"], items["per_problem"], items["per_test"]
    runs: dict[str, list[dict]] = {"ours_A_6s": [], "ours_B_per_problem": [], "ours_C_per_test": [], "lcb_6s": []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(repeats):
            # alternate the judges so that machine noise hits both alike
            a = run_local(items_a, workers)
            a.pop("_results")
            runs["ours_A_6s"].append(a)
            if peer_ok:
                runs["lcb_6s"].append(run_peer(items_a, workers, peer_python, Path(tmp)))
            b = run_local(items_b, workers)
            b.pop("_results")
            runs["ours_B_per_problem"].append(b)
            c = run_local(items_c, workers)
            c.pop("_results")
            runs["ours_C_per_test"].append(c)
            print(
                f"repeat {r + 1}: A {a['wall_s']} s ({a['reruns']} re-runs), B {b['wall_s']} s, C {c['wall_s']} s"
                f" (correct accepted {c['correct_accepted']})"
                + (f", LCB {runs['lcb_6s'][-1]['wall_s']} s" if peer_ok else "")
                + f"; load {a['load_avg']} .. {b['load_avg']}",
                flush=True,
            )
    return runs


def _build_report(
    args: argparse.Namespace, chosen: list[dict], items_a: list[Item], runs: dict[str, list[dict]], tail: dict
) -> dict:
    """The JSON report: the problems, the median wall and CPU seconds of each run, their ratios."""
    med = {name: statistics.median(x["wall_s"] for x in rs) for name, rs in runs.items() if rs}
    med_cpu = {name: statistics.median(x["cpu_s"] for x in rs) for name, rs in runs.items() if rs and "cpu_s" in rs[0]}
    return {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
        f"{platform.python_version()}, load avg at end {os.getloadavg()[0]:.2f}",
        "workers": args.workers,
        "repeats": args.repeats,
        "problems": [
            {
                "id": c["problem"].id,
                "tests": len(c["problem"].tests),
                "time_limit_s": c["time_limit_s"],
                "large_tests": c["large_tests"],
                "reading": c["reading"],
                "test_limits_s": dict(sorted(Counter(t.time_limit_s for t in c["tests_with_limits"]).items())),
                "reference_slowest_s": c["reference_slowest_s"],
                "reference_total_s": round(c["reference_total_s"], 2),
            }
            for c in chosen
        ],
        "candidates": len(items_a),
        "group": list(GROUP),
        "median_wall_s": med,
        "median_cpu_s": med_cpu,
        "cpu_ratio_lcb_over_A": round(med_cpu["lcb_6s"] / med_cpu["ours_A_6s"], 2) if "lcb_6s" in med_cpu else None,
        "cpu_ratio_lcb_over_B": (
            round(med_cpu["lcb_6s"] / med_cpu["ours_B_per_problem"], 2) if "lcb_6s" in med_cpu else None
        ),
        "ratio_lcb_over_A": round(med["lcb_6s"] / med["ours_A_6s"], 2) if "lcb_6s" in med else None,
        "ratio_lcb_over_B": round(med["lcb_6s"] / med["ours_B_per_problem"], 2) if "lcb_6s" in med else None,
        "ratio_lcb_over_C": round(med["lcb_6s"] / med["ours_C_per_test"], 2) if "lcb_6s" in med else None,
        "tail_C": statistics.median(x["wall_over_bound"] for x in runs["ours_C_per_test"]),
        # each repeat's LCB run against the runs beside it: less exposed to load drifting
        "paired_ratio_lcb_over_A": _paired(runs, "ours_A_6s"),
        "paired_ratio_lcb_over_B": _paired(runs, "ours_B_per_problem"),
        "paired_ratio_lcb_over_C": _paired(runs, "ours_C_per_test"),
        "ratio_ray_over_local_C": (
            round(med["ray_C_per_test"] / med["ours_C_per_test"], 2) if "ray_C_per_test" in med else None
        ),
        "tail_sleeping_tests": tail,
        "runs": runs,
    }


def main() -> int:
    args = _parse_args()
    if not (args.data / "deepseek_coder").exists():
        print(f"skipped: {args.data} has no deepseek_coder")
        return 0
    peer_ok = os.path.exists(args.peer_python)
    if not peer_ok:
        print(
            f"peer python {args.peer_python} not found: ours only. Install it with: python3 -m venv "
            "/tmp/lcbpeer-venv && /tmp/lcbpeer-venv/bin/pip install --no-deps nvidia-livecodebench==26.3 numpy tqdm"
        )
    cfg = VerifyConfig()
    with Judge(workers=args.workers, limits=Limits(time_limit_s=LCB_LIMIT_S)) as judge:
        chosen = load_problems(args.data, args.problems, judge, cfg)
    items = {limits: build_items(chosen, limits) for limits in ("6s", "per_problem", "per_test")}
    runs = _alternating_runs(items, args.workers, args.repeats, args.peer_python, peer_ok)
    tail = tail_part(args.workers, args.repeats)
    print(f"tail: {tail}", flush=True)
    if not args.no_ray:
        runs["ray_C_per_test"] = [run_ray(items["per_test"], args.workers) for _ in range(max(1, args.repeats))]
    report = _build_report(args, chosen, items["6s"], runs, tail)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(json.dumps({k: v for k, v in report.items() if k not in ("runs", "problems")}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
