"""Collect stage: read problem sources in their upstream formats into ``Problem`` records.

Every source row yields exactly one record: a ``Problem``, or a ``Reject`` saying why the
row could not be read.  Source specs are described in ``sources``; every source format is listed
once in ``registry`` (the named readers, and the detection order derived from them); a reader is
a ``readers.Reader``; format detection and file/folder reading are in ``detect``, Hub datasets in
``hf``; one module per upstream format beside them (``livecodebench``, ``apps``, ...), the assert
and literal readers they share in ``asserts`` / ``literals``, and the plumbing they share in
``files`` (data files), ``rows`` (row -> record), ``fields`` (field readers), ``prompts`` (a
prompt's instructions apart from the statement it wraps) and ``python_signatures``.
"""

from .rows import Record, RowError, check_problem
from .registry import READERS, ROW_FORMATS, detect_format
from .readers import Reader
from .sources import DEFAULT_SOURCES, collect, parse_source_spec, read_problem_file, read_source

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
