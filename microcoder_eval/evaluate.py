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

from .dataset_files import BUILD_SPLITS, dataset_files, describe_read, is_build_folder
from .jsonl import JSONL_SUFFIXES, read_complete_lines
from .summary import format_table, summarise
from .types import JudgeTask, Limits
from .window import Window


@dataclass
class ProblemInfo:
    id: str
    task: JudgeTask
    difficulty: str | None = None
    platform: str | None = None
    contest_date: str | None = None


@dataclass
class Candidate:
    key: str
    problem_id: str
    completion: str
    line: int
    truncated: bool | None = None  # from `eval generate`: the length limit cut the answer


class DatasetError(ValueError):
    """A problems file nothing can be judged against; the message is one line naming file and row."""


DATASET_EXPECTED = (
    "problems as LiveCodeBench, APPS/TACO, CodeContests, LeetCodeDataset, microcoder or verl RL "
    "rows (JSON array, JSONL or parquet)"
)


@dataclass
class InputErrors:
    messages: list[str] = field(default_factory=list)

    def add(self, message: str) -> None:
        self.messages.append(message)
        print(f"microcoder eval: {message}", file=sys.stderr)


def _where(path: Path | None, row: int | None) -> str | None:
    """'FILE:LINE' for a row of a JSON Lines file, 'FILE row N' for other files."""
    if path is None or row is None:
        return None
    if path.name.lower().endswith(JSONL_SUFFIXES):
        return f"{path}:{row + 1}"
    return f"{path} row {row}"


def problems_only(records: Iterable[Any], errors: InputErrors, path: Path | None = None) -> Iterator[Any]:
    """The Problems among a reader's records; each Reject is reported with its file and row."""
    for record in records:
        if not hasattr(record, "judge_task"):  # a Reject from the reader
            where = _where(path, getattr(record, "row", None)) or record.id
            # a reader that names the place itself (a line that is not JSON) is not prefixed twice
            errors.add(record.reason if record.reason.startswith(f"{where}:") else f"{where}: {record.reason}")
            continue
        yield record


def index_problems(records: Iterable[Any], errors: InputErrors, path: Path | None = None) -> dict[str, ProblemInfo]:
    """Problems by every name a solutions file may use: our id, the upstream id, the id's tail."""
    index: dict[str, ProblemInfo] = {}
    for record in problems_only(records, errors, path):
        try:
            info = ProblemInfo(record.id, record.judge_task(), record.difficulty, record.platform, record.contest_date)
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


def read_dataset(path: Path, errors: InputErrors, read_problems: Callable[[Path], Iterator[Any]]) -> list[Any]:
    """Every record of PATH (Problems and Rejects) as ``read_problems`` reads it (the CLI passes
    the dataset pipeline's reader: the judge does not import the pipeline); ``DatasetError``
    (one line) when the file cannot be read at all."""
    try:
        return list(read_problems(path))
    except DatasetError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever the file is, the user gets one line, not a traceback
        message = " ".join(str(exc).split())
        if isinstance(exc, (ValueError, FileNotFoundError)) and str(path) in message:
            raise DatasetError(message) from None  # the readers' own messages name file, row and formats
        # a corrupt file (bad parquet, bad encoding, ...)
        raise DatasetError(
            f"{path}: cannot be read ({type(exc).__name__}: {message[:300]}); expected {DATASET_EXPECTED}"
        ) from None


def read_dataset_files(
    path: Path, errors: InputErrors, read_problems: Callable[[Path], Iterator[Any]], announce: bool = True
) -> list[tuple[Path, list[Any]]]:
    """(file, its records) for each problems file of PATH: a ``data build`` folder gives its
    train/test splits only (not ``_work/`` or the other files beside them); a build folder's
    reading is announced in one line."""
    if (path / "_work").is_dir() and not is_build_folder(path):
        raise DatasetError(
            f"{path}: a `data build` folder without {BUILD_SPLITS[0]} (did the build finish?); "
            f"pass a finished build folder or a problems file"
        )
    files = dataset_files(path)
    read = [(f, read_dataset(f, errors, read_problems)) for f in files]
    line = describe_read(path, files, [sum(hasattr(r, "judge_task") for r in records) for _, records in read])
    if line and announce:
        print(f"microcoder eval: {line}", file=sys.stderr)
    return read


def load_problems(
    path: Path, errors: InputErrors, read_problems: Callable[[Path], Iterator[Any]], announce: bool = True
) -> dict[str, ProblemInfo]:
    """The problems of PATH by alias; ``DatasetError`` (one line) when none can be read."""
    before = len(errors.messages)
    index: dict[str, ProblemInfo] = {}
    for file, records in read_dataset_files(path, errors, read_problems, announce):
        for alias, info in index_problems(records, errors, file).items():
            index.setdefault(alias, info)
    if not index:
        first = errors.messages[before] if len(errors.messages) > before else f"{path}: no rows"
        raise DatasetError(f"{path}: no problem could be read; first error: {first}")
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
            truncated = row.get("truncated")
            candidates.append(
                Candidate(
                    f"{pid}:{digest}:{occurrence}",
                    pid,
                    completion,
                    line_no,
                    truncated if isinstance(truncated, bool) else None,
                )
            )
    return candidates


def read_done(out: Path) -> tuple[dict[str, dict], int]:
    """Results already in RESULTS (by key) and the byte length of its complete lines."""
    return read_complete_lines(out, lambda row: row["key"])


def _stem(out: Path) -> str:
    return out.name[: -len(".jsonl")] if out.name.endswith(".jsonl") else out.name


def summary_path(out: Path) -> Path:
    return out.with_name(_stem(out) + ".summary.json")


