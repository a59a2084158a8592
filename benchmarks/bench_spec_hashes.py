"""Which LiveCodeBench problems get a spec, and a hash of what is generated from it.

    python benchmarks/bench_spec_hashes.py [--data-dir ../shared/data] [--out FILE] [--against FILE]

For every LiveCodeBench problem (its statement cleaned as Process cleans it), the spec test
generation reads (stdin or functional) and, where there is one, a hash of the inputs drawn
from it, its large inputs and the edits of its own tests, as Verify's defaults draw them;
else the refusal's kind.  ``--out`` writes ``{id: hash | "refused: <kind>"}``; ``--against``
compares with such a file: the problems whose inputs changed, gained and lost a spec.  A
change to one reading must leave every other problem's hash as it was (determinism, and
no silent change of the tests of problems the change did not mean to touch).
Skips (exit 0) without the data folder.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections import Counter
from pathlib import Path

from microcoder_data.collect import collect
from microcoder_data.config import VerifyConfig
from microcoder_data.process.clean import clean_text
from microcoder_data.process.normalize import normalize_layout
from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs, problem_seed
from microcoder_data.testgen.inputspec import input_spec
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, stdin_spec
from microcoder_data.verify.large import draw_large


def _generated(p: Problem, cfg: VerifyConfig) -> str:
    """A hash of the drawn, large and edited inputs of ``p``, or ``refused: <kind>``."""
    read = stdin_spec(p) if p.mode == "stdin" else input_spec(p)
    if not isinstance(read, StdinSpec) and not hasattr(read, "nodes"):
        return f"refused: {read.refusal.kind}"
    spec = read.spec if isinstance(read, StdinSpec) else read
    own = sorted(args_json(read, t.input) if isinstance(read, StdinSpec) else t.input for t in p.tests)
    drawn = generate_inputs(spec, p.id, 3 * cfg.augment_tests_to, seed=cfg.augment_seed, max_len=cfg.augment_max_len)
    large = draw_large(spec, p.id, cfg)
    rng = random.Random(problem_seed(p.id, cfg.augment_seed) ^ 0x6E)
    near = neighbour_inputs(spec, own, rng, cfg.augment_tests_to, exclude=set(own) | set(drawn))
    return hashlib.sha256(json.dumps([drawn, large, near]).encode()).hexdigest()[:16]


def hashes(data_dir: Path) -> dict[str, str]:
    cfg = VerifyConfig()
    out = {}
    for p in collect([f"livecodebench:{data_dir / 'livecodebench' / 'lcb_public.jsonl'}"]):
        if isinstance(p, Problem):
            p.statement = normalize_layout(clean_text(p.statement)[0])
            out[p.id] = _generated(p, cfg)
    return out


def compare(now: dict[str, str], before: dict[str, str]) -> dict[str, list[str]]:
    def has(h: str | None) -> bool:
        return h is not None and not h.startswith("refused")

    return {
        "changed": sorted(k for k in now if has(now[k]) and has(before.get(k)) and now[k] != before[k]),
        "gained": sorted(k for k in now if has(now[k]) and not has(before.get(k))),
        "lost": sorted(k for k in now if not has(now[k]) and has(before.get(k))),
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir", default=str(Path(__file__).resolve().parents[2] / "shared" / "data"))
    ap.add_argument("--out")
    ap.add_argument("--against")
    a = ap.parse_args()
    if not (Path(a.data_dir) / "livecodebench" / "lcb_public.jsonl").exists():
        print("no livecodebench data: skipped")
        return 0
    now = hashes(Path(a.data_dir))
    kinds = Counter(h if h.startswith("refused") else "generated" for h in now.values())
    print(f"{len(now)} problems: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    if a.out:
        Path(a.out).write_text(json.dumps(now, indent=0, sort_keys=True))
    if a.against:
        diff = compare(now, json.loads(Path(a.against).read_text()))
        for k, ids in diff.items():
            print(f"{k}: {len(ids)} {ids[:20]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
