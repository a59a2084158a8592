"""What a stdin problem's input is, where it can be read with confidence.

The statement's input-format block (AtCoder's notation, as in LiveCodeBench)::

    The input is given from Standard Input in the following format:
    N M
    A_1 A_2 \\ldots A_N
    B_1 C_1
    \\vdots
    B_M C_M

gives the layout: lines of scalars, a line holding one list (its length the last
subscript), or a block of lines whose columns are lists (as many lines as the last
row's subscript).  Every existing test input must parse under that layout exactly (each
line's token count, nothing left over); a variable's type is int when every one of its
tokens in every test is an integer, else a string (a float-looking token: no spec).
Ranges come from the statement's ``Constraints`` section, rewritten into the notation
the functional reader knows (``A_i`` -> ``A[i]``, ``\\leq`` -> ``<=``, "the length of S
is between 1 and 10" -> ``1 <= S.length <= 10``); the same confidence rule then applies:
a constraint naming a variable that is not understood, a number with no stated range, or
an existing input that breaks the reading -> no generated tests, with the reason.
Anything else in the format block (a grid of single tokens, queries of several kinds,
several test cases per input) -> no spec.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.schema import Problem
from microcoder_data.testgen.constraints import _expr, _fix_numbers
from microcoder_data.testgen.statement_lines import constraint_lines, promised_constraints
from microcoder_data.testgen.stated_properties import stated_properties
from microcoder_data.testgen.prose_format import CASES, read_prose
from microcoder_data.testgen.spec_model import InputSpec, Node, NoSpec, _Unsupported, read_or_say_why
from microcoder_data.testgen import stdin_records as jagged
from microcoder_data.testgen.stdin_cases import split_cases, split_constraints
from microcoder_data.testgen.stdin_conditional import conditional_bounds
from microcoder_data.testgen.stdin_cells import numbered_cells, numbered_columns, subscripts
from microcoder_data.testgen.stdin_cubes import cube_range, read_cube
from microcoder_data.testgen.stdin_digit_cells import digit_cells
from microcoder_data.testgen.stdin_phrasings import graph_lines
from microcoder_data.testgen.query_fields import split_shared_fields
from microcoder_data.testgen.stdin_queries import (
    QUERY_TYPE,
    constraint_of_fields,
    fields_of,
    is_query_row,
    length_lines,
    line_across_forms,
    paired_across_forms,
    split_forms,
    state_promise,
)
from microcoder_data.testgen.stdin_rows import (
    INT_TOKEN,
    Row,
    StdinSpec,
    args_json,
    parse,
    render,
    row_names,
    typed_value,
)
from microcoder_data.testgen.stdin_translate import whole_sums, translate
from microcoder_eval.statement_text import heading_of, implicit_products, plain_latex, unicode_operators
from microcoder_data.testgen.test_cases import cases_spec, check_examples
from microcoder_data.testgen.upstream_tests import which_side

__all__ = ["Row", "StdinSpec", "args_json", "parse", "render", "stdin_spec"]

_VAR = re.compile(r"^([A-Za-z][A-Za-z0-9]*)(?:_\{?([A-Za-z0-9+\-]+(?:_[A-Za-z0-9]+)?)\}?)?$")  # u_{M_G}
_INTERACTIVE = re.compile(r"\bthis is an interactive (?:problem|task)\b", re.I)
_FLOAT = re.compile(r"^[+-]?(\d+\.\d*|\.\d+|\d+(\.\d*)?[eE][+-]?\d+)$")


def format_block(statement: str) -> list[str] | None:
    m = re.search(
        # the sentence may go on ("..., where test_i represents the i-th test case:", ". Here, query_i is ...")
        r"(?:from standard input in the following format|in the following format from standard input)(?:[.,][^\n]*)?:?\s*\n",
        statement,
        re.I,
    ) or re.search(r"in the following format:?\s*\n", statement, re.I)  # not the queries' format in the story
    if not m:
        return None
    out = []
    for raw in statement[m.end() :].splitlines():
        line = plain_latex(raw)
        if heading_of(raw) or re.match(r"^(Output|Constraints|Sample Input)\b", line):
            break
        if line:
            out.append(line)
    return out or None


def before_samples(statement: str) -> str:
    """The statement up to its first sample (the samples' numbers are no constraints)."""
    rows = statement.splitlines()
    end = next(
        (k for k, row in enumerate(rows) if (heading_of(row) or "").startswith(("Sample", "Example"))), len(rows)
    )
    return "\n".join(rows[:end])


_CELL = re.compile(r"([A-Za-z][A-Za-z0-9]*)_\{\s*([A-Za-z0-9+\-]+)\s*,\s*([A-Za-z0-9+\-]+)\s*\}")


def _grid_row(line: str) -> tuple[str, str, str, bool] | None:
    """``A_{1,1} A_{1,2} ... A_{1,W}`` or ``S_{1,1}S_{1,2}...S_{1,W}`` -> (name, row, width, joined)."""
    line = re.sub(r"\\[lc]?dots|\.\.\.", " ... ", line)
    cells = list(_CELL.finditer(line))
    if len(cells) < 2 or _CELL.sub(" ", line).replace("...", " ").strip():
        return None
    names, rows = {c.group(1) for c in cells}, {c.group(2) for c in cells}
    if len(names) != 1 or len(rows) != 1 or cells[0].group(3) not in ("0", "1"):
        return None
    if len(cells) == 2 and cells[1].group(3) == str(int(cells[0].group(3)) + 1):
        return None  # two cells and no "...": not a row of any width
    joined = line[cells[0].end() : cells[1].start()] == ""
    width = cells[-1].group(3) if cells[0].group(3) == "1" else f"{cells[-1].group(3)} + 1"  # from 0: one more
    return cells[0].group(1), cells[0].group(2), width, joined


def _grid(block: list[str], i: int) -> tuple[Row, int] | None:
    """A grid: its first row, (its second,) a vertical ellipsis, its last row -> (the Row, lines used)."""
    first = _grid_row(block[i])
    if first is None or first[1] not in ("0", "1"):
        return None
    j = i + 1
    second = _grid_row(block[j]) if j < len(block) else None
    if second is not None and second[1] == str(int(first[1]) + 1) and second[0] == first[0]:
        j += 1
    if j + 1 >= len(block) or block[j] not in (":", "...", "⋮"):
        return None
    last = _grid_row(block[j + 1])
    if last is None or last[0] != first[0] or last[2] != first[2] or last[3] != first[3]:
        return None
    rows = last[1] if first[1] == "1" else f"{last[1]} + 1"  # rows from 0 to N-1: N of them
    return Row("grid", [first[0]], rows, first[2], first[3]), j + 2 - i


def layout(block: list[str]) -> list[Row]:
    block, forms = split_forms([subscripts(line) for line in block])
    rows = _rows(block)
    queries = [k for k, r in enumerate(rows) if r.kind == "block" and is_query_row(r.names)]
    if forms is None and queries:
        q = rows[queries[0]]  # the forms may be in the story (bullets with what each query does): not read
        raise _Unsupported("queries with no format for them", kind="unsupported_format", line=f"{q.names[0]}_{q.count}")
    if forms is not None:
        if len(queries) != 1:
            raise _Unsupported("queries' formats but no query_1 ... query_Q lines", kind="unsupported_format")
        r = rows[queries[0]]
        rows[queries[0]] = (
            Row("block", forms[""], r.count, forms=forms)
            if "" in forms
            else Row("queries", [QUERY_TYPE] + fields_of(forms), r.count, forms=forms)
        )
    names = [n for r in rows for n in r.names]
    names += list(jagged.counts_of(rows))
    if len(names) != len(set(names)):
        raise _Unsupported("a variable appears twice in the input format", kind="unsupported_format")
    for r in rows:
        for size in (r.count, r.width):
            if size is not None and not set(re.findall(r"[A-Za-z]\w*", size)) <= set(names):
                raise _Unsupported(
                    f"length {size!r} is not a variable of the input", kind="unsupported_format", line=size
                )
    return rows


def _rows(block: list[str]) -> list[Row]:
    rows: list[Row] = []
    i = 0
    while i < len(block):
        cube = read_cube(block, i)  # A_{x,y,z}: a grid of layers x rows lines
        grid = (Row("grid", [cube[0]], cube[1], cube[2]), cube[3]) if cube else _grid(block, i)
        if grid is not None:
            rows.append(grid[0])
            i += grid[1]
            continue
        found = jagged.read_rows(block, i)  # records (rows of varying length), or lines written out one by one
        if found is not None:
            kind, names, count, width, records, used = found
            rows.append(Row(kind, names, count, width, records=records))
            i += used
            continue
        for k in range(i, min(i + 4, len(block))) if set(block[i + 1 : i + 3]) & {":", "...", "⋮"} else []:
            block[k] = numbered_columns(block[k])  # X_{1,1} Y_{1,1} X_{1,2} Y_{1,2}: columns X1 Y1 X2 Y2
        toks = block[i].split()
        if (
            i + 3 < len(block)
            and block[i + 2] in (":", "...", "⋮")
            and block[i + 1] == re.sub(r"_\{?1\}?(?=\s|$)", "_2", block[i])
        ):
            del block[i + 1]  # A_1 B_1 / A_2 B_2 / vdots / A_N B_N: the second row says nothing more
        if i + 2 < len(block) and block[i + 1] in (":", "...", "⋮"):
            # B_1 C_1 / vdots / B_M C_M: as many lines as the last row's subscript
            first, last = [_VAR.match(t) for t in toks], [_VAR.match(t) for t in block[i + 2].split()]
            if len(first) != len(last) or not all(first) or not all(last):
                raise _Unsupported(
                    f"input format line {block[i]!r} not understood", kind="unsupported_format", line=block[i]
                )
            names = [f.group(1) for f in first]  # type: ignore[union-attr]
            counts = {g.group(2) for g in last}  # type: ignore[union-attr]
            if [g.group(1) for g in last] != names or len(counts) != 1 or any(f.group(2) != "1" for f in first):  # type: ignore[union-attr]
                raise _Unsupported(
                    f"input format block {block[i]!r} ... {block[i + 2]!r} not understood",
                    kind="unsupported_format",
                    line=block[i],
                )
            rows.append(Row("block", names, implicit_products(counts.pop())))
            i += 3
            continue
        literal = [_VAR.match(t) for t in toks]
        if (
            len(toks) >= 2
            and all(literal)
            and len({m.group(1) for m in literal}) == 1
            and [m.group(2) for m in literal] == [str(k) for k in range(1, len(toks) + 1)]
        ):  # type: ignore[union-attr]
            rows.append(Row("list", [literal[0].group(1)], str(len(toks))))  # A_1 A_2 A_3 A_4: four of them  # type: ignore[union-attr]
            i += 1
            continue
        if "..." in toks:
            ms = [_VAR.match(t) for t in toks if t != "..."]
            if len(ms) < 2 or not all(ms) or len({m.group(1) for m in ms}) != 1 or ms[0].group(2) not in ("1", "0"):  # type: ignore[union-attr]
                raise _Unsupported(
                    f"input format line {block[i]!r} not understood", kind="unsupported_format", line=block[i]
                )
            count = implicit_products(ms[-1].group(2))  # type: ignore[union-attr]  # A_3N: 3 * N of them
            if ms[0].group(2) == "0":  # type: ignore[union-attr]
                count = f"{count} + 1"
            rows.append(Row("list", [ms[0].group(1)], count))  # type: ignore[union-attr]
            i += 1
            continue
        joined = re.findall(r"[A-Za-z][A-Za-z0-9]*_\{?\d+\}?", block[i])
        if len(toks) == 1 and len(joined) >= 2 and "".join(joined) == toks[0]:  # S_1S_2: one character each
            rows.append(Row("scalars", [t.replace("{", "").replace("}", "") for t in joined], joined=True))
            i += 1
            continue
        ms = [_VAR.match(t) for t in toks]
        if not all(ms):
            raise _Unsupported(
                f"input format line {block[i]!r} not understood", kind="unsupported_format", line=block[i]
            )
        # N c_1 c_2, S_x S_y, M_G: a subscripted name on a line of scalars is one scalar's name
        rows.append(Row("scalars", [t.replace("{", "").replace("}", "") for t in toks]))
        i += 1
    return rows


def _typed(
    raw: list[dict[str, Any]],
    strings: set[str] = frozenset(),  # type: ignore[assignment]
    grids: dict[str, bool] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Node]]:
    """Types of the variables: int when every token is an integer, unless the statement
    calls the variable a string (``S consists of 0 and 1``: "0110" stays text).  ``grids``:
    name -> joined; a joined grid's rows are strings, a token grid's lists of tokens."""
    grids = grids or {}
    names = list(raw[0])
    nodes: dict[str, Node] = {}
    for n in names:
        grid = n in grids and not grids[n]  # a grid of tokens: a list of rows
        toks = [t for r in raw for v in (r[n] if isinstance(r[n], list) else [r[n]]) for t in (v if grid else [v])]
        if any(_FLOAT.match(t) and not INT_TOKEN.match(t) for t in toks):
            raise _Unsupported(f"{n} looks like a real number", kind="unsupported_type", line=n)
        kind = (
            "int" if toks and all(INT_TOKEN.match(t) for t in toks) and n not in strings and not grids.get(n) else "str"
        )
        leaf = Node("list", elem=Node(kind)) if grid else Node(kind)
        nodes[n] = Node("list", elem=leaf) if isinstance(raw[0][n], list) else leaf

    typed = [{n: typed_value(nodes[n], v) for n, v in r.items()} for r in raw]
    return typed, nodes


