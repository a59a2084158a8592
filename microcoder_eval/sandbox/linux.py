"""Thin ctypes wrappers over the Linux calls the sandbox needs and Python 3.10 lacks.

Only mechanisms live here (unshare, mount, capabilities, prctl); the policy of which
to use, in which order, is in ``isolation.py``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
import platform

_libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)

CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000

MS_RDONLY = 0x1
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_NOEXEC = 0x8
MS_BIND = 0x1000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_CAPBSET_DROP = 24
PR_SET_SECUREBITS = 28
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_CLEAR_ALL = 4

# securebits: no privilege for uid 0 on exec, and lock that choice (capabilities(7)).
SECBIT_NOROOT = 1 << 0
SECBIT_NOROOT_LOCKED = 1 << 1
SECBIT_NO_SETUID_FIXUP = 1 << 2
SECBIT_NO_SETUID_FIXUP_LOCKED = 1 << 3
SECBIT_KEEP_CAPS_LOCKED = 1 << 5
SECBIT_NO_CAP_AMBIENT_RAISE = 1 << 6
SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED = 1 << 7
LOCKED_SECUREBITS = (
    SECBIT_NOROOT
    | SECBIT_NOROOT_LOCKED
    | SECBIT_NO_SETUID_FIXUP
    | SECBIT_NO_SETUID_FIXUP_LOCKED
    | SECBIT_KEEP_CAPS_LOCKED
    | SECBIT_NO_CAP_AMBIENT_RAISE
    | SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED
)

# mount_setattr(2) (Linux 5.12+): one syscall number on every architecture.
SYS_MOUNT_SETATTR = 442
MOUNT_ATTR_RDONLY = 0x1
AT_FDCWD = -100
AT_RECURSIVE = 0x8000

_CAPSET_VERSION_3 = 0x20080522


def _check(result: int, what: str) -> int:
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")
    return result


def unshare(flags: int) -> None:
    _check(_libc.unshare(ctypes.c_int(flags)), "unshare")


def mount(source: str, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    _check(
        _libc.mount(
            source.encode(),
            target.encode(),
            fstype.encode() if fstype else None,
            ctypes.c_ulong(flags),
            data.encode() if data else None,
        ),
        f"mount {target}",
    )


class _MountAttr(ctypes.Structure):
    _fields_ = [
        ("attr_set", ctypes.c_uint64),
        ("attr_clr", ctypes.c_uint64),
        ("propagation", ctypes.c_uint64),
        ("userns_fd", ctypes.c_uint64),
    ]


def make_tree_readonly(path: str = "/") -> None:
    """Mark every mount below ``path`` read-only (recursively) in this mount namespace."""
    attr = _MountAttr(MOUNT_ATTR_RDONLY, 0, 0, 0)
    result = _libc.syscall(
        ctypes.c_long(SYS_MOUNT_SETATTR),
        ctypes.c_int(AT_FDCWD),
        path.encode(),
        ctypes.c_uint(AT_RECURSIVE),
        ctypes.byref(attr),
        ctypes.c_size_t(ctypes.sizeof(attr)),
    )
    _check(result, "mount_setattr")


def prctl(option: int, arg2: int = 0, arg3: int = 0, arg4: int = 0, arg5: int = 0) -> int:
    result = _libc.prctl(
        ctypes.c_int(option),
        ctypes.c_ulong(arg2),
        ctypes.c_ulong(arg3),
        ctypes.c_ulong(arg4),
        ctypes.c_ulong(arg5),
    )
    if result < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"prctl({option}): {os.strerror(err)}")
    return result


def set_non_dumpable() -> None:
    """Make /proc/<self>/{mem,environ,fd,maps} unreadable to other unprivileged processes."""
    prctl(PR_SET_DUMPABLE, 0)


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    ]


# Set by forbid_regaining_capabilities() when every step worked; inherited by forks.
_REGAIN_FORBIDDEN = False

# drop_all_capabilities()'s calls, made ready at import (in the worker, before any fork):
# ctypes objects built in a forked child cost it ~80 copy-on-write page faults.
_capset = _libc.capset
_prctl = _libc.prctl
_NO_CAPABILITIES = (ctypes.byref(_CapHeader(_CAPSET_VERSION_3, 0)), ctypes.byref((_CapData * 2)()))
_SET_NO_NEW_PRIVS = (
    ctypes.c_int(PR_SET_NO_NEW_PRIVS),
    ctypes.c_ulong(1),
    ctypes.c_ulong(0),
    ctypes.c_ulong(0),
    ctypes.c_ulong(0),
)


def forbid_regaining_capabilities() -> bool:
    """Lock the securebits, empty the bounding set, clear the ambient set: no later exec
    (of a setuid binary, or as uid 0) can hand capabilities back.

    All three are inherited across fork, so the worker does this once and each child's
    drop_all_capabilities() has only its own sets left to clear (41 prctl calls less per
    candidate, and the allocations behind them).  True when every step worked.
    """
    global _REGAIN_FORBIDDEN
    ok = True
    try:
        prctl(PR_SET_SECUREBITS, LOCKED_SECUREBITS)
    except OSError:
        ok = False  # no CAP_SETPCAP: we hold no capabilities worth dropping via securebits
    for cap in range(64):
        try:
            prctl(PR_CAPBSET_DROP, cap)
        except OSError as exc:
            ok = ok and exc.errno == errno.EINVAL  # past the last capability; EPERM without CAP_SETPCAP
            break
    try:
        prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL)
    except OSError:
        ok = False
    _REGAIN_FORBIDDEN = ok
    return ok


def drop_all_capabilities() -> None:
    """Leave the calling process with no capabilities it can ever regain.

    Inside our user namespace the child is uid 0 and would hold every capability
    (enough to unmount the masks that hide files); this removes them for good.
    """
    if not _REGAIN_FORBIDDEN:
        forbid_regaining_capabilities()
    _check(_capset(*_NO_CAPABILITIES), "capset")
    if _prctl(*_SET_NO_NEW_PRIVS) < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"prctl(PR_SET_NO_NEW_PRIVS): {os.strerror(err)}")


def machine_supports_mount_setattr() -> bool:
    release = platform.release().split(".")
    try:
        return (int(release[0]), int(release[1])) >= (5, 12)
    except (ValueError, IndexError):
        return False
