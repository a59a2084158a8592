"""Judging-rule detection from statements (and metadata overrides)."""

from __future__ import annotations

import json
import re

import pytest

from microcoder_eval.rules import (
    rule_from_statement,
    rule_reasons,
    special_judge_reasons,
)
from microcoder_eval.types import DEFAULT_TOLERANCE, JudgingRule


def tol(statement: str) -> float | None:
    return rule_from_statement(statement).float_tolerance


# --------------------------------------------------------------------------- tolerance


@pytest.mark.parametrize(
    "statement, expected",
    [
        (
            "Print the area. Your answer is considered correct if its absolute or relative error does not exceed $10^{-6}$.",
            1e-6,
        ),
        (
            "Output the value. Your answer will be considered correct if its absolute or relative error doesn't exceed $10^{-4}$.",
            1e-4,
        ),
        ("Print the probability. It is accepted if the error of at most 10^{-2} is made.", 1e-2),
        ("Your output is accepted if it is within 1e-9 of the true value.", 1e-9),
        ("The output is considered correct when the relative or absolute error is at most 10 ^ {-5}.", 1e-5),
        ("Answers with an absolute error of at most 10^-7 are accepted.", 1e-7),
        ("Answers with an absolute error of at most 10^{−8} are accepted.", 1e-8),  # U+2212 minus
        ("Answers with an absolute error of at most 10⁻⁶ are accepted.", 1e-6),  # superscripts
        ("Answers within 10<sup>-5</sup> of the actual answer will be accepted.", 1e-5),
        ("Answers within 10-5 of the actual answer will be accepted.", 1e-5),  # flattened <sup>
        ("Any answer with a calculation error less than 10-3 will be accepted.", 1e-3),
        ("Your answer will be accepted if it differs from the correct answer by at most 1e-5.", 1e-5),
        ("Your answer is accepted if its absolute error does not exceed 5 \\cdot 10^{-7}.", 5e-7),
        ("The checker accepts an absolute or relative error not exceeding 0.0001.", 1e-4),
        (
            (
                "Formally, let your answer be $a$, and the jury's answer be $b$. "
                "Your answer is accepted if and only if\n"
                "$$\\frac{|a - b|}{\\max{(1, |b|)}} \\le 10^{-6}.$$"
            ),
            1e-6,
        ),
    ],
)
def test_tolerance_phrasings(statement, expected):
    assert tol(statement) == pytest.approx(expected)
    assert any(r.startswith("float_tolerance=") for r in rule_reasons(statement))


@pytest.mark.parametrize(
    "statement",
    [
        "Print the answer modulo 10^9+7.",
        "It is guaranteed that the sum of n over all test cases does not exceed 2 \\cdot 10^5.",
        "1 \\le N \\le 10^{18}. Print the minimum cost.",
        "The program must finish within 2 seconds.",
        "Print the answer with exactly two digits after the decimal point.",
        "A subarray is a contiguous non-empty sequence of elements within an array.",
        "Given 0.5 <= p <= 1, print the expected number of steps.",
        "",
    ],
)
def test_no_tolerance_stated_gives_default(statement):
    assert tol(statement) == DEFAULT_TOLERANCE
    assert not any(r.startswith("float_tolerance") for r in rule_reasons(statement))


# --------------------------------------------------------------------------- any case


@pytest.mark.parametrize(
    "statement",
    [
        "You can print each letter in any case (upper or lower).",
        "If possible, print YES, otherwise NO. You can output the answer in any case (upper or lower).",
        'You can output "YES" and "NO" in any case (for example, strings "yEs", "yes" and "Yes" will be recognized as a positive response).',
        "You may print every letter in any case you want.",
        "You can print each letter in any register (upper or lower).",
        "For each test case, print YES (case-insensitive) if it is possible, or NO (case-insensitive) otherwise.",
        "The output is case insensitive.",
        'Print "Yes" or "No". The strings yes, Yes, YES will all be accepted.',
        "Print Alice or Bob. The case of the letters does not matter.",
        "For each test case, first print either YES or NO (in any case), whether there is a solution.",
    ],
)
def test_any_case_phrasings(statement):
    rule = rule_from_statement(statement)
    assert rule.any_case
    assert not rule.any_order
    assert any(r.startswith("any_case") for r in rule_reasons(statement))


