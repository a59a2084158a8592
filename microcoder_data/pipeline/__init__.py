"""Pipeline machinery: the step and stage contracts, executors (local, Ray), checkpoints, reports.

The build itself (which stages, in which order) is :mod:`microcoder_data.recipe`."""

from microcoder_data.pipeline.executors import Executor, LocalExecutor, RayExecutor, make_executor
from microcoder_data.pipeline.rows import PROBLEM_SCHEMA, REJECT_SCHEMA
from microcoder_data.pipeline.step import GlobalStep, Step, run_steps

__all__ = [
    "Executor",
    "GlobalStep",
    "LocalExecutor",
    "PROBLEM_SCHEMA",
    "RayExecutor",
    "REJECT_SCHEMA",
    "Step",
    "make_executor",
    "run_steps",
]
