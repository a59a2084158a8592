"""Which sentences of a statement's body promise something of the input, and which of those
are worded as a guarantee of a plain constraint.

* :func:`is_promise`: the word "guarantee" (or "generated such that") about the input -- not
  "this doesn't guarantee that x is a friend of z" (negated: a fact of the story) nor "the money
  you need to guarantee a win" (someone guarantees something: the task, not the input).
* :func:`stated_clause`: a promise whose clause is a plain constraint ("It is guaranteed that
  k <= n", "The test cases are generated such that digit occurs at least once in number", "Each
  roomId_i is guaranteed to be unique" -> "Each roomId_i is unique", "Note that k is guaranteed to
  be a positive integer"): read as one constraint line more, enforced or refused like any other
  (the refusal then names the sentence, kind ``promise``).

Each form is one entry of :data:`CLAUSE_FORMS` / :data:`NOT_PROMISES` with its examples (their
own test: tests/test_testgen_promises.py, beside real promises that must stay promises).
"""

from __future__ import annotations

import re
from typing import Callable

from microcoder_data.testgen.adjacency_readings import CLAUSES_JOINED
from microcoder_data.testgen.answer_checks import answer_check_of
from microcoder_data.testgen.conditions import PROMISE
from microcoder_data.testgen.graph_readings import reachability_said
from microcoder_data.testgen.promise_clauses import clauses_of

# "guarantee" negated, or done by someone (you, a player): the sentence tells the story or the task
NOT_PROMISES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (
        re.compile(r"\b(?:does not|doesn't|do not|don't|will not|won't|cannot|can't|not|never) guarantees?\b", re.I),
        (
            "Note that friendships are not transitive, meaning if x is a friend of y and y is a friend of z, "
            "this doesn't guarantee that x is a friend of z.",
            "Picking the largest coin first does not guarantee the best result.",
        ),
    ),
    (
        re.compile(
            r"\b(?:you|we|i|they|he|she|player|players|alice|bob)\b(?:\s+\w+){0,4}?\s+(?:to|can|could|will|must|should)"
            r"\s+guarantee\b|\bguarantee (?:a|the|your|her|his|their) (?:win|victory)\b"
            r"|\b(?:is|are|be) guaranteed to (?:win|lose)\b",  # a game's outcome: the task
            re.I,
        ),
        (
            "Given a particular n, return the minimum amount of money you need to guarantee a win regardless of "
            "what number I pick.",
            "Return the minimum number of moves that you need to guarantee that you find the value of f.",
            "Help Alice find the maximum k at which she is guaranteed to win.",
            "Output the number of ways for Alice to divide the pockets to guarantee her win.",
        ),
    ),
)


def is_promise(sentence: str) -> bool:
    """Whether ``sentence`` promises something of the input (see above)."""
    if not PROMISE.search(sentence):
        return False
    rest = sentence
    for pattern, _ in NOT_PROMISES:
        rest = pattern.sub(" ", rest)
    return bool(PROMISE.search(rest))


def _as_is(m: re.Match[str]) -> str:
    return m.group("clause")


def _without_guaranteed(m: re.Match[str]) -> str:
    """ "X is guaranteed to be unique" -> "X is unique"; "to have"/"to contain"/"to end": "has"/"contains"/"ends"."""
    verb = m.group("verb").lower()
    plural = m.group("be").lower() == "are"
    said = {"be": m.group("be"), "have": "have" if plural else "has"}
    said.update({v: v if plural else f"{v}s" for v in ("contain", "end", "start", "begin", "fit")})
    return f"{m.group('subject')} {said[verb]} {m.group('rest')}"


