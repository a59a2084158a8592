#!/usr/bin/env bash
# MicroCoder-GRPO on ONE GPU with a small model, through verl 0.9.1 (documented; not run in CI).
#
# Needs: a CUDA GPU (>= 24 GB for a 0.5B-0.6B model at these lengths), `pip install -e '.[gpu]'`
# (verl 0.9.1 with the vLLM it pins; optionally flash-attn, see README.md), and a dataset directory in
# verl RL format (train.parquet [+ test.parquet]) from `microcoder data build`.
# Expected step time on one H100: 1-2 minutes (an estimate, not a measurement).
#
#   MODEL=Qwen/Qwen2.5-0.5B-Instruct DATA=~/data/microcoder bash trainer_adapters/verl/launch_1gpu.sh
#   DRY_RUN=1 bash trainer_adapters/verl/launch_1gpu.sh       # print the resolved config + plan only
#   bash trainer_adapters/verl/launch_1gpu.sh mask_probability=1.0 trainer.logger='[console,wandb]'
#
# Extra arguments are passed through: MicroCoderGRPOConfig keys (key=value) or verl Hydra keys
# (dotted). Scaled down from the paper (4B, 4K/8K, batch 64): 2K/4K lengths, 16 prompts x 8.
set -euo pipefail

MODEL=${MODEL:-Qwen/Qwen2.5-0.5B-Instruct}   # or Qwen/Qwen3-0.6B
DATA=${DATA:-$HOME/data/microcoder}
OUT=${OUT:-$PWD/checkpoints/microcoder-grpo-1gpu}
STEPS=${STEPS:-200}

args=(
  --backend verl
  --model "$MODEL"
  --dataset "$DATA"
  --output-dir "$OUT"
  # --- MicroCoder-GRPO (paper defaults unless noted)
  max_prompt_length=1024
  max_response_length=2048            # paper: 4096
  eval_max_response_length=4096       # paper: 8192
  train_batch_size=16                 # paper: 64
  ppo_mini_batch_size=4               # 4 updates per batch -> clip-higher (0.2/0.28) is active
  num_generations=8
  val_num_samples=4
  learning_rate=1e-6
  "temperature_stages=0:1.0,100:1.2"  # low -> high, discrete; probe your model to pick stage 0
  mask_probability=0.3
  total_training_steps="$STEPS"
  test_freq=20
  save_freq=100
  # --- verl resources for one GPU
  trainer.n_gpus_per_node=1
  trainer.nnodes=1
  actor_rollout_ref.rollout.tensor_model_parallel_size=1
  actor_rollout_ref.rollout.gpu_memory_utilization=0.5
  actor_rollout_ref.model.enable_gradient_checkpointing=true
  actor_rollout_ref.actor.fsdp_config.param_offload=false
  actor_rollout_ref.actor.fsdp_config.optimizer_offload=false
  actor_rollout_ref.rollout.agent.num_workers=4
  reward.num_workers=4
)

if [[ "${DRY_RUN:-0}" == "1" ]]; then
  args+=(--dry-run)
fi

exec microcoder train "${args[@]}" "$@"
