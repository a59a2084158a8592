"""Reading a statement's ``Constraints:`` section (LeetCode's notation) into bounds on
the argument nodes.  A line the reader does not understand returns False; the caller
decides (a line naming an argument that is not understood means no spec)."""

from __future__ import annotations

import re
import string

from microcoder_data.testgen.conditions import (
    GUARANTEE,
    read_condition,
    read_distinct_across,
    read_distinct_pairs,
    read_graph,
    read_occurrences,
    read_string_rule,
)
from microcoder_data.testgen.divided_bounds import divided_bound
from microcoder_data.testgen.index_base import one_indexed_constant
from microcoder_data.testgen.line_readings import read_line
from microcoder_data.testgen.scraped_powers import Scraped
from microcoder_data.testgen.scraped_powers import rewrite as scraped_rewrite
from microcoder_data.testgen.word_readings import alphabet_in_words, named_characters
from microcoder_data.testgen.matrices import names_cells_by_position
from microcoder_data.testgen.name_variants import with_variants
from microcoder_data.testgen.plain_wordings import plainer
from microcoder_data.testgen.spec_model import (
    _IDENT,
    ELEMENT_INDEX,
    FUNCTIONS,
    Node,
    _Unsupported,
    exclude_strict_end,
    is_number_list,
    narrowed_alphabet,
    item_name,
)
from microcoder_data.testgen.spec_expr import ExprError, Name, parse_bound, walk
from microcoder_data.testgen.structures import make_items, read_structure
from microcoder_eval.statement_text import unicode_operators

MANGLED_POW = {"231": "2**31", "232": "2**32", "263": "2**63", "264": "2**64"}

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
        if start >= 2 and text[start - 2 : start] == "**":
            return s
        if len(s) == 3 and s.startswith("10") and s[2] != "0":
            return f"10**{s[2]}"
        if len(s) == 4 and s.startswith("101") and s[3] <= "8":  # 1015: 10^15
            return f"10**{s[2:]}"
        if s in MANGLED_POW:
            return MANGLED_POW[s]
        return s

    text = re.sub(r"(?<![\w.])(2|10)([a-z])(?!\w)", r"\1**\2", text)  # 2m: 2^m scraped
    text = re.sub(r"(?<![\w.*])2([1-5]\d|6[0-4]) ?- ?1\b", r"2**\1 - 1", text)  # 220 - 1: 2^20 - 1 scraped
    return _NUM.sub(sub, text)


# --------------------------------------------------------------------------- constraints

_REF = re.compile(r"^([A-Za-z_]\w*)((?:\s*\[\s*\w+\s*\])*)(\.length|\.size\(\))?$")


def _parse_ref(
    term: str, names: set[str], aliases: dict[str, tuple[str, int, int]] | None = None
) -> tuple[str, int, str] | None:
    """``nums[i].length`` -> ("nums", 1, "len"); None if not a reference to a known name.
    One position of a fixed-length list (``edges[i][1]``, or ``vi`` where the statement
    says ``edges[i] = [ui, vi]``) -> ("edges", 2, "@1")."""
    t = term.strip()
    if aliases and t in aliases:
        name, depth, k = aliases[t]
        return name, depth, f"@{k}"
    if aliases and t.endswith(".length") and t[:-7] in aliases:  # Ai.length of equations[i] = [Ai, Bi]
        name, depth, k = aliases[t[:-7]]
        return name, depth, f"@{k}.len"
    m = _REF.match(t)
    if not m or m.group(1) not in names:
        return None
    idx = re.findall(r"\[\s*(\w+)\s*\]", m.group(2))
    if len(idx) >= 2 and idx[-1].isdigit() and not m.group(3):
        return m.group(1), len(idx), f"@{idx[-1]}"
    return m.group(1), len(idx), ("len" if m.group(3) else "val")


