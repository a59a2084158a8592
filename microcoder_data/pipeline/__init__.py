"""Pipeline machinery: the step contract, executors (local, Ray), checkpoints, runner."""
from microcoder_data.pipeline.executors import Executor, LocalExecutor, RayExecutor, make_executor
from microcoder_data.pipeline.rows import PROBLEM_SCHEMA, REJECT_SCHEMA
from microcoder_data.pipeline.step import GlobalStep, Step, run_steps


def build(*args, **kwargs):  # lazy: the runner imports every stage
    from microcoder_data.pipeline.runner import build as _build

    return _build(*args, **kwargs)


__all__ = ["Executor", "GlobalStep", "LocalExecutor", "PROBLEM_SCHEMA", "RayExecutor", "REJECT_SCHEMA", "Step",
           "build", "make_executor", "run_steps"]
