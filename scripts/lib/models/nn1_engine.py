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
* :func:`nn1_cv_errors_test2`: Test 2. The data change, so distances are recomputed: per test
  row, one compiled pass over the training rows of its fold (copied once per fold, column-major,
  in row order) computes Weka's squared distances, every double as
  :func:`lib.models.nn1.ibk_sq_distances` computes it (missing values included), then their
  minimum and the tie rule's prediction; no ``n x n`` matrix is formed. It replaced BLAS
  (``||a||^2 + ||b||^2 - 2 a.b`` over ``n x n`` blocks, same-fold pairs masked, Weka's
  element-wise distance in numpy when numeric values were missing) with the same errors on all
  22 data sets of the study and Weka's 2,310-row Segment, three tie rules, shared and fresh folds
  (20 randomisations each); Segment (2,310 x 19) went from 31-45 to 12-14 CPU ms per
  randomisation. Ties are the rows within ``TIE_TOL`` of the minimum, as in the other engines
  (the distances are Weka's doubles now, so the tolerance has no BLAS rounding left to absorb).
  Test 1 keeps its own engine: this kernel recomputes every distance per randomisation (13 ms on
  Segment), where Test 1's candidate lists cost about 1 ms per permutation after a setup shared
  by a call's permutations (``make bench``: 5 ms per permutation in the study's calls of 100).
* :func:`nn1_cv_wrong` on :func:`row_bitsets`: Test 2 on all-nominal data (Mushroom, Splice).
  Weka's distance between two rows of nominal attributes is ``sqrt(#attributes that differ)``, a
  missing value differing from everything, itself included. Encoding a row as a bitset with one
  bit per (attribute, value) pair and no bit for a missing value, the number of *matching*
  attributes of two rows is ``popcount(a & b)``; the nearest neighbour is the training row with
  the most matches. Counts are integers, so ties are exact (no tolerance). Each pair costs a few
  word operations, compiled, and nothing is stored (Mushroom: 0.13 s per randomisation against
  0.18 s by :func:`nn1_cv_errors_test2` and ~0.9 s by the former BLAS engine; Splice 0.02 s
  against 0.07 s; identical errors, tested). Pairs are visited once (``matches`` is symmetric) in
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
come from ``nn1.ibk_sqdist_fn`` / ``encode_for_blas`` (Test 1) and ``nn1.weka_columns`` (Test 2)
with whole-data ranges.

BLAS threads: the Test 1 engine runs BLAS single-threaded by default (``blas_threads=1``). On
this 2-core machine, with one core busy, two OpenBLAS threads made the former BLAS Test 2 engine
~60x slower (16 s instead of 0.25 s per 100 randomisations of a 1000 x 20 data set). Pipelines
that run several jobs at once should also set ``OPENBLAS_NUM_THREADS=1`` for their own BLAS
calls; this one need not: Snakemake sets ``OPENBLAS_NUM_THREADS`` (and ``OMP_NUM_THREADS``,
``MKL_NUM_THREADS``, ...) to the job's threads, 1 here, for every script job.

