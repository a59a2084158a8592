"""``microcoder eval``: sample answers from a model and judge them with the MicroCoder-Evaluator."""

from __future__ import annotations

import functools

import datetime as dt
from pathlib import Path

import click

from microcoder_eval.types import DEFAULT_MEMORY_LIMIT_MB, DEFAULT_OUTPUT_LIMIT_MB, DEFAULT_TIME_LIMIT_S, Limits


def _parse_ks(value: str) -> list[int]:
    try:
        ks = sorted({int(k) for k in value.split(",") if k.strip()})
    except ValueError:
        raise click.BadParameter(f"expected comma-separated integers, got {value!r}")
    if not ks or ks[0] < 1:
        raise click.BadParameter("k values must be >= 1")
    return ks


def _iso_date(ctx, param, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value.strip()[:10]).isoformat()
    except ValueError:
        raise click.BadParameter(f"expected a date YYYY-MM-DD, got {value!r}")


def _platforms(ctx, param, value: str | None) -> tuple[str, ...]:
    return tuple(sorted({p.strip().lower() for p in (value or "").split(",") if p.strip()}))


def _window_options(f):
    """--platform/--after/--before: the problems a run covers (LiveCodeBench's window)."""
    f = click.option(
        "--before",
        callback=_iso_date,
        metavar="DATE",
        help="Only problems with a contest date before DATE (exclusive).",
    )(f)
    f = click.option(
        "--after",
        callback=_iso_date,
        metavar="DATE",
        help="Only problems with a contest date on or after DATE (LiveCodeBench v6: 2025-02-01).",
    )(f)
    f = click.option(
        "--platform",
        "platforms",
        callback=_platforms,
        metavar="P1,P2",
        help="Only problems from these platforms (e.g. atcoder,leetcode).",
    )(f)
    return f


def _judge_options(f):
    for option in reversed(
        [
            click.option(
                "--workers", type=click.IntRange(1), default=None, help="Parallel sandbox workers [default: all cores]."
            ),
            click.option("--k", "k", default="1", show_default=True, help="pass@k values, comma-separated (e.g. 1,4)."),
            click.option(
                "--time-limit",
                type=float,
                default=DEFAULT_TIME_LIMIT_S,
                show_default=True,
                help="CPU seconds per test (a problem's own limit wins, and a test's own where tighter).",
            ),
            click.option(
                "--memory-limit", type=int, default=DEFAULT_MEMORY_LIMIT_MB, show_default=True, help="MiB per program."
            ),
            click.option(
                "--output-limit",
                type=int,
                default=DEFAULT_OUTPUT_LIMIT_MB,
                show_default=True,
                help="MiB of output per test.",
            ),
            click.option("--all-tests", is_flag=True, help="Run every test instead of stopping at the first failure."),
            click.option(
                "--executor",
                type=click.Choice(["local", "ray"]),
                default="local",
                show_default=True,
                help="local: a sandbox pool in this process; ray: one judge actor per node of the Ray cluster "
                "(RAY_ADDRESS, else a local Ray), --workers per node [default: the node's CPUs].",
            ),
        ]
    ):
        f = option(f)
    return f


@click.group(name="eval")
def eval_group() -> None:
    """Sample answers from a model and judge model-written code."""


def _judge(
    dataset: Path,
    solutions: Path,
    out: Path,
    *,
    workers,
    k,
    time_limit,
    memory_limit,
    output_limit,
    all_tests,
    progress,
    window,
    executor="local",
    announce=True,
) -> None:
    from microcoder_data.collect import read_problem_file
    from microcoder_eval.evaluate import DatasetError, pass_rates_path, run, summary_path
    from microcoder_eval.wording import plural

    try:
        summary = run(
            dataset,
            solutions,
            out,
            read_problems=read_problem_file,
            workers=workers,
            ks=_parse_ks(k),
            limits=Limits(time_limit, memory_limit, output_limit),
            stop_on_failure=not all_tests,
            progress=progress,
            window=window,
            executor=executor,
            announce=announce,
        )
    except DatasetError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(summary["table"])
    outside = f"; outside the window: {summary['outside_window']}" if summary["outside_window"] else ""
    fresh = summary["candidates"] - summary["reused"]
    reused = (
        (
            f"; reused {plural(summary['reused'], 'result')} already in {out.name}, judged "
            f"{plural(fresh, 'new one', 'new ones')}"
        )
        if summary["reused"]
        else ""
    )
    click.echo(
        f"\n{plural(summary['candidates'], 'candidate')}, {plural(summary['problems'], 'problem')} "
        f"(sandbox isolation: {summary['isolation']}); input errors: {summary['input_errors']}{outside}{reused}"
    )
    chart = f" (chart: {Path(summary['chart']).name})" if summary["chart"] else " (no chart: nothing was judged)"
    click.echo(
        f"results: {out}\nsummary: {summary_path(out)}{chart}"
        f"\npass rates per problem (filter.difficulty.samples_file): {pass_rates_path(out)}"
    )