@pytest.mark.parametrize(
    "statement",
    [
        "S consists of uppercase and lowercase English letters. Print the number of vowels.",
        "Each character of S is an uppercase or lowercase English letter.",
        "The vowels can appear in lowercase or uppercase. Return the string after sorting the vowels.",
        "Ignore numbers and spaces, and treat letters as case insensitive. Return the shortest completing word.",
        "If the query matches a word in the wordlist (case-insensitive), then the query word is returned with the same case as in the wordlist.",
        'Output "YES" if the cube will be removed in all cases, "NO" if it will not be removed in any case.',
        "In any case, print the smallest index.",
        "Print Yes if S is a palindrome, and No otherwise.",
    ],
)
def test_no_false_any_case(statement):
    assert not rule_from_statement(statement).any_case


# --------------------------------------------------------------------------- any order


@pytest.mark.parametrize(
    "statement",
    [
        "Return the answer in any order.",
        "You may return the answer in any order.",
        "Print all such indices. You can output them in any order.",
        "Return all valid strings of length n, in any order.",
        "Note that the returned array may be in any order.",
        "Return an array that consists of indices of peaks in the given array in any order.",
        "In the second line, print the subset itself in an arbitrary order.",
        "You can print the edges in any order.",
        "The final answer list can be returned in any order.",
        "The order of the output does not matter.",
        "Print all pairs, one per line. The order does not matter.",
        "If there is a tie, return all the values with the highest frequency in any order.",
    ],
)
def test_any_order_phrasings(statement):
    rule = rule_from_statement(statement)
    assert rule.any_order
    assert not rule.any_case
    assert any(r.startswith("any_order") for r in rule_reasons(statement))


@pytest.mark.parametrize(
    "statement",
    [
        "The edges are given in any order. Print the number of connected components.",
        "The input is not given in any particular order.",
        "Print the elements sorted in increasing order.",
        "Return the answer sorted in ascending order.",
        "You can do the following operations any number of times in any order: ... Print the minimum cost.",
        "Takahashi can arrange these dishes in any order he likes. Print the maximum number of dishes.",
        "Return the largest multiple of three that can be formed by concatenating some of the given digits in any order.",
        "It can be shown that replacing adjacent numbers in any arbitrary order will lead to the same result.",
        "You are given an array answers of length n, which are the submitted answers of the students in no particular order.",
        "A permutation of length n is an array consisting of n distinct integers from 1 to n in arbitrary order.",
        "In the eighth test case, we can perform two operations by choosing i = 2 and i = 3 in any order.",
        "You may complete the tasks in any order. Return the minimum number of sessions.",
        "The pairs can appear in any order.",
        "The order of operations does not matter. Print the final value.",
    ],
)
def test_no_false_any_order(statement):
    assert not rule_from_statement(statement).any_order


# --------------------------------------------------------------------------- combined


def test_combined_statement_and_reasons():
    statement = (
        "You are given N points.\n\nInput\n\nThe points are given in any order.\n\nOutput\n\n"
        "Print the distances of all pairs, in any order. Your answer is considered correct if its "
        "absolute or relative error does not exceed $10^{-6}$. You may print each letter in any case."
    )
    rule = rule_from_statement(statement)
    assert rule == JudgingRule(float_tolerance=1e-6, any_case=True, any_order=True)
    reasons = rule_reasons(statement)
    assert len(reasons) == 3
    assert all(len(r) < 250 for r in reasons)


def test_defaults_and_empty():
    assert rule_from_statement("") == JudgingRule()
    assert rule_from_statement(None) == JudgingRule()  # type: ignore[arg-type]
    assert rule_reasons("") == []


def test_special_judge_reasons():
    assert special_judge_reasons("If there are multiple solutions, you may print any of them.")
    assert special_judge_reasons("If there are multiple correct ways to fill the grid, you may print any of them.")
    assert not special_judge_reasons("Print the number of solutions.")
    assert not special_judge_reasons("")


# --------------------------------------------------------------------------- metadata


