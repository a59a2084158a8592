"""``microcoder eval run``: judge a file of candidates against a file of problems.

Resumable by construction: every candidate has a stable key (problem id, hash of the
completion, occurrence), each finished judgment is appended and flushed to RESULTS at
once, and a re-run judges only the keys not already there.  A line cut short by an
interruption is ignored (and rewritten) on the next run.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from .summary import format_table, summarise
from .types import JudgeTask, Limits


@dataclass
class ProblemInfo:
    id: str
    task: JudgeTask
    difficulty: str | None = None
    platform: str | None = None


@dataclass
class Candidate:
    key: str
    problem_id: str
    completion: str
    line: int


@dataclass
class InputErrors:
    messages: list[str] = field(default_factory=list)

    def add(self, message: str) -> None:
        self.messages.append(message)
        print(f"microcoder eval: {message}", file=sys.stderr)


def _where(path: Path | None, row: int | None) -> str | None:
    """'FILE:LINE' for a row of a JSON Lines file, 'FILE row N' for other files."""
    from microcoder_data.collect.common import JSONL_SUFFIXES  # the reader's own rule

    if path is None or row is None:
        return None
    if path.name.lower().endswith(JSONL_SUFFIXES):
        return f"{path}:{row + 1}"
    return f"{path} row {row}"


def index_problems(records: Iterable[Any], errors: InputErrors,
                   path: Path | None = None) -> dict[str, ProblemInfo]:
    """Problems by every name a solutions file may use: our id, the upstream id, the id's tail."""
    index: dict[str, ProblemInfo] = {}
    for record in records:
        if not hasattr(record, "judge_task"):  # a Reject from the reader
            where = _where(path, getattr(record, "row", None)) or record.id
            errors.add(f"{where}: {record.reason}")
            continue
        try:
            info = ProblemInfo(record.id, record.judge_task(), record.difficulty, record.platform)
        except ValueError as exc:
            row = (record.provenance or {}).get("row")
            where = _where(path, row if isinstance(row, int) else None)
            errors.add(f"{where + ': ' if where else ''}problem {record.id}: {exc}")
            continue
        aliases = [record.id, record.id.split("/", 1)[-1]]
        upstream = (record.provenance or {}).get("upstream_id")
        if upstream is not None:
            aliases.append(str(upstream))
        for alias in aliases:
            index.setdefault(alias, info)
    return index


def read_candidates(path: Path, problems: dict[str, ProblemInfo], errors: InputErrors) -> list[Candidate]:
    candidates: list[Candidate] = []
    seen: dict[str, int] = {}
    with open(path, encoding="utf-8") as fh:
        for line_no, line in enumerate(fh, 1):
            if not line.strip():
                continue
            where = f"{path}:{line_no}"
            try:
                row = json.loads(line)
            except ValueError as exc:
                errors.add(f"{where}: not valid JSON ({exc})")
                continue
            if not isinstance(row, dict) or "problem_id" not in row or "completion" not in row:
                errors.add(f"{where}: needs 'problem_id' and 'completion'")
                continue
            pid, completion = str(row["problem_id"]), row["completion"]
            if not isinstance(completion, str):
                errors.add(f"{where}: 'completion' must be a string")
                continue
            if pid not in problems:
                errors.add(f"{where}: unknown problem_id {pid!r}")
                continue
            digest = hashlib.sha1(f"{pid}\0{completion}".encode("utf-8", "surrogatepass")).hexdigest()[:16]
            occurrence = seen.get(digest, 0)
            seen[digest] = occurrence + 1
            candidates.append(Candidate(f"{pid}:{digest}:{occurrence}", pid, completion, line_no))
    return candidates


def read_done(out: Path) -> tuple[dict[str, dict], int]:
    """Results already in RESULTS (by key) and the byte length of its complete lines."""
    done: dict[str, dict] = {}
    good_bytes = 0
    if not out.exists():
        return done, 0
    with open(out, "rb") as fh:
        for raw in fh:
            if not raw.endswith(b"\n"):
                break  # an interrupted write: dropped and redone
            try:
                row = json.loads(raw)
                done[row["key"]] = row
            except (ValueError, KeyError):
                break
            good_bytes += len(raw)
    return done, good_bytes


def summary_path(out: Path) -> Path:
    name = out.name[:-len(".jsonl")] if out.name.endswith(".jsonl") else out.name
    return out.with_name(name + ".summary.json")


def run(problems_path: Path, solutions_path: Path, out: Path, *, workers: int | None, ks: Sequence[int],
        limits: Limits, stop_on_failure: bool = True, progress: bool = True,
        read_problems: Callable[[Path], Iterator[Any]] | None = None, executor: str = "local") -> dict[str, Any]:
    if read_problems is None:
        from microcoder_data.collect import read_problem_file as read_problems
    errors = InputErrors()
    problems = index_problems(read_problems(problems_path), errors, problems_path)
    candidates = read_candidates(solutions_path, problems, errors)
    done, good_bytes = read_done(out)
    todo = [c for c in candidates if c.key not in done]
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.exists() and good_bytes < out.stat().st_size:
        with open(out, "r+b") as fh:
            fh.truncate(good_bytes)
    hide = [str(problems_path.resolve()), str(out.resolve())]
    bar = None
    if progress and todo:
        from tqdm import tqdm

        bar = tqdm(total=len(todo), desc="judging", unit="cand", file=sys.stderr)
    from .ray_pool import make_judge  # executor: the local pool, or one judge actor per Ray node

    with make_judge(executor, workers=workers, limits=limits, hide=hide) as judge, \
            open(out, "a", encoding="utf-8") as sink:
        def judge_one(c: Candidate) -> dict:
            info = problems[c.problem_id]
            result = judge.judge_completion(info.task, c.completion, stop_on_failure=stop_on_failure)
            row = {"key": c.key, "problem_id": c.problem_id, "line": c.line,
                   "difficulty": info.difficulty, "platform": info.platform}
            row.update(result.to_dict())
            return row

        with ThreadPoolExecutor(max_workers=judge.num_workers) as pool:
            pending = set()
            queue = iter(todo)
            for c in queue:  # keep the pool fed without queueing everything at once
                pending.add(pool.submit(judge_one, c))
                if len(pending) >= 4 * judge.num_workers:
                    break
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    row = future.result()
                    sink.write(json.dumps(row, ensure_ascii=False) + "\n")
                    sink.flush()
                    done[row["key"]] = row
                    if bar is not None:
                        bar.update(1)
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending.add(pool.submit(judge_one, nxt))
    if bar is not None:
        bar.close()
    wanted = {c.key for c in candidates}
    rows = [row for key, row in done.items() if key in wanted]
    summary = summarise(rows, ks)
    summary["input_errors"] = len(errors.messages)
    summary["isolation"] = judge.isolation["level"]
    with open(summary_path(out), "w", encoding="utf-8") as fh:
        json.dump(summary, fh, indent=2, sort_keys=True)
    if summary["candidates"]:
        from .summary import plot_summary

        plot_summary(summary, str(summary_path(out).with_suffix(".png")))
    summary["table"] = format_table(summary)
    return summary