def pass_rates_path(out: Path) -> Path:
    """Per-problem pass rates beside RESULTS: what ``filter.difficulty.samples_file`` reads."""
    return out.with_name(_stem(out) + ".pass_rates.jsonl")


def write_pass_rates(rows: Iterable[dict], problems: dict[str, ProblemInfo], path: Path) -> int:
    """One line per problem, sorted by id: ``id``, ``samples``, ``passed``, ``pass_rate`` (+ labels)."""
    tally: dict[str, list[int]] = {}
    for row in rows:
        info = problems[row["problem_id"]]
        counts = tally.setdefault(info.id, [0, 0])
        counts[0] += 1
        counts[1] += bool(row["passed"])
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        for pid in sorted(tally):
            n, c = tally[pid]
            info = problems[pid]
            fh.write(
                json.dumps(
                    {
                        "id": pid,
                        "samples": n,
                        "passed": c,
                        "pass_rate": c / n,
                        "difficulty": info.difficulty,
                        "platform": info.platform,
                    }
                )
                + "\n"
            )
    os.replace(tmp, path)
    return len(tally)


def run(
    problems_path: Path,
    solutions_path: Path,
    out: Path,
    *,
    workers: int | None,
    ks: Sequence[int],
    limits: Limits,
    stop_on_failure: bool = True,
    progress: bool = True,
    window: Window = Window(),
    read_problems: Callable[[Path], Iterator[Any]],
    executor: str = "local",
    announce: bool = True,
) -> dict[str, Any]:
    """Judge what RESULTS lacks and summarise; ``announce``: say what a build folder gave (once a
    process: `eval generate --judge` has said it already)."""
    errors = InputErrors()
    problems = load_problems(problems_path, errors, read_problems, announce)
    candidates, outside = _candidates_in_window(problems_path, solutions_path, problems, errors, window)
    done = _resume(out)
    todo = [c for c in candidates if c.key not in done]
    hide = [str(problems_path.resolve()), str(out.resolve())]
    isolation = _judge_into(
        out,
        todo,
        problems,
        done,
        executor=executor,
        workers=workers,
        limits=limits,
        hide=hide,
        stop_on_failure=stop_on_failure,
        progress=progress,
    )
    wanted = {c.key for c in candidates}
    # one problem, one entry, whichever of its names (our id, upstream id) the solutions used
    rows = [{**row, "problem_id": problems[row["problem_id"]].id} for key, row in done.items() if key in wanted]
    summary = summarise(rows, ks)
    summary["window"] = window.describe()
    summary["outside_window"] = outside
    summary["pass_rates"] = str(pass_rates_path(out))
    write_pass_rates(rows, problems, pass_rates_path(out))
    summary["input_errors"] = len(errors.messages)
    summary["reused"] = len(candidates) - len(todo)  # judged by an earlier run into the same RESULTS
    summary["isolation"] = isolation
    _write_summary(summary, out)
    return summary


def _candidates_in_window(
    problems_path: Path, solutions_path: Path, problems: dict[str, ProblemInfo], errors: InputErrors, window: Window
) -> tuple[list[Candidate], int]:
    """The candidates to judge: those on problems inside the window, and how many were outside it."""
    missing = window.missing_platforms(info.platform for info in problems.values())
    if missing:
        raise DatasetError(f"{problems_path}: {missing}")
    candidates = read_candidates(solutions_path, problems, errors)
    if not candidates and not errors.messages:  # read_candidates names every bad line; none means no line
        raise DatasetError(f"{solutions_path}: the file is empty: no candidate to judge")
    inside = [
        c for c in candidates if window.admits(problems[c.problem_id].platform, problems[c.problem_id].contest_date)
    ]
    return inside, len(candidates) - len(inside)


def _resume(out: Path) -> dict[str, dict]:
    """The judgments an earlier run left in RESULTS, by key; a last line cut short is cut off the file."""
    done, good_bytes = read_done(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.exists() and good_bytes < out.stat().st_size:
        with open(out, "r+b") as fh:
            fh.truncate(good_bytes)
    return done


def _judge_into(
    out: Path,
    todo: list[Candidate],
    problems: dict[str, ProblemInfo],
    done: dict[str, dict],
    *,
    executor: str,
    workers: int | None,
    limits: Limits,
    hide: list[str],
    stop_on_failure: bool,
    progress: bool,
) -> str:
    """Judge ``todo``, appending each row to RESULTS (flushed) and to ``done`` as it finishes;
    returns the judge's isolation level."""
    bar = None
    if progress and todo:
        from tqdm import tqdm

        bar = tqdm(total=len(todo), desc="judging", unit="cand", file=sys.stderr)
    from .ray_pool import make_judge  # executor: the local pool, or one judge actor per Ray node

    with (
        make_judge(executor, workers=workers, limits=limits, hide=hide) as judge,
        open(out, "a", encoding="utf-8") as sink,
    ):

        def judge_one(c: Candidate) -> dict:
            info = problems[c.problem_id]
            result = judge.judge_completion(info.task, c.completion, stop_on_failure=stop_on_failure)
            row = {
                "key": c.key,
                "problem_id": c.problem_id,
                "line": c.line,
                "difficulty": info.difficulty,
                "platform": info.platform,
                "contest_date": info.contest_date,
                "truncated": c.truncated,
            }
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
    return judge.isolation["level"]


def _write_summary(summary: dict[str, Any], out: Path) -> None:
    """RESULTS.summary.json, then its chart (when anything was judged) and the printed table."""
    with open(summary_path(out), "w", encoding="utf-8") as fh:
        json.dump(summary, fh, indent=2, sort_keys=True)
    summary["chart"] = None
    if summary["candidates"]:
        from .summary import plot_summary

        summary["chart"] = str(summary_path(out).with_suffix(".png"))
        plot_summary(summary, summary["chart"])
    summary["table"] = format_table(summary)
