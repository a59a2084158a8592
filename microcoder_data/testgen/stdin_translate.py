"""AtCoder's constraint lines in the notation the constraints reader knows.

``translate`` rewrites one line of a stdin statement's Constraints (``1 \\leq A_i \\leq 10^9``, "S is a string of
length between 1 and 10 consisting of lowercase English letters") into LeetCode-style lines
(``1 <= A[i] <= 10^9``, ``1 <= S.length <= 10``, ``S consists of lowercase English letters``); a line none of its
phrasings fits is passed on unchanged, and the reader reads it or refuses the spec.
"""

from __future__ import annotations

import re

from microcoder_data.testgen import stdin_records as jagged
from microcoder_data.testgen.conditions import ALL_INTEGERS
from microcoder_data.testgen.stdin_phrasings import rephrase, without_gloss
from microcoder_eval.statement_text import implicit_products, plain_latex, unicode_operators

__all__ = ["translate"]


# A_i, A_{i}, A_{i+1}: A[i], A[i+1] (a subscript with a comma is a cell's, never read as one index)
_SUB = re.compile(r"\b([A-Za-z][A-Za-z0-9]*)_(?:([a-z])(?![\w{])|\{\s*([a-z](?:\s*[+-]\s*\d+)?)\s*\})")
_CELL_SUB = re.compile(r"\b([A-Za-z][A-Za-z0-9]*)_\{\s*([a-z])\s*,\s*([a-z])\s*\}")  # A_{i,j}: A[i][j]


# \sum_{i=1}^N or \displaystyle\sum_{i = 1}^{N} before its term (group 1: the index, 2: the last one)
_SUM_OVER = r"(?:\\displaystyle\s*)?\\sum_\{?\s*([a-z])\s*=+\s*1\s*\}?\^\{?\s*(\w+)\s*\}?\s*"


def translate(line: str, names: set[str], ints: dict[str, bool] | None = None) -> list[str]:
    """One AtCoder constraint line in LeetCode's notation (maybe two lines)."""
    ints = ints or {}
    t = without_gloss(plain_latex(unicode_operators(line).replace("\\ ", " ")).rstrip())  # ≦ before (1 <= i <= N)
    t = re.sub(r"`([^`\s])`", r"'\1'", t)  # `A`, `#`: AtCoder's characters in code marks, quoted (`ab` is no one)
    t = re.sub(r"\s*\(inclusive\)", ", inclusive", t)  # "between 1 and 100 (inclusive)": AtCoder's older wording
    symbol_last = t.endswith("..") and not t.endswith("...")  # "# or ..": the last character is the symbol '.'
    every = r"1\s*<=\s*[a-z](?:\s*,\s*[a-z])?\s*<=\s*\w+(?:\{\w+\})?"  # 1 <= i <= N, 1 <= j <= A_i, 1 <= i,j <= N
    t = re.sub(rf"\s*\(\s*{every}(?:\s*,\s*{every})*\s*\)\.?$", "", t[:-1] if symbol_last else t.rstrip(". "))
    t = t if symbol_last else t.rstrip(". ")  # (1 <= i <= N), (1 <= i <= N, 1 <= j <= M): every i (and j)
    t = re.sub(r"\s*\(\s*[a-z]\s*=\s*1\s*,\s*2\s*,\s*(?:\.\.\.|…)\s*,\s*\w+\s*\)$", "", t)  # (i=1,2,...,N)
    covered = re.fullmatch(
        r"for (?:each|every|all) (?:integers? )?(\S+) <= ([a-z]) <= (\S+), there (?:is|exists) (?:an? )?(?:integers? )?"
        r"1 <= ([a-z]) <= (\S+) such that ([A-Za-z]\w*)_\{?\4\}? = \2",
        t,
        re.I,
    )
    if covered and covered.group(6) in names:  # For each integer 1 <= i <= M, there is an integer 1 <= j <= N ...
        lo, _, hi, _, n, name = covered.groups()
        return [f"each integer from {lo} through {hi} appears at least once in {name} of length {n}"]
    apart = re.fullmatch(r"(.+?(?:<=|<).+?(?:<=|<).+?),\s*([^,<>=]+ != [^,<>=]+)", t)
    if apart:  # 1 <= A_i, B_i <= N, A_i != B_i: a chain and an inequality, each a line
        return [_quote_chars(x) for part in apart.groups() for x in _translate(part, names, ints)]
    chains = re.split(r",\s*", t)  # 1 <= a_k <= N,1 <= b_k <= N: two chains
    if len(chains) > 1 and all(len(re.findall(r"<=|<|>=|>", c)) >= 2 for c in chains):
        return [_quote_chars(x) for c in chains for x in _translate(c, names, ints)]  # 1 <= v <= N, 1 <= k <= 10
    return [_quote_chars(x) for x in _translate(t, names, ints)]


