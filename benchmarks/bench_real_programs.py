"""Do a build's tests accept right programs and reject wrong ones?  Measured on real programs.

    python benchmarks/bench_real_programs.py [--data-dir ../shared/data] [--workers N] [--out DIR]
        [--reuse] [--augment-to 16] [--limit N] [--peer-python /work/lcbpeer-venv/bin/python]

The yardstick of issue 28.  LiveCodeBench's problems (``lcb_public.jsonl``, public tests
only) get the O1-mini program LiveCodeBench graded correct as their one reference and go
through ``microcoder data build`` as a user would run it (our own row format, the default
config, decontamination off: these problems are the benchmark itself).  Then the real
programs of ``programs_dev.jsonl`` (O1-Preview and Qwen2.5-7B, verdicts from LiveCodeBench's
full hidden tests; half of the problems) are judged on each built problem's public tests and
on the tests the build kept, with the problem's own time limit:

* TPR: the share of the programs LiveCodeBench graded right that the tests accept;
* TNR: the share of those it graded wrong that the tests reject;

by mode (stdin / functional), by whether the problem got generated tests and on the held-out
quarter of `_heldout.py` (statements no reading was written from), for public
tests alone and for the built tests.  (LiveCodeBench's reason for failing a program is in
the data only for the O1-mini programs, and a problem whose O1-mini program failed has no
reference here, so is not built: no TNR by reason can be measured on this data.)  Every
right program a built test rejects is listed with the test's input, the expected answer
and the judge's diff, for the check the issue asks for (is the input valid, is the
expected answer right?).  With LiveCodeBench's own grader at hand (``--peer-python``), the
programs it graded wrong that print from an unjoined thread are graded again by it, as
written and called directly (``_thread_verdicts.py``), and the rates are also given without
those it fails only as written.  Every right program rejected for time is judged again under
the problem's single limit (the tests' own limits dropped): ``right_failed_on_time_only_by_test_limits``
lists those that pass then -- none, if the per-test limits (issue 39) reject no right program
the per-problem limit accepted.

Writes ``benchmarks/results/real_programs.json``; skips (exit 0) without the data folder.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from _heldout import split_of
from _lcb_peer_client import DEFAULT_PEER_PYTHON, peer_available
from _thread_verdicts import harness_verdicts, prints_from_a_thread
from _unseen_right_programs import leetcodedataset_programs

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
DEFAULT_DATA = Path(os.environ.get("MICROCODER_SHARED_DATA", HERE.parent.parent / "shared" / "data"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--out", type=Path, default=Path("out/bench-real-programs"), help="build folder")
    ap.add_argument("--reuse", action="store_true", help="judge the build already in --out (no new build)")
    ap.add_argument("--augment-to", type=int, default=None, help="verify.augment_tests_to (default: the config's)")
    ap.add_argument("--limit", type=int, default=None, help="at most N problems (smoke runs)")
    ap.add_argument(
        "--peer-python",
        default=DEFAULT_PEER_PYTHON,
        help="a python with nvidia-livecodebench, for the thread programs' verdicts (skipped without it)",
    )
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    src = args.data_dir / "livecodebench"
    if not (src / "programs_dev.jsonl").is_file():
        print(f"skip: {src / 'programs_dev.jsonl'} not present")
        return 0
    report: dict = {"benchmark": "real_programs", "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    if not args.reuse:
        report["build_seconds"] = _build(src, args)
    elif not (args.out / "problems.parquet").is_file():
        ap.error(f"--reuse: no build in {args.out} (problems.parquet missing); run once without --reuse")
    from microcoder_data.verify.report import testgen_stats

    built = _built_problems(args.out)
    public = _public_problems(src)
    report["problems_with_reference"] = sum(1 for pid in public if pid in _references(src))
    report["problems_built"] = len(built)
    report["problems_with_generated_tests"] = {
        mode: sum(1 for p in built.values() if p.mode == mode and p.provenance.get("verify", {}).get("tests_generated"))
        for mode in ("stdin", "functional")
    }
    report["problems_built_by_mode"] = dict(Counter(p.mode for p in built.values()))
    report["problems_with_large_tests"] = {
        mode: sum(
            1 for p in built.values() if p.mode == mode and p.provenance.get("verify", {}).get("large", {}).get("added")
        )
        for mode in ("stdin", "functional")
    }
    report["large_not_added_reasons"] = dict(
        Counter(
            _folded(p.provenance["verify"]["large"]["why"])
            for p in built.values()
            if p.provenance.get("verify", {}).get("large", {}).get("why")
        ).most_common(12)
    )
    report["not_generated_reasons"] = testgen_stats(list(built.values()))["not_generated_reasons"]
    dev = [row for row in _jsonl(src / "programs_dev.jsonl") if _pid(row["problem_id"]) in built]
    t0 = time.perf_counter()
    dev_results = _judge_all(dev, built, public, args.workers)
    report["judge_seconds"] = round(time.perf_counter() - t0, 1)
    report["lcb_thread_verdicts"] = _thread_verdicts(dev, built, public, args)
    harness_only = {
        key
        for scope in ("public_tests", "built_tests")
        for key in report["lcb_thread_verdicts"].get(scope, {}).get("fail_only_as_written", [])
    }
    report["dev"] = _rates(dev, dev_results, built, harness_only)
    report["right_programs_rejected"] = _rejections_of_right(dev, dev_results, built)
    report["right_programs_failed_on_time"] = sum(
        1 for e in report["right_programs_rejected"] if e["verdict"] == "time_limit"
    )
    report["right_failed_on_time_only_by_test_limits"] = _time_only_by_test_limits(
        dev, dev_results, built, args.workers
    )
    report["unseen_right_programs"] = _unseen_right(args.data_dir, src, dev, built, public, args.workers)
    report["machine"] = {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "loadavg_1m_at_end": round(os.getloadavg()[0], 2),
    }
    _print(report)
    if not args.no_write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "real_programs.json").write_text(json.dumps(report, indent=1) + "\n")
    return 0


def _jsonl(path: Path) -> list[dict]:
    with path.open() as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _pid(upstream: str) -> str:
    return f"livecodebench/{upstream}"


def _references(src: Path) -> dict[str, str]:
    """Problem id -> the O1-mini program LiveCodeBench graded correct."""
    return {
        _pid(r["problem_id"]): r["code"]
        for r in _jsonl(src / "solutions_o1mini.jsonl")
        if r.get("lcb_graded") is True and (r.get("code") or "").strip()
    }


def _public_problems(src: Path) -> dict:
    from microcoder_data.collect import collect
    from microcoder_data.schema import Problem

    return {p.id: p for p in collect([f"livecodebench:{src / 'lcb_public.jsonl'}"]) if isinstance(p, Problem)}


def _build(src: Path, args: argparse.Namespace) -> float:
    """``microcoder data build`` on the problems with a reference; returns its seconds."""
    refs = _references(src)
    args.out.mkdir(parents=True, exist_ok=True)
    rows = args.out.parent / (args.out.name + "-rows.jsonl")
    problems = [p for p in _public_problems(src).values() if p.id in refs]
    problems.sort(key=lambda p: p.id)
    if args.limit:
        problems = problems[: args.limit]
    with rows.open("w") as fh:
        for p in problems:
            p.reference_solutions = [refs[p.id]]
            fh.write(json.dumps(p.to_row(), ensure_ascii=False) + "\n")
    config = {"filter": {"decontam": {"enabled": False}}}
    if args.augment_to is not None:
        config["verify"] = {"augment_tests_to": args.augment_to}
    cfg_path = args.out.parent / (args.out.name + "-config.json")
    cfg_path.write_text(json.dumps(config))
    cmd = [
        sys.executable,
        "-m",
        "cli.main",
        "data",
        "build",
        "--source",
        f"microcoder:{rows}",
        "--config",
        str(cfg_path),
        "--out",
        str(args.out),
        "--no-progress",
    ]
    if args.workers:
        cmd += ["--workers", str(args.workers)]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=HERE.parent)
    return round(time.perf_counter() - t0, 1)


def _built_problems(out: Path) -> dict:
    import pyarrow.parquet as pq

    from microcoder_data.schema import Problem

    table = pq.read_table(out / "problems.parquet")
    return {row["id"]: Problem.from_row(row) for row in table.to_pylist()}


def _judge_all(rows: list[dict], built: dict, public: dict, workers: int | None) -> list[tuple]:
    """Per program: (result on the public tests, result on the built tests)."""
    from dataclasses import replace

    from microcoder_eval.judge import Judge

    items_public, items_built = [], []
    for row in rows:
        p = built[_pid(row["problem_id"])]
        code = _program(row)
        task = p.judge_task()
        items_public.append((replace(task, tests=tuple(public[p.id].tests)), code))
        items_built.append((task, code))
    with Judge(workers=workers) as judge:
        on_public = list(judge.judge_many(items_public, stop_on_failure=True))
        on_built = list(judge.judge_many(items_built, stop_on_failure=True))
    return list(zip(on_public, on_built))


def _time_only_by_test_limits(rows: list[dict], results: list[tuple], built: dict, workers: int | None) -> list[str]:
    """The right programs the built tests reject for time under the tests' own limits (issue 39)
    that the problem's single limit accepts: each judged again on the same tests with their own
    limits dropped.  Empty: the per-test limits cost no right program the per-problem one let
    through."""
    from dataclasses import replace

    from microcoder_eval.judge import Judge
    from microcoder_eval.types import TestCase

    timed_out = [
        (row, built[_pid(row["problem_id"])])
        for row, (_, blt) in zip(rows, results)
        if row["lcb_graded"] and blt.verdict.value == "time_limit"
    ]
    items = [
        (replace(p.judge_task(), tests=tuple(TestCase(t.input, t.output) for t in p.tests)), _program(row))
        for row, p in timed_out
    ]
    if not items:
        return []
    with Judge(workers=workers) as judge:
        again = list(judge.judge_many(items, stop_on_failure=True))
    return [_key(row) for (row, _), res in zip(timed_out, again) if res.passed]


def _program(row: dict) -> str:
    """The program itself (a completion's code block)."""
    from microcoder_eval.extract import extract_code

    return row.get("code") or extract_code(row.get("completion") or "").code or ""


def _key(row: dict) -> str:
    return f"{row['problem_id']}/{row.get('model')}"


def _rates(rows: list[dict], results: list[tuple], built: dict, harness_only: set[str] = frozenset()) -> dict:
    """TPR / TNR by scope.  "no output from a thread": without every program that prints from
    an unjoined thread; "LCB harness verdicts corrected": without the ones LiveCodeBench's own
    grader fails only as written (``_thread_verdicts.py``)."""
    counts: dict = defaultdict(Counter)
    for row, (pub, blt) in zip(rows, results):
        problem = built[_pid(row["problem_id"])]
        generated = "with generated tests" if problem.provenance.get("verify", {}).get("tests_generated") else "without"
        kind = "right" if row["lcb_graded"] else "wrong"
        scopes = [problem.mode, "all", f"{problem.mode}, {generated}"]
        if not prints_from_a_thread(_program(row)):
            scopes += ["all, no output from a thread", f"{problem.mode}, no output from a thread"]
            if split_of("livecodebench", problem.id) == "heldout":  # statements no reading was written from
                scopes += ["held-out quarter, no thread", f"held-out quarter, {problem.mode}, no thread"]
                scopes.append(f"held-out quarter, {generated}, no thread")
        if harness_only and _key(row) not in harness_only:
            scopes += ["all, LCB harness verdicts corrected", f"{problem.mode}, LCB harness verdicts corrected"]
        for scope in scopes:
            c = counts[scope]
            c[kind] += 1
            c[f"{kind}_public_pass"] += pub.passed
            c[f"{kind}_built_pass"] += blt.passed
    out = {}
    for scope, c in sorted(counts.items()):
        out[scope] = {
            "right": c["right"],
            "wrong": c["wrong"],
            "tpr_public": _ratio(c["right_public_pass"], c["right"]),
            "tpr_built": _ratio(c["right_built_pass"], c["right"]),
            "tnr_public": _ratio(c["wrong"] - c["wrong_public_pass"], c["wrong"]),
            "tnr_built": _ratio(c["wrong"] - c["wrong_built_pass"], c["wrong"]),
        }
    return out


def _unseen_right(data_dir: Path, src: Path, dev: list[dict], built: dict, public: dict, workers) -> dict:
    """TPR of LeetCodeDataset's accepted solutions (``_unseen_right_programs.py``), on the half
    of the problems programs_dev covers and on the other half, with every rejection listed."""
    dev_problems = {row["problem_id"] for row in dev}
    rows = [
        r
        for r in leetcodedataset_programs(data_dir, _jsonl(src / "lcb_public.jsonl"))
        if _pid(r["problem_id"]) in built
    ]
    if not rows:
        return {"not_run": "no LeetCodeDataset solution for a built problem"}
    results = _judge_all(rows, built, public, workers)
    out: dict = {}
    halves = {
        "dev half": lambda r: r["problem_id"] in dev_problems,
        "held-out half": lambda r: r["problem_id"] not in dev_problems,
        "held-out quarter": lambda r: split_of("livecodebench", _pid(r["problem_id"])) == "heldout",
    }
    for half, belongs in halves.items():
        picked = [(r, res) for r, res in zip(rows, results) if belongs(r)]
        out[half] = {
            "right": len(picked),
            "tpr_public": _ratio(sum(pub.passed for _, (pub, _) in picked), len(picked)),
            "tpr_built": _ratio(sum(blt.passed for _, (_, blt) in picked), len(picked)),
            "on_problems_with_generated_tests": sum(
                1 for r, _ in picked if built[_pid(r["problem_id"])].provenance.get("verify", {}).get("tests_generated")
            ),
        }
    out["rejected"] = _rejections_of_right(rows, results, built)
    out["failed_on_time_only_by_test_limits"] = _time_only_by_test_limits(rows, results, built, workers)
    return out


def _thread_verdicts(rows: list[dict], built: dict, public: dict, args: argparse.Namespace) -> dict:
    """LiveCodeBench's own grader on the programs it graded wrong that print from a thread, as
    written and called directly: on the public tests, and on the built tests of stdin problems
    with generated tests (``_thread_verdicts.py``).  Empty without the peer."""
    import tempfile

    why_not = peer_available(args.peer_python)
    if why_not:
        print(f"LiveCodeBench's grader not run on the thread programs: {why_not}")
        return {"not_run": why_not}
    failed = [row for row in rows if not row["lcb_graded"] and prints_from_a_thread(_program(row))]
    stdin = [row for row in failed if built[_pid(row["problem_id"])].mode == "stdin"]
    with_generated = [
        row for row in stdin if built[_pid(row["problem_id"])].provenance.get("verify", {}).get("tests_generated")
    ]
    with tempfile.TemporaryDirectory() as tmp:
        return {
            "graded_wrong_printing_from_a_thread": len(failed),
            "public_tests": harness_verdicts(
                [(_key(r), _program(r), public[_pid(r["problem_id"])]) for r in stdin], args.peer_python, 2, Path(tmp)
            ),
            "built_tests": harness_verdicts(
                [(_key(r), _program(r), built[_pid(r["problem_id"])]) for r in with_generated],
                args.peer_python,
                2,
                Path(tmp),
            ),
        }


def _rejections_of_right(rows: list[dict], results: list[tuple], built: dict) -> list[dict]:
    out = []
    for row, (_, blt) in zip(rows, results):
        if not row["lcb_graded"] or blt.passed:
            continue
        p = built[_pid(row["problem_id"])]
        failed = next((t for t in blt.tests if t.verdict.value != "accepted"), None)
        entry = {
            "problem": p.id,
            "model": row.get("model"),
            "mode": p.mode,
            "verdict": blt.verdict.value,
            "generated_tests": p.provenance.get("verify", {}).get("tests_generated", 0),
        }
        if failed is not None and failed.index is not None and failed.index < len(p.tests):
            case = p.tests[failed.index]
            entry.update(
                {
                    "test": failed.index,
                    "input": case.input[:300],
                    "expected": case.output[:200],
                    "detail": (failed.detail or "")[:300],
                }
            )
        out.append(entry)
    return out


def _folded(why: str) -> str:
    """A reason with its quoted details folded, so that like reasons count together."""

    return re.sub(r"'[^']*'|\([^)]*\)", "…", why)[:80]


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def _print(report: dict) -> None:
    print(
        f"\nbuilt {report['problems_built']} of {report['problems_with_reference']} problems with a reference; "
        f"generated tests: {report['problems_with_generated_tests']}"
    )
    print("\n| programs_dev | right | wrong | TPR public | TPR built | TNR public | TNR built |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for scope, r in report["dev"].items():
        print(
            f"| {scope} | {r['right']} | {r['wrong']} | {_pct(r['tpr_public'])} | {_pct(r['tpr_built'])} | "
            f"{_pct(r['tnr_public'])} | {_pct(r['tnr_built'])} |"
        )
    unseen = report["unseen_right_programs"]
    for half in ("dev half", "held-out half", "held-out quarter"):
        if half in unseen:
            u = unseen[half]
            print(
                f"LeetCodeDataset's accepted solutions, {half}: {u['right']} programs "
                f"({u['on_problems_with_generated_tests']} on problems with generated tests), "
                f"TPR public {_pct(u['tpr_public'])}, built {_pct(u['tpr_built'])}"
            )
    for e in unseen.get("rejected", []):
        print(f"  {e['problem']}: {e['verdict']} input {e.get('input', '')[:80]!r}: {str(e.get('detail'))[:100]}")
    for scope in ("public_tests", "built_tests"):
        r = report["lcb_thread_verdicts"].get(scope)
        if r:
            print(
                f"LiveCodeBench's grader on the thread programs it failed, {scope.replace('_', ' ')}: {r['outcomes']}"
            )
    print(
        f"large tests in {report['problems_with_large_tests']} problems; none because: "
        f"{report['large_not_added_reasons']}"
    )
    print(
        f"\nright programs rejected by the built tests: {len(report['right_programs_rejected'])} "
        f"({report['right_programs_failed_on_time']} on time); on time only by the tests' own limits (the "
        f"problem's accepts them): {report['right_failed_on_time_only_by_test_limits'] or 'none'}; of LeetCodeDataset's: "
        f"{report['unseen_right_programs'].get('failed_on_time_only_by_test_limits') or 'none'}"
    )
    for e in report["right_programs_rejected"]:
        print(
            f"  {e['problem']} ({e['model']}, {e['mode']}, {e['verdict']}): input {e.get('input', '')[:80]!r} "
            f"expected {e.get('expected', '')[:40]!r}: {str(e.get('detail'))[:80]}"
        )


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


if __name__ == "__main__":
    sys.exit(main())
