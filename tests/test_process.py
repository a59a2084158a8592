"""Process stage: schema/size checks, noise removal, language, normalisation, completeness."""

from __future__ import annotations

import copy

import pytest

from microcoder_data.config import ProcessConfig
from microcoder_testing.problems import sample_problems
from microcoder_data.pipeline.step import run_steps
from microcoder_data.process import (
    CleanText,
    Completeness,
    LanguageStep,
    Normalize,
    SchemaCheck,
    clean_text,
    detect_language,
    io_contract,
)
from microcoder_data.process.normalize import derive_starter, normalize_layout
from microcoder_data.recipe import process_steps
from microcoder_data.schema import Problem, Reject
from microcoder_eval.types import TestCase


def one(step, p):
    out = list(step.run([p]))
    assert len(out) == 1
    return out[0]


@pytest.fixture
def stdin_problem() -> Problem:
    return copy.deepcopy(sample_problems()[0])


@pytest.fixture
def fn_problem() -> Problem:
    return copy.deepcopy(next(p for p in sample_problems() if p.mode == "functional"))


# ----------------------------------------------------------------- schema / sizes


def test_schema_accepts_good_rows(stdin_problem):
    assert one(SchemaCheck(), stdin_problem) is stdin_problem


@pytest.mark.parametrize(
    "mutate, reason",
    [
        (lambda p: setattr(p, "statement", 12345), "wrong type: statement"),
        (lambda p: setattr(p, "tests", []), "empty tests"),
        (lambda p: setattr(p, "tests", "1 2"), "wrong type: tests"),
        (lambda p: setattr(p, "tests", [TestCase(1, "2")]), "wrong type in test #0"),
        (lambda p: setattr(p, "tests", [("a",)]), "malformed test #0"),
        (lambda p: setattr(p, "mode", "interactive"), "mode="),
        (lambda p: setattr(p, "statement", "x" * 70_000), "huge field: statement"),
        (lambda p: setattr(p, "reference_solutions", "print(1)"), "reference_solutions"),
        (lambda p: setattr(p, "id", "  "), "empty id"),
    ],
)
def test_schema_rejects_bad_rows_with_reason(stdin_problem, mutate, reason):
    mutate(stdin_problem)
    out = one(SchemaCheck(), stdin_problem)
    assert isinstance(out, Reject)
    assert out.stage == "process" and out.step == "schema"
    assert reason in out.reason
    assert out.payload  # the row as it was is kept


def test_schema_drops_huge_and_duplicate_tests(stdin_problem):
    big = TestCase("1 " * 10, "x" * 200)
    stdin_problem.tests = [stdin_problem.tests[0], stdin_problem.tests[0], big, stdin_problem.tests[1]]
    out = one(SchemaCheck(max_test_bytes=100), stdin_problem)
    assert isinstance(out, Problem)
    assert len(out.tests) == 2
    assert out.provenance["schema"] == {"huge_tests_dropped": 1, "duplicate_tests_dropped": 1}


def test_schema_all_tests_huge_rejects(stdin_problem):
    out = one(SchemaCheck(max_test_bytes=1), stdin_problem)
    assert isinstance(out, Reject) and "huge" in out.reason


# ----------------------------------------------------------------- noise removal


def test_clean_html_images_links():
    text = (
        "<p>Given an array <code>nums</code>, return x<sup>2</sup>.</p>"
        "<img src='https://x/y.png' alt='fig'/><ul><li>one</li><li>two</li></ul>"
        "See [the docs](https://example.com/a) or https://example.com/b &lt;3"
    )
    out, counts = clean_text(text)
    assert "<" not in out.replace("<3", "")
    assert "`nums`" in out and "x^2" in out and "- one" in out and "- two" in out
    assert "the docs" in out and "https://" not in out
    assert counts["images"] == 1 and counts["links"] == 2


def test_clean_markdown_image():
    out, counts = clean_text("Look: ![grid](https://a/b.png) done")
    assert "![" not in out and counts["images"] == 1


