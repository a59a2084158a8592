"""Ranges, lengths and alphabets in the other ways LeetCode writes them (issue 37), registry entries of
``line_readings.READINGS``: (name, the phrasings it reads -- its examples, which
tests/test_testgen_line_readings.py reads --, how it is enforced, the reading).

Each says what a line the reader already reads says, in other words, and is read as that line (drawn and
checked as it is); a part that is not the input's (a name no input has, a list of strings given a value range,
an index range short of the whole list) leaves the line unread -- refused:

* a length written ``len(nums)``, ``|nums|`` (of a list or a string: of a number it is its absolute value),
  ``nums.size()`` or "the length of nums", and a length's range in words ("The length of s is in the range
  [1, 100]", "The number of elements in nums is in the range [1, 10^5]");
* every element's range in words ("Each element of nums is in the range [0, 10^9]", "All values in nums are
  between 0 and 10^9, inclusive", "0 <= each element of nums <= 10^9", "The values of grid are in [0, 9]");
* a bound for every index said so ("0 <= nums[i] <= 10^9 for all i", "..., for each valid i", "... for 0 <= i <
  nums.length"): the reader's ``nums[i]`` already bounds every element;
* two comparisons in one line ("k >= 1 and k <= 10^5", "n == nums.length, 1 <= n <= 10^5", "1 <= n <= 10^5
  where n == nums.length"): each read;
* a character range of a string's characters ("s[i] is in the range ['a', 'z']");
* a string's alphabet said otherwise ("s is a binary string", "Each character of s is either '0' or '1'", "s consists
  of alphanumeric characters", "s[i] is one of 'L', 'R', '_'", "The strings s and t consist of ...", "Each word
  consists of ..." of the one list of strings), and tuples distinct by their named positions ("All (xi, yi) are
  distinct").

"between A and B" is read here only with "inclusive" (as ``range_words`` reads it): without it the ends are unsure,
and word_bounds reads it strictly inside."""

from __future__ import annotations

import re
from typing import Any

_NAME = r"[A-Za-z_]\w*"
_SUBSCRIPTS = r"(?:\[\w+\])*"
_RANGE = r"(?:in the range |in )\[([^\[\]]+?), ([^\[\]]+?)\]|between (\S+) and (\S+?),? inclusive"
_COMPARISON = re.compile(r"<=|>=|==|!=|<|>")


def _ends(m: re.Match[str], first: int) -> tuple[str, str]:
    """(lo, hi) of a :data:`_RANGE` match whose groups start at ``first``."""
    return (m.group(first), m.group(first + 1)) if m.group(first) else (m.group(first + 2), m.group(first + 3))


def _value_node(reader: Any, term: str) -> Any:
    """The node of the value ``term`` (a name, maybe indexed) names, or None (a length, a tuple's position, no
    input)."""
    ref = reader.ref(term)
    return reader.node_at(ref[0], ref[1]) if ref and ref[2] == "val" else None


def _kind(reader: Any, term: str) -> str | None:
    node = _value_node(reader, term)
    return node.kind if node is not None else None


def _sized(reader: Any, term: str) -> bool:
    """Whether ``term`` is a list or a string: what has a length."""
    return _kind(reader, term) in ("list", "str")


def length_terms(reader: Any, text: str) -> bool | None:
    """``1 <= len(nums) <= 10^5``, ``1 <= |s| <= 100``, ``nums.size()``, ``1 <= the length of nums <= 10^5``: the
    line with each length written ``X.length``, read so."""
    term = rf"{_NAME}{_SUBSCRIPTS}"
    t = re.sub(rf"\blen\(({term})\)|\b({term})\.size\(\)", lambda m: f"{m.group(1) or m.group(2)}.length", text)
    t = re.sub(rf"\bthe length of ({term})(?![\w.\[])", r"\1.length", t, flags=re.I)
    t = re.sub(rf"\|({term})\|", lambda m: f"{m.group(1)}.length" if _sized(reader, m.group(1)) else m.group(0), t)
    said = _COMPARISON.search(t) or re.search(r"\.length is (?:even|odd)$", t)
    return None if t == text or not said else reader.read(t, False)