_NOTE = r"\(?(?:note(?: that)?:?\s*|here,\s*|also,\s*|furthermore,\s*|moreover,\s*)?"
CLAUSE_FORMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str], tuple[str, ...]], ...] = (
    (
        re.compile(
            rf"{_NOTE}(?:it is|it's) guaranteed that:?\s+(?P<clause>.+?)\.?\)?\.?"
            rf"|{_NOTE}the constraints (?:of this problem )?guarantee that\s+(?P<c2>.+?)\.?\)?\.?",
            re.I,
        ),
        lambda m: m.group("clause") or m.group("c2"),
        (
            "(The constraints guarantee that N \\le M.)",
            "Here, it is guaranteed that A_{i,j} is 0 or 1.",
            "It's guaranteed that text contains at least one word.",
            "It is guaranteed that target exists in nums.",
        ),
    ),
    (
        re.compile(
            rf"{_NOTE}(?:the )?(?:test ?cases?|tests?|inputs?|input data|test data) (?:are|is|will be|were) "
            r"generated (?:so|such|in a way) that:?\s+(?P<clause>.+?)\.?\)?\.?",
            re.I,
        ),
        _as_is,
        (
            "The test cases are generated such that digit occurs at least once in number.",
            "The input is generated such that k <= n.",
            "The tests are generated such that sessionTime is greater than or equal to the maximum element in tasks[i].",
        ),
    ),
    (
        re.compile(
            rf"{_NOTE}(?P<subject>[A-Za-z][\w\[\]., ]*?) (?P<be>is|are) (?:also )?guaranteed to (?P<verb>be|have|contain|end|start|begin|fit) "
            r"(?P<rest>.+?)\.?",
            re.I,
        ),
        _without_guaranteed,
        (
            "All the scores are guaranteed to be unique.",
            "Each roomIdi is guaranteed to be unique.",
            "Note that k is guaranteed to be a positive integer.",
            "S is guaranteed to end with 2023.",
            "The product of any prefix or suffix of nums is guaranteed to fit in a 32-bit integer.",
            "A number arr in array, format is also guaranteed to have no leading zeros: either arr == [0] or arr[0] == 1.",
        ),
    ),
)


# a clause about the solution, or what can happen ("nums has a unique answer", "you can reach nums[n - 1]"):
# no plain constraint, though a lenient reading of a Constraints line might take it for one; "will" of what the
# input has ("hour will have at most two digits ...", "will be in the range"), a statement like any other
_OF_THE_SOLUTION = re.compile(
    r"\b(?:answers?|solutions?|results?|output|possible|impossible|exists?(?! in\b)|always|valid|winner|eventually|reach|"
    r"can|could)\b|\b(?:will|would)\b(?! (?:not )?(?:have|be in|contain|consist|appear)\b)",
    re.I,
)
# "unique"/"distinct" said of one plain subject only ("All the scores are unique", "Each roomId_i is unique"),
# not "the target with maximum count is unique"
_UNIQUE = re.compile(r"\b(?:unique|distinct)\b", re.I)
_PLAIN_UNIQUE = re.compile(
    r"(?:all |each )?(?:the )?(?:(?:values?|elements?|integers?|numbers?|strings?) (?:of|in) )?(?:the )?[\w\[\]]+ "
    r"(?:is|are) (?:all )?(?:pairwise )?(?:unique|distinct)",
    re.I,
)


_THAT_IS = re.compile(r".+? \((?:i\.e\.|that is),? (.+)\)", re.I)


def _of_the_solution(said: str) -> bool:
    """A clause about the solution (above), or "unique" said of more than one plain subject; a graph's
    connectivity said with "you can reach" is none."""
    if reachability_said(said):
        return False
    return bool(_OF_THE_SOLUTION.search(said)) or bool(_UNIQUE.search(said) and not _PLAIN_UNIQUE.fullmatch(said))


def stated_clause(sentence: str) -> str | None:
    """The plain constraint a promise states, or None when it is worded otherwise."""
    s = sentence.strip()
    for pattern, clause, _ in CLAUSE_FORMS:
        m = pattern.fullmatch(s)
        if m:
            said = clause(m).strip()
            said += ")" * (said.count("(") - said.count(")"))  # "... (1 <= i,j <= K).": its own parenthesis
            restated = _THAT_IS.fullmatch(said)  # "X (i.e., Y)": what X is, Y
            said = restated.group(1) if restated else said
            parts = [p for joined in CLAUSES_JOINED.split(said) for p in clauses_of(joined)]
            # a clause about the answer among them is an answer check (read so: promise_clauses.read_by_clauses)
            if any(_of_the_solution(part) and answer_check_of(part) is None for part in parts):
                return None
            return said
    return None
