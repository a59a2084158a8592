"""More wordings of a Codeforces / CodeContests Input section (issue 37), read by phrasing and shape:

* :data:`REWRITES`: a sentence said otherwise, rewritten into a form ``prose_format`` reads (a rewrite
  states no more and no less than its sentence; each entry's examples are its own test);
* :func:`characters_said`: "Each character is either a lowercase Latin letter or a digit", "The strings
  only contain lowercase letters of the English alphabet": the characters of a string (or of a block of
  strings) read before without them;
* :func:`distinct_said`: "All pairs of coordinates are distinct", "All numbers in the sequence are pairwise
  distinct", "The strings are pairwise distinct": of the line read just before, its values (a list, a
  column of strings) or its rows (a block of two or more columns) distinct.

What a rewrite leads to is enforced where the form it becomes is (ranges drawn and checked, grids and
blocks parsed exactly); a sentence none of these reads is refused by ``prose_format`` as before."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from microcoder_data.testgen.prose_items import ProseLine
from microcoder_data.testgen.prose_perms import word_permutation
from microcoder_data.testgen.prose_promises import is_promise, sentences

_COUNT = r"\(?[A-Za-z]\w*(?: ?[-+*] ?(?:\d+|[A-Za-z]\w*))*\)?|\d+"
_LINES = rf"(?:the )?(?:next|following) ({_COUNT}) lines(?: of (?:each|the) test case)?"
# what announced lines describe, the words a rewrite drops: a plain noun phrase only ("the corresponding rows of
# the matrix", "n points"); an adjective ("distinct points", "a symmetric matrix") or a structure ("the edges of
# the tree") says more of the values and is kept, so the sentence is refused
_STRUCTURE = r"(?:trees?|graphs?|forests?|cycles?|paths?|polygons?|permutations?|dags?|cactus|tournaments?)\b"
_PLAIN = rf"(?!{_STRUCTURE})[a-z]+"
_FILLER = (  # a count in it is a short name or a number ("n - 1 edges"): "non-overlapping" is no count
    rf"(?:(?:the|a|an|[A-Za-z]\w?(?: ?[-+] ?\d+)?|\d+) )?(?:corresponding )?{_PLAIN}(?: of (?:the |a |an )?{_PLAIN})?"
)


@dataclass(frozen=True)
class Rewrite:
    name: str
    pattern: re.Pattern[str]
    form: str | Callable[[re.Match[str]], str]  # a replacement, or one made of the match
    examples: tuple[tuple[str, str], ...]  # (a sentence less its gloss, what it is rewritten to): the entry's test


def _r(name: str, pattern: str, form: str | Callable[[re.Match[str]], str], *examples: tuple[str, str]) -> Rewrite:
    return Rewrite(name, re.compile(pattern, re.I), form, examples)


REWRITES = [
    _r(  # "m integers a_ij each": the row's count and cells, "each" after them
        "lines contain X each",
        rf"^{_LINES} contain (\w+ (?:integers|numbers) [A-Za-z]\w*_\S+) each\b,?(.*)$",
        r"Each of the next \1 lines contains \2\3",
        (
            "The next n lines contain m integers a_ij each (1 <= a_ij <= n * m)",
            "Each of the next n lines contains m integers a_ij (1 <= a_ij <= n * m)",
        ),
    ),
    _r(  # "... m integers each, where the i-th line contains the integers A_{i,1} ..., A_{i,m}": one row said twice
        "each, where the i-th line contains",
        rf"^{_LINES},? (?:each )?contains? (\w+ (?:integers|numbers))(?: each)?,? "
        r"(?:where the i-th (?:line|of them|of which) contains|the i-th of which contains) (?:the (?:integers|numbers) )?(.+)$",
        r"Each of the next \1 lines contains \2 \3",
        (
            "The next n lines of each test case contain m integers each, where the i-th line contains the integers"
            " A_{i,1} A_{i,2}, ..., A_{i,m} (-10^9 <= A_{i,j} <= 10^9)",
            "Each of the next n lines contains m integers A_{i,1} A_{i,2}, ..., A_{i,m} (-10^9 <= A_{i,j} <= 10^9)",
        ),
        (
            "The next three lines each contain n integers, the i-th of which contains g_{i,1}, g_{i,2}, ..., g_{i,n}"
            " (-n <= g_{i,j} <= n)",
            "Each of the next 3 lines contains n integers g_{i,1}, g_{i,2}, ..., g_{i,n} (-n <= g_{i,j} <= n)",
        ),
    ),
    _r(  # the last lines of the input are its next ones (nothing may follow a block of them: parsed exactly)
        "the i-th of the last n lines",
        rf"^the i-th of the last ({_COUNT}) lines(?: of (?:each|the) test case)? contains ",
        r"Each of the next \1 lines contains ",
        ("The i-th of the last n lines contains m integers", "Each of the next n lines contains m integers"),
    ),
    _r(
        "n strings, each having a length of m",
        rf"^(?:in )?{_LINES},? (?:you(?:'re| are) given|there are) \1 strings,? each (?:having a length of|of length|with"
        rf" length) ({_COUNT})$",
        r"Each of the next \1 lines contains a string of length \2",
        (
            "In the next n lines, you're given n strings, each having a length of m",
            "Each of the next n lines contains a string of length m",
        ),
    ),
    _r(  # "In each of the next m lines, three integers u, v, and c (...) are given"
        "in each of the next m lines, X are given",
        r"^in (?:the i-th|each) of the (?:next|following) (\w+) lines,? (.+?) (?:is|are) given$",
        r"Each of the next \1 lines contains \2",
        (
            "In each of the next m lines, three integers u, v, and c (1 <= u, v <= n, c in {0, 1}) are given",
            "Each of the next m lines contains three integers u, v, and c (1 <= u, v <= n, c in {0, 1})",
        ),
    ),
    _r(
        "a string, consisting of exactly n characters",
        rf"\b(string(?: [A-Za-z]\w*)?),? (?:consisting|which consists) of (?:exactly )?({_COUNT}) (?:characters|symbols)$",
        r"\1 of length \2",
        (
            "The second line contains a string, consisting of exactly n characters",
            "The second line contains a string of length n",
        ),
        ("It contains a single string s, consisting of n characters", "It contains a single string s of length n"),
    ),
    _r(  # two totals joined otherwise than "and the sum of": prose_sentences.sum_sentences reads the two
        "the sum of n ..., similarly the sum of m ...",
        r"(\bexceeds? [^\s,]+(?: \* [^\s,]+)?)(?:,? similarly,?| and that) the sum of (?:the values of )?",
        r"\1 and the sum of ",
        (
            "the sum of n over all test cases does not exceed 10^6 and that the sum of x over all test cases does not"
            " exceed 10^6",
            "the sum of n over all test cases does not exceed 10^6 and the sum of x over all test cases does not exceed"
            " 10^6",
        ),
        (
            "the sum of n for all test cases does not exceed 2 * 10^5, similarly the sum of the values of m for all"
            " test cases does not exceed 2 * 10^5",
            "the sum of n for all test cases does not exceed 2 * 10^5 and the sum of m for all test cases does not"
            " exceed 2 * 10^5",
        ),
    ),
    _r(  # "the same bound again": a total's sentence says no more with it
        "... as well",
        r"^((?:it is guaranteed that )?the sum of .+ (?:exceeds?|exceed) \S+(?: \* \S+)?) as well$",
        r"\1",
        (
            "The sum of m for all tests cases doesn't exceed 10^6 as well",
            "The sum of m for all tests cases doesn't exceed 10^6",
        ),
    ),
    _r(
        "the sum of the values of n",
        r"\bthe sum of (?:the )?values of ([A-Za-z]\w*) (?=for|over|across|in)",
        r"the sum of \1 ",
        (
            "the sum of the values of n for all test cases does not exceed 2 * 10^5",
            "the sum of n for all test cases does not exceed 2 * 10^5",
        ),
    ),
    _r(
        "a sequence of integers a_1, ..., a_n",
        r"\b(?:an? |the )?(?:sequence|array|list) of (integers|numbers) (?=[A-Za-z]\w*_\{?1)",
        r"\1 ",
        (
            "The second line contains a sequence of integers a_1, a_2, ..., a_n (0 <= a_i <= 10^9)",
            "The second line contains integers a_1, a_2, ..., a_n (0 <= a_i <= 10^9)",
        ),
    ),
    _r(
        "two numbers which are N and M",
        r"\b((?:two|three|four) (?:numbers|integers)),? which are ",
        r"\1 ",
        ("The first line has two numbers which are N and M", "The first line has two numbers N and M"),
    ),
    _r(
        "the second line of the description is a string s consisting solely of",
        r"^the (\w+) line( of (?:the|each) (?:description|test case)|) is (an? |the )(string|integer)\b",
        r"The \1 line\2 contains \3\4",
        (
            "The second line of the description is a string s consisting of characters 'L' and 'R'",
            "The second line of the description contains a string s consisting of characters 'L' and 'R'",
        ),
        ("The first line is an integer n (1 <= n <= 9)", "The first line contains an integer n (1 <= n <= 9)"),
    ),
    _r(
        "consisting solely / exclusively of",
        r"\b(consisting|consists) (?:solely|exclusively|only) of\b",
        r"\1 of",
        ("a string s consisting solely of characters 'L' and 'R'", "a string s consisting of characters 'L' and 'R'"),
    ),
    _r(
        "the next n lines describe dishes, the i-th of them contains",
        rf"^{_LINES} describe {_FILLER}, (?:the i-th of them|each of them|each) contains? ",
        r"Each of the next \1 lines contains ",
        (
            "The next n lines describe dishes, the i-th of them contains two integers a_i and b_i",
            "Each of the next n lines contains two integers a_i and b_i",
        ),
    ),
    _r(
        "a pair of integers",
        r"\b(contains?|containing) a pair of (integers|numbers) ",
        r"\1 two \2 ",
        ("contains a pair of integers a_i and b_i", "contains two integers a_i and b_i"),
    ),
    _r(
        "then there is a line containing ... separated by a space",
        r"^then there is a line containing (.+?)(?:,? separated by (?:a single |a )?spaces?)?$",
        r"The next line contains \1",
        (
            "Then there is a line containing integers m and n (2 <= n) separated by a space",
            "The next line contains integers m and n (2 <= n)",
        ),
    ),
    _r(  # lines announced, what each holds in the sentence after ("The i-th line contains ..."): their count pending
        "the next n lines describe the rows",
        rf"^(?:the )?(?:next|following) ({_COUNT}) lines(?: of (?:each|the) test case)? (?:describe|contains? (?:the )?"
        rf"(?:descriptions? of|edges of)) {_FILLER}$",
        r"Then \1 lines follow",
        ("The next n lines describe the corresponding rows of the matrix", "Then n lines follow"),
        ("Next n - 1 lines contains description of edges", "Then n - 1 lines follow"),
        ("The next n lines contain the descriptions of the rectangles", "Then n lines follow"),
    ),
    _r(  # bounds set apart after a line: constraint lines like a guarantee's (read and enforced, or refused)
        "(-10^9 <= X_i, Y_i <= 10^9) as a sentence",
        r"^\(((?:[^()]|\([^()]*\))*(?:<=|>=|!=|<|>)(?:[^()]|\([^()]*\))*)\)$",
        r"It is guaranteed that \1",
        (
            "(-10^9 <= X_i, Y_i <= 10^9, (X_i, Y_i) != (X_j, Y_j) for i != j)",
            "It is guaranteed that -10^9 <= X_i, Y_i <= 10^9, (X_i, Y_i) != (X_j, Y_j) for i != j",
        ),
    ),
    _r(  # the values not named: the sentence after names them ("The i-th line contains integers X_i and Y_i")
        "each of the next n lines contains two integers.",
        rf"^(?:each of the (?:next|following) ({_COUNT}) lines contains?|(?:the )?(?:next|following) ({_COUNT}) lines each"
        rf" contain) (?:two|three|four|several|[2-9]) (?:integers|numbers)(?:,? describing {_FILLER})?$",
        r"Then \1\2 lines follow",
        ("Each of the next N lines contains two integers", "Then N lines follow"),
        ("The following m lines each contain two integers, describing the tests", "Then m lines follow"),
    ),
    _r(
        "then follow n - 1 lines indicating the events",
        rf"^then follow ({_COUNT}) lines,? (?:indicating|describing|containing) {_FILLER}$",
        r"Then \1 lines follow",
        ("Then follow n-1 lines indicating the events", "Then n-1 lines follow"),
    ),
    _r(
        "a string s follows on the second line",
        r"^(an? .+?) follows on the (\w+) line(?: of (?:the )?input)?(, .+)?$",
        r"The \2 line contains \1\3",
        ("a string s of length n follows on the second line", "The second line contains a string s of length n"),
    ),
    _r(
        "containing only 'U' and 'D'",
        r",? containing only ((?:'.'|\".\")(?:(?:,| and| or) (?:'.'|\".\"))+)",
        r" consisting of \1",
        ('A string s of length n, containing only "U" and "D"', "A string s of length n consisting of 'U' and 'D'"),
    ),
    _r(  # a participle gloss after a comma, outside parentheses: a gloss like any other (kept where it says more)
        ", representing that",
        r"^([^—()]*(?:\([^()]*\)[^—()]*)*?), (representing|denoting|indicating) that ",
        r"\1 — \2 that ",
        (
            "A string s consisting of 'U' and 'D', representing that each coin is facing up",
            "A string s consisting of 'U' and 'D' — representing that each coin is facing up",
        ),
    ),
    _r(  # "(1 <= |s| <= 10, and s consists only of ...)": one more range of the line
        "(..., and s consists of ...)",
        r"(\([^()]*), and ([A-Za-z]\w*) (consists?|contains?) ",
        r"\1, \2 \3 ",
        (
            "a string s (1 <= |s| <= 10, and s consists of 0 and 1)",
            "a string s (1 <= |s| <= 10, s consists of 0 and 1)",
        ),
    ),
    _r(  # what a character means: read (or refused) as "If the character is ..." is
        "if the j-th character of the i-th line is",
        r"^(if|when) the (?:[\w-]+ )?(character|symbol|digit)(?: (?:of|in|on) (?:the )?[\w-]+ (?:line|row|string|column))+ is ",
        r"\1 the \2 is ",
        (
            "If the j-th character of i-th line is 0, block A_{i,j} is an empty block",
            "If the character is 0, block A_{i,j} is an empty block",
        ),
    ),
    _r(  # "n (1 <= n <= 2 * 10^5) integers a_1, ...": the count's range moved to the line's
        "n (bounds) integers",
        r"^(.* contains (?:the )?)([A-Za-z]\w*) \(([^()]*<=[^()]*)\) ((?:integers|numbers) .+?)(?: \(([^()]*)\))?$",
        r"\1\2 \4 (\3, \5)",
        (
            "The second line contains n (1 <= n <= 2 * 10^5) integers a_1, a_2,..., a_n (1 <= a_i <= 10^6)",
            "The second line contains n integers a_1, a_2,..., a_n (1 <= n <= 2 * 10^5, 1 <= a_i <= 10^6)",
        ),
    ),
    _r(  # the list's values distinct, said again in parentheses after its "where" gloss: one more range of the line
        "(bounds), where a_i is ... (for different indexes i != j, it must be a_i != a_j)",
        r"\(([^()]*<=[^()]*)\)(,? where [^()]+?) \(for (?:all |any )?(?:different|distinct) ind(?:ices|exes) i ?!= ?j, (?:it must be |we have )?([A-Za-z]\w*)_\{?i\}? ?!= ?\3_\{?j\}?\)$",
        r"(\1, \3_i != \3_j for i != j)\2",
        (
            "a_1, ..., a_n (1 <= a_i <= 9), where a_i is a cost (for distinct indices i != j, a_i != a_j)",
            "a_1, ..., a_n (1 <= a_i <= 9, a_i != a_j for i != j), where a_i is a cost",
        ),
    ),
    _r(  # each of the word's characters once: its length, its characters, no two the same (drawn so, checked)
        "a string T that is a permutation of the string abc",
        r"\b(string ([A-Za-z]\w*)),? (?:that|which) is a permutation of (?:the (?:string|word) )?([a-z0-9]{2,})$",
        word_permutation,
        (
            "The second line contains a string T that is a permutation of the string abc",
            "The second line contains a string T of length 3 (|T| = 3, T_i != T_j for i != j) consisting of"
            " characters a, b and c",
        ),
    ),
    _r(  # what the line said, said again: "(Hence, |T| = 3)" -- read as a guarantee like any other (checked)
        "(hence, |T| = 3)",
        r"^\((?:hence|thus|so|therefore),? (\|[A-Za-z]\w*\| = \d+)\)$",
        r"It is guaranteed that \1",
        ("(Hence, |T| = 3)", "It is guaranteed that |T| = 3"),
    ),
    _r(  # "one even integer n (4 <= n <= 10^5)": the parity one more range (read as "n is even", drawn so)
        "an even integer n",
        r"^(.* contains (?:a single |one |an |the )?)(even|odd) (integer|number) ([A-Za-z]\w*) \(([^()]*)\)$",
        r"\1\3 \4 (\5, \4 is \2)",
        (
            "The first line of each test case contains one even integer n (4 <= n <= 10^5)",
            "The first line of each test case contains one integer n (4 <= n <= 10^5, n is even)",
        ),
    ),
    _r(  # after "Then t lines contain the test cases, one per line": each case's one line (else refused as placed)
        "each of the lines contains",
        r"^each of the lines contains ",
        "The only line of each test case contains ",
        (
            "Each of the lines contains one integer n (1 <= n <= 10^9)",
            "The only line of each test case contains one integer n (1 <= n <= 10^9)",
        ),
    ),
    _r(  # "In the j-th of the following q lines, two integers i and x (...)": a block, its row said plainly
        "in the j-th of the next lines, X",
        rf"^in (?:the [a-z]-th|each) of {_LINES}, ((?:one|two|three|four|an?) (?:integers?|numbers?) "
        r"(?:(?!\b(?:is|are) given\b).)+)$",
        r"Each of the next \1 lines contains \2",
        (
            "In the j-th of the following q lines, two integers i and x (1 <= i, x <= n)",
            "Each of the next q lines contains two integers i and x (1 <= i, x <= n)",
        ),
    ),
]


_DASH = re.compile(r"\s(?:—|–|--)\s")


_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}


def rewrite(sentence: str) -> str:
    """``sentence`` with every rewrite of :data:`REWRITES` that matches applied, in order, to the
    sentence less its ``— gloss`` (kept as it is)."""
    dash = next((m for m in _DASH.finditer(sentence) if _closed(sentence[: m.start()])), None)
    s, gloss = (sentence[: dash.start()], sentence[dash.start() :]) if dash else (sentence, "")
    s = re.sub(r"\{(\d+)\}(?=\^)", r"\1", s)  # 2 * {10}^5
    s = re.sub(r"\(([A-Za-z]\w* ?[-+] ?\d+)\) (lines|integers)\b", r"\1 \2", s)  # (n + 1) lines
    s = re.sub(r"⌊\s*([^⌊⌋]+?)\s*⌋", lambda f: f"floor({f[1]})", s)  # ⌊n/2⌋
    s = re.sub(r"\b([A-Za-z]\w*) ?= ?0 ?/ ?1\b", r"0 <= \1 <= 1", s)  # c = 0/1
    s = re.sub(r"(['\"].['\"])-s\b", r"\1", s)  # "?"-s: the character
    s = re.sub(r"(?<![\w\"'])\"([^\"\w\s]|\w)\"(?![\w\"'])", r"'\1'", s)  # "U": a character, quoted as 'U'
    s = re.sub(r",? where \|(\w+)\| (?:denotes|is) the length of (?:the )?(?:string )?\1$", "", s)  # |x|: as read
    s = re.sub(r"^An? (?=.+ follows on the \w+ line\b)", lambda a: a[0].lower(), s)  # moved after "contains"
    s = re.sub(  # the next three lines: a count the block reads
        r"\b(next|following|last) (two|three|four|five|six) lines\b",
        lambda w: f"{w[1]} {_WORDS[w[2].lower()]} lines",
        s,
    )
    for entry in REWRITES:
        s = entry.pattern.sub(entry.form, s)
    s = re.sub(r", \)$", ")", s)  # "(bounds, )": the count's range and no other
    return re.sub(r"\(([^()]*?)(, [A-Za-z]\w* is (?:even|odd))\2\)", r"(\1\2)", s) + gloss


def _closed(text: str) -> bool:
    return text.count("(") == text.count(")")


_CHARACTERS = re.compile(
    r"(?:it is (?:also )?guaranteed(?: that)? |it's (?:also )?guaranteed that )?(?:the (?:given )?(string|strings) )?"
    r"((?!only\b)[A-Za-z]\w*)? ?(?:only )?(?:consists?|contains?) (?:only )?(?:of )?(?:the )?(?:characters )?(.+)"
    r"|(?:it is guaranteed that )?each (?:character|symbol|letter)(?: of (?:the (?:string|strings) ?)?([A-Za-z]\w*)?)?"
    r" is (?:either )?(.+)",
    re.I,
)
_ONE_CLASS = {  # a character's class, said of one character, as the classes of a string's characters
    r"an? (lowercase|uppercase|lower-case|upper-case)(?: (?:latin|english))? letter": r"\1 English letters",
    r"an? (?:latin |english )?letter": "English letters",
    r"an? (?:decimal )?digit": "digits",
    r"an? (\d)": r"'\1'",  # "either a 0 or a 1"
}


def _one_class(part: str) -> str | None:
    """ "a lowercase Latin letter" -> "lowercase English letters", "'#'" as it is; None for anything else."""
    if re.fullmatch(r"'.'|\".\"", part):
        return part
    return next((re.sub(k, v, part, flags=re.I) for k, v in _ONE_CLASS.items() if re.fullmatch(k, part, re.I)), None)


def characters_said(s: str, names: list[str], last: str | None = None) -> tuple[str, str] | None:
    """ "The string s consists of lowercase English letters", "It's guaranteed that s only contains characters
    0, 1 and ?", "The strings only contain lowercase letters of the English alphabet", "Each character is
    either a lowercase Latin letter or a digit", "Each character is either '.' or '#'": (the string, of
    ``names`` whose characters are still to be said -- where the sentence names none, ``last``, the line read
    last (None where its characters were said: not another string's); its characters as "consists of" words),
    or None."""
    listed = re.fullmatch(r"\(?([A-Za-z]\w*)_\{?i\}? in \{([^{}]*)\}\)?", s.strip().rstrip("."))  # (a_i in {'W','C'})
    items = [x.strip() for x in listed[2].split(",")] if listed else []
    if listed and listed[1] in names and items and all(re.fullmatch(r"'.'|\".\"|\w", x) for x in items):
        chars = [x.strip("'\"") for x in items]
        return listed[1], ", ".join(chars[:-1]) + " and " + chars[-1] if len(chars) > 1 else chars[0]
    m = _CHARACTERS.fullmatch(s.strip())
    if not m:
        return None
    named, said = (m.group(2), m.group(3)) if m.group(3) is not None else (m.group(4), m.group(5))
    named = None if (named or "").lower() == "it" else named  # "It is guaranteed that it consists of ...": the last
    if not named and m.group(3) is not None and not (m.group(1) or re.match(r"it\b", s, re.I)):
        return None  # "x contains ..." of no string named, said of nothing read
    name = named or (names[-1] if last is None else last)
    name = f"{name}_i" if f"{name}_i" in names else name  # of a block of strings: each row's
    if name not in names:
        return None
    if m.group(5) is not None:  # of one character: "a lowercase Latin letter or a digit"
        parts = re.split(r",? or |, ", said.strip())
        classes = [_one_class(p) for p in parts]
        if any(c is None for c in classes):
            return None
        said = ", ".join(classes[:-1]) + " and " + classes[-1] if len(classes) > 1 else classes[0]
    said = re.sub(
        r"\b(lowercase|uppercase) (?:latin |english )?letters of the (?:latin|english) alphabet\b",
        r"\1 English letters",
        said,
        flags=re.I,
    )
    said = re.sub(r"\b(lowercase|uppercase) Latin letters\b", r"\1 English letters", said, flags=re.I)
    said = re.sub(r"(?<![\w'\"])([^\w\s,'\"])(?![\w'\"])", r"'\1'", said)  # - and *: '-' and '*'
    return name, said


_DISTINCT = re.compile(
    r"(?:it is (?:also )?guaranteed that |it's guaranteed that )?(?:all )?(?:the )?(?:given )?(\w+)(?: of (\w+))?"
    r"(?: (?:in|of) the (?:sequence|array|list))? are (?:pairwise |all )?(?:distinct|different)",
    re.I,
)
_NOUNS_OF = {  # what a sentence may call the values of the line just read: one value each, or a row's pair
    "one": {"numbers", "integers", "values", "elements"},
    "string": {"strings", "words", "names"},
    "pair": {"pairs", "points", "coordinates"},
}


def distinct_said(s: str, lines: list[ProseLine]) -> str | None:
    """ "The strings are pairwise distinct", "All numbers in the sequence are pairwise distinct", "All pairs of
    coordinates are distinct": of the line read just before (the last of ``lines``), its values distinct (a list,
    a column of strings or numbers) or its rows (a block of two columns), as a constraint line; None where the
    sentence is not this, its noun is not what the line holds, or another line holds it too ("all points", "all
    numbers in the input" may be of every such line: not read)."""
    m = _DISTINCT.fullmatch(s.strip())
    line = lines[-1] if lines else None
    if not m or line is None or line.count is None or line.width:
        return None
    noun = m.group(1).lower() if m.group(2) is None or m.group(1).lower() != "pairs" else "pairs"
    if len(line.names) == 2 and line.block and noun in _NOUNS_OF["pair"]:
        a, b = line.names
        others = [x for x in lines[:-1] if x.block and len(x.names) == 2 and x.count is not None]
        return None if others else f"({a}_i, {b}_i) != ({a}_j, {b}_j) if i != j"
    kind = "string" if line.string else "one"
    same = [x for x in lines[:-1] if x.count is not None and bool(x.string) == bool(line.string) and not x.width]
    if len(line.names) == 1 and noun in _NOUNS_OF[kind] and m.group(2) is None and not same:
        return f"all values of {line.names[0]} are distinct"
    return None


def read_of_the_list(told: str, line: object, constraints: list[str], others: set[str]) -> str:
    """``told`` less the words that say what was read of the input's one list (``line``: distinct, its order),
    in sentences that name no other input variable (``x and y are distinct`` stays: it is not read) but as
    the list's count ("a_1, ..., a_n consisting of n pairwise distinct integers")."""
    name, count = getattr(line, "names")[0], getattr(line, "count", None) or ""
    as_count = re.compile(rf"\b{re.escape(count)} (?=(?:pairwise )?(?:distinct|different)\b)")
    words = []
    if f"all values of {name} are distinct" in constraints:
        words.append(r"(?:pairwise )?distinct")
    order = next((c.split(" is sorted in ")[1] for c in constraints if c.startswith(f"{name} is sorted in ")), None)
    words += {
        "strictly increasing order": [r"sorted", r"(?:strictly )?increasing"],
        "non-decreasing order": [r"sorted", r"non-decreasing"],
    }.get(order or "", [])
    if not words:
        return told
    other = re.compile(rf"\b(?:{'|'.join(map(re.escape, sorted(others)))})\b") if others else None
    return "".join(
        part
        if other and other.search(as_count.sub("", part))
        else re.sub(rf"\b(?:{'|'.join(words)})\b", "", part, flags=re.I)
        for part in re.split(r"(?<=[.!?])(\s+)", told)
    )


_PARITY = re.compile(
    r"(?:by good fortune|luckily|note that|also),? (?:it is guaranteed that )?(?:all|each|every)(?: of)? (?:the )?"
    r"([A-Za-z][A-Za-z0-9]*)_\{?i\}? (?:is|are) (?:all )?(even|odd)(?: (?:integers?|numbers?))?"
    r"|(?:it is guaranteed that )?(?:all|each|every)(?: of)? (?:the )?"
    r"([A-Za-z][A-Za-z0-9]*)_\{?i\}? (?:is|are) (?:all )?(even|odd)(?: (?:integers?|numbers?))?",
    re.I,
)


def parity_said(s: str, lists: set[str]) -> str | None:
    """ "By good fortune, all w_i are even integers", "Each a_i is odd": of a list (or a block's column) of
    ``lists``, every value's parity, as the constraint line ``w_i is even`` (drawn as multiples, checked);
    None for any other sentence."""
    m = _PARITY.fullmatch(s.strip().rstrip("."))
    name, parity = (m.group(1), m.group(2)) if m and m.group(1) else (m.group(3), m.group(4)) if m else (None, None)
    return f"{name}_i is {parity.lower()}" if name in lists and parity else None


UNBOUNDED_CASES = "10"  # the most test cases drawn where the statement sets no upper bound (any count it allows)


def unbounded_count(bounds: str, name: str) -> str:
    """ "t >= 1" of the count of test cases, no upper bound stated: ``1 <= t <= 10`` (every count drawn is one
    the statement allows; "t >= 20": ``20 <= t <= 20``); any other bounds as they are."""
    m = re.fullmatch(rf"{re.escape(name)} ?>= ?(\d+)|(\d+) ?<= ?{re.escape(name)}", bounds)
    low = m and (m[1] or m[2])
    return f"{low} <= {name} <= {max(int(low), int(UNBOUNDED_CASES))}" if low else bounds


BLANK_BEFORE = re.compile(  # "Each test case is preceded by an empty line"
    r"(?:each test case's description|each test case|the description of each test case) is preceded by"
    r" (?:a blank|an empty) line|(?:a blank|an empty) line is written (?:before|in front of) each test (?:case|suite)"
    r"|there is (?:a blank|an empty) line before each test case",
    re.I,
)


def counted_by_noun(s: str, gloss: str, lines: list[ProseLine]) -> str:
    """ "The (i + 1)-th line of each test case contains two integers x_i and y_i — the coordinates of the i-th
    point", right after a first line glossed "— the number of points and ...": a block of that many lines (the
    name whose gloss part is "the number of points", no other part naming points), as "Each of the next n lines
    contains ..."; ``s`` otherwise."""
    m = re.fullmatch(r"the \(i ?\+ ?1\)-th line(?: of (?:each|the) test case)? contains (.+)", s, re.I)
    noun = re.search(r"\bthe i-th ([a-z]+)\b", gloss)
    if not m or not noun or len(lines) != 1 or lines[0].count is not None or lines[0].string:
        return s
    parts = [p.strip() for p in re.split(r",? and |, ", lines[0].gloss) if p.strip()]
    said = [n for n, p in zip(lines[0].names, parts) if re.fullmatch(rf"the number of {noun[1]}s", p, re.I)]
    many = [p for p in parts if re.search(rf"\b{noun[1]}s?\b", p, re.I)]  # "the maximum number of points to pick"
    one = len(parts) == len(lines[0].names) and len(said) == len(many) == 1  # the one part naming the noun counts it
    return f"Each of the next {said[0]} lines contains {m[1]}" if one else s


def units_as_cases(section: str) -> str:
    """ "The first line contains one integer t (...) — the number of games ... Each game is described by one number
    n (...)" (or "by two lines", lines then described): the games are the test cases, said so ("the number of
    test cases", "Each test case contains" / "consists of two lines")."""
    m = re.search(r"^\s*[^\n]*?(?:—|–|--) the number of ([a-z]+)s\b", section)  # of the first line
    unit = m and re.sub(r"ie$", "y", m[1])  # "melodies": a melody
    each = m and re.search(
        rf"\bEach {unit} is described by (?=(?:one|a single) (?:number|integer)\b|(one|two|three|four) lines\b)",
        section,
    )
    if not m or not each or m[1] in ("test", "case", "line", "query", "querie"):
        return section
    section = section[: m.start(1)] + "test case" + section[m.end(1) :]
    said = "Each test case consists of " if each[1] else "Each test case contains "  # "by two lines": its lines follow
    return re.sub(rf"\bEach {unit} is described by ", said, section, count=1)


def parity_promise(told: str, names: list[str]) -> str | None:
    """ "n is even", "a_i are prime", "k is divisible by 3" of an input variable, in a sentence of the story that
    may promise (``prose_promises.is_promise``: not a definition nor the task's "X wants to count s, where s is
    divisible by 25"): the words, else None."""
    said = re.compile(
        rf"\b(?:{'|'.join(map(re.escape, names))})(?:_\{{?i\}}?)? (?:is|are) (?:always )?(?:an? )?"
        r"(?:even|odd|prime|divisible|power|multiple)\b"
    )
    found = (said.search(x) for x in sentences(told) if is_promise(x, set(names)))
    return next((m.group(0) for m in found if m), None)
