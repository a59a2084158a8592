"""Distinctness read compositionally (issue 37): a line is a *subject* -- what must not repeat -- and
a *predicate* saying so ("are distinct", "are unique", "are pairwise distinct", "contains no
duplicates", "There are no duplicate X", "No two X are the same / have the same Y", "each value
can appear only in one of the two arrays", "No X is present in both A and B").  Registered in
``line_readings.READINGS`` by :data:`ENTRIES`, after the older readings of the same words, so it
reads what they leave.

A subject resolves to nodes of the typed model, or the line is not this reading's (None: another
reading may have it, else it is refused): an argument by name ("features", "nums[i]"), by a noun
naming it ("the scores" -> ``score``, "favorite companies" -> ``favoriteCompanies``), its elements'
words ("All the integers of nums", "All digits in each array", "All the elements of row"), a named
tuple position ("The start point of each interval" with ``intervals[i] = [starti, endi]``), several
lists ("All the workers and the bikes locations"), or lists read at one index whose noun the
statement's body defines ("No two cards have the same rank and suit" where "the ith card has a rank
of ranks[i] and a suit of suits[i]").  A noun that names no node ("passengers") reads nothing.

What it resolves to is enforced by the one rule there is for it:

* a list's elements, a string's characters: ``Node.distinct`` (drawn so; validated on every input);
* an edge list ("There are no duplicate corridors"): graph_readings' rule (no edge twice, either way);
* a named position: ``column_distinct`` (a check);
* several lists together: conditions' ``read_distinct_across`` (each drawn distinct, ``all_distinct``);
* no value in two lists: ``disjoint`` (a check);
* lists at one index: ``distinct_pairs`` (a check);
* lists distinct once sorted ("If we sort ... each list then X[i] != X[j]"): ``distinct_as_sets``.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.conditions import read_distinct_across
from microcoder_data.testgen.graph_readings import no_repeated_edges

_NAME = r"[A-Za-z_]\w*"
_REF = rf"{_NAME}(?:\[\w+\])*"
_DISTINCT = r"(?:distinct|unique|different)"
# words for the things a list (or string) holds: "All the integers of nums", "All digits in each array"
_ITEMS = (
    r"(?:elements?|values?|integers?|numbers?|digits?|strings?|words?|entries|entry|items?|lists?|pairs?|"
    r"tuples?|points?|coordinates?|locations?|positions?|characters?|letters?)"
)
_CHARS = re.compile(r"characters?|letters?", re.I)
# words for a list's elements as wholes, where they are lists themselves ("All the points of ..."): not their cells
_WHOLE = re.compile(r"lists?|pairs?|tuples?|points?|coordinates?|locations?|positions?", re.I)
# what a line says of one thing of a subject, not the subject ("the bikes locations": the bikes)
_QUALIFIERS = {"locations", "location", "positions", "position", "coordinates", "points", "values", "names"}
# nouns of graph edges: "There are no duplicate corridors" -- no two join the same ends
_EDGE_NOUNS = re.compile(
    r"edges|roads|corridors|highways|flights|connections|bridges|streets|cables|links|wires|pipes",
    re.I,
)
_ALL = r"(?:all (?:of )?)?(?:the )?(?:given )?"
# several lists said distinct together, not each on its own ("hFences and vFences are unique")
_JOINTLY = r"all\b|.* (?:combined|together)$"

# (pattern, what the subject says) -- ``s``: the subject; ``of``: the list its item word is of
_PREDICATES = (
    (
        rf"(?P<s>.+?) (?:are|is|should be|will be|must be) (?:all |both )?(?:pairwise )?{_DISTINCT},? and each "
        r"(?:value|element|integer|number) (?:can )?appears? (?:only )?in (?:only )?one of the (?:two|\w+) "
        r"(?:arrays|lists)",
        "together",
    ),
    (
        rf"(?P<s>.+?) are {_DISTINCT},? that is,? if we sort (?:alphabetically )?each list(?: alphabetically)? "
        rf"then (?P<ref>{_NAME})\[(\w)\] != (?P=ref)\[(?!\3)\w\]",
        "as sets",
    ),
    (rf"(?P<s>.+?),? (?:are|is|should be|will be|must be) (?:all |both )?(?:pairwise )?{_DISTINCT}", "distinct"),
    (
        rf"(?:each )?(?P<of>.+?) (?:contains?|has|have) no (?:duplicates?|duplicated|repeated|repeating)"
        rf"(?: (?P<s>{_ITEMS}))?",
        "within",
    ),
    (r"there (?:are|is) no duplicates?(?P<s>) (?:in|among) (?P<of>.+)", "within"),
    (  # "Every character in s appears at most once"
        rf"(?:each|every) (?P<s>{_ITEMS}) (?:in|of) (?P<of>.+?) (?:appears|occurs) (?:at most|only|exactly) once",
        "within",
    ),
    (
        rf"(?P<of>{_REF}) (?:consists? of|contains?) (?:a list of )?(?:only )?(?:pairwise )?{_DISTINCT} "
        rf"(?P<s>{_ITEMS})(?: in the range \[(?P<lo>[^,\]]+), (?P<hi>[^,\]]+)\])?",
        "within",
    ),
    (
        rf"(?:each )?(?P<of>.+?) (?:does|do|will) not (?:contain|have) (?:any )?duplicates?(?: (?P<s>{_ITEMS}))?",
        "within",
    ),
    (
        r"there (?:are|is|will be) no (?:duplicate|duplicated|repeated) (?P<s>\w+)(?: (?:on|in|of|among) (?P<of>.+))?",
        "no repeat",
    ),
    (
        r"there (?:will not|won't) be any (?:multiple|duplicate|repeated) (?P<s>\w+) between "
        r"(?:two|any two|the same two|a pair of) \w+",
        "no repeat",
    ),
    (r"no two (?P<s>.+?) (?:are|is) (?:exactly )?(?:the same|equal)", "distinct"),
    (r"no two (?P<x>\w+) (?:have|has) the same (?P<s>.+)", "same index"),
    (r"no (?:\w+ )?(?P<x>\w+) (?:is|appears?) (?:present )?in both (?P<s>.+)", "disjoint"),
)


def _is_list(node: Any) -> bool:
    return node is not None and node.kind == "list" and node.elem is not None


def _singular(word: str) -> str:
    return re.sub(r"(?:(?<=[sxz])es|(?<=ch)es|s)$", "", word) if len(word) > 3 else word


_KINDS = {"array", "list", "matrix", "grid", "string"}


def _argument(reader: Any, words: str) -> str | None:
    """The one argument a noun phrase names: itself, its singular or plural, its words in camelCase or
    snake_case ("favorite companies"), less a qualifier ("the bikes locations") or a kind ("cuts array")."""
    words = re.sub(r"^(?:the |given |each |every |all )+", "", words.strip(), flags=re.I)
    parts = words.split()
    if not parts:
        return None
    if len(parts) > 1 and parts[-1].lower() in (_QUALIFIERS | _KINDS):
        return _argument(reader, " ".join(parts[:-1])) or _joined(reader, parts)
    if len(parts) == 2 and parts[0].lower() in _KINDS:  # the kind before the name: "matrix a", "array b"
        return _joined(reader, parts) or _joined(reader, parts[1:])
    return _joined(reader, parts)


def _joined(reader: Any, parts: list[str]) -> str | None:
    camel = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    forms = {camel, "_".join(parts), _singular(camel), camel + "s", camel + "es"}
    found = [a for a in reader.args if a in forms]
    return found[0] if len(found) == 1 else None


def _each_container(reader: Any, noun: str) -> list[tuple[str, int]] | None:
    """ "each array", "each row", "each list": the input lists it speaks of -- every flat list, or the
    rows of the one list of lists; None where that is not one reading."""
    if _singular(noun.lower()) not in ("array", "row", "list"):
        return None
    lists = [a for a in reader.args if _is_list(reader.nodes[a])]
    nested = [a for a in lists if reader.nodes[a].elem.kind in ("list", "str")]
    if noun.lower().startswith("row") or (nested and len(nested) == len(lists)):
        return [(nested[0], 1)] if len(nested) == 1 else None
    return [(a, 0) for a in lists] if lists and not nested else None


def _container(reader: Any, phrase: str) -> list[tuple[str, int]] | None:
    """What ``phrase`` holds the items of: (argument, depth) -- ``nums`` (0), ``nums[i]`` (1), each array."""
    phrase = re.sub(r"^(?:the |given )+", "", phrase.strip(), flags=re.I)
    m = re.fullmatch(r"(?:each|every) (\w+)", phrase, re.I)
    if m and m.group(1) not in reader.nodes:
        return _each_container(reader, m.group(1))
    if phrase.lower() in ("matrix", "grid", "array") and phrase not in reader.nodes:  # the one input of that shape
        nested = phrase.lower() != "array"
        shaped = [a for a in reader.args if _is_list(reader.nodes[a]) and _is_list(reader.nodes[a].elem) == nested]
        return (
            [(shaped[0], 0)]
            if len(shaped) == 1 and len([a for a in reader.args if _is_list(reader.nodes[a])]) == 1
            else None
        )
    ref = reader.ref(phrase) if re.fullmatch(_REF, phrase) else None
    if ref is not None:
        return [(ref[0], ref[1])] if ref[2] == "val" else None
    name = _argument(reader, phrase)
    return [(name, 0)] if name else None


def _subjects(reader: Any, subject: str) -> tuple[list[tuple[str, int]], str] | None:
    """The (argument, depth) each of whose items differ, and the word for the items ("" where none);
    None: no subject."""
    s = re.sub(rf"^{_ALL}", "", subject.strip(), flags=re.I)
    m = re.fullmatch(rf"(?:each |every )?({_ITEMS}) (?:of|in) (.+)", s, re.I)
    if m:
        found = _container(reader, m.group(2))
        return (found, m.group(1)) if found else None
    m = re.fullmatch(rf"(?:each |every )?(?:(?:value|element|cell|entry) )?({_REF})", s, re.I)
    ref = reader.ref(m.group(1)) if m else None
    if ref is not None and ref[2] == "val" and ref[1] == 2 and _is_list(reader.nodes[ref[0]]):
        return [(ref[0], 0)], "values"  # "Each value board[i][j] is unique": every cell of the matrix
    if ref is not None and ref[2] == "val":  # "All points[i] are distinct": the list's elements
        return [(ref[0], max(ref[1] - 1, 0))], ""
    name = _argument(reader, s) or _the_one_list(reader, s)
    return ([(name, 0)], "") if name else None


def _the_one_list(reader: Any, words: str) -> str | None:
    """ "elements", "values": the items of the input's one list of numbers or strings, where it has no other list."""
    if not re.fullmatch(r"(?:elements|values|integers|numbers)", words.strip(), re.I):
        return None
    scalars = [a for a in reader.args if reader.nodes[a].kind in ("int", "float", "str")]
    if scalars and words.strip().lower() != "elements":  # "All the integers are distinct": k's too, maybe
        return None
    lists = [a for a in reader.args if reader.nodes[a].kind == "list"]
    flat = len(lists) == 1 and _is_list(reader.nodes[lists[0]]) and reader.nodes[lists[0]].elem.kind in ("int", "str")
    return lists[0] if flat else None


