"""What the verl adapter's tests share: a small MicroCoder-GRPO config, the CPU overrides, and
module-scoped fixtures (a tiny model config, a two-split parquet dataset, the reward path).

Loaded by ``test_verl_config.py`` and ``test_verl_adapter.py`` as a ``pytest_plugins`` entry (the
fixtures are module-scoped: each test module gets its own); importing it needs no verl.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from microcoder_eval.ground_truth import to_ground_truth
from trainer_adapters.core import MicroCoderGRPOConfig

STAGES = "0:0.6,3:1.0,5:1.4"
MAX_RESP = 48
EVAL_RESP = 96
WINDOW = 8

SOLUTION = "```python\nprint(sum(map(int, input().split())))\n```"
WRONG = "```python\nprint(0)\n```"


def _small_cfg(**extra) -> MicroCoderGRPOConfig:
    items = {
        "train_batch_size": 2,
        "ppo_mini_batch_size": 1,
        "num_generations": 8,
        "val_num_samples": 4,
        "max_prompt_length": 256,
        "max_response_length": MAX_RESP,
        "eval_max_response_length": EVAL_RESP,
        "repetition_window": WINDOW,
        "temperature_stages": STAGES,
        "mask_probability": 1.0,
        "total_training_steps": 6,
        "seed": 7,
    }
    items.update(extra)
    return MicroCoderGRPOConfig().with_overrides([f"{k}={v}" for k, v in items.items()])


CPU_OVERRIDES = [
    "trainer.n_gpus_per_node=1",
    "data.dataloader_num_workers=0",
    "reward.num_workers=1",
    "actor_rollout_ref.rollout.agent.num_workers=1",
    "transfer_queue.backend.SimpleStorage.num_data_storage_units=1",
    "actor_rollout_ref.rollout.tensor_model_parallel_size=1",
]


# ---------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("verl_adapter")


@pytest.fixture(scope="module")
def tiny_model(workdir) -> str:
    from microcoder_testing.tiny import write_tiny_config as build_tiny_model

    return build_tiny_model(workdir / "model")


@pytest.fixture(scope="module")
def dataset(workdir) -> str:
    import pandas as pd

    from microcoder_eval.types import JudgeTask, TestCase

    gt = to_ground_truth(JudgeTask(mode="stdin", tests=(TestCase("1 2\n", "3\n"), TestCase("5 7\n", "12\n"))))

    def row(marker, i):
        return {
            "data_source": "microcoder",
            "prompt": [{"role": "user", "content": f"{marker} Read two integers and print their sum."}],
            "ability": "code",
            "reward_model": {"style": "rule", "ground_truth": gt},
            "extra_info": {"index": i},
        }

    out = workdir / "data"
    out.mkdir()
    pd.DataFrame([row(m, i) for i, m in enumerate(["QQA", "QQB", "QQC", "QQD"])]).to_parquet(out / "train.parquet")
    pd.DataFrame([row(m, i) for i, m in enumerate(["QQV", "QQW"])]).to_parquet(out / "test.parquet")
    return str(out)


@pytest.fixture(scope="module")
def reward_path(workdir) -> str:
    """microcoder_eval's published compute_score when present, else a stand-in with its API."""
    try:
        from microcoder_eval import reward

        if callable(getattr(reward, "compute_score", None)):
            return "pkg://microcoder_eval.reward"
    except ImportError:
        pass
    path = workdir / "standin_reward.py"
    path.write_text(
        "def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):\n"
        "    if solution_str.count('```') % 2 == 1:\n"
        "        return {'score': 0.0, 'acc': 0.0, 'incomplete': True, 'verdict': 'incomplete'}\n"
        "    ok = 'sum(map(int' in solution_str\n"
        "    return {'score': float(ok), 'acc': float(ok), 'incomplete': False,\n"
        "            'verdict': 'accepted' if ok else 'wrong_answer'}\n"
    )
    return str(path)
