"""Collect stage: read problem sources in their upstream formats into ``Problem`` records.

Every source row yields exactly one record: a ``Problem``, or a ``Reject`` saying why the
row could not be read.  Source specs are described in ``sources``; the named readers are in
``readers``, format detection and file reading in ``detect``, Hub datasets in ``hf``, one
module per upstream format beside them (``livecodebench``, ``apps``, ...), and the assert and
literal readers they share in ``asserts`` / ``literals``.
"""
from .rows import Record, RowError, check_problem
from .detect import ROW_FORMATS, detect_format
from .readers import READERS, Reader
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
