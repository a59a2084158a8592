#!/usr/bin/env bash
# The TRL one-GPU recipe (trainer_adapters/trl/launch_trl_1gpu.sh) on a GPU, end to end, with tiny models built
# here: no network, no Hugging Face Hub, no vLLM (generation through transformers: use_vllm=false). What the
# first GPU run of this path ran (BENCHMARKS.md, "MicroCoder-GRPO on TRL"); about 3 minutes on one H200.
#
#   bash scripts/gpu_trl_smoke.sh                  # needs microcoder with the trl extra (and a CUDA torch)
#   WORK=/scratch/trl-smoke bash scripts/gpu_trl_smoke.sh
#
# Builds (once, in $WORK): a random tiny Qwen2 (python -m microcoder_testing.tiny), the built-in default
# dataset (microcoder data build), and a tiny Qwen2 taught the answers of 4 trivial problems (so that some
# rewards are nonzero: a random model writes no code). Then runs the recipe with small lengths and batches:
#   1a fp32 master weights, steps 1-2;  1b the same --output-dir to step 3 (resumes from the checkpoint);
#   2  WEIGHTS=bf16, 1 step;  3  TEMPERATURE=auto, 1 step;  4  the taught model, 2 steps;
# and after each: its wall time, torch.cuda.max_memory_allocated, and a check of metrics.jsonl (the steps, the
# MicroCoder metrics), rollouts.jsonl (verdicts, no infra_error) and the checkpoints. Exits 1 if a run fails.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${WORK:-out/gpu-trl-smoke}
PY=${PYTHON:-python3}

# a GPU and a CUDA torch first: fail at once, naming what is missing (never train on the CPU by accident)
die() { echo "gpu_trl_smoke: $*" >&2; exit 1; }
command -v nvidia-smi >/dev/null 2>&1 \
  || die "no GPU visible: nvidia-smi is not installed (no NVIDIA driver). This needs one CUDA GPU; on a CPU machine run scripts/test.sh."
"$PY" -c "import torch" 2>/dev/null \
  || die "$PY has no torch: install microcoder with the trl extra (and a CUDA build of torch) first, or set PYTHON=..."
"$PY" -c "import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)" \
  || die "$PY's torch $("$PY" -c 'import torch; print(torch.__version__)') cannot use a GPU (a CPU build, or CUDA_VISIBLE_DEVICES hides it)."
mkdir -p "$WORK"; WORK=$(cd "$WORK" && pwd)
export PYTHONPATH=$ROOT${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false

# `microcoder` for the recipe: this checkout's CLI, printing the process's CUDA memory peak as it exits
mkdir -p "$WORK/bin"
cat > "$WORK/bin/microcoder" <<SH
#!/bin/sh
exec "$PY" -c '
import atexit, sys, time
t0 = time.time()
def peak():
    import torch
    if torch.cuda.is_available():
        print(f"== peak torch.cuda.max_memory_allocated {torch.cuda.max_memory_allocated() / 2**20:.1f} MiB, "
              f"max_memory_reserved {torch.cuda.max_memory_reserved() / 2**20:.1f} MiB; process {time.time() - t0:.1f} s")
atexit.register(peak)
sys.argv[0] = "microcoder"
from cli.main import main
main()' "\$@"
SH
chmod +x "$WORK/bin/microcoder"
export PATH=$WORK/bin:$PATH

command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
"$PY" -c "import torch, transformers, trl; print('== torch', torch.__version__, 'cuda', torch.cuda.is_available(),
'| transformers', transformers.__version__, '| trl', trl.__version__)" || exit 1

# --- inputs (offline)
[[ -f $WORK/tiny/config.json ]] || "$PY" -m microcoder_testing.tiny "$WORK/tiny" >/dev/null || exit 1
[[ -f $WORK/ds/train.parquet ]] || microcoder data build --out "$WORK/ds" --no-progress | tail -3 || exit 1
if [[ ! -f $WORK/taught/model.safetensors ]]; then
  "$PY" - "$WORK" <<'PY' || exit 1
import subprocess, sys
from microcoder_testing.problems import write_trivial_problems
from microcoder_testing.rollout import teach_model
work = sys.argv[1]
source = write_trivial_problems(f"{work}/trivial.jsonl")
subprocess.run(["microcoder", "data", "build", "--source", source, "--out", f"{work}/tds", "--no-progress"],
               check=True, stdout=subprocess.DEVNULL)
