"""What a ``--model`` value names: a local Hugging Face model folder or a Hub id.

``from_pretrained`` takes a missing folder for a Hub id and fails with ``Repo id must be in the
form 'repo_name' or 'namespace/repo_name'`` -- misleading when the user meant a folder.  This
check runs first (``eval generate``, ``train`` and its dry runs) and says which it is.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["describe_model"]

# a Hub id: "name" or "namespace/name" (letters, digits, - _ .), not starting like a path
_HUB_ID = re.compile(r"[A-Za-z0-9][\w.-]*(/[A-Za-z0-9][\w.-]*)?")


def describe_model(model: str, option: str = "--model") -> str:
    """A short description of ``model`` for a plan (``"DIR (local folder)"``, ``"ORG/NAME (Hugging
    Face Hub id, in the local cache)"``); a ``ValueError`` of one line when it is neither."""
    path = Path(model).expanduser()
    if path.is_dir():
        if not (path / "config.json").is_file():
            raise ValueError(f"{option} {model}: the folder has no config.json (not a Hugging Face model folder)")
        return f"{model} (local folder)"
    if path.exists():
        raise ValueError(f"{option} {model}: a file, not a model folder or a Hugging Face Hub id")
    if model.startswith((".", "~", "/")) or not _HUB_ID.fullmatch(model):
        raise ValueError(f"{option} {model}: no such folder (nor a Hugging Face Hub id such as ORG/NAME)")
    return f"{model} (Hugging Face Hub id, {_cache_state(model)})"


def _cache_state(repo_id: str) -> str:
    try:
        from huggingface_hub import try_to_load_from_cache

        cached = try_to_load_from_cache(repo_id, "config.json")
    except Exception:  # noqa: BLE001 - a cache we cannot read is only a missing hint
        return "cache state unknown"
    return "in the local cache" if isinstance(cached, str) else "not in the local cache: downloaded at start"
