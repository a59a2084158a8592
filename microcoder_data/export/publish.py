"""Push a built dataset folder to the Hugging Face Hub (``microcoder data publish``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

EXCLUDE_DIRS = ("_work",)


@dataclass
class PublishFile:
    path: str  # relative to the dataset folder
    size: int


class PublishError(RuntimeError):
    pass


def files_to_publish(out_dir: str | Path) -> list[PublishFile]:
    root = Path(out_dir)
    if not (root / "README.md").exists() or not (root / "train.parquet").exists():
        raise PublishError(f"{root}: not a built dataset folder (README.md and train.parquet expected)")
    files = []
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        if not p.is_file() or rel.parts[0] in EXCLUDE_DIRS or any(part.startswith(".") for part in rel.parts):
            continue
        files.append(PublishFile(rel.as_posix(), p.stat().st_size))
    return files


def human(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"  # pragma: no cover


def publish(
    out_dir: str | Path,
    repo_id: str,
    *,
    dry_run: bool = False,
    private: bool = False,
    token: str | None = None,
    commit_message: str = "Upload MicroCoder-Dataset",
) -> list[PublishFile]:
    """Upload the folder (without ``_work/``) as a dataset repo; ``dry_run`` only lists."""
    if "/" not in repo_id or repo_id.count("/") != 1:
        raise PublishError(f"--repo-id must look like ORG/NAME, got {repo_id!r}")
    files = files_to_publish(out_dir)
    if dry_run:
        return files
    if os.environ.get("HF_HUB_OFFLINE", "").lower() in ("1", "true", "yes"):
        raise PublishError(
            "HF_HUB_OFFLINE is set: cannot push to the Hugging Face Hub (use --dry-run to list the files)"
        )
    try:
        from huggingface_hub import HfApi
    except ImportError as exc:  # pragma: no cover - a dependency of datasets
        raise PublishError("publishing needs huggingface_hub (pip install huggingface_hub)") from exc
    api = HfApi(token=token)
    try:
        api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
        api.upload_folder(
            folder_path=str(out_dir),
            repo_id=repo_id,
            repo_type="dataset",
            ignore_patterns=[f"{d}/**" for d in EXCLUDE_DIRS] + [".*"],
            commit_message=commit_message,
        )
    except Exception as exc:  # network down, no token, no permission
        name = type(exc).__name__
        hint = ""
        text = str(exc).lower()
        if any(
            k in name.lower() or k in text
            for k in ("connection", "offline", "resolve", "timeout", "network", "max retries")
        ):
            hint = " -- the Hub is unreachable (offline?)"
        elif "401" in text or "token" in text or "unauthorized" in text:
            hint = " -- not logged in? run `hf auth login` or pass --token"
        raise PublishError(f"could not push to https://huggingface.co/datasets/{repo_id}: {name}: {exc}{hint}") from exc
    return files
