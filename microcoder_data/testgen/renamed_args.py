"""A statement that names the arguments otherwise than the signature (issue 37: DebugBench's
solutions rename ``aliceValues, bobValues`` to ``a, b``, so every constraint line names no
argument and is refused).  The statement's own example, ``Input: aliceValues = [1,3], bobValues
= [2,1]``, names them in call order; where its values are an existing test's arguments, the
statement's names are the signature's, and the statement is read with the signature's names.
"""

from __future__ import annotations

import json
import re
from typing import Any

from microcoder_data.testgen.statement_lines import constraint_lines

_INPUT = re.compile(r"^\s*Input:\s*(.+)$", re.M)
_NAME_EQ = re.compile(r"(?:^|(?<=, ))([A-Za-z_]\w*) = ")
# English words a name-for-name substitution would rewrite in prose too
_WORDS = {"a", "i", "I", "an", "in", "is", "it", "of", "or", "and", "to", "at", "be", "as", "on", "by"}


def example_names(statement: str, tests: list[Any]) -> list[str] | None:
    """The names of the statement's first ``Input:`` example, in order, where its values (read as
    JSON) are one existing test's positional arguments; else None."""
    m = _INPUT.search(statement)
    if not m:
        return None
    names = _NAME_EQ.findall(m.group(1))
    try:
        values = json.loads("[" + _NAME_EQ.sub("", m.group(1)) + "]")
    except ValueError:
        return None
    return names if names and any(values == t for t in tests) else None


def with_signature_names(statement: str, args: list[str], tests: list[Any]) -> str:
    """``statement`` with each name its example gives an argument (other than the signature's)
    written as the signature's, all at once (``a``/``b`` swapped stay swapped); unchanged where
    the example does not show the names, or a name is a word of prose or named in the Constraints."""
    names = example_names(statement, tests)
    if names is None or len(names) != len(args) or names == args:
        return statement
    renames = {old: new for old, new in zip(names, args) if old != new}
    used = set(re.findall(r"[A-Za-z_]\w*", "\n".join(constraint_lines(statement) or [])))
    if set(renames) & _WORDS or any(new in used and new not in renames for new in renames.values()):
        return statement
    pattern = re.compile(r"(?<![\w'\"])(" + "|".join(map(re.escape, renames)) + r")(?![\w'\"])")
    return pattern.sub(lambda m: renames[m.group(1)], statement)
