"""The published reward function, called as verl and TRL call it."""

from __future__ import annotations

import json

import pytest

from microcoder_eval import reward
from microcoder_eval.types import JudgeTask, JudgingRule, TestCase
from microcoder_eval.ground_truth import from_ground_truth, to_ground_truth

ADD = to_ground_truth(JudgeTask("stdin", (TestCase("1 2\n", "3\n"), TestCase("2 2\n", "4\n"))))
SQUARE = to_ground_truth(JudgeTask("functional", (TestCase("[3]", "9"), TestCase('{"x": 4}', "16")), fn_name="square"))


def fence(code: str) -> str:
    return f"Let me think.\n```python\n{code}\n```"


def test_ground_truth_round_trip():
    task = JudgeTask(
        "functional", (TestCase("[1]", "2"),), fn_name="f", rule=JudgingRule(any_order=True), time_limit_s=2.0
    )
    assert from_ground_truth(to_ground_truth(task)) == task


def test_compute_score_binary_and_flags():
    ok = reward.compute_score("microcoder/test", fence("a,b=map(int,input().split())\nprint(a+b)"), ADD)
    assert ok == {
        "score": 1.0,
        "acc": 1.0,
        "incomplete": False,
        "infra_error": False,
        "verdict": "accepted",
        "tests_passed": 2,
        "tests_total": 2,
    }
    wrong = reward.compute_score("microcoder/test", fence("print(3)"), ADD)
    assert wrong["score"] == 0.0 and wrong["acc"] == 0.0 and wrong["verdict"] == "wrong_answer"
    cut = reward.compute_score("microcoder/test", "```python\na,b=map(int,input(", ADD)
    assert cut["incomplete"] is True and cut["score"] == 0.0 and cut["verdict"] == "incomplete"
    none = reward.compute_score("microcoder/test", "No idea.", ADD)
    assert none["verdict"] == "no_code" and none["score"] == 0.0


def test_compute_score_fraction_and_functional():
    half = reward.compute_score("x", fence("a,b=map(int,input().split())\nprint(3)"), ADD, reward="fraction")
    assert half["score"] == 0.5 and half["acc"] == 0.0  # first test passes, second fails
    sq = reward.compute_score("x", fence("class Solution:\n    def square(self, x):\n        return x*x"), SQUARE)
    assert sq["score"] == 1.0


def test_apps_style_ground_truth():
    gt = json.dumps({"inputs": ["1 2\n"], "outputs": ["3\n"]})
    assert reward.compute_score("apps", fence("print(sum(map(int,input().split())))"), gt)["score"] == 1.0


def test_malformed_ground_truth_is_a_clear_error():
    with pytest.raises(ValueError, match="ground_truth"):
        reward.compute_score("broken", fence("print(1)"), "{not json")
    with pytest.raises(ValueError, match="ground_truth"):
        reward.compute_score("broken", fence("print(1)"), json.dumps({"something": 1}))


def test_trl_reward_function_batch_and_conversational():
    completions = [
        fence("a,b=map(int,input().split())\nprint(a+b)"),
        [{"role": "assistant", "content": fence("print(0)")}],
        [{"role": "assistant", "content": fence("a,b=map(int,input().split())\nprint(a+b)")}],
    ]
    scores = reward.trl_reward_function(prompts=["p"] * 3, completions=completions, ground_truth=[ADD] * 3)
    assert scores == [1.0, 0.0, 1.0]
    with pytest.raises(ValueError):
        reward.compute_scores(["a"], [ADD, ADD])


def test_one_trl_reward_entry_point():
    """trl_reward_function is MicroCoderReward (the TRL trainer's): typed content blocks are read,
    and the dataset's ``reward_model`` column works as well as a ``ground_truth`` one."""
    from trainer_adapters.trl.reward import MicroCoderReward

    assert MicroCoderReward is reward.MicroCoderReward
    typed = [
        {"role": "assistant", "content": [{"type": "text", "text": fence("a,b=map(int,input().split())\nprint(a+b)")}]}
    ]
    assert reward.trl_reward_function(["p"], [typed], [ADD]) == [1.0]
    assert reward.trl_reward_function(["p"], [typed], reward_model=[{"style": "rule", "ground_truth": ADD}]) == [1.0]
    with pytest.raises(ValueError, match="reward_model"):
        reward.trl_reward_function(["p"], [typed])


def test_fraction_counts_tests_after_a_failure():
    # The first test fails and the second passes: the share is 1/2, not 0 (the judge
    # must not stop at the first failure when the reward is a fraction).
    later = reward.compute_score("x", fence("a,b=map(int,input().split())\nprint(4)"), ADD, reward="fraction")
    assert later["score"] == 0.5 and later["tests_passed"] == 1 and later["acc"] == 0.0
    batch = reward.compute_scores([fence("print(4)"), fence("print(3)")], [ADD, ADD], reward="fraction")
    assert [r["score"] for r in batch] == [0.5, 0.5]
    with pytest.raises(ValueError, match="reward must be"):
        reward.compute_score("x", fence("print(4)"), ADD, reward="partial")


def test_compute_scores_takes_verls_batch_manager_keywords():
    # verl's BatchRewardManager calls compute_score(data_sources=, solution_strs=,
    # ground_truths=, extra_infos=, **reward_kwargs) and reads "score" from each dict.
    scores = reward.compute_scores(
        data_sources=["lcb", "lcb"],
        solution_strs=[fence("a,b=map(int,input().split())\nprint(a+b)"), fence("print(0)")],
        ground_truths=[ADD, ADD],
        extra_infos=[{"index": 0}, {"index": 1}],
    )
    assert [s["score"] for s in scores] == [1.0, 0.0]
    with pytest.raises(ValueError, match="batch index 1 .'broken'."):
        reward.compute_scores(data_sources=["ok", "broken"], solution_strs=["a", "b"], ground_truths=[ADD, "{not json"])


def test_infra_error_is_flagged_for_the_trainers():
    from microcoder_eval.types import CandidateResult, Verdict
    from trainer_adapters.core.groups import is_infra_error

    flagged = reward._score(CandidateResult(Verdict.INFRA_ERROR, [], 3, "sandbox worker failed twice"), "binary")
    assert flagged["infra_error"] is True and flagged["score"] == 0.0 and flagged["verdict"] == "infra_error"
    assert is_infra_error(flagged["verdict"], flagged["infra_error"]) and is_infra_error("infra_error")
    assert not is_infra_error("runtime_error", False)