def whole_sums(line: str, lengths: dict[str, str]) -> str:
    """``sum(B[1..N])`` (a translated ``\\sum_{i=1}^N B_i``) as ``sum(B)`` where the format gives ``B`` ``N``
    terms; a sum of fewer terms (``\\sum_{i=1}^K A_i`` of ``A_1 ... A_N``) stays as it is: no reading takes it."""
    return re.sub(
        r"\bsum\((\w+)\[1\.\.(\w+)\]\)",
        lambda m: f"sum({m.group(1)})" if lengths.get(m.group(1)) == m.group(2) else m.group(0),
        line,
    )


def _quote_chars(line: str) -> str:
    """``S consists of 0 and 1`` / ``A, B, and C``, ``The first character of S is not 0``: bare characters
    quoted for the reader."""
    end = re.fullmatch(r"(the (?:first|last) character of \S+ is not) ([^\s'])", line, re.I)
    if end:
        return f"{end.group(1)} '{end.group(2)}'"
    m = re.fullmatch(r"(\S+(?:(?:,|,? and) \S+)*) (consists?) of (.+)", line)
    if not m:
        return line
    # an item of the list only ("0, 1 and ?"): "3 letters" is a count of letters, not the character 3
    item = r"(?<![\w'])(?<![^\s,])([A-Za-z0-9.#?@|/*+\-])(?![\w'])(?=\s*(?:$|,|(?:and|or)\b))"
    return f"{m.group(1)} {m.group(2)} of " + re.sub(item, r"'\1'", m.group(3))


