"""MicroCoder-GRPO on verl 0.9.1, end to end on this CPU, as a user launches it.

Nothing is scripted or stood in: ``microcoder data build`` makes the dataset, a tiny
Qwen2 is taught the trivial problems' answers for a few seconds (so sampled at 1.2 it is
right part of the time and rewards differ inside each group), and ``microcoder train
--backend verl`` runs verl's own launch path -- Ray, the task runner, the FSDP2 actor on
the ``cpu`` platform, rollouts from the ``hf`` (transformers) engine, the judge through
verl's reward loop, checkpoints -- then resumes from them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("verl")

from trainer_adapters.core import metrics as M  # noqa: E402

pytestmark = pytest.mark.slow

CONTRACT = [
    "train_batch_size=2",
    "ppo_mini_batch_size=2",
    "num_generations=4",
    "max_response_length=32",
    "save_freq=1",
    "val_before_train=false",
]


def _cli(*args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}  # a cluster of its own
    env["PYTHONUNBUFFERED"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "cli.main", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=Path(__file__).resolve().parent.parent,
    )


def _records(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def taught(tmp_path_factory):
    from microcoder_testing.problems import write_trivial_problems
    from microcoder_testing.rollout import teach_model

    root = tmp_path_factory.mktemp("verl_cpu_loop")
    source = write_trivial_problems(root / "trivial.jsonl")
    built = _cli("data", "build", "--source", source, "--out", str(root / "ds"), "--no-progress")
    assert built.returncode == 0, built.stdout + built.stderr
    model = teach_model(root / "model", root / "ds")
    return root, model, str(root / "ds")


def test_train_two_steps_then_resume_to_three(taught):
    root, model, dataset = taught
    out = root / "out"
    base = ["train", "--backend", "verl", "--model", model, "--dataset", dataset, "--output-dir", str(out)]

    first = _cli(*base, "total_training_steps=2", *CONTRACT)
    log = first.stdout + first.stderr
    assert first.returncode == 0, log[-6000:]
    assert "Traceback" not in first.stderr, first.stderr[-6000:]
    assert "device=cpu" in log and "rollout=hf" in log and "strategy=fsdp2" in log
    assert "no test.parquet" in log  # said loudly, and validation stays off

    records = _records(out)
    assert [r["step"] for r in records] == [1, 2]
    for record in records:
        missing = [name for name in M.ALL if name not in record]
        assert not missing, f"step {record['step']} lacks {missing}"
        assert "actor/pg_loss" in record and "actor/grad_norm" in record
        assert record[M.TEMPERATURE] == pytest.approx(1.2)
    # real rollouts from the taught model earn reward part of the time, and the update is real
    assert any(0.0 < r["critic/score/mean"] < 1.0 for r in records), [r["critic/score/mean"] for r in records]
    assert any(r["actor/grad_norm"] > 0.0 for r in records), [r["actor/grad_norm"] for r in records]
    for step in (1, 2):
        actor = out / f"global_step_{step}" / "actor"
        assert (actor / "model_world_size_1_rank_0.pt").is_file()
        assert (actor / "optim_world_size_1_rank_0.pt").is_file()
    assert (out / "latest_checkpointed_iteration.txt").read_text().strip() == "2"

    second = _cli(*base, "total_training_steps=3", *CONTRACT)
    log = second.stdout + second.stderr
    assert second.returncode == 0, log[-6000:]
    assert "Traceback" not in second.stderr, second.stderr[-6000:]
    assert f"Resuming from {out / 'global_step_2'}" in log
    assert [r["step"] for r in _records(out)] == [1, 2, 3]  # step 3 only was added
    assert (out / "global_step_3" / "actor" / "model_world_size_1_rank_0.pt").is_file()


def test_a_run_with_data_loader_workers_ends_without_a_traceback(taught):
    """verl's GPU default keeps 8 data loader worker processes under the task runner; Ray SIGKILLs them at
    the end and torch's SIGCHLD handler printed ``DataLoader worker (pid …) is killed by signal: Killed``
    after a successful run. The launcher shuts them down first (``launcher.close_data_loaders``)."""
    root, model, dataset = taught
    out = root / "out_workers"
    base = ["train", "--backend", "verl", "--model", model, "--dataset", dataset, "--output-dir", str(out)]
    run = _cli(*base, "total_training_steps=1", *CONTRACT, "data.dataloader_num_workers=2")
    assert run.returncode == 0, (run.stdout + run.stderr)[-6000:]
    assert [r["step"] for r in _records(out)] == [1]
    assert "Traceback" not in run.stderr and "DataLoader worker" not in run.stderr, run.stderr[-6000:]


@pytest.mark.parametrize("preset", ["grpo", "dapo"])
def test_baseline_presets_train_a_step_on_verl(taught, preset):
    root, model, dataset = taught
    out = root / f"out_{preset}"
    run = _cli(
        "train",
        "--backend",
        "verl",
        "--preset",
        preset,
        "--model",
        model,
        "--dataset",
        dataset,
        "--output-dir",
        str(out),
        "total_training_steps=1",
        *CONTRACT,
    )
    assert run.returncode == 0, (run.stdout + run.stderr)[-6000:]
    (record,) = _records(out)
    assert record[M.MASK_FRACTION] == 0.0  # the baselines do not mask
    if preset == "grpo":  # KL loss against a reference model that verl built and ran
        assert record["actor/kl_coef"] == pytest.approx(0.001) and "actor/kl_loss" in record
    else:
        assert "actor/kl_loss" not in record


def test_temperature_auto_probes_the_initial_policy_through_verl(taught):
    root, model, dataset = taught
    out = root / "out_auto"
    run = _cli(
        "train",
        "--backend",
        "verl",
        "--model",
        model,
        "--dataset",
        dataset,
        "--output-dir",
        str(out),
        "total_training_steps=1",
        "temperature=auto",
        "probe_temperatures=0.6,1.2,1.8",
        "probe_prompts=2",
        *CONTRACT,
    )
    assert run.returncode == 0, (run.stdout + run.stderr)[-6000:]
    records = _records(out)
    probe = {k: v for r in records if r["step"] == 0 for k, v in r.items()}
    for t in ("0.6", "1.2", "1.8"):
        assert f"microcoder/probe/diversity@T={t}" in probe and f"microcoder/probe/diversity_std@T={t}" in probe
    chosen = probe[M.PROBE_CHOSEN]
    assert chosen in (0.6, 1.2, 1.8)
    (step1,) = [r for r in records if r["step"] == 1]
    assert step1[M.TEMPERATURE] == pytest.approx(chosen)  # trained at the temperature it chose
    state = json.loads((out / "global_step_1" / "microcoder_temperature.json").read_text())
    assert state["temperature"] == pytest.approx(chosen)


def test_infra_error_rows_are_regrouped_in_a_real_verl_step(taught):
    """A reward that reports some rows as infra errors (a judge whose worker was lost): verl's
    step runs, those rows are counted apart, and the advantages of their groups are written
    again without them (the nested write into TransferQueue is verl's own)."""
    root, model, dataset = taught
    flaky = root / "flaky_reward.py"
    flaky.write_text(
        "import itertools\n"
        "from microcoder_eval.reward import compute_score as judged\n\n"
        "CALLS = itertools.count()\n\n"
        "def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):\n"
        "    result = judged(data_source, solution_str, ground_truth, extra_info, **kwargs)\n"
        "    if next(CALLS) % 3 == 1:  # this row's worker was 'lost twice'\n"
        "        result.update(score=0.0, acc=0.0, verdict='infra_error', infra_error=True)\n"
        "    return result\n"
    )
    out = root / "out_infra"
    run = _cli(
        "train",
        "--backend",
        "verl",
        "--model",
        model,
        "--dataset",
        dataset,
        "--output-dir",
        str(out),
        "total_training_steps=1",
        f"reward.custom_reward_function.path={flaky}",
        "reward.custom_reward_function.name=compute_score",
        *CONTRACT,
    )
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-6000:]
    (record,) = _records(out)
    assert 0.0 < record[M.INFRA_ERROR_FRACTION] < 1.0, record[M.INFRA_ERROR_FRACTION]
    assert "are zeroed but still counted" not in log  # the grpo estimator: regrouped, not only zeroed


