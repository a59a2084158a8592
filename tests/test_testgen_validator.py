"""A validator program in an override file (testgen/validator.py): what no reading can state, written as code,
run in the judge's sandbox on every existing test and generated input -- valid or none."""

from __future__ import annotations

import json

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem, TestCase
from microcoder_data.testgen.input_size import read_input_spec
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.testgen.spec_file import (
    SpecFileError,
    dumps,
    file_name,
    override_reading,
    reading_dict,
    reading_from_dict,
)
from microcoder_data.testgen.validator import checked_source
from microcoder_data.verify import VerifyStep
from microcoder_eval.judge import Judge

STATEMENT = """You are given a string s simulating events: s[i] = 'E' means a person enters the waiting room, 'L' that one
leaves. Return the least number of chairs needed so that everyone entering has a chair.

### Constraints

1 <= s.length <= 50
s consists only of the letters 'E' and 'L'.
s represents a valid sequence of entries and exits.
"""
REFERENCE = """class Solution:
    def minimumChairs(self, s: str) -> int:
        now = best = 0
        for c in s:
            now += 1 if c == 'E' else -1
            best = max(best, now)
        return best
"""
# what the statement's last line says, as code: nobody leaves a room that is empty
VALIDATOR = """def valid(s):
    inside = 0
    for c in s:
        inside += 1 if c == 'E' else -1
        if inside < 0:
            return False
    return True
"""
SPEC = {
    "form": 1,
    "problem": "fx/chairs",
    "mode": "functional",
    "args": ["s"],
    "keyword": True,
    "source": "constraints",
    "order": ["s"],
    "nodes": {"s": {"kind": "str", "len_lo": "1", "len_hi": "50", "alphabet": "EL"}},
    "checks": [],
    "validator": VALIDATOR,
}


def chairs(tests=(("EEL", "2"), ("ELEL", "1")), id="fx/chairs") -> Problem:
    return Problem(
        id=id,
        source="fx",
        title="chairs",
        statement=STATEMENT,
        mode="functional",
        tests=[TestCase(json.dumps({"s": s}), out) for s, out in tests],
        starter_code="class Solution:\n    def minimumChairs(self, s: str) -> int:\n",
        fn_name="minimumChairs",
        reference_solutions=[REFERENCE],
    )


def _overrides(tmp_path, spec=SPEC):
    folder = tmp_path / "overrides"
    folder.mkdir()
    (folder / file_name("fx/chairs")).write_text(dumps(spec))
    return str(folder)


def _never_negative(s: str) -> bool:
    return all(s[:k].count("E") >= s[:k].count("L") for k in range(len(s) + 1))


def test_a_problem_no_reading_enforces_gets_tests_only_its_validator_allows(tmp_path):
    assert isinstance(read_input_spec(chairs()), Refusal)  # "a valid sequence of entries and exits": not read
    cfg = VerifyConfig(augment_tests_to=12, strength_mutants=0, spec_overrides=_overrides(tmp_path))
    with Judge(workers=2) as judge:
        got = list(VerifyStep(cfg).run_with([chairs()], judge))[0]
    assert isinstance(got, Problem), getattr(got, "reason", "")
    v = got.provenance["verify"]
    assert v["tests_generated"] == 10 and v["generation"]["spec"] == "override"
    assert v["generation"]["validator"]["inputs_rejected"] > 0  # random E/L strings often go below zero
    assert all(_never_negative(json.loads(t.input)["s"]) for t in got.tests)
    assert "validator" in v["large"]["why"]  # no large input: the large-test pass runs no validator


