"""Starting the untrusted child: fork, limits, namespaces, then the child's own loop.

``Child`` is the supervisor's handle on it: its pipes, a pidfd, and the /proc files
kept open for sampling.
"""

from __future__ import annotations

import gc
import os
import resource
import signal

from . import child as child_module
from . import linux
from .job import Job
from .procfs import last_pid, run_delays, stat_cpu


def _set_child_limits(job: Job) -> None:
    mb = 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (job.memory_limit_mb * mb, job.memory_limit_mb * mb))
    resource.setrlimit(resource.RLIMIT_FSIZE, (job.output_limit_mb * mb, job.output_limit_mb * mb))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    soft_stack, hard_stack = resource.getrlimit(resource.RLIMIT_STACK)
    want = min(job.memory_limit_mb * mb // 4, 512 * mb)
    if hard_stack == resource.RLIM_INFINITY or hard_stack >= want:
        resource.setrlimit(resource.RLIMIT_STACK, (want, hard_stack))
    if job.use_nproc_limit:
        # Counted per user namespace: bounds a fork bomb to this sandbox's own processes.
        resource.setrlimit(resource.RLIMIT_NPROC, (128, 128))


def _forbid_sysv_memory() -> None:
    """No SysV shared-memory segments or message queues in the child's IPC namespace.

    Their memory belongs to no process once detached, so no per-process limit or sum
    sees it; solutions have no use for them (multiprocessing uses pipes and /dev/shm).
    """
    for name in ("shmmni", "msgmni"):
        try:
            with open(f"/proc/sys/kernel/{name}", "w") as fh:
                fh.write("0")
        except OSError:
            pass  # an older kernel keeps these global: the namespace still ends with the child


def child_environment(work_dir: str) -> dict[str, str]:
    """The whole environment a candidate sees: nothing of the host's or the judge's."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": work_dir,
        "TMPDIR": work_dir,
        "LANG": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
    }


def set_child_environment(work_dir: str) -> None:
    """In the worker, once: the environment its children inherit.  Rewriting it in each
    child (unsetenv/putenv and os.environ's own dict) cost ~115 copy-on-write page faults
    per candidate; a child now only checks it."""
    os.environ.clear()
    os.environ.update(child_environment(work_dir))


def _child_entry(job: Job, a2b_r: int, b2a_w: int) -> None:
    """Runs in the forked child before any untrusted code: never returns."""
    try:
        # The worker's objects are the child's too, but never its garbage: keep the
        # child's collector off them (less work, fewer copy-on-write page faults).
        gc.freeze()
        os.setsid()
        # Move our two control pipes to 3/4, then close everything else we inherited
        # (the worker's pipes to the judge above all).
        high_r, high_w = os.dup(a2b_r), os.dup(b2a_w)
        os.dup2(high_r, child_module.CTL_IN_FD)
        os.dup2(high_w, child_module.CTL_OUT_FD)
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.closerange(5, 65536)
        os.chdir(job.work_dir)
        wanted = child_environment(job.work_dir)
        if dict(os.environ) != wanted:  # normally the worker set it up already (set_child_environment)
            os.environ.clear()
            os.environ.update(wanted)
        _set_child_limits(job)
        if job.use_ipc_ns:
            # SysV shared memory is counted by no rlimit and outlives its creator: in a
            # namespace of its own it dies with the candidate's last process instead.
            try:
                linux.unshare(linux.CLONE_NEWIPC)
                _forbid_sysv_memory()
            except OSError:
                pass  # still inside the worker's own IPC namespace, away from the host's
        linux.drop_all_capabilities()
        child_module.serve(job.code, job.mode, job.fn_name)
    except BaseException:  # noqa: BLE001 - nothing may escape into the worker's code
        pass
    os._exit(70)


class Child:
    def __init__(self, job: Job) -> None:
        a2b_r, a2b_w = os.pipe()
        b2a_r, b2a_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child
            _child_entry(job, a2b_r, b2a_w)
        os.close(a2b_r)
        os.close(b2a_w)
        self.pid = pid
        self.to_child = a2b_w
        self.from_child = b2a_r
        self.tid = str(pid).encode()
        self.exit_status: int | None = None
        self.rusage_cpu = 0.0
        self.alone_at_start: bool | None = None  # set by procfs.sandbox_cpu_seconds
        self.pidfd = self.stat_fd = self.sched_fd = self.loadavg_fd = -1
        try:
            self.pidfd = os.pidfd_open(pid)
        except BaseException:
            self.close()  # no child may outlive a failed start (kill + reap)
            raise
        # Kept open for the child's life: a pread per sample instead of open/read/close.
        # Optional: without them (fd limit, odd /proc) sampling falls back to paths.
        self.stat_fd = _open_optional(f"/proc/{pid}/stat")
        self.sched_fd = _open_optional(f"/proc/{pid}/task/{pid}/schedstat")
        self.loadavg_fd = _open_optional("/proc/loadavg")

    def sample(self) -> tuple[float, int]:
        """(CPU seconds of the child and its reaped children, its thread count)."""
        try:
            if self.stat_fd >= 0:
                return stat_cpu(os.pread(self.stat_fd, 4096, 0))
            with open(f"/proc/{self.pid}/stat", "rb") as fh:
                return stat_cpu(fh.read())
        except OSError:
            return 0.0, 0

    def run_time(self) -> float | None:
        """Seconds the child's main thread has run (its schedstat, in nanoseconds); None
        when unreadable."""
        if self.sched_fd < 0:
            return None
        try:
            return int(os.pread(self.sched_fd, 256, 0).split()[0]) / 1e9
        except (OSError, IndexError, ValueError):
            return None

    def run_delay(self) -> float:
        if self.sched_fd < 0:
            return run_delays(self.pid).get(self.tid, 0.0)
        try:
            return int(os.pread(self.sched_fd, 256, 0).split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0

    def last_pid(self) -> int:
        """The PID last handed out in our PID namespace (0 if unknown)."""
        try:
            return last_pid(os.pread(self.loadavg_fd, 256, 0)) if self.loadavg_fd >= 0 else 0
        except OSError:
            return 0

    def kill(self) -> None:
        if self.exit_status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.reap()

    def reap(self) -> int:
        if self.exit_status is None:
            _, status, usage = os.wait4(self.pid, 0)
            self.exit_status = status
            self.rusage_cpu = usage.ru_utime + usage.ru_stime
        return self.exit_status

    def close(self) -> None:
        self.kill()
        for fd in (self.to_child, self.from_child, self.pidfd, self.stat_fd, self.sched_fd, self.loadavg_fd):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.to_child = self.from_child = self.pidfd = self.stat_fd = self.sched_fd = self.loadavg_fd = -1


def _open_optional(path: str) -> int:
    try:
        return os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return -1
