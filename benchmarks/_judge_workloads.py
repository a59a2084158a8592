"""The workloads of bench_judge_speed.py: LiveCodeBench problems and O1-mini candidates as ``Item``s
in both judges' terms, and the sets the benchmark times (the mix, its many-test variants, trivial
programs for the judge's own overhead); and how our extraction of the raw answers compares with LCB's.

Each builder is seeded through the ``random.Random`` it is given; see bench_judge_speed.py's
docstring for what each part measures.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path

TLE_FRACTION = 0.025
MANY_TESTS = 20


@dataclasses.dataclass
class Item:
    """One candidate on one problem, in both judges' terms."""

    pid: str
    task: object  # microcoder JudgeTask
    completion: str  # what our judge gets (raw model answer)
    code: str  # what the peer gets (LCB's extracted program)
    inputs: list  # raw LCB test inputs (peer)
    outputs: list  # raw LCB expected outputs (peer)
    fn_name: str | None
    kind: str  # "o1mini" or "timeout"
    lcb_graded: bool | None = None

    def peer_sample(self) -> dict:
        return {
            "input_output": json.dumps({"inputs": self.inputs, "outputs": self.outputs, "fn_name": self.fn_name}),
            "code": self.code,
        }


def load_data(data_dir: Path):
    from microcoder_data.collect import read_problem_file

    rows = {}
    with open(data_dir / "lcb_public.jsonl", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                rows[str(row["question_id"])] = row
    problems = {}
    for record in read_problem_file(data_dir / "lcb_public.jsonl"):
        if hasattr(record, "judge_task"):
            problems[str(record.provenance.get("upstream_id"))] = record
    solutions = []
    with open(data_dir / "solutions_o1mini.jsonl", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                solutions.append(json.loads(line))
    return rows, problems, solutions


def _raw_tests(row: dict) -> tuple[list, list, str | None]:
    tests = json.loads(row["public_test_cases"])
    meta = json.loads(row["metadata"]) if row.get("metadata") else {}
    return [t["input"] for t in tests], [t["output"] for t in tests], meta.get("func_name")


def _endless(fn_name: str | None) -> str:
    if fn_name:
        return (
            f"class Solution:\n    def {fn_name}(self, *args):\n        total = 0\n"
            "        while True:\n            total += 1\n"
        )
    return "import sys\ndata = sys.stdin.read()\ntotal = 0\nwhile True:\n    total += 1\n"


def build_mix(
    rows, problems, solutions, *, limit: int | None, rng: random.Random, tle_fraction: float = TLE_FRACTION
) -> list[Item]:
    items: list[Item] = []
    for sol in solutions:
        pid = str(sol["problem_id"])
        if pid not in problems or pid not in rows:
            continue
        inputs, outputs, fn_name = _raw_tests(rows[pid])
        task = dataclasses.replace(problems[pid].judge_task(), time_limit_s=None)  # one limit for all
        items.append(
            Item(pid, task, sol["completion"], sol["code"], inputs, outputs, fn_name, "o1mini", sol.get("lcb_graded"))
        )
    if limit is not None and limit < len(items):
        items = sorted(rng.sample(items, limit), key=lambda it: it.pid)
    n_tle = round(tle_fraction * len(items))
    for index in rng.sample(range(len(items)), n_tle):
        it = items[index]
        code = _endless(it.fn_name)
        items[index] = dataclasses.replace(
            it, code=code, completion=f"Here you go:\n\n```python\n{code}```\n", kind="timeout", lcb_graded=False
        )
    return items


def _with_many_tests(it: Item) -> Item:
    """The candidate on MANY_TESTS tests: its problem's public tests, cycled."""
    reps = -(-MANY_TESTS // len(it.inputs))
    inputs = (it.inputs * reps)[:MANY_TESTS]
    outputs = (it.outputs * reps)[:MANY_TESTS]
    tests = (tuple(it.task.tests) * reps)[:MANY_TESTS]
    return dataclasses.replace(it, task=dataclasses.replace(it.task, tests=tests), inputs=inputs, outputs=outputs)


def build_many(mix: list[Item], *, count: int, rng: random.Random) -> list[Item]:
    pool = [it for it in mix if it.kind == "o1mini"]
    chosen = sorted(rng.sample(pool, min(count, len(pool))), key=lambda it: it.pid)
    return [_with_many_tests(it) for it in chosen]


def build_realistic(mix: list[Item]) -> list[Item]:
    """The mix (every candidate, its time-outs included) with MANY_TESTS tests per problem."""
    return [_with_many_tests(it) for it in mix]


def trivial_items(n_candidates: int, n_tests: int) -> dict[str, list[Item]]:
    """The overhead sets: one candidate with many tests / many one-test candidates."""
    from microcoder_eval.types import JudgeTask, TestCase

    def stdin_item(k: int, salt: int) -> Item:
        ins = [f"{salt}-{i}\n" for i in range(k)]
        outs = [f"{salt}-{i}\n" for i in range(k)]
        task = JudgeTask("stdin", tuple(TestCase(a, b) for a, b in zip(ins, outs)))
        code = "print(input())\n"
        return Item(f"trivial-stdin-{salt}", task, f"```python\n{code}```\n", code, ins, outs, None, "trivial")

    def functional_item(k: int, salt: int) -> Item:
        ins = [json.dumps(salt * 100000 + i) for i in range(k)]  # LCB: one JSON value per line
        outs = list(ins)
        task = JudgeTask("functional", tuple(TestCase(f"[{a}]", b) for a, b in zip(ins, outs)), fn_name="echo")
        code = "class Solution:\n    def echo(self, x):\n        return x\n"
        return Item(f"trivial-fn-{salt}", task, f"```python\n{code}```\n", code, ins, outs, "echo", "trivial")

    # Two candidates of n/2 tests each: LCB's codegen_metrics needs at least two samples
    # (its standard error divides by n - 1).
    half = max(1, n_tests // 2)
    return {
        "stdin_tests": [stdin_item(half, 0), stdin_item(half, 1)],
        "functional_tests": [functional_item(half, 0), functional_item(half, 1)],
        "stdin_candidates": [stdin_item(1, s) for s in range(n_candidates)],
        "functional_candidates": [functional_item(1, s) for s in range(n_candidates)],
    }


def extraction_differences(items: list[Item]) -> dict:
    """How our extraction of the raw answer compares with LCB's ``code`` field."""
    from microcoder_eval.extract import extract_code

    out = Counter()
    examples: dict[str, list[str]] = {}
    for it in items:
        e = extract_code(it.completion)
        if e.status != "ok":
            kind = f"ours_{e.status}"
        elif e.code.strip() == it.code.strip():
            kind = "same"
        elif e.code.split() == it.code.split():
            kind = "whitespace_only"
        elif not it.code.strip():
            kind = "lcb_empty"
        else:
            kind = "different"
        out[kind] += 1
        if kind not in ("same", "whitespace_only"):
            examples.setdefault(kind, []).append(it.pid)
    return {"counts": dict(out), "problems": examples}
