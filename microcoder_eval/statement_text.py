"""The one statement normaliser: how a statement's notation becomes plain text, each rewrite written once.

Process (``microcoder_data/process/clean.py``: the statement a model reads), the judge's rule reader
(``rules.py``: tolerance, any-order phrases) and test generation (``testgen``: constraint and format lines)
all read statements written in HTML, LaTeX and Unicode math.  They keep different amounts of it (Process
leaves an unknown command as it is; test generation keeps ``\\in \\lbrace`` for its own readings), but a
rewrite they share is this module's: HTML as text (:func:`strip_html`, ``<sup>`` / ``<sub>`` in
:func:`html_scripts`), the LaTeX commands' plain forms (:data:`LATEX_SYMBOLS`) and wrappers
(:func:`latex_wrappers`), Unicode dashes and superscripts (:func:`unicode_math`), a constraint line's plain
notation (:func:`plain_latex`), the multiplication a bound leaves out (:func:`implicit_products`), Codeforces'
footnote marks (:func:`without_footnote_marks`, test generation only) and the
section headings (:func:`heading_of`, :func:`normalize_layout`).  It lives at the bottom (the judge imports
nothing above it) and imports nothing of this project.
"""

from __future__ import annotations

import html
import re

__all__ = [
    "DOTS",
    "FOOTNOTE_MARK",
    "HTML_TAG",
    "LATEX_SYMBOLS",
    "PADDED",
    "heading_of",
    "html_scripts",
    "implicit_products",
    "latex_symbol",
    "latex_wrappers",
    "normalize_layout",
    "plain_latex",
    "strip_html",
    "unicode_math",
    "unicode_operators",
    "without_footnote_marks",
]

#: every way LaTeX writes an ellipsis: ``\dotsc`` (commas), ``\dotsb`` (binary operators), ...
DOTS = ("ldots", "dots", "cdots", "dotsc", "dotsb", "dotsm", "dotsi", "dotso")

#: LaTeX commands and their plain text (a command is its name, then no letter)
LATEX_SYMBOLS = {
    "leq": "<=",
    "le": "<=",
    "leqq": "<=",  # AtCoder's older \leqq, \geqq (the ≦ ≧ of its text)
    "geq": ">=",
    "ge": ">=",
    "geqq": ">=",
    "neq": "!=",
    "ne": "!=",
    "lt": "<",
    "gt": ">",
    "times": "*",
    "cdot": "*",
    **dict.fromkeys(DOTS, "..."),
    "vdots": "...",
    "lfloor": "floor(",
    "rfloor": ")",
    "lceil": "ceil(",
    "rceil": ")",
    "infty": "infinity",
    "bmod": " mod ",
    "mod": " mod ",
    "pmod": " mod ",
    "to": "->",
    "rightarrow": "->",
    "leftarrow": "<-",
    "sum": "sum",
    "prod": "product",
    "min": "min",
    "max": "max",
    "log": "log",
    "gcd": "gcd",
    "lcm": "lcm",
    "in": "in",
    "notin": "not in",
    "subseteq": "subset of",
    "cup": "union",
    "cap": "intersect",
    "land": "and",
    "lor": "or",
    "oplus": "xor",
    "wedge": "and",
    "vee": "or",
    "neg": "not ",
    "quad": " ",
    "qquad": " ",
    "left": "",
    "right": "",
    "displaystyle": "",
    "limits": "",
    "nolimits": "",
    "dagger": "+",
    "pm": "+-",
    "approx": "~",
    "sim": "~",
    "equiv": "==",
    "forall": "for all",
    "exists": "exists",
    "alpha": "alpha",
    "beta": "beta",
    "gamma": "gamma",
    "delta": "delta",
    "epsilon": "epsilon",
    "lambda": "lambda",
    "mu": "mu",
    "pi": "pi",
    "sigma": "sigma",
    "theta": "theta",
    "omega": "omega",
    "ell": "l",
    "mid": "|",
    "vert": "|",
    "lvert": "|",
    "rvert": "|",
    "lbrace": "{",
    "rbrace": "}",
    "langle": "<",
    "rangle": ">",
    "prime": "'",
    "circ": "o",
}
#: operators written with a space either side
PADDED = {"*", "<=", ">=", "!=", "<", ">", "->", "<-", "+-", "~", "=="}


def latex_symbol(name: str) -> str | None:
    """A command's plain text (an operator padded with spaces), or None for a command not known."""
    if name not in LATEX_SYMBOLS:
        return None
    sym = LATEX_SYMBOLS[name]
    return f" {sym} " if sym in PADDED else sym


# --------------------------------------------------------------------------- HTML

