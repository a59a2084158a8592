"""A matrix's cells by position (microcoder_data/testgen/matrices.py): symmetric matrices and
diagonals drawn and checked, and the rule that a line naming cells by position which no reading
handles stops generation rather than being read as a bound of every element."""

from __future__ import annotations

import json
import random

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.testgen.inputgen import generate_inputs, generate_large_inputs
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.spec_model import NoSpec
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, stdin_spec
from microcoder_eval.types import TestCase
from test_testgen_conditions import drawn, fn_problem, why_not_read

ADJACENCY = r"""There is a simple undirected graph G with N vertices. You are given its adjacency matrix.

Input

The input is given from Standard Input in the following format:
N
A_{1,1} A_{1,2} \ldots A_{1,N}
\vdots
A_{N,1} A_{N,2} \ldots A_{N,N}

Output

Print the degrees.

Constraints


- 2 \leq N \leq 100
- A_{i,j} \in \lbrace 0,1 \rbrace
{rules}
- All input values are integers.

Sample Input 1

3
0 1 1
1 0 0
1 0 0

Sample Output 1

2 1 1
"""


def adjacency(rules: str, tests: tuple[str, ...] = ("3\n0 1 1\n1 0 0\n1 0 0\n",)) -> Problem:
    return Problem(
        id="fx/adjacency",
        source="fx",
        title="adjacency",
        statement=ADJACENCY.replace("{rules}", rules),
        mode="stdin",
        tests=[TestCase(t, "2 1 1\n") for t in tests],
        reference_solutions=["input()\n"],
    )


def _square_symmetric_zero_diagonal(a: list[list[int]]) -> bool:
    n = len(a)
    return all(len(r) == n for r in a) and all(a[i][i] == 0 and a[i][j] == a[j][i] for i in range(n) for j in range(n))


def test_a_symmetric_matrix_with_a_zero_diagonal_is_drawn_so():
    s = stdin_spec(adjacency("- A_{i,i} = 0\n- A_{i,j} = A_{j,i}"))
    assert isinstance(s, StdinSpec), s.reason
    assert s.spec.nodes["A"].symmetric and s.spec.nodes["A"].diagonal == 0
    got = [json.loads(x)["A"] for x in generate_inputs(s.spec, "fx/adjacency", 40)]
    assert len(got) >= 20 and all(_square_symmetric_zero_diagonal(a) for a in got)
    assert any(a[i][j] for a in got for i in range(len(a)) for j in range(len(a)))  # not all zeros


@pytest.mark.parametrize(
    "rules, broken",
    [
        ("- A_{i,i} = 0", "4\n0 1 0 0\n1 1 0 0\n0 0 0 0\n0 0 0 0\n"),  # a 1 on the diagonal
        ("- A_{i,j} = A_{j,i}", "2\n0 1\n0 0\n"),  # not symmetric
    ],
)
def test_an_existing_input_that_breaks_the_matrix_rule_refuses_generation(rules, broken):
    got = stdin_spec(adjacency(rules, ("3\n0 1 1\n1 0 0\n1 0 0\n", broken)))
    assert isinstance(got, NoSpec) and "existing test breaks" in got.reason, got


def test_a_line_naming_cells_by_position_that_no_reading_handles_stops_generation():
    """A relation of two independent positions (every pair of rows' diagonal cells): too many pairs to
    check in general, so no reading takes it, and it is not read as a bound of every element either."""
    got = stdin_spec(adjacency("- A_{i,i} + A_{j,j} \\leq 1"))
    assert isinstance(got, NoSpec) and "constraint not understood" in got.reason, got


def _cells(n: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(n) for j in range(n)]


