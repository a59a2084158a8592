"""Inputs one or two edits from the problem's own (microcoder_data.testgen.neighbours.py):
they keep the structure random inputs lack, so a program wrong only on such inputs fails
a generated test; every one keeps the constraints; the same problem gets the same ones."""

from __future__ import annotations

import json
import random

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.verify import VerifyStep
from microcoder_data.testgen.neighbours import neighbour_inputs
from microcoder_data.testgen.spec_model import violation
from microcoder_data.testgen.stdin_format import StdinSpec, args_json, stdin_spec
from microcoder_eval.judge import Judge
from microcoder_eval.types import TestCase

# AtCoder ABC381 B's kind: is every letter of S doubled in place ("aabbcc") -- random
# strings over 26 letters almost never are, nor come one swap away from being one
STATEMENT = """A string T is a 1122 string if its length is even, its (2i-1)-th and 2i-th characters are equal for
every i, and every character in it appears exactly twice. Print Yes if S is a 1122 string, No otherwise.

### Input

The input is given from Standard Input in the following format:
S

### Output

Print Yes or No.

### Constraints

- S is a string of length between 1 and 100, inclusive, consisting of lowercase English letters.

### Sample Input 1

aabbcc
"""
REF = """s = input().strip()
ok = len(s) % 2 == 0 and all(s[i] == s[i + 1] for i in range(0, len(s), 2))
ok = ok and all(s.count(c) == 2 for c in set(s))
print("Yes" if ok else "No")
"""
# counts only: "abab" (each letter twice, not side by side) gets Yes
WRONG = """from collections import Counter
s = input().strip()
print("Yes" if len(s) % 2 == 0 and all(v == 2 for v in Counter(s).values()) else "No")
"""


def problem() -> Problem:
    return Problem(
        id="atc/1122",
        source="atc",
        title="1122 String",
        statement=STATEMENT,
        mode="stdin",
        tests=[TestCase("aabbcc\n", "Yes\n"), TestCase("zzzzzz\n", "No\n"), TestCase("xyx\n", "No\n")],
        reference_solutions=[REF],
    )


def test_neighbours_keep_the_constraints_and_are_deterministic():
    p = problem()
    spec = stdin_spec(p)
    assert isinstance(spec, StdinSpec), spec.reason
    seeds = sorted(args_json(spec, t.input) for t in p.tests)
    near = neighbour_inputs(spec.spec, seeds, random.Random(3), 12, exclude=set(seeds))
    assert len(near) == 12 and len(set(near)) == 12 and not set(near) & set(seeds)
    assert near == neighbour_inputs(spec.spec, seeds, random.Random(3), 12, exclude=set(seeds))
    for text in near:
        s = json.loads(text)["S"]
        assert violation(spec.spec.nodes["S"], s, {}, "S") is None
        assert any(len(s) == len(json.loads(x)["S"]) for x in seeds)  # an edit keeps the size


def test_an_edit_that_would_break_a_constraint_is_dropped():
    p = problem()
    p.statement = p.statement.replace("between 1 and 100", "between 1 and 6").replace(
        "lowercase English letters", "a, b, c, x, y and z"
    )
    spec = stdin_spec(p)
    assert isinstance(spec, StdinSpec), spec.reason
    seeds = sorted(args_json(spec, t.input) for t in p.tests)
    for text in neighbour_inputs(spec.spec, seeds, random.Random(0), 20, exclude=set(seeds)):
        assert set(json.loads(text)["S"]) <= set("abcxyz")


def test_a_program_wrong_only_on_structured_inputs_fails_a_neighbour():
    cfg = dict(augment_tests_to=12, strength_mutants=0, large_tests=0)
    with Judge(workers=2) as judge:
        assert judge.judge(problem().judge_task(), WRONG).passed  # the upstream tests let it through
        (got,) = VerifyStep(VerifyConfig(**cfg)).run_with([problem()], judge)
        assert isinstance(got, Problem), getattr(got, "reason", "")
        assert judge.judge(got.judge_task(), REF).passed
        assert not judge.judge(got.judge_task(), WRONG).passed
        (without,) = VerifyStep(VerifyConfig(**cfg, augment_neighbours=False)).run_with([problem()], judge)
        assert judge.judge(without.judge_task(), WRONG).passed  # random inputs alone: no "abab"-like case
