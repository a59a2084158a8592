"""How counts and names read in reports: "1 problem" / "2 problems", "LeetCode" not "Leetcode"."""

from __future__ import annotations

# the platforms' own spelling; anything else is capitalised as it comes
PLATFORM_NAMES = {
    "leetcode": "LeetCode",
    "atcoder": "AtCoder",
    "codeforces": "Codeforces",
    "codechef": "CodeChef",
    "hackerrank": "HackerRank",
    "hackerearth": "HackerEarth",
    "topcoder": "TopCoder",
    "kattis": "Kattis",
    "unknown": "Unknown",
}


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 problem', '2 problems' (``many`` for irregular plurals)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def display_name(group: str) -> str:
    """A table column's name: a platform's own spelling, else the word capitalised."""
    return PLATFORM_NAMES.get(group.lower(), group[:1].upper() + group[1:])
