"""Which lines of a statement speak of the input (issue 37): the lines of its Constraints
section, and the sentences of its body that promise something -- of the input (read as more
constraint lines, or refused) or of the answer (answer checks)."""

from __future__ import annotations

import re

from microcoder_data.collect.prompts import is_instruction
from microcoder_data.testgen.answer_checks import answer_check_of
from microcoder_data.testgen.promises import is_promise, stated_clause
from microcoder_data.testgen.prose_promises import split_sentences
from microcoder_eval.statement_text import heading_of, without_footnote_marks


def constraint_lines(statement: str) -> list[str] | None:
    """The lines of the statement's Constraints section (None when it has none)."""
    rows = statement.splitlines()
    start = next((k for k, row in enumerate(rows) if heading_of(row) == "Constraints"), None)
    if start is None:
        return None
    lines = []
    for raw in rows[start + 1 :]:
        if heading_of(raw) or re.match(r"^\s*#{1,6}\s", raw) or is_instruction(raw):
            # the next section (### Sample Input 1, Output, Example 1, any markdown heading) or
            # a prompt's instructions after the statement (### Format: ..., a code fence)
            break
        line = re.sub(r"^[•*·\-]\s+", "", raw.replace("\u00a0", " ").replace("\u200b", "").strip()).strip()
        if not line:
            continue
        if re.match(r"(?i)(follow[- ]?up|note|example|hint|explanation)\b", line):
            break
        lines.append(line)
    return lines


def body_promises(statement: str) -> list[str]:
    """Sentences of the statement's body, before its Constraints and samples, that promise
    something (``promises.is_promise``): of the input ("S is guaranteed to contain all of A, B
    and C", "the input is generated such that ...") or of the answer ("... fits in a 32-bit integer")."""
    # cut as one text: a promise wrapped over a line break is one sentence, not two halves neither detects
    return [s for s in split_sentences(body_text(statement)) if is_promise(s)]


def body_text(statement: str) -> str:
    """The statement's body: its text before the Constraints and the samples (headings blanked, footnote marks
    dropped: "^{\\ast}A permutation of length n is ..." is a definition)."""
    body = []
    for row in statement.splitlines():
        name = heading_of(row)
        if name and name not in ("Input", "Output", "Problem Statement"):
            break  # Constraints, Example 1, Sample Input 1, Note, ...
        body.append("" if name else row)
    return without_footnote_marks("\n".join(body))


# "The constraints guarantee that ...", "It can be proved that the constraints of this problem guarantee ...": what
# follows is a consequence of the Constraints, every line of which is enforced or refuses the spec -- read where a
# reading reads it (stricter, harmless), else passed over, never refused as a promise.  Only a sentence that is that
# implication alone: one that also promises something itself ("It is guaranteed that X, and the constraints
# guarantee ...", "Although the constraints guarantee only ..., ...") is a promise like any other.
_IMPLIED = re.compile(
    r"\(?(?:(?:here|also|additionally|furthermore|moreover|in addition|note that),? )*"
    r"(?:it can be (?:shown|proved|proven) that )?the constraints(?: of (?:this|the) problem)? guarantee (?:that )?(.+)",
    re.I,
)


def implied_by_constraints(sentence: str) -> bool:
    """Whether ``sentence`` only says what the Constraints imply (see ``_IMPLIED``)."""
    m = _IMPLIED.fullmatch(sentence.strip())
    return m is not None and not re.search(r"guarantee|generated|\bonly\b|\bpromise|\bassume", m.group(1), re.I)


def promises_outside_constraints(statement: str) -> list[str]:
    """The body's promises about the input (those about the answer are answer checks).  The
    Constraints reader enforces or refuses what is stated there; a promise in the body it never
    sees, so a generator must read it as a constraint line (:func:`promised_constraints`) or refuse it
    (but one :func:`implied_by_constraints`)."""
    return [s for s in body_promises(statement) if answer_check_of(s) is None]


def promised_constraints(statement: str) -> list[tuple[str, str]]:
    """(sentence, its clause) of each promise outside the Constraints section that is worded
    as a guarantee of a plain statement ("(The constraints guarantee that N <= M.)", "X is
    guaranteed to be unique": ``promises.stated_clause``): read like a constraint line
    (enforced, or the spec is refused), where other promises refuse it outright."""
    return [(s, c) for s in promises_outside_constraints(statement) if (c := stated_clause(s)) is not None]
