"""``--preset microcoder|grpo|dapo``: MicroCoder-GRPO and the paper's two baselines (Table 1).

A preset sets a handful of :class:`~trainer_adapters.core.config.MicroCoderGRPOConfig`
keys; everything else (model, data, lengths, batch, lr, temperature, seed) stays as the
config says, so the three runs differ only in the algorithm. Order of precedence (last
wins): defaults < ``--config`` file < preset < ``key=value`` on the command line.

* ``microcoder`` -- the config as it is (the paper's defaults: no KL, clip-higher
  0.2/0.28, conditional truncation mask rho = 0.3).
* ``grpo`` -- GRPO as usually run: KL loss on against a reference model
  (``kl_coef`` 0.001, verl's default ``kl_loss_coef``), symmetric clip 0.2/0.2, no mask.
* ``dapo`` -- DAPO's choices: no KL, clip-higher 0.2/0.28, dynamic sampling (groups whose
  samples all got the same accuracy are dropped and refilled), overlong reward shaping
  with a buffer of one fifth of the response length (DAPO's recipe: 4096 of 20480
  tokens) and penalty factor 1.0, no mask. Where a backend lacks one of these, its plan
  says so (:attr:`trainer_adapters.core.backend.Backend.unsupported`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

__all__ = ["PRESETS", "apply_preset"]


def _microcoder(cfg: Any) -> dict[str, Any]:
    return {}


def _grpo(cfg: Any) -> dict[str, Any]:
    return dict(
        use_kl_loss=True,
        kl_coef=0.001,
        clip_ratio_low=0.2,
        clip_ratio_high=0.2,
        mask_probability=0.0,
        dynamic_sampling=False,
        overlong_buffer_length=0,
    )


def _dapo(cfg: Any) -> dict[str, Any]:
    return dict(
        use_kl_loss=False,
        kl_coef=0.0,
        clip_ratio_low=0.2,
        clip_ratio_high=0.28,
        mask_probability=0.0,
        dynamic_sampling=True,
        overlong_buffer_length=max(1, cfg.max_response_length // 5),
        overlong_penalty_factor=1.0,
    )


PRESETS: dict[str, Callable[[Any], dict[str, Any]]] = {"microcoder": _microcoder, "grpo": _grpo, "dapo": _dapo}


def apply_preset(cfg: Any, name: str) -> Any:
    """``cfg`` with preset ``name``'s keys set (a copy); unknown names raise ``ValueError``."""
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
    changes = PRESETS[name](cfg)
    if not changes:
        return cfg
    return dataclasses.replace(cfg, **changes)
