"""Whether a test's input is large for its problem, by the constraints as test generation
reads them: such a test gets the generous time-limit floor (``verify.time_limit_floor_s``),
any other the small one, so a program stuck in a loop on a 3-line input is stopped soon
while a right but slower program still has room where the input is near the maximum.

Large: an input over :data:`~microcoder_data.testgen.inputgen.MAX_INPUT_CHARS` characters
(no ordinary generated input is that big; the large tests are); or one with a *size* at least
its upper bound to the power ``share``: a list's or string's length, at any depth (grid rows,
strings in a list), or an argument that is one integer (``D`` of an O(sqrt D) loop, ``n`` of a
loop to n).  A power, not a fraction: work grows as a power of a size, so a test at bound^0.8
costs a program that is slow at the bound a small share of that.  The values inside a list
are not sizes (random values of ``nums[i] <= 10^9`` would make nearly every test large).
Without a reading of the constraints, or an input the reading does not parse, nothing can be
told: every test is large (the problem's limit, as before per-test limits).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from microcoder_data.schema import Problem
from microcoder_data.testgen.answer_checks import answer_fault, settled
from microcoder_data.testgen.inputgen import MAX_INPUT_CHARS
from microcoder_data.testgen.inputspec import InputSpec, input_spec, sizes_spec
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.testgen.spec_file import override_path, override_reading
from microcoder_data.testgen.spec_model import Node, _Unsupported, evaluate_const
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, stdin_spec

#: a problem's reading: its spec and (stdin) format, or why it has none (typed)
Reading = tuple[InputSpec, StdinSpec | None] | Refusal

_IDENT = re.compile(r"[A-Za-z_]\w*")


def read_input_spec(p: Problem, overrides: str | None = None) -> Reading:
    """The problem's spec and stdin format as test generation reads them, or why it has none
    (its message says "stdin: " of a stdin problem's); a spec file for it in ``overrides``
    (``verify.spec_overrides``) wins over the reading, checked against its tests like one."""
    override = override_path(overrides, p.id)
    if override is not None:
        return _answers_hold(p, override_reading(override, p))
    if p.mode == "stdin":
        sspec = stdin_spec(p)
        if not isinstance(sspec, StdinSpec):
            why = sspec.refusal
            return Refusal(why.kind, why.line, f"stdin: {why.message}"[:200])  # type: ignore[union-attr]
        return _answers_hold(p, (sspec.spec, sspec))
    fspec = input_spec(p)
    if not isinstance(fspec, InputSpec):
        return fspec.refusal  # type: ignore[return-value]
    return _answers_hold(p, (fspec, None))


def _answers_hold(p: Problem, reading: Reading) -> Reading:
    """The reading, once every existing test's expected answer is checked against its promises
    about the answer (valid or none: one that breaks them refuses generation, named)."""
    if isinstance(reading, Refusal) or not reading[0].answer:
        return reading
    spec = reading[0]
    spec.answer, broken = settled(spec.answer, [t.output for t in p.tests], p.mode)
    if broken is None:
        return reading
    check = answer_fault(spec.answer, p.tests[broken].output, p.mode)
    line = check.line if check is not None else ""
    return Refusal(
        "examples_break_answer", line, f"an existing test's answer breaks {line!r} (test {broken + 1})"[:200]
    )


def read_sizes(p: Problem, reading: Reading) -> Reading:
    """What tells a test's size: the problem's reading, else (a functional problem whose statement could not be read
    whole) the constraints that could (:func:`~microcoder_data.testgen.inputspec.sizes_spec`), else the refusal
    (every test large)."""
    if not isinstance(reading, Refusal) or p.mode == "stdin":
        return reading
    lenient = sizes_spec(p)
    return (lenient, None) if isinstance(lenient, InputSpec) else reading


def is_large_input(text: str, read: Reading, share: float, min_size: int = 2) -> bool:
    """Whether input ``text`` is large for the problem ``read`` is the reading of (see above); a size under
    ``min_size`` is small whatever its bound (50 elements of ``nums.length <= 50`` cost any program nothing)."""
    if len(text) > MAX_INPUT_CHARS or not isinstance(read, tuple):
        return True
    spec, sspec = read
    values = _values(text, spec, sspec) if spec.source == "constraints" else None  # (else: the examples' span)
    if values is None:
        return True
    near = _Near(share, max(2, min_size))
    return any(_near_bound(spec, spec.nodes.get(name), value, near, top=True) for name, value in values.items())


def _values(text: str, spec: InputSpec, sspec: StdinSpec | None) -> dict[str, Any] | None:
    """The input's variables by name, or None when the reading does not parse it."""
    try:
        if sspec is not None:
            return json.loads(args_json(sspec, text))
        value = json.loads(text)
    except (_Unsupported, ValueError, TypeError, KeyError, IndexError):
        return None
    if isinstance(value, dict):
        return value
    if isinstance(value, list) and len(value) == len(spec.args):
        return dict(zip(spec.args, value))
    return None


def _near_bound(spec: InputSpec, node: Node | None, value: Any, near: _Near, top: bool) -> bool:
    if node is None or isinstance(value, bool) or node.choices is not None:
        return False
    if isinstance(value, (int, float)):
        # an integer is a size where it stands alone (an argument), not as a list's element
        return top and node.kind == "int" and near(abs(value), _bound(spec, node.lo, node.hi))
    if isinstance(value, (str, list)):
        low = evaluate_const(node.len_lo)
        # a tuple (an edge), a pair, a 3-letter code: a length that is no size
        fixed = node.items is not None or (low is not None and low == evaluate_const(node.len_hi))
        if not fixed and near(len(value), _bound(spec, node.len_hi)):
            return True
        if not isinstance(value, list):
            return False
        if node.items is not None:  # a tuple (an edge, a test case): each position by its own node
            return any(_near_bound(spec, item, x, near, top=False) for item, x in zip(node.items, value))
        inner = node.elem
        if inner is not None and inner.kind in ("list", "str"):
            return any(_near_bound(spec, inner, v, near, top=False) for v in value)
    return False


@dataclass(frozen=True)
class _Near:
    """``size >= bound ** share`` and ``size >= min_size`` (a size under it costs nothing, whatever its bound); a
    bound that cannot be told: near (the generous floor, as without a reading)."""

    share: float
    min_size: int

    def __call__(self, size: float, bound: float | None) -> bool:
        if size < self.min_size:
            return False
        return bound is None or (bound > 1 and math.log(size) >= self.share * math.log(bound))


def _bound(spec: InputSpec, *exprs: str | None) -> float | None:
    """The largest magnitude the bound expressions allow, a name standing for its own upper
    bound (``k <= n``, ``edges.length == n - 1``); None when one cannot be told."""
    if not exprs[-1]:
        return None  # no upper bound read
    out = None
    for expr in exprs:
        if not expr:
            continue
        text = _IDENT.sub(lambda m: _name_bound(spec, m.group(0)), expr)
        value = evaluate_const(text) if "?" not in text else None
        if value is None:
            return None
        out = abs(value) if out is None else max(out, abs(value))
    return out


def _name_bound(spec: InputSpec, name: str) -> str:
    node = spec.nodes.get(name)
    hi = evaluate_const(node.hi) if node is not None and node.kind == "int" else None
    return "?" if hi is None else f"({hi})"
