"""Readings of the characters a string may hold, in the phrasings the plain alphabet reading
(``constraints._alphabet``) leaves (issue 37: refused lines of the dev statements), registered in
``line_readings.READINGS`` with their examples: a list of classes and symbols (``lowercase English
letters, digits, and/or round brackets``, ``English letters and spaces ' '``, ``characters from the
string ".,|$#@"``), ASCII (``any valid ascii character``), a character at a stated position
(``equations[i][0] is a lowercase letter``, ``s[2] is equal to the character ":"``) and a string
said to be one character (``tasks[i] is an uppercase English letter``).  Each returns True (read),
False (the phrasing, on something it cannot hold) or None (not its phrasing).
"""

from __future__ import annotations

import re
import string
from typing import Any

from microcoder_data.testgen.spec_model import narrowed_alphabet

PRINTABLE = "".join(chr(c) for c in range(32, 127))  # ASCII's printable characters, space included
_SYMBOL_WORDS = {  # a symbol named by its name (the quoted character beside it, if any, is the same)
    "spaces": " ",
    "space": " ",
    "round brackets": "()",
    "parentheses": "()",
    "brackets": "()",
    "vertical bars": "|",
    "vertical bar": "|",
    "asterisks": "*",
    "asterisk": "*",
    "dots": ".",
    "dot": ".",
    "periods": ".",
    "period": ".",
    "commas": ",",
    "comma": ",",
    "plus": "+",
    "minus": "-",
    "hyphens": "-",
    "underscores": "_",
    "slashes": "/",
}
_FILLER = {
    *"only and/or and or either of the a an one following from string strings character characters".split(),
    *"symbol symbols special english alphabet alphabets lowercase uppercase small capital any valid".split(),
    *"printable in some order both lower upper case with".split(),
}


def listed_alphabet(text: str) -> str | None:
    """The characters a list of classes and symbols names (None: some part is not one of them).
    Letters are of the cases the text names (both where it names none)."""
    t = text.strip(" .")
    bare = [w for w in re.split(r",? (?:and/or|and|or) |, ", re.sub(r"^(?:only |the characters )+", "", t)) if w]
    if len(bare) >= 2 and all(len(w) == 1 for w in bare):
        return "".join(sorted(set(bare)))  # "1, 2, 3, and ?": those characters only
    chars: set[str] = set()
    # "digits '0' to '9'", "letters from 'a' to 'j'": the span, within the class named before it
    span = re.compile(
        r"(?:((?:lower ?case |upper ?case )?(?:english )?(?:letters?|digits?|characters?)) )?"
        r"(?:from |in the range )?'(.)' ?(?:to|through|-) ?'(.)'",
        re.I,
    )
    if any(not _within_class(m) for m in span.finditer(t)):
        return None
    t = span.sub(lambda m: _span(m, chars), t)
    # quoted strings first (a double-quoted one may hold a single quote), then the quoted characters
    for pattern in (r'"([^"]+)"', r"'([^']+)'"):
        for m in re.finditer(pattern, t):
            chars |= set(m.group(1))
        t = re.sub(pattern, " ", t)
    t = re.sub(r"\bascii values? in the range \[(\d+), ?(\d+)\]", lambda m: _codes(m, chars), t, flags=re.I)
    if re.search(r"\b(?:any (?:valid )?ascii|printable ascii)\b", t, re.I):
        chars |= set(PRINTABLE)
        t = re.sub(r"\bascii\b", " ", t, flags=re.I)
    # "the digits 0 and 1", "6 and 9 digits": those digits only
    t = re.sub(
        r"\bdigits? ((?:\d,? )+(?:and|or) \d)\b|\b((?:\d,? )+(?:and|or) \d) digits\b",
        lambda m: _listed_digits(m, chars),
        t,
        flags=re.I,
    )
    t = re.sub(
        r"\bdigits?(?: \(?(?:from )?(\d) ?(?:-|to|through) ?(\d)\)?)?",
        lambda m: _digits(m, chars),
        t,
        flags=re.I,
    )
    if re.search(r"\bletters?\b", t, re.I):
        lower = re.search(r"\blower[ -]?case|\bsmall\b", t, re.I)
        upper = re.search(r"\bupper[ -]?case|\bcapital\b", t, re.I)
        if lower or not upper:
            chars |= set(string.ascii_lowercase)
        if upper or not lower:
            chars |= set(string.ascii_uppercase)
        t = re.sub(r"\bletters?\b", " ", t, flags=re.I)
    for word, symbols in sorted(_SYMBOL_WORDS.items(), key=lambda kv: -len(kv[0])):
        t, found = re.subn(rf"\b{word}\b", " ", t, flags=re.I)
        chars |= set(symbols) if found else set()
    t = re.sub(r"\((?=[A-Za-z])[A-Za-z -]+\)", " ", t)  # "(lower-case and upper-case)", "(excluding the quotes)"
    t = re.sub(r"\b(?:lower|upper)-case\b", " ", t, flags=re.I)
    rest = [w.rstrip(",:") for w in t.split()]
    bare = {w for w in rest if len(w) == 1 and not w.isalnum()}  # "the characters ( and )"
    if any(w and w.lower() not in _FILLER and w not in bare for w in rest) or not (chars | bare):
        return None
    return "".join(sorted(chars | bare))


