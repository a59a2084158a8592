"""Row -> record plumbing shared by every Collect reader: the row format contract, a row's
place in its file, driving a format's conversion (each row yields exactly one Problem or Reject)
and the final validity check every Problem passes."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Iterator, Mapping

from microcoder_data.schema import Problem, Reject
from microcoder_data.schema import make_reject as reject
from microcoder_eval.ground_truth import FormatError, NotConvertible
from microcoder_eval.types import TestCase

from .files import UnreadableRow

Record = Problem | Reject
PAYLOAD_LIMIT = 2048  # reject payload size: raw upstream rows, possibly every row of a file
UNREADABLE_STEP = "unreadable"  # the step of a reject for a row that is not even JSON


class RowError(ValueError):
    """A source row that cannot become a Problem; the message is the Reject's reason."""


@dataclass(frozen=True)
class RowContext:
    source: str  # the reader / source name written into Problem.source
    file: str  # file label (relative to the spec's root; stable across machines)
    row: int  # 0-based row index inside the file (JSON Lines: line index; or problem folder index)

    def provenance(self, upstream_id: Any, **extra: Any) -> dict[str, Any]:
        prov: dict[str, Any] = {"file": self.file, "row": self.row, "upstream_id": upstream_id}
        prov.update({k: v for k, v in extra.items() if v is not None})
        return prov


@dataclass(frozen=True)
class RowFormat:
    """One recognisable row shape: detection by columns + conversion to a Problem.

    ``variant`` (when set) names the format a detected row really is where two sources share
    one row layout (TACO rows in APPS' layout); it is asked only when no source was named.
    """

    name: str  # also the default Problem.source
    matches: Callable[[Mapping[str, Any]], bool]
    convert: Callable[[Mapping[str, Any], RowContext], Problem]
    description: str = ""
    variant: Callable[[Mapping[str, Any]], "RowFormat"] | None = None


def make_reject(ctx: RowContext, step: str, reason: str, row: Any) -> Reject:
    """The one reject rule (``schema.make_reject``) with the row's place in its file: id
    ``<source>:<file>:<row>``; a line that is not even JSON keeps its text as read."""
    raw = row.raw if isinstance(row, UnreadableRow) else True
    return replace(
        reject("collect", step, reason, row, payload=raw, limit=PAYLOAD_LIMIT),
        id=f"{ctx.source}:{ctx.file}:{ctx.row}",
        source=ctx.source,
        row=ctx.row,
    )


def convert_rows(
    rows: Iterable[tuple[int, Any]],
    fmt: RowFormat,
    *,
    file_label: str,
    source: str | None = None,
    step: str | None = None,
) -> Iterator[Record]:
    """Drive ``fmt.convert`` over rows: each row yields exactly one Problem or Reject."""
    src = source or fmt.name
    for i, row in rows:
        ctx = RowContext(source=src, file=file_label, row=i)
        yield convert_one(row, fmt, ctx, step=step or fmt.name)


def convert_one(row: Any, fmt: RowFormat, ctx: RowContext, *, step: str) -> Record:
    if isinstance(row, UnreadableRow):  # bad input, not the format's doing: a step of its own
        return make_reject(ctx, UNREADABLE_STEP, row.reason, row)
    if not isinstance(row, Mapping):
        return make_reject(ctx, step, f"row is a {type(row).__name__}, not an object", row)
    try:
        problem = fmt.convert(row, ctx)
        check_problem(problem)
        return problem
    except (RowError, FormatError, NotConvertible) as exc:
        return make_reject(ctx, step, str(exc), row)
    except KeyError as exc:
        return make_reject(ctx, step, f"missing field {exc}", row)
    except Exception as exc:  # a malformed row must become a Reject, never stop the run
        return make_reject(ctx, step, f"unreadable row ({type(exc).__name__}: {exc})", row)


def check_problem(p: Problem) -> None:
    """Raise RowError unless ``p`` is judgeable: known mode, tests present and well encoded."""
    if p.mode not in ("stdin", "functional"):
        raise RowError(f"unknown mode {p.mode!r}")
    if not p.tests:
        raise RowError("no tests")
    if not p.statement or not p.statement.strip():
        raise RowError("empty statement")
    if p.mode == "functional":
        if not p.fn_name or not str(p.fn_name).isidentifier():
            raise RowError(f"functional problem without a valid function name ({p.fn_name!r})")
        for i, t in enumerate(p.tests):
            try:
                args = json.loads(t.input)
                json.loads(t.output)
            except (TypeError, ValueError):
                raise RowError(f"test {i}: functional input/output is not JSON") from None
            if not isinstance(args, (list, dict)):
                raise RowError(f"test {i}: functional input must be a JSON list or object")
    else:
        for i, t in enumerate(p.tests):
            if not isinstance(t.input, str) or not isinstance(t.output, str):
                raise RowError(f"test {i}: stdin input/output must be text")
    if p.difficulty is not None and p.difficulty not in ("easy", "medium", "hard"):
        raise RowError(f"difficulty {p.difficulty!r} not normalised")


def dedupe_tests(tests: Iterable[TestCase]) -> list[TestCase]:
    """Drop exact duplicate tests, keeping first occurrences in order."""
    seen: set[tuple[str, str]] = set()
    out = []
    for t in tests:
        key = (t.input, t.output)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out
