"""A body sentence naming an input with a property word that no clause reads refuses (issue 37, valid or none).

``stated_properties`` reads the forms it knows ("a and b are coprime.", "nums sorted in ascending order");
a sentence worded otherwise ("a and b are coprime (i.e., gcd(a, b) = 1).", "Given a sorted integer array
nums", "at most one of a and b is even", "A_1 < A_2 < \\ldots < A_N") would pass unread while inputs drawn
from the Constraints alone break it.  So a sentence that names an input and carries a property word
(:data:`WORDS`) outside the task's words ("return true if ...") and a definition ("... is called good
if ...") must have each of its property words read by a clause, else the spec is refused as a ``promise``
naming the sentence.  "positive"/"non-negative" pass when a Constraints range of the inputs beside the
word already bounds them so ("a positive integer n" with ``1 <= n <= 100``).
"""

from __future__ import annotations

import re
from collections import Counter

from microcoder_data.testgen.spec_model import _Unsupported

# property words a clause must read; a relation between two inputs ("A_1 < A_2", "A_i \neq A_j") counts too
WORDS = re.compile(
    r"\b(?<!not necessarily )(?<!not necessarily with )(?:co-?prime|relatively prime|distinct|unique|prime(?! factors?| divisors?)|sorted"
    r"|positive|negative|non-?negative|non-?positive|even|odd|(?:strictly |non-?)?(?:in|de)creasing|ascending"
    r"|descending|palindromes?|permutations?|gcd|monoton\w*|balanced|multiples? of|divisible|power of (?:two|2)"
    r"|perfect squares?|duplicates?|repeated|(?:appears?|occurs?) (?:exactly )?once|no two|pairwise"
    r"|smallest to largest|largest to smallest|reads the same|(?:are|is) (?:all )?(?:the same|equal|identical)(?= *[.,;]|$))\b(?!(?: or \w+)? (?:[xy]-)?directions?)",
    re.I,
)
# a sentence that defines a word ("A subarray of nums is almost unique if ...") speaks of no input
_DEFINES = re.compile(r"\b(?:if|iff|called|defined|define|denotes?|means|said to be|we say|considered)\b", re.I)
# words before a property word that make it the task's, a rule's or a definition's, not the input's
_NOT_INPUT = re.compile(
    r"\b(?:if|iff|whether|until|make|return|returns|check|determine|find|count|print|output|compute|calculate"
    r"|when|whenever|after|each (?:operation|step|move)|called|named|said|defined|considered|denotes?|means?"
    r"|let|we|you (?:can|may|must|need|want|should|have to|start|initially|have)|operations?|choose|select|pick|sort|rearrange|partition|consider|subtract|add|split|remove"
    r"|replace|your (?:task|goal|job)|must|can|cannot|may|might|could|should|represents?|representing"
    r"|indicates?|indicating|in the case of|meaning|you are asked|reconstruct|construct|build|create|generate"
    r"|divide|append|insert|delete|reverse|swap|move|apply|perform|suppose|assume|answer|result|ans|output|extract"
    r"|number of|formally|otherwise|place|for (?:every|each|all|any)|for example|e\.g\.|i\.e\.)\b",
    re.I,
)
_SIGN = {"positive": (1, 0), "non-negative": (0, -1), "nonnegative": (0, -1)}  # word -> least (<=), least (<)
# how a Constraints line may say a property word (the line then reads and enforces it, or refuses)
_SAID_AS = {
    "distinct": r"distinct|unique|\\neq|!=|≠|permutation|strictly",
    "permutation": r"permutation|distinct|unique|\\neq|!=|≠",
    "permutations": r"permutation|distinct|unique|\\neq|!=|≠",
    "even": r"\b(?:even|odd)\b|%\s*2\b",  # "half of them are odd, the other half even": one line of parity
    "odd": r"\b(?:even|odd)\b|%\s*2\b",
    "coprime": r"co-?prime|gcd",
    "gcd": r"co-?prime|gcd",
}
_ORDER = r"sorted|ascending|descending|increasing|decreasing"
# a bound said in words, one vocabulary for the relations between inputs, the subjectless bounds and which end a
# constant bound holds (below: _LOW / _HIGH)
_LOW = r"at least|no (?:less|smaller) than|not (?:less|smaller) than"
_HIGH = r"at most|no (?:more|greater|larger) than|not (?:more|greater|larger) than|(?:not|never) exceeding|up to"
_BOUND = (
    rf"{_LOW}|{_HIGH}|(?:strictly )?(?:less|greater|smaller|larger) than(?: or equal to)?|(?:does|do) not exceed"
    r"|below|above|bounded by"
)
_RELATION = (
    r"\\neq|≠|!=|<=?|>=?|\\leq?|\\geq?|\\lt|\\gt"
    r"|(?:is|are) (?:not equal to|different from)|differs? from"
    # "k is at most n", "a positive integer k less than n", "k, at most n", "k which divides n"
    rf"|,? ?(?:(?:which|that) )?(?:(?:is|are) )?(?:{_BOUND}|divides)"
)


