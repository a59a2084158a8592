"""KodCode rows: the pytest file's asserts become functional tests (read, never run) that the
reference solution passes in the judge."""

from __future__ import annotations

import json

from microcoder_data.collect import detect_format, read_problem_file
from microcoder_eval.judge import Judge

SOLUTION = "def running_max(nums, start=0):\n    out, best = [], start\n    for x in nums:\n        best = max(best, x)\n        out.append(best)\n    return out\n"
TEST = """from solution import running_max
import pytest

def test_basic():
    assert running_max([1, 3, 2, 5]) == [1, 3, 3, 5]

def test_start():
    data = [-4, -2]
    assert running_max(data, -10) == [-4, -2]

def test_empty():
    assert running_max([]) == []

def test_generated():
    assert running_max(list(range(3))) == [0, 1, 2]

def test_bad_type():
    with pytest.raises(TypeError):
        running_max(None)
"""


def _row(**extra):
    row = {
        "version": "V1",
        "style": "instruct",
        "subset": "Algorithm",
        "question_id": "Algorithm_123_I",
        "question": "Write a function running_max(nums, start=0) returning the running maximum of nums, "
        "starting from start.",
        "solution": SOLUTION,
        "test": TEST,
        "test_info": [
            {
                "function_name": "running_max",
                "parameter_list": "(nums, start=0)",
                "function_declaration": "def running_max(nums, start=0):",
                "docstring": None,
            }
        ],
        "gpt_difficulty": "medium",
        "gpt_pass_percentage": 0.6,
    }
    row.update(extra)
    return row


def test_kodcode_row_becomes_a_judgeable_functional_problem(tmp_path):
    assert detect_format(_row()).name == "kodcode"
    path = tmp_path / "kodcode.jsonl"
    path.write_text(
        json.dumps(_row()) + "\n" + json.dumps(_row(question_id="x", test="def test_x():\n    pass\n")) + "\n"
    )
    problem, reject = list(read_problem_file(path))
    assert problem.id == "kodcode/Algorithm_123_I" and problem.mode == "functional" and problem.fn_name == "running_max"
    assert [(t.input, t.output) for t in problem.tests] == [
        ("[[1, 3, 2, 5]]", "[1, 3, 3, 5]"),
        ("[[-4, -2], -10]", "[-4, -2]"),
        ("[[]]", "[]"),
    ]
    assert problem.difficulty == "medium" and problem.starter_code.startswith("def running_max(nums, start=0):")
    assert "list(range(3))" in problem.provenance["unconverted_tests"][0]  # named, not silently dropped
    assert "no convertible tests" in reject.reason
    with Judge(workers=1) as judge:
        assert judge.judge_completion(problem.judge_task(), SOLUTION).passed
        assert not judge.judge_completion(problem.judge_task(), SOLUTION.replace("max(best, x)", "x")).passed
