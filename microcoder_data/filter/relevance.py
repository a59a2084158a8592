"""Relevance: drop what an RL judge with rule-based comparison cannot score.

* interactive problems (need an interactor);
* problems that accept several answers with no checker ("print any of them") -- our
  judge compares against one expected output, only relaxed by the judging rule
  (any order / any case / float tolerance); detected by our patterns and by
  ``microcoder_eval.rules.special_judge_reasons``;
* problems that depend on an image (``provenance["noise"]["images"]`` counts images the
  noise removal took out) or on files instead of stdin/stdout.
"""

from __future__ import annotations

import re
from typing import Any

from microcoder_data.pipeline.step import Step
from microcoder_data.schema import Problem, Reject
from microcoder_data.settings.filter import RelevanceConfig
from microcoder_eval.rules import special_judge_reasons

_INTERACTIVE = re.compile(
    r"\bthis is an interactive (?:problem|task)\b|\binteractive (?:problem|task)\b|\binteractor\b|"
    r"\bflush (?:the )?(?:output|buffer|stdout)\b|\bfflush\s*\(|\bcout\.flush\s*\(|stdout\.flush\s*\(|"
    r"^### Interaction\b",
    re.I | re.M,
)
_MULTI_ANSWER = re.compile(
    r"\b(?:if|when) there (?:are|is|exist|exists) (?:several|multiple|many|more than one)[^.\n]{0,60}?"
    r"(?:answers?|solutions?|ways?|possibilities|strings?|sequences?|arrays?|permutations?|pairs?)[^.\n]{0,40}?"
    r"(?:print|output|return|find|you (?:can|may))[^.\n]{0,20}?\bany\b|"
    r"\b(?:print|output|return) any (?:one )?of them\b|\bany of them (?:will be|is) (?:accepted|considered correct)\b|"
    r"\bany (?:valid|correct|possible) (?:answer|solution|one)\b[^.\n]{0,40}(?:accepted|acceptable|is fine|will do|print|output)|"
    r"\b(?:you may|you can) (?:print|output|return) any\b(?! order)|\bspecial (?:judge|checker)\b|\bthe checker (?:will|accepts)\b",
    re.I,
)
_MEDIA = re.compile(
    r"\b(?:following|above|below) (?:figure|picture|image|diagram|illustration)s?\b|"
    r"\b(?:figure|picture|image|diagram|illustration)s? (?:below|above)\b|"
    r"\b(?:shown|illustrated|depicted) in the (?:figure|picture|image|diagram)|"
    r"\bsee the (?:figure|picture|image|diagram)\b",
    re.I,
)
# "as shown above" refers to a picture only when the noise removal took one out
_SHOWN = re.compile(r"\bas (?:shown|illustrated|depicted) (?:below|above)\b", re.I)
_FILE_IO = re.compile(
    r"\b(?:input|output)\.txt\b|\bread(?:s)? (?:the )?input from (?:the |a )?file\b|\b(?:write|print) (?:the )?(?:output|answer) (?:to|into) (?:the |a )?file\b",
    re.I,
)


class RelevanceFilter(Step):
    stage = "filter"
    name = "relevance"

    def __init__(self, cfg: RelevanceConfig | None = None) -> None:
        self.cfg = cfg or RelevanceConfig()

    def apply(self, p: Problem) -> Problem | Reject:
        text = p.statement
        low = text.lower()
        c = self.cfg
        # cheap substring gates before the regular expressions (most statements hit none)
        if c.drop_interactive and ("interact" in low or "flush" in low):
            m = _INTERACTIVE.search(text)
            if m:
                return self.reject(p, f"relevance: interactive problem ({m.group(0).strip()!r})")
        if c.drop_special_judge and ("any" in low or "special" in low or "checker" in low):
            m = _MULTI_ANSWER.search(text)
            hit = m.group(0).strip() if m else None
            if hit is None:
                reasons = special_judge_reasons(text)
                hit = reasons[0] if reasons else None
            if hit:
                return self.reject(p, f"relevance: accepts multiple answers without a checker ({hit[:80]!r})")
        if c.drop_needs_media:
            noise = p.provenance.get("noise") if isinstance(p.provenance, dict) else None
            images = int(noise.get("images", 0)) if isinstance(noise, dict) else 0
            m = None
            if any(w in low for w in ("figure", "picture", "image", "diagram", "illustrat")):
                m = _MEDIA.search(text)
            if m is None and images and ("shown" in low or "illustrated" in low or "depicted" in low):
                m = _SHOWN.search(text)
            if m:
                return self.reject(p, f"relevance: needs an image ({m.group(0).strip()!r}; {images} image(s) removed)")
        if c.drop_file_io and (".txt" in low or "file" in low):
            m = _FILE_IO.search(text)
            if m:
                return self.reject(p, f"relevance: uses files instead of stdin/stdout ({m.group(0).strip()!r})")
        return p

    def describe(self) -> dict[str, Any]:
        return vars(self.cfg).copy()
