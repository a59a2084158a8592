"""MicroCoder-GRPO on TRL 1.16's ``GRPOTrainer``.

Two override points, both in :meth:`MicroCoderGRPOTrainer._generate_and_score_completions`
(TRL's method that generates a rollout round, calls the reward functions and turns
rewards into group-normalised advantages):

1. **before** the round: the staged temperature for this MicroCoder step is applied
   (:meth:`set_sampling_temperature`).  TRL reads the sampling temperature from
   ``self.generation_config`` (transformers generation; ``self.generation_kwargs`` also
   overrides the model's own generation config), or ``self.vllm_generation.temperature``
   with vLLM, and it divides the logits by the temperature when it computes the
   per-token log-probs of the loss: that division is baked into the fused LM head that
   ``trl.trainer.utils.add_fused_lm_head`` installs at init.  Switching a stage updates
   all three, so the importance ratio stays between distributions at the temperature
   the samples were drawn at (as verl's actor does with the rollout temperature).
2. **after** TRL computed the advantages (``scale_rewards="group"``: (r - mean_group) /
   (std_group + eps)): the conditional truncation mask of
   :mod:`trainer_adapters.core.masking` sets ``advantages[row] = 0`` for masked rows.
   The rows' tokens stay in ``completion_mask``, so they still count in the token-mean
   denominator -- unlike ``mask_truncated_completions=True``, which drops them from the
   loss.  Which rows: :func:`~trainer_adapters.core.masking.assess_rows` (the rule of
   :func:`~trainer_adapters.core.masking.mask_candidate`) on the completions' token ids
   and the judge's verdicts (recorded by
   :class:`~trainer_adapters.trl.reward.MicroCoderReward` in row order), then
   :func:`~trainer_adapters.core.masking.draw_mask` with ``MaskRng(seed).for_step(step)``
   over the global batch in TRL's row order: the same seed and step give the same draws on
   every rank and every rerun.  (verl draws in a canonical order of sessions -- sorted by
   prompt, sample -- not in row order, so the two backends' draws for one batch differ.)

With ``temperature=auto`` the temperature of a step comes from the
:class:`~trainer_adapters.core.auto_temperature.DiversityTemperatureController` that
:meth:`MicroCoderGRPOTrainer.probe_initial_temperature` sets up at the first rollout round,
once the model is prepared (with several processes they share the probe and the main one
chooses for all, :mod:`.probe`), or that :meth:`MicroCoderGRPOTrainer.train` restores from
the checkpoint resumed; each step's diversity is fed back to it.

Per step it adds the shared metrics (:mod:`trainer_adapters.core.metrics`) to TRL's own
(``reward``, ``completions/mean_length``, ``completions/clipped_ratio``, ``loss``, ...),
and appends one line per row to ``<output_dir>/rollouts.jsonl`` (score, verdict,
truncated, repetitive, masked, advantage, length).  :class:`MetricsFileCallback`
appends every log record to ``<output_dir>/metrics.jsonl``.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path
from typing import Any

import numpy as np
import torch
from transformers import TrainerCallback
from trl import GRPOTrainer
from trl.trainer.utils import add_fused_lm_head

from microcoder_eval.reward_result import decode_reward
from trainer_adapters.core import metrics as M
from trainer_adapters.core.auto_temperature import (
    DiversityTemperatureController,
    controller_from_probe,
    probe_metrics,
    run_probe,
    select_probe_prompts,
)
from trainer_adapters.core.config import MicroCoderGRPOConfig
from trainer_adapters.core.masking import MaskRng
from trainer_adapters.core.run_files import (
    METRICS_FILE,
    ROLLOUTS_FILE,
    TEMPERATURE_STATE_FILE,
    MetricsFile,
    append_jsonl,
    finite_floats,
    finite_or_none,
    load_temperature_state,
    save_temperature_state,
)
from trainer_adapters.core.step import MaskRules, StepPlan, StepTemperature, plan_step, step_metrics

from .args import TrlLayout
from .overlong import TrainingOnlyReward
from .probe import decided_by_main, in_prompt_order, share_of, slots_per_process
from .reward import MicroCoderReward

__all__ = ["METRICS_FILE", "ROLLOUTS_FILE", "TEMPERATURE_STATE_FILE", "MetricsFileCallback", "MicroCoderGRPOTrainer"]

logger = logging.getLogger(__name__)


def _is_peft(model) -> bool:
    try:
        from peft import PeftModel
    except ImportError:  # pragma: no cover
        return False
    return isinstance(model, PeftModel)


class MicroCoderGRPOTrainer(GRPOTrainer):
    """``GRPOTrainer`` + staged temperature + conditional truncation mask + shared metrics.

    ``reward``: the :class:`MicroCoderReward` to use (default: the real judge); it is
    the trainer's only reward function.
    """

    def __init__(
        self,
        model,
        mc_config: MicroCoderGRPOConfig,
        layout: TrlLayout,
        args,
        train_dataset,
        processing_class=None,
        reward: MicroCoderReward | None = None,
        callbacks: list[TrainerCallback] | None = None,
        write_rollouts: bool = True,
        **kwargs: Any,
    ) -> None:
        if args.mask_truncated_completions:
            raise ValueError("MicroCoder-GRPO zeroes advantages; set mask_truncated_completions=False")
        self.mc_config = mc_config
        self.layout = layout
        self.temperatures = StepTemperature(mc_config)
        self.mask_rng = MaskRng(mc_config.seed)
        self.microcoder_reward = (
            reward
            if reward is not None
            else MicroCoderReward(reward=mc_config.reward, judge=mc_config.judge_keywords())
        )
        self.write_rollouts = write_rollouts
        self.last_microcoder_batch: dict[str, Any] | None = None
        self._forward_before_restage: dict[int, Any] = {}
        reward_funcs: list[Any] = [self.microcoder_reward]
        #: preset dapo: DAPO's soft overlong punishment (TRL's), switched off while validating
        self.overlong_reward: TrainingOnlyReward | None = None
        if mc_config.overlong_buffer_length:
            from trl.rewards import get_soft_overlong_punishment

            self.overlong_reward = TrainingOnlyReward(
                get_soft_overlong_punishment(mc_config.max_response_length, mc_config.overlong_buffer_length)
            )
            reward_funcs.append(self.overlong_reward)
        if mc_config.dynamic_sampling:
            logger.warning(
                "dynamic_sampling=true: TRL %s has no dynamic sampling; it is ignored on this backend",
                __import__("trl").__version__,
            )
        super().__init__(
            model=model,
            reward_funcs=reward_funcs,
            args=args,
            train_dataset=train_dataset,
            processing_class=processing_class,
            callbacks=callbacks,
            **kwargs,
        )

    # ------------------------------------------------------------------ steps
    def microcoder_step(self) -> int:
        """1-based MicroCoder step of the rollout round about to be / being trained on."""
        return self.layout.microcoder_step(self.state.global_step)

    # ------------------------------------------------------------------ temperature
    @property
    def schedule(self):
        """The staged temperature schedule (``temperature`` / ``temperature_stages``)."""
        return self.temperatures.schedule

    @property
    def temperature_controller(self) -> DiversityTemperatureController | None:
        """temperature=auto: set by the probe before step 1, or restored from a checkpoint."""
        return self.temperatures.controller

    @temperature_controller.setter
    def temperature_controller(self, controller: DiversityTemperatureController | None) -> None:
        self.temperatures.controller = controller

    def step_temperature(self, step: int) -> float:
        """The sampling temperature of MicroCoder step ``step``."""
        return self.temperatures.at(step)

    def train(self, resume_from_checkpoint=None, *args, **kwargs):
        """``temperature=auto``: restore the controller from the checkpoint resumed; else the probe
        runs at the first rollout round, once the model is prepared (:mod:`.probe`)."""
        if self.mc_config.auto_temperature and self.temperature_controller is None:
            checkpoint = resume_from_checkpoint
            if checkpoint is True:
                from transformers.trainer_utils import get_last_checkpoint

                checkpoint = get_last_checkpoint(self.args.output_dir)
            if checkpoint:
                self.load_temperature_state(checkpoint)
        return super().train(resume_from_checkpoint, *args, **kwargs)

    def probe_initial_temperature(self) -> DiversityTemperatureController:
        """Probe the initial policy (module docstring of ``core.auto_temperature``), log it, choose.

        Samples ``num_generations`` completions for each of ``probe_prompts`` training prompts
        (a draw seeded by ``seed``) at every probe temperature with the prepared model's own
        ``generate``, under a forked RNG (training's random streams are left as they were). With
        several processes the prompts are shared out and the samples gathered; the main process
        chooses and every process takes its choice (:mod:`.probe`). The probe is appended to
        ``metrics.jsonl`` (step 0) before the choice, so a failed choice still leaves it on record.
        """
        cfg = self.mc_config
        dataset = self.train_dataset
        indices = select_probe_prompts(len(dataset), cfg.probe_prompts, cfg.seed)
        prompts = [dataset[i]["prompt"] for i in indices]
        probe = run_probe(lambda t: self._sample_probe_groups(prompts, t), cfg.probe_temperatures, cfg.diversity_ngram)
        self._write_metrics_record(
            {"step": 0, "global_step": 0, "microcoder/probe/prompts": len(prompts), **probe_metrics(probe, None)}
        )
        state = decided_by_main(self.accelerator, lambda: controller_from_probe(cfg, probe).state_dict())
        controller = DiversityTemperatureController.from_state_dict(state)
        self._write_metrics_record({"step": 0, "global_step": 0, M.PROBE_CHOSEN: controller.temperature})
        acc = self.accelerator
        logger.warning(
            "[microcoder] temperature=auto: process %d/%d sampled %d of %d probe prompts on the prepared "
            "%s; chosen T=%s",
            acc.process_index,
            acc.num_processes,
            len(share_of(prompts, acc.process_index, acc.num_processes)),
            len(prompts),
            type(self.model_wrapped).__name__,
            controller.temperature,
        )
        self.temperature_controller = controller
        return controller

    def _sample_probe_groups(self, prompts: list, temperature: float) -> list[list[list[int]]]:
        """This process's share of ``prompts`` sampled, everyone's gathered back in prompt order."""
        acc = self.accelerator
        world, rank = acc.num_processes, acc.process_index
        mine = share_of(prompts, rank, world)
        slots = slots_per_process(len(prompts), world)
        # pad to the same number of prompts on every process: sharded models generate in lockstep
        padded = mine + [prompts[0]] * (slots - len(mine))
        groups = self._sample_groups(padded, temperature, seed_offset=rank)[: len(mine)]
        if world == 1:
            return groups
        from accelerate.utils import gather_object

        return in_prompt_order(gather_object([groups]), world)

    def _sample_groups(self, prompts: list, temperature: float, seed_offset: int = 0) -> list[list[list[int]]]:
        """G completions (token ids up to and including EOS, as in training) per chat prompt."""
        from trl.models import unwrap_model_for_generation

        cfg = self.mc_config
        tok = self.processing_class
        g = self.num_generations
        device = self.accelerator.device
        eos = tok.eos_token_id
        chunk = max(1, 64 // g)
        groups: list[list[list[int]]] = []
        seed = cfg.seed * 1000 + round(temperature * 100) + 7919 * seed_offset
        devices = [torch.cuda.current_device()] if torch.cuda.is_available() else []
        with (
            unwrap_model_for_generation(
                self.model_wrapped,
                self.accelerator,
                gather_deepspeed3_params=self.args.ds3_gather_for_generation,
                gradient_checkpointing_kwargs=self.args.gradient_checkpointing_kwargs,
            ) as model,
            self._dist.summon_full_params(self.model_wrapped, recurse=False),
            torch.random.fork_rng(devices=devices),
            torch.no_grad(),
        ):
            was_training = model.training
            model.eval()
            try:
                torch.manual_seed(seed)
                for start in range(0, len(prompts), chunk):
                    texts = [
                        tok.apply_chat_template(p, add_generation_prompt=True, tokenize=False)
                        for p in prompts[start : start + chunk]
                    ]
                    enc = tok(texts, return_tensors="pt", padding=True, add_special_tokens=False).to(device)
                    out = model.generate(
                        **enc,
                        do_sample=True,
                        temperature=float(temperature),
                        top_p=cfg.top_p,
                        top_k=0 if cfg.top_k is None or cfg.top_k < 0 else cfg.top_k,
                        max_new_tokens=cfg.max_response_length,
                        num_return_sequences=g,
                        pad_token_id=tok.pad_token_id,
                        eos_token_id=eos,
                    )
                    completions = out[:, enc["input_ids"].shape[1] :].tolist()
                    for i in range(0, len(completions), g):
                        groups.append([_until_eos(c, eos, tok.pad_token_id) for c in completions[i : i + g]])
            finally:
                model.train(was_training)
        return groups

    def load_temperature_state(self, checkpoint: str | os.PathLike) -> None:
        self.temperature_controller = load_temperature_state(checkpoint)

    def _save_checkpoint(self, model, trial):
        super()._save_checkpoint(model, trial)
        if self.temperature_controller is not None and self.accelerator.is_main_process:
            folder = Path(self._get_output_dir(trial=trial)) / f"checkpoint-{self.state.global_step}"
            save_temperature_state(folder, self.temperature_controller)

    def _write_metrics_record(self, record: dict) -> None:
        if self.accelerator.is_main_process:
            MetricsFile(self.args.output_dir).append(record)

    def set_sampling_temperature(self, temperature: float) -> None:
        """Use ``temperature`` for sampling and for the loss's log-probs from now on."""
        temperature = float(temperature)
        if temperature == float(self.temperature):
            return
        self.temperature = temperature
        if self.use_vllm:
            self.vllm_generation.temperature = temperature
        else:
            self.generation_config.temperature = temperature
            self.generation_kwargs["temperature"] = temperature
        self._set_logprob_temperature(temperature)

    def _set_logprob_temperature(self, temperature: float) -> None:
        # add_fused_lm_head wraps `model.forward` with a closure over the temperature. Re-install
        # it over the forward TRL left in place (kept once, so wrappers do not pile up): its
        # non-fused path (generation) still runs the original forward.
        targets = [self.model.get_base_model() if _is_peft(self.model) else self.model]
        if self.ref_model is not None:
            targets.append(self.accelerator.unwrap_model(self.ref_model))
        for i, target in enumerate(targets):
            key = id(target)
            if key not in self._forward_before_restage:
                self._forward_before_restage[key] = target.forward
            target.forward = self._forward_before_restage[key]
            add_fused_lm_head(
                target,
                temperature=temperature,
                cast_lm_head_to_fp32=self.args.cast_lm_head_to_fp32,
                outputs=("log_probs", "entropy") if i == 0 else ("log_probs",),
            )

    @contextlib.contextmanager
    def validation_sampling(self):
        """Sample with ``val_temperature`` / ``val_top_p`` / ``eval_max_response_length`` inside, and
        score with the plain reward (preset dapo's overlong punishment is for training only)."""
        if self.overlong_reward is not None:
            self.overlong_reward.active = False
        try:
            with self._validation_sampling_settings():
                yield
        finally:
            if self.overlong_reward is not None:
                self.overlong_reward.active = True

    @contextlib.contextmanager
    def _validation_sampling_settings(self):
        cfg = self.mc_config
        if self.use_vllm:
            gen = self.vllm_generation
            saved = (gen.temperature, gen.top_p, gen.max_completion_length)
            gen.temperature, gen.top_p, gen.max_completion_length = (
                cfg.val_temperature,
                cfg.val_top_p,
                cfg.eval_max_response_length,
            )
            try:
                yield
            finally:
                gen.temperature, gen.top_p, gen.max_completion_length = saved
            return
        settings = {
            "temperature": cfg.val_temperature,
            "top_p": cfg.val_top_p,
            "max_new_tokens": cfg.eval_max_response_length,
        }
        saved_config = {k: getattr(self.generation_config, k) for k in settings}
        saved_kwargs = dict(self.generation_kwargs)
        for k, v in settings.items():
            setattr(self.generation_config, k, v)
            self.generation_kwargs[k] = v
        try:
            yield
        finally:
            for k, v in saved_config.items():
                setattr(self.generation_config, k, v)
            self.generation_kwargs.clear()
            self.generation_kwargs.update(saved_kwargs)

    # ------------------------------------------------------------------ the override
    def _generate_and_score_completions(self, inputs):
        if not self.model.training:  # validation: mean@val_num_samples, no masking
            with self.validation_sampling():
                output, results = self._generate_and_judge(inputs)
            if results:
                acc = [float(decode_reward(r).correct) for r in results]
                acc = self.accelerator.gather(torch.tensor(acc, device=output["advantages"].device))
                self._metrics["eval"][M.ACCURACY].append(float(acc.mean()))
            return output
        if self.mc_config.auto_temperature and self.temperature_controller is None:
            self.probe_initial_temperature()  # first round: the model is prepared now
        step = self.microcoder_step()
        self.set_sampling_temperature(self.step_temperature(step))
        output, results = self._generate_and_judge(inputs)
        self.apply_microcoder_masking(output, results, step)
        return output

    def _generate_and_judge(self, inputs) -> tuple[dict, list[dict]]:
        """TRL's batch and the judge's dict for each of its rows (in row order), as return values."""
        with self.microcoder_reward.collecting() as judged:
            output = super()._generate_and_score_completions(inputs)
        return output, judged

    def apply_microcoder_masking(self, output: dict, results: list[dict], step: int) -> dict:
        """Zero the advantages of masked rows of ``output`` (in place) and log the step's metrics.

        ``output``: TRL's batch dict (``completion_ids``, ``completion_mask``,
        ``advantages`` for this process's rows); ``results``: the judge's dict per row,
        same order.  Returns the per-row record of the global batch (also kept in
        ``self.last_microcoder_batch``).
        """
        rows = _completion_rows(output)
        n_local = len(rows)
        if len(results) != n_local:
            raise RuntimeError(f"got {len(results)} judgements for {n_local} completions")
        from accelerate.utils import gather_object

        def gather(items: list) -> list:
            return list(gather_object(items)) if self.accelerator.num_processes > 1 else items

        # every process plans the GLOBAL batch (process order) and draws one uniform per
        # row in row order, so all compute the same mask and keep their slice
        all_rows, rewards = gather(rows), gather([decode_reward(r) for r in results])
        # TRL left the infra_error rows (reward None) out of their group's statistics; a group
        # left with fewer than two rows that count gets no advantage (TRL's would be NaN)
        group_ids = [i // self.num_generations for i in range(len(all_rows))]
        plan = plan_step(
            all_rows,
            rewards,
            group_ids,
            self.mask_rng.for_step(step),
            MaskRules.of(self.mc_config),
            temperature=float(self.temperature),
        )
        start = self.accelerator.process_index * n_local
        advantages = output["advantages"]
        local_mask = torch.as_tensor(plan.zeroed[start : start + n_local], device=advantages.device)
        if advantages.dim() == 1:
            advantages[local_mask] = 0.0
        else:  # (B, T) advantages from a subclass
            advantages[local_mask, :] = 0.0
        g_adv = self.accelerator.gather(advantages if advantages.dim() == 1 else advantages[:, 0]).cpu().numpy()
        stats = self._step_metrics(plan, step)
        record = _rollout_record(step, float(self.temperature), plan, rewards, all_rows, g_adv.tolist(), stats)
        self.last_microcoder_batch = record
        if self.write_rollouts and self.accelerator.is_main_process:
            self._append_rollouts(record)
        return record

    def _step_metrics(self, plan: StepPlan, step: int) -> dict[str, float]:
        """The step's ``microcoder/*`` record (:func:`~trainer_adapters.core.step.step_metrics`), logged for the step."""
        new_temperature = self.temperatures.observe(step, plan.diversity)
        stats = step_metrics(plan, self.temperatures, new_temperature)
        if new_temperature is not None:
            cfg = self.mc_config
            logger.info(
                "[microcoder] step %d: diversity kept falling below %.3f for %d steps: temperature %s -> %s",
                step,
                cfg.convergence_diversity,
                cfg.diversity_window,
                self.temperature,
                new_temperature,
            )
        for name, value in stats.items():
            self._metrics["train"][name].append(value)
        return stats

    def _append_rollouts(self, record: dict) -> None:
        g = self.num_generations
        keys = ("temperature", "score", "verdict", "length", "truncated", "repetitive", "candidate", "masked")
        lines = []
        for i in range(len(record["score"])):
            line = {"step": record["step"], "row": i, "group": i // g}
            line.update({k: record[k] if k == "temperature" else record[k][i] for k in keys})
            line["advantage"] = finite_or_none(record["advantage"][i])
            lines.append(line)
        append_jsonl(Path(self.args.output_dir) / ROLLOUTS_FILE, lines)


def _completion_rows(output: dict) -> list[list[int]]:
    """Each row's completion token ids, without padding (and without tool tokens)."""
    completion_ids = output["completion_ids"]
    completion_mask = output["completion_mask"]
    if "tool_mask" in output:
        completion_mask = completion_mask * output["tool_mask"]
    lengths = completion_mask.sum(dim=1).tolist()
    return [completion_ids[i, : int(lengths[i])].tolist() for i in range(completion_ids.size(0))]


def _rollout_record(
    step: int, temperature: float, plan: StepPlan, rewards: list, rows: list, advantage: list, stats: dict
) -> dict:
    return {
        "step": step,
        "temperature": temperature,
        "score": [r.score for r in rewards],
        "verdict": [r.verdict for r in rewards],
        "length": [len(r) for r in rows],
        "truncated": plan.rows.truncated.tolist(),
        "repetitive": plan.rows.repetitive.tolist(),
        "candidate": plan.rows.candidate.tolist(),
        "masked": plan.drawn.tolist(),
        "advantage": advantage,
        "metrics": stats,
    }


def _until_eos(ids: list[int], eos: int | None, pad: int | None) -> list[int]:
    """Completion ids up to and including the first EOS (padding after it dropped)."""
    if eos is not None and eos in ids:
        return ids[: ids.index(eos) + 1]
    return [x for x in ids if x != pad] if pad is not None and pad != eos else ids


class MetricsFileCallback(TrainerCallback):
    """Append each log record (TRL's + the MicroCoder metrics) to ``<output_dir>/metrics.jsonl``.

    ``step`` is the MicroCoder step the record closes (logging happens every
    ``updates_per_step`` optimizer steps, i.e. once per MicroCoder step); validation
    records (``eval_*`` keys) carry the step they follow, 0 before training.
    """

    def __init__(self, layout: TrlLayout, path: str | os.PathLike | None = None) -> None:
        self.layout = layout
        self.path = Path(path) if path else None

    def on_log(self, args, state, control, logs=None, **kwargs):
        if not state.is_world_process_zero or not logs:
            return
        # step 0: validation before training
        step = 0 if state.global_step == 0 else (state.global_step - 1) // self.layout.updates_per_step + 1
        record = {"step": step, "global_step": state.global_step, **logs}
        path = self.path or Path(args.output_dir) / METRICS_FILE
        append_jsonl(path, [finite_floats(record)], default=_json_default)


def _json_default(obj: Any) -> Any:
    if isinstance(obj, (np.generic,)):
        return obj.item()
    if isinstance(obj, torch.Tensor):
        return obj.tolist()
    return str(obj)