Timing (2-core machine, one core busy with another job; numpy 2.4, OpenBLAS 1 thread;
1000 randomisations, stratified 10-fold CV, numeric Gaussian data; includes drawing the
randomisations; CPU time, best of 1-3 runs; Test 2 re-measured for the compiled engine, the
former BLAS engine's times in brackets)::

                                          150 x 4              1000 x 20
    1-NN Test 1 (fixed folds, first/vote)   0.01 s               0.03 s
    1-NN Test 1 (folds travel w/ labels)    0.04 s               0.28 s
    1-NN Test 2 (fixed folds)               0.05 s (0.11 s)      2.7 s (3.9 s)
    1-NN Test 2 (fresh folds per rand.)     0.06 s (0.19 s)      2.7 s (6.3 s)
    slow path, 1-NN refit (IBk1)            1.6 s                8.5 s

Per randomisation against scikit-learn and Weka: ``make bench`` (``scripts/tools/bench.py``).
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

from ..data.attributes import AttributeSpec
from . import nn1
from .nn1 import NOMINAL, NUMERIC, NUMERIC_MISSING, TIE_TOL, euclidean_sqdist_fn

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
# Engines on distances (Test 1)
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


# --------------------------------------------------------------------------------------
# Engine on Weka's element-wise distance (Test 2), compiled
# --------------------------------------------------------------------------------------
_RULE_CODES = {"first": 0, "vote": 1, "shuffled": 2}


def nn1_cv_errors_test2(
    X,
    y,
    folds,
    idx,
    spec: AttributeSpec | None = None,
    *,
    ranges: nn1.Ranges | None = None,
    n_classes: int | None = None,
    tie_rule: str = "first",
    tol: float = TIE_TOL,
    tie_keys=None,
    batch: int = 50,
) -> np.ndarray:
    """CV error of 1-NN for a batch of Test 2 randomisations (Sec. III, Test 2).

    The data change with every randomisation, so distances are recomputed: per test row, one
    compiled pass over the training rows of its fold gives Weka's squared distances (every
    double as :func:`lib.models.nn1.ibk_sq_distances` computes it, missing values included),
    then their minimum and the prediction of the tie rule among the rows within ``tol`` of it.
    Memory is ``O(n m)`` per randomisation: no ``n x n`` matrix is formed.

    Parameters
    ----------
    X : (n, m) array, ``lib.data.attributes`` convention (nominal codes, NaN missing)
    y : (n,) int labels (unchanged by Test 2)
    folds : (n,) fold indices shared by all randomisations, or (k, n) one fold vector per
        randomisation (e.g. ``permutation_tests.resample_folds``); a row's training rows are the
        rows of the other folds
    idx : (k, n, m) row indices from ``permutation_tests.within_class_permutations``
        (randomised data ``X[idx[t, i, j], j]``)
    spec : AttributeSpec, default all numeric
    ranges : ``nn1.Ranges``, default :func:`lib.models.nn1.weka_ranges` of ``X`` (whole-data
        ranges, which Test 2 leaves unchanged)
    n_classes, tie_rule, tol, tie_keys : as in :func:`nn1_cv_errors_test1`
    batch : int, randomisations whose tie keys are held at once

    Returns
    -------
    (k,) array of error rates.
    """
    X = np.asarray(X, dtype=float)
    spec = AttributeSpec.numeric(X.shape[1]) if spec is None else spec
    V, kinds = nn1.weka_columns(X, spec, nn1.weka_ranges(X, spec) if ranges is None else ranges)
    y = np.ascontiguousarray(y, dtype=np.int64)
    idx = np.asarray(idx)
    n = len(y)
    k = idx.shape[0]
    if idx.shape[1:] != (n, spec.m):
        raise ValueError(f"idx must have shape (k, {n}, {spec.m}), got {idx.shape}")
    folds = np.asarray(folds, dtype=np.int64)
    if folds.ndim == 2 and folds.shape != (k, n):
        raise ValueError(f"per-randomisation folds must have shape {(k, n)}, got {folds.shape}")
    if folds.size and folds.min() < 0:
        raise ValueError("fold ids must be non-negative (they index the tie keys' folds)")
    folds = np.broadcast_to(folds, (k, n))
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    nn1.check_tie_rule(tie_rule, tie_keys)
    shuffled = tie_rule == "shuffled"
    wrong = np.empty(k, dtype=np.int64)
    for s in range(0, k, batch):
        e = min(k, s + batch)
        keys = np.zeros((e - s, 1, 1), dtype=np.int32)  # read only under "shuffled"
        if shuffled:
            keys = np.ascontiguousarray(nn1.key_block(tie_keys, s, e), dtype=np.int32)
            if keys.shape[0] != e - s or keys.shape[2] != n or keys.shape[1] <= folds[s:e].max():
                raise ValueError(f"tie_keys must have shape ({k}, > max fold id, {n}), got {keys.shape[1:]} each")
        wrong[s:e] = _test2_wrong(
            V,
            kinds,
            np.ascontiguousarray(idx[s:e], dtype=np.intp),
            np.ascontiguousarray(folds[s:e]),
            y,
            C,
            _RULE_CODES[tie_rule],
            float(tol),
            keys,
        )
    if (wrong < 0).any():
        raise ValueError("a test instance has no training candidate")
    return wrong / n


@njit(cache=True)
def _test2_wrong(V, kinds, idx, folds, y, n_classes, rule, tol, keys):
    """Misclassified rows of each randomised data set ``V[idx[b, i, c], c]``; -1 if a fold holds
    every row. Each fold's training rows are copied, in row order, into a column-major block that
    the distance loops stream through (the first tied row in that order is the lowest index)."""
    k, n, m = idx.shape
    out = np.zeros(k, np.int64)
    data = np.empty((m, n))  # randomised data set, column-major: row i is data[:, i]
    train = np.empty((m, n))  # one fold's training rows, column-major
    rows = np.empty(n, np.int64)
    y_train = np.empty(n, np.int64)
    key_train = np.empty(n, np.int64)
    a = np.empty(m)
    dist = np.empty(n)
    votes = np.empty(n_classes, np.int64)
    for b in range(k):
        for i in range(n):
            for c in range(m):
                data[c, i] = V[idx[b, i, c], c]
        fb = folds[b]
        n_folds = 0
        for i in range(n):
            n_folds = max(n_folds, fb[i] + 1)
        for f in range(n_folds):
            nt = 0
            for j in range(n):
                if fb[j] != f:
                    rows[nt] = j
                    nt += 1
            if nt == n:
                continue  # an empty fold
            if nt == 0:
                out[:] = -1
                return out
            for c in range(m):
                for t in range(nt):
                    train[c, t] = data[c, rows[t]]
            for t in range(nt):
                y_train[t] = y[rows[t]]
                if rule == 2:
                    key_train[t] = keys[b, f, rows[t]]
            for i in range(n):
                if fb[i] != f:
                    continue
                for c in range(m):
                    a[c] = data[c, i]
                _sq_distances(train, kinds, a, nt, dist)
                thr = _minimum(dist, nt) + tol
                if _tied_prediction(dist, nt, thr, rule, y_train, key_train, votes) != y[i]:
                    out[b] += 1
    return out


@njit(cache=True)
def _sq_distances(train, kinds, a, nt, dist):
    """``dist[:nt]``: Weka's squared distances of the row ``a`` to the first ``nt`` columns of
    ``train``, summed in attribute order. Runs of 8 or 4 attributes of one kind are added in one
    loop, each ``dist[j]`` loaded and stored once per run rather than per attribute: same
    additions in the same order, about 1.4x faster on Segment than one attribute at a time."""
    m = train.shape[0]
    dist[:nt] = 0.0
    c = 0
    while c < m:
        kind = kinds[c]
        run = 1
        while run < 8 and c + run < m and kinds[c + run] == kind:
            run += 1
        if kind == NUMERIC_MISSING or run < 4:
            _add_attribute(train[c], kind, a[c], nt, dist)
            c += 1
        elif run == 8:
            _add_run8(train, c, kind == NOMINAL, a, nt, dist)
            c += 8
        else:
            _add_run4(train, c, kind == NOMINAL, a, nt, dist)
            c += 4


@njit(cache=True)
def _add_attribute(col, kind, ac, nt, dist):
    """One attribute's term, Weka's ``NormalizableDistance.difference`` squared."""
    if kind == NUMERIC:
        for j in range(nt):
            d = ac - col[j]
            dist[j] += d * d
    elif kind == NOMINAL:
        for j in range(nt):
            if ac != col[j]:  # True when either is NaN: a missing value differs from everything
                dist[j] += 1.0
    elif np.isnan(ac):
        for j in range(nt):
            v = col[j]
            if np.isnan(v):
                d = 1.0
            elif v < 0.5:
                d = 1.0 - v
            else:
                d = v
            dist[j] += d * d
    else:
        one = 1.0 - ac if ac < 0.5 else ac
        for j in range(nt):
            v = col[j]
            d = one if np.isnan(v) else ac - v
            dist[j] += d * d


@njit(cache=True)
def _add_run8(train, c, nominal, a, nt, dist):
    """Eight attributes of one kind in one pass over ``dist``, their terms added in attribute order
    (the order of Weka's sum, so every distance is bit-identical to one attribute at a time). Written
    out because the compiler does not unroll a loop whose length it cannot see; one pass instead of
    eight is what saves the memory traffic. :func:`_add_run4` is the same for four."""
    r0, r1, r2, r3 = train[c], train[c + 1], train[c + 2], train[c + 3]
    r4, r5, r6, r7 = train[c + 4], train[c + 5], train[c + 6], train[c + 7]
    a0, a1, a2, a3, a4, a5, a6, a7 = a[c], a[c + 1], a[c + 2], a[c + 3], a[c + 4], a[c + 5], a[c + 6], a[c + 7]
    if nominal:
        for j in range(nt):
            s = dist[j]
            s += 1.0 if a0 != r0[j] else 0.0
            s += 1.0 if a1 != r1[j] else 0.0
            s += 1.0 if a2 != r2[j] else 0.0
            s += 1.0 if a3 != r3[j] else 0.0
            s += 1.0 if a4 != r4[j] else 0.0
            s += 1.0 if a5 != r5[j] else 0.0
            s += 1.0 if a6 != r6[j] else 0.0
            s += 1.0 if a7 != r7[j] else 0.0
            dist[j] = s
        return
    for j in range(nt):
        s = dist[j]
        d = a0 - r0[j]
        s += d * d
        d = a1 - r1[j]
        s += d * d
        d = a2 - r2[j]
        s += d * d
        d = a3 - r3[j]
        s += d * d
        d = a4 - r4[j]
        s += d * d
        d = a5 - r5[j]
        s += d * d
        d = a6 - r6[j]
        s += d * d
        d = a7 - r7[j]
        s += d * d
        dist[j] = s


@njit(cache=True)
def _add_run4(train, c, nominal, a, nt, dist):
    r0, r1, r2, r3 = train[c], train[c + 1], train[c + 2], train[c + 3]
    a0, a1, a2, a3 = a[c], a[c + 1], a[c + 2], a[c + 3]
    if nominal:
        for j in range(nt):
            s = dist[j]
            s += 1.0 if a0 != r0[j] else 0.0
            s += 1.0 if a1 != r1[j] else 0.0
            s += 1.0 if a2 != r2[j] else 0.0
            s += 1.0 if a3 != r3[j] else 0.0
            dist[j] = s
        return
    for j in range(nt):
        s = dist[j]
        d = a0 - r0[j]
        s += d * d
        d = a1 - r1[j]
        s += d * d
        d = a2 - r2[j]
        s += d * d
        d = a3 - r3[j]
        s += d * d
        dist[j] = s


@njit(cache=True)
def _minimum(x, nt):
    """Minimum of ``x[:nt]`` (nt >= 1) over eight running minima: the compiler vectorises it
    (a single running minimum of doubles it does not, without fast-math), about 3x faster."""
    s0 = s1 = s2 = s3 = s4 = s5 = s6 = s7 = x[0]
    j = 0
    while j + 8 <= nt:
        s0 = min(s0, x[j])
        s1 = min(s1, x[j + 1])
        s2 = min(s2, x[j + 2])
        s3 = min(s3, x[j + 3])
        s4 = min(s4, x[j + 4])
        s5 = min(s5, x[j + 5])
        s6 = min(s6, x[j + 6])
        s7 = min(s7, x[j + 7])
        j += 8
    while j < nt:
        s0 = min(s0, x[j])
        j += 1
    return min(min(min(s0, s1), min(s2, s3)), min(min(s4, s5), min(s6, s7)))


@njit(cache=True)
def _tied_prediction(dist, nt, thr, rule, y_train, key_train, votes):
    """The tie rule's prediction among the training rows with ``dist <= thr``: "first" (0) the
    first of them, "vote" (1) the majority (ties to the lowest class), "shuffled" (2) the one of
    smallest key."""
    if rule == 0:
        for j in range(nt):
            if dist[j] <= thr:
                return y_train[j]
        return -1
    if rule == 2:
        best = np.iinfo(np.int64).max
        pred = -1
        for j in range(nt):
            if dist[j] <= thr and key_train[j] < best:
                best = key_train[j]
                pred = y_train[j]
        return pred
    votes[:] = 0
    for j in range(nt):
        if dist[j] <= thr:
            votes[y_train[j]] += 1
    pred = 0
    for c in range(1, votes.shape[0]):
        if votes[c] > votes[pred]:
            pred = c
    return pred


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


def nn1_cv_errors(
    X,
    y,
    folds,
    spec: AttributeSpec,
    *,
    perms=None,
    idx=None,
    n_classes: int | None = None,
    tie_rule: str = "first",
    tie_keys=None,
    batch: int = 50,
) -> np.ndarray:
    """Weka's IB1 CV errors in the engines' shared contract (as ``lib.models.c45.j48_cv_errors`` and
    ``lib.models.smo.smo_cv_errors``), with the engine each case runs fastest in: Test 1 (``perms``)
    on the distances of :func:`nn1.ibk_sqdist_fn`; Test 2 (``idx``) on all-nominal data by exact
    match counts (:func:`nn1_cv_wrong` on :func:`row_bitsets`), otherwise in one compiled pass per
    test row (:func:`nn1_cv_errors_test2`).

    ``folds`` ``(k, n)``; ``tie_rule``, ``tie_keys`` (a ``nn1.TieKeys`` spanning the ``k`` data sets,
    or None) as :func:`nn1_cv_errors_test1`; ``batch``: Test 2 data sets held at once.
    """
    if (perms is None) == (idx is None):
        raise ValueError("give perms (Test 1) or idx (Test 2), not both")
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=np.intp)
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    ranges = nn1.weka_ranges(X, spec)
    nn1.check_tie_rule(tie_rule, 0)
    if perms is not None:
        return np.asarray(
            nn1_cv_errors_test1(
                nn1.ibk_sqdist_fn(X, spec, ranges), y, folds, perms, n_classes=C, tie_rule=tie_rule, tie_keys=tie_keys
            )
        )
    idx = np.asarray(idx)
    k, n = idx.shape[0], len(y)
    if all(v > 0 for v in spec.n_values):  # all nominal: exact integer match counts
        columns = np.arange(X.shape[1])
        return np.concatenate(
            [
                nn1_cv_wrong(
                    row_bitsets(X[idx[s : s + batch], columns], spec.n_values),  # the randomised data sets
                    y,
                    folds[s : s + batch],
                    n_classes=C,
                    tie_rule=tie_rule,
                    tie_keys=None if tie_keys is None else tie_keys.block(s, min(k, s + batch)),
                )
                / n
                for s in range(0, k, batch)
            ]
        )
    return nn1_cv_errors_test2(
        X, y, folds, idx, spec, ranges=ranges, n_classes=C, tie_rule=tie_rule, tie_keys=tie_keys, batch=batch
    )
