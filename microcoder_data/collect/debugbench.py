"""thunlp/DebugBench (Python 3): an accepted LeetCode solution (``oracle_code``) and a
bug-implanted one per record; tests are the statement examples, parsed from text
(``Input: a = 1, b = [2]`` / ``Output: 3``)."""

from __future__ import annotations

import ast
import re
from typing import Any, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.ground_truth import NotConvertible, functional_test
from microcoder_eval.types import TestCase

from .literals import parse_leetcode_args, parse_leetcode_value
from .fields import iso_date, judging_rule, need, normalise_difficulty
from .files import strip_suffixes
from .python_signatures import (
    coerce_float_params,
    find_function,
    param_names,
    return_annotation,
    parse_code,
    signature_stub,
    structured_types,
)
from .rows import RowContext, RowError, RowFormat

LICENSE = "Apache-2.0 (DebugBench)"
_EXAMPLE_RE = re.compile(r"^\s*Input\s*:?\s*(.*?)\n\s*Output\s*:?\s*(.*?)(?:\n\s*Explanation\b.*)?\s*$", re.S)


def matches(row: Mapping[str, Any]) -> bool:
    return "slug" in row and "oracle_code" in row


def bug_category(file_label: str) -> str:
    """``python3_condition error.json`` -> ``condition-error``."""
    stem = strip_suffixes(file_label.rsplit("/", 1)[-1])
    stem = re.sub(r"^python3?_", "", stem)
    return re.sub(r"[^A-Za-z0-9]+", "-", stem).strip("-").lower() or "unknown"


def parse_example(text: str) -> tuple[dict[str, Any], Any]:
    """``"Input: a = 1, b = [2]\\nOutput: 3\\nExplanation: ..."`` -> (kwargs, expected)."""
    m = _EXAMPLE_RE.match(text.replace("\r\n", "\n"))
    if not m:
        raise NotConvertible("example is not 'Input: ... / Output: ...'")
    inp, out = m.group(1).strip(), m.group(2).strip()
    out = out.split("\n", 1)[0].strip() if "\n" in out else out
    return parse_leetcode_args(inp), parse_leetcode_value(out)


def _pick_method(code: str, arg_names: list[str] | None) -> str:
    tree = parse_code(code)
    if tree is None:
        raise RowError("oracle_code does not parse")
    cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Solution"), None)
    if cls is None:
        other = next((n.name for n in tree.body if isinstance(n, ast.ClassDef)), None)
        if other:
            raise RowError(f"design problem (class {other}): operation-sequence tests are not supported")
        raise RowError("oracle_code has no class Solution")
    init = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
    if init is not None and len(init.args.args) > 1:
        raise RowError(
            "design problem (Solution takes constructor arguments): operation-sequence tests are not supported"
        )
    methods = [
        n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and not n.name.startswith("_")
    ]
    if not methods:
        raise RowError("class Solution has no public method")
    if arg_names is not None:
        for m in methods:
            params = [a.arg for a in m.args.args][1:]
            if params == arg_names:
                return m.name
        for m in methods:
            if set(a.arg for a in m.args.args[1:]) == set(arg_names):
                return m.name
    return methods[0].name


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    slug = need(row, "slug")
    description = need(row, "description")
    oracle = need(row, "oracle_code")
    examples = row.get("examples")
    if not isinstance(examples, list) or not examples:
        raise RowError("no examples (the only tests DebugBench has)")
    parsed: list[tuple[dict, Any]] = []
    failures: list[str] = []
    for i, ex in enumerate(examples):
        try:
            if not isinstance(ex, str):
                raise NotConvertible("example is not text")
            parsed.append(parse_example(ex))
        except NotConvertible as exc:
            failures.append(f"example {i}: {exc}")
    arg_names = list(parsed[0][0].keys()) if parsed else None
    fn_name = _pick_method(oracle, arg_names)
    starter = signature_stub(oracle, fn_name)
    sig_kinds = structured_types(starter)
    if sig_kinds:
        raise RowError(f"needs ListNode/TreeNode: signature uses {', '.join(sig_kinds)}")
    if not parsed:
        raise RowError("no example could be parsed: " + "; ".join(failures[:3]))
    if return_annotation(oracle, fn_name) == "None":
        raise RowError(f"in-place problem: {fn_name}() returns None and the examples show a mutated argument")
    params = param_names(oracle, fn_name)
    required = params
    tree = parse_code(oracle)
    fn = find_function(tree, fn_name) if tree is not None and params is not None else None
    if fn is not None and fn.args.defaults:
        required = params[: len(params) - len(fn.args.defaults)]  # findKthBit(self, N, K, R=True)
    tests: list[TestCase] = []
    for i, (args, expected) in enumerate(parsed):
        call_args: dict[str, Any] | list[Any] = args
        if params is not None and sorted(args) != sorted(params) and not set(args) <= set(params):
            if len(args) != len(required):
                failures.append(f"example {i}: arguments {sorted(args)} do not match {fn_name}{tuple(params)}")
                continue
            # the oracle renamed the parameters (A, K for arr, k): pass them by position
            call_args = list(args.values())
        try:
            tests.append(functional_test(call_args, expected))
        except NotConvertible as exc:
            failures.append(f"example {i}: {exc}")
    tests = coerce_float_params(tests, oracle, fn_name)
    if not tests:
        raise RowError("no example could be converted: " + "; ".join(failures[:3]))
    category = bug_category(ctx.file)
    parts = [description.strip()]
    for i, ex in enumerate(examples, 1):
        parts.append(f"Example {i}:\n{str(ex).strip()}")
    constraints = row.get("constraints")
    if isinstance(constraints, str) and constraints.strip():
        parts.append(f"Constraints:\n{constraints.strip()}")
    statement = "\n\n".join(parts)
    platform = "leetcode"
    upstream_id = f"{slug}/{category}/{ctx.row}"
    notes: dict[str, Any] = {"slug": slug, "bug_category": category, "unconverted_tests": failures or None}
    buggy = row.get("buggy_code")
    if isinstance(buggy, str) and buggy.strip():
        notes["incorrect_solutions"] = [buggy]
    return Problem(
        id=f"{ctx.source}/{upstream_id}",
        source=ctx.source,
        title=slug,
        statement=statement,
        mode="functional",
        tests=tests,
        starter_code=starter,
        fn_name=fn_name,
        difficulty=normalise_difficulty(row.get("level")),
        contest_date=iso_date(row.get("release_time")),
        platform=platform,
        reference_solutions=[oracle],
        license=LICENSE,
        rule=judging_rule(statement, {"platform": platform, "source": ctx.source, "mode": "functional"}),
        provenance=ctx.provenance(upstream_id, **notes),
    )


FORMAT = RowFormat("debugbench", matches, convert, "DebugBench records (slug, description, examples, oracle_code)")