_LENGTH_IN_WORDS = re.compile(
    rf"(?:the (?:length|size) of ({_NAME}{_SUBSCRIPTS})|({_NAME}{_SUBSCRIPTS})\.length"
    rf"|the number of (elements|items|integers|values|numbers|entries|characters|letters) (?:in|of) ({_NAME}{_SUBSCRIPTS}))"
    rf" is (?:{_RANGE})",
    re.I,
)


def _leaf(reader: Any, term: str) -> Any:
    """What ``term`` (a name, maybe indexed) holds directly: the node of its elements (None if not a list)."""
    node = _value_node(reader, term)
    return node.elem if node is not None and node.kind == "list" else None


def _counts_what_it_holds(reader: Any, term: str, noun: str) -> bool:
    """Whether "the number of <noun> in <term>" is ``term``'s length: characters of a string, elements of a list
    of numbers or strings (of a grid, the cells: not its rows; of a list of strings, the characters: not its
    strings)."""
    noun = noun.lower()
    if noun == "letters":  # all of a string only where nothing but letters is in it
        node = _value_node(reader, term)
        return node is not None and node.kind == "str" and bool(node.alphabet) and node.alphabet.isalpha()
    return _kind(reader, term) == "str" if noun == "characters" else _flat_list(reader, term)


def length_in_words(reader: Any, text: str) -> bool | None:
    """ "The length of s is in the range [1, 100]", "nums.length is in the range [1, 10^5]", "The number of
    elements in nums is between 1 and 10^5, inclusive": the length's range."""
    m = _LENGTH_IN_WORDS.fullmatch(text)
    if not m:
        return None
    name = m.group(1) or m.group(2) or m.group(4)
    if not _sized(reader, name) or m.group(3) and not _counts_what_it_holds(reader, name, m.group(3)):
        return False
    lo, hi = _ends(m, 5)
    return reader.read(f"{lo} <= {name}.length <= {hi}", False)


_EACH = r"(?:each|every|all|all the|any)"
_ELEMENTS = r"(?:elements?|values?|integers?|numbers?|entries|entry|items?)"
_EVERY_ELEMENT = re.compile(
    rf"(?:{_EACH} {_ELEMENTS} (?:of|in) |the {_ELEMENTS} (?:of|in) |each )(?:the (?:array|list|matrix|grid) )?({_NAME})"
    rf"(?:\[[a-z]\])* (?:is|are) (?:all )?(?:{_RANGE})",
    re.I,
)
_EVERY_ELEMENT_CHAIN = re.compile(rf"(\S+) (<=|<) {_EACH} {_ELEMENTS} (?:of|in) ({_NAME}) (<=|<) (\S+)", re.I)


def _element(reader: Any, name: str) -> str | None:
    """``nums[i]`` / ``grid[i][j]``: a number of the list ``name`` at its depth, or None (not a list of numbers)."""
    node, depth = reader.nodes.get(name), 0
    while node is not None and node.kind == "list" and node.elem is not None:
        node, depth = node.elem, depth + 1
    if node is None or depth == 0 or node.kind not in ("int", "float"):
        return None
    return name + "".join(f"[{i}]" for i in "ijkl"[:depth])


def every_element(reader: Any, text: str) -> bool | None:
    """ "Each element of nums is in the range [0, 10^9]", "All values in nums are between 0 and 10^9,
    inclusive", "0 <= each element of nums <= 10^9": the range of every number the list holds."""
    m = _EVERY_ELEMENT.fullmatch(text)
    chain = None if m else _EVERY_ELEMENT_CHAIN.fullmatch(text)
    if not m and not chain:
        return None
    name = m.group(1) if m else chain.group(3)
    element = _element(reader, name) if name in reader.nodes else None
    if element is None:
        return False
    if chain:
        return reader.read(f"{chain.group(1)} {chain.group(2)} {element} {chain.group(4)} {chain.group(5)}", False)
    lo, hi = _ends(m, 2)
    return reader.read(f"{lo} <= {element} <= {hi}", False)


