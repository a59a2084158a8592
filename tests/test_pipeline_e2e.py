"""End-to-end builds: a synthetic fixture with planted problems (always), the ../shared/data
sources with planted duplicates / benchmark problems / broken tests (when present), the
CLI, determinism and resume."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from cli.data_cmd import data
from microcoder_data.config import PipelineConfig, load_config
from microcoder_data.pipeline.checkpoint import Checkpoints
from microcoder_data.recipe import build
from microcoder_testing.problems import sample_problems, write_jsonl
from microcoder_data.schema import Problem
from microcoder_eval.types import TestCase

DATA_FILES = (
    "train.parquet",
    "problems.parquet",
    "rejects.parquet",
    "rejects.jsonl",
    "README.md",
    "difficulty.png",
    "tests.png",
    "stats.json",
)

BENCH_STATEMENT = (
    "Takahashi has a sequence of N positive integers. He repeatedly removes the two smallest numbers and inserts "
    "their product plus one, until a single number remains. Print the final number modulo 998244353. "
    "The first line contains N and the second line contains the N integers of the sequence."
)
ZH = "给定一个整数数组 nums 和一个整数目标值 target，请你在该数组中找出和为目标值的那两个整数，并返回它们的数组下标。"


def lcb_row(qid: str, statement: str, date: str) -> dict:
    return {
        "question_id": qid,
        "question_title": qid,
        "question_content": statement,
        "platform": "atcoder",
        "contest_id": "abc999",
        "contest_date": date + "T00:00:00",
        "difficulty": "medium",
        "starter_code": "",
        "public_test_cases": json.dumps([{"input": "1\n", "output": "1\n", "testtype": "stdin"}]),
        "private_test_cases": "",
        "metadata": "{}",
    }


def planted_fixture(tmp: Path) -> tuple[list[str], Path]:
    """Source files: the 8 sample problems plus planted rows, and an LCB-style benchmark file."""
    good = sample_problems("fixture")
    planted: list[Problem | dict] = list(good)
    near = copy.deepcopy(good[2])
    near.id, near.statement = "fixture/zz-near-dup", near.statement.replace("Find the largest", "Determine the largest")
    exact = copy.deepcopy(good[3])
    exact.id, exact.statement = "fixture/zz-exact-dup", exact.statement.upper()
    bench = copy.deepcopy(good[0])
    bench.id, bench.statement = "fixture/zz-benchmark", "Intro. " + BENCH_STATEMENT
    broken = copy.deepcopy(good[1])
    broken.id = "fixture/zz-broken-test"
    broken.statement = broken.statement.replace("lowercase English letters", "small Latin letters (a to z)")
    broken.statement = "Word reversal task. " + broken.statement.replace("backwards", "in reverse order, right to left")
    broken.tests = broken.tests + [TestCase("hello\n", "hello\n")]  # wrong expected output
    zh = copy.deepcopy(good[4])
    zh.id, zh.statement = "fixture/zz-chinese", ZH
    inter = copy.deepcopy(good[4])
    inter.id = "fixture/zz-interactive"
    inter.statement = (
        "This is an interactive problem: after each query flush the output. "
        + BENCH_STATEMENT[:60]
        + " guess the hidden number."
    )
    wrong_ref = copy.deepcopy(good[0])
    wrong_ref.id = "fixture/zz-wrong-reference"
    wrong_ref.statement = (
        "Two integers A and B are written on a blackboard. Erase both of them and write their sum instead, then "
        "print the number that is left on the blackboard. The values fit in a signed 64-bit integer type."
    )
    wrong_ref.reference_solutions = ["print(42)\n"]
    planted += [near, exact, bench, broken, zh, inter, wrong_ref]
    planted.append({"id": "fixture/zz-malformed", "source": "fixture", "mode": "stdin", "tests": "not json"})
    planted.append({**good[0].to_row(), "id": "fixture/zz-empty-tests", "tests": "[]", "num_tests": 0})
    planted.append({**good[1].to_row(), "id": "fixture/zz-huge", "statement": "word " * 20_000})
    planted.append({**good[2].to_row(), "id": "fixture/zz-wrong-type", "statement": 12345})
    src = write_jsonl(planted, tmp / "src" / "fixture.jsonl")
    lcb = tmp / "lcb.jsonl"
    lcb.write_text(
        "\n".join(
            json.dumps(r)
            for r in [
                lcb_row("abc999_a", BENCH_STATEMENT, "2024-09-01"),
                lcb_row("abc001_a", "An old one: " + good[5].statement, "2023-06-01"),
            ]
        )
        + "\n"
    )
    return [f"microcoder:{src}"], lcb


def fixture_config(tmp: Path, out: Path, **over) -> PipelineConfig:
    sources, lcb = planted_fixture(tmp)
    cfg = PipelineConfig(sources=sources, out_dir=str(out), workers=2, progress=False, shard_size=4)
    cfg.filter.decontam.reference = [f"livecodebench:{lcb}"]
    cfg.verify.shard_size = 3
    cfg.export.test_fraction = 0.25
    for k, v in over.items():
        setattr(cfg, k, v)
    return cfg


def read_rejects(out: Path) -> dict[str, dict]:
    return {r["id"]: r for r in pq.read_table(out / "rejects.parquet").to_pylist()}


@pytest.fixture(scope="module")
def fixture_build(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fx")
    cfg = fixture_config(tmp, tmp / "out")
    return tmp, cfg, build(cfg)


def test_fixture_build_counts_and_planted_rows(fixture_build):
    tmp, cfg, result = fixture_build
    out = Path(cfg.out_dir)
    stats = json.loads((out / "stats.json").read_text())
    n_in = stats["stages"][0]["rows_in"]
    assert n_in == 19 and n_in == result.kept.num_rows + result.rejects.num_rows
    for s_prev, s in zip(stats["stages"], stats["stages"][1:]):
        assert s["rows_in"] == s_prev["kept"] and s["rows_in"] == s["kept"] + s["rejected"]
    assert [s["stage"] for s in stats["stages"]] == ["collect", "process", "filter", "verify", "export"]
    assert stats["stages"][-1] == {
        "stage": "export",
        "rows_in": result.kept.num_rows,
        "kept": result.kept.num_rows,
        "rejected": 0,
        "rejected_by_step": {},
    }  # Export writes every kept problem
    rej = read_rejects(out)
    expect = {
        "fixture/zz-near-dup": ("filter", "minhash_dedup"),
        "fixture/zz-exact-dup": ("filter", "exact_dedup"),
        "fixture/zz-benchmark": ("filter", "decontam"),
        "fixture/zz-chinese": ("process", "language"),
        "fixture/zz-interactive": ("filter", "relevance"),
        "fixture/zz-wrong-reference": ("verify", "verify"),
        "fixture/zz-huge": ("process", "schema"),
    }
    for pid, (stage, step) in expect.items():
        assert (rej[pid]["stage"], rej[pid]["step"]) == (stage, step), rej[pid]
    collect_rejects = [r for r in rej.values() if r["stage"] == "collect"]
    assert len(collect_rejects) == 3  # malformed, empty tests, wrong type: each with its reason
    assert all(r["reason"] and r["payload"] for r in collect_rejects)
    kept = {p["id"]: Problem.from_row(p) for p in pq.read_table(out / "problems.parquet").to_pylist()}
    assert set(kept) == {p.id for p in sample_problems()} | {"fixture/zz-broken-test"}
    broken = kept["fixture/zz-broken-test"]
    assert TestCase("hello\n", "hello\n") not in broken.tests and broken.provenance["verify"]["dropped_disagree"] == 1
    train = pq.read_table(out / "train.parquet").num_rows
    test = pq.read_table(out / "test.parquet").num_rows
    assert train + test == len(kept) and test > 0


def test_fixture_build_is_deterministic_and_resumable(fixture_build, tmp_path):
    tmp, cfg, result = fixture_build
    a = Path(cfg.out_dir)
    # the same input and config, another run (other executor settings, Verify's shards one after
    # another instead of two in flight): byte-identical data files
    cfg2 = copy.deepcopy(cfg)
    cfg2.out_dir, cfg2.workers, cfg2.shard_size = str(tmp_path / "b"), 1, 100
    assert cfg.verify.shards_in_flight == 2
    cfg2.verify.shards_in_flight = 1
    build(cfg2)
    b = Path(cfg2.out_dir)
    for name in DATA_FILES + ("test.parquet",):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    for f in sorted((a / "hf").rglob("*")):
        if f.is_file():
            assert f.read_bytes() == (b / "hf" / f.relative_to(a / "hf")).read_bytes(), f
    # resume: everything finished is reused, also with other Verify scheduling (workers, shards in flight)
    cfg2.verify.workers, cfg2.verify.shards_in_flight = 2, 2
    again = build(cfg2, resume=True)
    assert [s.resumed for s in again.stages] == [True, True, True, True, False]  # Export writes on every build
    assert (b / "train.parquet").read_bytes() == (a / "train.parquet").read_bytes()
    # an interrupted Verify: only the unfinished shard runs again
    vdir = b / "_work" / "verify"
    (vdir / "done.json").unlink()
    (vdir / "shards" / "00001.done").unlink()
    logs: list[str] = []
    again = build(cfg2, resume=True, log=logs.append)
    assert [s.resumed for s in again.stages] == [True, True, True, False, False]
    assert any("resumed" in m and "shard" in m for m in logs)
    for name in DATA_FILES:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    # a config change re-runs from the changed stage on
    cfg2.verify.max_tests = 2
    again = build(cfg2, resume=True)
    assert [s.resumed for s in again.stages] == [True, True, True, False, False]


def test_a_failing_verify_shard_stops_the_build_and_keeps_the_shard_in_flight(fixture_build, tmp_path, monkeypatch):
    """Two Verify shards in flight: when one fails, the build stops with its error, no further
    shard starts, the one still running finishes and is saved, and a resumed build redoes
    only the others (same bytes as an uninterrupted build)."""
    import microcoder_data.verify.schedule as schedule

    _, cfg, _ = fixture_build
    cfg2 = copy.deepcopy(cfg)
    cfg2.out_dir = str(tmp_path / "c")
    real = schedule._verify_shard
    kept0, rejected0 = Checkpoints.load_shard(Path(cfg.out_dir) / "_work" / "verify" / "shards", 0)
    first_shard = set(kept0.column("id").to_pylist()) | set(rejected0.column("id").to_pylist())

    started: list[str] = []

    def lose_all_but_the_first_shard(step, shard, judge=None):
        ids = shard.column("id").to_pylist()
        started.append(ids[0])
        if not set(ids) <= first_shard:
            raise RuntimeError("judge host lost")
        return real(step, shard, judge)

    monkeypatch.setattr(schedule, "_verify_shard", lose_all_but_the_first_shard)
    with pytest.raises(RuntimeError, match="judge host lost"):
        build(cfg2)
    # shards 0 and 1 started together; 1 failed at once, while 0 was still running: nothing after
    assert len(started) == 2, started
    shards = Path(cfg2.out_dir) / "_work" / "verify" / "shards"
    assert sorted(p.name for p in shards.glob("*.done")) == ["00000.done"]
    monkeypatch.setattr(schedule, "_verify_shard", real)
    logs: list[str] = []
    build(cfg2, resume=True, log=logs.append)
    assert "verify: resumed 1 finished shard(s)" in logs
    for name in DATA_FILES:
        assert (Path(cfg.out_dir) / name).read_bytes() == (Path(cfg2.out_dir) / name).read_bytes(), name


def test_cli_build_with_config_file(tmp_path):
    sources, lcb = planted_fixture(tmp_path)
    conf = tmp_path / "c.yaml"
    conf.write_text(f"filter:\n  decontam:\n    reference: ['livecodebench:{lcb}']\nverify:\n  min_tests: 1\n")
    out = tmp_path / "cli-out"
    res = CliRunner().invoke(
        data,
        ["build", "--source", sources[0], "--config", str(conf), "--out", str(out), "--workers", "2", "--no-progress"],
    )
    assert res.exit_code == 0, res.output
    assert "stage" in res.output and "verify" in res.output and "rows in 19 = kept 9 + rejected 10" in res.output
    assert (out / "train.parquet").exists()
    bad = tmp_path / "bad.yaml"
    bad.write_text("filter:\n  dedupp: {}\n")
    res = CliRunner().invoke(data, ["build", "--config", str(bad), "--out", str(out)])
    assert res.exit_code != 0 and "unknown key" in res.output


def test_config_loading(tmp_path):
    p = tmp_path / "c.json"
    p.write_text(json.dumps({"verify": {"min_tests": 5}, "filter": {"dedup": {"threshold": 0.8}}}))
    cfg = load_config(p, workers=3, out_dir=None)
    assert cfg.verify.min_tests == 5 and cfg.filter.dedup.threshold == 0.8 and cfg.workers == 3
    assert cfg.out_dir == "out/microcoder-dataset" and cfg.sources == ["default"]


def test_config_unknown_keys_named_with_the_closest_known_ones():
    """The data config's unknown keys follow the trainer config's rule (microcoder_eval.config_keys):
    each named, where, with a "did you mean" hint; still a ValueError."""
    from trainer_adapters.core.config import UnknownConfigKeyError

    with pytest.raises(ValueError) as exc:
        PipelineConfig.from_dict({"filter": {"dedupp": {}, "zzz": 1}})
    assert (
        str(exc.value)
        == "unknown key 'dedupp' in config.filter; did you mean dedup?\nunknown key 'zzz' in config.filter"
    )
    assert isinstance(exc.value, UnknownConfigKeyError)  # one error type for every config
    with pytest.raises(ValueError, match="unknown override 'workerz'; did you mean workers"):
        load_config(None, workerz=3)


def test_every_data_config_field_has_help_listed_by_data_build_help():
    """Each data config field's help stands next to it (metadata), each section says what it is (docstring),
    and `microcoder data build --help` lists every key as a config file writes it, with its default."""
    import dataclasses

    def leaves(cls, prefix=""):
        for f in dataclasses.fields(cls):
            default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
            if dataclasses.is_dataclass(default):
                assert type(default).__doc__ and not type(default).__doc__.startswith(type(default).__name__ + "(")
                yield from leaves(type(default), f"{prefix}{f.name}.")
            else:
                yield prefix + f.name, default, f.metadata.get("help")

    keys = list(leaves(PipelineConfig))
    assert all(help_ for _, _, help_ in keys), [k for k, _, h in keys if not h]
    res = CliRunner().invoke(data, ["build", "--help"])
    assert res.exit_code == 0 and "--no-progress" in res.output  # the options are still there
    for key, default, help_ in keys:
        assert f"  {key}={default}  {help_}" in res.output, key
    assert "  verify.augment_tests_to=16  A problem with fewer tests" in res.output
    assert "  filter.dedup.threshold=0.7  " in res.output and "  process.allowed_languages=['en']  " in res.output
    assert "  filter.decontam  Filter: decontamination" in res.output  # a section: what it is


@pytest.mark.slow
def test_cli_no_arguments_builds_the_default_offline(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    res = CliRunner().invoke(data, ["build", "--no-progress"])
    assert res.exit_code == 0, res.output
    out = tmp_path / "out" / "microcoder-dataset"
    stats = json.loads((out / "stats.json").read_text())
    assert stats["kept"] > 100
    assert "humaneval" in (out / "README.md").read_text()
    assert "rows in" in res.output


# ----------------------------------------------------------------- ../shared/data

LIMIT = 40


def _plant_from_shared(shared: Path, tmp: Path) -> tuple[str, dict[str, list[str]]]:
    """Planted rows built at test time from the shared data (nothing is copied into the repo)."""
    from microcoder_data.collect import collect

    lcb_late = [
        p
        for p in collect([f"livecodebench:{shared / 'livecodebench' / 'lcb_public.jsonl'}"])
        if isinstance(p, Problem) and p.contest_date and p.contest_date >= "2024-08-01"
    ][:3]
    mbpp = [
        p
        for p in collect([f"mbpp:{shared / 'deepseek_coder' / 'mbpp.jsonl'}"])
        if isinstance(p, Problem) and p.reference_solutions
    ][:LIMIT]
    planted: list[Problem] = []
    ids: dict[str, list[str]] = {"benchmark": [], "dup": [], "broken": []}
    for i, p in enumerate(lcb_late):  # benchmark problems smuggled in under another name, undated
        q = copy.deepcopy(p)
        q.id, q.source, q.contest_date = f"planted/bench-{i}", "planted", None
        planted.append(q)
        ids["benchmark"].append(q.id)
    for i, p in enumerate(mbpp[:3]):  # near-duplicates of problems the build reads (mbpp)
        q = copy.deepcopy(p)
        q.id, q.source = f"planted/dup-{i}", "planted"
        q.statement = q.statement.rstrip(".") + ". Use Python."
        planted.append(q)
        ids["dup"].append(q.id)
    for i, p in enumerate(mbpp[-3:]):  # broken tests: a wrong expected output appended
        q = copy.deepcopy(p)
        q.id, q.source = f"planted/broken-{i}", "planted"
        q.statement = f"Variant {i} with a planted broken test, otherwise unchanged: " + q.statement
        q.tests = q.tests + [TestCase(q.tests[0].input, json.dumps("planted wrong answer"))]
        planted.append(q)
        ids["broken"].append(q.id)
    path = write_jsonl(planted, tmp / "planted.jsonl")
    return f"microcoder:{path}", ids


@pytest.mark.shared_data
def test_shared_data_build(shared_data, tmp_path):
    planted_spec, planted = _plant_from_shared(shared_data, tmp_path)
    lcb = shared_data / "livecodebench" / "lcb_public.jsonl"
    cfg = PipelineConfig(
        sources=[
            f"livecodebench:{lcb}",
            f"leetcodedataset:{shared_data / 'leetcodedataset' / 'LeetCodeDataset-v0.1.0-train.jsonl.gz'}",
            f"mbpp:{shared_data / 'deepseek_coder' / 'mbpp.jsonl'}",
            f"rllm:{shared_data / 'rllm'}",
            f"apps:{shared_data / 'apps'}",
            planted_spec,
        ],
        out_dir=str(tmp_path / "out"),
        limit=LIMIT,
        progress=False,
    )
    cfg.filter.decontam.reference = [f"livecodebench:{lcb}"]
    cfg.filter.difficulty.samples_file = str(shared_data / "livecodebench" / "solutions_o1mini.jsonl")
    result = build(cfg)
    out = Path(cfg.out_dir)
    assert result.rows_in == result.kept.num_rows + result.rejects.num_rows
    rej = read_rejects(out)
    for pid in planted["benchmark"]:
        assert rej[pid]["step"] == "decontam", rej.get(pid)
    for pid in planted["dup"]:
        assert rej[pid]["step"] in ("exact_dedup", "minhash_dedup"), rej.get(pid)
    kept = {r["id"]: Problem.from_row(r) for r in pq.read_table(out / "problems.parquet").to_pylist()}
    for pid in planted["broken"]:
        p = kept[pid]
        assert p.provenance["verify"]["dropped_disagree"] >= 1
        assert not any("planted wrong answer" in t.output for t in p.tests)
    assert not any(pid.startswith("livecodebench/") and (kept[pid].contest_date or "") >= "2024-08-01" for pid in kept)
    # verl's RL dataset reader loads it
    from test_export import load_with_verl

    ds, rows = load_with_verl(out / "train.parquet", tmp_path)
    assert len(ds) == len(kept) > 50
    # the published reward function scores every kept problem's reference solution 1
    from microcoder_eval.reward import compute_score, compute_scores

    train = pq.read_table(out / "train.parquet").to_pylist()
    sols = [f"```python\n{kept[r['extra_info']['id']].reference_solutions[0]}\n```" for r in train]
    gts = [r["reward_model"]["ground_truth"] for r in train]
    scores = compute_scores(sols, gts)
    failing = [(r["extra_info"]["id"], s["verdict"]) for r, s in zip(train, scores) if s["score"] != 1.0]
    assert not failing, failing
    r0 = train[0]
    assert (
        compute_score(r0["data_source"], sols[0], r0["reward_model"]["ground_truth"], r0["extra_info"])["score"] == 1.0
    )
