"""Inputs for a functional problem from its :class:`~microcoder_data.testgen.inputspec.InputSpec`.

Edge cases first -- every size at its minimum with the smallest / largest values, all
values equal, sorted and reversed, extremes only -- then random cases.  Sizes stay small
(``max_len``) whatever the statement allows: a test must run well inside the time limit
for every program the reward judges, and boundary mistakes show on small inputs.
Seeded by the problem id: the same problem always gets the same inputs.

:func:`generate_large_inputs` draws the other kind: every size at the largest the
constraints allow within a budget of values in all, so that a program of the wrong
complexity runs out of time (an O(n^2) answer to an n = 2*10^5 problem, say).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Iterator

from microcoder_data.testgen.geometry_checks import spread_apart
from microcoder_data.testgen.graph_shapes import ADJACENCY, draw_adjacency, draw_edges, draw_parents
from microcoder_data.testgen.graph_checks import draw_path_graph
from microcoder_data.testgen.inputspec import InputSpec, Node, evaluate
from microcoder_data.testgen.orders import arrange, no_repeats, repeat_key
from microcoder_data.testgen.relation_grammar import redraw_relations
from microcoder_data.testgen.grid_regions import place_islands
from microcoder_data.testgen.occurrences import draw_profile, other_value, place_counts
from microcoder_data.testgen.structured_readings import shaped
from microcoder_data.testgen.sums import fix_total
from microcoder_data.testgen.templates import draw_template
from microcoder_data.testgen.word_checks import word_shaped
from microcoder_data.testgen.witnesses import odd_one_out, place_covering, place_witnesses, prime_near, put_chars_at
from microcoder_data.testgen.spec_model import (
    why_invalid,
    violation,
    ELEMENT_INDEX,
    distinct_key,
    indexed,
    item_env,
    plain_number_bounds,
)

# (size, values, order) of the edge cases, in the order they are tried
EDGE_CASES = [  # most telling first: a problem short of only a few tests gets these
    ("min", "low", None),
    ("small", "mixed", None),
    ("small", "dup", None),
    ("min", "high", None),
    ("medium", "mixed", None),
    ("small", "extreme", None),
    ("medium", "dup", None),
    ("small", "mixed", "sorted"),
    ("small", "mixed", "reversed"),
    ("min", "mixed", None),
    ("small", "same", None),
    ("small", "low", None),
    ("small", "high", None),
    ("large", "mixed", None),
]
MAX_INPUT_CHARS = 20_000  # one generated input's JSON; bigger draws are skipped
# the large inputs' draws, tried in order: the outer sizes first (one long list), the inner
# ones first (one test case of the largest size), then the largest values and repeated ones
LARGE_CASES = [("max", "mixed"), ("max_inner", "mixed"), ("max", "high"), ("max", "dup")]
_LARGE = ("max", "max_inner")
RANDOM_SIZES = ("small", "small", "medium", "medium")
RANDOM_VALUES = ("mixed", "mixed", "near_low", "dup", "extreme")


class _Draw:
    def __init__(
        self, rng: random.Random, size: str, values: str, order: str | None, max_len: int, budget: int = 0
    ) -> None:
        self.rng, self.size, self.values, self.order, self.max_len = rng, size, values, order, max_len
        self.budget = budget  # a large draw's values in all (lists' lengths multiply)
        self.scale = 1  # the product of the lengths of the lists being drawn around this value
        self.work = 0  # values drawn so far, redrawn ones too: a large draw gives up past 4 x its budget
        self.pool: dict[int, list[Any]] = {}  # the few values a "dup"/"same" case repeats
        self.letters: dict[str, list[str]] = {}  # the few letters a "dup" case's strings use
        self.row_len: dict[int, int] = {}  # the length every row of a grid being drawn has, by depth
        self.len_cap: dict[int, int] = {}  # the most items an element may take, by depth: a total length's rest
        self.own = ""  # the input being drawn: its elements' bounds may name its length (``nums[i] <= n``)

    def length(self, lo: int, hi: int, depth: int) -> int:
        if depth in self.len_cap:
            hi = min(hi, self.len_cap[depth])
            if hi < lo:
                raise ValueError("the total length left is too small")  # this draw is skipped
        if self.size in _LARGE:
            if self.size == "max_inner" and depth == 0:
                return lo
            return max(lo, min(hi, self.budget // self.scale))
        if lo > 4 * self.max_len:
            raise ValueError("the smallest size allowed is too large")  # this draw is skipped
        cap = max(lo, min(hi, self.max_len if depth == 0 else max(2, self.max_len // 3)))
        r = self.rng
        if self.size == "min":
            return lo
        if self.size == "small":
            return r.randint(lo, min(cap, lo + 4))
        if self.size == "large":
            return cap
        return r.randint(lo, cap)

    def number(self, node: Node, lo: Any, hi: Any, depth: int) -> Any:
        r, kind = self.rng, node.kind
        if node.choices is not None:
            return r.choice(node.choices)
        if lo > hi:
            raise ValueError("empty range")
        pick = self.values
        if pick in ("dup", "same"):
            pool = self.pool.setdefault(depth, [])
            if not pool or (pick == "dup" and len(pool) < 2 and r.random() < 0.5):
                pool.append(self._mixed(kind, lo, hi, node.size_like))
            return r.choice(pool)
        if pick == "low":
            return lo
        if pick == "high":
            return hi
        if pick == "extreme":
            return r.choice([lo, hi] + ([lo + 1, hi - 1] if kind == "int" and hi - lo >= 2 else []))
        if pick == "near_low":
            return lo + r.randint(0, min(5, hi - lo)) if kind == "int" else lo + (hi - lo) * r.random() * 0.01
        return self._mixed(kind, lo, hi, node.size_like)

    def _mixed(self, kind: str, lo: Any, hi: Any, size_like: bool) -> Any:
        r = self.rng
        if kind == "float":
            return round(r.uniform(lo, hi), 2) if hi > lo else lo
        if size_like:  # a size: small, so the lists built from it stay small
            return r.randint(lo, max(lo, min(hi, self.max_len)))
        roll = r.random()
        if roll < 0.35:
            return r.randint(lo, min(hi, lo + 10))
        if roll < 0.5 and lo <= 0 <= hi:
            return r.randint(max(lo, -5), min(hi, 5))
        if roll < 0.6:
            return r.randint(max(lo, hi - 10), hi)
        return r.randint(lo, hi)


def _value(node: Node, env: dict[str, Any], d: _Draw, depth: int) -> Any:
    """One value of ``node``, with the values a random draw would almost never hold put in place
    (witnesses.py): a stated character at its position, a witness somewhere."""
    value = _plain_value(node, env, d, depth)
    if node.odd_one_out and isinstance(value, str):
        value = odd_one_out(node.alphabet, value, d.rng)
    if node.char_at and isinstance(value, str):
        value = put_chars_at(node.char_at, node.alphabet, value, d.rng)
    if node.brackets or node.lead_nonzero:
        value = shaped(node, value, env, d.rng)  # balanced brackets, ...: structured_readings.py
    if node.anagrams or node.capitalized:
        value = word_shaped(node, value, d.rng)  # anagrams of one string, a capital first: word_checks.py
    if node.covers and isinstance(value, list):
        value = place_covering(node.covers, value, env, d.rng, node.order)
    if node.total and isinstance(value, list):
        value = fix_total(node, value, env, d.rng)  # Sum of values is divisible by k: sums.py
    if node.islands and isinstance(value, list):  # a grid's islands grown in water (grid_regions.py)
        leaf = node.elem.elem if node.elem is not None and node.elem.elem is not None else node
        value = place_islands(node, value, env, d.rng, lambda v: other_value("==", v, leaf, env, d.rng))
    if node.counts:  # how often a value occurs: occurrences.py (bounds may name the value: len(nums) / 2)
        value = place_counts(node, value, {**env, d.own: value} if depth == 0 and d.own else env, d.rng)
    return place_witnesses(node, value, env, d.rng) if node.witness else value


def _plain_value(node: Node, env: dict[str, Any], d: _Draw, depth: int) -> Any:
    if d.budget:
        d.work += 1
        if d.work > 4 * d.budget:  # distinct values from a narrow range: redrawn without end
            raise ValueError("a large draw past its work budget")
    k = node.kind
    if k == "bool":
        return d.rng.random() < 0.5
    if k in ("int", "float"):
        return _number(node, env, d, depth)
    if node.choices is not None:
        return d.rng.choice(node.choices)
    if node.items is not None:
        return _tuple(node, env, d, depth)
    if node.template:  # "{name},{time},...": drawn field by field (templates.py)
        return draw_template(node.template, d.rng)
    if node.perm_of is not None:  # t is a permutation of s
        other = list(env[node.perm_of])
        d.rng.shuffle(other)
        return "".join(other) if k == "str" else other
    if depth in d.row_len:
        n = d.row_len[depth]
    else:
        n = d.length(int(evaluate(node.len_lo, env)), int(evaluate(node.len_hi, env)), depth)
    if node.len_mod:  # nums.length % 2 == 0
        n -= n % node.len_mod
    if node.profile:  # each value a stated number of times: the multiset drawn whole (occurrences.py)
        return draw_profile(node, n, env, d.rng, lambda x: node.elem is None or not violation(node.elem, x, env, ""))
    if node.perm is not None:  # a permutation of [lo, hi]
        lo, hi = evaluate(node.perm[0], env), evaluate(node.perm[1], env)
        items = list(range(lo, hi + 1)) * (node.repeats or 1)
        d.rng.shuffle(items)
        return items
    if k == "str":
        if d.size in _LARGE and d.scale * max(1, n) > 4 * d.budget:
            raise ValueError("a large draw over its budget")  # H strings of W characters count as H x W values
        text = _string(node, n, d)
        return text[: (n + 1) // 2] + text[: n // 2][::-1] if node.palindrome else text  # its first half mirrored
    return _list(node, n, env, d, depth)


def _number(node: Node, env: dict[str, Any], d: _Draw, depth: int) -> Any:
    if node.choices is not None and (node.lo is not None or node.hi is not None):
        # a range stated beside the choices holds too (``n + 1 is a power of 2``, ``3 <= n``): among those within it
        lo = evaluate(node.lo, env) if node.lo is not None else min(node.choices)
        hi = evaluate(node.hi, env) if node.hi is not None else max(node.choices)
        within = [c for c in node.choices if lo <= c <= hi]
        if not within:
            raise ValueError("no choice within the range")
        if len(within) < len(node.choices):
            return d.rng.choice(within)
    if node.choices is not None:
        return d.number(node, None, None, depth)
    lo, hi = evaluate(node.lo, env), evaluate(node.hi, env)
    if node.kind == "int":
        lo, hi = int(lo), int(hi)
    if node.size_like:  # n of "n == nums.length": drawn as the length it is
        n = d.length(lo, hi, depth)
        if node.mod:  # an even size: the nearest one the remainder allows, inside the range
            n -= (n - node.mod[1]) % node.mod[0]
            n += node.mod[0] if n < lo else 0
        return n
    m, r = node.mod or (1, 0)  # a multiple of m (plus r): drawn as the multiplier, so every draw keeps it
    for _ in range(20):
        x = (
            d.number(node, -((r - lo) // m), (hi - r) // m, depth) * m + r
            if node.mod
            else d.number(node, lo, hi, depth)
        )
        if node.prime:  # the prime nearest the draw: a random value is seldom one
            x = prime_near(x, lo, hi)
        if (not node.exclude or x not in node.exclude) and not (
            node.mod_not and x % node.mod_not[0] == node.mod_not[1]
        ):
            return x
        d.values = "mixed"  # "low" may be the excluded value (or remainder) itself
    raise ValueError("only excluded values drawn")


def _string(node: Node, n: int, d: _Draw) -> str:
    if node.char_count:  # c exactly k times: the rest drawn without c, then k positions given c
        c, k = node.char_count
        if n < k:
            raise ValueError("a string shorter than its counted character")  # this draw is skipped
        rest = Node("str", alphabet=(node.alphabet or "").replace(c, "") or "a", distinct=node.distinct)
        chars = list(_string(rest, n, d))
        for at in d.rng.sample(range(n), k):
            chars[at] = c
        return "".join(chars)
    alpha = node.alphabet or "a"
    if node.distinct:  # distinct characters
        return "".join(d.rng.sample(alpha, n))
    if d.values == "low":
        return alpha[0] * n
    if d.values == "high":
        return alpha[-1] * n
    if d.values == "same":
        return d.rng.choice(alpha) * n
    if d.values == "dup":
        # the same two letters for every string of the case: patterns recur, one string
        # occurs inside another -- what random text over 26 letters almost never does
        few = d.letters.setdefault(alpha, d.rng.sample(alpha, min(2, len(alpha))))
        return "".join(d.rng.choice(few) for _ in range(n))
    return "".join(d.rng.choice(alpha) for _ in range(n))


def _list(node: Node, n: int, env: dict[str, Any], d: _Draw, depth: int) -> list[Any]:
    assert node.elem is not None
    if node.parents:  # LeetCode's parent list: parent[0] == -1 the root, node i's parent at i
        d.work += n
        return [-1] + draw_parents(n - 1, 0, n - 1, d.rng) if n else []
    if node.graph and node.graph["shape"] == "parents":  # a list of parents: the whole tree at once
        return draw_parents(n, int(evaluate(node.graph["lo"], env)), int(evaluate(node.graph["hi"], env)), d.rng)
    if node.graph and node.graph["shape"] in ADJACENCY:  # adjacency lists: the whole graph at once
        return draw_adjacency(node.graph["shape"], n, node.elem.order, d.rng)
    items: list[Any] = []
    seen: set[str] = set()
    tries = 0
    tree = _tree_edges(n, d) if node.tree else _graph_edges(node, n, env, d) if node.graph else None
    chosen = env[node.edges_of] if node.edges_of else None  # each element one of these edges
    if chosen is not None and (node.distinct or node.pair_distinct):
        n = min(n, len(chosen) * (1 if node.pair_distinct else 2))  # no more distinct ones than that
    large = d.size in _LARGE
    if large:  # sizes named by other values (an H x W grid) can still multiply past the budget
        if d.scale * max(1, n) > 4 * d.budget:
            raise ValueError("a large draw over its budget")
        d.scale *= max(1, n)
    if node.rows_equal and node.elem.len_lo is not None:
        d.row_len[depth + 1] = d.length(
            int(evaluate(node.elem.len_lo, env)), int(evaluate(node.elem.len_hi, env)), depth + 1
        )
    plain = not (node.distinct or node.pair_distinct or tree or no_repeats(node))
    bounds = plain_number_bounds(node.elem) if large and plain else None
    if bounds is not None:  # a large list of plain numbers: drawn without a call of _value each
        lo, hi = (int(bounds[0]), int(bounds[1])) if node.elem.kind == "int" else bounds
        items = [d.number(node.elem, lo, hi, depth + 1) for _ in range(n)]
        d.work += n
    by_position = indexed(node.elem)  # l_i < r_i: each element's bounds name its position
    n, total, least = _under_total(node, n, env)
    if depth == 0 and d.own:
        # ``1 <= nums[i] <= nums.length``: the elements' bounds see the list's length (drawn) and no
        # element (None: a bound naming one fails the draw); the full check still runs on the draw
        env = {**env, d.own: [None] * n}
    used = 0
    while len(items) < n and tries < 20 * n + 20:
        tries += 1
        if total is not None:  # what the elements still to draw leave this one
            d.len_cap[depth + 1] = total - used - (n - len(items) - 1) * least
        if node.rows_by_index:  # a triangle: row k holds k + 1 items
            d.row_len[depth + 1] = len(items) + 1
        elif node.rows_down:  # an upper triangle: row k of n holds n - k items
            d.row_len[depth + 1] = n - len(items)
        x = _value(node.elem, {**env, ELEMENT_INDEX: len(items)} if by_position else env, d, depth + 1)
        if tree is not None:  # the tree's endpoints, the other positions (weights) as drawn
            x = list(tree[len(items)]) + x[2:]
        elif chosen:  # either way round
            e = d.rng.choice(chosen)
            x = (list(e[:2]) if d.rng.random() < 0.5 else [e[1], e[0]]) + x[2:]
        if node.distinct or node.pair_distinct or no_repeats(node):  # strictly sorted: no value twice
            key = repeat_key(node, x) if no_repeats(node) else distinct_key(node, x)
            if key in seen:
                if d.values in ("low", "high", "same", "dup"):
                    d.values = "mixed"  # distinct values cannot all be the same
                continue
            seen.add(key)
        items.append(x)
        used += len(x) if total is not None else 0
    d.len_cap.pop(depth + 1, None)
    if large:
        d.scale //= max(1, n)
    d.row_len.pop(depth + 1, None)
    if len(items) < n:
        raise ValueError("cannot draw enough distinct values")
    if node.tree or node.graph:
        return items  # edges keep their order: sorting would not change the tree, only hide it
    if node.symmetric or node.diagonal is not None:
        return _square(node, items)  # rows keep their order: sorting them would break the symmetry
    _spread_apart(node, items, env, d)  # rows said not to overlap: apart along one axis (geometry_checks)
    arranged = arrange(node, items, d.rng)  # the list's stated order (orders.py)
    if arranged is not None:
        return arranged
    if d.order == "sorted":
        items.sort()
    elif d.order == "reversed":
        items.sort(reverse=True)
    return items


def _spread_apart(node: Node, items: list[Any], env: dict[str, Any], d: _Draw) -> None:
    if node.apart and node.elem is not None and node.elem.items:
        ranges = [_span(node.elem, ends, env) for ends in zip(*node.apart.values())]
        spread_apart(node.apart, items, ranges, d.rng)


def _span(row: Node, ends: tuple[Any, ...], env: dict[str, Any]) -> tuple[int, int]:
    """The values an axis of a row may take (``ends``: its two positions): the widest of their
    bounds that name no other position (``0 <= x1 < x2 <= n``: 0 and n)."""
    assert row.items is not None  # the caller's
    found: dict[str, list[int]] = {"lo": [], "hi": []}
    for k in ends[:2]:
        for side in found:
            try:
                found[side].append(int(evaluate(getattr(row.items[k], side), env)))
            except (NameError, TypeError, ValueError, KeyError):
                continue  # a bound naming the other position
    if not found["lo"] or not found["hi"]:
        raise ValueError("an axis with no bounds of its own")
    return min(found["lo"]), max(found["hi"])


def _under_total(node: Node, n: int, env: dict[str, Any]) -> tuple[int, int | None, int]:
    """(the list's length, its elements' total length bound or None, each element's least length):
    ``sum(words[i].length) <= 10^3`` drawn under the total, the list no longer than it allows."""
    if node.total_len_hi is None or node.elem is None:
        return n, None, 0
    total = int(evaluate(node.total_len_hi, env))
    least = max(0, int(evaluate(node.elem.len_lo, env))) if node.elem.len_lo is not None else 0
    return (min(n, total // least) if least else n), total, least


def _square(node: Node, rows: list[Any]) -> list[Any]:
    """The drawn rows made symmetric (the upper triangle mirrored) and given their diagonal;
    rows that are not a square are left to the validator, which drops the draw."""
    n = len(rows)
    if any(not isinstance(row, list) or len(row) != n for row in rows):
        return rows
    for i in range(n):
        if node.diagonal is not None:
            rows[i][i] = node.diagonal
        for j in range(i) if node.symmetric else ():
            rows[i][j] = rows[j][i]
    return rows


def _tuple(node: Node, env: dict[str, Any], d: _Draw, depth: int) -> list[Any]:
    """A fixed-length list whose positions have their own bounds (``[ui, vi, wi]``), the
    positions others' bounds name first; redrawn while ``ui != vi`` fails."""
    assert node.items is not None and node.item_order is not None
    for _ in range(20):
        value: list[Any] = [None] * len(node.items)
        inner = dict(env)
        named = dict(zip(node.item_names or [], node.items))
        for k in node.item_order:
            if value[k] is not None:
                continue  # a graph's other ends, drawn with the first
            if node.items[k].graph and node.items[k].graph.get("ends") and node.item_names:
                _graph_lists(named, node.item_names[k], inner, d, depth + 1)  # a test case's edges
                value = [inner.get(n, v) for n, v in zip(node.item_names, value)]
            else:
                value[k] = _value(node.items[k], inner, d, depth + 1)
            inner = item_env(node, value, env)
        if not any(value[a] == value[b] for a, b in node.item_ne or []):
            return value
    raise ValueError("positions that must differ drawn equal")


def _tree_edges(n_edges: int, d: _Draw) -> list[tuple[int, int]]:
    """A random tree on nodes 0..n_edges (each new node joins an earlier one), relabelled."""
    label = list(range(n_edges + 1))
    d.rng.shuffle(label)
    edges = []
    for child in range(1, n_edges + 1):
        a, b = label[child], label[d.rng.randrange(child)]
        edges.append((a, b) if d.rng.random() < 0.5 else (b, a))
    d.rng.shuffle(edges)
    return edges


def _graph_edges(node: Node, m: int, env: dict[str, Any], d: _Draw) -> list:
    """``m`` edges of ``node.graph``'s shape over its vertex range (graph_shapes.draw_edges)."""
    g = node.graph or {}
    if g["shape"] == "path":  # a path between two named vertices (graph_properties)
        ends = [int(evaluate(g[k], env)) for k in ("lo", "hi", "from", "to")]
        return draw_path_graph(m, *ends, d.rng, g["directed"])
    return draw_edges(g["shape"], m, int(evaluate(g["lo"], env)), int(evaluate(g["hi"], env)), d.rng)


def _graph_lists(nodes: dict[str, Node], name: str, env: dict[str, Any], d: _Draw, depth: int = 0) -> None:
    """The two flat lists of a graph's ends (``u``, ``v``) drawn together into ``env``; where their
    bounds tie the two ends of an edge (``1 <= U_j < V_j <= N``), every edge's ends put in the order
    that keeps them (any such order keeps every shape: a dag's edges then go up, or all down)."""
    node = nodes[name]
    other = (node.graph or {})["ends"]
    d.scale *= 2  # a large draw: two values an edge
    m = d.length(int(evaluate(node.len_lo, env)), int(evaluate(node.len_hi, env)), depth)
    d.scale //= 2
    edges = _graph_edges(node, m, env, d)
    tied = indexed(node.elem) or indexed(nodes[other].elem)
    for ascending in (True, False) if tied else (None,):
        pairs = edges if ascending is None else [(min(e), max(e)) if ascending else (max(e), min(e)) for e in edges]
        env[name], env[other] = [a for a, _ in pairs], [b for _, b in pairs]
        if not tied or not why_invalid(nodes, [name, other], [], env):
            return
    raise ValueError("no order of the edges' ends keeps their bounds")


def problem_seed(problem_id: str, seed: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{problem_id}".encode()).digest()[:8], "big")


def generate_inputs(
    spec: InputSpec,
    problem_id: str,
    count: int,
    *,
    seed: int = 0,
    max_len: int = 20,
    exclude: set[str] | frozenset[str] = frozenset(),
    max_tries: int | None = None,
) -> list[str]:
    """Up to ``count`` distinct test inputs (JSON text, the tests' own argument form),
    none equal to one in ``exclude``; every one satisfies the spec."""
    rng = random.Random(problem_seed(problem_id, seed))
    out: list[str] = []
    seen = {_canon(x) for x in exclude}
    for size, values, order in _plan(rng, max_tries or 4 * count + len(EDGE_CASES)):
        if len(out) >= count:
            break
        text = _drawn(spec, _Draw(rng, size, values, order, max_len))
        if text is None or len(text) > MAX_INPUT_CHARS:
            continue
        key = _canon(text)
        if key in seen:
            continue
        seen.add(key)
        out.append(text)
    return out


def generate_large_inputs(
    spec: InputSpec, problem_id: str, count: int, *, budget: int, max_chars: int, seed: int = 0
) -> list[str]:
    """Up to ``count`` inputs at the largest sizes the spec allows with at most about
    ``budget`` values in all (each of :data:`LARGE_CASES` once, in order); every one satisfies
    the spec, and has more than :data:`MAX_INPUT_CHARS` characters (a smaller one is not
    large: the ordinary tests have its like) and at most ``max_chars``."""
    rng = random.Random(problem_seed(problem_id, seed) ^ budget)
    out: list[str] = []
    for size, values in LARGE_CASES:
        if len(out) >= count:
            break
        text = _drawn(spec, _Draw(rng, size, values, None, 0, budget))
        if text is not None and MAX_INPUT_CHARS < len(text) <= max_chars and text not in out:
            out.append(text)
    return out


def _drawn(spec: InputSpec, d: _Draw) -> str | None:
    """One input drawn as ``d`` says (JSON text), or None when the draw breaks the spec."""
    env: dict[str, Any] = {}
    try:
        for name in spec.order:
            node = spec.nodes[name]
            if node.graph and node.graph.get("ends"):
                _graph_lists(spec.nodes, name, env, d)  # its partner list too
            elif name not in env:
                d.own = name
                env[name] = _value(node, env, d, 0)
        redraw_relations(spec.checks, spec.nodes, env, lambda n, k: _value(n, {**env, ELEMENT_INDEX: k}, d, 1))
        if why_invalid(spec.nodes, spec.order, spec.checks, env):
            return None
    except (ValueError, TypeError, ZeroDivisionError, IndexError, OverflowError, MemoryError, NameError, KeyError):
        # NameError: a bound on a list's elements that names the list itself (not drawable)
        return None
    args = {a: env[a] for a in spec.args}
    return json.dumps(args if spec.keyword else [args[a] for a in spec.args])


def _plan(rng: random.Random, n: int) -> Iterator[tuple[str, str, str | None]]:
    for i in range(n):
        if i < len(EDGE_CASES):
            yield EDGE_CASES[i]
        else:
            yield rng.choice(RANDOM_SIZES), rng.choice(RANDOM_VALUES), rng.choice([None, None, "sorted", "reversed"])


def _canon(text: str) -> str:
    try:
        return json.dumps(json.loads(text), sort_keys=True)
    except ValueError:
        return text
