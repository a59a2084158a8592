"""Load the verl-format RL parquet that ``microcoder data build`` writes, for TRL.

Rows have ``data_source``, ``prompt`` (a list of ``{role, content}`` chat messages),
``ability``, ``reward_model`` ``{style, ground_truth}`` and ``extra_info``.  TRL's
GRPOTrainer takes the ``prompt`` column as a conversational prompt as is, and passes
every other column to the reward function as a keyword argument (one value per
completion), which is how the judge gets ``reward_model[i]["ground_truth"]``.
"""

from __future__ import annotations

import logging
from pathlib import Path

__all__ = ["REQUIRED_COLUMNS", "load_rl_dataset", "resolve_parquet", "validation_file"]

logger = logging.getLogger(__name__)

REQUIRED_COLUMNS = ("prompt", "reward_model")


def resolve_parquet(dataset: str | Path, split: str = "train") -> Path:
    """``DIR`` -> ``DIR/<split>.parquet``; a ``.parquet`` file is returned as is."""
    path = Path(dataset)
    if path.is_file():
        return path
    candidate = path / f"{split}.parquet"
    if candidate.is_file():
        return candidate
    raise FileNotFoundError(f"no {split}.parquet in {path} (expected the output directory of `microcoder data build`)")


def validation_file(dataset: str | Path) -> Path | None:
    """``DIR/test.parquet`` when ``dataset`` is a directory that has one (verl's ``val_files``)."""
    path = Path(dataset) / "test.parquet"
    return path if Path(dataset).is_dir() and path.is_file() else None


def load_rl_dataset(
    dataset: str | Path,
    tokenizer=None,
    max_prompt_length: int | None = None,
    split: str = "train",
):
    """A ``datasets.Dataset`` of the RL rows.

    With ``tokenizer`` and ``max_prompt_length``, rows whose chat-templated prompt (with
    the generation prompt) is longer than ``max_prompt_length`` tokens are dropped, as
    verl's ``filter_overlong_prompts`` does (TRL 1.16 has no prompt-length limit).
    """
    import datasets

    path = resolve_parquet(dataset, split)
    ds = datasets.load_dataset("parquet", data_files=str(path), split="train")
    missing = [c for c in REQUIRED_COLUMNS if c not in ds.column_names]
    if missing:
        raise ValueError(f"{path}: missing column(s) {missing}; columns are {ds.column_names}")
    if len(ds) == 0:
        raise ValueError(f"{path}: no rows")
    if tokenizer is not None and max_prompt_length:
        before = len(ds)

        def _fits(row) -> bool:
            ids = tokenizer.apply_chat_template(row["prompt"], add_generation_prompt=True, tokenize=True)
            if isinstance(ids, dict) or hasattr(ids, "keys"):  # BatchEncoding in some versions
                ids = ids["input_ids"]
            return len(ids) <= max_prompt_length

        ds = ds.filter(_fits)
        dropped = before - len(ds)
        if dropped:
            logger.warning("dropped %d of %d prompts longer than %d tokens", dropped, before, max_prompt_length)
        if len(ds) == 0:
            raise ValueError(f"{path}: every prompt is longer than max_prompt_length={max_prompt_length}")
    return ds
