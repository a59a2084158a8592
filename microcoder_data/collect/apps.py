"""APPS / TACO: the original per-problem folder layout and the one-row-per-problem
(Hugging Face) layout with JSON-string ``input_output`` and ``solutions``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.ground_truth import json_text_or_value, tests_from_apps_io

from .fields import iso_date, judging_rule, need, normalise_difficulty, opt_str
from .rows import Record, RowContext, RowError, RowFormat, convert_one, make_reject

LICENSE = "MIT (APPS)"
TACO_LICENSE = "Apache-2.0 (TACO)"
_TACO_KEYS = ("skill_types", "raw_tags", "Expected Auxiliary Space", "Expected Time Complexity", "picture_num")

_PLATFORMS = {
    "codeforces.com": "codeforces",
    "atcoder.jp": "atcoder",
    "leetcode.com": "leetcode",
    "codewars.com": "codewars",
    "codechef.com": "codechef",
    "hackerrank.com": "hackerrank",
    "kattis.com": "kattis",
    "geeksforgeeks.org": "geeksforgeeks",
    "aizu.ac.jp": "aizu",
}


def platform_from_url(url: str | None) -> str | None:
    if not url:
        return None
    m = re.match(r"\w+://([^/]+)", url.strip())
    host = (m.group(1) if m else "").lower()
    for domain, name in _PLATFORMS.items():
        if host == domain or host.endswith("." + domain):
            return name
    return None


def _solutions(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    value = json_text_or_value(value, "solutions", RowError)
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        raise RowError("solutions must be a list of strings")
    return [s for s in value if s.strip()]


def _problem(
    ctx: RowContext,
    upstream_id: str,
    statement: str,
    io: Any,
    *,
    solutions: list[str],
    starter_code: str,
    difficulty: Any,
    url: str | None,
    title: str = "",
    date: Any = None,
    license: str = LICENSE,
    extra: dict[str, Any] | None = None,
) -> Problem:
    if io is None or io == "" or io == {}:
        raise RowError("no input_output (no tests)")
    mode, tests = tests_from_apps_io(io)
    fn_name = (io.get("fn_name") if isinstance(io, Mapping) else json.loads(io).get("fn_name")) or None
    platform = platform_from_url(url)
    return Problem(
        id=f"{ctx.source}/{upstream_id}",
        source=ctx.source,
        title=title,
        statement=statement,
        mode=mode,
        tests=list(tests),
        starter_code=starter_code,
        fn_name=fn_name,
        difficulty=normalise_difficulty(difficulty),
        contest_date=iso_date(date),
        platform=platform,
        reference_solutions=solutions,
        license=license,
        rule=judging_rule(statement, {"platform": platform, "source": ctx.source, "mode": mode}),
        provenance=ctx.provenance(upstream_id, url=url or None, **(extra or {})),
    )


# --------------------------------------------------------------------------- rows


def matches(row: Mapping[str, Any]) -> bool:
    return "question" in row and "input_output" in row


def is_taco_row(row: Mapping[str, Any]) -> bool:
    return any(k in row for k in _TACO_KEYS)


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    statement = need(row, "question")
    io = row.get("input_output")
    if isinstance(io, str):
        if not io.strip():
            raise RowError("input_output is empty (no tests)")
        io = json_text_or_value(io, "input_output", RowError)
    upstream = row.get("problem_id", row.get("id"))
    upstream_id = str(upstream) if upstream not in (None, "") else str(ctx.row)
    taco = ctx.source == "taco"
    extra = {}
    for key in ("time_limit", "memory_limit", "source"):
        if row.get(key) not in (None, ""):
            extra[f"upstream_{key}"] = row[key]
    return _problem(
        ctx,
        upstream_id,
        statement,
        io,
        solutions=_solutions(row.get("solutions")),
        starter_code=opt_str(row, "starter_code"),
        difficulty=row.get("difficulty"),
        url=row.get("url") or None,
        title=str(row.get("name") or row.get("title") or "").strip(),
        date=row.get("date"),
        license=TACO_LICENSE if taco else LICENSE,
        extra=extra,
    )


TACO_FORMAT = RowFormat("taco", matches, convert, "TACO rows (APPS row layout)")
FORMAT = RowFormat(
    "apps",
    matches,
    convert,
    "APPS/TACO rows (question, input_output, solutions)",
    variant=lambda row: TACO_FORMAT if is_taco_row(row) else FORMAT,
)


# --------------------------------------------------------------------------- folders


def is_problem_dir(path: Path) -> bool:
    return path.is_dir() and (path / "question.txt").is_file()


def is_apps_tree(path: Path) -> bool:
    return path.is_dir() and (is_problem_dir(path) or any(is_problem_dir(p) for p in path.iterdir()))


def _problem_dirs(root: Path) -> list[Path]:
    if is_problem_dir(root):
        return [root]
    out = []
    for p in sorted(root.iterdir()):
        if p.is_dir():
            if is_problem_dir(p) or (p / "input_output.json").exists() or (p / "metadata.json").exists():
                out.append(p)
            elif p.name in ("train", "test"):
                out.extend(q for q in sorted(p.iterdir()) if q.is_dir())
    return out


def _read_json(path: Path) -> Any:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _folder_row(d: Path) -> dict[str, Any]:
    """The folder's files as one row (what a Reject's payload shows)."""
    row: dict[str, Any] = {"folder": d.name}
    for name in ("question.txt", "starter_code.py"):
        f = d / name
        if f.is_file():
            row[name] = f.read_text(encoding="utf-8", errors="replace")
    for name in ("input_output.json", "metadata.json", "solutions.json"):
        f = d / name
        if f.is_file():
            try:
                row[name] = _read_json(f)
            except ValueError as exc:
                row[name] = {"__unreadable__": f"{name} is not valid JSON ({exc})"}
    return row


def _folder_id(d: Path) -> str:
    return f"{d.parent.name}/{d.name}" if d.parent.name in ("train", "test") else d.name


def _convert_folder(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    if "question.txt" not in row:
        raise RowError(f"problem folder {row['folder']!r} has no question.txt")
    for name in ("input_output.json", "metadata.json", "solutions.json"):
        value = row.get(name)
        if isinstance(value, Mapping) and "__unreadable__" in value:
            raise RowError(value["__unreadable__"])
    if "input_output.json" not in row:
        raise RowError(f"problem folder {row['folder']!r} has no input_output.json (no tests)")
    meta = row.get("metadata.json") or {}
    if not isinstance(meta, Mapping):
        raise RowError("metadata.json must be an object")
    upstream_id = str(row["upstream_id"])
    return _problem(
        ctx,
        upstream_id,
        row["question.txt"],
        row["input_output.json"],
        solutions=_solutions(row.get("solutions.json")),
        starter_code=row.get("starter_code.py") or "",
        difficulty=meta.get("difficulty"),
        url=meta.get("url"),
    )


FOLDER_FORMAT = RowFormat("apps", lambda row: "folder" in row, _convert_folder, "APPS problem folders")


def read_apps_tree(root: Path, *, source: str = "apps") -> Iterator[Record]:
    """One record per problem folder under ``root`` (or ``root`` itself), sorted by name."""
    for i, d in enumerate(_problem_dirs(root)):
        upstream_id = _folder_id(d)
        ctx = RowContext(source=source, file=upstream_id, row=i)
        try:
            row = _folder_row(d)
        except OSError as exc:
            yield make_reject(ctx, "apps", f"cannot read problem folder ({exc})", {"folder": d.name})
            continue
        row["upstream_id"] = upstream_id
        yield convert_one(row, FOLDER_FORMAT, ctx, step="apps")
