"""No surprises for `microcoder train`: a user error is one line naming the file, key
or value (no traceback), and a dry run prints a short plan first -- model, data, validation,
steps, devices, outputs, the values the run will use -- after checking that the model and the
dataset exist; the whole config (and upstream warnings) only with --show-config."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def run_cli(*args: str) -> subprocess.CompletedProcess:
    """The CLI in its own process: what a user sees, upstream import-time warnings included."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("WORLD_SIZE", None)
    return subprocess.run(
        [sys.executable, "-m", "cli.main", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def assert_one_line_error(output: str, exit_code: int, message: str) -> None:
    assert exit_code in (1, 2), output
    assert "Traceback" not in output, output
    assert f"Error: {message}" in output, output


@pytest.fixture(scope="module")
def model(tmp_path_factory) -> str:
    from microcoder_testing.tiny import write_tiny_config

    return str(write_tiny_config(tmp_path_factory.mktemp("m") / "model"))


def _write_dataset(folder: Path, train_rows: int, test_rows: int = 0) -> str:
    import pandas as pd

    def row(i: int) -> dict:
        return {
            "data_source": "microcoder",
            "prompt": [{"role": "user", "content": f"Q{i}: add two integers."}],
            "ability": "code",
            "reward_model": {"style": "rule", "ground_truth": "{}"},
            "extra_info": {"index": i},
        }

    folder.mkdir(parents=True)
    pd.DataFrame([row(i) for i in range(train_rows)]).to_parquet(folder / "train.parquet")
    if test_rows:
        pd.DataFrame([row(i) for i in range(test_rows)]).to_parquet(folder / "test.parquet")
    return str(folder)


# ---------------------------------------------------------------- user errors, one line each
def test_a_broken_yaml_train_config_is_one_line(tmp_path):
    bad = tmp_path / "train.yaml"
    bad.write_text("mask_probability: 0.3\ntemperature_stages: [[0, 1.2]\n")
    res = invoke("train", "--backend", "trl", "--config", str(bad), "--dry-run")
    assert_one_line_error(res.output, res.exit_code, f"{bad}: not valid YAML (line 3, column 1)")


@pytest.mark.parametrize("backend", ["trl", "verl"])
def test_train_with_a_missing_dataset_folder_names_it(tmp_path, model, backend):
    missing = tmp_path / "no-such-data"
    res = invoke("train", "--backend", backend, "--model", model, "--dataset", str(missing))
    assert_one_line_error(res.output, res.exit_code, f"--dataset {missing}: no such folder or file")
    empty = tmp_path / "empty"
    empty.mkdir()
    res = invoke("train", "--backend", backend, "--model", model, "--dataset", str(empty), "--dry-run")
    assert_one_line_error(res.output, res.exit_code, f"--dataset {empty}: no train.parquet in it")


@pytest.mark.parametrize("backend", ["trl", "verl"])
def test_train_with_a_missing_model_folder_names_it_not_as_a_repo_id(tmp_path, backend):
    data = _write_dataset(tmp_path / "data", 4)
    missing = tmp_path / "models" / "qwen-sft"
    res = invoke("train", "--backend", backend, "--model", str(missing), "--dataset", data)
    assert_one_line_error(
        res.output, res.exit_code, f"--model {missing}: no such folder (nor a Hugging Face Hub id such as ORG/NAME)"
    )
    assert "Repo id" not in res.output


def test_eval_generate_with_a_missing_model_folder_names_it(tmp_path):
    problems = tmp_path / "p.jsonl"
    problems.write_text(
        json.dumps(
            {
                "question_id": "a",
                "question_content": "Add two numbers a and b please.",
                "platform": "atcoder",
                "public_test_cases": json.dumps([{"input": "1 2\n", "output": "3\n", "testtype": "stdin"}]),
            }
        )
        + "\n"
    )
    res = invoke(
        "eval",
        "generate",
        "--dataset",
        str(problems),
        "--out",
        str(tmp_path / "g.jsonl"),
        "--model",
        "./checkpoints/final",
        "--no-progress",
    )
    assert_one_line_error(res.output, res.exit_code, "--model ./checkpoints/final: no such folder")
    assert "Repo id" not in res.output and not (tmp_path / "g.jsonl").exists()


def test_a_misspelt_verl_override_key_is_named_with_a_did_you_mean(tmp_path, model):
    pytest.importorskip("verl")
    data = _write_dataset(tmp_path / "data", 4)
    res = invoke(
        "train",
        "--backend",
        "verl",
        "--model",
        model,
        "--dataset",
        data,
        "--dry-run",
        "trainer.total_epochz=2",
        "actor_rollout_ref.rollout.tempreature=0.5",
    )
    assert_one_line_error(
        res.output, res.exit_code, "unknown verl config key 'trainer.total_epochz'; did you mean trainer.total_epochs?"
    )
    assert (
        "unknown verl config key 'actor_rollout_ref.rollout.tempreature'; "
        "did you mean actor_rollout_ref.rollout.temperature"
    ) in res.output
    assert "ConfigCompositionException" not in res.output


# ---------------------------------------------------------------- dry-run plans
def test_trl_dry_run_plan_uses_the_given_model_and_output_dir_and_counts_steps(tmp_path, model):
    pytest.importorskip("trl")
    data = _write_dataset(tmp_path / "data", 130)
    out = tmp_path / "run"
    res = run_cli(
        "train", "--backend", "trl", "--dry-run", "--model", model, "--dataset", data, "--output-dir", str(out)
    )
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "MicroCoder-GRPO plan (trl backend, preset: microcoder)"
    assert f"  model: {model} (local folder)" in lines
    assert f"  data: {data}/train.parquet (130 rows)" in lines
    assert any(x.startswith("  validation: OFF: no test.parquet beside train.parquet") for x in lines)
    assert any(x.startswith("  steps: 2 (1 epoch(s) x 130 rows // 64 prompts a step") for x in lines)
    assert any(x.startswith("  devices: 1 process(es)") for x in lines)
    assert any(x.startswith(f"  writes: {out}/ (checkpoint-*/ every 50 steps") for x in lines)
    assert len(lines) <= 12 and max(map(len, lines)) < 200, res.stdout
    assert "Qwen/Qwen3-4B-Instruct-2507" not in res.stdout and '"output_dir": null' not in res.stdout
    assert not out.exists()  # a dry run starts nothing

    shown = invoke(
        "train",
        "--backend",
        "trl",
        "--dry-run",
        "--show-config",
        "--model",
        model,
        "--dataset",
        data,
        "--output-dir",
        str(out),
    )
    assert shown.exit_code == 0, shown.output
    assert f'"model_name_or_path": "{model}"' in shown.output and f'"output_dir": "{out}"' in shown.output
    assert '"output_dir": null' not in shown.output


def test_trl_dry_run_plan_says_when_validation_runs(tmp_path, model):
    pytest.importorskip("trl")
    data = _write_dataset(tmp_path / "data", 64, test_rows=5)
    res = invoke(
        "train", "--backend", "trl", "--dry-run", "--model", model, "--dataset", data, "total_training_steps=7"
    )
    assert res.exit_code == 0, res.output
    assert (
        f"  validation: {data}/test.parquet (5 rows), mean@4 at T=0.7 every 10 steps, and before step 1"
        in res.output.splitlines()
    )
    assert "  steps: 7 (total_training_steps)" in res.output.splitlines()


def test_verl_dry_run_prints_the_plan_first_and_the_config_on_request(tmp_path, model):
    pytest.importorskip("verl")
    data = _write_dataset(tmp_path / "data", 130)
    out = tmp_path / "run"
    res = run_cli(
        "train", "--backend", "verl", "--dry-run", "--model", model, "--dataset", data, "--output-dir", str(out)
    )
    assert res.returncode == 0, res.stderr[-2000:]
    lines = res.stdout.splitlines()
    assert lines[0] == "MicroCoder-GRPO plan (verl backend, preset: microcoder)", res.stdout[:2000]
    assert len(lines) <= 16 and "Warning" not in res.stdout + res.stderr, res.stdout + res.stderr
    assert f"  model: {model} (local folder)" in lines
    assert any(x.startswith("  validation: OFF: no test.parquet beside train.parquet") for x in lines)
    assert "val_files" not in res.stdout  # not "val_files=.../train.parquet" right after "validation is OFF"
    assert any(x.startswith("  steps: 2 (1 epoch(s) x 130 rows // 64 prompts a step") for x in lines)
    assert "steps=None" not in res.stdout
    assert any(x.startswith("  devices: cpu, ") for x in lines)
    assert f"  writes: {out}/ (global_step_N/ checkpoints every 50 steps and at the last; metrics.jsonl)" in lines
    assert not out.exists()

    shown = run_cli(
        "train",
        "--backend",
        "verl",
        "--dry-run",
        "--show-config",
        "--model",
        model,
        "--dataset",
        data,
        "--output-dir",
        str(out),
    )
    assert shown.returncode == 0, shown.stderr[-2000:]
    plan_at = shown.stdout.index("MicroCoder-GRPO plan (verl backend")
    assert plan_at < shown.stdout.index("# resolved verl config")  # the plan first, then the config
    assert f"default_local_dir: {out}" in shown.stdout and f"output_dir: {out}" in shown.stdout
    assert f"path: {model}" in shown.stdout and "output_dir: null" not in shown.stdout


def test_every_unknown_key_and_bad_value_of_a_train_config_is_named_in_one_message(tmp_path):
    conf = tmp_path / "train.yaml"
    conf.write_text("seed: abc\nmask_probability: x\nmask_probabilty: 0.2\ntrain_batchsize: 3\n")
    res = invoke("train", "--backend", "verl", "--config", str(conf), "--dry-run")
    assert_one_line_error(res.output, res.exit_code, f"{conf}: 4 problems:")
    for line in (
        "unknown MicroCoderGRPOConfig key 'mask_probabilty'; did you mean mask_probability?",
        "unknown MicroCoderGRPOConfig key 'train_batchsize'; did you mean train_batch_size",
        "cannot set seed='abc': not an integer: 'abc'",
        "cannot set mask_probability='x': not a number: 'x'",
    ):
        assert f"\n  {line}" in res.output, res.output
