#!/usr/bin/env bash
# One-command GPU smoke run of the whole path, on a machine with one NVIDIA GPU (driver 580+, network for
# pip and the Hugging Face Hub). Not run in CI (no GPU there); not yet run on a GPU (the TRL recipe has: scripts/gpu_trl_smoke.sh).
#
#   bash scripts/gpu_smoke.sh                       # Qwen/Qwen2.5-0.5B-Instruct, outputs in out/gpu-smoke
#   MODEL=Qwen/Qwen3-0.6B OUT=/scratch/smoke bash scripts/gpu_smoke.sh
#
# 1. installs microcoder with its [gpu] extra into $VENV (verl 0.9.1 + the vLLM it pins; not the CPU .venv);
# 2. builds the built-in default dataset (offline);
# 3. trains 2 verl steps with vLLM rollouts, then runs again to resume to step 3;
# 4. merges the step-3 checkpoint into a Hugging Face folder, serves it with vLLM and runs
#    `eval generate --engine openai` against the server, then `eval run` on what it generated;
# and prints each step's time and the GPU memory nvidia-smi saw (peak per phase).
set -euo pipefail
cd "$(dirname "$0")/.."

MODEL=${MODEL:-Qwen/Qwen2.5-0.5B-Instruct}
OUT=${OUT:-out/gpu-smoke}
VENV=${VENV:-.venv-gpu}
PORT=${PORT:-8011}
PYTHON=${PYTHON:-python3}

die() { echo "gpu_smoke: $*" >&2; exit 1; }

# --- a GPU first: fail before installing anything
command -v nvidia-smi >/dev/null 2>&1 \
  || die "no GPU visible: nvidia-smi is not installed (no NVIDIA driver). This script needs one NVIDIA GPU with driver 580+; on a CPU machine run scripts/test.sh."
GPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ' || true)
[[ "$GPUS" -ge 1 ]] || die "no GPU visible: nvidia-smi lists none ($(nvidia-smi -L 2>&1 | head -1)). Check CUDA_VISIBLE_DEVICES and the driver."
echo "== GPU: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | head -1)"

SERVER_PID=""
SAMPLER_PID=""
cleanup() {
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
  [[ -n "$SAMPLER_PID" ]] && kill "$SAMPLER_PID" 2>/dev/null || true
}
trap cleanup EXIT

# GPU memory: sample nvidia-smi every second into $1 while a phase runs; print the phase's peak after
sample_memory() {
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -l 1 > "$1" 2>/dev/null &
  SAMPLER_PID=$!
}
report_memory() {
  kill "$SAMPLER_PID" 2>/dev/null || true; wait "$SAMPLER_PID" 2>/dev/null || true; SAMPLER_PID=""
  echo "== $2: peak GPU memory $(sort -n "$1" | tail -1) MiB (nvidia-smi, sampled each second)"
}

# --- 1. install
if [[ ! -x "$VENV/bin/python" ]]; then
  "$PYTHON" -m venv "$VENV"
fi
. "$VENV/bin/activate"
python -m pip install -q --upgrade pip
python -m pip install -q -e ".[gpu]"
python -c "import torch, sys; ok = torch.cuda.is_available(); print('== torch', torch.__version__, 'cuda', torch.version.cuda, 'available', ok); sys.exit(0 if ok else 1)" \
  || die "torch $(python -c 'import torch; print(torch.version.cuda)') cannot use the GPU: its CUDA needs a newer driver (580+ for CUDA 13) than $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)."

# --- 2. the default dataset
mkdir -p "$OUT"
microcoder data build --out "$OUT/ds" --no-progress
DS="$OUT/ds"

# --- 3. train 2 steps, then resume to 3
TRAIN=(
  train --backend verl --model "$MODEL" --dataset "$DS" --output-dir "$OUT/train"
  max_prompt_length=1024 max_response_length=1024 eval_max_response_length=1024
  train_batch_size=8 ppo_mini_batch_size=8 num_generations=4 save_freq=1 val_before_train=false test_freq=-1
  trainer.n_gpus_per_node=1 trainer.nnodes=1
  actor_rollout_ref.rollout.tensor_model_parallel_size=1
  actor_rollout_ref.rollout.gpu_memory_utilization=0.4
  actor_rollout_ref.model.enable_gradient_checkpointing=true
)
steps() {  # each step's time and memory as verl logged them
  python - "$OUT/train/metrics.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if "timing_s/step" in r:
        print(f"   step {r['step']}: {r['timing_s/step']:.1f} s (generation {r.get('timing_s/gen', float('nan')):.1f} s), "
              f"max allocated {r.get('perf/max_memory_allocated_gb', float('nan')):.1f} GB, "
              f"accuracy {r.get('microcoder/accuracy', float('nan')):.3f}")
PY
}
sample_memory "$OUT/mem_train.csv"
microcoder "${TRAIN[@]}" total_training_steps=2
report_memory "$OUT/mem_train.csv" "train steps 1-2"
[[ "$(cat "$OUT/train/latest_checkpointed_iteration.txt")" == "2" ]] || die "training did not checkpoint step 2"
sample_memory "$OUT/mem_resume.csv"
microcoder "${TRAIN[@]}" total_training_steps=3
report_memory "$OUT/mem_resume.csv" "resumed step 3"
[[ "$(cat "$OUT/train/latest_checkpointed_iteration.txt")" == "3" ]] || die "the resumed run did not reach step 3"
echo "== step times"; steps

# --- 4. checkpoint -> HF folder -> vLLM server -> eval generate (openai) -> eval run
python -m verl.model_merger merge --backend fsdp --local_dir "$OUT/train/global_step_3/actor" --target_dir "$OUT/hf-3"
sample_memory "$OUT/mem_serve.csv"
vllm serve "$OUT/hf-3" --served-model-name smoke --port "$PORT" --max-model-len 2048 \
  --gpu-memory-utilization 0.5 > "$OUT/vllm.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 600); do
  curl -sf "http://127.0.0.1:$PORT/v1/models" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || die "vllm serve exited; its log: $(tail -20 "$OUT/vllm.log")"
  sleep 1
done
curl -sf "http://127.0.0.1:$PORT/v1/models" >/dev/null || die "vllm serve did not answer within 600 s ($OUT/vllm.log)"
start=$(date +%s)
microcoder eval generate --engine openai --base-url "http://127.0.0.1:$PORT/v1" --model smoke \
  --dataset "$DS/train.parquet" --n 2 --max-tokens 1024 --limit 16 --concurrency 32 \
  --out "$OUT/eval/gens.jsonl" --no-progress
echo "== eval generate: $(( $(date +%s) - start )) s"
report_memory "$OUT/mem_serve.csv" "vLLM server + generation"
microcoder eval run --dataset "$DS/train.parquet" --solutions "$OUT/eval/gens.jsonl" \
  --out "$OUT/eval/results.jsonl" --k 1,2 --no-progress
echo "== gpu_smoke: all steps passed; outputs in $OUT"
