"""What the story (the statement outside the Input section) says of the input, read by shape:

* ranges of an input variable (``a number k (2 <= k <= 5)``) and an input set to a number in a
  sentence that may promise ("Dana's array has a_1 = 1"): constraint lines, read or refused;
* ``You are given two distinct integers x and y``: the named scalars pairwise different (checked);
* ``You are given a permutation [a_1, a_2, ..., a_n]`` / ``a permutation p_1, ..., p_n`` of a list
  read: that list drawn a permutation as its range says (``prose_perms.permutation``);
* ``It can be proven that ...``: a consequence of what is stated, so no promise of its own.

A sentence read so is taken out of the story before its shape words are judged
(``prose_promises.story_promise``); anything else stays there, and refuses as before."""

from __future__ import annotations

import re
from typing import Callable

from microcoder_data.testgen.prose_items import ProseLine, ranges
from microcoder_data.testgen.prose_perms import word_permutation_read
from microcoder_data.testgen.prose_promises import SUPPOSED, is_promise, sentences, split_sentences

_COMPARISON = re.compile(r"<=|>=|!=|<|>")
_CHAIN = re.compile(r"[^\s,;()]+(?:\s*(?:<=|>=|!=|<|>)\s*[^\s,;()]+)+")
# an input set to a number in the story ("Dana's array has a_1 = 1"): a constraint line, read or refused
# ("a = 2^k", "b_i = a_i + 1" define the story's things by the input: no value said)
_SET = re.compile(r"(?<![\w.=<>!])([A-Za-z][A-Za-z0-9]*)(?:_\{?\w+\}?)? = -?\d+(?:\^\d+)?(?![\w^]|\.\d)")


def story_ranges(story: str, names: set[str]) -> list[str]:
    """Ranges the story states of an input variable (``a number k (2 <= k <= 5)``), as
    constraint lines; a range of anything else (``an index 1 <= i <= n``) says nothing of the input."""
    out = []
    for found in _CHAIN.finditer(story):
        chain = found.group(0)
        call = re.match(r"\([^()]*\)", story[found.end() :])  # "k <= min(n, m)": the call is the chain's
        chain += call.group(0) if call else ""
        terms = [t.strip() for t in _COMPARISON.split(chain)]
        subjects = terms[1:-1] if len(terms) > 2 else [t for t in terms if not re.fullmatch(r"[\d^*+\-]+", t)]
        if not any(re.sub(r"^\|(.*)\|$", r"\1", t).split("_")[0] in names for t in subjects):
            continue
        left = re.fullmatch(r"([A-Za-z][A-Za-z0-9]*)(?:_(?:\{[^{}]*\}|\w+))?", terms[0])  # a_i: of a
        if len(terms) == 2 and left and not _of_names(left.group(1), names):
            continue  # "an index j <= n": the range of the story's j, not of n
        if len(terms) == 2 and left and "_" in terms[0] and not _said_at(story, found.start(), names):
            continue  # "if a_i >= mx, ...", "pairs with a_i < a_j": the task's condition ("Note that a_i <= 2": read)
        out.append(chain.strip())
    said = [x for x in split_sentences(story) if is_promise(x, names) and not SUPPOSED.search(x)]
    return out + [m.group(0) for x in said for m in _SET.finditer(x) if m.group(1) in names]


def _said_at(story: str, at: int, names: set[str]) -> bool:
    """Whether the sentence around ``at`` says something of the input (a promise, nothing supposed)."""
    start = max(story.rfind(". ", 0, at), story.rfind("\n", 0, at)) + 1
    ends = [e for e in (story.find(". ", at), story.find("\n", at)) if e >= 0]
    sentence = story[start : min(ends) if ends else len(story)].strip()
    return is_promise(sentence, names) and not SUPPOSED.search(sentence)


def _of_names(word: str, names: set[str]) -> bool:
    """Whether ``word`` is an input name or names written together (``kx``: k times x, kept: read or refused)."""
    return word in names or any(word.startswith(n) and _of_names(word[len(n) :], names) for n in names if n)


