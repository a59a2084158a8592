"""Is LiveCodeBench's "wrong" verdict on a program that prints from a thread about its answers?

Many O1-Preview programs end with ``threading.Thread(target=main).start()`` and never join the
thread.  Python, AtCoder and our judge wait for it; LiveCodeBench's harness runs the program as
a function inside its own process and captures stdout only while that function runs, so what
the thread prints after it returns is lost -- the more likely, the larger the input.
``programs_dev.jsonl`` grades 119 of the 124 such programs wrong, against 72 of the 324 O1-Preview
programs without a thread.

:func:`harness_verdicts` asks LiveCodeBench's own grader (``nvidia-livecodebench``, in its own
venv, through ``_lcb_peer_client.py``) about each such program twice on the same tests: as
written, and with the thread's start replaced by a plain call of its target (nothing else
changed).  A program that fails only as written was failed for the harness, not its answers:
its verdict is left out of the rates marked "LCB harness verdicts corrected".  It is a race,
so a rerun may move a program or two between outcomes.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from _lcb_peer_client import grade_with_peer

LCB_TIMEOUT_S = 6  # LiveCodeBench's own per-test limit
_THREAD_MAIN = re.compile(r"threading\.Thread\(\s*target\s*=\s*(\w+)\s*,?\s*\)\.start\(\)")


def prints_from_a_thread(code: str) -> bool:
    """The program runs its main() in a thread it never joins."""
    return bool(_THREAD_MAIN.search(code)) and not re.search(r"\.join\(\s*\)", code)  # not ' '.join(words)


def called_directly(code: str) -> str:
    """The program with ``threading.Thread(target=f).start()`` replaced by ``f()``."""
    return _THREAD_MAIN.sub(lambda m: f"{m.group(1)}()", code)


def _lcb_sample(problem) -> str:
    """LiveCodeBench's ``input_output`` for a stdin problem's tests."""
    return json.dumps(
        {"inputs": [t.input for t in problem.tests], "outputs": [t.output for t in problem.tests], "fn_name": None}
    )


def harness_verdicts(items: list[tuple[str, str, object]], peer_python: str, workers: int, tmp: Path) -> dict:
    """``items``: (key, program, stdin problem whose tests to grade on).  Counts of the four
    outcomes, where the first test failed only as written was (the largest input or not), and
    the keys of the programs failed only as written."""
    candidates = [
        {"input_output": _lcb_sample(problem), "code": variant}
        for _key, code, problem in items
        for variant in (code, called_directly(code))
    ]
    graded = grade_with_peer(candidates, workers, LCB_TIMEOUT_S, peer_python, tmp)
    outcomes: Counter = Counter()
    failing_test: Counter = Counter()
    harness_only = []
    for k, (key, _code, problem) in enumerate(items):
        as_written, direct = graded["passed"][2 * k], graded["passed"][2 * k + 1]
        outcomes[
            f"as written {'passes' if as_written else 'fails'}, called directly {'passes' if direct else 'fails'}"
        ] += 1
        if direct and not as_written:
            harness_only.append(key)
            first = next(i for i, g in enumerate(graded["results"][2 * k]) if g is not True)
            largest = max(range(len(problem.tests)), key=lambda i: len(problem.tests[i].input))
            failing_test["the largest input" if first == largest else "another input"] += 1
    return {
        "programs": len(items),
        "outcomes": dict(sorted(outcomes.items())),
        "fails_only_as_written_first_on": dict(failing_test),
        "fail_only_as_written": harness_only,
    }
