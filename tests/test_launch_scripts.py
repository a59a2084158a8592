"""The GPU recipes and the GPU smoke script, checked on a CPU machine the way a user runs them:
each launch script's arguments resolve through the real ``microcoder train --dry-run`` (its TRL
``GRPOConfig`` or verl config is built from them), and ``scripts/gpu_smoke.sh`` parses and, with no
GPU visible, stops at once with a clear message before installing anything."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TRL_RECIPE = ROOT / "trainer_adapters" / "trl" / "launch_trl_1gpu.sh"
SMOKE = ROOT / "scripts" / "gpu_smoke.sh"
TRL_SMOKE = ROOT / "scripts" / "gpu_trl_smoke.sh"
VERL_SMOKE = ROOT / "scripts" / "gpu_verl_smoke.sh"


@pytest.fixture
def microcoder_on_path(tmp_path):
    """``microcoder`` on PATH running this checkout's CLI (what ``pip install -e .`` gives a user)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "microcoder"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m cli.main "$@"\n')
    shim.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("RAY_ADDRESS", "WORLD_SIZE")}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env['PATH']}", PYTHONPATH=str(ROOT), DRY_RUN="1")
    return env


def _run(script: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(script), *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


def _dataset(tmp_path: Path) -> Path:
    """A dataset folder as `data build` writes it (one row): the dry run checks that it exists."""
    pd = pytest.importorskip("pandas")
    data = tmp_path / "ds"
    data.mkdir()
    pd.DataFrame(
        [
            {
                "data_source": "microcoder",
                "prompt": [{"role": "user", "content": "q"}],
                "ability": "code",
                "reward_model": {"style": "rule", "ground_truth": "{}"},
                "extra_info": {"index": 0},
            }
        ]
    ).to_parquet(data / "train.parquet")
    return data


def _echoed(output: str, prefix: str) -> dict:
    line = next(x for x in output.splitlines() if x.startswith(prefix))
    return json.loads(line[len(prefix) :])


def test_trl_gpu_recipe_resolves_to_vllm_colocated_with_fp32_master_weights(microcoder_on_path, tmp_path):
    pytest.importorskip("trl")
    run = _run(TRL_RECIPE, {**microcoder_on_path, "DATA": str(_dataset(tmp_path))}, "--show-config")
    assert run.returncode == 0, run.stdout + run.stderr
    overrides = _echoed(run.stdout, "trl overrides: ")  # read back from the GRPOConfig built
    assert overrides == {
        "use_vllm": True,
        "vllm_mode": "colocate",
        "vllm_gpu_memory_utilization": 0.35,
        "vllm_max_model_length": 1024 + 4096,
        "gradient_checkpointing": True,
        "model_init_kwargs": {"dtype": "float32"},
    }
    trl = _echoed(run.stdout, "trl args: ")
    layout, args = trl["layout"], trl["trl"]
    assert args["max_completion_length"] == 2048 and args["num_generations"] == 8
    assert (args["epsilon"], args["epsilon_high"], args["beta"], args["learning_rate"]) == (0.2, 0.28, 0.0, 1e-6)
    assert layout["updates_per_step"] == 4 and layout["generation_batch_size"] == 16 * 8
    assert "temperature stages: [(0, 1.0), (100, 1.2)]; mask rate 0.3" in run.stdout


def test_trl_gpu_recipe_bf16_weights_and_a_bad_choice(microcoder_on_path, tmp_path):
    pytest.importorskip("trl")
    env = {**microcoder_on_path, "DATA": str(_dataset(tmp_path))}
    run = _run(
        TRL_RECIPE, {**env, "WEIGHTS": "bf16", "VLLM_MEMORY": "0.5", "TEMPERATURE": "auto"}, "--show-config", "seed=7"
    )
    assert run.returncode == 0, run.stdout + run.stderr
    overrides = _echoed(run.stdout, "trl overrides: ")
    assert overrides["model_init_kwargs"] == {"dtype": "bfloat16"} and overrides["vllm_gpu_memory_utilization"] == 0.5
    assert "temperature: auto" in run.stdout
    assert _echoed(run.stdout, "trl args: ")["trl"]["seed"] == 7  # extra arguments reach the CLI
    bad = _run(TRL_RECIPE, {**env, "WEIGHTS": "fp8"})
    assert bad.returncode == 2 and bad.stderr.strip() == "WEIGHTS=fp8: use float32 or bf16"


def test_trl_gpu_recipe_with_the_trl_smoke_arguments_generates_with_transformers(microcoder_on_path, tmp_path):
    """scripts/gpu_trl_smoke.sh's arguments (what the first GPU run used) come after the recipe's own and win:
    transformers' generate instead of vLLM, small lengths and batches; bf16 autocast and checkpointing stay."""
    pytest.importorskip("trl")
    small = re.search(r"^SMALL=\((.*?)\)", TRL_SMOKE.read_text(), re.S | re.M).group(1).split()
    run = _run(TRL_RECIPE, {**microcoder_on_path, "DATA": str(_dataset(tmp_path))}, "--show-config", *small)
    assert run.returncode == 0, run.stdout + run.stderr
    assert _echoed(run.stdout, "trl overrides: ")["use_vllm"] is False
    assert "vLLM generation" not in run.stdout
    trl = _echoed(run.stdout, "trl args: ")
    assert trl["trl"]["use_vllm"] is False and trl["trl"]["gradient_checkpointing"] is True
    assert trl["trl"]["max_completion_length"] == 256 and trl["trl"]["num_generations"] == 4
    assert trl["layout"]["updates_per_step"] == 2 and trl["layout"]["generation_batch_size"] == 4 * 4


@pytest.mark.slow
@pytest.mark.parametrize("script", ["launch_1gpu.sh", "launch_8gpu.sh"])
def test_verl_gpu_recipes_resolve(script, microcoder_on_path, tmp_path):
    pytest.importorskip("verl")
    data = _dataset(tmp_path)
    run = _run(ROOT / "trainer_adapters" / "verl" / script, {**microcoder_on_path, "DATA": str(data)})
    assert run.returncode == 0, (run.stdout + run.stderr)[-4000:]
    assert "MicroCoder-GRPO plan (verl backend, preset: microcoder)" in run.stdout


@pytest.mark.parametrize("script", [SMOKE, TRL_SMOKE, VERL_SMOKE], ids=lambda p: p.name)
def test_gpu_smoke_script_parses(script):
    assert subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True).returncode == 0


