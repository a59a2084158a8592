#!/usr/bin/env bash
# `microcoder train --backend verl` on ONE GPU, offline, with the `hf` rollout engine (transformers generation on
# the GPU; no vLLM, no network, no Hugging Face Hub): the check that a verl step on a GPU is a real update.
#
#   bash scripts/gpu_verl_smoke.sh                     # one CUDA GPU; verl 0.9.1 and its needs importable
#   VERL_PLATFORM=cpu bash scripts/gpu_verl_smoke.sh   # the CPU rehearsal of the same (what CI time allows)
#   WORK=/scratch/verl-smoke bash scripts/gpu_verl_smoke.sh
#
# Builds (once, in $WORK): the trivial stdin problems as a dataset (microcoder data build) and a tiny Qwen2 taught
# their answers (microcoder_testing.rollout.teach_model: sampled at 1.2 it is right part of the time, so rewards
# differ inside a group and the gradient is not zero). Then, with 2 prompts x 4 samples and 32-token answers:
#   1a steps 1-2, a checkpoint each;  1b the same --output-dir to step 3 (resumes from global_step_2);
#   2  --preset dapo, 1 step;
# after each run: its wall time, the GPU's peak memory in use (nvidia-smi, sampled every 0.2 s) and a check of
# metrics.jsonl (the steps, every microcoder/* metric, no infra_error), the log (no traceback; the hf replica on
# cuda) and the checkpoints; at the end a grad norm above 0 on some step, and a markdown table of the steps for
# BENCHMARKS.md. Exits 1 on any failure.
#
# Without network (the device machine): the wheels of scripts/offline_wheels.py -- 32 wheels, 48.7 MiB for
# CPython 3.12: verl 0.9.1, ray 2.60.0 slimmed to 39.2 MiB (no jars/, dashboard client, rllib/serve/tune/train/llm),
# transferqueue, pydantic(+core), pyzmq, msgspec, fastapi/starlette/uvicorn/opentelemetry-api, cachetools,
# hydra-core/omegaconf/antlr4, tensordict/pyvers/orjson/importlib-metadata, torchdata, codetiming,
# datasets/dill/multiprocess, jsonschema(+referencing, rpds-py, specifications), langdetect, datasketch;
# trainer_adapters/verl/README.md says why each -- installed beside the machine's own torch/transformers/numpy
# (none of those travels) with
#   python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl
#   export PYTHONPATH=/tmp/site:$PWD
# This checkout runs from PYTHONPATH: the launcher names our verl plugin in VERL_USE_EXTERNAL_MODULES for the Ray
# workers. Rehearsed with only such a package set on a CPU: about 5 minutes on 2 busy cores.
# On one H200 (2026-11-27) the whole script took 429 s, each run 121-136 s (Ray and the workers start in ~90 s
# before the first step): keep STEP_TIMEOUT at its default and give the whole script 10 minutes.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${WORK:-out/gpu-verl-smoke}
PY=${PYTHON:-python3}
STEP_TIMEOUT=${STEP_TIMEOUT:-300} # seconds a run may take (DAPO refills its batch without a bound in verl 0.9.1)

die() { echo "gpu_verl_smoke: $*" >&2; exit 1; }
ON_GPU=1
if [[ ${VERL_PLATFORM:-} == cpu ]]; then
  ON_GPU=0
  echo "== CPU rehearsal (VERL_PLATFORM=cpu): the same runs and checks, no GPU numbers"
else
  command -v nvidia-smi >/dev/null 2>&1 \
    || die "no GPU visible: nvidia-smi is not installed (no NVIDIA driver). This needs one CUDA GPU; VERL_PLATFORM=cpu rehearses it on a CPU."
  "$PY" -c "import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)" \
    || die "$PY's torch cannot use a GPU (a CPU build, no torch, or CUDA_VISIBLE_DEVICES hides it)."
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
fi
mkdir -p "$WORK"; WORK=$(cd "$WORK" && pwd)
export PYTHONPATH=$ROOT${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false
"$PY" -c "import torch, transformers, verl, ray; print('== torch', torch.__version__, '| transformers',
transformers.__version__, '| verl', verl.__version__, '| ray', ray.__version__)" || die "verl's stack does not import"

