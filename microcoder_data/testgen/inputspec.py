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

import copy
import dataclasses
import functools
import json
import re
from typing import Any

from microcoder_data.schema import Problem
from microcoder_data.testgen.char_args import character_grids, single_characters
from microcoder_data.testgen.conditions import ALL_INTEGERS
from microcoder_data.testgen.constraints import (
    _IDENT,
    _apply_bounds,
    _fix_numbers,
    _Reader,
)
from microcoder_data.testgen.defined_qualifiers import refuse_defined_qualifier
from microcoder_data.testgen.stated_properties import stated_properties
from microcoder_data.testgen.statement_lines import (
    body_promises,
    constraint_lines,
    implied_by_constraints,
    promised_constraints,
    promises_outside_constraints,
)
from microcoder_data.testgen.answer_checks import answer_check_of, answer_checks
from microcoder_data.testgen.graph_readings import finish_graphs
from microcoder_data.testgen.spec_model import (
    check_existing,
    InputSpec,
    Node,
    NoSpec,
    _Unsupported,
    read_or_say_why,
    evaluate,
    violation,
)
from microcoder_data.testgen.promise_clauses import clauses_of, read_by_clauses
from microcoder_data.testgen.renamed_args import with_signature_names
from microcoder_data.testgen.upstream_tests import which_side
from microcoder_data.testgen.scraped_powers import Scraped, may_apply, modes, tenfold_fits, weigh
from microcoder_data.testgen.structures import scan_aliases
from microcoder_data.testgen.tuple_aliases import family_aliases
from microcoder_data.testgen.total_bounds import bound_by_totals
from microcoder_data.testgen.spec_types import (
    _from_hint,
    _from_value,
    _merge,
    _shape,
    signature_with_defaults,
    test_args,
)

__all__ = ["InputSpec", "Node", "NoSpec", "constraint_lines", "evaluate", "input_spec", "test_args", "violation"]

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
    if node.perm_of is not None:
        return  # its characters are the other argument's
    if node.kind == "str" and node.alphabet is None and node.choices is None:
        node.alphabet = "".join(sorted(set("".join(v for v in values if isinstance(v, str))))) or None
    if node.kind == "list" and node.elem is not None:
        _leaf_alphabets(node.elem, [x for v in values if isinstance(v, list) for x in v])


def _grids(node: Node, values: list[Any]) -> None:
    """A list of lists (or strings) whose rows have one length in every existing test that
    shows two or more is drawn that way: a grid.  Narrower than a problem that allows ragged
    rows, never outside one that does not (``1 <= grid.length, grid[i].length`` says neither)."""
    if node.kind != "list" or node.elem is None or node.elem.kind not in ("list", "str") or node.items is not None:
        return
    rows = [v for v in values if isinstance(v, list)]
    if any(len(v) >= 2 for v in rows) and all(len({len(x) for x in v}) <= 1 for v in rows):
        node.rows_equal = node.elem.items is None
    _grids(node.elem, [x for v in rows for x in v])


def _complete(name: str, node: Node) -> None:
    if node.perm_of is not None:
        return  # drawn by shuffling the other argument
    if node.kind in ("int", "float") and node.choices is None and (node.lo is None or node.hi is None):
        raise _Unsupported(f"no range stated for {name}", kind="no_range", line=name)
    if node.kind in ("str", "list") and (node.len_lo is None or node.len_hi is None):
        if node.choices is None:
            raise _Unsupported(f"no length stated for {name}", kind="no_range", line=name)
    if node.kind == "str" and node.alphabet is None and node.choices is None:
        raise _Unsupported(f"no characters stated for {name}", kind="no_range", line=name)
    if node.kind == "list":
        if node.elem is None:
            raise _Unsupported(f"element type of {name} unknown", kind="unsupported_type", line=name)
        for k, item in enumerate(node.items or []):
            _complete(f"{name}[{k}]", item)
        if node.items is None:
            _complete(name + "[i]", node.elem)


