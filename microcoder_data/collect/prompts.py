"""A prompt's instructions apart from the problem statement it wraps.

Some sources give a model prompt rather than a problem: LeetCodeDataset's ``query`` (v0.1/v0.2:
the statement, ``Please complete the following python code precisely:`` and the starter code in a
fence; v0.3+: a preamble, ``### Question:``, the statement, then ``### Format: You will use the
following starter code ...``, the fence and ``### Answer: (use the provided format with
backticks)``), rllm's LeetCode ``problem`` and a verl row's user turn (this project's own prompt:
``## Format``, ``## Starter code``).  The instructions, the answer format and the starter code are
not the problem: a statement that keeps them reads ``### Format: ...`` as one more constraint.

The parts are found by shape and phrasing, never by problem: a preamble ends at a ``Question``
heading (or is one paragraph worded as an instruction); the trailer starts at a markdown heading
named Format/Answer/Starter code/Instructions or a line worded as an answer instruction, and holds
no statement section (Example, Constraints, ...) after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# ``### Question:`` -- the statement starts after it
_QUESTION_HEADING = re.compile(r"^\s*#{1,6}\s*question\s*:?\s*$", re.I)
# ``### Format: You will use ...``, ``## Starter code``, ``### Answer: (use ...)``
_TRAILER_HEADING = re.compile(r"^\s*#{1,6}\s*(?:format|answer|starter code|instructions?|your code)\s*(?::.*)?$", re.I)
# a line that tells the model how to answer (the wordings the sources use)
_INSTRUCTION = re.compile(
    r"^\s*\(?(?:please complete the following (?:python )?code"
    r"|please solve the programming task"
    r"|you are an expert (?:python )?programmer"
    r"|you will use the following starter code"
    r"|read the inputs from stdin"
    r"|enclose your code within delimiters"
    r"|use the provided format with backticks"
    r"|(?:complete the starter code|write the complete program) and put your final code)",
    re.I,
)
_FENCE = re.compile(r"^\s*```")
# a section of the statement itself ("Example 1:", "### Constraints"): no trailer lies above one
_STATEMENT_SECTION = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:\*\*)?\s*(?:examples?|sample|constraints?|input|output|note)\b[\w ]*:?\s*(?:\*\*)?\s*$", re.I
)


def is_instruction(line: str) -> bool:
    """A line of a prompt's instructions (answer-format heading, instruction wording or a code
    fence): where a statement section read line by line (Constraints) ends."""
    return bool(_TRAILER_HEADING.match(line) or _INSTRUCTION.match(line) or _FENCE.match(line))


@dataclass
class PromptParts:
    statement: str
    starter_code: str = ""  # the first fenced block of the trailer, without its fence
    instructions: list[str] = field(default_factory=list)  # the preamble's and trailer's text lines

    @property
    def found(self) -> bool:
        return bool(self.instructions or self.starter_code)


def _statement_start(lines: list[str]) -> int:
    """Index of the statement's first line: after a ``Question`` heading, else after a first
    paragraph worded as an instruction, else 0."""
    for i, line in enumerate(lines):
        if _QUESTION_HEADING.match(line):
            return i + 1
    first = next((i for i, line in enumerate(lines) if line.strip()), 0)
    if first < len(lines) and _INSTRUCTION.match(lines[first]):
        end = next((i for i in range(first, len(lines)) if not lines[i].strip()), len(lines))
        return end
    return 0


def _trailer_start(lines: list[str], start: int) -> int:
    """Index of the trailer's first line (``len(lines)`` when there is none): the first heading or
    instruction line after some statement text with no statement section after it."""
    seen_text = False
    in_fence = False
    candidate = len(lines)
    for i in range(start, len(lines)):
        line = lines[i]
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if candidate == len(lines) and seen_text and (_TRAILER_HEADING.match(line) or _INSTRUCTION.match(line)):
            candidate = i
        elif candidate < len(lines) and _STATEMENT_SECTION.match(line):
            candidate = len(lines)  # a statement section follows: that was not the trailer
        seen_text = seen_text or bool(line.strip())
    return candidate


def _first_fenced(lines: list[str]) -> str:
    opened = None
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            if opened is None:
                opened = i
            else:
                return "\n".join(lines[opened + 1 : i]).rstrip() + "\n"
    return ""


def split_prompt(text: str) -> PromptParts:
    """The statement a prompt wraps, its starter code and its instruction lines (a text with
    no instructions comes back whole, with nothing found)."""
    lines = text.split("\n")
    start = _statement_start(lines)
    end = _trailer_start(lines, start)
    if start == 0 and end == len(lines):
        return PromptParts(text)
    trailer = lines[end:]
    fenced = _first_fenced(trailer)
    in_fence = False
    instructions = []
    for line in lines[:start] + trailer:
        if _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and line.strip():
            instructions.append(line.strip())
    statement = "\n".join(lines[start:end]).strip("\n").rstrip()
    return PromptParts(statement, fenced, instructions)
