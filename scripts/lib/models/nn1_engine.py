"""Cross-validation errors of Weka's 1-NN (:mod:`lib.models.nn1`) for batches of randomised data
sets, without refitting: the 1-NN engines of the permutation tests of Ojala & Garriga (ICDM 2009,
Sec. III; the randomisations themselves are drawn by :mod:`lib.evaluation.permutation_tests`).

Every engine takes the data, the labels ``y``, either one fold vector ``(n,)`` shared by the batch or
one per randomised data set ``(k, n)``, and the batch: label permutations ``perms`` (Test 1, labels
``y[perms]``) or within-class row indices ``idx`` (Test 2, data ``X[idx[t, i, j], j]``). It returns
one error per randomised data set, exactly the error of refitting 1-NN fold by fold with the same
distance (the slow path ``cv_errors`` of ``scripts/tools/reference_models.py``, in ``tests/``).

* :func:`nn1_cv_errors_test1`: Test 1. ``X`` is unchanged, so the tied set of nearest training
  rows of each test row is found once (fixed folds); each permutation's prediction is then a
  gather ``y[perm][nn]`` (or a vote over the tied set, sparse matrix product), vectorised over
  permutations. With per-permutation folds a short list of sorted candidates per row is scanned
  for the first one in another fold (exact fall-back when the list runs out).
* :func:`nn1_cv_errors_test2`: Test 2. The data change, so distances are recomputed in batches
  with BLAS (``||b||^2 - 2 a.b`` per fold, ``||a||^2`` being constant along a test row), or with
  Weka's exact distance via ``metric`` when numeric values are missing.
* :func:`nn1_cv_wrong` on :func:`row_bitsets`: Test 2 on all-nominal data (Mushroom, Splice),
  where the BLAS path forms and scans an ``n x n`` float matrix per randomisation. Weka's
  distance between two rows of nominal attributes is ``sqrt(#attributes that differ)``, a
  missing value differing from everything, itself included. Encoding a row as a bitset with one
  bit per (attribute, value) pair and no bit for a missing value, the number of *matching*
  attributes of two rows is ``popcount(a & b)``; the nearest neighbour is the training row with
  the most matches. Counts are integers, so ties are exact (no tolerance). Each pair costs a few
  word operations, compiled, and nothing is stored (Mushroom: 0.16 s instead of ~0.9 s per
  randomisation; identical errors, tested). Pairs are visited once (``matches`` is symmetric) in
  an order in which every row sees its candidates by increasing index, so the first-maximum rule
  is kept.

Tie rule of the engines: ``"first"`` (Weka IB1 fed rows in file order: the lowest training index
among the training rows whose squared distance is within ``TIE_TOL`` of the minimum), ``"vote"``
(Weka IBk -K 1: majority vote among them, vote ties to the lowest class index) or ``"shuffled"``
(Weka IB1 inside ``Evaluation.crossValidateModel``, whose ``Instances.trainCV(numFolds, fold,
random)`` shuffles every fold's training rows: the tied row with the smallest random key, keys
from ``nn1.TieKeys``, one uniform order per fold and randomisation). The engines take the keys as
``tie_keys`` (a ``TieKeys`` or an int array ``(k, n_folds, n)``, fold ids indexing axis 1) and draw
blocks of them as they go; the keys of randomisation ``r`` depend only on the entropy and ``r``, so
results do not depend on batch sizes. See :mod:`lib.models.nn1` for the Weka details; distances
come from ``nn1.ibk_sqdist_fn`` / ``encode_for_blas`` with whole-data ranges.

BLAS threads: the engines run BLAS single-threaded by default (``blas_threads=1``). On this
2-core machine, with one core busy, two OpenBLAS threads made the Test 2 engine ~60x slower
(16 s instead of 0.25 s per 100 randomisations of a 1000 x 20 data set). Pipelines that run
several jobs at once should also set ``OPENBLAS_NUM_THREADS=1`` for their own BLAS calls; this
one need not: Snakemake sets ``OPENBLAS_NUM_THREADS`` (and ``OMP_NUM_THREADS``,
``MKL_NUM_THREADS``, ...) to the job's threads, 1 here, for every script job.

Timing (2-core machine, one core busy with another job; numpy 2.4, OpenBLAS 1 thread;
1000 randomisations, stratified 10-fold CV, numeric Gaussian data; includes drawing the
randomisations; best of 1-3 runs)::

                                          150 x 4     1000 x 20
    1-NN Test 1 (fixed folds, first/vote)   0.01 s      0.03 s
    1-NN Test 1 (folds travel w/ labels)    0.04 s      0.28 s
    1-NN Test 2 (fixed folds, first/vote)   0.08 s      3.1 / 3.2 s
    1-NN Test 2 (fresh folds per rand.)     0.13 s      4.7 s
    slow path, 1-NN refit (IBk1)            1.6 s       8.5 s
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic
from scipy import sparse

from . import nn1
from .nn1 import TIE_TOL, euclidean_sqdist_fn

_CONTROLLER = None  # threadpoolctl's controller, built on first use (see limit_blas_threads)


def limit_blas_threads(n: int | None):
    """Limit BLAS threads inside the engines (small GEMMs gain nothing from threads and
    OpenBLAS threads spin badly when the cores are shared with other jobs)."""
    global _CONTROLLER
    if n is None:
        return contextlib.nullcontext()
    if _CONTROLLER is None:  # scanning the loaded libraries once saves ~0.2 ms per call
        from threadpoolctl import ThreadpoolController

        _CONTROLLER = ThreadpoolController()
    return _CONTROLLER.limit(limits=int(n), user_api="blas")


def _with_blas_threads(func):
    """Add keyword ``blas_threads`` (default 1; None leaves the BLAS pool alone)."""

    @functools.wraps(func)
    def wrapper(*args, blas_threads: int | None = 1, **kwargs):
        with limit_blas_threads(blas_threads):
            return func(*args, **kwargs)

    wrapper.__doc__ = (
        (func.__doc__ or "")
        + """
    blas_threads : int or None, keyword, default 1
        BLAS threads used inside the call (threadpoolctl); None leaves them unchanged.
