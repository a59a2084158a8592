"""Superscripts a scrape lost between names and numbers (issue 37): LeetCode's ``2<sup>maximumBit</sup>``
scraped as ``2maximumBit``, ``n<sup>2</sup>`` as ``n2``, ``k<sup>n</sup>`` as ``kn``, ``2<sup>30</sup>`` as ``230``.

``constraints._fix_numbers`` reads the common powers of ten (``105``: 10^5) and of two (``231``) in the
*mangled* reading; this is a further reading of numbers, :data:`SCRAPED`, tried only after the mangled
one fails the existing tests (or cannot read a line), each rewrite with its competing reading:

* ``2maximumBit`` / ``10k`` (a base glued to a scalar integer's name, longer than one letter; one letter
  is ``_fix_numbers``' own ``2m``) -> ``2**maximumBit``; the competing reading is the product ``2 * maximumBit``;
* ``kn`` (two one-letter lowercase scalar integers glued in a comparison, itself no name) -> ``k**n``;
  competing: the product (AtCoder writes ``HW`` for H * W: upper case is not read so);
* ``n2`` (a scalar integer's name and one digit, itself no name) -> ``n**2``; no competing reading (an unknown
  name refuses), so none to weigh;
* ``230`` .. ``264`` (``2`` and an exponent 10..64) standing alone as a side of a comparison (``< 230``,
  ``-231 <=``, ``<= 231 - 1``) -> ``2**30``; the literal value is kept wherever the tests fit it (it is the
  narrower range: inputs drawn within it are valid under the power too).

The existing tests choose (``inputspec.spec_from``): a rewrite is taken where the mangled reading breaks
them or cannot read the line and the rewrite fits them; where a product rewrite (the first two) fits and so
does the product, the line is ambiguous and refused (:func:`ambiguous`), never guessed.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from microcoder_data.testgen.spec_model import Node, _Unsupported

SCRAPED = "scraped"  # the mode of reading numbers that adds these rewrites to the mangled one
PRODUCTS = "scraped_products"  # the same, the product rewrites read as products: the competing reading
MODES = (SCRAPED, PRODUCTS)

_BASE_NAME = re.compile(r"(?<![\w.*])(2|10)([A-Za-z_]\w+)")  # 2maximumBit
_NAME_DIGIT = re.compile(r"(?<![\w.])([A-Za-z_]\w*?)([2-9])(?![\w\[(.])")  # n2
_NAME_NAME = re.compile(r"(?<![\w.])([a-z])([a-z])(?![\w\[(.])")  # kn (AtCoder's ``HW`` is H * W: not read)
_COMPARISON = re.compile(r"(<=|>=|==|<|>)")
_TWO_POWER = re.compile(r"^(\s*-?\s*)2(1\d|[2-5]\d|6[0-4])(\s*(?:[-+]\s*1)?\s*)$")  # a side: 230, -231, 231 - 1


def may_apply(line: str) -> bool:
    """Whether a rewrite may change ``line`` (names aside): the scraped reading is worth a try."""
    sides = _COMPARISON.split(line)
    return bool(
        _BASE_NAME.search(line)
        or _NAME_DIGIT.search(line)
        or _NAME_NAME.search(line)
        or any(_TWO_POWER.match(s) for s in sides[::2])
    )


def _scalar_int(nodes: dict[str, Node], name: str) -> bool:
    node = nodes.get(name)
    return node is not None and node.kind == "int"


def rewrite(text: str, nodes: dict[str, Node], mode: object = SCRAPED) -> tuple[str, list[str]]:
    """``text`` (a constraint line, numbers already read by the mangled reading) with lost superscripts
    read as powers, and the fragments that have a product reading (``2maximumBit``, ``kn``: see above);
    ``mode`` :data:`PRODUCTS`: those read as products instead."""
    glue = " * " if mode == PRODUCTS else "**"
    compares = bool(_COMPARISON.search(text))  # "k is odd": two-letter words are no glued names
    products: list[str] = []

    def base_name(m: re.Match) -> str:
        if not _scalar_int(nodes, m[2]):
            return m[0]
        products.append(m[0])
        return f"{m[1]}{glue}{m[2]}"

    def name_name(m: re.Match) -> str:
        if m[0] in nodes or not (compares and _scalar_int(nodes, m[1]) and _scalar_int(nodes, m[2])):
            return m[0]
        products.append(m[0])
        return f"{m[1]}{glue}{m[2]}"

    def name_digit(m: re.Match) -> str:
        return m[0] if m[0] in nodes or not _scalar_int(nodes, m[1]) else f"{m[1]}**{m[2]}"

    text = _NAME_DIGIT.sub(name_digit, _NAME_NAME.sub(name_name, _BASE_NAME.sub(base_name, text)))
    sides = _COMPARISON.split(text)
    for k in range(0, len(sides), 2):
        sides[k] = _TWO_POWER.sub(r"\g<1>2**\2\3", sides[k])
    return "".join(sides), products


def weigh(read: Callable[[object], Any], mode: object, spec: Any, products: list[tuple[str, str]]) -> Any:
    """``spec``, read in ``mode``, unless a fragment with a product reading (``products``) is read both ways
    by the existing tests: the mangled reading's product (``2maximumBit`` as ``2 * maximumBit``) against
    :data:`SCRAPED`'s power, or :data:`SCRAPED`'s power against :data:`PRODUCTS`' product (``kn``, which the
    mangled reading cannot read); ``read(mode)`` reads the spec again, raising ``_Unsupported`` where the
    tests break it.  Both fit: refused, never guessed."""
    if not products or (mode is not True and mode != SCRAPED):
        return spec
    try:
        read(SCRAPED if mode is True else PRODUCTS)
    except _Unsupported:
        return spec
    raise ambiguous(products)


def ambiguous(products: list[tuple[str, str]]) -> _Unsupported:
    """The refusal where product rewrites (``(line, fragment)``) and the products both fit the existing tests."""
    line, fragment = products[0]
    why = f"a lost superscript is ambiguous: {fragment!r} read as a power and as a product both fit the existing tests"
    return _Unsupported(why, kind="unsupported_constraint", line=line)
