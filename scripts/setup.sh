#!/usr/bin/env bash
# Create ./.venv (if missing) and install microcoder with every backend, CPU-only.
# torch is pinned to the CPU build first: an unpinned torch would pull a multi-GB CUDA build.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
. .venv/bin/activate
python -m pip install -q --upgrade pip
python -m pip install -q "torch==2.13.0"
python -m pip install -q -e ".[test,ray,verl,trl]"
echo "microcoder installed in $(pwd)/.venv"
