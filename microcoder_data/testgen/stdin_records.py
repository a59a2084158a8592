"""Records whose rows vary in length (jagged rows) in a stdin input format.

    N M                                   N
    P_1 C_1 F_{1,1} ... F_{1,C_1}         A_1
    P_2 C_2 F_{2,1} ... F_{2,C_2}         S_{1,1} S_{1,2} ... S_{1,A_1}
    :                                     :
    P_N C_N F_{N,1} ... F_{N,C_N}         A_N
                                          S_{N,1} S_{N,2} ... S_{N,A_N}

A record is one or two lines repeated as many times as the last record's subscript: values
of its own (columns: one list over the records), one row of cells, and maybe the row's
count.  The count is no variable of the spec: a row is drawn with a length within the
count's stated bounds and the count is written as that length, so the two never disagree;
the statement's lines on the count are read as lines on the row's length (``1 <= C_i <= M``
-> ``1 <= F[i].length <= M``, see :func:`counts_as_lengths`).  A row of a fixed width
(``C_1 A_{1,1} ... A_{1,K}``) is a grid beside the columns.

Also here: the constraint phrasings about one row's cells (``A_{i,1} < A_{i,2} < ... <
A_{i,C_i}``, ``A_{i,j} != A_{i,k} if j != k``), in the reader's notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from microcoder_data.testgen.spec_model import _Unsupported

DOTS = (":", "...", "⋮")
_INT = re.compile(r"^[+-]?\d+$")
_SUBSCRIPT = r"[A-Za-z0-9+\-]+"
_COLUMN = re.compile(rf"([A-Za-z][A-Za-z0-9]*)_\{{?({_SUBSCRIPT})\}}?")
_ROW_CELL = re.compile(
    rf"([A-Za-z][A-Za-z0-9]*)_\{{({_SUBSCRIPT}),([A-Za-z][A-Za-z0-9]*_\{{?{_SUBSCRIPT}\}}?|{_SUBSCRIPT})\}}"
)


@dataclass
class Records:
    lines: list[list[tuple[str, str]]]  # a record's lines, each ("col" | "count" | "row", name) in order
    row: str  # the row's variable: a list of rows
    counted_by: str | None  # the count written before the row (its length), or None: a fixed width
    width: str | None  # the fixed width (an expression over scalars), or None: counted or by index
    by_index: bool = False  # a triangle: record k's row holds k cells (A_{1,1} / A_{2,1} A_{2,2} / ...)
    down: bool = False  # an upper triangle: record k of n holds n - k + 1 cells (D_{1,2} ... D_{1,N} / ... / D_{N-1,N})

    def columns(self) -> list[str]:
        return [name for line in self.lines for kind, name in line if kind == "col"]


def _items(line: str, r: str) -> list[tuple[str, str, str]] | None:
    """A record line with subscript ``r`` -> its items ("col", name, "") / ("row", name, width),
    None when it is not one."""
    line = re.sub(r"\{([^{}]*)\}", lambda m: "{" + re.sub(r"\s+", "", m.group(1)) + "}", line)
    toks = re.sub(r"\\[lc]?dots|\.\.\.|…", " ... ", line).split()
    out: list[tuple[str, str, str]] = []
    k = 0
    while k < len(toks):
        col = _COLUMN.fullmatch(toks[k])
        if col and col.group(2) == r:
            out.append(("col", col.group(1), ""))
            k += 1
            continue
        end = k
        while end < len(toks) and (toks[end] == "..." or _ROW_CELL.fullmatch(toks[end])):
            end += 1
        row = _row(toks[k:end], r)
        if row is None:
            return None
        out.append(("row", row[0], row[1]))
        k = end
    return out


def _row(toks: list[str], r: str) -> tuple[str, str] | None:
    """``A_{r,1} A_{r,2} ... A_{r,W}`` (or ``A_{r,1} ... A_{r,W}``, or ``A_{1,1}``) -> (A, W)."""
    cells = [_ROW_CELL.fullmatch(t) for t in toks if t != "..."]
    if not cells or toks.count("...") > 1 or toks[0] == "..." or toks[-1] == "...":
        return None
    if len({c.group(1) for c in cells}) != 1 or any(c.group(2) != r for c in cells):  # type: ignore[union-attr]
        return None
    seconds = [re.sub(r"[{}]", "", c.group(3)) for c in cells]  # type: ignore[union-attr]
    written = seconds[:-1] if "..." in toks else seconds  # 1, 2, ... before the dots, none after but the last
    if written != [str(j) for j in range(1, len(written) + 1)] or ("..." in toks and toks[-2] != "..."):
        return None
    return cells[0].group(1), seconds[-1]  # type: ignore[union-attr]


def _record_index(line: str) -> str | None:
    """The subscript of a record line's first item (``C_M A_{M,1} ...`` -> M)."""
    m = _COLUMN.match(line.split()[0]) if line.split() else None
    return m.group(2) if m else None


