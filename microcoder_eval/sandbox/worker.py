"""A warm sandbox worker: ``python -m microcoder_eval.sandbox.worker`` (config on fd 0).

Started by the judge as a fresh interpreter (never forked from the judge, so it holds
none of the judge's memory) with a scrubbed environment.  It isolates itself once,
imports the solution prelude once, becomes PID 1 of its own PID namespace, then serves
candidates over fds 0/1: compile the code here (a syntax error costs no fork) and run
the candidate's tests in one forked child (see supervisor.py).
"""

from __future__ import annotations

import os
import shutil
import traceback

from . import child, isolation, linux, prelude, protocol, spawn
from .job import Job
from .supervisor import Supervisor

JUDGE_IN, JUDGE_OUT = 0, 1


def _wipe(directory: str) -> None:
    """Remove everything a candidate left in the work tmpfs."""
    for name in os.listdir(directory):
        path = os.path.join(directory, name)
        try:
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path, onerror=_force_remove)
            else:
                os.unlink(path)
        except OSError:
            pass


def _force_remove(func, path, _exc_info) -> None:
    try:
        os.chmod(os.path.dirname(path), 0o700)
        os.chmod(path, 0o700)
        func(path)
    except OSError:
        pass


def _compile(code: str):
    try:
        return compile(code, "solution.py", "exec", dont_inherit=True), None
    except (SyntaxError, ValueError, OverflowError, RecursionError, MemoryError) as exc:
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        return None, detail[-1000:]


def _work_dir(report: isolation.IsolationReport) -> str:
    return os.path.join(report.work_root, "run")


def _serve_candidate(message: dict, report: isolation.IsolationReport) -> bool:
    """Serve one candidate up to the judge's "end"; False if the judge has gone."""
    # The judge sends the first test right behind the code (no round trip for "ready"):
    # on a compile error we answer once and drop its messages up to "end".
    code_obj, error = _compile(message["code"])
    if code_obj is None:
        protocol.send(JUDGE_OUT, {"op": "compile_error", "detail": error})
        while True:
            pending = protocol.recv(JUDGE_IN)
            if pending is None:
                return False
            if pending["op"] == "end":
                protocol.send(JUDGE_OUT, {"op": "ended"})
                return True
    limits = message["limits"]
    work_dir = _work_dir(report)
    os.makedirs(work_dir, exist_ok=True)
    os.chmod(work_dir, 0o777)
    job = Job(
        code=code_obj,
        mode=message["mode"],
        fn_name=message.get("fn_name"),
        time_limit_s=float(limits["time_limit_s"]),
        wall_limit_s=float(limits["wall_limit_s"]),
        near_limit_margin=float(limits.get("near_limit_margin", 0.0)),
        near_limit_min_wait=float(limits.get("near_limit_min_wait", 0.0)),
        memory_limit_mb=int(limits["memory_limit_mb"]),
        output_limit_mb=int(limits["output_limit_mb"]),
        use_pid_ns=report.features.get("pid_ns", False),
        use_nproc_limit=report.features.get("user_ns", False),
        work_dir=work_dir,
        # Unsharing needs the capabilities the child holds in our user namespace.
        use_ipc_ns=report.features.get("ipc_ns", False) and report.features.get("user_ns", False),
        stop_on_failure=bool(message.get("stop_on_failure", False)),
    )
    judge_alive = Supervisor(job, JUDGE_IN, JUDGE_OUT).serve()
    _wipe(report.work_root)
    if os.path.isdir("/dev/shm") and report.features.get("private_tmp"):
        _wipe("/dev/shm")
    if judge_alive:
        # The judge drops in-flight answers up to this marker (see client.SandboxWorker.run).
        protocol.send(JUDGE_OUT, {"op": "ended"})
    return judge_alive


def main() -> None:
    config = protocol.recv(JUDGE_IN)  # the judge's first message
    if config is None or config.get("op") != "config":
        return
    report = isolation.enter_sandbox(
        config.get("hide", []), int(config.get("work_size_mb", 512)), tuple(config.get("disable", ()))
    )
    prelude.build()  # import everything solutions expect, once, before any fork
    try:
        linux.set_non_dumpable()
    except OSError:
        report.warnings.append("could not protect the worker's memory from inspection")
    isolation.enter_pid_namespace(report)  # from here on we are PID 1 (when available)
    # What every child would otherwise set up for itself, done once here and inherited by
    # each fork: less work per candidate, and fewer copy-on-write page faults.
    linux.forbid_regaining_capabilities()
    spawn.set_child_environment(_work_dir(report))
    child.prepare_first_run()
    # The child must not inherit a writable handle on our stdio beyond fds 0/1.
    protocol.send(JUDGE_OUT, {"op": "hello", "isolation": report.to_dict(), "pid": os.getpid()})
    while True:
        message = protocol.recv(JUDGE_IN)
        if message is None or message["op"] == "exit":
            break
        if message["op"] == "ping":
            protocol.send(JUDGE_OUT, {"op": "pong"})
        elif message["op"] == "candidate":
            if not _serve_candidate(message, report):
                break
    _wipe(report.work_root)


if __name__ == "__main__":
    main()
