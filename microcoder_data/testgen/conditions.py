"""Constraint lines that state a condition on the input as a whole rather than a range or a
shape: ``k divides word.length``, ``k is odd``, ``1 <= m * n <= 2 * 10^5``,
``maxChanges + sum(nums) >= k``, ``1 <= sum(words[i].length) <= 10^5``,
``there are at least three 1's in grid``.

Each becomes one of the spec's ``checks`` (a python expression over the arguments and
sizes): a drawn input that fails one is drawn again, and every existing test must pass
them like any other reading.  A product of two sizes bounded from 1 (``1 <= m * n``) also
gives each size the range it implies, so a grid stated only by its cell count can be drawn.

:func:`read_condition` returns True (read) or False (not a condition it understands).
"""

from __future__ import annotations

import ast
import re
from typing import Any

from microcoder_data.testgen.spec_model import _IDENT, FUNCTIONS, _Unsupported, evaluate_const, is_number_list

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
# "The input is generated such that ...": the rest is a constraint like any other
GUARANTEE = re.compile(
    r"^(?:it is guaranteed that|(?:the )?(?:input|test cases?|tests?|test data) (?:is|are) generated "
    r"(?:such that|in a way that|so that)) ",
    re.I,
)
# "All input values are integers": nothing to enforce beyond the types the tests show.
ALL_INTEGERS = re.compile(  # AtCoder's "All values in input are integers." of 2016-2022 as well
    r"(?:all (?:the )?(?:numerical |numeric |given )?(?:input )?(?:values?|numbers?|inputs?)(?: given)?"
    r"(?: (?:in|of) (?:the )?input)? are integers?|every (?:input )?value (?:in|of) (?:the )?input is an integer"
    r"|(?:the )?input values are integers?)\.?",
    re.I,
)
# A sentence promising something of the input: what the generator must enforce or refuse.
# "(The answer is uniquely determined.)": only for inputs of a structure the statement tells as a story
PROMISE = re.compile(
    r"\bguarantee[sd]?\b|\bgenerated (?:such|so|in a way) that\b|\bthe answer is uniquely determined\b", re.I
)
_COMPARISON = re.compile(r"\s*(<=|>=|==|!=|<|>)\s*")
_TOTAL_LENGTH = re.compile(r"\bsum\(\s*([A-Za-z_]\w*)\[\s*[A-Za-z_]\w*\s*\]\.length\s*\)")
_INDEX = re.compile(r"\[\s*([A-Za-z_]\w*)\s*\]")


_PAIR = r"\(\s*([A-Za-z_]\w*)\[(\w)\]\s*,\s*([A-Za-z_]\w*)\[\2\]\s*\)"
_DISTINCT_PAIRS = re.compile(
    rf"(?:all (?:the )?|the (?:pairs? )?)?(?:pairs? )?{_PAIR} (?:are (?:all )?(?:pairwise )?(?:distinct|different)"
    rf"|!= \(\s*\1\[(\w)\]\s*,\s*\3\[\4\]\s*\)(?: if \2 != \4| \(\2 != \4\)| \(\w+ <= \2 < \4 <= \w+\))?)",
    re.I,
)
# (a_i, b_i) != (a_j, b_j) and (a_i, b_i) != (b_j, a_j), if i != j: not even reversed
_UNORDERED_PAIRS = re.compile(
    rf"{_PAIR} != \(\s*\1\[(\w)\]\s*,\s*\3\[\4\]\s*\),? and \(\s*\1\[\2\]\s*,\s*\3\[\2\]\s*\) != "
    rf"\(\s*\3\[\4\]\s*,\s*\1\[\4\]\s*\),? (?:if \2 != \4|\(\2 != \4\))"
)
_DIFFER_AT_EACH = re.compile(r"([A-Za-z_]\w*)\[(\w)\] != ([A-Za-z_]\w*)\[\2\]")


