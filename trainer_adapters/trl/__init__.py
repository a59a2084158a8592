"""TRL backend of MicroCoder-GRPO: ``microcoder train --backend trl``.

``run_trl(config, model, dataset, output_dir=None)`` runs the whole loop (generate with
the staged temperature, judge with microcoder_eval's reward, GRPO advantages with the
conditional truncation mask, token-mean clipped update, metrics, checkpoints) on TRL's
``GRPOTrainer``; see ``README.md`` in this directory.  ``launcher`` imports torch and trl
on first use only, so importing the package is cheap.
"""

from .launcher import build_trainer, run_trl

__all__ = ["build_trainer", "run_trl"]