def _span(m: re.Match, chars: set[str]) -> str:
    chars |= {chr(c) for c in range(ord(m.group(2)), ord(m.group(3)) + 1)}
    return " "


def _within_class(m: re.Match) -> bool:
    """Whether the span ``m`` is in order and inside the class named before it (if any)."""
    if ord(m.group(2)) > ord(m.group(3)):
        return False
    named = (m.group(1) or "").lower().replace(" ", "")
    classes = [c for w, c in (("lowercase", string.ascii_lowercase), ("uppercase", string.ascii_uppercase),
                              ("digit", string.digits), ("letter", string.ascii_letters)) if w in named]  # fmt: skip
    return not classes or {m.group(2), m.group(3)} <= set(classes[0])


def _listed_digits(m: re.Match, chars: set[str]) -> str:
    chars |= set(re.findall(r"\d", m.group(1) or m.group(2)))
    return " "


def _codes(m: re.Match, chars: set[str]) -> str:
    chars |= {chr(c) for c in range(int(m.group(1)), int(m.group(2)) + 1)}
    return " "


def _digits(m: re.Match, chars: set[str]) -> str:
    lo, hi = (m.group(1), m.group(2)) if m.group(1) else ("0", "9")
    chars |= {str(d) for d in range(int(lo), int(hi) + 1)}
    return " "


_STRING_SUBJECT = r"[A-Za-z_]\w*(?:\[[a-z]\])*"
_MADE_OF = re.compile(
    rf"(?:(?:each|every|all) (?:string|word)s? (?:of|in) |(?:all )?(?:the )?characters (?:in|of) |the string |all |both )?"
    rf"({_STRING_SUBJECT}(?:(?:,? and |, ){_STRING_SUBJECT})*) "
    r"(?:(?:is )?consist(?:s|ing)? (?:only )?of (?:only )?(?:of )?|(?:will )?contains? (?:only )?|ha(?:s|ve) only |"
    r"(?:is|are) (?:composed|made up|made) of |(?:is|are) (?:either |all )?(?=(?:\w+ )*(?:letters|digits|characters)\b))"
    r"(.+?)(?: only)?",
    re.I,
)


