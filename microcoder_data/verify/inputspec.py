"""What a functional problem's inputs are: argument types and stated constraints.

``input_spec(problem)`` returns an :class:`InputSpec` (one :class:`Node` tree per
argument) or a :class:`NoSpec` whose ``reason`` says why no inputs can be generated with
confidence.  Types come from the starter code's type hints (``int``, ``float``, ``str``,
``bool``, ``List[...]``), else from the values of the existing tests.  Ranges come from
the statement's ``Constraints:`` section, LeetCode's notation::

    1 <= nums.length <= 10^5        n == nums.length        1 <= m, n <= 200
    -10^4 <= nums[i] <= 10^4        grid[i].length == 3     1 <= k <= n / 2
    s consists of lowercase English letters     All the integers of nums are unique
    grid[i][j] is either 0 or 1     nums is sorted in non-decreasing order

(``105`` is read as 10^5: LeetCode's superscripts lose their caret when scraped).

The confidence rule (being wrong here means a test no correct program need pass):

* a constraint line that names an argument but is not understood -> no spec;
* every integer/float the spec must produce has both bounds, from the statement;
* every existing test input satisfies the spec (else the reading is wrong -> no spec);
* with no ``Constraints:`` section at all (MBPP, HumanEval), ranges are the span of the
  existing tests' values: narrower than the problem allows, never outside what it shows.
"""
from __future__ import annotations

import ast
import json
import re
import string
from dataclasses import dataclass
from typing import Any

from microcoder_data.schema import Problem

MANGLED_POW = {"231": "2**31", "232": "2**32", "263": "2**63", "264": "2**64"}


@dataclass
class Node:
    kind: str  # int | float | bool | str | list
    elem: "Node | None" = None  # list element
    lo: str | None = None  # value bounds (python expressions over the other arguments)
    hi: str | None = None
    len_lo: str | None = None  # str/list length bounds
    len_hi: str | None = None
    alphabet: str | None = None  # str characters
    choices: list[Any] | None = None  # value is one of these
    distinct: bool = False
    order: str | None = None  # asc | strict | desc
    size_like: bool = False  # an int other lengths depend on: drawn small


@dataclass
class InputSpec:
    args: list[str]  # argument names, call order
    nodes: dict[str, Node]  # args and virtual sizes (``n`` of ``n == nums.length``)
    order: list[str]  # generation order (dependencies first)
    keyword: bool  # tests pass keyword arguments (JSON object) or positional (array)
    source: str  # "constraints" | "examples"


@dataclass
class NoSpec:
    reason: str


class _Unsupported(Exception):
    pass


# --------------------------------------------------------------------------- types


def _signature(p: Problem) -> tuple[list[str], dict[str, ast.expr | None]]:
    """Argument names and annotations of the entry point in the starter code (or the
    reference, when there is no starter code)."""
    for src in (p.starter_code, *(p.reference_solutions[:1])):
        if not src or not src.strip():
            continue
        try:
            tree = ast.parse(src if src.rstrip().endswith(("pass", "...")) else src.rstrip() + "\n        pass\n")
        except SyntaxError:
            try:
                tree = ast.parse(src)
            except SyntaxError:
                continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == p.fn_name:
                args = [a for a in node.args.posonlyargs + node.args.args]
                if args and args[0].arg in ("self", "cls"):
                    args = args[1:]
                if node.args.vararg or node.args.kwarg:
                    raise _Unsupported("entry point takes *args/**kwargs")
                return [a.arg for a in args], {a.arg: a.annotation for a in args}
    raise _Unsupported(f"entry point {p.fn_name!r} not found in the starter code")


def _from_hint(ann: ast.expr | None) -> Node | None:
    if ann is None:
        return None
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        try:
            ann = ast.parse(ann.value, mode="eval").body
        except SyntaxError:
            raise _Unsupported(f"type hint {ann.value!r}")
    if isinstance(ann, ast.Name) and ann.id in ("int", "float", "str", "bool"):
        return Node(ann.id)
    if isinstance(ann, ast.Subscript):
        base = ann.value.id if isinstance(ann.value, ast.Name) else getattr(ann.value, "attr", "")
        if base in ("List", "list"):
            inner = _from_hint(ann.slice)
            if inner is None:
                raise _Unsupported("untyped list")
            return Node("list", elem=inner)
    raise _Unsupported(f"type hint {ast.unparse(ann)!r}")


