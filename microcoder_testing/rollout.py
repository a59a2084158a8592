"""Stand-ins for exercising the verl adapter without a GPU or the HF Hub.

* :class:`ScriptedLLMClient` -- stands in for verl's ``LLMServerClient`` (the vLLM/SGLang
  front end the agent loop calls): answers ``generate`` with scripted token ids and
  reports the sampling parameters it received in ``extra_fields`` so a test can see the
  temperature/``max_tokens`` the real worker code chose (unit tests of single pieces only;
  the launch path never uses it).
* :func:`teach_model` -- a tiny Qwen2 taught the answers of a built dataset (e.g. the
  ``problems.TRIVIAL_PROBLEMS``), so a real run earns reward part of the time.

Used by ``tests/test_verl_adapter.py``, ``tests/test_verl_cpu_loop.py`` and
``benchmarks/bench_verl_cpu_step.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .tiny import write_tiny_config

__all__ = ["ScriptedLLMClient", "teach_model"]


class ScriptedLLMClient:
    """Minimal async ``generate`` compatible with verl's agent loops.

    ``script``: ``(marker_ids, responses)`` pairs; a prompt containing ``marker_ids`` as a
    contiguous sub-sequence gets that entry's responses (token-id lists) in turn
    (cycling); ``default`` answers any other prompt. A ``max_tokens`` sampling parameter
    truncates the scripted answer, like an engine stopping at the length limit. Every
    output carries ``extra_fields["sampling_params"]``: the dict the agent loop passed.
    ``vllm_shape``: every other field as verl's vLLM replica fills it (:func:`_as_vllm_returns_it`).
    """

    def __init__(
        self,
        script: Sequence[tuple[Sequence[int], Sequence[Sequence[int]]]] = (),
        default: Sequence[int] = (1,),
        vllm_shape: bool = False,
    ):
        self.script = [(tuple(int(x) for x in m), [list(r) for r in rs]) for m, rs in script]
        self.default = list(default)
        self.calls: dict[int, int] = {}
        self.vllm_shape = vllm_shape

    def _match(self, prompt: tuple[int, ...]) -> int | None:
        for i, (marker, _) in enumerate(self.script):
            n = len(marker)
            if any(prompt[j : j + n] == marker for j in range(len(prompt) - n + 1)):
                return i
        return None

    async def generate(self, request_id: str = "", *, prompt_ids, sampling_params: dict[str, Any], **kwargs):
        from verl.workers.rollout.replica import TokenOutput

        entry = self._match(tuple(int(x) for x in prompt_ids))
        if entry is None:
            tokens = list(self.default)
        else:
            answers = self.script[entry][1]
            i = self.calls.get(entry, 0)
            self.calls[entry] = i + 1
            tokens = list(answers[i % len(answers)])
        limit = sampling_params.get("max_tokens")
        stop = "completed"
        if limit is not None and len(tokens) >= int(limit):
            tokens, stop = tokens[: int(limit)], "length"
        if self.vllm_shape:
            return _as_vllm_returns_it(tokens, sampling_params)
        return TokenOutput(
            token_ids=tokens,
            log_probs=[-1.0] * len(tokens),
            stop_reason=stop,
            num_preempted=0,
            extra_fields={"sampling_params": dict(sampling_params)},
        )


def _as_vllm_returns_it(tokens: list[int], sampling_params: dict[str, Any]):
    """A ``TokenOutput`` shaped as verl 0.9.1's vLLM replica returns it (``vLLMHttpServer.generate``,
    verl/workers/rollout/vllm_rollout/vllm_async_server.py:700-760): ``stop_reason`` ``completed`` for a stop
    and for the length limit alike, log-probs only when asked for, and
    ``extra_fields`` of ``global_steps`` and ``num_cached_tokens`` -- plus ``sampling_params``, which vLLM does
    not return, so a test can see what reached the engine."""
    from verl.workers.rollout.replica import TokenOutput

    return TokenOutput(
        token_ids=tokens,
        log_probs=[-1.0] * len(tokens) if sampling_params.get("logprobs") else None,
        routed_experts=None,
        stop_reason="completed",
        num_preempted=0,
        extra_fields={"global_steps": 0, "num_cached_tokens": 0, "sampling_params": dict(sampling_params)},
    )


def teach_model(
    model_dir: str | Path,
    dataset_dir: str | Path,
    steps: int = 120,
    seed: int = 0,
    hidden_size: int = 64,
    layers: int = 2,
) -> str:
    """Supervised-teach a fresh tiny Qwen2 the reference answers of a built dataset.

    Builds the tokenizer with :func:`~microcoder_testing.tiny.write_tiny_config`, then trains on each row of
    ``dataset_dir/train.parquet``: the chat-templated prompt, then the reference solution
    (from ``problems.parquet``) in a python fence and the end-of-turn token; the loss is on
    the answer only. Saves weights to ``model_dir`` and returns it. Seeded and CPU-only.

    With the default 120 full-batch steps (a few seconds) on ``problems.TRIVIAL_PROBLEMS``,
    sampling at temperature 1.2 was judged correct about 60% of the time here (150 steps:
    75%; 50: never).
    """
    import pandas as pd
    import torch
    from transformers import AutoTokenizer, Qwen2Config, Qwen2ForCausalLM

    from microcoder_data.schema import Problem

    train = pd.read_parquet(Path(dataset_dir) / "train.parquet")
    problems = {
        p.id: p
        for p in map(Problem.from_row, pd.read_parquet(Path(dataset_dir) / "problems.parquet").to_dict("records"))
    }
    texts = [m["content"] for row in train["prompt"] for m in row] + [
        f"```python\n{p.reference_solutions[0]}\n```" for p in problems.values()
    ]
    write_tiny_config(model_dir, vocab_size=1200, corpus=texts)  # prompts of ~100 tokens, not ~400
    tok = AutoTokenizer.from_pretrained(model_dir)
    examples = []
    for row in train.to_dict("records"):
        pid = row["extra_info"]["id"]
        prompt = tok.apply_chat_template(list(row["prompt"]), tokenize=False, add_generation_prompt=True)
        answer = f"```python\n{problems[pid].reference_solutions[0]}\n```" + tok.eos_token
        p_ids, a_ids = tok(prompt)["input_ids"], tok(answer, add_special_tokens=False)["input_ids"]
        examples.append((p_ids, a_ids))
    torch.manual_seed(seed)
    config = Qwen2Config.from_pretrained(model_dir)
    config.hidden_size, config.intermediate_size, config.num_hidden_layers = hidden_size, 2 * hidden_size, layers
    config.num_attention_heads, config.num_key_value_heads = 4, 2
    config.layer_types = ["full_attention"] * layers
    model = Qwen2ForCausalLM(config)
    width = max(len(p) + len(a) for p, a in examples)
    ids = torch.full((len(examples), width), tok.pad_token_id)
    labels = torch.full((len(examples), width), -100)
    attention = torch.zeros((len(examples), width), dtype=torch.long)
    for i, (p_ids, a_ids) in enumerate(examples):  # right padding; loss on the answer only
        n = len(p_ids) + len(a_ids)
        ids[i, :n] = torch.tensor(p_ids + a_ids)
        labels[i, len(p_ids) : n] = torch.tensor(a_ids)
        attention[i, :n] = 1
    optim = torch.optim.AdamW(model.parameters(), lr=3e-3)
    model.train()
    for _ in range(steps):  # one step = the whole (small) dataset
        model(input_ids=ids, attention_mask=attention, labels=labels).loss.backward()
        optim.step()
        optim.zero_grad()
    model.eval()
    model.save_pretrained(model_dir)
    return str(model_dir)
