"""Constraint lines about structure rather than ranges: tuples (``edges[i] = [ui, vi, wi]``),
``ui != vi``, ``nums[i] != 0``, ``nums.length % 2 == 0``, permutations, trees, no repeated
edges, and sizes one off a length (``n == edges.length + 1``).

:func:`read_structure` returns True (read), False (a structural line not understood: the
caller gives up when it names an argument) or None (not a structural line: read it as a
range).  Each reading is checked against the existing tests like any other.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from microcoder_data.testgen.name_variants import variant_of
from microcoder_data.testgen.name_variants import with_variants
from microcoder_data.testgen.spec_model import _IDENT, Node, _Unsupported, evaluate_const, item_name
from microcoder_data.testgen.tuple_aliases import whole_list_aliases

_ALIAS = re.compile(r"\b([A-Za-z_]\w*)\[\s*[a-z]\s*\]\s*={1,2}\s*\[\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)\s*\]")
_TREE = re.compile(r"\b(?:valid|an? (?:undirected )?)\s*trees?\b|\bforms? a tree\b|\bis a tree\b", re.I)


def scan_aliases(statement: str, nodes: dict[str, Node]) -> dict[str, tuple[str, int, int]]:
    """``edges[i] = [ui, vi, wi]`` anywhere in the statement: ``vi`` is position 1 of
    ``edges``' elements (``location = [posx, posy]``: ``posy`` position 1 of ``location``).  A name given to two different positions is dropped (ambiguous)."""
    found: dict[str, set[tuple[str, int, int]]] = {}
    for m in _ALIAS.finditer(statement):
        name = m.group(1) if m.group(1) in nodes else variant_of(m.group(1), set(nodes)) or m.group(1)
        node = nodes.get(name)  # query[i] = [...] of an input queries: its singular names it
        if node is None or node.kind != "list" or node.elem is None or node.elem.kind != "list":
            continue
        for k, alias in enumerate(re.split(r"\s*,\s*", m.group(2))):
            if alias not in nodes:
                found.setdefault(alias, set()).add((name, 2, k))
    for alias, at in whole_list_aliases(statement, nodes):  # location = [posx, posy]: tuple_aliases
        found.setdefault(alias, set()).add(at)
    return {a: next(iter(v)) for a, v in found.items() if len(v) == 1}


def read_structure(reader: Any, text: str) -> bool | None:
    if _ALIAS.fullmatch(text.strip()):
        return reader.ref(_ALIAS.fullmatch(text.strip()).group(1) + "[i][0]") is not None  # type: ignore[union-attr]
    m = re.fullmatch(r"(.+?) != (.+)", text)
    if m and _not_equal(reader, m.group(1), m.group(2)):
        return True  # else maybe a condition on whole values (X != Y): the condition reader's
    m = re.fullmatch(r"(\S+) % (\d+) == 0", text)
    if m:
        ref = reader.ref(m.group(1))
        if not ref or ref[2] != "len":
            return False
        reader.node_at(ref[0], ref[1]).len_mod = int(m.group(2))
        return True
    m = re.fullmatch(r"(?:all (?:the )?|the )pairs \(([^)]*)\) are (?:distinct|unique)", text, re.I)
    if m:  # all pairs (xi, yi) are distinct: the tuples of one list
        refs = [reader.ref(w) for w in re.split(r"\s*,\s*", m.group(1))]
        if any(r is not None and r[2] == "val" and r[1] == 1 for r in refs):
            return None  # (A[i], B[i]) of two lists: the pairs' reading of separate lists (distinct_readings)
        if (
            not refs
            or any(r is None or not r[2].startswith("@") for r in refs)
            or len({(r[0], r[1]) for r in refs}) != 1
        ):
            return False
        reader.node_at(refs[0][0], refs[0][1] - 2).distinct = True
        return True
    m = re.fullmatch(r"each (?:character|letter) (?:occurs|appears) at most once in (\S+)", text, re.I)
    if m:
        ref = reader.ref(m.group(1))
        if not ref or ref[1:] != (0, "val") or reader.nodes[ref[0]].kind != "str":
            return False
        reader.nodes[ref[0]].distinct = True
        return True
    m = re.fullmatch(r"(\S+) is a permutation of ([A-Za-z_]\w*)", text)
    if m:  # t is a permutation of s (strings or lists)
        a, b = reader.nodes.get(m.group(1)), reader.nodes.get(m.group(2))
        if (
            m.group(1) not in reader.args
            or m.group(2) not in reader.args
            or not a
            or not b
            or a.kind != b.kind
            or a.kind not in ("str", "list")
        ):
            return False
        a.perm_of = m.group(2)
        return True
    return _sums_permutations_and_graphs(reader, text)


