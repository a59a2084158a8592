"""MinHash signatures and the LSH index (datasketch), shared by dedup and decontamination.

Signatures are computed in numpy, all shingles of a text at once: the words are hashed in
one vectorised pass over the text's bytes, a shingle's 32-bit hash mixes its
``shingle_size`` word hashes, and
the permutations are datasketch's own "affine32" scheme (the permutation parameters are
taken from ``datasketch.MinHash(num_perm, seed)``; MurmurHash3 fmix32 pre-mix, then
``a*h+b mod 2^32``).  A signature is therefore exactly what ``datasketch.MinHash`` gives
for the same shingle hashes, a valid ``LeanMinHash`` that goes straight into
``datasketch.MinHashLSH``.  Deterministic: no Python ``hash()``, fixed seeds.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Iterable, Sequence

import numpy as np
from datasketch import LeanMinHash, MinHash, MinHashLSH

_MAX_HASH = np.uint64((1 << 32) - 1)
_MIX = np.uint64(0x9E3779B97F4A7C15)
SCHEME = "affine32"


def _fmix32(h: np.ndarray) -> np.ndarray:
    """MurmurHash3's 32-bit finalizer (a bijection), as datasketch's affine32 pre-mix."""
    h = h ^ (h >> np.uint32(16))
    h = h * np.uint32(0x85EBCA6B)
    h = h ^ (h >> np.uint32(13))
    h = h * np.uint32(0xC2B2AE35)
    return h ^ (h >> np.uint32(16))


# word bytes: ASCII letters, digits, "_" and every byte of a non-ASCII UTF-8 character
_WORD_BYTE = np.zeros(256, dtype=bool)
for _c in b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_":
    _WORD_BYTE[_c] = True
_WORD_BYTE[128:] = True
_MAX_WORD = 64
_POW = np.ones(_MAX_WORD, dtype=np.uint64)
with np.errstate(over="ignore"):
    for _i in range(1, _MAX_WORD):
        _POW[_i] = _POW[_i - 1] * np.uint64(0x100000001B3)  # FNV prime powers
_EMPTY = np.zeros(0, dtype=np.uint64)
_EMPTY.setflags(write=False)


def _fmix64(h: np.ndarray) -> np.ndarray:
    h = h ^ (h >> np.uint64(33))
    h = h * np.uint64(0xFF51AFD7ED558CCD)
    h = h ^ (h >> np.uint64(33))
    h = h * np.uint64(0xC4CEB9FE1A85EC53)
    return h ^ (h >> np.uint64(33))


def _prepare(text: str) -> bytes:
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    return text.lower().encode("utf-8", "surrogatepass")


def _hash_words(raw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(word hashes, byte offset of each word's first byte) for a uint8 array."""
    isw = _WORD_BYTE[raw]
    starts_mask = isw.copy()
    starts_mask[1:] &= ~isw[:-1]
    if not starts_mask.any():
        return _EMPTY, np.zeros(0, dtype=np.int64)
    idx = np.flatnonzero(isw)  # positions of word bytes
    word_no = np.cumsum(starts_mask)[idx] - 1  # which word each byte belongs to
    first = np.flatnonzero(np.r_[True, word_no[1:] != word_no[:-1]])  # where each word starts in idx
    pos = np.arange(idx.size) - first[word_no]
    lengths = np.diff(np.r_[first, idx.size]).astype(np.uint64)
    with np.errstate(over="ignore"):
        vals = (raw[idx].astype(np.uint64) + np.uint64(1)) * _POW[np.minimum(pos, _MAX_WORD - 1)]
        vals[pos >= _MAX_WORD] = 0
        h = np.add.reduceat(vals, first) + lengths * np.uint64(0x9E3779B97F4A7C15)
        h = _fmix64(h)
    return h, idx[first]


@lru_cache(maxsize=64)
def token_hashes(text: str) -> np.ndarray:
    """64-bit hash of every word of the lower-cased text, vectorised (no per-word Python).

    Words are maximal runs of ASCII letters, digits and ``_`` or non-ASCII characters
    (after NFKC for non-ASCII text); only a word's first 64 bytes and its length count.
    Cached (dedup and decontamination hash the same texts).
    """
    raw = np.frombuffer(_prepare(text), dtype=np.uint8)
    if raw.size == 0:
        return _EMPTY
    h, _ = _hash_words(raw)
    h.setflags(write=False)
    return h


def token_hashes_many(texts: Sequence[str]) -> list[np.ndarray]:
    """``token_hashes`` of many texts in one vectorised pass (equal to one by one)."""
    if not texts:
        return []
    parts = [_prepare(t) for t in texts]
    offsets = np.cumsum([0] + [len(b) + 1 for b in parts])
    raw = np.frombuffer(b"\n".join(parts), dtype=np.uint8)
    if raw.size == 0:
        return [_EMPTY for _ in texts]
    hv, word_pos = _hash_words(raw)
    cuts = np.searchsorted(word_pos, offsets)
    return [hv[cuts[i] : cuts[i + 1]] for i in range(len(texts))]


def _mix_shingles(hv: np.ndarray, k: int) -> np.ndarray:
    """32-bit hashes of every window of k consecutive word hashes (not deduplicated)."""
    n = len(hv) - k + 1
    with np.errstate(over="ignore"):
        h = hv[:n].copy()
        for j in range(1, k):
            h = h * _MIX + hv[j : j + n]
        h = (h >> np.uint64(29)) ^ h
    return (h & _MAX_HASH).astype(np.uint32)