def _from_value(v: Any) -> Node | None:
    if isinstance(v, bool):
        return Node("bool")
    if isinstance(v, int):
        return Node("int")
    if isinstance(v, float):
        return Node("float")
    if isinstance(v, str):
        return Node("str")
    if isinstance(v, list):
        elems = [_from_value(x) for x in v]
        kinds = {_shape(e) for e in elems}
        if len(kinds) > 1:
            if kinds <= {"int", "float"}:
                return Node("list", elem=Node("float"))
            raise _Unsupported("list of mixed types")
        return Node("list", elem=elems[0] if elems else None)
    raise _Unsupported(f"argument of type {type(v).__name__}")


def _shape(n: Node | None) -> str:
    if n is None:
        return "?"
    return n.kind if n.kind != "list" else f"list[{_shape(n.elem)}]"


def _merge(a: Node | None, b: Node | None) -> Node | None:
    """Types seen in two examples (an empty list's element type is learnt elsewhere)."""
    if a is None:
        return b
    if b is None:
        return a
    if {a.kind, b.kind} == {"int", "float"}:
        return Node("float")
    if a.kind != b.kind:
        raise _Unsupported(f"argument is {a.kind} in one test and {b.kind} in another")
    if a.kind == "list":
        return Node("list", elem=_merge(a.elem, b.elem))
    return a


# --------------------------------------------------------------------------- numbers

_NUM = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w.])")


def _fix_numbers(text: str, mangled: bool) -> str:
    text = text.replace("^", "**").replace("×", "*").replace("−", "-")
    text = re.sub(r"(\d)\s*\*\*\s*(\d)", r"\1**\2", text)
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)  # 10,000
    if not mangled:
        return text

    def sub(m: re.Match) -> str:
        s = m.group(1)
        start = m.start(1)
        if start >= 2 and text[start - 2:start] == "**":
            return s
        if len(s) == 3 and s.startswith("10") and s[2] != "0":
            return f"10**{s[2]}"
        if s in MANGLED_POW:
            return MANGLED_POW[s]
        return s

    return _NUM.sub(sub, text)


# --------------------------------------------------------------------------- constraints

_REF = re.compile(r"^([A-Za-z_]\w*)((?:\s*\[\s*\w+\s*\])*)(\.length|\.size\(\))?$")
_IDENT = re.compile(r"[A-Za-z_]\w*")
_SAFE_NODES = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Name, ast.Load, ast.Call,
               ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Pow, ast.Mod, ast.USub, ast.UAdd,
               ast.Subscript)


def constraint_lines(statement: str) -> list[str] | None:
    """The lines of the statement's Constraints section (None when it has none)."""
    m = re.search(r"(?im)^\s*constraints\s*:?\s*$", statement)
    if not m:
        return None
    lines = []
    for raw in statement[m.end():].splitlines():
        line = re.sub(r"^[•*·\-]\s+", "", raw.replace("\u00a0", " ").replace("\u200b", "").strip()).strip()
        if not line:
            continue
        if re.match(r"(?i)(follow[- ]?up|note|example|hint|explanation)\b", line):
            break
        lines.append(line)
    return lines


def _parse_ref(term: str, names: set[str]) -> tuple[str, int, str] | None:
    """``nums[i].length`` -> ("nums", 1, "len"); None if not a reference to a known name."""
    m = _REF.match(term.strip())
    if not m or m.group(1) not in names:
        return None
    depth = m.group(2).count("[")
    return m.group(1), depth, ("len" if m.group(3) else "val")


def _expr(term: str, names: set[str]) -> str:
    """A bound as a python expression over argument names (``nums.length`` -> ``len(nums)``)."""
    t = term.strip()
    t = re.sub(r"([A-Za-z_]\w*)((?:\[\s*\w+\s*\])*)\.length", lambda m: "len(" + m.group(1) + "[0]" * m.group(2).count("[") + ")", t)
    t = re.sub(r"(?<![\w*])/(?!/)", "//", t)
    try:
        tree = ast.parse(t, mode="eval")
    except SyntaxError:
        raise _Unsupported(f"bound {term!r}")
    for node in ast.walk(tree):
        if not isinstance(node, _SAFE_NODES):
            raise _Unsupported(f"bound {term!r}")
        if isinstance(node, ast.Name) and node.id not in names and node.id != "len":
            raise _Unsupported(f"bound {term!r} names {node.id!r}")
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id == "len"):
            raise _Unsupported(f"bound {term!r}")
    return t


