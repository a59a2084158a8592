"""The held-out part of every statement source (issue 37, "measure reach honestly"), one rule:
a problem is held out iff ``sha256(f"{source}:{problem_id}") mod 4 == 0`` (a quarter).

Readings of statements are written looking at dev statements only; the held-out ones are read
by the benchmarks for aggregate counts, never printed or inspected.  ``problem_id`` is the
upstream problem, so one problem is on one side in every file of a source: LeetCodeDataset's
task slug in all its versions, DebugBench's slug over all its bug types.  (Sources are hashed
apart, so a LeetCode problem several sources hold can fall on different sides in each.)

LiveCodeBench keeps its own older convention beside this one: ``programs_dev.jsonl`` holds real
programs for half of its problems (the half whose programs were seen, :func:`lcb_programs_half`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

#: source -> the ``<reader>:<path>`` Collect reads it from (relative to the data folder)
SOURCES = {
    "livecodebench": "livecodebench:livecodebench/lcb_public.jsonl",
    "leetcodedataset": "leetcodedataset:leetcodedataset",
    "debugbench": "debugbench:debugbench",
    "deepseek-leetcode": "deepseek-leetcode:deepseek_coder/20240121-Jul.jsonl.gz",
    "rllm-codeforces": "rllm:rllm/test/code/codeforces.json",
    "rllm-code_contests": "rllm:rllm/test/code/code_contests.json.gz",
    "rllm-leetcode": "rllm:rllm/train/code/leetcode.json.gz",
    "apps": "apps:apps",
}


def problem_key(problem_id: str) -> str:
    """The upstream problem a collected id names: the id without its reader prefix, less
    LeetCodeDataset's version (``leetcodedataset/v0.1.0-test/<slug>``) and DebugBench's bug
    (``debugbench/<slug>/<bug>/<k>``)."""
    parts = problem_id.split("/")
    if parts[0] == "leetcodedataset":
        return parts[-1]
    if parts[0] == "debugbench":
        return parts[1]
    if parts[0] == "rllm":
        return parts[-1]
    return "/".join(parts[1:])


def held_out(source: str, problem_id: str) -> bool:
    """Whether upstream problem ``problem_id`` (a :func:`problem_key`) of ``source`` (a key of
    :data:`SOURCES`) is held out: the one rule."""
    return int(hashlib.sha256(f"{source}:{problem_id}".encode()).hexdigest(), 16) % 4 == 0


def split_of(source: str, collected_id: str) -> str:
    """``heldout`` or ``dev``: the side of a collected problem id."""
    return "heldout" if held_out(source, problem_key(collected_id)) else "dev"


def lcb_programs_half(data_dir: Path) -> set[str]:
    """LiveCodeBench question ids ``programs_dev.jsonl`` holds programs for (empty without it)."""
    path = data_dir / "livecodebench" / "programs_dev.jsonl"
    if not path.is_file():
        return set()
    with path.open() as fh:
        return {str(json.loads(line)["problem_id"]) for line in fh if line.strip()}