class MinHasher:
    def __init__(self, num_perm: int = 112, shingle_size: int = 5, seed: int = 1) -> None:
        self.num_perm = num_perm
        self.shingle_size = shingle_size
        self.seed = seed
        a, b = MinHash(num_perm=num_perm, seed=seed, scheme=SCHEME).permutations
        self.a = np.asarray(a, dtype=np.uint32)
        self.b = np.asarray(b, dtype=np.uint32)

    def shingle_hashes(self, text: str) -> np.ndarray:
        """Distinct 32-bit hashes of the text's word ``shingle_size``-grams (uint32)."""
        hv = token_hashes(text)
        if not hv.size:
            return np.zeros(0, dtype=np.uint32)
        return np.unique(_mix_shingles(hv, min(self.shingle_size, len(hv))))

    def signature_of_hashes(self, sh: np.ndarray) -> np.ndarray:
        if sh.size == 0:
            return np.full(self.num_perm, np.iinfo(np.uint32).max, dtype=np.uint32)
        with np.errstate(over="ignore"):
            hv = _fmix32(sh.astype(np.uint32))
            phv = hv[:, None] * self.a[None, :] + self.b[None, :]
        return phv.min(axis=0)

    def signature(self, text: str) -> np.ndarray:
        return self.signature_of_hashes(self.shingle_hashes(text))

    def signatures(self, texts: Iterable[str], chunk_shingles: int = 65536) -> np.ndarray:
        """Signatures of many texts at once, equal to ``signature`` of each.

        The texts are joined (a newline between them) and hashed in one pass; shingles
        that would cross a boundary are dropped; the permutation minimum of each text is
        a ``minimum.reduceat`` over its run of shingles (duplicates don't change a
        minimum, so no per-text ``unique``).  Texts shorter than a shingle use ``signature``.
        """
        texts = list(texts)
        out = np.zeros((len(texts), self.num_perm), dtype=np.uint32)
        if not texts:
            return out
        parts = [_prepare(t) for t in texts]
        offsets = np.cumsum([0] + [len(b) + 1 for b in parts])  # byte where each text starts
        raw = np.frombuffer(b"\n".join(parts), dtype=np.uint8)
        hv, word_pos = _hash_words(raw) if raw.size else (_EMPTY, np.zeros(0, dtype=np.int64))
        doc_of_word = np.searchsorted(offsets, word_pos, side="right") - 1
        k = self.shingle_size
        counts = np.bincount(doc_of_word, minlength=len(texts)) if hv.size else np.zeros(len(texts), dtype=np.int64)
        short = np.flatnonzero(counts < k)
        for i in short:  # fewer words than a shingle: one shingle of all the words
            out[i] = self.signature(texts[i])
        if hv.size < k:
            return out
        sh = _mix_shingles(hv, k)
        doc_sh = doc_of_word[: len(sh)]
        valid = doc_sh == doc_of_word[k - 1 :]  # the window lies inside one text
        sh, doc_sh = sh[valid], doc_sh[valid]
        if sh.size == 0:
            return out
        with np.errstate(over="ignore"):
            mixed = _fmix32(sh)
        starts = np.flatnonzero(np.r_[True, doc_sh[1:] != doc_sh[:-1]])
        docs = doc_sh[starts]
        bounds = np.r_[starts, sh.size]
        # process whole texts in chunks of about chunk_shingles shingles
        s0 = 0
        while s0 < len(starts):
            s1 = int(np.searchsorted(bounds, bounds[s0] + chunk_shingles, side="right")) - 1
            s1 = min(max(s1, s0 + 1), len(starts))
            lo, hi = bounds[s0], bounds[s1]
            with np.errstate(over="ignore"):
                phv = np.multiply.outer(mixed[lo:hi], self.a)
                phv += self.b
            out[docs[s0:s1]] = np.minimum.reduceat(phv, bounds[s0:s1] - lo, axis=0)
            s0 = s1
        return out

    def lean(self, sig: np.ndarray) -> LeanMinHash:
        return LeanMinHash(seed=self.seed, hashvalues=sig, scheme=SCHEME)


def jaccard(sig_a: np.ndarray, sig_b: np.ndarray) -> float:
    return float(np.count_nonzero(sig_a == sig_b)) / float(len(sig_a))


def make_lsh(num_bands: int, rows_per_band: int) -> MinHashLSH:
    return MinHashLSH(num_perm=num_bands * rows_per_band, params=(num_bands, rows_per_band))


def lsh_threshold(num_bands: int, rows_per_band: int) -> float:
    """Jaccard at the S-curve's steepest point, ~ (1/b)^(1/r)."""
    return (1.0 / num_bands) ** (1.0 / rows_per_band)


def ngram_hashes(text: str, n: int) -> np.ndarray:
    """Distinct 64-bit hashes of the text's word n-grams (for overlap tests)."""
    hv = token_hashes(text)
    if len(hv) < n:
        return np.zeros(0, dtype=np.uint64)
    m = len(hv) - n + 1
    with np.errstate(over="ignore"):
        h = hv[:m].copy()
        for j in range(1, n):
            h = h * _MIX + hv[j : j + m]
        h = h ^ (h >> np.uint64(31))
    return np.unique(h)
