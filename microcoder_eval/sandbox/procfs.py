"""Reading the candidate's processes from /proc: CPU time, memory, run-queue waits.

Everything the supervisor measures comes from here; nothing is asked of the child,
which could lie.
"""

from __future__ import annotations

import os
import time
from typing import NamedTuple, Protocol


class Sampled(Protocol):
    """What the readings need of the child (``spawn.Child``)."""

    pid: int
    tid: bytes
    # Whether the first /proc scan of this child's life found it alone (None: not yet scanned).
    alone_at_start: bool | None

    def sample(self) -> tuple[float, int]: ...

    def run_time(self) -> float | None: ...

    def run_delay(self) -> float: ...

    def last_pid(self) -> int: ...


_CLK_TCK = os.sysconf("SC_CLK_TCK")
_RESERVED_PIDS = 300


def stat_cpu(data: bytes, own_only: bool = False) -> tuple[float, int]:
    """(utime+stime [+ reaped children's], num_threads) from a /proc/<pid>/stat line."""
    try:
        fields = data.rsplit(b")", 1)[1].split()
        # fields[0] is field 3 (state); utime..cstime are fields 14..17, num_threads 20
        ticks = int(fields[11]) + int(fields[12])
        if not own_only:
            ticks += int(fields[13]) + int(fields[14])
        return ticks / _CLK_TCK, int(fields[17])
    except (IndexError, ValueError):
        return 0.0, 0


def cpu_seconds(pid: int, own_only: bool = False) -> float:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return stat_cpu(fh.read(), own_only)[0]
    except OSError:
        return 0.0


class Reading(NamedTuple):
    cpu: float  # seconds
    alone: bool  # one process, one thread: it cannot use CPU between tests
    others: int  # the candidate's other processes


def sandbox_cpu_seconds(child: Sampled, whole_namespace: bool) -> Reading:
    """CPU time charged to the candidate: in our own PID namespace (private /proc), every
    process it started counts — a fork bomb reaches the limit as fast as a busy loop.

    Also whether the child runs alone (no other process, one thread): then this reading
    can serve as the next test's baseline; and how many other processes the candidate has.
    """
    if whole_namespace:
        if child.alone_at_start is None:  # the child's first reading: one scan of /proc
            child.alone_at_start = _others(child)[1] == 0 and child.last_pid() == child.pid
        # Every process and thread takes a PID from the namespace: if none was taken since
        # the child started alone, it is still one thread with no other process and no
        # reaped child, and that thread's own run time is the candidate's CPU -- to the
        # nanosecond, from one small file (/proc/<pid>/stat counts 10 ms ticks and costs
        # more to read), without the scan of /proc.  Below the kernel's RESERVED_PIDS (300)
        # only: PIDs wrap around to 300, never below, so churning through pid_max of them
        # cannot bring the last PID back to the child's.  Once the candidate starts a
        # thread or a process, readings come from /proc/<pid>/stat (a tick or two apart).
        if child.alone_at_start and child.pid < _RESERVED_PIDS and child.last_pid() == child.pid:
            run_time = child.run_time()
            if run_time is not None:
                return Reading(run_time, True, 0)
    total, threads = child.sample()
    others = 0
    if whole_namespace:
        cpu, others = _others(child)
        total += cpu
    # Without our own namespace other processes of the candidate are not visible.
    return Reading(total, threads == 1 and others == 0 and whole_namespace, others)


def _others(child: Sampled) -> tuple[float, int]:
    """CPU seconds and number of the namespace's processes other than the child and us."""
    total, count = 0.0, 0
    for entry in os.listdir("/proc"):
        if entry.isdigit() and entry != "1" and int(entry) != child.pid:
            total += cpu_seconds(int(entry), own_only=True)
            count += 1
    return total, count


def last_pid(loadavg: bytes) -> int:
    """The PID last handed out in the reader's PID namespace, from a /proc/loadavg line
    (0 when unreadable: then no PID matches and the caller scans)."""
    try:
        return int(loadavg.rsplit(None, 1)[1])
    except (IndexError, ValueError):
        return 0


def sandbox_memory_bytes() -> int:
    """Memory resident in every process of our PID namespace but ourselves.

    Anonymous plus shared-memory pages (RssAnon + RssShmem) from /proc/<pid>/status,
    which reads counters without taking the process's memory-map lock (smaps would:
    a fork bomb holds those locks and stalls the reader).  A page that processes share
    (after a fork, or in one shared mapping) counts once per process: a bound on the
    safe side, loose only for programs that fork after filling a large heap.
    """
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or entry == "1":
            continue
        try:
            with open(f"/proc/{entry}/status", "rb") as fh:
                for line in fh:
                    if line.startswith((b"RssAnon:", b"RssShmem:")):
                        total += int(line.split()[1]) * 1024
        except (OSError, IndexError, ValueError):
            pass
    return total


def run_delays(pid: int) -> dict[bytes, float]:
    """Seconds each thread of ``pid`` spent runnable but waiting for a CPU (schedstat)."""
    delays: dict[bytes, float] = {}
    task_dir = f"/proc/{pid}/task".encode()
    try:
        tids = os.listdir(task_dir)
    except OSError:
        return delays
    for tid in tids:
        try:
            with open(task_dir + b"/" + tid + b"/schedstat", "rb") as fh:
                delays[tid] = int(fh.read().split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            pass
    return delays


class Clock:
    """Elapsed time of a test as it would be on an idle machine.

    wall - (largest run-queue wait of any thread): sleeping or blocking counts against the
    program, waiting for a CPU that other load holds does not — so a time limit on it
    catches ``time.sleep(8)`` without verdicts changing with host load.
    """

    def __init__(self, child: Sampled, threads: int) -> None:
        self.pid = child.pid
        self.started = time.monotonic()
        # Between tests the child is normally one thread: read just its schedstat.
        self.base = {child.tid: child.run_delay()} if threads == 1 else run_delays(child.pid)

    def wall(self) -> float:
        return time.monotonic() - self.started

    def _waited(self) -> float:
        now = run_delays(self.pid)
        return max(max((d - self.base.get(t, 0.0) for t, d in now.items()), default=0.0), 0.0)

    def effective(self) -> float:
        return self.wall() - self._waited()

    def waited_share(self) -> float:
        """Share of the test's wall time spent waiting for a CPU (0 on a quiet host).

        From one reading of each clock: wall - effective() would read the wall clock twice
        and come out a hair below 0 when nothing waited, refusing a grace that a gate of 0
        ("always") must give."""
        wall = self.wall()
        return self._waited() / wall if wall > 0 else 0.0
