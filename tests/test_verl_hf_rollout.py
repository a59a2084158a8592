"""The ``hf`` rollout server's weight sync and threads (``trainer_adapters/verl/cpu/hf_rollout.py``), on this CPU.

The server runs in-process here (no Ray actor around it): the trainer's parameters arrive in buckets, the last
one closes the update, and a bucket that does not fit the model is an error naming the parameters. The CUDA IPC
path needs a GPU (``scripts/gpu_verl_smoke.sh``); by value is what a CPU run and the fallback use.
"""

from __future__ import annotations

import pytest

pytest.importorskip("verl")

import torch  # noqa: E402

from verl_fixtures import _small_cfg  # noqa: E402

pytest_plugins = ("verl_fixtures",)  # the fixtures workdir, tiny_model, dataset


@pytest.fixture(scope="module")
def server(workdir, dataset):
    from microcoder_testing.tiny import build_tiny_checkpoint
    from trainer_adapters.verl.config_builder import compose_verl_config
    from trainer_adapters.verl.cpu.hf_rollout import HFRolloutServer

    model = str(build_tiny_checkpoint(workdir / "weights"))
    config = compose_verl_config(_small_cfg(), model=model, dataset=dataset, device="cpu")
    return HFRolloutServer(config.actor_rollout_ref.rollout, {"path": model})


def test_weights_arrive_in_buckets_and_the_last_closes_the_update(server):
    assert server.device.type == "cpu" and server.model.dtype == torch.float32
    state = {name: torch.randn_like(t) for name, t in server.model.state_dict().items()}
    if server.model.config.tie_word_embeddings:  # the trainer sends the one tensor under both names
        state["lm_head.weight"] = state["model.embed_tokens.weight"]
    names = sorted(state)
    half = len(names) // 2
    assert server.load_weights({n: state[n] for n in names[:half]}, last=False) == 0  # not yet a new step
    assert server.load_weights({n: state[n] for n in names[half:]}, global_steps=7, last=True) == 7
    loaded = server.model.state_dict()
    for name in names:
        assert torch.equal(loaded[name], state[name]), name
    if server.model.config.tie_word_embeddings:  # the tied head follows the embedding
        assert server.model.lm_head.weight.data_ptr() == server.model.model.embed_tokens.weight.data_ptr()


def test_an_update_that_does_not_fit_the_model_names_the_parameters(server):
    state = {name: t.clone() for name, t in server.model.state_dict().items()}
    names = sorted(state)
    with pytest.raises(RuntimeError, match=r"missing \['"):
        server.load_weights({n: state[n] for n in names[:1]}, global_steps=8, last=True)
    assert server.global_steps != 8
    with pytest.raises(RuntimeError, match=r"unexpected \['model.no_such.weight'\]"):
        server.load_weights({"model.no_such.weight": torch.zeros(1)}, last=False)
    server.load_weights(state, global_steps=9, last=True)  # a whole update still goes through afterwards
    assert server.global_steps == 9


def test_server_threads(monkeypatch):
    from trainer_adapters.verl.cpu.hf_rollout import GPU_SERVER_THREADS, server_threads

    monkeypatch.delenv("MICROCODER_HF_ROLLOUT_THREADS", raising=False)
    assert server_threads(on_gpu=False, cores=8) == 8  # a CPU replica samples on every core, not Ray's 1
    assert server_threads(on_gpu=True, cores=8) == GPU_SERVER_THREADS
    assert server_threads(on_gpu=True, cores=2) == 2
    monkeypatch.setenv("MICROCODER_HF_ROLLOUT_THREADS", "3")
    assert server_threads(on_gpu=False, cores=8) == 3
