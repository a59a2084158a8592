"""The ground-truth contract: ``to_ground_truth`` / ``from_ground_truth`` and its test encoding
(plain JSON values, functional tests, APPS-style tests).

Pure standard library (no pandas / datasets): the reward function reads ground truth
inside RL workers.  ``from_ground_truth`` reads APPS/TACO-style ground truth
(``inputs``/``outputs``) with ``tests_from_apps_io``; the dataset readers in
``microcoder_data.collect`` build their tests with the same helpers.

Encoding produced (see ``microcoder_eval.types``):

* stdin: ``TestCase(input=<stdin text>, output=<expected stdout text>)``
* functional: ``input`` is JSON text of a list (positional arguments) or an object
  (keyword arguments); ``output`` is JSON text of the expected return value.
"""

from __future__ import annotations

import json
import math
from typing import Any, Mapping, Sequence

from .types import JudgeTask, JudgingRule, Mode, TestCase

__all__ = [
    "to_ground_truth",
    "from_ground_truth",
    "FormatError",
    "NotConvertible",
    "tests_from_apps_io",
    "json_text_or_value",
    "to_json_value",
    "dump_json_value",
    "functional_test",
]


class FormatError(ValueError):
    """The upstream data does not have the documented shape."""


class NotConvertible(ValueError):
    """A value or assert cannot be expressed in the JSON test encoding."""


def json_text_or_value(value: Any, place: str, error: type[Exception] = FormatError) -> Any:
    """A field that upstream data holds either as JSON text or already decoded: text (str or
    bytes) decoded, anything else as it is.  Text that is not JSON raises ``error`` (the
    caller's rejection class) naming ``place``."""
    if isinstance(value, (str, bytes)):
        try:
            return json.loads(value)
        except ValueError as exc:
            raise error(f"{place} is not JSON ({exc})") from None
    return value


# --------------------------------------------------------------------------- JSON values


def to_json_value(value: Any, _depth: int = 0) -> Any:
    """Return ``value`` as plain JSON data (tuples become lists).

    Raises ``NotConvertible`` for what JSON cannot hold faithfully: sets, bytes, complex
    numbers, non-finite floats and dicts with non-string keys.
    """
    if _depth > 200:
        raise NotConvertible("value nested too deeply")
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise NotConvertible(f"non-finite float {value!r} is not JSON")
        return value
    if isinstance(value, (list, tuple)):
        if all(type(v) is int or type(v) is str for v in value):  # fast path: flat lists
            return list(value)
        return [to_json_value(v, _depth + 1) for v in value]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise NotConvertible(f"dict key {k!r} is not a string (JSON objects need string keys)")
            out[k] = to_json_value(v, _depth + 1)
        return out
    if isinstance(value, (set, frozenset)):
        raise NotConvertible("set value is not JSON (order and type would be lost)")
    raise NotConvertible(f"{type(value).__name__} value is not JSON")