def stdin_spec(p: Problem) -> StdinSpec | NoSpec:
    return which_side(p, read_or_say_why(_stdin_spec, p, "input format"))  # an existing test breaks it: whose fault


def _stdin_spec(p: Problem) -> StdinSpec:
    if p.mode != "stdin":
        raise _Unsupported("not a stdin problem", kind="not_applicable")
    if len(p.tests) < 1:
        raise _Unsupported("no tests to check the input format against", kind="not_applicable")
    interactive = _INTERACTIVE.search(p.statement)
    if interactive:  # the input depends on the program's output: no fixed input to draw
        raise _Unsupported("an interactive problem", kind="interactive", line=interactive.group(0))
    block = format_block(p.statement)
    statement = before_samples(p.statement)
    if not block:  # Codeforces' and the like's: the Input section in prose
        return _prose_spec(p, "\n".join(plain_latex(line) for line in statement.splitlines()))
    if split_cases(block) is not None:
        return _cases_block(p, block, statement)
    rows = layout(block)
    raw = [parse(rows, t.input) for t in p.tests]
    lines = constraint_lines(statement)
    if not lines:
        raise _Unsupported("no Constraints section: no ranges for the input's values", kind="no_format")
    split = split_shared_fields(rows, lines)  # "In a Type 1 query, u < v" of a v type 2 has too
    if split is not None:
        rows, lines = split
        raw = [parse(rows, t.input) for t in p.tests]
    chars = [n for r in rows if r.kind == "scalars" and r.joined for n in r.names]  # S_1S_2: strings of one
    return StdinSpec(rows, _spec_of(rows, raw, lines, statement, set(chars), [f"{n}.length == 1" for n in chars]))


