"""Code extraction from raw model answers."""

from __future__ import annotations

import time

import pytest

from microcoder_eval.extract import Extraction, extract_code

FENCE = "```"


def ok(text: str) -> str:
    ex = extract_code(text)
    assert ex.status == "ok", ex
    assert ex.code.endswith("\n")
    compile(ex.code, "<t>", "exec")
    return ex.code


def status(text: str) -> str:
    ex = extract_code(text)
    if ex.status != "ok":
        assert ex.code == ""
    return ex.status


# --------------------------------------------------------------------------- fenced


@pytest.mark.parametrize("tag", ["python", "py", "python3", "Python", "PY3", "{.python}", "python title=sol.py", ""])
def test_tags(tag):
    text = f"Here is my solution:\n{FENCE}{tag}\nprint(int(input()) * 2)\n{FENCE}\nDone."
    assert ok(text) == "print(int(input()) * 2)\n"


def test_tilde_and_long_fences():
    assert ok("~~~python\nx = 1\nprint(x)\n~~~\n") == "x = 1\nprint(x)\n"
    text = "````python\ns = '''\n```\n'''\nprint(s)\n````\n"
    assert ok(text) == "s = '''\n```\n'''\nprint(s)\n"
    # a shorter fence does not close a longer one, a longer one does close a shorter one
    assert ok("```python\nprint(1)\n`````\n") == "print(1)\n"


def test_last_complete_python_block_wins():
    text = (
        "First attempt:\n```python\nprint('draft')\n```\n"
        "Fixed version:\n```python\nprint('final')\n```\n"
        "Example run:\n```\n$ python sol.py\n```\n"
    )
    assert ok(text) == "print('final')\n"


def test_python_tag_preferred_over_later_untagged():
    text = "```python\nprint('code')\n```\nSample output:\n```\n5\n```\n"
    assert ok(text) == "print('code')\n"


def test_other_languages_are_skipped():
    text = (
        "```python\nprint('py')\n```\n"
        "Run it with:\n```bash\npython3 sol.py < in.txt\n```\n"
        'Input:\n```text\n3\n1 2 3\n```\n```json\n{"a": 1}\n```\n'
    )
    assert ok(text) == "print('py')\n"
    assert status("```cpp\nint main() { return 0; }\n```\n") == "no_code"
    assert status("```bash\necho hi\n```\n") == "no_code"


def test_untagged_blocks():
    text = "Input:\n```\n3\n1 2 3\n```\nCode:\n```\nn = int(input())\nprint(n)\n```\nOutput:\n```\n6\n```\n"
    assert ok(text) == "n = int(input())\nprint(n)\n"
    # only non-code untagged blocks: the last one is still what was submitted
    assert extract_code("```\n42\n```\n") == Extraction("ok", "42\n")


def test_indented_fence_in_list_item():
    text = (
        "1. Read input.\n2. Solution:\n\n"
        "   ```python\n"
        "   def main():\n"
        "       print(sum(map(int, input().split())))\n"
        "\n"
        "   main()\n"
        "   ```\n"
    )
    assert ok(text) == "def main():\n    print(sum(map(int, input().split())))\n\nmain()\n"


def test_crlf():
    text = "Solution:\r\n```python\r\nx = 1\r\nprint(x)\r\n```\r\n"
    assert ok(text) == "x = 1\nprint(x)\n"


def test_fence_inside_triple_quoted_string():
    text = '```python\nTEMPLATE = """\n```\nexample\n"""\nprint(TEMPLATE)\n```\n'
    assert ok(text) == 'TEMPLATE = """\n```\nexample\n"""\nprint(TEMPLATE)\n'


def test_inline_fences_are_not_blocks():
    text = "Use ```print``` to output.\n```python\nprint(1)\n```"
    assert ok(text) == "print(1)\n"


def test_closing_fence_glued_to_last_line():
    assert ok("```python\nprint(1)```") == "print(1)\n"
    assert ok("```python\nx = 2\nprint(x)```\n\n") == "x = 2\nprint(x)\n"


def test_stray_opener_before_complete_block():
    text = "~~~\nSome notes\n```python\nprint(3)\n```\nThanks"
    assert ok(text) == "print(3)\n"


# --------------------------------------------------------------------------- incomplete


def test_truncated_block_is_incomplete():
    assert status("Let me write it:\n```python\nn = int(input())\nfor i in range(n):\n    print(") == "incomplete"
    assert status("```python\nprint(1)") == "incomplete"


def test_truncated_after_complete_block_is_incomplete():
    text = "```python\nprint('v1')\n```\nBetter:\n```python\nprint('v2'"
    assert status(text) == "incomplete"
    # a truncated block of another language counts too: the answer was cut off
    assert status("```python\nprint(1)\n```\nRun:\n```bash\npython sol") == "incomplete"


def test_empty_stray_fence_at_end_is_ignored():
    assert ok("```python\nprint(1)\n```\n```\n") == "print(1)\n"
    assert status("Nothing here\n```\n") == "no_code"


def test_unclosed_think_is_incomplete():
    assert status("<think>\nLet me think about the problem. First") == "incomplete"
    assert status("  <think>The answer is ```python\nprint(1)\n```") == "incomplete"


# --------------------------------------------------------------------------- think


def test_think_section_is_dropped():
    text = (
        "<think>\nMaybe:\n```python\nprint('thinking')\n```\nNo, better another way.\n</think>\n"
        "Final answer:\n```python\nprint('answer')\n```\n"
    )
    assert ok(text) == "print('answer')\n"
    # only the reasoning had code: nothing was submitted
    assert status("<think>\n```python\nprint(1)\n```\n</think>\nI could not solve it.") == "no_code"
    # a template that put <think> in the prompt: only the closing tag is generated
    assert ok("reasoning...\n</think>\n```python\nprint(2)\n```") == "print(2)\n"
    assert status("<think>reasoning</think>") == "no_code"


# --------------------------------------------------------------------------- unfenced


def test_raw_program():
    code = "import sys\n\ndef main():\n    print(sum(map(int, sys.stdin.read().split())))\n\nmain()\n"
    assert ok(code) == code
    assert ok("x = int(input())\nprint(x * 2)") == "x = int(input())\nprint(x * 2)\n"
    assert (
        ok("class Solution:\n    def f(self, a):\n        return a\n")
        == "class Solution:\n    def f(self, a):\n        return a\n"
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n",
        "I am not sure how to solve this problem.",
        "The answer is 42.",
        "42",
        "x = 5 is the answer because the sum is five.",
        "Step 1: read the input\nStep 2: print the sum",
        "yes",
    ],
)
def test_no_code(text):
    assert status(text) == "no_code"


# --------------------------------------------------------------------------- speed


def test_long_outputs_are_fast():
    words = " ".join(["reason"] * 30_000)
    code = "".join(f"x{i} = {i}\n" for i in range(500)) + "print(x1)\n"
    texts = [
        f"<think>{words}</think>\nHere:\n```python\n{code}```\n",
        words + "\n```python\n" + code + "```\n",
        words,
        "```python\n" + code + words,  # truncated
        ("```\nline\n```\n" * 3000) + "```python\nprint(1)\n```",
    ]
    t = time.perf_counter()
    results = [extract_code(x).status for x in texts]
    elapsed = time.perf_counter() - t
    assert results == ["ok", "ok", "no_code", "incomplete", "ok"]
    assert elapsed < 5
