"""The contract a trainer backend fulfils for ``microcoder train --backend NAME``.

A backend is one folder under ``trainer_adapters/`` with a :class:`Backend` subclass, and one
line in :data:`trainer_adapters.backends.BACKENDS` naming it; the CLI calls only this contract,
so it never names a backend. A backend module imports nothing heavy at import time (torch, its
trainer library): ``microcoder train --help`` and the other backends' runs load it too.

Errors: a bad ``key=value`` or a missing option is a :class:`UsageError`, any other bad input a
one-line ``ValueError`` naming the place.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar, TextIO

from .config import MicroCoderGRPOConfig

__all__ = ["Backend", "UsageError", "TrainRequest"]


class UsageError(ValueError):
    """A bad command-line input (a ``key=value`` the backend cannot apply, a missing option): the CLI shows it as a usage error."""


@dataclass(frozen=True)
class TrainRequest:
    """What one ``microcoder train`` asks of a backend."""

    cfg: MicroCoderGRPOConfig  # resolved: file < preset < key=value, with --model / --output-dir
    preset: str
    dataset: str | None
    overrides: tuple[str, ...] = ()  # the command line's key=value that are not MicroCoderGRPOConfig keys
    show_config: bool = False  # with a dry run: the whole resolved config as well


class Backend(ABC):
    """One trainer backend: its dry-run plan, its launch, its override check, what it does not support."""

    #: the name after ``--backend``
    name: ClassVar[str]
    #: MicroCoderGRPOConfig keys the backend cannot honour; switched on, the plan says they are ignored
    unsupported: ClassVar[tuple[str, ...]] = ()
    #: whether a plain ``key=value`` that is not a MicroCoderGRPOConfig key is the backend's (TRL's
    #: GRPOConfig fields); else only dotted or ``+``/``~`` keys are, and a plain unknown key is an error
    plain_override_keys: ClassVar[bool] = False

    def not_supported(self, cfg: MicroCoderGRPOConfig) -> list[str]:
        """The :attr:`unsupported` keys that ``cfg`` switches on."""
        return [key for key in self.unsupported if getattr(cfg, key)]

    def check_overrides(self, request: TrainRequest) -> TrainRequest:
        """Check the request's overrides before anything starts (an :class:`UsageError` naming a
        bad one); returns the request the run uses. By default the backend checks them where it
        composes its own config, in :meth:`dry_run` / :meth:`launch`."""
        return request

    @abstractmethod
    def dry_run(self, request: TrainRequest, out: TextIO) -> None:
        """Check the model and dataset, write the plan to ``out``; start nothing."""

    @abstractmethod
    def launch(self, request: TrainRequest, out: TextIO) -> None:
        """Train; write where the result is to ``out``."""