def evaluate(expr: str, env: dict[str, Any]) -> Any:
    return eval(compile(expr, "<bound>", "eval"), {"__builtins__": {}, "len": len}, env)  # checked by _expr


_CHARSETS = [
    (r"lower\s*-?case", string.ascii_lowercase),
    (r"upper\s*-?case", string.ascii_uppercase),
    (r"digits?", string.digits),
]


def _alphabet(text: str) -> str | None:
    t = text.lower()
    if re.search(r"\b(exactly|at least|at most|only one|valid|balanced|sorted|words?|spaces?|space)\b", t):
        return None
    chars: set[str] = set()
    for pat, cs in _CHARSETS:
        if re.search(pat, t):
            chars |= set(cs)
    if "letter" in t and not re.search(r"lower|upper", t):
        chars |= set(string.ascii_letters)
    quoted = re.findall(r"'(.)'|\"(.)\"", text)
    for a, b in quoted:
        chars.add(a or b)
    rest = re.sub(r"'.'|\".\"|lower\s*-?case|upper\s*-?case|english|letters?|digits?|characters?|only|and|or|of|the|,|\.|symbols?|\s", "", t)
    if not chars or rest:
        return None
    return "".join(sorted(chars))


class _Reader:
    def __init__(self, args: list[str], nodes: dict[str, Node]) -> None:
        self.args = args
        self.nodes = nodes  # grows with virtual sizes
        self.bounds: dict[tuple[str, int, str], dict[str, str]] = {}

    def names(self) -> set[str]:
        return set(self.nodes)

    def node_at(self, name: str, depth: int) -> Node:
        n = self.nodes[name]
        for k in range(depth):
            if n.kind == "str" and k == depth - 1:
                return n  # s[i]: a character of the string s
            if n.kind != "list" or n.elem is None:
                raise _Unsupported(f"{name} indexed {depth} deep")
            n = n.elem
        return n

    def set_bound(self, ref: tuple[str, int, str], which: str, expr: str) -> None:
        self.bounds.setdefault(ref, {})[which] = expr

    def mentions(self, line: str) -> bool:
        return any(w in self.args for w in _IDENT.findall(line))

    # one line of the Constraints section
    def read(self, line: str, mangled: bool) -> bool:
        text = _fix_numbers(line.rstrip(". ;"), mangled).replace("≤", "<=").replace("≥", ">=").replace("≠", "!=")
        text = re.sub(r"\s+", " ", text)
        lower = text.lower()
        if re.search(r"\b(distinct|unique)\b", lower):
            refs = [r for r in (_parse_ref(w, self.names()) for w in re.findall(r"[A-Za-z_]\w*(?:\[\w+\])*", text)) if r]
            if len(refs) == 1 and not re.search(r"\b(not|pairs?|rows?|columns?)\b", lower):
                name, depth, _ = refs[0]
                node = self.node_at(name, depth)
                if node.kind != "list":
                    if depth == 0:
                        return False
                    node = self.node_at(name, depth - 1)
                node.distinct = True
                return True
            return False
        m = re.match(r"^(\S+) is sorted in (strictly )?(non-decreasing|ascending|increasing|non-increasing|descending|decreasing) order$", text)
        if m:
            ref = _parse_ref(m.group(1), self.names())
            if not ref or ref[2] != "val":
                return False
            node = self.node_at(ref[0], ref[1])
            if node.kind != "list":
                return False
            word = m.group(3)
            if word in ("non-increasing", "descending", "decreasing"):
                if m.group(2) or word == "decreasing":
                    return False
                node.order = "desc"
            else:
                node.order = "strict" if (m.group(2) or word == "increasing") else "asc"
            return True
        m = re.match(r"^(.+?) (?:only )?(?:consists? (?:only )?of|contains?|(?:is|are) made up of|(?:is|are) composed of|(?:is|are) made of) (?:only )?(.*)$", text)
        if m:
            alpha = _alphabet(m.group(2))
            subjects = [w for w in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group(1).strip()) if w]
            refs = [_parse_ref(w, self.names()) for w in subjects]
            if alpha is None or not refs or any(r is None or r[2] != "val" for r in refs):
                return False
            for ref in refs:
                node = self.node_at(ref[0], ref[1])
                while node.kind == "list" and node.elem is not None:
                    node = node.elem
                if node.kind != "str":
                    return False
                node.alphabet = alpha
            return True
        m = re.match(r"^(\S+) (?:is|are|will be)(?: either)? (.+)$", text)
        if m and re.fullmatch(r"(?:'[^']*'|\"[^\"]*\"|-?\d+)(?:\s*(?:,|or|, or)\s*(?:'[^']*'|\"[^\"]*\"|-?\d+))+", m.group(2).strip()):
            ref = _parse_ref(m.group(1), self.names())
            if not ref or ref[2] != "val":
                return False
            vals = [json.loads(v.replace("'", '"')) for v in re.findall(r"'[^']*'|\"[^\"]*\"|-?\d+", m.group(2))]
            node = self.node_at(ref[0], ref[1])
            if node.kind == "str" and all(isinstance(v, str) and len(v) == 1 for v in vals):
                node.alphabet = "".join(sorted(set(vals)))
            elif node.kind in ("int", "float") and all(isinstance(v, int) for v in vals):
                node.choices = sorted(set(vals))
            elif node.kind == "str" and all(isinstance(v, str) for v in vals):
                node.choices = sorted(set(vals))
            else:
                return False
            return True
        return self._relation(text)

    def _relation(self, text: str) -> bool:
        parts = re.split(r"\s*(<=|>=|==|!=|<|>|=)\s*", text)
        if len(parts) < 3:
            return False
        terms, ops = parts[0::2], parts[1::2]
        if any(o in ("!=", "=") for o in ops):
            return False
        if any(o in (">", ">=") for o in ops):  # 10 >= x >= 1 -> 1 <= x <= 10
            if any(o in ("<", "<=") for o in ops):
                return False
            terms, ops = terms[::-1], [{">": "<", ">=": "<="}.get(o, o) for o in ops[::-1]]
        names = self.names()
        lo = hi = None
        if len(terms) >= 3 and ops[0] in ("<", "<="):
            lo = (_expr(terms[0], names), ops[0] == "<")
            terms, ops = terms[1:], ops[1:]
        if len(terms) >= 2 and ops[-1] in ("<", "<="):
            if len(terms) == 2 and not self._is_refs(terms[0]):  # 1 <= x: a lower bound only
                lo = (_expr(terms[0], names), ops[0] == "<")
                terms, ops = terms[1:], ops[1:]
            else:
                hi = (_expr(terms[-1], names), ops[-1] == "<")
                terms, ops = terms[:-1], ops[:-1]
        if ops and all(o in ("<", "<=") for o in ops) and all(self._is_refs(t) for t in terms):
            # 1 <= k <= nums.length <= 10^5: each bounded by the one on its right
            for a, op, b in zip(terms, ops, terms[1:]):
                for ref in self._refs(a) or []:
                    self._bound(ref, lo, (_expr(b, names), op == "<"))
            for ref in self._refs(terms[-1]) or []:
                self._bound(ref, lo, hi)
            return True
        if any(o != "==" for o in ops):
            return False
        if len(terms) == 2 and self._is_refs(terms[0]) and not self._is_refs(terms[1]) and lo is None and hi is None:
            # edges[i].length == 2, nums.length == 2 * n: fixed by an expression
            refs = self._refs(terms[0])
            if refs is None or len(refs) != 1:
                return False
            e = _expr(terms[1], names)
            self.set_bound(refs[0], "eq", e)
            return True
        # terms: an equality class of references (or one comma list of references)
        if len(terms) == 1:
            refs = self._refs(terms[0])
            if not refs:
                # a bare unknown name with bounds: a size stated for a virtual ``n``
                return False
            for ref in refs:
                self._bound(ref, lo, hi)
            return True
        cls: list[tuple[str, int, str]] = []
        for t in terms:
            refs = self._refs(t)
            if refs and len(refs) == 1:
                cls.append(refs[0])
            elif re.fullmatch(r"[A-Za-z_]\w*", t.strip()) and t.strip() not in self.args:
                v = t.strip()
                if v not in self.nodes:
                    self.nodes[v] = Node("int", size_like=True)
                cls.append((v, 0, "val"))
            else:
                return False
        # the primary: a virtual size if there is one, else the first reference
        virt = [r for r in cls if r[0] not in self.args]
        primary = virt[0] if virt else cls[0]
        self._bound(primary, lo, hi)
        for r in cls:
            if r != primary:
                self.set_bound(r, "eq", _ref_expr(primary))
        return True

    def _bound(self, ref: tuple[str, int, str], lo: tuple[str, bool] | None, hi: tuple[str, bool] | None) -> None:
        node = self.node_at(ref[0], ref[1])
        if ref[2] == "len" and node.kind not in ("list", "str"):
            raise _Unsupported(f"length of a non-list {ref[0]}")
        if ref[2] == "val" and node.kind not in ("int", "float"):
            raise _Unsupported(f"range on a {node.kind} {ref[0]}")
        if lo is not None:
            self.set_bound(ref, "lo", lo[0] + (" + 1" if lo[1] and (ref[2] == "len" or node.kind == "int") else ""))
        if hi is not None:
            self.set_bound(ref, "hi", hi[0] + (" - 1" if hi[1] and (ref[2] == "len" or node.kind == "int") else ""))

    def _refs(self, term: str) -> list[tuple[str, int, str]] | None:
        out = []
        for piece in term.split(","):
            r = _parse_ref(piece, self.names())
            if r is None:
                return None
            out.append(r)
        return out

    def _is_refs(self, term: str) -> bool:
        return self._refs(term) is not None