_HTML_TAGS = (
    "a|abbr|b|big|blockquote|body|br|center|code|dd|div|dl|dt|em|figcaption|figure|font|h[1-6]|head|hr|html|i|img|"
    "kbd|li|ol|p|pre|s|samp|section|small|span|strong|sub|sup|table|tbody|td|tfoot|th|thead|tr|tt|u|ul|var|article|"
    "header|footer|nav|main|label|math|mi|mo|mn|msup|mrow|svg|path|g|meta|link|style|script|iframe|video|source"
)
HTML_TAG = re.compile(rf"</?(?:{_HTML_TAGS})(?:\s[^<>]*)?/?>", re.I)
_LOOKS_HTML = re.compile(rf"</?(?:{_HTML_TAGS})(?:\s[^<>]*)?/?>|&(?:lt|gt|amp|quot|nbsp|le|ge|#\d+);", re.I)
_IMG_TAG = re.compile(r"<img\b[^<>]*>", re.I)
_MD_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_A_TAG = re.compile(r"<a\b[^<>]*>(.*?)</a\s*>", re.I | re.S)

_SCRIPT_STYLE = re.compile(r"<(script|style)\b.*?</\1\s*>", re.I | re.S)
_PRE = re.compile(r"<pre\b[^<>]*>(.*?)</pre\s*>", re.I | re.S)
_CODE = re.compile(r"<code\b[^<>]*>(.*?)</code\s*>", re.I | re.S)
_BLOCK_END = re.compile(r"</(?:p|div|li|h[1-6]|tr|table|ul|ol|section|blockquote|pre)\s*>|<br\s*/?>|<hr\s*/?>", re.I)
_LI = re.compile(r"<li\b[^<>]*>", re.I)


def strip_html(text: str) -> tuple[str, dict[str, int]]:
    """HTML as text: images and scripts dropped, links their text, ``<pre>`` a fence, ``<code>`` backticks,
    ``<sup>``/``<sub>`` as ``^``/``_``, a list item ``- ``, block ends newlines, entities unescaped;
    with how many images, links and tags there were."""
    counts = {"images": 0, "links": 0, "html_tags": 0}
    counts["images"] += len(_IMG_TAG.findall(text)) + len(_MD_IMAGE.findall(text))
    text = _IMG_TAG.sub(" ", text)
    text = _MD_IMAGE.sub(" ", text)
    if not _LOOKS_HTML.search(text):
        return text, counts
    text = _SCRIPT_STYLE.sub(" ", text)

    def _a(m: re.Match[str]) -> str:
        counts["links"] += 1
        return m.group(1)

    text = _A_TAG.sub(_a, text)
    text = _PRE.sub(lambda m: "\n```\n" + HTML_TAG.sub("", m.group(1)).strip("\n") + "\n```\n", text)
    text = _CODE.sub(lambda m: "`" + m.group(1) + "`" if "\n" not in m.group(1) else m.group(1), text)
    text = html_scripts(text)
    text = _LI.sub("\n- ", text)
    text = _BLOCK_END.sub("\n", text)
    counts["html_tags"] = len(HTML_TAG.findall(text))
    text = HTML_TAG.sub("", text)
    text = html.unescape(text)
    return text, counts


_SUP = re.compile(r"<sup\b[^<>]*>(.*?)</sup\s*>", re.I | re.S)
_SUB = re.compile(r"<sub\b[^<>]*>(.*?)</sub\s*>", re.I | re.S)


