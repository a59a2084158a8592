"""Superscripts a scrape lost between names and numbers (issue 37): LeetCode's ``2<sup>maximumBit</sup>``
scraped as ``2maximumBit``, ``n<sup>2</sup>`` as ``n2``, ``k<sup>n</sup>`` as ``kn``, ``2<sup>30</sup>`` as ``230``.

``constraints._fix_numbers`` reads the common powers of ten (``105``: 10^5) and of two (``231``) in the
*mangled* reading; a :class:`Scraped` reading adds these rewrites to it, and is tried only after the
mangled one fails the existing tests (or cannot read a line), each rewrite against its competing reading:

* ``2maximumBit`` / ``10k`` (a base glued to a scalar integer's name, longer than one letter; one letter
  is ``_fix_numbers``' own ``2m``) -> ``2**maximumBit``; the competing reading is the product ``2 * maximumBit``;
* ``kn`` (two one-letter lowercase scalar integers glued in a comparison, itself no name) -> ``k**n``;
  competing: the product (AtCoder writes ``HW`` for H * W: upper case is not read so);
* ``n2`` (a scalar integer's name and one digit, itself no name) -> ``n**2``; no competing reading (an unknown
  name refuses);
* ``230`` .. ``264`` (``2`` and an exponent 10..64) standing alone as a side of a comparison (``< 230``,
  ``-230 <=``, ``<= 230 - 1``) -> ``2**30``, chosen per line (:func:`modes`): the literal value is kept in
  every line whose tests fit it (the narrower range: inputs drawn within it are valid under the power too),
  however the same number reads in another line.  A power that tests also fit read as ten times the literal
  (``n = 300`` under ``n <= 250``) is refused (:func:`tenfold_fits`): a wrong test, not a lost superscript.

The existing tests choose (``inputspec.spec_from``): a rewrite is taken where the mangled reading breaks
them or cannot read the line and the rewrite fits them; where a product rewrite (the first two) fits and so
does the product, the line is ambiguous and refused (:func:`weigh`), never guessed.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from typing import Any, Callable

from microcoder_data.testgen.spec_model import Node, _Unsupported

_BASE_NAME = re.compile(r"(?<![\w.*])(2|10)([A-Za-z_]\w+)")  # 2maximumBit
_NAME_DIGIT = re.compile(r"(?<![\w.])([A-Za-z_]\w*?)([2-9])(?![\w\[(.])")  # n2
_NAME_NAME = re.compile(r"(?<![\w.])([a-z])([a-z])(?![\w\[(.])")  # kn (AtCoder's ``HW`` is H * W: not read)
_COMPARISON = re.compile(r"(<=|>=|==|<|>)")
_TWO_POWER = re.compile(r"^(\s*-?\s*)(2(1\d|[2-5]\d|6[0-4]))(\s*(?:[-+]\s*1)?\s*)$")  # a side: 230, -231, 231 - 1


@dataclass(frozen=True)
class Scraped:
    """A reading of numbers (``_Reader.read``'s ``mangled``): the mangled one with lost superscripts between
    names read as powers (as products where ``products``: the competing reading) and the numbers of
    ``powers`` (``(line, "230")``: in that line) read as powers of two, those of ``tenfold`` as ten times
    the literal (the reading a wrong test fits)."""

    powers: frozenset[tuple[str, str]] = frozenset()
    products: bool = False
    tenfold: frozenset[tuple[str, str]] = frozenset()


def _two_powers(line: str) -> list[str]:
    return [m[2] for side in _COMPARISON.split(line)[::2] if (m := _TWO_POWER.match(side))]


def modes(lines: list[str]) -> list[Scraped]:
    """The scraped readings worth a try for ``lines``, narrowest first: names only, then each number that
    may be a power of two alone, then all of them (none: no line has a lost superscript's shape)."""
    numbers = sorted({(line, n) for line in lines for n in _two_powers(line)})
    named = any(p.search(line) for line in lines for p in (_BASE_NAME, _NAME_DIGIT, _NAME_NAME))
    if not numbers and not named:
        return []
    # every set of (line, number) by size (a few): the first that fits has no power its tests do not need
    sizes = range(1, len(numbers) + 1) if len(numbers) <= 3 else (1, len(numbers))
    chosen = [frozenset(c) for k in sizes for c in itertools.combinations(numbers, k)]
    return [Scraped(), *(Scraped(c) for c in chosen)]


def tenfold_fits(read: Callable[[Any], Any], mode: Any) -> Scraped | None:
    """A power of ``mode`` whose line the tests also fit read as ten times the literal (``read(mode)``
    raising ``_Unsupported`` where they break it): that mode, else None."""
    for power in sorted(mode.powers) if isinstance(mode, Scraped) else ():
        try:
            read(replace(mode, powers=mode.powers - {power}, tenfold=frozenset({power})))
        except _Unsupported:
            continue
        return mode
    return None


def may_apply(line: str) -> bool:
    """Whether a rewrite may change ``line`` (names aside): a line not read may be read scraped."""
    return bool(modes([line]))


def _scalar_int(nodes: dict[str, Node], name: str) -> bool:
    node = nodes.get(name)
    return node is not None and node.kind == "int"


def rewrite(text: str, nodes: dict[str, Node], mode: Scraped | None, line: str = "") -> tuple[str, list[str]]:
    """``text`` (a constraint line, numbers already read by the mangled reading) read as ``mode`` says
    (None: names only, to note them; ``line``: the raw line its powers name), and the fragments with a product reading (``2maximumBit``, ``kn``)."""
    glue = " * " if mode is not None and mode.products else "**"
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
        m = _TWO_POWER.match(sides[k])
        if m and mode is not None and (line, m[2]) in mode.powers:
            sides[k] = f"{m[1]}2**{m[3]}{m[4]}"
        elif m and mode is not None and (line, m[2]) in mode.tenfold:
            sides[k] = f"{m[1]}{m[2]}0{m[4]}"
    return "".join(sides), products


def weigh(read: Callable[[Any], Any], mode: Any, spec: Any, products: list[tuple[str, str]]) -> Any:
    """``spec``, read in ``mode``, unless a fragment with a product reading (``products``: (line, fragment))
    is read both ways by the existing tests: the mangled reading's product (``2maximumBit`` as
    ``2 * maximumBit``) against the scraped power, or a :class:`Scraped` power against its product (``kn``,
    which the mangled reading cannot read); ``read(mode)`` reads the spec again, raising ``_Unsupported``
    where the tests break it.  Both fit: refused, never guessed."""
    if not products or not (mode is True or (isinstance(mode, Scraped) and not mode.products)):
        return spec
    try:
        read(Scraped() if mode is True else replace(mode, products=True))
    except _Unsupported:
        return spec
    line, fragment = products[0]
    why = f"a lost superscript is ambiguous: {fragment!r} read as a power and as a product both fit the existing tests"
    raise _Unsupported(why, kind="unsupported_constraint", line=line)
