"""``temperature=auto``: the probe's statistics, the choice, and the switches on recorded diversity series."""

from __future__ import annotations

import json
import math

import pytest

from trainer_adapters.core import (
    DiversityTemperatureController,
    MicroCoderGRPOConfig,
    ProbeStats,
    choose_initial_temperature,
    controller_from_probe,
    metrics,
    run_probe,
    select_probe_prompts,
)
from trainer_adapters.core.auto_temperature import is_falling, probe_metrics, probe_stats

LADDER = (0.6, 0.8, 1.0, 1.2, 1.4)


def _probe(table: dict[float, tuple[float, float]]) -> dict[float, ProbeStats]:
    return {t: ProbeStats(t, d, s, ()) for t, (d, s) in table.items()}


# ------------------------------------------------------------------ probe
def test_probe_stats_mean_and_spread_across_prompts():
    same = [[1, 2, 3, 4, 5]] * 2  # 2 distinct of 4 four-grams -> 0.5
    fresh = [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]  # 1.0
    s = probe_stats(1.0, [same, fresh, [[1, 2]]])  # the last prompt has no 4-gram: skipped
    assert s.diversity == pytest.approx(0.75) and s.spread == pytest.approx(0.25)
    assert s.per_prompt[:2] == (0.5, 1.0) and math.isnan(s.per_prompt[2])
    assert math.isnan(probe_stats(1.0, [[[1]]]).diversity)


def test_run_probe_calls_generate_per_temperature_in_order():
    seen = []

    def generate(t):
        seen.append(t)
        k = int(t * 10)
        return [[list(range(k)) + [0] * 4, list(range(k, 2 * k)) + [0] * 4]]

    probe = run_probe(generate, [1.2, 0.6])
    assert seen == [0.6, 1.2] and list(probe) == [0.6, 1.2]
    assert probe[1.2].diversity > probe[0.6].diversity


def test_probe_prompts_are_a_seeded_draw():
    a = select_probe_prompts(100, 16, seed=42)
    assert a == select_probe_prompts(100, 16, seed=42) != select_probe_prompts(100, 16, seed=43)
    assert len(set(a)) == 16 and all(0 <= i < 100 for i in a)
    assert sorted(select_probe_prompts(5, 16, seed=1)) == [0, 1, 2, 3, 4]  # capped at the dataset
    with pytest.raises(ValueError):
        select_probe_prompts(0, 4, seed=1)


# ------------------------------------------------------------------ choice
def test_choice_is_lowest_temperature_at_convergence_with_small_spread():
    probe = _probe({0.6: (0.20, 0.05), 0.8: (0.30, 0.05), 1.0: (0.36, 0.08), 1.2: (0.45, 0.10), 1.4: (0.70, 0.30)})
    assert choose_initial_temperature(probe, 0.35, 0.15) == 1.0
    assert choose_initial_temperature(probe, 0.36, 0.15) == 1.0  # "at or above"
    assert choose_initial_temperature(probe, 0.40, 0.15) == 1.2
    # 1.2 fluctuates across prompts -> not chosen; nothing above is stable either
    with pytest.raises(ValueError, match="no probe temperature") as exc:
        choose_initial_temperature(probe, 0.40, 0.10)
    assert "T=1.2: diversity 0.4500 spread 0.1000" in str(exc.value)  # the message shows the probe
    # a temperature whose diversity could not be measured is skipped
    probe[1.0] = ProbeStats(1.0, math.nan, math.nan, ())
    assert choose_initial_temperature(probe, 0.35, 0.15) == 1.2


def test_probe_metrics_names():
    probe = _probe({0.6: (0.2, 0.05), 1.0: (0.4, 0.1)})
    m = probe_metrics(probe, 1.0)
    assert m == {
        "microcoder/probe/diversity@T=0.6": 0.2,
        "microcoder/probe/diversity_std@T=0.6": 0.05,
        "microcoder/probe/diversity@T=1": 0.4,
        "microcoder/probe/diversity_std@T=1": 0.1,
        metrics.PROBE_CHOSEN: 1.0,
    }


# ------------------------------------------------------------------ switches on recorded series
def _run(controller, series, first_step=1):
    switched = {}
    for step, d in enumerate(series, start=first_step):
        new = controller.observe(step, d)
        if new is not None:
            switched[step] = new
    return switched


def test_switch_when_diversity_keeps_falling_below_convergence():
    c = DiversityTemperatureController(LADDER, 1.0, convergence_diversity=0.35, window=4)
    # steps 1-3 above convergence; 4-7 below and falling -> switch after step 7; then a fresh
    # window at 1.2: 8-11 below but rising (recovering) -> stay
    series = [0.45, 0.40, 0.36, 0.34, 0.33, 0.31, 0.30, 0.28, 0.29, 0.31, 0.33]
    assert _run(c, series) == {7: 1.2}
    assert c.temperature == 1.2 and c.switches == [{"step": 7, "from": 1.0, "to": 1.2}]