def _deps(node: Node, names: set[str]) -> set[str]:
    out: set[str] = set()
    for e in (node.lo, node.hi, node.len_lo, node.len_hi):
        if e:
            out |= {w for w in _IDENT.findall(e) if w in names}
    if node.elem is not None:
        out |= _deps(node.elem, names)
    for item in node.items or []:
        out |= _deps(item, names)
    if node.perm:
        out |= {w for e in node.perm for w in _IDENT.findall(e) if w in names}
    if node.perm_of:
        out.add(node.perm_of)
    if node.edges_of:  # chosen among the edges drawn before
        out.add(node.edges_of)
    for _, e in [*(node.witness or []), *([node.total] if node.total else [])]:  # ``nums[i] >= k``: k drawn first
        out |= {w for w in _IDENT.findall(e) if w in names}
    for e in [
        x for entry in [*(node.counts or []), *(node.profile or []), *(node.islands or [])] for x in entry
    ]:  # occurrences.py
        out |= {w for w in _IDENT.findall(e) if w in names}
    return out


def _mark_sizes(nodes: dict[str, Node]) -> None:
    """An int some length is bound by (``horizontalCut.length == m - 1``) is a size: drawn
    small, like a length, or the lists built from it would not be."""

    def lengths(node: Node) -> set[str]:
        out = {w for e in (node.len_lo, node.len_hi) if e for w in _IDENT.findall(e)}
        if node.items is not None:  # 0 <= ui, vi < n: n counts a graph's nodes, drawn small too
            out |= {w for it in node.items[:2] for w in _IDENT.findall(it.hi or "")}
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
    swaps = 0
    while pending:
        ready = [n for n in pending if deps[n] <= set(order)]
        if not ready and swaps < len(nodes) and _length_from_other_side(nodes, pending):
            swaps += 1  # each swap moves one length; bounded, so two lists cannot swap back and forth
            deps = {n: _deps(node, names) - {n} for n, node in nodes.items()}
            continue
        if not ready:
            raise _Unsupported(f"circular bounds among {pending}")
        order.append(ready[0])
        pending.remove(ready[0])
    return order


def _length_from_other_side(nodes: dict[str, Node], pending: list[str]) -> bool:
    """Two lists of one length, the length drawn with ``a`` and ``b`` following it (``b.length ==
    a.length``) while ``a``'s elements name ``b``'s (``a[i] <= b[i]``, ``b`` a permutation of ``a``):
    the length's bounds moved to ``b`` and ``a``'s length made to follow ``b``'s -- the same
    constraint, in the order that draws.  False when no such pair is pending."""
    for b in pending:
        node = nodes[b]
        m = re.fullmatch(r"len\((\w+)\)", node.len_lo or "")
        a = m.group(1) if m and node.len_hi == node.len_lo else None
        if a not in pending or a == b or nodes[a].len_lo is None or nodes[a].len_hi is None:
            continue
        if any(b in _IDENT.findall(e) for e in (nodes[a].len_lo, nodes[a].len_hi)):
            continue
        node.len_lo, node.len_hi = nodes[a].len_lo, nodes[a].len_hi
        nodes[a].len_lo = nodes[a].len_hi = f"len({b})"
        return True
    return False


def _virtual_env(
    spec_nodes: dict[str, Node], reader_bounds: dict, env: dict[str, Any], args: list[str]
) -> dict[str, Any]:
    """Values of the virtual sizes implied by an example (``n`` = ``len(nums)``)."""
    env = dict(env)
    for (name, depth, attr), b in reader_bounds.items():
        if "eq" in b and name in args and not attr.startswith("@"):
            # n == nums.length, edges.length == n - 1, costs.length == 2 * n
            m = re.fullmatch(r"(?:(\d+) \* )?([A-Za-z_]\w*)(?: ([+-]) (\d+))?", b["eq"])
            if m and m.group(2) not in env and not (m.group(1) and m.group(3)):
                value = env[name]
                for _ in range(depth):
                    value = value[0] if value else []
                v = len(value) if attr == "len" else value
                if m.group(3):
                    if not isinstance(v, int):
                        continue
                    v = v + int(m.group(4)) if m.group(3) == "-" else v - int(m.group(4))
                if m.group(1):  # not a whole multiple: the example then breaks the equality
                    v = v // int(m.group(1)) if v % int(m.group(1)) == 0 else v / int(m.group(1))
                env[m.group(2)] = v
    return env


# --------------------------------------------------------------------------- entry


def input_spec(p: Problem) -> InputSpec | NoSpec:
    return which_side(p, read_or_say_why(_input_spec, p, "constraints"))  # an existing test breaks it: whose fault