def _several(reader: Any, subject: str) -> list[str] | None:
    """``A and B``, ``the workers and the bikes locations``: the lists named, two or more."""
    s = re.sub(rf"^{_ALL}(?:values |elements |integers )?(?:of |in )?", "", subject.strip(), flags=re.I)
    s = re.sub(r" (?:combined|together)$", "", s)
    parts = re.split(r",? and |, ", s)
    names = [_argument(reader, p) for p in parts]
    if len(parts) < 2 or None in names or len(set(names)) < len(names):
        return None
    return names if all(_is_list(reader.nodes[n]) for n in names) else None  # type: ignore[index]


def _tuples(reader: Any, name: str, depth: int) -> bool:
    """Whether the list's elements are tuples of one stated length (``moves[i].length == 2``): points, not rows."""
    node = reader.node_at(name, depth).elem
    said = reader.bounds.get((name, depth + 1, "len"), {})
    fixed = said.get("eq") or (said.get("lo") if said.get("lo") == said.get("hi") else None)
    return node.items is not None or str(fixed).isdigit()


def _items_distinct(reader: Any, found: list[tuple[str, int]], word: str = "") -> bool | None:
    """Each container's items differ: ``Node.distinct`` of a list's elements, of a string's characters
    (``word`` "characters"), or -- the numbers of a matrix (``All the integers of mat``) -- every cell
    (each row drawn distinct, ``cells_distinct`` checked); None where one is not such a container
    (another reading may know the line)."""
    chars = bool(_CHARS.fullmatch(word))
    plan = []
    for name, depth in found:
        node = reader.node_at(name, depth)
        if not ((node.kind == "str" and chars) or (_is_list(node) and not chars)):
            return None
        cells = node.kind == "list" and bool(word) and not _WHOLE.fullmatch(word) and _is_list(node.elem)
        if cells and (depth or node.elem.elem.kind not in ("int", "str") or _tuples(reader, name, depth)):
            return None if depth else _items_distinct(reader, [(name, depth)])  # a tuple's elements: the tuples
        plan.append((node.elem, name) if cells else (node, None))
    for node, cells_of in plan:
        node.distinct = True
        if cells_of:
            reader.checks.append(f"cells_distinct({cells_of})")
    return True


