"""Metric names shared by every backend, so dashboards line up across verl and TRL.

All values are per training step. Fractions are over the rows (responses) of the step's
batch, i.e. over ``train_batch_size * num_generations`` responses, unless stated.
"""

from __future__ import annotations

PREFIX = "microcoder/"

#: mean over queries of unique-4-gram / total-4-gram ratio of that query's G samples
DIVERSITY = PREFIX + "diversity"
#: fraction of rows whose advantage was zeroed by conditional truncation masking
MASK_FRACTION = PREFIX + "mask_fraction"
#: fraction of rows that reached the maximum response length
TRUNCATION_FRACTION = PREFIX + "truncation_fraction"
#: fraction of rows the evaluator judged ``incomplete``
INCOMPLETE_FRACTION = PREFIX + "incomplete_fraction"
#: fraction of rows that were truncated and judged ``no_code`` (cut off while still in prose)
TRUNCATED_NO_CODE_FRACTION = PREFIX + "truncated_no_code_fraction"
#: fraction of truncated rows detected as repetition loops (over truncated rows)
REPETITION_FRACTION = PREFIX + "repetition_fraction"
#: fraction of rows that were mask candidates (truncated, non-incorrect, no loop) before the rho draw
MASK_CANDIDATE_FRACTION = PREFIX + "mask_candidate_fraction"
#: sampling temperature used for this step's rollouts
TEMPERATURE = PREFIX + "temperature"
#: 1.0 on the step after which ``temperature=auto`` moved up one stage, else 0.0
TEMPERATURE_SWITCH = PREFIX + "temperature_switch"
#: mean binary accuracy of this step's rollouts
ACCURACY = PREFIX + "accuracy"

#: fraction of rows the judge reported as ``infra_error`` (their advantage is zeroed: a
#: lost sandbox or an overloaded host says nothing about the candidate)
INFRA_ERROR_FRACTION = PREFIX + "infra_error_fraction"

#: what :func:`trainer_adapters.core.masking.masking_metrics` returns
MASK_METRICS = (
    ACCURACY,
    MASK_FRACTION,
    TRUNCATION_FRACTION,
    INCOMPLETE_FRACTION,
    TRUNCATED_NO_CODE_FRACTION,
    REPETITION_FRACTION,
    MASK_CANDIDATE_FRACTION,
    INFRA_ERROR_FRACTION,
)

#: logged every training step by every backend
ALL = (*MASK_METRICS, DIVERSITY, TEMPERATURE)

# --- the initial-temperature probe (temperature=auto), logged once before step 1
PROBE_PREFIX = PREFIX + "probe/"
#: temperature chosen by the probe
PROBE_CHOSEN = PROBE_PREFIX + "chosen_temperature"


def probe_diversity_name(temperature: float) -> str:
    """``microcoder/probe/diversity@T=<t>``: mean over probe prompts at that temperature."""
    return f"{PROBE_PREFIX}diversity@T={float(temperature):g}"


def probe_spread_name(temperature: float) -> str:
    """``microcoder/probe/diversity_std@T=<t>``: standard deviation across probe prompts."""
    return f"{PROBE_PREFIX}diversity_std@T={float(temperature):g}"
