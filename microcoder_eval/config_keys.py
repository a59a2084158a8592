"""The key rules of every config: the data build's (``microcoder_data.config``), the trainer's
(``trainer_adapters.core.config``) and the TRL overrides (``trainer_adapters.trl.args``).

A key no field has is an error naming it, with the closest known keys as a hint (a typo should
not silently do nothing).  A field's help text stands next to it, as TRL's configs do
(``field(..., metadata={"help": ...})``), and :func:`fields_help` lists it for ``--help``.  It lives here, in the bottom package, so that both the dataset
pipeline and the trainers can use it (docs/architecture.md).
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable
from pathlib import Path

__all__ = [
    "UnknownKeyError",
    "check_keys",
    "close_keys",
    "did_you_mean",
    "field_default",
    "fields_help",
    "in_file",
    "read_config_file",
    "unknown_key_lines",
]


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


def unknown_key_lines(keys: Iterable[object], known: Iterable[str], what: str, where: str = "") -> list[str]:
    """One line per key of ``keys`` not in ``known``:
    ``unknown <what> 'key'[ in <where>][; did you mean ...?]`` (callers that check nested
    sections gather them, so that every unknown key is named in one message)."""
    known = set(known)
    unknown = sorted({k for k in keys if k not in known}, key=str)
    place = f" in {where}" if where else ""
    return [f"unknown {what} {k!r}{place}{did_you_mean(str(k), known)}" for k in unknown]


def check_keys(keys: Iterable[object], known: Iterable[str], what: str, where: str = "") -> None:
    """Raise :class:`UnknownKeyError` naming each key of ``keys`` not in ``known`` (see
    :func:`unknown_key_lines`)."""
    lines = unknown_key_lines(keys, known, what, where)
    if lines:
        raise UnknownKeyError("\n".join(lines))


def in_file(path: str | Path, exc: ValueError) -> ValueError:
    """``exc`` (one line per problem) said of the config file ``path``, same type:
    ``FILE: problem``, or ``FILE: N problems:`` and an indented line each."""
    lines = str(exc).splitlines() or [""]
    text = (
        f"{path}: {lines[0]}"
        if len(lines) == 1
        else f"{path}: {len(lines)} problems:\n" + "\n".join("  " + line for line in lines)
    )
    return type(exc)(text)


def read_config_file(path: str | Path) -> dict:
    """The mapping of a YAML or JSON config file (``.json`` is read as JSON, anything else as YAML).

    A file that does not parse, or is not a mapping, is a ``ValueError`` of one line naming the
    file, line and column (PyYAML's own message spans five lines with a caret drawing)."""
    import json

    import yaml

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix.lower() == ".json" else yaml.safe_load(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ValueError(f"{path}: not valid YAML{at}: {problem}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: cannot read it ({exc})") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping of config keys, got {type(data).__name__}")
    return data


def field_default(f: dataclasses.Field) -> object:
    """The default of the dataclass field ``f`` (its factory called), or ``"(required)"``."""
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return "(required)"


def fields_help(cls: type, prefix: str = "") -> str:
    """One line per field of the dataclass ``cls``: ``name=default  help`` (its ``metadata["help"]``).

    A field whose default is itself a dataclass (a config section) is listed as ``name  doc`` (the
    first paragraph of the section class's docstring), followed by its own fields as dotted keys, the
    way a config file nests them (``verify.augment_tests_to=16  ...``)."""
    lines = []
    for f in dataclasses.fields(cls):
        default = field_default(f)
        name = prefix + f.name
        if dataclasses.is_dataclass(default):
            doc = " ".join((type(default).__doc__ or "").split("\n\n")[0].split())
            lines.append(f"{name}  {f.metadata.get('help', doc)}".rstrip())
            lines.append(fields_help(type(default), name + "."))
            continue
        lines.append(f"{name}={default}  {f.metadata.get('help', '')}".rstrip())
    return "\n".join(lines)