def _expr(term: str, names: set[str]) -> str:
    """A bound as a python expression over argument names (``nums.length`` -> ``len(nums)``)."""
    t = term.strip()
    t = re.sub(
        r"([A-Za-z_]\w*)((?:\[\s*\w+\s*\])*)\.length",
        lambda m: "len(" + m.group(1) + "[0]" * m.group(2).count("[") + ")",
        t,
    )
    t = re.sub(r"(?<![\w*])/(?!/)", "//", t)
    t = re.sub(r"(?<![\w.])(\d+)([A-Za-z_]\w*)", lambda m: f"{m[1]} * {m[2]}" if m[2] in names else m[0], t)  # 2n
    try:
        tree = parse_bound(t)  # the language every bound is evaluated in (spec_expr.py)
    except ExprError:
        raise _Unsupported(f"bound {term!r}", kind="unsupported_constraint", line=term) from None
    stray = next(
        (e.id for e in walk(tree) if isinstance(e, Name) and e.id not in names and e.id not in FUNCTIONS), None
    )
    if stray is not None:
        raise _Unsupported(f"bound {term!r} names {stray!r}", kind="unsupported_constraint", line=term)
    return t


_CHARSETS = [
    (r"lower\s*-?case", string.ascii_lowercase),
    (r"upper\s*-?case", string.ascii_uppercase),
    (r"digits?", string.digits),
]


def _character_range(t: str) -> str | None:
    """``digits '0' through '9'``, ``digits from '0' to '9'``: the characters from one to the other."""
    m = re.fullmatch(
        r"(?:only )?(?:digits?|characters?|letters?) (?:from |in the range )?'(.)' (?:to|through|-) '(.)'", t
    )
    if not m or ord(m.group(1)) > ord(m.group(2)):
        return None
    return "".join(chr(c) for c in range(ord(m.group(1)), ord(m.group(2)) + 1))


def _alphabet(text: str) -> str | None:
    span = _character_range(text.strip(" .")) or named_characters(text)
    if span is not None:
        return span
    t = text.lower()
    t = re.sub(r"\balphabets\b", "letters", t)  # lowercase English alphabets
    t = re.sub(r"\blatin (?=letters\b)", "english ", t)  # Codeforces' "lowercase Latin letters": a-z
    t = re.sub(
        r"letters of the english alphabet in (uppercase and lowercase|lowercase and uppercase)", r"\1 letters", t
    )
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
    rest = re.sub(
        r"represented as (?:an? )?strings?|'.'|\".\"|lower\s*-?case|upper\s*-?case|english|letters?|digits?|characters?|only|and|or|of|the|\ban?\b|\beither\b|,|\.|symbols?|\s",
        "",
        t,
    )
    if not chars or rest:
        return alphabet_in_words(text)
    return "".join(sorted(chars))