_FOR_EVERY_INDEX = re.compile(
    r"(.+?),? (?:for (?:all|each|every)(?: valid)? i|for (?:all |each |every )?0 <= i < (\w+)\.length"
    r"|for (?:all |each |every )?0 <= i <= (\w+)\.length - 1|where 0 <= i < (\w+)\.length|for each valid index i)"
)


def for_every_index(reader: Any, text: str) -> bool | None:
    """ "0 <= nums[i] <= 10^9 for all i", "..., for each valid i", "... for 0 <= i < nums.length": the line
    without the index's range, where that range is every position of each list the line indexes by ``i``."""
    m = _FOR_EVERY_INDEX.fullmatch(text)
    if not m or not re.search(r"\[i\]", m.group(1)) or re.search(r"\[(?!i\])\s*[a-hj-z]\w*\s*\]", m.group(1)):
        return None  # another free index (j): not every position of one list
    whole = m.group(2) or m.group(3) or m.group(4)
    indexed = set(re.findall(rf"({_NAME})\[i\]", m.group(1)))
    if whole is not None and indexed != {whole}:
        return False  # "for 0 <= i < n" of another list, or of part of this one
    return reader.read(m.group(1), False)


_DEFINES_SIZE = re.compile(r"[A-Za-z]\w* == \S+\.length|\S+\.length == [A-Za-z]\w*")  # ("nums.length == 1": a fact)


def two_comparisons(reader: Any, text: str) -> bool | None:
    """ "k >= 1 and k <= 10^5", "1 <= m, n <= 50 and m * n <= 2500" (a name in common: "1 <= a and b <= 10"
    shares a range, unread), "n == nums.length, 1 <= n <= 10^5", "1 <= n <= 10^5 where n == nums.length", "m ==
    grid.length and n == grid[0].length" (sizes defined): each comparison read, a size's definition first."""
    sep = next((x for x in (" and ", " where ", ", ") if text.count(x) == 1), None)
    parts = [p.strip().rstrip(",") for p in text.split(sep)] if sep and not (sep == ", " and " and " in text) else []
    if not parts or any(not _COMPARISON.search(p) or re.search(r"[({]|\bif\b", p) for p in parts):
        return None  # pairs compared as tuples, a condition: the readings after the registry's
    names = [set(re.findall(r"(?<![\w.])[A-Za-z_]\w*", p)) for p in parts]
    sizes = [bool(_DEFINES_SIZE.fullmatch(p)) for p in parts]
    chains = all(len(_COMPARISON.findall(p)) == 2 for p in parts)  # "1 <= m <= 50 and 1 <= n <= 50": whole ranges
    if not (sep == " and " and (names[0] & names[1] or all(sizes) or chains) or sep != " and " and any(sizes)):
        return None
    parts.sort(key=lambda p: not _DEFINES_SIZE.fullmatch(p))
    return all(reader.read(p, False) for p in parts)


_TERM_SAID = r"[A-Za-z_][\w.]*(?:\[[a-z]\])*"


def range_and_property(reader: Any, text: str) -> bool | None:
    """ "1 <= k <= 100, k is odd", "1 <= nums.length <= 10^5, nums.length is even", "1 <= nums[i] <= 100 and nums[i]
    != k": a range, then a line about the same term -- each read as a line of its own."""
    m = re.fullmatch(rf"(.+?(?:<=|<).+?),? (?:and )?(({_TERM_SAID}) (?:is|are|!=|%) .+)", text)
    if not m or len(_COMPARISON.findall(m.group(1))) < 1 or m.group(3) not in m.group(1).split():
        return None
    if _COMPARISON.search(m.group(2)) and not re.search(r"!=|%", m.group(2)):
        return None  # two comparisons: two_comparisons'
    return reader.read(m.group(1), False) and reader.read(m.group(2), False)


