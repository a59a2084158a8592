"""Noise removal: a prompt's instructions around the statement, HTML, images and links, broken
encodings, LaTeX clutter.

Counts of what was removed go to ``provenance["noise"]`` -- the relevance filter uses
``images`` to drop problems that depended on a picture.
"""

from __future__ import annotations

import html
import re
from typing import Any

from microcoder_data.collect.prompts import split_prompt
from microcoder_data.pipeline.step import Step
from microcoder_data.schema import Problem
from microcoder_eval.statement_text import DOTS, HTML_TAG, latex_symbol, latex_wrappers, strip_html

_MD_LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\((?:https?://|www\.|/)[^)\n]*\)")
_URL = re.compile(r"(?<![\w/])(?:https?://|www\.)[^\s<>()\"']+")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200f\u2028\u2029\u2060\ufeff\ufffd]")
_MOJIBAKE_HINT = re.compile(r"(?:Ã[\x80-\xbf¡-ÿ]|â€|Â[\xa0-\xbf ])")
_MOJIBAKE_RUN = re.compile(
    r"[\u00c0-\u00ff\u0080-\u00bf\u2018-\u203a\u20ac\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2122]{2,}"
)

_LATEX_CMD = re.compile(r"\\([A-Za-z]+)(?![A-Za-z])")
_LATEX_SPACING = re.compile(r"\\[,;:! ]")
_LATEX_ESC = re.compile(r"\\([{}_&%#$])")
_BRACED_SCRIPT = re.compile(r"([\^_])\{([A-Za-z0-9+\-*/ .,]{1,40})\}")
_DISPLAY = re.compile(r"\$\$(.+?)\$\$", re.S)
_INLINE = re.compile(r"\$([^$\n]{1,400}?)\$")
_FENCE_SPLIT = re.compile(r"(```.*?(?:```|\Z))", re.S)


def _mojibake_bytes(text: str) -> bytes:
    """The bytes a UTF-8 text was before it was misread as cp1252 (latin-1 for the five
    bytes cp1252 leaves undefined); raises UnicodeEncodeError for other characters."""
    out = bytearray()
    for ch in text:
        try:
            out += ch.encode("cp1252")
        except UnicodeEncodeError:
            if ord(ch) < 256:
                out.append(ord(ch))
            else:
                raise
    return bytes(out)


def fix_encoding(text: str) -> tuple[str, int]:
    """Repair UTF-8-read-as-cp1252/latin-1 mojibake; drop control / replacement chars."""
    fixed = 0
    if _MOJIBAKE_HINT.search(text):
        try:
            cand = _mojibake_bytes(text).decode("utf-8")
            if cand != text:
                text, fixed = cand, fixed + 1
        except (UnicodeEncodeError, UnicodeDecodeError):  # mixed text: fix each suspicious run

            def _fix(m: re.Match[str]) -> str:
                nonlocal fixed
                try:
                    out = _mojibake_bytes(m.group(0)).decode("utf-8")
                    fixed += 1
                    return out
                except (UnicodeEncodeError, UnicodeDecodeError):
                    return m.group(0)

            text = _MOJIBAKE_RUN.sub(_fix, text)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ").replace("\u3000", " ")
    n_bad = len(_CONTROL.findall(text))
    if n_bad:
        text = _CONTROL.sub("", text)
    return text, fixed + n_bad


def strip_links(text: str) -> tuple[str, int]:
    n = 0

    def _md(m: re.Match[str]) -> str:
        nonlocal n
        n += 1
        return m.group(1)

    text = _MD_LINK.sub(_md, text)
    urls = _URL.findall(text)
    if urls:
        n += len(urls)
        text = _URL.sub("", text)
    return text, n


_SAFE_STRAY = {
    "leq",
    "geq",
    "neq",
    "times",
    *DOTS,
    "vdots",
    "cdot",
    "lfloor",
    "rfloor",
    "lceil",
    "rceil",
    "infty",
    "bmod",
}


def _latex_math(expr: str, stray: bool = False) -> str:
    expr = latex_wrappers(expr)
    if stray:  # outside $...$: only unambiguous commands (a "\\n" in an example stays)
        expr = _LATEX_CMD.sub(lambda m: _cmd(m.group(1)) if m.group(1) in _SAFE_STRAY else m.group(0), expr)
        return _BRACED_SCRIPT.sub(lambda m: m.group(1) + m.group(2) if m.group(2).isalnum() else m.group(0), expr)
    expr = _LATEX_SPACING.sub(" ", expr)
    expr = _LATEX_ESC.sub(r"\1", expr)
    expr = _LATEX_CMD.sub(lambda m: _cmd(m.group(1)), expr)
    expr = _BRACED_SCRIPT.sub(
        lambda m: m.group(1) + (m.group(2) if m.group(2).isalnum() else "(" + m.group(2) + ")"), expr
    )
    return re.sub(r"[ \t]{2,}", " ", expr)


def _cmd(name: str) -> str:
    sym = latex_symbol(name)
    return "\\" + name if sym is None else sym  # unknown command: leave it


def strip_latex(text: str) -> tuple[str, int]:
    """Turn $...$ math into plain text math; leave fenced code untouched."""
    n = 0
    parts = _FENCE_SPLIT.split(text)
    for i in range(0, len(parts), 2):  # even parts are outside fences
        seg = parts[i]
        if "$" not in seg and "\\" not in seg and "^{" not in seg:
            continue

        def _m(m: re.Match[str]) -> str:
            nonlocal n
            n += 1
            return _latex_math(m.group(1)).strip()

        seg = _DISPLAY.sub(_m, seg)
        seg = _INLINE.sub(_m, seg)
        if "\\" in seg or "^{" in seg:  # stray commands outside $...$
            before = seg
            seg = _latex_math(seg, stray=True)
            n += int(seg != before)
        parts[i] = seg
    text = "".join(parts)
    text = re.sub(r" {2,}", " ", text)
    return text, n


def clean_text(text: str) -> tuple[str, dict[str, int]]:
    counts: dict[str, int] = {}
    text, counts["encoding_fixes"] = fix_encoding(text)
    text, html_counts = strip_html(text)
    counts.update(html_counts)
    text, n_links = strip_links(text)
    counts["links"] += n_links
    text, counts["latex"] = strip_latex(text)
    text = "\n".join(line.rstrip() for line in text.split("\n"))
    text = re.sub(r"\n{3,}", "\n\n", text).strip()
    return text, counts


class CleanText(Step):
    """Noise removal on title and statement: a prompt's instructions, answer format and fenced
    starter code (the starter code kept where the problem had none), HTML, links, LaTeX.  Tests
    are left alone."""

    stage = "process"
    name = "clean"

    def apply(self, problem: Problem) -> Problem:
        # a reader that took a prompt for the statement: its instructions are not the problem
        prompt = split_prompt(problem.statement)
        if prompt.found and prompt.statement.strip():
            problem.statement = prompt.statement
            if not problem.starter_code.strip() and problem.mode == "functional":
                problem.starter_code = prompt.starter_code
            problem.provenance = {**problem.provenance, "prompt_instructions_removed": len(prompt.instructions)}
        statement, counts = clean_text(problem.statement)
        title, _ = fix_encoding(problem.title)
        title = HTML_TAG.sub("", html.unescape(title)).strip()
        problem.statement = statement
        problem.title = title
        noisy = {k: v for k, v in counts.items() if v}
        if noisy:
            problem.provenance = {**problem.provenance, "noise": noisy}
        return problem

    def describe(self) -> dict[str, Any]:
        return {
            "removes": "prompt instructions, html tags, images, links, mojibake/control chars, LaTeX delimiters and commands"
        }
