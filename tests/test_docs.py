"""The documents stay true to the code and to each other:

* ``docs/config.md`` is what ``python -m cli.config_reference`` writes now (every config key and
  help text), and every config field has a help text to write;
* every relative link in README.md, BENCHMARKS.md, docs/ and the trainer adapters' READMEs points to a
  file that exists, and a ``#anchor`` to a heading (GitHub's slug) or an ``id`` in that file;
* the README stays a first screen: at most 200 lines, with its two commands.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from cli import config_reference
from microcoder_eval.config_keys import field_default

ROOT = Path(__file__).resolve().parents[1]
DOCS = [
    ROOT / "README.md",
    ROOT / "BENCHMARKS.md",
    *sorted((ROOT / "docs").rglob("*.md")),
    *sorted((ROOT / "trainer_adapters").glob("*/README.md")),
]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
REFERENCE = re.compile(r"^\[[^\]]+\]:\s*(\S+)")  # a reference-style link's definition


def test_config_reference_is_current():
    written = (ROOT / "docs" / "config.md").read_text(encoding="utf-8")
    assert written == config_reference.render(), (
        f"docs/config.md is out of date with the config dataclasses; run: {config_reference.COMMAND}"
    )


def _fields(cls: type, prefix: str = ""):
    for f in dataclasses.fields(cls):
        default = field_default(f)
        if dataclasses.is_dataclass(default):
            yield from _fields(type(default), prefix + f.name + ".")
        else:
            yield prefix + f.name, f


def test_every_config_key_has_a_help_text():
    bare = [key for cls, _, _ in config_reference.CONFIGS for key, f in _fields(cls) if not f.metadata.get("help")]
    assert not bare, f"config fields without metadata['help'] (docs/config.md would say nothing of them): {bare}"


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: markup dropped, lower case, punctuation removed, spaces to '-'."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors a Markdown file offers: its headings' slugs (repeats numbered -1, -2, … as GitHub
    does) and explicit ``id``/``name`` attributes; fenced code is skipped."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        found.update(re.findall(r"""<a\s+(?:id|name)=["']([^"']+)["']""", line))
        heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            base = slug(heading.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    return found


def _links(path: Path):
    fenced = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            for target in LINK.findall(line.replace("`", "")) + REFERENCE.findall(line):
                yield number, target


def test_anchor_slugs_follow_github():
    assert slug("Speed against LiveCodeBench's grader — `bench.py --full` (2026-11-23)") == (
        "speed-against-livecodebenchs-grader--benchpy---full-2026-11-23"
    )


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(doc):
    broken = []
    for number, target in _links(doc):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto: — not checked offline
            continue
        file_part, _, anchor = target.partition("#")
        dest = (doc.parent / file_part).resolve() if file_part else doc
        if not dest.exists():
            broken.append(f"{doc.name}:{number}: {target} (no such file)")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{doc.name}:{number}: {target} (no heading or id '{anchor}' in {dest.name})")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_readme_is_a_first_screen():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200, "README.md is over 200 lines: move the detail to docs/"
    assert "## Two commands" in text
    assert "bash scripts/quickstart.sh" in text and "bash scripts/test.sh" in text
