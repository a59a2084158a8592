"""Gloss words that look like a promise but only name what a value is (``prose_format._without_gloss``).

A gloss word such as "minimum", "every", "both", "end", "tree" or "order" refuses a line because it may relate the
value to other values ("the minimum of a_i", "every a_i is at most k", "both are even", "the edges of the tree",
"in the same order as b").  Where its phrase is, by shape, a noun phrase naming the thing counted or measured, it
says nothing of the values, and the phrase is taken out before the gloss is judged (the rest is judged as before):

* a clause about the task after a noun: "for which the minimum time needs to be determined", "(the tree) you need
  to color", "(the amount) required to open the deposit", "needed for a milk satisfaction day";
* a distributive qualifier naming whose value it is: "for every query", "of both strings";
* the two ends of one thing, "the start and end day of each job", where the line's ranges order the two values;
* the order a list is written in, the order of a task's action on what carries the values: "lengths of the
  segments in the same order they should be placed on the axis" (not "in the order they appear", "as in b");
* a bound on a hidden array's values, "the maximum absolute value of an element a_i" beside "the hidden array
  a_1, ..., a_n": read only if no input is named ``a`` (:func:`hidden_named`, checked after the whole section).

A phrase taken out must be quiet (:func:`_quiet`): no name, number, comparison, condition, nor a word that may
say how values are or compare.  "Elements of array a may repeat" permits and draws nothing (:func:`permission_said`).
"""

from __future__ import annotations

import re

from microcoder_data.testgen.prose_glosses import (
    _FROM_VALUES,
    _SAYS_VALUE,
    CARRIED,
    NOUNS,
    PICK_VERB,
    PICKED,
    SAYS_MORE,
)
from microcoder_data.testgen.prose_items import ProseLine
from microcoder_data.testgen.prose_promises import STRUCTURE
from microcoder_data.testgen.prose_sentences import other_element_named
from microcoder_data.testgen.spec_model import _Unsupported

# where a gloss part ends: the next part ("the number of coins ... and the initial minimum amount ...")
_PART_END = r"(?=,|;|\s+and (?:the|a|an|its|their)\b|$)"
# a limit word naming the task's answer inside a task clause ("for which the minimum time needs to be determined")
_ANSWER = re.compile(r"\b(?:minimum|maximum|smallest|largest|shortest|longest) (?=[a-z]+\b)(?!of\b)", re.I)
# what a quiet phrase may not hold: a name (a letter alone, a subscript), a number, an operator, a condition
_LOUD = re.compile(
    r"[\d_=<>+*/^|()]|\b(?!a\b)[A-Za-z]\b|\ba$|\b(?:such|if|where|when|whenever|unless|whose|so|than|as|but|except"
    r"|and|or|nor|with|without|between|among|across|any|some|none|respectively)\b",
    re.I,
)
# clauses about the task after a noun, each ending its part: what is to be found of it, what you do with it, what
# it is needed for
_TASK_CLAUSES = (
    r",? (?:for|in|on|of|at|to|over) which (?:the )?(?:[a-z]+ ){0,3}(?:needs?|has|have) to be (?:determined|found"
    r"|computed|calculated|answered|counted|evaluated)",
    r",? (?:that |which )?you (?:need|have|want|are asked|are required|are going) to [a-z]+(?: [a-z\"']+){0,4}",
    r",? (?:required|needed|necessary) (?:to|for) [a-z\"']+(?: [a-z\"']+){0,5}",
)
_TASK_CLAUSE = re.compile(rf"(?:{'|'.join(_TASK_CLAUSES)}){_PART_END}", re.I)


def _quiet(words: str, promise: re.Pattern[str], answer: bool = False) -> bool:
    """Whether ``words`` say nothing of any value: none of the gloss's ``promise`` words, :data:`SAYS_MORE`,
    a word opening as :data:`_SAYS_VALUE` does, a shape word (:data:`STRUCTURE`) or :data:`_LOUD`; a limit
    word before the noun it names is allowed where ``answer`` (the task's answer: "the minimum time")."""
    words = _ANSWER.sub("", words) if answer else words
    opening = re.search(rf"\b(?:{_SAYS_VALUE.pattern})", words, re.I)
    said = promise.search(words) or SAYS_MORE.search(words) or opening or STRUCTURE.search(words)
    return not (said or _LOUD.search(words))


