"""newfacade/LeetCodeDataset (human-eval style JSONL: ``check(candidate)`` asserts with
keyword arguments, ``input_output`` cases, ``entry_point`` like ``Solution().twoSum``).

Tests come from the ``test`` asserts (the unambiguous form).  ``input_output`` cases
not already covered are added where their text decodes unambiguously against the
starter code's return annotation (v0.3.0 writes most ``str`` results unquoted; a
``None`` result for a non-Optional return is an out-of-constraint case and is left out).

Two layouts: the GitHub JSONL (statement and starter code in ``meta``) and the Hugging Face
dataset's (``problem_description``, ``starter_code`` and the rest of ``meta`` as columns).  ``query``
is the model prompt, read only when neither holds a statement, and never whole (issue 41).
"""

from __future__ import annotations

import json
import re
from typing import Any, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.ground_truth import NotConvertible, functional_test
from microcoder_eval.types import TestCase

from .asserts import fn_name_from_entry_point, parse_asserts
from .literals import parse_leetcode_args, parse_leetcode_value
from .fields import iso_date, judging_rule, need, normalise_difficulty, widen_tolerance
from .files import strip_suffixes
from .python_signatures import coerce_float_params, return_annotation, structured_types
from .prompts import split_prompt
from .rows import RowContext, RowError, RowFormat, dedupe_tests

LICENSE = "MIT (LeetCodeDataset)"


def matches(row: Mapping[str, Any]) -> bool:
    return "task_id" in row and "entry_point" in row and "test" in row and ("input_output" in row or "meta" in row)


def split_label(file_label: str) -> str:
    """``LeetCodeDataset-v0.2.0-train.jsonl.gz`` -> ``v0.2.0-train``."""
    stem = strip_suffixes(file_label.rsplit("/", 1)[-1])
    m = re.search(r"(v\d+(?:\.\d+)*.*)$", stem)
    return m.group(1) if m else stem


def _type_ok(value: Any, annotation: str | None) -> bool:
    """Loose check of a decoded value against a return annotation."""
    if annotation is None:
        return True
    ann = annotation.replace(" ", "")
    if value is None:
        return "Optional" in ann or "None" in ann
    base = ann[len("Optional[") : -1] if ann.startswith("Optional[") else ann
    if base == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if base == "float":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if base == "bool":
        return isinstance(value, bool)
    if base == "str":
        return isinstance(value, str)
    if base.lower().startswith(("list", "tuple")):
        return isinstance(value, list)
    return True


def decode_output(text: str, annotation: str | None) -> Any:
    """An ``input_output`` result text decoded with the return annotation's help."""
    ann = (annotation or "").replace(" ", "")
    is_str = ann in ("str", "Optional[str]")
    s = text.strip()
    if is_str:
        if len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'":
            value = parse_leetcode_value(s)
        elif s in ("None", "null"):
            raise NotConvertible(f"ambiguous result {s!r} for a str return")
        else:
            value = text  # v0.3.0 writes str results without quotes
    else:
        value = parse_leetcode_value(s)
    if not _type_ok(value, annotation):
        raise NotConvertible(f"result {s[:40]!r} does not fit return type {annotation}")
    return value


def _add_input_output_cases(
    row: Mapping[str, Any], test_code: str, starter: str, fn_name: str, tests: list[TestCase], notes: dict[str, Any]
) -> list[str]:
    """The row's ``input_output`` cases that no assert already holds, appended to ``tests`` (counted in
    ``notes``); the reasons of those that could not be read."""
    io_cases = row.get("input_output") or []
    if not isinstance(io_cases, list):
        raise RowError("field 'input_output' must be a list")
    annotation = return_annotation(starter, fn_name) if starter else None
    known_inputs = {json.dumps(json.loads(t.input), sort_keys=True) for t in tests}
    skipped = []
    added = 0
    for i, case in enumerate(io_cases):
        try:
            if (
                not isinstance(case, Mapping)
                or not isinstance(case.get("input"), str)
                or not isinstance(case.get("output"), str)
            ):
                raise NotConvertible("case is not {input: str, output: str}")
            if f"candidate({case['input']})" in test_code:
                continue  # the same call is one of the asserts (the usual case): skip parsing
            args = parse_leetcode_args(case["input"])
            key = json.dumps(json.loads(json.dumps(args)), sort_keys=True)
            if key in known_inputs:
                continue
            t = functional_test(args, decode_output(case["output"], annotation))
        except (NotConvertible, ValueError) as exc:
            skipped.append(f"input_output[{i}]: {exc}")
            continue
        known_inputs.add(key)
        tests.append(t)
        added += 1
    if added:
        notes["tests_from_input_output"] = added
    if skipped:
        notes["skipped_input_output"] = skipped[:20] + ([f"... {len(skipped) - 20} more"] if len(skipped) > 20 else [])
    return skipped


