"""One reader for the whole family of "print it in any letter case" statements
(a case phrase and a scope that makes it the answer's), checked on a table of the ways Codeforces,
AtCoder, LeetCode and CodeContests statements say it, on statements that mention case but need it
exact, and through the judge: a correct program printing another case passes only where allowed."""

from __future__ import annotations

import json
import re

import pytest

from microcoder_eval.case_rule import case_phrase_in
from microcoder_eval.rules import rule_from_statement

ANY_CASE = [
    # Codeforces
    'You can output the answer in any case (for example, the strings "yEs", "yes", "Yes", and "YES" will be '
    "recognized as a positive answer).",
    "You can output each letter in any case (lowercase or uppercase).",
    "You may print every letter in any case you want.",
    "You can print each letter in any register (upper or lower).",
    "For each test case, print YES (case-insensitive) if it is possible, or NO (case-insensitive) otherwise.",
    # "either case", "upper or lower case letters" (the examples)
    "Print Yes or No. You may print the letters in either case.",
    "Print YES or NO in either case.",
    "Each letter of the output may be in either case.",
    "Print YES or NO (upper or lower case letters are both accepted).",
    "You may print each letter in upper or lower case.",
    "You may print each character in uppercase or lowercase.",
    "You may output the answer using uppercase or lowercase letters.",
    "Print the answer; uppercase and lowercase letters are both accepted.",
    "Capital or small letters are both accepted.",
    "Print First or Second in whatever case you like.",
    "Output Yes or No (in any letter case).",
    "Print YES or NO in any combination of uppercase and lowercase letters.",
    "Either case is accepted.",
    # insensitivity
    "The answer is case-insensitive.",
    "Print YES or NO. The checker is case-insensitive.",
    "The judge compares your output case-insensitively.",
    "Print YES or NO; letter case is ignored.",
    "Print Alice or Bob. The case of the letters does not matter.",
    "Regardless of case, your answer will be accepted.",
    # examples only
    'Print "Yes" or "No". The strings yes, Yes, YES will all be accepted.',
]

EXACT_CASE = [
    "Print the string in lowercase.",
    "Output the answer in uppercase letters.",
    "Print YES in uppercase if it is possible, and no in lowercase otherwise.",
    "Print the resulting string after converting all letters to uppercase or lowercase.",
    "Print each letter in lowercase or uppercase depending on its position.",
    "S consists of uppercase and lowercase English letters. Print the number of vowels.",
    "Uppercase and lowercase letters are distinguished. Print Yes if T is a substring of S.",
    "The password may use digits; uppercase and lowercase letters are allowed.",
    "The comparison is case-sensitive: print the string exactly as given.",
    "In any case, print the smallest index.",
    "Print the names in the same case as in the input.",
    "Treat letters as case-insensitive and return the most frequent word in lowercase.",
    "If the query matches a word in the wordlist (case-insensitive), return the word with the same case.",
    "The words in paragraph are case-insensitive and the answer should be returned in lowercase.",
    "If the letter is in uppercase or lowercase, print it twice.",
    "The letters of the input can be in any case. Print the number of distinct letters.",
    "The vowels can appear in lowercase or uppercase. Return the string after sorting the vowels.",
    'Output "YES" if the cube will be removed in all cases, "NO" if it will not be removed in any case.',
    "The letters' case does not matter, that is an uppercase letter is considered equivalent to the "
    "corresponding lowercase letter. Help Petya perform the comparison.",
]


@pytest.mark.parametrize("statement", ANY_CASE)
def test_every_way_of_saying_any_case_is_read(statement):
    assert rule_from_statement(statement).any_case, statement


@pytest.mark.parametrize("statement", EXACT_CASE)
def test_statements_that_need_the_exact_case_stay_exact(statement):
    assert not rule_from_statement(statement).any_case, statement


def test_the_reader_names_the_phrase_it_read():
    assert case_phrase_in("Print YES or NO in either case.") == "either case"
    assert (
        case_phrase_in("You may output the answer using uppercase or lowercase letters.")
        == "uppercase or lowercase letters"
    )
    assert case_phrase_in("Print the string in lowercase.") is None


