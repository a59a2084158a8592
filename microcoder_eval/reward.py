"""The published reward function: MicroCoder-Evaluator as an RL reward.

verl:  ``reward.custom_reward_function.path=pkg://microcoder_eval.reward``
       ``reward.custom_reward_function.name=compute_score``
TRL:   ``GRPOTrainer(reward_funcs=[microcoder_eval.reward.trl_reward_function], ...)`` with the
       ``reward_model`` column ``microcoder data build`` writes (or a ``ground_truth`` column);
       :class:`MicroCoderReward` is the same reward keeping each row's judgement.

``ground_truth`` is the JSON string ``ground_truth.to_ground_truth`` writes (what
``microcoder data build`` stores in ``reward_model.ground_truth``)::

    {"mode": "stdin" | "functional", "fn_name": str | null,
     "tests": [{"input": str, "output": str, "time_limit_s"?: float}, ...],
     "rule": {"float_tolerance": 1e-6, "any_case": false, "any_order": false},
     "time_limit_s": float | null}

A test's own ``time_limit_s`` (Verify derives one per test: small inputs, small limits) is
honoured where it is under the problem's; the judge runs the tests with the smallest first.
APPS/TACO-style ``{"inputs": [...], "outputs": [...], "fn_name"?: ...}`` is read too.

Each process keeps one warm ``Judge`` (:func:`judge_settings` says how large, with which time
limit): the trainer config passes ``judge_workers`` / ``judge_time_limit_s`` as reward keywords;
``MICROCODER_REWARD_WORKERS`` / ``MICROCODER_REWARD_TIME_LIMIT`` override them.

The result is a typed :class:`~.reward_result.RewardResult`; verl and TRL get its dict.
"""

from __future__ import annotations

import atexit
import contextlib
import inspect
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .ground_truth import from_ground_truth
from .reward_result import REWARD_KINDS, decode_reward, reward_result
from .types import CandidateResult, Limits

#: override the trainer config's judge settings (for one machine's size, say)
WORKERS_ENV = "MICROCODER_REWARD_WORKERS"
TIME_LIMIT_ENV = "MICROCODER_REWARD_TIME_LIMIT"
EXECUTOR_ENV = "MICROCODER_REWARD_EXECUTOR"

_lock = threading.Lock()
_judge: Any = None  # a judge.Judge, or a ray_pool.RayJudgePool
_judge_pid: int | None = None
_judge_settings: tuple | None = None


def judge_settings(
    executor: str | None = None, judge_workers: int | None = None, judge_time_limit_s: float | None = None
) -> tuple[str, int | None, Limits]:
    """(executor, workers, limits) of the process's judge.

    Workers and time limit: the environment variable, else the trainer config's value (the
    reward keyword), else the default (all cores; ``Limits``' 6 s). A problem's own
    ``time_limit_s`` still wins over this one. The executor: the keyword, else
    ``MICROCODER_REWARD_EXECUTOR``, else ``local``.
    """
    workers = int(os.environ.get(WORKERS_ENV) or judge_workers or 0) or None
    time_limit = os.environ.get(TIME_LIMIT_ENV) or judge_time_limit_s
    limits = Limits(time_limit_s=float(time_limit)) if time_limit else Limits()
    return executor or os.environ.get(EXECUTOR_ENV, "local"), workers, limits


def _shared_judge(**settings: Any) -> Any:
    """One judge per process and settings (re-created after a fork: worker pipes don't survive one).

    The local pool by default; ``executor="ray"`` uses the cluster's judge actors instead
    (``ray_pool``).
    """
    global _judge, _judge_pid, _judge_settings
    wanted = judge_settings(**settings)
    with _lock:
        if _judge is None or _judge_pid != os.getpid() or _judge_settings != wanted:
            from .ray_pool import make_judge

            if _judge is not None and _judge_pid == os.getpid():
                _judge.close()
            executor, workers, limits = wanted
            # A GRPO group is judged together: siblings try the tests others failed first.
            _judge = make_judge(executor, workers=workers, limits=limits, share_failures=True)
            _judge_pid, _judge_settings = os.getpid(), wanted
        return _judge


