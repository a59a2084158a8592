"""What a generation engine is asked and what it answers (no engine imports here)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Iterable, Iterator, Protocol


class EngineError(RuntimeError):
    """The engine cannot generate (model not loadable, server unreachable); one line for the user."""


@dataclass(frozen=True)
class Sampling:
    n: int = 1  # samples per problem
    max_tokens: int = 4096  # response tokens (the paper: 4K in training, 4K and 8K in evaluation)
    temperature: float = 1.0
    top_p: float = 1.0
    seed: int = 0


@dataclass(frozen=True)
class Request:
    problem_id: str
    sample: int  # 0 .. n-1
    messages: tuple[tuple[str, str], ...]  # (role, content): hashable, and a chat template's input

    def seed(self, base: int) -> int:
        """A per-sample seed: the same (problem, sample) gets the same seed on every run and resume."""
        digest = hashlib.sha256(f"{base}\0{self.problem_id}\0{self.sample}".encode()).hexdigest()
        return int(digest[:8], 16) & 0x7FFFFFFF

    def chat(self) -> list[dict[str, str]]:
        return [{"role": r, "content": c} for r, c in self.messages]


@dataclass(frozen=True)
class Generation:
    problem_id: str
    sample: int
    completion: str
    prompt_tokens: int
    completion_tokens: int
    truncated: bool  # the max_tokens limit cut the answer
    finish_reason: str  # "stop" | "length" (as OpenAI-compatible servers report it)


class Engine(Protocol):
    name: str
    model: str

    def generate(self, requests: Iterable[Request], sampling: Sampling) -> Iterator[Generation]:
        """Answers in any order, each as soon as it is ready."""
        ...

    def close(self) -> None: ...