@eval_group.command(name="run")
@click.option(
    "--dataset",
    "dataset",
    required=True,
    type=click.Path(exists=True, dir_okay=True, path_type=Path),
    help="Problems: LiveCodeBench code_generation_lite rows, APPS/TACO rows, microcoder rows or the "
    "verl RL parquet of `microcoder data build` (JSON array, JSONL or parquet), or the build "
    "folder itself (its train.parquet + test.parquet).",
)
@click.option(
    "--solutions",
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help='JSONL, one candidate a line: {"problem_id": ..., "completion": "<raw model text or code>"} '
    "(the GENERATIONS.jsonl of `eval generate` as it is).",
)
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="RESULTS.jsonl (one line per candidate); the summary goes to RESULTS.summary.json. "
    "An existing file is resumed: only missing candidates are judged.",
)
@_judge_options
@_window_options
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def run_command(
    dataset: Path,
    solutions: Path,
    out: Path,
    workers: int | None,
    k: str,
    time_limit: float,
    memory_limit: int,
    output_limit: int,
    all_tests: bool,
    executor: str,
    platforms,
    after,
    before,
    no_progress: bool,
) -> None:
    """Judge SOLUTIONS against DATASET and report mean@n / pass@k like the paper's Table 1."""
    from microcoder_eval.window import Window

    _judge(
        dataset,
        solutions,
        out,
        workers=workers,
        k=k,
        time_limit=time_limit,
        memory_limit=memory_limit,
        output_limit=output_limit,
        all_tests=all_tests,
        progress=not no_progress,
        window=Window(platforms, after, before),
        executor=executor,
    )


def _engine(
    engine: str,
    model: str,
    base_url: str | None,
    api_key: str | None,
    concurrency: int,
    retries: int,
    device: str | None,
    dtype: str,
    batch_size: int,
    progress: bool,
):
    """The generation engine, built last: it loads a model or contacts a server."""
    if engine == "openai":
        from microcoder_eval.generate.openai import OpenAIEngine

        return OpenAIEngine(base_url, model, api_key=api_key, concurrency=concurrency, max_retries=retries)
    from microcoder_eval.generate.hf import TransformersEngine
    from microcoder_eval.model_ref import describe_model

    describe_model(model)  # ValueError: a missing folder would reach from_pretrained as a malformed Hub id
    return TransformersEngine(model, device=device, dtype=dtype, batch_size=batch_size, progress=progress)


def _sample(dataset, out, engine, model, base_url, sampling, window, limit, system_prompt, make_engine, no_progress):
    """The samples of ``eval generate`` not yet in OUT, generated (or none: everything is there); the counts."""
    from microcoder_data.collect import read_problem_file
    from microcoder_data.config import DEFAULT_SYSTEM_PROMPT
    from microcoder_data.export.prompt import prompt_of
    from microcoder_eval.generate import EngineError
    from microcoder_eval.generate.run import generate, plan, select, stats

    try:
        if engine == "openai":
            from microcoder_eval.generate.openai import normalise_base_url

            normalise_base_url(base_url)  # a bad scheme fails here; the engine says what it assumed
        selected = select(
            dataset,
            sampling,
            read_problems=read_problem_file,
            prompt_of=prompt_of,
            system_prompt=DEFAULT_SYSTEM_PROMPT if system_prompt is None else system_prompt,
            window=window,
            limit=limit,
        )
        if not selected.problems:
            raise click.ClickException(
                f"{dataset}: no problem in the window ({window.describe() or 'all'}); "
                f"{selected.outside_window} outside it"
            )
        work = plan(selected, out, model, sampling)
        if not work.todo:
            click.echo(
                f"nothing left to generate: all {len(selected.requests)} samples are already in {out} "
                f"({'no server contacted' if engine == 'openai' else 'no model loaded'})",
                err=True,
            )
            counts = stats(work)
        else:
            counts = generate(
                work,
                make_engine(),
                sampling,
                progress=not no_progress,
            )
    except (EngineError, ValueError) as exc:  # DatasetError, mixed settings, a bad --base-url/--dtype …
        raise click.ClickException(str(exc)) from None
    return counts


