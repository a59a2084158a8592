"""The device of a verl run: a Ray cluster's resources decide when the run joins one (a CPU-only
head node launching onto GPU nodes gets the GPU setup), ``VERL_PLATFORM`` overrides, else this
machine's detection. The decision is a pure function; one test asks a real local Ray cluster."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from trainer_adapters.verl.device import choose_device, cluster_address


def test_the_cluster_decides_over_the_launching_machine():
    assert choose_device("cpu", {"CPU": 64.0, "GPU": 8.0}, None) == "gpu"  # CPU head, GPU nodes
    assert choose_device("gpu", {"CPU": 16.0}, None) == "cpu"  # a cluster without GPUs
    assert choose_device("cpu", {"CPU": 16.0, "GPU": 0.0}, None) == "cpu"
    assert choose_device("cpu", None, None) == "cpu" and choose_device("gpu", None, None) == "gpu"
    # VERL_PLATFORM forces verl's own detection (local), whatever the cluster holds
    assert choose_device("cpu", {"GPU": 8.0}, "cpu") == "cpu"


def test_cluster_address_comes_from_the_override_the_environment_or_several_nodes():
    assert cluster_address(["+ray_kwargs.ray_init.address=10.0.0.1:6379"], {}) == "10.0.0.1:6379"
    assert cluster_address(["ray_kwargs.ray_init.address=10.0.0.1:6379"], {"RAY_ADDRESS": "x:1"}) == "10.0.0.1:6379"
    assert cluster_address([], {"RAY_ADDRESS": "10.0.0.2:6379"}) == "10.0.0.2:6379"
    assert cluster_address(["trainer.nnodes=2"], {}) == "auto"  # ray start on this node, joined by others
    assert cluster_address(["trainer.nnodes=1", "trainer.n_gpus_per_node=8"], {}) is None
    assert cluster_address([], {}) is None


_CLUSTER = textwrap.dedent("""
    import sys, ray
    ray.init(num_cpus=1, num_gpus=int(sys.argv[1]), include_dashboard=False, logging_level="ERROR")
    print(ray.get_runtime_context().gcs_address, flush=True)
    sys.stdin.read()  # until the test closes stdin
    ray.shutdown()
""")


@pytest.fixture
def local_cluster(monkeypatch):
    """Start a real single-node Ray cluster in a child process declaring ``gpus`` GPUs; yield its address."""
    pytest.importorskip("ray")
    pytest.importorskip("verl")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.delenv("VERL_PLATFORM", raising=False)
    # a throwaway loopback cluster: no token (Ray's token auth would need the same token on both sides)
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    procs = []

    def start(gpus: int) -> str:
        proc = subprocess.Popen(
            [sys.executable, "-c", _CLUSTER, str(gpus)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        procs.append(proc)
        address = proc.stdout.readline().strip()
        assert address, "the Ray cluster did not start"
        return address

    yield start
    for proc in procs:
        proc.stdin.close()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_a_cpu_launcher_joining_a_gpu_cluster_gets_the_gpu_setup(local_cluster):
    """This machine has no GPU (verl detects our cpu platform); the cluster it joins decides."""
    from trainer_adapters.verl.device import detect_device, local_device

    assert local_device() == "cpu"
    gpu_cluster = local_cluster(1)  # a node that declares a GPU, as a GPU worker node does
    assert detect_device([f"+ray_kwargs.ray_init.address={gpu_cluster}"]) == "gpu"
    import ray

    assert not ray.is_initialized()  # disconnected again: run_ppo connects with its runtime env
    cpu_cluster = local_cluster(0)
    assert detect_device([f"+ray_kwargs.ray_init.address={cpu_cluster}"]) == "cpu"


def test_an_unreachable_cluster_is_one_clear_error(monkeypatch):
    pytest.importorskip("ray")
    from trainer_adapters.verl.device import detect_device

    monkeypatch.delenv("VERL_PLATFORM", raising=False)
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:1")
    with pytest.raises(ValueError, match=r"cannot reach the Ray cluster at '127.0.0.1:1'"):
        detect_device()


def test_train_with_an_unreachable_cluster_address_is_one_error_line(monkeypatch):
    pytest.importorskip("verl")
    from click.testing import CliRunner

    from cli.train_cmd import train

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.delenv("VERL_PLATFORM", raising=False)
    result = CliRunner().invoke(train, ["--backend", "verl", "--dry-run", "+ray_kwargs.ray_init.address=127.0.0.1:1"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: cannot reach the Ray cluster at '127.0.0.1:1'")
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
