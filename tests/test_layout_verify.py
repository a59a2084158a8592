"""Where Verify and test generation live (docs/architecture.md, "The seams"): the pipeline's machinery knows no
stage, test generation knows nothing of Verify, the recipe uses no stage's private helper.
Read from the source with ``test_layout``'s import graph (nothing is imported), but for the one
check that importing the config loads no stage."""

from __future__ import annotations

import ast
import subprocess
import sys

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
    assert _arrows("microcoder_data.testgen", ("microcoder_data.verify", "microcoder_data.settings.verify")) == []
    assert (ROOT / "microcoder_data" / "testgen" / "augment.py").is_file()
    assert not (ROOT / "microcoder_data" / "verify" / "augment.py").exists()


def test_the_settings_import_no_stage():
    """Each stage's settings module (microcoder_data/settings/) imports only other settings: the
    stages and the config import them, never the other way round."""
    settings = [name for name in _graph() if name.startswith("microcoder_data.settings.")]
    assert {s.rpartition(".")[2] for s in settings} >= {"collect", "process", "filter", "testgen", "verify", "export"}
    assert [
        a for a in _arrows("microcoder_data.settings", ("microcoder_",)) if "-> microcoder_data.settings." not in a
    ] == []


def test_the_stages_read_their_settings_from_their_own_modules():
    """A stage module imports its settings from microcoder_data/settings/, not from the config
    that composes them (only the recipe and the pipeline's machinery read the whole config)."""
    rooms = tuple(f"microcoder_data.{room}" for room in STAGE_ROOMS)
    # Verify's shard runner runs the stage from the build's config (its shard size, the build's workers)
    assert _arrows(rooms, ("microcoder_data.config",)) == ["microcoder_data.verify.schedule -> microcoder_data.config"]


def test_importing_the_config_loads_no_stage():
    """The config (and so ``microcoder data build --help``) imports the settings, not the stages
    and what they load."""
    rooms = tuple(f"microcoder_data.{room}" for room in (*STAGE_ROOMS, "pipeline"))
    code = (
        "import sys, microcoder_data.config; print([m for m in sys.modules if m in "
        f"('numpy', 'pyarrow', 'datasketch', 'langdetect') or m.startswith({rooms!r})])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


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
