"""The refused problems of a statement source's *dev* side, each with its refusal and its Constraints lines:
what to write readings for (issue 37).  Held-out problems are never read here (``_heldout.split_of``).

    python benchmarks/dev_refusals.py [--source leetcodedataset] [--kinds examples_break_reading,...]
        [--data-dir ../shared/data]

Prints ``== <id> [<kind>] <line>`` and the problem's Constraints lines under it, as ``bench_reach`` reads
the problem (processed as Process does, through the entry point Verify uses).  Skips (exit 0) without data.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from _heldout import SOURCES, split_of
from bench_reach import DEFAULT_DATA, _processed, outcome

from microcoder_data.collect import collect
from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.testgen.statement_lines import constraint_lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--source", default="leetcodedataset", choices=sorted(SOURCES))
    ap.add_argument("--kinds", default="examples_break_reading", help="comma-separated refusal kinds")
    args = ap.parse_args()
    reader, rel = SOURCES[args.source].split(":", 1)
    if not (args.data_dir / rel).exists():
        print(f"skip: {args.data_dir / rel} not present")
        return 0
    kinds, cfg, count = set(args.kinds.split(",")), VerifyConfig(), 0
    for p in collect([f"{reader}:{args.data_dir / rel}"]):
        if not isinstance(p, Problem) or split_of(args.source, p.id) != "dev":
            continue  # the held-out side is not looked at
        _, why = outcome(_processed(p), cfg)
        if why is None or why.kind not in kinds:
            continue
        count += 1
        print(f"== {p.id} [{why.kind}] {why.line}")
        for line in constraint_lines(p.statement) or []:
            print(f"   | {line}")
    print(f"{count} dev problems refused as {', '.join(sorted(kinds))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
