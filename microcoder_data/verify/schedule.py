"""Verify's scheduling: the stage in checkpointed shards, on one judge kept across them
(in-process, ``shards_in_flight`` shards at a time on threads) or one task per shard (Ray).
A shard is saved as soon as it is done, so a resumed build redoes only the others."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import pyarrow as pa
from tqdm import tqdm

from microcoder_data.config import PipelineConfig
from microcoder_data.pipeline.checkpoint import Checkpoints
from microcoder_data.pipeline.executors import Executor
from microcoder_data.pipeline.interrupt import check_stop, stop_requested
from microcoder_data.pipeline.rows import (
    PROBLEM_SCHEMA,
    REJECT_SCHEMA,
    concat,
    rejects_table,
    rows_to_problems,
    split_table,
)
from microcoder_data.pipeline.stages import split_output
from microcoder_data.settings.verify import VerifyConfig
from microcoder_data.verify.step import VerifyStep
from microcoder_data.verify.time_limits import make_limits


def _verify_shard(step: Any, shard: pa.Table, judge: Any = None) -> tuple[pa.Table, list[dict[str, Any]]]:
    """One Verify shard; in-process the runner passes its open ``judge`` (kept across
    shards), a distributed worker starts its own."""
    problems, rejects = rows_to_problems(shard.to_pylist(), "verify")
    items = step.run(problems) if judge is None else step.run_with(problems, judge)
    return split_output(items, "verify", rejects)


def _verify_local(
    step: Any, vcfg: VerifyConfig, shards: list[pa.Table], pending: list[int], d: Path, progress: bool
) -> None:
    """The pending shards on one judge, ``shards_in_flight`` at a time: while one shard waits
    for its slowest reference or ends a phase, the next one's candidates keep the workers busy.
    Each shard is saved as soon as it is done.  On an error or a stop request (a first Ctrl-C)
    no further shard starts and the ones in flight finish and are saved -- unless the judge had
    to be closed under them: their results are then not trusted, and not saved."""
    from microcoder_eval.judge import Judge

    stopping, judge_closed = threading.Event(), threading.Event()

    def verify_and_save(i: int) -> int | None:
        if stopping.is_set() or stop_requested():
            return None
        try:
            kept, rejs = _verify_shard(step, shards[i], judge)
        except BaseException:
            stopping.set()  # before this thread can take another shard
            raise
        if judge_closed.is_set():
            return None
        Checkpoints.save_shard(d, i, kept, rejects_table(rejs))
        return i

    bar = tqdm(
        total=sum(shards[i].num_rows for i in pending),
        desc="verify",
        unit="problem",
        disable=not progress,
        leave=False,
        file=sys.stderr,
    )
    bar_lock = threading.Lock()

    def judged() -> None:  # per problem, from the shards' threads: the bar moves within a shard
        with bar_lock:
            bar.update(1)

    step.on_judged = judged
    judge = Judge(workers=step.workers, limits=make_limits(vcfg))
    pool = ThreadPoolExecutor(max_workers=max(1, vcfg.shards_in_flight), thread_name_prefix="verify-shard")
    try:
        for done in as_completed([pool.submit(verify_and_save, i) for i in pending]):
            done.result()
    finally:
        stopping.set()
        try:
            pool.shutdown(wait=True, cancel_futures=True)
        finally:
            judge_closed.set()
            judge.close()
            bar.close()


def verify_stage(
    table: pa.Table, cfg: PipelineConfig, executor: Executor, ckpt: Checkpoints, key: str, *, progress: bool = True
) -> tuple[pa.Table, pa.Table, int]:
    """Verify in checkpointed shards.  Local: one judge over all cores, ``shards_in_flight``
    shards at a time (``_verify_local``).  Ray: one task per shard, each with a one-worker judge."""
    vcfg = cfg.verify
    shards = split_table(table, vcfg.shard_size)
    d = ckpt.shard_dir("verify", key)
    pending = [i for i in range(len(shards)) if not Checkpoints.shard_done(d, i)]
    resumed = len(shards) - len(pending)
    if pending:
        if executor.distributes:
            step = VerifyStep(vcfg, workers=1)
            results = executor.map(_verify_shard, [shards[i] for i in pending], context=step, desc="verify")
            for i, (kept, rejs) in zip(pending, results):
                Checkpoints.save_shard(d, i, kept, rejects_table(rejs))
                if stop_requested():
                    break
        else:
            _verify_local(
                VerifyStep(vcfg, workers=vcfg.workers or executor.workers), vcfg, shards, pending, d, progress
            )
        check_stop()  # the shards done so far are saved; a resumed build does the rest
    kept_parts, rej_parts = [], []
    for i in range(len(shards)):
        k, r = Checkpoints.load_shard(d, i)
        kept_parts.append(k)
        rej_parts.append(r)
    return concat(kept_parts, PROBLEM_SCHEMA), concat(rej_parts, REJECT_SCHEMA), resumed