def read_records(block: list[str], i: int) -> tuple[Records, str, int] | None:
    """Records starting at ``block[i]``: (the template, how many records, lines used), or None."""
    for k in (1, 2):  # lines per record
        first = [_items(line, "1") for line in block[i : i + k]]
        if len(first) < k or not all(first) or all(it[0] != "row" for f in first for it in f or []):
            continue
        j = i + k
        second = [_items(line, "2") for line in block[j : j + k]]
        seen = [first]
        if len(second) == k and all(second):
            seen.append(second)
            j += k
        if j + k >= len(block) or block[j] not in DOTS:
            continue
        count = _record_index(block[j + 1])
        last = [_items(line, count) for line in block[j + 1 : j + 1 + k]] if count else []
        if len(last) < k or not all(last):
            continue
        seen.append(last)
        records = _template(seen, ["1", "2", count] if len(seen) == 3 else ["1", count])  # type: ignore[list-item]
        if records is not None:
            return records, count, j + 1 + k - i  # type: ignore[return-value]
    return None


def read_rows(block: list[str], i: int) -> tuple[str, list[str], str, str | None, Records | None, int] | None:
    """The format's lines from ``block[i]`` read here -> (kind, names, count, width, records, lines used)."""
    written = read_written_out(block, i)
    if written is not None:  # S_1 / S_2 / S_3: a block (or grid) of a fixed number of lines
        kind, names, count, width = written
        return kind, names, str(count), width, None, count
    found = read_records(block, i) or read_upper(block, i)
    if found is None:
        return None
    rec, records, used = found
    return "records", rec.columns() + [rec.row], records, rec.width, rec, used


def read_written_out(block: list[str], i: int) -> tuple[str, list[str], int, str | None] | None:
    """Records written out one by one, no vertical dots (``S_1`` / ``S_2`` / ``S_3``, ``A_{1,1} A_{1,2}
    A_{1,3}`` / ... / ``A_{3,1} A_{3,2} A_{3,3}``) -> ("block", columns, how many, None) or ("grid",
    [name], how many, width); None when the lines are not such records."""
    first = _items(block[i], "1")
    if not first or (len(first) > 1 and any(kind == "row" for kind, _, _ in first)):
        return None  # a row beside columns written out: not read
    k = 1
    while i + k < len(block) and _items(block[i + k], str(k + 1)) == first:
        k += 1
    if k < 2 or (i + k < len(block) and block[i + k] in DOTS):
        return None  # the last written-out record is followed by more (S_1 / S_2 / ... / S_N): not this shape
    if first[0][0] == "row":
        return "grid", [first[0][1]], k, first[0][2]
    return "block", [name for _, name, _ in first], k, None


