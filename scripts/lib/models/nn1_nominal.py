"""Exact 1-NN cross-validation on all-nominal data by bitset match counts (compiled).

Weka's IBk distance between two rows of nominal attributes is ``sqrt(#attributes that
differ)``, where a missing value differs from everything, itself included
(``weka_like`` module docstring). Encoding a row as a bitset with one bit per (attribute,
value) pair and no bit for a missing value, the number of *matching* attributes of two rows
is ``popcount(a & b)``; the nearest neighbour is the training row with the most matches.
Counts are integers, so ties are exact (no tolerance) and the tie rules are Weka's: the
lowest training index (IB1, ``"first"``), an unweighted vote among all tied rows with vote
ties to the lowest class (IBk -K 1, ``"vote"``), or the tied row with the smallest random key
(IB1 inside Weka's ``crossValidateModel``, whose ``Instances.trainCV(numFolds, fold, random)``
shuffles each fold's training rows: ``"shuffled"``, keys from ``weka_like.TieKeys``).

This is the Test 2 path of the permutation study for data sets such as Mushroom (8124 rows,
22 attributes) and Splice, where the BLAS path forms and scans an ``n x n`` float matrix per
randomisation: here each pair costs a few word operations and nothing is stored. Pairs are
visited once (``matches`` is symmetric) in an order in which every row sees its candidates
by increasing index, so the first-maximum rule is kept.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from . import weka_like as wl


@intrinsic
def _popcount(typingctx, x):
    """LLVM ``ctpop`` on a uint64 (one instruction on x86-64 with POPCNT)."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64)])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.ctpop.i64")
        return builder.call(fn, args)

    return sig, codegen


def bit_offsets(n_values) -> np.ndarray:
    """First bit of each attribute's values: ``cumsum`` of the value counts."""
    V = np.asarray(n_values, dtype=np.int64)
    if (V <= 0).any():
        raise ValueError("bitset 1-NN needs every attribute nominal (n_values > 0)")
    return np.concatenate([[0], np.cumsum(V)[:-1]])


