"""Generated tests, mutants and test strength (microcoder_data/testgen/{inputspec,inputgen,augment}.py,
microcoder_data/verify/{mutants,strength}.py), with the real sandboxed judge."""

from __future__ import annotations

import copy
import json

import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.schema import Problem, Reject
from microcoder_data.verify import VerifyStep
from microcoder_data.testgen.cost import counting_code
from microcoder_data.testgen.inputgen import generate_inputs
from microcoder_data.testgen.inputspec import InputSpec, NoSpec, input_spec
from microcoder_data.verify.mutants import make_mutants
from microcoder_eval.judge import Judge
from microcoder_eval.types import TestCase

STATEMENT = """Given an integer array nums and an integer k, return the number of subarrays of length k
whose sum is at least 0.

Constraints:

n == nums.length
1 <= n <= 10^5
-104 <= nums[i] <= 104
1 <= k <= n
"""
REF = """class Solution:
    def countGood(self, nums: List[int], k: int) -> int:
        s = sum(nums[:k])
        count = 1 if s >= 0 else 0
        for i in range(k, len(nums)):
            s += nums[i] - nums[i - k]
            if s >= 0:
                count += 1
        return count
"""
# wrong only on a boundary: the two upstream tests pass it
BOUNDARY_BUG = REF.replace("for i in range(k, len(nums)):", "for i in range(k, len(nums) - 1):")


def problem(**kw) -> Problem:
    p = Problem(
        id="fx/count-good",
        source="fx",
        title="Count good windows",
        statement=STATEMENT,
        mode="functional",
        tests=[TestCase('{"nums": [3, -2, -5], "k": 2}', "1"), TestCase('{"nums": [5], "k": 1}', "1")],
        starter_code="class Solution:\n    def countGood(self, nums: List[int], k: int) -> int:\n",
        fn_name="countGood",
        reference_solutions=[REF],
    )
    for k, v in kw.items():
        setattr(p, k, v)
    return p


@pytest.fixture(scope="module")
def judge():
    with Judge(workers=2) as j:
        yield j


def test_spec_reads_types_and_constraints():
    spec = input_spec(problem())
    assert isinstance(spec, InputSpec) and spec.source == "constraints" and spec.keyword
    nums, k = spec.nodes["nums"], spec.nodes["k"]
    assert (nums.kind, nums.elem.kind, nums.len_lo, nums.len_hi) == ("list", "int", "n", "n")
    assert (nums.elem.lo, nums.elem.hi) == ("-10**4", "10**4")  # "104" is 10^4 scraped
    assert (k.lo, k.hi) == ("1", "n")
    assert spec.order.index("n") < spec.order.index("nums")


def test_generated_inputs_keep_the_constraints_and_are_deterministic():
    spec = input_spec(problem())
    a = generate_inputs(spec, "fx/count-good", 30)
    assert a == generate_inputs(spec, "fx/count-good", 30) and len(a) == 30
    assert a != generate_inputs(spec, "fx/other-id", 30)
    args = [json.loads(x) for x in a]
    assert all(1 <= x["k"] <= len(x["nums"]) and all(-(10**4) <= v <= 10**4 for v in x["nums"]) for x in args)
    assert all(len(x["nums"]) <= 50 for x in args)  # sizes kept small
    # edge cases: the minimum size, the extreme values
    assert {"nums": [-(10**4)], "k": 1} in args and {"nums": [10**4], "k": 1} in args


def test_unread_constraint_means_no_generation():
    p = problem(statement=STATEMENT + "nums is a palindrome.\n")
    spec = input_spec(p)
    assert isinstance(spec, NoSpec) and "nums is a palindrome" in spec.reason
    # a reading the existing tests break is wrong: no spec
    p = problem(statement=STATEMENT.replace("-104 <= nums[i]", "0 <= nums[i]"))
    assert isinstance(input_spec(p), NoSpec) and "breaks the constraints" in input_spec(p).reason


def test_examples_give_the_ranges_without_a_constraints_section():
    p = problem(
        statement="Count windows.",
        starter_code="",
        reference_solutions=[REF.replace(": List[int]", "").replace(": int", "")],
    )
    p.tests = [TestCase("[[1, -2, 3], 2]", "1"), TestCase("[[5, 0], 1]", "2")]
    spec = input_spec(p)
    assert isinstance(spec, InputSpec) and spec.source == "examples" and not spec.keyword
    for x in map(json.loads, generate_inputs(spec, p.id, 20)):
        assert 1 <= len(x[0]) <= 3 and all(-2 <= v <= 5 for v in x[0]) and 1 <= x[1] <= 2