def sizes_spec(p: Problem) -> InputSpec | NoSpec:
    """The constraints that bound the arguments' sizes, where the whole statement cannot be read: lines not
    understood and promises are passed over. For telling which tests are large (time limits), never for drawing
    inputs: a line passed over only leaves a bound unknown (a size with no bound counts as large)."""
    return read_or_say_why(lambda q: _input_spec(q, skip_unread=True), p, "constraints")


def _implied_sizes(lines: list[str], args: list[str], nodes: dict[str, Node]) -> list[str]:
    """The ``n == nums.length`` lines a scraped statement lost: ``n``/``m`` bounded but
    never defined, with the arguments they can only stand for (one list: n; two lists:
    n, m in order; one grid: m rows... as LeetCode writes it).  The existing tests check
    the guess like any other reading."""
    text = "\n".join(lines)
    free = [
        v
        for v in ("n", "m")
        if v not in args
        and re.search(rf"(?<![\w.\[]){v}(?![\w\[])", text)
        and not re.search(rf"(?<![\w.]){v}\s*==|==\s*{v}(?![\w\[])", text)
    ]
    if not free:
        return []
    lists = [a for a in args if nodes[a].kind == "list"]
    flat = [a for a in lists if nodes[a].elem is not None and nodes[a].elem.kind != "list"]
    grids = [a for a in lists if a not in flat]
    if len(lists) == 1 and free == ["n"]:
        return [f"n == {lists[0]}.length"]
    if len(lists) == 2 and len(flat) == 2 and free == ["n", "m"]:
        return [f"n == {flat[0]}.length", f"m == {flat[1]}.length"]
    if len(lists) == 1 and grids and free == ["n", "m"]:
        return [f"m == {grids[0]}.length", f"n == {grids[0]}[i].length"]
    return []


def _input_spec(p: Problem, skip_unread: bool = False) -> InputSpec:
    if p.mode != "functional" or not p.fn_name:
        raise _Unsupported("not a functional problem", kind="not_applicable")
    if not p.tests:
        raise _Unsupported("no tests to learn the argument shapes from", kind="not_applicable")
    args, anns, defaults = signature_with_defaults(p)
    examples, keyword = _given_args(p, args, defaults)
    hints = {a: _from_hint(anns.get(a)) for a in args}
    statement = with_signature_names(p.statement, args, [json.loads(t.input) for t in p.tests])
    return spec_from(args, hints, examples, constraint_lines(statement), statement, keyword, skip_unread=skip_unread)


def _given_args(p: Problem, args: list[str], defaults: int) -> tuple[list[dict[str, Any]], bool]:
    """The tests' arguments (``test_args``); where they leave out the last arguments, which have defaults
    (``findKthBit(self, N, K, R = True)`` called as ``[3, 1]``), those left out are not generated either."""
    try:
        return test_args(p, args)
    except _Unsupported:
        given = {len(v) for t in p.tests if isinstance(v := json.loads(t.input), list)}
        if not defaults or len(given) != 1 or not len(args) - defaults <= min(given) < len(args):
            raise
        del args[min(given) :]  # the spec's arguments: those the tests pass
        return test_args(p, args)


def _promised_lines(statement: str, lines: list[str] | None, args: list[str]) -> dict[str, str]:
    """The body's promises about the input as constraint lines (each clause -> its sentence),
    read with the Constraints' lines; a promise worded otherwise, or any without a Constraints
    section to read it with, refuses the spec (kind ``promise``, named).  A property of inputs
    ``args`` the body states plainly ("a and b are coprime": ``stated_properties``) is one too."""
    clauses = promised_constraints(statement) + stated_properties(statement, args, lines)
    said = [sentence for sentence, _ in clauses]
    for sentence in promises_outside_constraints(statement):  # a stated property is read with the examples' spans too
        if (sentence not in said or lines is None) and not implied_by_constraints(sentence):
            raise _Unsupported(f"a promise outside the constraints: {sentence!r}", kind="promise", line=sentence)
    return {clause: sentence for sentence, clause in clauses}


