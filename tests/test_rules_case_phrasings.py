"""Any-case phrasings: common variants, and every real phrasing in shared/data."""

from __future__ import annotations

import json
import re

import pytest

from microcoder_eval.rules import rule_from_statement


@pytest.mark.parametrize(
    "statement",
    [
        "Print Yes or No. You may print the answer in either uppercase or lowercase.",
        "Print YES if possible, otherwise NO. You can output each letter in upper or lower case.",
        "Output the word. You can print it in any capitalization.",
        "Print YES or NO in any combination of uppercase and lowercase letters.",
        "Print Alice or Bob. The answer is not case-sensitive.",
        "Print the verdict. Capitalization does not matter.",
        "Print YES or NO. Letter case is not important.",
    ],
)
def test_more_any_case_phrasings(statement):
    assert rule_from_statement(statement).any_case


@pytest.mark.parametrize(
    "statement",
    [
        "Print the answer in lowercase.",
        "Print YES in uppercase if it is possible, and no in lowercase otherwise.",
        "Print the string after converting every letter in uppercase or lowercase as described.",
        "If the letter is in uppercase or lowercase, print it twice.",
        "The first letter of the name is capitalized. Print the name.",
        "Letters are case sensitive, so 'a' differs from 'A'. Return the count.",
    ],
)
def test_still_no_false_any_case(statement):
    assert not rule_from_statement(statement).any_case


_GRANTS = re.compile(r"in any (?:case|register)|case[- ]?insensitive|recogni[sz]ed as (?:a )?positive", re.IGNORECASE)


def test_every_any_case_phrasing_in_the_real_statements_is_read(shared_data):
    """Every Codeforces/AtCoder/LeetCode statement in shared/data that grants any case
    in an output sentence is detected (LeetCodeDataset mentions case only about inputs)."""
    import gzip

    statements = [
        json.loads(line)["question_content"] for line in open(shared_data / "livecodebench" / "lcb_public.jsonl")
    ]
    statements += [r["problem"] for r in json.load(open(shared_data / "rllm" / "test" / "code" / "codeforces.json"))]
    with gzip.open(shared_data / "rllm" / "test" / "code" / "code_contests.json.gz", "rt") as fh:
        statements += [r["problem"] for r in json.load(fh)]
    granting = [
        s
        for s in statements
        if any(
            _GRANTS.search(line)
            and re.search(r"\b(?:print|output|YES|yes)\b", line, re.IGNORECASE)
            and not re.search(r"treat letters|matches a word", line)
            for line in re.split(r"(?<=[.!?])\s", s)
        )
    ]
    assert len(granting) >= 30
    missed = [s[:200] for s in granting if not rule_from_statement(s).any_case]
    assert not missed, missed
