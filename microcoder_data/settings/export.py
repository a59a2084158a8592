"""Export's settings (the ``export`` section of a build config): the output files and the
prompt every row carries."""

from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_SYSTEM_PROMPT = (
    "You are an expert Python programmer. Solve the programming problem the user gives you. "
    "Think about the algorithm and its complexity, then give your complete solution as a single "
    "Python program in one ```python code block at the end of your answer."
)


@dataclass
class ExportConfig:
    """Export: the output files (parquet splits, Hugging Face copy, rejects, dataset card)."""

    name: str = field(default="MicroCoder-Dataset", metadata={"help": "Dataset name (in the dataset card)."})
    test_fraction: float = field(
        default=0.0,
        metadata={
            "help": (
                "Held-out split: this deterministic fraction (by hashed id) goes to test.parquet; 0 and no "
                "test_after_date = train only."
            )
        },
    )
    test_after_date: str | None = field(
        default=None, metadata={"help": ("Problems dated on/after this ISO date go to test.parquet; None = off.")}
    )
    seed: int = field(default=0, metadata={"help": "Seed of the hashed-id split."})
    system_prompt: str = field(default=DEFAULT_SYSTEM_PROMPT, metadata={"help": "System prompt of every row's prompt."})
    hf: bool = field(default=True, metadata={"help": "Also write a datasets.save_to_disk copy under DIR/hf."})
    rejects_jsonl: bool = field(default=True, metadata={"help": "Also write rejects.jsonl (next to rejects.parquet)."})
    card: bool = field(default=True, metadata={"help": "Write the README.md dataset card."})
    compression: str = field(
        default="zstd", metadata={"help": "Parquet compression (fixed for byte-identical output)."}
    )
    row_group_size: int = field(
        default=1024, metadata={"help": "Parquet row group size (fixed for byte-identical output)."}
    )