def _field(row: Mapping[str, Any], meta: Mapping[str, Any], name: str) -> Any:
    """A metadata field from ``meta`` (GitHub JSONL) or the row itself (Hugging Face rows)."""
    return meta.get(name) if meta.get(name) is not None else row.get(name)


def _statement_and_starter(row: Mapping[str, Any], meta: Mapping[str, Any]) -> tuple[str, str, str]:
    """(statement, starter code, the field the statement came from): the GitHub JSONL's
    ``meta.question_title`` (the statement, despite its name), the Hugging Face rows'
    ``problem_description``, else the model prompt ``query``.  Whatever the field, a prompt's
    instructions, answer format and fenced starter code are cut off (v0.3+ ``query`` ends with
    ``### Format: ...``, the fence and ``### Answer: ...``); the starter code comes from its own
    field (``meta.lang_code`` / ``starter_code``), else from the prompt's fence."""
    starter = meta.get("lang_code") or row.get("starter_code") or ""
    starter = starter if isinstance(starter, str) else ""
    for name, text in (
        ("meta.question_title", meta.get("question_title")),
        ("problem_description", row.get("problem_description")),
        ("query", row.get("query")),
    ):
        if isinstance(text, str) and text.strip():
            parts = split_prompt(text)
            if parts.statement.strip():
                return parts.statement, starter if starter.strip() else parts.starter_code, name
    raise RowError("no statement (meta.question_title / problem_description / query)")


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    task_id = need(row, "task_id")
    fn_name = fn_name_from_entry_point(need(row, "entry_point"))
    meta = row.get("meta") or {}
    if not isinstance(meta, Mapping):
        raise RowError("field 'meta' must be an object")
    statement, starter, statement_field = _statement_and_starter(row, meta)
    kinds = structured_types(starter) or structured_types(row.get("test") or "")
    if kinds:
        raise RowError(f"needs ListNode/TreeNode: uses {', '.join(kinds)}")
    test_code = need(row, "test")
    conv = parse_asserts(test_code, fn_name)
    tests: list[TestCase] = list(conv.tests)
    notes: dict[str, Any] = {}
    if conv.unconverted:
        notes["unconverted_tests"] = conv.unconverted

    skipped = _add_input_output_cases(row, test_code, starter, fn_name, tests, notes)
    if not tests:
        raise RowError("no convertible tests: " + "; ".join((conv.unconverted + skipped)[:3]))

    completion = row.get("completion")
    platform = "leetcode"
    rule = widen_tolerance(
        judging_rule(statement, {"platform": platform, "source": ctx.source, "mode": "functional"}), conv.tolerance
    )
    split = split_label(ctx.file)
    return Problem(
        id=f"{ctx.source}/{split}/{task_id}",
        source=ctx.source,
        title=task_id,
        statement=statement,
        mode="functional",
        tests=coerce_float_params(dedupe_tests(tests), starter, fn_name),
        starter_code=starter,
        fn_name=fn_name,
        difficulty=normalise_difficulty(_field(row, meta, "difficulty")),
        contest_date=iso_date(_field(row, meta, "estimated_date")),
        platform=platform,
        reference_solutions=[completion] if isinstance(completion, str) and completion.strip() else [],
        license=LICENSE,
        rule=rule,
        provenance=ctx.provenance(
            task_id, question_id=_field(row, meta, "question_id"), split=split, statement_from=statement_field, **notes
        ),
    )


FORMAT = RowFormat(
    "leetcodedataset",
    matches,
    convert,
    "LeetCodeDataset rows (task_id, entry_point, test, input_output; meta, or the Hugging Face columns, or query)",
)
