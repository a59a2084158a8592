"""DeepCoder / rllm code sets: ``{problem, tests}`` rows in three shapes.

* CodeContests (and TACO-like): ``tests = {"inputs": [...], "outputs": [...](, "fn_name")}``
* Codeforces: ``tests = [{"input": ..., "output": ...}, ...]``
* LeetCode: ``tests = {"functional": "def check(candidate): assert ...\\ncheck(Solution().f)"}``
  with a reference in ``solutions``.

The rows carry no ids: the id is ``rllm/<split>/<file stem>/<row index>``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.ground_truth import tests_from_apps_io
from microcoder_eval.types import TestCase

from .asserts import method_names, parse_asserts
from .fields import judging_rule, need, widen_tolerance
from .files import strip_suffixes
from .python_signatures import coerce_float_params, structured_types
from .prompts import split_prompt
from .rows import RowContext, RowError, RowFormat

LICENSE = "MIT (rllm/DeepCoder); problems: CodeContests CC-BY-4.0, LeetCode via LeetCodeDataset MIT"

_TIME_LIMIT_RE = re.compile(r"Time Limit:\s*([\d.]+)\s*(ms|s|seconds?)\b", re.I)


def matches(row: Mapping[str, Any]) -> bool:
    return "problem" in row and "tests" in row


def _id_prefix(ctx: RowContext) -> str:
    stem = strip_suffixes(ctx.file)
    parts = [p for p in stem.split("/") if p and p != "code"]
    return "/".join(parts)


def _platform(ctx: RowContext) -> str | None:
    name = ctx.file.lower()
    if "codeforces" in name:
        return "codeforces"
    if "leetcode" in name:
        return "leetcode"
    return None


def _time_limit(statement: str) -> float | None:
    m = _TIME_LIMIT_RE.search(statement)
    if not m:
        return None
    value = float(m.group(1))
    return value / 1000.0 if m.group(2).lower() == "ms" else value


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    text = need(row, "problem")
    tests_field = row.get("tests")
    if tests_field is None:
        raise RowError("missing field 'tests'")
    upstream_id = f"{_id_prefix(ctx)}/{ctx.row}"
    platform = _platform(ctx)
    fn_name, solutions, notes = None, [], {}
    # LeetCode rows are a prompt: an instruction, the statement, then the starter code in a fence
    prompt = split_prompt(text)
    statement, starter = prompt.statement, ""
    tolerance = None

    if isinstance(tests_field, list):  # Codeforces shape
        tests = []
        for i, t in enumerate(tests_field):
            if (
                not isinstance(t, Mapping)
                or not isinstance(t.get("input"), str)
                or not isinstance(t.get("output"), str)
            ):
                raise RowError(f"test {i} must be an object with string 'input' and 'output'")
            tests.append(TestCase(t["input"], t["output"]))
        mode = "stdin"
        notes["upstream_time_limit_s"] = _time_limit(text)
    elif isinstance(tests_field, Mapping) and "functional" in tests_field:  # LeetCode shape
        check = tests_field["functional"]
        if not isinstance(check, str) or not check.strip():
            raise RowError("tests.functional must be non-empty test code")
        starter = prompt.starter_code
        kinds = structured_types(starter)
        if kinds:
            raise RowError(f"needs ListNode/TreeNode: signature uses {', '.join(kinds)}")
        names = method_names(starter)
        conv = parse_asserts(check, names[0] if len(names) == 1 else None)
        if conv.fn_name is None:
            raise RowError("cannot tell which function the tests call")
        fn_name = conv.fn_name
        if not conv.tests:
            raise RowError("no convertible tests: " + "; ".join(conv.unconverted[:3]))
        tests = coerce_float_params(list(conv.tests), starter, fn_name)
        tolerance = conv.tolerance
        if conv.unconverted:
            notes["unconverted_tests"] = conv.unconverted
        mode = "functional"
        sol = row.get("solutions")
        if isinstance(sol, str) and sol.strip():
            solutions = [sol]
        elif isinstance(sol, list):
            solutions = [s for s in sol if isinstance(s, str) and s.strip()]
        platform = platform or "leetcode"
    elif isinstance(tests_field, Mapping) and "inputs" in tests_field:  # CodeContests / TACO shape
        mode, tests_t = tests_from_apps_io(tests_field)
        tests = list(tests_t)
        fn_name = tests_field.get("fn_name") or None
    else:
        raise RowError("tests must be a list of {input, output}, {inputs, outputs} or {functional}")

    meta = {"platform": platform, "source": ctx.source, "mode": mode}
    rule = widen_tolerance(judging_rule(statement, meta), tolerance)
    return Problem(
        id=f"{ctx.source}/{upstream_id}",
        source=ctx.source,
        title="",
        statement=statement,
        mode=mode,
        tests=tests,
        starter_code=starter,
        fn_name=fn_name,
        platform=platform,
        reference_solutions=solutions,
        license=LICENSE,
        rule=rule,
        provenance=ctx.provenance(upstream_id, **notes),
    )


def label_root(path: Path, is_default: bool) -> Path | None:
    """Keep ``<split>/code/<file>`` in labels (hence ids) when one rllm file is named."""
    if path.is_file() and path.parent.name == "code" and path.parent.parent.name in ("train", "test"):
        return path.parent.parent.parent
    return None


FORMAT = RowFormat(
    "rllm", matches, convert, "DeepCoder/rllm {problem, tests} rows (CodeContests, Codeforces, LeetCode)"
)