def _judge_keywords(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The judge settings among a reward call's keywords (verl's ``reward_kwargs``)."""
    return {k: kwargs.get(k) for k in ("executor", "judge_workers", "judge_time_limit_s")}


@atexit.register
def _close_shared_judge() -> None:
    if _judge is not None and _judge_pid == os.getpid():
        _judge.close()


def _score(result: CandidateResult, reward: str) -> dict[str, Any]:
    return reward_result(result, reward).to_dict()


def compute_score(
    data_source: str | None, solution_str: str, ground_truth: Any, extra_info: dict | None = None, **kwargs: Any
) -> dict[str, Any]:
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
    result = _shared_judge(**_judge_keywords(kwargs)).judge_completion(
        task, solution_str or "", stop_on_failure=reward == "binary"
    )
    return _score(result, reward)


def compute_scores(
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    reward: str = "binary",
    *,
    data_sources: Sequence[Any] | None = None,
    extra_infos: Sequence[Any] | None = None,
    **kwargs: Any,
) -> list[dict[str, Any]]:
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
    results = _shared_judge(**_judge_keywords(kwargs)).judge_many(
        zip(tasks, (s or "" for s in solution_strs)), completions=True, stop_on_failure=reward == "binary"
    )
    return [_score(r, reward) for r in results]


def _reward_kind(reward: str) -> str:
    # "fraction" needs every test run: stopping at the first failure would undercount.
    if reward not in REWARD_KINDS:
        raise ValueError(f"reward must be 'binary' or 'fraction', not {reward!r}")
    return reward


def completion_text(completion: Any) -> str:
    """The assistant text of one TRL completion: a plain string, or (conversational) the
    assistant messages joined, typed content blocks (``[{"type": "text", "text": ...}]``) included."""
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
    """The TRL reward: a callable for ``GRPOTrainer(reward_funcs=[...])`` (the one way in; the
    MicroCoder-GRPO TRL trainer and :func:`trl_reward_function` both use it).

    TRL calls it with ``prompts``, ``completions`` (conversational: one
    ``[{"role": "assistant", "content": ...}]`` per row), ``completion_ids`` and every dataset
    column as a list; the ground truth comes from the ``reward_model`` column (``{"ground_truth":
    ...}``, what ``microcoder data build`` writes) or else a ``ground_truth`` column (the string).
    It returns one score per completion. A trainer that needs the full judgement of each row (score,
    verdict, ``incomplete``: the conditional truncation mask needs "non-incorrect" = correct or judged
    incomplete) gets it, in row order, from :meth:`collecting` around the calls TRL makes; the
    reward keeps no judgement after a call.

    ``scorer``: a batch scorer ``(solution_strs, ground_truths, **kw) -> list[dict]``;
    defaults to :func:`compute_scores` (the judge, in parallel).  ``reward``: the reward kind
    (``"binary"``; ``"fraction"`` where the scorer supports it), passed on.  ``judge``: the
    judge settings from the trainer config (``judge_workers``, ``judge_time_limit_s``; see
    :func:`judge_settings`), passed on where the scorer takes them.
    """

    __name__ = "microcoder"  # TRL logs rewards/<name>/mean

    def __init__(
        self,
        scorer: Callable[..., list[dict]] | None = None,
        reward: str = "binary",
        judge: dict[str, Any] | None = None,
    ) -> None:
        self.scorer = scorer if scorer is not None else compute_scores
        self.reward = reward
        self.judge = {k: v for k, v in (judge or {}).items() if v is not None}
        self._collectors: list[list[dict]] = []
        try:
            params = inspect.signature(self.scorer).parameters
            self._params = set(params)
            self._var_kw = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
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
        kwargs.update({k: v for k, v in self.judge.items() if self._accepts(k)})
        if data_sources is not None and self._accepts("data_sources"):
            kwargs["data_sources"] = list(data_sources)
        if extra_infos is not None and self._accepts("extra_infos"):
            kwargs["extra_infos"] = list(extra_infos)
        results = list(self.scorer(list(solution_strs), list(ground_truths), **kwargs))
        if len(results) != len(solution_strs):
            raise RuntimeError(f"reward scorer returned {len(results)} results for {len(solution_strs)} solutions")
        return [r if isinstance(r, dict) else {"score": float(r)} for r in results]

    def __call__(
        self, prompts=None, completions=None, reward_model=None, ground_truth=None, **kwargs
    ) -> list[float | None]:
        column = reward_model if reward_model is not None else ground_truth
        if completions is None or column is None:
            raise ValueError(
                "MicroCoderReward needs the `completions` and the dataset's `reward_model` (or `ground_truth`) column"
            )
        texts = [completion_text(c) for c in completions]
        gts = [_ground_truth(rm) for rm in column]
        results = self.score(texts, gts, kwargs.get("data_source"), kwargs.get("extra_info"))
        for judged in self._collectors:
            judged.extend(results)
        log_extra = kwargs.get("log_extra")
        if callable(log_extra):  # shows up in TRL's completions table when log_completions=True
            log_extra("verdict", [str(r.get("verdict", "")) for r in results])
        # None for a row the judge could not judge: TRL leaves it out of its group's mean and
        # std and gives it no advantage, as the trainers here do (trainer_adapters.core.groups)
        return [None if d.infra_error else d.score for d in map(decode_reward, results)]

    @contextlib.contextmanager
    def collecting(self) -> Iterator[list[dict]]:
        """The judgements (one dict a row, in row order) of the calls made inside the block, e.g.
        those TRL makes while it generates and scores one batch; they are the block's value, held
        nowhere after it."""
        judged: list[dict] = []
        self._collectors.append(judged)
        try:
            yield judged
        finally:
            self._collectors.remove(judged)


def trl_reward_function(
    prompts: Sequence[Any] | None = None,
    completions: Sequence[Any] | None = None,
    ground_truth: Sequence[Any] | None = None,
    **kwargs: Any,
) -> list[float | None]:
    """A TRL reward function (``reward_funcs=[trl_reward_function]``): :class:`MicroCoderReward`
    with the binary reward, for a dataset with a ``reward_model`` or a ``ground_truth`` column."""
    return MicroCoderReward()(prompts, completions, ground_truth=ground_truth, **kwargs)