def read_distinct_pairs(reader: Any, text: str) -> bool:
    """``The pairs (A_i, B_i) are distinct``, ``(X_i, Y_i) != (X_j, Y_j) if i != j``: two lists
    of the same length never hold the same pair twice (a check: drawn again when they do)."""
    text = re.sub(r"^if (\w) != (\w), then ", "", text, flags=re.I)  # If i != j, then (A_i, B_i) != (A_j, B_j)
    m = _DIFFER_AT_EACH.fullmatch(text)
    if m and m.group(1) != m.group(3) and all(is_number_list(reader.nodes.get(n)) for n in (m.group(1), m.group(3))):
        reader.checks.append(f"differ_everywhere({m.group(1)}, {m.group(3)})")  # A_i != B_i
        return True
    m = _UNORDERED_PAIRS.fullmatch(text)
    if m and all(is_number_list(reader.nodes.get(n)) for n in (m.group(1), m.group(3))):
        reader.checks.append(f"unordered_distinct_pairs({m.group(1)}, {m.group(3)})")
        return True
    m = _DISTINCT_PAIRS.fullmatch(text)
    if not m or not all(
        reader.nodes.get(n) is not None and reader.nodes[n].kind == "list" for n in (m.group(1), m.group(3))
    ):
        return False
    reader.checks.append(f"distinct_pairs({m.group(1)}, {m.group(3)})")
    return True


def read_graph(reader: Any, text: str) -> bool:
    """``the edges (u[i], v[i]) are distinct [as unordered pairs]``: no edge twice (in either
    direction, for an undirected graph), a check over two flat lists of vertices."""
    m = re.fullmatch(r"the edges \(([A-Za-z_]\w*)\[i\], ([A-Za-z_]\w*)\[i\]\) are distinct( as unordered pairs)?", text)
    if not m or not all(is_number_list(reader.nodes.get(n)) for n in m.group(1, 2)):
        return False
    kind = "unordered_distinct_pairs" if m.group(3) else "distinct_pairs"
    reader.checks.append(f"{kind}({m.group(1)}, {m.group(2)})")
    return True


def read_condition(reader: Any, text: str) -> bool:
    m = re.fullmatch(r"(.+?) divides (.+)|(.+?) is (?:divisible by|a multiple of) (.+)", text)
    if m:
        divisor, whole = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if _element_modulo(reader, whole, divisor, 0):
            return True
        return _add(reader, [whole, divisor], lambda w, d: f"({w}) % ({d}) == 0")
    m = re.fullmatch(r"(.+?) is (odd|even)", text)
    if m:
        if _element_modulo(reader, m.group(1), "2", int(m.group(2) == "odd")):
            return True
        return _add(reader, [m.group(1)], lambda x: f"({x}) % 2 == {int(m.group(2) == 'odd')}")
    m = re.fullmatch(r"there (?:is|are) at least (\w+) (-?\d+)(?:'s|s)? in ([A-Za-z_]\w*)", text, re.I)
    if m:
        count = _NUMBER_WORDS.get(m.group(1).lower()) or (int(m.group(1)) if m.group(1).isdigit() else None)
        if count is None or m.group(3) not in reader.args:
            return False
        reader.checks.append(f"occurrences({m.group(3)}, {int(m.group(2))}) >= {count}")
        return True
    return _comparison(reader, text)


def _element_modulo(reader: Any, subject: str, divisor: str, rest: int) -> bool:
    """``A[i] is a multiple of 100``, ``S[i] is even``: every element of a flat list of integers,
    drawn as such (a whole-input check would almost never pass a random draw).  The divisor
    must be a number: one drawn with the input is not read here."""
    m = re.fullmatch(r"([A-Za-z_]\w*)\[\s*[a-z]\s*\]", subject.strip())
    node = reader.nodes.get(m.group(1)) if m else None
    modulus = evaluate_const(reader.expr(divisor)) if m else None
    if not is_number_list(node) or node.elem.kind != "int" or not modulus or modulus < 2:
        return False
    if node.elem.mod not in (None, (modulus, rest)):
        raise _Unsupported(f"two remainders stated for {m.group(1)}'s elements")
    node.elem.mod = (modulus, rest)
    return True


