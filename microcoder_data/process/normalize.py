"""Format normalisation: one statement layout and an explicit I/O contract.

Layout: ``\\n`` newlines, no trailing spaces, at most one blank line in a row, and section
headings (Input, Output, Constraints, Examples, Sample Input 1, Note, ...) written as
``### <Heading>``.  Contract: ``stdin`` problems read standard input and write standard
output; ``functional`` problems implement ``Solution.<fn_name>`` (or the top-level
function ``<fn_name>`` when the starter code has no class).  A functional problem
without starter code gets one derived from its reference solution's signature.  The
contract is recorded in ``provenance["io_contract"]`` and stated in the RL prompt by
:func:`io_contract_text`.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from microcoder_data.pipeline.step import Step
from microcoder_data.schema import Problem, Reject
from microcoder_eval.statement_text import heading_of, normalize_layout

__all__ = ["Normalize", "derive_starter", "heading_of", "io_contract", "io_contract_text", "normalize_layout"]
_PLACEHOLDER_STARTER = re.compile(r"^\s*(#.*)?\s*$")


def derive_starter(fn_name: str, solutions: list[str]) -> str | None:
    """Starter code with the signature of ``fn_name`` as defined in a reference solution."""
    for src in solutions:
        try:
            tree = ast.parse(src)
        except (SyntaxError, ValueError):
            continue
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == "Solution":
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == fn_name:
                        return f"class Solution:\n    {_signature(item)}\n        "
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == fn_name:
                return f"{_signature(node)}\n    "
    return None


def _signature(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    args = ast.unparse(fn.args)
    ret = f" -> {ast.unparse(fn.returns)}" if fn.returns is not None else ""
    return f"def {fn.name}({args}){ret}:"


def io_contract(problem: Problem) -> str:
    if problem.mode == "stdin":
        return "stdin"
    if "class Solution" in (problem.starter_code or "") or not problem.starter_code:
        return f"Solution.{problem.fn_name}"
    return f"function {problem.fn_name}"


def io_contract_text(problem: Problem) -> str:
    """The I/O contract as one instruction for the prompt."""
    c = io_contract(problem)
    if c == "stdin":
        return (
            "Your program reads the input from standard input and writes the answer to standard output "
            "(use input() / sys.stdin and print()); do not print anything else."
        )
    if c.startswith("Solution."):
        return (
            f"Implement the method `{problem.fn_name}` of class `Solution` (see the starter code). It is called "
            "with the test's arguments and its return value is checked; do not read input or print output."
        )
    return (
        f"Implement the function `{problem.fn_name}` (see the starter code). It is called with the test's "
        "arguments and its return value is checked; do not read input or print output."
    )


class Normalize(Step):
    stage = "process"
    name = "normalize"

    def apply(self, p: Problem) -> Problem | Reject:
        p.statement = normalize_layout(p.statement)
        p.title = " ".join(p.title.split()) or p.id.split("/", 1)[-1]
        starter = (p.starter_code or "").replace("\r\n", "\n").replace("\r", "\n")
        if p.mode == "stdin":
            if _PLACEHOLDER_STARTER.match(starter) and "\n" not in starter.strip():
                starter = ""  # "# YOUR CODE HERE" and the like
        elif not starter.strip() and p.fn_name:
            derived = derive_starter(p.fn_name, p.reference_solutions)
            if derived is None:
                return self.reject(
                    p, f"normalize: functional problem without starter code, and no reference defines {p.fn_name}"
                )
            starter = derived
            p.provenance = {**p.provenance, "starter_code": "derived from reference"}
        p.starter_code = starter
        p.provenance = {**p.provenance, "io_contract": io_contract(p)}
        return p

    def describe(self) -> dict[str, Any]:
        return {
            "layout": "### headings, single blank lines",
            "contract": "stdin | Solution.<fn_name> | function <fn_name>",
        }
