"""Local generation with ``transformers`` (CPU or GPU): left-padded batches, sampled per batch."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from .base import EngineError, Generation, Request, Sampling


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


class TransformersEngine:
    name = "transformers"

    def __init__(
        self,
        model: str | Path,
        *,
        device: str | None = None,
        dtype: str = "auto",
        batch_size: int = 8,
        progress: bool = True,
    ):
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:  # pragma: no cover - transformers comes with the trl extra
            raise EngineError(
                f"--engine transformers needs torch and transformers ({exc}); pip install 'microcoder[trl]'"
            ) from None
        from transformers.utils import logging as hf_logging

        self.model = str(model)
        self.batch_size = max(1, int(batch_size))
        self._torch = torch
        bars_were_on = hf_logging.is_progress_bar_enabled()
        if not progress:  # --no-progress: no "Loading weights" bars either
            hf_logging.disable_progress_bar()
        # cheap checks first (tokenizer, chat template, dtype, device): loading weights takes minutes
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(self.model)
        except (OSError, ValueError) as exc:
            raise EngineError(f"cannot load model {self.model!r} with transformers: {_first_line(exc)}") from None
        if not getattr(self.tokenizer, "chat_template", None):
            raise EngineError(
                f"{self.model}: the tokenizer has no chat template (the prompt is a chat); "
                "use an instruct model or set tokenizer.chat_template"
            )
        if dtype != "auto" and not isinstance(getattr(torch, dtype, None), torch.dtype):
            raise EngineError(f"--dtype {dtype}: not a torch dtype (e.g. auto, bfloat16, float16, float32)")
        try:
            self.device = torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu"))
        except RuntimeError as exc:
            raise EngineError(f"--device {device}: {_first_line(exc)} (e.g. cpu, cuda, cuda:1)") from None
        try:
            self.lm = AutoModelForCausalLM.from_pretrained(self.model, dtype=dtype)
        except (OSError, ValueError) as exc:
            raise EngineError(f"cannot load model {self.model!r} with transformers: {_first_line(exc)}") from None
        finally:
            if bars_were_on and not progress:
                hf_logging.enable_progress_bar()
        self.lm.to(self.device).eval()
        self.tokenizer.padding_side = "left"  # generated tokens start at the same column in every row
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        eos = self.lm.generation_config.eos_token_id
        eos_ids = set(eos if isinstance(eos, (list, tuple)) else [eos] if eos is not None else [])
        if self.tokenizer.eos_token_id is not None:
            eos_ids.add(self.tokenizer.eos_token_id)
        if not eos_ids:
            raise EngineError(f"{self.model}: neither the model nor the tokenizer names an end-of-sequence token")
        self.eos_ids = eos_ids

    def _prompt_ids(self, request: Request) -> list[int]:
        text = self.tokenizer.apply_chat_template(request.chat(), tokenize=False, add_generation_prompt=True)
        return self.tokenizer(text, add_special_tokens=False)["input_ids"]

    def generate(self, requests: Iterable[Request], sampling: Sampling) -> Iterator[Generation]:
        torch = self._torch
        requests = list(requests)
        encoded = {}
        for r in requests:
            if r.messages not in encoded:
                encoded[r.messages] = self._prompt_ids(r)
        # similar lengths share a batch (less padding); the order is fixed by the requests themselves
        todo = sorted(requests, key=lambda r: (len(encoded[r.messages]), r.problem_id, r.sample))
        pad = self.tokenizer.pad_token_id
        for start in range(0, len(todo), self.batch_size):
            batch = todo[start : start + self.batch_size]
            ids = [encoded[r.messages] for r in batch]
            width = max(len(x) for x in ids)
            input_ids = torch.tensor([[pad] * (width - len(x)) + x for x in ids], device=self.device)
            attention = torch.tensor([[0] * (width - len(x)) + [1] * len(x) for x in ids], device=self.device)
            torch.manual_seed(batch[0].seed(sampling.seed))
            sample = sampling.temperature > 0
            kwargs = dict(
                do_sample=sample,
                max_new_tokens=sampling.max_tokens,
                pad_token_id=pad,
                eos_token_id=sorted(self.eos_ids),
            )
            if sample:
                kwargs.update(temperature=sampling.temperature, top_p=sampling.top_p, top_k=0)
            else:
                kwargs.update(temperature=None, top_p=None, top_k=None)
            with torch.inference_mode():
                out = self.lm.generate(input_ids=input_ids, attention_mask=attention, **kwargs)
            for r, prompt, row in zip(batch, ids, out[:, width:].tolist()):
                stop = next((j for j, t in enumerate(row) if t in self.eos_ids), None)
                tokens = row if stop is None else row[:stop]
                yield Generation(
                    problem_id=r.problem_id,
                    sample=r.sample,
                    completion=self.tokenizer.decode(tokens, skip_special_tokens=True),
                    prompt_tokens=len(prompt),
                    completion_tokens=len(row) if stop is None else stop + 1,
                    truncated=stop is None and len(row) >= sampling.max_tokens,
                    finish_reason="length" if stop is None else "stop",
                )

    def close(self) -> None:
        self.lm = None
