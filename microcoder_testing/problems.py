"""Small synthetic problem sets (written for this project) for tests, demos and benchmarks.

``sample_problems()`` returns correct, verified-looking problems (stdin and functional,
with reference solutions); ``write_jsonl`` writes Problems in the project's own row
format, which ``collect`` reads back (``microcoder:/path.jsonl`` or a bare path);
``write_trivial_problems`` writes four problems simple enough for a tiny model to learn.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from microcoder_data.schema import Problem
from microcoder_eval.types import JudgingRule, TestCase

_STDIN = [
    (
        "sum-two",
        "Sum of Two Integers",
        "You are given two integers A and B on a single line, separated by a space. "
        "Print the value of A plus B. Both numbers fit in a signed 64-bit integer, and the "
        "answer must be printed as a plain integer without leading zeros.",
        "a, b = map(int, input().split())\nprint(a + b)\n",
        [("1 2\n", "3\n"), ("-5 7\n", "2\n"), ("100 200\n", "300\n"), ("0 0\n", "0\n")],
        "easy",
    ),
    (
        "reverse-word",
        "Reverse the Word",
        "Read a single word consisting of lowercase English letters from standard input. "
        "Output the same word written backwards, so that its last letter comes first and its first "
        "letter comes last. The word has at least one and at most one hundred letters.",
        "s = input().strip()\nprint(s[::-1])\n",
        [("abc\n", "cba\n"), ("racecar\n", "racecar\n"), ("z\n", "z\n")],
        "easy",
    ),
    (
        "max-of-list",
        "Largest Element",
        "The first line holds an integer N. The second line holds N integers separated by spaces. "
        "Find the largest of these integers and print it. The list is never empty, and the values "
        "may be negative, so be careful with the initial value of your running maximum.",
        "n = int(input())\nxs = list(map(int, input().split()))\nprint(max(xs))\n",
        [("3\n1 5 2\n", "5\n"), ("1\n-7\n", "-7\n"), ("5\n-1 -2 -3 -4 -5\n", "-1\n")],
        "medium",
    ),
    (
        "count-vowels",
        "Counting Vowels",
        "Given one line of text made of lowercase letters and spaces, count how many characters "
        "are vowels, where the vowels are the letters a, e, i, o and u. Print that count as a single "
        "integer. Spaces are never counted, and the line may contain several words.",
        "s = input()\nprint(sum(ch in 'aeiou' for ch in s))\n",
        [("hello world\n", "3\n"), ("rhythm\n", "0\n"), ("aeiou aeiou\n", "10\n")],
        "medium",
    ),
    (
        "prefix-sums",
        "Prefix Sum Queries",
        "An array of N integers is followed by Q queries. Each query gives two positions L and R, "
        "one-based and inclusive, and asks for the sum of the array elements between them. Answer "
        "every query on its own line, in the order the queries are given in the input.",
        "import sys\n"
        "data = sys.stdin.read().split()\n"
        "n = int(data[0]); a = list(map(int, data[1:1 + n])); q = int(data[1 + n])\n"
        "pre = [0]\n"
        "for x in a:\n    pre.append(pre[-1] + x)\n"
        "out = []\n"
        "for k in range(q):\n"
        "    l = int(data[2 + n + 2 * k]); r = int(data[3 + n + 2 * k])\n"
        "    out.append(str(pre[r] - pre[l - 1]))\n"
        "print('\\n'.join(out))\n",
        [("3\n1 2 3\n2\n1 3\n2 2\n", "6\n2\n"), ("1\n5\n1\n1 1\n", "5\n")],
        "hard",
    ),
]

_FUNCTIONAL = [
    (
        "two-sum-count",
        "Count Pairs With Target Sum",
        "Given an integer array nums and an integer target, return the number of index pairs i < j "
        "such that nums[i] + nums[j] equals target. The array has between two and one thousand "
        "elements and every value lies between minus one million and one million.",
        "countPairs",
        "class Solution:\n    def countPairs(self, nums: list[int], target: int) -> int:\n"
        "        c = 0\n        for i in range(len(nums)):\n            for j in range(i + 1, len(nums)):\n"
        "                if nums[i] + nums[j] == target:\n                    c += 1\n        return c\n",
        [("[[1, 2, 3, 4], 5]", "2"), ("[[1, 1, 1], 2]", "3"), ("[[0, 5], 1]", "0")],
        "easy",
    ),
    (
        "is-palindrome-number",
        "Palindrome Number",
        "Given an integer x, return true if the decimal digits of x read the same forwards and "
        "backwards, and false otherwise. Negative numbers are never palindromes because of the "
        "leading minus sign, while a single digit is always a palindrome.",
        "isPalindrome",
        "class Solution:\n    def isPalindrome(self, x: int) -> bool:\n        s = str(x)\n        return s == s[::-1]\n",
        [("[121]", "true"), ("[-121]", "false"), ("[10]", "false"), ("[7]", "true")],
        "easy",
    ),
    (
        "running-average",
        "Average of a List",
        "Given a non-empty list of integers nums, return the arithmetic mean of its elements as a "
        "floating point number. Answers within an absolute or relative error of one millionth of "
        "the exact value are accepted by the checker that compares numbers.",
        "average",
        "class Solution:\n    def average(self, nums: list[int]) -> float:\n        return sum(nums) / len(nums)\n",
        [("[[1, 2]]", "1.5"), ("[[3]]", "3.0"), ("[[1, 2, 4]]", "2.3333333333333335")],
        "medium",
    ),
]


def sample_problems(source: str = "fixture") -> list[Problem]:
    """Eight small, correct problems (5 stdin, 3 functional) with reference solutions."""
    out: list[Problem] = []
    for slug, title, statement, ref, tests, diff in _STDIN:
        out.append(
            Problem(
                id=f"{source}/{slug}",
                source=source,
                title=title,
                statement=statement,
                mode="stdin",
                tests=[TestCase(i, o) for i, o in tests],
                difficulty=diff,
                reference_solutions=[ref],
                license="CC0-1.0 (written for microcoder)",
                platform="synthetic",
            )
        )
    for slug, title, statement, fn, ref, tests, diff in _FUNCTIONAL:
        starter = ref.split("\n        ")[0] + "\n        "
        out.append(
            Problem(
                id=f"{source}/{slug}",
                source=source,
                title=title,
                statement=statement,
                mode="functional",
                tests=[TestCase(i, o) for i, o in tests],
                fn_name=fn,
                starter_code=starter,
                difficulty=diff,
                reference_solutions=[ref],
                license="CC0-1.0 (written for microcoder)",
                platform="synthetic",
                rule=JudgingRule(),
            )
        )
    return out


def write_jsonl(problems: Iterable[Problem | dict], path: str | Path) -> Path:
    """Problems (or raw dict rows, e.g. deliberately malformed ones) as JSONL rows."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for p in problems:
            row = p.to_row() if isinstance(p, Problem) else p
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    return path