def dump_json_value(value: Any) -> str:
    """Canonical JSON text of an already-JSON-compatible value."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def functional_test(args: Sequence[Any] | Mapping[str, Any], expected: Any) -> TestCase:
    """A functional ``TestCase`` from Python arguments (list or kwargs) and a return value."""
    if isinstance(args, Mapping):
        enc_args: Any = to_json_value(dict(args))
    elif isinstance(args, (list, tuple)):
        enc_args = to_json_value(list(args))
    else:
        raise NotConvertible(f"arguments must be a list or a mapping, got {type(args).__name__}")
    return TestCase(dump_json_value(enc_args), dump_json_value(to_json_value(expected)))


# --------------------------------------------------------------------------- APPS / TACO


def _stdin_text(value: Any, *, is_input: bool) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            return "\n".join(str(v) for v in value) + ("\n" if is_input and value else "")
        return "\n".join(value) + ("\n" if is_input and value and not value[-1].endswith("\n") else "")
    if value is None or isinstance(value, (dict, bool)):
        raise FormatError(f"stdin {'input' if is_input else 'output'} has type {type(value).__name__}")
    return str(value)


def tests_from_apps_io(data: Mapping[str, Any]) -> tuple[Mode, tuple[TestCase, ...]]:
    """Tests from an APPS/TACO ``input_output`` dict (``inputs``, ``outputs``, optional ``fn_name``).

    Accepts the dict or its JSON text.  Call-based problems (``fn_name`` set): each input
    is the argument list; APPS wraps every expected return value in a one-element list
    (``[[false], [true]]``), so when *every* output is a one-element list they are
    unwrapped, otherwise outputs are taken as they are (APPS also has ``[9]``-style
    plain outputs, e.g. train/2404).  Stdin problems: inputs/outputs are texts; a list of
    lines is joined with "\\n" (input gets a final newline).
    """
    data = json_text_or_value(data, "input_output")
    if not isinstance(data, Mapping):
        raise FormatError(f"input_output must be an object, got {type(data).__name__}")
    inputs, outputs = data.get("inputs"), data.get("outputs")
    if not isinstance(inputs, list) or not isinstance(outputs, list):
        raise FormatError("input_output needs list fields 'inputs' and 'outputs'")
    if len(inputs) != len(outputs):
        raise FormatError(f"input_output has {len(inputs)} inputs but {len(outputs)} outputs")
    fn_name = data.get("fn_name")
    if fn_name:
        if not isinstance(fn_name, str):
            raise FormatError(f"fn_name must be a string, got {type(fn_name).__name__}")
        wrapped = bool(outputs) and all(isinstance(o, list) and len(o) == 1 for o in outputs)
        tests = []
        for i, (inp, out) in enumerate(zip(inputs, outputs)):
            args = inp if isinstance(inp, list) else [inp]
            expected = out[0] if wrapped else out
            try:
                tests.append(functional_test(args, expected))
            except NotConvertible as exc:
                raise FormatError(f"test {i}: {exc}") from None
        return "functional", tuple(tests)
    tests = [TestCase(_stdin_text(i, is_input=True), _stdin_text(o, is_input=False)) for i, o in zip(inputs, outputs)]
    return "stdin", tuple(tests)


tests_from_apps_io.__test__ = False  # type: ignore[attr-defined]  # not a pytest test when imported


# ground_truth: the string stored in the verl parquet and read by reward.compute_score
def to_ground_truth(task: JudgeTask) -> str:
    return json.dumps(
        {
            "mode": task.mode,
            "fn_name": task.fn_name,
            "tests": [_test_entry(t) for t in task.tests],
            "rule": task.rule.to_dict(),
            "time_limit_s": task.time_limit_s,
        },
        ensure_ascii=False,
        sort_keys=True,
    )


def _test_entry(t: TestCase) -> dict[str, Any]:
    """A test as the ground truth holds it; its own time limit only where it has one (older
    readers ignore the key)."""
    entry: dict[str, Any] = {"input": t.input, "output": t.output}
    if t.time_limit_s is not None:
        entry["time_limit_s"] = t.time_limit_s
    return entry


def _test_limit(entry: Mapping[str, Any]) -> float | None:
    limit = entry.get("time_limit_s")
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not limit > 0:
        raise FormatError(f"a test's time_limit_s must be a positive number, got {limit!r}")
    return float(limit)


def from_ground_truth(ground_truth: str | Mapping[str, Any]) -> JudgeTask:
    """A JudgeTask from our own ground truth or from APPS/TACO-style ``inputs``/``outputs``."""
    data = json.loads(ground_truth) if isinstance(ground_truth, (str, bytes)) else dict(ground_truth)
    if "tests" in data:
        tests = tuple(TestCase(str(t["input"]), str(t["output"]), _test_limit(t)) for t in data["tests"])
        mode = data.get("mode") or ("functional" if data.get("fn_name") else "stdin")
    elif "inputs" in data and "outputs" in data:  # APPS/TACO/prime_code-style ground truth
        mode, tests = tests_from_apps_io(data)
    else:
        raise ValueError("ground_truth needs 'tests' or 'inputs'/'outputs'")
    return JudgeTask(
        mode=mode,
        tests=tests,
        fn_name=data.get("fn_name"),
        rule=JudgingRule.from_dict(data.get("rule")),
        time_limit_s=data.get("time_limit_s"),
    )
