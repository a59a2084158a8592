"""The house's size rules, checked on the source (nothing is imported): no
function or method outside ``tests/`` is over 80 lines, docstring and comments included, and no module over
650.

A function that must stay longer gets its line in docs/architecture.md ("Where a change goes") saying why, and its
name in ``EXPLAINED`` here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = (
    "microcoder_eval",
    "microcoder_data",
    "trainer_adapters",
    "cli",
    "microcoder_testing",
    "benchmarks",
    "scripts",
)
MAX_LINES = 80

EXPLAINED: set[str] = set()  # none: keep it that way


def _long_functions(root: Path = ROOT, folders: tuple[str, ...] = FOLDERS) -> dict[str, int]:
    found = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > MAX_LINES:
                        found[f"{path.relative_to(root).as_posix()}::{node.name}"] = lines
    return found


def test_no_function_over_80_lines():
    over = {name: n for name, n in _long_functions().items() if name not in EXPLAINED}
    assert not over, (
        "functions over %d lines (split them, or say why in docs/architecture.md, 'Where a change goes'): %s"
        % (
            MAX_LINES,
            ", ".join(f"{name} ({n})" for name, n in sorted(over.items())),
        )
    )


def test_the_check_sees_a_long_function(tmp_path):
    """The walk finds a long function (a nested one too), so the test above cannot pass by seeing nothing."""
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_LINES))
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "long.py").write_text(
        f"def short():\n    pass\n\n\nclass A:\n    def method(self):\n{body}\n", encoding="utf-8"
    )
    assert _long_functions(tmp_path, ("cli",)) == {"cli/long.py::method": MAX_LINES + 1}


MAX_MODULE_LINES = 650  # issue 37's bound: a module past it is doing more than one job


def test_no_module_over_650_lines():
    """No module outside ``tests/`` is over 650 lines (the same folders as the function rule)."""
    over = {
        path.relative_to(ROOT).as_posix(): n
        for folder in FOLDERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not over, f"modules over {MAX_MODULE_LINES} lines (split by job): {over}"
