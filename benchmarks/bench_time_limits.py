"""How tight can a per-problem time limit be before it fails correct programs?

Verify derives ``time_limit_s`` from the slowest correct reference (factor x slowest
test CPU, between a floor and a ceiling).  This measures, on real programs in
``../shared/data``, how many *truly correct* programs a given (factor, floor) would turn
into time-outs:

* LeetCodeDataset: the reference sets the limit; the model's own ``response`` (a second,
  independent program), where it passes every test at the default 6 s, is the correct
  program checked against it;
* LiveCodeBench O1-mini programs that LCB's hidden tests graded correct and that pass the
  public tests: no reference exists, so only the floor applies (absolute CPU times).

    python benchmarks/bench_time_limits.py [--workers 2] [--out benchmarks/results/time_limits.json]
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from microcoder_data.collect import collect, read_problem_file  # noqa: E402
from microcoder_eval.judge import Judge  # noqa: E402
from microcoder_eval.types import Limits  # noqa: E402

FACTORS = (1.5, 2.0, 3.0, 5.0, 10.0)
FLOORS = (0.25, 0.5, 1.0, 2.0)


def _slowest(result) -> float:
    return max((t.time_s for t in result.tests), default=0.0)


def leetcodedataset(judge: Judge, data: Path) -> list[dict]:
    folder = data / "leetcodedataset"
    responses: dict[str, str] = {}
    for path in sorted(folder.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                responses.setdefault(row["task_id"], row.get("response") or "")
    problems = [p for p in collect([f"leetcodedataset:{folder}"]) if hasattr(p, "judge_task") and p.reference_solutions]
    tasks = [p.judge_task() for p in problems]
    refs = list(
        judge.judge_many(((t, p.reference_solutions[0]) for t, p in zip(tasks, problems)), stop_on_failure=False)
    )
    models = list(
        judge.judge_many(
            ((t, responses.get(p.title, "")) for t, p in zip(tasks, problems)), stop_on_failure=False, completions=True
        )
    )
    rows = []
    for p, ref, model in zip(problems, refs, models):
        if ref.passed and model.passed:
            rows.append({"id": p.id, "tests": len(p.tests), "reference_s": _slowest(ref), "program_s": _slowest(model)})
    return rows


def livecodebench(judge: Judge, data: Path) -> list[dict]:
    folder = data / "livecodebench"
    problems = {}
    for p in read_problem_file(folder / "lcb_public.jsonl"):
        if hasattr(p, "judge_task"):
            problems[p.id.split("/", 1)[-1]] = p
    items, ids = [], []
    with open(folder / "solutions_o1mini.jsonl", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            graded = row.get("lcb_graded")
            if (graded is True or str(graded).lower() in ("true", "pass", "1")) and row["problem_id"] in problems:
                items.append((problems[row["problem_id"]].judge_task(), row["completion"]))
                ids.append(row["problem_id"])
    rows = []
    for pid, res in zip(ids, judge.judge_many(items, stop_on_failure=False, completions=True)):
        if res.passed:
            rows.append({"id": pid, "tests": res.tests_total, "reference_s": None, "program_s": _slowest(res)})
    return rows


def fails(rows: list[dict], factor: float, floor: float, ceiling: float) -> int:
    n = 0
    for r in rows:
        limit = floor if r["reference_s"] is None else min(ceiling, max(floor, factor * r["reference_s"]))
        n += r["program_s"] > limit
    return n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--ceiling", type=float, default=6.0)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "time_limits.json")
    args = ap.parse_args()
    if not args.data.exists():
        print(f"skipped: {args.data} not found")
        return 0
    started = time.time()
    with Judge(workers=args.workers, limits=Limits(time_limit_s=6.0)) as judge:
        lcd = leetcodedataset(judge, args.data)
        lcb = livecodebench(judge, args.data)
    table = {
        f"factor={f} floor={fl}": {
            "leetcodedataset_model_fails": fails(lcd, f, fl, args.ceiling),
            "livecodebench_o1mini_fails": fails(lcb, f, fl, args.ceiling),
        }
        for f in FACTORS
        for fl in FLOORS
    }
    slow = sorted(lcd + lcb, key=lambda r: -r["program_s"])[:15]
    report = {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "workers": args.workers,
        "elapsed_s": round(time.time() - started, 1),
        "leetcodedataset_pairs": len(lcd),
        "livecodebench_correct": len(lcb),
        "ceiling_s": args.ceiling,
        "fails": table,
        "slowest_correct_programs": slow,
        "reference_slowest_quantiles": _quantiles([r["reference_s"] for r in lcd]),
        "program_slowest_quantiles": _quantiles([r["program_s"] for r in lcd + lcb]),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(json.dumps({k: v for k, v in report.items() if k != "slowest_correct_programs"}, indent=2))
    return 0


def _quantiles(xs: list[float]) -> dict:
    xs = sorted(xs)
    if not xs:
        return {}
    return {q: xs[min(len(xs) - 1, int(q * len(xs)))] for q in (0.5, 0.9, 0.99, 1.0)}


if __name__ == "__main__":
    raise SystemExit(main())
