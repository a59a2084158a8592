"""Runs inside the untrusted child: executes the candidate on one test at a time.

The child is a real process with real file descriptors 0/1/2 (files on the worker's
private tmpfs), so ``open(0)``, ``sys.stdin.buffer``, ``os.write(1, …)``, ``quit()``,
``from __future__`` and ``for line in sys.stdin`` behave as under ``python prog.py``.
It never receives an expected output.  Its reports to the supervisor are treated as
untrusted: the supervisor validates them and relies on them only for what the child
could do to itself anyway (its own exit code, its own return value).
"""

from __future__ import annotations

import atexit
import builtins
import errno
import io
import json
import os
import sys
import threading
import traceback
import types
from typing import Any

from . import prelude as prelude_module
from . import protocol

CTL_IN_FD = 3  # supervisor -> child requests
CTL_OUT_FD = 4  # child -> supervisor status lines
_SERIALISE_DEPTH = 10_000


class ReturnValueError(TypeError):
    pass


def _jsonable(value: Any, depth: int = 0) -> Any:
    """Plain data from a return value, read through the base types' own methods.

    Reading through ``int.__int__``/``list.__iter__`` etc. means a subclass that lies
    in ``__eq__``/``__iter__``/``__repr__`` gets serialised as the data it really holds.
    """
    if depth > _SERIALISE_DEPTH:
        raise ReturnValueError("return value nested too deeply")
    if value is None or value is True or value is False:
        return value
    kind = type(value)
    if kind is int or kind is float or kind is str:
        return value
    if isinstance(value, bool):
        return bool.__bool__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, list):
        return [_jsonable(v, depth + 1) for v in list.__iter__(value)]
    if isinstance(value, tuple):
        return [_jsonable(v, depth + 1) for v in tuple.__iter__(value)]
    if isinstance(value, dict):
        return {str(_jsonable(k, depth + 1)): _jsonable(v, depth + 1) for k, v in dict.items(value)}
    if isinstance(value, (set, frozenset)):
        items = [_jsonable(v, depth + 1) for v in value]
        try:
            return sorted(items)
        except TypeError:
            return items
    if isinstance(value, prelude_module.ListNode):
        out, seen = [], 0
        while value is not None and seen < 1_000_000:
            out.append(_jsonable(value.val, depth + 1))
            value, seen = value.next, seen + 1
        return out
    if isinstance(value, prelude_module.TreeNode):
        return _tree_to_list(value, depth)
    # numpy scalars (np.int64 ...) stand for the base value they hold.  A numpy array, or
    # any other object, is not a value LeetCode's serializer accepts for a list/int/str
    # return type: the submission fails there, so it fails here (no tolist() rescue).
    tolist = getattr(value, "tolist", None)
    if callable(tolist) and _is_numpy_scalar(kind):
        return _jsonable(tolist(), depth + 1)
    raise ReturnValueError(
        f"cannot serialise a return value of type {kind.__name__} (LeetCode's serializer rejects it too)"
    )


def _is_numpy_scalar(kind: type) -> bool:
    """np.int64, np.float32, np.bool_ ... (subclasses of numpy.generic), never an ndarray."""
    return any(base.__name__ == "generic" and base.__module__ == "numpy" for base in kind.__mro__)


def _tree_to_list(root: Any, depth: int) -> list:
    out: list = []
    queue = [root]
    i = 0
    while i < len(queue):
        node = queue[i]
        i += 1
        if node is None:
            out.append(None)
            continue
        out.append(_jsonable(node.val, depth + 1))
        queue.append(node.left)
        queue.append(node.right)
    while out and out[-1] is None:
        out.pop()
    return out


def _exit_code(exc: SystemExit) -> int:
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _install_std_streams() -> None:
    """New sys.std* objects over fds 0/1/2, as a fresh interpreter would have."""
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(
        io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8", errors="surrogateescape"
    )
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(1, "w", closefd=False)), encoding="utf-8", errors="surrogateescape"
    )
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(2, "w", closefd=False)),
        encoding="utf-8",
        errors="backslashreplace",
        line_buffering=True,
    )


