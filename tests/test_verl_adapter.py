"""MicroCoder-GRPO on the real verl 0.9.1, on CPU (no GPU, no vLLM, no HF Hub).

What runs for real: verl's Hydra config + validation; the v1 trainer's ``step()``
(prompt submission, ReplayBuffer sampling from TransferQueue, batch balancing,
``_compute_old_log_prob``, ``_compute_advantage``, ``_update_actor``) and ``_validate()``;
verl's agent-loop manager/worker actors with the single-turn agent loop; verl's
reward loop (``RewardLoopManager`` / ``RewardLoopWorker`` / ``NaiveRewardManager``)
calling our ``compute_score``; TransferQueue under a local 2-CPU Ray.

What is faked: the LLM server (``ScriptedLLMClient``: scripted token ids instead of
vLLM), the actor worker group (log-probs of zeros; ``update_actor`` records the
advantages it would train on instead of running FSDP), and the checkpoint manager.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("verl")
pytest.importorskip("transfer_queue")

from trainer_adapters.core import (
    MicroCoderGRPOConfig,
    batch_diversity,
    mask_candidate,
)
from trainer_adapters.core import metrics as M
from trainer_adapters.verl.config_builder import (
    MicroCoderVerlConfigError,
    compose_verl_config,
    describe_plan,
    validate_verl_config,
)
from trainer_adapters.verl.constants import TEMPERATURE_KEY
from microcoder_eval.ground_truth import to_ground_truth

STAGES = "0:0.6,3:1.0,5:1.4"
MAX_RESP = 48
EVAL_RESP = 96
WINDOW = 8

SOLUTION = "```python\nprint(sum(map(int, input().split())))\n```"
WRONG = "```python\nprint(0)\n```"


def _small_cfg(**extra) -> MicroCoderGRPOConfig:
    items = {
        "train_batch_size": 2, "ppo_mini_batch_size": 1, "num_generations": 8, "val_num_samples": 4,
        "max_prompt_length": 256, "max_response_length": MAX_RESP, "eval_max_response_length": EVAL_RESP,
        "repetition_window": WINDOW, "temperature_stages": STAGES, "mask_probability": 1.0,
        "total_training_steps": 6, "seed": 7,
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


# ---------------------------------------------------------------------------- config
def test_config_composes_and_passes_verl_validation(tiny_model, dataset):
    cfg = _small_cfg()
    config = compose_verl_config(cfg, model=tiny_model, dataset=dataset, extra_overrides=CPU_OVERRIDES)
    validate_verl_config(config)  # verl's validate_config + our invariants

    assert config.trainer.use_v1 is True and config.trainer.v1.trainer_mode == "sync"
    assert config.algorithm.adv_estimator == "grpo" and config.algorithm.use_kl_in_reward is False
    actor = config.actor_rollout_ref.actor
    assert actor.use_kl_loss is False and actor.clip_ratio_low == 0.2 and actor.clip_ratio_high == 0.28
    assert actor.loss_agg_mode == "token-mean" and actor.optim.lr == 1e-6
    assert actor.ppo_mini_batch_size == 1  # < train_batch_size: several updates, so clip-higher matters
    rollout = config.actor_rollout_ref.rollout
    assert rollout.n == 8 and rollout.temperature == 0.6 and rollout.val_kwargs.n == 4
    assert rollout.val_kwargs.do_sample is True and rollout.response_length == EVAL_RESP
    assert rollout.agent.agent_loop_manager_class.endswith("MicroCoderAgentLoopManager")
    assert config.reward.custom_reward_function.path == "pkg://microcoder_eval.reward"
    assert config.reward.custom_reward_function.name == "compute_score"
    assert config.data.train_files.endswith("train.parquet") and config.data.val_files.endswith("test.parquet")
    assert config.microcoder.mask_probability == 1.0 and config.microcoder.temperature_stages[1] == [3, 1.0]

    from verl.trainer.ppo.utils import need_critic, need_reference_policy
    from verl.utils.config import omega_conf_to_dataclass

    assert not need_reference_policy(config) and not need_critic(config)
    # the dataclasses verl's workers build from these sections accept them
    assert omega_conf_to_dataclass(config.actor_rollout_ref.rollout).temperature == 0.6
    assert omega_conf_to_dataclass(config.actor_rollout_ref.actor).clip_ratio_high == 0.28


def test_user_overrides_win_and_conflicts_are_rejected(tiny_model, dataset):
    cfg = _small_cfg()
    config = compose_verl_config(cfg, model=tiny_model, dataset=dataset,
                                 extra_overrides=CPU_OVERRIDES + ["actor_rollout_ref.actor.optim.lr=3e-6"])
    assert config.actor_rollout_ref.actor.optim.lr == 3e-6
    frac = compose_verl_config(_small_cfg(reward="fraction"), model=tiny_model, dataset=dataset,
                               extra_overrides=CPU_OVERRIDES)
    assert frac.reward.custom_reward_function.reward_kwargs.reward == "fraction"  # -> compute_score(reward=...)
    assert "reward_kwargs" not in config.reward.custom_reward_function  # binary: compute_score's default
    bad = compose_verl_config(cfg, model=tiny_model, dataset=dataset,
                              extra_overrides=CPU_OVERRIDES + ["actor_rollout_ref.rollout.temperature=0.9"])
    with pytest.raises(MicroCoderVerlConfigError, match="temperature"):
        validate_verl_config(bad)
    kl = compose_verl_config(cfg, model=tiny_model, dataset=dataset,
                             extra_overrides=CPU_OVERRIDES + ["actor_rollout_ref.actor.use_kl_loss=true"])
    with pytest.raises(MicroCoderVerlConfigError, match="reference model"):
        validate_verl_config(kl)


def test_legacy_top_level_reward_keys_are_ignored_by_main_ppo(tiny_model, dataset):
    import inspect

    from verl.trainer import main_ppo

    cfg = _small_cfg()
    config = compose_verl_config(cfg, model=tiny_model, dataset=dataset,
                                 extra_overrides=CPU_OVERRIDES + ["custom_reward_function.path=/elsewhere.py"])
    # the legacy group composes, but nothing in main_ppo migrates it to reward.*
    assert config.custom_reward_function.path == "/elsewhere.py"
    assert config.reward.custom_reward_function.path == "pkg://microcoder_eval.reward"
    assert "migrate_legacy_reward_impl" not in inspect.getsource(main_ppo)
    with pytest.raises(MicroCoderVerlConfigError, match="ignored"):
        validate_verl_config(config)


def test_default_trainer_is_v1_sync_and_we_extend_it():
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from verl.trainer.ppo.v1 import PPOTrainerSync, get_trainer_cls

    from trainer_adapters.verl.config_builder import verl_config_dir
    from trainer_adapters.verl.trainer import MicroCoderPPOTrainer

    GlobalHydra.instance().clear()
    with initialize_config_dir(config_dir=verl_config_dir(), version_base=None):
        stock = compose(config_name="ppo_trainer")
    assert stock.trainer.use_v1 is True and stock.trainer.v1.trainer_mode == "sync"
    assert get_trainer_cls("sync") is PPOTrainerSync
    assert issubclass(MicroCoderPPOTrainer, PPOTrainerSync)
    assert "_compute_advantage" in MicroCoderPPOTrainer.__dict__

    # what TaskRunnerV1.init_agent_loop_manager loads from our config, and our task runner
    from trainer_adapters.verl.agent_loop import MicroCoderAgentLoopManager
    from trainer_adapters.verl.constants import AGENT_LOOP_MANAGER_FQN
    from trainer_adapters.verl.launcher import make_task_runner
    from verl.trainer.main_ppo import TaskRunnerV1
    from verl.utils.import_utils import load_class_from_fqn

    assert load_class_from_fqn(AGENT_LOOP_MANAGER_FQN, "AgentLoopManager") is MicroCoderAgentLoopManager
    runner_cls = make_task_runner().__ray_metadata__.modified_class
    assert issubclass(runner_cls, TaskRunnerV1.__ray_actor_class__) and "run" in runner_cls.__mro__[1].__dict__


def test_cli_dry_run_prints_config_and_plan(tiny_model, dataset):
    from click.testing import CliRunner

    from cli.train_cmd import train

    result = CliRunner().invoke(train, [
        "--backend", "verl", "--dry-run", "--model", tiny_model, "--dataset", dataset,
        f"temperature_stages={STAGES}", "mask_probability=0.3", *CPU_OVERRIDES,
    ])
    assert result.exit_code == 0, result.output
    assert "agent_loop_manager_class: trainer_adapters.verl.agent_loop.MicroCoderAgentLoopManager" in result.output
    assert "temperature stage 1: steps 3-4: T=1.0" in result.output
    assert "rho=0.3" in result.output
    bad = CliRunner().invoke(train, ["--backend", "verl", "--dry-run", "mask_prob=0.5"])
    assert bad.exit_code != 0 and "mask_prob" in bad.output


def test_plan_mask_padding_and_multi_output_sessions():
    from trainer_adapters.core import MaskRng
    from trainer_adapters.verl.advantage import plan_truncation_mask

    ok = {"reward_extra_info": {"acc": 1.0, "incomplete": False, "verdict": "accepted"}}
    inc = {"reward_extra_info": {"acc": 0.0, "incomplete": True, "verdict": "incomplete"}}
    wrong = {"reward_extra_info": {"acc": 0.0, "incomplete": False, "verdict": "wrong_answer"}}
    long_, short = list(range(20)), [1, 2, 3]
    keys = ["u1_0_0", "u1_0_1", "u1_1_0", "u1_2_0", "u2_0_0", "pad_0_0"]
    # session u1_0 has two outputs: its final one (index 1) is truncated and correct -> both rows masked
    responses = [short, long_, long_, long_, long_, long_]
    extras = [wrong, ok, inc, wrong, ok, ok]
    padding = [False, False, False, False, False, True]
    plan = plan_truncation_mask(keys, [[5, 6]] * 6, responses, [0, 1, 0, 0, 1, 1], extras, padding,
                                max_response_length=20, probability=1.0, rng=MaskRng(0).for_step(1), window=4)
    assert plan.mask.tolist() == [True, True, True, False, True, False]
    assert plan.metrics[M.MASK_FRACTION] == pytest.approx(3 / 4)  # over the 4 real sessions
    # a fractional reward (score > 0) does not make a wrong answer "non-incorrect": acc decides
    plan = plan_truncation_mask(["u_0_0"], [[1]], [long_], [0.5], [wrong], [False],
                                max_response_length=20, probability=1.0, rng=MaskRng(0).for_step(1), window=4)
    assert not plan.mask.any()


# ---------------------------------------------------------------------------- Ray harness
class FakeCheckpointManager:
    def update_weights(self, *args, **kwargs):
        return None

    def sleep_replicas(self, *args, **kwargs):
        return None


class FakeActorWorkerGroup:
    """Stands in for the FSDP actor: zero log-probs; update_actor records what it would train on."""

    def __init__(self):
        self._dispatch_info = {"actor": [0]}
        self.log_prob_temperatures: list[float] = []
        self.update_temperatures: list[float] = []
        self.trained_advantages: dict[str, list[float]] = {}

    def compute_log_prob(self, batch):
        import torch
        import transfer_queue as tq
        from tensordict import TensorDict

        self.log_prob_temperatures.append(float(batch.extra_info["temperature"]))
        data = tq.kv_batch_get(keys=batch.keys, partition_id=batch.partition_id, select_fields=["prompts", "responses"])
        lengths = (data["prompts"].offsets().diff() + data["responses"].offsets().diff()).tolist()
        zeros = [torch.zeros(n, dtype=torch.float32) for n in lengths]
        out = TensorDict({"log_probs": torch.nested.as_nested_tensor(zeros, layout=torch.jagged),
                          "entropy": torch.nested.as_nested_tensor(zeros, layout=torch.jagged)},
                         batch_size=len(lengths))
        tq.kv_batch_put(keys=batch.keys, partition_id=batch.partition_id, fields=out)
        return batch

    def update_actor(self, batch):
        import transfer_queue as tq

        self.update_temperatures.append(float(batch.extra_info["temperature"]))
        data = tq.kv_batch_get(keys=batch.keys, partition_id=batch.partition_id, select_fields=["advantages"])
        for key, adv in zip(batch.keys, data["advantages"].unbind()):
            self.trained_advantages[key] = adv.tolist()
        return {"metrics": {"mfu": [0.0], "pg_loss": [0.0]}}


def _responses(tok):
    eos = tok.eos_token_id
    enc = lambda s: tok.encode(s, add_special_tokens=False)
    correct = enc(SOLUTION) + [eos]
    wrong = enc(WRONG) + [eos]
    prose = " ".join(f"step{i} adds item{i * 7} to total" for i in range(40))
    trunc_correct = enc(SOLUTION + "\nThis reads a line. " + prose)  # closed fence, cut in the prose
    trunc_incomplete = enc("```python\nimport sys\n" + "\n".join(f"v{i} = {i * 3}" for i in range(60)))
    trunc_repetitive = enc("```python\nwhile True:\n") + enc(" x") * 80  # unclosed + repetition loop
    trunc_wrong = enc(WRONG + "\nThe answer is printed. " + prose)
    for seq in (trunc_correct, trunc_incomplete, trunc_repetitive, trunc_wrong):
        assert len(seq) > MAX_RESP
    for seq in (correct, wrong):
        assert len(seq) < MAX_RESP
    group = [correct, wrong, trunc_correct, trunc_incomplete, trunc_repetitive, trunc_wrong, trunc_correct, wrong]
    long_correct = enc(SOLUTION + "\n" + " ".join(f"note{i}" for i in range(8))) + [eos]
    assert MAX_RESP < len(long_correct) < EVAL_RESP
    return {"group": group, "long_correct": long_correct, "wrong": wrong}


@pytest.fixture(scope="module")
def harness(tiny_model, dataset, reward_path, workdir):
    ray = pytest.importorskip("ray")
    import transfer_queue as tq
    from verl.experimental.reward_loop import RewardLoopManager
    from verl.utils.skip import SkipManager

    from trainer_adapters.verl.agent_loop import MicroCoderAgentLoopManager
    from microcoder_testing.rollout import ScriptedLLMClient
    from trainer_adapters.verl.trainer import MicroCoderPPOTrainer

    cfg = _small_cfg()
    config = compose_verl_config(
        cfg, model=tiny_model, dataset=dataset, reward_function_path=reward_path,
        extra_overrides=CPU_OVERRIDES + [f"trainer.validation_data_dir={workdir / 'val_dump'}"],
    )
    validate_verl_config(config)
    config.transfer_queue.enable = True

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    tq.init(config.transfer_queue)
    try:
        trainer = MicroCoderPPOTrainer(config)
        trainer._init_tokenizer()
        trainer._init_dataloader()
        trainer._init_dump_executor()
        tok = trainer.tokenizer
        r = _responses(tok)
        enc = lambda s: tok.encode(s, add_special_tokens=False)
        script = [(enc(m), r["group"]) for m in ("QQA", "QQB", "QQC", "QQD")]
        script += [(enc(m), [r["long_correct"], r["wrong"]]) for m in ("QQV", "QQW")]
        client = ScriptedLLMClient(script)

        SkipManager.init(config)
        trainer.reward_loop_manager = RewardLoopManager(config)
        trainer.agent_loop_manager = MicroCoderAgentLoopManager.create(
            config=config, llm_client=client, teacher_client=None,
            reward_loop_worker_handles=trainer.reward_loop_manager.reward_loop_worker_handles,
        )
        trainer.actor_rollout_wg = FakeActorWorkerGroup()
        trainer.checkpoint_manager = FakeCheckpointManager()
        trainer.curr_step_profile = False
        yield trainer
    finally:
        tq.close()
        ray.shutdown()


def _run_step(trainer, step: int):
    """One real v1 training step (on_step_begin + step) at ``step``; returns (batch, metrics, rows)."""
    import transfer_queue as tq

    trainer.global_steps = step
    trainer.actor_rollout_wg.trained_advantages.clear()
    metrics, timing = {}, {}
    trainer.on_step_begin()
    batch = trainer.step(metrics, timing)
    data = tq.kv_batch_get(keys=batch.keys, partition_id=batch.partition_id,
                           select_fields=["prompts", "responses", "rm_scores", "extra_fields", "advantages"])
    rows = {
        key: {
            "prompt": p.tolist(),
            "response": r.tolist(),
            "score": float(s.sum()),
            "extra": e,
            "advantage": a.tolist(),
        }
        for key, p, r, s, e, a in zip(batch.keys, data["prompts"].unbind(), data["responses"].unbind(),
                                      data["rm_scores"].unbind(), list(data["extra_fields"]), data["advantages"].unbind())
    }
    return batch, metrics, rows


def _expected_mask(row) -> bool:
    info = row["extra"]["reward_extra_info"]
    return mask_candidate(info["verdict"], len(row["response"]) >= MAX_RESP, row["response"], WINDOW)


def test_reward_loop_manager_scores_with_compute_score(harness, dataset, reward_path):
    """verl's RewardLoopManager -> RewardLoopWorker -> NaiveRewardManager -> our compute_score."""
    import pandas as pd
    import torch
    from tensordict import TensorDict
    from verl.protocol import DataProto

    trainer = harness
    tok = trainer.tokenizer
    gt = pd.read_parquet(Path(dataset) / "train.parquet")["reward_model"][0]["ground_truth"]
    texts = [SOLUTION, WRONG, "```python\nprint(sum(map(int,"]
    prompt = torch.tensor(tok.encode("QQA Read two integers.", add_special_tokens=False))
    resp = [torch.tensor(tok.encode(t, add_special_tokens=False)) for t in texts]
    width = max(len(r) for r in resp)
    responses = torch.full((3, width), tok.pad_token_id)
    mask = torch.zeros((3, len(prompt) + width), dtype=torch.int64)
    for i, r in enumerate(resp):
        responses[i, : len(r)] = r
        mask[i, : len(prompt) + len(r)] = 1
    data = DataProto(
        batch=TensorDict({"prompts": prompt.repeat(3, 1), "responses": responses, "attention_mask": mask},
                         batch_size=3),
        non_tensor_batch={
            "data_source": np.array(["microcoder"] * 3, dtype=object),
            "reward_model": np.array([{"ground_truth": gt}] * 3, dtype=object),
            "extra_info": np.array([{} for _ in range(3)], dtype=object),
        },
    )
    out = trainer.reward_loop_manager.compute_rm_score(data)
    assert out.batch["rm_scores"].sum(dim=1).tolist() == [1.0, 0.0, 0.0]
    assert {"score", "acc", "incomplete", "verdict"} <= set(out.meta_info["reward_extra_keys"])
    assert list(out.non_tensor_batch["verdict"]) == ["accepted", "wrong_answer", "incomplete"]
    assert [bool(x) for x in out.non_tensor_batch["incomplete"]] == [False, False, True]
    if reward_path.startswith("pkg://"):  # the published microcoder_eval.reward
        assert out.non_tensor_batch["tests_total"][0] == 2


