"""Relations between terms of the input, read by one grammar: a chain of comparisons whose every
term is an expression over the inputs (names, lengths, elements indexed by a free index variable
``i`` / ``i + 1`` / ``j``, rows' positions ``bottomLeft[i][0]``, ``abs``, ``int`` of a digit string,
``min``, ``max``), optionally qualified (``(i != j)``, ``for all valid i``, ``For all i, j that i !=
j, ...``).  Such a line becomes one whole-input check (spec_expr's language: nested ``all(... for i
in range(len(x)))``), so every drawn, large and edited input and every existing test must satisfy
it -- at every assignment of the index variables where each element it names exists ("for all
valid i": ``nums[i + 1]`` of the last ``i`` names nothing).

Only lines the plain readings cannot read are taken (an element inside arithmetic or a call,
elements of different lists or positions compared, two index variables, a qualifier); a bound of
one element (``1 <= nums[i] <= 10^4``, ``l[i] < r[i]``) stays theirs, drawn.  A line whose terms do
not all resolve is not this reading's (None): the reader refuses it naming the line.
"""

from __future__ import annotations

import ast
import copy
import re
from typing import Any

from microcoder_data.testgen.index_base import numbers_from_one
from microcoder_data.testgen.matrices import read_matrix
from microcoder_data.testgen.name_variants import with_variants
from microcoder_data.testgen.spec_expr import ExprError, evaluate, parse_expr

_OPS = re.compile(r"\s*(<=|>=|==|!=|<|>)\s*")
_CALLS = {"abs": "abs", "int": "decimal_value", "min": "min", "max": "max", "len": "len"}
_NEW_CALLS = {"abs", "decimal_value"}  # calls no plain reading reads
_PAIR = r"(?P<a>[a-z]) ?!= ?(?P<b>[a-z])"
_QUALIFIERS = (  # "For all i, j that i != j, R", "R (i != j)", "R if i != j", "R for all valid i"
    re.compile(rf"for (?:all|every|each) [a-z], ?[a-z] (?:that|such that|with|where) {_PAIR},? (?P<body>.+)", re.I),
    re.compile(rf"(?P<body>.+?),? \({_PAIR}\)"),
    re.compile(rf"(?P<body>.+?),? (?:for|if|when|where) {_PAIR}"),
    re.compile(r"(?P<body>.+?),? for (?:all|every|each|any) (?:valid )?[a-z]"),
)


def _qualified(text: str) -> tuple[str, str | None] | None:
    """(the relation, its condition ``i != j`` or None); None where a clause other than these qualifies it."""
    for pattern in _QUALIFIERS:
        m = pattern.fullmatch(text)
        if m:
            pair = m.groupdict()
            return m.group("body"), (f"{pair['a']} != {pair['b']}" if pair.get("a") else None)
    if re.search(r"\b(?:for|if|where|when|such that|then)\b|:", text, re.I):
        return None
    return text, None


def _term_text(reader: Any, term: str) -> str:
    """The term in the expression language: ``x.length`` -> ``len(x)``, ``^`` -> ``**``, ``int`` ->
    ``decimal_value``, a name's singular or plural -> the input's name."""
    t = with_variants(term.strip(), reader.names(), set(reader.aliases) | set(_CALLS))
    t = re.sub(r"([A-Za-z_]\w*(?:\[[^\]]+\])*)\s*(?:\.length|\.size\(\))", r"len(\1)", t)
    t = t.replace("^", "**")
    return re.sub(r"\b(abs|int|min|max|len)\(", lambda m: _CALLS[m.group(1)] + "(", t)