# --- inputs (offline)
if [[ ! -f $WORK/taught/model.safetensors ]]; then
  start=$(date +%s)
  "$PY" - "$WORK" <<'PY' || die "building the taught model failed"
import subprocess, sys
from microcoder_testing.problems import write_trivial_problems
from microcoder_testing.rollout import teach_model
work = sys.argv[1]
source = write_trivial_problems(f"{work}/trivial.jsonl")
subprocess.run([sys.executable, "-m", "cli.main", "data", "build", "--source", source, "--out", f"{work}/tds",
                "--no-progress"], check=True, stdout=subprocess.DEVNULL)
teach_model(f"{work}/taught", f"{work}/tds")
PY
  echo "== taught model and dataset: $(($(date +%s) - start)) s"
fi

RUNS=$WORK/runs; rm -rf "$RUNS"; mkdir -p "$RUNS"
# LOG_DIR: where each run's log goes (default $RUNS); a device call points it at the folder that comes back even
# when the call is cut off at its time limit
mkdir -p "${LOG_DIR:-$RUNS}"
# data.dataloader_num_workers=2: verl's GPU default keeps worker processes (8); the end of the run must be clean
SMALL=(train_batch_size=2 ppo_mini_batch_size=2 num_generations=4 max_response_length=32 save_freq=1
       val_before_train=false trainer.n_gpus_per_node=1 actor_rollout_ref.rollout.name=hf
       actor_rollout_ref.rollout.tensor_model_parallel_size=1
       actor_rollout_ref.rollout.agent.num_workers=2 reward.num_workers=2 data.dataloader_num_workers=2)
FAILED=()
TABLE=$RUNS/table.tsv

peak_sampler() {  # OUT_FILE: the GPU's memory in use, every 0.2 s, until killed
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 200 > "$1" 2>/dev/null
}

check() {  # NAME OUT_DIR STEPS(comma list) FIRST_NEW_STEP LOG PEAK_MIB ON_GPU
  "$PY" - "$@" <<'PY'
import json, re, sys
from pathlib import Path
from trainer_adapters.core import metrics as M
name, out, want, new = sys.argv[1], Path(sys.argv[2]), [int(s) for s in sys.argv[3].split(",")], int(sys.argv[4])
log, peak, on_gpu = Path(sys.argv[5]).read_text(errors="replace"), sys.argv[6], sys.argv[7] == "1"
records = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines() if line.strip()]
steps = [r for r in records if r.get("step", 0) >= 1]
problems = []
if [r["step"] for r in steps] != want:
    problems.append(f"steps {[r['step'] for r in steps]}, want {want}")
for r in steps:
    missing = [m for m in M.ALL if m not in r]
    if missing:
        problems.append(f"step {r['step']} lacks {missing}")
    if r.get(M.INFRA_ERROR_FRACTION, 0.0) != 0.0:
        problems.append(f"step {r['step']}: infra_error fraction {r[M.INFRA_ERROR_FRACTION]}")
    if r["step"] < new:  # a step of the run this one resumed
        continue
    with open(out.parent / "table.tsv", "a") as table:
        cells = [name, r["step"], r.get("timing_s/step"), r.get("timing_s/gen"), r.get("timing_s/update_actor"),
                 r.get("actor/grad_norm"), r.get("critic/score/mean"), r.get("actor/perf/max_memory_allocated_gb"), peak]
        table.write("\t".join(str(c) for c in cells) + "\n")
    print(f"   step {r['step']}: step {r.get('timing_s/step', 0):.1f} s, gen {r.get('timing_s/gen', 0):.1f} s, "
          f"grad_norm {r.get('actor/grad_norm')}, reward {r.get('critic/score/mean')}, "
          f"accuracy {r.get(M.ACCURACY)}, mask {r.get(M.MASK_FRACTION)}")
for step in want[-1:]:
    if not (out / f"global_step_{step}" / "actor").is_dir():
        problems.append(f"no checkpoint global_step_{step}/actor")
