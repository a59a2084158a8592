"""The subject of a character or value predicate written in a way the plain readings do not resolve
(issue 37: refused lines of the dev statements), resolved to the inputs' nodes by one rule set:

* ``All strings``: every input whose leaves are strings; ``Both strings``: the
  same, where there are exactly two (otherwise the line is refused: ambiguous);
* a tuple field named in the body (``tickets[i] = [fromi, toi]``: ``fromi`` is position 0 of
  ``tickets``' elements, structures.scan_aliases) or by index (``orders[i][2]``): that position;
* a singular or plural written for an input's name (``images[i][j]`` of ``image``: name_variants).

Then the predicate is enforced as its plain reading enforces it: an alphabet (``consist of
lowercase English letters``) on each string leaf (a tuple position's own: ``position_alphabets``,
drawn so by structures.make_items and checked on every input); values listed (``is either 0 or
1``: a range where consecutive, else the choices) handed back per subject.  A line whose subjects
are all plain names is left to the plain readings (None).
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.testgen.alphabet_readings import listed_alphabet
from microcoder_data.testgen.name_variants import with_variants
from microcoder_data.testgen.word_readings import alphabet_in_words

_TERM = r"[A-Za-z_]\w*(?:\[[a-z0-9]\])*"
_GROUP = r"(?:all (?:of )?(?:the )?|both (?:of )?(?:the )?)(?:given |input )?strings"  # not "the strings": which?
_SUBJECTS = rf"(?:both (?!(?:of )?(?:the )?strings))?({_GROUP}|{_TERM}(?:(?:,? and |, ){_TERM})*)"


def _leaf(node: Any) -> Any:
    while node.kind == "list" and node.elem is not None:
        node = node.elem
    return node


def _string_inputs(reader: Any) -> list[str]:
    return [a for a in reader.args if a in reader.nodes and _leaf(reader.nodes[a]).kind == "str"]


def resolve(reader: Any, phrase: str) -> list[tuple[str, tuple[str, int, str]]] | bool | None:
    """The subjects ``phrase`` names, each as (a term the reader reads, its ref); None: not
    subjects (some piece names no input); False: a group that names no single set (``Both
    strings`` of one or three string inputs); True: every piece a plain name (the plain
    readings' phrasing: left to them)."""
    group = re.fullmatch(_GROUP, phrase, re.I)
    if group:
        names = _string_inputs(reader)
        if not names or (phrase.lower().startswith("both") and len(names) != 2):
            return False
        return [(n, (n, 0, "val")) for n in names]
    out, plain = [], True
    for piece in re.split(r",? and |, ", phrase):
        ref = reader.ref(piece)
        if ref is None:
            piece = with_variants(piece, reader.names(), set(reader.aliases))
            ref, plain = reader.ref(piece), False
        if ref is None or ref[2].endswith("len") or ref[2] not in ("val",) and not ref[2].startswith("@"):
            return None
        plain = plain and ref[2] == "val"
        out.append((piece, ref))
    return True if plain else out


def _alphabet(reader: Any, phrase: str) -> str | None:
    return reader.alphabet(phrase) or alphabet_in_words(phrase) or listed_alphabet(phrase)


_MADE_OF = re.compile(
    rf"{_SUBJECTS},? (?:all |both |each |only )?(?:consists?|consist|are composed|are made up|are made) "
    r"(?:only )?of (?:only )?(.+?)(?: only)?|"
    rf"{_SUBJECTS} are (either |all )?((?:\w+ )*(?:letters|digits|characters)\b.*)",
    re.I,
)


def made_of(reader: Any, text: str) -> bool | None:
    """``All strings consist of lowercase English letters``, ``fromi and toi consist of uppercase
    English letters``, ``oldi and newi are either uppercase or lowercase English letters or
    digits``: the characters of each string the subject resolves to (drawn so, and checked)."""
    m = _MADE_OF.fullmatch(text)
    if not m:
        return None
    subjects = resolve(reader, m.group(1) or m.group(3))
    one_each = (m.group(4) or "").startswith("either")  # "are either letters or digits": one character each
    if subjects is None or subjects is True:
        return None
    chars = _alphabet(reader, m.group(2) or m.group(5))
    if subjects is False or chars is None:
        return False
    for _, (name, depth, attr) in subjects:
        leaf = _leaf(reader.node_at(name, depth))
        if leaf.kind != "str":
            return False
        if attr == "val":  # within any alphabet a line stated of it alone (review: replaced, it widened it)
            leaf.alphabet = chars if leaf.alphabet is None else "".join(c for c in leaf.alphabet if c in chars)
        else:  # one position of the tuples: its own alphabet (structures.make_items)
            reader.position_alphabets[(name, depth, int(attr[1:]))] = chars
    return not one_each or all(reader.range_or_condition(f"{t}.length == 1") for t, _ in subjects)


_VALUES = re.compile(rf"{_SUBJECTS} (?:is|are) (?:either |all )?(-?\d+)((?:,? (?:or|and) -?\d+|, -?\d+)+)", re.I)


def values_of(reader: Any, text: str) -> bool | None:
    """``images[i][j] is either 0 or 1``, ``directioni is either 0 or 1``, ``veganFriendlyi and
    veganFriendly are 0 or 1``: the values listed, of each number the subject resolves to (a range
    where consecutive -- a tuple position's bounds -- else the choices), handed back per subject."""
    m = _VALUES.fullmatch(text)
    if not m:
        return None
    subjects = resolve(reader, m.group(1))
    if subjects is None or subjects is True:
        return None
    if subjects is False or any(_leaf(reader.node_at(r[0], r[1])).kind != "int" for _, r in subjects):
        return False
    values = [int(m.group(2)), *map(int, re.findall(r"-?\d+", m.group(3)))]
    if sorted(values) == list(range(min(values), max(values) + 1)):
        return all(reader.range_or_condition(f"{min(values)} <= {t} <= {max(values)}") for t, _ in subjects)
    if any(r[2].startswith("@") for _, r in subjects):
        return False  # choices of one tuple position: no reading holds them (handed back, it would come here again)
    return all(reader.read(f"{t} is either {' or '.join(map(str, values))}", False) for t, _ in subjects)


def quoted_plurals(reader: Any, text: str) -> bool | None:
    """``binary consists of only '0's and '1's`` (which the reader, taking ``'s`` for a possessive,
    sees as ``'0 and '1``): the quoted characters closed, handed back (enforced as the plain
    alphabet reading enforces it)."""
    m = re.fullmatch(
        r"(.+? (?:consists?|contains?) (?:only )?of (?:only )?)((?:'[^'\s](?:,? and |,? or |, ))+'[^'\s])", text
    )
    if not m:
        return None
    return reader.read(m.group(1) + re.sub(r"'(.)", r"'\1'", m.group(2)), False)


def without_characters(reader: Any, text: str) -> bool | None:
    """``s does not contain '\\"' or '\\\\'``: characters taken out of the alphabet a line before
    stated (drawn without them, and checked); with no alphabet stated, refused (what else the
    string may hold is not said)."""
    m = re.fullmatch(
        r"([A-Za-z_]\w*(?:\[[a-z]\])*) (?:does not|doesn't|will not|won't) contain (?:any )?"
        r"((?:'\\?.'(?:,? or |,? and |, )?)+)",
        text,
    )
    if not m:
        return None
    ref = reader.ref(m.group(1))
    leaf = _leaf(reader.node_at(ref[0], ref[1])) if ref and ref[2] == "val" else None
    if leaf is None or leaf.kind != "str" or not leaf.alphabet:
        return False
    gone = set(re.findall(r"'\\?(.)'", m.group(2)))
    leaf.alphabet = "".join(c for c in leaf.alphabet if c not in gone) or None
    return leaf.alphabet is not None


ENTRIES = (
    (
        "an alphabet of subjects resolved (all strings, tuple fields, a name's variant)",
        (
            "All strings consist of lowercase English letters only",
            "fromi and toi consist of uppercase English letters",
            "oldi and newi are either uppercase or lowercase English letters or digits",
        ),
        "drawn and checked",
        made_of,
    ),
    (
        "values listed of subjects resolved (tuple fields, a name's variant)",
        ("images[i][j] is either 0 or 1", "directioni is either 0 or 1", "veganFriendlyi and veganFriendly are 0 or 1"),
        "drawn and checked",
        values_of,
    ),
    (
        "quoted characters written plural",
        ("binary consists of only '0 and '1",),
        "as the reading of each part enforces it",
        quoted_plurals,
    ),
    (
        "characters left out of a stated alphabet",
        ("line does not contain 'a' or '\\\\'",),
        "drawn and checked",
        without_characters,
    ),
)
