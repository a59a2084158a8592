"""Judge accuracy on real, labelled data from ../shared/data.

1. battery/: labelled edge cases — false negatives and false positives counted apart.
2. livecodebench/: O1-mini programs LiveCodeBench's hidden tests graded correct must be
   accepted on the public tests (target >= 99%); the ones graded wrong are reported too.
3. leetcodedataset/: every reference solution must pass its own tests (target >= 99%).

    python benchmarks/bench_judge_accuracy.py [--workers 2] [--data ../shared/data]
Writes benchmarks/results/judge_accuracy.json and prints a markdown table.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
import time
from collections import Counter
from pathlib import Path

from microcoder_data.collect import collect, read_problem_file
from microcoder_eval.judge import Judge
from microcoder_eval.types import Limits

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"


def _problems_by_alias(records) -> dict:
    index = {}
    for rec in records:
        if hasattr(rec, "judge_task"):
            index[rec.id] = rec
            index.setdefault(rec.id.split("/", 1)[-1], rec)
            upstream = (rec.provenance or {}).get("upstream_id")
            if upstream is not None:
                index.setdefault(str(upstream), rec)
    return index


def battery(judge: Judge, data: Path) -> dict:
    folder = data / "battery"
    problems = _problems_by_alias(read_problem_file(folder / "dev_problems.jsonl"))
    labels = {json.loads(l)["problem_id"]: json.loads(l) for l in open(folder / "dev_labels.jsonl")}
    sols = [json.loads(l) for l in open(folder / "dev_solutions.jsonl")]
    results = judge.judge_many(
        [(problems[s["problem_id"]].judge_task(), s["completion"]) for s in sols], completions=True
    )
    fn, fp = [], []
    for sol, res in zip(sols, results):
        label = labels[sol["problem_id"]]["label"]
        if label == "ACCEPT" and not res.passed:
            fn.append(f"{sol['problem_id']} ({res.verdict.value})")
        if label == "REJECT" and res.passed:
            fp.append(sol["problem_id"])
    return {"cases": len(sols), "false_negatives": len(fn), "false_positives": len(fp), "fn_cases": fn, "fp_cases": fp}


def _graded_pass(value) -> bool:
    return value is True or str(value).lower() in ("true", "pass", "1")


def livecodebench(judge: Judge, data: Path) -> dict:
    folder = data / "livecodebench"
    problems = _problems_by_alias(read_problem_file(folder / "lcb_public.jsonl"))
    sols = [json.loads(l) for l in open(folder / "solutions_o1mini.jsonl")]
    results = list(
        judge.judge_many([(problems[s["problem_id"]].judge_task(), s["completion"]) for s in sols], completions=True)
    )
    good = [(s, r) for s, r in zip(sols, results) if _graded_pass(s["lcb_graded"])]
    bad = [(s, r) for s, r in zip(sols, results) if not _graded_pass(s["lcb_graded"])]
    rejected = [f"{s['problem_id']} ({r.verdict.value}: {(r.detail or '')[:80]})" for s, r in good if not r.passed]
    return {
        "graded_correct": len(good),
        "graded_correct_accepted": sum(r.passed for _, r in good),
        "accept_rate": sum(r.passed for _, r in good) / max(len(good), 1),
        "graded_correct_rejected": rejected,
        "graded_wrong": len(bad),
        "graded_wrong_accepted_on_public_tests": sum(r.passed for _, r in bad),
        "verdicts_of_graded_wrong": dict(Counter(r.verdict.value for _, r in bad)),
    }


def leetcodedataset(judge: Judge, data: Path) -> dict:
    problems = [p for p in collect([f"leetcodedataset:{data / 'leetcodedataset'}"]) if hasattr(p, "judge_task")]
    items = [(p, ref) for p in problems for ref in p.reference_solutions[:1]]
    results = list(judge.judge_many([(p.judge_task(), ref) for p, ref in items]))
    failed = [
        f"{p.id} ({r.verdict.value}: {(r.detail or '')[:80]})" for (p, _), r in zip(items, results) if not r.passed
    ]
    return {
        "problems_with_reference": len(items),
        "tests": sum(len(p.tests) for p, _ in items),
        "accepted": len(items) - len(failed),
        "accept_rate": (len(items) - len(failed)) / max(len(items), 1),
        "failed": failed[:50],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    if not args.data.is_dir():
        print(f"skipped: no shared data at {args.data}")
        return 0
    report = {
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {__import__('os').cpu_count()} cores",
        "workers": args.workers,
    }
    with Judge(workers=args.workers, limits=Limits(time_limit_s=6.0)) as judge:
        report["isolation"] = judge.isolation["level"]
        for name, fn in (
            ("battery", battery),
            ("livecodebench_o1mini", livecodebench),
            ("leetcodedataset_references", leetcodedataset),
        ):
            started = time.perf_counter()
            report[name] = fn(judge, args.data)
            report[name]["seconds"] = round(time.perf_counter() - started, 1)
            print(
                f"{name}: {json.dumps({k: v for k, v in report[name].items() if not isinstance(v, list)})}",
                file=sys.stderr,
            )
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "judge_accuracy.json").write_text(json.dumps(report, indent=2) + "\n")
    b, l, d = report["battery"], report["livecodebench_o1mini"], report["leetcodedataset_references"]
    print(
        f"| check | result | target |\n|---|---|---|\n"
        f"| battery ({b['cases']} labelled cases) | {b['false_negatives']} FN, {b['false_positives']} FP | 0 and 0 |\n"
        f"| O1-mini programs graded correct by LCB, accepted on public tests | {l['graded_correct_accepted']}/{l['graded_correct']} ({100 * l['accept_rate']:.1f}%) | >= 99% |\n"
        f"| LeetCodeDataset references accepted on their tests | {d['accepted']}/{d['problems_with_reference']} ({100 * d['accept_rate']:.1f}%) | >= 99% |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
