"""Policy: which kernel isolation a sandbox worker puts itself in, once, at start.

The worker (a fresh interpreter, never a fork of the judge) enters, in order:

1. a user namespace mapping only its own uid/gid (so nothing below needs real root,
   and the children it forks later can drop every capability for good);
2. mount, network and IPC namespaces: no network but a downed loopback; the whole file
   tree read-only; private tmpfs on /tmp and /dev/shm that hold the work directories;
   empty tmpfs (or /dev/null binds) over places that may hold expected outputs — home
   directories, /work-style roots, the judge's cwd, the problem and results files —
   except the paths the interpreter itself needs (of a source checkout, only the
   ``microcoder_eval`` package);
3. a PID namespace with a private /proc, the worker its PID 1 (``enter_pid_namespace``),
   so that every process a candidate started can be killed after it, daemons too.

Each candidate's child also gets an IPC namespace of its own (see spawn.py), so
SysV shared memory it leaves behind dies with it.

Each step degrades on its own: where the kernel refuses one, the report says which
protection is missing and the judge prints a warning.  Nothing here imports anything
heavy: this module runs in every sandbox worker.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

from . import linux

# Never masked, even when a candidate path leads into them: the system itself.
_SYSTEM_DIRS = {
    "/",
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/etc",
    "/proc",
    "/sys",
    "/dev",
    "/run",
    "/boot",
    "/var",
    "/var/lib",
    "/snap",
}
# Places where data, checkouts and caches usually live.
_DEFAULT_HIDE = (
    "/home",
    "/root",
    "/mnt",
    "/media",
    "/srv",
    "/opt",
    "/data",
    "/work",
    "/workspace",
    "/var/tmp",
    "/run/user",
    "/var/lib/docker",
)


@dataclass
class IsolationReport:
    level: str = "none"  # full | partial | none
    features: dict[str, bool] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    work_root: str = ""
    host_visible_work_root: bool = False  # an empty mount point left on the host to remove
    disabled: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {
            "level": self.level,
            "features": self.features,
            "warnings": self.warnings,
            "work_root": self.work_root,
            "host_visible_work_root": self.host_visible_work_root,
        }


def _package_dir() -> str:
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _checkout_dir() -> str | None:
    """The project folder around our package when it runs from a source checkout."""
    parent = os.path.dirname(_package_dir())
    if os.path.basename(parent) in ("site-packages", "dist-packages"):
        return None
    return parent


def _protected_paths() -> list[str]:
    """Paths the interpreter and our own package must keep seeing.

    In a source checkout, our package directory, not the folder that holds it: that
    folder is the project itself, where built datasets and results files may lie.
    (Installed, the folder is a site-packages directory, which stays visible.)
    """
    package = _package_dir()
    checkout = _checkout_dir()
    paths = {sys.prefix, sys.base_prefix, sys.exec_prefix, os.path.dirname(sys.executable), package}
    paths.update(p for p in sys.path if p and os.path.abspath(p) != checkout)
    out = set()
    for p in paths:
        for variant in (os.path.abspath(p), os.path.realpath(p)):
            if os.path.exists(variant):
                out.add(variant.rstrip("/") or "/")
    return sorted(out)


def _hide_candidates(hide: list[str], hide_tmp: bool) -> list[str]:
    """Where expected outputs could lie: expanded by _mask_plan around protected paths.

    ``hide`` comes from the judge and holds its working directory (ours is always /).
    """
    candidates = list(_DEFAULT_HIDE) + [os.path.expanduser("~")] + list(hide)
    checkout = _checkout_dir()
    if checkout is not None:
        candidates.append(checkout)  # all of the project but our package (protected)
    if hide_tmp:
        candidates.append("/tmp")
    return candidates


def _is_ancestor_or_same(path: str, other: str) -> bool:
    return other == path or other.startswith(path.rstrip("/") + "/")


def _mask_plan(candidates: list[str], protected: list[str]) -> list[str]:
    """Expand candidate paths into the list of paths to cover with an empty mount."""
    plan: list[str] = []

    def visit(path: str, depth: int) -> None:
        if depth > 12 or not os.path.lexists(path) or os.path.islink(path):
            return
        if path in _SYSTEM_DIRS and depth == 0:
            return
        if any(p == path for p in protected):
            return
        if any(_is_ancestor_or_same(path, p) for p in protected):
            if os.path.isdir(path):
                try:
                    children = sorted(os.listdir(path))
                except OSError:
                    return
                for child in children:
                    visit(os.path.join(path, child), depth + 1)
            return
        if path not in _SYSTEM_DIRS:
            plan.append(path)

    seen = set()
    for cand in candidates:
        real = os.path.realpath(cand)
        if real in seen or real == "/":
            continue
        seen.add(real)
        visit(real, 0)
    # Drop entries nested inside another masked entry.
    plan = sorted(set(plan))
    pruned: list[str] = []
    for p in plan:
        if not any(_is_ancestor_or_same(q, p) for q in pruned):
            pruned.append(p)
    return pruned


def _write(path: str, text: str) -> None:
    with open(path, "w") as fh:
        fh.write(text)


def _enter_user_namespace(report: IsolationReport) -> bool:
    uid, gid = os.geteuid(), os.getegid()
    try:
        linux.unshare(linux.CLONE_NEWUSER)
        _write("/proc/self/setgroups", "deny")
        _write("/proc/self/uid_map", f"0 {uid} 1")
        _write("/proc/self/gid_map", f"0 {gid} 1")
        return True
    except OSError as exc:
        report.warnings.append(f"no user namespace ({exc.strerror or exc}); relying on real privileges")
        return False


def _mount_masks(paths: list[str], report: IsolationReport) -> int:
    masked = 0
    for path in paths:
        try:
            if os.path.isdir(path):
                linux.mount(
                    "tmpfs", path, "tmpfs", linux.MS_RDONLY | linux.MS_NOSUID | linux.MS_NODEV, "size=4k,mode=755"
                )
            else:
                linux.mount("/dev/null", path, None, linux.MS_BIND)
            masked += 1
        except OSError as exc:
            report.warnings.append(f"could not hide {path}: {exc.strerror or exc}")
    return masked


FEATURES = ("user_ns", "mount_ns", "net_ns", "ipc_ns", "pid_ns")


def enter_sandbox(hide: list[str], work_size_mb: int, disable: tuple[str, ...] = ()) -> IsolationReport:
    """Put the calling (worker) process into its sandbox; return what is in force.

    ``disable`` switches features off on purpose (to test the degraded paths, or where
    an administrator wants it); each one is reported like a kernel refusal.
    """
    report = IsolationReport()
    report.disabled = tuple(disable)
    feats = report.features
    if "user_ns" in disable:
        feats["user_ns"] = False
        report.warnings.append("user namespace disabled by configuration")
    else:
        feats["user_ns"] = _enter_user_namespace(report)

    feats["mount_ns"] = feats["net_ns"] = feats["ipc_ns"] = False
    for name, flag in (("mount_ns", linux.CLONE_NEWNS), ("net_ns", linux.CLONE_NEWNET), ("ipc_ns", linux.CLONE_NEWIPC)):
        if name in disable:
            report.warnings.append(f"{name.replace('_', ' ')} disabled by configuration")
            continue
        try:
            linux.unshare(flag)
            feats[name] = True
        except OSError as exc:
            report.warnings.append(f"no {name.replace('_', ' ')} ({exc.strerror or exc})")

    feats["readonly_root"] = feats["hidden_paths"] = feats["private_tmp"] = False
    work_root = "/tmp"
    if feats["mount_ns"]:
        try:
            linux.mount("none", "/", None, linux.MS_REC | linux.MS_PRIVATE)
            protected = _protected_paths()
            tmp_protected = any(_is_ancestor_or_same("/tmp", p) for p in protected)
            if tmp_protected:
                # The interpreter lives under /tmp (a venv in a temp checkout): mount the
                # work tmpfs on a fresh directory instead, removed by the judge at close.
                import tempfile

                work_root = tempfile.mkdtemp(prefix="microcoder-sandbox-")
                report.host_visible_work_root = True
            plan = _mask_plan(_hide_candidates(hide, hide_tmp=not tmp_protected), protected)
            plan = [p for p in plan if not _is_ancestor_or_same(p, work_root)]
            masked = _mount_masks(plan, report)
            feats["hidden_paths"] = masked > 0 or not plan
            if linux.machine_supports_mount_setattr():
                try:
                    linux.make_tree_readonly("/")
                    feats["readonly_root"] = True
                except OSError as exc:
                    report.warnings.append(f"file tree stays writable ({exc.strerror or exc})")
            else:
                report.warnings.append("kernel < 5.12: file tree stays writable")
            linux.mount(
                "tmpfs", work_root, "tmpfs", linux.MS_NOSUID | linux.MS_NODEV, f"size={work_size_mb}m,mode=1777"
            )
            feats["private_tmp"] = True
            if os.path.isdir("/dev/shm") and work_root != "/dev/shm":
                try:
                    linux.mount("tmpfs", "/dev/shm", "tmpfs", linux.MS_NOSUID | linux.MS_NODEV, "size=64m,mode=1777")
                except OSError as exc:
                    report.warnings.append(f"/dev/shm stays shared ({exc.strerror or exc})")
        except OSError as exc:
            report.warnings.append(f"mount setup failed ({exc.strerror or exc})")
    if not feats["private_tmp"]:
        import tempfile

        work_root = tempfile.mkdtemp(prefix="microcoder-sandbox-")
        report.host_visible_work_root = True
    report.work_root = work_root

    if not feats["net_ns"]:
        report.warnings.append("untrusted code can reach the network")
    if not feats["hidden_paths"] or not feats["readonly_root"]:
        report.warnings.append("untrusted code can read or write files outside its work directory")
    return report


def enter_pid_namespace(report: IsolationReport) -> None:
    """Become PID 1 of a new PID namespace with its own /proc (the caller's parent waits).

    The worker forks here once: the parent only mirrors the child's exit status, the
    child (PID 1) serves the judge.  As PID 1 it cannot be signalled by the candidates
    it forks, ``kill(-1, SIGKILL)`` ends every process they left, and a private /proc
    shows them nothing outside the namespace.  Without a private /proc the PID numbers
    would not match /proc, so the namespace is then given up.
    """
    feats = report.features
    feats["pid_ns"] = feats["private_proc"] = False
    if "pid_ns" in getattr(report, "disabled", ()):
        report.warnings.append(
            "PID namespace disabled by configuration: stray processes are killed by process group only"
        )
        _finish(report)
        return
    try:
        linux.unshare(linux.CLONE_NEWPID)
    except OSError as exc:
        report.warnings.append(
            f"no PID namespace ({exc.strerror or exc}): stray processes are killed by process group only"
        )
        _finish(report)
        return
    holder = os.fork()
    if holder:
        _, status = os.waitpid(holder, 0)
        os._exit(os.waitstatus_to_exitcode(status) & 0xFF)
    linux.prctl(linux.PR_SET_PDEATHSIG, 9)  # die with the worker
    try:
        linux.mount("proc", "/proc", "proc", linux.MS_NOSUID | linux.MS_NODEV | linux.MS_NOEXEC)
        feats["pid_ns"] = feats["private_proc"] = True
    except OSError as exc:
        report.warnings.append(
            f"no private /proc ({exc.strerror or exc}): stray processes are killed by process group only"
        )
    _finish(report)


def _finish(report: IsolationReport) -> None:
    feats = report.features
    if not feats.get("pid_ns"):
        feats["pid_ns"] = False
    key = ("net_ns", "mount_ns", "pid_ns", "readonly_root", "hidden_paths", "private_tmp")
    if all(feats.get(k) for k in key):
        report.level = "full"
    elif any(feats.get(k) for k in key):
        report.level = "partial"
    else:
        report.level = "none"