def test_clean_mojibake_and_control_chars():
    broken = "caf\u00c3\u00a9 na\u00c3\u00afve \u00e2\u20ac\u0153quoted\u00e2\u20ac\u009d\x07 \ufffd"
    out, counts = clean_text(broken)
    assert "café" in out and "naïve" in out and "“quoted”" in out
    assert "\x07" not in out and "\ufffd" not in out
    assert counts["encoding_fixes"] >= 1


def test_clean_latex_but_not_code():
    text = "Let $1 \\le n \\le 10^{5}$ and $\\frac{a}{b}$.\n```\nprint('$x$ \\\\le')\n```\n"
    out, counts = clean_text(text)
    assert "1 <= n <= 10^5" in out
    assert "(a)/(b)" in out
    assert "print('$x$ \\\\le')" in out  # fenced code untouched
    assert counts["latex"] >= 2


def test_clean_keeps_escape_sequences_in_text():
    out, _ = clean_text("Print a\\nb on two lines and \\t is a tab; 10^{9} \\leq x")
    assert "a\\nb" in out and "\\t" in out and "10^9 <= x" in out


def test_clean_step_records_noise(stdin_problem):
    stdin_problem.statement = "<p>" + stdin_problem.statement + "</p><img src=a.png>"
    out = one(CleanText(), stdin_problem)
    assert out.provenance["noise"]["images"] == 1
    assert "<p>" not in out.statement


# ----------------------------------------------------------------- language

ZH = "给定一个整数数组 nums 和一个整数目标值 target，请你在该数组中找出和为目标值的那两个整数，并返回它们的数组下标。你可以假设每种输入只会对应一个答案。"
FR = (
    "On vous donne un tableau d'entiers et vous devez trouver la plus longue sous-suite croissante. "
    "Chaque élément du tableau est compris entre un et mille, et la réponse doit être affichée sur une seule ligne."
)


def test_language_english_kept(stdin_problem):
    out = one(LanguageStep(), stdin_problem)
    assert isinstance(out, Problem) and out.provenance["language"]["lang"] == "en"


@pytest.mark.parametrize("text, lang", [(ZH, "zh"), (FR, "fr")])
def test_language_non_english_rejected_offline(stdin_problem, text, lang):
    stdin_problem.statement = text
    out = one(LanguageStep(), stdin_problem)
    assert isinstance(out, Reject)
    assert out.step == "language" and lang in out.reason and "no translation" in out.reason


def test_language_detection_is_deterministic():
    results = {detect_language(FR, fast_english=False) for _ in range(5)}
    assert len(results) == 1
    assert detect_language(FR, fast_english=False)[0] == "fr"


def test_language_strips_code_math_samples_and_short_texts():
    # the prose is too short once code, math and samples are gone: assumed English
    text = (
        "Sum.\n```python\nprint(sum(map(int, input().split())))\n```\n$a+b$\nSample Input 1\n1 2\nSample Output 1\n3\n"
    )
    assert detect_language(text)[2] == "short"
    doc = 'def unique(l: list):\n    """Return sorted unique elements in a list\n    >>> unique([5, 3, 5])\n    [3, 5]\n    """\n'
    assert detect_language(doc)[0] in ("und", "en")


class UpperTranslator:
    name = "fake"

    def __init__(self):
        self.calls = []

    def translate(self, text, source_lang, target_lang="en"):
        self.calls.append(source_lang)
        return "Translated statement: find the longest increasing subsequence of the given array of integers."


def test_language_translator_plugs_in(stdin_problem):
    stdin_problem.statement = FR
    tr = UpperTranslator()
    out = one(LanguageStep(translator=tr), stdin_problem)
    assert isinstance(out, Problem)
    assert out.statement.startswith("Translated statement")
    assert out.provenance["language"] == {"lang": "en", "translated_from": "fr", "translator": "fake"}
    assert tr.calls and tr.calls[0] == "fr"


def test_language_translator_from_spec(stdin_problem):
    stdin_problem.statement = FR
    out = one(LanguageStep(translator=f"{__name__}:UpperTranslator"), stdin_problem)
    assert isinstance(out, Problem) and out.provenance["language"]["translated_from"] == "fr"


