"""Deriving a problem's judging rule from its statement (and metadata).

``rule_from_statement(statement, metadata)`` reads the sentences contest statements
use to state how answers are checked:

* float tolerance -- "absolute or relative error does not exceed $10^{-6}$",
  "Answers within 10-5 of the actual answer will be accepted", "within 1e-9",
  ``10^{-6}`` / ``10^-6`` / ``10 ^ {-5}`` / ``10^{−6}`` / ``10⁻⁶`` / ``10<sup>-5</sup>`` /
  ``5 \\cdot 10^{-6}`` / ``1e-6`` / ``0.0001``.  Only negative powers count, and only in a
  sentence about error/precision/acceptance.  Nothing stated -> the default 1e-6 (which
  applies to non-integer expected numbers only).  A purely absolute or purely relative
  bound is mapped onto the abs-or-rel tolerance of ``JudgingRule`` with the same value.
* any case -- "You can output the answer in any case", "in either upper or lower case",
  "print YES (case-insensitive)", "The answer is not case-sensitive", ""yes", "Yes" and "YES"
  will all be accepted" ...: one reader of the whole family, ``case_rule.case_phrase_in`` (a case
  phrase and a scope that makes it the answer's); "print the string in lowercase" stays exact.
* any order -- "You may return the answer in any order", "print them in any order",
  "The order of the output does not matter", "print the subset in an arbitrary order".
  Needs an output/answer context in the same sentence, and no other verb claiming the
  phrase ("the edges are given in any order", "perform the operations ... in any
  order", "formed by concatenating the digits in any order" do not count).

Metadata wins over detection: keys ``float_tolerance`` (``None`` disables tolerance;
aliases ``tolerance``/``tol``), ``any_case`` (alias ``case_insensitive``), ``any_order``,
at the top level or nested under ``"rule"``; metadata may be a mapping or JSON text.

``rule_reasons(statement)`` lists the phrases that triggered, for dataset cards;
``special_judge_reasons(statement)`` lists phrases saying that several answers are
correct ("If there are multiple solutions, print any of them") -- such problems need a
checker that no comparison rule can replace.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .case_rule import case_phrase_in
from .statement_text import strip_html, unicode_math
from .types import DEFAULT_TOLERANCE, JudgingRule

__all__ = ["detect", "rule_from_statement", "rule_reasons", "special_judge_reasons"]


# ---------------------------------------------------------------------------------
# text normalisation and sentences


def _normalise(text: str) -> str:
    if "<" in text or "&" in text:
        text = strip_html(text)[0]
    text = text.replace("\r\n", "\n").replace("\xa0", " ")
    return unicode_math(text)


# A sentence ends at ./!/? followed by whitespace and a capital (or $ \ " ( ), at a blank
# line, or at a line break before a line that starts like a new sentence/item.  A line
# that starts in lower case or with math ($$, \frac) continues the sentence.
_SENT_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z$\\\"'(])|\n\s*\n|\n(?=[ \t]*[A-Z\-*•#0-9])")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT_SPLIT.split(text) if s and s.strip()]


def _short(s: str, n: int = 160) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


# ---------------------------------------------------------------------------------
# float tolerance

_TOL_CUE = re.compile(
    r"\b(errors?|precision|toleran\w*|differ\w*|within|accept\w*|correct\w*|judged|checker)\b"
    r"|\|\s*a\s*-\s*b\s*\||\\max|\bmax\s*\(\s*1",
    re.IGNORECASE,
)
_TOL_STRONG_CUE = re.compile(r"\b(errors?|precision|toleran\w*|differ\w*)\b", re.IGNORECASE)
_POW10 = re.compile(
    r"(?<![\w.])(?:(?P<m>\d+(?:\.\d+)?)\s*(?:\\cdot|\\times|×|·|\*|x)\s*)?"
    r"10\s*(?:\^|\*\*)\s*[{(]?\s*-\s*(?P<p>\d{1,3})\s*[})]?"
)
_EXP = re.compile(r"(?<![\w.])(?P<m>\d+(?:\.\d+)?)\s*[eE]\s*-\s*(?P<p>\d{1,3})(?!\w|\.\d)")
# "10-5" is how LeetCode's 10<sup>-5</sup> reads once the markup is stripped.
_FLAT = re.compile(r"(?<![\w.^-])10-(?P<p>\d{1,2})(?!\w|\.\d)")
_DECIMAL = re.compile(r"(?<![\w.])0\.(?P<z>0*)[1-9]\d*(?!\w|\.\d)")


def _tolerance_in(sentence: str) -> tuple[float, str] | None:
    if not _TOL_CUE.search(sentence):
        return None
    best: tuple[int, float, str] | None = None  # (position, value, matched text)
    for rx in (_POW10, _EXP, _FLAT):
        for m in rx.finditer(sentence):
            mant = float(m.group("m")) if "m" in rx.groupindex and m.group("m") else 1.0
            value = mant * 10.0 ** (-int(m.group("p")))
            if 0 < value < 1 and (best is None or m.start() < best[0]):
                best = (m.start(), value, m.group(0))
    if best is None and _TOL_STRONG_CUE.search(sentence):
        for m in _DECIMAL.finditer(sentence):
            value = float(m.group(0))
            if 0 < value <= 0.1:
                best = (m.start(), value, m.group(0))
                break
    if best is None:
        return None
    return best[1], best[2]


# ---------------------------------------------------------------------------------
# any order

_ORDER_PHRASE = re.compile(
    r"\bin\s+(?:any|an\s+arbitrary|arbitrary|no\s+particular)(?:\s+(?:particular|arbitrary))?\s+order\b", re.IGNORECASE
)
_ORDER_VERB = re.compile(
    r"\b(?:return(?:s|ed)?|print(?:s|ed)?|output(?:s|ted)?|report(?:s|ed)?|write|written|list(?:ed)?)\b", re.IGNORECASE
)
# "the answer can be in any order", "results may be listed in any order"
_ORDER_SUBJECT = re.compile(
    r"\b(?:answers?|results?|outputs?)\b[^.;]{0,40}?\b(?:can|may|could|might)\s+(?:be\s+)?(?:\w+\s+)?$", re.IGNORECASE
)
# Words that, shortly before "in any order", attach the phrase to something other than
# the answer (a process, an arrangement, a definition).
_ORDER_BLOCK = re.compile(
    r"\b(?:perform\w*|appl(?:y|ied|ies|ying)|us(?:e|ed|es|ing)|do|done|doing|choos\w*|chosen|"
    r"select\w*|swap\w*|delet\w*|remov\w*|add(?:ed|ing)?|concatenat\w*|form(?:ed|ing)?|"
    r"arrang\w*|rearrang\w*|reorder\w*|replac\w*|complet\w*|process\w*|visit\w*|plant\w*|sell|sold|buy|bought|"
    r"go|goes|climb\w*|move\w*|operations?|times|steps?|tasks?|queries|executed?|taken?|made|make|"
    r"permutation|not|never)\b",
    re.IGNORECASE,
)
_GIVEN_BEFORE = re.compile(r"\bgiven(?:\s+to\s+(?:you|us))?\s*,?\s*$", re.IGNORECASE)
_ORDER_NOT_MATTER = r"(?:(?:does\s+not|doesn't|do\s+not|won't|will\s+not)\s+matter|is\s+(?:not\s+important|irrelevant))"
_ORDER_OF_OUTPUT = re.compile(
    r"\border\s+of\s+(?:the\s+|your\s+)?(?:outputs?|answers?|results?|returned\s+\w+|printed\s+\w+|"
    r"(?:\w+\s+){1,2}in\s+(?:the\s+|your\s+)?(?:output|answer|result))\s+" + _ORDER_NOT_MATTER,
    re.IGNORECASE,
)
_ORDER_BARE = re.compile(r"^\W*(?:the\s+)?order\s+" + _ORDER_NOT_MATTER, re.IGNORECASE)


def _any_order_in(sentence: str, previous: str) -> str | None:
    for m in _ORDER_PHRASE.finditer(sentence):
        before = sentence[: m.start()]
        words = re.findall(r"[\w']+", before)
        if _ORDER_BLOCK.search(" ".join(words[-6:])) or _GIVEN_BEFORE.search(before):
            continue
        if _ORDER_VERB.search(before) or _ORDER_SUBJECT.search(before):
            return sentence[max(0, m.start() - 60) : m.end()]
    m = _ORDER_OF_OUTPUT.search(sentence)
    if m:
        return m.group(0)
    m = _ORDER_BARE.search(sentence)
    if m and _ORDER_VERB.search(previous) and not re.search(r"\b(?:given|input)\b", previous, re.IGNORECASE):
        return m.group(0)
    return None


# ---------------------------------------------------------------------------------
# multiple answers (needs a checker)

_MULTI = re.compile(
    r"\b(?:if|when)\s+(?:there\s+(?:are|exist)\s+)?(?:multiple|several|many|more\s+than\s+one)\s+"
    r"(?:\w+\s+){0,6}?(?:answers?|solutions?|ways?|sequences?|possibilities|outputs?|orders?)\b[^.]{0,80}?"
    r"\b(?:print|output|return|choose|find)\w*\s+any\b"
    r"|\b(?:print|output|return)\w*\s+any\s+(?:one\s+)?of\s+them\b"
    r"|\bany\s+(?:of\s+them|such\s+\w+|valid\s+\w+|correct\s+\w+)\s+(?:is|will\s+be)\s+(?:accepted|considered\s+correct)",
    re.IGNORECASE,
)


# ---------------------------------------------------------------------------------
# detection


@dataclass
class Detection:
    tolerance: float | None = None  # None: nothing stated
    any_case: bool = False
    any_order: bool = False
    reasons: list[str] = field(default_factory=list)


def detect(statement: str) -> Detection:
    """What the statement says about judging (no defaults, no metadata)."""
    det = Detection()
    if not statement:
        return det
    sentences = _sentences(_normalise(statement))
    previous = ""
    for s in sentences:
        if det.tolerance is None:
            tol = _tolerance_in(s)
            if tol is not None:
                det.tolerance = tol[0]
                det.reasons.append(f"float_tolerance={tol[0]:g}: {_short(s)!r}")
        if not det.any_case:
            hit = case_phrase_in(s, previous)
            if hit:
                det.any_case = True
                det.reasons.append(f"any_case: {_short(s)!r}")
        if not det.any_order:
            hit = _any_order_in(s, previous)
            if hit:
                det.any_order = True
                det.reasons.append(f"any_order: {_short(s)!r}")
        previous = s
    return det


def rule_reasons(statement: str) -> list[str]:
    """The sentences that set each non-default part of the rule, for dataset cards."""
    return list(detect(statement).reasons)


def special_judge_reasons(statement: str) -> list[str]:
    """Sentences saying several different answers are correct (a checker is needed)."""
    if not statement:
        return []
    out = []
    for s in _sentences(_normalise(statement)):
        if _MULTI.search(s):
            out.append(_short(s))
    return out


# ---------------------------------------------------------------------------------
# metadata


def _as_mapping(meta: Any) -> Mapping[str, Any] | None:
    if meta is None:
        return None
    if isinstance(meta, (str, bytes)):
        text = meta.strip()
        if not text:
            return None
        try:
            meta = json.loads(text)
        except ValueError:
            return None
    return meta if isinstance(meta, Mapping) else None


def _as_bool(v: Any) -> bool | None:
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)) and v in (0, 1):
        return bool(v)
    if isinstance(v, str):
        low = v.strip().lower()
        if low in ("true", "yes", "1"):
            return True
        if low in ("false", "no", "0"):
            return False
    return None


_MISSING = object()


def _as_tolerance(v: Any) -> Any:
    """Float tolerance from metadata; ``None`` (disable) is a valid value; _MISSING if unusable."""
    if v is None:
        return None
    if isinstance(v, bool):
        return _MISSING
    if isinstance(v, str):
        if v.strip().lower() in ("", "none", "null"):
            return None
        try:
            v = float(v)
        except ValueError:
            return _MISSING
    if isinstance(v, (int, float)) and v >= 0 and not math.isnan(v):
        return float(v)
    return _MISSING


def _overrides(meta: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("tol", "tolerance", "float_tolerance"):  # later keys win
        if key in meta:
            tol = _as_tolerance(meta[key])
            if tol is not _MISSING:
                out["float_tolerance"] = tol
    for key in ("case_insensitive", "any_case"):
        if key in meta:
            b = _as_bool(meta[key])
            if b is not None:
                out["any_case"] = b
    if "any_order" in meta:
        b = _as_bool(meta["any_order"])
        if b is not None:
            out["any_order"] = b
    return out


def rule_from_statement(statement: str, metadata: Mapping | str | None = None) -> JudgingRule:
    """The judging rule for a problem: detected from its statement, metadata winning."""
    det = detect(statement or "")
    fields: dict[str, Any] = {
        "float_tolerance": det.tolerance if det.tolerance is not None else DEFAULT_TOLERANCE,
        "any_case": det.any_case,
        "any_order": det.any_order,
    }
    meta = _as_mapping(metadata)
    if meta:
        fields.update(_overrides(meta))
        nested = _as_mapping(meta.get("rule"))
        if nested:
            fields.update(_overrides(nested))
    return JudgingRule(**fields)
