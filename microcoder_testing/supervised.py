"""One test of a candidate under the real sandbox supervisor, in a fresh interpreter.

For tests that need a situation the judge cannot be asked for (a wall backstop below the
time limit, a near-limit grace that is always on): ``run_one_test(code, **job_fields)``
builds a :class:`~microcoder_eval.sandbox.job.Job` with those fields, runs its first test
and returns the supervisor's result dict.  No judge writes to the supervisor's pipe, so
nothing ends the test but the candidate and the limits.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from typing import Any

_SCRIPT = textwrap.dedent("""
    import json, os, sys, tempfile
    from microcoder_eval.sandbox.job import Job
    from microcoder_eval.sandbox.supervisor import Supervisor
    spec = json.loads(sys.argv[1])
    job = Job(code=compile(spec.pop("code"), "s", "exec"), mode="stdin", fn_name=None, use_pid_ns=False,
              use_nproc_limit=False, work_dir=tempfile.mkdtemp(), **spec)
    r, w = os.pipe()  # the judge's side, never written
    sup = Supervisor(job, r, w)
    result, _ = sup._run_test("")
    sup.child.close()
    print(json.dumps(result))
""")


def run_one_test(code: str, **job_fields: Any) -> dict:
    """The supervisor's result for ``code``'s first test (stdin mode, empty input)."""
    spec = {"code": code, "memory_limit_mb": 256, "output_limit_mb": 1, **job_fields}
    done = subprocess.run([sys.executable, "-c", _SCRIPT, json.dumps(spec)], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"the supervisor's interpreter failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])
