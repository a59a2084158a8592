"""Text helpers shared by Process and Filter: stripping non-prose parts, word streams."""

from __future__ import annotations

import re
import unicodedata

_FENCE = re.compile(r"```.*?(?:```|\Z)", re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_DISPLAY_MATH = re.compile(r"\$\$.*?\$\$", re.S)
_INLINE_MATH = re.compile(r"\$[^$\n]{0,400}\$")
_LATEX_PAREN = re.compile(r"\\\(.*?\\\)|\\\[.*?\\\]", re.S)
_SAMPLE_HEAD = re.compile(
    r"^\s*(?:#+\s*)?(?:\*\*)?\s*(sample\s+(?:input|output)|example(?:\s+\d+)?|input|output|explanation)\b.*$",
    re.I,
)
_IO_LINE = re.compile(r"^\s*(?:input|output)\s*:", re.I)
_CODE_LINE = re.compile(
    r"^\s*(?:def |class |import |from \S+ import |return\b|for .* in .*:|if .*:$|while .*:$|@\w|#include|"
    r"public |private |int main|print\(|[A-Za-z_]\w*(?:\[[^\]]*\])?\s*=[^=])"
)
_QUOTES = re.compile(r'"""|\'\'\'')
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.U)
_TOKEN = re.compile(r"\w+", re.U)


def strip_non_prose(text: str) -> str:
    """Drop code, math and sample I/O, keeping the prose a language detector should see."""
    text = _FENCE.sub(" ", text)
    text = _DISPLAY_MATH.sub(" ", text)
    text = _LATEX_PAREN.sub(" ", text)
    text = _INLINE_MATH.sub(" ", text)
    text = _INLINE_CODE.sub(" ", text)
    text = _QUOTES.sub(" ", text)
    kept: list[str] = []
    in_sample = False
    in_doctest = False
    for line in text.splitlines():
        s = line.strip()
        if not s:
            in_sample = in_doctest = False
            continue
        if s.startswith(">>>") or s.startswith("..."):
            in_doctest = True  # doctest call and, below, its output
            continue
        if in_doctest or _CODE_LINE.match(s):
            continue
        if _SAMPLE_HEAD.match(s) and len(s) < 40:
            in_sample = True  # heading of a sample block: skip it and the block
            continue
        if in_sample or _IO_LINE.match(s):
            continue
        letters = sum(ch.isalpha() for ch in s)
        if letters < 0.5 * len(s.replace(" ", "")):
            continue  # mostly numbers / symbols
        kept.append(s)
    return " ".join(kept)


def words(text: str) -> list[str]:
    """Lower-cased alphabetic words (unicode aware)."""
    return [w.lower() for w in _WORD.findall(text)]


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens including numbers (for shingles / n-grams)."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    return _TOKEN.findall(text.lower())


# the most frequent English function words: a cheap, safe "clearly English" test
ENGLISH_STOPWORDS = frozenset(
    "the of and to a in is that for it as with be on are this by an or from at which given you your each "
    "if not all can will there their return number integer array string find print output input two first "
    "one than of then such".split()
)


def english_stopword_ratio(prose: str) -> tuple[int, float]:
    ws = words(prose)
    if not ws:
        return 0, 0.0
    hits = sum(1 for w in ws if w in ENGLISH_STOPWORDS)
    return hits, hits / len(ws)
