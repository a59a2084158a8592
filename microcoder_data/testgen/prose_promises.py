"""Which of the story's words about a shape (distinct, sorted, permutation, tree, ...) are
promises about the input, and which describe the task.

A Codeforces story says "sorted" or "distinct" mostly of what to do ("Find the number of
distinct values", "sort the array", "A permutation is an array of n distinct integers"),
and sometimes of the input ("Initially, the array a is sorted", "You are given a permutation
p", "all a_i are distinct").  A word is read as a promise unless its sentence is, by shape,
one of the kinds that promise nothing of the input:

* a definition: ``A permutation of length n is ...``, ``... is called good if ...``, ``Let ... be``,
  ``A set of '#' cells forms a connected component if ...``,
  ``For example, ...``, ``The median of an array is ...`` (of an indefinite thing);
* the task: ``Find ...``, ``Print ...``, ``Your task is to ...``, ``You can ...``, ``In one
  operation ...``, a question, ``X wants to ...``;
* the examples: ``In the first test case, ...``; the statement's tags.

and even then it is a promise where the sentence speaks of the input (``given``, ``initially``,
``input``, a guarantee) or the word qualifies an input variable (``the permutation p``, with p
read from the input).  Anything else -- a story sentence, ``Alice has a permutation`` --
is a promise: valid or none, in doubt the reading is refused."""

from __future__ import annotations

import re

from microcoder_data.testgen.prose_glosses import NOUNS, SAYS_MORE

from microcoder_data.testgen.parent_trees import _PARENTS_LINE
from microcoder_eval.statement_text import FOOTNOTE_MARK

# what an input can be that no range states: the statement naming one makes the reading incomplete
STRUCTURE = re.compile(
    r"\bpermutations?\b|\btrees?\b|\bgraphs?\b|\bconnected\b|\bsorted\b|\b(?:non-?)?(?:in|de)creasing\b"
    r"|\bdistinct\b|\bpairwise\b|\bunique\b|\bpalindrom\w*|\bbracket sequences?\b|\bguarantee[sd]?\b"
    r"|\bmountain (?:arrays?|sequences?)\b",
    re.I,
)
# values compared or divided, said of the input's values: "The sum of all a_i is at most 10", "All a_i are
# equal", "Every element of the array is a power of two", "Initially, no two neighbours are equal" -- a
# promise no range states; the word in a predicate ("is / are ...", "does not exceed") whose subject
# names an input variable or its elements, or in a sentence of the input ("initially", "given")
_VALUE_PREDICATE = re.compile(
    r"((?:[\w'{}^-]+ ){1,6}?)(?:is|are|does not|doesn't|do not|don't|never|will not)(?: not| all| always| both| pairwise)*"
    r" (?:equal(?! to (?:the|an?)\b)|at most|at least|exceeds?|coprime|an? power|powers|multiples? of|odd|even|primes?|different)\b",
    re.I,
)
# the same predicate with no subject or verb, a clause of its own ("Given an array a of length n, all even, find
# ...", "..., each at most n, ..."): of the values just named, a promise no range states
_SUBJECTLESS = re.compile(
    r"(?:^|[,;] )(?:all|each|every|every one|both|no two)(?: of them| [a-z]\w*(?:_\{?\w+\}?)?)? (?:even|odd|positive"
    r"|negative|non-?negative|non-?zero|primes?|coprime|equal|different|distinct|at most|at least|less|greater"
    r"|smaller|larger|between|divisible|not|up to|within|coincide|are equal)\b"
    r"|(?:^|[,;] )sum of [a-z]\w*(?:_\{?\w+\}?)? (?:is )?(?:at most|at least|up to|not exceeding)\b",
    re.I,
)
# after a comma, of what "Given ..." names, any such clause is one unless its rest is allow-listed ("both inclusive", "each on a separate line",
# "each with its light off", "both consisting of ...", a subject and its verb "each cell is ...") and says no
# value (SAYS_MORE): "each a multiple of 3", "all the same", "each below n" are
_CLAUSE = re.compile(r"[,;] ((?:all|each|every one|both)(?: of them)? ([^,.;]*))", re.I)
_PLAIN_REST = re.compile(
    r"(?:inclusive|exclusive|on (?:a|its own|their own|one) (?:separate |single |new )?line|separated by|[a-z]+ing"
    rf"|with|of|(?:{'|'.join(sorted(NOUNS))})$|(?:the )?[a-z]+(?: [a-z]+)? (?:is|are|has|have|was|were|can|must|will"
    r"|contains?|consists?))\b",
    re.I,
)