def _translate(t: str, names: set[str], ints: dict[str, bool]) -> list[str]:
    """AtCoder's phrasings in the reader's (LeetCode's) notation.  A line none of them fits
    is passed on as it is: the reader reads it or refuses the spec."""
    t = re.sub(r"^in other words,\s*", "", t, flags=re.I)  # a restatement of the line before: read alike
    said = rephrase(t, names, ints)
    if said is not None:  # a phrasing in words: read as the lines it stands for
        return [x for line in said for x in _translate(line, names, ints)]
    t = _enumerations(t, names)
    t = re.sub(
        r"\b([A-Za-z][A-Za-z0-9]*)_1 ?\+ ?(?:\1_\{?\w+\}? ?\+ ?|(?:\.\.\.|…) ?\+ ?)*\1_\{?\w+\}?(?![\w.])",
        lambda m: f"sum({m.group(1)})" if m.group(1) in names else m.group(0),
        t,
    )  # A_1 + A_2 + ... + A_N
    m = re.fullmatch(
        r"((?:\|[A-Za-z][A-Za-z0-9]*(?:_\{?[a-z](?:,\s*[a-z])?\}?)?\|\s*,\s*)*\|[A-Za-z][A-Za-z0-9]*(?:_\{?[a-z](?:,\s*[a-z])?\}?)?\|) (<=|<) (.+)",
        t,
    )
    subjects = re.findall(r"\|([A-Za-z][A-Za-z0-9]*)((?:_\{?[a-z](?:,\s*[a-z])?\}?)?)\|", m.group(1)) if m else []
    if subjects and all(ints.get(name) for name, _ in subjects):  # |A_i| <= 10^9 of integers: absolute values
        return [
            x
            for name, sub in subjects
            for x in _translate(f"-({m.group(3)}) {m.group(2)} {name}{sub} {m.group(2)} {m.group(3)}", names, ints)
        ]
    t = re.sub(r"\|([A-Za-z]\w*)\|", r"\1.length", t)  # |S|
    t = _totals(t, names)
    t = _CELL_SUB.sub(lambda m: f"{m.group(1)}[{m.group(2)}][{m.group(3)}]" if m.group(1) in names else m.group(0), t)
    subscript = lambda m: _indexed(m, names)  # noqa: E731
    # A_{i,1} < ... < A_{i,C_i}: a row's cells by number, for the row readings only (A[i][1] elsewhere is a tuple's)
    row = jagged.row_cells(_SUB.sub(subscript, jagged.numbered_cells(t, names)), names, ints)
    if row is not None:
        return row
    t = _SUB.sub(subscript, t)
    t = re.sub(r"\s*(<=|>=|!=|==|<|>)\s*", r" \1 ", t)  # D_1<D_2<...<D_N
    t = re.sub(r"(?<=[\w\]])\s*=\s*(?=[\w(])", " == ", t)  # S.length = 3
    t = re.sub(r"^each (?:of )?", "", t, flags=re.I)  # Each S_i is ..., Each of S and T is ...
    if ALL_INTEGERS.fullmatch(t) or re.fullmatch(
        r"all (?:the )?values in the input are integers,? except (?:for )?(\S+)", t, re.I
    ):
        return []
    t = implicit_products(t, names)
    m = re.fullmatch(
        r"the lengths of (\S+) and (\S+) are equal(?:,? and (?:are )?between (.+?) and (.+?),? inclusive)?", t, re.I
    )
    if m and _subject(m.group(1), names) and _subject(m.group(2), names):
        same = [f"{m.group(1)}.length == {m.group(2)}.length"]
        return same + ([f"{m.group(3)} <= {m.group(1)}.length <= {m.group(4)}"] if m.group(3) else [])
    m = re.fullmatch(r"(\S+) =+ (\S+)((?: or \1 =+ \S+)+)", t)
    if m and _subject(m.group(1), names):  # S_{i,j} = . or S_{i,j} = #
        t = f"{m.group(1)} is one of " + ", ".join([m.group(2)] + re.findall(r" or \S+ =+ (\S+)", m.group(3)))
    m = re.fullmatch(r"(\S+) is one of (?:the (?:characters|letters|values|integers|strings|words) )?(.+)", t)
    if m and _subject(m.group(1), names):  # C is one of R, L, U, and D
        words = [w for w in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", m.group(2)) if w]
        return [f"{m.group(1)} is either " + " or ".join(_quoted(w) for w in words)]
    m = re.fullmatch(
        r"(?:([A-Za-z]\w*) ?=+ ?)?\(?([A-Za-z]\w*)(?:\[[a-z]\])?\)? (?:is|are) (?:a )?permutations? of "
        r"(?:\(([^()]+)\)|(1 ?, ?2 ?, ?(?:\.\.\.|…) ?, ?\S+))",
        t,
    )  # P is a permutation of (1, 2, ..., N); (P_1, P_2, ..., P_N) / P=(P_1, ..., P_N) is; ... of 1, 2, ..., N
    if m and m.group(1) in (None, m.group(2)):
        t = f"{m.group(2)} is a permutation of [{m.group(3) or m.group(4)}]"
    m = re.fullmatch(r"(\S+) is an? (lowercase|uppercase) (?:English )?(?:letter|character)", t)
    if m and _subject(m.group(1), names) and not ints.get(m.group(1).split("[")[0]):  # C_i, c_1: one letter
        return [f"{m.group(1)}.length == 1", f"{m.group(1)} consists of {m.group(2)} English letters"]
    for reading in (_several_subjects, _chain, _distinct_elements, _set_of_values, _word_choices, _string, _integer):
        lines = reading(t, names, ints)
        if lines is not None:
            return lines
    m = re.fullmatch(r"the length of (\S+) is between (.+?) and (.+?)(?:,)? inclusive", t, re.I)
    if m:
        return [f"{m.group(2)} <= {m.group(1)}.length <= {m.group(3)}"]
    return [t]


def _totals(t: str, names: set[str]) -> str:
    """A list's total written out or with \\sum, as ``sum(...)`` (after ``|S|`` became ``S.length``)."""
    t = re.sub(
        r"\b([A-Za-z][A-Za-z0-9]*)_1\.length ?\+ ?\1_2\.length ?\+ ?(?:\.\.\.|…) ?\+ ?\1_\{?\w+\}?\.length",
        r"sum(\1_i.length)",
        t,
    )  # S_1.length + S_2.length + ... + S_N.length
    t = re.sub(
        _SUM_OVER + r"([A-Za-z]\w*_\{?\1\}?\.length)",
        r"sum(\3)",
        t,
    )  # \sum_{i=1}^N |S_i|
    t = re.sub(
        _SUM_OVER + r"([A-Za-z][A-Za-z0-9]*)_\{?\1\}?(?![\w{.])",
        lambda m: f"sum({m.group(3)}[1..{m.group(2)}])" if m.group(3) in names and m.group(2) in names else m.group(0),
        t,
    )  # \sum_{i=1}^K B_i: the sum of B's first K terms, the whole list's only where K is its length (whole_sums)
    return t


def _enumerations(t: str, names: set[str]) -> str:
    """``S_1, S_2, ..., S_N`` / ``D_1,..., and D_M`` / ``A_1, A_2, A_3, A_4``: every element of one
    list, written out -> ``S[i]``."""

    def element(m: re.Match) -> str:
        parts = [x for x in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group(0)) if x]
        heads = {re.sub(r"_\{?\w+\}?$", "", x) for x in parts if x not in ("...", "…")}
        if len(heads) != 1 or heads.pop() not in names or len(parts) < 3:
            return m.group(0)
        return re.sub(r"_\{?\w+\}?$", "", parts[0]) + "[i]"

    return re.sub(r"[A-Za-z]\w*_\{?1\}?(?:\s*,\s*(?:and\s+)?(?:[A-Za-z]\w*_\{?\w+\}?|\.\.\.|…))+", element, t)


