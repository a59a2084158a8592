"""Geometric promises (issue 37): things that do not overlap, points no three on a line.

The objects are the statement's own: tuples whose positions it names (``rectangles[i]`` "in the
form [start_x, start_y, end_x, end_y]" with "(start_x, start_y): The bottom-left corner", AtCoder's
"The diagonal of the i-th cuboid ... connects two points (X_{i,1},Y_{i,1},Z_{i,1}) and
(X_{i,2},Y_{i,2},Z_{i,2})", "every bag from l_i to r_i", "points A(x_A, y_A)", "The coordinates of
P_i are (A_i, B_i)").  Where the statement does not say which positions are the corners or ends,
or whether an interval's ends are in it, the line is refused.

Boxes (two opposite corners) overlap when they share a positive area / volume (touching is
allowed); intervals of integers said inclusive ("from l to r", "l <= j <= r") overlap when they
share an integer, ``[s, e)`` ones when they share more than an end.  Enforced by checks
(geometry_checks); rows of one list are also drawn apart (``Node.apart``: along one axis).
"""

from __future__ import annotations

import re
from typing import Any

# what a line says does not overlap
_OVERLAP = re.compile(
    r"(?:no two (?:of the )?(?:given )?(?P<a>[\w ]+?) (?:overlap|intersect)(?: each other)?"
    r"|(?:all )?(?:the )?(?:given )?(?P<b>[\w ]+?) (?:are|do) (?:non-?overlapping|not overlap(?: each other)?)"
    r"|(?:the )?(?:given )?(?P<c>[\w ]+?) do not have an intersection with (?:a )?positive (?:area|volume))",
    re.I,
)
_NOUNS = re.compile(
    r"(?:rectangular )?(?:rectangles?|squares?|cuboids?|boxes|box|segments?|intervals?|ranges?|tiles?)", re.I
)
_TERMS = r"\(\s*([^()]+?)\s*\)"
_CORNER = r"(bottom|lower|top|upper)[- ](left|right)(?: corner)?"
_OPPOSITE = {("bottom", "left"): ("top", "right"), ("top", "left"): ("bottom", "right")}
_SIDE = {"lower": "bottom", "upper": "top"}


def _terms(text: str) -> list[str]:
    """``X_{i,1},Y_{i,1}`` -> its terms (a comma inside braces is the term's own)."""
    return [t.strip() for t in re.split(r",(?![^{]*\})", text)]


def _point_pairs(reader: Any) -> set[tuple[str, ...]]:
    """Every ``(x, y)`` the statement writes of two inputs (``(e, f)``, ``(C_i, D_i)``), by their names: the
    points a line about all of them speaks of, whatever sentence introduced them."""
    pairs = set()
    for inside in re.findall(_TERMS, reader.statement):
        names = tuple(re.sub(r"_\{?[a-z0-9,]+\}?$", "", t) for t in _terms(inside))
        if len(names) == 2 and all(n in reader.nodes for n in names):
            pairs.add(names)
    return pairs


def _corners(statement: str) -> list[tuple[list[str], list[str]]]:
    """Pairs of opposite corners the statement names, each as its coordinates' terms."""
    pairs = [(_terms(a), _terms(b)) for a, b in re.findall(rf"diagonal[^.]*?{_TERMS} and {_TERMS}", statement)]
    named = _named_corners(statement)
    return pairs + [(named[a], named[b]) for a, b in _OPPOSITE.items() if a in named and b in named]


def _named_corners(statement: str) -> dict[tuple[str, str], list[str]]:
    """Corners the statement names by side: ("bottom", "left") -> the terms of ``(x1, y1)``."""
    named: dict[tuple[str, str], list[str]] = {}
    for m in re.finditer(rf"{_TERMS}[^()\n.]{{0,40}}?{_CORNER}|{_CORNER}[^()\n.]{{0,40}}?{_TERMS}", statement, re.I):
        terms, v, h = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(6), m.group(4), m.group(5))
        named.setdefault((_SIDE.get(v.lower(), v.lower()), h.lower()), _terms(terms))
    return named


def _ends(statement: str) -> list[tuple[list[str], list[str], bool]]:
    """An interval's two ends as the statement defines them: inclusive ("from l_i to r_i", "l_i <=
    j <= r_i": closed) or ``[s, e)`` (half-open)."""
    closed = re.findall(r"\bfrom (\w+) to (\w+)\b|\b(\w+) <= \w+ <= (\w+)\b", statement)
    half = re.findall(r"\[(\w+), (\w+)\)", statement)
    return [([a or c], [b or d], True) for a, b, c, d in closed] + [([a], [b], False) for a, b in half]


