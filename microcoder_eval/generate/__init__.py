"""``microcoder eval generate``: sample answers from a model for a file of problems.

* :mod:`.base` -- what an engine is asked (``Request``, ``Sampling``) and answers (``Generation``);
* :mod:`.hf` -- local generation with ``transformers`` (CPU or GPU), batched;
* :mod:`.openai` -- any OpenAI-compatible server (vLLM, SGLang, ``transformers serve``);
* :mod:`.run` -- problem selection, the prompt (the training prompt), resumable output.
"""

from .base import EngineError, Generation, Request, Sampling  # noqa: F401
