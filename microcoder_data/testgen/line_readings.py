"""Readings of whole constraint lines, each registered with the phrasings it reads (its
``examples``, which are its own test: tests/test_testgen_line_readings.py) and how it is
enforced: ``drawn`` (every draw has it), ``checked`` (a check every draw and existing test must
pass), or both; :data:`AS_EACH_PART` (it hands each part back to the reader); or
:data:`NOTHING_TO_ENFORCE` (the line speaks of no input).  A new phrasing of this kind is one entry here.

:func:`read_line` returns True (read), False (the phrasing, on something it cannot hold: the
line is refused) or None (not one of these phrasings).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from microcoder_data.testgen.adjacency_readings import ENTRIES as ADJACENCY_ENTRIES
from microcoder_data.testgen.adjacency_readings import said_in_clauses
from microcoder_data.testgen.alphabet_readings import string_leaf
from microcoder_data.testgen.distinct_readings import ENTRIES as DISTINCT_ENTRIES
from microcoder_data.testgen.geometry_readings import ENTRIES as GEOMETRY_ENTRIES
from microcoder_data.testgen.graph_readings import distinct_edges, no_repeated_edges, shape_line
from microcoder_data.testgen.graph_properties import ENTRIES as GRAPH_PROPERTY_ENTRIES
from microcoder_data.testgen.length_relations import LENGTH_READINGS
from microcoder_data.testgen.matrices import read_matrix
from microcoder_data.testgen.predicate_readings import ENTRIES as PREDICATE_ENTRIES
from microcoder_data.testgen.typed_positions import ENTRIES as TYPED_ENTRIES
from microcoder_data.testgen.typed_positions import typed_header
from microcoder_data.testgen.parent_trees import parents_tree
from microcoder_data.testgen.multiset_readings import ENTRIES as MULTISET_ENTRIES
from microcoder_data.testgen.order_readings import ENTRIES as ORDER_ENTRIES
from microcoder_data.testgen.count_readings import ENTRIES as COUNT_ENTRIES
from microcoder_data.testgen.count_wordings import ENTRIES as COUNT_WORDING_ENTRIES
from microcoder_data.testgen.coprime_readings import ENTRIES as COPRIME_ENTRIES
from microcoder_data.testgen.pair_readings import ENTRIES as PAIR_ENTRIES
from microcoder_data.testgen.promise_clauses import ENTRIES as PROMISE_ENTRIES
from microcoder_data.testgen.relation_readings import (
    differs_from_position,
    fixed_cells,
    length_of_no_input,
    single_equals,
    size_multiple,
)
from microcoder_data.testgen.range_words import ENTRIES as RANGE_WORD_ENTRIES
from microcoder_data.testgen.relation_grammar import ENTRIES as RELATION_ENTRIES
from microcoder_data.testgen.word_bounds import ENTRIES as WORD_BOUND_ENTRIES
from microcoder_data.testgen.word_lists import ENTRIES as WORD_LIST_ENTRIES
from microcoder_data.testgen.sentence_readings import ENTRIES as SENTENCE_ENTRIES
from microcoder_data.testgen.structured_readings import ENTRIES as STRUCTURED_ENTRIES
from microcoder_data.testgen.subjects import ENTRIES as SUBJECT_ENTRIES
from microcoder_data.testgen.value_registry import ENTRIES as VALUE_ENTRIES
from microcoder_data.testgen.other_wordings import ENTRIES as OTHER_WORDING_ENTRIES, JOINED_ENTRIES
from microcoder_data.testgen.word_readings import each_subject, leading_zeros

# how a reading of a line that constrains no input is enforced (its test: it records nothing)
NOTHING_TO_ENFORCE = "nothing: it constrains no input"
# how a reading that hands each part of a line back to the reader is enforced
AS_EACH_PART = "as the reading of each part enforces it"

_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@dataclass(frozen=True)
class Reading:
    name: str
    examples: tuple[str, ...]  # lines it reads, in the reader's notation
    enforced: str  # drawn | checked | drawn and checked | AS_EACH_PART | NOTHING_TO_ENFORCE
    read: Callable[[Any, str], bool | None]


def _letters_and_exactly(reader: Any, text: str) -> bool | None:
    """``p contains only lowercase English letters and exactly two '*'``: the letters, and the
    symbol exactly that many times (drawn at that many positions; checked)."""
    m = re.fullmatch(
        r"(\S+) (?:contains|consists of) (?:only )?(.+?),? and exactly (\w+) '(.)'(?:s| characters?)?", text, re.I
    )
    if not m:
        return None
    count = _COUNT_WORDS.get(m.group(3).lower()) or (int(m.group(3)) if m.group(3).isdigit() else None)
    node, letters = string_leaf(reader, m.group(1)), reader.alphabet(m.group(2))
    if count is None or node is None or letters is None or m.group(4) in letters:
        return False
    node.alphabet = "".join(sorted(set(letters) | {m.group(4)}))
    node.char_count = (m.group(4), count)
    return True


def _end_character(reader: Any, text: str) -> bool | None:
    """``The first character of S is an uppercase English letter`` (``last``, ``a digit``): a check."""
    m = re.fullmatch(r"the (first|last) character of ([A-Za-z_]\w*) is (?:an? |one of )?(.+)", text, re.I)
    if not m or re.match(r"not\b", m.group(3)):
        return None  # "is not '0'": conditions.read_string_rule's
    node, chars = reader.nodes.get(m.group(2)), reader.alphabet(m.group(3))
    if node is None or node.kind != "str" or chars is None:
        return False
    reader.checks.append(f"end_char_in({m.group(2)}, {m.group(1).lower() == 'last'}, {chars!r})")
    return True


_DIFFERENCE = re.compile(r"(?:(\S+) (<=|<) )?(\S+) - (\S+)(?: (<=|<) (\S+))?")


def _bounded_difference(reader: Any, text: str) -> bool | None:
    """``1 < queries[i][1] - queries[i][0]`` (``X - Y > 1``, ``X - Y <= 5``): a bound on the
    subtracted term, where a chain ``Y < X`` puts its own (``Y < X - 1``, ``X - 5 <= Y``): drawn so."""
    flipped = {">": "<", ">=": "<="}
    parts = re.split(r" (<=|>=|<|>) ", text)
    if len(parts) == 3 and parts[1] in flipped:
        text = f"{parts[2]} {flipped[parts[1]]} {parts[0]}"
    m = _DIFFERENCE.fullmatch(text)
    refs = [reader.ref(w) for w in m.group(3, 4)] if m and bool(m.group(1)) != bool(m.group(5)) else []
    if not refs or any(r is None or r[1] < 1 for r in refs):
        return None  # of whole values (r - l >= 1) a check reads it: conditions.py
    x, y = m.group(3), m.group(4)
    if m.group(1):  # a < X - Y  ->  Y < X - a
        return reader.range_or_condition(f"{y} {m.group(2)} {x} - ({m.group(1)})")
    return reader.range_or_condition(f"{x} - ({m.group(6)}) {m.group(5)} {y}")  # X - Y < a  ->  X - a < Y


READINGS = (
    # words and spaces of strings or lists (word_lists.py), before "s begins with ..." of one character
    *(Reading(*entry) for entry in WORD_LIST_ENTRIES),
    *(Reading(*entry) for entry in SUBJECT_ENTRIES),  # subjects resolved: all strings, tuple fields
    *(Reading(*entry) for entry in VALUE_ENTRIES),  # values, alphabets, existence: value_registry.py
    *(Reading(*entry) for entry in STRUCTURED_ENTRIES),  # brackets, leading zeros, occurs in: structured_readings.py
    *(Reading(*entry) for entry in MULTISET_ENTRIES),  # repeated values, a fixed ending: multiset_readings.py
    *(Reading(*entry) for entry in COUNT_ENTRIES),  # how often values occur: count_readings.py
    *(Reading(*entry) for entry in COUNT_WORDING_ENTRIES),  # the same in other words: count_wordings.py
    *(Reading(*entry) for entry in PAIR_ENTRIES),  # lists compared as tuples: pair_readings.py
    *(Reading(*entry) for entry in PROMISE_ENTRIES),  # clauses promises state: promise_clauses.py
    *(Reading(*entry) for entry in SENTENCE_ENTRIES),  # sentences, relations of inputs: sentence_readings.py
    *(Reading(*entry) for entry in ORDER_ENTRIES),  # a list's order: order_readings.py
    *(Reading(*entry) for entry in ADJACENCY_ENTRIES),  # adjacency lists, tree edges, permissions
    *(Reading(*entry) for entry in OTHER_WORDING_ENTRIES),  # lengths, ranges, alphabets said otherwise
    *(Reading(*entry) for entry in RANGE_WORD_ENTRIES),  # ranges in words, absolute values: range_words.py
    *(Reading(*entry) for entry in WORD_BOUND_ENTRIES),  # bounds in words, "at most", "positive": word_bounds.py
    *(Reading(*entry) for entry in GEOMETRY_ENTRIES),  # boxes, intervals apart; no three collinear
    *(Reading(*entry) for entry in PREDICATE_ENTRIES),  # remainders, powers, palindromes: predicate_readings.py
    *(Reading(*entry) for entry in TYPED_ENTRIES),  # bounds for each type of a tuple: typed_positions.py
    *(Reading(*entry) for entry in GRAPH_PROPERTY_ENTRIES),  # paths, negative cycles: graph_properties.py
    Reading(
        "a graph's shape: tree, connected, directed acyclic",
        (
            "The given graph is a tree",
            "The graph is connected",
            "The given graph is simple and connected",
            "Any pair of cities can be reached from each other by traveling through some roads",
            "All branches are reachable from each other by traveling some roads",
            "The graph is directed and acyclic",
            "The input graph is always connected",
            "The graph has exactly one cycle",
            "It is possible to travel between any two islands using some bridges",
            "The given graph is an N-vertex tree",
        ),
        "drawn and checked",
        shape_line,
    ),
    Reading(
        "a list of parents said to be a tree rooted at 1 (parent_trees)",
        ("the parents u form a tree rooted at 1",),
        "drawn and checked",
        parents_tree,
    ),
    Reading(
        "no repeated edge or self-loop, in words",
        (
            "There are no repeated connections",
            "There are no self edges",
            "There are no self-loops or repeated edges",
            "There is at most one edge between any pair of vertices",
            "There are no repeated roads among the queries",
            "No two computers are connected by more than one cable",
            "The graph does not contain self loops",
            "There will not be any multiple flights between two cities",
            "There are no duplicate corridors",
            "There are no duplicate highways",
            "The given graph has no self-loops or multi-edges",
            "No edge connects a node to itself",
        ),
        "drawn and checked",
        no_repeated_edges,
    ),
    Reading(
        "edges pairwise distinct, written as pairs",
        (
            "(u[i], v[i]) != (u[j], v[j]) for i != j",
            "(U[i],V[i]) != (U[j],V[j]) for i != j",
            "\\lbrace u[i], v[i] \\rbrace != \\lbrace u[j], v[j] \\rbrace if i != j",
        ),
        "checked",
        distinct_edges,
    ),
    Reading(
        "symmetric matrix or its diagonal",
        ("A[i][j] == A[j][i]", "travelScore[i][i] == 0", "For all i grid[i][i] is 0"),
        "drawn and checked",
        read_matrix,
    ),
    Reading(
        "letters and exactly k of a symbol",
        (
            "p contains only lowercase English letters and exactly two '*'",
            "p contains only lowercase English letters and exactly one '*'",
            "s consists of lowercase English letters and exactly 1 '?'",
        ),
        "drawn and checked",
        _letters_and_exactly,
    ),
    Reading(
        "the first or last character's class",
        (
            "The first character of S is an uppercase English letter",
            "the last character of s is a digit",
        ),
        "checked",
        _end_character,
    ),
    Reading(
        "a bounded difference of two positions",
        (
            "1 < queries[i][1] - queries[i][0]",
            "queries[i][1] - queries[i][0] > 1",
            "queries[i][1] - queries[i][0] <= 5",
        ),
        "drawn and checked",
        _bounded_difference,
    ),
    Reading(
        "= written for ==",
        ("n = board[i].length", "nums1.length = nums2.length", "queries[i].length = 3"),
        "drawn",
        single_equals,
    ),
    Reading("the heading of lines for each type", ("For all i that:",), NOTHING_TO_ENFORCE, typed_header),
    Reading(
        "no element equals its position",
        ("edges[i] != i", "favorite[i] != i", "graph[i][j] != i", "graph[u] does not contain u"),
        "checked",
        differs_from_position,
    ),
    Reading(
        "elements at stated positions hold a constant",
        (
            "grid[0][0] == grid[m - 1][n - 1] == 0",
            "obstacles[0] == obstacles[n] == 0",
            "grid[0][0] == 1 and grid[m - 1][n - 1] == 1",
            "s[0] == '0'",
            "s[0] != 'i'",
        ),
        "checked",
        fixed_cells,
    ),
    Reading(
        "a length a multiple of a size, the size first",
        ("2 * n == costs.length", "3 * n == slices.length", "2n == row.length"),
        "drawn",
        size_multiple,
    ),
    Reading(
        "the size of something no input is",
        ("n == grid.length", "n == nums.length"),
        NOTHING_TO_ENFORCE,
        length_of_no_input,
    ),
    Reading(
        "a predicate of each of several subjects",
        (
            "original[i], changed[i] are lowercase English letters",
            "Both num1 and num2 do not contain any leading zeros",
            "grid1[i][j] and grid2[i][j] are either 0 or 1",
        ),
        AS_EACH_PART,
        each_subject,
    ),
    Reading(
        "no leading zeros, in other words",
        (
            "num does not contain any leading zeros except for the zero itself",
            "s will not have any leading zeros",
            "num1 has no leading zeros",
            "original[i] will not have any leading zeros",
            "nums1 does not contain any leading 0",
        ),
        "checked",
        leading_zeros,
    ),
)
READINGS += tuple(Reading(*r) for r in LENGTH_READINGS)  # lengths, sums, neighbours
READINGS += tuple(Reading(*r) for r in DISTINCT_ENTRIES)  # distinct values, compositionally: distinct_readings.py
READINGS += tuple(Reading(*r) for r in COPRIME_ENTRIES)  # gcd(a, b) == 1: coprime_readings.py
READINGS += (  # last: a line another reading takes as a whole stays its
    Reading(
        "a promise of two clauses",
        (
            "you can reach any intersection from any other intersection and that there is at most one road "
            "connecting any two intersections",
        ),
        AS_EACH_PART,
        said_in_clauses,
    ),
)
READINGS += tuple(Reading(*r) for r in JOINED_ENTRIES)  # two comparisons in a line: other_wordings.py
READINGS += tuple(Reading(*r) for r in RELATION_ENTRIES)  # relations over terms, one grammar: relation_grammar.py


def read_line(reader: Any, text: str) -> bool | None:
    """The first registered reading whose phrasing ``text`` has decides (None: none has it)."""
    for reading in READINGS:
        done = reading.read(reader, text)
        if done is not None:
            return done
    return None
