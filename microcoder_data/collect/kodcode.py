"""KodCode (KodCode/KodCode-V1 and its RL subsets): a question, a reference ``solution`` and a pytest
file (``test``) of ``def test_...(): assert f(...) == ...`` functions, ``test_info`` naming the function.

The pytest file is read with the assert reader (``microcoder_data.collect.asserts.parse_asserts``: literal
values only, never executed); asserts it cannot express (``pytest.raises``, printed output, objects)
are listed in provenance, and a row with no convertible assert is rejected.
"""

from __future__ import annotations

from typing import Any, Mapping

from microcoder_data.schema import Problem

from .asserts import parse_asserts
from .fields import judging_rule, need, normalise_difficulty, opt_str, widen_tolerance
from .python_signatures import signature_stub
from .rows import RowContext, RowError, RowFormat

LICENSE = "CC-BY-NC-4.0 (KodCode)"


def matches(row: Mapping[str, Any]) -> bool:
    return {"question_id", "question", "solution", "test", "test_info"} <= set(row)


def _function_name(test_info: Any) -> str:
    if isinstance(test_info, Mapping):
        test_info = [test_info]
    names = [str(t.get("function_name") or "").strip() for t in (test_info or []) if isinstance(t, Mapping)]
    names = [n for n in names if n.isidentifier()]
    if not names:
        raise RowError("test_info names no function")
    return names[0]


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    qid = str(need(row, "question_id", (str, int))).strip()
    question = need(row, "question")
    solution = opt_str(row, "solution")
    fn_name = _function_name(row.get("test_info"))
    conv = parse_asserts(need(row, "test"), fn_name)
    if not conv.tests:
        raise RowError("no convertible tests: " + ("; ".join(conv.unconverted[:3]) or "no asserts"))
    rule = widen_tolerance(judging_rule(question, {"source": ctx.source, "mode": "functional"}), conv.tolerance)
    return Problem(
        id=f"{ctx.source}/{qid}",
        source=ctx.source,
        title=fn_name,
        statement=question,
        mode="functional",
        tests=list(conv.tests),
        starter_code=signature_stub(solution, fn_name, class_name=None) if solution else "",
        fn_name=fn_name,
        difficulty=normalise_difficulty(row.get("gpt_difficulty")),
        reference_solutions=[solution] if solution.strip() else [],
        license=LICENSE,
        rule=rule,
        provenance=ctx.provenance(
            qid,
            subset=row.get("subset") or None,
            style=row.get("style") or None,
            unconverted_tests=conv.unconverted or None,
        ),
    )


FORMAT = RowFormat("kodcode", matches, convert, "KodCode rows (question, solution, pytest test, test_info)")
