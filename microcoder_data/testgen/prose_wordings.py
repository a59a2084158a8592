"""Still more wordings of a Codeforces / CodeContests Input section (issue 37), a registry like
``prose_families.REWRITES`` and applied after it (``prose_sentences.rephrase``): each entry a sentence said
otherwise, rewritten into a form ``prose_format`` reads, stating no more and no less; each entry's examples are
its own test.  What a rewrite leads to is enforced where the form it becomes is read (ranges drawn and checked,
blocks parsed exactly); a sentence none reads is refused by ``prose_format`` as before."""

from __future__ import annotations

import re

from microcoder_data.testgen.prose_families import Rewrite

_COUNT = r"\(?[A-Za-z]\w*(?: ?[-+*] ?(?:\d+|[A-Za-z]\w*))*\)?|\d+"


def _r(name: str, pattern: str, form: str, *examples: tuple[str, str]) -> Rewrite:
    return Rewrite(name, re.compile(pattern, re.I), form, examples)


WORDINGS = [
    _r(  # "every" test case is each one
        "the first line of every test case",
        r"\b(line|lines) of (?:every|the) (test case)\b",
        r"\1 of each \2",
        (
            "The first line of every test case contains a single integer n (2 <= n <= 2 * 10^5)",
            "The first line of each test case contains a single integer n (2 <= n <= 2 * 10^5)",
        ),
        (
            "The second line of the test case contains n integers",
            "The second line of each test case contains n integers",
        ),
    ),
    _r(  # the order the names are written in, said again; spaces between them: as every line's
        "two integers n and k in the respective order separated by a space",
        r"\b((?:two|three|four) (?:integers|numbers) [^()]+?)(?: in (?:the|this) (?:respective )?order)?,?"
        r" separated by (?:a single |a )?spaces?(?= \(|$)",
        r"\1",
        (
            "The first line contains two integers n and k in the respective order separated by a space (1 <= k <= n)",
            "The first line contains two integers n and k (1 <= k <= n)",
        ),
    ),
    _r(  # one name after a plural noun: one integer
        "contains the integers k (bounds)",
        r"^(.* contains) the (integers|numbers) ([A-Za-z]\w*) \(([^()]*(?<![\w])\3(?![\w])[^()]*)\)$",  # its bounds of k
        r"\1 an integer \3 (\4)",
        (
            "The first and only line contains the integers k (1 <= k <= 60)",
            "The first and only line contains an integer k (1 <= k <= 60)",
        ),
    ),
    _r(  # "consists of" said of a line: what it contains
        "the next line consists of a single integer q",
        r"^((?:the|each) (?:\w+ )?line(?: of (?:each|the) test case)?) consists of ((?:a single |one |an? )?"
        r"(?:integer|number|string)s? )",
        r"\1 contains \2",
        (
            "The next line consists of a single integer q (1 <= q <= 2 * 10^5)",
            "The next line contains a single integer q (1 <= q <= 2 * 10^5)",
        ),
    ),
    _r(  # "Then follow n lines of each test case, each with two integers d_i and a_i"
        "then follow n lines, each with",
        rf"^then follow ({_COUNT}) lines(?: of (?:each|the) test case)?,? each (?:with|containing|contains) ",
        r"Each of the next \1 lines contains ",
        (
            "Then follow n lines of each test case, each with two integers d_i and a_i (1 <= d_i, a_i <= 10^6)",
            "Each of the next n lines contains two integers d_i and a_i (1 <= d_i, a_i <= 10^6)",
        ),
    ),
    _r(  # "In the j-th of the following q lines, two integers i and x (...)": no verb, "contains" meant
        "in the j-th of the following q lines, two integers",
        rf"^in (?:the [a-z]-th|each) of the (?:next|following) ({_COUNT}) lines,? (?=(?:two|three|four|an?|one) )",
        r"Each of the next \1 lines contains ",
        (
            "In the j-th of the following q lines, two integers i and x (1 <= i, x <= n)",
            "Each of the next q lines contains two integers i and x (1 <= i, x <= n)",
        ),
    ),
    _r(  # "Subsequently, the description ...": no comma before "the description" (read as a comma gloss)
        "subsequently, the description of each test case follows",
        r"^subsequently,? (?=the descriptions? of (?:the |each )?test cases? follows?$)",
        r"Then ",
        ("Subsequently, the description of each test case follows", "Then the description of each test case follows"),
    ),
    _r(  # where each test case begins: the layout, no value (the lines are parsed exactly as the sentences say)
        "each test case description is on a new line",
        r"^(?:the )?(?:description of )?each test case(?:'s)?(?: description)? (?:is|starts|begins) on a new line$",
        r"Then the description of each test case follows",
        ("Each test case description is on a new line", "Then the description of each test case follows"),
    ),
    _r(  # the list's length is its line's count: a permutation of 1..count (prose_format._permutation checks the range)
        "it is guaranteed that p is a permutation of length n",
        r"^(it is guaranteed that |it's guaranteed that )((?:the (?:array|sequence) )?[A-Za-z]\w*) is a permutation"
        r" of length [A-Za-z]\w*$",
        r"\1\2 is a permutation",
        ("It is guaranteed that p is a permutation of length n", "It is guaranteed that p is a permutation"),
    ),
    _r(  # after "Then t lines contain the test cases, one per line": each line a test case (parsed exactly)
        "each of the lines contains one integer n",
        r"^each of (?:the|these) lines contains ",
        r"The only line of each test case contains ",
        (
            "Each of the lines contains one integer n (1 <= n <= 10^9)",
            "The only line of each test case contains one integer n (1 <= n <= 10^9)",
        ),
    ),
    _r(  # a noun phrase after the bounds, set off by a comma: a gloss like a dash's (no value said in it)
        "(bounds), the day on which ...",
        r"^(.*\([^()]*<=[^()]*\)),? (the (?![^.]*\b(?:exceeds?|guarantee[sd]?|distinct|different|sorted|increasing|"
        r"decreasing|unique|at most|at least|not|no|all|every|sum|equal|even|odd|prime|divisible|permutation)\b)"
        r"[a-z][a-z ,'-]*)$",
        r"\1 — \2",
        (
            "Each of the next n lines contains two integers d_i and a_i (1 <= d_i, a_i <= 10^6), the day on which the"
            " milk was acquired and the number of pints acquired",
            "Each of the next n lines contains two integers d_i and a_i (1 <= d_i, a_i <= 10^6) — the day on which the"
            " milk was acquired and the number of pints acquired",
        ),
    ),
]
# said of the whole sentence, its gloss too: the gloss names the grid the line's integers are
WHOLE = [
    _r(
        "n lines of m integers each — the matrix d",
        rf"^(each of the (?:next|following) (?:{_COUNT}) lines contains? (?:{_COUNT}) integers)(?:,? separated by (?:single |a"
        r" single )?spaces)?(?:,| —| -)? (?:describing |denoting |representing )?(?:the )?(?:matrix|grid|table) ([A-Za-z]\w*)"
        r"(?= \(|$)",
        r"\1 \2_{i,j}",
        (
            "Each of the next n-1 lines contains n integers separated by single spaces — the matrix d (0 <= d_{x,y} <= 9)",
            "Each of the next n-1 lines contains n integers d_{i,j} (0 <= d_{x,y} <= 9)",
        ),
        (
            "Each of the next n lines contains m integers, describing matrix a",
            "Each of the next n lines contains m integers a_{i,j}",
        ),
    ),
    _r(  # a gloss saying the list is a permutation, otherwise than "— the permutation p" (prose_format reads that)
        "— the elements of p, which are guaranteed to form a permutation",
        r" (—|–|--) the (?:elements|values) of ([A-Za-z]\w*),? which (?:are guaranteed to form|form|is) a permutation$",
        r" \1 the permutation \2",
        (
            "The second line contains n integers p_1, ..., p_n (1 <= p_i <= n) — the elements of p, which are"
            " guaranteed to form a permutation",
            "The second line contains n integers p_1, ..., p_n (1 <= p_i <= n) — the permutation p",
        ),
    ),
]
_DASH = re.compile(r"\s(?:—|–|--)\s")