_CHAIN = re.compile(
    r"(?:(\S+) (<=|<) )?([A-Za-z_]\w*)\[0\] (<=|<|>=|>) \3\[1\] (<=|<|>=|>) (?:\.\.\.|…|\\cdots|\\ldots) \5 "
    r"\3\[(?:n|\3\.length|len\(\3\)) ?- ?1\](?: (<=|<) (\S+))?"
)
_ORDER_OF = {"<": "strictly increasing", "<=": "non-decreasing", ">": "strictly decreasing", ">=": "non-increasing"}


def element_chain(reader: Any, text: str) -> bool | None:
    """ "1 <= nums[0] <= nums[1] <= ... <= nums[n - 1] <= 100", "arr[0] < arr[1] < ... < arr[arr.length - 1]": the
    list's order, and the range at the ends where one is said."""
    m = _CHAIN.fullmatch(text)
    if not m or m.group(4) != m.group(5):
        return None
    name, op = m.group(3), m.group(4)
    if op in (">", ">=") and (m.group(1) or m.group(7)):
        return False  # a descending chain with ends: its ends are the other way round
    lines = [f"{name} is sorted in {_ORDER_OF[op]} order"]
    lines += [f"{m.group(1)} {m.group(2)} {name}[i]"] if m.group(1) else []
    lines += [f"{name}[i] {m.group(6)} {m.group(7)}"] if m.group(7) else []
    return all(reader.read(line, False) for line in lines)


# (at free indices only: "words[0][i]" is one string's, which "words[0] consists of ..." would give them all)
_CHARACTER_RANGE = re.compile(rf"({_NAME}(?:\[[a-z]\])*)\[[a-z]\] is in the range \['(.)', '(.)'\]")


def character_range(reader: Any, text: str) -> bool | None:
    """ "s[i] is in the range ['a', 'z']", "words[i][j] is in the range ['0', '9']": the string's characters."""
    m = _CHARACTER_RANGE.fullmatch(text)
    if not m:
        return None
    if _kind(reader, m.group(1)) != "str" or m.group(2) > m.group(3):
        return False
    return reader.read(f"{m.group(1)} consists of characters '{m.group(2)}' to '{m.group(3)}'", False)


_ONE_OF = re.compile(r"(\S+) is one of (?:the following:? )?(.+?)\.?", re.I)


def one_of(reader: Any, text: str) -> bool | None:
    """ "s[i] is one of 'L', 'R', '_'", "colors[i] is one of 1, 2 or 3": the values listed, read as "is either ... or
    ..."."""
    m = _ONE_OF.fullmatch(text)
    if not m or not _one_of_a_set(reader, m.group(1)):
        return None
    listed = m.group(2).strip()
    values = re.findall(r"'[^']*'|\"[^\"]*\"|-?\d+", listed)  # quoted values whole: "',', '.'" is two
    if len(values) < 2 or re.sub(r"'[^']*'|\"[^\"]*\"|-?\d+|,|\bor\b|\band\b|\s", "", listed):
        return None  # a value that is no quoted string nor number ("'a'-'z'", "10^9"), or more said
    return reader.read(f"{m.group(1)} is either {', '.join(values[:-1])} or {values[-1]}", False)


def _restated(reader: Any, text: str, pattern: re.Pattern[str], form: str, fits: Any) -> bool | None:
    """``text`` read as ``form`` (``pattern``'s groups put in) where ``pattern`` has it whole and its subject (group
    1) is what ``fits`` asks; else None: the readings after the registry's judge the line as they did."""
    m = pattern.fullmatch(text)
    return reader.read(m.expand(form), False) if m and (fits is None or fits(reader, m.group(1))) else None


