"""The held-out split of the statement sources (benchmarks/_heldout.py) and the reach benchmark
(benchmarks/bench_reach.py) on real data: one side per upstream problem, a quarter held out,
and refusals counted by kind."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from _heldout import held_out, problem_key, split_of  # noqa: E402
from bench_reach import _count, _finished, measure  # noqa: E402

from microcoder_data.testgen.refusal import KINDS, Refusal  # noqa: E402


def test_one_upstream_problem_is_on_one_side_in_every_file_of_its_source():
    assert problem_key("leetcodedataset/v0.1.0-test/two-sum") == problem_key("leetcodedataset/v0.3.0-test/two-sum")
    assert (
        problem_key("debugbench/two-sum/condition-error/0") == problem_key("debugbench/two-sum/double/7") == "two-sum"
    )
    assert problem_key("livecodebench/abc311_c") == "abc311_c" and problem_key("rllm/test/codeforces/12") == "12"
    assert split_of("debugbench", "debugbench/two-sum/condition-error/0") == split_of(
        "debugbench", "debugbench/two-sum/x/1"
    )


def test_a_quarter_is_held_out_and_sources_are_hashed_apart():
    ids = [f"p{k}" for k in range(8000)]
    share = sum(held_out("leetcodedataset", i) for i in ids) / len(ids)
    assert 0.23 < share < 0.27
    assert [held_out("leetcodedataset", i) for i in ids] != [held_out("debugbench", i) for i in ids]


@pytest.mark.shared_data
def test_reach_counts_every_problem_once_per_side_and_refusals_by_kind(shared_data):
    report, dev_lines = measure(shared_data, ["rllm-code_contests", "apps"])
    rows = [report[s][side] for s in ("rllm-code_contests", "apps") for side in ("dev", "heldout") if side in report[s]]
    for row in rows:
        assert row["generated"] <= row["read"] <= row["problems"]
        assert row["problems"] == row["generated"] + sum(row["refused"].values())
        assert set(row["refused"]) <= set(KINDS)
    contests = report["rllm-code_contests"]
    assert contests["dev"]["problems"] + contests["heldout"]["problems"] == 165
    assert 0.15 < contests["heldout"]["problems"] / 165 < 0.35
    assert {kind for kind, _ in dev_lines} <= set(KINDS)


def test_a_reading_an_existing_test_breaks_counts_as_read_and_by_which_side():
    row: dict = {"problems": 0, "read": 0, "generated": 0, "refused": Counter()}
    for kind in ("upstream_test_breaks_statement", "examples_break_reading", "unsupported_constraint"):
        _count(row, "refused", Refusal(kind, "test 3: n=0 outside [1, 10**5]", "..."))
    done = _finished(row)
    assert (done["problems"], done["read"], done["generated"]) == (3, 2, 0)
    assert done["refused"] == {
        "upstream_test_breaks_statement": 1,
        "examples_break_reading": 1,
        "unsupported_constraint": 1,
    }
