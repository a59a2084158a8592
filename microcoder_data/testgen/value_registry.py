"""The registry entries (``line_readings.READINGS``) of the value, alphabet and existence readings:
(name, the phrasings it reads -- its examples, which tests/test_testgen_line_readings.py reads --,
how it is enforced, the reading).  They come first in the registry: ``There is at least one (i,j)
such that S[i][j] = .`` is not ``=`` written for ``==``.
"""

from __future__ import annotations

from microcoder_data.testgen import alphabet_readings as alpha
from microcoder_data.testgen.char_ranges import char_range
from microcoder_data.testgen.scaled_ranges import scaled_range
from microcoder_data.testgen import existence_readings as exists
from microcoder_data.testgen import value_readings as values

ENTRIES = (
    (
        "some value holds a relation (a witness)",
        (
            "There is at least one element i where nums[i] == 0",
            "there is at least one index i such that nums[i] >= k",
            "There is at least one (i,j) such that G[i][j] = .",
        ),
        "drawn and checked",
        exists.some_value,
    ),
    (
        "each value of a set is present",
        ("For each x in {1, 2, 3}, there exists some i with vals[i] == x",),
        "drawn and checked",
        exists.each_value_present,
    ),
    (
        "some value is a multiple or a prime",
        (
            "A has at least one multiple of K",
            "the number of prime numbers in the nums is at least one",
            "nums contains at least one prime number",
        ),
        "drawn and checked",
        exists.some_kind_of_value,
    ),
    (
        "some word in a string",
        ("There will be at least one word in s", "text contains at least one word"),
        "checked",
        exists.some_word,
    ),
    (
        "not all values equal",
        ("at least two houses have different colors",),
        "checked",
        exists.not_all_equal,
    ),
    (
        "parity in words",
        (
            "price[i] is an even integer",
            "N is an even number between 2 and 3000, inclusive",
            "amount[i] is an even integer in the range [-10**4, 10**4]",
            "Both m and n are even integers",
        ),
        "drawn and checked",
        values.parity_in_words,
    ),
    (
        "values listed, or as equalities",
        (
            "queries[i][0] == 1 or queries[i][0] == 2",
            "The values in derived are either 0 or 1",
            "land consists of only 0 and 1",
            "B[i] == 0 or 1",
            "grid[i][j] == 0 or grid[i][j] == 1",
            "nums1[i] == 1 or nums1[i] == 2 or nums1[i] == 3",
            "s == 'L' or s == 'R'",
        ),
        "drawn",
        values.values_listed,
    ),
    (
        "a lone value or a range",
        ("B[i] is -1 or an integer between 1 and M, inclusive", "board[i][j] is either -1 or in the range [1, n]"),
        "drawn and checked",
        values.value_or_range,
    ),
    (
        "a string one of bare words",
        ("p is A,B,C,D,E,F, or G", "S_AB is < or >"),
        "drawn and checked",
        values.words_listed,
    ),
    (
        "a prime",
        ("nums[i] is a prime number", "primeOne, primeTwo are prime numbers"),
        "drawn and checked",
        values.prime_values,
    ),
    (
        "a permutation of 1..n, or of each of several",
        ("nums is a permutation", "price and amount are permutations of [0, 1, ..., n - 1]"),
        "drawn and checked",
        values.bare_permutation,
    ),
    ("a stray comma after or", ("p is 'G', 'L' or, 'R'",), "drawn", values.stray_comma),
    (
        "how often a value repeats",
        ("Each number in nums appears either once or twice", "each element of nums appears at most once"),
        "checked",
        values.repeats_at_most,
    ),
    (
        "no character twice in a string",
        (
            "No letter occurs more than once in words[i]",
            "No letter occurs more than once in any string of names or words",
        ),
        "drawn",
        values.letters_once,
    ),
    (
        "how often a character occurs, modulo 2",
        ("s contains an even number of vertical bars '|'",),
        "checked",
        values.count_parity,
    ),  # fmt: skip
    ("a power of a base", ("n + 1 is a power of 2", "n is a power of 3"), "drawn and checked", values.power_of),
    (
        "a number's digits",
        (
            "N is a three-digit integer where each digit is an integer between 1 and 9, inclusive",
            "The digits in n are in the range [1, 9]",
        ),
        "drawn and checked",
        values.digits_between,
    ),
    (
        "characters listed by class and symbol",
        (
            "S consists of lowercase English letters and the characters ( and )",
            "names[i] consists of lowercase English letters, digits, and/or round brackets",
            'characters in words[i] are either lowercase English letters or characters from the string ".,|$#@"'
            " (excluding the quotes)",
            "num consists of digits '0' to '9' only",
            "s and t consist of any valid ascii character",
            "Each string of startWords and targetWords consists of lowercase English letters only",
            "s consists of only English letters and spaces ' '",
            "s and t consist of only the digits 0 and 1",
            "num consists of only 6 and 9 digits",
            "t has only lowercase English letters",
            "original[i], changed[i] are lowercase English letters",  # each one letter: no length stated
            "All names[i] and words[j] are composed of lowercase English letters",
        ),
        "drawn",
        alpha.made_of_listed,
    ),
    (
        "a character at a stated position",
        (
            "equations[i][0] is a lowercase letter",
            's[2] is equal to the character ":"',
            "details[i][10] is either 'M' or 'F' or 'O'",
            "names[i] always starts with the character '/'",
            "s starts with a letter",
        ),
        "drawn and checked",
        alpha.char_at_position,
    ),
    (
        "the characters but at one position",
        ('All characters except time[2] are digits or "?" characters',),
        "drawn and checked",
        alpha.all_but_one_position,
    ),
    (
        "a grid of rows and columns",
        ("G is a grid with m rows and n columns consisting of 1, 2, 3, and ?", "G is a grid with m rows and n columns"),
        "drawn",
        alpha.grid_of,
    ),
    (
        "characters and a length",
        ("t consists of uppercase English letters with a length of 3", "t consists of digits with length 5"),
        "drawn",
        alpha.made_of_with_length,
    ),
    (
        "a string of one character",
        (
            "tasks[i] is an uppercase English letter",
            "cells[i][j] is a digit 1-9 or '.'",
            's[i] is one of the characters ["e","g","f"]',
            "s[i] is either '(' , ')', or lowercase English letter",
        ),
        "drawn",
        alpha.one_character,
    ),
    (
        "a range of characters",
        ("'0' <= s[i] <= '9'", "'A' <= tasks[i] <= 'Z'"),
        "drawn",
        char_range,
    ),
    (
        "a range of a multiple of an integer",
        ("1 < 2 * k <= nums.length", "1 <= 3 * K <= N"),
        "drawn and checked",
        scaled_range,
    ),
)