def _number(reader: Any, term: str) -> bool:
    return _kind(reader, term) in ("int", "float")


def _flat_list(reader: Any, term: str) -> bool:
    leaf = _leaf(reader, term)
    return leaf is not None and leaf.kind != "list"


def _strings(reader: Any, term: str) -> bool:
    leaf = _leaf(reader, term)
    return leaf is not None and leaf.kind == "str"


def _string(reader: Any, term: str) -> bool:
    """A string itself (``s``, ``words[i]``): what has characters."""
    return _kind(reader, term) == "str"


def _strings_named(reader: Any, names: str) -> bool:
    """``s and t``, ``s, t and u``: every one a string."""
    return all(_string(reader, n) for n in re.split(r",\s*(?:and\s+)?|\s+and\s+", names))


def _the_one_list_of_strings(reader: Any, text: str) -> bool | None:
    """ "Each word consists of lowercase English letters", "The strings consist of ...": said of the strings of the
    input's one list of strings (none where it has another list or a string of its own)."""
    m = re.fullmatch(
        r"(?:each|every) (?:word|string) (consists|contains) (.+)|the strings (consist|contain) (.+)", text, re.I
    )
    if not m:
        return None
    sized = [a for a in reader.args if _sized(reader, a)]
    if len(sized) != 1 or not _strings(reader, sized[0]):
        return None
    verb, rest = (m.group(1), m.group(2)) if m.group(1) else (m.group(3) + "s", m.group(4))
    return reader.read(f"{sized[0]}[i] {verb} {rest}", False)


def _tuple_named(reader: Any, names: str) -> bool:
    """``xi, yi``: the positions of one list's elements, as the statement names them (``points[i] = [xi, yi]``)."""
    lists = {reader.aliases[n][0] for n in re.split(r",\s*", names) if n in reader.aliases}
    return len(lists) == 1 and all(n in reader.aliases for n in re.split(r",\s*", names))


def _grid_of_numbers(reader: Any, term: str) -> bool:
    return term in reader.nodes and (_element(reader, term) or "").count("[") == 2


def _one_of_a_set(reader: Any, term: str) -> bool:
    """An element at free indices ("nums[0] in {0, 1}" is one element's, not every one's), not a whole string
    ("s ∈ {'a', 'b'}" is s itself, never its characters)."""
    ref = reader.ref(term)
    whole_string = bool(ref) and ref[1] == 0 and reader.node_at(ref[0], 0).kind == "str"
    return not re.search(r"\[(?![a-z]\])", term) and not whole_string


