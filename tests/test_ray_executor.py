"""The Ray executor runs the same steps as the local one, with the same results, against a
local Ray started on CPU."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from microcoder_data.config import FilterConfig, PipelineConfig, ProcessConfig  # noqa: E402
from microcoder_data.pipeline.executors import LocalExecutor, RayExecutor  # noqa: E402
from microcoder_data.pipeline.rows import problems_table  # noqa: E402
from microcoder_data.pipeline.stages import run_steps_stage  # noqa: E402
from microcoder_data.recipe import build, filter_steps, process_steps  # noqa: E402
from microcoder_testing.problems import sample_problems  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    if started:
        ray.shutdown()


def test_map_keeps_input_order_and_ships_context(local_ray):
    ex = RayExecutor(progress=False)
    assert ex.workers == 2 and ex.distributes
    # fn(context, item) must be importable on the workers: a builtin here
    assert list(ex.map(divmod, list(range(1, 30)), context=100)) == [divmod(100, i) for i in range(1, 30)]
    ex.close()  # attached to a running Ray: does not shut it down
    assert ray.is_initialized()


def _many() -> list:
    out = []
    for k in range(6):  # 48 problems, distinct statements, a few exact duplicates across k
        for p in sample_problems(f"s{k}"):
            p.statement = p.statement if k % 3 == 0 else f"Variant {k}: " + p.statement + f" (version {k} of the task)"
            out.append(p)
    return out


@pytest.mark.parametrize("stage", ["process", "filter"])
def test_ray_and_local_give_the_same_stage_output(local_ray, stage):
    table = problems_table(p.to_row() for p in _many())

    def steps():
        if stage == "process":
            return process_steps(ProcessConfig())
        cfg = FilterConfig()
        cfg.decontam.enabled = False
        return filter_steps(cfg, pass_rates={})

    kept_l, rej_l = run_steps_stage(steps(), table, LocalExecutor(2, progress=False), shard_size=7, stage=stage)
    ex = RayExecutor(progress=False)
    kept_r, rej_r = run_steps_stage(steps(), table, ex, shard_size=7, stage=stage)
    assert kept_l.equals(kept_r) and rej_l.equals(rej_r)
    if stage == "filter":
        assert rej_l.num_rows > 0  # the exact duplicates across variants were found on both


def test_full_build_on_ray_matches_local(local_ray, tmp_path):
    from microcoder_testing.problems import write_jsonl

    src = write_jsonl(sample_problems(), tmp_path / "src.jsonl")
    outs = {}
    for kind in ("local", "ray"):
        cfg = PipelineConfig(
            sources=[f"microcoder:{src}"], out_dir=str(tmp_path / kind), executor=kind, progress=False, shard_size=3
        )
        cfg.verify.shard_size = 3  # several Verify shards: several Ray tasks, each with its own judge
        result = build(cfg)
        assert result.kept.num_rows == len(sample_problems())
        outs[kind] = Path(cfg.out_dir)
    for name in ("train.parquet", "problems.parquet", "rejects.parquet", "README.md"):
        assert (outs["local"] / name).read_bytes() == (outs["ray"] / name).read_bytes(), name


def test_local_map_never_forks_a_process_that_holds_ray(local_ray):
    # A forked child of a Ray driver shares its gRPC state; afterwards the driver's own calls
    # to the cluster could hang.  With Ray up here, the local executor runs in this process.
    pids = list(LocalExecutor(2, progress=False).map(_pid, range(4)))
    assert pids == [os.getpid()] * 4


def _pid(context, item):
    return os.getpid()