def _sums_permutations_and_graphs(reader: Any, text: str) -> bool | None:
    """The rest of :func:`read_structure`: total lengths, permutations of a range, trees, no repeated
    edges, a size one more than a list's length."""
    m = re.fullmatch(
        r"(?:the )?(?:total )?sum of (?:the )?(?:lengths? of )?(?:all )?(\S+?) (?:is less than or equal to|does not exceed|is at most|will not exceed|<=) (.+)",
        text,
        re.I,
    )
    if m:  # the total length of words' strings
        ref = reader.ref(m.group(1) if m.group(1).endswith(".length") else m.group(1) + ".length")
        if not ref or ref[2] != "len" or ref[1] < 1:
            return False
        outer = reader.node_at(ref[0], ref[1] - 1)
        if outer.kind != "list":
            return False
        outer.total_len_hi = reader.expr(m.group(2))
        return True
    m = re.fullmatch(r"(\S+) is a permutation of (?:the integers (?:in|from) )?\[(.+)\]", text, re.I)
    if m:
        return _permutation(reader, m.group(1), m.group(2))
    if _TREE.search(text):
        return _tree(reader, text)
    if re.search(r"\bno (?:repeated|duplicate|multiple) edges\b", text, re.I):
        edges = _edge_lists(reader, text)
        if len(edges) != 1:
            return False
        reader.nodes[edges[0]].pair_distinct = True
        return True
    m = re.fullmatch(r"([A-Za-z_]\w*) == (\S+) ([+-]) (\d+)|(\S+) ([+-]) (\d+) == ([A-Za-z_]\w*)", text)
    if m:  # n == edges.length + 1: the length is n - 1
        v, term, op, c = (
            (m.group(1), m.group(2), m.group(3), m.group(4))
            if m.group(1)
            else (m.group(8), m.group(5), m.group(6), m.group(7))
        )
        ref = reader.ref(term)
        if not ref or ref[2] != "len" or v in reader.args:
            return None
        if v not in reader.nodes:
            reader.nodes[v] = Node("int", size_like=True)
        reader.set_bound(ref, "eq", f"{v} {'-' if op == '+' else '+'} {c}")
        return True
    return None


def _not_equal(reader: Any, left: str, right: str) -> bool:
    a, b = (reader.ref(t) or reader.ref(with_variants(t, reader.names(), set(reader.aliases))) for t in (left, right))
    if a and b and a[2].startswith("@") and b[2].startswith("@") and (a[0], a[1]) == (b[0], b[1]):
        reader.item_ne.setdefault((a[0], a[1]), []).append((int(a[2][1:]), int(b[2][1:])))
        return True
    if a and not b and a[2] == "val" and re.fullmatch(r"-?\d+", right.strip()):
        node = reader.node_at(a[0], a[1])
        if node.kind not in ("int", "float"):
            return False
        node.exclude = sorted(set((node.exclude or []) + [int(right)]))
        return True
    return False


def _permutation(reader: Any, subject: str, span: str) -> bool:
    ref = reader.ref(subject)
    if not ref or ref[2] != "val":
        return False
    node = reader.node_at(ref[0], ref[1])
    if node.kind != "list" or node.elem is None or node.elem.kind != "int":
        return False
    ends = [p.strip() for p in span.split(",") if p.strip() not in ("...", "…")]
    if len(ends) < 2 or re.search(r"[()]|\b(?:and|is)\b", span):
        return False
    if len(ends) > 2:  # (1, 2, ..., N): steps of one, or not this reading ("(2, 4, ..., 2N)")
        first, second = reader.expr(ends[0]), reader.expr(ends[1])
        if not (first.isdigit() and second.isdigit() and int(second) == int(first) + 1):
            return False
    lo, hi = reader.expr(ends[0]), reader.expr(ends[-1])
    node.perm = (lo, hi)
    node.distinct = True
    node.elem.lo, node.elem.hi = node.elem.lo or lo, node.elem.hi or hi
    return True


def _edge_lists(reader: Any, text: str) -> list[str]:
    """The arguments a line names that are lists of int tuples; with none named, the one
    such argument called ``edges...`` if there is exactly one."""

    def is_edges(a: str) -> bool:
        n = reader.nodes[a]
        return (
            n.kind == "list"
            and n.elem is not None
            and n.elem.kind == "list"
            and n.elem.elem is not None
            and n.elem.elem.kind == "int"
            and _pairs(reader.bounds.get((a, 1, "len"), {}))
        )

    named = [w for w in dict.fromkeys(re.findall(r"[A-Za-z_]\w*", text)) if w in reader.args]
    if named:
        return named if all(is_edges(a) for a in named) else []
    unnamed = [a for a in reader.args if is_edges(a) and a.lower().startswith("edges")]
    return unnamed if len(unnamed) == 1 else []


def _pairs(said: dict) -> bool:
    """Rows that may be edges: no length said, or one fixed ("graph[u].length < n": adjacency lists, not edges)."""
    return not said or said.get("eq") is not None or said.get("lo") == said.get("hi")


