"""The reward's result, typed: the one seam between the judge and the trainers.

The reward function makes a :class:`RewardResult` from the judge's ``CandidateResult``
(:func:`reward_result`); verl and TRL receive (and log) its :meth:`~RewardResult.to_dict`;
a trainer reads a dict back with :func:`decode_reward` -- the one decoder, which also
reads the dicts of older or foreign reward functions (no ``acc``, no ``verdict``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .types import CandidateResult, Verdict

__all__ = ["REWARD_KINDS", "RewardResult", "decode_reward", "is_infra_error", "reward_result", "verdict_from"]

#: "binary": 1 when every test passes; "fraction": the share of tests passed
REWARD_KINDS = ("binary", "fraction")


@dataclass(frozen=True)
class RewardResult:
    score: float  # what the policy is trained on
    acc: float  # 1.0 when the candidate is correct (with reward=fraction a partial pass is not)
    verdict: str  # a Verdict's value (a foreign reward function may report others)
    incomplete: bool  # the answer was cut off (an unclosed code fence)
    infra_error: bool  # no judgment of the candidate: the trainers give it no advantage
    tests_passed: int
    tests_total: int

    @property
    def correct(self) -> bool:
        return self.acc > 0

    def to_dict(self) -> dict[str, Any]:
        """The dict verl and TRL receive (its keys are what they log)."""
        return {
            "score": self.score,
            "acc": self.acc,
            "incomplete": self.incomplete,
            "infra_error": self.infra_error,
            "verdict": self.verdict,
            "tests_passed": self.tests_passed,
            "tests_total": self.tests_total,
        }


def reward_result(result: CandidateResult, reward: str) -> RewardResult:
    """The reward of one judged candidate (``reward``: one of :data:`REWARD_KINDS`)."""
    acc = 1.0 if result.passed else 0.0
    if reward == "fraction" and result.tests_total:
        score = result.tests_passed / result.tests_total
    else:
        score = acc
    return RewardResult(
        score=score,
        acc=acc,
        verdict=result.verdict.value,
        incomplete=result.verdict is Verdict.INCOMPLETE,
        # Not a judgment of the candidate (worker lost twice, host overloaded).
        infra_error=result.verdict is Verdict.INFRA_ERROR,
        tests_passed=result.tests_passed,
        tests_total=result.tests_total,
    )


def is_infra_error(verdict: Any = None, infra_error: Any = None) -> bool:
    """True when the reward reports an infrastructure error for the row: its score 0 is no judgment."""
    if infra_error is not None and bool(infra_error):
        return True
    return verdict is not None and str(verdict) == Verdict.INFRA_ERROR.value


def _is_correct(result: Mapping[str, Any], score: float | None) -> bool:
    # acc when reported (a partial "fraction" score is still wrong), else the verdict, else score > 0
    acc = result.get("acc")
    if acc is not None:
        return float(acc) > 0
    verdict = result.get("verdict")
    if verdict:
        return str(verdict) == Verdict.ACCEPTED.value
    if score is None:
        score = result.get("score")
    return score is not None and float(score) > 0


def verdict_from(result: Mapping[str, Any], correct: bool) -> str:
    """The reported verdict; for a result without one, ``incomplete`` when flagged so, else
    ``accepted`` / ``wrong_answer`` by ``correct`` (conservative: never masked as cut off)."""
    v = result.get("verdict")
    if v:
        return str(v)
    if bool(result.get("incomplete", False)):
        return Verdict.INCOMPLETE.value
    return Verdict.ACCEPTED.value if correct else Verdict.WRONG_ANSWER.value


def decode_reward(result: Mapping[str, Any], score: float | None = None) -> RewardResult:
    """Read a reward dict back (ours, or an older reward function's).

    ``score``: the trainer's own copy of the row's score (verl's ``rm_scores``), which wins
    over the dict's."""
    correct = _is_correct(result, score)
    verdict = verdict_from(result, correct)
    if score is None:
        score = result.get("score")
    return RewardResult(
        score=float(score or 0.0),
        acc=1.0 if correct else 0.0,
        verdict=verdict,
        incomplete=verdict == Verdict.INCOMPLETE.value,
        infra_error=is_infra_error(verdict, result.get("infra_error")),
        tests_passed=int(result.get("tests_passed") or 0),
        tests_total=int(result.get("tests_total") or 0),
    )