def _within(reader: Any, m: re.Match[str]) -> bool | None:
    """What a container holds: ``hats[i] contains a list of unique integers`` (each row's values),
    ``grid consists of distinct integers`` (every cell), ``Each ingredients[i] does not contain any
    duplicate values``, ``targetIndices contains distinct elements in the range [0, n - 1]`` (and that range)."""
    found = _container(reader, m.group("of"))
    if not found or not _items_distinct(reader, found, m.group("s") or ""):
        return None
    if m.groupdict().get("lo") is None:
        return True
    name, depth = found[0]
    return depth == 0 and reader.read(f"{m.group('lo')} <= {name}[i] <= {m.group('hi')}", False)


def _position(reader: Any, subject: str) -> bool | None:
    """``The start point of each interval`` with ``intervals[i] = [starti, endi]``: a named position."""
    m = re.fullmatch(r"(?:the )?(\w+)(?: \w+)? of (?:each|every) (\w+)", subject.strip(), re.I)
    name = _argument(reader, m.group(2)) if m else None
    if name is None:
        return None
    stem = m.group(1).lower()
    at = {k for a, (n, _, k) in reader.aliases.items() if n == name and re.sub(r"_?i$", "", a).lower() == stem}
    if len(at) != 1:
        return None
    reader.checks.append(f"column_distinct({name}, {at.pop()})")
    return True


