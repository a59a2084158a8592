"""``temperature=auto`` on verl: the probe through verl's own rollout engine.

The rule (probe, choice, discrete switches) lives in
:mod:`trainer_adapters.core.auto_temperature`; this module only supplies what it needs
from a running verl trainer: G samples per probe prompt at a given temperature, drawn from
the rollout replicas (vLLM on a GPU, ``hf`` on a CPU) that the training step uses, with
the prompts chat-templated as verl's agent loop templates them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

__all__ = ["probe_prompt_ids", "sample_groups"]


def probe_prompt_ids(
    dataset, tokenizer, prompt_key: str, indices: Sequence[int], chat_kwargs: dict | None = None
) -> list[list[int]]:
    """Token ids of the chat-templated prompts at ``indices`` of verl's ``RLHFDataset``."""
    out = []
    for i in indices:
        messages = list(dataset.dataframe[int(i)][prompt_key])
        ids = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=True, **(chat_kwargs or {}))
        if isinstance(ids, dict) or hasattr(ids, "keys"):  # transformers 5 returns a BatchEncoding
            ids = ids["input_ids"]
        out.append([int(t) for t in ids])
    return out


def sample_groups(
    client,
    prompts: Sequence[Sequence[int]],
    temperature: float,
    n: int,
    max_tokens: int,
    top_p: float = 1.0,
    top_k: int = -1,
) -> list[list[list[int]]]:
    """``n`` samples per prompt at ``temperature`` from verl's ``LLMServerClient``."""
    params: dict[str, Any] = dict(
        temperature=float(temperature),
        top_p=float(top_p),
        top_k=int(top_k),
        repetition_penalty=1.0,
        logprobs=False,
        max_tokens=int(max_tokens),
    )

    async def one(i: int, j: int) -> list[int]:
        out = await client.generate(
            request_id=f"microcoder-probe-{temperature:g}-{i}-{j}",
            prompt_ids=list(prompts[i]),
            sampling_params=dict(params),
        )
        return list(out.token_ids)

    async def everything():
        return await asyncio.gather(*[one(i, j) for i in range(len(prompts)) for j in range(n)])

    flat = asyncio.run(everything())
    return [flat[i * n : (i + 1) * n] for i in range(len(prompts))]