# ---------------------------------------------------------------------------- problems a tiny model can learn
#: Trivial stdin problems with one obvious Python answer each. A tiny model taught these
#: answers for a few seconds is right part of the time when sampled hot, so rewards differ
#: inside a GRPO group and the policy gradient is not zero.
TRIVIAL_PROBLEMS = (
    (
        "echo",
        "Echo the line",
        "Read one line of text from standard input and print it unchanged.",
        "print(input())",
        [("hello\n", "hello\n"), ("abc def\n", "abc def\n"), ("42\n", "42\n")],
    ),
    (
        "double",
        "Double the number",
        "Read an integer n from standard input and print the value 2*n.",
        "print(2 * int(input()))",
        [("3\n", "6\n"), ("-5\n", "-10\n"), ("0\n", "0\n")],
    ),
    (
        "sum",
        "Sum of two",
        "Read two integers a and b on one line, separated by a space, and print a+b.",
        "a, b = map(int, input().split())\nprint(a + b)",
        [("1 2\n", "3\n"), ("10 -4\n", "6\n"), ("0 0\n", "0\n")],
    ),
    (
        "upper",
        "Shout",
        "Read one line of lowercase letters from standard input and print it in uppercase.",
        "print(input().upper())",
        [("abc\n", "ABC\n"), ("hello\n", "HELLO\n"), ("z\n", "Z\n")],
    ),
)


def write_trivial_problems(path: str | Path) -> str:
    """The :data:`TRIVIAL_PROBLEMS` as microcoder Problem rows (JSONL, a ``--source`` for ``data build``)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as fh:
        for slug, title, statement, reference, tests in TRIVIAL_PROBLEMS:
            problem = Problem(
                id=f"trivial/{slug}",
                source="trivial",
                title=title,
                statement=statement,
                mode="stdin",
                tests=[TestCase(i, o) for i, o in tests],
                reference_solutions=[reference],
                license="Apache-2.0",
                difficulty="easy",
            )
            fh.write(json.dumps(problem.to_row()) + "\n")
    return str(path)
