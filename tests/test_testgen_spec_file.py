"""The spec as an artefact (microcoder_data/testgen/spec_file.py, spec_expr.py,
export/specs.py): a reading written out and read back is the same model; bounds are typed
expressions (a file cannot run code); an override file wins over the reading, checked
against the problem's tests first, and a build records and exports what it used."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from microcoder_data.config import VerifyConfig
from microcoder_data.export.specs import write_specs
from microcoder_data.schema import Problem
from microcoder_data.testgen.input_size import read_input_spec
from microcoder_data.testgen.refusal import Refusal
from microcoder_data.testgen.spec_expr import ExprError, evaluate, parse_expr
from microcoder_data.testgen.spec_file import (
    SpecFileError,
    dumps,
    file_name,
    override_reading,
    overrides_digest,
    reading_dict,
    reading_from_dict,
)
from microcoder_data.testgen.stdin_format import parse
from microcoder_data.verify import VerifyStep
from microcoder_eval.judge import Judge
from test_testgen import problem as functional_problem
from test_testgen_stdin import problem as stdin_problem

UNREADABLE = "Read N, M and K, then N numbers A, M pairs and a string S; print the sum of the A_i and K."


def round_trip(p: Problem):
    reading = read_input_spec(p)
    assert isinstance(reading, tuple), reading
    data = json.loads(dumps(reading_dict(p, reading)))
    return reading, data, reading_from_dict(data)


@pytest.mark.parametrize("make", [functional_problem, stdin_problem])
def test_a_reading_written_out_and_read_back_is_the_same_model(make):
    reading, data, back = round_trip(make())
    assert back == reading
    assert dumps(data) == dumps(reading_dict(make(), back))  # and the same bytes again
    assert data["form"] == 1 and data["problem"] == make().id and list(data) == sorted(data)


def test_expressions_are_typed_and_evaluate_as_python_would():
    env = {"nums": [3, 1, 2], "k": 2, "cases": [[1, "ab"], [2, "c"]]}
    assert evaluate("floor(len(nums) // k) + 10**2 - 3 * k", env) == 95
    assert evaluate("min(k, 5) <= len(nums) < 4 and not k == 3", env) is True
    assert evaluate("all(n <= len(s) + 1 for (n, s,) in cases)", env) is True
    assert evaluate("sum(case[0] * len(case[1]) for case in cases)", env) == 4
    with pytest.raises(NameError):
        evaluate("n + 1", env)


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os').system('true')",
        "().__class__",
        "(lambda: 1)()",
        "open('x')",
        "[x for x in nums]",
        "sum(x for x in nums if x)",
        "nums[1:2]",
        "len(*nums)",
        "f'{k}'",
    ],
)
def test_anything_outside_the_language_is_refused_before_it_runs(text):
    with pytest.raises(ExprError):
        parse_expr(text)


def test_an_absurd_power_is_refused_not_computed():
    with pytest.raises(OverflowError):
        evaluate("10**10**10", {})


def write_override(folder: Path, p: Problem, data: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(p.id)
    path.write_text(dumps(data))
    return path


def test_an_override_file_that_would_run_code_or_misspells_a_key_is_an_error_naming_the_place(tmp_path):
    p = stdin_problem()
    _, data, _ = round_trip(p)
    data["nodes"]["K"]["hi"] = "__import__('os').getcwd()"
    path = write_override(tmp_path, p, data)
    with pytest.raises(SpecFileError, match=r"fx%2Fsum\.json\.nodes\.K\.hi.*not allowed"):
        read_input_spec(p, str(tmp_path))
    data["nodes"]["K"]["hi"] = "10**9"
    data["nodes"]["K"]["hihg"] = "1"
    path.write_text(dumps(data))
    with pytest.raises(SpecFileError, match=r"nodes\.K: unknown key\(s\) \['hihg'\]"):
        override_reading(path, p)


@pytest.mark.parametrize("field, typo", [("order", "strict_asc"), ("column_order", "mountain")])
def test_an_override_order_the_model_does_not_know_is_an_error_naming_the_file_and_field(tmp_path, field, typo):
    p = functional_problem()
    _, data, _ = round_trip(p)
    data["nodes"]["nums"][field] = typo  # neither drawn nor checked: never a list left unordered
    path = write_override(tmp_path, p, data)
    with pytest.raises(SpecFileError, match=rf"fx%2Fcount-good\.json\.nodes\.nums\.{field}: '{typo}' is not one of"):
        override_reading(path, p)


def test_an_override_the_examples_break_generates_nothing_and_says_so(tmp_path):
    p = stdin_problem()  # its second test has K = -5
    _, data, _ = round_trip(p)
    data["nodes"]["K"]["lo"] = "0"
    write_override(tmp_path, p, data)
    got = read_input_spec(p, str(tmp_path))
    assert isinstance(got, Refusal) and got.kind == "examples_break_reading"
    assert got.message.startswith("override: an existing test breaks the constraints as read (test 2): K=-5")


def test_an_override_wins_over_the_reading_and_its_bounds_are_drawn(tmp_path):
    p = functional_problem()
    reading, data, _ = round_trip(p)
    data["nodes"]["nums"]["elem"]["lo"] = "-5"  # narrower than the statement's -10^4, the tests allow it
    write_override(tmp_path, p, data)
    spec, _ = read_input_spec(p, str(tmp_path))
    assert spec.nodes["nums"].elem.lo == "-5" and reading[0].nodes["nums"].elem.lo != "-5"


def test_the_override_folder_is_in_verifys_key_by_content(tmp_path):
    p = functional_problem()
    _, data, _ = round_trip(p)
    assert overrides_digest(None) is None
    path = write_override(tmp_path, p, data)
    before = overrides_digest(str(tmp_path))
    data["nodes"]["k"]["lo"] = "2"
    path.write_text(dumps(data))
    assert overrides_digest(str(tmp_path)) != before
    with pytest.raises(SpecFileError, match="not a folder"):
        overrides_digest(str(tmp_path / "missing"))


def test_a_hand_written_spec_gives_an_unreadable_problem_generated_tests_and_the_build_records_it(tmp_path):
    readable = stdin_problem()
    _, data, _ = round_trip(readable)
    unreadable = stdin_problem(statement=UNREADABLE)
    assert isinstance(read_input_spec(unreadable), Refusal)  # no input format to read
    overrides = tmp_path / "overrides"
    write_override(overrides, unreadable, data)
    cfg = VerifyConfig(augment_tests_to=12, strength_mutants=0, large_tests=0, spec_overrides=str(overrides))
    with Judge(workers=2) as judge:
        got = list(VerifyStep(cfg).run_with([unreadable], judge))[0]
        without = list(
            VerifyStep(VerifyConfig(augment_tests_to=12, strength_mutants=0)).run_with(
                [stdin_problem(statement=UNREADABLE, id="fx/sum-unread")], judge
            )
        )[0]
    assert isinstance(got, Problem), getattr(got, "reason", "")
    v = got.provenance["verify"]
    assert v["tests_generated"] == 10 and v["generation"]["spec"] == "override"
    assert v["generation"]["spec_override"] == "fx%2Fsum.json"
    rows = reading_from_dict(data)[1].rows
    for t in got.tests[2:]:  # every generated input is in the override's format, within its bounds
        x = parse(rows, t.input)
        assert len(x["A"]) == int(x["N"]) and -(10**9) <= int(x["K"]) <= 10**9 and set(x["S"]) <= {"0", "1"}
    assert without.provenance["verify"].get("tests_generated", 0) == 0
    assert without.provenance["verify"]["generation"]["refusal"]["kind"] == "no_format"
    folder = write_specs([got, without], tmp_path / "build")
    stored = json.loads((folder / "fx%2Fsum.json").read_text())
    assert reading_from_dict(stored) == reading_from_dict(data)  # what the build used, as written
    assert sorted(f.name for f in folder.iterdir()) == ["fx%2Fsum-unread.json", "fx%2Fsum.json"]  # one per id
    assert json.loads((folder / "fx%2Fsum-unread.json").read_text())["refusal"]["kind"] == "no_format"


def test_the_build_stores_a_refusal_where_there_is_no_model(tmp_path):
    p = stdin_problem(statement=UNREADABLE, id="fx/unread")
    p.provenance = {
        "verify": {"generation": {"skipped": "stdin: no input format", "refusal": {"kind": "no_format", "line": ""}}}
    }
    folder = write_specs([p], tmp_path)
    stored = json.loads((folder / "fx%2Funread.json").read_text())
    assert stored["refusal"] == {"kind": "no_format", "line": "", "message": "stdin: no input format"}
    assert reading_from_dict(stored) == Refusal("no_format", "", "stdin: no input format")


@pytest.mark.shared_data
def test_every_livecodebench_reading_round_trips_and_passes_as_its_own_override(shared_data, tmp_path):
    from microcoder_data.collect import collect
    from microcoder_data.process.clean import clean_text
    from microcoder_data.process.normalize import normalize_layout

    read = 0
    for p in collect([f"livecodebench:{shared_data / 'livecodebench' / 'lcb_public.jsonl'}"]):
        if not isinstance(p, Problem):
            continue
        p.statement = normalize_layout(clean_text(p.statement)[0])
        reading = read_input_spec(p)
        data = json.loads(dumps(reading_dict(p, reading)))
        assert reading_from_dict(data) == reading, p.id
        if isinstance(reading, tuple):
            read += 1
            assert override_reading(write_override(tmp_path, p, data), p) == reading, p.id
    assert read >= 600


def test_a_build_with_an_override_folder_uses_it_and_writes_specs(tmp_path):
    from microcoder_data.config import PipelineConfig
    from microcoder_data.recipe import build
    from microcoder_testing.problems import write_jsonl

    _, data, _ = round_trip(stdin_problem())
    p = stdin_problem(statement=UNREADABLE)  # no input format to read: only the override gives it tests
    write_override(tmp_path / "overrides", p, data)
    cfg = PipelineConfig(
        sources=[f"microcoder:{write_jsonl([p], tmp_path / 'src' / 'fx.jsonl')}"],
        out_dir=str(tmp_path / "out"),
        workers=1,
        progress=False,
    )
    cfg.verify.augment_tests_to, cfg.verify.strength_mutants, cfg.verify.large_tests = 12, 0, 0
    cfg.verify.spec_overrides = str(tmp_path / "overrides")
    build(cfg)
    kept = pq.read_table(tmp_path / "out" / "problems.parquet").to_pylist()
    assert [r["id"] for r in kept] == ["fx/sum"] and kept[0]["tests_generated"] == 10
    assert json.loads(kept[0]["provenance"])["verify"]["generation"]["spec"] == "override"
    stored = json.loads((tmp_path / "out" / "specs" / "fx%2Fsum.json").read_text())
    assert reading_from_dict(stored) == reading_from_dict(data)
