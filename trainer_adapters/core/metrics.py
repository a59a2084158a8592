"""Metric names shared by every backend, so dashboards line up across verl and TRL.

All values are per training step. Fractions are over the rows (responses) of the step's
batch, i.e. over ``train_batch_size * num_generations`` responses.
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
#: fraction of truncated rows detected as repetition loops
REPETITION_FRACTION = PREFIX + "repetition_fraction"
#: fraction of truncated rows that were non-incorrect (mask candidates before the draw)
MASK_CANDIDATE_FRACTION = PREFIX + "mask_candidate_fraction"
#: sampling temperature used for this step's rollouts
TEMPERATURE = PREFIX + "temperature"
#: mean binary accuracy of this step's rollouts
ACCURACY = PREFIX + "accuracy"

#: fraction of rows the judge reported as ``infra_error`` (zero advantage; issue 13,
#: kept out of ALL until both backends log it)
INFRA_ERROR_FRACTION = PREFIX + "infra_error_fraction"

ALL = (
    DIVERSITY,
    MASK_FRACTION,
    TRUNCATION_FRACTION,
    INCOMPLETE_FRACTION,
    REPETITION_FRACTION,
    MASK_CANDIDATE_FRACTION,
    TEMPERATURE,
    ACCURACY,
)