# (name, examples, pattern, the line it restates, what its subject must be): each read as that line, which the reader reads (drawn and checked
# as it is) or refuses
_RESTATED = (
    (
        "values distinct said by indices",
        ("nums[i] != nums[j] for i != j",),
        re.compile(r"(\w+)\[i\] != \1\[j\],? (?:for|if|when|where) (?:all )?i != j"),
        r"All the values of \1 are unique",
        _flat_list,
    ),
    (
        "every element's parity in words",
        ("All elements of nums are odd", "Each value in nums is even"),
        re.compile(rf"{_EACH} (?:the )?{_ELEMENTS} (?:of|in) (\w+) (?:is|are) (?:all )?(even|odd)", re.I),
        r"\1[i] is \2",
        _flat_list,
    ),
    (
        "a value not a number, in words",
        ("nums[i] is not 0", "k is not equal to 0"),
        re.compile(r"(\S+) (?:is not|does not equal|is not equal to) (-?\d+)"),
        r"\1 != \2",
        _number,
    ),
    (
        "each of a subscripted name",
        ("Each words[i] consists of lowercase English letters", "Every nums[i] is even"),
        re.compile(r"(?:each|every) (\w+(?:\[\w+\])+) (.+)", re.I),
        r"\1 \2",
        None,
    ),
    (
        "the strings' total length in words",
        ("The total length of all words does not exceed 1000", "The sum of lengths of all words[i] is at most 1000"),
        re.compile(
            r"the (?:total length|sum of (?:the )?lengths) of (?:all )?(?:the )?(?:strings in )?(\w+)(?:\[i\])?"
            r" (?:does not exceed|is at most|is less than or equal to|<=) (\S+)",
            re.I,
        ),
        r"sum(\1[i].length) <= \2",
        _strings,
    ),
    (
        "a string or list not empty",
        ("words[i] is non-empty", "s is not empty", "nums is a non-empty array"),
        re.compile(r"(\w+(?:\[\w+\])*) is (?:non-empty|not empty|nonempty|a non-empty (?:array|string|list))"),
        r"\1.length >= 1",
        None,
    ),
    (
        "values listed as a set",
        ("grid[i][j] in {0, 1}", "grid[i][j] ∈ {0, 1}", "s[i] in {'a', 'b'}"),
        re.compile(r"(\S+) (?:in|∈) \{([^{}]+)\}"),
        r"\1 is either \2",
        _one_of_a_set,
    ),
    (
        "strings named after their kind",
        ("The strings s and t consist of lowercase English letters", "The string s contains only digits"),
        re.compile(r"the strings? (\w+(?:(?:,|,? and) \w+)*) ((?:consists?|contains?|is|are) .+)", re.I),
        r"\1 \2",
        _strings_named,
    ),
    (
        "a string's every character in words",  # ("Every character in s is a lowercase English letter": alphabets)
        ("Each character of s is either '0' or '1'", "Every character in s is 'L', 'R', or '_'"),
        re.compile(r"(?:each|every) character (?:of|in) (\w+(?:\[\w+\])*) is ((?:either )?'.+)", re.I),
        r"\1[i] is \2",
        _string,
    ),
    (
        "a binary string",
        ("s is a binary string", "s consists of zeros and ones", "words[i] is a binary string"),
        re.compile(r"(\w+(?:\[\w+\])*) (?:is a binary string|consists? (?:only )?of (?:only )?zeros and ones)", re.I),
        r"\1 consists only of '0' and '1'",
        _string,
    ),
    (
        "alphanumeric characters",
        ("s consists of alphanumeric characters", "s consists only of alphanumeric characters"),
        re.compile(r"(\w+(?:\[\w+\])*) consists? (?:only )?of (?:only )?alphanumeric characters(?: only)?", re.I),
        r"\1 consists of English letters and digits",
        _string,
    ),
    (
        "the strings of a list, each in words",
        ("All the strings in words consist of lowercase English letters", "All strings of words consist of digits"),
        # the alphabet clause alone: "... and are distinct" is said of the strings, not of each one's characters
        re.compile(
            r"all (?:the )?strings (?:in|of) (\w+) consist ((?:(?! and (?:are|is|have|has|do|does)\b)[^,])+)", re.I
        ),
        r"\1[i] consists \2",
        _strings,
    ),
    (
        "a list's elements distinct as tuples of their named positions",  # as "All the pairs (xi, yi) are distinct"
        ("All pairs [xi, yi] are unique", "All (starti, endi) are distinct", "All the points (xi, yi) are unique"),
        re.compile(
            r"all (?:the )?(?:(?:pairs|points|tuples|coordinates|positions) )?[(\[](\w+(?:, ?\w+)+)[)\]] "
            r"(are (?:pairwise )?(?:distinct|unique|different))",
            re.I,
        ),
        r"All the pairs (\1) \2",
        _tuple_named,
    ),
    (
        "each cell of a grid",
        ("Each cell of grid is 0 or 1", "Every element of grid is either 0 or 1"),
        re.compile(
            r"(?:each|every) (?:cell|element|entry|value) (?:of|in) (?:the )?(?:grid |matrix )?(\w+) is (.+)", re.I
        ),
        r"\1[i][j] is \2",
        _grid_of_numbers,
    ),
    (
        "two lengths equal in words",
        ("s and t have the same length", "nums1 and nums2 are of the same length"),
        re.compile(r"(\w+) and (\w+) (?:have the same length|are of the same length|have equal lengths?)", re.I),
        r"\1.length == \2.length",
        None,
    ),
    (
        "two lengths equal, the lengths named",  # ("s and t are equal": the strings are, unread)
        ("The lengths of s and t are equal", "the lengths of nums1 and nums2 are the same"),
        re.compile(r"the lengths of (\w+) and (\w+) are (?:equal|the same)", re.I),
        r"\1.length == \2.length",
        None,
    ),
)