teach_model(f"{work}/taught", f"{work}/tds")
PY
fi

check() {  # OUT_DIR STEPS(comma list): metrics.jsonl has exactly these steps, each with the MicroCoder metrics
  "$PY" - "$@" <<'PY'
import collections, json, sys
from pathlib import Path
from trainer_adapters.core import metrics as M
out, want = Path(sys.argv[1]), [int(s) for s in sys.argv[2].split(",")]
records = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines() if line.strip()]
steps = [r for r in records if r.get("step", 0) >= 1 and "reward" in r]
ok = [r["step"] for r in steps] == want
for r in records:
    probe = {k[len(M.PROBE_PREFIX):]: round(v, 3) for k, v in r.items() if k.startswith(M.PROBE_PREFIX)}
    if r in steps:
        missing = [m for m in M.ALL if m not in r]
        ok &= not missing
        shown = {k: round(r[k], 4) for k in ("reward", M.ACCURACY, M.TEMPERATURE, "loss", "grad_norm", "entropy",
                 "completions/mean_length", M.TRUNCATION_FRACTION, M.MASK_FRACTION, M.DIVERSITY, "step_time") if k in r}
        print(f"   step {r['step']}: {shown}" + (f" MISSING {missing}" if missing else ""))
    elif probe:
        print(f"   probe: {probe}")
rows = [json.loads(line) for line in (out / "rollouts.jsonl").read_text().splitlines() if line.strip()]
verdicts = collections.Counter(r["verdict"] for r in rows)
ok &= "infra_error" not in verdicts
print(f"   {len(rows)} completions: {dict(verdicts)}, masked {sum(bool(r['masked']) for r in rows)}; "
      f"checkpoints {sorted(p.name for p in out.glob('checkpoint-*'))}; final/ {(out / 'final').is_dir()}")
print(f"   steps {[r['step'] for r in steps]} (want {want}):", "OK" if ok else "FAILED")
sys.exit(0 if ok else 1)
PY
}

RUNS=$WORK/runs; rm -rf "$RUNS"; mkdir -p "$RUNS"
SMALL=(use_vllm=false max_prompt_length=1024 max_response_length=256 eval_max_response_length=256
       train_batch_size=4 ppo_mini_batch_size=2 num_generations=4 val_num_samples=2 save_freq=1)
FAILED=()
run() {  # NAME OUT_DIR STEPS_WANTED ENV... [-- recipe arguments]
  local name=$1 out=$2 want=$3; shift 3
  local envs=(); while [[ $# -gt 0 && $1 != -- ]]; do envs+=("$1"); shift; done; [[ $# -gt 0 ]] && shift
  echo; echo "=== $name: ${envs[*]} OUT=$out bash trainer_adapters/trl/launch_trl_1gpu.sh ${SMALL[*]} $*"
  local start rc log="$RUNS/${name%% *}.log"; start=$(date +%s%N)
  env "${envs[@]}" OUT="$out" bash trainer_adapters/trl/launch_trl_1gpu.sh "${SMALL[@]}" "$@" > "$log" 2>&1
  rc=$?
  grep -E "^== peak|^Traceback|Error" "$log" | tail -5
  local ms=$(( ($(date +%s%N) - start) / 1000000 ))
  echo "=== $name: exit $rc, $((ms / 1000)).$(( ms % 1000 / 100 )) s (full output: $log)"
  [[ $rc == 0 ]] && check "$out" "$want" || FAILED+=("$name")
}
M=$WORK/tiny D=$WORK/ds
run "1a fp32 master weights, steps 1-2" "$RUNS/fp32" 1,2 MODEL=$M DATA=$D STEPS=2
run "1b resume to step 3" "$RUNS/fp32" 1,2,3 MODEL=$M DATA=$D STEPS=3
run "2 WEIGHTS=bf16, 1 step" "$RUNS/bf16" 1 MODEL=$M DATA=$D STEPS=1 WEIGHTS=bf16
run "3 TEMPERATURE=auto, 1 step" "$RUNS/auto" 1 MODEL=$M DATA=$D STEPS=1 TEMPERATURE=auto
run "4 the taught model, 2 steps" "$RUNS/taught" 1,2 MODEL=$WORK/taught DATA=$WORK/tds STEPS=2 -- temperature_stages=0:1.2
echo; echo "== gpu_trl_smoke: ${#FAILED[@]} run(s) failed${FAILED[*]:+: ${FAILED[*]}}"
[[ ${#FAILED[@]} == 0 ]]
