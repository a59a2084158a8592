"""``--backend trl``: the :class:`~trainer_adapters.core.backend.Backend` of TRL (imports torch/trl on use only)."""

from __future__ import annotations

import dataclasses
from typing import TextIO

from microcoder_eval.config_keys import close_keys
from microcoder_eval.model_ref import describe_model
from trainer_adapters.core.backend import Backend, TrainRequest, UsageError
from trainer_adapters.core.config import MicroCoderGRPOConfig
from trainer_adapters.core.plan import check_dataset

__all__ = ["TrlBackend"]


class TrlBackend(Backend):
    """TRL: a plain ``key=value`` that is no MicroCoderGRPOConfig key is a ``trl.GRPOConfig`` field,
    appended to the config's ``backend_overrides.trl`` (so the command line's win)."""

    name = "trl"
    unsupported = ("dynamic_sampling",)
    plain_override_keys = True

    def check_overrides(self, request: TrainRequest) -> TrainRequest:
        cfg = request.cfg
        if request.overrides:
            items = [*cfg.backend_overrides.get("trl", []), *request.overrides]
            cfg = dataclasses.replace(cfg, backend_overrides={**cfg.backend_overrides, "trl": items})
        typed_overrides(cfg.backend_overrides.get("trl", []), cli_items=request.overrides)
        return dataclasses.replace(request, cfg=cfg)

    def dry_run(self, request: TrainRequest, out: TextIO) -> None:
        from .launcher import dry_run_plan

        cfg = request.cfg
        model, files = self._inputs(request)
        trl_overrides = typed_overrides(cfg.backend_overrides.get("trl", []), cli_items=request.overrides)
        plan = dry_run_plan(
            cfg,
            preset=request.preset,
            model=model,
            files=files,
            trl_overrides=list(trl_overrides),
            show_config=request.show_config,
            not_supported=self.not_supported(cfg),
        )
        out.write(plan + "\n")

    def launch(self, request: TrainRequest, out: TextIO) -> None:
        self._inputs(request)
        if request.dataset is None:
            raise UsageError("--dataset is required to train")
        from transformers.trainer_utils import get_last_checkpoint

        from . import run_trl

        cfg = request.cfg
        final = run_trl(cfg, cfg.model_name_or_path, request.dataset, cfg.output_dir)
        last = get_last_checkpoint(str(final.parent))
        out.write(
            f"trained model: {final}/"
            + (f"; last checkpoint: {last}/ (the same --output-dir resumes from it)" if last else "")
            + "\n"
        )

    @staticmethod
    def _inputs(request: TrainRequest):
        """The model's description and the dataset's files (a ValueError naming a missing one)."""
        model = describe_model(request.cfg.model_name_or_path)
        return model, check_dataset(request.dataset) if request.dataset is not None else None


def typed_overrides(items: list[str], cli_items: tuple[str, ...] | list[str] = ()) -> dict:
    """Typed GRPOConfig overrides; a bad one is a :class:`UsageError` naming it (before any training)."""
    try:
        import trl  # noqa: F401  (the field names come from trl.GRPOConfig)
    except ImportError as exc:
        raise ValueError(f"the trl backend needs TRL: pip install -e '.[trl]' ({exc})") from None
    from .args import parse_trl_overrides

    # one at a time, so that the error is about the item the user wrote
    out: dict = {}
    for item in items:
        try:
            out.update(parse_trl_overrides([item]))
        except KeyError as exc:
            message = str(exc.args[0])
            key = item.split("=", 1)[0].strip()
            close = close_keys(key, MicroCoderGRPOConfig.field_names())
            if item in cli_items and close:  # a plain CLI key may be a misspelt MicroCoder key
                message += f" (or the MicroCoderGRPOConfig key {', '.join(close)}?)"
            raise UsageError(message) from None
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return out
