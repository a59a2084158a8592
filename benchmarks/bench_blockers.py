"""How far more readings could take reach on LeetCode-style statements (issue 37): of the functional problems
test generation refuses, how many would get generated inputs were the one line it refused passed over -- the
ceiling that reading more phrasings can reach -- and what kind of line stands in the way.

    python benchmarks/bench_blockers.py [--data-dir ../shared/data] [--dev-lines]

For each problem ``bench_reach`` counts as refused, the statement is read again with every constraint line not
understood and every promise passed over (``inputspec.sizes_spec``: the reading Verify uses only to tell which
tests are large, never to draw).  Where that reading fits every existing test and inputs are drawn, the refused
line was the only thing in the way (``one_line``); otherwise more stands in the way (``more``: another refusal
kind, a test breaking the reading, nothing drawn).  Each upstream problem counts once (``_heldout.problem_key``).

The ``one_line`` lines are then counted by what they say, by shape only (``SHAPES``, first match): a promise of an
answer's existence or uniqueness, a validity or grammar, distinctness, a count, an alphabet, a formula, a named
structure, a note that is not about the input.  Held-out lines are never printed or written; ``--dev-lines`` prints
the dev side's, to write readings from.  Writes ``benchmarks/results/blockers.json``; skips (exit 0) without the
data folder.  An unsafe experiment by design: passing a line over is never what Verify does."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _heldout import SOURCES, problem_key, split_of  # noqa: E402
from bench_reach import DRAWN, _processed, outcome  # noqa: E402

from microcoder_data.collect import collect  # noqa: E402
from microcoder_data.config import VerifyConfig  # noqa: E402
from microcoder_data.schema import Problem  # noqa: E402
from microcoder_data.testgen.inputgen import generate_inputs  # noqa: E402
from microcoder_data.testgen.inputspec import InputSpec, sizes_spec  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = Path(os.environ.get("MICROCODER_SHARED_DATA", HERE.parent.parent / "shared" / "data"))
FUNCTIONAL_SOURCES = ("livecodebench", "leetcodedataset", "debugbench", "deepseek-leetcode")

# (what a blocking line says, its shape): the first that matches names it
SHAPES = (
    ("not about the input", r"\baccepted\b|in-place|in place|any order"),
    (
        "an answer exists / is unique",
        r"answer|solution|possible|always|\bexists?\b|only one (?:valid|possible|optimal)",
    ),
    ("valid / a grammar", r"\bvalid\b|\brepresents?\b|rules of|grammar"),
    ("distinct / unique", r"distinct|unique|duplicate|\bsame\b|different"),
    ("a count (at least, at most, exactly)", r"at least|at most|exactly|no more than|not exceed"),
    ("an alphabet (consists of, digits, letters)", r"consists?|digits?|letters?|characters?"),
    ("a formula", r"<=|>=|==|!=|<|>|="),
    ("a named structure (permutation, sorted, tree, ...)", r"permutation|sorted|tree|graph|prime|palindrom"),
)


def shape_of(line: str) -> str:
    """The first of :data:`SHAPES` a blocking line matches, or ``other``."""
    return next((name for name, rx in SHAPES if re.search(rx, line, re.I)), "other")


def passed_over(p: Problem, cfg: VerifyConfig) -> bool:
    """Whether inputs are drawn once every unread line and promise of ``p`` is passed over."""
    spec = sizes_spec(p)
    if not isinstance(spec, InputSpec):
        return False
    own = {t.input for t in p.tests}
    return bool(generate_inputs(spec, p.id, DRAWN, seed=cfg.augment_seed, max_len=cfg.augment_max_len, exclude=own))


def measure(data_dir: Path, sources: tuple[str, ...] = FUNCTIONAL_SOURCES) -> tuple[dict, list[tuple[str, str]]]:
    """Per source and side: problems, refused, ``one_line``, ``more`` and the one-line shapes; the dev side's
    blocking lines as (problem, line)."""
    cfg = VerifyConfig()
    report: dict = {}
    dev_lines: list[tuple[str, str]] = []
    for source in sources:
        reader, rel = SOURCES[source].split(":", 1)
        if not (data_dir / rel).exists():
            continue
        rows: dict[str, dict] = defaultdict(lambda: {"problems": 0, "refused": 0, "one_line": 0, "shapes": Counter()})
        seen: set[str] = set()
        for p in collect([f"{reader}:{data_dir / rel}"]):
            if not isinstance(p, Problem) or p.mode != "functional" or problem_key(p.id) in seen:
                continue
            seen.add(problem_key(p.id))
            side, row = split_of(source, p.id), None
            row = rows[side]
            row["problems"] += 1
            _, why = outcome(_processed(p), cfg)
            if why is None:
                continue
            row["refused"] += 1
            if passed_over(p, cfg):
                row["one_line"] += 1
                row["shapes"][shape_of(why.line)] += 1
                if side == "dev":
                    dev_lines.append((p.id, why.line))
        report[source] = {
            side: {**r, "more": r["refused"] - r["one_line"], "shapes": dict(r["shapes"].most_common())}
            for side, r in sorted(rows.items())
        }
    return report, dev_lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--dev-lines", action="store_true", help="print the dev side's one-line blockers")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "blockers.json")
    args = ap.parse_args()
    if not args.data_dir.is_dir():
        print(f"skipped: no data folder at {args.data_dir}")
        return 0
    t0 = time.perf_counter()
    report, dev_lines = measure(args.data_dir)
    report["seconds"] = round(time.perf_counter() - t0, 1)
    report["date"] = time.strftime("%Y-%m-%d")
    print("| source | side | problems | refused | one line in the way | more in the way |")
    print("|---|---|---:|---:|---:|---:|")
    for source, sides in report.items():
        for side, r in sides.items() if isinstance(sides, dict) else ():
            print(f"| {source} | {side} | {r['problems']} | {r['refused']} | {r['one_line']} | {r['more']} |")
    for side in ("dev", "heldout"):
        shapes: Counter = Counter()
        for sides in report.values():
            if isinstance(sides, dict):
                shapes.update(sides.get(side, {}).get("shapes", {}))
        print(f"{side} one-line blockers by shape: {dict(shapes.most_common())}")
    if args.dev_lines:
        for pid, line in dev_lines:
            print(f"  {pid} | {line[:160]}")
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
