"""DeepSeek-Coder evaluation data: the LeetCode contest set (``20240121-Jul.jsonl``,
``assert my_solution.f(**test_input) == ...``) and MBPP (``text``, ``code``, ``test_list``)."""

from __future__ import annotations

import ast
import re
from typing import Any, Mapping

from microcoder_data.schema import Problem

from .asserts import method_names, parse_asserts
from .fields import iso_date, judging_rule, need, normalise_difficulty, widen_tolerance
from .python_signatures import coerce_float_params, parse_code, signature_stub, structured_types
from .rows import RowContext, RowError, RowFormat

LEETCODE_LICENSE = "MIT (DeepSeek-Coder evaluation data)"
MBPP_LICENSE = "CC-BY-4.0 (MBPP)"


# --------------------------------------------------------------------------- LeetCode contests


def leetcode_matches(row: Mapping[str, Any]) -> bool:
    return (
        "task_id" in row
        and "prompt" in row
        and "test" in row
        and "entry_point" not in row
        and ("my_solution" in str(row.get("test", "")) or "start_time" in row)
    )


def split_prompt(prompt: str) -> tuple[str, str]:
    """``'\"\"\"statement\"\"\"\\nclass Solution: ...'`` -> (statement, starter code)."""
    tree = parse_code(prompt.rstrip() + "\n        pass\n")
    if tree is not None and tree.body and isinstance(tree.body[0], ast.Expr):
        value = tree.body[0].value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            lines = prompt.splitlines(keepends=True)
            rest = "".join(lines[tree.body[0].end_lineno :])
            return value.value.strip("\n"), rest.lstrip("\n")
    m = re.match(r'\s*"""(.*?)"""\s*\n(.*)$', prompt, re.S)
    if m:
        return m.group(1).strip("\n"), m.group(2)
    raise RowError("prompt is not a docstring statement followed by starter code")


def leetcode_convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    task_id = need(row, "task_id")
    statement, starter = split_prompt(need(row, "prompt"))
    if not statement.strip():
        raise RowError("empty statement in prompt")
    kinds = structured_types(starter)
    if kinds:
        raise RowError(f"needs ListNode/TreeNode: signature uses {', '.join(kinds)}")
    names = method_names(starter)
    conv = parse_asserts(need(row, "test"), names[0] if len(names) == 1 else None)
    if not conv.tests:
        raise RowError("no convertible tests: " + "; ".join(conv.unconverted[:3]))
    meta = row.get("meta") or {}
    if not isinstance(meta, Mapping):
        raise RowError("field 'meta' must be an object")
    notes = {"unconverted_tests": conv.unconverted or None, "question_id": meta.get("questionFrontendId")}
    slug = str(row.get("title") or meta.get("titleSlug") or "")
    platform = "leetcode"
    rule = widen_tolerance(
        judging_rule(statement, {"platform": platform, "source": ctx.source, "mode": "functional"}), conv.tolerance
    )
    return Problem(
        id=f"{ctx.source}/{task_id}",
        source=ctx.source,
        title=str(meta.get("title") or slug),
        statement=statement,
        mode="functional",
        tests=coerce_float_params(list(conv.tests), starter, conv.fn_name or ""),
        starter_code=starter,
        fn_name=conv.fn_name,
        difficulty=normalise_difficulty(meta.get("difficulty")),
        contest_date=iso_date(row.get("start_time")),
        platform=platform,
        reference_solutions=[],
        license=LEETCODE_LICENSE,
        rule=rule,
        provenance=ctx.provenance(task_id, url=row.get("url") or None, **notes),
    )


LEETCODE_FORMAT = RowFormat(
    "deepseek-leetcode", leetcode_matches, leetcode_convert, "DeepSeek-Coder LeetCode contest rows (prompt, test)"
)


# --------------------------------------------------------------------------- MBPP


def mbpp_matches(row: Mapping[str, Any]) -> bool:
    return "test_list" in row and ("text" in row or "prompt" in row)


def mbpp_convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    task_id = row.get("task_id")
    if task_id is None:
        raise RowError("missing field 'task_id'")
    text = row.get("text") if isinstance(row.get("text"), str) else row.get("prompt")
    if not isinstance(text, str) or not text.strip():
        raise RowError("missing task text ('text' or 'prompt')")
    test_list = row.get("test_list")
    if not isinstance(test_list, list) or not test_list or not all(isinstance(t, str) for t in test_list):
        raise RowError("test_list must be a non-empty list of assert strings")
    challenge = row.get("challenge_test_list") or []
    if not isinstance(challenge, list) or not all(isinstance(t, str) for t in challenge):
        raise RowError("challenge_test_list must be a list of assert strings")
    setup = row.get("test_setup_code") or ""
    if not isinstance(setup, str):
        raise RowError("test_setup_code must be a string")
    conv = parse_asserts(setup + "\n" + "\n".join(test_list + challenge))
    if not conv.tests:
        why = "; ".join(conv.unconverted[:3]) or "no asserts"
        if setup.strip():
            why = f"tests depend on test_setup_code objects ({why})"
        raise RowError(f"no convertible tests: {why}")
    code = row.get("code") if isinstance(row.get("code"), str) else ""
    fn_name = conv.fn_name
    starter = signature_stub(code, fn_name, class_name=None) if code and fn_name else ""
    first = next((t.strip() for t in test_list if fn_name and fn_name in t), test_list[0].strip())
    statement = f"{text.strip()}\nYour code should pass this test:\n{first}"
    rule = widen_tolerance(judging_rule(statement, {"source": ctx.source, "mode": "functional"}), conv.tolerance)
    notes = {"unconverted_tests": conv.unconverted or None, "challenge_tests": len(challenge) or None}
    return Problem(
        id=f"{ctx.source}/{task_id}",
        source=ctx.source,
        title="",
        statement=statement,
        mode="functional",
        tests=list(conv.tests),
        starter_code=starter,
        fn_name=fn_name,
        difficulty=None,
        platform=None,
        reference_solutions=[code] if code.strip() else [],
        license=MBPP_LICENSE,
        rule=rule,
        provenance=ctx.provenance(task_id, **notes),
    )


MBPP_FORMAT = RowFormat("mbpp", mbpp_matches, mbpp_convert, "MBPP rows (text/prompt, code, test_list)")