def _format_lengths(rows: list[Row]) -> list[str]:
    """The lengths the input format itself states, as the reader's lines (``A.length == N``, a grid's rows)."""
    out: list[str] = []
    for r in rows:
        if r.kind == "queries":
            out += length_lines(r.forms or {}, r.count or "0")
            continue
        out += [f"{n}.length == {r.count}" for n in (r.names if r.count is not None else [])]
        out += [f"{r.names[0]}[i].length == {r.width}"] if r.kind == "grid" else []
        out += jagged.row_lengths(r.records, r.count or "") if r.records is not None else []
    return out


def _length_said_twice(lengths: list[str], constraints: list[str]) -> None:
    """Refuses a value's length stated as two things: the format's ``lengths`` ("a string T of length n", as
    ``T.length == n``) and the ``constraints`` in the reader's notation or the statement's ``|T|`` ("the length of
    T is n + 1", "(Hence, |T| = 3)", "It is guaranteed that |T| = 4"), or a bound ``|T| <= 2`` beside a format's
    length 3: the spec keeps one length and would drop the other unchecked (a bound beside a constraint's
    ``|T| = 3`` is read with it)."""
    said: dict[str, set[str]] = {}
    for line in (re.sub(r"\|(\w+)\|", r"\1.length", x.strip()) for x in lengths + constraints):
        m = re.fullmatch(r"(\w+)\.length ?==? ?([^<>=]+)|([^<>=]+?) ?==? ?(\w+)\.length", line)
        if m:
            name, value = (m[1], m[2]) if m[1] else (m[4], m[3])
            said.setdefault(name, set()).add(re.sub(r"[\s*()]", "", value))
    bounded = {
        n
        for line in (re.sub(r"\|(\w+)\|", r"\1.length", x) for x in constraints)
        for n in re.findall(r"(\w+)\.length", line)
        if re.search(rf"\b{n}\.length ?[<>]|[<>]=? ?{n}\.length", line)
    }
    fixed = {m[1] for x in lengths if (m := re.fullmatch(r"(\w+)\.length == \d+", x))}
    twice = next((n for n, v in said.items() if len(v) > 1 or n in bounded & fixed), None)
    if twice is not None:
        raise _Unsupported(
            f"the length of {twice} said twice: {sorted(said[twice])!r}{' and a bound' if twice in bounded else ''}",
            kind="unsupported_format",
            line=twice,
        )


