"""Do generated tests reject the wrong programs a large upstream test set rejects?

    python benchmarks/bench_testgen.py [--data-dir ../shared/data] [--min-tests 20] [--max-tests N] [--keep 2]
        [--augment-to 5,10,16] [--mutants 20] [--workers N] [--limit N] [--busy N]
        [--files GLOB] [--row-form jsonl|hf|query]

The Check of issue 15, on ../shared/data's LeetCodeDataset: every problem whose upstream
test set has at least ``--min-tests`` tests (and a reference) is verified on its full set
(no cap: the full set F).  Then only its first ``--keep`` upstream tests are kept and Verify
runs with test generation on (``augment_tests_to`` = each value of ``--augment-to``):
the tests G.  Mutants of the reference (``--mutants`` per problem, the same sample the
build uses, run in the sandbox) are judged on F, on the kept two, and on G.  ``--max-tests``
picks a set held out from the default one (``--min-tests 5 --max-tests 19``: F is smaller
there, so a weaker yardstick), written to ``testgen_<min>-<max>_tests.json``.  Reported:

* the share of the mutants F rejects that G rejects (target >= 95 %), over every problem
  and over those that got generated tests; the same share for the two upstream tests alone;
* every reference accepted on G; G identical when built twice (determinism);
* tests added, inputs dropped, problems whose constraints could not be read.

``--files GLOB`` reads only those LeetCodeDataset files; ``--row-form hf`` lays their rows out as
the Hugging Face dataset does (``problem_description``, ``starter_code`` columns), ``--row-form
query`` keeps the statement only inside the model prompt ``query`` (issue 41: v0.3+ prompts end
with answer-format instructions); written to ``testgen_<files>_<form>.json``.

``--busy N``: N processes keep the cores busy while the tests are generated and built
again (each churns a large dict of tuple keys: the cache and memory traffic of a concurrent
build), so "deterministic" is read under load; written to ``testgen_busy<N>.json``.

``--stdin``: the same on LiveCodeBench's stdin problems, with the O1-mini solution LCB
graded correct as the reference (the build has no stdin references in ../shared/data);
F is a problem's public tests (1-6: much weaker than LeetCodeDataset's sets), only the
first is kept.  Writes ``benchmarks/results/testgen_stdin.json``.

Writes ``benchmarks/results/testgen.json`` and prints a markdown table.  Skips (exit 0)
without the data folder.  Nothing is tuned on a single problem: every eligible problem
counts.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import gzip
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from microcoder_data.testgen.refusal import refusal_kind

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
DEFAULT_DATA = Path(os.environ.get("MICROCODER_SHARED_DATA", HERE.parent.parent / "shared" / "data"))


def main() -> int:
    args = _parse_args()
    if args.stdin:
        return stdin_check(args)
    src = args.data_dir / "leetcodedataset"
    if not src.is_dir():
        print(f"skip: {src} not present")
        return 0

    from microcoder_eval.judge import Judge

    problems = _eligible(args, src)
    report: dict = {
        "benchmark": "testgen",
        "min_tests": args.min_tests,
        "max_tests": args.max_tests,
        "keep": args.keep,
        "mutants_per_problem": args.mutants,
        "busy_processes": args.busy,
        "files": args.files,
        "row_form": args.row_form,
    }
    t_all = time.perf_counter()
    with Judge(workers=args.workers) as judge:
        full, mutants = _verified_with_mutants(problems, judge, args.mutants)
        print(
            f"{len(problems)} LeetCodeDataset problems with >= {args.min_tests} tests; {len(full)} verified on the full set",
            file=sys.stderr,
        )
        rejected = functools.partial(_rejected, judge, mutants)

        t0 = time.perf_counter()
        by_full = rejected({p.id: p.judge_task() for p in full})
        two = {p.id: replace(p.judge_task(), tests=tuple(p.tests[: args.keep])) for p in full}
        by_two = rejected(two)
        report["mutant_seconds_full_and_two"] = round(time.perf_counter() - t0, 1)
        counted = sum(sum(v) for v in by_full.values())
        report["mutants"] = sum(len(v) for v in mutants.values())
        report["mutants_rejected_by_full"] = counted
        report["two_upstream_share"] = round(_share(by_full, by_two), 4)
        rows = []
        with _busy(args.busy):  # the load lasts while the tests are built, twice, and judged
            for n in [int(x) for x in args.augment_to.split(",") if x]:
                row = _generated_row(n, full, args.keep, judge, rejected, by_full, by_two)
                rows.append(row)
                print(json.dumps(row), file=sys.stderr)
        report["by_augment_to"] = rows
    report["total_seconds"] = round(time.perf_counter() - t_all, 1)
    report["machine"] = {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "loadavg_1m_at_end": round(os.getloadavg()[0], 2),
    }
    _print_table(rows, len(full), report["mutants"], counted, args.keep, report["two_upstream_share"])
    if not args.no_write:
        RESULTS.mkdir(exist_ok=True)
        name = "testgen.json" if args.max_tests is None else f"testgen_{args.min_tests}-{args.max_tests}_tests.json"
        if args.busy:
            name = name.replace(".json", f"_busy{args.busy}.json")
        if args.files != "*" or args.row_form != "jsonl":
            label = re.sub(r"[^\w.-]+", "", args.files.replace("LeetCodeDataset-", "").split(".jsonl")[0]).strip("-.")
            name = name.replace(".json", f"_{label}_{args.row_form}.json")
        (RESULTS / name).write_text(json.dumps(report, indent=1) + "\n")
    return 0


def _parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--min-tests", type=int, default=20)
    ap.add_argument(
        "--max-tests",
        type=int,
        default=None,
        help="only problems with at most N upstream tests (a set held out from the >= 20 one)",
    )
    ap.add_argument("--keep", type=int, default=2)
    ap.add_argument("--augment-to", default="5,10,16")
    ap.add_argument("--mutants", type=int, default=20)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--limit", type=int, default=None, help="at most N eligible problems")
    ap.add_argument("--files", default="*", help="LeetCodeDataset files to read (a glob in the folder)")
    ap.add_argument(
        "--row-form",
        choices=("jsonl", "hf", "query"),
        default="jsonl",
        help="rows as stored, as the Hugging Face dataset lays them out, or with the statement only in `query`",
    )
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--stdin", action="store_true", help="LiveCodeBench stdin problems, O1-mini references")
    ap.add_argument("--busy", type=int, default=0, help="N processes keeping the cores busy while tests are built")
    args = ap.parse_args()
    if args.stdin and args.busy:
        ap.error("--busy loads the LeetCodeDataset check only, not --stdin")
    return args


def _eligible(args: argparse.Namespace, src: Path) -> list:
    """LeetCodeDataset problems with a reference and between --min-tests and --max-tests upstream
    tests, by id, at most --limit of them."""
    from microcoder_data.collect import collect
    from microcoder_data.schema import Problem

    with tempfile.TemporaryDirectory() as tmp:
        folder = _rows_in_form(src, args.files, args.row_form, Path(tmp))
        records = list(collect([f"leetcodedataset:{folder}"]))
    problems = [
        p
        for p in records
        if isinstance(p, Problem)
        and args.min_tests <= len(p.tests) <= (args.max_tests or len(p.tests))
        and p.reference_solutions
    ]
    problems.sort(key=lambda p: p.id)
    if args.limit:
        problems = problems[: args.limit]
    return problems


def _rows_in_form(src: Path, pattern: str, form: str, tmp: Path) -> Path:
    """The folder of LeetCodeDataset files matching ``pattern``, their rows in ``form``: ``jsonl``
    as stored (``meta`` holds the statement and starter code), ``hf`` as the Hugging Face dataset
    lays them out (``meta``'s fields as columns: ``problem_description``, ``starter_code``, ...),
    ``query`` with the statement and starter code only inside the model prompt ``query``."""
    files = sorted(src.glob(pattern))
    if not files:
        raise SystemExit(f"bench_testgen: no file matches {pattern!r} in {src}")
    if form == "jsonl" and pattern == "*":
        return src
    columns = {"question_title": "problem_description", "lang_code": "starter_code"}
    for path in files:
        with gzip.open(path, "rt") as fh, gzip.open(tmp / path.name, "wt") as out:
            for line in fh:
                row = json.loads(line)
                meta = row.pop("meta", {}) if form != "jsonl" else None
                if form == "hf":
                    row.update({columns.get(k, k): v for k, v in meta.items()})
                elif form == "query":
                    row.update({k: v for k, v in meta.items() if k not in columns})
                out.write(json.dumps(row) + "\n")
    return tmp


def _generated_row(
    n: int, full: list, keep: int, judge, rejected, by_full: dict[str, list[bool]], by_two: dict[str, list[bool]]
) -> dict:
    """Verify with test generation up to ``n`` tests from the first ``keep`` upstream tests (built
    twice: determinism), and the share of the mutants the full upstream set rejects that they reject."""
    from microcoder_data.config import VerifyConfig
    from microcoder_data.schema import Problem
    from microcoder_data.verify import VerifyStep

    cfg = VerifyConfig(augment_tests_to=n, strength_mutants=0)
    small = _first_tests(full, keep)
    t0 = time.perf_counter()
    built = {o.id: o for o in VerifyStep(cfg).run_with(copy.deepcopy(small), judge)}
    build_s = time.perf_counter() - t0
    again = {o.id: o for o in VerifyStep(cfg).run_with(copy.deepcopy(small), judge)}
    deterministic = all(getattr(built[k], "tests", None) == getattr(again[k], "tests", None) for k in built)
    kept = {k: o for k, o in built.items() if isinstance(o, Problem)}
    refs_ok = all(r.passed for r in judge.judge_many((o.judge_task(), o.reference_solutions[0]) for o in kept.values()))
    by_gen = rejected({k: o.judge_task() for k, o in kept.items()})
    augmented = {k for k, o in kept.items() if o.provenance["verify"].get("tests_generated")}
    skipped = Counter(  # by the kind of refusal (testgen/refusal.py)
        refusal_kind(o.provenance["verify"].get("generation", {})) or "none recorded"
        for o in kept.values()
        if o.id not in augmented
    )
    return {
        "augment_tests_to": n,
        "problems": len(kept),
        "problems_augmented": len(augmented),
        "tests_generated": sum(o.provenance["verify"].get("tests_generated", 0) for o in kept.values()),
        "share_all": round(_share({k: by_full[k] for k in kept}, by_gen), 4),
        "share_augmented": round(_share({k: by_full[k] for k in augmented}, {k: by_gen[k] for k in augmented}), 4),
        "two_share_augmented": round(_share({k: by_full[k] for k in augmented}, {k: by_two[k] for k in augmented}), 4),
        "every_reference_accepted": refs_ok,
        "deterministic": deterministic,
        "verify_seconds": round(build_s, 1),
        "loadavg_1m": round(os.getloadavg()[0], 2),
        "not_generated_reasons": dict(skipped.most_common(8)),
    }


def _print_table(rows: list[dict], problems: int, mutants: int, counted: int, keep: int, two_share: float) -> None:
    print(
        f"\n{problems} problems, {mutants} mutants, {counted} rejected by the full upstream sets; "
        f"the first {keep} upstream tests alone reject {two_share:.1%} of those.\n"
    )
    print(
        "| augment_tests_to | problems with generated tests | tests generated | share rejected (all) | "
        "share rejected (with generated) | 2 upstream only (same problems) | references accepted | deterministic |"
    )
    print("|---:|---:|---:|---:|---:|---:|---|---|")
    for r in rows:
        print(
            f"| {r['augment_tests_to']} | {r['problems_augmented']}/{r['problems']} | {r['tests_generated']} | "
            f"{r['share_all']:.1%} | {r['share_augmented']:.1%} | {r['two_share_augmented']:.1%} | "
            f"{r['every_reference_accepted']} | {r['deterministic']} |"
        )


_CHURN = (
    "d = {}\ni = 0\nwhile True:\n    d[(i % 500000, i)] = i\n    i += 1\n    if len(d) > 400000:\n        d.clear()\n"
)


def _busy(n: int) -> contextlib.ExitStack:
    """``n`` processes keeping the cores busy until the returned stack is closed."""
    stack = contextlib.ExitStack()
    for _ in range(n):
        proc = subprocess.Popen([sys.executable, "-c", _CHURN])
        stack.callback(proc.wait)
        stack.callback(proc.kill)
    return stack


def _stdin_problems(src: Path, limit: int | None) -> list:
    """LiveCodeBench's stdin problems with >= 2 public tests and an O1-mini solution LCB graded
    correct, that solution as their reference; sorted by id, the first ``limit`` when set."""
    from microcoder_data.collect import collect
    from microcoder_data.schema import Problem

    good = {}
    for line in (src / "solutions_o1mini.jsonl").open():
        row = json.loads(line)
        if row.get("lcb_graded") is True and row.get("code", "").strip():
            good[f"livecodebench/{row['problem_id']}"] = row["code"]
    problems = [
        p
        for p in collect([f"livecodebench:{src / 'lcb_public.jsonl'}"])
        if isinstance(p, Problem) and p.mode == "stdin" and p.id in good and len(p.tests) >= 2
    ]
    for p in problems:
        p.reference_solutions = [good[p.id]]
    problems.sort(key=lambda p: p.id)
    if limit:
        problems = problems[:limit]
    return problems


def _stdin_measure(problems: list, args: argparse.Namespace) -> dict:
    """Verify on the public tests (F), on the first one, and with tests generated (G); the
    shares of F's rejected mutants the others reject, and the rest of the report."""
    from microcoder_data.config import VerifyConfig
    from microcoder_data.schema import Problem
    from microcoder_data.verify import VerifyStep
    from microcoder_eval.judge import Judge

    n = int(args.augment_to.split(",")[-1])
    t_all = time.perf_counter()
    with Judge(workers=args.workers) as judge:
        full, mutants = _verified_with_mutants(problems, judge, args.mutants)
        rejected = functools.partial(_rejected, judge, mutants)
        by_full = rejected({p.id: p.judge_task() for p in full})
        by_one = rejected({p.id: replace(p.judge_task(), tests=tuple(p.tests[:1])) for p in full})
        small = _first_tests(full, 1)
        cfg = VerifyConfig(augment_tests_to=n, strength_mutants=0)
        built = {o.id: o for o in VerifyStep(cfg).run_with(copy.deepcopy(small), judge)}
        again = {o.id: o for o in VerifyStep(cfg).run_with(copy.deepcopy(small), judge)}
        kept = {k: o for k, o in built.items() if isinstance(o, Problem)}
        augmented = {k for k, o in kept.items() if o.provenance["verify"].get("tests_generated")}
        by_gen = rejected({k: o.judge_task() for k, o in kept.items()})
        refs_ok = all(
            r.passed for r in judge.judge_many((o.judge_task(), o.reference_solutions[0]) for o in kept.values())
        )
        full_ok = all(
            r.passed for r in judge.judge_many((p.judge_task(), p.reference_solutions[0]) for p in full)
        )  # the reference passes F too
    return {
        "verified_on_public_tests": len(full),
        "augment_tests_to": n,
        "problems_augmented": len(augmented),
        "tests_generated": sum(o.provenance["verify"].get("tests_generated", 0) for o in kept.values()),
        "mutants": sum(len(v) for v in mutants.values()),
        "mutants_rejected_by_full": sum(sum(v) for v in by_full.values()),
        "share_augmented": round(_share({k: by_full[k] for k in augmented}, {k: by_gen[k] for k in augmented}), 4),
        "one_share_augmented": round(_share({k: by_full[k] for k in augmented}, {k: by_one[k] for k in augmented}), 4),
        "share_all": round(_share({k: by_full[k] for k in kept}, by_gen), 4),
        "one_share_all": round(_share({k: by_full[k] for k in kept}, by_one), 4),
        "every_reference_accepted": refs_ok and full_ok,
        "deterministic": all(getattr(built[k], "tests", None) == getattr(again[k], "tests", None) for k in built),
        "total_seconds": round(time.perf_counter() - t_all, 1),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "loadavg_1m_at_end": round(os.getloadavg()[0], 2),
        },
    }


