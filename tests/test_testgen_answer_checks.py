"""Promises about the answer (testgen/answer_checks.py): read as answer checks, stored in the
spec, enforced on the references' answers by Verify (generated, edited and large inputs whose
answer breaks one are dropped, counted in provenance) and on every existing test (refused)."""

from __future__ import annotations

import json

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem
from microcoder_data.testgen.answer_checks import (
    PHRASINGS,
    AnswerCheck,
    answer_check_of,
    answer_fault,
    settled,
)
from microcoder_data.testgen.input_size import read_input_spec
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.testgen.spec_file import SpecFileError, file_name, reading_dict, reading_from_dict
from microcoder_data.verify import VerifyStep
from microcoder_eval.judge import Judge
from microcoder_eval.types import TestCase

INT32 = ("-2**31", "2**31 - 1")


@pytest.mark.parametrize("phrasing", PHRASINGS, ids=lambda ph: ph.name)
def test_each_phrasing_reads_its_examples(phrasing):
    for example in phrasing.examples:
        body = answer_check_of(example)
        assert body is not None, example
        assert body.line == example.strip()
        assert body.lo is not None or body.hi is not None
        # read by this phrasing (not another one's), so each entry is tested by its own examples
        first = next(ph for ph in PHRASINGS if answer_check_of_by(ph, example))
        assert first is phrasing, (example, first.name)


def answer_check_of_by(phrasing, sentence: str) -> bool:
    from microcoder_data.testgen.answer_checks import _PREFIX

    body = _PREFIX.sub("", sentence.strip(), count=1).rstrip(" .)")
    return phrasing.pattern.fullmatch(body) is not None


@pytest.mark.parametrize(
    "sentence, bounds",
    [
        ("The test cases are generated so that the answer fits in a 32-bit integer.", INT32),
        ("The answer is guaranteed to fit into a signed 32-bit integer.", INT32),
        ("The nth super ugly number is guaranteed to fit in a 32-bit signed integer.", INT32),
        ("It is guaranteed that the answer fits in a 64-bit unsigned integer.", ("0", "2**64 - 1")),
        ("The constraints guarantee that the answer is less than 2^63.", (None, "2**63 - 1")),
        (
            "The test cases are generated such that the values in the final array are less than or equal to 10^8.",
            (None, "10**8"),
        ),
        ("It is guaranteed that the result will be in range [1, 2 * 10^9].", ("1", "2 * 10**9")),
    ],
)
def test_bounds_read(sentence, bounds):
    check = answer_check_of(sentence)
    assert check is not None and (check.lo, check.hi) == bounds


@pytest.mark.parametrize(
    "sentence",
    [
        # intermediate values: the answer does not show them, so no answer check (stays a promise)
        "The product of any prefix or suffix of nums is guaranteed to fit in a 32-bit integer.",
        # a promise about the input besides one about the answer
        "Tests are generated such that the answer will not exceed 10^7 and hour will have at most two digits "
        "after the decimal point.",
        "The test cases are generated so that the answer always exists and is in the range [2, 2 * 10^8].",
        "It is guaranteed that the answer is unique.",
        "All the integers in abbr will fit in a 32-bit integer.",
    ],
)
def test_not_answer_checks(sentence):
    assert answer_check_of(sentence) is None


def test_answer_fault_reads_every_integer_of_the_answer():
    c = AnswerCheck(*INT32, "fits")
    assert answer_fault([c], "2147483647", "functional") is None
    assert answer_fault([c], "2147483648", "functional") is c
    assert answer_fault([c], "[[1, -2147483649], [3]]", "functional") is c
    assert answer_fault([c], '[true, 1.5e20, "99999999999"]', "functional") is None  # no integer
    assert answer_fault([c], "3\n1 2 9999999999\n", "stdin") is c
    assert answer_fault([c], "Yes\n12\n", "stdin") is None


def test_scraped_powers_are_told_by_the_existing_answers():
    line = "The test cases are generated such that the values in the final array are less than or equal to 108."
    check = answer_check_of(line)
    assert check.hi == "108"  # as written: the tighter reading
    kept, broken = settled([check], ["[5, 100]"], "functional")
    assert kept[0].hi == "108" and broken is None
    kept, broken = settled([check], ["[5, 5000]"], "functional")  # 108 is 10^8 lost its superscript
    assert kept[0].hi == "10**8" and broken is None
    kept, broken = settled([check], ["[5, 500000000]"], "functional")
    assert broken == 0


