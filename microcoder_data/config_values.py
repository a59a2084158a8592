"""Config file values against the field types of :mod:`microcoder_data.config`.

YAML already types its scalars, so a value is checked, not parsed: ``seed: abc`` or
``exact: "maybe"`` is an error naming the key and the value instead of a crash (or a silent
``"maybe"`` that is truthy) deep inside a stage.  A field may carry a lower bound in its
metadata (``metadata={"min": 1}``).  The one conversion: an unquoted YAML date
(``date_cutoff: 2024-08-01``) is a ``datetime.date``, taken as its ISO string for a ``str`` field.
"""

from __future__ import annotations

import datetime as dt
import types
import typing
from typing import Any

__all__ = ["check_value"]

_TYPE_NAMES = {int: "an integer", float: "a number", bool: "true or false", str: "a string"}


def check_value(value: Any, hint: Any, minimum: float | None = None) -> tuple[Any, str | None]:
    """``(value to use, None)``, or ``(value, "why it is wrong")`` for a value that does not fit
    the field type ``hint`` (``int``, ``float``, ``bool``, ``str``, ``X | None``, ``list[str]``,
    ``dict[str, float]``) or is below ``minimum``."""
    options = typing.get_args(hint) if _is_union(hint) else (hint,)
    if value is None:
        return (None, None) if type(None) in options else (value, "must not be null")
    for option in options:
        if option is type(None):
            continue
        converted, ok = _fits(value, option)
        if ok:
            if minimum is not None and isinstance(converted, (int, float)) and converted < minimum:
                null = " (or null)" if type(None) in options else ""
                return value, f"must be >= {minimum}{null}"
            return converted, None
    wanted = " or ".join(_describe(o) for o in options if o is not type(None))
    null = " (or null)" if type(None) in options else ""
    return value, f"expected {wanted}{null}, got {type(value).__name__}"


def _is_union(hint: Any) -> bool:
    return typing.get_origin(hint) in (typing.Union, types.UnionType)


def _fits(value: Any, tp: Any) -> tuple[Any, bool]:
    origin = typing.get_origin(tp)
    if origin is list:
        (item,) = typing.get_args(tp) or (Any,)
        if not isinstance(value, list):
            return value, False
        checked = [_fits(v, item) for v in value]
        return [v for v, _ in checked], all(ok for _, ok in checked)
    if origin is dict:
        key_tp, value_tp = typing.get_args(tp) or (Any, Any)
        if not isinstance(value, dict):
            return value, False
        checked = {k: _fits(v, value_tp) for k, v in value.items()}
        ok = all(_fits(k, key_tp)[1] and fit for k, (_, fit) in checked.items())
        return {k: v for k, (v, _) in checked.items()}, ok
    if tp is Any:
        return value, True
    if tp is bool:
        return value, isinstance(value, bool)
    if isinstance(value, bool):  # YAML's true is an int to Python; not a number in a config
        return value, False
    if tp is float:
        return (float(value), True) if isinstance(value, (int, float)) else (value, False)
    if tp is str and isinstance(value, dt.date):
        return value.isoformat(), True
    return value, isinstance(value, tp) if isinstance(tp, type) else True


def _describe(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is list:
        return f"a list of {_plural(typing.get_args(tp)[0])}"
    if origin is dict:
        key_tp, value_tp = typing.get_args(tp) or (Any, Any)
        return f"a mapping of {_plural(key_tp)} to {_plural(value_tp)}"
    return _TYPE_NAMES.get(tp, getattr(tp, "__name__", str(tp)))


def _plural(tp: Any) -> str:
    return _describe(tp).split(" ", 1)[-1] + "s"
