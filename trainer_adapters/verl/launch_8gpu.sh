#!/usr/bin/env bash
# MicroCoder-GRPO with the paper's settings on ONE node of 8 GPUs, through verl 0.9.1 (documented; not run in CI).
#
# Needs: 8 CUDA GPUs (80 GB class), `pip install -e '.[gpu]'` (optionally flash-attn: trainer_adapters/verl/README.md), and a
# dataset directory in verl RL format from `microcoder data build`. Paper settings: Qwen3-4B-Instruct-2507,
# 4K training / 8K evaluation responses, 64 prompts x 8 samples, lr 1e-6, T 1.2, rho 0.3, no KL, eps 0.2/0.28.
# Expected step time on 8xH100: 4-8 minutes, mostly rollouts (an estimate, not a measurement).
#
#   DATA=~/data/microcoder bash trainer_adapters/verl/launch_8gpu.sh
#   DRY_RUN=1 DATA=... bash trainer_adapters/verl/launch_8gpu.sh            # resolved config + plan only
#   DATA=... bash trainer_adapters/verl/launch_8gpu.sh temperature=auto     # probe the initial temperature
set -euo pipefail

MODEL=${MODEL:-Qwen/Qwen3-4B-Instruct-2507}
DATA=${DATA:-$HOME/data/microcoder}
OUT=${OUT:-$PWD/checkpoints/microcoder-grpo-8gpu}
STEPS=${STEPS:-300}

args=(
  --backend verl --model "$MODEL" --dataset "$DATA" --output-dir "$OUT"
  # the paper's defaults are MicroCoderGRPOConfig's defaults; spelled out for the reader
  max_response_length=4096 eval_max_response_length=8192 train_batch_size=64 num_generations=8
  ppo_mini_batch_size=16 learning_rate=1e-6 temperature=1.2 mask_probability=0.3 val_num_samples=4
  total_training_steps="$STEPS" test_freq=20 save_freq=50
  trainer.n_gpus_per_node=8 trainer.nnodes=1
  actor_rollout_ref.rollout.tensor_model_parallel_size=1
  actor_rollout_ref.rollout.gpu_memory_utilization=0.6
  actor_rollout_ref.model.enable_gradient_checkpointing=true
  reward.num_workers=8
)
[[ "${DRY_RUN:-0}" == "1" ]] && args+=(--dry-run)
exec microcoder train "${args[@]}" "$@"