if "Traceback" in log or "killed by signal" in log:
    problems.append("a traceback in the log: " + log[log.find("Traceback"):][:400])
device = "cuda" if on_gpu else "cpu"
if not re.search(rf"hf rollout replica \d+: .* on {device}", log):
    problems.append(f"the hf replica did not report generating on {device}")
if "CUDA IPC weight sync failed" in log:
    print("   NOTE: the weights went through the host (CUDA IPC failed); see the log")
for p in problems:
    print("   FAILED:", p)
print(f"   {name}: steps {[r['step'] for r in steps]}", "OK" if not problems else "FAILED")
sys.exit(1 if problems else 0)
PY
}

run() {  # NAME OUT_DIR STEPS_WANTED FIRST_NEW_STEP [microcoder train arguments]
  local name=$1 out=$2 want=$3 new=$4; shift 4
  local log="${LOG_DIR:-$RUNS}/${name%% *}.log" sampler="" peak="n/a" start rc ms
  echo; echo "=== $name: microcoder train --backend verl --output-dir $out ${SMALL[*]} $*"
  if [[ $ON_GPU == 1 ]]; then peak_sampler "$RUNS/${name%% *}.mem" & sampler=$!; fi
  start=$(date +%s%N)
  timeout "$STEP_TIMEOUT" "$PY" -m cli.main train --backend verl --model "$WORK/taught" --dataset "$WORK/tds" \
    --output-dir "$out" "${SMALL[@]}" "$@" > "$log" 2>&1
  rc=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [[ -n $sampler ]]; then
    kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null
    peak=$(sort -n "$RUNS/${name%% *}.mem" | tail -1)
  fi
  grep -E "hf rollout replica|hf rollout weight sync|Resuming from" "$log" | sed 's/^.*) //' | sort -u | head -4
  echo "=== $name: exit $rc, $((ms / 1000)).$(( ms % 1000 / 100 )) s, peak GPU memory in use ${peak} MiB (log: $log)"
  [[ $rc == 124 ]] && echo "   FAILED: over STEP_TIMEOUT=${STEP_TIMEOUT}s"
  if [[ $rc == 0 ]] && check "$name" "$out" "$want" "$new" "$log" "$peak" "$ON_GPU"; then
    [[ $want == *,3 ]] && ! grep -q "Resuming from $out/global_step_2" "$log" && { echo "   FAILED: did not resume"; FAILED+=("$name"); }
  else
    tail -20 "$log"; FAILED+=("$name")
  fi
}

run "1a steps 1-2" "$RUNS/grpo" 1,2 1 total_training_steps=2
run "1b resume to step 3" "$RUNS/grpo" 1,2,3 3 total_training_steps=3
run "2 dapo 1 step" "$RUNS/dapo" 1 1 --preset dapo total_training_steps=1

"$PY" - "$TABLE" <<'PY' || FAILED+=("grad norm")
import sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])] if __import__("os").path.exists(sys.argv[1]) else []
num = lambda s, d=2: "-" if s in ("None", "n/a", "") else f"{float(s):.{d}f}"
print("\n| run | step | step (s) | gen (s) | update (s) | grad norm | reward | actor max alloc (GB) | GPU peak in use (MiB) |")
print("|---|---|---|---|---|---|---|---|---|")
for run, step, t, gen, upd, gn, rw, alloc, peak in rows:
    print(f"| {run} | {step} | {num(t, 1)} | {num(gen, 1)} | {num(upd, 2)} | {num(gn, 4)} | {num(rw)} | {num(alloc)} | {peak} |")
norms = [float(r[5]) for r in rows if r[5] not in ("None", "")]
print(f"\n== grad norms {norms}:", "some above 0, OK" if any(n > 0 for n in norms) else "all 0, FAILED")
sys.exit(0 if any(n > 0 for n in norms) else 1)
PY
echo; echo "== gpu_verl_smoke: ${#FAILED[@]} failure(s)${FAILED[*]:+: ${FAILED[*]}}"
[[ ${#FAILED[@]} == 0 ]]
