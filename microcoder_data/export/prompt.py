"""The RL prompt: one function for training (``train.parquet``) and evaluation (``eval generate``,
which the CLI hands :func:`prompt_of`).

``microcoder data build`` writes :func:`prompt_messages` of each processed problem into the
verl parquet's ``prompt`` column, and ``microcoder eval generate`` asks the model with the same
messages, so the prompts a model is trained and evaluated on cannot drift apart.
Problems that have not been through the Process stage (raw benchmark rows) are first given
the same presentation (:func:`presentable`): noise removal and the one statement layout.
"""

from __future__ import annotations

import copy

from microcoder_data.process.clean import CleanText
from microcoder_data.process.normalize import Normalize, io_contract_text
from microcoder_data.schema import Problem
from microcoder_data.settings.export import DEFAULT_SYSTEM_PROMPT


def user_prompt(p: Problem) -> str:
    """The user turn: title, statement, I/O contract, starter code, the answer format asked for."""
    parts = [f"## {p.title}" if p.title else "", p.statement.strip(), "## Format", io_contract_text(p)]
    if p.starter_code.strip():
        parts += ["## Starter code", f"```python\n{p.starter_code.rstrip()}\n```"]
    if p.mode == "stdin":
        parts.append("Write the complete program and put your final code in a single ```python code block.")
    else:
        parts.append("Complete the starter code and put your final code in a single ```python code block.")
    return "\n\n".join(x for x in parts if x)


def prompt_messages(p: Problem, system_prompt: str | None = DEFAULT_SYSTEM_PROMPT) -> list[dict[str, str]]:
    """Chat messages (system, when set, then user) for a processed problem."""
    messages = []
    if system_prompt:
        messages.append({"role": "system", "content": system_prompt})
    messages.append({"role": "user", "content": user_prompt(p)})
    return messages


def presentable(p: Problem) -> Problem:
    """A copy of a raw problem laid out as the Process stage lays out training problems.

    Only the presentation steps run (clean-up, layout, starter code); a problem the
    layout step cannot complete (a functional problem with neither starter code nor a
    reference to derive one from) keeps its cleaned text.
    """
    q = CleanText().apply(copy.deepcopy(p))
    out = Normalize().apply(copy.deepcopy(q))
    return out if isinstance(out, Problem) else q


def prompt_of(problem: Problem, system_prompt: str | None) -> tuple[tuple[str, str], ...]:
    """The training prompt as ``eval generate`` asks it: a verl row's own messages, else
    :func:`prompt_messages` of the problem given the Process stage's presentation."""
    given = (problem.provenance or {}).get("prompt")
    messages = given if given else prompt_messages(presentable(problem), system_prompt)
    return tuple((m["role"], m["content"]) for m in messages)
