"""Translation behind a small interface.

The offline default (:class:`NoTranslator`) translates nothing, so non-English rows are
rejected with the detected language in the reason.  Plug in a real translator with
``process.translator: "my_pkg.my_mod:MyTranslator"`` -- any object with
``translate(text, source_lang, target_lang="en") -> str | None`` (or a plain function
with that signature); ``None`` means "could not translate" and the row is rejected.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Protocol, runtime_checkable


@runtime_checkable
class Translator(Protocol):
    name: str

    def translate(self, text: str, source_lang: str, target_lang: str = "en") -> str | None: ...


class NoTranslator:
    """Offline default: never translates."""

    name = "none"

    def translate(self, text: str, source_lang: str, target_lang: str = "en") -> str | None:
        return None


class FunctionTranslator:
    """Wraps ``fn(text, source_lang, target_lang) -> str | None``."""

    def __init__(self, fn: Callable[..., str | None], name: str | None = None) -> None:
        self.fn = fn
        self.name = name or getattr(fn, "__name__", "function")

    def translate(self, text: str, source_lang: str, target_lang: str = "en") -> str | None:
        return self.fn(text, source_lang, target_lang)


def load_translator(spec: str | Translator | Callable[..., Any] | None) -> Translator:
    """None -> NoTranslator; "module:attr" -> the attr (instantiated when it is a class);
    an object with ``translate`` -> itself; a function -> wrapped."""
    if spec is None or spec == "none":
        return NoTranslator()
    obj: Any = spec
    if isinstance(spec, str):
        mod_name, _, attr = spec.partition(":")
        if not attr:
            raise ValueError(f"translator spec must be 'module:attr', got {spec!r}")
        obj = getattr(importlib.import_module(mod_name), attr)
        if isinstance(obj, type):
            obj = obj()
    if hasattr(obj, "translate"):
        if not hasattr(obj, "name"):
            try:
                obj.name = type(obj).__name__
            except Exception:
                pass
        return obj
    if callable(obj):
        return FunctionTranslator(obj)
    raise TypeError(f"not a translator: {obj!r}")
