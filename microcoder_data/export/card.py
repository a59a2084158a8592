"""The dataset card (``README.md``) and its figures (matplotlib Agg PNGs, no metadata
timestamps, so rebuilding gives the same bytes)."""

from __future__ import annotations

import json
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Sequence

from microcoder_data.schema import Problem
from microcoder_data.testgen.refusal import KINDS

DIFF_ORDER = ("easy", "medium", "hard", "unknown")


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    return plt, MaxNLocator


def _save(fig: Any, path: Path) -> None:
    import matplotlib.pyplot as plt

    fig.savefig(path, format="png", metadata={"Software": None})
    plt.close(fig)


def difficulty_figure(problems: list[Problem], splits: dict[str, str]) -> Any:
    """Problems per difficulty (and split); None when no problem has a label (one "unknown"
    bar says nothing)."""
    if all((p.difficulty or "unknown") == "unknown" for p in problems):
        return None
    plt, MaxNLocator = _pyplot()
    by_split: dict[str, Counter[str]] = defaultdict(Counter)
    for p in problems:
        by_split[splits.get(p.id, "train")][p.difficulty or "unknown"] += 1
    fig, ax = plt.subplots(figsize=(6, 3.2), dpi=100)
    names = sorted(by_split)
    width = 0.8 / max(1, len(names))
    for k, split in enumerate(names):
        xs = [i + k * width for i in range(len(DIFF_ORDER))]
        ys = [by_split[split][d] for d in DIFF_ORDER]
        bars = ax.bar(xs, ys, width=width, label=split)
        for x, y in zip(xs, ys):
            if y:
                ax.text(x, y, str(y), ha="center", va="bottom", fontsize=8)
        del bars
    ax.set_xticks([i + width * (len(names) - 1) / 2 for i in range(len(DIFF_ORDER))])
    ax.set_xticklabels(DIFF_ORDER)
    ax.set_xlabel("difficulty")
    ax.set_ylabel("problems")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title("Difficulty")
    if len(names) > 1:
        ax.legend()
    fig.tight_layout()
    return fig


def tests_figure(problems: list[Problem]) -> Any:
    """Problems per number of tests; None when no problem was kept (bare axes say nothing)."""
    if not problems:
        return None
    plt, MaxNLocator = _pyplot()
    counts = Counter(len(p.tests) for p in problems)
    fig, ax = plt.subplots(figsize=(6, 3.2), dpi=100)
    xs = sorted(counts)
    ax.bar(xs, [counts[x] for x in xs], width=0.8)
    ax.set_xlabel("tests per problem (after Verify)")
    ax.set_ylabel("problems")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title("Tests per problem")
    fig.tight_layout()
    return fig


def _table(header: list[str], rows: list[list[Any]]) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(x).replace("|", "\\|").replace("\n", " ") for x in r) + " |")
    return "\n".join(out)


def _time_limit_text(problems: list[Problem]) -> str:
    """Distribution of the per-problem CPU limits Verify derived (reward_model.ground_truth.time_limit_s)."""
    limits = Counter(p.time_limit_s for p in problems)
    default = limits.pop(None, 0)
    intro = (
        "Per-test CPU limit per problem (`time_limit_s` in the ground truth and `problems.parquet`), "
        "derived by Verify from the slowest correct reference (factor, floor, ceiling: `verify` parameters "
        "below); the judge enforces it."
    )
    rows = [[f"{lim:g} s", n] for lim, n in sorted(limits.items())]
    if default:
        rows.append(["judge default (no reference)", default])
    text = intro + "\n\n" + _table(["time limit", "problems"], rows) if rows else intro
    own = Counter(t.time_limit_s for p in problems for t in p.tests if t.time_limit_s is not None)
    if not own:
        return text
    per_test = [[f"{lim:g} s", n] for lim, n in sorted(own.items())]
    return (
        text + "\n\nEach test's own limit (with the test; the judge runs the smallest first): factor x the "
        "references' time on that test, the small floor unless its input is large.\n\n"
        + _table(["test time limit", "tests"], per_test)
    )


def _testgen_section(problems: list[Problem]) -> list[str]:
    from microcoder_data.verify.report import testgen_stats

    st = testgen_stats(problems)
    rows = [
        [
            src,
            d["problems"],
            d["augmented"],
            d["tests_generated"],
            d["tests"],
            d["strength_measured"],
            "" if d["strength_mean"] is None else f"{d['strength_mean']:.1%}",
        ]
        for src, d in st["by_source"].items()
    ]
    return [
        "## Generated tests and test strength",
        "",
        "Problems with few tests get generated ones (inputs from the signature's types or the stdin input "
        "format and the statement's constraints, expected outputs from the verified references; "
        "`provenance.verify.generation`, `tests_generated`).  Test strength: the share of wrong programs "
        "(AST mutants of a reference that some test or generated probe rejects) the kept tests reject "
        "(`test_strength` in `problems.parquet`).",
        "",
        _table(
            [
                "source",
                "problems",
                "with generated tests",
                "tests generated",
                "tests",
                "strength measured",
                "mean strength",
            ],
            rows,
        ),
        "",
        _table(["strength", "problems"], [[k, v] for k, v in st["strength_histogram"].items()]),
        "",
        *_known_wrong(st["by_source"]),
        *_not_generated(st["not_generated_reasons"]),
    ]