ENTRIES = (
    (
        "a length written len(X), |X|, X.size() or 'the length of X'",
        ("1 <= len(nums) <= 10^5", "1 <= |s| <= 100", "1 <= nums.size() <= 10^5", "1 <= the length of nums <= 10^5"),
        "drawn and checked",
        length_terms,
    ),
    (
        "a length's range in words",
        (
            "The length of s is in the range [1, 100]",
            "nums.length is in the range [1, 10^5]",
            "The number of elements in nums is in the range [1, 10^5]",
            "The length of s is between 1 and 100, inclusive",
        ),
        "drawn and checked",
        length_in_words,
    ),
    (
        "every element's range in words",
        (
            "Each element of nums is in the range [0, 10^9]",
            "All values in nums are between 0 and 10^9, inclusive",
            "Every element of nums is in the range [-100, 100]",
            "The values of grid are in [0, 9]",
            "0 <= each element of nums <= 10^9",
            "Each nums[i] is between 0 and 10^9, inclusive",
        ),
        "drawn and checked",
        every_element,
    ),
    (
        "a bound for every index said so",
        (
            "0 <= nums[i] <= 10^9 for all i",
            "0 <= nums[i] <= 10^9, for each valid i",
            "0 <= nums[i] <= 10^9 for 0 <= i < nums.length",
        ),
        "drawn and checked",
        for_every_index,
    ),
    (
        "a character range of a string's characters",
        ("s[i] is in the range ['a', 'z']", "words[i][j] is in the range ['a', 'e']"),
        "drawn and checked",
        character_range,
    ),
    (
        "the strings of the one list of strings, no name said",
        ("Each word consists of lowercase English letters", "The strings consist of lowercase English letters"),
        "drawn and checked",
        _the_one_list_of_strings,
    ),
    (
        "values listed after 'one of'",
        ("s[i] is one of 'L', 'R', '_'", "colors[i] is one of 1, 2 or 3"),
        "drawn and checked",
        one_of,
    ),
    *(
        (
            name,
            examples,
            "drawn and checked",
            lambda reader, text, p=pattern, f=form, fits=fits: _restated(reader, text, p, f, fits),
        )
        for name, examples, pattern, form, fits in _RESTATED
    ),
)

# last in the registry (before the relation grammar): a line another reading takes whole stays its
JOINED_ENTRIES = (
    (
        "a range and a line about the same term",
        (
            "1 <= k <= 100, k is odd",
            "1 <= nums[i] <= 100 and nums[i] != k",
            "1 <= nums.length <= 10^5, nums.length is even",
        ),
        "drawn and checked",
        range_and_property,
    ),
    (
        "a list's order as a chain of its elements",
        ("1 <= nums[0] <= nums[1] <= ... <= nums[n - 1] <= 100", "nums[0] < nums[1] < ... < nums[nums.length - 1]"),
        "drawn and checked",
        element_chain,
    ),
    (
        "two comparisons in one line",
        (
            "k >= 1 and k <= 10^5",
            "n == nums.length, 1 <= n <= 10^5",
            "1 <= n <= 10^5 where n == nums.length",
            "1 <= m, n <= 50 and m * n <= 2500",
            "m == grid.length and n == grid[0].length",
            "1 <= m <= 50 and 1 <= n <= 50",
        ),
        "drawn and checked",
        two_comparisons,
    ),
)