def _names(names: list[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


def _named(text: str, names: list[str]) -> list[str]:
    """The inputs ``text`` names: a name as a token (``nums``, ``nums[i]``, ``A_i``), not at a slice
    (``nums[a..b]``: the task's), the article ``a`` not."""
    out = []
    for n in names:
        for m in re.finditer(rf"(?<![\w.\\]){re.escape(n)}(?:\[[^\].\[]+\]|_\{{?\w+\}}?)*(?![\w(\[]|-[a-z])", text):
            if n.lower() in {"a", "i"} and re.match(r" [a-z]{2,}\b(?<! and)(?<! or)(?<! is)(?<! are)", text[m.end() :]):
                continue  # "a sorted array": the article
            # a count: a short name before a noun ("n players", "n unique candies"), not before a verb
            plural = re.match(
                r" (?!(?:is|are|was|were|has|have|had|can|cannot|must|will|should|may|and|or|of|to|in|be"
                r"|does|do|consists?|contains?|equals?|times|x|if|with|where|which|that|less|greater|smaller"
                r"|larger|not|at|than|strictly|divides|differs?)\b)[a-z]",
                text[m.end() :],
            )
            if (plural and len(n) <= 2) or text.count("[", 0, m.start()) > text.count("]", 0, m.start()):
                continue  # a count ("n players having a unique id"), or an index ("nums[a + k - 1]")
            out.append(n)
            break
    return out


def _relations(text: str, names: list[str]) -> int:
    """How many relations between inputs ``text`` states ("A_1 < A_2", "p != q", "0 <= L < R"), not ranges."""
    term = rf"(?<![\w.\\])(?:{_names(names)})(?:\[[^\]]+\]|_\{{?[\w+-]+\}}?)*"
    return len(re.findall(rf"{term}\s*(?:{_RELATION})\s*(?={term}(?![\w(]))", text))


def _said_in_lines(word: str, named: list[str], lines: list[str]) -> bool:
    """Whether a Constraints line naming one of the inputs says ``word`` (:data:`_SAID_AS`; an order or a
    relation: one between inputs); the line is then read and enforced there, or refused."""
    if word == "relation" or re.search(_ORDER, word):
        return any(_named(line, named) and (_relations(line, named) or re.search(_ORDER, line, re.I)) for line in lines)
    said = _SAID_AS.get(word, re.escape(word))
    # "The start point of each interval is unique." says it of intervals
    one = named + [n[:-1] for n in named if n.endswith("s") and len(n) > 3]
    # a word of several ("are the same", "a multiple of") is compared with its spaces taken out too
    return any(
        _named(line, one) and (re.search(said, line, re.I) or re.search(said, re.sub(r"[\s-]", "", line), re.I))
        for line in lines
    )


def bounded_below(name: str, word: str, lines: list[str]) -> bool:
    """Whether a Constraints range of ``name``'s values (not its length) makes it ``word`` (positive, ...);
    a string of digits is non-negative."""
    least, strict = _SIGN[word.lower()]
    for line in lines:
        # a number written in digits and nothing else: never negative; with no digit 0 never 0 either
        digits = re.search(
            r"\bconsists? (?:of |only )*digits(?: only)?(?: (?:from )?'?(\d)'? (?:through|to) '?\d'?)?\.?$", line
        )
        if digits and _named(line, [name]) and least <= (int(digits[1]) if digits[1] else 0):
            return True
        line = re.sub(r"\\leq?\b|≤", "<=", re.sub(r"\\lt\b", "<", line))
        parts = re.split(r"\s*(<=|<)\s*", line.strip().strip("$"))
        if len(parts) < 3 or not re.fullmatch(r"-?\d+", parts[0]):
            continue
        # "1 <= k <= n <= 100": each term of the chain is at least its least
        terms = [x.strip() for t in parts[2::2] for x in t.split(",")]
        # k, nums[i], A_i, int(low): not sum(nums), |x|
        plain = rf"{re.escape(name.lower())}(?:\[\w+\])*(?:_\{{?\w+\}}?)?|int\({re.escape(name.lower())}\)"
        if any(re.fullmatch(plain, t.lower()) for t in terms) and int(parts[0]) >= (
            least if parts[1] == "<=" else strict
        ):
            return True
    return False


# a sign word before a noun that is no number ("each positive word"): it says nothing of an input's values
_OF_A_NOUN = re.compile(
    r" (?!(?:integers?|numbers?|values?|elements?|arrays?|lists?|sequences?|entries|weights?|costs?|amounts?|and|or"
    r"|is|are|real|whole|odd|even|distinct|unique|sorted)\b)[a-z]+\b"
)


def _sign_said(sentence: str, at: re.Match, names: list[str], lines: list[str] | None) -> bool:
    """A sign word the Constraints hold already: each input of its clause bounded so by a range (with no
    Constraints the examples' spans, which the drawn inputs keep, are its range)."""
    if at[0].lower() not in _SIGN:
        return False
    if _OF_A_NOUN.match(sentence[at.end() :]) and not _named(sentence[at.end() :].split()[0], names):
        return True  # "Each positive word in a report ...": the sign of a word, no input's
    if lines is None:
        return True
    cut = r",|;| and | or |\(|\)"
    start = max([0] + [m.end() for m in re.finditer(cut, sentence[: at.start()])])
    end = min([len(sentence)] + [at.end() + m.start() for m in re.finditer(cut, sentence[at.end() :])])
    near = _named(sentence[start:end], names) or _named(sentence, names)
    return bool(near) and all(bounded_below(n, at[0], lines) for n in near)


# the rest of a noun phrase after a cut: words, then the noun and an input's name ("rotated integer array nums")
_NOUN_AND_NAME = r"\s*(?:[\w-]+ ){0,3}(?:arrays?|lists?|sequences?|strings?|matrix|matrices|grids?) "


def _about_input(sentence: str, at: re.Match, names: list[str]) -> bool:
    """Whether the clause of the word ``at`` (or the one it follows: ", which is sorted") names an input
    ("There are n players having a unique id ...": of the players)."""
    outside = [
        m
        for m in re.finditer(r",|;|\(|\)| and | or ", sentence)
        if sentence.count("[", 0, m.start()) == sentence.count("]", 0, m.start())
    ]
    cuts = [0] + [m.end() for m in outside] + [len(sentence) + 1]  # not inside "[starti, endi]"
    i = max(k for k, c in enumerate(cuts) if c <= at.start())
    if sentence[at.end() : at.end() + 1] == "(":  # "gcd(a, b) = 1": of its arguments
        return bool(_named(sentence[at.end() :].split(")")[0], names))
    # the clause it follows (", which is sorted") or the noun phrase it opens, cut at "and" / "," / "(" ("a sorted
    # and rotated array nums", "a (sorted) array nums")
    return bool(
        _named(sentence[cuts[i] : cuts[i + 1]], names)
        or (i and _named(sentence[cuts[i - 1] : cuts[i]], names))
        or (i + 2 < len(cuts) and bool(re.match(rf"{_NOUN_AND_NAME}(?:{_names(names)})\b", sentence[cuts[i + 1] :])))
    )


def _word(word: str) -> str:
    """One spelling per property: "unique" is "distinct", "co-prime" "coprime"."""
    w = word.lower().replace(" ", "").replace("-", "")
    same = {"notwo": "distinct", "duplicate": "distinct", "duplicates": "distinct", "repeated": "distinct"}
    same |= {w2: "sorted" for w2 in ("smallesttolargest", "largesttosmallest")}
    w = re.sub(r"^(?:appears?|occurs?)(?:exactly)?once$", "distinct", w)
    return {"unique": "distinct", "relativelyprime": "coprime", **same}.get(w, w)


def _words(text: str) -> Counter:
    return Counter(_word(w) for w in WORDS.findall(text))


# a sentence whose subject points back at an input ("Its elements ...", "They are sorted", "This array is ...")
_PRONOUN = re.compile(
    r"(?:note that |also,? )?(?:its|their|they|it(?= is (?:also )?(?:sorted|in |strictly|non-?|(?:in|de)creasing|ascending|descending|distinct|a permutation))|these|this (?:array|list|string|sequence|matrix|grid)"
    r"|the (?:given )?(?:array|list|string|sequence|matrix|grid))\b",
    re.I,
)

# a bound with no subject after a comma ("an array nums, each at most k", "..., all less than n"): no clause reads one
_EACH_BOUND = re.compile(
    rf"[,;] (?:(?:each|all|every one|both|none)(?: of them)? )?(?:is |are )?(?:{_BOUND}|between|within)\b"
    # "nums, where every element is at most k", "... that do not exceed k" (not "such that", the task's)
    rf"|(?<!such )\b(?:which|that|where|whose)\b[^,;.]{{0,40}}?\b(?:(?:is|are|all) (?:all )?(?:{_BOUND})"
    r"|(?:do|does) not exceed)\b",
    re.I,
)


def _each_bound_unsaid(text: str, names: list[str], lines: list[str] | None) -> bool:
    """Whether ``text`` bounds its inputs with no subject (:data:`_EACH_BOUND`) where no Constraints range holds
    it as said: "each between 0 and 9" beside ``0 <= A, B <= 9``, "each element is at least 2" beside ``2 <= A_i
    <= 10^5`` (the same constant at the same end of a value range of the inputs named before) are held; any other
    bound ("each at most k", "all less than n - 1", "at most 2" beside a length's range) is unread."""
    m = _EACH_BOUND.search(text)
    if not m:
        return False
    named, word, after = _named(text[: m.start()], names), m[0].lower(), text[m.end() :]
    number = r"(-?\d+(?:\^\d+)?)"
    lo = hi = None
    if word.endswith("between"):
        both = re.match(rf"\s*{number} and {number}(?:,? inclusive)?\s*\.?$", after)
        lo, hi = both.groups() if both else (None, None)
    elif one := re.match(rf"\s*{number}\s*\.?$", after):
        if re.search(_LOW, word):
            lo = one[1]
        elif re.search(rf"{_HIGH}|not exceed", word):
            hi = one[1]
    if not named or (lo, hi) == (None, None):
        return True
    ends = [re.escape(e) if e else r"[^<=]+?" for e in (lo, hi)]
    le = r"\s*(?:<=|\\leq?|≤)\s*"
    held = [re.fullmatch(rf"\$?{ends[0]}{le}([^<=]+?){le}{ends[1]}\$?", line.strip()) for line in lines or []]
    values = [h[1] for h in held if h and not re.search(r"\.length|\.size|len\(|\|", h[1])]  # not a length's
    # each input it is said of, by a range of its own ("k and nums, each at least 2" beside 2 <= k: not nums')
    return not all(any(_named(v, [n]) for v in values) for n in named)


def refuse_unread(sentence: str, read: list[tuple[str, str]], names: list[str], lines: list[str] | None) -> None:
    """Refuse ``sentence`` as a promise if it names an input with a property word that the clauses
    ``read`` from it ((clause, subject) pairs, each a constraint line) do not carry (see the module's doc);
    a predicate said of several inputs ("nums1 and nums2, sorted in ...") carries its words once."""
    lead = _PRONOUN.match(sentence)
    if lead and names and WORDS.search(sentence):  # "Its elements are distinct.": of the inputs just named
        sentence = " and ".join(names) + " " + sentence[lead.end() :]
    if (
        not _named(sentence, names)
        or _DEFINES.search(sentence)
        or re.match(
            r"[-*\"'] |[\"']|an? (?!(?:and|or|is|are)\b)\w|(?!(?:note|here|also|remark)\b)\w+: ", sentence, re.I
        )
    ):
        return  # a definition, a bullet of one ("- No substring of T is a palindrome."), an example ("\"ab\" is ...")
    at = set(re.findall(r"([A-Za-z]\w*)(?:\[([a-z])\]|_\{?([a-z])\}?)(?!\w)", sentence))
    quantified = re.search(
        r"\bfor (?:all |every |each |any )?[a-z] (?:\\neq|≠|!=|<|>)|\b[a-z] (?:\\neq|≠|!=) [a-z]\b", sentence
    )
    if len(at) != len({n for n, *_ in at}) and not quantified:
        return  # an input at two named positions ("nums[i] and nums[j] are distinct"): the task's indices
    carried = sum((_words(p) for p in {c[len(s) :] for c, s in read}), Counter())
    noun = (
        r"The (?!(?:given|input|array|arrays|string|strings|list|integers?|elements?|values?|numbers?|characters?"
        r"|first|last|\S+-th|sum|contents?|items?|entries|cards?|lengths?|product|total)\b)"
    )
    if (
        re.match(noun, sentence)
        or sentence.startswith(("(", "For example"))
        or re.search(r"\(\d+ [<>]=? \d+\)", sentence)
    ):
        return  # "The advantage of nums1 ... is ...": it defines a word; an example or an aside explains one
    words = Counter(
        _word(m[0])
        for m in WORDS.finditer(sentence)
        if _about_input(sentence, m, names)
        # "a string num representing a non-negative integer": what the input is, not a task's word before it
        and not _NOT_INPUT.search(
            re.sub(r"\brepresent(?:s|ing)? an? (?:[\w-]+ ){0,2}$", "", sentence[: m.start()], flags=re.I)
        )
        and not _sign_said(sentence, m, names, lines)
    )
    # "For each valid i, nums[i] < nums[i + 1]": a quantifier over an index opens the relation, no task's
    quantified_start = re.match(r"for (?:each|every|all|any) (?:valid )?[a-z](?: \([^)]*\))?,? ", sentence, re.I)
    body = sentence[quantified_start.end() :] if quantified_start else sentence
    task = _NOT_INPUT.search(body)
    counted = body[: task.start() if task else len(body)]
    words["relation"] = _relations(counted, names)
    # "... with left <= right": a relation a clause reads, where the sentence's relations are counted
    carried["relation"] = sum(_relations(c, names) for c, _ in read if c in counted)
    # the Constraints may say it of a size the sentence names ("a string s having an even length n")
    named = _named(sentence, names) + re.findall(r"(?<![\w.])(?!a\b)[A-Za-z](?![\w(])", sentence)
    if _each_bound_unsaid(counted, names, lines) or any(
        not _said_in_lines(w, named, lines or []) for w in words - carried
    ):
        raise _Unsupported(
            f"a property of the input the statement states in words not read: {sentence!r}",
            kind="promise",
            line=sentence,
        )


def input_sentences(sentences: list[str], names: list[str]) -> list[str]:
    """``sentences`` cut again where a stop is followed by an input's name in lower case
    ("... an array nums. nums is sorted in ascending order."): a sentence of its own."""
    if not names:
        return sentences
    cut = re.compile(rf"(?<=[.!?])\s+(?=(?:{_names(names)})(?:\[\w+\]|_\{{?\w+\}}?)?(?:,| and| is| are)\b)")
    return [part for s in sentences for part in cut.split(s)]


# a graph's property the body states ("The graph is connected.", "The given graph forms a tree.")
_GRAPH = re.compile(
    r"(?:(?:note that|here|also|moreover),? )*(?:(?:the|this) (?:given |input |underlying )?graph (?:is (?:always )?(?:an? )?"
    r"(?P<word>connected|tree|forest|acyclic|bipartite|dag)\b|forms? an? (?P<formed>tree|forest)\b|(?:has|contains) no (?P<no>cycles?)\b)"
    r"|there (?:are|is) no (?P<none>cycles?) in the graph\b"
    # "The nodes form a connected graph.", "The edges form a tree.", "Every node is reachable from every other node."
    r"|the (?:nodes|vertices|edges) forms? an? (?:(?P<conn>connected) graph|(?P<tree2>tree|forest))\b"
    r"|(?:every|each|any) (?:node|vertex) (?:is reachable|can be reached) from (?P<reach>every|any) other)",
    re.I,
)


def refuse_graph_property(sentence: str, lines: list[str] | None) -> None:
    """Refuse ``sentence`` as a promise if it states a graph property (:data:`_GRAPH`) that no Constraints
    line states too (where a reading enforces it, or refuses): the body's sentence alone draws nothing."""
    m = _GRAPH.match(sentence)
    if not m:
        return
    word = next(w for w in m.groups() if w).lower().rstrip("s")
    word = "connected" if m.group("reach") else word  # every node reachable from every other: connected
    said = {"cycle": r"cycle|acyclic|tree", "acyclic": r"cycle|acyclic|tree"}.get(word, word)
    if not any(re.search(rf"\b(?:{said})", line, re.I) for line in lines or []):
        raise _Unsupported(
            f"a property of the graph the statement states in words not read: {sentence!r}",
            kind="promise",
            line=sentence,
        )
