"""How many restatements of common LeetCode constraint lines the reader reads (issue 37: reading statements it was
never taught).  Each case is a small problem whose lines the reader reads; each variant replaces one line (or is
added) with the same statement in other words, as LeetCode and its peers write them.  A variant reads when the
spec comes out, every existing test fits it and inputs are drawn.  No data is needed: the phrasings are the
general language of constraint sections, written here, not taken from any problem (the held-out quarter of every
source is what judges a reading: ``bench_reach.py``).

    python benchmarks/bench_wordings.py [--unread]

Prints ``read / total`` and, with ``--unread``, each variant not read with why.  Some are unread on purpose:
"between 1 and 10^5" without "inclusive" (its ends unsure), a range two names share said with "and", a
variant the base test breaks (a parity the example lacks)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_testgen_conditions import fn_problem  # noqa: E402  (the functional problem every reader test builds)
from test_testgen_stdin_relations import _problem as stdin_problem  # noqa: E402  (an AtCoder statement of lines)
from test_testgen_other_wordings import LINES as BASE, SIG  # noqa: E402

from microcoder_data.testgen.inputgen import generate_inputs  # noqa: E402
from microcoder_data.testgen.inputspec import InputSpec, input_spec  # noqa: E402
from microcoder_data.process.clean import clean_text  # noqa: E402
from microcoder_data.process.normalize import normalize_layout  # noqa: E402
from microcoder_data.schema import Problem, TestCase  # noqa: E402
from microcoder_data.testgen.input_size import read_input_spec  # noqa: E402
from microcoder_data.testgen.refusal import Refusal  # noqa: E402
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec  # noqa: E402

# one line of BASE (the lines tests/test_testgen_other_wordings.py reads) replaced by each of its variants (the
# index), nums / k / s typed by SIG
TEST = {"nums": [1, 2, 3], "k": 2, "s": "abc"}
VARIANTS = {
    0: [
        "1 <= nums.length <= 105",
        "1 <= len(nums) <= 10^5",
        "1 <= nums.length <= 100000",
        "1 <= nums.length <= 1e5",
        "1 <= n <= 10^5 where n == nums.length",
        "n == nums.length, 1 <= n <= 10^5",
        "The length of nums is between 1 and 10^5.",
        "nums.length is in the range [1, 10^5].",
        "1 <= the length of nums <= 10^5",
        "1 ≤ nums.length ≤ 10^5",
        "1 <= |nums| <= 10^5",
        "The number of elements in nums is in the range [1, 10^5].",
        "nums contains between 1 and 10^5 elements.",
        "1 <= nums.length <= 10⁵",
        "1 <= nums.length <= 10 ^ 5",
        "nums.length >= 1 and nums.length <= 10^5",
        "1 <= nums.size() <= 10^5",
    ],
    1: [
        "0 <= nums[i] <= 109",
        "nums[i] is in the range [0, 10^9].",
        "0 <= nums_i <= 10^9",
        "0 <= numsi <= 10^9",
        "Each element of nums is between 0 and 10^9.",
        "All values in nums are in the range [0, 10^9].",
        "0 <= nums[i] <= 10^9 for all i",
        "0 <= nums[i] <= 10^9 for 0 <= i < nums.length",
        "0 <= each element of nums <= 10^9",
        "Every element of nums is in the range [0, 10^9].",
        "The values of nums are in [0, 10^9].",
        "0 <= nums[j] <= 10^9",
        "0 <= nums[i] < 10^9 + 1",
        "nums[i] >= 0 and nums[i] <= 10^9",
        "0 <= nums[i] <= 10^9, for each valid i",
        "Each nums[i] is between 0 and 10^9, inclusive.",
        "0 <= Node.val <= 10^9",
    ],
    2: [
        "k is in the range [1, 10^5].",
        "1 <= k <= nums.length",
        "1 <= k <= 10^5.",
        "k >= 1 and k <= 10^5",
        "1 <= k <= 100000",
        "k is between 1 and 10^5.",
        "1 <= k <= len(nums)",
        "1 <= k <= n",
        "1 <= k <= min(10^5, nums.length)",
        "k is a positive integer not exceeding 10^5.",
    ],
    4: [
        "s consists only of lowercase English letters.",
        "s contains only lowercase English letters.",
        "s consists of lowercase letters.",
        "s is made up of lowercase English letters.",
        "s[i] is a lowercase English letter.",
        "s only contains lowercase English letters.",
        "s consists of only lowercase English characters.",
        "All characters of s are lowercase English letters.",
        "Every character in s is a lowercase English letter.",
        "s contains lowercase English letters only.",
        "s consists of lowercase Latin letters.",
        "s is composed of lowercase English letters.",
        "s consists of English lowercase letters.",
        "The string s consists of lowercase English letters.",
        "s consists of small English letters.",
        "s consists of characters 'a' to 'z'.",
        "s[i] is in the range ['a', 'z'].",
        "s consists of lower-case English letters.",
        "s comprises only lowercase English letters.",
    ],
}

# (signature, a test, the lines read, variants each added to them)
CASES = [
    (
        "nums: List[int]",
        {"nums": [1, 2, 3]},
        ["1 <= nums.length <= 100", "1 <= nums[i] <= 1000"],
        [
            "All the integers of nums are unique.",
            "All the values of nums are unique.",
            "nums contains distinct values.",
            "All elements in nums are distinct.",
            "nums consists of distinct integers.",
            "The elements of nums are pairwise distinct.",
            "Each element in nums is unique.",
            "nums has no duplicates.",
            "There are no duplicate elements in nums.",
            "All numbers in nums are different.",
            "nums contains no duplicate elements.",
            "nums[i] != nums[j] for i != j",
            "nums is sorted in ascending order.",
            "nums is sorted in non-decreasing order.",
            "nums is sorted in strictly increasing order.",
            "nums is sorted.",
            "nums is in ascending order.",
            "The array nums is sorted in increasing order.",
            "nums[i] < nums[i + 1]",
            "nums[i] <= nums[i+1]",
            "nums is a non-decreasing array.",
            "Elements in nums are sorted in ascending order.",
            "nums is guaranteed to be sorted in ascending order.",
            "All elements of nums are odd.",
            "nums[i] is even.",
            "nums[i] is odd.",
            "sum(nums) <= 10^4",
            "The sum of nums does not exceed 10^4.",
            "The sum of all elements in nums is at most 10^4.",
            "nums.length is even.",
            "nums.length % 2 == 0",
            "The length of nums is even.",
            "nums[i] is a power of 2.",
            "nums[i] != 0",
            "nums[i] is not 0.",
            "All elements are distinct.",
            "There are no duplicates in nums.",
            "No two elements of nums are equal.",
        ],
    ),
    (
        "s: str",
        {"s": "0110"},
        ["1 <= s.length <= 100"],
        [
            "s[i] is either '0' or '1'.",
            "s is a binary string.",
            "s consists of zeros and ones.",
            "Each character of s is either '0' or '1'.",
            "s[i] is one of '0', '1'.",
            "s consists only of the characters '0' and '1'.",
        ],
    ),
    (
        "s: str",
        {"s": "aB3"},
        ["1 <= s.length <= 100"],
        [
            "s consists of English letters and digits.",
            "s consists of lowercase and uppercase English letters and digits.",
            "s consists of alphanumeric characters.",
            "s consists of digits and English letters.",
            "s consists of printable ASCII characters.",
        ],
    ),
    (
        "s: str",
        {"s": "ab"},
        ["1 <= s.length <= 26", "s consists of lowercase English letters."],
        [
            "All the characters of s are unique.",
            "s has no repeated characters.",
            "Every character in s appears at most once.",
            "Each character in s is unique.",
        ],
    ),
    (
        "points: List[List[int]]",
        {"points": [[0, 1], [1, 2]]},
        ["1 <= points.length <= 100", "points[i].length == 2", "points[i] = [xi, yi]", "-100 <= xi, yi <= 100"],
        [
            "All the points are unique.",
            "All pairs (xi, yi) are distinct.",
            "All pairs [xi, yi] are unique.",
            "All (xi, yi) are distinct.",
            "No two points are the same.",
        ],
    ),
    (
        "words: List[str]",
        {"words": ["ab", "c"]},
        ["1 <= words.length <= 100", "1 <= words[i].length <= 10", "words[i] consists of lowercase English letters."],
        [
            "All the strings of words are unique.",
            "All words[i] are distinct.",
            "words contains no duplicates.",
            "All the strings in words are distinct.",
            "words[i] consists only of lowercase English letters.",
            "Each words[i] consists of lowercase English letters.",
            "All strings in words consist of lowercase English letters.",
            "The total length of all words does not exceed 1000.",
            "sum(words[i].length) <= 1000",
            "The sum of words[i].length <= 1000",
            "1 <= sum(words[i].length) <= 1000",
            "words[i] is non-empty.",
        ],
    ),
    (
        "grid: List[List[int]]",
        {"grid": [[0, 1], [1, 0]]},
        ["m == grid.length", "n == grid[i].length", "1 <= m, n <= 50", "grid[i][j] is either 0 or 1."],
        [
            "grid[i][j] is 0 or 1.",
            "grid[i][j] is either 0 or 1",
            "grid[i][j] ∈ {0, 1}",
            "grid[i][j] in {0, 1}",
            "Each cell of grid is 0 or 1.",
            "grid consists of 0s and 1s.",
            "grid[i][j] == 0 or grid[i][j] == 1",
            "grid[i][j] is 0, or 1.",
            "0 <= grid[i][j] <= 1",
            "1 <= m * n <= 2500",
            "1 <= m, n <= 50 and m * n <= 2500",
            "m == grid.length and n == grid[0].length",
            "The grid has m rows and n columns.",
        ],
    ),
    (
        "s: str, t: str",
        {"s": "ab", "t": "ba"},
        ["1 <= s.length, t.length <= 100", "s and t consist of lowercase English letters."],
        [
            "s.length == t.length",
            "s and t have the same length.",
            "The lengths of s and t are equal.",
            "t.length == s.length",
            "|s| == |t|",
            "s and t consist only of lowercase English letters.",
            "Both s and t consist of lowercase English letters.",
            "s, t consist of lowercase English letters.",
            "s and t are lowercase strings.",
            "s and t contain only lowercase letters.",
        ],
    ),
]


# AtCoder's Constraints (stdin): (the input format, the lines read, one sample input, variants each added to them), in
# the ways AtCoder has written them over the years (≦ and "All values in input are integers." before 2019-2022,
# "(inclusive)", characters in code marks, absolute values, a permutation said of the enumerated elements)
_NA = "N\nA_1 A_2 \\ldots A_N"
ATCODER = [
    (
        _NA,
        ["1 \\le N \\le 100", "1 \\le A_i \\le 10^9"],
        "3\n1 2 3\n",
        [
            "All values in input are integers.",
            "All input values are integers.",
            "All values in the input are integers.",
            "All values given in the input are integers.",
            "Every value in the input is an integer.",
            "Input values are integers.",
            "N and A_i are integers.",
            "Each A_i is an integer.",
            "A_i \\neq A_j (i \\neq j)",
            "\\sum_{i=1}^{N} A_i \\leq 10^{9}",
        ],
    ),
    (
        _NA,
        ["1 \\le A_i \\le 10^9", "All values in input are integers."],
        "3\n2 1 3\n",
        ["2≦N≦100", "1 ≦ N ≦ 100", "N is an integer between 1 and 100 (inclusive)."],
    ),
    (
        _NA,
        ["1 \\le N \\le 100", "All values in input are integers."],
        "3\n2 1 3\n",
        [
            "(A_1, A_2, \\ldots, A_N) is a permutation of (1, 2, \\ldots, N).",
            "A=(A_1,A_2,\\ldots,A_N) is a permutation of (1,2,\\ldots,N).",
            "A_1, A_2, \\ldots, A_N is a permutation of 1, 2, \\ldots, N.",
            "A is a permutation of (1, 2, \\ldots, N).",
        ],
    ),
    (
        "X Y",
        ["All input values are integers."],
        "1 2\n",
        ["|X|, |Y| \\le 10^9", "|X|, |Y| \\leq 10^{9}"],
    ),
    (
        "S",
        ["1 \\le |S| \\le 100"],
        "abc\n",
        [
            "S consists of lowercase English letters.",
            "S consists of `a`, `b` and `c`.",
            "Each character of S is `a`, `b` or `c`.",
            "Each character in S is a lowercase English letter.",
        ],
    ),
]


# Codeforces' Input sections (prose), older wordings among them: (the Input section, one sample input)
CODEFORCES = [
    ("The first line contains integer n (1 ≤ n ≤ 10^5). The second line contains n integers a1, a2, ..., an (1 ≤ ai ≤ 10^9).", "3\n1 2 3\n"),
    ("The first line contains a single integer n (1 ≤ n ≤ 10^5) — the number of elements.\nThe second line contains n space-separated integers a1, a2, ..., an (1 ≤ ai ≤ 10^9).", "3\n1 2 3\n"),
    ("The first line contains an integer n (1 ≤ n ≤ 100000).\nThe next line contains n integers a_1, a_2, ..., a_n (1 ≤ a_i ≤ 10^9).", "3\n1 2 3\n"),
    ("The first line of the input contains integer n (1 ≤ n ≤ 10^5).\nThe second line of the input contains n integers a_{1}, a_{2}, ..., a_{n} (1 ≤ a_{i} ≤ 10^9).", "3\n1 2 3\n"),
    ("The first line contains one integer n (1 ≤ n ≤ 2·10^5).\nThe second line contains n integers a_1, a_2, …, a_n (1 ≤ a_i ≤ 10^9).", "3\n1 2 3\n"),
    ("The only line contains two integers n and k (1 ≤ k ≤ n ≤ 10^{18}).", "5 3\n"),
    ("The first line contains two space-separated integers n and m (1 ≤ n, m ≤ 100).\nEach of the next n lines contains m characters. Each character is either '.' or '#'.", "2 2\n.#\n#.\n"),
    ("In the first line there is one integer n (1 ≤ n ≤ 10^5).\nIn the second line there are n integers a_1, …, a_n (1 ≤ a_i ≤ 10^9).", "3\n1 2 3\n"),
    ("Input contains a single integer n (1 ≤ n ≤ 10^9).", "5\n"),
    ("The single line contains integer n (1 ≤ n ≤ 10^9).", "5\n"),
    ("The first and only line contains a string s (1 ≤ |s| ≤ 10^5), consisting of lowercase Latin letters.", "abc\n"),
    ("The first line contains two integers n, m (2 ≤ n ≤ 10^5, 1 ≤ m ≤ 10^5). Each of the next m lines contains two integers u, v (1 ≤ u, v ≤ n, u ≠ v).", "3 2\n1 2\n2 3\n"),
    ("The first line contains number n (1 ≤ n ≤ 100) — the number of elements. The second line contains n space-separated integers: a1, a2, ..., an (-1000 ≤ ai ≤ 1000).", "3\n1 2 3\n"),
    ("The first line contains a non-empty string s consisting of lowercase English letters. The length of s does not exceed 10^5.", "abc\n"),
]  # fmt: skip


def prose_problem(section: str, sample: str) -> Problem:
    """A Codeforces-style stdin problem with ``section`` as its Input section, processed as Process leaves it."""
    statement = f"Vasya has an array.\n\nInput\n\n{section}\n\nOutput\n\nPrint the answer.\n\nExamples\n\nInput\n\n{sample}\nOutput\n\n1\n"
    p = Problem(id="cf/x", source="cf", title="x", statement=statement, mode="stdin", tests=[TestCase(sample, "1\n")])
    p.statement = normalize_layout(clean_text(p.statement)[0])
    return p


def reads_prose(section: str, sample: str) -> tuple[bool, str]:
    reading = read_input_spec(prose_problem(section, sample))
    if isinstance(reading, Refusal):
        return False, reading.message
    return bool(generate_inputs(reading[0], "cf/x", 3)), "no input drawn"


def atcoder_cases() -> list[tuple[str, str, list[str], str]]:
    """(variant, the input format, the constraints it is read in, the sample input) of every AtCoder variant."""
    return [(v, fmt, base + [v], sample) for fmt, base, sample, variants in ATCODER for v in variants]


def reads_stdin(fmt: str, constraints: list[str], sample: str) -> tuple[bool, str]:
    spec = stdin_spec(stdin_problem(fmt, constraints, [sample]))
    if not isinstance(spec, StdinSpec):
        return False, spec.reason
    return bool(generate_inputs(spec.spec, "atc/x", 5)), "no input drawn"


def cases() -> list[tuple[str, str, dict, str]]:
    """(variant, the constraints it is read in, the test, the signature) of every variant above."""
    out = []
    for i, variants in VARIANTS.items():
        for v in variants:
            lines = BASE[:i] + [v] + BASE[i + 1 :]
            if i == 2 and " n" in f" {v}" and "nums" not in v:
                lines = ["n == nums.length"] + lines
            out.append((v, "\n".join(lines), TEST, SIG))
    out += [(v, "\n".join(base + [v]), test, sig) for sig, test, base, variants in CASES for v in variants]
    return out


def reads(constraints: str, test: dict, sig: str) -> tuple[bool, str]:
    spec = input_spec(fn_problem(constraints, sig, [json.dumps(test)]))
    if not isinstance(spec, InputSpec):
        return False, spec.reason
    return bool(generate_inputs(spec, "fx/solve", 5, max_len=20)), "no input drawn"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--unread", action="store_true", help="list each variant not read, with why")
    args = ap.parse_args()
    batteries = [
        ("", "restatements", [(v, (c, t, sg)) for v, c, t, sg in cases()], reads),
        (" (AtCoder)", "AtCoder restatements", [(v, (f, c, sm)) for v, f, c, sm in atcoder_cases()], reads_stdin),
        (" (Codeforces)", "Codeforces Input sections", [(sec[:80], (sec, sm)) for sec, sm in CODEFORCES], reads_prose),
    ]
    for tag, what, rows, read in batteries:  # each battery: how many of its variants are read
        done = 0
        for shown, arguments in rows:
            ok, why = read(*arguments)
            done += ok
            if not ok and args.unread:
                print(f"unread{tag}: {shown!r} | {why[:110]}")
        print(f"read {done} / {len(rows)} {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