def read_upper(block: list[str], i: int) -> tuple[Records, str, int] | None:
    """An upper triangle without its diagonal (``D_{1,2} D_{1,3} ... D_{1,N}`` / (``D_{2,3} ... D_{2,N}``) /
    dots / ``D_{N-1,N}``): N - 1 rows, row k holding N - k cells -> (the template, N - 1, lines used)."""

    def cells(line: str) -> list[tuple[str, str, str]] | None:
        toks = re.sub(r"\\[lc]?dots|\.\.\.|…", " ... ", line).split()
        found = [_ROW_CELL.fullmatch(t) for t in toks if t != "..."]
        if not found or not all(found) or toks.count("...") > 1 or toks[-1] == "..." or toks[0] == "...":
            return None
        return [(m.group(1), m.group(2), re.sub(r"[{}]", "", m.group(3))) for m in found]  # type: ignore[union-attr]

    first = cells(block[i])
    if not first or len(first) < 2 or "..." not in block[i].replace("\\ldots", "...").replace("\\dots", "..."):
        return None
    name, size = first[0][0], first[-1][2]
    if any(c[0] != name or c[1] != "1" for c in first) or [c[2] for c in first[:-1]] != [
        str(j) for j in range(2, len(first) + 1)
    ]:
        return None
    j = i + 1
    second = cells(block[j]) if j < len(block) else None
    if second and second[0][:2] == (name, "2") and second[0][2] == "3" and second[-1][2] == size:
        j += 1
    last = cells(block[j + 1]) if j + 1 < len(block) and block[j] in DOTS else None
    if not last or len(last) != 1 or last[0] != (name, f"{size}-1", size) or not re.fullmatch(r"[A-Za-z]\w*", size):
        return None
    return Records([[("row", name)]], name, None, None, down=True), f"{size}-1", j + 2 - i


def _template(seen: list[list[Any]], indices: list[str]) -> Records | None:
    """The records' common shape, or None when the records written out differ or their row's
    width is neither a count of the record nor one expression for all."""
    shapes = [[[(kind, name) for kind, name, _ in line] for line in rec] for rec in seen]
    if any(s != shapes[0] for s in shapes) or sum(kind == "row" for line in shapes[0] for kind, _ in line) != 1:
        return None
    widths = [w for rec in seen for line in rec for kind, _, w in line if kind == "row"]
    flat = [item for line in shapes[0] for item in line]
    row = next(name for kind, name in flat if kind == "row")
    before = {name for kind, name in flat[: flat.index(("row", row))] if kind == "col"}
    counted = {re.sub(r"_(?:\{)?" + re.escape(r) + r"\}?$", "", w) for w, r in zip(widths, indices)}
    if len(counted) == 1 and all(
        re.fullmatch(rf"[A-Za-z]\w*_\{{?{re.escape(r)}\}}?", w) for w, r in zip(widths, indices)
    ):
        count = counted.pop()
        if count not in before:
            return None  # a count written after its row (or none of the record's): not read
        lines = [
            [("count" if (kind, name) == ("col", count) else kind, name) for kind, name in line] for line in shapes[0]
        ]
        return Records(lines, row, count, None)
    if len(set(widths)) == 1 and re.fullmatch(r"[A-Za-z]\w*", widths[0]):
        return Records(shapes[0], row, None, widths[0])  # C_i A_{i,1} ... A_{i,K}: K cells each (or N of N)
    if widths == indices and widths[0] == "1" and not any(kind == "col" for kind, _ in flat):
        return Records(shapes[0], row, None, None, by_index=True)  # A_{i,1} ... A_{i,i}: a triangle
    return None


def counts_of(rows: list[Any]) -> dict[str, tuple[str, str]]:
    """Each count written before a row of the format's records -> (its row, how many records).
    No variable of the spec: each is its row's length."""
    return {r.records.counted_by: (r.records.row, r.count or "") for r in rows if r.records and r.records.counted_by}


def row_lengths(rec: Records, records: str) -> list[str]:
    """What the format says of each row's length: a fixed width, or 1 to N for a triangle (row k
    holds k cells: drawn so, see ``Node.rows_by_index``).  A counted row's are the count's bounds."""
    if rec.width:
        return [f"{rec.row}[i].length == {rec.width}"]
    return [f"1 <= {rec.row}[i].length <= {records}"] if rec.by_index or rec.down else []


def mark_triangles(rows: list[Any], nodes: dict[str, Any]) -> None:
    """A triangle's rows drawn k + 1 cells long (every existing input's was checked when parsed)."""
    for r in rows:
        if r.records is not None and r.records.by_index:
            nodes[r.records.row].rows_by_index = True
        if r.records is not None and r.records.down:
            nodes[r.records.row].rows_down = True