_NAMES = r"[A-Za-z]\w*(?:(?:, ?| and |, and )[A-Za-z]\w*)+"
_GIVEN = r"^(?:you are |you're )?given "
_DISTINCT_SCALARS = re.compile(
    rf"{_GIVEN}(two|three|four) (?:pairwise )?distinct (?:(positive|non-negative|nonnegative) )?integers ({_NAMES})\.?$",
    re.I,
)
_LIST = r"([A-Za-z]\w*)"
_UP_TO = r"(?: consisting of \w+ integers 1, 2, \.\.\., (\w+)| of (?:the )?integers (?:from 1 to|1, 2, \.\.\.,) (\w+))"
_PERMUTATIONS = (  # each: the list's name, then the top of "1, 2, ..., n" where the sentence says it
    re.compile(
        rf"{_GIVEN}an? permutation(?: of length \w+)?,? \[?{_LIST}_\{{?1\}}?, ?(?:\1_\{{?\w+\}}?, ?|\.\.\., ?)*"
        rf"\1_\{{?\w+\}}?\]?()\.?$",  # the elements listed, nothing after: "such that p_1 > p_n" is no listing
        re.I,
    ),
    re.compile(
        rf"{_GIVEN}an? permutation {_LIST}(?: of length \w+|{_UP_TO})?(?: \(a permutation is [^()]*\))?\.?$", re.I
    ),
    re.compile(
        rf"^(?:in other words,? |that is,? |it is guaranteed that )?(?:the (?:array|sequence) )?{_LIST} is a"
        r" permutation()\.?$",
        re.I,
    ),
)
_PROVEN = re.compile(r"^it can (?:be|also be) (?:proven|proved|shown)\b", re.I)
# "The only difference is that in this version n <= 10^5 and the sum of n for all test cases does not
# exceed 10^5": the version's limits, each a range read here or a total the Input section read
_VERSION = re.compile(r"^(?:the only difference (?:between the versions )?is that )?in this version,? (.+?)\.?$", re.I)
_SUM = re.compile(
    r"the sum of ([A-Za-z]\w*)(?: (?:over|for|across|in) all (?:the )?test cases)? (?:does not|doesn't) exceed (.+)",
    re.I,
)
_HOW_MANY = {"two": 2, "three": 3, "four": 4}
Permutation = Callable[[str, str, str | None], bool]


def story_readings(
    story: str,
    read_lines: list[ProseLine],
    totals: set[tuple[str, str]],
    permutation: Permutation,
    read: list[str] = [],  # noqa: B006 (never changed) the constraint lines the Input section read
) -> tuple[str, list[str]]:
    """(the story less the sentences read as above, the constraint lines they state).  ``read_lines``:
    the Input section's lines; ``totals``: (name, bound) of each sum over the test cases read;
    ``permutation(name, sentence, top)``: reads a list as a permutation (False where no list of that name
    was read; ``top``: n of "1, 2, ..., n", where the sentence says it)."""
    names = {n for line in read_lines for n in line.names}
    scalars = {n for line in read_lines if line.count is None and not line.string for n in line.names}
    lists = {ln.names[0]: ln.count for ln in read_lines if ln.count and not (ln.string or ln.block or ln.width)}
    lines: list[str] = []
    for sentence in sentences(story):
        given = _distinct_lists(
            sentence, lists, read
        )  # "Given two arrays of distinct integers a and b, ...": the rest stays
        if given:
            lines += given[1]
            story = _without_sentence(story, given[0])
            continue
        said = _distinct_scalars(sentence, scalars, read)
        said = _version(sentence, names, totals) if said is None else said
        said = _ordered(sentence, lists) if said is None else said
        m = next((m for pattern in _PERMUTATIONS if (m := pattern.match(sentence))), None)
        if said is not None:
            lines += said
        elif not (m and permutation(m.group(1), sentence, m.group(2) or m.group(3) if len(m.groups()) == 3 else None)):
            if not _PROVEN.match(sentence) and not _restated(sentence, read):
                continue
        story = _without_sentence(story, sentence)
    return story, lines


def _without_sentence(story: str, text: str) -> str:
    """The story less the sentence (or a sentence's opening) ``text`` read, where a sentence begins: the same words
    inside another sentence ("... the concatenation of b and a is sorted ...") stay, and are judged there."""
    body = r"\s+".join(map(re.escape, text.split()))
    return re.sub(rf"(?:^|(?<=[.!?:;\n*]))(\s*){body}(?=\s|$)", r"\1 ", story, count=1)


# "Initially, both a_1, a_2, ..., a_n and b_1, b_2, ..., b_n are sorted in non-decreasing order.", "a is strictly
# increasing.": lists read, in an order the constraint reader reads (order_readings) or refuses
_ORDERED = re.compile(
    r"^(?:(?:initially|moreover|also|note that|it is (?:also )?guaranteed that|it's (?:also )?guaranteed that),? )?"
    r"(?:both )?(.+?) (?:is|are) (?:both |all )?((?:sorted|arranged|strictly|non-|in |increasing|decreasing"
    r"|ascending|descending)[\w\s-]*?)\.?$",
    re.I,
)
_SUBJECT = re.compile(
    r"(?:the (?:array|sequence|list) )?([A-Za-z][A-Za-z0-9]*)(?:_\{?1\}?, ?(?:\1_\{?\w+\}?, ?)*(?:\.\.\.|…), ?\1_\{?\w+\}?)?"
)


def _ordered(sentence: str, lists: dict[str, str]) -> list[str] | None:
    """The constraint line of a story's sentence saying lists read are in order (above), or None."""
    m = _ORDERED.match(sentence)
    named = _SUBJECT.sub(lambda s: s.group(1), m.group(1)) if m else ""  # "a_1, a_2, ..., a_n": a
    parts = re.split(r",? and |, ", named) if m else []
    subjects = [s.group(1) for p in parts if (s := _SUBJECT.fullmatch(p.strip()))]
    if not m or not parts or len(subjects) != len(parts) or not set(subjects) <= set(lists):
        return None
    return [f"{' and '.join(subjects)} {'is' if len(subjects) == 1 else 'are'} {m.group(2).strip()}"]


