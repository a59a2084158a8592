"""The published reward function: MicroCoder-Evaluator as an RL reward.

verl:  ``reward.custom_reward_function.path=pkg://microcoder_eval.reward``
       ``reward.custom_reward_function.name=compute_score``
TRL:   ``GRPOTrainer(reward_funcs=[microcoder_eval.reward.trl_reward_function], ...)`` with a
       ``ground_truth`` column in the dataset.

``ground_truth`` is the JSON string ``ground_truth.to_ground_truth`` writes (what
``microcoder data build`` stores in ``reward_model.ground_truth``)::

    {"mode": "stdin" | "functional", "fn_name": str | null,
     "tests": [{"input": str, "output": str}, ...],
     "rule": {"float_tolerance": 1e-6, "any_case": false, "any_order": false},
     "time_limit_s": float | null}

APPS/TACO-style ``{"inputs": [...], "outputs": [...], "fn_name"?: ...}`` is read too.

Each process keeps one warm ``Judge``; its size comes from ``MICROCODER_REWARD_WORKERS``
(default: all cores) and its per-test time limit from ``MICROCODER_REWARD_TIME_LIMIT``.
"""
from __future__ import annotations

import atexit
import os
import threading
from typing import Any, Sequence

from .ground_truth import from_ground_truth
from .types import CandidateResult, Limits, Verdict

_lock = threading.Lock()
_judge: Any = None  # a judge.Judge, or a ray_pool.RayJudgePool
_judge_pid: int | None = None


def _shared_judge(executor: str | None = None) -> Any:
    """One judge per process (re-created after a fork: worker pipes don't survive one).

    The local pool by default; ``MICROCODER_REWARD_EXECUTOR=ray`` (or ``executor="ray"``
    passed to compute_score) uses the cluster's judge actors instead (``ray_pool``).
    """
    global _judge, _judge_pid
    with _lock:
        if _judge is None or _judge_pid != os.getpid():
            from .ray_pool import make_judge

            workers = int(os.environ.get("MICROCODER_REWARD_WORKERS", "0")) or None
            limits = Limits()
            if os.environ.get("MICROCODER_REWARD_TIME_LIMIT"):
                limits = Limits(time_limit_s=float(os.environ["MICROCODER_REWARD_TIME_LIMIT"]))
            executor = executor or os.environ.get("MICROCODER_REWARD_EXECUTOR", "local")
            # A GRPO group is judged together: siblings try the tests others failed first.
            _judge = make_judge(executor, workers=workers, limits=limits, share_failures=True)
            _judge_pid = os.getpid()
        return _judge


@atexit.register
def _close_shared_judge() -> None:
    if _judge is not None and _judge_pid == os.getpid():
        _judge.close()


def _score(result: CandidateResult, reward: str) -> dict[str, Any]:
    acc = 1.0 if result.passed else 0.0
    if reward == "fraction" and result.tests_total:
        score = result.tests_passed / result.tests_total
    else:
        score = acc
    return {
        "score": score,
        "acc": acc,
        "incomplete": result.verdict is Verdict.INCOMPLETE,
        # Not a judgment of the candidate (worker lost twice, host overloaded): the
        # trainers give the row zero advantage (trainer_adapters.core.masking.is_infra_error).
        "infra_error": result.verdict is Verdict.INFRA_ERROR,
        "verdict": result.verdict.value,
        "tests_passed": result.tests_passed,
        "tests_total": result.tests_total,
    }


def compute_score(data_source: str | None, solution_str: str, ground_truth: Any,
                  extra_info: dict | None = None, **kwargs: Any) -> dict[str, Any]:
    """Judge one raw model response.

    Returns ``score`` (binary 0/1 by default; ``reward="fraction"`` gives the share of
    tests passed), ``acc`` (0/1: for validation accuracy), ``incomplete`` (the response
    was cut off: the trainer's truncation mask reads it) and ``verdict``.
    A malformed ground_truth raises ``ValueError``: it is a data bug, not a wrong answer.
    """
    try:
        task = from_ground_truth(ground_truth)
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"unreadable ground_truth for {data_source!r}: {exc}") from exc
    reward = _reward_kind(kwargs.get("reward", "binary"))
    result = _shared_judge(kwargs.get("executor")).judge_completion(task, solution_str or "",
                                                                    stop_on_failure=reward == "binary")
    return _score(result, reward)


def compute_scores(solution_strs: Sequence[str], ground_truths: Sequence[Any],
                   reward: str = "binary", *, data_sources: Sequence[Any] | None = None,
                   extra_infos: Sequence[Any] | None = None, **kwargs: Any) -> list[dict[str, Any]]:
    """Batch form: judged in parallel across the process's judge workers.

    Also fits verl's older ``BatchRewardManager``, which passes ``data_sources``,
    ``solution_strs``, ``ground_truths`` and ``extra_infos`` by keyword.
    """
    reward = _reward_kind(reward)
    if len(solution_strs) != len(ground_truths):
        raise ValueError(f"{len(solution_strs)} solutions but {len(ground_truths)} ground truths")
    sources = list(data_sources) if data_sources is not None else [None] * len(ground_truths)
    if len(sources) != len(ground_truths):
        raise ValueError(f"{len(sources)} data sources but {len(ground_truths)} ground truths")
    tasks = []
    for i, (source, gt) in enumerate(zip(sources, ground_truths)):
        try:
            tasks.append(from_ground_truth(gt))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"unreadable ground_truth at batch index {i} ({source!r}): {exc}") from exc
    results = _shared_judge(kwargs.get("executor")).judge_many(zip(tasks, (s or "" for s in solution_strs)), completions=True,
                                         stop_on_failure=reward == "binary")
    return [_score(r, reward) for r in results]


def _reward_kind(reward: str) -> str:
    # "fraction" needs every test run: stopping at the first failure would undercount.
    if reward not in ("binary", "fraction"):
        raise ValueError(f"reward must be 'binary' or 'fraction', not {reward!r}")
    return reward


def _completion_text(completion: Any) -> str:
    """TRL passes plain strings, or chat messages for conversational datasets."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list) and completion:
        last = completion[-1]
        if isinstance(last, dict):
            return str(last.get("content", ""))
    return str(completion)


def trl_reward_function(prompts: Sequence[Any], completions: Sequence[Any], ground_truth: Sequence[Any],
                        **kwargs: Any) -> list[float]:
    """A TRL reward function (``reward_funcs=[trl_reward_function]``)."""
    texts = [_completion_text(c) for c in completions]
    return [r["score"] for r in compute_scores(texts, ground_truth)]