def test_training_step_masks_exactly_the_rule_rows(harness):
    import transfer_queue as tq
    from verl.trainer.ppo.v1 import PPOTrainerSync

    trainer = harness
    trainer.mc_config.mask_probability = 1.0
    batch, metrics, rows = _run_step(trainer, 1)
    assert len(rows) == 16  # 2 prompts x 8 samples, no padding needed

    # sampling: stage-0 temperature and the training length cap reached the engine
    for row in rows.values():
        sp = row["extra"]["sampling_params"]
        assert sp["temperature"] == 0.6 and sp["max_tokens"] == MAX_RESP
        assert len(row["response"]) <= MAX_RESP
    assert trainer.actor_rollout_wg.log_prob_temperatures[-1] == 0.6
    assert trainer.actor_rollout_wg.update_temperatures[-1] == 0.6

    # reward came from compute_score through verl's reward loop
    verdicts = {row["extra"]["reward_extra_info"]["verdict"] for row in rows.values()}
    assert {"accepted", "wrong_answer", "incomplete"} <= verdicts
    for row in rows.values():
        info = row["extra"]["reward_extra_info"]
        assert row["score"] == info["score"] and info["acc"] in (0.0, 1.0)

    # stock GRPO advantages for the same rows (the parent implementation, rewritten into TQ)
    PPOTrainerSync._compute_advantage(trainer, batch, {})
    stock = tq.kv_batch_get(keys=batch.keys, partition_id=batch.partition_id, select_fields=["advantages"])
    stock = {k: a.tolist() for k, a in zip(batch.keys, stock["advantages"].unbind())}

    expected = {k: _expected_mask(r) for k, r in rows.items()}
    assert 0 < sum(expected.values()) < sum(len(r["response"]) >= MAX_RESP for r in rows.values())
    for key, row in rows.items():
        trained = trainer.actor_rollout_wg.trained_advantages[key]
        assert trained == row["advantage"]  # what the actor update consumed
        if expected[key]:
            assert all(v == 0.0 for v in trained), key
            assert any(v != 0.0 for v in stock[key])  # the mask really changed something
        else:
            assert trained == pytest.approx(stock[key], abs=0), key

    # metrics
    n = len(rows)
    assert metrics[M.MASK_FRACTION] == pytest.approx(sum(expected.values()) / n)
    assert metrics[M.TRUNCATION_FRACTION] == pytest.approx(sum(len(r["response"]) >= MAX_RESP for r in rows.values()) / n)
    inc = sum(bool(r["extra"]["reward_extra_info"].get("incomplete")) for r in rows.values())
    assert metrics[M.INCOMPLETE_FRACTION] == pytest.approx(inc / n)
    groups: dict[str, list] = {}
    for key, row in rows.items():
        groups.setdefault(key.rsplit("_", 2)[0], []).append(row["response"])
    assert metrics[M.DIVERSITY] == pytest.approx(batch_diversity(list(groups.values())))
    assert metrics[M.TEMPERATURE] == 0.6
    tq.kv_clear(keys=batch.keys, partition_id=batch.partition_id)