_FORM = r"(\w+)\[i\] (?:==?|is in the form|is of the form|is|represents) \[([^\]]+)\]"


def _row_forms(reader: Any) -> dict[str, tuple[str, int]]:
    """Each position's name in the rows' own definition (``rectangles[i] is in the form [x1, ...]``,
    ``edges[i] = [ui, vi]``): name -> (list, position)."""
    out = {a: (n, k) for a, (n, d, k) in reader.aliases.items() if d >= 1}
    for name, inner in re.findall(_FORM, reader.statement):
        if name in reader.nodes:
            out.update({t: (name, k) for k, t in enumerate(_terms(inner))})
    return out


def _form_length(reader: Any, name: str) -> int | None:
    """How many positions the statement's one definition of ``name``'s rows names (None: not one)."""
    sizes = {len(_terms(inner)) for n, inner in re.findall(_FORM, reader.statement) if n == name}
    return sizes.pop() if len(sizes) == 1 else None


def _column(reader: Any, term: str) -> str | None:
    """The node an AtCoder coordinate names: ``X_{i,1}`` -> ``X1``, ``A_i`` -> ``A``, ``x_A``."""
    for name in (term, re.sub(r"_\{?i,\s*(\w+)\}?$", r"\1", term), re.sub(r"_\{?i\}?$", "", term)):
        if name in reader.nodes:
            return name
    return None


def _placed(reader: Any, terms: list[str]) -> tuple[Any, ...] | None:
    """Terms as positions of one list's rows (``("rows", list, (k, ...))``) or as columns
    (``("columns", names)``); None: neither."""
    forms = _row_forms(reader)
    rows = [forms.get(t) for t in terms]
    if all(rows) and len({r[0] for r in rows}) == 1:  # type: ignore[index]
        return "rows", rows[0][0], tuple(r[1] for r in rows)  # type: ignore[index]
    cols = tuple(_column(reader, t) for t in terms)
    return ("columns", cols) if all(c is not None and reader.nodes[c].kind == "list" for c in cols) else None


def no_overlap(reader: Any, text: str) -> bool | None:
    """``No two rectangles overlap``, ``The given segments are non-overlapping``, ``Cuboids do not
    have an intersection with a positive volume``: boxes by their corners, else intervals by their
    ends, as the statement defines them (one reading of them, else refused)."""
    m = _OVERLAP.fullmatch(text.strip().rstrip("."))
    noun = m and (m.group("a") or m.group("b") or m.group("c"))
    if not noun or not _NOUNS.fullmatch(noun):
        return None
    found = {
        (a, b, closed)
        for ta, tb, closed in [(x, y, None) for x, y in _corners(reader.statement)] + _ends(reader.statement)
        if len(ta) == len(tb)
        and (a := _placed(reader, ta))
        and (b := _placed(reader, tb))
        and _of_noun(reader, noun, a, closed, [*ta, *tb])
    }
    if len(found) != 1:
        return False  # no corners, or several readings of them: refused
    a, b, closed = found.pop()
    if a[0] != b[0] or a[0] == "rows" and a[1] != b[1]:
        return False
    if closed is None and re.search(r"\bintersect\b", text, re.I):  # closed boxes that touch intersect: not read
        return False
    if a[0] == "rows":
        return _rows_apart(reader, a[1], list(a[2]), list(b[2]), closed)
    lows, highs = ", ".join(a[1]), ", ".join(b[1])
    if closed is None:
        reader.checks.append(f"boxes_apart(zipped({lows}), zipped({highs}))")
    else:
        reader.checks.append(f"intervals_apart(zipped({lows}), zipped({highs}), {closed})")
    return True


_DIMENSIONS = {"rectangle": 2, "square": 2, "cuboid": 3}


