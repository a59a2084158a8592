"""The key rules of every config: the data build's (``microcoder_data.config``), the trainer's
(``trainer_adapters.core.config``) and the TRL overrides (``trainer_adapters.trl.args``).

A key no field has is an error naming it, with the closest known keys as a hint (a typo should
not silently do nothing).  A field's help text stands next to it, as TRL's configs do
(``field(..., metadata={"help": ...})``), and :func:`fields_help` lists it for ``--help``.  It lives here, in the bottom package, so that both the dataset
pipeline and the trainers can use it (README, "Layout").
"""
from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable

__all__ = ["UnknownKeyError", "check_keys", "close_keys", "did_you_mean", "fields_help"]


class UnknownKeyError(KeyError, ValueError):
    """Keys no config field has (the message names each).  A ``KeyError`` for the trainer's
    callers, a ``ValueError`` for the data build's."""

    def __str__(self) -> str:  # the message, not KeyError's repr of it
        return str(self.args[0]) if self.args else ""


def close_keys(key: str, known: Iterable[str]) -> list[str]:
    """The (at most 3) known keys closest to ``key``, closest first."""
    return difflib.get_close_matches(str(key), sorted(known), n=3)


def did_you_mean(key: str, known: Iterable[str]) -> str:
    """``"; did you mean a, b?"`` with the known keys closest to ``key`` ("" when none is close)."""
    close = close_keys(key, known)
    return f"; did you mean {', '.join(close)}?" if close else ""


def check_keys(keys: Iterable[object], known: Iterable[str], what: str, where: str = "") -> None:
    """Raise :class:`UnknownKeyError` when a key of ``keys`` is not in ``known``: one line per
    unknown key, ``unknown <what> 'key'[ in <where>][; did you mean ...?]``."""
    known = set(known)
    unknown = sorted({k for k in keys if k not in known}, key=str)
    if unknown:
        place = f" in {where}" if where else ""
        raise UnknownKeyError("\n".join(f"unknown {what} {k!r}{place}{did_you_mean(str(k), known)}" for k in unknown))


def fields_help(cls: type, prefix: str = "") -> str:
    """One line per field of the dataclass ``cls``: ``name=default  help`` (its ``metadata["help"]``).

    A field whose default is itself a dataclass (a config section) is listed as ``name  doc`` (the
    first paragraph of the section class's docstring), followed by its own fields as dotted keys, the
    way a config file nests them (``verify.augment_tests_to=16  ...``)."""
    lines = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = "(required)"
        name = prefix + f.name
        if dataclasses.is_dataclass(default):
            doc = " ".join((type(default).__doc__ or "").split("\n\n")[0].split())
            lines.append(f"{name}  {f.metadata.get('help', doc)}".rstrip())
            lines.append(fields_help(type(default), name + "."))
            continue
        lines.append(f"{name}={default}  {f.metadata.get('help', '')}".rstrip())
    return "\n".join(lines)