def _prose_spec(p: Problem, statement: str) -> StdinSpec:
    """The spec of an input stated in prose (prose_format.py); several test cases become a
    count and a list of cases (test_cases.py), every existing input checked against it."""
    reading = read_prose(statement)
    inner = [
        Row(
            "grid"
            if line.width
            else "block"
            if line.block
            else "scalars"
            if line.string or line.count is None
            else "list",
            line.names,
            line.count if not line.string or line.block else None,
            line.width,
        )
        for line in reading.lines
    ]
    lengths = [f"{line.names[0]}.length == {line.count}" for line in reading.lines if line.string and line.count]
    _length_said_twice(lengths, reading.constraints)
    lengths += [f"{line.names[0]}[i].length == {line.length}" for line in reading.lines if line.length]
    if reading.cases is None:
        raw = [parse(inner, t.input) for t in p.tests]
        return StdinSpec(inner, _spec_of(inner, raw, reading.constraints, reading.story, reading.strings, lengths))
    bounds = reading.cases_range  # set with the count
    return _several_cases(
        p,
        inner,
        reading.cases,
        bounds,
        reading.totals,
        reading.constraints,
        reading.story,
        reading.strings,
        lengths,
        blank=reading.blank,
    )


def _cases_block(p: Problem, block: list[str], statement: str) -> StdinSpec:
    """An AtCoder block of several test cases (stdin_cases.py): one case's rows and constraints
    read like a whole input's, the count's range and the totals over the cases apart."""
    count, inner_block, said = split_cases(block)  # type: ignore[misc]
    lines = constraint_lines(statement)
    if not lines:
        raise _Unsupported("no Constraints section: no ranges for the input's values", kind="no_format")
    span, totals, rest = split_constraints([plain_latex(line) for line in lines], count)
    if span is None:
        raise _Unsupported(f"no range stated for {count}", kind="no_range", line=count)
    return _several_cases(p, layout(inner_block), count, span, totals, rest, statement)


