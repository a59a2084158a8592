"""Ctrl-C during a build, in two steps.

First press: the build says so at once, starts no new work (no new stage, no new Verify
shard), lets the work in flight finish and be checkpointed under ``<out>/_work``, then stops
with :class:`BuildInterrupted`.  Second press: stop now -- every process the build started
(sandbox workers, which live in sessions of their own and so never see the terminal's
Ctrl-C, and pool workers) is killed and the process exits 130 with one line.

The handler is the command line's business (:func:`two_step_ctrl_c`); a library caller
keeps Python's own ``KeyboardInterrupt``.  The pipeline only asks :func:`stop_requested`.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from typing import Iterator

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a job stopped by Ctrl-C

_stop = threading.Event()


class BuildInterrupted(Exception):
    """The build stopped after a first Ctrl-C, its finished work checkpointed."""


def stop_requested() -> bool:
    return _stop.is_set()


def check_stop() -> None:
    """Raise :class:`BuildInterrupted` once a stop was asked for (a safe point: nothing in flight)."""
    if _stop.is_set():
        raise BuildInterrupted("interrupted")


def ignore_ctrl_c() -> None:
    """In a pool worker: the terminal's Ctrl-C reaches the whole process group; the parent decides."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _descendants(root: int) -> list[int]:
    """Every live process below ``root`` (Linux /proc), children before grandchildren."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue  # gone meanwhile
        # the command name (field 2) may hold spaces and parentheses: the ppid follows the last ")"
        ppid = int(stat[stat.rindex(b")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for pid in children.get(todo.pop(), []):
            found.append(pid)
            todo.append(pid)
    return found


def kill_descendants() -> int:
    """SIGKILL every process this one started, and theirs; reap our own children.  How many."""
    victims = _descendants(os.getpid())
    for pid in victims:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break  # none left
        if pid == 0:
            time.sleep(0.01)
    return len(victims)


@contextmanager
def two_step_ctrl_c(first_message: str, second_message: str) -> Iterator[None]:
    """While inside: the first Ctrl-C prints ``first_message`` and asks the build to stop; the
    second prints ``second_message``, kills every process the build started and exits 130."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers belong to the main thread; keep Python's default
        return

    def say(message: str) -> None:
        # straight to the file descriptor: the handler may run inside a write to sys.stderr,
        # whose buffer refuses a reentrant write
        os.write(2, f"\n{message}\n".encode())

    def on_sigint(signum, frame) -> None:
        if not _stop.is_set():
            _stop.set()
            say(first_message)
            return
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a third press must not cut this short
        logging.disable(logging.CRITICAL)  # threads whose workers die now would warn about it
        kill_descendants()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, RuntimeError):
                pass
        say(second_message)
        # Not sys.exit: threads blocked on killed workers would hold up the interpreter's exit.
        os._exit(EXIT_INTERRUPTED)

    previous = signal.signal(signal.SIGINT, on_sigint)
    _stop.clear()
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _stop.clear()