# "(the number of levels) in the perfect binary tree you need to color": the thing is the task's, made by the
# clause; whether the story gives such a thing is the story's check (as ``gloss_without_tree`` leaves it)
_TASK_OBJECT = re.compile(
    rf"\s*\b(?:in|of|on) the ((?:[a-z]+ ){{0,3}}[a-z]+)({_TASK_CLAUSES[1].removeprefix(',?')}){_PART_END}", re.I
)


def _task_clauses_dropped(gloss: str, promise: re.Pattern[str]) -> str:
    """The gloss less its quiet clauses about the task, and less the task's object a clause names (see above).  The
    gloss the story's check reads keeps them (``prose_format.read_prose``): a tree only the gloss names is judged
    there, as the input's edges may be it."""
    picked = re.compile(rf"{PICKED}$", re.I)  # "the number of elements you need to choose": kept, refused
    gloss = _TASK_OBJECT.sub(
        lambda m: (
            ""
            if _quiet(_GRAPH.sub("", m[1]), promise)
            and _quiet(m[2], promise)
            and not (picked.search(m[1]) or PICK_VERB.search(m[2]))
            else m.group(0)
        ),
        gloss,
    )
    return _TASK_CLAUSE.sub(
        lambda m: (
            ""
            if _quiet(m.group(0).replace('"', ""), promise, "which" in m.group(0))
            and not (picked.search(gloss[: m.start()]) or PICK_VERB.search(m.group(0)))
            else m.group(0)
        ),
        gloss,
    )


_GRAPH = re.compile(r"\b(?:trees?|graphs?)$")


# "for every query", "the length of both strings": whose value each is, a plain noun after the quantifier; "of both"
# only of a length or size ("the number of common elements of both arrays", "the sum of both arrays": a quantity the
# two inputs make, which the value must then equal)
_DISTRIBUTIVE = re.compile(
    rf"\b(?:for|of|in) every ([a-z]+){_PART_END}|(?<=\bthe length )of both ([a-z]+){_PART_END}"
    rf"|(?<=\bthe size )of both ([a-z]+){_PART_END}"
)


def _distributives_plain(gloss: str) -> str:
    """The gloss with "for every <noun>" as "for each <noun>" and "of both <nouns>" as "of the <nouns>", the noun
    allow-listed (:data:`NOUNS`); "every a_i is at most k", "both even", "of both a and b" are kept."""

    def plain(m: re.Match[str]) -> str:
        if m.group(1):
            return m.group(0).replace("every", "each") if m.group(1) in NOUNS else m.group(0)
        noun = m.group(2) or m.group(3)
        return f"of the {noun}" if noun in NOUNS and noun.endswith("s") else m.group(0)

    return _DISTRIBUTIVE.sub(plain, gloss)


# "the start and end day", "the left and right borders": the two ends of one thing, two values in order
_ENDS = re.compile(
    r"\bthe (?:start(?:ing)?|beginning|left|first) and (?:the )?(?:end(?:ing)?|right|last) (?=[a-z])", re.I
)
# a segment two values name (its ends, its borders): the first at most the second, unless the ranges say otherwise
# ("the borders of the query", "the ends of the i-th segment", "the query range": any ends, any range)
_SEGMENT = re.compile(
    r"(?:the |an? )?(?:(?:boundaries|borders|bounds|ends|endpoints|limits|extremities) of\b(?! (?:the |an? |each )?"
    r"(?:[ij]-th )?(?:edges?|roads?|bridges?|tunnels?|wires?|cables?|pipes?|passages?|corridors?|connections?)\b)"
    r"|(?:[\w-]+ ){0,2}(?:segments?|intervals?|ranges?|subarrays?|subsegments?|substrings?|windows?|blocks?|fragments?"
    r"|stretch(?:es)?|spans?|pieces?)\b)",
    re.I,
)
_TWO_SCALARS = re.compile(
    r"\b(?:two )?(?:integers|numbers|values)[:,]? ([A-Za-z]\w*(?:_\{?i\}?)?)(?:,? and |, )([A-Za-z]\w*(?:_\{?i\}?)?) \("
)