def made_of_listed(reader: Any, text: str) -> bool | None:
    """``names[i] consists of lowercase English letters, digits, and/or round brackets``, ``Each
    string of a and b consists of ...``, ``s and t consist of any valid ascii character``: the
    characters of each string named, where the plain reading cannot read the list (drawn so)."""
    m = _MADE_OF.fullmatch(text)
    said = m.group(2) + (" only" if text.endswith(" only") else "") if m else ""
    plain = m and re.fullmatch(rf"{m.group(1)} (?:consists? (?:only )?of|contains?) (?:only )?{re.escape(said)}", text)
    if not m or plain and reader.alphabet(said) is not None:
        return None  # the plain phrasing: constraints._made_of's
    subjects = re.split(r",? and |, ", m.group(1))
    if re.search(r" are (?:lowercase|uppercase) (?:english |latin )?letters$", text, re.I) and all(
        _element_without_length(reader, s) for s in subjects
    ):  # "original[i], changed[i] are lowercase English letters": each element IS one letter
        return all(reader.read(f"{s} is an {said.removesuffix('s')}", False) for s in subjects)
    chars = reader.alphabet(m.group(2)) or listed_alphabet(m.group(2))
    if chars is None:
        return None
    nodes = [string_leaf(reader, s) for s in subjects]
    if not nodes or any(n is None for n in nodes):
        # a list of numbers ("grid consists of only 0 and 1"): its values, word_bounds' reading
        return None if any(reader.ref(s) is None or _holds_numbers(reader, s) for s in subjects) else False
    return all([narrowed_alphabet(node, chars) for node in nodes])  # a second line narrows the first


def _holds_numbers(reader: Any, subject: str) -> bool:
    node = reader.nodes.get(subject)
    while node is not None and node.kind == "list" and node.elem is not None:
        node = node.elem
    return node is not None and node is not reader.nodes.get(subject) and node.kind in ("int", "float")


def _element_without_length(reader: Any, subject: str) -> bool:
    """Whether ``subject`` is each string of a list (``original[i]``) with no length stated (yet):
    "are letters" then says each is one letter; with a length (``1 <= words[i].length <= 10``, in
    either order: a later length line replaces the 1) the words say what each consists of."""
    ref = reader.ref(subject)
    if ref is None or ref[1] == 0 or ref[2] != "val" or not subject.endswith("]"):
        return False
    node = reader.node_at(ref[0], ref[1])
    return node.kind == "str" and node.len_lo is None and node.len_hi is None


def string_leaf(reader: Any, subject: str) -> Any:
    """The string node ``subject`` names (each string of a list, for ``words`` or ``words[i]``), or None."""
    ref = reader.ref(subject)
    if ref is None or ref[2] != "val":
        return None
    node = reader.node_at(ref[0], ref[1])
    while node.kind == "list" and node.elem is not None:
        node = node.elem
    return node if node.kind == "str" else None


_ONE_CHARACTER = re.compile(
    rf"({_STRING_SUBJECT}) (?:is|will be) (?:either |one of )?(?:an? |one of the characters )?(.+)", re.I
)


def one_character(reader: Any, text: str) -> bool | None:
    """``tasks[i] is an uppercase English letter``, ``board[i][j] is a digit 1-9 or '.'``: a whole
    string (an argument, or each string of a list) said to be one character: its length 1 and its
    characters; ``s[i] is one of the characters ["e","g"]``: a character of a string (drawn so)."""
    m = _ONE_CHARACTER.fullmatch(text)
    if not m or not re.search(r"\b(?:letter|digit|character)s?\b|^\[", m.group(2), re.I):
        return None
    ref = reader.ref(m.group(1))
    if ref is None or ref[2] != "val":
        return None
    node = reader.node_at(ref[0], ref[1])
    phrase = re.sub(r'^\[((?:"."(?:, ?)?)+)\]$', r"\1", m.group(2))
    chars = reader.alphabet(phrase) or listed_alphabet(phrase)
    if node.kind != "str" or chars is None:
        return False if chars is None and node.kind == "str" else None
    of_string = ref[1] > 0 and reader.node_at(ref[0], ref[1] - 1).kind == "str"
    if not of_string:
        node.len_lo = node.len_hi = "1"
    return narrowed_alphabet(node, chars)


_CHAR_AT = re.compile(
    r"([A-Za-z_]\w*)((?:\[[a-z]\])*)\[(\d+)\] (?:is|=) (?:equal to )?(?:either )?(?:the character )?(?:an? )?(.+)"
)
_STARTS = re.compile(
    r"([A-Za-z_]\w*)((?:\[[a-z]\])*) (?:always )?(?:starts|begins) with (?:the character )?(?:an? )?(.+)", re.I
)