class _Reader:
    def __init__(self, args: list[str], nodes: dict[str, Node]) -> None:
        self.args = args
        self.nodes = nodes  # grows with virtual sizes
        self.bounds: dict[tuple[str, int, str], dict[str, str]] = {}
        self.aliases: dict[str, tuple[str, int, int]] = {}  # ``vi`` of ``edges[i] = [ui, vi]``
        self.item_ne: dict[tuple[str, int], list[tuple[int, int]]] = {}
        self.checks: list[str] = []  # conditions on the whole input (``k divides n``)
        self.superscripts: list[tuple[str, str]] = []  # (line, ``2maximumBit``) read as a power: scraped_powers
        self.first_index = 0  # the position of a list's first element in the notation (AtCoder's A_1: 1)
        self.graphs: list[tuple[str, str, str | None]] = []  # (shape, line, edge list): graph_readings
        self.statement = (
            ""  # the whole statement, where a line points back to it (a mountain, what "empty" means, a noun)
        )
        self.alias_groups: dict[str, list[tuple[str, int, str]]] = {}  # ``xi`` of ``pi = [xi, yi]``: tuple_aliases
        self.position_alphabets: dict[tuple[str, int, int], str] = {}  # ``fromi consists of ...``: subjects.py

    def names(self) -> set[str]:
        return set(self.nodes)

    def ref(self, term: str) -> tuple[str, int, str] | None:
        self._from_one(term)
        return _parse_ref(term, self.names(), self.aliases)

    def _from_one(self, term: str) -> None:
        """Refuse a constant position of a list the statement numbers from 1 (``queries[i][1]``): whether
        the notation follows it is unsure (its names ``x_i == queries[i][1]`` are position_names')."""
        name = one_indexed_constant(self.statement, term)
        if name:
            raise _Unsupported(
                f"a constant position of the 1-indexed {name} in {term!r}", "unsupported_constraint", term
            )

    def expr(self, term: str) -> str:
        """``_expr`` with tuple positions (``edges[i][1]``, ``vi``) named as in :func:`item_name`, a
        singular or plural written for an input's name (name_variants).  A bound not read is refused
        naming it as written (not as rewritten here: ``nums[_i]`` for the element's own position,
        ``edges__1`` for ``vi``)."""
        try:
            return self._expr_of(with_variants(term, self.names(), set(self.aliases) | set(FUNCTIONS)))
        except _Unsupported as exc:
            if exc.refusal.line and exc.refusal.line != term:
                raise _Unsupported(str(exc).replace(exc.refusal.line, term), exc.refusal.kind, term) from None
            raise

    def _expr_of(self, term: str) -> str:
        self._from_one(term)
        t = re.sub(
            r"\b([A-Za-z_]\w*)((?:\[\s*\w+\s*\])*\[\s*(\d+)\s*\])",
            lambda m: (
                item_name(m.group(1), m.group(3))
                if m.group(1) in self.nodes and m.group(2).count("[") >= 2
                else m.group(0)
            ),
            term,
        )
        t = _IDENT.sub(
            lambda m: (
                item_name(self.aliases[m.group(0)][0], self.aliases[m.group(0)][2])
                if m.group(0) in self.aliases
                else m.group(0)
            ),
            t,
        )
        items = {item_name(n, k) for n, _, k in self.aliases.values()} | set(re.findall(r"\w+__\d+", t))
        # r_i in l_i < r_i: the element at the same position of another flat list
        t = re.sub(
            r"\b([A-Za-z_]\w*)\[\s*([a-z])\s*\]",
            lambda m: (
                f"{m.group(1)}[{ELEMENT_INDEX}]"
                if is_number_list(self.nodes.get(m.group(1))) and m.group(2) not in self.nodes
                else m.group(0)
            ),
            t,
        )
        return _expr(t, self.names() | items | {ELEMENT_INDEX})

    def alphabet(self, text: str) -> str | None:
        """The characters ``text`` names (``lowercase English letters``), or None."""
        return _alphabet(text)

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
        """A second bound of the same side narrows the first (``k <= 10^5`` and
        ``k <= maxChanges + sum(nums)``): both hold."""
        if ELEMENT_INDEX in _IDENT.findall(expr) and (
            ref[1] != 1 or ref[2] != "val" or not is_number_list(self.nodes.get(ref[0]))
        ):
            raise _Unsupported(
                f"bound {expr!r} of {ref[0]} names an element by position", kind="unsupported_constraint", line=expr
            )
        position = ref[2][1:] if ref[2].startswith("@") and not ref[2].endswith(".len") else None
        if position is not None and item_name(ref[0], position) in _IDENT.findall(expr):
            # "positioni < positioni+1" (a garbled position_{i+1}) read as x < x + 1: it would hold of nothing
            raise _Unsupported(
                f"bound {expr!r} of {ref[0]} names the value itself", kind="unsupported_constraint", line=expr
            )
        foreign = sorted({m for m in re.findall(r"\b(\w+?)__\d+\b", expr) if m != ref[0]})
        if foreign:  # startX <= targetX: a position of another list is drawn apart from this one's
            raise _Unsupported(
                f"bound {expr!r} of {ref[0]} names a position of {foreign[0]}", kind="unsupported_constraint"
            )  # the line it is read from named by the caller (inputspec._read_lines)
        expr = divided_bound(self, ref, "eq", expr) if which == "eq" else expr  # k == n / 2: exact only
        b = self.bounds.setdefault(ref, {})
        old = b.get(which)
        if old is not None and old != expr and which in ("lo", "hi"):
            expr = f"{'max' if which == 'lo' else 'min'}({old}, {expr})"
        b[which] = expr

    # one line of the Constraints section
    def read(self, line: str, mangled: bool | Scraped) -> bool:
        text = _fix_numbers(unicode_operators(line).rstrip(". ;"), mangled)
        if mangled:  # superscripts lost between names (``2maximumBit``): read so, or noted (scraped_powers)
            scraped = mangled if isinstance(mangled, Scraped) else None
            powers, products = scraped_rewrite(text, self.nodes, scraped, line)
            self.superscripts += [(line, f) for f in products]
            text = powers if scraped else text
        text = plainer(GUARANTEE.sub("", re.sub(r"\s+", " ", text)))
        done = read_line(self, text)
        if done is None:
            done = read_structure(self, text)
        if done is not None:
            return done
        specific = (read_distinct_pairs, read_distinct_across, read_occurrences, read_graph, read_string_rule)
        if any(read(self, text) for read in specific):
            return True
        # the first reading whose phrasing the line has decides (None: not its phrasing)
        for reading in (self._distinct, self._made_of, self._character_class, self._listed_values):
            done = reading(text)
            if done is not None:
                return done
        if re.search(
            r" (?:divides|is divisible by|is a multiple of) | is (?:odd|even)$|^there (?:is|are) at least ", text, re.I
        ):
            return read_condition(self, text)
        return self.range_or_condition(text)

    def _distinct(self, text: str) -> bool | None:
        lower = text.lower()
        if not re.search(r"\b(distinct|unique)\b", lower):
            return None
        found = [(w, r) for w, r in ((w, self.ref(w)) for w in re.findall(r"[A-Za-z_]\w*(?:\[\w+\])*", text)) if r]
        refs = [r for _, r in found]
        if len(refs) != 1 or re.search(r"\b(not|pairs?|rows?|columns?)\b", lower):
            return False
        name, depth, attr = refs[0]
        if attr != "val":
            return False
        if re.search(r"\b(letters|characters)\b", lower):
            # a string's characters: the one named ("word", "words[i]"); of a list of strings ("all letters in
            # s") within each string or across them all is not said, and never the strings themselves
            target = self.node_at(name, depth)
            several = re.search(r"\bstrings\b|\b(?:of|in|over|across) all\b|\btogether\b", lower)  # "of all s_i"
            several = several and not re.search(r"\beach\b", lower)
            if target.kind != "str" or (several and "strings" not in self.nodes):
                return False  # "all letters of the strings s_i": of each, or of all of them together?
            target.distinct = True
            return True
        # "the values in nums[i] are unique": within the element; "all points[i] are
        # distinct": the elements of the list
        within = re.search(rf"\b(?:in|of|within) (?:the )?{re.escape(found[0][0])}", text) is not None
        node = self.node_at(name, depth) if within or not depth else self.node_at(name, depth - 1)
        if depth and node.kind not in ("list", "str"):  # "the values of nums[i]" of a flat list
            node = self.node_at(name, depth - 1)
        if not depth and node.kind == "list" and node.elem.kind == "list":
            return None  # "all numbers in matrix a": its cells or its rows? distinct_readings reads the said ones
        if node.kind == "str" and (within or re.search(r"\b(letters|characters)\b", lower)):
            node.distinct = True  # "all letters in word are distinct"
            return True
        if node.kind != "list":
            return False
        node.distinct = True
        return True

    def _made_of(self, text: str) -> bool | None:
        """``s consists of lowercase English letters``: the characters of one or more strings."""
        m = re.match(
            r"^(.+?) (?:only )?(?:consists? (?:only )?of|contains?|comprises?|(?:is|are) made up of|(?:is|are) composed of"
            r"|(?:is|are) comprised of|(?:is|are) made of) (?:only )?(.*)$",
            text,
        )
        if not m:
            return None
        alpha = _alphabet(m.group(2))
        subjects = [w for w in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group(1).strip()) if w]
        refs = [self.ref(w) for w in subjects]
        refs = [(r[0], r[1], "val") if r and self._every_position(r, refs) else r for r in refs]
        if alpha is None or not refs or any(r is None or r[2] != "val" for r in refs):
            return False
        for ref in refs:
            node = self.node_at(ref[0], ref[1])  # type: ignore[index]
            while node.kind == "list" and node.elem is not None:
                node = node.elem
            if node.kind != "str" or not narrowed_alphabet(node, alpha):  # a second line narrows the first
                return False
        return True

    def _every_position(self, ref: tuple[str, int, str], refs: list) -> bool:
        """Whether ``ref`` is a tuple position (``Ai`` of ``equations[i] = [Ai, Bi]``) and ``refs``
        name every position of its tuples: what holds of each holds of the element."""
        named = {r[2] for r in refs if r and r[:2] == ref[:2]}
        every = {f"@{k}" for n, d, k in self.aliases.values() if (n, d) == ref[:2]}
        return ref[2].startswith("@") and not ref[2].endswith(".len") and every <= named

    def _character_class(self, text: str) -> bool | None:
        """``s[i] is either a lowercase English letter or '?'``: one character's class."""
        m = re.match(r"^(\S+) (?:is|are) (?:either )?(an? (?:lower|upper|digit|letter|english).*)$", text, re.I)
        if not m:
            return None
        ref, alpha = self.ref(m.group(1)), _alphabet(m.group(2))
        if not ref or ref[2] != "val" or alpha is None:
            return False
        node = self.node_at(ref[0], ref[1])
        if node.kind != "str" or (ref[1] and self.node_at(ref[0], ref[1] - 1).kind == "list"):
            return False  # a character of a string only: a list element is a whole string
        return narrowed_alphabet(node, alpha)

    def _listed_values(self, text: str) -> bool | None:
        """``grid[i][j] is either 0 or 1``, ``s is 'a' or 'b'``: one of the values listed."""
        m = re.match(r"^(\S+) (?:is|are|will be)(?: either)? (.+)$", text)
        if not (
            m
            and re.fullmatch(
                r"(?:'[^']*'|\"[^\"]*\"|-?\d+)(?:\s*(?:,|or|, or)\s*(?:'[^']*'|\"[^\"]*\"|-?\d+))+", m.group(2).strip()
            )
        ):
            return None
        ref = self.ref(m.group(1))
        if not ref or ref[2] != "val":
            return False
        # a quoted value is its characters as written ('"', '\\' too: no JSON escapes); a bare one a number
        vals = [v[1:-1] if v[0] in "'\"" else int(v) for v in re.findall(r"'[^']*'|\"[^\"]*\"|-?\d+", m.group(2))]
        node = self.node_at(ref[0], ref[1])
        element = ref[1] > 0 and self.node_at(ref[0], ref[1] - 1).kind == "list"
        if node.kind == "str" and all(isinstance(v, str) and len(v) == 1 for v in vals) and not element:
            node.alphabet = "".join(sorted(set(vals)))
        elif node.kind in ("int", "float") and all(isinstance(v, int) for v in vals):
            node.choices = sorted(set(vals))
        elif node.kind == "str" and all(isinstance(v, str) for v in vals):
            node.choices = sorted(set(vals))
        else:
            return False
        return True

    def range_or_condition(self, text: str) -> bool:
        """A range; else a condition on the whole input.  What the range reading left behind
        (a size it introduced, a bound set before it gave up) goes first."""
        if names_cells_by_position(self, text):
            return False  # a bound would drop the positions and hold for every element
        sizes, bounds = set(self.nodes), {ref: dict(b) for ref, b in self.bounds.items()}
        try:
            if self._relation(text):
                return True
            failure: _Unsupported | None = None
        except _Unsupported as exc:
            failure = exc
        for name in set(self.nodes) - sizes:
            del self.nodes[name]
        self.bounds.clear()
        self.bounds.update(bounds)
        if read_condition(self, text):
            return True
        if failure is not None:
            raise failure
        return False

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
        lo = hi = None
        if len(terms) >= 3 and ops[0] in ("<", "<="):
            lo = (self.expr(terms[0]), ops[0] == "<")
            terms, ops = terms[1:], ops[1:]
        if len(terms) >= 2 and ops[-1] in ("<", "<="):
            if len(terms) == 2 and not self._is_refs(terms[0]):  # 1 <= x: a lower bound only
                if self._bounded_by(terms[0], terms[1]):
                    return False  # T + A <= N where T <= N: a bound both ways is circular, a check reads it
                lo = (self.expr(terms[0]), ops[0] == "<")
                terms, ops = terms[1:], ops[1:]
            else:
                hi = (self.expr(terms[-1]), ops[-1] == "<")
                terms, ops = terms[:-1], ops[:-1]
        if ops and all(o in ("<", "<=") for o in ops) and all(self._is_refs(t) for t in terms):
            # 1 <= k <= nums.length <= 10^5: each bounded by the one on its right
            for a, op, b in zip(terms, ops, terms[1:]):
                for ref in self._refs(a) or []:
                    self._bound(ref, lo, (self.expr(b), op == "<"))
            for ref in self._refs(terms[-1]) or []:
                self._bound(ref, lo, hi)
            return True
        if any(o != "==" for o in ops):
            return False
        if (
            len(terms) >= 3
            and lo is None
            and hi is None
            and all(self._is_refs(t) for t in terms[:-1])
            and not self._is_refs(terms[-1])
            and not re.fullmatch(r"[A-Za-z_]\w*", terms[-1].strip())  # a.length == b.length == n: n a size
        ):
            # a[i].length == b[i].length == 2: each fixed by the expression
            e = self.expr(terms[-1])
            for t in terms[:-1]:
                for ref in self._refs(t) or []:
                    self.set_bound(ref, "eq", e)
            return True
        if len(terms) == 2 and self._is_refs(terms[0]) and not self._is_refs(terms[1]) and lo is None and hi is None:
            # edges[i].length == 2, nums.length == 2 * n: fixed by an expression
            refs = self._refs(terms[0])
            if refs is None or len(refs) != 1:
                return False
            if refs[0][2] == "len":  # edges.length == n - 1: n a size the statement bounds
                for w in _IDENT.findall(terms[1]):
                    if w not in self.nodes and len(w) == 1:
                        self.nodes[w] = Node("int", size_like=True)
            e = self.expr(terms[1])
            self.set_bound(refs[0], "eq", e)
            return True
        return self._equality_class(terms, lo, hi)

    def _equality_class(self, terms: list[str], lo: tuple[str, bool] | None, hi: tuple[str, bool] | None) -> bool:
        """``terms``: references equal to each other (or one comma list of references), bounded
        by ``lo`` and ``hi`` together."""
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
        cls = list(dict.fromkeys(cls))  # 0 <= xi == points[i][0]: one reference twice
        # the primary: a virtual size if there is one, else the first reference
        virt = [r for r in cls if r[0] not in self.args]
        # disappear.length == n with n an argument: the length follows n
        sizes = [r for r in cls if r[0] in self.args and r[1:] == (0, "val") and self.nodes[r[0]].kind == "int"]
        # else a whole argument before an element: ``words[i].length == pattern.length`` -- every word's
        # length follows the pattern's (bounded), not the pattern one word's
        whole = [r for r in cls if r[1] == 0]
        primary = virt[0] if virt else sizes[0] if sizes else whole[0] if whole else cls[0]
        self._bound(primary, lo, hi)
        for r in cls:
            if r != primary:
                self.set_bound(r, "eq", _ref_expr(primary))
        return True

    def _bound(self, ref: tuple[str, int, str], lo: tuple[str, bool] | None, hi: tuple[str, bool] | None) -> None:
        node = self.node_at(ref[0], ref[1])
        length = ref[2] == "len" or ref[2].endswith(".len")  # a list's, or one tuple position's (@0.len)
        if length and node.kind not in ("list", "str"):
            raise _Unsupported(f"length of a non-list {ref[0]}")
        if not length and node.kind not in ("int", "float"):
            raise _Unsupported(f"range on a {node.kind} {ref[0]}")
        for end in (lo, hi) if node.kind == "float" and not length else ():  # "0 < x" of a real: 0 never drawn
            if end is not None and end[1] and not exclude_strict_end(node, end[0]):
                raise _Unsupported(f"a strict bound {end[0]!r} of the real {ref[0]} that is no number")
        if lo is not None and not lo[1]:  # "n / 2 <= k": never rounded down (divided_bounds)
            lo = (divided_bound(self, ref, "lo", lo[0]), False)
        if lo is not None:
            self.set_bound(ref, "lo", lo[0] + (" + 1" if lo[1] and (length or node.kind == "int") else ""))
        if hi is not None:
            self.set_bound(ref, "hi", hi[0] + (" - 1" if hi[1] and (length or node.kind == "int") else ""))

    def _bounded_by(self, expr: str, term: str) -> bool:
        """Whether a name in ``expr`` has a bound read already that names ``term``'s variable."""
        names, target = set(_IDENT.findall(expr)), (self.ref(term) or ("",))[0]
        return any(target in _IDENT.findall(e) for ref, b in self.bounds.items() if ref[0] in names for e in b.values())

    def _refs(self, term: str) -> list[tuple[str, int, str]] | None:
        """The references of a comma list; a name written as the singular or plural of one input
        (``num[i]`` of ``nums``) stands for it, and a name a family of inputs shares (``xi`` of ``pi =
        [xi, yi]``) for each (name_variants, tuple_aliases)."""
        out = []
        for piece in term.split(","):
            if piece.strip() in self.alias_groups:
                out.extend(self.alias_groups[piece.strip()])
                continue
            r = self.ref(piece) or self.ref(with_variants(piece, self.names(), set(self.aliases)))
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
    positional = {r: b for r, b in reader.bounds.items() if r[2].startswith("@")}
    reader.bounds = {r: b for r, b in reader.bounds.items() if r not in positional}
    _apply_generic(reader)
    make_items(reader, positional)
    reader.bounds.update(positional)