def test_metadata_overrides_detection():
    st = "Print the ratio. Your answer is considered correct if its absolute or relative error does not exceed $10^{-6}$."
    assert rule_from_statement(st, {"float_tolerance": 1e-3}).float_tolerance == 1e-3
    assert rule_from_statement(st, {"float_tolerance": None}).float_tolerance is None
    assert rule_from_statement(st, {"any_case": True}).any_case
    assert rule_from_statement("Return the answer in any order.", {"any_order": False}).any_order is False
    assert rule_from_statement(st, '{"rule": {"any_order": true, "float_tolerance": "1e-4"}}') == JudgingRule(
        float_tolerance=1e-4, any_case=False, any_order=True
    )
    assert rule_from_statement(st, {"rule": json.dumps({"any_case": "true"})}).any_case
    # aliases
    assert rule_from_statement(st, {"tol": 1e-2}).float_tolerance == 1e-2
    assert rule_from_statement(st, {"case_insensitive": True}).any_case
    # irrelevant or broken metadata leaves detection alone
    assert rule_from_statement(st, {"func_name": "f"}).float_tolerance == 1e-6
    assert rule_from_statement(st, "{not json").float_tolerance == 1e-6
    assert rule_from_statement(st, {"float_tolerance": "abc", "any_case": "maybe"}) == JudgingRule(float_tolerance=1e-6)
    assert rule_from_statement(st, {"float_tolerance": -1}).float_tolerance == 1e-6
    assert rule_from_statement(st, "").float_tolerance == 1e-6


# --------------------------------------------------------------------------- real statements


def _lcb_rows(shared_data):
    path = shared_data / "livecodebench" / "lcb_public.jsonl"
    if not path.exists():
        pytest.skip(f"{path} absent")
    with open(path, encoding="utf-8") as fh:
        return {row["question_id"]: row for row in map(json.loads, fh)}


def test_livecodebench_statements(shared_data):
    rows = _lcb_rows(shared_data)
    rules = {qid: rule_from_statement(row["question_content"]) for qid, row in rows.items()}
    reasons = {qid: rule_reasons(row["question_content"]) for qid, row in rows.items()}

    # Every statement that bounds the error of the answer gets a tolerance.
    error_sentence = re.compile(r"(absolute|relative) error", re.IGNORECASE)
    for qid, row in rows.items():
        if error_sentence.search(row["question_content"]):
            assert any(r.startswith("float_tolerance") for r in reasons[qid]), qid
    for qid, value in {
        "abc314_e": 1e-5,
        "abc315_f": 1e-5,
        "abc319_c": 1e-8,
        "abc324_f": 1e-9,
        "abc327_e": 1e-6,
        "abc374_d": 1e-6,
        "abc385_f": 1e-9,
    }.items():
        if qid in rules:
            assert rules[qid].float_tolerance == pytest.approx(value), qid
    # "absolute difference" is not an error bound
    for qid in ("1899_B", "3000", "abc301_b"):
        if qid in rules:
            assert not any(r.startswith("float_tolerance") for r in reasons[qid]), qid

    # Codeforces "YES/NO in any case"; letters "uppercase or lowercase" in constraints are not.
    for qid in ("1873_A", "1883_B"):
        if qid in rules:
            assert rules[qid].any_case, qid
    for qid in ("abc338_a", "abc314_d", "abc301_f", "abc380_d", "2887"):
        if qid in rules:
            assert not rules[qid].any_case, qid

    # "any order" of the answer vs. of operations/arrangements/input.
    for qid in ("3194", "3221", "3234", "3453"):
        if qid in rules:
            assert rules[qid].any_order, qid
    for qid in ("abc303_d", "abc323_d", "abc364_c", "abc364_e", "abc369_e", "abc377_g", "arc188_a", "1883_C"):
        if qid in rules:
            assert not rules[qid].any_order, qid
    # AtCoder answers in this set are never order-free, nor case-free
    for qid, rule in rules.items():
        if rows[qid]["platform"] == "atcoder":
            assert not rule.any_order and not rule.any_case, (qid, reasons[qid])


def test_battery_rules(shared_data):
    battery = shared_data / "battery"
    problems_path, labels_path = battery / "dev_problems.jsonl", battery / "dev_labels.jsonl"
    if not (problems_path.exists() and labels_path.exists()):
        pytest.skip("battery absent")
    with open(problems_path, encoding="utf-8") as fh:
        problems = {row["question_id"]: row for row in map(json.loads, fh)}
    with open(labels_path, encoding="utf-8") as fh:
        labels = [json.loads(line) for line in fh]
    assert labels
    for label in labels:
        problem = problems[label["problem_id"]]
        intended = label.get("rule") or {}
        want = JudgingRule(
            float_tolerance=intended.get("tol", DEFAULT_TOLERANCE),
            any_case=bool(intended.get("case_insensitive", False)),
            any_order=bool(intended.get("any_order", False)),
        )
        got = rule_from_statement(problem["question_content"], problem.get("metadata"))
        assert got == want, (label["problem_id"], label["spec"], rule_reasons(problem["question_content"]))
