"""``microcoder eval``: judge model solutions with the MicroCoder-Evaluator."""
from __future__ import annotations

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


@click.group(name="eval")
def eval_group() -> None:
    """Judge model-written code."""


@eval_group.command(name="run")
@click.option("--dataset", "dataset", required=True, type=click.Path(exists=True, dir_okay=True, path_type=Path),
              help="Problems: LiveCodeBench code_generation_lite rows, APPS/TACO rows or microcoder rows "
                   "(JSON array, JSONL or parquet).")
@click.option("--solutions", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help='JSONL, one candidate a line: {"problem_id": ..., "completion": "<raw model text or code>"}.')
@click.option("--out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="RESULTS.jsonl (one line per candidate); the summary goes to RESULTS.summary.json. "
                   "An existing file is resumed: only missing candidates are judged.")
@click.option("--workers", type=int, default=None, help="Parallel sandbox workers [default: all cores].")
@click.option("--k", "k", default="1", show_default=True, help="pass@k values, comma-separated (e.g. 1,4).")
@click.option("--time-limit", type=float, default=DEFAULT_TIME_LIMIT_S, show_default=True,
              help="CPU seconds per test (a problem's own limit wins).")
@click.option("--memory-limit", type=int, default=DEFAULT_MEMORY_LIMIT_MB, show_default=True, help="MiB per program.")
@click.option("--output-limit", type=int, default=DEFAULT_OUTPUT_LIMIT_MB, show_default=True,
              help="MiB of output per test.")
@click.option("--all-tests", is_flag=True, help="Run every test instead of stopping at the first failure.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@click.option("--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="local: a sandbox pool in this process; ray: one judge actor per node of the Ray cluster "
                   "(RAY_ADDRESS, else a local Ray), --workers per node [default: the node's CPUs].")
def run_command(dataset: Path, solutions: Path, out: Path, workers: int | None, k: str, time_limit: float,
                memory_limit: int, output_limit: int, all_tests: bool, no_progress: bool, executor: str) -> None:
    """Judge SOLUTIONS against DATASET and report pass@k like the paper's Table 1."""
    from microcoder_eval.runner import run

    summary = run(
        dataset, solutions, out,
        workers=workers, ks=_parse_ks(k),
        limits=Limits(time_limit, memory_limit, output_limit),
        stop_on_failure=not all_tests, progress=not no_progress, executor=executor,
    )
    click.echo(summary["table"])
    click.echo(f"\n{summary['candidates']} candidates, {summary['problems']} problems "
               f"(sandbox isolation: {summary['isolation']}); input errors: {summary['input_errors']}")
    stem = out.name[:-len(".jsonl")] if out.name.endswith(".jsonl") else out.name
    click.echo(f"results: {out}\nsummary: {out.with_name(stem + '.summary.json')} (chart: {stem}.summary.png)")