def test_mutants_change_one_place_and_are_deterministic():
    ms = make_mutants(REF, 50, seed="a")
    assert len(ms) >= 15 and len({m.code for m in ms}) == len(ms)
    assert [m.code for m in ms] == [m.code for m in make_mutants(REF, 50, seed="a")]
    assert any("range end" in m.what for m in ms) and any("GtE -> Gt" in m.what for m in ms)
    assert all("List[int]" in m.code for m in ms)  # type hints are left alone
    assert make_mutants("def f(:\n", 5) == []


def test_verify_adds_generated_tests_that_reject_a_boundary_bug(judge):
    cfg = VerifyConfig(large_tests=0, augment_tests_to=10, strength_mutants=6)
    out = list(VerifyStep(cfg).run_with([problem()], judge))
    got = out[0]
    assert isinstance(got, Problem), getattr(got, "reason", "")
    v = got.provenance["verify"]
    assert len(got.tests) == 10 and v["tests_generated"] == 8 and v["tests_in"] == 2
    assert v["generated_tests"] == list(range(2, 10))  # after the upstream ones
    assert v["generation"]["spec"] == "constraints"
    assert 0 <= v["strength"]["share"] <= 1 and v["strength"]["mutants"] == 6
    task = got.judge_task()
    assert judge.judge(task, REF).passed
    assert not judge.judge(task, BOUNDARY_BUG).passed
    two_only = problem().judge_task()
    assert judge.judge(two_only, BOUNDARY_BUG).passed  # what the upstream tests alone let through
    again = list(VerifyStep(cfg).run_with([problem()], judge))[0]
    assert again.tests == got.tests and again.provenance == got.provenance


def test_inputs_a_reference_crashes_on_are_dropped(judge):
    # the reference rejects odd k (a constraint the statement does not state)
    ref = REF.replace("        s = sum(nums[:k])", "        assert k % 2 == 0 or k == 1\n        s = sum(nums[:k])")
    p = problem(
        reference_solutions=[ref],
        tests=[TestCase('{"nums": [3, -2, -5], "k": 2}', "1"), TestCase('{"nums": [5], "k": 1}', "1")],
    )
    got = list(VerifyStep(VerifyConfig(large_tests=0, augment_tests_to=10, strength_mutants=0)).run_with([p], judge))[0]
    assert isinstance(got, Problem)
    ks = [json.loads(t.input)["k"] for t in got.tests]
    assert all(k % 2 == 0 or k == 1 for k in ks) and got.provenance["verify"]["generation"]["inputs_dropped"] > 0
    assert got.provenance["verify"]["generation"]["references_agreeing"] == 1


def test_a_generated_output_needs_every_correct_reference_to_agree(judge):
    # a second correct reference that answers otherwise for an odd k > 1: no such test is kept
    other = REF.replace("        return count", "        return count + (1 if k % 2 and k > 1 else 0)")
    p = problem(reference_solutions=[REF, other])
    got = list(VerifyStep(VerifyConfig(large_tests=0, augment_tests_to=12, strength_mutants=0)).run_with([p], judge))[0]
    assert isinstance(got, Problem)
    generation = got.provenance["verify"]["generation"]
    assert generation["references_agreeing"] == 2 and generation["inputs_dropped"] > 0
    assert not [k for k in (json.loads(t.input)["k"] for t in got.tests) if k % 2 and k > 1]
    alone = list(
        VerifyStep(VerifyConfig(large_tests=0, augment_tests_to=12, strength_mutants=0)).run_with([problem()], judge)
    )[0]
    assert [k for k in (json.loads(t.input)["k"] for t in alone.tests) if k % 2 and k > 1]  # one alone kept some


def test_stdin_problems_are_left_alone_and_say_so(judge):
    p = Problem(
        id="fx/echo",
        source="fx",
        title="Echo",
        statement="Print the input.",
        mode="stdin",
        tests=[TestCase("hi\n", "hi\n")],
        reference_solutions=["print(input())"],
    )
    got = list(VerifyStep(VerifyConfig(large_tests=0)).run_with([p], judge))[0]
    generation = got.provenance["verify"]["generation"]
    assert len(got.tests) == 1 and "stdin" in generation["skipped"]
    assert generation["refusal"] == {"kind": "no_format", "line": ""}  # typed: counted by kind, never re-read