def parse_records(
    rec: Records, records: int, take: Callable[[], list[str]], width: Callable[[str], int]
) -> dict[str, Any]:
    """One input's records: each column's tokens, and the rows (each line's tokens counted)."""
    out: dict[str, Any] = {name: [] for name in rec.columns()}
    rows: list[list[str]] = []
    for k in range(records):
        length = (
            k + 1 if rec.by_index else records - k if rec.down else None if rec.counted_by else width(rec.width or "0")
        )
        for line in rec.lines:
            toks, k = take(), 0
            for kind, name in line:
                if kind == "row":
                    if length is None or len(toks) < k + length:
                        raise _Unsupported(
                            f"an existing input's {name} row is shorter than its count", kind="examples_break_format"
                        )
                    rows.append(toks[k : k + length])
                    k += length
                    continue
                if k >= len(toks):
                    raise _Unsupported(
                        f"an existing input's {rec.row} record has too few tokens", kind="examples_break_format"
                    )
                if kind == "count":
                    if not _INT.match(toks[k]) or int(toks[k]) < 0:
                        raise _Unsupported(
                            f"an existing input's count {name} is {toks[k]!r}, not a length",
                            kind="examples_break_format",
                        )
                    length = int(toks[k])
                else:
                    out[name].append(toks[k])
                k += 1
            if k != len(toks):
                raise _Unsupported(
                    f"an existing input's {rec.row} record line has {len(toks) - k} tokens too many",
                    kind="examples_break_format",
                )
    out[rec.row] = rows
    return out


def render_records(rec: Records, args: dict[str, Any]) -> list[str]:
    """The records written out, each count as its row's length."""
    out = []
    for k, row in enumerate(args[rec.row]):
        for line in rec.lines:
            toks: list[str] = []
            for kind, name in line:
                if kind == "row":
                    toks += map(str, row)
                else:
                    toks.append(str(len(row) if kind == "count" else args[name][k]))
            out.append(" ".join(toks))
    return out


def counts_as_lengths(line: str, counts: dict[str, tuple[str, str]]) -> str:
    """A translated constraint line with each count (``C`` -> its row ``A``, over ``N`` records)
    written as the row's length: ``C[i]`` -> ``A[i].length``, ``\\sum_{i == 1}^N C[i]`` ->
    ``sum(A[i].length)``.  A line naming a count otherwise refuses the spec."""
    for count, (row, records) in counts.items():
        line = re.sub(
            rf"\\sum_\{{?\s*([a-z])\s*==?\s*1\s*\}}?\^\{{?\s*{re.escape(records)}\s*\}}?\s*{count}\[\1\]",
            f"sum({row}[i].length)",
            line,
        )
        line = re.sub(rf"\bsum\({count}\[1\.\.{re.escape(records)}\]\)", f"sum({row}[i].length)", line)  # \\sum C_i
        line = re.sub(rf"(?<![\w.]){count}\[([a-z])\]", rf"{row}[\1].length", line)
        if re.search(rf"(?<![\w.'\"]){count}(?![\w'\"])", line):
            raise _Unsupported(
                f"a constraint on the count {count} not read as a length of {row}: {line!r}",
                kind="unsupported_constraint",
                line=line,
            )
    return line


# --------------------------------------------------------------------------- one row's cells

# A_{i,1}, A_{i,C_i}, A_{i,N}: a cell of row i by its number (its count, the width) -> A[i][1], A[i][C_i], A[i][N]
_NUMBERED_CELL = re.compile(r"\b([A-Za-z][A-Za-z0-9]*)_\{\s*([a-z])\s*,\s*(\d+|[A-Za-z]\w*_\{?[a-z]\}?|[A-Z]\w*)\s*\}")
_LAST = r"\[(?:[^\[\]]|\[\w+\])+\]"  # [C[i]], [K], [N]


