"""The input format as Codeforces, CodeContests, TACO and APPS state it: in prose, in the
statement's Input section, ranges inline::

    The first line contains a single integer t (1 <= t <= 10^4) — the number of test cases.
    The first line of each test case contains two integers n and k (1 <= k <= n <= 2*10^5).
    The second line of each test case contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 10^9).
    The third line of each test case contains a string s of length n consisting of characters B and W.
    It is guaranteed that the sum of n over all test cases does not exceed 2*10^5.

:func:`read_prose` reads the shapes above -- an optional count of test cases, then lines
of named integers, a line of a list of integers, a line holding one string -- into a
:class:`ProseInput`: the lines of the input (or of one test case), the statement's ranges
as constraint lines in AtCoder's notation (read on by ``stdin_format``'s reader), and the
totals over all test cases.  Every sentence of the Input section must be one of these, a
sentence that says nothing of the values ("The description of the test cases follows."),
or the reading is refused with the sentence; a range the story states of an input
variable ("a number k (2 <= k <= 5)") is read as a constraint like the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from microcoder_data.testgen.graph_readings import gloss_without_tree, prose_tree, told_without_tree
from microcoder_data.testgen.prose_families import (
    BLANK_BEFORE,
    counted_by_noun,
    characters_said,
    distinct_said,
    parity_promise,
    parity_said,
    read_of_the_list,
    unbounded_count,
    units_as_cases,
)
from microcoder_data.testgen.prose_graph_sentences import graph_said, told_without_graph, where_graph
from microcoder_data.testgen.parent_trees import parents_line, parents_said
from microcoder_data.testgen.prose_items import (
    ProseLine,
    read_grid,
    read_list,
    read_string,
    read_string_rows,
    split_bounds,
)
from microcoder_data.testgen.prose_items import ranges as _ranges
from microcoder_data.testgen.prose_heads import elements_counted, ith_named, typed_names, typed_row
from microcoder_data.testgen.prose_gloss_words import harmless_said, hidden_leak, length_glossed, permission_said
from microcoder_data.testgen.prose_glosses import after_ranges, index_range_said, scalars_named, without_direction
from microcoder_data.testgen.prose_perms import PERMUTATION, PERMUTATION_WORD, of_story, permutation, permutation_gloss
from microcoder_data.testgen.prose_perms import unusual_definition, usual_permutation_words
from microcoder_data.testgen.prose_joined import own_ranges, product_said, said_of_each
from microcoder_data.testgen.prose_joined import product_ranges, several_strings, split_two_lines
from microcoder_data.testgen.prose_story import story_readings
from microcoder_data.testgen.prose_story import story_ranges as _story_ranges
from microcoder_data.testgen.prose_promises import split_sentences, story_promise, told_without_parents
from microcoder_data.testgen.prose_refusals import a_meaning, count_bounded_elsewhere, lists_of
from microcoder_data.testgen.prose_sentences import (
    noun_phrases,
    rephrase,
    subscripted_scalars,
    split_bullets,
    sum_sentences,
)
from microcoder_data.testgen.spec_model import _Unsupported
from microcoder_eval.statement_text import heading_of, unicode_operators, without_footnote_marks

CASES = "cases"  # the variable holding the test cases: one list of values per case

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
_COUNTS = {
    "a single": 1,
    "one": 1,
    "a": 1,
    "an": 1,
    "the": 0,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
}
_NAME = r"[A-Za-z][A-Za-z0-9]*"
_NAMES = rf"{_NAME}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_NAME})*"
_COMPARISON = re.compile(r"<=|>=|!=|<|>")
_LINE = re.compile(
    r"^(?:the |a )?(first|second|third|fourth|fifth|sixth|next|following|only|single|first and only|last|final) line"
    r"(?: of (?:the description of )?(?:each|every|the) test case(?: description)?| of (?:the )?input(?: data)?"
    r"| of each test)?"
    r" (?:contains|consists of|has) (.+)$",
    re.I,
)
_SCALARS = re.compile(
    rf"^(?:(a single|one|two|three|four|five|six|seven|an?|the|the single|the only|only one) )?"
    rf"(?:(?:positive|non-negative|space[- ]separated) )*(?:integers?|numbers?|integer numbers),?:? ({_NAMES})$",
    re.I,
)
_TOTAL = re.compile(
    r"^(?:similarly,? |additional constraint on the input: )?(?:it is (?:also )?guaranteed (?:that )?|it's (?:also )?guaranteed (?:that )?)?"
    r"(?:the )?sum of (.+?) (?:over|for|across|in) all (?:the )?(?:test cases|tests)"
    r"(?: in (?:the|one) test| in the input)?(?: respectively)? (?:does not exceed|doesn't exceed|do not exceed|don't exceed|is at most|"
    r"is not greater than|will not exceed|<=) (.+)$",
    re.I,
)
_SAYS_NOTHING = re.compile(  # sentences about the layout that state no value
    r"^(?:each test (?:contains|consists of) (?:multiple|several|one or more) test cases"
    r"|(?:then |subsequently,? )?(?:the )?descriptions? of (?:the |each )?test cases? follows?"
    r"|the following descriptions are for the test cases|this is followed by their descriptions?"
    r"|there are (?:multiple|several) test cases|this is followed by t lines, each containing a description of one test case"
    r"|then t lines contain the test cases, one per line"
    r"|here \|\w+\| denotes the length of (?:the )?(?:string )?\w+|next,? \w+ (?:test )?cases follow"
    r"|then follows? (?:the )?descriptions? of (?:the )?test cases"
    r"|(?:then|next) (?:\w+ )?(?:test )?cases follow"
    r"|then follows? their descriptions?"
    r"|(?:then |this is |it is )?followed by (?:an? |the )?descriptions? of (?:the )?test cases"
    r"|each test case is described (?:by|in) (?:one|two|three|four) lines?:?"
    r"|then (?:the )?descriptions? of \w+ test cases follow"
    r"|the following lines describe the test cases"
    r"|the following (?:lines contain|are) the descriptions of the test cases"
    r"|the next \w+(?: \* \w+)? lines contain (?:the )?descriptions? of (?:the )?test cases"
    r"|the input consists of (?:multiple|several) test cases"
    r"|each test case is described as follows:?|for each test case:"
    r"|(?:the )?description of each test case consists of (?:one|two|three|four) lines?:?"
    r"|each test case consists of (?:one|two|three|four|\d) lines?:?"
    r"|note that there is no limit on the sum of \S+ (?:across|over|for) all test cases)$",  # lifts one: no value
    re.I,
)


@dataclass
class ProseInput:
    lines: list[ProseLine]  # the input's lines, or one test case's
    constraints: list[str]  # ranges and alphabets in AtCoder's notation, over the lines' names
    cases: str | None = None  # the count of test cases (``t``), None for one case per input
    cases_range: tuple[str, str] | None = None  # its bounds as written ("1", "10^4")
    totals: list[tuple[list[list[str]], str]] = field(default_factory=list)  # (terms added, bound) over all cases
    pending: str | None = None  # "Then q lines follow.": the count of the lines the next sentence describes
    story: str = ""  # the statement without its Input section (its promises are still to be refused)
    glosses: list[str] = field(default_factory=list)  # the "— the number of ..." of the input's sentences
    perms: list[str] = field(default_factory=list)  # lists a gloss calls "the permutation" (read as one)
    unstated: list[tuple[str, str]] = field(default_factory=list)  # strings whose characters are still to be said
    blank: bool = False  # "Each test case is preceded by a blank line": written so, read with or without it
    parents: re.Match[str] | None = None  # "Vertex 1 is the root": a list of parents is a tree (parent_trees)

    @property
    def strings(self) -> set[str]:
        return {n for line in self.lines if line.string for n in line.names}


def input_section(statement: str) -> tuple[list[str], str] | None:
    """(the lines of the statement's first Input section, the statement without it), or None."""
    rows = statement.splitlines()
    start = next((k for k, row in enumerate(rows) if _heading(row) == "Input"), None)
    if start is None:
        return None
    end = next((k for k in range(start + 1, len(rows)) if _heading(rows[k])), len(rows))
    return rows[start + 1 : end], "\n".join(rows[:start] + rows[end:])


def read_prose(statement: str) -> ProseInput:
    """The Input section's reading (raises ``_Unsupported`` with the sentence not understood)."""
    found = input_section(statement)
    if found is None:
        raise _Unsupported(
            "no input format block ('in the following format:') nor an Input section in the statement", kind="no_format"
        )
    text, story = subscripted_scalars(units_as_cases("\n".join(found[0])), found[1])  # x_1, y_1: names x1, y1
    section = text.split("\n")
    reading = ProseInput([], [], story=story)
    in_case = False
    for sentence in _sentences(section):
        in_case = _read_sentence(sentence, reading, in_case)
    for name, line in reading.unstated:  # "The second line contains the string s of length n." and nothing more
        if not any(c.startswith(f"{name} consists of ") for c in reading.constraints):
            raise _Unsupported(f"the characters of a string not stated: {line!r}", kind="unsupported_format", line=line)
    reading.constraints += product_ranges(reading.constraints, reading.lines)  # 1 <= n * m <= X of sizes
    if reading.parents:
        counts = {ln.names[0]: ln.count for ln in reading.lines if ln.count and not (ln.block or ln.string)}
        reading.constraints.append(parents_line(reading.parents, counts, reading.constraints, reading.glosses))
    if not reading.lines or reading.pending:
        raise _Unsupported(
            "the Input section states no line of the input, or lines it does not describe", kind="no_format"
        )
    names = [n for line in reading.lines for n in line.names]
    if len(set(names)) != len(names) or CASES in names or reading.cases in names:
        raise _Unsupported("a variable appears twice in the Input section", kind="unsupported_format")
    length_glossed(reading.lines, reading.constraints)  # "n — the length of both strings": their length is n
    hidden = hidden_leak(reading.glosses, names)  # a bound on a hidden array's values, the input's after all
    if hidden is not None:
        raise _Unsupported(f"a gloss bounds the values of an input: {hidden!r}", kind="unsupported_format", line=hidden)
    totals = {(t[0][0], b.replace(" ", "")) for t, b in reading.totals if len(t) == 1 and len(t[0]) == 1}
    perm = lambda *a: of_story(reading, *a)  # noqa: E731
    normal = _normal(story)
    story, said = story_readings(normal, reading.lines, totals, perm, list(reading.constraints))
    reading.story = story if story != normal else reading.story  # less the sentences read
    reading.constraints += said + _story_ranges(_normal(story), set(names))
    glosses = [re.sub(r"\bnumber of (?:distinct|different)\b", "number of", g) for g in reading.glosses]  # a count
    lists = [line for line in reading.lines if line.count is not None]
    told = _normal(_without_output(story))
    if lists and all(line.names[0] in reading.perms for line in lists):  # each list read as a permutation
        glosses, told = [PERMUTATION_WORD.sub("", g) for g in glosses], usual_permutation_words(told, reading.perms)
    told = told_without_tree(told + "\n\n" + "\n\n".join(glosses), reading.constraints)
    told = told_without_graph(told_without_parents(told, reading.constraints), reading.constraints)
    if defined := unusual_definition(normal):  # "A permutation ... is ... such that ...": the word means more
        raise _Unsupported(f"a permutation defined otherwise: {defined!r}", kind="promise", line=defined)
    if len(lists) == 1:  # the one list, read distinct / sorted: what the story says of it is what was read
        told = read_of_the_list(told, lists[0], reading.constraints, set(names) - {lists[0].names[0]})
    promise = story_promise(told, set(names))
    parity = parity_promise(told, names)  # "n is even" of an input variable, in a sentence that may promise
    if promise or parity:  # "you are given a permutation": a promise of the input no range says
        word, line = (parity, parity) if parity else promise  # type: ignore[misc]
        raise _Unsupported(
            f"the statement speaks of a {word.lower()!r}, which the Input section's ranges do not state",
            kind="promise",
            line=line,
        )
    return reading


def _heading(row: str) -> str | None:
    """The section a heading opens, APPS' ``-----Input-----`` too."""
    m = re.fullmatch(r"\s*-{3,}\s*([A-Za-z][A-Za-z ]*?)\s*-{3,}\s*", row)
    return heading_of(m.group(1) if m else row)


def _without_output(statement: str) -> str:
    """The statement less its Output section (what the answer is, in increasing order or distinct)."""
    out, skip = [], False
    for row in statement.splitlines():
        name = _heading(row)
        skip = name == "Output" if name else skip
        out += [] if skip else [row]
    return "\n".join(out)


def _normal(text: str) -> str:
    text = unicode_operators(without_footnote_marks(text))
    text = re.sub(r"(?<=\d)[ ,](?=\d{3}(?!\d))", "", text)  # 150 000, 200,000
    text = re.sub(
        r"\btest ?cases?\b|\bsets? of input data\b|\binput data sets?\b",
        lambda m: "test cases" if m.group(0).endswith("s") or m.group(0).startswith("sets") else "test case",
        text,
    )
    text = re.sub(
        r"\btestcase(s?)\b|\btests cases\b|\bsets of test data\b",
        lambda m: "test case" + "s" * m.group(0).endswith("s"),
        text,
    )
    text = re.sub(r"\s*\^\s*", "^", text)  # 10 ^ 5
    text = re.sub(r"\.\s+(\([^()]*(?:<=|<)[^()]*\))\s*\.?(?=\s|$)", r" \1.", text)  # "a_n. (1 <= a_i <= 9)."
    text = re.sub(r"_\(([^()]*)\)", lambda m: "_{" + m.group(1).replace(" ", "") + "}", text)  # a_(n - 1): a_{n-1}
    text = text.replace("\\{", "{").replace("\\}", "}")  # s_i in \{L, R\}
    return re.sub(r"[ \t]+", " ", text)


def _sentences(section: list[str]) -> list[str]:
    return split_two_lines(split_bullets(split_sentences(_normal("\n".join(section)))))


_GLOSS = re.compile(
    r"\s*(?:—|–|\s-\s(?=[A-Za-z])|--)\s*"
    r"|(?<=\))\s*,?\s*(?=(?:where|representing|indicating|denoting|that|which|meaning|describing)\b)"
    r"|,\s+(?=the (?:number|numbers|length|lengths|size|sizes|descriptions?) of\b)"  # _COUNT_GLOSS
    r"|(?<=\))\s*,\s+(?=the\b)"  # "(1 <= d_i <= 10^6), the day on which ...": a gloss after the ranges
)


_COUNT_GLOSS = re.compile(r"the (?:number|numbers|length|lengths|size|sizes|descriptions?) of\b")


def _without_gloss(sentence: str) -> tuple[str, str]:
    """(the sentence less its closing period and its ``— the number of ...`` gloss, the
    gloss); a gloss that states a value is kept, and refuses the reading."""
    s = sentence.rstrip(" .")
    m = next(  # outside parentheses: "(1 <= k <= n - 1)" is no gloss; nor "Subsequently, the description ..."
        (
            g
            for g in _GLOSS.finditer(s)
            if s[: g.start()].count("(") == s[: g.start()].count(")") and " " in s[: g.start()]
        ),
        None,
    )
    bounds = m and re.search(r"[.,]?\s*(\([^()]*(?:<=|<)[^()]*\))$", s[m.end() :])
    if bounds and not s[: m.start()].rstrip().endswith(")"):  # "— the endpoints (1 <= l <= r <= n)": the line's ranges
        s = f"{s[: m.start()]} {bounds.group(1)}{s[m.start() : m.end() + bounds.start()]}"
        m = next(g for g in _GLOSS.finditer(s) if s[: g.start()].count("(") == s[: g.start()].count(")"))
    gloss = index_range_said(s[: m.start()], s[m.end() :]) if m else ""  # "..., for each 1 <= i <= n" of its length
    gloss = without_direction(gloss)  # "the numbers on the cards from top to bottom": which card each is
    # "the tree you need to color", "for every query": phrases naming what a value is, out before it is judged
    gloss = harmless_said(s[: m.start()] if m else "", gloss, _GLOSS_PROMISE)
    comma_the = m and m.group(0).strip() == "," and re.match(r"the\b", gloss) and not _COUNT_GLOSS.match(gloss)
    if comma_the and not after_ranges(gloss):
        return s.strip(), ""  # "(1 <= d_i <= 10^6), the day on which ...": its own strict shape, or no gloss
    told = re.sub(r"\bnumber of (?:distinct|different)\b", "number of", gloss)
    # "the length of the permutation (and ...)" names n: the story's permutation must be read (read_prose)
    told = re.sub(r"\b(?:the )?(?:length|size)s? of (?:the |a |each )?permutations?\b", "", told, flags=re.I)
    if m and permutation_gloss(s[m.end() :]):  # read as a permutation (_permutation)
        return s[: m.start()].strip(), PERMUTATION + re.sub(r"which are guaranteed to form", "form", s[m.end() :])
    said = (
        not _GLOSS_PROMISE.search(where_graph(gloss_without_tree(told)))
        and noun_phrases(gloss, typed_names(s[: m.start()]) or scalars_named(s[: m.start()]))
        if m
        else False
    )
    if m and not _COMPARISON.search(told) and said:
        return s[: m.start()].strip(), s[m.end() :]
    return s.strip(), ""


def _read_sentence(sentence: str, reading: ProseInput, in_case: bool) -> bool:
    """Reads one sentence into ``reading``; returns whether a test case's lines have begun."""
    s, gloss = _without_gloss(rephrase(sentence.rstrip(" .")))
    s = counted_by_noun(s, gloss, reading.lines)  # "The (i + 1)-th line contains x_i" (prose_families)
    reading.glosses.append(gloss)
    if _SAYS_NOTHING.match(s) or _meaning(s, reading):
        return in_case
    said = _of_the_lines(s, reading, sentence)
    if said is not None:
        return said or in_case
    if _read_totals(s, sentence, reading):
        return in_case
    promised = re.fullmatch(
        r"(?:it is (?:also )?guaranteed(?: that)?|it's (?:also )?guaranteed that|additional constraint on the input:) (.+)",
        s,
        re.I,
    )
    if promised and not _GRAPH_WORDS.search(s) and reading.lines:  # a constraint said as a guarantee: read or refused
        _read_promised(promised.group(1), reading, sentence)
        return in_case
    block = _block(s, reading, sentence)
    if block is not None:
        if reading.cases is not None and not in_case or reading.lines and reading.lines[-1].only:
            raise _Unsupported(
                f"a block of lines not understood here: {sentence!r}", kind="unsupported_format", line=sentence
            )
        if block.names:
            reading.lines.append(block)
        if prose_tree("", gloss) and prose_tree("", gloss) not in reading.constraints:  # "— the edges of the tree"
            reading.constraints.append(prose_tree("", gloss) or "")
        return in_case
    # "Each test case contains a binary string s (...)": its only line (another line after it is refused)
    s = re.sub(
        r"^each test case (?:contains|consists of) (?!.*\blines?\b)",
        "The only line of each test case contains ",
        s,
        flags=re.I,
    )
    m = _LINE.match(s)
    if not m or reading.pending:
        raise _Unsupported(f"input sentence not understood: {sentence!r}", kind="unsupported_format", line=sentence)
    where, what = m.group(1).lower(), m.group(2)
    of_case = re.search(r" of (?:each|every) test", s, re.I) is not None
    if not reading.lines and reading.cases is None and not of_case and "test case" in sentence.lower():
        _count_of_cases(what, reading, sentence)
        return False
    if of_case and reading.cases is None:
        raise _Unsupported(
            f"a line of each test case, but no count of test cases read: {sentence!r}",
            kind="unsupported_format",
            line=sentence,
        )
    if reading.lines and reading.lines[-1].only:
        raise _Unsupported(f"a line after 'the only line': {sentence!r}", kind="unsupported_format", line=sentence)
    if reading.cases is not None:  # "the first line" again, after the count's: a case's first line
        in_case = in_case or of_case or (where in ("first", "only", "single", "first and only") and not reading.lines)
        if not in_case:
            raise _Unsupported(f"input sentence not understood: {sentence!r}", kind="unsupported_format", line=sentence)
    if where in _ORDINALS and any(line.block for line in reading.lines):
        raise _Unsupported(
            f"the {where} line after a block of lines: {sentence!r}", kind="unsupported_format", line=sentence
        )
    if where in _ORDINALS and _ORDINALS.index(where) != len(reading.lines):
        raise _Unsupported(
            f"the {where} line is not the next one: {sentence!r}", kind="unsupported_format", line=sentence
        )
    if where in ("only", "single", "first and only") and reading.lines:
        raise _Unsupported(
            f"'the {where} line' after other lines: {sentence!r}", kind="unsupported_format", line=sentence
        )
    reading.lines.append(_line(what, reading, sentence))
    reading.lines[-1].gloss = gloss  # "— the number of points": a block of "the i-th point" is counted by it
    reading.lines[-1].only = where in ("only", "single", "first and only", "last", "final")  # no line after it
    if gloss.startswith(PERMUTATION):
        permutation(reading.lines[-1], reading, sentence)
    return in_case


def _of_the_lines(s: str, reading: ProseInput, sentence: str) -> bool | None:
    """A sentence about lines read or to be read (a tree, a string's characters, a blank line before each
    test case, a root of the parents): True where it begins a test case's lines, False where it is read
    otherwise, None where it is none of these."""
    if prose_tree(s):  # "It is guaranteed that the given edges form a tree": graph_readings
        reading.constraints.append(prose_tree(s) or "")
        return False
    if reading.unstated and _alphabet_sentence(sentence.rstrip(" ."), reading):  # whole: "- and *" is no gloss
        return False
    lists = {line.names[0] for line in reading.lines if line.count and not line.width} | {
        n for line in reading.lines if line.block and not line.string for n in line.names
    }
    graph = graph_said(s) or ([parity_said(s, lists)] if parity_said(s, lists) else None)  # and "all w_i are even"
    reading.constraints += graph or []
    if graph:
        return False
    # "The strings are pairwise distinct"; "Elements of array a may repeat" (a permission: the reader checks it)
    distinct = distinct_said(s, reading.lines) or permission_said(s, reading.lines)
    reading.constraints += [distinct] if distinct else []
    if distinct:
        return False
    if BLANK_BEFORE.fullmatch(s) and reading.cases is not None and not reading.lines:
        reading.blank = True  # and the lines it announces are a test case's
        return True
    if parents_said(s):  # "Vertex 1 is the root": read once every list is (read_prose)
        reading.parents = reading.parents or parents_said(s)
        return False
    return None


def _alphabet_sentence(s: str, reading: ProseInput) -> bool:
    """The characters of a string read before without them (``prose_families.characters_said``)."""
    line = reading.lines[-1] if reading.lines else None  # "Each character is ...": of the line read last
    last = line.names[0] + ("_i" if line.block else "") if line and line.string else ""
    unstated = [n for n, _ in reading.unstated]
    each = said_of_each(s, [n for ln in reading.lines if ln.string and not ln.block for n in ln.names], unstated)
    reading.constraints += each or []  # "Both strings consist of ...": of each
    said = None if each else characters_said(s, unstated, last)
    reading.constraints += [f"{said[0]} consists of {said[1]}"] if said else []
    return bool(each) or said is not None


def _read_promised(clause: str, reading: ProseInput, sentence: str) -> None:
    """ "It is guaranteed that <clause>": its ranges; "p is a permutation" of a list read is the list
    drawn a permutation of 1..n as its range says (``_permutation``)."""
    perm = re.fullmatch(r"(?:the (?:array|sequence) )?([A-Za-z]\w*) is a permutation(?: of length (\w+))?", clause)
    listed = [ln for ln in reading.lines if perm and ln.names == [perm[1]] and ln.count and perm[2] in (None, ln.count)]
    if not listed:
        reading.constraints += _ranges(clause)
    elif listed[0].names[0] not in reading.perms:
        permutation(listed[0], reading, sentence)


_COUNT = r"\(?[A-Za-z]\w*(?: ?[-+] ?\d+)?\)?|\d+"
_BLOCK = re.compile(
    rf"^(?:the i-th of the|each of the|in the i-th of the) (?:next|following) ({_COUNT}) lines"
    rf"(?: of (?:each|the) test case)?,? (?:contains?|there (?:are|is)) (.+)$"
    rf"|^(?:the )?(?:next|following) ({_COUNT}) lines each contain (.+)$"
    rf"|^then ({_COUNT}) lines follow, (?:each line contains|each containing|the i-th of them contains) (.+)$"
    rf"|^then follow ({_COUNT}) lines(?: of (?:each|the) test case)?, each (?:with|containing) (.+)$",
    re.I,
)
_BLOCK_ROW = re.compile(
    rf"^(?:(one|two|three|four|five|six|a single|an?) )?(?:(?:positive|non-negative|space[- ]separated) )*(?:integers?|numbers?),? "
    rf"((?:{_NAME})(?:_\{{?i\}}?)?(?:(?: ?, ?(?:and )?| and ){_NAME}(?:_\{{?i\}}?)?)*)(?: \(([^()]*)\))?$"
)


def _block(s: str, reading: ProseInput, sentence: str) -> ProseLine | None:
    """``Each of the next n lines contains two integers x_i and y_i (1 <= x_i, y_i <= 10)`` (or
    ``Then n lines follow.`` and ``The i-th of them contains ...``): a block of lines, each
    holding the i-th value of every name; None when ``s`` is no such sentence.  A bare
    ``Then n lines follow.`` returns a line of no names (its count pending)."""
    m = re.fullmatch(rf"(?:then )?({_COUNT}) lines follow", s, re.I)
    if m:
        reading.pending = m.group(1).strip("()")
        return ProseLine([])
    m = _BLOCK.match(s)
    if m:
        count, what = next((m.group(k), m.group(k + 1)) for k in (1, 3, 5, 7) if m.group(k))
    elif reading.pending:
        m = re.fullmatch(
            r"(?:the i-th of (?:these|them)(?: \w+)? lines?|the i-th of (?:these|them)|each of (?:these|them)(?: \w+ lines)?|each (?:of these )?line|the i-th line)"
            r" contains? (.+)",
            s,
            re.I,
        )
        if not m:
            return None
        count, what = reading.pending, m.group(1)
    else:
        return None
    reading.pending = None
    count = count.strip("()").replace(" ", "")
    grid = read_grid(what, _known(reading))
    if grid and set(re.findall(r"[A-Za-z]\w*", count)) <= _known(reading):
        grid[0].count = count
        reading.constraints += grid[1]
        return grid[0]
    rows = read_string_rows(what, _known(reading), _known(reading) | {reading.cases or ""}, sentence, True)
    if rows and set(re.findall(r"[A-Za-z]\w*", count)) <= _known(reading):  # n lines, each a string of m characters
        rows[0].count = count
        if not any(" consists of " in x for x in rows[1]):  # its characters: a later sentence's (read_prose)
            reading.unstated.append((f"{rows[0].names[0]}_i", sentence))
        reading.constraints += rows[1]
        return rows[0]
    what, chars = typed_row(own_ranges(what), sentence)  # "a character c_i and an integer k_i (...)": prose_heads
    row = _BLOCK_ROW.match(own_ranges(what))  # "x_i (1 <= x_i <= n) and y_i (...)": the ranges after the names
    if not row or not set(re.findall(r"[A-Za-z]\w*", count)) <= _known(reading):
        raise _Unsupported(f"a block of lines not understood: {sentence!r}", kind="unsupported_format", line=sentence)
    written = [n for n in re.split(r" ?, ?(?:and )?| and ", row.group(2)) if n]
    names = [re.sub(r"_\{?i\}?$", "", n) for n in written]
    ranges = row.group(3) or ""
    for name in [n for n in written if n in names]:  # x and y of each line: x_i, y_i of the i-th
        ranges = re.sub(rf"(?<![\w|]){name}(?![\w(])", f"{name}_i", ranges)
    stated = _COUNTS.get((row.group(1) or "").lower(), 0)
    if stated and stated != len(names):
        raise _Unsupported(
            f"{row.group(1)} integers but {len(names)} names: {sentence!r}", kind="unsupported_format", line=sentence
        )
    reading.constraints += _ranges(ranges) + chars
    return ProseLine(names, count, block=True)


def _count_of_cases(what: str, reading: ProseInput, sentence: str) -> None:
    m = re.fullmatch(
        rf"(?:a single |single |one |an |the )?(?:integer |number )?(?:the number of test cases )?({_NAME}),?"
        rf"(?: the number of test cases,?)? \(([^()]*)\)(?:,? (?:which is )?the number of test cases)?",
        what,
    )
    bounds = m and re.fullmatch(rf"(.+?) <= {m.group(1)} <= (.+)", unbounded_count(m.group(2).strip(), m.group(1)))
    if not m or not bounds:
        raise _Unsupported(
            f"the number of test cases not understood: {sentence!r}", kind="unsupported_format", line=sentence
        )
    unbounded = unbounded_count(m.group(2).strip(), m.group(1)) != m.group(2).strip()  # drawn small
    ranges = _story_ranges(_normal(reading.story), {m.group(1)})
    said = count_bounded_elsewhere(m.group(1), m.group(2), ranges, _normal(_without_output(reading.story)), unbounded)
    if said:  # "1 <= T <= 2" in the Constraints, "There are at most 2 test cases": not the range drawn
        raise _Unsupported(f"the test cases bounded elsewhere: {said!r}", kind="unsupported_constraint", line=sentence)
    reading.cases, reading.cases_range = m.group(1), (bounds.group(1), bounds.group(2))


def _line(what: str, reading: ProseInput, sentence: str) -> ProseLine:
    """What one line holds (prose_items' grammar): a list, a string, or named integers."""
    what = ith_named(elements_counted(what, reading.lines), _known(reading) | {reading.cases or ""})  # prose_heads
    listed = read_list(what, _known(reading), sentence)
    if listed:
        line, constraints, perm = listed
        reading.constraints += constraints
        if perm:
            permutation(line, reading, sentence)
        return line
    taken = _known(reading) | {reading.cases or ""}
    string = read_string(what, _known(reading), taken, sentence, alphabet_later=True)
    if string and not any(c.startswith(f"{string[0].names[0]} consists of ") for c in string[1]):
        reading.unstated.append((string[0].names[0], sentence))  # its characters: a later sentence's (read_prose)
    if string:
        reading.constraints += string[1]
        return string[0]
    ranges: list[str] = []
    what = re.sub(  # "two integers n (1 <= n <= 10) and k (1 <= k <= n)": each name's own range
        rf"\b({_NAME}) ?\(([^()]*(?:<=|<)[^()]*)\)(?= and |, |$)",
        lambda r: (
            ranges.append(r.group(2)) or r.group(1) if re.search(rf"\b{r.group(1)}\b", r.group(2)) else r.group(0)
        ),
        what,
    )
    head, bounds = split_bounds(what)
    m = _SCALARS.fullmatch(head) or (
        (bounds or ranges) and re.fullmatch(rf"()({_NAMES})", head)
    )  # "contains n (1 <= n <= 10)"
    if m:
        reading.constraints += [x for r in ranges for x in _ranges(r)]
        names = [n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group(2)) if n]
        stated = _COUNTS.get((m.group(1) or "").lower(), 0)
        if stated and stated != len(names):
            raise _Unsupported(
                f"{m.group(1)} integers but {len(names)} names: {sentence!r}", kind="unsupported_format", line=sentence
            )
        reading.constraints += _ranges(bounds)
        return ProseLine(names)
    several = several_strings(what, _known(reading))  # "two strings, a and b, both of length 3"
    if several:
        reading.constraints += several[1]
        reading.unstated += [(n, sentence) for n in several[0]]  # their characters: a later sentence's
        return ProseLine(several[0], string=True)
    raise _Unsupported(f"input line not understood: {sentence!r}", kind="unsupported_format", line=sentence)


