"""verl 0.9.1 backend of MicroCoder-GRPO.

Nothing heavy is imported here; the pieces live in

* :mod:`.config_builder` -- composes verl's ``ppo_trainer`` Hydra config from a
  :class:`~trainer_adapters.core.MicroCoderGRPOConfig` plus user overrides;
* :mod:`.trainer`        -- ``MicroCoderPPOTrainer`` (subclass of verl's ``PPOTrainerSync``):
  conditional truncation masking after stock GRPO advantages, diversity metrics,
  staged temperature;
* :mod:`.agent_loop`     -- agent-loop manager/worker that apply the staged temperature
  and the training response-length cap at sampling time;
* :mod:`.reward_manager` -- preset dapo's overlong shaping on training rows only;
* :mod:`.device`         -- cpu or gpu: the Ray cluster's resources when the run joins one;
* :mod:`.launcher`       -- ``run_verl`` (dry run or a real Ray launch; it imports hydra/verl,
  so import it from there).
* :mod:`.override_keys`  -- a Hydra override verl cannot apply, as one line with a did-you-mean.
"""