def test_mask_is_seeded_and_reproducible(harness):
    import transfer_queue as tq

    from trainer_adapters.core import MaskRng
    from trainer_adapters.verl.advantage import plan_truncation_mask

    trainer = harness
    trainer.mc_config.mask_probability = 0.5
    batch, metrics, rows = _run_step(trainer, 2)
    first = {k: r["advantage"] for k, r in rows.items()}

    # the same step recomputed (stock advantages + mask) gives the same advantages
    trainer._compute_advantage(batch, {})
    again = tq.kv_batch_get(keys=batch.keys, partition_id=batch.partition_id, select_fields=["advantages"])
    assert {k: a.tolist() for k, a in zip(batch.keys, again["advantages"].unbind())} == first

    # independent of row order and of the random uids: plan on shuffled, renamed rows
    keys = list(rows)
    args = dict(max_response_length=MAX_RESP, probability=0.5, window=WINDOW)

    def plan(order, rename, seed, step=2):
        ks = [keys[i] for i in order]
        new_keys = [("X" + k if rename else k) for k in ks]
        p = plan_truncation_mask(new_keys, [rows[k]["prompt"] for k in ks], [rows[k]["response"] for k in ks],
                                 [rows[k]["score"] for k in ks], [rows[k]["extra"] for k in ks], [False] * len(ks),
                                 rng=MaskRng(seed).for_step(step), **args)
        return {k for k, m in zip(ks, p.mask) if m}

    base = plan(list(range(len(keys))), False, trainer.mc_config.seed)
    # matches what the trainer applied
    applied = {k for k, r in rows.items() if _expected_mask(r) and all(v == 0.0 for v in r["advantage"])}
    assert base == applied
    rng = np.random.default_rng(0)
    for _ in range(3):
        assert plan(rng.permutation(len(keys)).tolist(), True, trainer.mc_config.seed) == base
    candidates = {k for k, r in rows.items() if _expected_mask(r)}
    assert base <= candidates
    others = [plan(list(range(len(keys))), False, seed) for seed in range(1, 9)]
    assert any(o != base for o in others)  # the seed matters
    assert all(o <= candidates for o in others)
    tq.kv_clear(keys=batch.keys, partition_id=batch.partition_id)


