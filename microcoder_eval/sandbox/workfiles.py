"""The test's files in the candidate's work directory: input written, outputs read safely."""

from __future__ import annotations

import os
import stat

_STDERR_TAIL = 2000
FAILED_OUTPUT_KEEP = 4096


# The work directory is the candidate's: it may have replaced any file there by a FIFO
# (an open for reading would block forever) or a symlink (reads or writes elsewhere).
# So files are opened without following links and without blocking, and only regular
# files are read.
_SAFE_READ = os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK


def _open_regular(path: str) -> tuple[int, int] | None:
    """(fd, size) of a regular file, or None."""
    try:
        fd = os.open(path, _SAFE_READ)
    except OSError:
        return None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        return None
    return fd, info.st_size


def size(path: str) -> int:
    try:
        return os.lstat(path).st_size
    except OSError:
        return 0


def read_text(path: str, limit: int) -> tuple[str | None, bool]:
    """File content (decoded; only a head when over the limit) and whether it overflowed."""
    opened = _open_regular(path)
    if opened is None:
        return None, False
    fd, length = opened
    try:
        overflow = length >= limit
        want = FAILED_OUTPUT_KEEP if overflow else length
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


def tail(path: str) -> str:
    if not size(path):
        return ""  # the common case, one lstat: most tests write nothing to stderr
    opened = _open_regular(path)
    if opened is None:
        return ""
    fd, length = opened
    try:
        return os.pread(fd, _STDERR_TAIL, max(0, length - _STDERR_TAIL)).decode("utf-8", "replace") if length else ""
    finally:
        os.close(fd)


def write_input(path: str, text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    try:
        os.unlink(path)  # whatever the candidate may have put there in advance
    except FileNotFoundError:
        pass
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