def _indexed(m: re.Match, names: set[str]) -> str:
    index = "".join((m.group(2) or m.group(3)).split())
    return f"{m.group(1)}[{index}]" if m.group(1) in names else m.group(0)


def _subject(word: str, names: set[str]) -> bool:
    return re.fullmatch(r"([A-Za-z]\w*)(?:\[\w+\])*", word) is not None and word.split("[")[0] in names


def _several_subjects(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``S and T are strings ...``, ``A, B, and C are pairwise different``, ``L and R are
    0 or 1``: the same statement of each subject (different ones also unequal)."""
    t = re.sub(r"^\w+(?:,\w+)+(?= are )", lambda x: ", ".join(x.group(0).split(",")), t)  # H,W,D are integers
    t = re.sub(r" are all integers$", " are integers", t)  # N, Q, A, B are all integers: each an integer
    m = re.fullmatch(r"(\S+(?:(?:,|,? and) \S+)+) (?:are|is) (.+)", t)
    if not m:
        return None
    subjects = [w for w in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group(1)) if w]
    if len(subjects) < 2 or not all(_subject(w, names) for w in subjects):
        return None
    rest = m.group(2)
    if re.match(r"(?:co-?prime|relatively prime)\b", rest):  # of the two together: coprime_readings
        return [f"{subjects[0]} and {subjects[1]} are coprime"] if len(subjects) == 2 else None
    differ = re.match(r"(?:pairwise )?(?:different|distinct)\b ?", rest)
    if differ:
        rest = rest[differ.end() :]
        if any("[" in w for w in subjects):
            return None  # A_i and B_i differ: per element, not read
    out = [f"{a} != {b}" for k, a in enumerate(subjects) for b in subjects[k + 1 :]] if differ else []
    if not rest:
        return out
    if re.fullmatch(r"integers?", rest):
        return out if all(ints.get(w.split("[")[0]) for w in subjects) else None
    singular = re.sub(
        r"^(strings|integers)\b", lambda x: "an integer" if x.group(1) == "integers" else "a string", rest
    )
    singular = re.sub(r"^((?:lowercase|uppercase) (?:English )?)letters$", r"a \1letter", singular)
    for w in subjects:
        out += _translate(f"{w} is {singular}", names, ints)
    return out


def _chain(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``1 <= A_1 < A_2 < ... < A_N <= 100`` (or ``A_1 < ... < A_N``): a sorted list and its elements' range;
    ``0 == A_1 < ... < A_N <= 10^18``: the first element the range's lower end, so that value is present."""
    m = re.fullmatch(
        r"(?:(\S+) (<=|<|==) )?([A-Za-z]\w*)_\{?1\}? (<|<=) (?:\3_\{?2\}? \4 )?\.\.\. \4 \3(?:_\{?\w+\}?|\[\w+\])"
        r"(?: (<=|<) (\S+))?",  # the last written A_N or, as the prose reader leaves it, a[n]
        t,
    )
    if not m or m.group(3) not in names:
        return None
    name, strict = m.group(3), m.group(4) == "<"
    out = [f"{name} is sorted in {'strictly increasing' if strict else 'non-decreasing'} order"]
    if m.group(1) and m.group(6) and m.group(2) == "==":  # 0 = A_1 < ...: every element at least A_1
        lo = m.group(1)
        out += [
            f"{lo} <= {name}[i] {m.group(5)} {m.group(6)}",
            f"each integer from {lo} through {lo} appears at least once in {name}",
        ]
    elif m.group(1) and m.group(6):
        out.append(f"{m.group(1)} {m.group(2)} {name}[i] {m.group(5)} {m.group(6)}")
    elif m.group(1) or m.group(6):
        return None  # one bound only: the elements' other bound is elsewhere, not read here
    return out


def _distinct_elements(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``A_i != A_j if i != j``, ``(i != j)``, ``(1 <= i < j <= N)``, ``S_1, ..., S_N are all different``: the
    list's values are distinct."""
    m = re.fullmatch(
        r"([A-Za-z]\w*)\[(\w)\] != \1\[(\w)\](?: if \2 != \3| \(\2 != \3\)| \(\w+ <= \2 < \3 <= \w+\))?", t
    )
    m = m or re.fullmatch(
        r"([A-Za-z]\w*)\[i\] are (?:all |pairwise )?(?:different|distinct)", t
    )  # S_1,...,S_N are all different
    pair = re.fullmatch(r"([A-Za-z]\w*)\[i\] != \1\[j\] or ([A-Za-z]\w*)\[i\] != \2\[j\] (?:for|if) i != j", t)
    if pair and {pair.group(1), pair.group(2)} <= names:  # A_i != A_j or B_i != B_j for i != j: pairs differ
        return [f"({pair.group(1)}[i], {pair.group(2)}[i]) != ({pair.group(1)}[j], {pair.group(2)}[j]) if i != j"]
    if not m or m.group(1) not in names:
        return None
    return [f"all values of {m.group(1)} are distinct"]


def _set_of_values(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``T_i \\in \\lbrace 1, 2 \\rbrace``: one of the values listed."""
    m = re.fullmatch(r"(\S+) \\in \\(?:lbrace|\{)\s*(.+?)\s*\\(?:rbrace|\})", t)
    if not m:
        return None
    values = [v.strip() for v in m.group(2).split(",") if v.strip()]
    return [f"{m.group(1)} is either " + " or ".join(_quoted(v) for v in values)]


def _word_choices(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``S is Takahashi or Aoki``, ``C is Red, Green, or Blue``: one of the words listed."""
    m = re.fullmatch(r"(\S+) is ((?:[A-Za-z0-9]+|[^\s\w,])(?:(?:,|,? or) (?:[A-Za-z0-9]+|[^\s\w,]))+)", t)
    if not m or " or " not in m.group(2) or not _subject(m.group(1), names):
        return None
    words = [w for w in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", m.group(2)) if w]
    if any(w.lower() in ("a", "an", "the", "odd", "even", "positive", "negative", "not") for w in words):
        return None
    return [f"{m.group(1)} is either " + " or ".join(_quoted(w) for w in words)]


def _quoted(value: str) -> str:
    return value if re.fullmatch(r"-?\d+", value) else "'" + value.strip("'\"") + "'"


def _string(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    """``S is a [length-K] string [of length ...] [consisting of | of] <letters> [with a length
    between a and b, inclusive]``: its length and its characters, each as a line of its own."""
    m = re.fullmatch(r"(\S+) is an? (?:length-(\S+) )?string\b(.*)", t)
    if not m or not _subject(m.group(1), names):
        return None
    name, rest, out = m.group(1), m.group(3), []
    if m.group(2):
        out.append(f"{name}.length == {m.group(2)}")
    size = re.search(
        r",?\s*(?:with (?:a )?lengths? |of length )(?:between (.+?) and (.+?)|(?:from |at least )?(\S+) (?:to|through|and at most) (.+?)|(\S+))"
        r"(?:,? \(?inclusive\)?)?(?=,|$| consisting| that| where)",
        rest,
    )
    least = re.search(r",?\s*(?:with (?:a )?lengths? |of length )at least (\S+?)(?=,|$| consisting| that)", rest)
    if least:  # of length at least 1: the upper bound is elsewhere (a total)
        out.append(f"{least.group(1)} <= {name}.length")
        rest = rest[: least.start()] + rest[least.end() :]
    elif size:
        lo, hi = (size.group(1), size.group(2)) if size.group(1) else (size.group(3), size.group(4))
        out.append(f"{lo} <= {name}.length <= {hi}" if lo else f"{name}.length == {size.group(5)}")
        rest = rest[: size.start()] + rest[size.end() :]
    rest = rest.strip(" ,")
    if rest:
        letters = re.fullmatch(
            r"(?:consisting (?:only )?of|that consists (?:only )?of|of|where each character is) (.+)", rest
        )
        if not letters or re.match(r"(?:of|with(?: a)?) lengths?\b", rest):
            return None  # "generated by the method in the statement", a length phrasing not read: not read
        out.append(f"{name} consists of {letters.group(1)}")
    return out


def _integer(t: str, names: set[str], ints: dict[str, bool]) -> list[str] | None:
    m = re.fullmatch(r"(\S+) is an integer between (.+?) and (.+?)(?:,? inclusive)?", t)
    if m:
        return [f"{m.group(2)} <= {m.group(1)} <= {m.group(3)}"]
    m = re.fullmatch(
        r"(\S+) is an? (positive|non-negative) integer(?: (?:not greater than|at most|less than or equal to) (.+))?", t
    )
    if m and m.group(3):
        return [f"{1 if m.group(2) == 'positive' else 0} <= {m.group(1)} <= {m.group(3)}"]
    m = re.fullmatch(r"(\S+) is an? (odd|even) (?:number|integer)", t)
    if m:
        return [f"{m.group(1)} is {m.group(2)}"]
    m = re.fullmatch(r"(\S+) (?:is an integer|are integers)", t)
    if m and _subject(m.group(1), names) and ints.get(m.group(1).split("[")[0]):
        return []  # the tests' tokens said so already
    return None
