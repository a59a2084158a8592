"""The house's layout rules, checked on the source (nothing is imported):

* no file imports a module that imports it back (directly or round a longer loop);
* each package imports only the packages before it in ``PACKAGES`` (the judge at the bottom, the
  test support on top): so ``microcoder_eval`` imports nothing from the dataset pipeline, the trainers
  or the CLI, and no production package imports the test support (``microcoder_testing``).

Imports are read with ``ast``, at module level and inside functions alike: a function-level
import is still a dependency, only a deferred one.  ``from pkg import name`` counts as an import
of ``pkg.name`` when that is a module, else of ``pkg``; the parent packages Python imports on
the way are not counted (a package ``__init__`` only re-exports its modules).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("microcoder_eval", "microcoder_data", "trainer_adapters", "cli", "microcoder_testing")

KNOWN_CYCLES: set[frozenset[str]] = set()  # none: keep it that way


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                base_name = ".".join(base + ([node.module] if node.module else []))
            else:
                base_name = node.module or ""
            targets = [f"{base_name}.{a.name}" if f"{base_name}.{a.name}" in modules else base_name for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # `import a.b.c` of a name inside a module
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_a_module_that_imports_it_back():
    cycles = [sorted(c) for c in _cycles(_graph()) if c not in KNOWN_CYCLES]
    assert cycles == []


def test_the_judge_imports_nothing_above_it():
    above = ("microcoder_data", "trainer_adapters", "cli")
    crossings = sorted(
        f"{name} -> {target}"
        for name, targets in _graph().items()
        if name.startswith("microcoder_eval")
        for target in targets
        if target.split(".")[0] in above
    )
    assert crossings == []


def test_each_package_imports_only_the_ones_below_it():
    rank = {package: i for i, package in enumerate(PACKAGES)}
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in _graph().items()
        for target in targets
        if rank[target.split(".")[0]] > rank[name.split(".")[0]]
    )
    assert upward == []


def test_production_code_imports_no_test_support():
    crossings = sorted(
        f"{name} -> {target}"
        for name, targets in _graph().items()
        if not name.startswith("microcoder_testing")
        for target in targets
        if target.startswith("microcoder_testing")
    )
    assert crossings == []


def test_the_checker_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]