def stdin_check(args: argparse.Namespace) -> int:
    src = args.data_dir / "livecodebench"
    if not src.is_dir():
        print(f"skip: {src} not present")
        return 0
    from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec

    problems = _stdin_problems(src, args.limit)
    read = [stdin_spec(p) for p in problems]
    specs = Counter("read" if isinstance(s, StdinSpec) else f"refused: {s.refusal.kind}" for s in read)
    report: dict = {
        "benchmark": "testgen_stdin",
        "problems_with_reference": len(problems),
        "keep": 1,
        "format_read": specs.pop("read", 0),
        "not_read_reasons": dict(specs.most_common(10)),
    }
    report.update(_stdin_measure(problems, args))
    print(json.dumps(report, indent=1))
    if not args.no_write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "testgen_stdin.json").write_text(json.dumps(report, indent=1) + "\n")
    return 0


def _verified_with_mutants(problems: list, judge, n_mutants: int) -> tuple[list, dict[str, list]]:
    """The problems Verify keeps on their full upstream test sets (no cap, nothing generated),
    and ``n_mutants`` mutants of each one's first reference (the build's sample)."""
    from microcoder_data.config import VerifyConfig
    from microcoder_data.schema import Problem
    from microcoder_data.verify import VerifyStep
    from microcoder_data.verify.mutants import make_mutants

    off = dict(augment_tests_to=0, strength_mutants=0)
    full = [
        o
        for o in VerifyStep(VerifyConfig(max_tests=0, **off)).run_with(copy.deepcopy(problems), judge)
        if isinstance(o, Problem)
    ]
    return full, {p.id: make_mutants(p.reference_solutions[0], n_mutants, seed=p.id) for p in full}