def _index_var(reader: Any, node: ast.expr) -> str | None:
    """The index variable an index names (``i``, ``i + 1``, ``j - 1``), or None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        if isinstance(node.right, ast.Constant) and isinstance(node.right.value, int):
            node = node.left
    if isinstance(node, ast.Name) and re.fullmatch(r"[a-z]", node.id) and node.id not in reader.nodes:
        return node.id
    return None


def _access(reader: Any, sub: ast.Subscript) -> tuple[str, int] | None:
    """(the input an element chain starts from, its depth), where every index is an index variable
    (with an offset) or a constant position that always exists; else None."""
    chain = _chain(sub)
    root = chain[-1].value
    if not isinstance(root, ast.Name) or root.id not in reader.nodes:
        return None
    for level, s in enumerate(reversed(chain)):  # level: the indexes before this one
        index = s.slice
        if isinstance(index, ast.Constant) and type(index.value) is int:
            if not _always_there(reader, root.id, level, index.value):
                return None
        elif _index_var(reader, index) is None:
            return None
    return root.id, len(chain)


def _always_there(reader: Any, name: str, level: int, k: int) -> bool:
    """Whether position ``k`` (LeetCode's notation, from 0) of ``name``'s lists at ``level`` exists in
    every input: the length stated at least ``k + 1`` before this line.  Not where the statement numbers
    positions from 1 (AtCoder's, or "a 1-indexed array nums"): unsure which element it names.  A row
    of named positions (``queries[i] = [l_i, r_i]``) has them all."""
    if reader.first_index or numbers_from_one(reader.statement):
        return False
    row = re.search(rf"\b{re.escape(name)}\[[a-z]\] ?= ?\[([^\]]+)\]", reader.statement)
    if level == 1 and row and k < len(row.group(1).split(",")):
        return True
    stated = reader.bounds.get((name, level, "len"), {})
    least = stated.get("eq", stated.get("lo", ""))
    return str(least).isdigit() and k < int(least)


def _kind(reader: Any, e: ast.expr) -> str | None:
    """``num``, ``str`` or ``list`` of a term's value (None: it does not resolve to the input)."""
    if isinstance(e, ast.Constant):
        v = e.value
        return (
            "str" if isinstance(v, str) else "num" if isinstance(v, (int, float)) and not isinstance(v, bool) else None
        )
    if isinstance(e, (ast.Name, ast.Subscript)):
        ref = (e.id, 0) if isinstance(e, ast.Name) and e.id in reader.nodes else None
        ref = ref or (_access(reader, e) if isinstance(e, ast.Subscript) else None)
        try:
            node = reader.node_at(*ref) if ref else None
        except Exception:  # indexed deeper than the input goes
            return None
        return None if node is None else {"int": "num", "float": "num"}.get(node.kind, node.kind)
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd)):
        return "num" if _kind(reader, e.operand) == "num" else None
    if isinstance(e, ast.BinOp) and not isinstance(e.op, (ast.BitXor, ast.BitAnd, ast.BitOr, ast.MatMult)):
        return "num" if _kind(reader, e.left) == _kind(reader, e.right) == "num" else None
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id in _CALLS.values() and e.args:
        kinds = [_kind(reader, a) for a in e.args]
        wanted = {"len": ("list", "str"), "decimal_value": ("str",), "abs": ("num",)}.get(e.func.id, ("num",))
        single = e.func.id in ("len", "decimal_value", "abs")
        ok = all(k in wanted for k in kinds) and (len(kinds) == 1 or not single)
        return "num" if ok else None
    return None


def _elements(reader: Any, e: ast.expr) -> list[ast.Subscript]:
    """The whole element chains of ``e`` (``D[i][j]``, not its ``D[i]``) that name an index variable."""
    inner = {id(n.value) for n in ast.walk(e) if isinstance(n, ast.Subscript)}
    return [
        n
        for n in ast.walk(e)
        if isinstance(n, ast.Subscript) and id(n) not in inner and any(_index_var(reader, s.slice) for s in _chain(n))
    ]


def _chain(sub: ast.expr) -> list[ast.Subscript]:
    out = []
    while isinstance(sub, ast.Subscript):
        out.append(sub)
        sub = sub.value
    return out


def _unwrapped(tree: ast.expr) -> ast.expr:
    """The element whose length ``tree`` is (``len(queries[i])``), else ``tree``."""
    if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id == "len" and len(tree.args) == 1:
        return tree.args[0]
    return tree