def _known_wrong(by_source: dict[str, dict]) -> list[str]:
    rows = [
        [
            src,
            d["known_wrong_problems"],
            d["known_wrong_programs"],
            f"{d['known_wrong_rejected'] / d['known_wrong_programs']:.1%}",
        ]
        for src, d in by_source.items()
        if d.get("known_wrong_programs")
    ]
    if not rows:
        return []
    return [
        "Known-wrong programs the sources ship (DebugBench's buggy code, CodeContests' incorrect Python 3 "
        "solutions, `incorrect_solutions` in our own rows) run on the kept tests; the cap keeps first the tests "
        "that reject them (`known_wrong_rejected` in `problems.parquet`).",
        "",
        _table(["source", "problems", "known-wrong programs", "rejected by the kept tests"], rows),
        "",
    ]


def _not_generated(reasons: dict[str, int]) -> list[str]:
    if not reasons:
        return []
    rows = [[kind, KINDS.get(kind, ""), n] for kind, n in reasons.items()]
    return [
        "Why the other problems got no generated tests (they keep their upstream tests): a generator that "
        "cannot enforce every stated constraint and promise about the input generates nothing, since a test "
        "on an input the statement rules out fails correct programs.",
        "",
        _table(["refusal", "meaning", "problems"], rows),
        "",
    ]


def write_card(
    out_dir: Path,
    *,
    name: str,
    problems: list[Problem],
    splits: dict[str, str],
    split_sizes: dict[str, int],
    stages: list[dict[str, Any]],
    rejects_by_step: list[tuple[str, str, int, str]],
    config: dict[str, Any],
    step_params: dict[str, Any],
    sources: list[str],
    kept_nothing: Sequence[str] = (),
) -> list[Path]:
    """``kept_nothing``: a line per source (or the whole build) that kept no problem, with why."""
    out_dir = Path(out_dir)
    fig_d = out_dir / "difficulty.png"
    fig_t = out_dir / "tests.png"
    figures = _write_figures(((fig_d, difficulty_figure(problems, splits)), (fig_t, tests_figure(problems))))
    lines = [
        *_front_matter(name, split_sizes),
        *_usage_section(name, split_sizes),
        *_pipeline_section(stages, rejects_by_step, len(problems)),
        *_sources_section(problems, sources, kept_nothing),
        *_difficulty_section(problems, fig_d in figures),
        *_tests_section(problems, fig_t in figures),
        "## Time limits",
        "",
        _time_limit_text(problems),
        "",
        *_testgen_section(problems),
        *_parameters_section(config, step_params),
    ]
    path = out_dir / "README.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return [path, *figures]


def _write_figures(figures: Sequence[tuple[Path, Any]]) -> list[Path]:
    """Save each figure; a picture with nothing to show (None) is not written (nor left over
    from an earlier build).  Returns the paths written."""
    written = []
    for path, fig in figures:
        if fig is not None:
            _save(fig, path)
            written.append(path)
        else:
            path.unlink(missing_ok=True)
    return written


def _front_matter(name: str, split_sizes: dict[str, int]) -> list[str]:
    """The Hugging Face card's YAML header: one data file per split."""
    data_files = "\n".join(f"  - split: {s}\n    path: {s}.parquet" for s in sorted(split_sizes))
    return [
        "---",
        "license: other",
        f"pretty_name: {name}",
        "task_categories:\n- text-generation",
        "tags:\n- code\n- reinforcement-learning\n- verl\n- microcoder",
        "configs:\n- config_name: default\n  data_files:\n" + data_files,
        "---",
        "",
    ]