def _subjectless(sentence: str) -> re.Match[str] | None:
    """The first subjectless clause of ``sentence`` saying something of the values just named, or None."""
    for m in _CLAUSE.finditer(sentence):  # of the values a "Given ..." just named ("Moreover, each device ...": no)
        if re.search(r"\bgiven\b", sentence[: m.start()], re.I) and (
            not _PLAIN_REST.match(m.group(2)) or SAYS_MORE.search(m.group(2))
        ):
            return m
    given = re.match(r"given ([^,.;]*)", sentence, re.I)
    if given and _LISTED_IN_ORDER.search(given.group(1)):
        return _LISTED_IN_ORDER.search(given.group(1))  # "Given an array of n heights listed tallest one first"
    return _SUBJECTLESS.search(sentence)


_LISTED_IN_ORDER = re.compile(
    r"\b(?:listed|given|written|arranged) [a-z]+est(?: one)? (?:first|last)\b|\b[a-z]+est (?:one )?first\b", re.I
)


_OF_VALUES = re.compile(r"\b(?:elements?|entries|arrays?|sequences?|neighbou?rs)\b", re.I)
# a sentence that speaks of the input, whatever its kind
_OF_INPUT = re.compile(
    r"\bgiven\b|\bguarantee[sd]? that\b|\bguarantees?\b(?! that you)|\b(?:it is|it's|is also) guaranteed\b(?! to)"
    r"|\binitially\b|\binputs?\b|\bat (?:the )?(?:start|beginning)\b|\boriginally\b|\bhidden\b",
    re.I,
)
# the words that name what is defined ("... is called good", "We call ... good if"): also defined_qualifiers'
NAMED = r"(?:is|are) (?:called|said to be|considered|defined as|named)"
WE_CALL = r"(?:let's|let us|we) (?:call|say|define|denote)"
_DEFINITION = re.compile(
    r"^(?:an? [\w-]+(?: [\w-]+){0,2}(?: (?:of|with) [^,;:]*?|\([^()]*\))? (?:is|are) (?:an?|the|called|said|considered)\b"
    r"|the [\w\s()-]{1,40}? of an? \w[^.]*? (?:is|are)\b"
    r"|an? [^,;:.]{1,40}? (?:forms?|makes?) (?:an?|the) [\w\s-]{1,40}? if\b"  # "A set of cells forms a ... if ..."
    r"|let\b|define\b|denote\b|recall that an?\b|for example\b|e\.g\.|tags:"
    r"|in the (?:first|second|third|fourth|fifth|\w+-th|\d+-th) (?:test case|example|sample|query|testcase)s?\b)"
    rf"|\b{NAMED}\b|\b{WE_CALL}\b",
    re.I,
)
# definitions of an indefinite sequence written out ("The LIS of a sequence b_1, b_2, ..., b_m is ...") or named
# first ("For an array b of n integers, the extreme value of this array is ..."): none where the sequence written
# out is the input's own ("The sum of a sequence p_1, ..., p_n is at most 10" promises of p)
_DEFINES_A_SEQUENCE = re.compile(
    r"^the [\w\s()-]{1,40}? of an? \w(?:[^.]|\.\.\.)*? (?:is|are)\b"
    r"|^for an? [^,;:.]{1,60}, the [\w\s-]{1,40}? (?:of|for) (?:this|that|such)\b[^.]*? (?:is|are)\b",
    re.I,
)
_LEAD = re.compile(
    r"^(?:(?:after|when|once|if) [^,]*, |(?:please|now|so|then|more formally|formally|in other words|that is|also|therefore|thus|finally|"
    r"for each (?:test case|query)|for this (?:purpose|reason)|after that|help (?:him|her|them|\w+)(?: to)?|and|but),? )+",
    re.I,
)
_TASK = re.compile(
    r"^(?:find|print|output|determine|calculate|compute|count|help|sort|answer|choose|construct|restore|tell"
    r"|report|sum|minimi[sz]e|maximi[sz]e|check|solve|make|split|return|replace|remove|write down|what|how many|how much|which|can you"
    r"|is it possible|your (?:task|goal|job|aim) is|you (?:need|have|want|are asked|must|should|are to|are required"
    r"|can(?! (?:also )?(?:safely )?assume)|may(?! (?:also )?(?:safely )?assume)|are allowed|will be asked|wish))\b"
    r"|^in one (?:operation|move|step|turn|second)\b"
    r"|^(?:[\w'-]+ ){1,3}(?:wants?|wonders?|asks? you|decided to|would like|is looking for|needs? to|likes|loves)\b",
    re.I,
)
_QUALIFIER = r"(?:(?:array|arrays|sequence|sequences|string|strings|list|integers?|numbers?|positive|non-negative) )*"