def test_temperature_stages_switch_at_boundaries_and_reach_sampling(harness):
    import transfer_queue as tq

    trainer = harness
    trainer.mc_config.mask_probability = 0.3
    seen = {}
    for step, expected in [(3, 1.0), (4, 1.0), (5, 1.4)]:
        batch, metrics, rows = _run_step(trainer, step)
        temps = {row["extra"]["sampling_params"]["temperature"] for row in rows.values()}
        seen[step] = temps
        assert temps == {expected}, (step, temps)
        assert trainer.config.actor_rollout_ref.rollout.temperature == expected
        assert trainer.actor_rollout_wg.log_prob_temperatures[-1] == expected
        assert trainer.actor_rollout_wg.update_temperatures[-1] == expected
        assert metrics[M.TEMPERATURE] == expected
        tq.kv_clear(keys=batch.keys, partition_id=batch.partition_id)
    # the batch the trainer submits carries the step's temperature
    trainer.global_steps = 2
    assert float(trainer._next_train_batch()[TEMPERATURE_KEY]) == 0.6
    trainer.global_steps = 6
    assert float(trainer._next_train_batch()[TEMPERATURE_KEY]) == 1.4


def test_validation_reports_mean_at_4_accuracy_with_eval_length(harness, workdir):
    trainer = harness
    trainer.global_steps = 6
    val = trainer._validate()
    trainer._shutdown_dump_executor()  # flush the JSONL dump (fit() does this at the end)
    trainer._init_dump_executor()
    assert val["val-core/microcoder/acc/mean@4"] == pytest.approx(0.5)  # long_correct, wrong, long_correct, wrong
    # validation is not capped at the training length: the long answer came back whole
    dumps = list((workdir / "val_dump").glob("*.jsonl"))
    assert dumps
    outputs = [json.loads(line)["output"] for line in dumps[0].read_text().splitlines()]
    assert any(o.strip().endswith("note7") for o in outputs)
    assert math.isclose(trainer.config.actor_rollout_ref.rollout.val_kwargs.temperature, 0.7)


