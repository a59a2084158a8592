"""MicroCoder-GRPO on the real verl 0.9.1, on CPU (no GPU, no vLLM, no HF Hub).

What runs for real: the v1 trainer's ``step()`` (prompt submission, ReplayBuffer sampling
from TransferQueue, batch balancing, ``_compute_old_log_prob``, ``_compute_advantage``,
``_update_actor``) and ``_validate()``; verl's agent-loop manager/worker actors with the
single-turn agent loop; verl's reward loop (``RewardLoopManager`` / ``RewardLoopWorker`` /
``NaiveRewardManager``) calling our ``compute_score``; TransferQueue under a local 2-CPU Ray.

What is faked: the LLM server (``ScriptedLLMClient``: scripted token ids instead of
vLLM), the actor worker group (log-probs of zeros; ``update_actor`` records the
advantages it would train on instead of running FSDP), and the checkpoint manager.

The config (composing, validating, launch checks) is tested in ``test_verl_config.py``; the shared
config and fixtures are in ``verl_fixtures.py``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("verl")
pytest.importorskip("transfer_queue")

from trainer_adapters.core import batch_diversity, mask_candidate
from trainer_adapters.core import metrics as M
from trainer_adapters.core.step import MaskRules
from trainer_adapters.verl.config_builder import compose_verl_config, validate_verl_config
from trainer_adapters.verl.constants import TEMPERATURE_KEY
from verl_fixtures import CPU_OVERRIDES, EVAL_RESP, MAX_RESP, SOLUTION, WINDOW, WRONG, _small_cfg

pytest_plugins = ("verl_fixtures",)  # the fixtures workdir, tiny_model, dataset, reward_path


# ---------------------------------------------------------------------------- truncation mask
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
    plan = plan_truncation_mask(
        keys,
        [[5, 6]] * 6,
        responses,
        [0, 1, 0, 0, 1, 1],
        extras,
        padding,
        rules=MaskRules(max_response_length=20, probability=1.0, window=4),
        rng=MaskRng(0).for_step(1),
    )
    assert plan.mask.tolist() == [True, True, True, False, True, False]
    assert plan.metrics[M.MASK_FRACTION] == pytest.approx(3 / 4)  # over the 4 real sessions
    # a fractional reward (score > 0) does not make a wrong answer "non-incorrect": acc decides
    plan = plan_truncation_mask(
        ["u_0_0"],
        [[1]],
        [long_],
        [0.5],
        [wrong],
        [False],
        rules=MaskRules(max_response_length=20, probability=1.0, window=4),
        rng=MaskRng(0).for_step(1),
    )
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
        out = TensorDict(
            {
                "log_probs": torch.nested.as_nested_tensor(zeros, layout=torch.jagged),
                "entropy": torch.nested.as_nested_tensor(zeros, layout=torch.jagged),
            },
            batch_size=len(lengths),
        )
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
        cfg,
        model=tiny_model,
        dataset=dataset,
        reward_function_path=reward_path,
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
            config=config,
            llm_client=client,
            teacher_client=None,
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
    data = tq.kv_batch_get(
        keys=batch.keys,
        partition_id=batch.partition_id,
        select_fields=["prompts", "responses", "rm_scores", "extra_fields", "advantages"],
    )
    rows = {
        key: {
            "prompt": p.tolist(),
            "response": r.tolist(),
            "score": float(s.sum()),
            "extra": e,
            "advantage": a.tolist(),
        }
        for key, p, r, s, e, a in zip(
            batch.keys,
            data["prompts"].unbind(),
            data["responses"].unbind(),
            data["rm_scores"].unbind(),
            list(data["extra_fields"]),
            data["advantages"].unbind(),
        )
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
        batch=TensorDict(
            {"prompts": prompt.repeat(3, 1), "responses": responses, "attention_mask": mask}, batch_size=3
        ),
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
    assert metrics[M.TRUNCATION_FRACTION] == pytest.approx(
        sum(len(r["response"]) >= MAX_RESP for r in rows.values()) / n
    )
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
    args = dict(rules=MaskRules(max_response_length=MAX_RESP, probability=0.5, window=WINDOW))

    def plan(order, rename, seed, step=2):
        ks = [keys[i] for i in order]
        new_keys = [("X" + k if rename else k) for k in ks]
        p = plan_truncation_mask(
            new_keys,
            [rows[k]["prompt"] for k in ks],
            [rows[k]["response"] for k in ks],
            [rows[k]["score"] for k in ks],
            [rows[k]["extra"] for k in ks],
            [False] * len(ks),
            rng=MaskRng(seed).for_step(step),
            **args,
        )
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


def test_our_hooks_see_the_same_fields_under_the_vllm_replicas_output_shape(harness):
    """The harness's scripted answers, shaped as verl 0.9.1's vLLM replica returns them (``stop_reason``
    ``completed`` at the length limit too, its ``extra_fields``; ``ScriptedLLMClient(vllm_shape=True)``):
    our agent loop still caps training at ``max_response_length`` and samples at the step's temperature,
    verl's single-turn loop cuts the ids at ``response_length``, and the mask zeroes exactly the rule's rows
    -- it reads the response ids and the reward, never the engine's stop reason."""
    import transfer_queue as tq
    from verl.trainer.ppo.v1 import PPOTrainerSync

    from microcoder_testing.rollout import ScriptedLLMClient
    from trainer_adapters.verl.agent_loop import MicroCoderAgentLoopManager

    trainer = harness
    tok = trainer.tokenizer
    r = _responses(tok)
    enc = lambda s: tok.encode(s, add_special_tokens=False)
    script = [(enc(m), r["group"]) for m in ("QQA", "QQB", "QQC", "QQD")]
    hf_shaped = trainer.agent_loop_manager
    trainer.agent_loop_manager = MicroCoderAgentLoopManager.create(
        config=trainer.config,
        llm_client=ScriptedLLMClient(script, vllm_shape=True),
        teacher_client=None,
        reward_loop_worker_handles=trainer.reward_loop_manager.reward_loop_worker_handles,
    )
    try:
        trainer.mc_config.mask_probability = 1.0
        batch, metrics, rows = _run_step(trainer, 5)  # stage 100 -> temperature 1.4
    finally:
        trainer.agent_loop_manager = hf_shaped
    for row in rows.values():
        extra = row["extra"]
        assert extra["global_steps"] == 0 and extra["num_cached_tokens"] == 0  # the vLLM fields reached the row
        assert extra["sampling_params"]["temperature"] == 1.4
        assert extra["sampling_params"]["max_tokens"] == MAX_RESP
        assert len(row["response"]) <= MAX_RESP
    assert metrics[M.TEMPERATURE] == 1.4 and trainer.actor_rollout_wg.update_temperatures[-1] == 1.4

    PPOTrainerSync._compute_advantage(trainer, batch, {})
    stock = tq.kv_batch_get(keys=batch.keys, partition_id=batch.partition_id, select_fields=["advantages"])
    stock = {k: a.tolist() for k, a in zip(batch.keys, stock["advantages"].unbind())}
    expected = {k: _expected_mask(row) for k, row in rows.items()}
    truncated = sum(len(row["response"]) >= MAX_RESP for row in rows.values())
    assert 0 < sum(expected.values()) < truncated
    for key, row in rows.items():
        if expected[key]:
            assert all(v == 0.0 for v in row["advantage"]) and any(v != 0.0 for v in stock[key]), key
        else:
            assert row["advantage"] == pytest.approx(stock[key], abs=0), key
    assert metrics[M.MASK_FRACTION] == pytest.approx(sum(expected.values()) / len(rows))
    assert metrics[M.TRUNCATION_FRACTION] == pytest.approx(truncated / len(rows))
    tq.kv_clear(keys=batch.keys, partition_id=batch.partition_id)


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