def _plain_bound(reader: Any, trees: list[ast.expr], ops: list[str], elements: list[list[ast.Subscript]]) -> bool:
    """Whether the line is what the range and pair readings read (drawn there): one element bounded by
    terms naming none, elements of flat number lists or of one list's rows at one index ordered (``l[i] <
    r[i]``, ``queries[i][0] <= queries[i][1]``), two flat number lists differing (``A[i] != B[i]``)."""
    if any(found and (len(found) > 1 or found[0] is not _unwrapped(tree)) for tree, found in zip(trees, elements)):
        return False  # an element inside arithmetic or a call (but its length: ``queries[i].length == 2``)
    chains = [found[0] for found in elements if found]
    if len(chains) <= 1 or all(_unwrapped(t) is not t for t, found in zip(trees, elements) if found):
        return True  # one element bounded, or elements' lengths (``a[i].length == b[i].length == 2``)
    texts = {ast.unparse(s.slice) for c in chains for s in _chain(c) if _index_var(reader, s.slice)}
    if len(texts) != 1 or not re.fullmatch(r"[a-z]", next(iter(texts))):
        return False  # two index variables, or an offset (neighbours)
    accesses = [_access(reader, c) for c in chains]
    flat = all(a and a[1] == 1 and reader.node_at(*a).kind in ("int", "float") for a in accesses)
    rows = len({a[0] for a in accesses if a}) == 1 and all(a and a[1] == 2 for a in accesses)
    ordering = all(o in ("<", "<=", ">", ">=") for o in ops)
    return (ordering and (flat or rows)) or (flat and ops == ["!="] and len(chains) == 2)


def _ranged(reader: Any, text: str) -> bool:
    """Whether the range reading reads ``text`` (``0 <= m[i] <= a[i] + b[i]``: each ``m`` drawn under the
    sum at its position), tried on a copy of the reader: then it is that reading's, drawn."""
    trial = copy.deepcopy(reader)
    try:
        return bool(trial.range_or_condition(text))
    except Exception:  # refused there: this grammar's
        return False


def read_relation(reader: Any, text: str) -> bool | None:
    """A relation line as a check (True); None where it is not this grammar's or the plain readings'."""
    qualified = _qualified(text)
    if qualified is None:
        return None
    body, cond = qualified
    parts = _OPS.split(body)
    terms, ops = parts[0::2], parts[1::2]
    if len(terms) < 2:
        return None
    listed = _each_term(reader, terms, ops) if not cond else None
    if listed is not None:
        return all(reader.read(line, False) for line in listed)
    try:
        trees = [ast.parse(_term_text(reader, t), mode="eval").body for t in terms]
    except SyntaxError:
        return None
    kinds = [_kind(reader, t) for t in trees]
    if None in kinds or (any(o not in ("==", "!=") for o in ops) and set(kinds) != {"num"}):
        return None  # a term not resolved, or strings ordered
    if any(o in ("==", "!=") for o in ops) and len(set(kinds)) != 1:
        return None
    if any(_same_element(a, b) for a, b in zip(trees, trees[1:])):
        return None  # ``a[i] != a[i] + 1``: always so, or never -- a neighbour (a[i + 1]) its author meant
    elements = [_elements(reader, t) for t in trees]
    calls = {n.func.id for t in trees for n in ast.walk(t) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    if not cond and not calls & _NEW_CALLS and (_plain_bound(reader, trees, ops, elements) or _ranged(reader, text)):
        return None
    if ops == ["!="] and all(len(f) == 1 and f[0] is t for t, f in zip(trees, elements)):
        one_var = all(len(_free(reader, t)) == 1 for t in trees)  # A[i], A[j]; not grid[i][j], grid[j][i]
        if len({(_access(reader, f[0]) or ("",))[0] for f in elements}) == 1 and cond and one_var:
            return None  # ``A[i] != A[j] if i != j``: distinct values, the distinct readings' (drawn)
    texts = [ast.unparse(t) for t in trees]
    relation = " ".join(x for pair in zip(texts, [*ops, ""]) for x in pair).strip()
    check = _quantified(reader, relation, [s for found in elements for s in found], cond)
    if check is None:
        return None
    try:
        parse_expr(check)  # the spec's language, eval-free
    except ExprError:
        return None
    reader.checks.append(check)
    _drawn_links(reader, texts, ops, cond)
    if not cond:
        _inner_bounds(reader, terms, ops, elements)
    return True


def _top_level_split(term: str) -> list[str]:
    """``w[i], p[i] * w[i]`` -> its comma-separated items (commas inside brackets or calls split nothing)."""
    items, depth, cur = [], 0, ""
    for ch in term:
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            items, cur = [*items, cur.strip()], ""
        else:
            cur += ch
    return [*items, cur.strip()]


def _each_term(reader: Any, terms: list[str], ops: list[str]) -> list[str] | None:
    """``1 <= w[i], p[i] * w[i] <= 2 * 10^5`` (Codeforces' ``1 <= w_i, p_i * w_i <= 2 * 10^5``): a comma
    list between a chain's two ends bounds each item by both, as ``1 <= a, b <= n`` does -- one line per
    item, each read on its own (a bound drawn, a relation checked).  Only where an item is arithmetic."""
    if len(terms) != 3:
        return None
    items = _top_level_split(terms[1])
    if len(items) < 2 or any(not x for x in items) or not any(re.search(r"[-+*/^(]", x) for x in items):
        return None  # plain references (``a.length, b.length``, ``xi, yi``): the range reading's, as they were
    if any(_top_level_split(t)[1:] for t in (terms[0], terms[2])):
        return None  # a list at an end too: not one chain
    return [f"{terms[0]} {ops[0]} {x} {ops[1]} {terms[2]}" for x in items]


def _same_element(a: ast.expr, b: ast.expr) -> bool:
    """Whether two terms are one element (``a[i]``) give or take a constant (``a[i] + 1``)."""

    def base(e: ast.expr) -> ast.expr:
        plus = isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Sub)) and isinstance(e.right, ast.Constant)
        return e.left if plus else e  # type: ignore[union-attr]

    x, y = base(a), base(b)
    return isinstance(x, ast.Subscript) and ast.dump(x) == ast.dump(y) and (x is not a or y is not b)