@pytest.mark.parametrize(
    "line, holds, broken",
    [
        # the diagonal bounded by the rest of its row
        ("A_{i,i} \\leq A_{i,j}", lambda a: all(a[i][i] <= a[i][j] for i, j in _cells(len(a))), "2\n1 0\n0 0\n"),
        # one triangle bounded by the other
        ("A_{i,j} \\leq A_{j,i}", lambda a: all(a[i][j] <= a[j][i] for i, j in _cells(len(a))), "2\n0 1\n0 0\n"),
    ],
)
def test_a_line_naming_cells_by_position_is_a_relation_of_those_cells_not_a_bound_of_every_element(line, holds, broken):
    """The range reading drops index names (``A_{i,j}`` bounds every element): a line naming one
    matrix at a repeated or at two different positions must not become such a bound.  It is read as
    a relation of the cells it names (relation_grammar), held by every drawn input, or refused."""
    got = stdin_spec(adjacency(f"- {line}"))
    assert isinstance(got, StdinSpec), got
    assert any("for j in range(" in c for c in got.spec.checks)  # every i and j, not one element
    drawn_matrices = [json.loads(x)["A"] for x in generate_inputs(got.spec, "fx/adjacency", 30)]
    assert all(holds([[int(v) for v in row] for row in a]) for a in drawn_matrices)
    refused = stdin_spec(adjacency(f"- {line}", ("3\n0 1 1\n1 0 0\n1 0 0\n", broken)))
    assert isinstance(refused, NoSpec) and "existing test breaks" in refused.reason, refused


def test_a_diagonal_rule_holds_on_the_diagonal_only():
    p = fn_problem(
        "1 <= n <= 200\nn == travelScore.length == travelScore[i].length\n"
        "0 <= travelScore[i][j] <= 100\ntravelScore[i][i] == 0",
        "n: int, travelScore: List[List[int]]",
        ['{"n": 2, "travelScore": [[0, 2], [3, 0]]}', '{"n": 1, "travelScore": [[0]]}'],
        name="maxScore",
    )
    got = [x["travelScore"] for x in drawn(p)]
    assert all(row[i] == 0 for m in got for i, row in enumerate(m))
    assert any(m[i][j] for m in got for i in range(len(m)) for j in range(len(m)) if i != j)  # off it: any value
    assert any(m[i][j] != m[j][i] for m in got for i in range(len(m)) for j in range(len(m)))  # not symmetric
    every = fn_problem(
        "1 <= n <= 200\nn == grid.length == grid[i].length\ngrid[i][j] is either 0 or 1.\nFor all i grid[i][i] is 0.",
        "grid: List[List[int]]",
        ['{"grid": [[0, 1], [0, 0]]}', '{"grid": [[0, 1, 1], [1, 0, 1], [0, 0, 0]]}'],
        name="findChampion",
    )
    assert all(m[i][i] == 0 for m in (x["grid"] for x in drawn(every)) for i in range(len(m)))
    one_on_it = fn_problem(
        "1 <= n <= 200\nn == grid.length == grid[i].length\n0 <= grid[i][j] <= 5\ngrid[i][i] == 0",
        "grid: List[List[int]]",
        ['{"grid": [[0, 1], [0, 1]]}'],
        name="g",
    )
    assert "existing test breaks" in why_not_read(one_on_it)


@pytest.mark.shared_data
def test_abc343_b_gets_only_symmetric_inputs_with_a_zero_diagonal(shared_data):
    """LiveCodeBench's abc343_b (``A_{i,i} = 0``, ``A_{i,j} = A_{j,i}``): every drawn, large and
    edited input is an adjacency matrix of a simple undirected graph."""
    from microcoder_data.collect import collect
    from microcoder_data.process.clean import clean_text
    from microcoder_data.process.normalize import normalize_layout
    from microcoder_data.testgen.inputgen import problem_seed

    rows = collect([f"livecodebench:{shared_data / 'livecodebench' / 'lcb_public.jsonl'}"])
    p = next(p for p in rows if isinstance(p, Problem) and p.id.endswith("/abc343_b"))
    p.statement = normalize_layout(clean_text(p.statement)[0])
    s = stdin_spec(p)
    assert isinstance(s, StdinSpec), s.reason
    cfg = VerifyConfig()
    own = [args_json(s, t.input) for t in p.tests]
    inputs = generate_inputs(s.spec, p.id, 60, max_len=cfg.augment_max_len)
    inputs += generate_large_inputs(s.spec, p.id, 2, budget=cfg.large_input_values, max_chars=1_000_000)
    inputs += neighbour_inputs(s.spec, own, random.Random(problem_seed(p.id, 0) ^ 0x6E), 20, exclude=set(own))
    assert len(inputs) > 40
    for x in inputs:
        a = json.loads(x)["A"]
        assert _square_symmetric_zero_diagonal(a), a
        assert json.loads(args_json(s, s.render(json.loads(x))))["A"] == a  # written out and read back alike
