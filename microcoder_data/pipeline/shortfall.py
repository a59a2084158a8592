"""Why a build (or one of its sources) kept nothing, said on the console with a fix.

Every reject's reason is in ``rejects.jsonl``; a build that keeps nothing from a source must
not leave the user to find that out there.  Reasons are counted with their details (numbers,
parenthesised specifics) folded, so "all 2 reference solution(s) fail (...)" and "all 3 ..."
count as one reason; the most frequent one is named, with what to change.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

import pyarrow as pa

# (pattern on the folded reason, what to do about it); the first match wins
_FIXES: tuple[tuple[str, str], ...] = (
    (
        r"no reference solution",
        "the source ships no reference solutions to verify its tests with; set `verify.require_reference: false` "
        "in a --config file to keep its problems, marked unverified",
    ),
    (
        r"reference solution\(s\) fail",
        "its references fail its own tests; check the source's tests and solutions (each problem's best pass "
        "count is in rejects.jsonl)",
    ),
    (r"min_tests", "lower `verify.min_tests` in a --config file, or raise `verify.augment_tests_to`"),
    (r"not valid JSON", "repair the file: its lines that are not JSON are named above"),
    (r"duplicate", "the source repeats ids already read from an earlier source; leave one of them out"),
)
_DEFAULT_FIX = "see rejects.jsonl for the stage, step and reason of every dropped row"


def fold(reason: str) -> str:
    """A reason without its specifics: parenthesised details and numbers."""
    reason = re.sub(r"\s*\([^()]*\)", "", reason)
    return re.sub(r"\d+(\.\d+)?", "N", reason).strip()


def fix_for(reason: str) -> str:
    return next((fix for pattern, fix in _FIXES if re.search(pattern, reason)), _DEFAULT_FIX)


@dataclass
class Shortfall:
    """Nothing kept (from one source, or at all): how many rows were rejected and mainly why."""

    source: str | None  # None: the whole build
    rejected: int
    main_reason: str  # an example of the most frequent folded reason, as written
    main_count: int

    def message(self) -> str:
        where = f"source {self.source}" if self.source else "the build"
        return (
            f"{where} kept none of its {self.rejected} rows; main reason ({self.main_count} rows): "
            f"{self.main_reason}; fix: {fix_for(self.main_reason)}"
        )


def _main_reason(reasons: list[str]) -> tuple[str, int]:
    folded = Counter(fold(r) for r in reasons)
    key, n = min(folded.items(), key=lambda kv: (-kv[1], kv[0]))
    example = min((r for r in reasons if fold(r) == key), key=len)
    return example, n


def shortfalls(kept: pa.Table, rejects: pa.Table) -> list[Shortfall]:
    """The whole build first when it kept nothing, else every source that kept nothing."""
    if not rejects.num_rows:
        return []
    reasons = rejects.column("reason").to_pylist()
    if not kept.num_rows:
        return [Shortfall(None, len(reasons), *_main_reason(reasons))]
    kept_sources = set(kept.column("source").to_pylist())
    by_source: dict[str, list[str]] = {}
    past_collect: set[str] = set()
    for source, reason, stage in zip(
        rejects.column("source").to_pylist(), reasons, rejects.column("stage").to_pylist()
    ):
        by_source.setdefault(source, []).append(reason)
        if stage != "collect":
            past_collect.add(source)
    # Only a source some of whose problems got past Collect is named: a Collect reject carries
    # the reader's name, which for a file of our own rows is not the problems' own source.
    return [
        Shortfall(src, len(rs), *_main_reason(rs))
        for src, rs in sorted(by_source.items())
        if src in past_collect and src not in kept_sources
    ]
