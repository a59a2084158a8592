"""Decontamination against benchmark problems.

Three tests, each giving its own reason:

1. contest date on/after ``date_cutoff`` (the benchmark's evaluation window);
2. word n-gram overlap with a reference statement: at least ``min_shared_ngrams``
   shared ``ngram_size``-grams covering at least ``min_shared_fraction`` of the problem's
   own n-grams (n-grams seen in more than ``max_ngram_doc_freq`` reference statements are
   boilerplate and ignored);
3. MinHash Jaccard estimate >= ``minhash_threshold`` with a reference statement.

Reference statements go through the same noise removal as ours before hashing, so
``$1 \\le N$`` in a raw LiveCodeBench row matches ``1 <= N`` in a processed problem.
The index is built once on the driver (``prepare``) and shipped to workers.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

import numpy as np

from microcoder_data.filter.minhash import MinHasher, jaccard, make_lsh, ngram_hashes
from microcoder_data.pipeline.step import Step
from microcoder_data.process.clean import clean_text
from microcoder_data.process.normalize import normalize_layout
from microcoder_data.schema import Problem, Reject
from microcoder_data.settings.filter import DecontamConfig, DedupConfig


def load_reference(specs: Iterable[str], after_date: str | None = None) -> list[Problem]:
    """Benchmark problems from collect source specs, optionally only those dated on/after."""
    from microcoder_data.collect import collect  # the readers (imported lazily)

    out: list[Problem] = []
    for item in collect(list(specs)):
        if not isinstance(item, Problem):
            continue
        if after_date and (not item.contest_date or item.contest_date[:10] < after_date):
            continue
        out.append(item)
    return out


class Decontaminate(Step):
    stage = "filter"
    name = "decontam"

    def __init__(
        self,
        cfg: DecontamConfig | None = None,
        dedup: DedupConfig | None = None,
        reference: list[Problem] | None = None,
    ) -> None:
        self.cfg = cfg or DecontamConfig()
        self.dedup = dedup or DedupConfig()
        self._given_reference = reference
        self.ref_ids: list[str] = []
        self.ngram_keys = np.zeros(0, dtype=np.uint64)  # sorted
        self.ngram_doc = np.zeros(0, dtype=np.int64)
        self.lsh = None
        self.ref_sigs: np.ndarray | None = None
        self.hasher: MinHasher | None = None
        self.prepared = False
        self.boilerplate_ngrams = 0

    def prepare(self) -> None:
        if self.prepared:
            return
        c = self.cfg
        refs = self._given_reference
        if refs is None:
            refs = load_reference(c.reference, c.reference_after_date) if c.reference else []
        elif c.reference_after_date:
            refs = [r for r in refs if r.contest_date and r.contest_date[:10] >= c.reference_after_date]
        self._given_reference = None  # do not ship raw references to workers
        texts = [normalize_layout(clean_text(r.statement)[0]) for r in refs]
        self.ref_ids = [r.id for r in refs]
        per_doc = [ngram_hashes(t, c.ngram_size) for t in texts]
        df: Counter[int] = Counter()
        for arr in per_doc:
            df.update(arr.tolist())
        keys: list[int] = []
        docs: list[int] = []
        for i, arr in enumerate(per_doc):
            for h in arr.tolist():
                if df[h] <= c.max_ngram_doc_freq:
                    keys.append(h)
                    docs.append(i)
        self.boilerplate_ngrams = sum(1 for v in df.values() if v > c.max_ngram_doc_freq)
        if keys:
            k = np.array(keys, dtype=np.uint64)
            d = np.array(docs, dtype=np.int64)
            order = np.argsort(k, kind="stable")
            self.ngram_keys, self.ngram_doc = k[order], d[order]
        if c.minhash_threshold is not None and texts:
            d = self.dedup
            self.hasher = MinHasher(d.num_bands * d.rows_per_band, d.shingle_size, d.seed)
            self.ref_sigs = self.hasher.signatures(texts)
            self.lsh = make_lsh(d.num_bands, d.rows_per_band)
            for i, sig in enumerate(self.ref_sigs):
                self.lsh.insert(i, self.hasher.lean(sig))
        self.prepared = True

    def apply(self, p: Problem) -> Problem | Reject:
        c = self.cfg
        if not self.prepared:
            self.prepare()
        if c.date_cutoff and p.contest_date and p.contest_date[:10] >= c.date_cutoff:
            return self.reject(p, f"decontam: contest date {p.contest_date[:10]} on/after cut-off {c.date_cutoff}")
        if self.ngram_keys.size:
            mine = ngram_hashes(p.statement, c.ngram_size)
            if mine.size:
                pos = np.searchsorted(self.ngram_keys, mine)
                pos = np.minimum(pos, self.ngram_keys.size - 1)
                hit = self.ngram_keys[pos] == mine
                if hit.any():
                    docs = Counter(self.ngram_doc[pos[hit]].tolist())
                    ref, shared = min(docs.items(), key=lambda kv: (-kv[1], kv[0]))
                    frac = shared / mine.size
                    if shared >= c.min_shared_ngrams and frac >= c.min_shared_fraction:
                        return self.reject(
                            p,
                            f"decontam: shares {shared} {c.ngram_size}-gram(s) ({frac:.0%} of its own) with benchmark "
                            f"problem {self.ref_ids[ref]}",
                        )
        if self.lsh is not None and self.hasher is not None and self.ref_sigs is not None:
            sig = self.hasher.signature(p.statement)
            best: tuple[float, int] | None = None
            for ref in self.lsh.query(self.hasher.lean(sig)):
                j = jaccard(sig, self.ref_sigs[ref])
                if j >= c.minhash_threshold and (best is None or (j, -ref) > (best[0], -best[1])):
                    best = (j, ref)
            if best is not None:
                return self.reject(
                    p, f"decontam: MinHash Jaccard {best[0]:.2f} with benchmark problem {self.ref_ids[best[1]]}"
                )
        return p

    def describe(self) -> dict[str, Any]:
        d = vars(self.cfg).copy()
        d["reference_problems"] = len(self.ref_ids)
        d["boilerplate_ngrams_ignored"] = self.boilerplate_ngrams
        return d