def _usage_section(name: str, split_sizes: dict[str, int]) -> list[str]:
    """Title, what the dataset is, how verl reads it, its columns and files."""
    return [
        f"# {name}",
        "",
        "Verified Python coding problems for reinforcement learning on code LLMs, built by "
        "`microcoder data build` (Collect -> Process -> Filter -> Verify).  Every kept problem has tests "
        "its reference solution(s) pass in microcoder's sandboxed judge (unless verification was turned off "
        "for it: `extra_info.verified`).",
        "",
        "## Use with verl",
        "",
        "```",
        "data.train_files=<dir>/train.parquet"
        + (" data.val_files=<dir>/test.parquet" if "test" in split_sizes else ""),
        "reward.custom_reward_function.path=pkg://microcoder_eval.reward",
        "reward.custom_reward_function.name=compute_score",
        "```",
        "",
        "Columns: `data_source` (`microcoder/<source>`), `prompt` (system + user chat messages: problem, starter "
        "code, I/O contract, final code in a ```python block), `ability` (`code`), `reward_model` "
        "(`{style: rule, ground_truth}`, the ground truth is `microcoder_eval.ground_truth.to_ground_truth` JSON), `extra_info` "
        "(`id`, `index`, `split`, `difficulty`, `source`, `title`, `mode`, `fn_name`, `num_tests`, ...).",
        "",
        "Files: "
        + ", ".join(f"`{s}.parquet` ({n} rows)" for s, n in sorted(split_sizes.items()))
        + ", `problems.parquet` (kept problems in microcoder's schema), `rejects.parquet` / `rejects.jsonl` "
        "(every dropped row with its stage, step and reason), `hf/` (`datasets.load_from_disk`).",
        "",
    ]


def _pipeline_section(
    stages: list[dict[str, Any]], rejects_by_step: list[tuple[str, str, int, str]], kept: int
) -> list[str]:
    """Rows in, kept and rejected per stage, and the rejects per step with an example reason."""
    return [
        "## Pipeline counts",
        "",
        _table(
            ["stage", "rows in", "kept", "rejected"],
            [[s["stage"], s["rows_in"], s["kept"], s["rejected"]] for s in stages],
        ),
        "",
        f"Rows in ({stages[0]['rows_in'] if stages else 0}) = kept ({kept}) + rejected "
        f"({sum(s['rejected'] for s in stages)}).",
        "",
        "### Rejected rows by step",
        "",
        _table(["stage", "step", "rows", "example reason"], [[a, b, n, ex[:120]] for a, b, n, ex in rejects_by_step]),
        "",
    ]


def _sources_section(problems: list[Problem], sources: list[str], kept_nothing: Sequence[str]) -> list[str]:
    """The source specs, the sources that kept nothing, and per source its problems, tests and licenses."""
    licenses: dict[str, Counter[str]] = defaultdict(Counter)
    for p in problems:
        licenses[p.source][p.license or "unknown"] += 1
    per_source = Counter(p.source for p in problems)
    tests_per_source: dict[str, list[int]] = defaultdict(list)
    for p in problems:
        tests_per_source[p.source].append(len(p.tests))
    return [
        "## Sources and licenses",
        "",
        "Source specs: " + ", ".join(f"`{s}`" for s in sources),
        "",
        *([f"* {line[0].upper()}{line[1:]}" for line in kept_nothing] + [""] if kept_nothing else []),
        _table(
            ["source", "problems", "tests (min/median/max)", "license"],
            [
                [
                    src,
                    per_source[src],
                    f"{min(tests_per_source[src])}/{statistics.median(tests_per_source[src]):g}/{max(tests_per_source[src])}",
                    "; ".join(
                        f"{lic} ({n})" if len(licenses[src]) > 1 else lic for lic, n in sorted(licenses[src].items())
                    ),
                ]
                for src in sorted(per_source)
            ],
        ),
        "",
    ]


def _difficulty_section(problems: list[Problem], has_figure: bool) -> list[str]:
    diff = Counter(p.difficulty or "unknown" for p in problems)
    return [
        "## Difficulty",
        "",
        "![difficulty histogram](difficulty.png)" if has_figure else "No difficulty labels in these sources.",
        "",
        _table(["difficulty", "problems"], [[d, diff.get(d, 0)] for d in DIFF_ORDER]),
        "",
    ]


def _tests_section(problems: list[Problem], has_figure: bool) -> list[str]:
    ntests = [len(p.tests) for p in problems]
    return [
        "## Tests per problem",
        "",
        *(["![tests per problem](tests.png)", ""] if has_figure else []),
        (
            f"{sum(ntests)} tests; per problem min {min(ntests)}, median {statistics.median(ntests):g}, max {max(ntests)}."
            if ntests
            else "No problems kept."
        ),
        "",
    ]


def _parameters_section(config: dict[str, Any], step_params: dict[str, Any]) -> list[str]:
    """The build's configuration and every step's parameters as run, so the card says how to rebuild it."""
    return [
        "## Parameters",
        "",
        "Configuration (`microcoder data build --config`):",
        "",
        "```json",
        json.dumps(config, indent=1, sort_keys=True, default=str),
        "```",
        "",
        "Steps as run:",
        "",
        "```json",
        json.dumps(step_params, indent=1, sort_keys=True, default=str),
        "```",
        "",
    ]
