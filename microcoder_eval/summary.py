"""pass@k and the report of an evaluation run, laid out like the paper's Table 1."""
from __future__ import annotations

from collections import Counter, defaultdict
from math import comb
from typing import Any, Iterable, Mapping, Sequence

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
    """Summary of result rows (one per candidate): pass@k overall / by difficulty / by platform."""
    per_problem: dict[str, list[bool]] = defaultdict(list)
    meta: dict[str, tuple[str, str]] = {}
    verdicts: Counter[str] = Counter()
    comparisons: Counter[str] = Counter()
    tests_run = 0
    for row in rows:
        pid = row["problem_id"]
        per_problem[pid].append(bool(row["passed"]))
        meta[pid] = ((row.get("difficulty") or "unknown").lower(), (row.get("platform") or "unknown").lower())
        verdicts[row["verdict"]] += 1
        for test in row.get("tests", []):
            tests_run += 1
            if test.get("verdict") == "accepted":
                comparisons[test.get("comparison") or "unknown"] += 1

    def group_scores(select) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in ks:
            scores = [pass_at_k(len(s), sum(s), k) for pid, s in per_problem.items() if select(pid) and len(s) >= k]
            out[f"pass@{k}"] = _mean(scores)
        out["problems"] = sum(1 for pid in per_problem if select(pid))
        return out

    difficulties = sorted({d for d, _ in meta.values()}, key=lambda d: (d not in DIFFICULTY_COLUMNS, DIFFICULTY_COLUMNS.index(d) if d in DIFFICULTY_COLUMNS else 0, d))
    platforms = sorted({p for _, p in meta.values()})
    return {
        "candidates": sum(len(s) for s in per_problem.values()),
        "problems": len(per_problem),
        "tests_run": tests_run,
        "ks": list(ks),
        "overall": group_scores(lambda pid: True),
        "by_difficulty": {d: group_scores(lambda pid, d=d: meta[pid][0] == d) for d in difficulties},
        "by_platform": {p: group_scores(lambda pid, p=p: meta[pid][1] == p) for p in platforms},
        "verdicts": dict(sorted(verdicts.items())),
        "accepted_by_comparison": dict(sorted(comparisons.items())),
    }


def _pct(value: float | None) -> str:
    return "  -  " if value is None else f"{100 * value:5.1f}"


def format_table(summary: Mapping[str, Any]) -> str:
    """Plain-text tables: metrics × (Easy, Medium, Hard, All), then by platform."""
    ks = summary["ks"]
    diffs = [d for d in DIFFICULTY_COLUMNS if d in summary["by_difficulty"]]
    diffs += [d for d in summary["by_difficulty"] if d not in diffs]
    lines = []
    header = f"{'':10}" + "".join(f"{d.capitalize():>10}" for d in diffs) + f"{'All':>10}"
    lines.append(header)
    lines.append("-" * len(header))
    for k in ks:
        key = f"pass@{k}"
        row = f"{key:10}" + "".join(f"{_pct(summary['by_difficulty'][d][key]):>10}" for d in diffs)
        lines.append(row + f"{_pct(summary['overall'][key]):>10}")
    row = f"{'problems':10}" + "".join(f"{summary['by_difficulty'][d]['problems']:>10}" for d in diffs)
    lines.append(row + f"{summary['overall']['problems']:>10}")
    if summary["by_platform"]:
        lines.append("")
        plats = list(summary["by_platform"])
        header = f"{'':10}" + "".join(f"{p[:9]:>10}" for p in plats)
        lines.append(header)
        lines.append("-" * len(header))
        for k in ks:
            key = f"pass@{k}"
            lines.append(f"{key:10}" + "".join(f"{_pct(summary['by_platform'][p][key]):>10}" for p in plats))
    lines.append("")
    lines.append("verdicts: " + ", ".join(f"{v}={n}" for v, n in summary["verdicts"].items()))
    if summary["accepted_by_comparison"]:
        lines.append("tests accepted by comparison: "
                     + ", ".join(f"{c}={n}" for c, n in summary["accepted_by_comparison"].items()))
    return "\n".join(lines)


def plot_summary(summary: Mapping[str, Any], path: str) -> None:
    """PNG: pass@k by difficulty and by platform, and the verdict mix."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ks = summary["ks"]
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    for ax, key, title in ((axes[0], "by_difficulty", "pass@k by difficulty"),
                           (axes[1], "by_platform", "pass@k by platform")):
        groups = list(summary[key]) + ["all"]
        width = 0.8 / max(len(ks), 1)
        for i, k in enumerate(ks):
            values = [(summary[key][g] if g != "all" else summary["overall"]).get(f"pass@{k}") or 0.0 for g in groups]
            ax.bar([x + i * width for x in range(len(groups))], [100 * v for v in values], width, label=f"pass@{k}")
        ax.set_xticks([x + width * (len(ks) - 1) / 2 for x in range(len(groups))], groups)
        ax.set_ylim(0, 100)
        ax.set_ylabel("%")
        ax.set_title(title)
        ax.legend(fontsize=8)
    verdicts = summary["verdicts"]
    axes[2].barh(list(verdicts), list(verdicts.values()), color="tab:gray")
    axes[2].set_title(f"verdicts ({summary['candidates']} candidates)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