def html_scripts(text: str) -> str:
    """``10<sup>-5</sup>`` -> ``10^-5``, ``a<sub>i</sub>`` -> ``a_i``."""
    text = _SUP.sub(lambda m: "^" + m.group(1), text)
    return _SUB.sub(lambda m: "_" + m.group(1), text)


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_SUPER_RUN = re.compile(r"([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
_DASHES = re.compile(r"[\u2212\u2010\u2011\u2012\u2013\u2014\ufe63\uff0d]")


def unicode_math(text: str) -> str:
    """Unicode minus signs and dashes as ``-``, superscript digits as ``^{...}`` (``10⁻⁶`` -> ``10^{-6}``)."""
    text = _DASHES.sub("-", text)
    if any(ch in text for ch in "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"):
        text = _SUPER_RUN.sub(lambda m: "^{" + m.group(1).translate(_SUPERSCRIPTS) + "}", text)
    return text


_OPERATORS = {  # ≦ ≧: AtCoder's comparisons before 2019
    "≤": "<=", "≥": ">=", "≦": "<=", "≧": ">=", "⩽": "<=", "⩾": ">=", "≠": "!=", "⋅": "*", "·": "*", "×": "*", "…": "...",
    "’": "'",
}  # fmt: skip
_OPERATOR = re.compile("|".join(_OPERATORS))


def unicode_operators(text: str) -> str:
    """Unicode comparisons, products, the ellipsis and the curly apostrophe as ASCII, a space either
    side (``1≤n`` -> ``1 <= n``), and a power in superscript digits as ``^`` (``10⁵`` -> ``10^5``): the
    one place test generation's statement readers (LeetCode constraints, stdin formats) normalise them."""
    text = _SUPER_RUN.sub(  # a power: after a digit, a name or a bracket (the digits unicode_math reads too)
        lambda m: (
            "^" + m.group(1).translate(_SUPERSCRIPTS)
            if re.match(r"[\w)]", text[m.start() - 1 : m.start()])
            else m.group(0)
        ),
        text,
    )
    return _OPERATOR.sub(lambda m: f" {_OPERATORS[m.group(0)]} ", text)


# Codeforces' footnote marks: "a permutation^{\ast} p", "^{\ddagger}A permutation of length n is ..."; only the
# marks' own symbols, so an exponent (2^{30}, 2^(n+1)) is never one
_FOOTNOTE_SYMBOL = (
    r"(?:[+*∗†‡⋆]|\\(?:d?dagger|ast|star)(?![a-z]))"  # "^\\ddaggerA permutation ...": the mark, then the sentence
)
FOOTNOTE_MARK = re.compile(rf"\^(?:\{{\s*{_FOOTNOTE_SYMBOL}\s*\}}|\(\s*{_FOOTNOTE_SYMBOL}\s*\)|{_FOOTNOTE_SYMBOL})")


def without_footnote_marks(text: str) -> str:
    """The text less its footnote marks: the sentence that defines a footnoted word reads as a definition."""
    return FOOTNOTE_MARK.sub("", text)


_WRAPPERS = re.compile(
    r"\\(?:text|mathrm|mathbf|mathit|mathtt|mathsf|texttt|textbf|textit|emph|operatorname|mbox|boldsymbol|mathcal|"
    r"mathbb|hbox|rm|bf|tt)\s*\{([^{}]*)\}"
)
_FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*(?:\{([^{}]*)\}|(\w))")  # \frac{a}{b}, \dfrac{N(N-1)}2
_SQRT = re.compile(r"\\sqrt\s*\{([^{}]*)\}")


def latex_wrappers(text: str) -> str:
    """``\\text{...}``, ``\\mathrm{...}`` and the like unwrapped, ``\\frac{a}{b}`` -> ``(a)/(b)``,
    ``\\sqrt{x}`` -> ``sqrt(x)``, nested ones too (three levels)."""
    for _ in range(3):
        new = _WRAPPERS.sub(r"\1", text)
        new = _FRAC.sub(r"(\1)/(\2\3)", new)
        new = _SQRT.sub(r"sqrt(\1)", new)
        if new == text:
            break
        text = new
    return text


# the commands a constraint line's plain notation spells out; the rest (\in, \lbrace, \sum, ...) stay for
# the readings that know them
_PLAIN_COMMANDS = (
    "leqq",
    "leq",
    "le",
    "geqq",
    "geq",
    "ge",
    "neq",
    "ne",
    "min",
    "max",
    "lt",
    "gt",
    "times",
    "cdot",
    *DOTS,
    "vdots",
)
_PLAIN_COMMAND = re.compile(r"\\(" + "|".join(sorted(_PLAIN_COMMANDS, key=len, reverse=True)) + r")(?![A-Za-z])")


def plain_latex(text: str) -> str:
    """A statement line's LaTeX as the plain notation the readers know (``\\leq`` -> ``<=``, ``\\dfrac{a}b`` -> ``(a)/(b)``)."""
    text = text.replace("$", "")
    text = re.sub(r"(?<![\w'])([A-Z])'(?![\w'])", r"\1_prime", text)  # T': a name of its own
    text = re.sub(r"\\lvert\s*|\s*\\rvert|\\vert", "|", text)  # \lvert S_i \rvert: |S_i|
    text = _PLAIN_COMMAND.sub(lambda m: f" {LATEX_SYMBOLS[m.group(1)]} ", text)
    text = re.sub(r"\\,(?![A-Za-z])", " ", text)  # a thin space
    text = re.sub(r"\\color\{\w+\}\{([^{}]*)\}", r"\1", text)  # \color{red}{K=1}: emphasis only
    text = latex_wrappers(text)
    text = re.sub(r"\\(?:left|right|bigl?|bigr|Bigl?|Bigr)(?![A-Za-z])\s*", "", text)
    text = re.sub(
        r"\b(max|min)\s*\\(?:lbrace|\{)\s*(.+?)\s*\\(?:rbrace|\})", r"\1(\2)", text
    )  # \max \lbrace H, W \rbrace
    text = re.sub(r"_\{([^{}]*?)\{([A-Za-z]\w*(?:_\w+)?)\}\}", r"_{\1\2}", text)  # B_{1,{K_1}}: B_{1,K_1}
    text = re.sub(r"\s*\^\s*\{([^}]*)\}", r"^\1", text)  # 10^{5}, 10 ^ {16}
    text = re.sub(r"(?<=\w)\s*_\s*(?=[\w{])", "_", text)  # A _ 1
    return re.sub(r"[ \t]+", " ", text).strip()


def implicit_products(text: str, names: set[str] | None = None) -> str:
    """The multiplication a bound or a count leaves out, written in: ``3N`` -> ``3 * N``, ``10N - 9``,
    ``N(N-1)`` -> ``N * (N-1)``, ``NM`` -> ``N * M`` (one letter each, every one a name, the word none, an operand
    of an operator: ``S is YES`` stays).
    ``names``: the input's names (``None``: a number before any name multiplies it, as in a count)."""
    known = (lambda w: True) if names is None else (lambda w: w in names)
    text = re.sub(
        r"(?<![\w.*])(\d+)\s*([A-Za-z_]\w*)\b",
        lambda m: f"{m.group(1)} * {m.group(2)}" if known(m.group(2)) else m.group(0),
        text,
    )
    if names is not None:
        word = lambda m: m.group(2) not in names and set(m.group(2)) <= names  # noqa: E731
        text = re.sub(  # an operand: after an operator (or first) and before one (or last)
            r"(^|[-+*/(,<>=]\s?)([A-Z]{2,3})\b(?![\[(.])(?=\s*(?:[-+*/),<>=!]|$))",
            lambda m: m.group(1) + " * ".join(m.group(2)) if word(m) else m.group(0),
            text,
        )
        text = re.sub(r"\b([A-Za-z_]\w*)\(", lambda m: f"{m.group(1)} * (" if m.group(1) in names else m.group(0), text)
    return re.sub(r"(?<=[\w)])\)\s*\((?=\w)", ") * (", text)


# --------------------------------------------------------------------------- layout: headings

_HEADINGS = {
    "input": "Input",
    "input format": "Input",
    "input specification": "Input",
    "output": "Output",
    "output format": "Output",
    "output specification": "Output",
    "constraints": "Constraints",
    "constraint": "Constraints",
    "limits": "Constraints",
    "example": "Examples",
    "examples": "Examples",
    "sample": "Examples",
    "samples": "Examples",
    "note": "Note",
    "notes": "Note",
    "explanation": "Explanation",
    "problem statement": "Problem Statement",
    "statement": "Problem Statement",
    "description": "Problem Statement",
    "follow up": "Follow-up",
    "follow-up": "Follow-up",
    "interaction": "Interaction",
}
_HEADING_LINE = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*([A-Za-z][A-Za-z \-]{1,30}?)\s*(\d+)?\s*:?\s*(?:\*\*|__)?\s*:?\s*$"
)
_SAMPLE = re.compile(r"^(sample|example)\s+(input|output)$", re.I)


