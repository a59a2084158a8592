"""Shared fixtures: where ../shared/data lives, and skipping cleanly when it does not."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("MICROCODER_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """Path to ../shared/data; tests that use it are skipped when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not present at {SHARED_DATA}")
    return SHARED_DATA
