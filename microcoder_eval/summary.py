"""pass@k, mean@n and the report of an evaluation run, laid out like the paper's Table 1."""

from __future__ import annotations

from collections import Counter, defaultdict
from math import comb
from typing import Any, Iterable, Mapping, Sequence

from .wording import display_name, plural

DIFFICULTY_COLUMNS = ("easy", "medium", "hard")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k for one problem with n samples of which c are correct."""
    if n < k:
        raise ValueError(f"pass@{k} needs at least {k} samples, got {n}")
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def summarise(rows: Iterable[Mapping[str, Any]], ks: Sequence[int]) -> dict[str, Any]:
    """Summary of result rows (one per candidate), overall / by difficulty / by platform.

    ``mean`` is the paper's mean@n: each problem's share of correct samples, averaged over
    problems (n = the samples per problem, ``samples_per_problem``); ``pass@k`` the unbiased
    estimator over problems with at least k samples; ``truncated`` the share of samples the
    length limit cut (None when no row says).
    """
    per_problem: dict[str, list[bool]] = defaultdict(list)
    cut: dict[str, list[bool]] = defaultdict(list)
    meta: dict[str, tuple[str, str]] = {}
    verdicts: Counter[str] = Counter()
    comparisons: Counter[str] = Counter()
    tests_run = 0
    for row in rows:
        pid = row["problem_id"]
        per_problem[pid].append(bool(row["passed"]))
        if isinstance(row.get("truncated"), bool):
            cut[pid].append(row["truncated"])
        meta[pid] = ((row.get("difficulty") or "unknown").lower(), (row.get("platform") or "unknown").lower())
        verdicts[row["verdict"]] += 1
        for test in row.get("tests", []):
            tests_run += 1
            if test.get("verdict") == "accepted":
                comparisons[test.get("comparison") or "unknown"] += 1

    def group_scores(select) -> dict[str, Any]:
        pids = [pid for pid in per_problem if select(pid)]
        out: dict[str, Any] = {"mean": _mean([sum(per_problem[p]) / len(per_problem[p]) for p in pids])}
        for k in ks:
            scores = [pass_at_k(len(per_problem[p]), sum(per_problem[p]), k) for p in pids if len(per_problem[p]) >= k]
            out[f"pass@{k}"] = _mean(scores)
        flags = [f for p in pids for f in cut.get(p, ())]
        out["truncated"] = _mean([float(f) for f in flags])
        out["problems"] = len(pids)
        out["candidates"] = sum(len(per_problem[p]) for p in pids)
        return out

    def difficulty_order(d: str) -> tuple:
        return (d not in DIFFICULTY_COLUMNS, DIFFICULTY_COLUMNS.index(d) if d in DIFFICULTY_COLUMNS else 0, d)

    counts = sorted({len(s) for s in per_problem.values()})
    return {
        "candidates": sum(len(s) for s in per_problem.values()),
        "problems": len(per_problem),
        "samples_per_problem": counts[0] if len(counts) == 1 else counts,
        "tests_run": tests_run,
        "ks": list(ks),
        "overall": group_scores(lambda pid: True),
        "by_difficulty": {
            d: group_scores(lambda pid, d=d: meta[pid][0] == d)
            for d in sorted({d for d, _ in meta.values()}, key=difficulty_order)
        },
        "by_platform": {
            p: group_scores(lambda pid, p=p: meta[pid][1] == p) for p in sorted({p for _, p in meta.values()})
        },
        "verdicts": dict(sorted(verdicts.items())),
        "accepted_by_comparison": dict(sorted(comparisons.items())),
    }


def mean_label(summary: Mapping[str, Any]) -> str:
    n = summary.get("samples_per_problem")
    return f"mean@{n}" if isinstance(n, int) else "mean@n"


def _pct(value: float | None, missing: str = "  -  ") -> str:
    return missing if value is None else f"{100 * value:5.1f}"


def _metric_rows(summary: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(label, key) of the rows the tables show, in the paper's order."""
    rows = [(mean_label(summary), "mean")] + [(f"pass@{k}", f"pass@{k}") for k in summary["ks"]]
    if summary["overall"].get("truncated") is not None:
        rows.append(("truncated", "truncated"))
    return rows


def _cell(groups: Mapping[str, Any], key: str) -> str:
    # pass@k is None where no problem has k samples: say so instead of a bare dash
    return _pct(groups.get(key), missing="n/a" if key.startswith("pass@") and groups.get("problems") else "  -  ")


def _block(
    summary: Mapping[str, Any], title: str, groups: Mapping[str, Mapping[str, Any]], names: list[str]
) -> list[str]:
    labels = [display_name(n) for n in names]
    w = max([10] + [len(label) + 2 for label in labels])  # platform names (Codeforces) fit their column
    header = f"{'':11}" + "".join(f"{label:>{w}}" for label in labels) + f"{'All':>{w}}"
    lines = [title, header, "-" * len(header)]
    for label, key in _metric_rows(summary):
        lines.append(
            f"{label:11}"
            + "".join(f"{_cell(groups[n], key):>{w}}" for n in names)
            + f"{_cell(summary['overall'], key):>{w}}"
        )
    lines.append(
        f"{'problems':11}"
        + "".join(f"{groups[n]['problems']:>{w}}" for n in names)
        + f"{summary['overall']['problems']:>{w}}"
    )
    return lines