def heading_of(line: str) -> str | None:
    """The section a heading line opens, by its canonical name ("Constraints", "Input",
    "Example 2", "Sample Input 1"), or None for any other line.  Reads the raw forms
    ("Constraints:", "**Input Format**") and the ``### <Heading>`` Process writes alike,
    so later stages find a section in a statement before and after Process."""
    if len(line) > 48:
        return None
    m = _HEADING_LINE.match(line)
    if not m:
        return None
    word, num = " ".join(m.group(1).lower().split()), m.group(2)
    if word in _HEADINGS:
        name = _HEADINGS[word]
        return f"Example {num}" if name == "Examples" and num else name
    if _SAMPLE.match(word):
        return word.title() + (f" {num}" if num else "")
    return None


_INLINE_SAMPLE = re.compile(r"(?<=[^\n])[ \t]*((?:Sample|Example) (?:Input|Output) ?\d*:?)[ \t]*\n")


def normalize_layout(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    text = _INLINE_SAMPLE.sub(lambda m: "\n\n" + m.group(1) + "\n", text)  # "...answer).Sample Input 1:"
    out: list[str] = []
    in_fence = False
    for line in text.split("\n"):
        if line.strip().startswith("```"):
            in_fence = not in_fence
            out.append(line.rstrip())
            continue
        name = None if in_fence else heading_of(line)
        out.append("### " + name if name else line.rstrip())
    text = "\n".join(out)
    text = re.sub(r"\n{3,}", "\n\n", text)
    # a heading gets a blank line before it
    text = re.sub(r"([^\n])\n(### )", r"\1\n\n\2", text)
    return text.strip() + "\n"