def test_an_existing_test_the_validator_rejects_refuses_generation(tmp_path):
    broken = chairs(tests=(("EEL", "2"), ("LE", "1")))  # someone leaves an empty room: the reading is wrong
    cfg = VerifyConfig(augment_tests_to=12, strength_mutants=0, large_tests=0, spec_overrides=_overrides(tmp_path))
    with Judge(workers=2) as judge:
        got = list(VerifyStep(cfg).run_with([broken], judge))[0]
    generation = got.provenance["verify"]["generation"]
    assert got.provenance["verify"].get("tests_generated", 0) == 0
    assert generation["refusal"] == {"kind": "examples_break_reading", "line": "test 2"}  # tests count from 1


def test_a_validator_that_fails_to_run_refuses_and_says_so(tmp_path):
    spec = {**SPEC, "validator": "def valid(s):\n    return undefined_name(s)\n"}
    cfg = VerifyConfig(
        augment_tests_to=12, strength_mutants=0, large_tests=0, spec_overrides=_overrides(tmp_path, spec)
    )
    with Judge(workers=2) as judge:
        got = list(VerifyStep(cfg).run_with([chairs()], judge))[0]
    generation = got.provenance["verify"]["generation"]
    assert got.provenance["verify"].get("tests_generated", 0) == 0
    assert generation["refusal"] == {"kind": "reading_error", "line": "test 1"}
    assert "fails on existing test 1" in generation["skipped"] and "NameError" in generation["skipped"]


def test_a_validator_is_written_out_and_read_back_whole(tmp_path):
    folder = _overrides(tmp_path)
    spec, _ = override_reading(tmp_path / "overrides" / file_name("fx/chairs"), chairs())
    assert spec.validator == VALIDATOR and folder
    assert reading_from_dict(json.loads(dumps(SPEC)))[0].validator == VALIDATOR


@pytest.mark.parametrize(
    "source, says",
    [
        (42, "expected Python source"),
        ("def check(s):\n    return True\n", "no top-level function valid"),
        ("def valid(s) return True", "not Python"),
    ],
)
def test_a_validator_that_is_not_python_defining_valid_is_an_error_naming_the_place(tmp_path, source, says):
    folder = _overrides(tmp_path, {**SPEC, "validator": source})
    with pytest.raises(SpecFileError, match=rf"fx%2Fchairs\.json\.validator: .*{says}"):
        override_reading(tmp_path / "overrides" / file_name("fx/chairs"), chairs())
    assert folder
    with pytest.raises(ValueError):
        checked_source("", "x")


def _stdin_override(tmp_path, validator: str) -> str:
    from test_testgen_stdin import problem as stdin_problem

    p = stdin_problem()
    reading = read_input_spec(p)
    data = json.loads(dumps(reading_dict(p, reading)))
    folder = tmp_path / "overrides"
    folder.mkdir()
    (folder / file_name(p.id)).write_text(dumps({**data, "validator": validator}))
    return str(folder)


@pytest.mark.parametrize(
    "validator, kept",
    [
        # K (the first line's third number) at most 0; what it prints is ignored
        ("def valid(text):\n    print('checking', len(text))\n    return int(text.split()[2]) <= 0\n", True),
        # prints True and leaves without returning: no input is valid
        ("import sys\ndef valid(text):\n    print(True)\n    sys.exit(0)\n", False),
    ],
)
def test_a_stdin_validator_gets_the_whole_input_and_only_its_answer_counts(tmp_path, validator, kept):
    from test_testgen_stdin import problem as stdin_problem

    cfg = VerifyConfig(
        augment_tests_to=12, strength_mutants=0, large_tests=0, spec_overrides=_stdin_override(tmp_path, validator)
    )
    with Judge(workers=2) as judge:
        got = list(VerifyStep(cfg).run_with([stdin_problem()], judge))[0]
    v = got.provenance["verify"]
    if kept:
        assert v["tests_generated"] == 10 and v["generation"]["validator"]["inputs_rejected"] > 0
        assert all(int(t.input.split()[2]) <= 0 for t in got.tests[2:])
    else:
        assert v.get("tests_generated", 0) == 0 and v["generation"]["refusal"]["kind"] == "reading_error"