def read_occurrences(reader: Any, text: str) -> bool:
    """``S contains at least D occurrences of '@'`` (``exactly``): how often a character occurs
    in a string, or in each string of a list (``S[i] contains ...``); a check."""
    m = re.fullmatch(r"([A-Za-z_]\w*)(\[\s*[a-z]\s*\])? contains (at least|exactly) (\S+) occurrences of '(.)'", text)
    node = reader.nodes.get(m.group(1)) if m else None
    if node is None or not (node.kind == "str" if not m.group(2) else node.kind == "list" and node.elem.kind == "str"):
        return False
    try:
        count = reader.expr(m.group(4))
    except _Unsupported:
        return False
    reader.checks.append(
        f"char_counts_within({m.group(1)}, {m.group(5)!r}, {count}, {count if m.group(3) == 'exactly' else None})"
    )
    return True


def read_string_rule(reader: Any, text: str) -> bool:
    """``S contains at least 1 characters other than 'aeiou'``, ``the last character of S is
    not '.'`` (``first``), ``no two adjacent elements of A are equal``: checks."""
    m = re.fullmatch(r"([A-Za-z_]\w*) contains at least (\S+) characters other than '(.+)'", text)
    if m and _is(reader, m.group(1), "str") and evaluate_const(m.group(2)) is not None:
        reader.checks.append(f"chars_other_than({m.group(1)}, {m.group(3)!r}) >= {m.group(2)}")
        return True
    m = re.fullmatch(r"the (last|first) character of ([A-Za-z_]\w*) is not '(.)'", text, re.I)  # The first ...
    if m and _is(reader, m.group(2), "str"):
        reader.checks.append(f"end_char_is_not({m.group(2)}, {m.group(1).lower() == 'last'}, {m.group(3)!r})")
        return True
    m = re.fullmatch(r"no two adjacent elements of ([A-Za-z_]\w*) are equal", text)
    node = reader.nodes.get(m.group(1)) if m else None
    if node is not None and node.kind == "list" and node.elem.kind in ("int", "str"):
        reader.checks.append(f"adjacent_differ({m.group(1)})")
        return True
    return False


def _is(reader: Any, name: str, kind: str) -> bool:
    node = reader.nodes.get(name)
    return node is not None and node.kind == kind


def read_distinct_across(reader: Any, text: str) -> bool:
    """``all values of A and B are distinct``: each list's values distinct (drawn so) and no
    value in two of them (a check)."""
    m = re.fullmatch(r"all values of ((?:[A-Za-z_]\w*, )*[A-Za-z_]\w*) and ([A-Za-z_]\w*) are distinct", text)
    names = (m.group(1).split(", ") + [m.group(2)]) if m else []
    nodes = [reader.nodes.get(n) for n in names]
    if not names or not all(
        n is not None and n.kind == "list" and n.elem.kind in ("int", "str", "list") for n in nodes
    ):
        return False
    for node in nodes:
        node.distinct = True
    reader.checks.append(f"all_distinct({', '.join(names)})")
    return True


def _comparison(reader: Any, text: str) -> bool:
    """A chain of comparisons between expressions over whole arguments and sizes."""
    parts = _COMPARISON.split(text)
    if len(parts) < 3:
        return False
    terms, ops = parts[0::2], parts[1::2]
    if reader.first_index and any(_is(reader, t.strip(), "list") for t in terms):
        return False  # x != y of two columns of rows (a statement's "x and y are distinct"): per row or as wholes?
    if not _add(reader, terms, lambda *exprs: " ".join(x for pair in zip(exprs, ops + [""]) for x in pair).strip()):
        return False
    if len(terms) == 3 and ops == ["<=", "<="]:
        _sizes_of_a_product(reader, terms)
    if len(terms) == 2 and ops == ["<="]:
        _factors_under_a_product(reader, terms)
    _lengths_under_a_total(reader, terms, ops)
    return True


def _lengths_under_a_total(reader: Any, terms: list[str], ops: list[str]) -> None:
    """``sum(S[i].length) <= 2 * 10^5``: drawn under the total; where no line bounds one S_i's
    length from above, each is at most the total (the check keeps the sum)."""
    m = _TOTAL_LENGTH.fullmatch(terms[-2].strip()) if len(terms) >= 2 and ops[-1] == "<=" else None
    node = reader.nodes.get(m.group(1)) if m else None
    if node is None or node.kind != "list" or node.elem is None or node.elem.kind not in ("str", "list"):
        return
    if node.elem.len_hi is None and reader.bounds.get((m.group(1), 1, "len"), {}).get("hi") is None:
        reader.set_bound((m.group(1), 1, "len"), "hi", reader.expr(terms[-1]))
    if node.elem.len_lo is None and reader.bounds.get((m.group(1), 1, "len"), {}).get("lo") is None:
        reader.set_bound((m.group(1), 1, "len"), "lo", "1")  # none stated: drawn non-empty, within any reading
    total = reader.expr(terms[-1])
    if not set(_IDENT.findall(total)) & set(reader.nodes):  # a constant total: drawn under it (inputgen)
        node.total_len_hi = total