def _no_repeat(reader: Any, m: re.Match[str]) -> bool | None:
    """``There are no duplicate corridors`` (an edge list: no edge twice), ``There are no repeated
    elements on moves`` (its elements)."""
    noun, of = m.group("s"), m.groupdict().get("of")
    if of is not None and re.fullmatch(_ITEMS, noun, re.I):
        found = _container(reader, of)
        return _items_distinct(reader, found, noun) if found else None
    name = _argument(reader, of or noun)
    if name is None or not _is_list(reader.nodes[name]):
        return None
    elem = reader.nodes[name].elem
    if _EDGE_NOUNS.fullmatch(noun) and elem.kind == "list":  # the graph readings' rule, as they word it
        return no_repeated_edges(reader, f"There are no repeated edges among the {name}")
    return _items_distinct(reader, [(name, 0)])


def _same_index(reader: Any, m: re.Match[str]) -> bool | None:
    """``No two cards have the same rank and suit``: lists read at one index, the noun defined in the
    statement's body by those lists (``the ith card has a rank of ranks[i] and a suit of suits[i]``)."""
    names = [_argument(reader, p) for p in re.split(r",? and ", m.group("s"))]
    if None in names or len(names) > 2 or not all(_is_list(reader.nodes[n]) for n in names):  # type: ignore[index]
        return None
    noun = _singular(m.group("x").lower())
    defined = [
        s
        for s in re.split(r"(?<=[.;])\s+|\n", getattr(reader, "statement", "") or "")
        if re.search(rf"\b{noun}s?\b", s, re.I) and all(re.search(rf"\b{n}\[\w\]", s) for n in names)
    ]
    if not defined:
        return None
    if len(names) == 1:
        return _items_distinct(reader, [(names[0], 0)])  # type: ignore[list-item]
    reader.checks.append(f"distinct_pairs({names[0]}, {names[1]})")
    return True