def _version(sentence: str, names: set[str], totals: set[tuple[str, str]]) -> list[str] | None:
    """The ranges of a version's sentence (above), or None where a clause is neither a range of an input
    nor a total the Input section read with the same bound."""
    m = _VERSION.match(sentence)
    lines: list[str] = []
    for clause in re.split(r",? and ", re.sub(r"\s*\*\s*", "*", m.group(1))) if m else []:  # 3 * 10^5: one term
        total = _SUM.fullmatch(clause.strip())
        if total and (total.group(1), total.group(2)) in totals:
            continue
        said = story_ranges(clause, names)
        if total or not said or _CHAIN.sub("", clause).strip(" ,"):
            return None
        lines += said
    return lines if m else None


def _distinct_scalars(sentence: str, scalars: set[str], read: list[str]) -> list[str] | None:
    """ "You are given two distinct non-negative integers x and y" of scalars read: ``x != y`` (every pair);
    None where "positive" / "non-negative" is not what the ranges read say (the sentence then refuses)."""
    m = _DISTINCT_SCALARS.match(sentence)
    names = re.split(r", ?(?:and )?| and ", m.group(3)) if m else []
    if not m or len(names) != _HOW_MANY[m.group(1).lower()] or not set(names) <= scalars:
        return None
    if not all(_signed(m.group(2), n, read) for n in names):
        return None
    return [f"{a} != {b}" for i, a in enumerate(names) for b in names[i + 1 :]]


_GUARANTEED = re.compile(r"^(?:it is|it's) (?:also )?guaranteed(?: that)? (.+?)\.?$", re.I)


def _restated(sentence: str, read: list[str]) -> bool:
    """ "It's also guaranteed that 2l <= r" / "It is guaranteed a is sorted" where the Input section read the
    same (a list read sorted in some order, or as ``a_1 <= a_2 <= ... <= a_n``, is sorted): a guarantee said
    twice, enforced once."""
    m = _GUARANTEED.match(sentence)
    plain = {x.replace(" ", "") for x in read}
    lines = ranges(m.group(1)) if m else []

    def said(line: str) -> bool:
        order = re.fullmatch(r"([A-Za-z]\w*) is sorted", line)
        chain = rf"{order[1]} is sorted |(?:\S+ <=? )?{order[1]}_\{{?1\}}? <=? {order[1]}_\{{?2\}}? " if order else ""
        return line.replace(" ", "") in plain or bool(chain and any(re.match(chain, x) for x in read))

    return bool(lines) and all(said(x) or word_permutation_read(x, read) for x in lines)


_DISTINCT_LISTS = re.compile(
    rf"^(?:you are )?given (?:an? |two |three )?(?:arrays?|sequences?|lists?) of (?:pairwise )?distinct"
    rf" (?:(positive|non-negative|nonnegative) )?integers ({_NAMES[:-1]}*)(?: of length (\w+))?(?:, |\.?$)",
    re.I,
)


def _distinct_lists(sentence: str, lists: dict[str, str], read: list[str]) -> tuple[str, list[str]] | None:
    """ "Given two arrays of distinct positive integers a and b of length n, find ..." of lists read (``lists``:
    name -> count): (the words read, each list's values distinct).  None (the sentence refuses) where "positive"
    or "of length n" is not what the Input section read, or the rest's first clause has no subject of its own
    ("..., all even, find ...": said of the arrays, unread); a rest that is a request is judged as any story's."""
    m = _DISTINCT_LISTS.match(sentence)
    names = re.split(r", ?(?:and )?| and ", m.group(2)) if m else []
    if not m or not names or not set(names) <= set(lists) or not _subject_of_its_own(sentence[m.end() :]):
        return None
    if not all(_signed(m.group(1), n, read) and m.group(3) in (None, lists[n]) for n in names):
        return None
    return m.group(0), [f"all values of {n} are distinct" for n in names]


def _signed(word: str | None, name: str, read: list[str]) -> bool:
    """Whether "positive" / "non-negative" (``word``, None: neither) of ``name`` is what a range read says."""
    lows = [
        int(m.group(1))
        for c in read
        if (m := re.match(r"(-?\d+) <= ([^<>=!]+?) <", c)) and {name, f"{name}_i"} & set(re.split(r",\s*", m.group(2)))
    ]
    return word is None or bool(lows) and max(lows) >= (1 if word.lower() == "positive" else 0)


# the rest of a "Given ..., " sentence that is a request of its own ("find the answer", "you have to ..."),
# not more said of the arrays without a subject ("all even", "each at most n", "sorted")
_REQUEST = re.compile(
    r"^(?:$|(?:find|print|output|determine|compute|calculate|count|answer|return|check|help|you|your|we|what|how"
    r"|which|is|are|can|does|do)\b)",
    re.I,
)


def _subject_of_its_own(rest: str) -> bool:
    return bool(_REQUEST.match(rest.strip()))