def test_min_strength_rejects_weak_tests_and_cap_keeps_killers(judge):
    weak = list(
        VerifyStep(VerifyConfig(large_tests=0, augment_tests_to=0, strength_mutants=12, min_strength=0.99)).run_with(
            [problem()], judge
        )
    )[0]
    assert isinstance(weak, Reject) and "min_strength" in weak.reason
    # many tests, cap 3: the kept ones reject as many counted mutants as all of them did
    p = problem()
    full = list(
        VerifyStep(VerifyConfig(large_tests=0, augment_tests_to=16, strength_mutants=8, max_tests=16)).run_with(
            [copy.deepcopy(p)], judge
        )
    )[0]
    p.tests = full.tests
    capped = list(
        VerifyStep(
            VerifyConfig(large_tests=0, augment_tests_to=0, strength_mutants=8, strength_probes=0, max_tests=3)
        ).run_with([p], judge)
    )[0]
    s_full = list(
        VerifyStep(
            VerifyConfig(large_tests=0, augment_tests_to=0, strength_mutants=8, strength_probes=0, max_tests=16)
        ).run_with([copy.deepcopy(p)], judge)
    )[0]
    assert len(capped.tests) == 3 and capped.provenance["verify"]["capped"] == 13
    assert capped.provenance["verify"]["strength"]["share"] == s_full.provenance["verify"]["strength"]["share"] == 1.0


class CountingJudge(Judge):
    """The real judge, noting (code, tests) of every candidate it runs."""

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.runs: list[tuple[str, int]] = []

    def judge(self, task, code, **kw):
        self.runs.append((code, len(task.tests)))
        return super().judge(task, code, **kw)


def counting(code: str, cfg: VerifyConfig) -> str | None:
    """The code generation runs for a count-good reference (cost.py)."""
    return counting_code(code, "functional", "countGood", cfg.augment_step_budget)


def test_references_are_not_judged_again_on_what_generation_ran():
    # The generation run is the first run: a reference that passed every test there is not
    # judged again, only its determinism repeat runs; one that failed there is.
    wrong = REF.replace("        return count", "        return count + 1")
    cfg = VerifyConfig(large_tests=0, augment_tests_to=10, strength_mutants=0)
    with CountingJudge(workers=2) as judge:
        got = list(VerifyStep(cfg).run_with([problem(reference_solutions=[REF, wrong])], judge))[0]
        generation, second_round, after = judge.runs[:2], judge.runs[2:-2], judge.runs[-2:]
    assert isinstance(got, Problem) and len(got.tests) == 10 and got.reference_solutions == [REF]
    v = got.provenance["verify"]
    assert (v["references_tested"], v["references_correct"], v["nondeterministic"]) == (2, 1, 0)
    plain = {counting(c, cfg): c for c in (REF, wrong)}  # generation runs each counting its steps
    assert sorted(plain.get(code) for code, _ in generation) == sorted([REF, wrong])
    assert [plain.get(code) for code, _ in second_round] in ([], [REF])  # more inputs: the correct one only
    assert sorted(after) == sorted([(REF, 10), (wrong, 10)])  # REF's repeat; the wrong one's real run
    with Judge(workers=2) as plain:  # the same problem as judging every reference afresh gives
        assert list(VerifyStep(cfg).run_with([problem(reference_solutions=[REF])], plain))[0].tests == got.tests