def _add(reader: Any, terms: list[str], build: Any) -> bool:
    """Append ``build(*exprs)`` if every term reads as an expression over whole arguments
    and sizes (no element ``nums[i]``, no tuple position) naming at least one of them."""
    exprs = []
    for t in terms:
        t = _TOTAL_LENGTH.sub(r"total_length(\1)", t)  # sum(nums[i].length): all the elements' lengths
        if any(v not in reader.nodes for v in _INDEX.findall(t)) or re.search(r"\]\s*\.length", t):
            return False  # nums[i], words[k].length: one element, not the whole input
        if "/" in t:
            return False  # n / 2 <= k: the reader's floor division is exact only as an upper bound
        try:
            e = reader.expr(t)
        except _Unsupported:
            return False
        names = set(_IDENT.findall(e)) - set(FUNCTIONS)
        if names - set(reader.nodes):
            return False  # a tuple position (``edges__0``): not defined for the whole input
        if any(
            isinstance(n, ast.BinOp) and isinstance(n.op, ast.Pow) and _IDENT.search(ast.unparse(n))
            for n in ast.walk(ast.parse(e, mode="eval"))
        ):
            return False  # 2**n with a drawn n: a draw could make it astronomically large
        exprs.append(e)
    if not any(set(_IDENT.findall(e)) & set(reader.nodes) for e in exprs):
        return False
    reader.checks.append(build(*exprs))
    return True


def _factors_under_a_product(reader: Any, terms: list[str]) -> None:
    """``H * W <= 2 * 10^5`` where ``1 <= H`` and ``1 <= W`` were read and nothing bounds either
    from above: each is at most the bound (the check keeps the product)."""
    m = re.fullmatch(r"\s*([A-Za-z_]\w*)\s*\*\s*([A-Za-z_]\w*)\s*", terms[0])
    if not m or m.group(1) == m.group(2):
        return
    factors = [
        (m.group(k), reader.nodes.get(m.group(k)), reader.bounds.get((m.group(k), 0, "val"), {})) for k in (1, 2)
    ]
    if all(
        node is not None
        and node.kind == "int"
        and (evaluate_const(b.get("lo")) or 0) >= 1
        and "hi" not in b
        and "eq" not in b
        for _, node, b in factors
    ):
        # the second at most the bound over the first: every draw keeps the product, and a large
        # draw is a long thin grid rather than a square one far past the bound
        bound = reader.expr(terms[1])
        reader.set_bound((factors[0][0], 0, "val"), "hi", bound)
        reader.set_bound((factors[1][0], 0, "val"), "hi", f"({bound}) // {factors[0][0]}")


def _sizes_of_a_product(reader: Any, terms: list[str]) -> None:
    """``1 <= m * n <= 2 * 10^5`` with m, n sizes (counts, never negative): each is at least 1
    and at most the bound.  Only a size with no range of its own gets one."""
    lo = evaluate_const(reader.expr(terms[0]))
    if lo is None or lo < 1:
        return
    try:
        tree = ast.parse(terms[1].strip(), mode="eval").body
    except SyntaxError:
        return
    if not (
        isinstance(tree, ast.BinOp)
        and isinstance(tree.op, ast.Mult)
        and isinstance(tree.left, ast.Name)
        and isinstance(tree.right, ast.Name)
    ):
        return
    hi = reader.expr(terms[2])
    for name in (tree.left.id, tree.right.id):
        node = reader.nodes.get(name)
        bounds = reader.bounds.get((name, 0, "val"), {})
        if node is None or node.kind != "int" or not node.size_like or bounds:
            continue
        reader.set_bound((name, 0, "val"), "lo", "1")
        reader.set_bound((name, 0, "val"), "hi", hi)