def _read_lines(
    reader: _Reader, lines: list[str], mangled: bool | Scraped, promised: dict[str, str], skip: bool
) -> None:
    """Every line read, or the spec refused naming it, whether or not it names an argument ("the input is
    generated such that it's possible to ..."); ``skip``: lines not read passed over.  Equalities first: they
    introduce the sizes (``n == nums.length``) other lines bound; then the body's promises (``promised``: line ->
    its sentence), so that one not read is refused as the promise it is, before any other line."""
    for line in sorted(lines, key=lambda l: 0 if "==" in l else 1 if l in promised else 2):
        try:
            read = (
                answer_check_of(line) is not None  # a promise about the answer: checked on the answers
                or reader.read(line, mangled)
                or ALL_INTEGERS.fullmatch(line.strip())
            )
        except _Unsupported as exc:
            if line not in promised:
                if not exc.refusal.line:  # given up deep in a reading ("range on a str"): the refusal names the line
                    exc.refusal = dataclasses.replace(exc.refusal, line=line)
                raise
            read = False  # a part of a promise not understood: refused as the promise
        if not read and line in promised:
            read = read_by_clauses(reader, line, mangled)  # "X, and Y": every clause read, or refused
        if read or skip:
            continue
        if line in promised:
            said = promised[line]
            if implied_by_constraints(said):
                continue  # what the constraints guarantee holds of every input they allow
            raise _Unsupported(f"a promise outside the constraints: {said!r}", kind="promise", line=said)
        raise _Unsupported(f"constraint not understood: {line!r}", kind="unsupported_constraint", line=line)


def _tie_graphs(reader: _Reader, statement: str, promised: dict[str, str]) -> None:
    """``finish_graphs``; a graph line a promise said that cannot be tied refuses as that promise."""
    try:
        finish_graphs(reader, statement)
    except _Unsupported as exc:
        said = promised.get(exc.refusal.line)
        if said is None:
            raise
        raise _Unsupported(f"a promise outside the constraints: {said!r}", kind="promise", line=said) from None


def _said(statement: str, lines: list[str] | None, promised: dict[str, str]) -> list[str]:
    """What may promise something of the answer: the body's promises, the Constraints' lines, and each
    clause of a promised line ("the answer will not exceed 10^7 and hour will have ...")."""
    return body_promises(statement) + (lines or []) + [part for line in promised for part in clauses_of(line)]


def _argument_nodes(args: list[str], hints: dict[str, Node | None], examples: list[dict[str, Any]]) -> dict[str, Node]:
    """Each argument's node: a fresh copy of its type hint, else the merged shape of its examples' values."""
    nodes: dict[str, Node] = {}
    for a in args:
        hint = copy.deepcopy(hints.get(a))
        seen: Node | None = None
        for ex in examples:
            seen = _merge(seen, _from_value(ex[a]))
        node = hint or seen
        if node is None or (node.kind == "list" and _shape(node).endswith("?]")):
            raise _Unsupported(f"type of {a} unknown", kind="unsupported_type", line=a)
        nodes[a] = node
    return nodes