"""
    )
    return wrapper


# --------------------------------------------------------------------------------------
# Engines on distances (Test 1; Test 2 with BLAS or Weka's metric)
# --------------------------------------------------------------------------------------
def _row_blocks(n: int, budget: int = 4_000_000):
    step = max(1, budget // max(n, 1))
    for s in range(0, n, step):
        yield np.arange(s, min(n, s + step))


def nn1_tie_sets(sqdist: Callable, folds, tol: float = TIE_TOL):
    """For fixed folds: each row's nearest training rows (all within ``tol`` of the minimum).

    Training rows of row ``a`` are the rows of the other folds.

    Returns
    -------
    first : (n,) int, the lowest index of the tied set
    ties : scipy.sparse.csr_matrix (n, n), bool, row ``a`` = tied set of ``a``
    """
    folds = np.asarray(folds)
    n = len(folds)
    allr = np.arange(n)
    first = np.empty(n, dtype=np.intp)
    rows, cols = [], []
    for B in _row_blocks(n):
        D = np.array(sqdist(B, allr), dtype=float)
        D[folds[B][:, None] == folds[None, :]] = np.inf
        dmin = D.min(axis=1, keepdims=True)
        if not np.isfinite(dmin).all():
            raise ValueError("a row has no training candidate (only one fold?)")
        tie = D <= dmin + tol
        first[B] = tie.argmax(axis=1)
        r, c = np.nonzero(tie)
        rows.append(B[r])
        cols.append(c)
    rows = np.concatenate(rows)
    cols = np.concatenate(cols)
    ties = sparse.csr_matrix((np.ones(len(rows), dtype=bool), (rows, cols)), shape=(n, n))
    return first, ties


def _vote_predict(ties_csr, Yp, n_classes: int, rows=None) -> np.ndarray:
    """Votes of tied neighbours; ``Yp`` (k, n) labels; returns (k, len(rows)) predictions."""
    S = ties_csr if rows is None else ties_csr[rows]
    S = S.astype(np.float64)
    best = None
    bestv = None
    for c in range(n_classes):
        v = np.asarray(S @ (Yp == c).T.astype(np.float64)).T  # (k, r)
        if best is None:
            best = np.zeros(v.shape, dtype=np.intp)
            bestv = v
        else:
            better = v > bestv
            best[better] = c
            bestv = np.where(better, v, bestv)
    return best


@_with_blas_threads
def nn1_cv_errors_test1(
    sqdist,
    y,
    folds,
    perms,
    *,
    n_classes: int | None = None,
    tie_rule: str = "first",
    tol: float = TIE_TOL,
    n_candidates: int = 16,
    tie_keys=None,
) -> np.ndarray:
    """CV error of 1-NN for a batch of Test 1 label permutations, without refitting.

    Under Test 1 the data ``X`` do not change, so the tied set of nearest training rows of
    every test row is computed once; the prediction for permutation ``pi`` is the label
    ``y[pi]`` of the first tied row ("first") or the majority among the tied rows ("vote").
    Exactly equal to refitting 1-NN per permutation and fold with the same distance
    (see tests), for fixed folds and for per-permutation folds.

    Parameters
    ----------
    sqdist : callable ``(rows_a, rows_b) -> (len(rows_a), len(rows_b))`` squared distances,
        or an ``(n, d)`` array ``Z`` (Euclidean via BLAS). See
        :func:`lib.models.nn1.ibk_sqdist_fn` for Weka's distance.
    y : (n,) int labels ``0..C-1``
    folds : (n,) fold indices shared by all permutations, or (k, n) one fold vector per
        permutation (e.g. ``folds[perms]``: folds travel with the labels); leave-one-out is
        ``permutation_tests.loo_folds(n)``.
    perms : (k, n) int, from ``permutation_tests.label_permutations``; row ``pi`` gives labels ``y[pi]``.
    n_classes : int, default ``y.max() + 1``
    tie_rule : {"first", "vote", "shuffled"}
    tol : float, tie tolerance on squared distances
    n_candidates : int
        Per-permutation folds only: sorted candidates kept per row (rows whose candidates are
        exhausted are recomputed exactly).
    tie_keys : ``nn1.TieKeys`` or int array ``(k, n_folds, n)`` / ``(n_folds, n)``
        ``"shuffled"`` only: priority of data row ``j`` when fold ``f`` is tested, in
        randomisation ``b`` (``tie_keys[b, f, j]``); the tied row with the smallest key wins.

    Returns
    -------
    (k,) array of error rates (misclassified / n).
    """
    if not callable(sqdist):
        sqdist = euclidean_sqdist_fn(sqdist)
    y = np.asarray(y, dtype=np.intp)
    perms = np.atleast_2d(np.asarray(perms, dtype=np.intp))
    n = len(y)
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    folds = np.asarray(folds)
    Yp = y[perms]  # (k, n) randomised labels
    nn1.check_tie_rule(tie_rule, tie_keys)
    if folds.ndim == 1:
        first, ties = nn1_tie_sets(sqdist, folds, tol)
        if tie_rule == "first":
            pred = Yp[:, first]
        elif tie_rule == "shuffled":
            pred = _shuffled_predict(ties, Yp, folds, tie_keys)
        else:
            sizes = np.diff(ties.indptr)
            pred = Yp[:, first].copy()
            multi = np.flatnonzero(sizes > 1)
            if len(multi):
                pred[:, multi] = _vote_predict(ties, Yp, C, rows=multi)
        return (pred != Yp).sum(axis=1) / n
    return _nn1_test1_perm_folds(sqdist, Yp, folds, C, tie_rule, tol, n_candidates, tie_keys)


def _shuffled_predict(ties_csr, Yp, folds, tie_keys, budget: int = 4_000_000) -> np.ndarray:
    """Fixed folds, ``"shuffled"``: per permutation the tied row of smallest key.

    The tied sets are the CSR rows of ``ties_csr``; with ``E`` tied pairs in all, each block of
    permutations gathers a ``(b, E)`` array of keys and takes segment minima (keys of one fold
    and randomisation are a permutation, so the minimum is attained once per segment).
    """
    k, n = Yp.shape
    sizes = np.diff(ties_csr.indptr)
    rows_e = np.repeat(np.arange(n), sizes)
    cols_e = ties_csr.indices.astype(np.intp)
    starts = ties_csr.indptr[:-1]
    fold_e = folds[rows_e]
    pred = np.empty((k, n), dtype=Yp.dtype)
    step = max(1, budget // max(len(cols_e), 1))
    for s in range(0, k, step):
        e = min(k, s + step)
        K = nn1.key_block(tie_keys, s, e)
        Kg = K[:, fold_e, cols_e]  # (b, E) key of each tied candidate
        segmin = np.minimum.reduceat(Kg, starts, axis=1)
        win = Kg == np.repeat(segmin, sizes, axis=1)
        pred[s:e] = np.add.reduceat(np.where(win, Yp[s:e, cols_e], 0), starts, axis=1)
    return pred


def _sorted_candidates(sqdist, n, R, tol):
    """Per row: candidates sorted by (distance, index), self excluded, the first ``R`` plus all
    ties of the R-th. Returns padded (idx, d, lastR, full): idx = n, d = inf as padding; lastR
    the distance of the R-th candidate; full whether the row's list holds all n - 1 rows."""
    allr = np.arange(n)
    lists_i, lists_d = [], []
    for B in _row_blocks(n):
        D = np.array(sqdist(B, allr), dtype=float)
        D[np.arange(len(B)), B] = np.inf
        for t, a in enumerate(B):
            d = D[t]
            order = np.lexsort((allr, d))[: n - 1]
            ds = d[order]
            r = min(R, n - 1)
            cut = ds[r - 1] + tol
            r_ext = int(np.searchsorted(ds, cut, side="right"))
            # ties are near-equal, lexsort by distance then index keeps them contiguous
            r_ext = max(r, min(r_ext, n - 1))
            lists_i.append(order[:r_ext])
            lists_d.append(ds[:r_ext])
    width = max(len(v) for v in lists_i)
    idx = np.full((n, width), n, dtype=np.intp)
    dd = np.full((n, width), np.inf)
    full = np.empty(n, dtype=bool)
    for a, (ii, d) in enumerate(zip(lists_i, lists_d)):
        idx[a, : len(ii)] = ii
        dd[a, : len(d)] = d
        full[a] = len(ii) == n - 1
    lastR = dd[:, min(R, n - 1) - 1]
    return idx, dd, lastR, full


