"""Offline helpers for exercising the verl adapter without a GPU or the HF Hub.

* :func:`build_tiny_model` -- writes a tiny Qwen2 config + byte-level BPE tokenizer
  (with a ChatML template) to a directory; enough for verl's ``HFModelConfig``,
  ``RLHFDataset``, the agent loop and the reward loop (no weights: nothing here runs a
  forward pass).
* :class:`ScriptedLLMClient` -- stands in for verl's ``LLMServerClient`` (the vLLM/SGLang
  front end the agent loop calls): answers ``generate`` with scripted token ids and
  reports the sampling parameters it received in ``extra_fields`` so a test can see the
  temperature/``max_tokens`` the real worker code chose.

Used by ``tests/test_verl_adapter.py``; handy for local smoke tests too.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["CHATML_TEMPLATE", "ScriptedLLMClient", "build_tiny_model"]

CHATML_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)

_CORPUS = [
    "```python\nimport sys\nprint(sum(map(int, input().split())))\n```",
    "def solve(a, b):\n    return a + b\n",
    "Read two integers and print their sum. Write a Python program.",
    "for i in range(10):\n    print(i)\n",
    "The quick brown fox jumps over the lazy dog 0123456789",
]


def build_tiny_model(directory: str | Path, vocab_size: int = 400) -> str:
    """Write a tiny tokenizer + Qwen2 config to ``directory``; returns its path."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast, Qwen2Config

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=specials,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(_CORPUS * 4, trainer=trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        bos_token=None,
        unk_token=None,
    )
    fast.chat_template = CHATML_TEMPLATE
    fast.save_pretrained(out)
    config = Qwen2Config(
        vocab_size=len(fast),
        hidden_size=16,
        intermediate_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
        max_position_embeddings=4096,
        eos_token_id=fast.eos_token_id,
        pad_token_id=fast.pad_token_id,
        tie_word_embeddings=True,
        architectures=["Qwen2ForCausalLM"],
    )
    config.save_pretrained(out)
    (out / "generation_config.json").write_text(json.dumps({"eos_token_id": fast.eos_token_id}))
    return str(out)


class ScriptedLLMClient:
    """Minimal async ``generate`` compatible with verl's agent loops.

    ``script``: ``(marker_ids, responses)`` pairs; a prompt containing ``marker_ids`` as a
    contiguous sub-sequence gets that entry's responses (token-id lists) in turn
    (cycling); ``default`` answers any other prompt. A ``max_tokens`` sampling parameter
    truncates the scripted answer, like an engine stopping at the length limit. Every
    output carries ``extra_fields["sampling_params"]``: the dict the agent loop passed.
    """

    def __init__(self, script: Sequence[tuple[Sequence[int], Sequence[Sequence[int]]]] = (),
                 default: Sequence[int] = (1,)):
        self.script = [(tuple(int(x) for x in m), [list(r) for r in rs]) for m, rs in script]
        self.default = list(default)
        self.calls: dict[int, int] = {}

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
        return TokenOutput(
            token_ids=tokens,
            log_probs=[-1.0] * len(tokens),
            stop_reason=stop,
            num_preempted=0,
            extra_fields={"sampling_params": dict(sampling_params)},
        )