# a sentence ends before a capital, a bullet, or an input name (``... of the array. a_1 is the largest``)
_NEXT = re.compile(
    r"\n\s*\n|(?:(?<=[^.\s][.!?])|(?<=[.!?]\)))\s+(?=[A-Z(*\"]|- |[A-Za-z][A-Za-z0-9]*_|[a-z] (?:is|are|and)\b"
    r"|\d+ (?:means|denotes|represents|indicates)\b)"  # "... a 0 or a 1. 0 means that ...": a sentence of its own
)


def split_sentences(text: str) -> list[str]:
    """``text`` cut into sentences (the one splitter of statements' prose): paragraphs apart, and a
    paragraph that starts in lower case after one with no closing stop is that sentence's rest (a
    formula set apart: ``... make the product\\n\\na_1 * ... * a_n divisible by k.``)."""
    text = re.sub(r"\b(i\.e|e\.g|etc|resp|vs)\.", r"\1<dot>", text)
    out: list[str] = []
    for part in _NEXT.split(text):
        part = " ".join(part.replace("<dot>", ".").split())
        stop = out and out[-1].endswith((".", "!", "?", ":", ";")) and not out[-1].endswith("...")
        if out and part[:1].islower() and not stop:
            out[-1] += " " + part
        elif part:
            out.append(part)
    return out


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, its footnotes (``^+``, ``^\\ddagger``) apart; the bullets after a
    sentence ending in ``:`` are that sentence's (``In one operation, you can: * choose ...``)."""
    text = re.sub(rf"(?:{FOOTNOTE_MARK.pattern})\s*(?=[A-Z])", "\n\n", text)
    # a bullet opens a line or follows a colon, semicolon or stop: "a_1 * a_2" is a product
    text = re.sub(r"(?:^|(?<=\n)|(?<=[:;!?])|(?<=[^.]\.))\s*\*\s+(?=\S)", "\n\n<bullet>", text)
    out: list[str] = []
    for part in split_sentences(text):
        bullet = part.startswith("<bullet>")
        part = part.removeprefix("<bullet>")
        if not part.strip(" *.,;"):
            continue
        if bullet and out and out[-1].endswith((":", ";")):
            out[-1] += " " + part
        else:
            out.append(part)
    return out


# a sentence that supposes rather than says (no value of the input said): "if a_1 = n", "let b = a_1 + 1"
SUPPOSED = re.compile(
    r"\b(?:if|when|whenever|for example|e\.g|suppose|assume|let|after|then|with|such that|for (?:every|each|all))\b",
    re.I,
)


