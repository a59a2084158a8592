#!/usr/bin/env bash
# Set up and run the whole test suite (CPU only; tests over ../shared/data skip when it is absent).
#
# The three modules that start Ray inside the pytest process each run in a pytest process of
# their own: Ray does not support shutting down and starting again in one process while its
# background threads live (ray-project/ray#31145), and a suite doing so can crash at exit
# after every test passed.  With arguments, pytest runs exactly those.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. .venv/bin/activate
export PYTHONFAULTHANDLER=1  # a crash prints every thread's stack
if [ "$#" -gt 0 ]; then
    exec python -m pytest -p no:cacheprovider -q "$@"
fi
# the house's formatter and linter first (seconds): pyproject.toml [tool.ruff]; `ruff format .` fixes the first
ruff format --check .
ruff check .
RAY_IN_PROCESS=(tests/test_ray_executor.py tests/test_ray_judge_pool.py tests/test_verl_adapter.py)
status=0
python -m pytest -p no:cacheprovider -q "${RAY_IN_PROCESS[@]/#/--ignore=}" || status=$?
for module in "${RAY_IN_PROCESS[@]}"; do
    python -m pytest -p no:cacheprovider -q "$module" || status=$?
done
exit "$status"
