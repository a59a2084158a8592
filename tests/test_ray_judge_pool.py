"""The judge pool on a Ray cluster, against a local Ray started on CPU."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from microcoder_eval.ray_pool import ACTOR_PREFIX, NAMESPACE, RayJudgePool, shutdown_actors  # noqa: E402
from microcoder_eval.types import JudgeTask, Limits, TestCase, Verdict  # noqa: E402
from microcoder_eval.ground_truth import to_ground_truth  # noqa: E402

SQUARES = JudgeTask("stdin", tuple(TestCase(f"{i}\n", f"{i * i}\n") for i in range(6)))
RIGHT = "n = int(input())\nprint(n * n)"
WRONG = "n = int(input())\nprint(n * n if n != 4 else 0)"


@pytest.fixture(scope="module")
def local_ray():
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, namespace=NAMESPACE)
    yield
    assert shutdown_actors() >= 1
    if started:
        ray.shutdown()


def test_one_actor_per_node_shared_by_every_client(local_ray):
    pool = RayJudgePool(limits=Limits(time_limit_s=2), in_flight_per_worker=1)
    assert pool.num_workers == 2 and pool.capacities == [2]  # sized to the node's Ray CPUs
    again = RayJudgePool(limits=Limits(time_limit_s=2))  # a second reward worker on the node
    assert again._actors[0]._actor_id == pool._actors[0]._actor_id
    node = ray.nodes()[0]["NodeID"]
    names = [a["name"] if isinstance(a, dict) else a for a in ray.util.list_named_actors(all_namespaces=True)]
    assert any(n.startswith(ACTOR_PREFIX + node) for n in names)
    del pool, again  # the clients go; the node's actor stays for the next one
    import gc

    gc.collect()
    third = RayJudgePool(limits=Limits(time_limit_s=2))
    assert third.judge(SQUARES, RIGHT).passed


def test_verdicts_order_and_backpressure(local_ray):
    pool = RayJudgePool(limits=Limits(time_limit_s=2), in_flight_per_worker=1)
    items = [(SQUARES, RIGHT if i % 3 else WRONG) for i in range(10)]
    items.append((SQUARES, "while True:\n    pass\n"))
    peak = []
    original = pool._reserve

    def watch(task):
        index = original(task)
        peak.append(pool._outstanding[index])
        return index

    pool._reserve = watch
    results = list(pool.judge_many(items))
    assert [r.verdict for r in results[:10]] == [
        Verdict.WRONG_ANSWER if i % 3 == 0 else Verdict.ACCEPTED for i in range(10)
    ]
    assert results[10].verdict is Verdict.TIME_LIMIT
    assert max(peak) <= 2  # never more outstanding than the bound (2 workers x 1)
    assert pool.judge_completion(SQUARES, f"```python\n{RIGHT}\n```").passed


def test_compute_scores_through_ray(local_ray, monkeypatch):
    from microcoder_eval import reward

    monkeypatch.setattr(reward, "_judge", None)
    monkeypatch.setenv("MICROCODER_REWARD_EXECUTOR", "ray")
    gt = to_ground_truth(SQUARES)
    scores = reward.compute_scores([f"```python\n{RIGHT}\n```", f"```python\n{WRONG}\n```"], [gt, gt])
    assert isinstance(reward._judge, RayJudgePool)
    assert [s["score"] for s in scores] == [1.0, 0.0] and scores[1]["verdict"] == "wrong_answer"
    one = reward.compute_score("x", f"```python\n{RIGHT}\n```", gt)
    assert one["score"] == 1.0
    monkeypatch.setattr(reward, "_judge", None)


def test_eval_run_with_the_ray_executor(local_ray, tmp_path: Path):
    from click.testing import CliRunner

    from cli.main import main

    problems = tmp_path / "problems.jsonl"
    problems.write_text(
        json.dumps(
            {
                "question_id": "sq",
                "question_title": "sq",
                "question_content": "Square it.",
                "platform": "atcoder",
                "contest_id": "c",
                "contest_date": "2024-01-01T00:00:00",
                "difficulty": "easy",
                "starter_code": "",
                "public_test_cases": json.dumps(
                    [{"input": t.input, "output": t.output, "testtype": "stdin"} for t in SQUARES.tests]
                ),
                "private_test_cases": "",
                "metadata": "{}",
            }
        )
        + "\n"
    )
    solutions = tmp_path / "solutions.jsonl"
    solutions.write_text("".join(json.dumps({"problem_id": "sq", "completion": c}) + "\n" for c in (RIGHT, WRONG)))
    out = tmp_path / "results.jsonl"
    result = CliRunner().invoke(
        main,
        [
            "eval",
            "run",
            "--dataset",
            str(problems),
            "--solutions",
            str(solutions),
            "--out",
            str(out),
            "--executor",
            "ray",
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    assert sorted(json.loads(line)["verdict"] for line in out.read_text().splitlines()) == ["accepted", "wrong_answer"]
