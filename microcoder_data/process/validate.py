"""Row validation: types and sizes first (``schema``), completeness last (``complete``)."""

from __future__ import annotations

import json
import keyword
from typing import Any

from microcoder_data.pipeline.step import Step
from microcoder_data.schema import Problem, Reject
from microcoder_eval.types import JudgingRule, TestCase


class SchemaCheck(Step):
    """Wrong types, empty or huge fields.  Oversized single tests and reference
    solutions are dropped (counted in provenance); an oversized statement or test set
    rejects the row; exact duplicate tests are removed."""

    stage = "process"
    name = "schema"

    def __init__(
        self,
        *,
        max_statement_chars: int = 60_000,
        max_test_bytes: int = 4_000_000,
        max_total_test_bytes: int = 64_000_000,
        max_solution_chars: int = 100_000,
    ) -> None:
        self.max_statement_chars = max_statement_chars
        self.max_test_bytes = max_test_bytes
        self.max_total_test_bytes = max_total_test_bytes
        self.max_solution_chars = max_solution_chars

    def apply(self, p: Problem) -> Problem | Reject:
        for fld in ("id", "source", "statement", "title", "starter_code", "license"):
            val = getattr(p, fld)
            if not isinstance(val, str):
                return self.reject(p, f"wrong type: {fld} is {type(val).__name__}, expected str")
        if not p.id.strip() or not p.source.strip():
            return self.reject(p, "empty id or source")
        if p.mode not in ("stdin", "functional"):
            return self.reject(p, f"wrong value: mode={p.mode!r} (stdin | functional)")
        for fld in ("fn_name", "difficulty", "contest_date", "platform"):
            val = getattr(p, fld)
            if val is not None and not isinstance(val, str):
                return self.reject(p, f"wrong type: {fld} is {type(val).__name__}")
        if p.time_limit_s is not None and (not isinstance(p.time_limit_s, (int, float)) or p.time_limit_s <= 0):
            return self.reject(p, f"wrong value: time_limit_s={p.time_limit_s!r}")
        if not isinstance(p.rule, JudgingRule):
            return self.reject(p, f"wrong type: rule is {type(p.rule).__name__}")
        if not isinstance(p.provenance, dict):
            return self.reject(p, "wrong type: provenance is not a dict")
        if len(p.statement) > self.max_statement_chars:
            return self.reject(p, f"huge field: statement has {len(p.statement)} chars > {self.max_statement_chars}")
        if not isinstance(p.tests, (list, tuple)):
            return self.reject(p, f"wrong type: tests is {type(p.tests).__name__}")
        if not p.tests:
            return self.reject(p, "empty tests")
        tests: list[TestCase] = []
        seen: set[tuple[str, str]] = set()
        dropped_huge = dupes = 0
        total = 0
        for i, t in enumerate(p.tests):
            if isinstance(t, TestCase):
                inp, out = t.input, t.output
            elif isinstance(t, (list, tuple)) and len(t) == 2:
                inp, out = t
            elif isinstance(t, dict) and "input" in t and "output" in t:
                inp, out = t["input"], t["output"]
            else:
                return self.reject(p, f"malformed test #{i}: {type(t).__name__}")
            if not isinstance(inp, str) or not isinstance(out, str):
                return self.reject(
                    p, f"wrong type in test #{i}: input {type(inp).__name__}, output {type(out).__name__}"
                )
            size = len(inp.encode("utf-8", "surrogatepass")) + len(out.encode("utf-8", "surrogatepass"))
            if size > self.max_test_bytes:
                dropped_huge += 1
                continue
            if (inp, out) in seen:
                dupes += 1
                continue
            seen.add((inp, out))
            total += size
            # (a test's own time limit, from a dataset built before, is kept like the problem's)
            tests.append(TestCase(inp, out, t.time_limit_s) if isinstance(t, TestCase) else TestCase(inp, out))
        if total > self.max_total_test_bytes:
            return self.reject(p, f"huge field: tests total {total} bytes > {self.max_total_test_bytes}")
        if not tests:
            return self.reject(
                p, f"empty tests after dropping {dropped_huge} huge test(s) (> {self.max_test_bytes} bytes)"
            )
        refs = p.reference_solutions
        if not isinstance(refs, (list, tuple)) or not all(isinstance(r, str) for r in refs):
            return self.reject(p, "wrong type: reference_solutions must be a list of str")
        kept_refs = [r for r in refs if r.strip() and len(r) <= self.max_solution_chars]
        notes: dict[str, int] = {}
        if dropped_huge:
            notes["huge_tests_dropped"] = dropped_huge
        if dupes:
            notes["duplicate_tests_dropped"] = dupes
        if len(kept_refs) != len(refs):
            notes["references_dropped"] = len(refs) - len(kept_refs)
        p.tests = tests
        p.reference_solutions = list(kept_refs)
        if notes:
            p.provenance = {**p.provenance, "schema": notes}
        return p

    def describe(self) -> dict[str, Any]:
        return {
            "max_statement_chars": self.max_statement_chars,
            "max_test_bytes": self.max_test_bytes,
            "max_total_test_bytes": self.max_total_test_bytes,
            "max_solution_chars": self.max_solution_chars,
        }


def _json_ok(text: str) -> tuple[bool, Any]:
    try:
        return True, json.loads(text)
    except (ValueError, RecursionError):
        return False, None


class Completeness(Step):
    """Statement present, tests present and parseable for the mode, fn_name for
    functional problems, every test has both an input and an output."""

    stage = "process"
    name = "complete"

    def __init__(self, *, min_statement_chars: int = 30) -> None:
        self.min_statement_chars = min_statement_chars

    def apply(self, p: Problem) -> Problem | Reject:
        if len(p.statement.strip()) < self.min_statement_chars:
            return self.reject(p, f"incomplete: statement shorter than {self.min_statement_chars} chars")
        if not p.tests:
            return self.reject(p, "incomplete: no tests")
        if p.mode == "functional":
            if not p.fn_name:
                return self.reject(p, "incomplete: functional problem without fn_name")
            if not p.fn_name.isidentifier() or keyword.iskeyword(p.fn_name):
                return self.reject(p, f"incomplete: fn_name {p.fn_name!r} is not an identifier")
            if p.starter_code.strip() and f"def {p.fn_name}" not in p.starter_code:
                return self.reject(p, f"incomplete: starter code does not define {p.fn_name}")
            for i, t in enumerate(p.tests):
                ok, args = _json_ok(t.input)
                if not ok or not isinstance(args, (list, dict)):
                    return self.reject(p, f"unparseable test #{i}: functional input must be a JSON list or object")
                ok, _ = _json_ok(t.output)
                if not ok:
                    return self.reject(p, f"unparseable test #{i}: functional output is not JSON")
        else:
            for i, t in enumerate(p.tests):
                if not t.output.strip() and not t.input.strip():
                    return self.reject(p, f"unbalanced test #{i}: empty input and empty output")
            if all(not t.output.strip() for t in p.tests):
                return self.reject(p, "unbalanced tests: every expected output is empty")
        return p

    def describe(self) -> dict[str, Any]:
        return {"min_statement_chars": self.min_statement_chars}
