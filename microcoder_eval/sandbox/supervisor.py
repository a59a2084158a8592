"""The per-candidate supervisor: forks the child, feeds it tests, enforces the limits.

Limits are enforced from outside the child, which cannot catch or ignore them: CPU
time is read from /proc and the child is SIGKILLed past the limit; the wall clock
backs it up; memory is held per process by RLIMIT_AS and for all the candidate's
processes together by their summed proportional set size.

The worker is PID 1 of its own PID namespace (see isolation.enter_pid_namespace):
the child cannot signal it, sees no process outside it, and after the candidate
``kill(-1, SIGKILL)`` ends every process the child started, daemons included.
"""
from __future__ import annotations

import gc
import os
import resource
import select
import signal
import stat
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from . import child as child_module
from . import linux, protocol

_CLK_TCK = os.sysconf("SC_CLK_TCK")
_MAX_STATUS_LINE = 64 * 1024
_STDERR_TAIL = 2000
_FAILED_OUTPUT_KEEP = 4096
_POLL_SLICE_S = 0.25
_MULTI_PROCESS_SLICE_S = 0.05


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

    def busy(self, clock: "_Clock") -> bool:
        """Whether the test shared its CPU enough for a verdict at the limit to flip:
        it waited in the run queue for at least ``near_limit_min_wait`` of its time."""
        if self.near_limit_margin <= 0:
            return False
        wall = clock.wall()
        return wall > 0 and (wall - clock.effective()) >= self.near_limit_min_wait * wall


def _stat_cpu(data: bytes, own_only: bool = False) -> tuple[float, int]:
    """(utime+stime [+ reaped children's], num_threads) from a /proc/<pid>/stat line."""
    try:
        fields = data.rsplit(b")", 1)[1].split()
        # fields[0] is field 3 (state); utime..cstime are fields 14..17, num_threads 20
        return sum(int(x) for x in fields[11:13 if own_only else 15]) / _CLK_TCK, int(fields[17])
    except (IndexError, ValueError):
        return 0.0, 0


def _cpu_seconds(pid: int, own_only: bool = False) -> float:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return _stat_cpu(fh.read(), own_only)[0]
    except OSError:
        return 0.0


def _sandbox_cpu_seconds(child: "_Child", whole_namespace: bool) -> tuple[float, bool, int]:
    """CPU time charged to the candidate: in our own PID namespace (private /proc), every
    process it started counts — a fork bomb reaches the limit as fast as a busy loop.

    Also whether the child runs alone (no other process, one thread): then it cannot use
    CPU between tests, and this reading can serve as the next test's baseline; and how
    many other processes the candidate has.
    """
    total, threads = child.sample()
    others = 0
    if whole_namespace:
        for entry in os.listdir("/proc"):
            if entry.isdigit() and entry != "1" and int(entry) != child.pid:
                total += _cpu_seconds(int(entry), own_only=True)
                others += 1
    # Without our own namespace other processes of the candidate are not visible.
    alone = threads == 1 and others == 0 and whole_namespace
    return total, alone, others


def _sandbox_memory_bytes() -> int:
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


def _run_delays(pid: int) -> dict[bytes, float]:
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


class _Clock:
    """Elapsed time of a test as it would be on an idle machine.

    wall - (largest run-queue wait of any thread): sleeping or blocking counts against the
    program, waiting for a CPU that other load holds does not — so a time limit on it
    catches ``time.sleep(8)`` without verdicts changing with host load.
    """

    def __init__(self, child: "_Child", threads: int) -> None:
        self.pid = child.pid
        self.started = time.monotonic()
        # Between tests the child is normally one thread: read just its schedstat.
        self.base = {child.tid: child.run_delay()} if threads == 1 else _run_delays(child.pid)

    def wall(self) -> float:
        return time.monotonic() - self.started

    def effective(self) -> float:
        now = _run_delays(self.pid)
        waited = max((d - self.base.get(t, 0.0) for t, d in now.items()), default=0.0)
        return self.wall() - max(waited, 0.0)


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
        os.environ.clear()
        os.environ.update(
            PATH="/usr/local/bin:/usr/bin:/bin",
            HOME=job.work_dir,
            TMPDIR=job.work_dir,
            LANG="C.UTF-8",
            PYTHONIOENCODING="utf-8",
        )
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


