"""The conditional truncation mask's own cost per step at paper scale.

    python benchmarks/bench_mask_cost.py [--prompts 64] [--samples 8] [--length 4096] [--repeats 5]

One GRPO step of the paper: 64 prompts x 8 samples = 512 responses of up to 4,096
tokens. Synthetic token ids (seeded): a third of the responses reach the length limit
(half of those end in a loop of period 7, 64 or 128), the rest stop earlier; verdicts are
a mix of accepted / wrong_answer / incomplete / no_code. Times
``trainer_adapters.verl.advantage.plan_truncation_mask`` -- the whole per-step decision
the verl trainer runs after GRPO advantages: session grouping, canonical order, the
period repetition check, the draws, the diversity and mask metrics -- and, for
comparison, the same with the paper's literal two-window check. Median of ``--repeats``.
Writes ``benchmarks/results/mask_cost.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from trainer_adapters.verl.advantage import plan_truncation_mask

HERE = Path(__file__).resolve().parent


def synthetic_step(prompts: int, samples: int, length: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    keys, prompt_ids, responses, scores, extras = [], [], [], [], []
    verdicts = ["accepted", "wrong_answer", "incomplete", "no_code"]
    for p in range(prompts):
        prompt = rng.integers(0, 150_000, size=int(rng.integers(200, 1000))).tolist()
        for s in range(samples):
            kind = rng.random()
            if kind < 1 / 6:  # truncated, looping
                period = int(rng.choice([7, 64, 128]))
                unit = rng.integers(0, 150_000, size=period).tolist()
                head = rng.integers(0, 150_000, size=length // 2).tolist()
                resp = (head + unit * (length // period + 2))[:length]
            elif kind < 1 / 3:  # truncated, still writing
                resp = rng.integers(0, 150_000, size=length).tolist()
            else:
                resp = rng.integers(0, 150_000, size=int(rng.integers(100, length))).tolist()
            verdict = verdicts[int(rng.integers(0, 4))]
            keys.append(f"uid{p}_{s}_0")
            prompt_ids.append(prompt)
            responses.append(resp)
            scores.append(1.0 if verdict == "accepted" else 0.0)
            extras.append(
                {"reward_extra_info": {"verdict": verdict, "acc": scores[-1], "incomplete": verdict == "incomplete"}}
            )
    return keys, prompt_ids, responses, scores, extras, [False] * len(keys)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--prompts", type=int, default=64)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--length", type=int, default=4096)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    rows = synthetic_step(args.prompts, args.samples, args.length)
    result = {
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        "responses": len(rows[0]),
        "max_response_length": args.length,
    }
    for check in ("period", "window"):
        times = []
        for r in range(args.repeats):
            t = time.perf_counter()
            plan = plan_truncation_mask(
                *rows,
                max_response_length=args.length,
                probability=0.3,
                rng=np.random.default_rng(r),
                window=128,
                repetition_check=check,
            )
            times.append(time.perf_counter() - t)
        result[check] = {
            "median_s": statistics.median(times),
            "all_s": times,
            "mask_fraction": plan.metrics["microcoder/mask_fraction"],
            "repetition_fraction": plan.metrics["microcoder/repetition_fraction"],
        }
        print(
            f"{check:7s} median {statistics.median(times) * 1000:.0f} ms over {args.repeats}; "
            f"repetition_fraction {plan.metrics['microcoder/repetition_fraction']:.3f}"
        )
    out = HERE / "results" / "mask_cost.json"
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
