"""A named source reader (``<reader>:<path>`` in a source spec): what a source format declares, and
reading a path through it.  The readers themselves are listed once, in ``registry``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from .detect import read_path
from .rows import Record, RowFormat


@dataclass(frozen=True)
class Reader:
    """A named source reader: ``read(path)`` yields one Problem/Reject per source row.

    ``formats``: the row formats it reads (the first whose columns match a file's rows wins).
    ``detect``: its place in auto-detection (lower is tried first: stricter shapes before looser
    ones); None: read only when named (its rows are told apart by another format's ``variant``,
    or it bundles formats detected on their own).
    ``default_path`` (when set) is used for ``path=None`` (data inside installed packages).
    ``label_root(path, is_default)`` (when set): the folder file labels, hence ids, are taken
    relative to (None: the file's name).
    """

    name: str
    description: str
    formats: tuple[RowFormat, ...]
    detect: int | None = None
    default_path: Callable[[], Path] | None = None
    apps_folders: bool = False
    source: str | None = None  # fixed Problem.source; None: the row format's name
    label_root: Callable[[Path, bool], Path | None] | None = None

    def read(self, path: str | Path | None = None) -> Iterator[Record]:
        is_default = path is None or str(path) == ""
        if is_default:
            if self.default_path is None:
                raise ValueError(f"reader {self.name!r} needs a path: '{self.name}:/path/to/data'")
            p = self.default_path()
        else:
            p = Path(path).expanduser()
        root = self.label_root(p, is_default) if self.label_root is not None else None
        yield from read_path(p, self.formats, source=self.source, root=root, allow_apps_tree=self.apps_folders)
