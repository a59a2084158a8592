"""The one problem record every pipeline stage reads and writes.

A ``Problem`` flattens to a plain dict (``to_row``) so that stages can pass Arrow /
``datasets`` tables; nested values (tests, rule, provenance) are stored as JSON strings
so the Arrow schema stays fixed and byte-for-byte deterministic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from microcoder_eval.types import JudgeTask, JudgingRule, Mode, TestCase

DIFFICULTIES = ("easy", "medium", "hard")

# The row form of the records, column by column with its type: the one table of them.
# ``Problem.to_row``/``Reject.to_row`` write exactly these columns; ``pipeline.rows`` derives
# the Arrow schemas from it (large_string: a column whose values may pass 2 GiB in a table).
PROBLEM_COLUMNS: tuple[tuple[str, str], ...] = (
    ("id", "string"),
    ("source", "string"),
    ("title", "string"),
    ("statement", "string"),
    ("mode", "string"),
    ("tests", "large_string"),  # JSON [[input, output], ...]; [input, output, time_limit_s] where a test has its own
    ("num_tests", "int64"),
    ("starter_code", "string"),
    ("fn_name", "string"),
    ("difficulty", "string"),
    ("contest_date", "string"),
    ("platform", "string"),
    ("reference_solutions", "list<large_string>"),
    ("license", "string"),
    ("rule", "string"),  # JSON of JudgingRule
    ("time_limit_s", "float64"),
    ("provenance", "string"),  # JSON
)
REJECT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("stage", "string"),
    ("step", "string"),
    ("reason", "string"),
    ("id", "string"),
    ("source", "string"),
    ("payload", "large_string"),
)


@dataclass
class Problem:
    id: str  # globally unique: "<source>/<upstream id>"
    source: str  # reader name, e.g. "livecodebench", "apps", "leetcodedataset"
    title: str
    statement: str
    mode: Mode
    tests: list[TestCase]
    starter_code: str = ""
    fn_name: str | None = None
    difficulty: str | None = None  # normalised to DIFFICULTIES when known
    contest_date: str | None = None  # ISO date "YYYY-MM-DD" when known
    platform: str | None = None  # atcoder / codeforces / leetcode / ...
    reference_solutions: list[str] = field(default_factory=list)
    license: str = ""
    rule: JudgingRule = field(default_factory=JudgingRule)
    time_limit_s: float | None = None
    provenance: dict[str, Any] = field(default_factory=dict)  # file, row, upstream id, notes

    def judge_task(self) -> JudgeTask:
        return JudgeTask(
            mode=self.mode,
            tests=tuple(self.tests),
            fn_name=self.fn_name,
            rule=self.rule,
            time_limit_s=self.time_limit_s,
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "source": self.source,
            "title": self.title,
            "statement": self.statement,
            "mode": self.mode,
            "tests": json.dumps([test_row(t) for t in self.tests], ensure_ascii=False),
            "num_tests": len(self.tests),
            "starter_code": self.starter_code,
            "fn_name": self.fn_name or "",
            "difficulty": self.difficulty or "",
            "contest_date": self.contest_date or "",
            "platform": self.platform or "",
            "reference_solutions": list(self.reference_solutions),
            "license": self.license,
            "rule": json.dumps(self.rule.to_dict(), sort_keys=True),
            "time_limit_s": float(self.time_limit_s) if self.time_limit_s else 0.0,
            "provenance": json.dumps(self.provenance, sort_keys=True, ensure_ascii=False, default=str),
        }

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "Problem":
        return cls(
            id=row["id"],
            source=row["source"],
            title=row.get("title") or "",
            statement=row.get("statement") or "",
            mode=row["mode"],
            tests=[test_from_row(t) for t in json.loads(row["tests"])],
            starter_code=row.get("starter_code") or "",
            fn_name=row.get("fn_name") or None,
            difficulty=row.get("difficulty") or None,
            contest_date=row.get("contest_date") or None,
            platform=row.get("platform") or None,
            reference_solutions=list(row.get("reference_solutions") or []),
            license=row.get("license") or "",
            rule=JudgingRule.from_dict(json.loads(row["rule"]) if row.get("rule") else None),
            time_limit_s=row.get("time_limit_s") or None,
            provenance=json.loads(row["provenance"]) if row.get("provenance") else {},
        )


def test_row(t: TestCase) -> list[Any]:
    """A test in the ``tests`` column: ``[input, output]``, and its own time limit third where
    it has one (Verify's per-test limits)."""
    return [t.input, t.output] if t.time_limit_s is None else [t.input, t.output, t.time_limit_s]


def test_from_row(entry: Any) -> TestCase:
    """A test from the ``tests`` column (either form of :func:`test_row`); raises ValueError."""
    if not isinstance(entry, (list, tuple)) or len(entry) not in (2, 3):
        raise ValueError("a test must be [input, output] or [input, output, time_limit_s]")
    if not all(isinstance(x, str) for x in entry[:2]):
        raise ValueError("a test's input and output must be strings")
    limit = entry[2] if len(entry) == 3 else None
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, (int, float)) or not limit > 0):
        raise ValueError(f"a test's time_limit_s must be a positive number, got {limit!r}")
    return TestCase(entry[0], entry[1], None if limit is None else float(limit))


