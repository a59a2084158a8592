"""A Hydra override verl cannot apply, as one line: the key, with the closest keys of verl's
``ppo_trainer`` config (``trainer.total_epochz=2`` -> did you mean trainer.total_epochs?),
instead of Hydra's ``ConfigCompositionException`` and its traceback."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from microcoder_eval.config_keys import close_keys, did_you_mean

__all__ = ["override_error_line", "verl_config_keys"]


def override_error_line(exc: Exception, overrides: Iterable[str] = ()) -> str:
    """The message for Hydra's error ``exc`` about an override: a line per unknown key of
    ``overrides`` (Hydra stops at the first), else the first line of Hydra's message."""
    message = str(exc)
    unknown = re.search(r"Could not override '([^']+)'", message)
    if unknown is None:
        first = message.strip().splitlines()[0] if message.strip() else type(exc).__name__
        return f"bad verl override: {first}"
    known = verl_config_keys()
    keys = [item.split("=", 1)[0].strip() for item in overrides if "=" in item]
    missing = [k for k in dict.fromkeys(keys) if k[:1] not in "+~" and k not in known] or [unknown.group(1)]
    return "\n".join(
        f"unknown verl config key {k!r}{_closest(k, known)} "
        f"(a key verl does not have is added with a leading +: +{k}=...)"
        for k in missing
    )


def _closest(key: str, known: list[str]) -> str:
    """ "; did you mean ...?" -- among the key's siblings first (``trainer.total_epochz`` ->
    ``trainer.total_epochs``, not ``trainer.val_only``), else among all keys."""
    parent, _, leaf = key.rpartition(".")
    siblings = [
        k[len(parent) + 1 :] for k in known if parent and k.startswith(parent + ".") and "." not in k[len(parent) + 1 :]
    ]
    close = close_keys(leaf, siblings) if siblings else []
    if close:
        return f"; did you mean {', '.join(f'{parent}.{c}' for c in close)}?"
    return did_you_mean(key, known)


def verl_config_keys() -> list[str]:
    """Every dotted key of verl's stock ``ppo_trainer`` config."""
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    from .config_builder import verl_config_dir

    if GlobalHydra.instance().is_initialized():
        GlobalHydra.instance().clear()
    with initialize_config_dir(config_dir=verl_config_dir(), version_base=None):
        stock = compose(config_name="ppo_trainer")
    return list(_dotted(stock))


def _dotted(node, prefix: str = "") -> Iterator[str]:
    from omegaconf import DictConfig

    for key in node:
        full = f"{prefix}{key}"
        yield full
        child = node._get_node(key)  # without resolving interpolations
        if isinstance(child, DictConfig):
            yield from _dotted(child, full + ".")