def test_no_switch_while_any_value_of_the_window_is_at_convergence_or_trend_is_flat():
    c = DiversityTemperatureController(LADDER, 1.0, convergence_diversity=0.35, window=4)
    assert _run(c, [0.34, 0.33, 0.35, 0.30, 0.29, 0.36, 0.2]) == {}  # a value at 0.35 or above in every window
    c = DiversityTemperatureController(LADDER, 1.0, convergence_diversity=0.35, window=4)
    assert _run(c, [0.30, 0.30, 0.30, 0.30, 0.30]) == {}  # below, but not falling
    assert c.temperature == 1.0 and c.switches == []


@pytest.mark.parametrize("level", [0.30, 0.1, 0.123456789, 1 / 3])
def test_a_flat_window_is_not_falling_whatever_its_float_rounding(level):
    # polyfit gave a slope of -6e-17 for [0.3] * 4 on one machine: a flat series switched there.
    for n in (2, 3, 4, 10, 25):
        assert not is_falling([level] * n), (level, n)


def test_a_flat_series_that_wobbles_does_not_switch_a_steady_or_clear_fall_does():
    wobble = [0.30, 0.31, 0.29, 0.305, 0.30, 0.295, 0.31, 0.29, 0.30, 0.298]
    assert not is_falling(wobble)
    c = DiversityTemperatureController(LADDER, 1.0, convergence_diversity=0.35, window=10)
    assert _run(c, wobble) == {}
    assert is_falling([0.30, 0.29])  # two points: any real fall
    assert is_falling([0.34 - 0.001 * i for i in range(10)])  # steady, however slow
    noisy_fall = [0.33, 0.325, 0.318, 0.32, 0.31, 0.305, 0.307, 0.298, 0.292, 0.29]
    assert is_falling(noisy_fall)
    c = DiversityTemperatureController(LADDER, 1.0, convergence_diversity=0.35, window=10)
    assert _run(c, noisy_fall) == {10: 1.2}
    assert not is_falling(list(reversed(noisy_fall)))


def test_discrete_stages_one_at_a_time_and_stop_at_the_top():
    c = DiversityTemperatureController(LADDER, 1.0, convergence_diversity=0.5, window=3)
    falling = [0.4 - 0.01 * i for i in range(20)]
    switched = _run(c, falling)
    assert switched == {3: 1.2, 6: 1.4}  # each switch needs a fresh window; 1.4 is the top
    assert c.temperature == 1.4
    assert [s["to"] for s in c.switches] == [1.2, 1.4]


def test_nan_diversity_is_skipped():
    c = DiversityTemperatureController(LADDER, 1.0, convergence_diversity=0.35, window=3)
    assert _run(c, [0.3, math.nan, 0.29, math.nan, 0.28]) == {5: 1.2}


def test_state_round_trip_resumes_identically():
    series = [0.34, 0.33, 0.32, 0.31, 0.30, 0.29, 0.28, 0.27, 0.26]
    full = DiversityTemperatureController(LADDER, 0.8, convergence_diversity=0.35, window=4)
    expected = _run(full, series)
    part = DiversityTemperatureController(LADDER, 0.8, convergence_diversity=0.35, window=4)
    first = _run(part, series[:5])
    state = json.loads(json.dumps(part.state_dict()))  # what a checkpoint stores
    resumed = DiversityTemperatureController.from_state_dict(state)
    rest = _run(resumed, series[5:], first_step=6)
    assert {**first, **rest} == expected
    assert resumed.state_dict() == full.state_dict()


def test_controller_validation():
    with pytest.raises(ValueError, match="not one of the stages"):
        DiversityTemperatureController(LADDER, 0.9, 0.35)
    with pytest.raises(ValueError, match="at least 2"):
        DiversityTemperatureController(LADDER, 1.0, 0.35, window=1)


# ------------------------------------------------------------------ config
def test_config_auto_and_controller_from_probe():
    cfg = MicroCoderGRPOConfig().with_overrides(["temperature=auto", "probe_temperatures=1.2,0.6,1.0"])
    assert cfg.auto_temperature and cfg.temperature == "auto"
    assert cfg.probe_temperatures == (0.6, 1.0, 1.2)
    assert cfg.temperature_stages == [(0, 0.6)]  # placeholder until the probe has run
    assert MicroCoderGRPOConfig.from_dict(json.loads(json.dumps(cfg.to_dict()))) == cfg
    assert not cfg.with_overrides(["temperature=1.0"]).auto_temperature
    with pytest.raises(ValueError, match="do not set temperature_stages"):
        MicroCoderGRPOConfig(temperature="auto", temperature_stages=[(0, 1.0), (10, 1.2)])
    probe = _probe({0.6: (0.2, 0.05), 1.0: (0.4, 0.05), 1.2: (0.5, 0.05)})
    c = controller_from_probe(cfg, probe)
    assert c.temperature == 1.0 and c.stages == (0.6, 1.0, 1.2) and c.window == cfg.diversity_window
    assert c.probe[metrics.PROBE_CHOSEN] == 1.0
