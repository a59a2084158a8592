"""Peer side of bench_judge_speed.py: LiveCodeBench's own grader on the same candidates.

Runs in a SEPARATE virtual environment that has ``nvidia-livecodebench`` installed
(never in microcoder's: LCB's ``run_test`` disables ``os.kill`` & co. in whatever
process calls it, so it is only ever reached through LCB's ``codegen_metrics`` /
``check_correctness``, which run every candidate in child processes)::

    /work/lcbpeer-venv/bin/python benchmarks/_lcb_peer.py IN.json OUT.json

IN.json (written by bench_judge_speed.py)::

    {"workers": N, "timeout": SECONDS (int: LCB uses signal.alarm),
     "candidates": [{"input_output": "<LCB sample JSON string>", "code": "<program>"}, ...]}

``input_output`` is exactly what LCB's ``CodeGenerationProblem.get_evaluation_sample()``
builds: ``json.dumps({"inputs": [raw test input strings], "outputs": [raw expected
strings], "fn_name": func_name or None})`` -- functional inputs stay LCB's raw "one JSON
value per line" text, parsed by LCB itself.

OUT.json::

    {"wall_s": seconds spent in codegen_metrics (pool start-up included),
     "import_s": seconds to import LCB's evaluation module,
     "peer": {"package": ..., "version": ..., "function": ...},
     "results": [[per-test codes as LCB returns them], ...],   # True, or -1/-2/-3/-4
     "passed": [bool, ...],                                     # LCB's rule: all(g > 0)
     "error_codes": [LCB metadata error_code or null, ...],
     "execution_s": [LCB's "execution time" of a passing candidate, else null, ...],
     "candidate_wall_s": [wall seconds of check_correctness for each candidate, ...]}

Nothing is printed on stdout that a caller has to parse; LCB's own progress output
(tqdm, "Evaluating N...") goes wherever the caller sends this process's stdout/stderr.
"""

from __future__ import annotations

import json
import sys
import time


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("nvidia-livecodebench")
    except Exception:  # noqa: BLE001 - informational only
        return "unknown"


def _time_each_check(lcb) -> None:
    """Replace ``lcb.check_correctness`` by a wrapper that records its wall time per candidate."""
    # Per-candidate wall time, for finding outliers: codegen_metrics' pool workers (forked
    # from this process) look check_correctness up as a module global, so a timing
    # wrapper placed there sees every candidate.  It changes nothing else: same
    # arguments, same return value, plus one key in the metadata dict.
    original_check = lcb.check_correctness

    def timed_check_correctness(sample, generation, timeout, debug=True):
        t0 = time.perf_counter()
        res, meta = original_check(sample, generation, timeout=timeout, debug=debug)
        meta = dict(meta)
        meta["_bench_wall_s"] = time.perf_counter() - t0
        return res, meta

    lcb.check_correctness = timed_check_correctness


def _per_candidate(results, metadata, count: int) -> dict:
    """OUT.json's per-candidate lists from what ``codegen_metrics`` returned."""
    per_candidate: list[list] = []
    passed: list[bool] = []
    error_codes: list = []
    execution_s: list = []
    candidate_wall_s: list = []
    for index in range(count):
        grades = results[index][0]  # first (only) generation of problem `index`
        clean = [bool(g) if isinstance(g, bool) else int(g) for g in grades]
        per_candidate.append(clean)
        passed.append(bool(clean) and all(g > 0 for g in clean))  # LCB: np.all(gen > 0)
        try:
            meta = json.loads(metadata[index][0])
        except (ValueError, TypeError, IndexError):
            meta = {}
        error_codes.append(meta.get("error_code"))
        execution_s.append(meta.get("execution time"))  # LCB's own timing, passing candidates only
        candidate_wall_s.append(meta.get("_bench_wall_s"))

    return {
        "results": per_candidate,
        "passed": passed,
        "error_codes": error_codes,
        "execution_s": execution_s,
        "candidate_wall_s": candidate_wall_s,
    }


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as fh:
        spec = json.load(fh)
    workers = int(spec["workers"])
    timeout = int(spec["timeout"])
    candidates = spec["candidates"]

    started = time.perf_counter()
    from livecodebench.evaluation import compute_code_generation_metrics as lcb

    import_s = time.perf_counter() - started
    codegen_metrics = lcb.codegen_metrics

    _time_each_check(lcb)

    # One problem "sample" per candidate, one generation each: exactly how LCB's runner
    # calls it for a pass@1 evaluation (samples_list[i] <-> generations_list[i]).
    samples = [{"input_output": c["input_output"]} for c in candidates]
    generations = [[c["code"]] for c in candidates]

    started = time.perf_counter()
    _metrics, results, metadata = codegen_metrics(
        samples,
        generations,
        k_list=[1],
        num_process_evaluate=workers,
        timeout=timeout,
        debug=False,
    )
    wall_s = time.perf_counter() - started

    collected = _per_candidate(results, metadata, len(candidates))

    out = {
        "wall_s": wall_s,
        "import_s": import_s,
        "peer": {
            "package": "nvidia-livecodebench",
            "version": _version(),
            "function": "livecodebench.evaluation.compute_code_generation_metrics.codegen_metrics",
            "workers": workers,
            "timeout": timeout,
        },
        **collected,
    }
    with open(sys.argv[2], "w", encoding="utf-8") as fh:
        json.dump(out, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
