"""The blockers benchmark (benchmarks/bench_blockers.py): a refused line is named by its shape, and on real data
every refused problem counts as one line in the way or more, once per upstream problem."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bench_blockers import measure, passed_over, shape_of  # noqa: E402

from microcoder_data.config import VerifyConfig  # noqa: E402
from test_testgen_conditions import fn_problem  # noqa: E402


def test_a_blocking_line_is_named_by_its_shape_first_match_first():
    assert shape_of("It is guaranteed that the answer is unique.") == "an answer exists / is unique"
    assert shape_of("s represents a valid expression.") == "valid / a grammar"
    assert shape_of("All the ids are distinct.") == "distinct / unique"
    assert shape_of("There are at most 25 cells containing gold.") == "a count (at least, at most, exactly)"
    assert shape_of("num consists of only 6 and 9 digits.") == "an alphabet (consists of, digits, letters)"
    assert shape_of("image[x][y] == '1'") == "a formula"
    assert shape_of("Groups of farmland are rectangular in shape.") == "other"


def test_a_problem_one_unread_line_stops_is_drawn_once_it_is_passed_over():
    one = fn_problem("1 <= n <= 100\nn is a lucky number.", "n: int", ['{"n": 7}'])
    assert passed_over(one, VerifyConfig())
    broken = fn_problem("1 <= n <= 100\nn is a lucky number.", "n: int", ['{"n": 700}'])  # a test breaks the range
    assert not passed_over(broken, VerifyConfig())


@pytest.mark.shared_data
def test_every_refused_problem_is_one_line_or_more_in_the_way(shared_data):
    report, dev_lines = measure(shared_data, ("deepseek-leetcode",))
    sides = report["deepseek-leetcode"]
    assert sum(r["problems"] for r in sides.values()) == 180 - 2  # two of its 180 are not functional problems
    for r in sides.values():
        assert r["one_line"] + r["more"] == r["refused"] <= r["problems"]
        assert sum(r["shapes"].values()) == r["one_line"]
    assert len(dev_lines) == sides["dev"]["one_line"]