def _nn1_test1_perm_folds(sqdist, Yp, G, C, tie_rule, tol, R, tie_keys=None):
    k, n = Yp.shape
    if G.shape != (k, n):
        raise ValueError(f"per-permutation folds must have shape {(k, n)}, got {G.shape}")
    idx, dd, lastR, full = _sorted_candidates(sqdist, n, R, tol)
    W = idx.shape[1]
    # pad column n: an invalid candidate (its fold never differs, label irrelevant)
    Gp = np.concatenate([G, G[:, :1]], axis=1)
    Ypad = np.concatenate([Yp, np.zeros((k, 1), dtype=Yp.dtype)], axis=1)
    real = idx < n
    errors = np.zeros(k, dtype=np.int64)
    allr = np.arange(n)
    step = max(1, 2_000_000 // max(n * W, 1))
    for s in range(0, k, step):
        sl = slice(s, min(k, s + step))
        g = Gp[sl]  # (b, n+1)
        b = g.shape[0]
        cand_fold = g[:, idx]  # (b, n, W)
        own = g[:, :n, None]
        valid = (cand_fold != own) & real[None]
        anyv = valid.any(axis=2)
        rstar = valid.argmax(axis=2)  # (b, n)
        dstar = np.take_along_axis(np.broadcast_to(dd, (b, n, W)), rstar[..., None], axis=2)[..., 0]
        # complete if the first valid candidate is no farther than the R-th candidate (all its
        # ties are then in the list) or the list holds every row
        ok = anyv & ((dstar <= lastR[None, :]) | full[None, :])
        tie = valid & (dd[None] <= dstar[..., None] + tol)
        ylab = Ypad[sl][:, idx]  # (b, n, W)
        if tie_rule == "first":
            firsti = np.where(tie, idx[None], n).min(axis=2)  # lowest index among ties
            pred = np.take_along_axis(Ypad[sl], firsti, axis=1)
        elif tie_rule == "shuffled":
            K = nn1.key_block(tie_keys, s, s + b)  # (b, F, n)
            Kc = K[np.arange(b)[:, None, None], g[:, :n, None], np.minimum(idx, n - 1)[None]]
            win = np.where(tie, Kc, nn1._NO_KEY).argmin(axis=2)  # smallest key
            pred = np.take_along_axis(ylab, win[..., None], axis=2)[..., 0]
        else:
            votes = np.stack([(tie & (ylab == c)).sum(axis=2) for c in range(C)], axis=-1)
            pred = votes.argmax(axis=-1)
        truth = Yp[sl]
        wrong = (pred != truth) & ok
        # exact fallback for incomplete rows
        bad = np.argwhere(~ok)
        for bi, a in bad:
            gk = g[bi, :n]
            d = np.array(sqdist(np.array([a]), allr), dtype=float)[0]
            d[gk == gk[a]] = np.inf
            ka = None if tie_rule != "shuffled" else K[bi, gk[a]]
            p = nn1.nn1_from_sqdist(d[None], Yp[s + bi], C, tie_rule, tol, keys=ka)[0]
            wrong[bi, a] = p != truth[bi, a]
        errors[sl] = wrong.sum(axis=1)
    return errors / n


@_with_blas_threads
def nn1_cv_errors_test2(
    Z,
    y,
    folds,
    idx,
    *,
    groups=None,
    weight=None,
    metric: Callable | None = None,
    n_classes: int | None = None,
    tie_rule: str = "first",
    tol: float = TIE_TOL,
    budget: int = 250_000,
    tie_keys=None,
) -> np.ndarray:
    """CV error of 1-NN for a batch of Test 2 randomisations (Sec. III, Test 2).

    The data change with every randomisation, so distances are recomputed, in batches:
    with BLAS on the encoded matrix ``Z`` (``metric=None``), or with ``metric(A, B)`` on the
    randomised raw rows (e.g. ``lambda A, B: ibk_sq_distances(A, B, spec, ranges)`` when there
    are missing values; a Python loop over randomisations then).

    Parameters
    ----------
    Z : (n, d) array. With ``metric=None`` the BLAS encoding (``nn1.encode_for_blas``),
        whose column ``c`` belongs to attribute ``groups[c]``; otherwise the raw ``(n, m)`` data.
    y : (n,) int labels (unchanged by Test 2)
    folds : (n,) fold indices shared by all randomisations, or (k, n) one fold vector per
        randomisation (e.g. ``permutation_tests.resample_folds``)
    idx : (k, n, m) row indices from ``permutation_tests.within_class_permutations``
    groups : (d,) attribute of each column of ``Z``; default ``arange(d)``
    weight : (d,) cross-product weight of each column of ``Z`` (0 = norm-only column, see
        ``nn1.encode_for_blas_nominal_missing``); default all 1
    metric : callable or None
    n_classes, tie_rule, tol, tie_keys : as in :func:`nn1_cv_errors_test1`
    budget : int, max number of distance entries held at once

    Returns
    -------
    (k,) array of error rates.
    """
    Z = np.asarray(Z, dtype=float)
    y = np.asarray(y, dtype=np.intp)
    folds = np.asarray(folds)
    idx = np.asarray(idx)
    n, d = Z.shape
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    if groups is None:
        groups = np.arange(d)
    groups = np.asarray(groups)
    k = idx.shape[0]
    per_perm = folds.ndim == 2
    if per_perm and folds.shape != (k, n):
        raise ValueError(f"per-randomisation folds must have shape {(k, n)}, got {folds.shape}")
    same = None if per_perm else folds[:, None] == folds[None, :]
    errors = np.zeros(k, dtype=np.int64)
    nn1.check_tie_rule(tie_rule, tie_keys)
    shuffled = tie_rule == "shuffled"
    if metric is not None:
        for b in range(k):
            Xp = Z[idx[b][:, groups], np.arange(d)]
            D = np.array(metric(Xp, Xp), dtype=float)
            D[folds[b][:, None] == folds[b][None, :] if per_perm else same] = np.inf
            # row i's candidates carry the keys of its own test fold
            keys = nn1.key_block(tie_keys, b, b + 1)[0][folds[b] if per_perm else folds] if shuffled else None
            pred = nn1.nn1_from_sqdist(D, y, C, tie_rule, tol, keys=keys)
            errors[b] = int((pred != y).sum())
        return errors / n
    cols = np.arange(d)
    fold_ids = np.unique(folds)
    if not per_perm and len(fold_ids) <= 50:
        # per fold: test rows x training rows, no masking. ||a||^2 is constant along a test
        # row, so it is dropped (argmin and tie differences unchanged).
        parts = []
        for f in fold_ids:
            te, tr = np.flatnonzero(folds == f), np.flatnonzero(folds != f)
            rows_per = max(1, budget // max(len(tr), 1))
            for r0 in range(0, len(te), rows_per):
                parts.append((te[r0 : r0 + rows_per], tr))
        block = max(len(te) * len(tr) for te, tr in parts)
        step = max(1, budget // block)
        for s in range(0, k, step):
            sl = slice(s, min(k, s + step))
            Zp = np.ascontiguousarray(Z[idx[sl][:, :, groups], cols])  # (b, n, d)
            sq = np.einsum("bij,bij->bi", Zp, Zp)
            Zw = Zp if weight is None else Zp * weight
            K = nn1.key_block(tie_keys, sl.start, sl.stop) if shuffled else None
            for te, tr in parts:
                G = np.matmul(Zw[:, te], np.swapaxes(Zp[:, tr], 1, 2))
                G *= -2.0
                G += sq[:, None, tr]
                keys = K[:, folds[te[0]], tr][:, None, :] if shuffled else None
                pred = nn1.nn1_from_sqdist(G, y[tr], C, tie_rule, tol, keys=keys)
                errors[sl] += (pred != y[te]).sum(axis=1)
        return errors / n
    # per-randomisation folds, or many small folds (e.g. leave-one-out): all rows as
    # candidates, same-fold pairs masked
    step = max(1, budget // (n * n))
    blocks = list(_row_blocks(n, budget)) if step == 1 else [np.arange(n)]
    for s in range(0, k, step):
        sl = slice(s, min(k, s + step))
        Zp = np.ascontiguousarray(Z[idx[sl][:, :, groups], cols])  # (b, n, d)
        sq = np.einsum("bij,bij->bi", Zp, Zp)
        Zw = Zp if weight is None else Zp * weight
        K = nn1.key_block(tie_keys, sl.start, sl.stop) if shuffled else None
        for B in blocks:
            D = sq[:, B, None] + sq[:, None, :] - 2.0 * np.matmul(Zw[:, B], np.swapaxes(Zp, 1, 2))
            np.maximum(D, 0.0, out=D)
            if per_perm:
                D[folds[sl][:, B, None] == folds[sl][:, None, :]] = np.inf
            else:
                D[:, same[B]] = np.inf
            keys = None
            if shuffled:  # (b, |B|, n): each test row's candidates carry its fold's keys
                fB = folds[sl][:, B] if per_perm else np.broadcast_to(folds[B], (K.shape[0], len(B)))
                keys = K[np.arange(K.shape[0])[:, None], fB]
            pred = nn1.nn1_from_sqdist(D, y, C, tie_rule, tol, keys=keys)
            errors[sl] += (pred != y[B]).sum(axis=1)
    return errors / n


# --------------------------------------------------------------------------------------
# Engine on bitsets (Test 2, all-nominal data)
# --------------------------------------------------------------------------------------
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
    tie_keys : ``nn1.TieKeys`` or int array ``(k, n_folds, n)``, for ``"shuffled"``:
        key of row ``j`` when fold ``f`` is tested in data set ``b``; smallest tied key wins

    Returns
    -------
    (k,) int64 counts.
    """
    nn1.check_tie_rule(tie_rule, tie_keys)
    bits = np.ascontiguousarray(bits, dtype=np.uint64)
    if bits.ndim != 3:
        raise ValueError(f"bits must be (k, n, W), got shape {bits.shape}")
    k, n, _ = bits.shape
    y = np.ascontiguousarray(y, dtype=np.int64)
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    folds = np.asarray(folds, dtype=np.int64)
    folds = np.ascontiguousarray(np.broadcast_to(folds, (k, n)))
    if tie_rule == "shuffled":
        keys = np.ascontiguousarray(nn1.key_block(tie_keys, 0, k), dtype=np.int32)
        if keys.shape[0] != k or keys.shape[2] != n or keys.shape[1] <= folds.max():
            raise ValueError(f"tie_keys must have shape ({k}, > max fold id, {n}), got {keys.shape}")
        out = _wrong_counts_shuffled(bits, y, folds, keys)
    else:
        out = _wrong_counts(bits, y, folds, C, tie_rule == "vote")
    if k and out[0] < 0:
        raise ValueError("a test instance has no training candidate")
    return out