def test_dapo_validation_is_scored_without_the_overlong_penalty(taught):
    """Training responses are cut at 8 tokens and validation ones may run to 32: every response passes
    DAPO's expected length (8 - 8 // 5 = 7 tokens). Training rewards carry the penalty; validation, run by
    verl's own loop through the agent-loop worker and the reward loop, reports the judge's reward.
    Dynamic sampling is off: 8-token answers are mostly wrong, and refilling all-wrong groups until a
    mixed one appears can take tens of minutes here; it has nothing to do with what is checked."""
    import shutil

    root, model, dataset = taught
    data = root / "ds_with_val"
    if not data.exists():
        import pandas as pd

        shutil.copytree(dataset, data)
        # two validation prompts: enough for the metrics compared below, and a fraction of the time
        pd.read_parquet(data / "train.parquet").head(2).to_parquet(data / "test.parquet")
    out = root / "out_dapo_val"
    contract = [x for x in CONTRACT if not x.startswith(("max_response_length", "val_before_train"))]
    run = _cli(
        "train",
        "--backend",
        "verl",
        "--preset",
        "dapo",
        "--model",
        model,
        "--dataset",
        str(data),
        "--output-dir",
        str(out),
        "total_training_steps=1",
        *contract,
        "max_response_length=8",
        "eval_max_response_length=32",
        "val_num_samples=2",
        "val_before_train=true",
        "test_freq=-1",
        "dynamic_sampling=false",
    )
    assert run.returncode == 0, (run.stdout + run.stderr)[-6000:]
    records = _records(out)
    val = {k: v for r in records if r["step"] == 0 for k, v in r.items()}
    (train,) = [r for r in records if r["step"] == 1]
    # training: verl's score is the shaped reward, below the judge's accuracy by the penalty
    assert train["critic/score/mean"] < train[M.ACCURACY], train
    # validation: no penalty, the reward is the judge's score
    prefix = "val-aux/microcoder/trivial/"
    assert val[prefix + "overlong_reward/mean@2"] == 0.0 and val[prefix + "overlong/mean@2"] == 0.0, val
    assert val[prefix + "reward/mean@2"] == val[prefix + "score/mean@2"], val