test_row.__test__ = test_from_row.__test__ = False  # type: ignore[attr-defined]  # not pytest tests when imported


@dataclass
class Reject:
    """A row that left the pipeline, with where and why; written to ``rejects``."""

    stage: str  # collect / process / filter / verify
    step: str  # the step inside the stage, e.g. "language", "minhash_dedup"
    reason: str
    id: str  # problem id, or "<source>:<file>:<row>" when the row never became a Problem
    source: str
    payload: str = ""  # JSON of the row as it was (truncated for huge rows)
    row: int | None = None  # where in its file, when it never became a Problem (see RowContext.row)

    def to_row(self) -> dict[str, Any]:
        return {
            "stage": self.stage,
            "step": self.step,
            "reason": self.reason,
            "id": self.id,
            "source": self.source,
            "payload": self.payload,
        }


# --------------------------------------------------------------------------- the reject rules
# One way to make a Reject and one duplicate-id check, for every stage (Collect's readers
# included: ``collect.rows.make_reject`` only adds the row's place in its file).

#: payload size of a reject; Collect's readers pass a smaller one (``collect.rows.PAYLOAD_LIMIT``):
#: their rejects are raw upstream rows, possibly every row of a file
MAX_PAYLOAD_CHARS = 20_000


def payload_of(obj: Any, limit: int = MAX_PAYLOAD_CHARS) -> str:
    """JSON of a row as it was, truncated for huge rows (the reject keeps the evidence)."""
    if isinstance(obj, Problem):
        try:
            obj = obj.to_row()
        except Exception:  # a Problem with wrong-typed fields
            obj = {k: repr(v)[:2000] for k, v in vars(obj).items()}
    try:
        text = json.dumps(obj, ensure_ascii=False, sort_keys=True, default=str)
    except Exception:
        text = repr(obj)
    return _clipped(text, limit)


def _clipped(text: str, limit: int) -> str:
    """At most ``limit`` characters: the text's head and ``...(truncated, N chars)``, N its
    full length (a reject table's payload column stays bounded)."""
    if len(text) <= limit:
        return text
    marker = f"...(truncated, {len(text)} chars)"
    return text[: max(0, limit - len(marker))] + marker


def make_reject(
    stage: str, step: str, reason: str, problem: Any, *, payload: bool | str = True, limit: int = MAX_PAYLOAD_CHARS
) -> Reject:
    """A Reject of ``problem`` (a Problem or a row), id and source read from it; its payload is
    ``payload_of(problem)``, nothing (``payload=False``) or, given a ``str``, that text as read."""
    pid = getattr(problem, "id", None) if not isinstance(problem, Mapping) else problem.get("id")
    src = getattr(problem, "source", None) if not isinstance(problem, Mapping) else problem.get("source")
    return Reject(
        stage=stage,
        step=step,
        reason=reason,
        id=str(pid) if pid is not None else "?",
        source=str(src) if src is not None else "?",
        payload=_clipped(payload, limit) if isinstance(payload, str) else payload_of(problem, limit) if payload else "",
    )


def duplicate_id(problem: Problem | Mapping[str, Any], seen: set[str]) -> Reject | None:
    """The one duplicate-id check: ``None`` for the first problem (or row) of an id, which
    ``seen`` then remembers; a ``collect``/``duplicate_id`` Reject for any later one."""
    pid = problem["id"] if isinstance(problem, Mapping) else problem.id
    if pid in seen:
        return make_reject(
            "collect", "duplicate_id", f"duplicate problem id {pid!r} (already read earlier in this run)", problem
        )
    seen.add(pid)
    return None
