"""What one candidate's run is: its code, mode and limits (the supervisor's input)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Job:
    code: Any  # compiled code object
    mode: str
    fn_name: str | None
    time_limit_s: float
    wall_limit_s: float
    memory_limit_mb: int
    output_limit_mb: int
    use_pid_ns: bool
    use_nproc_limit: bool
    work_dir: str
    use_ipc_ns: bool = False
    # On a busy host (see grace()) a test is killed only at time_limit_s x (1 +
    # near_limit_margin); one that ends on its own between the limit and that is a
    # time-out "near the limit", which the load can cause: it is run once more before
    # the verdict is final.  On a quiet host the limit is final as it stands.
    near_limit_margin: float = 0.0
    near_limit_min_wait: float = 0.0
    # The judge stops the candidate at its first failing test: a test whose run did not
    # end "ok" fails whatever its expected output, so the tests queued behind it are not run.
    stop_on_failure: bool = False

    @property
    def kill_limit_s(self) -> float:
        return self.time_limit_s * (1.0 + self.near_limit_margin)

    def grace(self, waited_share: float) -> bool:
        """Whether a test at the limit gets the near-limit grace: the host was busy, i.e. the
        test waited in the run queue for at least ``near_limit_min_wait`` of its time
        (``waited_share``, from ``procfs.Clock``) -- enough for a verdict to flip."""
        return self.near_limit_margin > 0 and waited_share >= self.near_limit_min_wait