def char_at_position(reader: Any, text: str) -> bool | None:
    """``equations[i][0] is a lowercase letter``, ``s[2] is equal to the character ":"``,
    ``details[i][10] is either 'M' or 'F' or 'O'``, ``folder[i] always starts with the character
    '/'``: the character at a stated position of a string (of each string of a list): drawn
    there, and checked."""
    m, starts = _CHAR_AT.fullmatch(text), _STARTS.fullmatch(text)
    if m:
        name, indexes, k, phrase = m.group(1), m.group(2), int(m.group(3)), m.group(4)
    elif starts:
        name, indexes, k, phrase = starts.group(1), starts.group(2), 0, starts.group(3)
    if not (m or starts) or name not in reader.nodes:
        return None
    node = reader.nodes[name]
    for _ in range(indexes.count("[")):
        node = node.elem if node.kind == "list" and node.elem is not None else None
        if node is None:
            return False
    if node.kind != "str":
        return None  # a number at a position: relation_readings.fixed_cells'
    chars = reader.alphabet(phrase) or listed_alphabet(phrase) or _quoted_choices(phrase)
    if chars is None:
        return False
    node.char_at = [*(node.char_at or []), (k, chars)]
    return True


def _quoted_choices(phrase: str) -> str | None:
    """``'M' or 'F' or 'O'``, ``":"``: single characters listed."""
    items = re.split(r",? or |, ", phrase.strip())
    found = [re.fullmatch(r"'(.)'|\"(.)\"", x.strip()) for x in items]
    return "".join(sorted({f.group(1) or f.group(2) for f in found if f})) if all(found) else None


def all_but_one_position(reader: Any, text: str) -> bool | None:
    """``All characters except s[2] are digits or "?" characters``: the characters elsewhere than the
    position, which a line before has stated (``s[2] is ':'``): the string's characters, and a check
    that the position's own appear nowhere else."""
    m = re.fullmatch(r"all characters (?:except|but) ([A-Za-z_]\w*)\[(\d+)\] are (.+)", text, re.I)
    if not m:
        return None
    node = reader.nodes.get(m.group(1))
    chars = reader.alphabet(m.group(3)) or listed_alphabet(re.sub(r" characters?$", "", m.group(3)))
    at = dict(node.char_at or []) if node is not None and node.kind == "str" else {}
    k = int(m.group(2))
    if chars is None or k not in at:
        return False  # the position's own characters first: the string's are both
    node.alphabet = "".join(sorted(set(chars) | set(at[k])))
    reader.checks.append(f"chars_other_than_but_at({m.group(1)}, {k}, {chars!r}) == 0")
    return True


def grid_of(reader: Any, text: str) -> bool | None:
    """``S is a grid with H rows and W columns consisting of 1, 2, 3, and ?``: H strings of length
    W (each), of the characters listed."""
    m = re.fullmatch(
        r"([A-Za-z_]\w*) is a grid with ([A-Za-z_]\w*) rows and ([A-Za-z_]\w*) columns(?:,? consisting of (.+))?", text
    )
    if not m or m.group(1) not in reader.nodes:
        return None
    node = reader.nodes[m.group(1)]
    chars = (reader.alphabet(m.group(4)) or listed_alphabet(m.group(4))) if m.group(4) else ""
    if node.kind != "list" or node.elem is None or node.elem.kind != "str" or chars is None:
        return False
    if chars:
        node.elem.alphabet = chars
    rows, columns = f"{m.group(1)}.length == {m.group(2)}", f"{m.group(1)}[i].length == {m.group(3)}"
    return reader.range_or_condition(rows) and reader.range_or_condition(columns)


def made_of_with_length(reader: Any, text: str) -> bool | None:
    """``T consists of uppercase English letters with a length of 3``: the characters and the length."""
    m = re.fullmatch(r"([A-Za-z_]\w*) consists of (.+?),? with (?:'?an?'? )?length (?:of )?'?(\w+)'?", text)
    if not m or m.group(1) not in reader.nodes:
        return None
    if not reader.read(f"{m.group(1)} consists of {m.group(2)}", False):
        return False
    return reader.range_or_condition(f"{m.group(1)}.length == {m.group(3)}")
