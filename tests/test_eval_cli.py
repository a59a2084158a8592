"""``microcoder eval run`` end to end: LCB-format problems, raw completions, resume, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from microcoder_eval.summary import pass_at_k


def _lcb_row(
    qid: str,
    tests: list[tuple[str, str]],
    *,
    func: str | None = None,
    difficulty: str = "easy",
    platform: str = "atcoder",
    statement: str = "Compute it.",
) -> dict:
    testtype = "functional" if func else "stdin"
    return {
        "question_id": qid,
        "question_title": qid,
        "question_content": statement,
        "platform": platform,
        "contest_id": "c",
        "contest_date": "2024-01-01T00:00:00",
        "difficulty": difficulty,
        "starter_code": "",
        "public_test_cases": json.dumps([{"input": i, "output": o, "testtype": testtype} for i, o in tests]),
        "private_test_cases": "",
        "metadata": json.dumps({"func_name": func} if func else {}),
    }


def _fence(code: str) -> str:
    return f"Here is my solution.\n```python\n{code}\n```\n"


@pytest.fixture()
def files(tmp_path: Path):
    problems = [
        _lcb_row("add", [("1 2\n", "3\n"), ("5 5\n", "10\n")]),
        _lcb_row(
            "half",
            [("1\n", "0.5\n")],
            difficulty="medium",
            statement="Print x/2. Your answer is correct if the absolute or relative error is at most 10^{-6}.",
        ),
        _lcb_row("double", [("3", "6"), ("-1", "-2")], func="double", difficulty="hard", platform="leetcode"),
    ]
    problems_path = tmp_path / "problems.jsonl"
    problems_path.write_text("".join(json.dumps(p) + "\n" for p in problems))
    add_ok = _fence("a,b=map(int,input().split())\nprint(a+b)")
    lines = [
        json.dumps({"problem_id": "add", "completion": add_ok}),
        json.dumps({"problem_id": "add", "completion": _fence("print(3)")}),
        json.dumps({"problem_id": "half", "completion": _fence("print(int(input())/2)")}),
        json.dumps({"problem_id": "half", "completion": "I think the answer is\n```python\nprint(0.5"}),  # cut off
        json.dumps(
            {
                "problem_id": "double",
                "completion": _fence("class Solution:\n    def double(self, x):\n        return 2*x"),
            }
        ),
        json.dumps(
            {
                "problem_id": "double",
                "completion": _fence("class Solution:\n    def double(self, x):\n        return x+x+0.0"),
            }
        ),
        "{not json",
        json.dumps({"problem_id": "nope", "completion": add_ok}),
        json.dumps({"completion": add_ok}),
    ]
    solutions_path = tmp_path / "solutions.jsonl"
    solutions_path.write_text("\n".join(lines) + "\n")
    return problems_path, solutions_path, tmp_path / "out" / "results.jsonl"


def _run(problems, solutions, out, *extra):
    return CliRunner().invoke(
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
            "2",
            "--k",
            "1,2",
            "--no-progress",
            *extra,
        ],
    )


def test_eval_run_reports_and_names_bad_lines(files):
    problems, solutions, out = files
    result = _run(problems, solutions, out)
    assert result.exit_code == 0, result.output
    rows = [json.loads(l) for l in out.read_text().splitlines()]
    assert len(rows) == 6
    by_line = {r["line"]: r for r in rows}
    assert by_line[1]["verdict"] == "accepted" and by_line[1]["tests_passed"] == 2
    assert by_line[2]["verdict"] == "wrong_answer" and by_line[2]["tests"][-1]["detail"]
    assert by_line[3]["verdict"] == "accepted" and by_line[3]["tests"][0]["comparison"] in (
        "exact",
        "tokens",
        "numeric",
    )
    assert by_line[4]["verdict"] == "incomplete"
    assert by_line[5]["verdict"] == "accepted"
    assert by_line[6]["verdict"] == "accepted"  # 6.0 for an expected 6: exactly equal
    # Bad lines are named with file and line number; the rest went on.
    for fragment in ("solutions.jsonl:7", "solutions.jsonl:8", "unknown problem_id 'nope'", "solutions.jsonl:9"):
        assert fragment in result.output
    summary = json.loads(out.with_name("results.summary.json").read_text())
    assert summary["candidates"] == 6 and summary["problems"] == 3
    assert summary["overall"]["pass@1"] == pytest.approx((0.5 + 0.5 + 1.0) / 3)
    assert summary["overall"]["pass@2"] == pytest.approx(1.0)
    assert summary["by_difficulty"]["hard"]["pass@1"] == 1.0
    assert summary["verdicts"] == {"accepted": 4, "incomplete": 1, "wrong_answer": 1}
    assert "pass@1" in result.output and "Easy" in result.output


def test_eval_run_resumes_without_redoing_or_losing_work(files):
    problems, solutions, out = files
    assert _run(problems, solutions, out).exit_code == 0
    rows = out.read_text().splitlines()
    kept = rows[:3]
    # Simulate an interruption: three results written, a fourth cut off mid-line.
    out.write_text("\n".join(kept) + "\n" + rows[3][: len(rows[3]) // 2])
    result = _run(problems, solutions, out)
    assert result.exit_code == 0, result.output
    again = out.read_text().splitlines()
    assert again[:3] == kept  # finished work untouched
    assert len(again) == 6 and len({json.loads(l)["key"] for l in again}) == 6
    # Nothing missing: a third run judges nothing and changes nothing.
    before = out.read_text()
    assert _run(problems, solutions, out).exit_code == 0
    assert out.read_text() == before


def test_pass_at_k_estimator():
    assert pass_at_k(4, 0, 1) == 0.0
    assert pass_at_k(4, 4, 4) == 1.0
    assert pass_at_k(4, 1, 1) == pytest.approx(0.25)
    assert pass_at_k(4, 1, 2) == pytest.approx(0.5)
    with pytest.raises(ValueError):
        pass_at_k(1, 1, 2)


def test_eval_run_on_real_battery(shared_data, tmp_path):
    folder = shared_data / "battery"
    out = tmp_path / "battery.jsonl"
    result = _run(folder / "dev_problems.jsonl", folder / "dev_solutions.jsonl", out)
    assert result.exit_code == 0, result.output
    labels = {json.loads(l)["problem_id"]: json.loads(l)["label"] for l in open(folder / "dev_labels.jsonl")}
    rows = {json.loads(l)["problem_id"]: json.loads(l) for l in out.read_text().splitlines()}
    false_negatives = [p for p, lab in labels.items() if lab == "ACCEPT" and not rows[p]["passed"]]
    false_positives = [p for p, lab in labels.items() if lab == "REJECT" and rows[p]["passed"]]
    assert false_negatives == [] and false_positives == []


def test_bad_problem_rows_are_named_by_line_and_the_rest_goes_on(files):
    problems, solutions, out = files
    good = problems.read_text().splitlines()
    broken = dict(json.loads(good[0]), question_id="broken", public_test_cases="[{not json")
    missing = {k: v for k, v in json.loads(good[1]).items() if k != "public_test_cases"}
    missing["question_id"] = "missing"
    # line 1 good, 2 blank, 3 unparsable tests, 4 not JSON, 5 good, 6 no tests field, 7 good
    problems.write_text(
        "\n".join([good[0], "", json.dumps(broken), "{oops", good[1], json.dumps(missing), good[2]]) + "\n"
    )
    result = _run(problems, solutions, out)
    assert result.exit_code == 0, result.output
    for line in (3, 4, 6):
        assert f"problems.jsonl:{line}: " in result.output, result.output
    rows = [json.loads(l) for l in out.read_text().splitlines()]
    assert {r["problem_id"] for r in rows} == {"add", "half", "double"} and len(rows) == 6
