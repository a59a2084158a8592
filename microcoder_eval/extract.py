"""Pulling the submitted program out of a model's raw answer.

``extract_code(text)`` returns an :class:`Extraction`:

* ``ok`` with the code of the chosen block:

  - fenced blocks (```` ``` ```` or ``~~~``, three or more; the closing fence uses the same
    character, is at least as long and has nothing but whitespace after it; any
    indentation, as in list items -- the opening fence's indentation is removed from the
    block's lines, then any indentation common to all lines);
  - the **last complete python-tagged** block (``python``, ``py``, ``python3``, ``py3``,
    ``{.python}``, ``python title=...``) wins; without one, the last complete untagged
    block that looks like code, else the last untagged block; blocks tagged with
    another language (``bash``, ``text``, ``json``, ``cpp`` ...) are never taken;
  - no fence at all: the whole answer, if it compiles as Python and looks like code
    (``def``/``class``/``import``/``print`` or an assignment) -- a raw program is a
    valid submission.

* ``incomplete``: the answer was cut off -- a fence opened after the last complete block
  never closes (with something in it), or a ``<think>`` section never closes.  (The
  trainer may mask such samples as truncated; it should do so only when generation
  actually stopped on the length limit, or a model could learn to leave fences open.)

* ``no_code``: nothing usable.

A ``<think>…</think>`` reasoning section is dropped before looking (everything up to the
last ``</think>``).  A line holding only a fence inside a python block is taken as the
closing fence unless the block has an unterminated triple-quoted string so far (then
the fence is part of the string).  A block whose closing fence was glued to its last
line (``print(x)```) at the end of the answer is accepted.
"""

from __future__ import annotations

import re
import textwrap
import warnings
from dataclasses import dataclass
from typing import Literal

__all__ = ["Extraction", "extract_code"]

Status = Literal["ok", "incomplete", "no_code"]


@dataclass(frozen=True)
class Extraction:
    status: Status
    code: str  # "" unless ok


_NO_CODE = Extraction("no_code", "")
_INCOMPLETE = Extraction("incomplete", "")

_OPEN = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*([^\n]*?)[ \t]*$")
_PY_TAGS = {"python", "py", "python3", "py3", "python2", "pycon", "ipython", "sage", "pyi"}
_CODE_HINT = re.compile(
    r"^[ \t]*(?:def |class |import |from \S+ import |print\(|async def |@\w|if __name__|for |while |with |try:)"
    r"|^[ \t]*[A-Za-z_][\w.\[\], ]*(?:\[[^\n]*\])?[ \t]*(?:[-+*/%|&^]|//|\*\*|<<|>>)?=[^=]",
    re.MULTILINE,
)
_TRIPLE = re.compile(r'"""|\'\'\'')


def _lang(info: str) -> str:
    """Language of a fence's info string: first word, lower case, braces/dots dropped."""
    word = info.strip().split(None, 1)[0] if info.strip() else ""
    word = word.strip("{}").lstrip(".").lower()
    word = word.removeprefix("language-")
    return word.split(":", 1)[0].split(",", 1)[0]


def _strip_think(text: str) -> str | None:
    """Text after the reasoning section; None when a reasoning section never closes."""
    close = text.rfind("</think>")
    if close >= 0:
        return text[close + len("</think>") :]
    head = text.lstrip()
    if head.startswith("<think>"):
        return None
    return text


@dataclass
class _Block:
    lang: str
    lines: list[str]
    indent: str


def _dedent_block(block: _Block) -> str:
    ind = block.indent
    lines = block.lines
    if ind:
        n = len(ind)
        lines = [ln[n:] if ln.startswith(ind) else ln.lstrip(" \t") if not ln[:n].strip() else ln for ln in lines]
    code = "\n".join(lines)
    if code and (code[0] in " \t" or "\n " in code or "\n\t" in code):
        code = textwrap.dedent(code)
    return code.strip("\n") + "\n" if code.strip() else ""


def _looks_like_code(code: str) -> bool:
    return bool(_CODE_HINT.search(code))


def _parses(code: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(code, "<answer>", "exec", dont_inherit=True)
        return True
    except (SyntaxError, ValueError, OverflowError, MemoryError, RecursionError):
        return False


def _scan(lines: list[str], start: int = 0, depth: int = 0) -> tuple[list[_Block], _Block | None, bool]:
    """Complete blocks, the unclosed block at the end (if any), whether any fence was seen."""
    blocks: list[_Block] = []
    i = start
    n = len(lines)
    seen_fence = False
    while i < n:
        line = lines[i]
        if "``" not in line and "~~" not in line:
            i += 1
            continue
        m = _OPEN.match(line)
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3)
        if fence[0] == "`" and "`" in info:  # inline code such as ```x``` is not a fence
            i += 1
            continue
        seen_fence = True
        block = _Block(_lang(info), [], indent)
        ch, flen = fence[0], len(fence)
        python_like = block.lang in _PY_TAGS or block.lang == ""
        triples = 0
        j = i + 1
        closed = False
        while j < n:
            cur = lines[j]
            stripped = cur.strip()
            is_fence = stripped[:1] == ch and len(stripped) >= flen and stripped == ch * len(stripped)
            # inside an open triple-quoted string, a fence line is string content
            if is_fence and not (python_like and triples % 2 == 1):
                closed = True
                break
            if python_like and ('"""' in cur or "'''" in cur):
                triples += len(_TRIPLE.findall(cur))
            block.lines.append(cur)
            j += 1
        if closed:
            blocks.append(block)
            i = j + 1
            continue
        # Unclosed until the end.  (1) A fence glued to the last non-blank line of a
        # python-like block ("print(x)```") closes it.
        k = len(block.lines) - 1
        while k >= 0 and not block.lines[k].strip():
            k -= 1
        if k >= 0 and python_like:
            last = block.lines[k].rstrip()
            body = last.rstrip(ch)
            if len(last) - len(body) >= flen and body.strip():
                block.lines = block.lines[:k] + [body]
                blocks.append(block)
                return blocks, None, seen_fence
        # (2) A stray opener (a "~~~" rule, a lone fence in prose) followed by complete
        # python blocks: ignore the opener.
        if depth < 3 and k >= 0:
            sub_blocks, sub_unclosed, _ = _scan(lines, i + 1, depth + 1)
            if sub_unclosed is None and any(b.lang in _PY_TAGS for b in sub_blocks):
                return blocks + sub_blocks, None, seen_fence
        return blocks, block, seen_fence
    return blocks, None, seen_fence


def extract_code(text: str) -> Extraction:
    """The program in a model's answer (see module doc)."""
    if not text:
        return _NO_CODE
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    body = _strip_think(text)
    if body is None:
        return _INCOMPLETE
    if not body.strip():
        return _NO_CODE

    blocks, unclosed, seen_fence = _scan(body.split("\n"))
    if unclosed is not None and any(ln.strip() for ln in unclosed.lines):
        return _INCOMPLETE
    if blocks:
        tagged = [b for b in blocks if b.lang in _PY_TAGS]
        for b in reversed(tagged):
            code = _dedent_block(b)
            if code:
                return Extraction("ok", code)
        untagged = [c for c in (_dedent_block(b) for b in blocks if b.lang == "") if c]
        for code in reversed(untagged):
            if _looks_like_code(code):
                return Extraction("ok", code)
        if untagged:
            return Extraction("ok", untagged[-1])
        return _NO_CODE
    if seen_fence:
        return _NO_CODE
    code = textwrap.dedent(body).strip("\n")
    if code and _looks_like_code(code) and _parses(code):
        return Extraction("ok", code + "\n")
    return _NO_CODE