def _ref_expr(ref: tuple[str, int, str]) -> str:
    name, depth, attr = ref
    if attr == "len":
        return f"len({name}{'[0]' * depth})"
    if depth:
        raise _Unsupported("equality with an element")
    return name


def _apply_bounds(reader: _Reader) -> None:
    for (name, depth, attr), b in list(reader.bounds.items()):
        # bounds stated on a length that equals a virtual size belong to the size
        if "eq" in b and re.fullmatch(r"[A-Za-z_]\w*", b["eq"]) and b["eq"] not in reader.args:
            v = reader.bounds.setdefault((b["eq"], 0, "val"), {})
            for k in ("lo", "hi"):
                if k in b:
                    v.setdefault(k, b[k])
    for (name, depth, attr), b in reader.bounds.items():
        node = reader.node_at(name, depth)
        lo, hi = b.get("lo"), b.get("hi")
        if "eq" in b:
            lo = hi = b["eq"]
        if attr == "len":
            node.len_lo, node.len_hi = lo or node.len_lo, hi or node.len_hi
        else:
            node.lo, node.hi = lo or node.lo, hi or node.hi


# --------------------------------------------------------------------------- from examples


def _span(node: Node, values: list[Any]) -> None:
    """Ranges spanned by the examples' values (sources with no Constraints section)."""
    if node.kind in ("int", "float"):
        nums = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if nums and node.lo is None:
            node.lo, node.hi = repr(min(nums)), repr(max(nums))
    elif node.kind in ("str", "list"):
        seqs = [v for v in values if isinstance(v, (str, list))]
        if seqs and node.len_lo is None:
            node.len_lo, node.len_hi = str(min(map(len, seqs))), str(max(map(len, seqs)))
        if node.kind == "str" and node.alphabet is None:
            chars = sorted(set("".join(s for s in seqs if isinstance(s, str))))
            node.alphabet = "".join(chars) or None
        if node.kind == "list" and node.elem is not None:
            _span(node.elem, [x for s in seqs if isinstance(s, list) for x in s])


