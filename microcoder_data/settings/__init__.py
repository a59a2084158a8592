"""Each stage's settings, one module per stage (collect, process, filter, testgen, verify, export),
composed into the build's config by :mod:`microcoder_data.config`.

They live here rather than in the stage packages because a stage package's ``__init__`` loads
the stage itself (datasketch, pyarrow, numpy): ``import microcoder_data.config`` stays a
dataclasses-only import (about 100 modules, not 900).  Nothing here imports a stage."""