# where a story states a relation of the input, the sentence opening with it: "In this problem p_1 = n.", "Here
# a_1 != a_n.", "Initially, x = y.", "It is known that p_1 = n.", "In this problem, the array satisfies p_1 = n.",
# "p_1 = n in this problem." (a formula elsewhere is an operation, "make a_i = a_i - 1", an example, "a = [1, 2]",
# or the task's, "both choices do not satisfy a = x + y")
_STATES = re.compile(
    r"^(?:(?:in this (?:problem|version|task|subtask)|here|note that|also|moreover|initially|additionally|furthermore"
    r"|in addition|besides|it is known that|we know that|you know that|recall that"
    r"|(?:you|we) (?:may|can) (?:also )?(?:safely )?assume that),? )*"
    r"(?:(?:the|this|your|his|her) (?:array|sequence|permutation|list|input) (?:satisfies|has|is such that) )?",
    re.I,
)
_RELATION = r"\s*(?:=|!=|≠)\s*|\s+(?:equals|is equal to|does not equal|is not equal to|differs from)\s+"


def _formula(sentence: str, names: set[str]) -> re.Match[str] | None:
    """An input or its element set equal (or unequal) to another value where the story states it (see above):
    a relation no range states (a number alone is prose_story's ``_SET``, read)."""
    lead = _STATES.match(sentence)
    if not names or SUPPOSED.search(sentence[lead.end() :]):  # ("You may assume that ...": a lead, no supposition)
        return None
    name = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    term = rf"(?:{name})(?:_\{{?\w+\}}?|\[\w+\])?"
    # (an expression of elements on the left, "p_1 + p_n = n + 1", as much a relation)
    m = re.compile(rf"({term}(?:\s*[-+*/]\s*[\w{{}}]+)*)(?:{_RELATION})([^\s,.;]+)").match(
        sentence, lead.end() if lead else 0
    )
    if (
        not m
        or not lead.group(0)
        and not re.fullmatch(rf"{re.escape(m.group(0))}(?: in this problem| here| always)?\.?", sentence)
    ):
        return None  # a formula opening a sentence with no lead is one only when it is the whole sentence
    same = re.fullmatch(rf"{re.escape(m.group(1))}", m.group(2)) or re.match(
        rf"{re.escape(m.group(1))}(?![\w{{\[])", m.group(2)
    )
    number = re.fullmatch(r"-?\d+(?:\^\d+)?\)?", m.group(2))
    return m if not same and not number and not m.group(2).startswith("[") else None


# shape words that name no property of the input: the distinct values of one ("a set S that contains all distinct
# elements of b"), the order of an iteration ("for each i from 1 to n (in increasing order) do ...")
_NAMES_NO_PROPERTY = re.compile(
    r"\ball (?:the )?distinct (?=(?:elements|letters|values|numbers|characters|integers) of\b)"
    r"|(\bfor (?:each|every|all) \w+ from \S+ to \S+),? \(?in (?:increasing|decreasing|ascending|descending) order\)?"
    r"(?=\s*[,.;)]|\s+(?:do|does|we|you|perform)\b|$)",  # ("... in increasing order of a_i": an order of the values)
    re.I,
)


def story_promise(told: str, names: set[str]) -> tuple[str, str] | None:
    """(the word, its sentence) of the first promise about the input's shape in ``told``, or None."""
    for said in sentences(told):
        sentence = _NAMES_NO_PROPERTY.sub(lambda m: m.group(1) or "all ", said)
        word = (
            STRUCTURE.search(sentence)
            or _value_predicate(sentence, names)
            or _subjectless(sentence)
            or _formula(sentence, names)
        )
        said_of_input = word and (
            word.re is _LISTED_IN_ORDER or (word.re is _SUBJECTLESS and _names_an_input(word.group(0), names))
        )
        if word and (said_of_input or is_promise(sentence, names)):
            return word.group(0), said
    return None


def _names_an_element(sentence: str, names: set[str]) -> bool:
    """Whether ``sentence`` names an element of an input list (``p_1``, ``a_{i}``, ``a[1]``)."""
    return any(re.search(rf"(?<![\w.]){re.escape(n)}(?:_\{{?\w|\[\w)", sentence) for n in names)


def _names_an_input(clause: str, names: set[str]) -> bool:
    """Whether a clause with no verb names an input or its elements ("Sum of a_i at most 10.", "Every a_i
    even."): said of the input, whatever the sentence around it."""
    return any(
        re.match(r"([A-Za-z]\w*?)(?:_\{?\w+\}?)?$", w) and re.match(r"[A-Za-z]\w*?(?=_|$)", w).group(0) in names
        for w in re.findall(r"[A-Za-z]\w*(?:_\{?\w+\}?)?", clause)
        if "_" in w or w in names
    )