def _meaning(s: str, reading: ProseInput) -> bool:
    """What a value means, after the lines are read (``prose_refusals.a_meaning``)."""
    return bool(reading.lines) and a_meaning(s, _known(reading), _GLOSS_PROMISE)


def _read_totals(s: str, sentence: str, reading: ProseInput) -> bool:
    """A sentence bounding sums over the test cases ("the sum of n over all test cases does not
    exceed ...", "The same guarantee applies to the sum of q"): read into ``reading.totals``."""
    last = reading.totals[-1][0] if reading.totals else []
    power = len(last[0]) if len(last) == 1 and len(set(last[0])) == 1 else int(len(last) == 1)  # n^2: 2; n * m: 1
    totals = sum_sentences(s, reading.totals[-1][1] if power else None)
    again = re.match(r"the same\b", s, re.I) is not None  # "The same guarantee applies to m": of m^2 after n^2
    for total in totals or []:
        m = _TOTAL.match(total)
        read = _totals(m.group(1), m.group(2), reading, sentence)  # type: ignore[union-attr]
        reading.totals += [([p * power for p in terms], b) for terms, b in read] if again else read
    m = None if totals else _TOTAL.match(s)
    if m:
        reading.totals += _totals(m.group(1), m.group(2), reading, sentence)
    if (totals or m) and reading.cases is None:  # one case: no sum over cases drawn or checked (stdin_format)
        raise _Unsupported(f"a total with no test cases: {sentence!r}", kind="unsupported_constraint", line=sentence)
    return bool(totals or m)


