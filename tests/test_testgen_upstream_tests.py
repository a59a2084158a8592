"""Which side is wrong when an existing test breaks the reading (microcoder_data/testgen/upstream_tests.py):
an upstream-added test out of a stated range, while the statement's own examples fit, refuses as
``upstream_test_breaks_statement``; a statement example that breaks the reading, or a rule other than
a constant range, stays ``examples_break_reading``.  Nothing is generated either way."""

from __future__ import annotations

import json

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.export.card import _not_generated
from microcoder_data.export.specs import write_specs
from microcoder_data.schema import Problem
from microcoder_data.testgen.augment import Asked, _plan
from microcoder_data.testgen.input_size import read_input_spec
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.testgen.range_breaks import Break, OutOfRange
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.upstream_tests import stated_line, statement_example_tests, which_side
from microcoder_data.verify import report
from microcoder_eval.types import TestCase
from test_testgen_matrices import adjacency

STATEMENT = """Return the sum of nums times k.

### Example 1

Input: nums = [1,2], k = 2
Output: 6

### Example 2

Input: nums = [5], k = 1
Output: 5

### Constraints

{constraints}
"""
RANGES = "1 <= nums.length <= 10\n1 <= nums[i] <= 5\n1 <= k <= 3"


def problem(tests: list[str], constraints: str = RANGES, statement: str = STATEMENT) -> Problem:
    sig = "nums: List[int], k: int"
    return Problem(
        id="fx/sum-times",
        source="fx",
        title="sum-times",
        statement=statement.replace("{constraints}", constraints),
        mode="functional",
        tests=[TestCase(t, "0") for t in tests],
        starter_code=f"class Solution:\n    def solve(self, {sig}) -> int:\n",
        fn_name="solve",
        reference_solutions=[f"class Solution:\n    def solve(self, {sig}) -> int:\n        return sum(nums) * k\n"],
    )


EXAMPLES = ['{"nums": [1, 2], "k": 2}', '{"nums": [5], "k": 1}']


def refusal(p: Problem) -> Refusal:
    got = read_input_spec(p)
    assert isinstance(got, Refusal), got  # nothing generated
    return got


def test_the_line_stating_a_broken_range_is_named_where_one_line_states_it():
    lines = "1 <= nums.length <= 10\n1 <= nums[i] <= 5\n1 <= n <= 9\n1 <= x, y <= n\n2 <= grid[i][0], grid[i][1] <= 7"
    statement = STATEMENT.replace("{constraints}", lines)
    assert stated_line(statement, "nums[4]") == "1 <= nums[i] <= 5"
    assert stated_line(statement, "len(nums)") == "1 <= nums.length <= 10"
    assert stated_line(statement, "y") == "1 <= x, y <= n" and stated_line(statement, "n") == "1 <= n <= 9"
    assert stated_line(statement, "grid[3][1]") == "2 <= grid[i][0], grid[i][1] <= 7"
    assert stated_line(statement, "k") is None and stated_line(statement, "len(grid)") is None


def test_the_statements_examples_are_found_among_the_tests_by_their_values():
    p = problem([EXAMPLES[1], '{"nums": [3], "k": 3}', "[[1, 2], 2]"])  # positional, or named otherwise: alike
    assert statement_example_tests(p) == {0, 2}
    s = adjacency("", ("3\n0 1 1\n1 0 0\n1 0 0\n", "2\n0 1\n1 0\n"))  # Sample Input 1 is the first
    assert statement_example_tests(s) == {0}


@pytest.mark.parametrize(
    "upstream, line",
    [
        (
            '{"nums": [], "k": 1}',
            "test 3: len(nums)=0 outside [1, 10] (stated: 1 <= nums.length <= 10)",
        ),  # an empty list against 1 <=
        (
            '{"nums": [1, 9], "k": 1}',
            "test 3: nums[1]=9 outside [1, 5] (stated: 1 <= nums[i] <= 5)",
        ),  # an out-of-range number
        ('{"nums": [1], "k": 0}', "test 3: k=0 outside [1, 3] (stated: 1 <= k <= 3)"),
    ],
)
def test_an_upstream_test_out_of_a_stated_range_breaks_the_statement_not_the_reading(upstream, line):
    r = refusal(problem([*EXAMPLES, upstream, '{"nums": [2], "k": 3}']))
    assert (r.kind, r.line) == ("upstream_test_breaks_statement", line)
    assert "the statement's 2 example(s) fit the reading" in r.message


def test_a_statement_example_that_breaks_the_reading_leaves_the_reading_suspect():
    r = refusal(problem([*EXAMPLES, '{"nums": [], "k": 1}'], RANGES.replace("<= 5", "<= 4")))  # Example 2: 5
    assert (r.kind, r.line) == ("examples_break_reading", "test 2: nums[0]=5 outside [1, 4]")


@pytest.mark.parametrize(
    "constraints, upstream",
    [
        (RANGES + "\nnums is sorted in non-decreasing order.", '{"nums": [2, 1], "k": 1}'),  # not a range
        (RANGES.replace("1 <= k <= 3", "1 <= k <= nums.length"), '{"nums": [1], "k": 2}'),  # a bound naming an input
        ("1 <= nums.length <= 10\n1 <= nums[i] <= 25\n1 <= k <= 3", '{"nums": [30], "k": 1}'),  # 25: 2^5 scraped?
    ],
)
def test_an_upstream_test_that_breaks_another_rule_leaves_the_reading_suspect(constraints, upstream):
    assert refusal(problem([*EXAMPLES, upstream], constraints)).kind == "examples_break_reading"


