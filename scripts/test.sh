#!/usr/bin/env bash
# Set up and run the whole test suite (CPU only; tests over ../shared/data skip when it is absent).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. .venv/bin/activate
python -m pytest -p no:cacheprovider -q "$@"
