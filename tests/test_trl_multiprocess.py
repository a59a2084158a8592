"""TRL with two real processes (torchrun, gloo on CPU), as a user launches it: ``temperature=auto``
probes once the model is prepared (DDP-wrapped), the processes share the probe prompts, the main
process chooses and every process trains at its choice; a failed choice stops every process with
the same one-line error. The probe's bookkeeping (sharing out, gathering back, deciding once) is
also tested directly."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from trainer_adapters.trl.probe import decided_by_main, in_prompt_order, share_of, slots_per_process

ROOT = Path(__file__).resolve().parent.parent


def test_prompts_are_shared_out_and_gathered_back_in_order():
    prompts = list("abcde")
    parts = [share_of(prompts, r, 2) for r in range(2)]
    assert parts == [["a", "c", "e"], ["b", "d"]]
    assert in_prompt_order(parts, 2) == prompts
    assert slots_per_process(5, 2) == 3 and slots_per_process(3, 4) == 1  # a process with none pads
    three = [share_of(prompts, r, 3) for r in range(3)]
    assert in_prompt_order(three, 3) == prompts


def test_one_process_decides_directly():
    class One:
        num_processes, is_main_process = 1, True

    assert decided_by_main(One(), lambda: 1.2) == 1.2
    with pytest.raises(ValueError, match="no probe temperature"):
        decided_by_main(One(), lambda: (_ for _ in ()).throw(ValueError("no probe temperature qualifies")))


@pytest.fixture(scope="module")
def tiny_run_inputs(tiny_qwen2_dir, tmp_path_factory):
    pd = pytest.importorskip("pandas")
    from microcoder_eval.ground_truth import to_ground_truth
    from microcoder_eval.types import JudgeTask, TestCase

    gt = to_ground_truth(JudgeTask(mode="stdin", tests=(TestCase("1 2\n", "3\n"),)))
    rows = [
        {
            "data_source": "microcoder",
            "prompt": [{"role": "user", "content": f"Problem {i}: add two ints"}],
            "ability": "code",
            "reward_model": {"style": "rule", "ground_truth": gt},
            "extra_info": {"index": i},
        }
        for i in range(4)
    ]
    data = tmp_path_factory.mktemp("mp-data")
    pd.DataFrame(rows).to_parquet(data / "train.parquet")
    return str(tiny_qwen2_dir), str(data)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _torchrun_train(model: str, data: str, out: Path, *keys: str) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "OMP_NUM_THREADS": "1",
        "PYTHONUNBUFFERED": "1",
        "ACCELERATE_USE_CPU": "true",
    }  # accelerate's multi-CPU (gloo) mode, as `accelerate launch --cpu` sets
    cmd = [
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--nproc_per_node",
        "2",
        "--master_port",
        str(_free_port()),
        "-m",
        "cli.main",
        "train",
        "--backend",
        "trl",
        "--model",
        model,
        "--dataset",
        data,
        "--output-dir",
        str(out),
        "temperature=auto",
        "probe_temperatures=0.7,1.0,1.3",
        "probe_prompts=3",
        "total_training_steps=1",
        "train_batch_size=2",
        "ppo_mini_batch_size=2",
        "num_generations=4",
        "max_response_length=16",
        "max_prompt_length=256",
        "save_freq=0",
        *keys,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env, cwd=ROOT)


PROBE_LINE = re.compile(
    r"temperature=auto: process (\d)/(\d) sampled (\d) of 3 probe prompts on the prepared (\w+); "
    r"chosen T=([\d.]+)"
)


@pytest.mark.slow
def test_two_processes_probe_after_prepare_and_train_at_one_temperature(tiny_run_inputs, tmp_path):
    model, data = tiny_run_inputs
    out = tmp_path / "run"
    run = _torchrun_train(model, data, out, "convergence_diversity=0.6", "fluctuation_threshold=0.5")
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-6000:]

    probes = {int(m[0]): m for m in PROBE_LINE.findall(log)}
    assert sorted(probes) == [0, 1], log[-3000:]  # each process reports what it uses
    assert {m[1] for m in probes.values()} == {"2"}
    assert sorted(int(m[2]) for m in probes.values()) == [1, 2]  # the 3 prompts shared out, none twice
    assert {m[3] for m in probes.values()} == {"DistributedDataParallel"}  # probed after prepare
    (chosen,) = {float(m[4]) for m in probes.values()}  # one temperature on both ranks

    records = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    probe_records = [r for r in records if "microcoder/probe/chosen_temperature" in r]
    assert len(probe_records) == 1 and probe_records[0]["microcoder/probe/chosen_temperature"] == chosen
    assert [r["microcoder/probe/prompts"] for r in records if "microcoder/probe/prompts" in r] == [3]
    (step,) = [r for r in records if "loss" in r]
    assert step["microcoder/temperature"] == chosen
    assert (out / "final" / "model.safetensors").is_file()


@pytest.mark.slow
def test_two_processes_stop_together_when_no_temperature_qualifies(tiny_run_inputs, tmp_path):
    model, data = tiny_run_inputs
    run = _torchrun_train(model, data, tmp_path / "refused", "convergence_diversity=1.01")  # never reached
    log = run.stdout + run.stderr
    assert run.returncode != 0
    errors = re.findall(
        r"Error: temperature=auto: no probe temperature has diversity >= convergence_diversity "
        r"\(1\.01\)[^\n]*",
        log,
    )
    assert len(errors) == 2 and errors[0] == errors[1], log[-4000:]  # main's decision, reported by both
    assert not re.search(r"\[rank\d\]: Traceback", log)  # one line each, no traceback from our processes