def _of_noun(reader: Any, noun: str, a: tuple[Any, ...], closed: bool | None, terms: list[str]) -> bool:
    """Whether corners / ends ``a`` are of what the line names: the list it names (``The tiles``),
    else a box of its dimension (rectangles: 2, cuboids: 3) or an interval (segments) that one
    sentence of the statement names with them (``The segments that coins contain``)."""
    word = re.sub(r"^rectangular |(?<=x)es$|(?<!s)s$", "", noun.lower())
    named = [n for n in reader.nodes if n.lower() in (noun.lower(), word)]
    if named:
        return a[0] == "rows" and a[1] == named[0]
    names = [a[1]] if a[0] == "rows" else []
    spoken = any(
        word in sentence.lower() and any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", sentence) for n in names + terms)
        for sentence in re.split(r"(?<=\.)\s|\n", reader.statement)
    )
    if not spoken:
        return False
    if word in ("segment", "interval", "range", "tile"):
        return closed is not None
    return closed is None and _DIMENSIONS.get(word, len(a[-1])) == len(a[-1])


def _rows_apart(reader: Any, name: str, lows: list[int], highs: list[int], closed: bool | None) -> bool:
    """Rows of ``name`` apart: checked, and drawn apart where their positions are drawn each."""
    node = reader.nodes[name]
    lo, hi = ", ".join(map(str, lows)), ", ".join(map(str, highs))
    if closed is None:
        reader.checks.append(f"boxes_apart(picked({name}, {lo}), picked({name}, {hi}))")
    else:
        reader.checks.append(f"intervals_apart(picked({name}, {lo}), picked({name}, {hi}), {closed})")
    if node.kind == "list" and node.elem is not None and node.elem.kind == "list":
        size = _form_length(reader, name)
        if node.elem.len_lo is None and node.elem.len_hi is None and size is not None:
            node.elem.len_lo = node.elem.len_hi = str(size)  # "rectangles[i] is in the form [x1, y1, x2, y2]"
        node.apart = {"lows": lows, "highs": highs}
    return True


_NAMED_POINTS = re.compile(r"(?:the )?(?:three )?points ((?:\w+, )*\w+,? and \w+) (?:are|is) not collinear", re.I)
_NO_THREE = re.compile(
    r"no three (?:different |distinct )?(?:of the )?(?:given )?points (?:lie|are|lies) (?:on|in) "
    r"(?:the same|a|one) (?:straight )?line|no three (?:different |distinct )?(?:of the )?(?:given )?points are "
    r"collinear",
    re.I,
)


def not_collinear(reader: Any, text: str) -> bool | None:
    """``The three points A, B, and C are not collinear`` (each defined ``A(x_A, y_A)``), ``No three
    different points lie on the same straight line`` (every point the statement gives coordinates:
    ``The coordinates of P_i are (A_i, B_i)``, or a list ``points[i] = [xi, yi]``): a check."""
    t = text.strip().rstrip(".")
    if m := _NAMED_POINTS.fullmatch(t):
        coords: list[str] = []
        for name in re.split(r",? and |, ", m.group(1)):
            defined = re.search(rf"\b{re.escape(name)}\s*{_TERMS}", reader.statement)
            terms = _terms(defined.group(1)) if defined else []
            if len(terms) != 2 or not all(x in reader.nodes and reader.nodes[x].kind != "list" for x in terms):
                return False
            coords += terms
        reader.checks.append(f"collinear_free(flat_points(2, {', '.join(coords)}))")
        return True
    if not _NO_THREE.fullmatch(t):
        return None
    families = [
        _placed(reader, _terms(c)) for c in re.findall(rf"coordinates of \w+ (?:are|is) {_TERMS}", reader.statement)
    ]
    if families and all(f and f[0] == "columns" and len(f[1]) == 2 for f in families):
        if _point_pairs(reader) - {tuple(f[1]) for f in families}:  # type: ignore[index]
            return False  # points written otherwise too ("Point Q_i is located at (C_i, D_i)"): not all covered
        xs, ys = (" + ".join(f[1][k] for f in families) for k in (0, 1))  # type: ignore[index]
        reader.checks.append(f"collinear_free(zipped({xs}, {ys}))")
        return True
    lists = [n for n in ("points", "coordinates") if n in reader.nodes and reader.nodes[n].kind == "list"]
    if families or len(lists) != 1:
        return False
    reader.checks.append(f"collinear_free(picked({lists[0]}, 0, 1))")
    return True


_SAME_PLACE = re.compile(
    r"(?:all (?:of )?)?(?:the )?(?:given )?positions (?:are|will be) (?:all )?(?:unique|distinct|different)"
    r"|no two (?:pieces|points|cells|positions) (?:are|lie|stand) (?:on|in|at) the same (?:square|cell|position|point)",
    re.I,
)
_POSITION = r"(?:represents|denotes|is) the position"


