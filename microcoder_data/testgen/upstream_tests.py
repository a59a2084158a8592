"""Which side is wrong when an existing test breaks the reading (issue 37, item 5: "say which").

Every existing test is checked against the reading before anything is generated
(``spec_model.check_existing``, which records each test that breaks it and the range of constant
side it is out of: ``range_breaks.py``); one that breaks it refuses generation either way (valid
or none: no test is dropped, nothing drawn).  The refusal says which side the evidence points at:

* ``upstream_test_breaks_statement``: the tests that are the statement's own examples (matched to
  its ``Input:`` lines or ``Sample Input`` blocks) all fit the reading, and every test that breaks
  it is one upstream added, out of a range with a constant side (``1 <= n``, ``nums[i] <= 10^9``,
  ``1 <= s.length``): the statement rules that input out, the reading of such a line is plain, and
  the examples confirm the rest -- the upstream test is wrong (LeetCodeDataset v0.3.0's ``n = 0``);
  the refusal names the test, the range and the Constraints line stating it (where one line does);
* ``examples_break_reading`` otherwise (a statement example breaks it, a rule other than such a
  bound, a bound naming another input, a test of several cases, no example matched): the reading
  is suspect.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from microcoder_data.collect.literals import parse_leetcode_args
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.statement_lines import constraint_lines
from microcoder_eval.statement_text import heading_of

if TYPE_CHECKING:
    from microcoder_data.schema import Problem


def which_side(p: "Problem", reading: Any) -> Any:
    """``reading`` (a spec, or a :class:`NoSpec` saying why not), where an existing test breaks it,
    refused by which side is wrong (see above); nothing is generated either way."""
    if not isinstance(reading, NoSpec) or not reading.breaks or reading.refusal is None:
        return reading
    breaks = reading.breaks
    if reading.refusal.kind != "examples_break_reading" or p.mode not in ("functional", "stdin"):
        return reading
    examples = statement_example_tests(p)
    if not examples or any(b.test is None or b.test in examples or b.bound is None for b in breaks):
        return reading
    first, bound = breaks[0], breaks[0].bound
    stated = [stated_line(p.statement, b.bound.at) for b in breaks]  # type: ignore[union-attr]
    if any(s is None or _QUALIFIED.search(s) for s in stated):
        return reading  # a bound no one line states for every element: the reading may have made it
    line = f"{first.label}: {bound} (stated: {stated[0]})"
    others = f"; {len(breaks) - 1} more upstream tests break it too" if len(breaks) > 1 else ""
    why = (
        f"an upstream test breaks the statement ({line}; the statement's {len(examples)} example(s) "
        f"fit the reading{others}): nothing generated"
    )
    return NoSpec(why, Refusal("upstream_test_breaks_statement", line, why), breaks)


# a line that bounds only some elements, or under a condition ("for all 0 <= i < k", "if i < k"):
# its range is not one every element is in, so a test out of it is not shown wrong by it
_QUALIFIED = re.compile(r"\b(?:for|if|when|whenever|where|except|unless|while|otherwise)\b", re.I)


def stated_line(statement: str, at: str) -> str | None:
    """The Constraints line that states the range of ``at`` (``nums[9]``: a line bounding
    ``nums[i]``, or ``A_i`` as AtCoder writes it; ``len(s)``: one bounding ``s.length``), where
    exactly one line does; else None."""
    m = re.fullmatch(r"(len\()?([A-Za-z_]\w*)((?:\[\d+\])*)\)?", at)
    if not m:
        return None
    depth = m.group(3).count("[")
    subscript = r"_\{?\w+" + r",\s*\w+" * (depth - 1) + r"\}?" if depth else ""
    ref = rf"(?<![\w.]){re.escape(m.group(2))}(?:" + r"\s*\[[^\]]*\]" * depth + (f"|{subscript})" if depth else ")")
    ref += r"\s*\.length" if m.group(1) else r"(?![\w\[.])"
    subject = re.compile(ref + r"\s*(?:<|≤|\\le|,)")  # bounded above, or one of several bounded alike
    hits = [line for line in constraint_lines(statement) or [] if subject.search(line)]
    return hits[0] if len(hits) == 1 else None


# --------------------------------------------------------------------------- the statement's examples

_INPUT_LINE = re.compile(r"^\s*\**Input\**\s*:\**\s*(.*)$")


def statement_example_tests(p: "Problem") -> set[int]:
    """Indices of the problem's tests whose input is one of the statement's own examples: a
    functional problem's ``Input: nums = [1,2], k = 3`` lines (values in order, names aside: a
    statement may rename the arguments), a stdin problem's sample input blocks (tokens alike)."""
    if p.mode == "functional":
        shown = [json.dumps(list(v.values())) for v in _functional_examples(p.statement)]
        return {k for k, t in enumerate(p.tests) if _argument_values(t.input) in shown}
    samples = {tuple(s.split()) for s in _sample_inputs(p.statement)}
    return {k for k, t in enumerate(p.tests) if tuple(t.input.split()) in samples}


def _functional_examples(statement: str) -> list[dict[str, Any]]:
    lines = statement.splitlines()
    out = []
    for k, line in enumerate(lines):
        m = _INPUT_LINE.match(line)
        if not m:
            continue
        text = m.group(1).strip() or next((x.strip() for x in lines[k + 1 :] if x.strip()), "")
        try:
            args = parse_leetcode_args(text)
        except Exception:  # a line of another shape ("Input: a string s"): no example
            continue
        if args:
            out.append(args)
    return out


def _argument_values(text: str) -> str | None:
    """A functional test's arguments' values in call order, as JSON (None: not an argument list)."""
    try:
        v = json.loads(text)
    except ValueError:
        return None
    values = list(v.values()) if isinstance(v, dict) else v if isinstance(v, list) else None
    return None if values is None else json.dumps(values)


def _sample_inputs(statement: str) -> list[str]:
    """The text of each sample input: the lines under a ``Sample Input`` heading, or under an
    ``Input`` heading once an ``Example(s)`` heading has opened the samples (Codeforces)."""
    out: list[list[str]] = []
    in_examples, taking = False, False
    for line in statement.splitlines():
        heading = heading_of(line)
        if heading is not None:
            in_examples = in_examples or heading.startswith(("Example", "Sample"))
            taking = heading.startswith("Sample Input") or (in_examples and heading == "Input")
            if taking:
                out.append([])
            continue
        if taking and line.strip() not in ("```", ""):
            out[-1].append(line)
    return ["\n".join(block) for block in out if block]