# ---------------------------------------------------------------------------- review fixes (issue 11)
def test_grad_clip_reaches_the_key_the_fsdp_engine_reads(tiny_model, dataset):
    config = compose_verl_config(_small_cfg(grad_clip=0.37), model=tiny_model, dataset=dataset)
    assert config.actor_rollout_ref.actor.optim.clip_grad == pytest.approx(0.37)
    from verl.utils.config import omega_conf_to_dataclass

    assert omega_conf_to_dataclass(config.actor_rollout_ref.actor).optim.clip_grad == pytest.approx(0.37)


def test_requested_step_count_wins_over_one_epoch(tiny_model, dataset):
    # 4 training rows / batch 2 = 2 steps per epoch; 6 steps asked for
    config = compose_verl_config(_small_cfg(total_epochs=1, total_training_steps=6), model=tiny_model, dataset=dataset)
    assert config.trainer.total_training_steps == 6
    assert config.trainer.total_epochs * 2 >= 6  # verl stops at whichever limit comes first


def test_response_length_set_through_verl_must_agree_with_the_mask(tiny_model, dataset):
    bad = compose_verl_config(_small_cfg(), model=tiny_model, dataset=dataset,
                              extra_overrides=["data.max_response_length=4096"])
    with pytest.raises(MicroCoderVerlConfigError, match="data.max_response_length=4096.*max_response_length=48"):
        validate_verl_config(bad)


