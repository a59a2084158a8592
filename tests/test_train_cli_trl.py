"""`microcoder train --backend trl --dry-run key=value ...`: TRL-only overrides from the CLI.

Plain keys that are not MicroCoderGRPOConfig fields are ``trl.GRPOConfig`` fields; they are
appended to the config file's ``backend_overrides.trl`` (so the CLI wins), validated before
anything starts, and the dry run prints their values as read back from the built GRPOConfig.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.train_cmd import train

pytest.importorskip("trl")


@pytest.fixture(autouse=True)
def _one_process(monkeypatch):
    monkeypatch.delenv("WORLD_SIZE", raising=False)  # the layout depends on it


def _invoke(*args: str):
    return CliRunner().invoke(train, ["--backend", "trl", "--dry-run", "--show-config", *args])


def _printed(output: str, prefix: str):
    """The JSON printed after ``prefix`` on its own line."""
    line = next(x for x in output.splitlines() if x.startswith(prefix))
    return json.loads(line[len(prefix) :])


def test_cli_override_reaches_the_grpo_config(tmp_path):
    out = tmp_path / "run"
    result = _invoke(
        "--output-dir", str(out), "logging_steps=7", "use_vllm=true", "report_to=none", "mask_probability=1.0"
    )
    assert result.exit_code == 0, result.output
    assert _printed(result.output, "trl overrides: ") == {"logging_steps": 7, "use_vllm": True, "report_to": []}
    assert _printed(result.output, "trl args: ")["trl"]["use_vllm"] is True
    assert "mask rate 1.0" in result.output  # a MicroCoder key is still ours, not TRL's
    assert not out.exists()  # a dry run starts nothing


def test_config_file_and_cli_combine_cli_last(tmp_path):
    conf = tmp_path / "trl.yaml"
    conf.write_text("backend_overrides:\n  trl:\n    - logging_steps=3\n    - per_device_train_batch_size=4\n")
    result = _invoke("--config", str(conf), "logging_steps=7")
    assert result.exit_code == 0, result.output
    assert _printed(result.output, "trl overrides: ") == {"logging_steps": 7, "per_device_train_batch_size": 4}
    assert _printed(result.output, "trl args: ")["layout"]["per_device_train_batch_size"] == 4
    assert '"logging_steps=3",\n      "per_device_train_batch_size=4",\n      "logging_steps=7"' in result.output


def test_unknown_key_is_a_usage_error_naming_it(tmp_path):
    result = _invoke("foo=1")
    assert result.exit_code == 2, result.output
    assert "Error: unknown trl.GRPOConfig field 'foo'" in result.output
    assert "Traceback" not in result.output and "plan:" not in result.output

    # a misspelt MicroCoder key also gets the MicroCoder hint
    result = _invoke("mask_prob=0.5")
    assert result.exit_code == 2 and "'mask_prob'" in result.output and "mask_probability" in result.output

    conf = tmp_path / "bad.yaml"  # the config file's overrides are checked the same way
    conf.write_text("backend_overrides:\n  trl: [logging_stpes=5]\n")
    result = _invoke("--config", str(conf))
    assert result.exit_code == 2 and "'logging_stpes'" in result.output and "logging_steps" in result.output


def test_derived_key_is_refused():
    result = _invoke("beta=0.1")
    assert result.exit_code == 2, result.output
    assert "may not set 'beta': it is derived from the MicroCoder config" in result.output
    assert "plan:" not in result.output
