"""The trainer backends ``microcoder train --backend`` knows: name -> ``module:Class``.

A new backend is a folder under ``trainer_adapters/`` with a
:class:`~trainer_adapters.core.backend.Backend` subclass, and one line here. The module is
imported only when its backend is chosen, so ``--help`` and the other backends never import it.
"""

from __future__ import annotations

import importlib

from trainer_adapters.core.backend import Backend

__all__ = ["BACKENDS", "load", "names", "register"]

BACKENDS: dict[str, str] = {
    "verl": "trainer_adapters.verl.backend:VerlBackend",
    "trl": "trainer_adapters.trl.backend:TrlBackend",
}


def names() -> list[str]:
    """The registered backend names, the default (verl) first."""
    return list(BACKENDS)


def register(name: str, path: str) -> None:
    """Add (or replace) backend ``name``, a ``module:Class`` path (a plugin, or a test's backend)."""
    if ":" not in path:
        raise ValueError(f"backend {name!r}: {path!r} is not of the form module:Class")
    BACKENDS[name] = path


def load(name: str) -> Backend:
    """The backend ``name``, its module imported now."""
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")
    module, _, attr = BACKENDS[name].partition(":")
    cls = getattr(importlib.import_module(module), attr)
    if not (isinstance(cls, type) and issubclass(cls, Backend)):
        raise TypeError(f"backend {name!r}: {BACKENDS[name]} is not a trainer_adapters.core.backend.Backend subclass")
    return cls()
