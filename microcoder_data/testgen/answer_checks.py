"""Promises about the answer ("The test cases are generated so that the answer fits in a 32-bit
integer", "The constraints guarantee that the answer is less than 2^63"): they constrain the input
only through the answer, which the references compute.  So they are read as an *answer check*
(:class:`AnswerCheck`, a typed entry of the spec: every integer of the expected answer within
``[lo, hi]``), enforced on the answers: Verify drops every generated, edited or large input whose
agreed answer breaks it, and an existing test whose answer breaks it refuses generation
(``examples_break_answer``).

A new phrasing is one entry of :data:`PHRASINGS`, with its examples (their own test:
tests/test_testgen_answer_checks.py).  A promise about intermediate values ("The product of any
prefix or suffix of nums is guaranteed to fit in a 32-bit integer") is no answer check: the answer
does not show it, so it is checked on the input (promise_clauses.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable

from microcoder_data.testgen.spec_expr import evaluate

KIND = "ints_within"  # the one kind of answer check: every integer of the answer within [lo, hi]


@dataclass(frozen=True)
class AnswerCheck:
    lo: str | None  # a constant expression (``-2**31``), None: no lower bound
    hi: str | None
    line: str  # the sentence it was read from (or the override file's)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": KIND, "lo": self.lo, "hi": self.hi, "line": self.line}


@dataclass(frozen=True)
class Phrasing:
    name: str
    pattern: re.Pattern[str]  # fullmatch of the sentence (its promise prefix already removed)
    examples: tuple[str, ...]  # whole sentences, as statements word them
    bounds: Callable[[re.Match[str]], tuple[str | None, str | None] | None]


# "The test cases are generated so that ", "It is guaranteed that ", "The constraints guarantee that "
_PREFIX = re.compile(
    r"^\(?(?:note:?\s*)?(?:(?:the )?(?:test ?cases?|tests?|inputs?|test data) (?:are|is|will be) generated "
    r"(?:so|such|in a way) that |(?:it is|it's) guaranteed that |the constraints (?:of this problem )?guarantee that )?",
    re.I,
)
# what the answer is called: the answer, the result, the returned value, "the nth super ugly number"
_ANSWER = r"(?:the )?(?:final )?(?:answer|result|output|returned value|return value|(?:n|k)-?th [a-z -]+? number)"
_VALUES = (
    r"(?:all )?(?:the )?values (?:in|of) the (?:final|resulting|returned) array"
    r"|(?:all )?(?:the )?answers(?: to (?:the )?(?:given )?[\w ]+? queries)?"  # what is printed: every answer
)
_MODAL = r"(?:is guaranteed to |are guaranteed to |will |can |should |must |is going to )?"


def _bits(m: re.Match[str]) -> tuple[str | None, str | None] | None:
    bits = int(m.group("bits"))
    if "unsigned" in f"{m.group('sign')} {m.group('sign2')}".lower():
        return "0", f"2**{bits} - 1"
    return f"-2**{bits - 1}", f"2**{bits - 1} - 1"


def _below(m: re.Match[str]) -> tuple[str | None, str | None] | None:
    num = _number(m.group("num"))
    if num is None:
        return None
    strict = not re.search(r"or equal|at most|not|no |<=|≤|\\le", m.group("op"), re.I)
    return None, f"{num} - 1" if strict else num


def _within(m: re.Match[str]) -> tuple[str | None, str | None] | None:
    lo, hi = _number(m.group("lo")), _number(m.group("hi"))
    return (lo, hi) if lo is not None and hi is not None else None


PHRASINGS: tuple[Phrasing, ...] = (
    Phrasing(
        "answer fits in an integer type",
        re.compile(
            rf"{_ANSWER}(?: for the given input)? {_MODAL}fits?(?: (?:in|on|into|within|inside))? (?:a |an )?(?P<sign>(?:signed |unsigned )?)"
            rf"(?P<bits>32|64)[- ]bits?(?: (?P<sign2>signed|unsigned))? integers?(?: type)?",
            re.I,
        ),
        (
            "The test cases are generated so that the answer fits in a 32-bit integer.",
            "The test cases are generated so that the answer fits on a 32-bit signed integer.",
            "The test cases are generated so that the answer will fit in a 32-bit integer.",
            "The test cases are generated so that the answer can fit in a 32-bit integer.",
            "The test cases are generated so that the answer fits in 32-bit integer.",
            "The answer is guaranteed to fit in a 32-bit signed integer.",
            "The answer is guaranteed to fit into a signed 32-bit integer.",
            "The nth super ugly number is guaranteed to fit in a 32-bit signed integer.",
            "It is guaranteed that the answer fits in a 64-bit unsigned integer.",
            "The answer for the given input will fit in a 32-bit integer.",
            "The answer is guaranteed to fit inside a 32-bit integer.",
        ),
        _bits,
    ),
    Phrasing(
        "answer below a bound",
        re.compile(
            rf"(?:{_ANSWER}|{_VALUES}) (?:is guaranteed to be |are guaranteed to be |will be |is |are |will )?"
            r"(?P<op>strictly less than|less than or equal to|less than|smaller than|at most|not (?:more|greater) than"
            r"|no (?:more|greater) than|not exceed|never exceed|<=|≤|\\le|\\leq|<)\s*(?P<num>[-\w^{}*+(). ]+?)",
            re.I,
        ),
        (
            "The constraints guarantee that the answer is less than 2^63.",
            "(The constraints guarantee that the answer is less than 2^{63}.)",
            "The test cases are generated such that the values in the final array are less than or equal to 10^8.",
            "The test cases are generated so that the answer will not exceed 10^9.",
            "It is guaranteed that the answer is at most 2 * 10^9.",
            "The test cases are generated so that the answer will be less than or equal to 2 * 10^9.",
            "It is guaranteed that the answers to the given type 3 queries are at most 10^18.",
        ),
        _below,
    ),
    Phrasing(
        "answer in a range",
        re.compile(
            rf"(?:{_ANSWER}|{_VALUES}) (?:is guaranteed to be |will be |is |are )in (?:the )?range "
            r"\[(?P<lo>[-\w^{}*+(). ]+?),\s*(?P<hi>[-\w^{}*+(). ]+?)\](?: for the given (?:input|[\w, ]+))?",
            re.I,
        ),
        (
            "The testcases are generated such that the answer is in the range [0, 2^31 - 1] for the given n and k.",
            "It is guaranteed that the result will be in range [1, 2 * 10^9].",
        ),
        _within,
    ),
)


def _number(text: str) -> str | None:
    """A constant bound (``2^63``, ``2^{63}``, ``10^8``, ``2 * 10^9``) as an expression, or None."""
    expr = text.replace("^", "**").replace("{", "(").replace("}", ")").replace("\\times", "*").replace("×", "*")
    expr = re.sub(r"(?<=\d),(?=\d{3}\b)", "", expr).strip()
    try:
        value = evaluate(expr, {})
    except Exception:  # not a constant of the expression language: no bound read
        return None
    return expr if isinstance(value, int) and not isinstance(value, bool) else None


# a power scraped without its superscript ("10<sup>8</sup>" -> "108", "2<sup>31</sup> - 1" -> "231 - 1")
_SCRAPED = (
    (re.compile(r"(?<![\w.*^])10([1-9])(?![\w.])"), r"10^\1"),
    (re.compile(r"(?<![\w.*^])2(3[12]|6[34])(?![\w.])"), r"2^\1"),
)


def answer_check_of(sentence: str, scraped: bool = False) -> AnswerCheck | None:
    """The answer check a sentence (a promise, or a Constraints line) states, or None;
    ``scraped``: its numbers read as powers that lost their superscript (``108``: 10^8)."""
    s = sentence.strip()
    body = _PREFIX.sub("", s, count=1).rstrip(" .)")
    for pattern, power in _SCRAPED if scraped else ():
        body = pattern.sub(power, body)
    for ph in PHRASINGS:
        m = ph.pattern.fullmatch(body)
        bounds = ph.bounds(m) if m else None
        if bounds is not None:
            return AnswerCheck(bounds[0], bounds[1], s)
    return None


def answer_checks(sentences: list[str], scraped: bool = False) -> list[AnswerCheck]:
    """The answer checks of a statement's promises and Constraints lines, once each (``scraped``:
    as :func:`answer_check_of`)."""
    out: list[AnswerCheck] = []
    for s in sentences:
        check = answer_check_of(s, scraped)
        if check is not None and all((c.lo, c.hi) != (check.lo, check.hi) for c in out):
            out.append(check)
    return out


def settled(checks: list[AnswerCheck], outputs: list[str], mode: str) -> tuple[list[AnswerCheck], int | None]:
    """The checks, each read with scraped powers where the existing tests' answers break it as
    written and not so (their answers tell ``108`` is 10^8); and the first existing test whose
    answer breaks one still (None: none)."""
    out = []
    for c in checks:
        again = answer_check_of(c.line, scraped=True)
        broken = any(answer_fault([c], o, mode) for o in outputs)
        if broken and again is not None and not any(answer_fault([again], o, mode) for o in outputs):
            c = again
        out.append(c)
    return out, next((k for k, o in enumerate(outputs) if answer_fault(out, o, mode)), None)


def check_from_dict(data: Any, where: str) -> AnswerCheck:
    """An answer check as a spec file states it (raises ValueError naming ``where``)."""
    if not isinstance(data, dict) or data.get("kind") != KIND or set(data) - {"kind", "lo", "hi", "line"}:
        raise ValueError(f"{where}: expected {{'kind': {KIND!r}, 'lo', 'hi', 'line'}}, got {data!r}")
    for key in ("lo", "hi"):
        if data.get(key) is not None and _number(str(data[key])) is None:
            raise ValueError(f"{where}.{key}: {data[key]!r} is not a constant integer")
    return AnswerCheck(data.get("lo"), data.get("hi"), str(data.get("line", "")))


def _integers(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _integers(v)]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _integers(v)]
    return []


def answer_fault(checks: list[AnswerCheck], output: str, mode: str) -> AnswerCheck | None:
    """The first check the expected ``output`` breaks (functional: a JSON value; stdin: the
    integers among its tokens), or None."""
    if not checks:
        return None
    if mode == "functional":
        try:
            values = _integers(json.loads(output))
        except ValueError:
            return None  # not an answer the judge reads either: its rule decides
    else:
        values = [int(t) for t in output.split() if re.fullmatch(r"[-+]?\d+", t)]
    for c in checks:
        lo = evaluate(c.lo, {}) if c.lo is not None else None
        hi = evaluate(c.hi, {}) if c.hi is not None else None
        if any((lo is not None and v < lo) or (hi is not None and v > hi) for v in values):
            return c
    return None
