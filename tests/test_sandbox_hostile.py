"""Hostile solutions: none is accepted, the judge survives, nothing is left behind.

Every expected output here is a fresh random token, so the only places it exists are
the judge's memory and the planted problem file: a solution that prints it must have
stolen it.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import uuid

import pytest

from microcoder_eval.judge import Judge
from microcoder_eval.types import JudgeTask, Limits, TestCase, Verdict
from microcoder_testing.supervised import run_one_test

SECRET_ENV = "MICROCODER_TEST_SECRET"


def _token() -> str:
    return "tok" + uuid.uuid4().hex


def _scan_processes(marker: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as fh:
                    if marker.encode() in fh.read():
                        found.append(int(entry))
            except OSError:
                pass
    return found


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    """A problem whose expected output is secret and also written to a file on disk."""
    secret = _token()
    problem_dir = tmp_path_factory.mktemp("problems")
    problem_file = problem_dir / "problems.jsonl"
    problem_file.write_text(json.dumps({"input": "", "output": secret}) + "\n")
    os.environ[SECRET_ENV] = secret
    yield secret, str(problem_file)
    os.environ.pop(SECRET_ENV, None)


@pytest.fixture(scope="module")
def judge(planted):
    _, problem_file = planted
    limits = Limits(time_limit_s=1.0, memory_limit_mb=512, output_limit_mb=8)
    with Judge(workers=2, limits=limits, hide=[problem_file]) as j:
        yield j


def _task(secret: str) -> JudgeTask:
    return JudgeTask("stdin", (TestCase("", secret + "\n"),))


def _assert_healthy(judge):
    ok = judge.judge(JudgeTask("stdin", (TestCase("2\n", "4\n"),)), "print(int(input())*2)")
    assert ok.verdict is Verdict.ACCEPTED, ok.to_dict()


HOSTILE = {
    "fork_bomb": "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass",
    "memory_bomb": "chunks=[]\nwhile True:\n    chunks.append(bytearray(64*1024*1024))",
    "c_level_loop": "import itertools\nfor _ in itertools.repeat(None): pass",
    "regex_catastrophe": "import re\nre.match(r'(a+)+$', 'a'*64+'b')",
    "sigalrm_ignored": "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\nsignal.alarm(0)\nwhile True: pass",
    "sigalrm_caught": "import signal\ndef h(*a):\n    signal.alarm(100)\nsignal.signal(signal.SIGALRM, h)\nwhile True: pass",
    "two_gb_output": "import sys\nchunk='x'*(1<<20)\nfor _ in range(2048): sys.stdout.write(chunk)",
    "env_secrets": "import os\nprint(os.environ.get('" + SECRET_ENV + "', 'none'))",
    "proc_environ": "import os\nfor p in os.listdir('/proc'):\n    try:\n        d=open(f'/proc/{p}/environ','rb').read()\n"
    "    except OSError:\n        continue\n    for kv in d.split(b'\\0'):\n"
    "        if kv.startswith(b'" + SECRET_ENV + "='):\n            print(kv.split(b'=',1)[1].decode())\n",
    "proc_mem_snoop": "import os,re\nfor p in os.listdir('/proc'):\n    if not p.isdigit(): continue\n    try:\n"
    "        maps=open(f'/proc/{p}/maps').read().splitlines()\n        mem=open(f'/proc/{p}/mem','rb')\n"
    "    except OSError:\n        continue\n    for line in maps:\n        a,b=(int(x,16) for x in line.split()[0].split('-'))\n"
    "        try:\n            mem.seek(a); data=mem.read(min(b-a, 1<<24))\n        except (OSError, ValueError, OverflowError):\n"
    "            continue\n        m=re.search(rb'tok[0-9a-f]{32}', data)\n        if m:\n            print(m.group().decode()); raise SystemExit\n",
    "frame_walking": "import sys,gc,re\nf=sys._getframe()\nwhile f:\n    for v in list(f.f_locals.values())+list(f.f_globals.values()):\n"
    "        s=repr(v)\n        m=re.search(r'tok[0-9a-f]{32}', s)\n        if m: print(m.group()); raise SystemExit\n"
    "    f=f.f_back\nfor o in gc.get_objects():\n    if isinstance(o,str) and re.fullmatch(r'tok[0-9a-f]{32}\\n?', o):\n"
    "        print(o.strip()); raise SystemExit\n",
    "filesystem_search": "import os,re\nfor root in ('/tmp','/work','/home','/root','/var/tmp','/dev/shm',os.path.expanduser('~')):\n"
    "    for d,_,files in os.walk(root):\n        for f in files:\n            try:\n"
    "                t=open(os.path.join(d,f),'rb').read(1<<20)\n            except OSError:\n                continue\n"
    '            m=re.search(rb\'"output": "(tok[0-9a-f]{32})"\', t)\n            if m:\n'
    "                print(m.group(1).decode()); raise SystemExit\n",
    "kill_parent_and_group": "import os,signal\nfor target in (lambda: os.kill(os.getppid(), 9), lambda: os.killpg(os.getpgid(0), 9),\n"
    "               lambda: os.kill(-1, 9)):\n    try:\n        target()\n    except OSError:\n        pass\n"
    "for p in os.listdir('/proc'):\n    if p.isdigit() and int(p) != os.getpid():\n        try:\n"
    "            os.kill(int(p), 9)\n        except OSError:\n            pass\nprint('survived')",
    "exit_status_trick": "import sys\nprint('wrong')\nsys.stdout.flush()\nsys.exit(1)",
    # Never returns to the bytecode loop, so no signal handler (SIGALRM) ever runs.
    "c_level_infinite_iterator": "import collections,itertools\ncollections.deque(itertools.count(), maxlen=0)",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_solution_is_rejected_and_judge_survives(judge, planted, name):
    secret, _ = planted
    result = judge.judge(_task(secret), HOSTILE[name])
    assert result.verdict is not Verdict.ACCEPTED, (name, result.to_dict())
    _assert_healthy(judge)


def test_expected_verdicts_for_resource_attacks(judge, planted):
    secret, _ = planted
    task = _task(secret)
    assert judge.judge(task, HOSTILE["two_gb_output"]).verdict is Verdict.OUTPUT_LIMIT
    for name in ("c_level_loop", "c_level_infinite_iterator", "sigalrm_ignored", "sigalrm_caught", "regex_catastrophe"):
        assert judge.judge(task, HOSTILE[name]).verdict is Verdict.TIME_LIMIT, name
    assert judge.judge(task, HOSTILE["exit_status_trick"]).verdict is Verdict.RUNTIME_ERROR


def test_a_memory_bomb_is_judged_memory_limit_however_loaded_the_host(planted):
    # Filling 450 MB costs 0.36 s of CPU on a quiet host and up to 1.9 s beside other
    # processes' memory traffic (first-touch page faults): under the fixture's 1 s limit
    # which limit came first depended on the load.  The verdict names the limit the program
    # crosses; with time to spare it must cross memory, on any host.
    secret, _ = planted
    with Judge(workers=1, limits=Limits(time_limit_s=10.0, memory_limit_mb=512, output_limit_mb=8)) as judge:
        for _ in range(3):
            assert judge.judge(_task(secret), HOSTILE["memory_bomb"]).verdict is Verdict.MEMORY_LIMIT


def test_a_run_that_ends_for_memory_past_the_time_limit_is_memory_limit():
    """Both limits crossed, the run ended by its MemoryError: memory, not time (the time it
    took to get there is partly the host's).  The near-limit grace (here always on) lets
    the run end on its own past the time limit, as a late poll or a busy host does."""
    code = (
        "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.45: pass\n"
        "hold = bytearray(1 << 30)\nprint(1)"
    )
    result = run_one_test(code, time_limit_s=0.3, wall_limit_s=20.0, near_limit_margin=2.0, near_limit_min_wait=0.0)
    assert result["cpu_s"] > 0.3, result  # it did pass the time limit
    assert result["status"] == "memory_limit" and result["exc"] == "MemoryError", result
    assert "near_limit" not in result  # not a time-out, so not re-run as one


def test_network_is_unreachable(judge):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.2)
    port = server.getsockname()[1]
    connected = []

    def accept():
        try:
            conn, _ = server.accept()
            connected.append(True)
            conn.close()
        except OSError:
            pass

    thread = threading.Thread(target=accept)
    thread.start()
    code = f"import socket\ns=socket.create_connection(('127.0.0.1',{port}),timeout=0.5)\nprint('connected')\n"
    task = JudgeTask("stdin", (TestCase("", "connected\n"),))
    result = judge.judge(task, code)
    thread.join()
    server.close()
    assert result.verdict is Verdict.RUNTIME_ERROR
    assert not connected
    if judge.isolation["features"].get("net_ns"):
        assert "unreachable" in (result.detail or "").lower() or "Errno" in (result.detail or "")


def test_writes_outside_work_dir_do_not_reach_the_host(judge, tmp_path):
    marker = _token()
    targets = [
        f"/tmp/{marker}",
        str(tmp_path / marker),
        os.path.expanduser(f"~/{marker}"),
        os.path.join(os.getcwd(), marker),
    ]
    code = (
        "import os\nfor t in %r:\n    try:\n        open(t,'w').write('x')\n    except OSError:\n        pass\nprint('done')"
        % (targets,)
    )
    result = judge.judge(JudgeTask("stdin", (TestCase("", "done\n"),)), code)
    if judge.isolation["features"].get("readonly_root") and judge.isolation["features"].get("private_tmp"):
        assert not any(os.path.exists(t) for t in targets)
    assert result.verdict is Verdict.ACCEPTED  # the program itself is fine; its writes went nowhere


def test_orphan_daemons_do_not_survive(judge):
    marker = f"{uuid.uuid4().int % 10**6}.{uuid.uuid4().int % 1000}"
    code = (
        "import os\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        f"        os.execv('/bin/sleep', ['sleep', '{marker}'])\n"
        "    os._exit(0)\n"
        "print('ok')\n"
    )
    result = judge.judge(JudgeTask("stdin", (TestCase("", "ok\n"),)), code)
    assert result.verdict is Verdict.ACCEPTED
    if judge.isolation["features"].get("pid_ns"):
        assert _scan_processes(f"sleep\0{marker}") == []


def test_nothing_left_behind_after_hostile_suite(planted):
    secret, problem_file = planted
    before_fds = len(os.listdir("/proc/self/fd"))
    preexisting = set(_scan_processes("microcoder_eval.sandbox.worker"))
    with Judge(
        workers=2, limits=Limits(time_limit_s=0.5, memory_limit_mb=512, output_limit_mb=4), hide=[problem_file]
    ) as judge:
        results = list(judge.judge_many([(_task(secret), HOSTILE[name]) for name in sorted(HOSTILE)]))
        assert not any(r.passed for r in results)
        worker_pids = _scan_processes("microcoder_eval.sandbox.worker")
        # Only the two workers (the supervisor/child of each finished candidate are gone).
        own = [pid for pid in worker_pids if _ppid(pid) == os.getpid() and pid not in preexisting]
        assert len(own) == 2
    assert len(os.listdir("/proc/self/fd")) == before_fds
    assert not [pid for pid in own if os.path.exists(f"/proc/{pid}")]


def _ppid(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return int(fh.read().rsplit(")", 1)[1].split()[1])
    except OSError:
        return -1


def test_child_sees_no_process_outside_its_namespace(judge):
    if not judge.isolation["features"].get("private_proc"):
        pytest.skip("no private /proc on this kernel")
    code = "import os\nprint(sorted(int(p) for p in os.listdir('/proc') if p.isdigit()))"
    result = judge.judge(JudgeTask("stdin", (TestCase("", "?\n"),)), code, keep_outputs=True)
    visible = json.loads(result.tests[0].actual)
    assert 1 in visible and len(visible) <= 3  # the worker (PID 1), the child, nothing else
    assert os.getpid() not in visible or os.getpid() <= 3


def test_every_child_holds_no_capability_and_sees_only_its_own_environment(judge):
    """The worker empties the bounding set and sets the environment once for all its
    children; each child clears its own capabilities.  Checked on several candidates per
    worker (the first and later forks), each after a candidate changed its own environment
    (a fork of the worker, not of that candidate, must not see it)."""
    code = (
        "import os\n"
        "caps = {l.split(':')[0]: l.split()[1] for l in open('/proc/self/status') if l.startswith(('Cap', 'NoNewPrivs'))}\n"
        "print(repr((sorted(caps.items()), sorted(os.environ.items()))))\n"
        "os.environ['LEAK'] = 'x'\n"
        "os.putenv('LEAK2', 'y')\n"
    )
    tasks = [JudgeTask("stdin", (TestCase("", "?\n"),)) for _ in range(6)]
    results = list(judge.judge_many([(t, code) for t in tasks], keep_outputs=True, stop_on_failure=False))
    seen = set()
    for r in results:
        caps, env = eval(r.tests[0].actual)  # noqa: S307 - our own test's repr output
        env = dict(env)
        assert env["HOME"] == env["TMPDIR"], env
        # each worker has a work root of its own when the interpreter lives under /tmp (see
        # isolation.py): its path aside, every candidate, on either worker, starts the same
        seen.add(repr((caps, sorted({**env, "HOME": "<work>", "TMPDIR": "<work>"}.items()))))
    assert len(seen) == 1, seen
    caps, env = eval(seen.pop())  # noqa: S307
    caps = dict(caps)
    zero = "0000000000000000"
    assert caps["CapInh"] == caps["CapPrm"] == caps["CapEff"] == caps["CapBnd"] == caps["CapAmb"] == zero, caps
    assert caps["NoNewPrivs"] == "1"
    env = dict(env)
    assert sorted(env) == ["HOME", "LANG", "PATH", "PYTHONIOENCODING", "TMPDIR"], env
    assert env["LANG"] == "C.UTF-8"


def _single_worker_judge() -> Judge:
    return Judge(workers=1, limits=Limits(time_limit_s=2.0, memory_limit_mb=512, output_limit_mb=8))


def test_traps_in_the_work_dir_neither_hang_nor_redirect_the_worker():
    # The candidate turns its output files into FIFOs (a blocking open for reading would
    # hang the worker) and plants a symlink where the next test's input will be written
    # (writing through it would put data wherever the candidate points).
    code = (
        "import os\n"
        "n = int([f for f in os.listdir('.') if f.endswith('.in')][0][1:-3])\n"
        "if os.path.lexists('victim'):\n"
        "    print('leaked')\n"
        "os.symlink('victim', f't{n + 1}.in')\n"
        "for ext in ('.out', '.err'):\n"
        "    os.unlink(f't{n}{ext}')\n"
        "    os.mkfifo(f't{n}{ext}')\n"
    )
    task = JudgeTask("stdin", (TestCase("a\n", "a\n"), TestCase("b\n", "b\n"), TestCase("c\n", "c\n")))
    with _single_worker_judge() as judge:
        worker = judge._all[0]
        result = judge.judge(task, code, stop_on_failure=False, keep_outputs=True)
        assert [t.verdict for t in result.tests] == [Verdict.WRONG_ANSWER] * 3, result.to_dict()
        assert not any(t.actual for t in result.tests)
        assert judge._all == [worker], "the worker hung and was replaced"
        _assert_healthy(judge)


def test_a_child_that_ends_between_tests_is_a_runtime_error_not_a_lost_worker():
    # Closing its control pipe ends the child after its (correct) answer to test 1; the
    # supervisor then writes the next request into a pipe nobody reads.
    code = "a,b=map(int,input().split())\nprint(a+b)\nimport os\nos.close(3)"
    task = JudgeTask("stdin", (TestCase("1 2\n", "3\n"), TestCase("3 4\n", "7\n")))
    with _single_worker_judge() as judge:
        worker = judge._all[0]
        result = judge.judge(task, code, stop_on_failure=False)
        assert [t.verdict for t in result.tests] == [Verdict.ACCEPTED, Verdict.RUNTIME_ERROR], result.to_dict()
        assert "sandbox worker failed" not in (result.detail or "")
        assert judge._all == [worker]
        _assert_healthy(judge)


def test_a_child_that_closes_its_status_pipe_and_runs_on_still_meets_the_time_limit():
    # Its status pipe closed, the child looks as if it were exiting: the supervisor must
    # keep enforcing the limits until it really has gone, not wait on it unbounded (which
    # ended as an infrastructure error after minutes, and held a worker meanwhile).
    code = "import os\nos.close(4)\nwhile True:\n    pass"
    task = JudgeTask("stdin", (TestCase("1\n", "1\n"),))
    with _single_worker_judge() as judge:
        worker = judge._all[0]
        result = judge.judge(task, code)
        assert result.verdict is Verdict.TIME_LIMIT, result.to_dict()
        assert judge._all == [worker]
        _assert_healthy(judge)


def test_memory_limit_holds_for_all_of_a_candidates_processes_together():
    # Each process stays under the per-process limit (512 MiB); five of them together
    # hold 1.5 GiB, as private memory or in shared anonymous mappings (which the kernel
    # does not count as "anonymous").  A candidate that forks a few small helpers is
    # not penalised.
    def five_holders(fill: str) -> str:
        return (
            "import mmap,os,time\nfor _ in range(5):\n    if os.fork() == 0:\n"
            + "".join(f"        {line}\n" for line in fill.splitlines())
            + "        time.sleep(30)\n        os._exit(0)\ntime.sleep(30)"
        )

    bomb = five_holders("b = b'x' * (300 << 20)")
    shared_bomb = five_holders(
        "m = mmap.mmap(-1, 300 << 20)\nchunk = b'x' * (1 << 20)\nfor _ in range(300):\n    m.write(chunk)"
    )
    helpers = (
        "import os,time\npids=[]\nfor _ in range(3):\n    pid=os.fork()\n    if pid == 0:\n"
        "        time.sleep(0.4)\n        os._exit(0)\n    pids.append(pid)\nfor p in pids:\n"
        "    os.waitpid(p, 0)\nprint(int(input())*2)"
    )
    task = JudgeTask("stdin", (TestCase("2\n", "4\n"),))
    with Judge(workers=1, limits=Limits(time_limit_s=5.0, memory_limit_mb=512, output_limit_mb=8)) as judge:
        if not judge.isolation["features"].get("pid_ns"):
            pytest.skip("needs a PID namespace to see the candidate's processes")
        for code in (bomb, shared_bomb):
            result = judge.judge(task, code)
            assert result.verdict is Verdict.MEMORY_LIMIT, result.to_dict()
            assert result.tests[0].time_s < 5.0
        assert judge.judge(task, helpers).verdict is Verdict.ACCEPTED
        _assert_healthy(judge)


def test_a_helper_started_on_a_later_test_still_counts():
    # While the child has started nothing since its first test, the supervisor skips its
    # scan of /proc; a helper forked on test 3 (300 MiB, then waiting) must still be seen,
    # so the 300 MiB the child takes on test 4 puts the two over the 512 MiB limit.
    code = (
        "import os,time\n"
        "def hold():\n"
        "    b = bytearray(300 << 20)\n"
        "    for i in range(0, len(b), 4096): b[i] = 1\n"
        "    return b\n"
        "n = int(input())\n"
        "if n == 3 and os.fork() == 0:\n"
        "    b = hold(); time.sleep(30); os._exit(0)\n"
        "if n == 4:\n"
        "    b = hold(); time.sleep(0.8)\n"
        "print(n)"
    )
    task = JudgeTask("stdin", tuple(TestCase(f"{n}\n", f"{n}\n") for n in range(1, 6)))
    with Judge(workers=1, limits=Limits(time_limit_s=3.0, memory_limit_mb=512, output_limit_mb=8)) as judge:
        if not judge.isolation["features"].get("pid_ns"):
            pytest.skip("needs a PID namespace to see the candidate's processes")
        result = judge.judge(task, code, split=False)
        assert result.verdict is Verdict.MEMORY_LIMIT, result.to_dict()
        assert result.tests_passed == 3
        _assert_healthy(judge)


def test_sysv_shared_memory_does_not_outlive_its_candidate():
    # A SysV segment is counted by no rlimit and survives its creator: one candidate
    # could leave memory behind for the whole run.  Every candidate must find none.
    code = (
        "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
        "print(len(open('/proc/sysvipc/shm').read().splitlines()) - 1)\n"
        "for _ in range(4):\n    libc.shmget(0, 64 << 20, 0o1600)\n"
    )
    task = JudgeTask("stdin", (TestCase("", "0\n"),))
    with _single_worker_judge() as judge:
        if not judge.isolation["features"].get("ipc_ns"):
            pytest.skip("no IPC namespace on this kernel")
        for _ in range(3):
            result = judge.judge(task, code)
            assert result.verdict is Verdict.ACCEPTED, result.to_dict()


def _plant_secret(folder: str) -> str:
    path = os.path.join(folder, "expected.txt")
    with open(path, "w") as fh:
        fh.write(_token())
    return path


def _assert_hidden_from_candidates(paths: list[str]) -> None:
    """A candidate that knows each path exactly still cannot read it."""
    code = (
        "for p in " + repr(paths) + ":\n    try:\n        print(open(p).read())\n"
        "    except OSError:\n        print('hidden')\n"
    )
    with _single_worker_judge() as judge:
        if not judge.isolation["features"].get("hidden_paths"):
            pytest.skip("no mount namespace to hide paths")
        expected = "hidden\n" * len(paths)
        result = judge.judge(JudgeTask("stdin", (TestCase("", expected),)), code, keep_outputs=True)
        assert result.verdict is Verdict.ACCEPTED, result.to_dict()
        # The judge itself still runs (its package stays visible to the worker).
        _assert_healthy(judge)


def test_the_checkout_and_the_judges_cwd_are_hidden(monkeypatch):
    # With a source checkout the package's parent folder is the project, where built
    # datasets and results may lie; the judge's working directory likewise.
    import shutil

    import microcoder_eval

    checkout = os.path.dirname(os.path.dirname(os.path.abspath(microcoder_eval.__file__)))
    folders = []
    try:
        for kind in ("data", "cwd"):
            folders.append(os.path.join(checkout, f".judge-test-{kind}-{uuid.uuid4().hex[:8]}"))
            os.makedirs(folders[-1])
        secrets = [_plant_secret(folder) for folder in folders]
        monkeypatch.chdir(folders[1])
        _assert_hidden_from_candidates(secrets)
    finally:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("layout", ["checkout", "installed"])
def test_protected_paths_keep_the_package_but_not_the_project_around_it(tmp_path, monkeypatch, layout):
    from microcoder_eval.sandbox import isolation

    parent = tmp_path / ("project" if layout == "checkout" else "site-packages")
    package = parent / "microcoder_eval"
    (package / "sandbox").mkdir(parents=True)
    monkeypatch.setattr(isolation, "__file__", str(package / "sandbox" / "isolation.py"))
    monkeypatch.syspath_prepend(str(parent))
    protected = isolation._protected_paths()
    assert str(package) in protected
    # A checkout's folder holds the project's data; a site-packages folder holds the
    # libraries solutions import (sortedcontainers, numpy).
    assert (str(parent) in protected) is (layout == "installed")


def test_hide_candidates_cover_the_checkout_and_the_cwd(monkeypatch, tmp_path):
    from microcoder_eval.sandbox import isolation

    # The judge sends its working directory with the paths to hide (the worker's is /).
    monkeypatch.chdir(tmp_path)
    with Judge(workers=1) as judge:
        assert str(tmp_path) in judge._hide
    candidates = isolation._hide_candidates(["/x/problems.jsonl", str(tmp_path)], hide_tmp=True)
    assert str(tmp_path) in candidates and "/x/problems.jsonl" in candidates and "/tmp" in candidates
    checkout = isolation._checkout_dir()
    if checkout is not None:  # running from a source checkout, as in CI
        assert checkout in candidates


def test_the_judges_cwd_is_hidden_wherever_it_is(monkeypatch):
    # A working directory outside every default-hidden root and outside the checkout.
    import shutil
    import tempfile

    base = next((d for d in ("/var/cache", "/run") if os.path.isdir(d) and os.access(d, os.W_OK)), None)
    if base is None:
        pytest.skip("no writable directory outside the default-hidden roots")
    folder = tempfile.mkdtemp(prefix="microcoder-judge-cwd-", dir=base)
    try:
        secret = _plant_secret(folder)
        monkeypatch.chdir(folder)
        _assert_hidden_from_candidates([secret])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