def _known(reading: ProseInput) -> set[str]:
    return {n for line in reading.lines for n in line.names}


def _totals(terms: str, bound: str, reading: ProseInput, sentence: str) -> list[tuple[list[list[str]], str]]:
    """``n``, ``n * m``, ``|s|``, ``h and n`` over all test cases -> [(the terms added, each a
    product of names; the bound)].  "The sum of h and n" is read as one total of both: the
    stricter of its two readings, so a drawn input keeps either."""
    products = []
    terms = product_said(terms)  # "nk (n multiplied by k)": n * k
    for term in re.split(r"\s+and (?:the )?(?:sum of )?|\s*\+\s*", re.sub(r"^\((.*)\)$", r"\1", terms.strip())):
        length = re.match(r"(?:the )?(?:lengths?|sizes?) of|\|", term.strip()) is not None
        term = re.sub(r"^(?:the )?(?:values? (?:of )?|lengths? of (?:the )?(?:strings? )?)", "", term.strip())
        term = re.sub(rf"^({_NAME})\^2$", r"\1 * \1", term.strip())  # n^2: n * n
        names = [n.strip(" |") for n in term.split("*")]
        if (
            not all(re.fullmatch(_NAME, n) for n in names)
            or not reading.lines
            or lists_of(reading.lines, length) & set(names)
        ):
            raise _Unsupported(
                f"a total over the test cases not understood: {sentence!r}", kind="unsupported_format", line=sentence
            )
        products.append(names)
    return [(products, bound.strip())]


# a gloss that says one of these promises more than "the number of ...": kept, so the sentence is refused
_GLOSS_PROMISE = re.compile(
    r"\b(?:guarantee|distinct|differ|unique|prime|even(?!ts?\b)|odd|divisible|multiple|power|non-?zero|positive|negative"
    r"|at (?:least|most)|exactly|not exceed|sorted|order|permutation|tree|graph|connected|palindrom|divisor|coprime"
    r"|composite|consecutive|adjacent|disjoint|fibonacci|perfect squares?|squares? of|ascending|descending|increasing"
    r"|decreasing|chronolog|symmetric|triangle|polygon|degenerate|collinear|overlap|intersect(?!ions?\b)"
    r"|(?:smallest|largest|lowest|highest|left|right|top|bottom|first|last|earliest|latest|front|back|beginning) to "
    r"(?:the )?(?:smallest|largest|lowest|highest|left|right|top|bottom|first|last|earliest|latest|front|back|end))\w*",
    re.I,
)
_GRAPH_WORDS = re.compile(r"\b(?:trees?|graphs?|edges?|vertices|vertex|connected|loops?|reachable|cycles?)\b", re.I)