def rewrite(sentence: str) -> str:
    """``sentence`` with every entry of :data:`WORDINGS` that matches applied, in order, to the sentence less its
    ``— gloss`` (kept as it is; a dash inside parentheses is no gloss)."""
    for entry in WHOLE:
        sentence = entry.pattern.sub(entry.form, sentence)
    dash = next((m for m in _DASH.finditer(sentence) if _closed(sentence[: m.start()])), None)
    s, gloss = (sentence[: dash.start()], sentence[dash.start() :]) if dash else (sentence, "")
    for entry in WORDINGS:
        s = entry.pattern.sub(entry.form, s)
    return s + gloss


def _closed(text: str) -> bool:
    return text.count("(") == text.count(")")


# "the initial order of the members", "in the same order they should be placed": the order the values are written
# in, no order they keep ("in increasing order", "the sorted order" keep the word: an adjective not of these)
_ARRANGEMENT = re.compile(
    r"\b(?:in )?(?:the|its|their) (?:(?:initial|given|original|same|current|input) )?order\b"
    r"(?! *(?:is|are)\b)(?:(?: of| in which| as| that| they)\b)?",
    re.I,
)


def without_arrangement(gloss: str) -> str:
    """A gloss less the words naming the order the values are written in ("— the initial order of the members
    from front to back"): no promise, where ``prose_format``'s gloss check reads the word order as one."""
    return _ARRANGEMENT.sub("", gloss)
