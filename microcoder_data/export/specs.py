"""``specs/``: each kept problem's input model as test generation used it, one file per
problem in the spec file's form (``testgen/spec_file.py``; docs/testgen.md), so that a
build's readings can be reviewed and two builds' diffed -- and a file copied into
``verify.spec_overrides`` and corrected by hand."""

from __future__ import annotations

import shutil
from pathlib import Path

from microcoder_data.schema import Problem
from microcoder_data.testgen.refusal import refusal_of
from microcoder_data.testgen.spec_file import dumps, file_name, reading_dict

SPECS_DIR = "specs"


def write_specs(problems: list[Problem], out: Path) -> Path | None:
    """``out/specs/<id>.json`` for each problem whose test generation recorded a spec (its
    model) or a refusal (its kind, line and message); None when none did.  The folder is
    rewritten whole: a problem no longer in the build leaves no file behind."""
    folder = out / SPECS_DIR
    if folder.exists():
        shutil.rmtree(folder)
    written = 0
    for p in problems:
        generation = (p.provenance.get("verify") or {}).get("generation") or {}
        data = generation.get("input_model")
        if data is None:
            refusal = refusal_of(generation)
            if refusal is None:
                continue  # generation never read this problem (it had tests enough)
            data = reading_dict(p, refusal)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / file_name(p.id)).write_text(dumps(data), encoding="utf-8")
        written += 1
    return folder if written else None
