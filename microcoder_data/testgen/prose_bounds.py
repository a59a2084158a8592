"""Ranges inside a prose line's parentheses that relate inputs, taken apart into the constraint lines
the AtCoder reader reads (``prose_items.ranges`` calls these on one parenthesised group)::

    1 <= u != v <= n               ->  1 <= u, v <= n  and  u != v
    n, m >= 2                      ->  n >= 2  and  m >= 2
    a, b, c are distinct           ->  a != b, a != c, b != c   (of one line's or one row's values)
    x and y are distinct           ->  x != y                   (likewise)
    4 <= n * m <= 10^5, n, m >= 2  ->  n >= 2, m >= 2, 4 <= n * m, n * m <= 10^5

The last: a product of two scalars bounded from below (each at least 1) and by nothing above, whose
only upper bound is the product's.  Split so that the reader bounds each factor under the product
(``conditions._factors_under_a_product``: the second at most the bound over the first, so every draw
keeps it) and keeps both ends as checks.  A factor the group bounds by nothing is at least 1 where
the product's lower end is at least 1 and the other factor's is too (both positive, so it is)."""

from __future__ import annotations

import re

_TERM = r"[A-Za-z][A-Za-z0-9]*(?:_\{?i\}?)?"  # a name, or a row's value of it (x_i)
# names listed with commas or with "and" alone (``x and y are distinct``: each row's two values)
_TERMS = rf"{_TERM}(?:(?: ?, ?(?:and )?| and ){_TERM})+"
_NOT_EQUAL = re.compile(rf"(.+?) ?(<=|<) ?({_TERM}) ?!= ?({_TERM}) ?(<=|<) ?(.+)")
_EACH = re.compile(rf"({_TERMS}) ?(>=|>|<=|<) ?([^<>=!,]+)")
_DISTINCT = re.compile(rf"(?:all of )?({_TERMS}) are (?:pairwise )?(?:distinct|different)")
_NAME = r"[A-Za-z][A-Za-z0-9]*"
_PRODUCT = re.compile(rf"(\d+) ?<= ?({_NAME}) ?\* ?({_NAME}) ?<= ?(.+)")
_LOWER = re.compile(rf"(\d+) ?(<=|<) ?({_NAME})|({_NAME}) ?(>=|>) ?(\d+)")


def joins(last: str, part: str) -> bool:
    """Whether ``part`` goes on a range piece cut at a comma: ``n`` then ``m >= 2`` (``n, m >= 2``), ``a``
    then ``b`` then ``c are distinct``: a bare list of names is the subject of what follows it."""
    return bool(
        re.fullmatch(rf"{_TERM}(?: ?, ?{_TERM})*", last)
        and re.fullmatch(
            rf"(?:and )?{_TERM}(?: ?(?:>=|>|<=|<) ?[^<>=!]+| are (?:pairwise )?(?:distinct|different))?", part
        )
    )


def relation_lines(part: str, group: str) -> list[str]:
    """One range piece as the lines the reader reads (the module's first three forms); ``group``, the
    whole parenthesised text, says whether ``a, b, c`` abbreviate ``a_i, b_i, c_i`` named there."""
    m = _NOT_EQUAL.fullmatch(part)
    if m and m[3] != m[4]:
        return [f"{m[1]} {m[2]} {m[3]}, {m[4]} {m[5]} {m[6]}", f"{m[3]} != {m[4]}"]
    m = _EACH.fullmatch(part)
    if m:
        return [f"{name} {m[2]} {m[3].strip()}" for name in _names(m[1])]
    m = _DISTINCT.fullmatch(part)
    if not m:
        return [part]
    names = _names(m[1])
    if all(re.search(rf"(?<![\w|]){n}_\{{?i\}}?(?![\w{{])", group) for n in names) and not any(
        re.search(rf"(?<![\w|]){n}(?![\w(])", group.replace(part, "")) for n in names
    ):  # "1 <= a_i, b_i, c_i <= n, a, b, c are distinct": the row's values
        names = [f"{n}_i" for n in names]
    if len(set(names)) != len(names):
        return [part]
    return [f"{a} != {b}" for k, a in enumerate(names) for b in names[k + 1 :]]


def _names(text: str) -> list[str]:
    return [n for n in re.split(r" ?, ?(?:and )?| and ", text) if n]


def product_last(lines: list[str]) -> list[str]:
    """The module's last form, over one group's lines; any other group as it is."""
    for line in lines:
        m = _PRODUCT.fullmatch(line)
        if not m or m[2] == m[3] or int(m[1]) < 1:
            continue
        lows = {n: _lower(n, [x for x in lines if x != line]) for n in (m[2], m[3])}
        if any(low is False for low in lows.values()) or all(low is None for low in lows.values()):
            continue  # a factor bounded otherwise (from above, by another input), or neither from below
        derived = [f"{n} >= 1" for n, low in lows.items() if low is None]  # the product and the other positive
        rest = [x for x in lines if x != line]
        return rest + derived + [f"{m[1]} <= {m[2]} * {m[3]}", f"{m[2]} * {m[3]} <= {m[4]}"]
    return lines


def _lower(name: str, lines: list[str]) -> int | None | bool:
    """The constant lower bound (at least 1) the lines give ``name``; None where they name it nowhere;
    False where they bound it otherwise (from above, by another input, below 1)."""
    low = None
    for x in lines:
        end = re.fullmatch(rf"(.+?(?:<=|<).+?) ?(?:<=|<) ?{name}", x)  # 1 <= r_b, r_d <= n: of r_b, r_d
        if not re.search(rf"\b{name}\b", end[1] if end else x):
            continue
        m = _LOWER.fullmatch(x)
        if not m:
            return False
        value = int(m[1] or m[6]) + (1 if (m[2] or m[5]) in ("<", ">") else 0)
        if value < 1:
            return False
        low = max(low or 0, value)
    return low