def test_no_test_split_turns_validation_off_loudly(tiny_model, dataset, tmp_path):
    import shutil

    only_train = tmp_path / "only_train"
    only_train.mkdir()
    shutil.copy(Path(dataset) / "train.parquet", only_train / "train.parquet")
    cfg = _small_cfg()
    config = compose_verl_config(cfg, model=tiny_model, dataset=str(only_train))
    validate_verl_config(config)
    assert config.trainer.test_freq == -1 and config.trainer.val_before_train is False
    assert "no test.parquet" in describe_plan(cfg, config)
    forced = compose_verl_config(cfg, model=tiny_model, dataset=str(only_train), extra_overrides=["trainer.test_freq=5"])
    with pytest.raises(MicroCoderVerlConfigError, match="validation would run on the training set"):
        validate_verl_config(forced)


def test_cpu_machine_gets_the_cpu_setup_and_gpu_setup_fails_fast(tiny_model, dataset):
    from trainer_adapters.verl.launcher import check_machine, detect_device

    assert detect_device() == "cpu"  # this machine has no accelerator
    cpu = compose_verl_config(_small_cfg(), model=tiny_model, dataset=dataset, device="cpu")
    validate_verl_config(cpu)
    check_machine(cpu)
    assert cpu.trainer.device == "cpu" and cpu.actor_rollout_ref.rollout.name == "hf"
    assert cpu.actor_rollout_ref.actor.strategy == "fsdp2"
    assert cpu.actor_rollout_ref.model.override_config.attn_implementation == "sdpa"  # no flash-attn here
    gpu = compose_verl_config(_small_cfg(), model=tiny_model, dataset=dataset, device="gpu")
    with pytest.raises(ValueError, match="'vllm'.*not installed"):
        check_machine(gpu)


def test_missing_model_or_data_fails_before_ray_starts(tiny_model, dataset, tmp_path):
    from trainer_adapters.verl.launcher import check_inputs

    check_inputs(compose_verl_config(_small_cfg(), model=tiny_model, dataset=dataset))
    with pytest.raises(ValueError, match="--model /nonexistent/model: no such directory"):
        check_inputs(compose_verl_config(_small_cfg(), model="/nonexistent/model", dataset=dataset))
    with pytest.raises(ValueError, match="data.train_files: .*train.parquet does not exist"):
        check_inputs(compose_verl_config(_small_cfg(), model=tiny_model, dataset=str(tmp_path)))