def _inner_bounds(reader: Any, terms: list[str], ops: list[str], elements: list[list[ast.Subscript]]) -> None:
    """``1 <= a[i] <= a[i] + k[i] * d[i] <= n``: each plain reference between the chain's two ends (which
    name no element) is bounded by them, as a range line (``1 <= a[i] <= n``) the reader draws -- implied by
    the chain, which the check still holds whole.  A bound the reader cannot read is left to the check."""
    flipped = {">": "<", ">=": "<="}
    if all(o in flipped for o in ops):
        terms, ops, elements = terms[::-1], [flipped[o] for o in reversed(ops)], elements[::-1]
    if len(terms) < 3 or not all(o in ("<", "<=") for o in ops) or elements[0] or elements[-1]:
        return
    for term in terms[1:-1]:
        if reader.ref(term) is None:
            continue  # arithmetic, or not a reference of the input
        try:
            reader.range_or_condition(f"{terms[0]} <= {term} <= {terms[-1]}")
        except Exception:  # not a bound the reader reads: the check alone holds the chain
            continue


def _drawn_links(reader: Any, texts: list[str], ops: list[str], cond: str | None) -> None:
    """A chain's link ``D[i][j] == D[j][i]`` also drawn so (a symmetric matrix, matrices.py): a random
    draw would almost never hold it.  The qualifier ``i != j`` may be dropped for it, as the link holds
    where ``i == j`` anyway (both sides the same element then)."""
    for a, op, b in zip(texts, ops, texts[1:]):
        vars_ = re.findall(r"([a-z]) != ([a-z])", cond or "")
        same = not vars_ or all(re.sub(rf"\b{y}\b", x, a) == re.sub(rf"\b{y}\b", x, b) for x, y in vars_)
        if op == "==" and same:
            read_matrix(reader, f"{a} == {b}")


def _quantified(reader: Any, relation: str, chains: list[ast.Subscript], cond: str | None) -> str | None:
    """``relation`` for every assignment of its index variables where each element it names exists:
    each variable ranges over the positions of the first list it indexes whose own indices are bound
    already; every other access guarded (``0 <= i + 1 < len(nums)``)."""
    accesses = [(s.value, s.slice) for c in chains for s in reversed(_chain(c))]  # outer lists first
    wanted = sorted({v for _, i in accesses if (v := _index_var(reader, i))} | set(re.findall(r"[a-z]", cond or "")))
    bound: list[tuple[str, str]] = []  # (variable, the list it ranges over)
    while len(bound) < len(wanted):
        done = {v for v, _ in bound}
        pick = next(
            (
                (i.id, ast.unparse(c))
                for c, i in accesses
                if isinstance(i, ast.Name) and i.id in wanted and i.id not in done and _bound_list(reader, c, done)
            ),
            None,
        )
        if pick is None or (bound and not _free(reader, ast.parse(pick[1], mode="eval").body)):
            # a variable only offset (``nums[i + 1]`` alone) or ranging over nothing bound; or a second one
            # over a list of its own (``A[i] + B[j]``): pairs of two long lists, too many to check
            return None
        if pick[1] in {over for _, over in bound}:
            return None  # a second over the same list (``grid[i][j] != grid[i][k]``): pairs of a long row
        bound.append(pick)
    guards = [
        f"0 <= {ast.unparse(i)} < len({ast.unparse(c)})"
        for c, i in accesses
        if _index_var(reader, i) and (ast.unparse(i), ast.unparse(c)) not in {(v, over) for v, over in bound}
    ]  # a constant position is there always (_access)
    guards = list(dict.fromkeys(guards + ([cond] if cond else [])))
    body = f"not ({' and '.join(guards)}) or ({relation})" if guards else relation
    for v, over in reversed(bound):
        body = f"all({body} for {v} in range(len({over})))"
    return body


