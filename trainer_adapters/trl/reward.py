"""The TRL reward function: microcoder_eval's published reward, judged in parallel.

TRL calls a reward function with ``prompts``, ``completions`` (conversational: one
``[{"role": "assistant", "content": ...}]`` per row), ``completion_ids`` and every
dataset column as a list (``reward_model``, ``data_source``, ``extra_info``, ...), and
wants one float per completion back.  :class:`MicroCoderReward` returns the binary score
and keeps the full judgement of each row (score, verdict, ``incomplete``) in
``last_results``, in row order, so the trainer can apply the conditional truncation mask
(which needs "non-incorrect" = correct or judged incomplete) to the same rows.
"""
from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["MicroCoderReward", "completion_text"]


def completion_text(completion: Any) -> str:
    """The assistant text of one TRL completion (conversational or plain)."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, (list, tuple)):
        parts = [m.get("content") or "" for m in completion if isinstance(m, dict) and m.get("role") == "assistant"]
        if not parts:  # no role info: take every message's content
            parts = [m.get("content") or "" if isinstance(m, dict) else str(m) for m in completion]
        return "".join(p if isinstance(p, str) else _content_text(p) for p in parts)
    if isinstance(completion, dict):
        return str(completion.get("content") or "")
    return str(completion)


def _content_text(content: Any) -> str:  # typed content blocks [{"type": "text", "text": ...}]
    if isinstance(content, list):
        return "".join(b.get("text", "") for b in content if isinstance(b, dict))
    return str(content)


def _ground_truth(reward_model: Any) -> str:
    if isinstance(reward_model, dict):
        return reward_model["ground_truth"]
    return reward_model  # already the ground-truth string


class MicroCoderReward:
    """Callable reward for ``GRPOTrainer(reward_funcs=[...])``.

    ``scorer``: a batch scorer ``(solution_strs, ground_truths, **kw) -> list[dict]``;
    defaults to :func:`microcoder_eval.reward.compute_scores` (the judge, in parallel;
    its judge size follows ``MICROCODER_REWARD_WORKERS``).  ``reward``: the config's
    reward kind (``"binary"``; ``"fraction"`` where the scorer supports it), passed on.
    """

    __name__ = "microcoder"  # TRL logs rewards/<name>/mean

    def __init__(
        self,
        scorer: Callable[..., list[dict]] | None = None,
        reward: str = "binary",
    ) -> None:
        if scorer is None:
            from microcoder_eval.reward import compute_scores as scorer
        self.scorer = scorer
        self.reward = reward
        self.last_results: list[dict] = []
        try:
            self._params = set(inspect.signature(scorer).parameters)
            self._var_kw = any(
                p.kind is inspect.Parameter.VAR_KEYWORD for p in inspect.signature(scorer).parameters.values()
            )
        except (TypeError, ValueError):  # builtins / C callables
            self._params, self._var_kw = set(), True

    def _accepts(self, name: str) -> bool:
        return self._var_kw or name in self._params

    def score(
        self,
        solution_strs: Sequence[str],
        ground_truths: Sequence[str],
        data_sources: Sequence[str] | None = None,
        extra_infos: Sequence[Any] | None = None,
    ) -> list[dict]:
        kwargs: dict[str, Any] = {}
        if self._accepts("reward"):
            kwargs["reward"] = self.reward
        elif self.reward != "binary":
            raise ValueError(f"the reward scorer does not take reward={self.reward!r}")
        if data_sources is not None and self._accepts("data_sources"):
            kwargs["data_sources"] = list(data_sources)
        if extra_infos is not None and self._accepts("extra_infos"):
            kwargs["extra_infos"] = list(extra_infos)
        results = list(self.scorer(list(solution_strs), list(ground_truths), **kwargs))
        if len(results) != len(solution_strs):
            raise RuntimeError(f"reward scorer returned {len(results)} results for {len(solution_strs)} solutions")
        return [r if isinstance(r, dict) else {"score": float(r)} for r in results]

    def __call__(self, prompts=None, completions=None, reward_model=None, **kwargs) -> list[float]:
        if completions is None or reward_model is None:
            raise ValueError("MicroCoderReward needs the `completions` and the dataset's `reward_model` column")
        texts = [completion_text(c) for c in completions]
        gts = [_ground_truth(rm) for rm in reward_model]
        results = self.score(texts, gts, kwargs.get("data_source"), kwargs.get("extra_info"))
        self.last_results = results
        log_extra = kwargs.get("log_extra")
        if callable(log_extra):  # shows up in TRL's completions table when log_completions=True
            log_extra("verdict", [str(r.get("verdict", "")) for r in results])
        return [float(r.get("score", 0.0)) for r in results]