def _informative(groups: Mapping[str, Any]) -> bool:
    """A breakdown into a single group repeats the All column: not worth a table of its own."""
    return len(groups) > 1


def _pass_at_k_footnote(summary: Mapping[str, Any]) -> str | None:
    missing = [k for k in summary["ks"] if summary["overall"].get(f"pass@{k}") is None]
    if not missing or not summary["overall"].get("problems"):
        return None
    n = summary.get("samples_per_problem")
    have = f"{n}" if isinstance(n, int) else f"{min(n)}–{max(n)}" if n else "0"
    return (
        f"n/a: pass@k needs at least k samples per problem (pass@{', pass@'.join(map(str, missing))}; "
        f"this run has {have} per problem: sample more with `eval generate --n`)"
    )


def format_table(summary: Mapping[str, Any]) -> str:
    """Plain-text tables (percent): metrics × (Easy, Medium, Hard, All), then × platform; a breakdown
    into one group only (e.g. every problem's difficulty unknown) is a line, not a second copy of All."""
    diffs = [d for d in DIFFICULTY_COLUMNS if d in summary["by_difficulty"]]
    diffs += [d for d in summary["by_difficulty"] if d not in diffs]
    platforms = list(summary["by_platform"])
    lines = []
    if summary.get("window"):
        lines.append(f"problems: {summary['window']}")
    unit = f"% of {plural(summary['problems'], 'problem')}"
    single = [
        f"{what} {display_name(names[0])}"
        for what, names in (("difficulty", diffs), ("platform", platforms))
        if len(names) == 1 and names[0] != "unknown"
    ]
    tables = [
        (f"by difficulty ({unit})", summary["by_difficulty"], diffs),
        (f"by platform ({unit})", summary["by_platform"], platforms),
    ]
    shown = [t for t in tables if _informative(t[1])]
    if not shown:  # nothing to break down: one table, the All column
        shown = [(f"all problems ({unit}{'; ' + ', '.join(single) if single else ''})", {}, [])]
    elif single:
        lines.append("all problems: " + ", ".join(single))
    for i, (title, groups, names) in enumerate(shown):
        lines += ([""] if i else []) + _block(summary, title, groups, names)
    note = _pass_at_k_footnote(summary)
    if note:
        lines.append(note)
    lines.append("")
    lines.append("verdicts: " + ", ".join(f"{v}={n}" for v, n in summary["verdicts"].items()))
    if summary["accepted_by_comparison"]:
        lines.append(
            "tests accepted by comparison: "
            + ", ".join(f"{c}={n}" for c, n in summary["accepted_by_comparison"].items())
        )
    return "\n".join(lines)


def plot_summary(summary: Mapping[str, Any], path: str) -> None:
    """PNG: mean@n / pass@k (and truncation) by difficulty and by platform, and the verdict mix."""
    import matplotlib.pyplot as plt

    fig = summary_figure(summary)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def summary_figure(summary: Mapping[str, Any]) -> Any:
    """The figure ``plot_summary`` saves."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    metrics = _metric_rows(summary)
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
    for ax, key, title in ((axes[0], "by_difficulty", "by difficulty"), (axes[1], "by_platform", "by platform")):
        groups = list(summary[key]) + ["all"]
        width = 0.8 / max(len(metrics), 1)
        for i, (label, metric) in enumerate(metrics):
            values = [(summary[key][g] if g != "all" else summary["overall"]).get(metric) or 0.0 for g in groups]
            bars = ax.bar(
                [x + i * width for x in range(len(groups))],
                [100 * v for v in values],
                width,
                label=label,
                hatch="//" if metric == "truncated" else None,
            )
            ax.bar_label(bars, fmt="%.0f", fontsize=7)
        ax.set_xticks(
            [x + width * (len(metrics) - 1) / 2 for x in range(len(groups))],
            [
                f"{display_name(g)}\n({(summary[key][g] if g != 'all' else summary['overall'])['problems']})"
                for g in groups
            ],
        )
        ax.set_ylim(0, 105)
        ax.set_ylabel("% (problems in brackets)")
        ax.set_title(title)
        ax.legend(fontsize=8)
    verdicts = summary["verdicts"]
    axes[2].barh(list(verdicts), list(verdicts.values()), color="tab:gray")
    axes[2].set_title(f"verdicts ({summary['candidates']} candidates)")
    axes[2].set_xlabel("candidates")
    axes[2].xaxis.set_major_locator(MaxNLocator(integer=True))  # counts: no fractional ticks
    if summary.get("window"):
        fig.suptitle(summary["window"], fontsize=10)
    fig.tight_layout()
    return fig
