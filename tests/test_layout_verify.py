"""Where Verify and test generation live (docs/architecture.md, "The seams"): the pipeline's machinery knows no
stage, test generation knows nothing of Verify, the recipe uses no stage's private helper.
Read from the source with ``test_layout``'s import graph (nothing is imported)."""

from __future__ import annotations

import ast

from test_layout import ROOT, _graph

STAGE_ROOMS = ("collect", "process", "filter", "testgen", "verify", "export")


def _arrows(src: str, targets: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{name} -> {t}" for name, ts in _graph().items() if name.startswith(src) for t in ts if t.startswith(targets)
    )


def test_the_pipeline_machinery_imports_no_stage():
    rooms = tuple(f"microcoder_data.{room}" for room in STAGE_ROOMS) + ("microcoder_data.recipe",)
    assert _arrows("microcoder_data.pipeline", rooms) == []


def test_test_generation_imports_nothing_of_verify():
    assert _arrows("microcoder_data.testgen", ("microcoder_data.verify",)) == []
    assert (ROOT / "microcoder_data" / "testgen" / "augment.py").is_file()
    assert not (ROOT / "microcoder_data" / "verify" / "augment.py").exists()


def test_the_recipe_imports_no_private_name():
    tree = ast.parse((ROOT / "microcoder_data" / "recipe.py").read_text(encoding="utf-8"))
    private = sorted(
        f"{node.module}.{a.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for a in node.names
        if a.name.startswith("_")
    )
    assert private == []