def _several_cases(
    p: Problem,
    inner: list[Row],
    count: str,
    count_range: tuple[str, str],
    totals: list[tuple[list[list[str]], str]],
    lines: list[str],
    story: str,
    strings: set[str] = frozenset(),  # type: ignore[assignment]
    lengths: list[str] = (),  # type: ignore[assignment]
    blank: bool = False,
) -> StdinSpec:
    """A count and that many cases of ``inner`` (test_cases.py), every existing input checked."""
    rows = [Row("scalars", [count]), Row("cases", [CASES], count, inner=inner, blank=blank)]
    raw = [parse(rows, t.input) for t in p.tests]
    flat = [dict(zip(row_names(inner), case)) for r in raw for case in r[CASES]]
    labels = [f"test {t + 1}, case {c + 1}" for t, r in enumerate(raw) for c in range(len(r[CASES]))]
    case = _spec_of(inner, flat, lines, story, strings, lengths, labels)
    bounds = tuple(_expr(_fix_numbers(b, False), set()) for b in count_range)
    sums = [(names, _expr(_fix_numbers(b, False), set())) for names, b in totals]
    spec = cases_spec(case, count, bounds, CASES, sums)  # type: ignore[arg-type]
    check_examples(spec, [{n: typed_value(spec.nodes[n], v) for n, v in r.items()} for r in raw])
    return StdinSpec(rows, spec)


