"""Problems -> prompts -> GENERATIONS.jsonl, resumable.

Each line: ``problem_id``, ``sample``, ``completion``, ``prompt_tokens``, ``completion_tokens``,
``truncated``, ``finish_reason`` and the settings that produced it (``model``, ``engine``,
``max_tokens``, ``temperature``, ``top_p``, ``seed``).  A line is written and flushed as soon as
its answer is ready; a re-run with the same OUT generates only the (problem, sample) pairs not
yet there (a line cut short by an interruption is redone), and refuses to mix settings.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from ..evaluate import DatasetError, InputErrors, problems_only, read_dataset_files
from ..jsonl import read_complete_lines
from ..window import Window
from .base import Engine, Request, Sampling

# settings that must match for lines to belong to the same run
SETTINGS = ("model", "max_tokens", "temperature", "top_p", "seed")


@dataclass
class Selected:
    problems: list[Any]  # Problems in the window, in file order
    outside_window: int
    requests: list[Request]


def select(
    problems_path: Path,
    sampling: Sampling,
    *,
    read_problems: Callable[[Path], Iterator[Any]],
    prompt_of: Callable[[Any, str | None], tuple[tuple[str, str], ...]],
    system_prompt: str | None,
    window: Window = Window(),
    limit: int | None = None,
    errors: InputErrors | None = None,
) -> Selected:
    """The problems of PROBLEMS_PATH in the window and a request per sample.  The CLI passes the
    dataset pipeline's reader and its training prompt (``microcoder_data.export.prompt.prompt_of``)
    with the system prompt to use: the judge package does not import the pipeline."""
    errors = errors or InputErrors()
    chosen, outside, platforms = [], 0, set()
    problems = [
        p
        for file, rows in read_dataset_files(problems_path, errors, read_problems)
        for p in problems_only(rows, errors, file)
    ]
    for p in problems:
        platforms.add(p.platform)
        if not window.admits(p.platform, p.contest_date):
            outside += 1
            continue
        if limit is None or len(chosen) < limit:
            chosen.append(p)
    missing = window.missing_platforms(platforms)
    if missing:
        raise DatasetError(f"{problems_path}: {missing}")
    requests = []
    for p in chosen:
        messages = prompt_of(p, system_prompt)
        requests += [Request(p.id, i, messages) for i in range(sampling.n)]
    return Selected(chosen, outside, requests)


def read_generated(out: Path) -> tuple[dict[tuple[str, int], dict], int]:
    """Lines already in OUT by (problem_id, sample), and the byte length of its complete lines."""
    return read_complete_lines(out, lambda row: (row["problem_id"], int(row["sample"])))


def settings_of(model: str, sampling: Sampling) -> dict[str, Any]:
    return {
        "model": model,
        "max_tokens": sampling.max_tokens,
        "temperature": sampling.temperature,
        "top_p": sampling.top_p,
        "seed": sampling.seed,
    }


def check_same_settings(out: Path, done: dict[tuple[str, int], dict], settings: dict[str, Any]) -> None:
    for (pid, sample), row in done.items():
        differ = {k: row.get(k) for k in SETTINGS if k in row and row.get(k) != settings[k]}
        if differ:
            have = ", ".join(f"{k}={v!r}" for k, v in differ.items())
            want = ", ".join(f"{k}={settings[k]!r}" for k in differ)
            raise ValueError(
                f"{out}: problem {pid} sample {sample} was generated with {have}, this run asks "
                f"{want}; write to another --out (or remove the file) instead of mixing settings"
            )


@dataclass
class Plan:
    """What a run has left to do, known before any engine (model, server) is touched."""

    selected: Selected
    out: Path
    settings: dict[str, Any]
    todo: list[Request]
    good_bytes: int  # OUT's complete lines; a line cut short after them is redone

    @property
    def already_there(self) -> int:
        return len(self.selected.requests) - len(self.todo)


def plan(selected: Selected, out: Path, model: str, sampling: Sampling) -> Plan:
    """Read OUT, refuse mixed settings (``ValueError``) and list the samples still missing: cheap
    checks first, so a bad resume fails before minutes of model loading and nothing left loads nothing."""
    done, good = read_generated(out)
    settings = settings_of(model, sampling)
    check_same_settings(out, done, settings)
    todo = [r for r in selected.requests if (r.problem_id, r.sample) not in done]
    return Plan(selected, out, settings, todo, good)


def generate(work: Plan, engine: Engine, sampling: Sampling, *, progress: bool = True) -> dict[str, Any]:
    """Generate what the plan lists; returns counts (``generated``, ``already_there``, ``truncated``)."""
    out, todo = work.out, work.todo
    out.parent.mkdir(parents=True, exist_ok=True)
    if todo and out.exists() and work.good_bytes < out.stat().st_size:
        with open(out, "r+b") as fh:
            fh.truncate(work.good_bytes)
    bar = None
    if progress and todo:
        from tqdm import tqdm

        bar = tqdm(total=len(todo), desc=f"generating ({engine.name})", unit="sample", file=sys.stderr)
    truncated = 0
    with open(out, "a", encoding="utf-8") as sink:
        for g in engine.generate(todo, sampling):
            row = {
                "problem_id": g.problem_id,
                "sample": g.sample,
                "completion": g.completion,
                "prompt_tokens": g.prompt_tokens,
                "completion_tokens": g.completion_tokens,
                "truncated": g.truncated,
                "finish_reason": g.finish_reason,
                "engine": engine.name,
                **work.settings,
            }
            sink.write(json.dumps(row, ensure_ascii=False) + "\n")
            sink.flush()
            truncated += g.truncated
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    return stats(work, truncated)


def stats(work: Plan, truncated: int = 0) -> dict[str, Any]:
    return {
        "problems": len(work.selected.problems),
        "samples": len(work.selected.requests),
        "generated": len(work.todo),
        "already_there": work.already_there,
        "truncated": truncated,
        "outside_window": work.selected.outside_window,
    }
