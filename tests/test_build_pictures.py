"""The pictures say what they show: counts on integer ticks with labelled axes, and the card's
test-strength table has a bucket for every share.  (Whether an empty build or an unlabelled
source writes a picture at all is checked through the CLI in test_build_outcome.py.)"""

from __future__ import annotations

import matplotlib.pyplot as plt

from microcoder_data.export import card  # (module access: pytest would collect names starting "test")
from microcoder_data.verify import report
from microcoder_eval.summary import summarise, summary_figure
from microcoder_testing.problems import sample_problems


def _integer_ticks(axis) -> bool:
    lo, hi = axis.get_view_interval()
    ticks = [t for t in axis.get_majorticklocs() if lo <= t <= hi]
    return bool(ticks) and all(float(t).is_integer() for t in ticks)


def test_card_charts_count_on_integer_ticks_with_labelled_axes():
    problems = sample_problems()[:3]  # few problems: a default locator would tick at 0.25
    fig = card.tests_figure(problems)
    ax = fig.axes[0]
    assert ax.get_xlabel() == "tests per problem (after Verify)" and ax.get_ylabel() == "problems"
    assert _integer_ticks(ax.xaxis) and _integer_ticks(ax.yaxis)
    plt.close(fig)
    fig = card.difficulty_figure(problems, {})
    ax = fig.axes[0]
    assert ax.get_xlabel() == "difficulty" and ax.get_ylabel() == "problems" and _integer_ticks(ax.yaxis)
    plt.close(fig)


def test_no_chart_of_nothing():
    problems = sample_problems()
    assert card.tests_figure([]) is None
    for p in problems:
        p.difficulty = None
    assert card.difficulty_figure(problems, {}) is None  # one "unknown" bar says nothing


def test_eval_verdict_panel_has_an_axis_label_and_whole_counts():
    rows = [
        {"problem_id": "a", "verdict": "accepted", "passed": True},
        {"problem_id": "a", "verdict": "wrong_answer", "passed": False},
        {"problem_id": "b", "verdict": "wrong_answer", "passed": False},
    ]
    fig = summary_figure(summarise(rows, [1]))
    verdicts = fig.axes[2]
    assert verdicts.get_xlabel() == "candidates"
    assert _integer_ticks(verdicts.xaxis)
    plt.close(fig)


def test_strength_histogram_has_a_bucket_for_95_to_100_percent(tmp_path):
    problems = sample_problems()[:4]
    for p, share in zip(problems, (0.3, 0.85, 0.97, 1.0)):
        p.provenance = {"verify": {"strength": {"share": share, "mutants": 10, "counted": 10, "basis": "tests"}}}
    hist = report.testgen_stats(problems)["strength_histogram"]
    assert hist == {"0%-50%": 1, "50%-80%": 0, "80%-90%": 1, "90%-95%": 0, "95%-100%": 1, "100%": 1}
    assert sum(hist.values()) == len(problems)  # every measured problem in one bucket
    card.write_card(
        tmp_path,
        name="t",
        problems=problems,
        splits={},
        split_sizes={"train": 4},
        stages=[],
        rejects_by_step=[],
        config={},
        step_params={},
        sources=["x"],
    )
    assert "| 95%-100% | 1 |" in (tmp_path / "README.md").read_text()