class _Child:
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
        self.pidfd = self.stat_fd = self.sched_fd = -1
        try:
            self.pidfd = os.pidfd_open(pid)
        except BaseException:
            self.close()  # no child may outlive a failed start (kill + reap)
            raise
        # Kept open for the child's life: a pread per sample instead of open/read/close.
        # Optional: without them (fd limit, odd /proc) sampling falls back to paths.
        self.stat_fd = _open_optional(f"/proc/{pid}/stat")
        self.sched_fd = _open_optional(f"/proc/{pid}/task/{pid}/schedstat")

    def sample(self) -> tuple[float, int]:
        """(CPU seconds of the child and its reaped children, its thread count)."""
        try:
            if self.stat_fd >= 0:
                return _stat_cpu(os.pread(self.stat_fd, 4096, 0))
            with open(f"/proc/{self.pid}/stat", "rb") as fh:
                return _stat_cpu(fh.read())
        except OSError:
            return 0.0, 0

    def run_delay(self) -> float:
        if self.sched_fd < 0:
            return _run_delays(self.pid).get(self.tid, 0.0)
        try:
            return int(os.pread(self.sched_fd, 256, 0).split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0

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
        for fd in (self.to_child, self.from_child, self.pidfd, self.stat_fd, self.sched_fd):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.to_child = self.from_child = self.pidfd = self.stat_fd = self.sched_fd = -1


def _open_optional(path: str) -> int:
    try:
        return os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return -1


# The work directory is the candidate's: it may have replaced any file there by a FIFO
# (an open for reading would block forever) or a symlink (reads or writes elsewhere).
# So files are opened without following links and without blocking, and only regular
# files are read.
_SAFE_READ = os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK


def _open_regular(path: str) -> int | None:
    try:
        fd = os.open(path, _SAFE_READ)
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    return fd


def _size(path: str) -> int:
    try:
        return os.lstat(path).st_size
    except OSError:
        return 0


def _read_text(path: str, limit: int) -> tuple[str | None, bool]:
    """File content (decoded; only a head when over the limit) and whether it overflowed."""
    fd = _open_regular(path)
    if fd is None:
        return None, False
    try:
        size = os.fstat(fd).st_size
        overflow = size >= limit
        want = _FAILED_OUTPUT_KEEP if overflow else size
        chunks, got = [], 0
        while got < want:
            chunk = os.read(fd, want - got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks).decode("utf-8", "replace"), overflow


def _tail(path: str) -> str:
    fd = _open_regular(path)
    if fd is None:
        return ""
    try:
        size = os.fstat(fd).st_size
        return os.pread(fd, _STDERR_TAIL, max(0, size - _STDERR_TAIL)).decode("utf-8", "replace") if size else ""
    finally:
        os.close(fd)


def _write_input(path: str, text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    try:
        os.unlink(path)  # whatever the candidate may have put there in advance
    except FileNotFoundError:
        pass
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


class Supervisor:
    """Serves one candidate inside the worker: a child per run, limits, cleanup."""

    def __init__(self, job: Job, judge_in: int, judge_out: int) -> None:
        self.job = job
        self.judge_in = judge_in
        self.judge_out = judge_out
        self.child: _Child | None = None
        self.spawned: list[int] = []
        self.test_no = 0
        self.cpu_mark: float | None = None
        # Messages read while a test ran (the judge queues the next test ahead of need).
        self.pending: deque[dict | None] = deque()

    def serve(self) -> bool:
        """Answer "test" messages until "end"; then no process of the candidate survives.

        True when the judge ended the candidate, False when it went away.
        """
        try:
            while True:
                message = self.pending.popleft() if self.pending else protocol.recv(self.judge_in)
                if message is None or message["op"] != "test":
                    return message is not None and message["op"] == "end"
                result, child_died = self._run_test(message["input"])
                if result is not None and result.pop("near_limit", False):
                    if child_died and self.child is not None:
                        self.child.close()
                        self.child = None
                    result, child_died = self._run_test(message["input"])
                    if result is not None:
                        result.pop("near_limit", None)
                        result["rerun"] = True
                if result is None:  # the judge ended the candidate during this test
                    message = self.pending.pop()
                    return message is not None and message["op"] == "end"
                protocol.send(self.judge_out, result)
                if child_died and self.child is not None:
                    self.child.close()
                    self.child = None  # the next test starts a new one
        finally:
            if self.child is not None:
                self.child.close()
            self._kill_leftovers()

    def _kill_leftovers(self) -> None:
        if self.job.use_pid_ns:
            # We are PID 1 of our namespace: this reaches every process the candidate
            # started, daemons that called setsid() included, and nothing outside.
            try:
                os.kill(-1, signal.SIGKILL)
            except ProcessLookupError:
                pass
        else:
            for pgid in self.spawned:
                try:
                    os.killpg(pgid, signal.SIGKILL)
                except OSError:
                    pass
        while True:  # reap them all (re-parented orphans included)
            try:
                os.waitpid(-1, 0)
            except ChildProcessError:
                break
            except InterruptedError:
                continue

    def _paths(self) -> dict[str, str]:
        base = os.path.join(self.job.work_dir, f"t{self.test_no}")
        return {"in": base + ".in", "out": base + ".out", "err": base + ".err", "res": base + ".res"}

    def _run_test(self, test_input: str) -> tuple[dict | None, bool]:
        self.test_no += 1
        paths = self._paths()
        _write_input(paths["in"], test_input)
        if self.child is None:
            self.child = _Child(self.job)
            self.spawned.append(self.child.pid)
            self.cpu_mark = None
        child = self.child
        own_before, threads = child.sample()
        # The last test's closing reading of the namespace's CPU, when nothing could run
        # since (see _sandbox_cpu_seconds): saves one /proc scan per test.
        if self.cpu_mark is not None:
            cpu_before = self.cpu_mark
        else:
            cpu_before = _sandbox_cpu_seconds(child, self.job.use_pid_ns)[0]
        clock = _Clock(child, threads)
        try:
            os.write(child.to_child, protocol_line(paths).encode())
        except BrokenPipeError:
            pass  # the child ended between tests: _wait sees it go and we report how
        status, killed_for, extended = self._wait(child, cpu_before, clock)
        self.cpu_mark = None
        if killed_for == "ended":
            return None, True
        wall = clock.wall()
        if status is None:  # the child is gone: collect how
            raw = child.reap()
            cpu = max(child.rusage_cpu - own_before, 0.0)
            effective = cpu
        else:
            raw = None
            after, alone, _ = _sandbox_cpu_seconds(child, self.job.use_pid_ns)
            cpu = max(after - cpu_before, 0.0)
            self.cpu_mark = after if alone else None
            effective = clock.effective() if wall > self.job.time_limit_s else wall
        # Ended on its own, over the limit but under the kill limit: near the limit -- if
        # the host was busy; else the limit is final (the poll merely came late).
        near = (killed_for is None and max(cpu, effective) > self.job.time_limit_s
                and (extended or self.job.busy(clock)))
        if killed_for is None and effective > self.job.time_limit_s:
            killed_for = "time_limit"
        result = self._classify(status, raw, killed_for, cpu, wall, paths)
        if near and result["status"] == "time_limit":
            result["near_limit"] = True
        for path in paths.values():
            try:
                os.unlink(path)
            except OSError:
                pass
        return result, status is None

    def _wait(self, child: _Child, cpu_before: float, clock: _Clock) -> tuple[dict | None, str | None, bool]:
        """Wait for the child's status line; kill it past a limit.

        (status, killed_for, extended): ``extended`` when the test passed the time limit on
        a busy host and was given the near-limit grace.
        """
        poller = select.poll()
        poller.register(child.from_child, select.POLLIN)
        poller.register(child.pidfd, select.POLLIN)
        poller.register(self.judge_in, select.POLLIN)
        buffer = b""
        limit, wall_limit = self.job.time_limit_s, self.job.wall_limit_s
        extended = False
        timeout = min(limit, wall_limit, _POLL_SLICE_S)  # most tests answer within the first wait
        while True:
            events = poller.poll(max(timeout, 0.002) * 1000)
            for fd, _ in events:
                if fd == self.judge_in:
                    message = protocol.recv(self.judge_in)
                    self.pending.append(message)
                    if message is None or message["op"] != "test":
                        child.kill()  # the judge needs no more of this candidate
                        return None, "ended", extended
                    # Still listening: an "end" may follow the queued test (the judge
                    # stops a candidate whose other slice failed) and must stop this test.
                    continue
                if fd == child.from_child:
                    chunk = os.read(child.from_child, 65536)
                    if chunk:
                        buffer += chunk
                        if b"\n" in buffer:
                            return _parse_status(buffer.split(b"\n", 1)[0]), None, extended
                        if len(buffer) > _MAX_STATUS_LINE:
                            child.kill()
                            return None, "protocol", extended
                        continue
                    return None, None, extended  # pipe closed: the child is exiting
                if fd == child.pidfd:
                    return None, None, extended
            cpu, _, others = _sandbox_cpu_seconds(child, self.job.use_pid_ns)
            cpu -= cpu_before
            wall = clock.wall()
            effective = clock.effective() if wall > limit else wall
            if cpu > limit or effective > limit:
                if not extended and self.job.busy(clock):
                    limit, extended = self.job.kill_limit_s, True  # the near-limit grace
                    effective = clock.effective()
                else:
                    child.kill()
                    return None, "time_limit", extended
            if wall > wall_limit:
                child.kill()
                return None, "wall_limit", extended
            slice_s = _POLL_SLICE_S
            if others:
                # RLIMIT_AS holds each process to the memory limit, not all of them
                # together (a fork would multiply it): the sum is checked here, and
                # more often while the candidate has more than one process.
                if _sandbox_memory_bytes() > self.job.memory_limit_mb * 1024 * 1024:
                    child.kill()
                    return None, "memory_limit", extended
                slice_s = _MULTI_PROCESS_SLICE_S
            timeout = min(limit - cpu, limit - effective, wall_limit - wall, slice_s)

    def _classify(self, status, raw_status, killed_for, cpu, wall, paths) -> dict:
        job = self.job
        limit_bytes = job.output_limit_mb * 1024 * 1024
        result: dict[str, Any] = {
            "op": "result", "cpu_s": round(cpu, 4), "wall_s": round(wall, 4),
            "exit": None, "signal": None, "exc": None, "output": None,
            "stderr": _tail(paths["err"]),
        }
        out_path = paths["out"] if job.mode == "stdin" else paths["res"]
        output, overflow = _read_text(out_path, limit_bytes)
        stdout_overflow = overflow if job.mode == "stdin" else _size(paths["out"]) >= limit_bytes
        result["output"] = output
        result.update(self._status(status, raw_status, killed_for, cpu, overflow, stdout_overflow, output))
        if result["status"] != "ok" and output is not None:
            result["output"] = output[:_FAILED_OUTPUT_KEEP]  # enough for a diff, not megabytes
        return result

    def _status(self, status, raw_status, killed_for, cpu, overflow, stdout_overflow, output) -> dict:
        job = self.job
        result: dict[str, Any] = {}
        if killed_for == "wall_limit":
            # Its own CPU and elapsed time net of run-queue waits stayed within the limit
            # (else it would have been stopped for them first): the wall clock ran out
            # waiting for a CPU.  The host's fault, not the candidate's.
            result["status"] = "infra_error"
            result["detail"] = "host overloaded: the wall-clock backstop passed while the test waited for a CPU"
            return result
        if killed_for == "time_limit" or cpu > job.time_limit_s:
            result["status"] = "time_limit"
            result["detail"] = "time limit exceeded"
            return result
        if killed_for == "memory_limit":
            result["status"] = "memory_limit"
            result["detail"] = "memory limit exceeded by the candidate's processes together"
            return result
        if killed_for == "protocol":
            result["status"], result["detail"] = "runtime_error", "child broke the control protocol"
            return result
        if status is not None:
            result["exit"], result["exc"] = status.get("exit"), status.get("exc")
            if overflow or stdout_overflow or status.get("output_limit"):
                result["status"] = "output_limit"
            elif status.get("exc") == "MemoryError":
                result["status"] = "memory_limit"
            elif status.get("exit") != 0:
                result["status"] = "runtime_error"
            elif job.mode == "functional" and output is None:
                result["status"], result["detail"] = "runtime_error", "no return value recorded"
            else:
                result["status"] = "ok"
            return result
        # The child died between tests' status lines: its own exit, a signal, or a crash.
        if raw_status is not None and os.WIFSIGNALED(raw_status):
            sig = os.WTERMSIG(raw_status)
            result["signal"] = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
            if sig == signal.SIGXFSZ or overflow:
                result["status"] = "output_limit"
            elif sig == signal.SIGKILL:
                result["status"] = "memory_limit"  # killed, not by us: the kernel's OOM killer
            else:
                result["status"] = "runtime_error"
            return result
        code = os.waitstatus_to_exitcode(raw_status) if raw_status is not None else 70
        result["exit"] = code
        if overflow:
            result["status"] = "output_limit"
        elif code == 0 and job.mode == "stdin":
            result["status"] = "ok"  # os._exit(0) after writing its answer
        else:
            result["status"] = "runtime_error"
        return result


def protocol_line(paths: dict[str, str]) -> str:
    import json

    return json.dumps(paths) + "\n"


def _parse_status(line: bytes) -> dict | None:
    import json

    try:
        status = json.loads(line)
    except ValueError:
        return {"exit": 1, "exc": "ProtocolError"}
    if not isinstance(status, dict) or not isinstance(status.get("exit"), int):
        return {"exit": 1, "exc": "ProtocolError"}
    exc = status.get("exc")
    return {
        "exit": status["exit"],
        "exc": exc[:100] if isinstance(exc, str) else None,
        "output_limit": bool(status.get("output_limit")),
    }