def _spec_of(
    rows: list[Row],
    raw: list[dict[str, Any]],
    lines: list[str],
    statement: str,
    declared: set[str] = frozenset(),  # type: ignore[assignment]
    lengths: list[str] = (),  # type: ignore[assignment]
    labels: list[str] | None = None,
) -> InputSpec:
    """The spec of the variables of ``rows`` (their tokens in ``raw``, one dict per input)
    from constraint ``lines`` in AtCoder's notation; ``declared``: the variables the format
    calls strings; ``lengths``: lines in the reader's notation the format states."""

    grids = {r.names[0] for r in rows if r.kind == "grid"}
    upper = {r.records.row for r in rows if r.records is not None and r.records.down}
    lines = [jagged.upper_cells(plain_latex(x.replace("\\ ", " ")), upper) if upper else x for x in lines]
    lines = [cube_range(plain_latex(line), grids) or numbered_cells(line, set(raw[0])) for line in lines]
    said = next((line for line in lines if state_promise(plain_latex(line))), None)
    if said is not None:
        raise _Unsupported(f"a promise about the state a query finds: {said!r}", kind="promise", line=said)
    text = plain_latex(unicode_operators("\n".join(lines)))
    strings = set(declared) | {
        n
        for n in raw[0]
        if (
            re.search(_SAID_A_STRING.format(n=re.escape(n)), text)
            or re.search(rf"(?:<=|<) ?(?:\|\w+\| ?, ?)*\|{n}(?:_\w+)?\|", text)  # 1 <= |S|, |T|: bounded lengths
            and not _digits_only(n, raw)  # "1 <= |X|" of digits: a length or an absolute value? refused
        )
        and not _negative_number_in(n, raw)
    }  # |A_i| <= 10^9 of -5: an absolute value
    ragged = {r.records.row: False for r in rows if r.records is not None}  # rows of tokens
    examples, nodes = _typed(raw, strings, {**{r.names[0]: r.joined for r in rows if r.kind == "grid"}, **ragged})
    ints = {n: node.kind == "int" or (node.elem is not None and node.elem.kind == "int") for n, node in nodes.items()}
    counts = jagged.counts_of(rows)  # a count is read in the constraints as its row's length
    ints.update({n: nodes[n].elem.elem.kind == "int" for n in ragged})  # type: ignore[union-attr]
    ints.update(dict.fromkeys(counts, True))
    names = set(nodes) | set(counts)
    forms = next((r.forms for r in rows if r.forms), None)
    if forms:  # the queries' fields are lists: "1 <= p <= N" bounds each of p's values
        lines = [constraint_of_fields(line, fields_of(forms)) for line in lines]
    lines, by_type = conditional_bounds(
        lines, names, lambda t: translate(t, names, ints)
    )  # for each i such that T_i = 1
    rewritten = (
        by_type
        + [
            jagged.counts_as_lengths(x, counts)
            for line in lines
            for x in graph_lines(plain_latex(line).rstrip(". "), statement, names) or translate(line, names, ints)
        ]
        + list(lengths)
    )
    joined = {r.names[0] for r in rows if r.kind == "grid" and r.joined}
    terms = {n: r.count for r in rows if r.count is not None for n in r.names}  # how many terms each list has
    rewritten = [digit_cells(whole_sums(x, terms), joined) for x in rewritten]
    stated = _format_lengths(rows)
    _length_said_twice(stated, rewritten)
    rewritten += stated
    across = line_across_forms(forms, rewritten) if forms else None
    if across is not None:
        raise _Unsupported(f"a line pairs fields of different queries: {across!r}", "unsupported_constraint", across)
    args = [n for r in rows for n in r.names]
    spec = _spec_with_promises(args, nodes, examples, rewritten, statement, ints, labels, joined)
    jagged.mark_triangles(rows, spec.nodes)
    if forms:
        bounded_by = {
            f: {w for e in (spec.nodes[f].elem.lo, spec.nodes[f].elem.hi) if e for w in re.findall(r"[A-Za-z_]\w*", e)}
            for f in fields_of(forms)
            if spec.nodes[f].elem is not None
        }
        crossed = paired_across_forms(forms, bounded_by)
        if crossed:
            raise _Unsupported(crossed)
    return spec