def upper_cells(t: str, upper: set[str]) -> str:
    """``1 <= A_{i,j} <= 10^6 (1 <= i < j <= N)`` of an upper triangle without its diagonal (``upper``): the
    cells the qualifier names are those the format gives, so it is left out and the bound holds for each."""
    m = re.fullmatch(r"(.*?\b([A-Za-z]\w*)_\{i,j\}.*?)\s*\(\s*1\s*<=\s*i\s*<\s*j\s*<=\s*\w+\s*\)\.?", t)
    return m.group(1) if m and m.group(2) in upper else t


def numbered_cells(t: str, names: set[str]) -> str:
    return _NUMBERED_CELL.sub(
        lambda m: f"{m.group(1)}[{m.group(2)}][{m.group(3)}]" if m.group(1) in names else m.group(0), t
    )


def row_cells(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """A line about the cells of each row (:func:`row_chain`, :func:`row_distinct`,
    :func:`row_permutation`), or None."""
    t = re.sub(r"\s*(<=|>=|!=|==|<|>)\s*", r" \1 ", t).rstrip(". ")
    return row_chain(t, names, ints) or row_distinct(t, names, ints) or row_permutation(t, names, ints)


def row_chain(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``1 <= A[i][1] < A[i][2] < ... < A[i][C[i]] <= N``: each row sorted, its cells' range.
    Read as the whole row (a row's prefix would say less: the reading is never wider)."""
    m = re.fullmatch(
        rf"(?:(\S+) (<=|<) )?([A-Za-z]\w*)\[([a-z])\]\[1\] (<|<=) \3\[\4\]\[2\] \5 \.\.\. \5 \3\[\4\]{_LAST}"
        rf"(?: (<=|<) (\S+))?",
        t,
    )
    if not m or m.group(3) not in names or bool(m.group(1)) != bool(m.group(7)):
        return None  # one bound only: the cells' other bound is elsewhere, not read here
    name, strict = m.group(3), m.group(5) == "<"
    out = [f"{name}[i] is sorted in {'strictly increasing' if strict else 'non-decreasing'} order"]
    if strict:
        out.append(f"all values of {name}[i] are distinct")  # drawn distinct, then sorted
    if m.group(1):
        out.append(f"{m.group(1)} {m.group(2)} {name}[i][j] {m.group(6)} {m.group(7)}")
    return out


def row_distinct(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``A[i][j] != A[i][k] if j != k``, ``(1 <= j < k <= C[i])``, ``A[i][1], A[i][2], ...,
    A[i][C[i]] are all different for each i``: no value twice within a row."""
    m = re.fullmatch(
        r"([A-Za-z]\w*)\[([a-z])\]\[([a-z])\] != \1\[\2\]\[([a-z])\]"
        r"(?: if \3 != \4| ?\(\3 != \4\)| ?\(\w+ <= \3 < \4 <= [^()]+\))?",
        t,
    ) or re.fullmatch(
        rf"([A-Za-z]\w*)\[([a-z])\]\[1\], \1\[\2\]\[2\], \.\.\. ?, \1\[\2\]{_LAST} are (?:all )?(?:pairwise )?"
        rf"(?:different|distinct)(?: for (?:each|every|all) \2(?: ==? 1, 2, \.\.\. ?, \w+)?)?",
        t,
    )
    if not m or m.group(1) not in names or (m.lastindex == 4 and m.group(3) == m.group(4)):
        return None
    return [f"all values of {m.group(1)}[i] are distinct"]


def row_permutation(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``A[i][1], ..., A[i][N] contain each of 1, ..., N exactly once``: each row a permutation."""
    m = re.fullmatch(
        rf"([A-Za-z]\w*)\[([a-z])\]\[1\] ?, ?(?:\1\[\2\]\[2\] ?, ?)?\.\.\. ?, ?\1\[\2\]{_LAST} contains? each of "
        r"(\w+) ?, ?(?:\w+ ?, ?)?\.\.\. ?, ?(\w+) exactly once",
        t,
    )
    if not m or m.group(1) not in names:
        return None
    return [f"{m.group(1)}[i] is a permutation of [{m.group(3)}, {m.group(4)}]"]
