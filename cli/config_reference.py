"""``docs/config.md``: every config key with its default and help text, written from the config
dataclasses themselves (each field's ``metadata["help"]``, each section's docstring), so the reference
cannot drift from the code.

    python -m cli.config_reference > docs/config.md

``tests/test_config_reference.py`` regenerates it in memory and fails when the file differs.  It lives
in ``cli`` because it reads both the data build's and the trainer's configs (the layout lets only a
package above both import them).
"""

from __future__ import annotations

import dataclasses
import json

from microcoder_data.config import PipelineConfig
from microcoder_eval.config_keys import field_default
from trainer_adapters.core.config import MicroCoderGRPOConfig

COMMAND = "python -m cli.config_reference > docs/config.md"

# (dataclass, the command that reads it, how a user sets a key)
CONFIGS = (
    (
        PipelineConfig,
        "microcoder data build",
        "in the `--config` file (YAML or JSON); a dotted key is a nested section "
        "(`verify.augment_tests_to: 16` is `verify: {augment_tests_to: 16}`)",
    ),
    (
        MicroCoderGRPOConfig,
        "microcoder train",
        "as `key=value` on the command line or in the `--config` file; `--preset` sets several at once",
    ),
)


def _doc(cls: type) -> str:
    """The first paragraph of a section class's docstring, on one line."""
    return " ".join((cls.__doc__ or "").split("\n\n")[0].split())


def _show(value: object) -> str:
    """A default as a user writes it in YAML/JSON (``null``, ``true``, ``"text"``, ``[1, 2]``)."""
    if isinstance(value, tuple):
        value = list(value)
    try:
        text = json.dumps(value, ensure_ascii=False)
    except TypeError:
        text = str(value)
    return "`" + text.replace("|", "\\|") + "`"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _groups(cls: type) -> list[tuple[type, list[dataclasses.Field]]]:
    """``cls``'s fields by the class that declares them, in field order: a section composed of
    several settings classes (``VerifyConfig`` extends ``TestgenConfig``, ...) is listed by part."""
    groups: list[tuple[type, list[dataclasses.Field]]] = []
    for f in dataclasses.fields(cls):
        owner = next(c for c in cls.__mro__ if f.name in c.__dict__.get("__annotations__", {}))
        if not groups or groups[-1][0] is not owner:
            groups.append((owner, []))
        groups[-1][1].append(f)
    return groups


def _section(cls: type, prefix: str, level: int) -> list[str]:
    """The table of ``cls``'s own keys (one per settings class it is composed of, each under a
    heading naming its module), then a sub-heading and table for each nested section."""
    out, nested = [], []
    groups = _groups(cls)
    for owner, fields in groups:
        rows = []
        for f in fields:
            default = field_default(f)
            if dataclasses.is_dataclass(default):
                nested.append((prefix + f.name, type(default), f.metadata.get("help", "")))
                continue
            rows.append(f"| `{prefix}{f.name}` | {_show(default)} | {_cell(f.metadata.get('help', ''))} |")
        if not rows:
            continue
        if len(groups) > 1:
            where = owner.__module__.replace(".", "/") + ".py"
            out += [f"{'#' * level} `{owner.__name__}` ({where})", ""]
            out += [_doc(owner), ""] if owner is not cls else []  # the section's own: its doc is above
        out += ["| key | default | what it does |", "|---|---|---|", *rows, ""]
    for name, section, help_text in nested:
        where = "" if len(_groups(section)) > 1 else f" ({section.__module__.replace('.', '/')}.py)"
        out += [f"{'#' * level} `{name}`", "", _cell(help_text or _doc(section)) + where, ""]
        out += _section(section, name + ".", min(level + 1, 6))
    return out


def render() -> str:
    """The whole of ``docs/config.md``."""
    out = [
        "# Config reference",
        "",
        f"<!-- Generated from the config dataclasses' help texts: `{COMMAND}`. Do not edit by hand. -->",
        "",
        'Every key, its default and its help text, as the code defines them (each field\'s `metadata["help"]`,',
        "next to the field). `--help` on each command lists the same keys. An unknown key is an error naming it",
        "with the closest known keys.",
        "",
    ]
    for cls, command, how in CONFIGS:
        out += [f"## `{command}`: `{cls.__name__}`", "", f"{_doc(cls)} Set a key {how}.", ""]
        out += _section(cls, "", 3)
    return "\n".join(out).rstrip("\n") + "\n"


if __name__ == "__main__":
    print(render(), end="")