def test_without_an_example_in_the_statement_the_reading_stays_suspect():
    plain = "Return the sum of nums times k.\n\n### Constraints\n\n{constraints}\n"
    assert refusal(problem([*EXAMPLES, '{"nums": [], "k": 1}'], statement=plain)).kind == "examples_break_reading"


def test_a_stdin_test_out_of_a_stated_range_after_the_fitting_sample_breaks_the_statement():
    fits = "3\n0 1 1\n1 0 0\n1 0 0\n"
    r = refusal(adjacency("", (fits, "1\n0\n")))  # 2 <= N
    assert (r.kind, r.line) == (
        "upstream_test_breaks_statement",
        "test 2: N=1 outside [2, 100] (stated: 2 \\leq N \\leq 100)",
    )
    r = refusal(adjacency("", ("1\n0\n", fits)))  # the sample itself is not the first test: the upstream one
    assert r.kind == "upstream_test_breaks_statement"
    broken_sample = adjacency("", (fits,))
    broken_sample.statement = broken_sample.statement.replace("2 \\leq N", "4 \\leq N")
    assert refusal(broken_sample).kind == "examples_break_reading"


def test_a_neighbour_range_narrower_than_the_list_is_not_a_bound_an_upstream_test_breaks():
    # "for all 0 <= i < k" bounds some elements only: nums[2] = 500 is allowed, never "upstream wrong"
    chain = "0 <= nums[i] < nums[i + 1] <= 100 for all 0 <= i < k"
    r = refusal(problem([*EXAMPLES, '{"nums": [1, 2, 500], "k": 1}'], f"1 <= nums.length <= 10\n1 <= k <= 3\n{chain}"))
    assert r.kind != "upstream_test_breaks_statement" and chain in r.line


@pytest.mark.parametrize(
    "line, upstream",
    [
        ("1 <= nums[i] <= 5", True),
        ("1 <= nums[i] <= 5 for all 0 <= i < k", False),  # some elements only
        ("1 <= nums[i] <= 5 if k > 1", False),  # under a condition
    ],
)
def test_an_upstream_test_is_called_wrong_only_by_a_bound_one_line_states_for_every_element(line, upstream):
    # the reading's break as check_existing records it: whatever reading made that range
    p = problem([*EXAMPLES, '{"nums": [1, 9], "k": 1}'], f"1 <= nums.length <= 10\n{line}\n1 <= k <= 3")
    out = OutOfRange("nums[1]", 9, "1", "5")
    why = "an existing test breaks the constraints as read (test 3): nums[1]=9 outside [1, 5]"
    broken = NoSpec(
        why, Refusal("examples_break_reading", "test 3: nums[1]=9 outside [1, 5]", why), (Break(2, "test 3", why, out),)
    )
    got = which_side(p, broken)
    assert got.refusal.kind == ("upstream_test_breaks_statement" if upstream else "examples_break_reading")
    assert not upstream or got.refusal.line == f"test 3: nums[1]=9 outside [1, 5] (stated: {line})"


def test_an_atcoder_element_range_is_stated_by_its_subscripted_line():
    p = Problem(
        id="fx/a",
        source="fx",
        title="P",
        statement=STDIN_LIST,
        mode="stdin",
        tests=[TestCase("2\n1 2\n", "0\n"), TestCase("2\n1 500\n", "0\n")],
        reference_solutions=["print(0)"],
    )
    assert stated_line(p.statement, "A[1]") == "1 \\leq A_i \\leq 100"
    r = refusal(p)
    assert (r.kind, r.line) == (
        "upstream_test_breaks_statement",
        "test 2: A[1]=500 outside [1, 100] (stated: 1 \\leq A_i \\leq 100)",
    )


STDIN_LIST = """Answer the question.

### Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \\ldots A_N

### Output

Print the answer.

### Constraints

- 1 \\leq N \\leq 10
- 1 \\leq A_i \\leq 100
- All input values are integers.

### Sample Input 1

2
1 2
"""


def test_the_new_kind_is_counted_by_the_build_report_card_and_spec_files(tmp_path):
    p = problem([*EXAMPLES, '{"nums": [], "k": 1}'])
    info = _plan(p, VerifyConfig(), Asked(False, None)).info  # refused before any reference runs
    assert info["refusal"]["kind"] == "upstream_test_breaks_statement"
    assert info["refusal"]["line"].startswith("test 3: len(nums)=0 outside [1, 10]")
    p.provenance = {"verify": {"generation": info, "tests_generated": 0}}
    reasons = report.testgen_stats([p])["not_generated_reasons"]
    assert reasons == {"upstream_test_breaks_statement": 1}
    assert any("upstream_test_breaks_statement | an upstream-added test" in line for line in _not_generated(reasons))
    folder = write_specs([p], tmp_path)
    saved = json.loads(next(folder.iterdir()).read_text())
    assert saved["refusal"]["kind"] == "upstream_test_breaks_statement"
