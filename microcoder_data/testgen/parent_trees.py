"""A list of parents bounded by the vertex count (issue 37's tree shapes, Codeforces prose)::

    The third line contains n-1 integers p_2, p_3, ..., p_n (1 <= p_i <= n), where p_i is the
    parent of the i-th vertex in the tree. Vertex 1 is the root.

Unlike ``1 <= p_i < i`` (a tree by construction, ``prose_promises``), a parent may come after its
vertex, so the bounds alone allow cycles.  Where the Input section says the parents make a tree
("Vertex 1 is the root", "It's guaranteed that the values p define a correct tree") the list is
read as :data:`PARENTS_LINE`: drawn a random tree rooted at 1 and checked on every input
(``graph_shapes``' ``parents``: every vertex reaches the root, no cycle).  A sentence with no one
list of parents to speak of refuses, naming it.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.spec_model import ELEMENT_INDEX, _Unsupported

# the constraint line a sentence is read as (over the list's name and the root, 1)
PARENTS_LINE = "the parents {name} form a tree rooted at 1"
_PARENTS_LINE = re.compile(r"the parents ([A-Za-z]\w*) form a tree rooted at (\d+)")
_ROOT = r"(?:the )?(?:vertex|node) 1"
_SAID = re.compile(
    rf"{_ROOT} is (?:the )?root(?: of the tree)?|the root (?:of the tree )?is {_ROOT}"
    rf"|the tree is rooted at {_ROOT}"
    r"|(?:it is|it's) (?:also )?guaranteed that (?:the )?(?:given )?(?:values|parents|array|sequence)"
    r"(?: of)?(?: ([A-Za-z]\w*))? (?:define|defines|form|forms|describe|describes|represent|represents)"
    r" an? (?:correct |valid )?(?:rooted )?tree(?: rooted at (?:vertex|node) 1)?",
    re.I,
)


def parents_said(sentence: str) -> re.Match[str] | None:
    """A sentence saying the parents make a tree rooted at 1 (see the module's doc), else None."""
    return _SAID.fullmatch(sentence.rstrip(" ."))


def parents_line(said: re.Match[str], counts: dict[str, str], constraints: list[str], glosses: list[str]) -> str:
    """:data:`PARENTS_LINE` of the one list of parents (``counts``: each list's name -> its length):
    ``m - 1`` values bounded ``1 <= p_i <= m`` (vertices 2..m, each glossed a parent), the name
    the sentence gives where it gives one.  Raises ``_Unsupported`` naming the sentence."""
    if not any(re.search(r"\bparents?\b", g, re.I) for g in glosses):
        found: list[str] = []
    else:
        found = [
            name
            for name, count in counts.items()
            if re.fullmatch(r"([A-Za-z]\w*)-1", count)
            and f"1 <= {name}_i <= {count[:-2]}" in constraints
            and said.group(1) in (None, name)
        ]
    if len(found) != 1:
        line = said.group(0)
        raise _Unsupported(f"no one list of parents for {line!r}", kind="unsupported_format", line=line)
    return PARENTS_LINE.format(name=found[0])


def parents_tree(reader: Any, text: str) -> bool | None:
    """:data:`PARENTS_LINE`, recorded: tied to the list once its bounds are read (:func:`tie_parents`)."""
    m = _PARENTS_LINE.fullmatch(text)
    if not m:
        return None
    if m.group(1) not in reader.nodes:
        return False
    reader.graphs.append(("parents", text, m.group(1)))
    return True


def tie_parents(reader: Any, text: str) -> None:
    """The list drawn a tree rooted at the root, its vertices ``root..hi`` (its elements' bounds) --
    drawn so (``Node.graph``) and checked (``graph_is``); refused (naming ``text``) where the list is
    not one of integers bounded by the root and a size."""
    m = _PARENTS_LINE.fullmatch(text)
    node = reader.nodes.get(m.group(1)) if m else None
    elem = node.elem if node is not None and node.kind == "list" else None
    size = reader.nodes.get(elem.hi or "") if elem is not None and elem.hi != ELEMENT_INDEX else None
    if m is None or elem is None or elem.kind != "int" or elem.lo != m.group(2) or not size or size.kind != "int":
        raise _Unsupported(f"a list of parents not bounded by its vertices: {text!r}", "unsupported_constraint", text)
    node.graph = {"shape": "parents", "ends": "", "lo": m.group(2), "hi": elem.hi}
    reader.checks.append(f"graph_is('parents', {m.group(2)}, {elem.hi}, {m.group(1)})")
    size.size_like = True  # n vertices: drawn small like a length