def _leaf_alphabets(node: Node, values: list[Any]) -> None:
    """A string whose characters the statement does not state keeps to the examples'."""
    if node.kind == "str" and node.alphabet is None and node.choices is None:
        node.alphabet = "".join(sorted(set("".join(v for v in values if isinstance(v, str))))) or None
    if node.kind == "list" and node.elem is not None:
        _leaf_alphabets(node.elem, [x for v in values if isinstance(v, list) for x in v])


def _complete(name: str, node: Node) -> None:
    if node.kind in ("int", "float") and node.choices is None and (node.lo is None or node.hi is None):
        raise _Unsupported(f"no range stated for {name}")
    if node.kind in ("str", "list") and (node.len_lo is None or node.len_hi is None):
        if node.choices is None:
            raise _Unsupported(f"no length stated for {name}")
    if node.kind == "str" and node.alphabet is None and node.choices is None:
        raise _Unsupported(f"no characters stated for {name}")
    if node.kind == "list":
        if node.elem is None:
            raise _Unsupported(f"element type of {name} unknown")
        _complete(name + "[i]", node.elem)


def _deps(node: Node, names: set[str]) -> set[str]:
    out: set[str] = set()
    for e in (node.lo, node.hi, node.len_lo, node.len_hi):
        if e:
            out |= {w for w in _IDENT.findall(e) if w in names}
    if node.elem is not None:
        out |= _deps(node.elem, names)
    return out