def _rejected(judge, mutants: dict[str, list], tasks: dict[str, object]) -> dict[str, list[bool]]:
    """Per problem id of ``tasks``: whether the judge rejects each of its mutants on that task
    (as the build's strength measure runs them: its step budget and time limit, stopping at a
    mutant's first failing test)."""
    from microcoder_data.config import VerifyConfig
    from microcoder_data.verify.strength import mutant_run
    from microcoder_eval.types import Verdict

    cfg = VerifyConfig()
    items = [(pid, k) for pid in tasks for k in range(len(mutants[pid]))]
    runs = judge.judge_many(
        (
            mutant_run(
                tasks[pid],
                mutants[pid][k].code,
                time_limit_s=cfg.strength_time_limit_s,
                memory_limit_mb=cfg.strength_memory_limit_mb,
                step_budget=cfg.strength_step_budget,
            )
            for pid, k in items
        ),
        stop_on_failure=True,
    )
    out: dict[str, list[bool]] = {pid: [] for pid in tasks}
    for (pid, _), res in zip(items, runs):
        out[pid].append(res.verdict is not Verdict.ACCEPTED)
    return out


def _first_tests(problems: list, keep: int) -> list:
    """Copies of ``problems`` with only their first ``keep`` tests and no Verify provenance."""
    small = []
    for p in problems:
        q = copy.deepcopy(p)
        q.tests = q.tests[:keep]
        q.provenance = {k: v for k, v in q.provenance.items() if k != "verify"}
        small.append(q)
    return small


def _share(full: dict[str, list[bool]], other: dict[str, list[bool]]) -> float:
    """Of the mutants ``full`` rejects, the share ``other`` rejects too."""
    hit = tot = 0
    for pid, row in full.items():
        for k, killed in enumerate(row):
            if killed:
                tot += 1
                hit += 1 if other[pid][k] else 0
    return hit / tot if tot else float("nan")


if __name__ == "__main__":
    sys.exit(main())