def spec_from(
    args: list[str],
    hints: dict[str, Node | None],
    examples: list[dict[str, Any]],
    lines: list[str] | None,
    statement: str,
    keyword: bool,
    labels: list[str] | None = None,
    first_index: int = 0,
    skip_unread: bool = False,
    promised: dict[str, str] | None = None,
) -> InputSpec:
    """The spec of arguments ``args`` (types from ``hints``, else the examples' values)
    read from constraint ``lines``; every example must fit it (``labels``: what to call each
    in a refusal, as ``check_existing``; ``first_index``: the notation's first position, 1 for
    ``A_1, ..., A_N``; ``skip_unread``: lines not understood and promises passed over, see :func:`sizes_spec`;
    ``promised``: lines of ``lines`` that are the body's promises, each -> its sentence, read before the rest).
    Raises ``_Unsupported``."""
    promised = {} if skip_unread else {**_promised_lines(statement, lines, args), **(promised or {})}
    if not skip_unread:
        refuse_defined_qualifier(statement, args, lines)  # "Given a shuffled sentence s" + its definition
    lines = None if lines is None else lines + [c for c in promised if c not in lines]
    said = _said(statement, lines, promised)  # the promises about the answer among them: answer checks
    last_error = _Unsupported("constraints not understood", kind="unsupported_constraint")
    read = functools.partial(
        _read_once,
        args=args,
        hints=hints,
        examples=examples,
        lines=lines,
        statement=statement,
        keyword=keyword,
        labels=labels,
        first_index=first_index,
        skip_unread=skip_unread,
        promised=promised,
        said=said,
    )
    scraped = modes(lines) if lines else []  # lost superscripts (scraped_powers): after the mangled reading
    scraped_break: _Unsupported | None = None
    for mangled in (True, *scraped, False) if lines else (False,):
        try:
            spec, reader = read(mangled)
        except _Unsupported as exc:
            if isinstance(mangled, Scraped):  # tried after the mangled reading failed: the widest's breaks win
                scraped_break = exc if exc.breaks else scraped_break
                continue
            if not (
                exc.breaks and last_error.breaks
            ):  # tests break both: the first's (scraped powers as powers: wider)
                last_error = exc
            line = exc.refusal.line
            if str(exc).startswith("constraint not understood") and not (
                mangled and (_fix_numbers(line, True) != _fix_numbers(line, False) or (scraped and may_apply(line)))
            ):  # a line not read: no other reading of numbers helps, but for one its scraped powers changed ("2n")
                raise
            continue
        if tenfold_fits(read, mangled):  # outside the try: a wrong test is no lost superscript
            line, number = sorted(mangled.powers)[0]
            why = f"the tests break {number!r} as written yet fit ten times it: a wrong test or a lost superscript"
            raise _Unsupported(why, kind="unsupported_constraint", line=line)
        return weigh(read, mangled, spec, reader.superscripts)  # outside the try: an ambiguity refuses
    raise scraped_break or last_error


def _read_once(
    mangled: bool | Scraped,
    *,
    args: list[str],
    hints: dict[str, Node | None],
    examples: list[dict[str, Any]],
    lines: list[str] | None,
    statement: str,
    keyword: bool,
    labels: list[str] | None,
    first_index: int,
    skip_unread: bool,
    promised: dict[str, str],
    said: list[str],
) -> tuple[InputSpec, _Reader]:
    """One reading of :func:`spec_from` with one reading of numbers (``mangled``: ``_fix_numbers``'s, or
    ``scraped_powers``' modes), and its reader; raises ``_Unsupported``."""
    nodes = _argument_nodes(args, hints, examples)
    reader = _Reader(args, nodes)
    reader.first_index = first_index
    reader.aliases = scan_aliases(statement, nodes)
    reader.statement = statement  # what a line may point back to (a mountain's definition)
    reader.alias_groups = family_aliases(statement, nodes)
    if lines is None:
        for a in args:
            _span(nodes[a], [ex[a] for ex in examples])
        _read_lines(reader, list(promised), mangled, promised, skip_unread)  # "nums sorted in ...": stated_properties
        _apply_bounds(reader)
        source = "examples"
    else:
        _read_lines(reader, _implied_sizes(lines, args, nodes) + lines, mangled, promised, skip_unread)
        _apply_bounds(reader)
        _tie_graphs(reader, statement, promised)
        single_characters(statement, {a: nodes[a] for a in args})  # "a character c": length 1
        character_grids({a: nodes[a] for a in args}, examples)
        for a in args:
            _leaf_alphabets(nodes[a], [ex[a] for ex in examples])
        source = "constraints"
    for a in args:
        _grids(nodes[a], [ex[a] for ex in examples])
    bound_by_totals(reader.nodes, reader.checks)  # 1 <= N, M, L and N + M + L <= 12
    for name, node in reader.nodes.items():
        _complete(name, node)
    _mark_sizes(reader.nodes)
    order = _gen_order(reader.nodes, args)
    envs = [_virtual_env(reader.nodes, reader.bounds, ex, args) for ex in examples]
    missing = next((name for env in envs for name in order if name not in env), None)
    if missing:
        raise _Unsupported(f"size {missing} not determined by the arguments")
    check_existing(reader.nodes, order, reader.checks, envs, labels)
    # a statement whose Constraints were read with scraped powers ("105": 10^5) scraped its answer's too
    scraped = mangled and any(
        _fix_numbers(l, True) != _fix_numbers(l, False) for l in lines or [] if answer_check_of(l) is None
    )
    answer = answer_checks(said, scraped)
    return InputSpec(args, reader.nodes, order, keyword, source, reader.checks, answer), reader