def _two_ordered(before: str) -> bool | None:
    """Whether the line names two values its ranges order ("l_i and r_i (1 <= l_i <= r_i <= n)"); None if it names
    no two values."""
    m = _TWO_SCALARS.search(before)
    ordered = m and re.search(rf"(?<![\w.]){re.escape(m[1])} ?<=? ?{re.escape(m[2])}(?![\w(])", before[m.end() :])
    return bool(ordered) if m else None


def _ends_dropped(before: str, gloss: str) -> str:
    """The gloss with "the start and end <noun>" as "the <noun>" where the line (``before``) names two values and
    its ranges order them ("l_i and r_i (1 <= l_i <= r_i <= n)"); else as it is (the ends say the order).  Not the
    ends of values ("the first and last elements of the array": a_1 and a_n, another input's)."""
    ordered = _two_ordered(before)
    ends = _ENDS.search(gloss)
    of_values = ends and _FROM_VALUES.search(re.split(r"[,;]", gloss[ends.end() :])[0])  # "of the array": a_1, a_n
    rest = re.split(_PART_END, gloss[ends.end() :])[0] if ends else ""
    return _ENDS.sub("the ", gloss) if ordered and not of_values and _plain_ends(rest) else gloss


# what the two ends are of, plainly ("day of each job", "borders of the segment", "of the segment"): a head noun, then
# "of"/"in" a plain noun; a qualifier ("of the vowel segment", "of the longest plateau", "of the constant segment")
# or a noun outside the lists ("of the mountain": which segments are mountains) may say what the values are, so the
# ends stay (and refuse)
_END_WORDS = frozenset(
    "border borders bound bounds boundary boundaries end ends endpoint endpoints point points index indices position"
    " positions day days time times moment moments segment segments interval intervals subarray subarrays substring"
    " substrings subsegment subsegments range ranges trip trips journey journeys".split()
)
_ADJECTIVAL = frozenset("initial current constant variable total sum count amount mass".split())


def _plain_ends(rest: str) -> bool:
    """Whether the words after two ends (see above) are plain: an optional head, then up to two "of the <noun>"."""
    known = lambda w: w in _END_WORDS or (w in NOUNS and w not in _ADJECTIVAL)  # noqa: E731
    words = rest.split()
    if words and words[0] not in ("of", "in") and words.pop(0) not in _END_WORDS:  # "letters": the values, maybe
        return False
    objects = [words[k : k + 3] for k in range(0, len(words), 3)]
    return len(objects) <= 2 and all(
        len(o) == 3 and o[0] in ("of", "in") and o[1] in ("the", "each", "a", "an") and known(o[2]) for o in objects
    )


# "... in the same order they should be placed on the axis": the order of a task's action (a modal, a passive), an
# action that puts no order on the values themselves; "ranked", "sorted", "stacked", "nested", "arranged",
# "extracted" may (the largest first, each inside the next, a heap's order): not read
_ORDERLESS = r"placed|put|built|bought|processed|visited|performed|applied|painted|played|used|solved|cooked"
_PLACED = re.compile(
    r",? in the (?:same )?order (?:in which )?(?:they|these|the [a-z]+) (?:should|must|need to|have to|are to) be"
    rf" (?:{_ORDERLESS})(?: (?:on|in|into|onto|at|along|to) (?:the )?[a-z]+)?$",
    re.I,
)


def _placement_dropped(gloss: str, promise: re.Pattern[str]) -> str:
    """The gloss less the order its list is written in where that is the order of a task's action and the values
    are a quantity each thing carries (:data:`CARRIED`): "lengths of the segments"; positions, times and days (a
    placement may sort them) and "in the order they appear" (the input's own order) are kept."""
    m = _PLACED.search(gloss)
    carried = m and re.match(rf"(?:the )?(?:{CARRIED})\b", gloss, re.I)
    quiet = m and _quiet(re.sub(r"\b(?:same )?order\b", "", m.group(0)), promise)
    return gloss[: m.start()] if m and carried and quiet else gloss