def _tree(reader: Any, text: str) -> bool:
    """ "edges represents a valid tree", "edges1 and edges2 represent valid trees"."""
    if re.search(r"\b(not|binary|rooted|forest)\b", text, re.I):
        return False
    edges = _edge_lists(reader, text)
    if not edges or not all(ends_first(reader, a) for a in edges):
        return False
    for a in edges:
        reader.nodes[a].tree = True
    return True


_END_NAME = re.compile(r"(?:[abuvxy]|from|to|src|dst|source|target|start|end|node|parent|child)\w?\d?i?", re.I)


def ends_first(reader: Any, name: str) -> bool:
    """Whether the tree's ends are the rows' first two positions (where the tree is drawn): rows of two,
    or longer rows whose first two positions are named like ends (``[ui, vi, wi]``, not ``[wi, ui, vi]``)."""
    said = reader.bounds.get((name, 1, "len"), {})
    at = {k: n for n, (lst, d, k) in reader.aliases.items() if lst == name and d == 2}
    if str(said.get("eq", said.get("hi", ""))) in ("", "2") and len(at) <= 2:
        return True
    return all(k in at and _END_NAME.fullmatch(at[k]) for k in (0, 1))


def _narrow(old: str | None, new: str | None, pick: str) -> str | None:
    """A position's bound ``new`` within the element's ``old`` (``pick``: max for a lower, min for an upper)."""
    return f"{pick}({old}, {new})" if old and new and old != new else new or old


def make_items(reader: Any, positional: dict[tuple[str, int, str], dict[str, str]]) -> None:
    """One node per position of the tuples that positional bounds (or ``!=``) name, copied
    from the element node (with its bounds) and then bounded position by position."""
    lists = {(n, d) for n, d, _ in positional} | set(reader.item_ne)
    # a list of tuples named position by position; a flat list (``location = [posx, posy]``) only where a bound names one
    lists |= {(n, d) for n, d, _ in reader.aliases.values() if d >= 2}
    lists |= {(n, d) for n, d, _ in reader.position_alphabets}  # a position's own characters: subjects.py
    for name, depth in sorted(lists):
        tup = reader.node_at(name, depth - 1)
        if depth < 1 or tup.kind != "list" or tup.elem is None:
            raise _Unsupported(f"positions of {name} that is not a list of lists")
        size = evaluate_const(tup.len_lo) if tup.len_lo == tup.len_hi else None
        named = [k for n, d, k in reader.aliases.values() if (n, d) == (name, depth)]
        if size is None and named:
            size = max(named) + 1
            tup.len_lo = tup.len_hi = str(size)
        if not size or size > 8:
            raise _Unsupported(f"positions of {name}[i] named but its length is not fixed")
        tup.items = [copy.deepcopy(tup.elem) for _ in range(size)]
        tup.item_names = [item_name(name, k) for k in range(size)]
        for (n, d, attr), b in positional.items():
            if (n, d) != (name, depth):
                continue
            k = int(attr[1:].removesuffix(".len"))
            if k >= size:
                raise _Unsupported(f"{name}[i][{k}] beyond the length {size}")
            item = tup.items[k]
            lo, hi = b.get("lo"), b.get("hi")
            if "eq" in b:
                lo = hi = b["eq"]
            # within the element's own bounds too (``0 <= edges[i][j] <= 5`` beside ``0 <= ui <= 100``)
            if attr.endswith(".len"):  # Ai.length: the length of the string at that position
                item.len_lo, item.len_hi = _narrow(item.len_lo, lo, "max"), _narrow(item.len_hi, hi, "min")
            else:
                item.lo, item.hi = _narrow(item.lo, lo, "max"), _narrow(item.hi, hi, "min")
        for (n, d, k), chars in reader.position_alphabets.items():
            if (n, d) == (name, depth) and (k >= size or tup.items[k].kind != "str"):
                raise _Unsupported(f"characters of {name}[i][{k}] that is not a string of the tuple")
            if (n, d) == (name, depth):  # within the element's own, where a line stated one too
                own = tup.items[k].alphabet
                tup.items[k].alphabet = chars if own is None else "".join(c for c in chars if c in own)
        tup.item_ne = reader.item_ne.get((name, depth))
        # positions another's bounds name are drawn first
        deps = {
            k: {
                j
                for j, nm in enumerate(tup.item_names)
                if j != k
                for e in (it.lo, it.hi)
                if e
                for w in _IDENT.findall(e)
                if w == nm
            }
            for k, it in enumerate(tup.items)
        }
        order: list[int] = []
        while len(order) < size:
            ready = [k for k in range(size) if k not in order and deps[k] <= set(order)]
            if not ready:
                raise _Unsupported(f"circular bounds among the positions of {name}[i]")
            order.append(ready[0])
        tup.item_order = order