def test_a_statement_read_with_scraped_powers_has_its_answer_bound_scraped_too():
    body = "The test cases are generated such that the values in the final array are less than or equal to 108."
    tests = [TestCase('{"nums": [4, 6]}', "[12]")]
    scraped = problem(statement=f"Return it. {body}\n\nConstraints:\n\n1 <= nums.length <= 105\n1 <= nums[i] <= 10\n")
    written = problem(statement=f"Return it. {body}\n\nConstraints:\n\n1 <= nums.length <= 50\n1 <= nums[i] <= 10\n")
    scraped.tests = written.tests = tests
    assert [c.hi for c in read_input_spec(scraped)[0].answer] == ["10**8"]  # as nums.length's 105: 10^5
    assert [c.hi for c in read_input_spec(written)[0].answer] == ["108"]


STATEMENT = (
    "Return the sum of nums.\n\nThe test cases are generated so that the answer fits in a 32-bit integer.\n\n"
    "Constraints:\n\n1 <= nums.length <= 10^5\n0 <= nums[i] <= 10^9\n"
)
REF = "class Solution:\n    def total(self, nums: List[int]) -> int:\n        return sum(nums)\n"


def problem(**kw) -> Problem:
    p = Problem(
        id="fx/sum-fits",
        source="fx",
        title="Sum",
        mode="functional",
        fn_name="total",
        statement=STATEMENT,
        tests=[TestCase('{"nums": [1, 2]}', "3"), TestCase('{"nums": [1000000000, 1000000000]}', "2000000000")],
        starter_code="class Solution:\n    def total(self, nums: List[int]) -> int:\n",
        reference_solutions=[REF],
    )
    for k, v in kw.items():
        setattr(p, k, v)
    return p


def test_the_promise_is_an_answer_check_in_the_spec_and_its_file():
    reading = read_input_spec(problem())
    assert not isinstance(reading, Refusal), reading
    spec, _ = reading
    assert [(c.lo, c.hi) for c in spec.answer] == [INT32]
    data = reading_dict(problem(), reading)
    assert data["answer"] == [{"kind": "ints_within", "lo": "-2**31", "hi": "2**31 - 1", "line": spec.answer[0].line}]
    again, _ = reading_from_dict(json.loads(json.dumps(data)))
    assert again == spec
    with pytest.raises(SpecFileError, match="answer"):
        reading_from_dict({**data, "answer": [{"kind": "ints_within", "hi": "n"}]})


def test_an_existing_answer_that_breaks_it_refuses():
    p = problem(tests=[TestCase('{"nums": [1000000000, 1000000000, 1000000000]}', "3000000000")])
    why = read_input_spec(p)
    assert isinstance(why, Refusal) and why.kind == "examples_break_answer"
    assert why.line.startswith("The test cases are generated so that the answer fits")


def test_an_override_file_carries_its_answer_check(tmp_path):
    data = reading_dict(problem(), read_input_spec(problem()))
    data["answer"] = [{"kind": "ints_within", "lo": "0", "hi": "10", "line": "by hand"}]
    (tmp_path / file_name("fx/sum-fits")).write_text(json.dumps(data))
    why = read_input_spec(problem(), str(tmp_path))  # the second test's answer, 2*10^9, breaks it
    assert isinstance(why, Refusal) and why.kind == "examples_break_answer" and why.line == "by hand"


@pytest.fixture(scope="module")
def judge():
    with Judge(workers=2) as j:
        yield j


def test_verify_drops_generated_and_large_tests_whose_answer_breaks_it(judge):
    cfg = VerifyConfig(augment_tests_to=10, strength_mutants=0, large_tests=1)
    got = list(VerifyStep(cfg).run_with([problem()], judge))[0]
    assert isinstance(got, Problem), getattr(got, "reason", "")
    gen = got.provenance["verify"]["generation"]
    assert gen["generated"] > 0
    # values up to 10^9: most random sums pass 2^31 - 1; those inputs are ruled out
    assert gen["answer_checks"]["dropped"] > 0 and "32-bit" in gen["answer_checks"]["lines"][0]
    assert all(-(2**31) <= json.loads(t.output) <= 2**31 - 1 for t in got.tests)
    large = got.provenance["verify"]["large"]  # 20,000 values: its sum always breaks it
    assert large["added"] == 0 and "32-bit" in large["why"]
