"""``--backend verl``: the :class:`~trainer_adapters.core.backend.Backend` of verl (imports verl on use only)."""

from __future__ import annotations

import contextlib
import io
import warnings
from typing import TextIO

from trainer_adapters.core.backend import Backend, TrainRequest

__all__ = ["VerlBackend"]


class VerlBackend(Backend):
    """verl: dotted (and ``+``/``~``) keys are Hydra overrides of ``ppo_trainer``; Hydra checks
    them when the config is composed (:func:`.launcher.run_verl`)."""

    name = "verl"

    def dry_run(self, request: TrainRequest, out: TextIO) -> None:
        with _upstream_noise(hidden=not request.show_config):
            self._run(request, out, dry_run=True)

    def launch(self, request: TrainRequest, out: TextIO) -> None:
        self._run(request, out, dry_run=False)

    @staticmethod
    def _run(request: TrainRequest, out: TextIO, dry_run: bool) -> None:
        from .launcher import run_verl

        cfg = request.cfg
        run_verl(
            cfg,
            model=cfg.model_name_or_path,
            dataset=request.dataset,
            output_dir=cfg.output_dir,
            overrides=list(request.overrides),
            dry_run=dry_run,
            out=out,
            show_config=request.show_config,
            preset=request.preset,
        )


@contextlib.contextmanager
def _upstream_noise(hidden: bool):
    """With ``hidden``, swallow what verl's imports and checks print meanwhile (its engine
    warnings, "[validate_config] ... passed") so that the plan is what a dry run shows;
    --show-config keeps them."""
    if not hidden:
        yield
        return
    with (
        warnings.catch_warnings(),
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        warnings.simplefilter("ignore")
        yield