def _apply_generic(reader: _Reader) -> None:
    for (name, depth, attr), b in list(reader.bounds.items()):
        # bounds stated on a length that equals a virtual size belong to the size
        size = re.fullmatch(r"[A-Za-z_]\w*", b.get("eq", "")) and b["eq"] in reader.nodes
        if size and (
            b["eq"] not in reader.args or reader.nodes[b["eq"]].kind == "int"
        ):  # n == nums.length, n an input too
            for k in ("lo", "hi"):
                if k in b:  # with the size's own bounds, if any: both hold
                    reader.set_bound((b["eq"], 0, "val"), k, b[k])
        same = re.fullmatch(r"len\(([A-Za-z_]\w*)\)", b.get("eq", ""))
        if same and same.group(1) in reader.args:  # values.length == equations.length, then equations' bounds
            for k in ("lo", "hi"):
                if k in b:
                    reader.set_bound((same.group(1), 0, "len"), k, b[k])
        multiple = re.fullmatch(r"(\d+) \* ([A-Za-z_]\w*)", b.get("eq", ""))
        if attr == "len" and multiple and multiple.group(2) not in reader.args:
            # costs.length == 2 * n: the length's bounds bound n, rounded inwards
            k, size = multiple.groups()
            if "lo" in b:
                reader.set_bound((size, 0, "val"), "lo", f"-(-({b['lo']}) // {k})")
            if "hi" in b:
                reader.set_bound((size, 0, "val"), "hi", f"({b['hi']}) // {k}")
    for (name, depth, attr), b in reader.bounds.items():
        node = reader.node_at(name, depth)
        lo, hi = b.get("lo"), b.get("hi")
        if "eq" in b:
            lo = hi = b["eq"]
        if attr == "len":
            node.len_lo, node.len_hi = lo or node.len_lo, hi or node.len_hi
        else:
            node.lo, node.hi = lo or node.lo, hi or node.hi
