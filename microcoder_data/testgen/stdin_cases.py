"""Several test cases in an AtCoder format block::

    T
    case_1
    \\vdots
    case_T

    Each case is given in the following format:
    N
    P_1 P_2 ... P_N

The block splits at the sentence introducing a case's format (``Each case is given in the
following format:``, ``Each test case case_i (1 <= i <= T) is in the following format:``): before
it, the count and the ``case_i`` lines; after it, one case's rows, read like a whole input.  The
constraints split too: the count's range (``1 <= T <= 10^5``), totals over the cases ("The sum of
N across the test cases in a single input is at most 2 * 10^5": a check on the whole input, so
every drawn input keeps it), and the rest, which are one case's.  The spec is then the one model
of test cases (``test_cases.py``) the prose reader builds too.
"""

from __future__ import annotations

import re

from microcoder_data.testgen.spec_model import _Unsupported

_INTRO = re.compile(
    r"each (?:test )?case(?: case_\{?i\}?)?(?: \([^()]*\))? is (?:given )?in the following format\s*:?", re.I
)
_CASE = re.compile(r"^(?:case|test|testcase)_\{?([A-Za-z0-9]+)\}?$", re.I)
_DOTS = (":", "...", "⋮")
_TOTAL = re.compile(
    r"^(?:it is guaranteed that )?the sum of (.+?) (?:over|for|across|in) (?:all )?(?:the )?(?:[A-Za-z]\w* )?(?:test )?cases"
    r"(?: in (?:a single|each|one|the|an) input)? (?:is at most|does not exceed|is not greater than|<=) (.+?)\.?$",
    re.I,
)


def split_cases(block: list[str]) -> tuple[str, list[str], str] | None:
    """(the count's name, one case's format lines, the introducing sentence), or None when the
    block has no test cases; a count layout other than ``T`` / ``case_1`` / ... / ``case_T`` refuses."""
    intro = next((k for k, line in enumerate(block) if _INTRO.fullmatch(line.strip())), None)
    if intro is None:
        return None
    outer, inner, said = block[:intro], block[intro + 1 :], block[intro]
    cases = [_CASE.match(line.strip()) for line in outer[1:] if line.strip() not in _DOTS]
    count = outer[0].strip() if outer else ""
    if (
        not re.fullmatch(r"[A-Za-z]\w*", count)
        or len(cases) < 2
        or not all(cases)
        or cases[0].group(1) != "1"  # type: ignore[union-attr]
        or cases[-1].group(1) != count  # type: ignore[union-attr]
        or not any(line.strip() in _DOTS for line in outer)
        or not inner
    ):
        raise _Unsupported(f"test cases laid out as {outer!r} not understood", kind="unsupported_format", line=said)
    return count, inner, said


def split_constraints(
    lines: list[str], count: str
) -> tuple[tuple[str, str] | None, list[tuple[list[list[str]], str]], list[str]]:
    """Constraint lines (plain notation) -> (the count's range as written, the totals over the
    cases: (terms added, each a product of names; the bound), the lines of one case)."""
    span, totals, rest = None, [], []
    for line in lines:
        t = line.strip().rstrip(".").strip()
        m = re.fullmatch(r"(\S+)\s*<=\s*([A-Za-z]\w*(?:\s*,\s*[A-Za-z]\w*)*)\s*<=\s*(\S+(?:\s*\*\s*\S+)?)", t)
        names = [n.strip() for n in m.group(2).split(",")] if m else []
        if count in names and span is None:  # 1 <= T <= 10^5, or 1 <= T, N, M <= 3 * 10^5: T's, and the rest's
            span = (m.group(1), m.group(3))  # type: ignore[union-attr]
            others = [n for n in names if n != count]
            rest += [f"{m.group(1)} <= {', '.join(others)} <= {m.group(3)}"] if others else []  # type: ignore[union-attr]
            continue
        m = _TOTAL.match(t)
        if m:
            totals.append((_terms(m.group(1), line), m.group(2).strip()))
            continue
        rest.append(line)
    return span, totals, rest


def _terms(terms: str, line: str) -> list[list[str]]:
    """``N``, ``|S|``, ``N * M``, ``N and M`` -> the products added (names; a string by its length)."""
    out = []
    for term in re.split(r"\s+and\s+", terms.strip()):
        names = [n.strip().strip("|").strip() for n in term.split("*")]
        if not all(re.fullmatch(r"[A-Za-z]\w*", n) for n in names):
            raise _Unsupported(
                f"a total over the test cases not understood: {line!r}", kind="unsupported_constraint", line=line
            )
        out.append(names)
    return out
