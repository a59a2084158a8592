"""Reading a row's fields: presence and type checks, difficulty words and dates normalised, and
the judging rule read from a statement."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import replace
from typing import Any, Mapping

from microcoder_eval.rules import rule_from_statement
from microcoder_eval.types import JudgingRule

from .rows import RowError


def need(row: Mapping[str, Any], key: str, kind: type | tuple[type, ...] = str, *, allow_empty: bool = False) -> Any:
    """``row[key]`` checked for presence, type and (for str/list) non-emptiness."""
    if key not in row or row[key] is None:
        raise RowError(f"missing field {key!r}")
    value = row[key]
    kinds = _as_tuple(kind)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = "/".join(t.__name__ for t in kinds)
        raise RowError(f"field {key!r} must be {names}, got {type(value).__name__}")
    if (
        not allow_empty
        and isinstance(value, (str, list, dict))
        and not (value.strip() if isinstance(value, str) else value)
    ):
        raise RowError(f"field {key!r} is empty")
    return value


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def opt_str(row: Mapping[str, Any], key: str) -> str:
    value = row.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise RowError(f"field {key!r} must be a string, got {type(value).__name__}")
    return value


_DIFFICULTY_WORDS = {
    "easy": "easy",
    "introductory": "easy",
    "medium": "medium",
    "meidum": "medium",  # LeetCodeDataset typo
    "interview": "medium",
    "medium_hard": "hard",
    "hard": "hard",
    "very_hard": "hard",
    "competition": "hard",
}


def normalise_difficulty(value: Any) -> str | None:
    """easy/medium/hard from LeetCode/LCB words, APPS levels, TACO levels or a Codeforces rating.

    Ratings: <= 1300 easy, <= 2000 medium, above hard.  Unknown values -> None.
    """
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        if value <= 0:
            return None
        return "easy" if value <= 1300 else "medium" if value <= 2000 else "hard"
    text = str(value).strip().lower().replace(" ", "_").replace("-", "_")
    if text.isdigit():
        return normalise_difficulty(int(text))
    return _DIFFICULTY_WORDS.get(text)


def iso_date(value: Any) -> str | None:
    """ISO ``YYYY-MM-DD`` from an ISO timestamp/date string or Unix seconds."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) or (isinstance(value, str) and re.fullmatch(r"\d{9,11}(\.\d+)?", value.strip())):
        try:
            return _dt.datetime.fromtimestamp(float(value), tz=_dt.timezone.utc).date().isoformat()
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()[:10]
    m = re.match(r"\s*(\d{4})-(\d{2})-(\d{2})", str(value))
    if m:
        try:
            return _dt.date(int(m[1]), int(m[2]), int(m[3])).isoformat()
        except ValueError:
            return None
    return None


def judging_rule(statement: str, metadata: Mapping[str, Any] | None = None, **overrides: Any) -> JudgingRule:
    """Rule from the statement (``microcoder_eval.rules.rule_from_statement``), then overrides."""
    rule = rule_from_statement(statement, dict(metadata or {}))
    overrides = {k: v for k, v in overrides.items() if v is not None}
    return replace(rule, **overrides) if overrides else rule


def widen_tolerance(rule: JudgingRule, tol: float | None) -> JudgingRule:
    """Use an assert's own tolerance when it is looser than the rule's."""
    if tol is None or tol <= 0:
        return rule
    if rule.float_tolerance is None or rule.float_tolerance < tol:
        return replace(rule, float_tolerance=float(tol))
    return rule
