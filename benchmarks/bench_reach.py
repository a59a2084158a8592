"""How many problems of each statement source test generation reaches, on its dev and held-out sides.

    python benchmarks/bench_reach.py [--data-dir ../shared/data] [--sources a,b] [--no-write]
        [--dev-lines N]

Issue 37's "measure reach honestly".  Every problem of every source (``_heldout.SOURCES``) is
collected and its statement processed as Process does it (cleaned, layout normalised); test
generation then reads it through the entry point Verify uses (``read_input_spec``) and draws a
few inputs.  Per source and side (``_heldout``: a quarter held out by a hash of the id):

* ``problems``; ``read``: a reading of the input came out of the statement (the existing tests
  then checked against it); ``generated``: it did, every existing test fits it and inputs were
  drawn -- the problems Verify would generate tests for (given a reference);
* ``from_constraints``: of ``generated``, those whose spec came from a Constraints section (the
  rest: the examples' span, where there is none);
* ``refused``: refusals by kind (``testgen/refusal.py``), typed, never re-read from a message;
* ``upstream_problems`` / ``generated_per_problem``: the same share with each upstream problem
  (``_heldout.problem_key``) weighing once -- its rows' share -- since LeetCodeDataset repeats a
  problem per version and DebugBench per bug (one held-out DebugBench problem has 26 rows).

No reference runs: where a source has references (LeetCodeDataset, rllm LeetCode, LiveCodeBench
with its O1-mini programs) the share is a proxy for the problems that get generated tests.
LiveCodeBench is also split by its older convention (the half ``programs_dev.jsonl`` holds
programs for, ``programs`` / ``no_programs``).  ``--dev-lines N`` prints the N most frequent
refused lines of the *dev* side, by shape (names and numbers folded): what to write readings for.
Held-out lines are never printed or written.  Writes ``benchmarks/results/reach.json``; skips
(exit 0) without the data folder.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from _heldout import SOURCES, lcb_programs_half, problem_key, split_of

from microcoder_data.collect import collect
from microcoder_data.config import VerifyConfig
from microcoder_data.process.clean import clean_text
from microcoder_data.process.normalize import normalize_layout
from microcoder_data.schema import Problem
from microcoder_data.testgen.input_size import read_input_spec
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.refusal import BROKEN_BY_TESTS, Refusal
from microcoder_data.testgen.stdin_format import args_json

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = Path(os.environ.get("MICROCODER_SHARED_DATA", HERE.parent.parent / "shared" / "data"))
DRAWN = 2  # inputs drawn per problem: enough to tell "inputs can be generated"


def outcome(p: Problem, cfg: VerifyConfig) -> tuple[str, Refusal | None]:
    """``constraints`` / ``examples`` (generated, the spec's source), or ``refused`` and why."""
    reading = read_input_spec(p)
    if isinstance(reading, Refusal):
        return "refused", reading
    spec, sspec = reading
    own = {args_json(sspec, t.input) if sspec else t.input for t in p.tests}
    if not generate_inputs(spec, p.id, DRAWN, seed=cfg.augment_seed, max_len=cfg.augment_max_len, exclude=own):
        return "refused", Refusal("no_input_drawn", "", "no input could be drawn from the constraints")
    return spec.source, None


def _processed(p: Problem) -> Problem:
    p.statement = normalize_layout(clean_text(p.statement)[0])  # as Process leaves it
    return p


def _shape(line: str) -> str:
    """A refused line with its names and numbers folded, so one phrasing counts once."""
    line = re.sub(r"\d+(\.\d+)?", "9", line)
    return re.sub(r"\b[A-Za-z]\w*(\[[^\]]*\])*(?=\s*(<=|>=|==|!=|<|>|\.length))", "X", line)[:140]


def measure(data_dir: Path, sources: list[str]) -> tuple[dict, Counter]:
    """Per source and side, the counts above; and the dev side's refused line shapes."""
    cfg = VerifyConfig()
    report: dict = {}
    dev_lines: Counter = Counter()
    programs = lcb_programs_half(data_dir)
    for source in sources:
        reader, rel = SOURCES[source].split(":", 1)
        if not (data_dir / rel).exists():
            continue
        t0 = time.perf_counter()
        rows: dict[str, dict] = defaultdict(
            lambda: {"problems": 0, "read": 0, "generated": 0, "refused": Counter(), "per_problem": defaultdict(list)}
        )
        for p in collect([f"{reader}:{data_dir / rel}"]):
            if not isinstance(p, Problem):
                continue
            side = split_of(source, p.id)
            sides = [side]
            if source == "livecodebench":
                sides.append(f"{side}_{'programs' if problem_key(p.id) in programs else 'no_programs'}")
            what, why = outcome(_processed(p), cfg)
            for s in sides:
                _count(rows[s], what, why)
                rows[s]["per_problem"][problem_key(p.id)].append(why is None)
            if why is not None and side == "dev" and why.line:
                dev_lines[(why.kind, _shape(why.line))] += 1
        report[source] = {s: _finished(r) for s, r in sorted(rows.items())}
        report[source]["seconds"] = round(time.perf_counter() - t0, 1)
    return report, dev_lines


def _count(row: dict, what: str, why: Refusal | None) -> None:
    row["problems"] += 1
    if why is None:
        row["read"] += 1
        row["generated"] += 1
        row.setdefault("from_constraints", 0)
        row["from_constraints"] += what == "constraints"
    else:
        row["read"] += why.kind in (*BROKEN_BY_TESTS, "examples_break_format", "no_input_drawn")
        row["refused"][why.kind] += 1


def _finished(row: dict) -> dict:
    n = row["problems"] or 1
    shares = [sum(rows) / len(rows) for rows in row.get("per_problem", {}).values()]
    return {
        **{k: v for k, v in row.items() if k not in ("refused", "per_problem")},
        "generated_share": round(row["generated"] / n, 3),
        "upstream_problems": len(shares),
        "generated_per_problem": round(sum(shares) / (len(shares) or 1), 3),
        "refused": dict(row["refused"].most_common()),
    }


def _print(report: dict) -> None:
    print("| source | dev rows | dev generated | held-out rows | held-out generated | held-out per upstream problem |")
    print("|---|---:|---:|---:|---:|---:|")
    for source, sides in report.items():
        if not isinstance(sides, dict) or "dev" not in sides:
            continue
        empty = {
            "problems": 0,
            "generated": 0,
            "generated_share": 0,
            "upstream_problems": 0,
            "generated_per_problem": 0,
        }
        d, h = sides["dev"], sides.get("heldout", empty)
        print(
            f"| {source} | {d['problems']} | {d['generated']} ({d['generated_share']:.3f}) "
            f"| {h['problems']} | {h['generated']} ({h['generated_share']:.3f}) "
            f"| {h['upstream_problems']}: {h['generated_per_problem']:.3f} |"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--sources", default=",".join(SOURCES), help="comma-separated keys of _heldout.SOURCES")
    ap.add_argument("--dev-lines", type=int, default=0, help="print the N most frequent refused dev line shapes")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "reach.json")
    args = ap.parse_args()
    if not args.data_dir.is_dir():
        print(f"skip: {args.data_dir} not present")
        return 0
    t0 = time.perf_counter()
    report, dev_lines = measure(args.data_dir, [s for s in args.sources.split(",") if s])
    report["total_seconds"] = round(time.perf_counter() - t0, 1)
    report["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    _print(report)
    for (kind, shape), n in dev_lines.most_common(args.dev_lines):
        print(f"{n:4d} {kind}: {shape}")
    if not args.no_write:
        args.out.parent.mkdir(exist_ok=True)
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