def row_bitsets(codes, n_values) -> np.ndarray:
    """Bitsets ``(..., n, W)`` uint64 of nominal codes ``(..., n, m)`` (float with NaN or int
    with negative values for missing)."""
    codes = np.asarray(codes)
    if codes.dtype.kind == "f":
        miss = np.isnan(codes)
        codes = np.where(miss, -1, codes).astype(np.int64)
    codes = codes.astype(np.int64)
    off = bit_offsets(n_values)
    V = np.asarray(n_values, dtype=np.int64)
    if codes.shape[-1] != len(V):
        raise ValueError(f"codes have {codes.shape[-1]} attributes, n_values {len(V)}")
    if (codes >= V).any():
        raise ValueError("a nominal code is outside its attribute's value range")
    W = max(1, -(-int(V.sum()) // 64))
    flat = codes.reshape(-1, codes.shape[-1])
    out = np.zeros((flat.shape[0], W), dtype=np.uint64)
    _fill_bits(flat, off, out)
    return out.reshape(codes.shape[:-1] + (W,))


@njit(cache=True)
def _fill_bits(codes, off, out):
    r, m = codes.shape
    for i in range(r):
        for j in range(m):
            c = codes[i, j]
            if c >= 0:
                pos = off[j] + c
                out[i, pos // 64] |= np.uint64(1) << np.uint64(pos % 64)


@njit(cache=True)
def _wrong_counts(bits, y, folds, n_classes, vote):
    k, n, W = bits.shape
    out = np.zeros(k, np.int64)
    best = np.empty(n, np.int64)
    arg = np.empty(n, np.int64)
    votes = np.zeros((n, n_classes), np.int64)
    for b in range(k):
        fb = folds[b]
        best[:] = -1
        arg[:] = -1
        if vote:
            votes[:, :] = 0
        for i in range(n):
            fi = fb[i]
            for j in range(i + 1, n):
                if fb[j] == fi:
                    continue
                s = np.int64(0)
                for w in range(W):
                    s += np.int64(_popcount(bits[b, i, w] & bits[b, j, w]))
                # row i sees j in increasing order; row j sees i in increasing order too
                # (all i < j come from this outer loop before j's own inner loop)
                # (the two updates are written out: a shared helper, even inlined, made this
                # loop ~10x slower, Mushroom 1.2 s instead of 0.1 s per randomisation)
                if s > best[i]:
                    best[i] = s
                    arg[i] = j
                    if vote:
                        votes[i, :] = 0
                        votes[i, y[j]] = 1
                elif vote and s == best[i]:
                    votes[i, y[j]] += 1
                if s > best[j]:
                    best[j] = s
                    arg[j] = i
                    if vote:
                        votes[j, :] = 0
                        votes[j, y[i]] = 1
                elif vote and s == best[j]:
                    votes[j, y[i]] += 1
        wrong = 0
        for i in range(n):
            if arg[i] < 0:
                return -np.ones(k, np.int64)  # no candidate: the caller raises
            if vote:
                pred = 0
                for c in range(1, n_classes):
                    if votes[i, c] > votes[i, pred]:
                        pred = c
            else:
                pred = y[arg[i]]
            if pred != y[i]:
                wrong += 1
        out[b] = wrong
    return out


@njit(cache=True)
def _wrong_counts_shuffled(bits, y, folds, keys):
    """As :func:`_wrong_counts` with the tied row of smallest ``keys[b, fold(i), j]`` winning.

    A separate function so that the "first"/"vote" loop keeps its speed (see the note there).
    """
    k, n, W = bits.shape
    out = np.zeros(k, np.int64)
    best = np.empty(n, np.int64)
    arg = np.empty(n, np.int64)
    bkey = np.empty(n, np.int64)
    for b in range(k):
        fb = folds[b]
        kb = keys[b]
        best[:] = -1
        arg[:] = -1
        for i in range(n):
            fi = fb[i]
            for j in range(i + 1, n):
                fj = fb[j]
                if fj == fi:
                    continue
                s = np.int64(0)
                for w in range(W):
                    s += np.int64(_popcount(bits[b, i, w] & bits[b, j, w]))
                kj = np.int64(kb[fi, j])  # j as a candidate of i: i's fold's order
                if s > best[i] or (s == best[i] and kj < bkey[i]):
                    best[i] = s
                    arg[i] = j
                    bkey[i] = kj
                ki = np.int64(kb[fj, i])
                if s > best[j] or (s == best[j] and ki < bkey[j]):
                    best[j] = s
                    arg[j] = i
                    bkey[j] = ki
        wrong = 0
        for i in range(n):
            if arg[i] < 0:
                return -np.ones(k, np.int64)  # no candidate: the caller raises
            if y[arg[i]] != y[i]:
                wrong += 1
        out[b] = wrong
    return out


def nn1_cv_wrong(bits, y, folds, *, n_classes: int | None = None, tie_rule: str = "first", tie_keys=None) -> np.ndarray:
    """Misclassified counts of cross-validated 1-NN, one per data set of a batch.

    Parameters
    ----------
    bits : (k, n, W) uint64 from :func:`row_bitsets` (one randomised data set per ``k``)
    y : (n,) int labels, shared
    folds : (n,) or (k, n) fold indices; a row's candidates are the rows of other folds
    tie_rule : "first" (IB1, file order), "vote" (IBk -K 1) or "shuffled" (IB1 in Weka's CV)
    tie_keys : ``weka_like.TieKeys`` or int array ``(k, n_folds, n)``, for ``"shuffled"``:
        key of row ``j`` when fold ``f`` is tested in data set ``b``; smallest tied key wins

    Returns
    -------
    (k,) int64 counts.
    """
    wl.check_tie_rule(tie_rule, tie_keys)
    bits = np.ascontiguousarray(bits, dtype=np.uint64)
    if bits.ndim != 3:
        raise ValueError(f"bits must be (k, n, W), got shape {bits.shape}")
    k, n, _ = bits.shape
    y = np.ascontiguousarray(y, dtype=np.int64)
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    folds = np.asarray(folds, dtype=np.int64)
    folds = np.ascontiguousarray(np.broadcast_to(folds, (k, n)))
    if tie_rule == "shuffled":
        keys = np.ascontiguousarray(wl.key_block(tie_keys, 0, k), dtype=np.int32)
        if keys.shape[0] != k or keys.shape[2] != n or keys.shape[1] <= folds.max():
            raise ValueError(f"tie_keys must have shape ({k}, > max fold id, {n}), got {keys.shape}")
        out = _wrong_counts_shuffled(bits, y, folds, keys)
    else:
        out = _wrong_counts(bits, y, folds, C, tie_rule == "vote")
    if k and out[0] < 0:
        raise ValueError("a test instance has no training candidate")
    return out