def _bound_list(reader: Any, c: ast.expr, done: set[str]) -> bool:
    """Whether a variable may range over ``c``'s positions: each index of ``c`` a variable bound already,
    no offset (``grid[i + 1]`` of the last ``i`` is no list)."""
    return all(isinstance(s.slice, ast.Name) and s.slice.id in done for s in _chain(c))


def _free(reader: Any, e: ast.expr) -> set[str]:
    """The index variables ``e`` names."""
    return {n.id for n in ast.walk(e) if isinstance(n, ast.Name) and _index_var(reader, n)}


_ONE_VARIABLE = re.compile(r"all\((.+) for ([a-z]) in range\(len\(([A-Za-z_]\w*)\)\)\)")
REDRAWS = 20  # tries per position before the draw is left to the checks (which reject it)


def _offset(index: ast.expr) -> int:
    """``i + 1`` -> 1, ``i - 1`` -> -1, ``i`` -> 0."""
    if isinstance(index, ast.BinOp) and isinstance(index.right, ast.Constant):
        return index.right.value if isinstance(index.op, ast.Add) else -index.right.value
    return 0


def redraw_relations(checks: list[str], nodes: dict[str, Any], env: dict[str, Any], draw: Any) -> None:
    """Where a relation over one index variable fails at a position (``nums[i] + nums[i + 1] <= 150``,
    ``bottomLeft[i][0] < topRight[i][0]``), redraw the elements at the furthest position it names, left
    to right, up to :data:`REDRAWS` times a position, until every such relation holds there (``draw(node,
    k)``: one element of that list at position ``k``): a long list would almost never hold it at every
    position by chance.  The checks still decide."""
    relations = [r for r in map(_one_variable, checks) if r and all(_redrawable(nodes, env, x) for x in r[3])]
    for k in range(max((len(env[over]) for _, _, over, _ in relations), default=0)):
        for _ in range(REDRAWS):
            failing = next((r for r in relations if k < len(env[r[2]]) and not evaluate(r[0], {**env, r[1]: k})), None)
            if failing is None:
                break
            furthest = max(failing[3].values())
            for x in (x for x, c in failing[3].items() if c == furthest and 0 <= k + c < len(env[x])):
                env[x][k + furthest] = draw(nodes[x].elem, k + furthest)


def _one_variable(check: str) -> tuple[str, str, str, dict[str, int]] | None:
    """(body, variable, the list it ranges over, each list's furthest offset) of a check over one index
    variable, else None."""
    m = _ONE_VARIABLE.fullmatch(check)
    if not m or " for " in m.group(1):
        return None
    body, var, over = m.groups()
    offsets: dict[str, int] = {}
    for n in ast.walk(ast.parse(body, mode="eval")):
        if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name):
            offsets[n.value.id] = max(offsets.get(n.value.id, 0), _offset(n.slice))
    return (body, var, over, offsets) if offsets else None


def _redrawable(nodes: dict[str, Any], env: dict[str, Any], name: str) -> bool:
    return isinstance(env.get(name), list) and name in nodes and nodes[name].elem is not None


ENTRIES = (
    (
        "a relation between terms of the input (one grammar)",
        (
            "nums[i] + nums[i+1] <= 150",
            "nums[i] * 2 < n + 5",
            "abs(a - b) <= 10",
            "1 <= int(s) <= int(t) < 10^100",
            "original[i] != changed[i]",
            "queens[i][0] * 2 < queens[i][1] + n",  # rows of two: queens[i] = [xQueeni, yQueeni]
            "1 <= nums[i] <= nums[i] + nums1[i] * nums2[i] <= n",
            "A[i][j] == A[j][i] > 0 (i != j)",
            "For all i, j that i != j, grid[i][j] != grid[j][i]",
            "nums1[i] * nums2[i] <= 2 * 10^5",
            "1 <= nums1[i], nums1[i] * nums2[i] <= 2 * 10^5",
        ),
        "checked",
        read_relation,
    ),
)