def _together(reader: Any, says: str, names: list[str]) -> bool | None:
    """Several lists: no value in two of them (``disjoint``), or none twice in all of them together."""
    flat = all(reader.nodes[n].elem.kind in ("int", "str") for n in names)
    if says == "disjoint":
        if len(names) != 2 or not flat:
            return None
        reader.checks.append(f"disjoint({names[0]}, {names[1]})")
        return True
    return read_distinct_across(reader, f"all values of {', '.join(names[:-1])} and {names[-1]} are distinct")


def distinct_line(reader: Any, text: str) -> bool | None:
    """The first predicate the line has, read of its subject; None where the subject resolves to nothing."""
    for pattern, says in _PREDICATES:
        m = re.fullmatch(pattern, text, re.I)
        if m is None:
            continue
        if says == "within":
            return _within(reader, m)
        if says in ("no repeat", "same index"):
            return (_no_repeat if says == "no repeat" else _same_index)(reader, m)
        several = _several(reader, m.group("s"))
        if says in ("together", "disjoint") or (several and re.match(_JOINTLY, m.group("s"), re.I)):
            return _together(reader, says, several) if several else None
        found = _subjects(reader, m.group("s"))
        if found is None:
            return _position(reader, m.group("s")) if says == "distinct" else None
        if says == "as sets" and found[0] != [(m.group("ref"), 0)]:
            return None
        done = _items_distinct(reader, *found)
        if done and says == "as sets":  # elements distinct once each is sorted: a check
            reader.checks.append(f"distinct_as_sets({m.group('ref')})")
        return done
    return None


def each_sentence(reader: Any, text: str) -> bool | None:
    """``All the integers of nums are unique. nums is a permutation``: two sentences on one line, each
    read on its own (refused if one is not read)."""
    parts = re.split(r"(?<=[A-Za-z0-9\])'])\. (?=[A-Za-z])", text)
    if len(parts) < 2 or re.search(r"\b(?:e\.?g|i\.?e|etc|vs)\. ", text, re.I):
        return None
    return all(reader.read(p, False) for p in parts)


ENTRIES = (
    (
        "values distinct: a subject and a predicate",
        (
            "All the elements of row are unique",
            "All characters of votes[i] are unique",
            "features contains no duplicates",
            "Each ingredients[i] does not contain any duplicate values",
            "nums does not contain duplicates",
            "There are no repeated elements on moves",
            "There are no duplicate words",
            "All the scores are unique",
            "All the integers of nums are unique",
            "No two points are the same",
            "Each value grid[i][j] is unique",
        ),
        "drawn",
        distinct_line,
    ),
    (
        "values distinct at a named position, together, or across lists",
        (
            "The start point of each interval is unique",
            "All the workers and the bikes locations are unique",
            "All the values of recipes and supplies combined are unique",
            "All values of left and right are unique, and each value can appear only in one of the two arrays",
            "No word is present in both positive_feedback and negative_feedback",
            "All lists of favorite companies are distinct, that is, If we sort alphabetically each list then "
            "favoriteCompanies[i] != favoriteCompanies[j]",
        ),
        "checked",
        distinct_line,
    ),
    (
        "edges not repeated, by the edge list's noun",
        ("There are no duplicate corridors", "There will not be any multiple flights between two cities"),
        "drawn and checked",
        distinct_line,
    ),
    (
        "several sentences on one line",
        ("All the integers of nums are unique. nums is a permutation",),
        "as the reading of each part enforces it",
        each_sentence,
    ),
)