def _spec_with_promises(
    args: list[str],
    nodes: dict[str, Node],
    examples: list[dict],
    lines: list[str],
    statement: str,
    ints: dict,
    labels: list[str] | None = None,
    joined: set[str] = frozenset(),  # type: ignore[assignment]
) -> InputSpec:
    """The spec, the promises the statement words as guarantees of a plain constraint ("Here,
    it is guaranteed that A_i is 0 or 1") read as more constraint lines; one not understood
    refuses the spec, named as the promise it is."""
    from microcoder_data.testgen.inputspec import spec_from

    promised = {}  # each promised line (as the reader gets it) -> its sentence
    for sentence, clause in promised_constraints(statement) + stated_properties(statement, list(nodes), lines):
        for line in (digit_cells(x, joined) for x in translate(clause, set(nodes), ints)):
            promised[line] = sentence
            lines = lines + [line] if line not in lines else lines  # said in the Constraints too
        statement = statement.replace(sentence, "")
    try:
        return spec_from(args, dict(nodes), examples, lines, statement, True, labels, 1, promised=promised)
    except _Unsupported as exc:
        # a promise's line a reading gave up on refuses as that promise
        said = promised.get(exc.refusal.line) if exc.refusal.kind == "unsupported_constraint" else None
        if said is not None:
            raise _Unsupported(f"a promise outside the constraints: {said!r}", kind="promise", line=said) from None
        raise


# a name said to be a string: "S is a string", "S_i consists of", "X and Y are strings", "the length of S"
_SAID_A_STRING = (
    r"(?<![\w|]){n}(?:_\w+|_\{{[^}}]*\}})?(?:,? (?:and )?[A-Za-z]\w*(?:_\w+)?)* (?:is a string|are strings|consists? of)"
    r"|(?<![\w|])(?:[A-Za-z]\w*(?:_\w+)?,? (?:and )?)+{n}(?:_\w+)? (?:are strings|consist of)|length of {n}\b"
)


def _digits_only(name: str, raw: list[dict[str, Any]]) -> bool:
    """Whether every sample value of ``name`` is written in digits alone (a number, or a string of digits)."""

    def tokens(v: Any) -> list[str]:
        return [t for x in v for t in tokens(x)] if isinstance(v, list) else [v]

    return all(str(t).isdigit() for r in raw for t in tokens(r[name]))


def _negative_number_in(name: str, raw: list[dict[str, Any]]) -> bool:
    def tokens(v: Any) -> list[str]:
        return [t for x in v for t in tokens(x)] if isinstance(v, list) else [v]

    return any(t.startswith("-") and INT_TOKEN.match(t) for r in raw for t in tokens(r[name]))