def test_generation_runs_only_the_tests_verify_keeps_before_the_cap():
    # 40 upstream tests, max_tests 4 x precap_factor 2: only the 8 largest run anywhere.
    def count_good(nums, k):  # the reference's answer, written independently
        return sum(1 for i in range(len(nums) - k + 1) if sum(nums[i : i + k]) >= 0)

    tests = []
    for n in range(1, 41):
        nums = [(-1) ** j * (j * 7 % 11) for j in range(n)]
        tests.append(TestCase(json.dumps({"nums": nums, "k": (n + 1) // 2}), str(count_good(nums, (n + 1) // 2))))
    cfg = VerifyConfig(large_tests=0, max_tests=4, precap_factor=2, strength_mutants=2, strength_probes=3)
    with CountingJudge(workers=2) as judge:
        got = list(VerifyStep(cfg).run_with([problem(tests=tests)], judge))[0]
        generation, repeat = judge.runs[0], judge.runs[1]
    assert isinstance(got, Problem) and len(got.tests) == 4
    assert got.provenance["verify"]["capped"] == 36 and got.provenance["verify"]["strength"]["basis"] == "tests+probes"
    assert generation[0] == counting(REF, cfg) and 8 < generation[1] <= 8 + 3 + 2  # the 8 largest + the probes' inputs
    assert repeat == (REF, 8)  # Verify's first run is generation's; only the determinism repeat runs
    assert {t.input for t in got.tests} <= {t.input for t in tests[-8:]}


def test_a_second_round_keeps_the_tests_one_round_over_every_input_would(monkeypatch):
    # count-good's answers are small counts: the first round has too few new ones, so the
    # correct reference runs on the rest of the inputs too -- and the tests kept are those
    # labelling every input at once gives
    import microcoder_data.testgen.augment as augment

    cfg = VerifyConfig(large_tests=0, augment_tests_to=16, strength_mutants=0)
    with CountingJudge(workers=2) as judge:
        two_rounds = list(VerifyStep(cfg).run_with([problem()], judge))[0]
        second = judge.runs[1]
    assert second[0] == counting(REF, cfg) and second[1] == 3 * 14 + 2 - augment._first_round(14, 0)
    monkeypatch.setattr(augment, "_first_round", lambda want, probes: 10**6)
    with CountingJudge(workers=2) as judge:
        one_round = list(VerifyStep(cfg).run_with([problem()], judge))[0]
        assert judge.runs[0][1] == 2 + 3 * 14 + 2 and judge.runs[1][1] == 16  # all inputs, then the repeat
    assert two_rounds.tests == one_round.tests and len(two_rounds.tests) == 16


def test_known_wrong_programs_are_measured_and_the_cap_keeps_their_killers(judge, tmp_path):
    from microcoder_data.collect import collect
    from microcoder_data.verify.report import known_wrong_rejected, testgen_stats

    # our own row format carries a source's known-wrong programs in `incorrect_solutions`
    row = problem().to_row()
    row["incorrect_solutions"] = [BOUNDARY_BUG, REF.replace("return count", "return count - (len(nums) > 8)"), "   "]
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(row) + "\n")
    (p,) = list(collect([f"microcoder:{path}"]))
    assert isinstance(p, Problem) and len(p.provenance["incorrect_solutions"]) == 2  # the blank one dropped
    upstream = list(
        VerifyStep(VerifyConfig(large_tests=0, augment_tests_to=0, strength_mutants=0)).run_with(
            [copy.deepcopy(p)], judge
        )
    )[0]
    assert upstream.provenance["verify"]["known_wrong"] == {"programs": 2, "rejected": 0.0}  # the two tests miss both
    # generated tests, capped to 2 without mutants: the known-wrong programs' killers are kept first
    got = list(
        VerifyStep(
            VerifyConfig(large_tests=0, augment_tests_to=16, strength_mutants=0, strength_probes=4, max_tests=2)
        ).run_with([copy.deepcopy(p)], judge)
    )[0]
    assert len(got.tests) == 2 and got.provenance["verify"]["known_wrong"] == {"programs": 2, "rejected": 1.0}
    largest = list(
        VerifyStep(
            VerifyConfig(large_tests=0, augment_tests_to=16, strength_mutants=0, max_tests=2, cap_by="input_size")
        ).run_with([copy.deepcopy(p)], judge)
    )[0]
    assert largest.provenance["verify"]["known_wrong"]["rejected"] < 1.0  # the two largest inputs miss one
    assert known_wrong_rejected(got) == 1.0 and "strength" not in got.provenance["verify"]
    assert testgen_stats([got])["by_source"]["fx"]["known_wrong_programs"] == 2
    bad = copy.deepcopy(p)
    bad.provenance.pop("incorrect_solutions")
    row["incorrect_solutions"] = "not a list"
    path.write_text(json.dumps(row) + "\n")
    (rejected,) = list(collect([f"microcoder:{path}"]))
    assert isinstance(rejected, Reject) and "incorrect_solutions" in rejected.reason