def is_promise(sentence: str, names: set[str]) -> bool:
    """Whether ``sentence`` may promise something of the input (see the module's doc)."""
    given = re.match(r"given ([^,]*), ", sentence, re.I)
    if given and not STRUCTURE.search(given.group(1)):  # "Given an integer n, construct a permutation": the task's
        sentence = sentence[given.end() :]
    if _OF_INPUT.search(sentence) or _qualifies_input(sentence, names):
        return True
    if _DEFINITION.search(sentence):
        return False
    own = re.match(r"for an? (?:array|sequence|permutation|string|list|set) ([A-Za-z]\w*)", sentence, re.I)
    if (
        _DEFINES_A_SEQUENCE.search(sentence)
        and not _names_an_element(sentence, names)
        and not (own and own[1] in names)
    ):
        return False  # ("For an array p of n integers, the sum of this array is at most 10": of the input's p)
    return not (is_task(sentence) or sentence.endswith("?"))


def is_task(sentence: str) -> bool:
    """Whether ``sentence`` states the task ("Find ...", "Help him ...", "You need to ..."), after a lead-in."""
    return bool(_TASK.search(_LEAD.sub("", sentence.strip())))


def _value_predicate(sentence: str, names: set[str]) -> re.Match[str] | None:
    """The first value predicate (see above) whose subject is of the input's values, or None."""
    name = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    for m in _VALUE_PREDICATE.finditer(sentence):
        subject = m.group(1)
        named = bool(names) and re.search(rf"(?<![\w.'])(?:{name})(?:_\S*)?(?![\w(])", subject)
        if re.search(r"\b(?:constraints?|limits?)\b", subject, re.I):
            continue  # "the constraints on n and the time limit are different": of the versions ("In this
            # version n is at most 3" is of n: read)
        if named or _OF_VALUES.search(subject) or _OF_INPUT.search(sentence):
            return m
    return None


def _qualifies_input(sentence: str, names: set[str]) -> bool:
    """Whether a shape word says what an input variable is: ``the permutation p``, ``a is sorted``."""
    if not names:
        return False
    name = rf"(?:{'|'.join(map(re.escape, sorted(names, key=len, reverse=True)))})(?:_\{{?i\}}?)?"
    before = re.search(rf"(?:{STRUCTURE.pattern}) {_QUALIFIER}{name}(?![\w(_])", sentence, re.I)
    after = re.search(
        rf"(?<![\w.])(?:all )?{name} (?:is|are) (?:always |all |pairwise )?(?:{STRUCTURE.pattern})", sentence
    )
    return bool(before or after)


# p_2, ..., p_n with 1 <= p_i < i (prose_items writes i as the position ``_i`` plus 2): each vertex's
# parent is an earlier vertex, so the list is a tree rooted at 1 by construction -- drawn so, checked so
_PARENTS = re.compile(r"1 ?<= ?(\w+)_i ?(?:< ?\(_i \+ 2\)|<= ?\(_i \+ 2\) ?- ?1)")
_ROOTED_TREE = re.compile(  # not a kind of tree the parents do not make (binary: at most two children)
    r"(?<!binary )(?<!perfect )(?<!complete )(?<!full )(?<!-)\b(?:rooted )?trees?\b(?!-)", re.I
)


def told_without_parents(told: str, constraints: list[str]) -> str:
    """The story less the word tree (a rooted one too) where a list of parents was read (see above,
    or one the Input section says is a tree: ``parent_trees``)."""
    if not any(_PARENTS.fullmatch(c) or _PARENTS_LINE.fullmatch(c) for c in constraints):
        return told
    # a definition keeps its word ("A tree is a connected graph ..." stays a definition, no promise)
    return "\n\n".join(s if _DEFINITION.search(s) else _ROOTED_TREE.sub("", s) for s in sentences(told))