@eval_group.command(name="generate")
@click.option(
    "--dataset",
    "dataset",
    required=True,
    type=click.Path(exists=True, dir_okay=True, path_type=Path),
    help="Problems, in any format `eval run` reads (a build folder too); a verl parquet's own prompts "
    "are used as they are.",
)
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="GENERATIONS.jsonl; an existing file is resumed (only missing samples are generated).",
)
@click.option("--engine", type=click.Choice(["transformers", "openai"]), default="transformers", show_default=True)
@click.option("--model", required=True, help="transformers: a model folder or Hub id; openai: the served model name.")
@click.option(
    "--base-url",
    help="openai engine: the server's API root, e.g. http://127.0.0.1:8000/v1 (no scheme: http:// is assumed).",
)
@click.option("--api-key", envvar="OPENAI_API_KEY", help="openai engine: bearer token [env OPENAI_API_KEY].")
@click.option("--n", "n", type=click.IntRange(1), default=4, show_default=True, help="Samples per problem (mean@n).")
@click.option("--max-tokens", type=click.IntRange(1), default=4096, show_default=True, help="Response tokens.")
@click.option("--temperature", type=click.FloatRange(0), default=1.0, show_default=True, help="0 = greedy.")
@click.option("--top-p", type=click.FloatRange(0, 1, min_open=True), default=1.0, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Base of the per-sample seeds.")
@click.option("--limit", type=click.IntRange(1), help="At most N problems (after the window filter).")
@click.option("--system-prompt", help="Replace the training system prompt (default: the one `data build` uses).")
@click.option(
    "--batch-size", type=click.IntRange(1), default=8, show_default=True, help="transformers: sequences per batch."
)
@click.option("--device", help="transformers: cpu, cuda, cuda:1 … [default: cuda when available].")
@click.option("--dtype", default="auto", show_default=True, help="transformers: bfloat16, float32, auto …")
@click.option(
    "--concurrency", type=click.IntRange(1), default=16, show_default=True, help="openai: requests in flight."
)
@click.option(
    "--retries",
    type=click.IntRange(0),
    default=5,
    show_default=True,
    help="openai: retries per request on transient errors (exponential backoff).",
)
@click.option("--judge", is_flag=True, help="Then judge the generations (as `eval run`) and print the table.")
@click.option(
    "--results",
    type=click.Path(dir_okay=False, path_type=Path),
    help="With --judge: RESULTS.jsonl [default: OUT with .results.jsonl].",
)
@_judge_options
@_window_options
@click.option("--no-progress", is_flag=True, help="No progress bars.")
def generate_command(
    dataset: Path,
    out: Path,
    engine: str,
    model: str,
    base_url: str | None,
    api_key: str | None,
    n: int,
    max_tokens: int,
    temperature: float,
    top_p: float,
    seed: int,
    limit: int | None,
    system_prompt: str | None,
    batch_size: int,
    device: str | None,
    dtype: str,
    concurrency: int,
    retries: int,
    judge: bool,
    results: Path | None,
    workers: int | None,
    k: str,
    time_limit: float,
    memory_limit: int,
    output_limit: int,
    all_tests: bool,
    executor: str,
    platforms,
    after,
    before,
    no_progress: bool,
) -> None:
    """Sample N answers per problem of DATASET from a model, with the training prompt, into OUT."""
    from microcoder_eval.generate import Sampling
    from microcoder_eval.wording import plural
    from microcoder_eval.window import Window

    # everything cheap is checked before the engine (a model load, a server) is touched
    if judge:
        _parse_ks(k)  # a bad --k fails before hours of sampling, not after
    if engine == "openai" and not base_url:
        raise click.UsageError("--engine openai needs --base-url (e.g. http://127.0.0.1:8000/v1)")
    window = Window(platforms, after, before)
    sampling = Sampling(n=n, max_tokens=max_tokens, temperature=temperature, top_p=top_p, seed=seed)
    make_engine = functools.partial(
        _engine, engine, model, base_url, api_key, concurrency, retries, device, dtype, batch_size, not no_progress
    )
    counts = _sample(
        dataset, out, engine, model, base_url, sampling, window, limit, system_prompt, make_engine, no_progress
    )
    click.echo(
        f"{plural(counts['problems'], 'problem')} × {plural(n, 'sample')}: {counts['generated']} generated, "
        f"{counts['already_there']} already in {out}; {counts['truncated']} of the new ones cut at "
        f"{max_tokens} tokens"
        + (f"; {plural(counts['outside_window'], 'problem')} outside the window" if counts["outside_window"] else "")
    )
    if judge:
        stem = out.name[: -len(".jsonl")] if out.name.endswith(".jsonl") else out.name
        _judge(
            dataset,
            out,
            results or out.with_name(stem + ".results.jsonl"),
            workers=workers,
            k=k,
            time_limit=time_limit,
            memory_limit=memory_limit,
            output_limit=output_limit,
            all_tests=all_tests,
            progress=not no_progress,
            window=window,
            executor=executor,
            announce=False,
        )