def _redirect(request: dict) -> None:
    for fd, path, flags in (
        (0, request.get("in", os.devnull), os.O_RDONLY),  # a functional program reads nothing
        (1, request["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
        (2, request["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
    ):
        new = os.open(path, flags, 0o600)
        if new != fd:  # the program may have closed fd 0-2 (open(0) closes it when collected)
            os.dup2(new, fd)
            os.close(new)
    _install_std_streams()


def _join_non_daemon_threads() -> None:
    # What interpreter shutdown does: wait for the program's non-daemon threads
    # (competitive programmers run main() in a big-stack thread).
    main = threading.main_thread()
    for thread in threading.enumerate():
        if thread is not main and not thread.daemon and thread.is_alive():
            thread.join()


def _finish_streams() -> bool:
    """Run the program's atexit hooks and flush its output; False if output overflowed."""
    ok = True
    try:
        atexit._run_exitfuncs()
    except BaseException:  # noqa: BLE001 - the program's own hook failing is its error
        pass
    atexit._clear()
    for stream in {id(s): s for s in (sys.stdout, sys.__stdout__, sys.stderr, sys.__stderr__)}.values():
        try:
            stream.flush()
        except OSError as exc:
            if exc.errno == errno.EFBIG:
                ok = False
        except BaseException:  # noqa: BLE001 - a closed or replaced stream
            pass
    return ok


class _Runner:
    """Runs the candidate's tests one after another in this one process.

    Each stdin test starts from what ``python solution.py`` would give it, as far as the
    program can tell: a fresh ``__main__`` module, new std streams, the original
    builtins, argv, working directory and recursion limit.  A functional program's
    module runs once; its tests start from the state it left (as on LeetCode).  Modules
    the program imported stay imported (as in LiveCodeBench's grader and LeetCode's
    judge, which also run every test in one process).
    """

    def __init__(self, code: Any, mode: str, fn_name: str | None) -> None:
        self.code = code
        self.mode = mode
        self.fn_name = fn_name
        self.module: dict[str, Any] | None = None  # functional: the module, executed once
        self.tests_run = 0
        self.last_module: types.ModuleType | None = None  # the one _fresh_globals made last
        self._take_snapshot(_PRISTINE_BUILTINS)

    def _take_snapshot(self, builtins_copy: dict[str, Any] | None = None) -> None:
        """The interpreter state each test starts from (see _reset_process_state);
        ``builtins_copy``: one the worker made of these same builtins (prepare_first_run)."""
        self.builtins = builtins_copy if builtins_copy is not None else dict(builtins.__dict__)
        self.cwd = os.getcwd()
        self.recursion_limit = sys.getrecursionlimit()

    def _fresh_globals(self, name: str) -> dict[str, Any]:
        # A real module in sys.modules: pickle, dataclasses and typing.get_type_hints
        # look the program's names up there.
        module = _FIRST_RUN_MODULES.pop(name, None) or _new_module(name)
        self.last_module = module
        sys.modules[name] = module
        g = module.__dict__
        g.update(stdin=sys.stdin, stdout=sys.stdout, stderr=sys.stderr)
        return g

    def _reset_process_state(self) -> None:
        """Undo what an earlier test may have changed in the interpreter itself."""
        if self.tests_run:  # before the first, the builtins are the snapshot's (a fresh fork)
            # Restored wholesale (comparing values could call a planted object's __eq__),
            # never left empty in between (a daemon thread may still be running).
            current = builtins.__dict__
            for name in [name for name in current if name not in self.builtins]:
                del current[name]
            current.update(self.builtins)
        self.tests_run += 1
        sys.argv = ["solution.py"]  # as under `python solution.py`, not the worker's
        sys.setrecursionlimit(self.recursion_limit)
        try:
            os.chdir(self.cwd)
        except OSError:
            pass  # the program removed it: its own relative paths fail, as they would

    def run(self, request: dict) -> dict:
        self._reset_process_state()
        _redirect(request)
        status: dict[str, Any] = {"exit": 0, "exc": None}
        try:
            if self.mode == "stdin":
                exec(self.code, self._fresh_globals("__main__"))
            else:
                status["res"] = self._run_functional(request)
        except SystemExit as exc:
            status["exit"] = _exit_code(exc)
            if self.mode == "functional" and status["exit"] == 0:
                status["exit"], status["exc"] = 1, "SystemExit"
        except BaseException as exc:  # noqa: BLE001 - any failure of the program is its verdict
            status["exit"], status["exc"] = 1, type(exc).__name__
            try:
                traceback.print_exc()
            except BaseException:  # noqa: BLE001
                pass
        _join_non_daemon_threads()
        if not _finish_streams():
            status["output_limit"] = True
        if self.mode == "stdin":
            self._release_module()  # after the atexit hooks, which may still need it
        return status

    def _release_module(self) -> None:
        """Empty a stdin test's module once the test is over, as interpreter shutdown would
        after the atexit hooks: the cycles through its functions' __globals__ would keep what
        the test left there until a collection, counting against the next test's memory
        limit, and the first test's module (made in the worker, frozen by the child's
        gc.freeze()) would never be collected.  A daemon thread of the test still running
        may still need it: then it is left alone."""
        module, self.last_module = self.last_module, None
        if module is not None and threading.active_count() == 1:
            module.__dict__.clear()

    def _run_functional(self, request: dict) -> str | None:
        """Call the target on the test's arguments; its JSON return value when small
        enough to ride on the status line, else None (then it is in the ``res`` file)."""
        if self.module is None:
            self.module = self._fresh_globals("solution")
            exec(self.code, self.module)
            # The module runs once for all tests: what its top level set up (a higher
            # recursion limit, names put in builtins) is the state every test starts from.
            self._take_snapshot()
        inline = request.get("inline_args")
        if inline is not None:
            arguments = json.loads(inline)
        else:
            with open(request["args"], encoding="utf-8") as fh:
                arguments = json.load(fh)
        target = self._target()
        if isinstance(arguments, dict):
            value = target(**arguments)
        elif isinstance(arguments, list):
            value = target(*arguments)
        else:
            value = target(arguments)
        text = json.dumps(_jsonable(value), allow_nan=True)
        if len(text) <= protocol.INLINE_MAX_CHARS:
            return text
        with open(request["res"], "w", encoding="utf-8") as fh:
            fh.write(text)
        return None

    def _target(self):
        assert self.module is not None
        solution_class = self.module.get("Solution")
        if isinstance(solution_class, type) and hasattr(solution_class, self.fn_name):
            return getattr(solution_class(), self.fn_name)  # a fresh Solution() per test
        function = self.module.get(self.fn_name)
        if callable(function):
            return function
        raise NameError(f"no function or Solution method named {self.fn_name!r}")


def _new_module(name: str) -> types.ModuleType:
    """A module whose namespace is what a program starts with: the prelude's names."""
    module = types.ModuleType(name)
    g = module.__dict__
    g.update(prelude_module.build())
    g.update(__name__=name, __builtins__=builtins, __file__="solution.py", __doc__=None)
    return module


# Made in the worker before any fork (prepare_first_run), used by a child's first run.
# Filling a namespace in the child would write to the reference count of every prelude
# object: a copy-on-write page fault for each page they lie on (~150 per child, a fifth of
# the child's start-up).  The child takes these, already filled, and writes only to them.
_FIRST_RUN_MODULES: dict[str, types.ModuleType] = {}
_PRISTINE_BUILTINS: dict[str, Any] | None = None


def prepare_first_run() -> None:
    """In the worker, once, after the prelude is imported: the namespaces and the builtins
    snapshot every child starts from."""
    global _PRISTINE_BUILTINS
    for name in ("__main__", "solution"):
        _FIRST_RUN_MODULES[name] = _new_module(name)
    _PRISTINE_BUILTINS = dict(builtins.__dict__)


def serve(code: Any, mode: str, fn_name: str | None) -> None:
    """Child main loop: one JSON line in per test, one status line out."""
    atexit._clear()  # the worker's own exit hooks are not the program's
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)  # judges print big integers in full
    runner = _Runner(code, mode, fn_name)
    ctl_in = os.fdopen(CTL_IN_FD, "rb", buffering=0)
    pending = b""
    while True:
        while b"\n" not in pending:
            chunk = ctl_in.read(65536)
            if not chunk:
                os._exit(0)
            pending += chunk
        line, pending = pending.split(b"\n", 1)
        status = runner.run(protocol.parse_request(line))
        os.write(CTL_OUT_FD, protocol.status_line(status))
