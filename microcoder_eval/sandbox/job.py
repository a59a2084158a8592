"""What one candidate's run is: its code, mode and limits (the supervisor's input)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .procfs import Clock


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
    # On a busy host (see busy()) a test is killed only at time_limit_s x (1 +
    # near_limit_margin); one that ends on its own between the limit and that is a
    # time-out "near the limit", which the load can cause: it is run once more before
    # the verdict is final.  On a quiet host the limit is final as it stands.
    near_limit_margin: float = 0.0
    near_limit_min_wait: float = 0.0

    @property
    def kill_limit_s(self) -> float:
        return self.time_limit_s * (1.0 + self.near_limit_margin)

    def busy(self, clock: "Clock") -> bool:
        """Whether the test shared its CPU enough for a verdict at the limit to flip:
        it waited in the run queue for at least ``near_limit_min_wait`` of its time."""
        if self.near_limit_margin <= 0:
            return False
        wall = clock.wall()
        return wall > 0 and (wall - clock.effective()) >= self.near_limit_min_wait * wall