# "the hidden array a_1, a_2, ..., a_n": an array the input does not hold; "the maximum absolute value of an element
# a_i" is then a bound on it, no input's
_HIDDEN = re.compile(
    r"\bthe (?:hidden|secret|unknown) (?:array|sequence|list|permutation) ([A-Za-z][A-Za-z0-9]*)(?:_|\s|,|$)"
)
_OF_HIDDEN = r"the (?:maximum|max|largest) (?:absolute )?values? of (?:an? |each |any )?(?:element|number|entry) {0}(?:_\{{?i\}}?)?"


def hidden_named(gloss: str) -> str | None:
    """The hidden array's name where ``gloss`` bounds its values (see above), else None."""
    m = _HIDDEN.search(gloss)
    return m[1] if m and re.search(rf"\b{_OF_HIDDEN.format(re.escape(m[1]))}{_PART_END}", gloss) else None


# a gloss that speaks of the hidden array ("— the values of the hidden array", "the hidden array")
_OF_THE_HIDDEN = re.compile(r"\b(?:hidden|secret|unknown) (?:array|sequence|list|permutation)", re.I)


def hidden_leak(glosses: list[str], names: list[str]) -> str | None:
    """A gloss bounding a hidden array's values (:func:`hidden_named`) that the input holds after all: the array is
    named as an input, or another gloss gives an input as the hidden array (its values, its elements); else None."""
    bounding = [g for g in glosses if hidden_named(g)]
    named = next((g for g in bounding if hidden_named(g) in names), None)
    # another gloss naming the hidden array ("— the array a", "the values a_1, ..., a_n"), or anything hidden ("the
    # array Alice hid", "the hidden elements"): that input may be the hidden array, its values under the bound
    hid = "|".join(re.escape(h) for h in {hidden_named(g) for g in bounding})
    said = re.compile(rf"\bhid(?:den)?\b|{_OF_THE_HIDDEN.pattern}" + (rf"|\b(?:{hid})(?:\b|_)" if hid else ""), re.I)
    told = next((g for g in glosses if g not in bounding and said.search(g)), None)
    return named or (bounding[0] if bounding and told else None)


def harmless_said(before: str, gloss: str, promise: re.Pattern[str]) -> str:
    """The gloss less the phrases that name what a value is though they hold a word that may say more (see the
    module's doc); ``before``: the line before the gloss, its ranges; ``promise``: the gloss's promise words."""
    other = other_element_named(before, gloss)  # "x_i and y_i — the values a_1 and a_n": equal to them, unchecked
    if other is not None:
        raise _Unsupported(f"a gloss names another input's element {other!r}: {gloss!r}", "unsupported_format", gloss)
    # "(1 <= l_i, r_i <= n) — the borders of a segment": the ends' order, which nothing draws
    if _two_ordered(before) is False and _SEGMENT.match(gloss.strip()):
        raise _Unsupported(
            f"two values named as a segment's ends, which the ranges do not order: {gloss!r}",
            kind="unsupported_format",
            line=gloss,
        )
    gloss = _task_clauses_dropped(gloss, promise)
    gloss = _distributives_plain(gloss)
    gloss = _ends_dropped(before, gloss)
    gloss = _placement_dropped(gloss, promise)
    name = hidden_named(gloss)
    return re.sub(rf"\b{_OF_HIDDEN.format(re.escape(name))}{_PART_END}", "the limit", gloss) if name else gloss


