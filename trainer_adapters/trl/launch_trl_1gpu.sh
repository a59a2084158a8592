#!/usr/bin/env bash
# MicroCoder-GRPO on ONE GPU with a small model, through TRL 1.16 (its arguments are checked in CI with a dry run
# on CPU; run on one H200 with tiny models and use_vllm=false by scripts/gpu_trl_smoke.sh, see BENCHMARKS.md;
# not yet run with vLLM or a real model).
#
# Needs: a CUDA GPU (an 80 GB H100 for these settings), microcoder with the trl extra and a vLLM that TRL 1.16
# supports (0.22-0.31) in the same environment, and a dataset directory from `microcoder data build`.
# What differs from TRL's defaults on a GPU, and why:
#   * rollouts from vLLM colocated on the training GPU (use_vllm, vllm_mode=colocate) instead of transformers'
#     generate, the slow part of a step; vLLM gets a share of the GPU's memory and a context that fits
#     the validation responses (prompt + eval_max_response_length);
#   * bf16 autocast and gradient checkpointing: what microcoder sets on any CUDA GPU (trainer_adapters/trl/args.py);
#   * weights: fp32 master weights by default (Adam's 1e-6 steps are below bf16's resolution for most
#     weights, so bf16 weights lose most updates); WEIGHTS=bf16 halves weight, gradient and Adam memory,
#     the way to fit a 4B model on one GPU at that cost. With several GPUs keep fp32 and shard instead
#     (accelerate launch with FSDP or DeepSpeed ZeRO), or use verl (trainer_adapters/verl/launch_*.sh).
# The MicroCoder-GRPO settings are the verl 1-GPU recipe's (trainer_adapters/verl/launch_1gpu.sh): the paper's
# algorithm (no KL, clip 0.2/0.28, rho 0.3, lr 1e-6, 8 samples, mean@4) scaled to 2K/4K lengths, 16 prompts x 8.
#
#   MODEL=Qwen/Qwen2.5-0.5B-Instruct DATA=~/data/microcoder bash trainer_adapters/trl/launch_trl_1gpu.sh
#   DRY_RUN=1 bash trainer_adapters/trl/launch_trl_1gpu.sh       # print the resolved settings only
#   MODEL=Qwen/Qwen3-4B-Instruct-2507 WEIGHTS=bf16 TEMPERATURE=auto bash trainer_adapters/trl/launch_trl_1gpu.sh
#
# Extra arguments are passed through: MicroCoderGRPOConfig keys or TRL GRPOConfig fields (key=value).
set -euo pipefail

MODEL=${MODEL:-Qwen/Qwen2.5-0.5B-Instruct}   # or Qwen/Qwen3-0.6B
DATA=${DATA:-$HOME/data/microcoder}
OUT=${OUT:-$PWD/checkpoints/microcoder-grpo-trl-1gpu}
STEPS=${STEPS:-200}
WEIGHTS=${WEIGHTS:-float32}                 # float32 (master weights) or bf16
VLLM_MEMORY=${VLLM_MEMORY:-0.35}            # share of the GPU's memory vLLM takes
TEMPERATURE=${TEMPERATURE:-0:1.0,100:1.2}   # stages (low -> high, discrete), or auto (probe the initial policy)
[[ "$WEIGHTS" == "bf16" ]] && WEIGHTS=bfloat16
case "$WEIGHTS" in float32|bfloat16) ;; *) echo "WEIGHTS=$WEIGHTS: use float32 or bf16" >&2; exit 2 ;; esac

PROMPT=1024
RESPONSE=2048                               # paper: 4096
EVAL_RESPONSE=4096                          # paper: 8192

args=(
  --backend trl
  --model "$MODEL"
  --dataset "$DATA"
  --output-dir "$OUT"
  # --- MicroCoder-GRPO (paper defaults unless noted), as in the verl 1-GPU recipe
  max_prompt_length=$PROMPT
  max_response_length=$RESPONSE
  eval_max_response_length=$EVAL_RESPONSE
  train_batch_size=16                 # paper: 64
  ppo_mini_batch_size=4               # 4 updates per batch -> clip-higher (0.2/0.28) is active
  num_generations=8
  val_num_samples=4
  learning_rate=1e-6
  $([[ "$TEMPERATURE" == "auto" ]] && echo "temperature=auto" || echo "temperature_stages=$TEMPERATURE")
  mask_probability=0.3
  total_training_steps="$STEPS"
  test_freq=20
  save_freq=100
  # --- TRL on one GPU
  use_vllm=true
  vllm_mode=colocate
  vllm_gpu_memory_utilization="$VLLM_MEMORY"
  vllm_max_model_length=$((PROMPT + EVAL_RESPONSE))
  gradient_checkpointing=true
  "model_init_kwargs={dtype: $WEIGHTS}"
)

if [[ "${DRY_RUN:-0}" == "1" ]]; then
  args+=(--dry-run)
fi

exec microcoder train "${args[@]}" "$@"
