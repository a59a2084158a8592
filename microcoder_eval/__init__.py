"""MicroCoder-Evaluator: a sandboxed, parallel judge for model-written Python.

Public entry points: ``Judge`` (microcoder_eval.judge), ``compute_score``
(microcoder_eval.reward) and the types in microcoder_eval.types.
"""

from .types import (  # noqa: F401
    CandidateResult,
    JudgeTask,
    JudgingRule,
    Limits,
    TestCase,
    TestResult,
    Verdict,
)