# "Elements of array a may repeat and don't have to be unique", "The numbers in the array may repeat": a permission
# of a list's values (its subject: the list's name, or none where the section has one list)
_SUBJECT = re.compile(
    r"(?:the )?(?:elements|values|numbers|integers)(?: (?:of|in) (?:the )?(?:given )?(?:array|sequence|list)(?: (\w+))?)?"
    r"|(?:the )?(?:given )?(?:array|sequence|list) (\w+)|([A-Za-z]\w*)_\{?i\}?",
    re.I,
)
_NOT_DISTINCT = r"(?:unique|distinct|different|pairwise distinct)"
_PERMITTED = re.compile(
    rf"(?:may|can|might) (?:repeat|coincide|be equal)(?:,? and (?:do not|don't|need not|needn't) (?:have to )?be"
    rf" {_NOT_DISTINCT}|,? and (?:are|is) not necessarily {_NOT_DISTINCT})?"
    rf"|(?:may|can|might) contain (?:duplicates|repeated values|equal (?:elements|values))"
    rf"|(?:are|is) not necessarily {_NOT_DISTINCT}",
    re.I,
)


def permission_said(s: str, lines: list[ProseLine]) -> str | None:
    """ "Elements of array a may repeat and don't have to be unique": the constraint line "a may contain duplicates"
    (nothing drawn; the reader refuses it where the reading forbids repeats, ``adjacency_readings.check_permits``),
    of the list it names, or of the only list where it names none; None for any other sentence."""
    m = re.fullmatch(r"(.+?) ((?:may|can|might|are|is) .+)", s.strip().rstrip("."))
    subject = m and _SUBJECT.fullmatch(m[1])
    if not m or not subject or not _PERMITTED.fullmatch(m[2]):
        return None
    lists = [ln.names[0] for ln in lines if ln.count and not ln.width and not ln.string and not ln.block]
    named = next((g for g in subject.groups() if g), None)
    name = named if named in lists else lists[0] if not named and len(lists) == 1 else None
    return f"{name} may contain duplicates" if name else None


# "n — the length of both strings", "the size of the array", "the length of every string s_i": a scalar that is
# the length of other inputs; read only where the format gives them that length (then drawn so), else the two could
# disagree ("a string a (1 <= |a| <= 5)" beside n = 1)
_LENGTH_OF = re.compile(
    r"the (?:length|size)s? of (?:the |both |every |each |all |all the )?(?:given )?(?:(strings?|words?)"
    r"|(?:arrays?|sequences?|lists?))(?: ([A-Za-z]\w*)(?:_\{?i\}?)?)?",
    re.I,
)


def length_glossed(lines: list[ProseLine], constraints: list[str]) -> None:
    """Refuses a scalar glossed as the length of other inputs (see above) that those inputs' lines do not have:
    every one where the gloss speaks of several ("both", a plural), one where of one; the one named if it names.
    A thing the input does not hold ("the size of the array" to build, "the array a" beside b) is not judged."""

    def has(ln: ProseLine, name: str) -> bool:  # "a string s consisting of n letters": its length a constraint
        said = ln.length if ln.block else ln.count
        of = rf"(?:the length of {ln.names[0]} is|\|{ln.names[0]}\| ?=+|{ln.names[0]} consists of length) {name}\b"
        return said == name or not said and any(re.match(of, c) for c in constraints)

    for line in (ln for ln in lines if ln.count is None and not ln.string and not ln.block):
        parts = [p.strip() for p in re.split(r",? and (?=the\b)|, ", line.gloss) if p.strip()]
        for name, part in zip(line.names, parts) if len(parts) == len(line.names) else ():
            m = _LENGTH_OF.fullmatch(part)
            strings = bool(m and m[1])
            kind = [ln for ln in lines if (ln.string or bool(ln.block and ln.length)) == strings and not ln.width]
            kind = [ln for ln in kind if (ln.count or ln.string) and (strings or not ln.block)]
            kind = [ln for ln in kind if ln.names[0] == m[2]] if m and m[2] else kind
            if not m or not kind:
                continue
            said = [has(ln, name) for ln in kind]
            several = re.search(r"s\b|\b(?:both|every|each|all)\b", part.split(" of ", 1)[1])
            if not (all(said) if several or m[2] else any(said)):
                raise _Unsupported(
                    f"a value glossed as a length the format does not give: {part!r}",
                    kind="unsupported_format",
                    line=part,
                )