# ----------------------------------------------------------------- normalise


def test_normalize_layout_headings():
    text = "Do it.\r\n\r\n\r\n\r\nInput:\r\nN\r\n**Output**\nthe answer\nConstraints\n- 1 <= N\nSample Input 1\n3\n"
    out = normalize_layout(text)
    assert "### Input\nN" in out and "### Output\nthe answer" in out and "### Constraints" in out
    assert "### Sample Input 1" in out and "\r" not in out and "\n\n\n" not in out


def test_normalize_derives_starter_from_reference(fn_problem):
    fn_problem.starter_code = ""
    out = one(Normalize(), fn_problem)
    assert out.starter_code.startswith(
        "class Solution:\n    def countPairs(self, nums: list[int], target: int) -> int:"
    )
    assert out.provenance["io_contract"] == "Solution.countPairs"


def test_normalize_top_level_function_contract(fn_problem):
    fn_problem.starter_code = ""
    fn_problem.reference_solutions = ["def countPairs(nums, target):\n    return 0\n"]
    out = one(Normalize(), fn_problem)
    assert out.starter_code.startswith("def countPairs(nums, target):")
    assert io_contract(out) == "function countPairs"


def test_normalize_functional_without_any_signature_rejected(fn_problem):
    fn_problem.starter_code = ""
    fn_problem.reference_solutions = []
    assert isinstance(one(Normalize(), fn_problem), Reject)


def test_normalize_stdin_placeholder_starter_removed(stdin_problem):
    stdin_problem.starter_code = "# YOUR CODE HERE"
    out = one(Normalize(), stdin_problem)
    assert out.starter_code == "" and out.provenance["io_contract"] == "stdin"


def test_derive_starter_ignores_broken_code():
    assert derive_starter("f", ["def f(:", "def f(a, b=2):\n    pass\n"]) == "def f(a, b=2):\n    "


# ----------------------------------------------------------------- completeness


@pytest.mark.parametrize(
    "mutate, reason",
    [
        (lambda p: setattr(p, "fn_name", None), "without fn_name"),
        (lambda p: setattr(p, "fn_name", "class"), "not an identifier"),
        (lambda p: setattr(p, "tests", [TestCase("not json", "1")]), "JSON list or object"),
        (lambda p: setattr(p, "tests", [TestCase("[1]", "{bad")]), "output is not JSON"),
        (lambda p: setattr(p, "statement", "short"), "statement shorter"),
        (lambda p: setattr(p, "starter_code", "class Solution:\n    def other(self): pass"), "does not define"),
    ],
)
def test_completeness_functional(fn_problem, mutate, reason):
    mutate(fn_problem)
    out = one(Completeness(), fn_problem)
    assert isinstance(out, Reject) and reason in out.reason


def test_completeness_stdin_empty_outputs(stdin_problem):
    stdin_problem.tests = [TestCase("1\n", ""), TestCase("2\n", " ")]
    out = one(Completeness(), stdin_problem)
    assert isinstance(out, Reject) and "every expected output is empty" in out.reason


# ----------------------------------------------------------------- the stage


def test_process_stage_balances_and_keeps_good_rows():
    good = sample_problems()
    bad = copy.deepcopy(good[0])
    bad.id = "fixture/bad"
    bad.tests = []
    zh = copy.deepcopy(good[1])
    zh.id = "fixture/zh"
    zh.statement = ZH
    problems = good + [bad, zh]
    kept, rejects = run_steps(process_steps(ProcessConfig()), copy.deepcopy(problems))
    assert len(kept) + len(rejects) == len(problems)
    assert {p.id for p in kept} == {p.id for p in good}
    assert {r.id: r.step for r in rejects} == {"fixture/bad": "schema", "fixture/zh": "language"}


def test_step_exception_becomes_reject(stdin_problem):
    class Boom(SchemaCheck):
        def apply(self, p):
            raise KeyError("kaboom")

    out = one(Boom(), stdin_problem)
    assert isinstance(out, Reject) and "KeyError" in out.reason
