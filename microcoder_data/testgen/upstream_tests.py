"""Which side is wrong when an existing test breaks the reading (issue 37, item 5: "say which").

Every existing test is checked against the reading before anything is generated
(``spec_model.check_existing``); one that breaks it refuses generation either way (valid or none:
no test is dropped, nothing drawn).  The refusal says which side the evidence points at:

* ``upstream_test_breaks_statement``: the tests that are the statement's own examples (matched to
  its ``Input:`` lines or ``Sample Input`` blocks) all fit the reading, and every test that breaks
  it is one upstream added, out of a range with a constant side (``1 <= n``, ``nums[i] <= 10^9``,
  ``1 <= s.length``): the statement rules that input out, the reading of such a line is plain, and
  the examples confirm the rest -- the upstream test is wrong (LeetCodeDataset v0.3.0's ``n = 0``);
* ``examples_break_reading`` otherwise (a statement example breaks it, a rule other than such a
  bound, a bound naming another input, a test of several cases, no example matched): the reading
  is suspect.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from microcoder_data.collect.literals import parse_leetcode_args
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.testgen.spec_expr import _NOT_CONSTANT, constant_value
from microcoder_eval.statement_text import heading_of

if TYPE_CHECKING:
    from microcoder_data.schema import Problem


@dataclass(frozen=True)
class Break:
    """One existing test that breaks the reading, as ``check_existing`` found it."""

    test: int | None  # its index in the problem's tests; None where that is not known (one case of several)
    label: str  # how the refusal names it ("test 3")
    why: str  # the first rule it breaks
    bound: str | None  # a range with a constant side it breaks on that side, if any (:func:`bound_break`)


def bound_break(node: Any, value: Any, where: str) -> str | None:
    """The first range with a constant side that ``value`` breaks on that side (``node``: a
    ``spec_model.Node``, which imports this module) -- a number's value,
    a string's or list's length, at any depth -- or None.  Bounds naming other inputs do not count:
    which of them is wrong, the test or the reading of the relation, the test alone cannot say; nor
    does a value that a number read as a scraped power would allow (:func:`_widest`)."""
    if node.kind in ("int", "float") and isinstance(value, (int, float)) and not isinstance(value, bool):
        return None if node.choices is not None else _outside(value, node.lo, node.hi, where)
    if node.kind not in ("str", "list") or not isinstance(value, (str, list)):
        return None
    if node.choices is None:
        why = _outside(len(value), node.len_lo, node.len_hi, f"len({where})")
        if why:
            return why
    if not isinstance(value, list):
        return None
    if node.items is not None:
        parts = list(zip(node.items, value)) if len(node.items) == len(value) else []
    else:
        parts = [(node.elem, x) for x in value] if node.elem is not None else []
    return next((why for i, (n, x) in enumerate(parts) if (why := bound_break(n, x, f"{where}[{i}]"))), None)


def _outside(value: Any, lo: str | None, hi: str | None, where: str) -> str | None:
    """``where=value outside [lo, hi]`` where ``value`` is beyond a constant side, read at its widest."""
    low, high = _widest(lo, min), _widest(hi, max)
    if (low is not None and value < low) or (high is not None and value > high):
        return f"{where}={value} outside [{lo}, {hi}]"
    return None


# A number that may be a power whose superscript a scrape lost (``2^30`` as ``230``, ``10^5`` as
# ``105``; constraints._fix_numbers reads the common ones so, never all): a value within the power
# may be the reading's mistake, not the test's.
_POWER_LOST = re.compile(r"(?<![\w.*])(10|2)([1-9]\d?)(?![\w.*])")


def _widest(bound: str | None, pick: Any) -> Any:
    """A constant side's value, or its value with every number that may be a scraped power read
    as one, whichever is wider (``pick``: min for a lower side, max for an upper); None when the
    side names an input or is not set."""
    value = constant_value(bound) if bound else _NOT_CONSTANT
    if value is _NOT_CONSTANT:
        return None
    powers = constant_value(_POWER_LOST.sub(lambda m: f"{m.group(1)}**{m.group(2)}", bound))  # type: ignore[arg-type]
    return value if powers is _NOT_CONSTANT else pick(value, powers)


def which_side(p: "Problem", refusal: Refusal, breaks: tuple[Break, ...]) -> Refusal:
    """``refusal`` (an existing test breaks the reading), typed by which side is wrong (see above)."""
    if refusal.kind != "examples_break_reading" or not breaks or p.mode not in ("functional", "stdin"):
        return refusal
    examples = statement_example_tests(p)
    if not examples or any(b.test is None or b.test in examples or b.bound is None for b in breaks):
        return refusal
    first = breaks[0]
    others = f"; {len(breaks) - 1} more upstream tests break it too" if len(breaks) > 1 else ""
    return Refusal(
        "upstream_test_breaks_statement",
        f"{first.label}: {first.bound}",
        f"an upstream test breaks the statement's constraints ({first.label}: {first.bound}; the "
        f"statement's {len(examples)} example(s) fit the reading{others}): nothing generated",
    )


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