def _fake_nvidia_smi(bin_dir: Path) -> None:
    """A driver with no GPU behind it (or none visible): nvidia-smi's own answer."""
    bin_dir.mkdir(exist_ok=True)
    tool = bin_dir / "nvidia-smi"
    tool.write_text('#!/bin/sh\necho "No devices were found"\nexit 6\n')
    tool.chmod(0o755)


@pytest.mark.parametrize("driver", ["none", "no-devices"])
def test_gpu_smoke_fails_loudly_without_a_gpu_and_installs_nothing(driver, tmp_path):
    env = {k: v for k, v in os.environ.items()}
    if driver == "none":
        if shutil.which("nvidia-smi"):
            pytest.skip("this machine has nvidia-smi")
        expected = "gpu_smoke: no GPU visible: nvidia-smi is not installed"
    else:
        _fake_nvidia_smi(tmp_path / "bin")
        env["PATH"] = f"{tmp_path / 'bin'}{os.pathsep}{env['PATH']}"
        expected = "gpu_smoke: no GPU visible: nvidia-smi lists none (No devices were found)"
    venv = tmp_path / "venv"
    run = subprocess.run(
        ["bash", str(SMOKE)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**env, "VENV": str(venv), "OUT": str(tmp_path / "out")},
    )
    assert run.returncode == 1
    assert run.stderr.strip().splitlines()[0].startswith(expected), run.stderr
    assert not venv.exists() and not (tmp_path / "out").exists()  # stopped before installing anything


@pytest.mark.parametrize("driver", ["none", "no-devices"])
def test_verl_gpu_smoke_stops_at_once_without_a_gpu_unless_rehearsing(driver, tmp_path):
    """Without a GPU (and without VERL_PLATFORM=cpu, the rehearsal) gpu_verl_smoke.sh never trains on the CPU
    by accident: one line naming what is missing, nothing written."""
    env = {k: v for k, v in os.environ.items() if k != "VERL_PLATFORM"}
    if driver == "none":
        if shutil.which("nvidia-smi"):
            pytest.skip("this machine has nvidia-smi")
        expected = "gpu_verl_smoke: no GPU visible: nvidia-smi is not installed"
    else:
        pytest.importorskip("torch")
        _fake_nvidia_smi(tmp_path / "bin")
        env["PATH"] = f"{tmp_path / 'bin'}{os.pathsep}{env['PATH']}"
        env["PYTHON"] = sys.executable
        expected = "gpu_verl_smoke: " + sys.executable + "'s torch cannot use a GPU"
    work = tmp_path / "work"
    run = subprocess.run(
        ["bash", str(VERL_SMOKE)], capture_output=True, text=True, timeout=120, env={**env, "WORK": str(work)}
    )
    assert run.returncode == 1
    assert run.stderr.strip().splitlines()[0].startswith(expected), run.stderr
    assert not work.exists()


@pytest.mark.slow
def test_verl_gpu_smoke_cpu_rehearsal_passes(tmp_path):
    """The GPU check itself, rehearsed on the CPU (``VERL_PLATFORM=cpu``), as CI time allows: the taught model,
    2 steps with checkpoints, the resume to step 3 and the dapo step all finish, every check in the script passes
    and some grad norm is above 0 -- so the script a lent GPU's few minutes go to is known to work before it runs."""
    pytest.importorskip("verl")
    env = {k: v for k, v in os.environ.items() if k not in ("RAY_ADDRESS", "WORLD_SIZE")}
    env.update(VERL_PLATFORM="cpu", PYTHON=sys.executable, WORK=str(tmp_path / "work"), LOG_DIR=str(tmp_path / "logs"))
    run = subprocess.run(["bash", str(VERL_SMOKE)], capture_output=True, text=True, env=env, cwd=ROOT, timeout=1200)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-4000:]
    assert "== gpu_verl_smoke: 0 failure(s)" in out, out[-4000:]
    assert "some above 0, OK" in out
    for run_name in ("1a steps 1-2", "1b resume to step 3", "2 dapo 1 step"):
        assert f"   {run_name}: steps" in out and "OK" in out.split(f"   {run_name}: steps", 1)[1].splitlines()[0]
    assert "Traceback" not in out