def _mark_sizes(nodes: dict[str, Node]) -> None:
    """An int some length is bound by (``horizontalCut.length == m - 1``) is a size: drawn
    small, like a length, or the lists built from it would not be."""
    def lengths(node: Node) -> set[str]:
        out = {w for e in (node.len_lo, node.len_hi) if e for w in _IDENT.findall(e)}
        return out | (lengths(node.elem) if node.elem is not None else set())
    for node in list(nodes.values()):
        for name in lengths(node):
            if name in nodes and nodes[name].kind == "int":
                nodes[name].size_like = True


def _gen_order(nodes: dict[str, Node], args: list[str]) -> list[str]:
    names = set(nodes)
    deps = {n: _deps(node, names) - {n} for n, node in nodes.items()}
    order: list[str] = []
    pending = [n for n in nodes if n not in args] + list(args)  # virtual sizes first
    while pending:
        ready = [n for n in pending if deps[n] <= set(order)]
        if not ready:
            raise _Unsupported(f"circular bounds among {pending}")
        order.append(ready[0])
        pending.remove(ready[0])
    return order


# --------------------------------------------------------------------------- checking


def violation(node: Node, value: Any, env: dict[str, Any], where: str) -> str | None:
    """Why ``value`` breaks ``node`` (None = it fits)."""
    k = node.kind
    if k == "bool":
        return None if isinstance(value, bool) else f"{where} is not a bool"
    if k in ("int", "float"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (k == "int" and not isinstance(value, int)):
            return f"{where} is not an {k}"
        if node.choices is not None:
            return None if value in node.choices else f"{where}={value} not in {node.choices}"
        lo, hi = evaluate(node.lo, env), evaluate(node.hi, env)
        return None if lo <= value <= hi else f"{where}={value} outside [{lo}, {hi}]"
    if k == "str":
        if not isinstance(value, str):
            return f"{where} is not a str"
        if node.choices is not None:
            return None if value in node.choices else f"{where}={value!r} not in {node.choices}"
        if node.alphabet is not None and not set(value) <= set(node.alphabet):
            return f"{where} has characters outside {node.alphabet!r}"
    if k == "list":
        if not isinstance(value, list):
            return f"{where} is not a list"
        for i, x in enumerate(value):
            why = violation(node.elem, x, env, f"{where}[{i}]") if node.elem else None
            if why:
                return why
        if node.distinct and len({json.dumps(x, sort_keys=True) for x in value}) != len(value):
            return f"{where} has duplicates"
        if node.order in ("asc", "strict") and any(a > b or (node.order == "strict" and a == b) for a, b in zip(value, value[1:])):
            return f"{where} is not sorted"
        if node.order == "desc" and any(a < b for a, b in zip(value, value[1:])):
            return f"{where} is not sorted descending"
    if node.len_lo is not None and node.choices is None:
        lo, hi = evaluate(node.len_lo, env), evaluate(node.len_hi, env)
        if not lo <= len(value) <= hi:
            return f"len({where})={len(value)} outside [{lo}, {hi}]"
    return None


def test_args(p: Problem, args: list[str]) -> tuple[list[dict[str, Any]], bool]:
    """The existing tests' arguments by name, and whether they are passed by keyword."""
    out, keyword = [], None
    for t in p.tests:
        v = json.loads(t.input)
        if isinstance(v, dict):
            if set(v) != set(args):
                raise _Unsupported(f"a test's arguments {sorted(v)} are not the signature's {args}")
            kw = True
        elif isinstance(v, list) and len(v) == len(args):
            v, kw = dict(zip(args, v)), False
        else:
            raise _Unsupported("a test's arguments do not match the signature")
        if keyword is not None and kw != keyword:
            raise _Unsupported("tests mix keyword and positional arguments")
        keyword = kw
        out.append(v)
    return out, bool(keyword)


def _virtual_env(spec_nodes: dict[str, Node], reader_bounds: dict, env: dict[str, Any], args: list[str]) -> dict[str, Any]:
    """Values of the virtual sizes implied by an example (``n`` = ``len(nums)``)."""
    env = dict(env)
    for (name, depth, attr), b in reader_bounds.items():
        if "eq" in b and name in args:
            target = b["eq"]
            m = re.fullmatch(r"[A-Za-z_]\w*", target)
            if m and target not in env:
                value = env[name]
                for _ in range(depth):
                    value = value[0] if value else []
                env[target] = len(value) if attr == "len" else value
    return env


# --------------------------------------------------------------------------- entry


def input_spec(p: Problem) -> InputSpec | NoSpec:
    try:
        return _input_spec(p)
    except _Unsupported as exc:
        return NoSpec(str(exc))
    except (ValueError, TypeError, KeyError, IndexError, ZeroDivisionError, NameError, SyntaxError, RecursionError) as exc:
        return NoSpec(f"constraints not understood ({type(exc).__name__}: {exc})")


def _implied_sizes(lines: list[str], args: list[str], nodes: dict[str, Node]) -> list[str]:
    """The ``n == nums.length`` lines a scraped statement lost: ``n``/``m`` bounded but
    never defined, with the arguments they can only stand for (one list: n; two lists:
    n, m in order; one grid: m rows... as LeetCode writes it).  The existing tests check
    the guess like any other reading."""
    text = "\n".join(lines)
    free = [v for v in ("n", "m") if v not in args and re.search(rf"(?<![\w.\[]){v}(?![\w\[])", text)
            and not re.search(rf"(?<![\w.]){v}\s*==|==\s*{v}(?![\w\[])", text)]
    if not free:
        return []
    lists = [a for a in args if nodes[a].kind == "list"]
    flat = [a for a in lists if nodes[a].elem is not None and nodes[a].elem.kind != "list"]
    grids = [a for a in lists if a not in flat]
    if len(lists) == 1 and flat and free == ["n"]:
        return [f"n == {flat[0]}.length"]
    if len(lists) == 2 and len(flat) == 2 and free == ["n", "m"]:
        return [f"n == {flat[0]}.length", f"m == {flat[1]}.length"]
    if len(lists) == 1 and grids and free == ["n", "m"]:
        return [f"m == {grids[0]}.length", f"n == {grids[0]}[i].length"]
    return []


def _input_spec(p: Problem) -> InputSpec:
    if p.mode != "functional" or not p.fn_name:
        raise _Unsupported("not a functional problem")
    if not p.tests:
        raise _Unsupported("no tests to learn the argument shapes from")
    args, anns = _signature(p)
    examples, keyword = test_args(p, args)
    lines = constraint_lines(p.statement)
    last_error = "constraints not understood"
    for mangled in ((True, False) if lines else (False,)):
        nodes: dict[str, Node] = {}
        for a in args:
            hint = _from_hint(anns.get(a))
            seen: Node | None = None
            for ex in examples:
                seen = _merge(seen, _from_value(ex[a]))
            node = hint or seen
            if node is None or (node.kind == "list" and _shape(node).endswith("?]")):
                raise _Unsupported(f"type of {a} unknown")
            nodes[a] = node
        reader = _Reader(args, nodes)
        try:
            if lines is None:
                for a in args:
                    _span(nodes[a], [ex[a] for ex in examples])
                source = "examples"
            else:
                # equalities first: they introduce the sizes (``n == nums.length``) other lines bound
                lines_all = _implied_sizes(lines, args, nodes) + lines
                ordered = [l for l in lines_all if "==" in l] + [l for l in lines_all if "==" not in l]
                for line in ordered:
                    ok = reader.read(line, mangled)
                    if not ok and reader.mentions(line):
                        raise _Unsupported(f"constraint not understood: {line!r}")
                _apply_bounds(reader)
                for a in args:
                    _leaf_alphabets(nodes[a], [ex[a] for ex in examples])
                source = "constraints"
            for name, node in reader.nodes.items():
                _complete(name, node)
            _mark_sizes(reader.nodes)
            order = _gen_order(reader.nodes, args)
            for ex in examples:
                env = _virtual_env(reader.nodes, reader.bounds, ex, args)
                for name in order:
                    if name not in env:
                        raise _Unsupported(f"size {name} not determined by the arguments")
                    why = violation(reader.nodes[name], env[name], env, name)
                    if why:
                        raise _Unsupported(f"an existing test breaks the constraints as read: {why}")
            return InputSpec(args, reader.nodes, order, keyword, source)
        except _Unsupported as exc:
            last_error = str(exc)
            if str(exc).startswith("constraint not understood"):
                raise
    raise _Unsupported(last_error)
