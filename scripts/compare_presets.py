"""Run MicroCoder-GRPO and the paper's two baselines on the same data and seed, and draw the
paper's Figure-7 style curves (accuracy, response length, diversity, mask fraction per step).

    python scripts/compare_presets.py --out runs/presets                       # CPU: tiny local model
    python scripts/compare_presets.py --out runs/presets --model Qwen/Qwen3-4B-Instruct-2507 \\
        --dataset out/ds --steps 300 train_batch_size=64 ...                   # GPU: the real comparison
    python scripts/compare_presets.py --plot-only --out runs/presets           # redraw from metrics.jsonl

Each preset trains with the TRL backend (``trainer_adapters.trl.run_trl``) into
``OUT/<preset>/`` and writes ``metrics.jsonl``; the figure ``OUT/presets.png`` is drawn from
those files only, so runs made elsewhere (e.g. verl on a GPU cluster, copied into
``OUT/<preset>/metrics.jsonl``) can be drawn the same way. Without ``--model``, a tiny randomly
initialised model is built locally: that run proves the plumbing, its curves mean nothing.
Without ``--dataset``, the built-in HumanEval source is built with ``microcoder data build``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

PRESETS = ("microcoder", "grpo", "dapo")
#: (metrics.jsonl key, panel title); TRL logs the response length as completions/mean_length
PANELS = (
    ("microcoder/accuracy", "training accuracy"),
    ("completions/mean_length", "response length (tokens)"),
    ("microcoder/diversity", "4-gram diversity"),
    ("microcoder/mask_fraction", "mask fraction"),
)


def read_curves(metrics_path: Path) -> dict[str, list[tuple[int, float]]]:
    """``{key: [(step, value), ...]}`` from the training records (those with a ``loss``) of a metrics.jsonl."""
    curves: dict[str, list[tuple[int, float]]] = {key: [] for key, _ in PANELS}
    for line in metrics_path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if "loss" not in record:  # validation / probe records
            continue
        for key, _ in PANELS:
            value = record.get(key)
            if value is not None and not (isinstance(value, float) and math.isnan(value)):
                curves[key].append((int(record["step"]), float(value)))
    return curves


def plot(out_dir: Path, presets=PRESETS, png: Path | None = None) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    runs = {p: read_curves(out_dir / p / "metrics.jsonl") for p in presets if (out_dir / p / "metrics.jsonl").is_file()}
    if not runs:
        raise FileNotFoundError(f"no {out_dir}/<preset>/metrics.jsonl for any of {presets}")
    fig, axes = plt.subplots(1, len(PANELS), figsize=(4.2 * len(PANELS), 3.4))
    for ax, (key, title) in zip(axes, PANELS):
        # distinct line styles: on a tiny model the curves often coincide and must stay visible
        for (name, curves), style, marker in zip(runs.items(), ("-", "--", ":", "-."), ("o", "s", "^", "d")):
            points = curves[key]
            if points:
                ax.plot(
                    [s for s, _ in points],
                    [v for _, v in points],
                    linestyle=style,
                    marker=marker,
                    markersize=4,
                    label=name,
                )
        ax.xaxis.get_major_locator().set_params(integer=True)
        ax.set_title(title)
        ax.set_xlabel("step")
        ax.grid(alpha=0.3)
    axes[0].legend()
    fig.tight_layout()
    png = png or out_dir / "presets.png"
    fig.savefig(png, dpi=110)
    plt.close(fig)
    return png


def _tiny_setup(work: Path) -> tuple[str, str]:
    """A tiny local model and an 8-problem dataset built by the real pipeline (CPU plumbing run)."""
    from microcoder_data.config import ExportConfig, PipelineConfig
    from microcoder_data.recipe import build
    from microcoder_testing.tiny import build_tiny_checkpoint

    model = work / "tiny-model"
    if not (model / "config.json").is_file():
        build_tiny_checkpoint(model, seed=0)
    data = work / "data"
    if not (data / "train.parquet").is_file():
        build(
            PipelineConfig(
                sources=["humaneval"],
                limit=8,
                out_dir=str(data),
                progress=False,
                workers=2,
                export=ExportConfig(hf=False, card=False),
            ),
            log=lambda msg: None,
        )
    return str(model), str(data)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, type=Path, help="OUT/<preset>/ runs and OUT/presets.png")
    ap.add_argument("--model", help="model path (default: a tiny local model, CPU plumbing only)")
    ap.add_argument("--dataset", help="`microcoder data build` output directory (default: built-in HumanEval, 8 rows)")
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--plot-only", action="store_true")
    ap.add_argument("overrides", nargs="*", help="MicroCoderGRPOConfig key=value, applied to every preset")
    args = ap.parse_args(argv)
    presets = tuple(p.strip() for p in args.presets.split(",") if p.strip())
    args.out.mkdir(parents=True, exist_ok=True)

    if not args.plot_only:
        from trainer_adapters.core import MicroCoderGRPOConfig, apply_preset
        from trainer_adapters.trl import run_trl

        model, dataset = args.model, args.dataset
        tiny = model is None
        if tiny:
            import torch

            torch.set_num_threads(1)  # the model is tiny: one thread is as fast and shares the box
            model, tiny_data = _tiny_setup(args.out / "_setup")
            dataset = dataset or tiny_data
        elif dataset is None:
            ap.error("--dataset is required with --model")
        small = (
            [
                "train_batch_size=2",
                "ppo_mini_batch_size=1",
                "num_generations=8",
                "max_response_length=48",
                "max_prompt_length=1024",
                "learning_rate=1e-4",
                "save_freq=0",
                "val_before_train=false",
            ]
            if tiny
            else []
        )
        for preset in presets:
            items = [*small, f"total_training_steps={args.steps}", *args.overrides]
            base = MicroCoderGRPOConfig(model_name_or_path=model).with_overrides(items)
            # as the CLI: the preset sees the final lengths, then explicit keys win
            cfg = apply_preset(base, preset).with_overrides(items)
            run_dir = args.out / preset
            if (run_dir / "final").is_dir():
                print(f"{preset}: already trained in {run_dir}, kept")
                continue
            print(f"{preset}: training {args.steps} steps into {run_dir}", flush=True)
            run_trl(cfg, model, dataset, str(run_dir))
    png = plot(args.out, presets)
    print(f"figure: {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
