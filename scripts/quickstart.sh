#!/usr/bin/env bash
# Set up, build the built-in default dataset (offline), then judge its reference
# solutions with the evaluator and print the report.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. .venv/bin/activate
OUT="${1:-out/microcoder-dataset}"
microcoder data build --out "$OUT"
python - "$OUT" <<'PY'
import json, sys
from pathlib import Path
from microcoder_data.schema import Problem
import pyarrow.parquet as pq
out = Path(sys.argv[1])
rows = pq.read_table(out / "problems.parquet").to_pylist()
with open(out / "reference_solutions.jsonl", "w") as fh:
    for row in rows:
        p = Problem.from_row(row)
        for ref in p.reference_solutions[:1]:
            fh.write(json.dumps({"problem_id": p.id, "completion": "```python\n" + ref + "\n```"}) + "\n")
PY
microcoder eval run --dataset "$OUT/problems.parquet" --solutions "$OUT/reference_solutions.jsonl" \
  --out "$OUT/reference_results.jsonl" --k 1
