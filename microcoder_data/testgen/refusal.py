"""Why a problem gets no generated tests, typed: a :class:`Refusal` holds its kind (one of
:data:`KINDS`), the statement line or test it concerns, and the message users see.

Test generation raises it (as ``spec_model._Unsupported``) where it gives up; Verify stores it
in ``provenance.verify.generation.refusal`` beside the message (``skipped``), and the card and
the benchmarks count refusals by kind from there, never by re-reading the message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# kind -> what it means (the card prints it beside each count)
KINDS = {
    "unsupported_constraint": "a line of the Constraints (or a bound in it) that no reading enforces",
    "promise": "a promise about the input outside the Constraints, not read as a constraint",
    "interactive": "an interactive problem: its input depends on the program's output",
    "no_format": "no input format block, Input section or Constraints section to read the input from",
    "unsupported_format": "a line of the input format not understood",
    "examples_break_reading": (
        "an existing test breaks the constraints as read (the reading is suspect: a statement example breaks "
        "it, or a rule other than a stated range)"
    ),
    "upstream_test_breaks_statement": (
        "an upstream-added test is out of a stated range; the statement's examples fit (upstream_tests.py)"
    ),
    "examples_break_answer": "an existing test's expected answer breaks a promise about the answer (answer_checks.py)",
    "examples_break_format": "an existing input does not fit the input format as read",
    "no_range": "a value, length or alphabet with no stated range",
    "unsupported_type": "argument types not determined (signature, type hints, the tests' values)",
    "unsupported_construct": "a structure the input model does not hold (circular bounds, positions, ...)",
    "not_applicable": "not a problem of this kind, or no tests to read the input from",
    "reading_error": "the reading failed on this statement",
    "no_reference": "no reference passes the existing tests within the generation's budget",
    "no_input_drawn": "no input could be drawn from the constraints",
    "no_judge_task": "the problem gives no judge task",
    "unrecorded": "a build from before refusals were typed",
}

#: the kinds of a reading that came out whole and that an existing test breaks (upstream_tests.py says which side)
BROKEN_BY_TESTS = ("examples_break_reading", "upstream_test_breaks_statement")


@dataclass(frozen=True)
class Refusal:
    kind: str
    line: str  # the statement line, test or construct it concerns ("" when none)
    message: str  # what users see (``NoSpec.reason``, ``provenance.verify.generation.skipped``)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"testgen.refusal: unknown refusal kind {self.kind!r} (one of {sorted(KINDS)})")

    def as_provenance(self) -> dict[str, str]:
        return {"kind": self.kind, "line": self.line[:200]}


def refused(refusal: Refusal, prefix: str = "") -> dict[str, Any]:
    """``provenance.verify.generation`` of a refused problem: the message (``prefix``: which
    reading, "stdin: ") and the refusal typed."""
    return {"skipped": f"{prefix}{refusal.message}"[:200], "refusal": refusal.as_provenance()}


def refusal_of(generation: dict[str, Any]) -> Refusal | None:
    """The refusal a ``provenance.verify.generation`` (as :func:`refused` writes it) records, or None."""
    if not generation.get("skipped"):
        return None
    typed = generation.get("refusal") or {}
    return Refusal(typed.get("kind") or "unrecorded", typed.get("line", ""), generation["skipped"])


def refusal_kind(generation: dict[str, Any]) -> str | None:
    """The kind of refusal a problem's ``provenance.verify.generation`` records (None: not refused)."""
    refusal = refusal_of(generation)
    return refusal.kind if refusal else None
