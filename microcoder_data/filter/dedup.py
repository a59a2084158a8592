"""Duplicate removal: exact (normalised-statement hash) first, then MinHash LSH.

Both are global steps.  Problems are visited in a fixed preference order -- more tests
first, then with reference solutions, then more references, then id -- and a problem is
a duplicate when an already kept one matches it, so which copy survives does not depend
on input order or sharding.  (Greedy clustering: a chain A~B~C where C is far from A
keeps A and C.)  Keys / signatures are computed in parallel on the executor from the
``statement`` column alone; the decision runs on the driver over plain columns (no
Problem objects: 100k rows stay cheap).
"""

from __future__ import annotations

import hashlib
from typing import Any, Iterator, Mapping, Sequence

import numpy as np

from microcoder_data.filter.minhash import MinHasher, jaccard, lsh_threshold, make_lsh, token_hashes_many
from microcoder_data.pipeline.step import GlobalStep, StepOutput
from microcoder_data.schema import Problem
from microcoder_data.settings.filter import DedupConfig


def preference_order(ids: Sequence[str], num_tests: Sequence[int], num_refs: Sequence[int]) -> list[int]:
    return sorted(range(len(ids)), key=lambda i: (-num_tests[i], -min(1, num_refs[i]), -num_refs[i], ids[i]))


def _columns_of(problems: list[Problem]) -> dict[str, list]:
    return {
        "id": [p.id for p in problems],
        "num_tests": [len(p.tests) for p in problems],
        "num_refs": [len(p.reference_solutions) for p in problems],
        "statement": [p.statement for p in problems],
    }


class _Dedup(GlobalStep):
    """Shared plumbing: ``map_values`` (statement column -> per-row values) and
    ``decide`` (columns + values -> {row: reject reason}); the Problem path wraps them."""

    stage = "filter"
    map_columns = ("statement",)

    def map_values(self, columns: Mapping[str, list]) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def decide(self, columns: Mapping[str, Sequence], values: Any) -> dict[int, str]:  # pragma: no cover
        raise NotImplementedError

    def map_shard(self, problems: list[Problem]) -> list[Any]:
        return list(self.map_values({"statement": [p.statement for p in problems]}))

    def reduce(self, problems: list[Problem], values: list[Any] | None) -> Iterator[StepOutput]:
        cols = _columns_of(problems)
        vals = self.map_values(cols) if values is None else values
        rejected = self.decide(cols, vals)
        for i, p in enumerate(problems):
            yield self.reject(p, rejected[i]) if i in rejected else p


class ExactDedup(_Dedup):
    name = "exact_dedup"

    def map_values(self, columns: Mapping[str, list]) -> list[str]:
        # the word sequence (case, spacing and punctuation ignored), hashed
        return [hashlib.sha256(h.tobytes()).hexdigest() for h in token_hashes_many(columns["statement"])]

    def decide(self, columns: Mapping[str, Sequence], values: Any) -> dict[int, str]:
        ids = columns["id"]
        owner: dict[str, str] = {}
        out: dict[int, str] = {}
        for i in preference_order(ids, columns["num_tests"], columns["num_refs"]):
            k = values[i]
            if k in owner:
                out[i] = f"exact duplicate of {owner[k]}"
            else:
                owner[k] = ids[i]
        return out

    def describe(self) -> dict[str, Any]:
        return {"key": "sha256 of the statement's word sequence (lower-cased; spacing and punctuation ignored)"}


class MinHashDedup(_Dedup):
    name = "minhash_dedup"

    def __init__(self, cfg: DedupConfig | None = None) -> None:
        self.cfg = cfg or DedupConfig()
        self.hasher = MinHasher(self.cfg.num_bands * self.cfg.rows_per_band, self.cfg.shingle_size, self.cfg.seed)
        self.last_stats: dict[str, int] = {}

    def map_values(self, columns: Mapping[str, list]) -> np.ndarray:
        return self.hasher.signatures(columns["statement"])

    def decide(self, columns: Mapping[str, Sequence], values: Any) -> dict[int, str]:
        c = self.cfg
        ids = columns["id"]
        sigs = np.asarray(values, dtype=np.uint32)
        lsh = make_lsh(c.num_bands, c.rows_per_band)
        out: dict[int, str] = {}
        candidates = 0
        for i in preference_order(ids, columns["num_tests"], columns["num_refs"]):
            sig = sigs[i]
            lean = self.hasher.lean(sig)
            best: tuple[float, int] | None = None
            for j in lsh.query(lean):
                candidates += 1
                sim = jaccard(sig, sigs[j])
                if sim >= c.threshold and (best is None or sim > best[0] or (sim == best[0] and ids[j] < ids[best[1]])):
                    best = (sim, j)
            if best is not None:
                out[i] = f"near duplicate of {ids[best[1]]} (MinHash Jaccard {best[0]:.2f} >= {c.threshold})"
            else:
                lsh.insert(i, lean)
        self.last_stats = {"candidates": candidates, "duplicates": len(out)}
        return out

    def describe(self) -> dict[str, Any]:
        d = vars(self.cfg).copy()
        d["num_perm"] = self.cfg.num_bands * self.cfg.rows_per_band
        d["lsh_s_curve_midpoint"] = round(lsh_threshold(self.cfg.num_bands, self.cfg.rows_per_band), 3)
        d["signature"] = "datasketch affine32 permutations over 5-word shingles; datasketch MinHashLSH"
        return d