def positions_distinct(reader: Any, text: str) -> bool | None:
    """``All the given positions are unique``, ``No two pieces are on the same square``: every position
    the statement defines (``(a, b) denotes the position of the white rook``, ``queens[i] = [xQueeni,
    yQueeni] represents the position``, ``king = [xKing, yKing] represents the position``) differs
    from every other: a check."""
    if not _SAME_PLACE.fullmatch(text.strip().rstrip(".")):
        return None
    parts: list[str] = []
    st = reader.statement
    for x, y in re.findall(rf"\((\w+), (\w+)\) {_POSITION}", st):
        if not all(t in reader.nodes and reader.nodes[t].kind == "int" for t in (x, y)):
            return False
        parts.append(f"flat_points(2, {x}, {y})")
    for name, index, _inner in re.findall(rf"\b(\w+)(\[i\])? = \[(\w+, \w+)\] {_POSITION}", st):
        node = reader.nodes.get(name)
        if node is None or node.kind != "list":
            return False
        parts.append(f"picked({name}, 0, 1)" if index else f"flat_points(2, {name}[0], {name}[1])")
    taken = {tuple(re.findall(r"\w+", p)[2:4]) for p in parts if p.startswith("flat_points")}
    if _point_pairs(reader) - taken:
        return False  # a position written otherwise ("The black queen stands at (e, f)"): not all covered
    if not parts or len(parts) == 1 and parts[0].startswith("flat_points") and parts[0].count(",") < 4:
        return False  # one position (or none) is distinct from nothing: not what the line speaks of
    reader.checks.append(f"distinct_points({' + '.join(parts)})")
    return True


_VALID_RECTANGLE = re.compile(
    r"(?P<s>[\w ,]+?) (?:represents?|is|are) (?:a |both )?valid (?:axis-aligned )?rectangles? with (?:a )?"
    r"(?:non-zero|positive) area",
    re.I,
)


_LIST_FORM = r"represented as (?:a list|an array|an integer array|a list of integers)? ?\[([^\]]+)\]"


def valid_rectangles(reader: Any, text: str) -> bool | None:
    """``rec1 and rec2 represent a valid rectangle with a non-zero area``, each ``represented as a
    list [x1, y1, x2, y2], where (x1, y1) is ... its bottom-left corner, and (x2, y2) ... its top-right
    corner``: the bottom-left corner below and left of the top-right one on both axes (checks)."""
    m = _VALID_RECTANGLE.fullmatch(text.strip().rstrip("."))
    if not m:
        return None
    names = re.split(r",? and |, ", m.group("s"))
    forms = list(re.finditer(_LIST_FORM, reader.statement))
    # the corners the sentence defining the form names (its own, not another object's)
    corners = _named_corners(reader.statement[forms[0].end() : forms[0].end() + 300]) if len(forms) == 1 else {}
    low, high = corners.get(("bottom", "left")), corners.get(("top", "right"))
    if low is None or high is None or len(low) != 2 or len(high) != 2:
        return False  # which corner is which, on which axis, not said: refused
    form = _terms(forms[0].group(1))
    if not set(low + high) <= set(form) or not all(
        n in reader.nodes and reader.nodes[n].kind == "list" and reader.nodes[n].elem.kind != "list" for n in names
    ):
        return False
    for name in names:
        for a, b in zip(low, high):
            reader.checks.append(f"{name}[{form.index(a)}] < {name}[{form.index(b)}]")
    return True


ENTRIES = (
    (
        "no two boxes or intervals overlap (corners / ends as the statement defines them)",
        (
            "No two rectangles overlap",
            "The given segments are non-overlapping",
            "The tiles are non-overlapping",
            "Cuboids do not have an intersection with a positive volume",
        ),
        "drawn and checked",
        no_overlap,
    ),
    (
        "no three points on a line",
        ("The three points A, B, and C are not collinear", "No three different points lie on the same straight line"),
        "checked",
        not_collinear,
    ),
    (
        "no two given positions the same",
        ("All the given positions are unique", "No two pieces are on the same square"),
        "checked",
        positions_distinct,
    ),
    (
        "a rectangle given by its corners has a positive area",
        ("rec1 and rec2 represent a valid rectangle with a non-zero area",),
        "checked",
        valid_rectangles,
    ),
)
