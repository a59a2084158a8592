"""verl RL rows: ``data_source``, ``prompt`` (chat messages), ``reward_model.ground_truth``, ``extra_info``.

What ``microcoder data build`` writes to ``train.parquet`` / ``test.parquet``, and other
verl-format code datasets whose ground truth ``microcoder_eval.reward.compute_score``
understands (``{"tests": [...]}`` or APPS/TACO-style ``{"inputs", "outputs", "fn_name"?}``).
The row's prompt is kept verbatim in ``provenance["prompt"]``: evaluating on these rows
asks the model exactly what training asked.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.ground_truth import from_ground_truth

from .fields import iso_date, normalise_difficulty
from .prompts import split_prompt
from .rows import RowContext, RowError, RowFormat

GROUND_TRUTH_SHAPES = (
    'a JSON object with "tests": [{"input", "output"}, ...] (microcoder data build) '
    'or APPS/TACO-style "inputs"/"outputs"[/"fn_name"]'
)


def matches(row: Mapping[str, Any]) -> bool:
    return "prompt" in row and "reward_model" in row


def _messages(value: Any) -> list[dict[str, str]]:
    if isinstance(value, str):  # a plain-text prompt
        return [{"role": "user", "content": value}]
    if not isinstance(value, (list, tuple)) or not value:
        raise RowError("prompt: expected a non-empty list of {role, content} chat messages")
    out = []
    for i, m in enumerate(value):
        if not isinstance(m, Mapping) or not isinstance(m.get("role"), str) or not isinstance(m.get("content"), str):
            raise RowError(f"prompt[{i}]: expected a {{role, content}} message with string fields")
        out.append({"role": m["role"], "content": m["content"]})
    return out


def _statement(user: str, title: str) -> tuple[str, str]:
    """The statement and starter code a user turn wraps: the prompt's instructions, answer
    format and fenced starter code cut off (this project's prompt: ``## Format``, ``## Starter
    code``), and the ``## <title>`` line it opens with."""
    parts = split_prompt(user)
    lines = parts.statement.split("\n")
    if title and lines and lines[0].lstrip("#").strip() == title.strip() and lines[0].startswith("#"):
        lines = lines[1:]
    return "\n".join(lines).strip("\n") or parts.statement, parts.starter_code


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    messages = _messages(row["prompt"])
    reward_model = row["reward_model"]
    if isinstance(reward_model, str):
        try:
            reward_model = json.loads(reward_model)
        except ValueError:
            raise RowError("reward_model: expected an object with 'ground_truth'") from None
    if not isinstance(reward_model, Mapping) or reward_model.get("ground_truth") in (None, ""):
        raise RowError("reward_model: expected an object with 'ground_truth'")
    try:
        task = from_ground_truth(reward_model["ground_truth"])
    except Exception as exc:  # noqa: BLE001 - any shape the reward function cannot read
        raise RowError(
            f"reward_model.ground_truth: expected {GROUND_TRUTH_SHAPES} ({type(exc).__name__}: {exc})"
        ) from None
    extra = row.get("extra_info") if isinstance(row.get("extra_info"), Mapping) else {}
    data_source = str(row.get("data_source") or ctx.source)
    index = extra.get("index")
    upstream = extra.get("id") or f"{data_source.rsplit('/', 1)[-1]}/{index if index is not None else ctx.row}"
    user = "\n\n".join(m["content"] for m in messages if m["role"] == "user")
    title = str(extra.get("title") or "")
    statement, starter = _statement(user, title)
    platform = str(extra.get("platform") or "").strip().lower() or None
    return Problem(
        id=str(upstream),
        source=str(extra.get("source") or data_source),
        title=title,
        statement=statement,
        starter_code=starter,
        mode=task.mode,
        tests=list(task.tests),
        fn_name=task.fn_name,
        difficulty=normalise_difficulty(extra.get("difficulty")),
        contest_date=iso_date(extra.get("contest_date")),
        platform=platform,
        license=str(extra.get("license") or ""),
        rule=task.rule,
        time_limit_s=task.time_limit_s,
        provenance=ctx.provenance(extra.get("id") or index, data_source=data_source, prompt=messages),
    )


FORMAT = RowFormat("verl", matches, convert, "verl RL rows (prompt, reward_model.ground_truth, extra_info)")