def test_eval_run_accepts_another_case_only_where_the_statement_allows_it(tmp_path):
    """Through `eval run`: the same program printing "yEs" against three statements."""
    from click.testing import CliRunner

    from cli.main import main

    statements = {
        "either": "Print YES if n is odd, otherwise NO. You may print the letters in either case.",
        "pair": "Print YES if n is odd, otherwise NO (upper or lower case letters are both accepted).",
        "exact": "Print YES if n is odd, otherwise NO. Output the answer in uppercase letters.",
    }
    rows = [
        {
            "question_id": q,
            "question_title": q,
            "platform": "codeforces",
            "contest_id": "1",
            "question_content": text,
            "contest_date": "2025-03-01T00:00:00",
            "difficulty": "easy",
            "starter_code": "",
            "private_test_cases": "",
            "metadata": "{}",
            "public_test_cases": json.dumps([{"input": "3\n", "output": "YES\n", "testtype": "stdin"}]),
        }
        for q, text in statements.items()
    ]
    problems = tmp_path / "problems.jsonl"
    problems.write_text("".join(json.dumps(r) + "\n" for r in rows))
    program = "```python\nn = int(input())\nprint('yEs' if n % 2 else 'nO')\n```"
    solutions = tmp_path / "sol.jsonl"
    solutions.write_text("".join(json.dumps({"problem_id": q, "completion": program}) + "\n" for q in statements))
    out = tmp_path / "res.jsonl"
    result = CliRunner().invoke(
        main,
        [
            "eval",
            "run",
            "--dataset",
            str(problems),
            "--solutions",
            str(solutions),
            "--out",
            str(out),
            "--workers",
            "1",
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    verdicts = {r["problem_id"]: r["verdict"] for r in map(json.loads, out.read_text().splitlines())}
    assert verdicts == {"either": "accepted", "pair": "accepted", "exact": "wrong_answer"}


def test_the_real_statements_read_the_same_family(shared_data):
    """Over every statement of every source in shared/data: each sentence read as 'any case' is an
    answer sentence (an output verb, an acceptance, or a verdict), and each sentence with a
    Codeforces-style grant is read."""
    import glob
    import gzip

    def read(path):
        return gzip.open(path, "rt") if str(path).endswith(".gz") else open(path)

    with read(shared_data / "livecodebench" / "lcb_public.jsonl") as fh:
        statements = [json.loads(line)["question_content"] for line in fh]
    for name in ("codeforces.json", "code_contests.json.gz"):
        with read(shared_data / "rllm" / "test" / "code" / name) as fh:
            statements += [r["problem"] for r in json.load(fh)]
    with read(shared_data / "rllm" / "train" / "code" / "leetcode.json.gz") as fh:
        statements += [r["problem"] for r in json.load(fh)]
    for path in glob.glob(str(shared_data / "leetcodedataset" / "*.jsonl.gz")):
        with read(path) as fh:
            statements += [json.loads(line)["query"] for line in fh]
    for path in glob.glob(str(shared_data / "debugbench" / "*.json")):
        statements += [r["description"] for r in json.load(open(path))]
    assert len(statements) > 5000
    from microcoder_eval.rules import rule_reasons

    answer_sentence = re.compile(r"\b(?:print|output|answer|accepted|recogni[sz]ed|checker|YES|Yes)\b", re.IGNORECASE)
    read_as_any = [r for s in statements for r in rule_reasons(s) if r.startswith("any_case")]
    assert len(read_as_any) >= 60
    assert all(answer_sentence.search(r) for r in read_as_any), [
        r for r in read_as_any if not answer_sentence.search(r)
    ]
    grants = [s for s in statements if re.search(r"(?:print|output)\w*[^.]{0,60}\bin any (?:case|register)\b", s, re.I)]
    assert grants and all(rule_from_statement(s).any_case for s in grants)
